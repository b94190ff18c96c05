use super::*;
use encbench_table::binary_input::{decode, read, sniff, Kind};
use encbench_table::schema::{ColumnType, Field};
use encbench_table::table::Cell;
use encbench_table::testing::{nested_table, sample_table};
use std::path::Path;

/// `table` through `c`: its bytes and what they decode to (a failure names the codec).
fn round_trip(c: &dyn TableCodec, table: &Table) -> (Vec<u8>, Table) {
    let mut bytes = Vec::new();
    c.encode(table, &mut bytes)
        .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
    let back = c
        .decode(&bytes, &table.schema)
        .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
    (bytes, back)
}

#[test]
fn every_table_codec_round_trips_every_type_and_null() {
    let table = sample_table();
    for c in convertible() {
        let (_, back) = round_trip(c.as_ref(), &table);
        assert_eq!(table.first_difference(&back), None, "{}", c.id());
        assert_eq!(back, table, "{}", c.id());
    }
}

/// Times of day, spans, bytes and UUIDs, present, empty and null.
fn typed_leaves_table() -> Table {
    use ColumnType::*;
    let schema = Schema {
        fields: vec![
            Field::new("tm", Time, true),
            Field::new("span", Duration, false),
            Field::new("raw", Binary, true),
            Field::new("bytes", Binary, false),
            Field::new("id", Uuid, true),
        ],
    };
    let mut t = Table::new(schema, 3);
    let uuid = "00112233-4455-6677-8899-aabbccddeeff";
    for row in [
        [
            Cell::Int(86_399_999_999),
            Cell::Int(-1),
            Cell::Str("00ff"),
            Cell::Str(""),
            Cell::Str(uuid),
        ],
        [
            Cell::Null,
            Cell::Int(i64::MAX),
            Cell::Null,
            Cell::Str("0a"),
            Cell::Null,
        ],
        [
            Cell::Int(0),
            Cell::Int(90_061_000_001),
            Cell::Str(""),
            Cell::Str("ff00"),
            Cell::Str(uuid),
        ],
    ] {
        t.push_row(&row).unwrap();
    }
    t
}

#[test]
fn every_table_codec_round_trips_times_spans_bytes_and_uuids() {
    let table = typed_leaves_table();
    for c in convertible() {
        let (bytes, back) = round_trip(c.as_ref(), &table);
        // CSV reads an empty text of a nullable column back as null (a
        // declared loss); every other value comes back.
        let want = match c.non_finite().nulled(&table).unwrap() {
            Some((back, _)) => back,
            None => table.clone(),
        };
        assert_eq!(want.first_difference(&back), None, "{}", c.id());
        // Formats with bytes hold bytes, not their hex.
        if matches!(
            c.id(),
            "msgpack" | "cbor" | "postcard" | "bincode" | "protobuf" | "avro"
        ) {
            assert!(
                bytes.windows(2).any(|w| w == [0xff, 0x00]),
                "{}: the bytes ff 00",
                c.id()
            );
            assert!(
                !bytes.windows(4).any(|w| w == b"ff00"),
                "{}: not their hex",
                c.id()
            );
        }
    }
}

#[test]
fn text_where_bytes_or_a_uuid_belong_is_refused_by_the_row_formats() {
    use ColumnType::*;
    let text = Schema {
        fields: vec![Field::new("v", String, false)],
    };
    // Self-describing formats tell text from bytes; protobuf, postcard and
    // bincode spell both alike, so only the UUID's form is checked there.
    let describing = ["msgpack", "cbor"].as_slice();
    let all = ["msgpack", "cbor", "postcard", "bincode", "protobuf"].as_slice();
    for (ty, value, formats) in [(Binary, "00ff", describing), (Uuid, "not-a-uuid", all)] {
        let mut t = Table::new(text.clone(), 1);
        t.push_row(&[Cell::Str(value)]).unwrap();
        let typed = Schema {
            fields: vec![Field::new("v", ty, false)],
        };
        for c in convertible() {
            if !formats.contains(&c.id()) {
                continue;
            }
            let mut bytes = Vec::new();
            c.encode(&t, &mut bytes).unwrap();
            let e = c.decode(&bytes, &typed).expect_err(c.id());
            assert!(!e.to_string().is_empty(), "{}", c.id());
        }
    }
}

#[test]
fn a_prepared_table_codec_writes_the_same_bytes_and_reads_them_back() {
    let table = sample_table();
    for c in convertible() {
        let ready = c.prepare(&table.schema).unwrap();
        let (mut plain, mut prepared) = (Vec::new(), Vec::new());
        c.encode(&table, &mut plain).unwrap();
        ready.encode(&table, &mut prepared).unwrap();
        // Avro's container file has a random sync marker; the rest compare as bytes.
        if c.id() != "avro" {
            assert_eq!(plain, prepared, "{}", c.id());
        }
        let back = ready.decode(&prepared).unwrap();
        assert_eq!(table.first_difference(&back), None, "{}", c.id());
    }
}

#[test]
fn an_empty_table_round_trips() {
    let table = Table::new(sample_table().schema, 0);
    for c in convertible() {
        let mut bytes = Vec::new();
        c.encode(&table, &mut bytes).unwrap();
        let back = c.decode(&bytes, &table.schema).unwrap();
        assert_eq!(back.rows(), 0, "{}", c.id());
    }
}

#[test]
fn truncated_or_foreign_bytes_are_errors_not_panics() {
    let table = sample_table();
    for table in [&table, &typed_leaves_table()] {
        for c in convertible() {
            let mut bytes = Vec::new();
            c.encode(table, &mut bytes).unwrap();
            for cut in 1..bytes.len() {
                let outcome = c.decode(&bytes[..cut], &table.schema);
                // Text formats may parse a prefix as fewer rows; it must never equal the table.
                if let Ok(back) = outcome {
                    let only_line_end_lost = bytes[cut..].iter().all(u8::is_ascii_whitespace);
                    assert!(
                        only_line_end_lost || table.first_difference(&back).is_some(),
                        "{} cut at {cut}",
                        c.id()
                    );
                }
            }
            // Any one byte changed: an answer or an error, never a panic.
            for at in 0..bytes.len() {
                let mut hostile = bytes.clone();
                hostile[at] ^= 0xa5;
                let _ = c.decode(&hostile, &table.schema);
            }
        }
    }
    let e = by_id("parquet")
        .unwrap()
        .decode(b"not parquet", &table.schema)
        .unwrap_err();
    assert!(e.to_string().starts_with("parquet: "), "{e}");
}

#[test]
fn names_become_unique_identifiers() {
    let schema = Schema {
        fields: ["big id", "9lives", "big_id", ""]
            .iter()
            .map(|n| Field::new(n.to_string(), ColumnType::String, false))
            .collect(),
    };
    assert_eq!(identifiers(&schema), ["big_id", "_9lives", "big_id_3", "_"]);
}

#[test]
fn nested_columns_round_trip_natively_where_the_format_can() {
    let table = nested_table();
    for c in convertible() {
        let (bytes, back) = round_trip(c.as_ref(), &table);
        assert_eq!(table.first_difference(&back), None, "{}", c.id());
        // A format carrying nesting natively holds no JSON text of the objects.
        // (CSV doubles the quotes inside a quoted field.)
        let text_inside = bytes.windows(6).any(|w| w == br#"{"geo""#)
            || bytes.windows(8).any(|w| w == b"{\"\"geo\"\"");
        match c.id() {
            "jsonl" => assert!(text_inside, "JSON Lines writes the object itself"),
            "msgpack" | "cbor" | "arrow" | "parquet" | "avro" | "protobuf" => {
                assert!(c.nests_natively());
                assert!(!text_inside, "{} stored JSON text", c.id());
            }
            "csv" => {
                assert!(c.flattens_nesting() && !text_inside);
                let header = String::from_utf8_lossy(&bytes)
                    .lines()
                    .next()
                    .unwrap()
                    .to_string();
                assert_eq!(
                    header,
                    "event.geo.lat,event.geo.lon,event.id,event.tags,event.any,counts,maybe,maybe.a,attrs"
                );
            }
            other => {
                assert!(!c.nests_natively());
                assert!(
                    text_inside,
                    "{other} should carry the JSON text: {}",
                    String::from_utf8_lossy(&bytes)
                );
            }
        }
    }
    // Arrow's types are the shape's: a struct with a list inside, and a map.
    let schema = encbench_table::arrow::arrow_schema(&table.schema);
    assert!(
        matches!(
            schema.field(3).data_type(),
            arrow_schema::DataType::Map(_, false)
        ),
        "{}",
        schema.field(3).data_type()
    );
    assert_eq!(
        schema.field(0).data_type().to_string(),
        "Struct(\"geo\": Struct(\"lat\": Float64, \"lon\": Float64), \"id\": Int64, \"tags\": List(Utf8), \"any\": Utf8)"
    );
}

/// The module a type is declared in: its path without generics or name.
fn module_of(type_name: &str) -> &str {
    let path = type_name.split('<').next().unwrap_or(type_name);
    path.rsplit_once("::").map_or(path, |(module, _)| module)
}

#[test]
fn each_table_codec_sits_beside_the_typed_codec_of_its_registry_entry() {
    let typed = crate::registry::record_codecs::<crate::records::Telemetry>();
    for (format, info) in crate::registry::table_formats() {
        let entry = typed.iter().find(|e| e.info.id == info.id).unwrap();
        let record_codec = (entry.build.unwrap())();
        let table_codec = codec(format).unwrap();
        let home = module_of(record_codec.rust_type());
        // In the typed codec's file (its `over_tables` module, or the
        // macro's items in the file itself) or in its format's folder.
        let module = module_of(table_codec.rust_type());
        assert!(
            module == home || module.starts_with(&format!("{home}::")),
            "{}: table codec {} is not beside {}",
            info.id,
            table_codec.rust_type(),
            record_codec.rust_type()
        );
    }
}

#[test]
fn every_table_format_of_the_registry_is_a_table_codec_named_as_the_registry_says() {
    let formats = crate::registry::table_formats();
    let ids: Vec<&str> = convertible().iter().map(|c| c.id()).collect();
    // The order `file` measures, prints and `--convert` lists them in.
    assert_eq!(
        ids,
        [
            "csv", "jsonl", "msgpack", "cbor", "avro", "protobuf", "postcard", "bincode", "arrow",
            "parquet"
        ]
    );
    for (format, entry) in formats {
        assert_eq!(
            super::codec(format).unwrap().id(),
            format.id(),
            "{}",
            entry.id
        );
        assert!(entry.id.starts_with("record/"), "{}", entry.id);
    }
    // Each offered by the record codec of the same encoding.
    let parquet = crate::registry::find("record/parquet").unwrap();
    assert_eq!(parquet.table.map(|f| f.id()), Some("parquet"));
    assert_eq!(crate::registry::find("record/json").unwrap().table, None);
}

/// `table` written as `format` by its table codec, in a file (user Arrow,
/// Parquet and Avro files are read by `encbench_table::binary_input`).
fn written(dir: &Path, format: &str, table: &Table) -> std::path::PathBuf {
    let mut bytes = Vec::new();
    by_id(format).unwrap().encode(table, &mut bytes).unwrap();
    let path = dir.join(format!("t.{format}"));
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn parquet_and_arrow_files_read_back_every_value_with_their_types() {
    let dir = tempfile::tempdir().unwrap();
    let table = sample_table();
    for (format, kind) in [
        ("parquet", Kind::Parquet),
        ("arrow", Kind::ArrowFile),
        ("avro", Kind::Avro),
    ] {
        let path = written(dir.path(), format, &table);
        assert_eq!(sniff(&path), Some(kind));
        let read = read(&path, kind, u64::MAX).unwrap();
        assert!(read.whole && read.rows_exact, "{format}");
        assert_eq!(read.rows, table.rows());
        assert_eq!(table.first_difference(&read.table), None, "{format}");
        // Avro has no 8- or 16-bit integers and no dictionaries: those widen.
        if kind != Kind::Avro {
            let types: Vec<_> = read.table.schema.fields.iter().map(|f| f.ty).collect();
            let expected: Vec<_> = table.schema.fields.iter().map(|f| f.ty).collect();
            assert_eq!(types, expected, "{format}");
        }
        // The original row decodes the same bytes the same way.
        let whole = decode(kind, &std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(table.first_difference(&whole), None);
    }
}

#[test]
fn a_corrupt_parquet_file_is_an_error_not_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let table = sample_table();
    let path = written(dir.path(), "parquet", &table);
    let good = std::fs::read(&path).unwrap();
    // Flip bits through the pages and the footer, one file each.
    for at in (4..good.len() - 8).step_by(7) {
        let mut bad = good.clone();
        bad[at] ^= 0x5a;
        std::fs::write(&path, &bad).unwrap();
        match read(&path, Kind::Parquet, u64::MAX) {
            Ok(_) => {}
            Err(e) => assert!(
                e.to_string().contains("cannot read this Parquet file"),
                "{e}"
            ),
        }
        let _ = decode(Kind::Parquet, &bad);
    }
}

/// A column written under another name, every value null so that the
/// values alone agree: refused on read by every format whose files name
/// their columns (Avro's renames are its own, see `avro::tests`), and the
/// error names the column. Formats that name no column (the binary row
/// formats) have nothing to compare.
#[test]
fn a_column_written_under_another_name_is_refused_where_the_file_names_columns() {
    let table_named = |name: &str| {
        let schema = Schema {
            fields: vec![
                Field::new("a", ColumnType::Int64, false),
                Field::new(name, ColumnType::String, true),
            ],
        };
        let mut t = Table::new(schema, 2);
        t.push_row(&[Cell::Int(1), Cell::Null]).unwrap();
        t.push_row(&[Cell::Int(2), Cell::Null]).unwrap();
        t
    };
    let (ours, other) = (table_named("n"), table_named("m"));
    for c in convertible() {
        let mut bytes = Vec::new();
        c.encode(&other, &mut bytes).unwrap();
        let read = c.decode(&bytes, &ours.schema);
        match c.id() {
            "csv" | "jsonl" | "arrow" | "parquet" | "avro" => {
                let error = read.err().map(|e| e.to_string()).unwrap_or_default();
                assert!(
                    error.contains("'m'") && error.contains("'n'")
                        || error.contains("keys the schema does not name: m"),
                    "{}: {error}",
                    c.id()
                );
            }
            _ => {}
        }
    }
}
