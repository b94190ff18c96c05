use super::*;
use crate::schema::{ColumnType, Field};
use crate::table::Cell;

/// Every column type, nulls, extreme values and awkward text.
pub(crate) fn sample_table() -> Table {
    use ColumnType::*;
    let field = |name: &str, ty, nullable| Field::new(name, ty, nullable);
    let schema = Schema {
        fields: vec![
            field("tiny", Int8, false),
            field("small", Int16, true),
            field("mid", Int32, false),
            field("big id", Int64, true),
            field("x", Float64, true),
            field("ok", Bool, true),
            field("day", Date, false),
            field("at", Timestamp, true),
            field("note", String, true),
            field("carrier", Dictionary, false),
        ],
    };
    let mut t = Table::new(schema, 4);
    t.push_row(&[
        Cell::Int(-128),
        Cell::Int(32767),
        Cell::Int(i64::from(i32::MIN)),
        Cell::Int(i64::MAX),
        Cell::Float(-0.1),
        Cell::Bool(true),
        Cell::Int(15_706),
        Cell::Int(1_357_016_400_000_000),
        Cell::Str("comma, \"quote\"\nnewline"),
        Cell::Str("UA"),
    ])
    .unwrap();
    t.push_row(&[
        Cell::Int(0),
        Cell::Null,
        Cell::Int(0),
        Cell::Null,
        Cell::Null,
        Cell::Null,
        Cell::Int(-1),
        Cell::Null,
        Cell::Null,
        Cell::Str("AA"),
    ])
    .unwrap();
    t.push_row(&[
        Cell::Int(127),
        Cell::Int(-32768),
        Cell::Int(i64::from(i32::MAX)),
        Cell::Int(i64::MIN),
        Cell::Float(1e300),
        Cell::Bool(false),
        Cell::Int(0),
        Cell::Int(1_357_016_400_250_001),
        Cell::Str("ünïcödé ✓"),
        Cell::Str("UA"),
    ])
    .unwrap();
    t
}

#[test]
fn every_candidate_round_trips_every_type_and_null() {
    let table = sample_table();
    for c in convertible() {
        let mut bytes = Vec::new();
        c.encode(&table, &mut bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
        let back = c
            .decode(&bytes, &table.schema)
            .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
        assert_eq!(table.first_difference(&back), None, "{}", c.id());
        assert_eq!(back, table, "{}", c.id());
    }
}

#[test]
fn a_prepared_candidate_writes_the_same_bytes_and_reads_them_back() {
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
    for c in convertible() {
        let mut bytes = Vec::new();
        c.encode(&table, &mut bytes).unwrap();
        for cut in [1, bytes.len() / 2, bytes.len() - 1] {
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

/// Nested JSON columns as `load` types them: canonical text, shape inferred.
fn nested_table() -> Table {
    use crate::nested::{canonical, Shape};
    let rows = [
        (
            r#"{"id": 1, "tags": ["a", "b"], "geo": {"lat": 1.5}}"#,
            Some("[1, 2]"),
        ),
        (r#"{"id": 2, "tags": [], "note": null}"#, None),
        (
            r#"{"id": 3, "geo": {"lat": -0.25, "lon": 2.5}, "any": [1, "x"]}"#,
            Some("[]"),
        ),
    ];
    let parsed: Vec<_> = rows.iter().map(|r| canonical(r.0).unwrap()).collect();
    let shape = parsed
        .iter()
        .fold(Shape::Null, |s, (_, v)| s.merge(Shape::of(v)));
    let mut event = Field::new("event", ColumnType::Json, false);
    event.shape = Some(shape);
    let mut counts = Field::new("counts", ColumnType::Json, true);
    // (a list column is not spread: CSV carries it as JSON text)
    counts.shape = Some(Shape::List(Box::new(Shape::Int)));
    // A nullable object column: present, null, and present but empty.
    let mut maybe = Field::new("maybe", ColumnType::Json, true);
    maybe.shape = Some(Shape::Struct(vec![("a".into(), Shape::Int)]));
    let maybes = [Some(r#"{"a":1}"#), None, Some("{}")];
    let mut t = Table::new(
        Schema {
            fields: vec![event, counts, maybe],
        },
        3,
    );
    for (((text, _), (_, list)), m) in parsed.iter().zip(&rows).zip(maybes) {
        let list = list.map(|l| canonical(l).unwrap().0);
        t.push_row(&[
            Cell::Str(text),
            list.as_deref().map_or(Cell::Null, Cell::Str),
            m.map_or(Cell::Null, Cell::Str),
        ])
        .unwrap();
    }
    t
}

#[test]
fn nested_columns_round_trip_natively_where_the_format_can() {
    let table = nested_table();
    for c in convertible() {
        let mut bytes = Vec::new();
        c.encode(&table, &mut bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
        let back = c
            .decode(&bytes, &table.schema)
            .unwrap_or_else(|e| panic!("{}: {e}", c.id()));
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
                    "event.geo.lat,event.geo.lon,event.id,event.tags,event.any,counts,maybe,maybe.a"
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
    // Arrow's types are the shape's: a struct with a list inside.
    let schema = crate::candidates::columnar::arrow_schema(&table.schema);
    assert_eq!(
        schema.field(0).data_type().to_string(),
        "Struct(\"geo\": Struct(\"lat\": Float64, \"lon\": Float64), \"id\": Int64, \"tags\": List(Utf8), \"any\": List(Utf8))"
    );
}

#[test]
fn every_table_format_of_the_registry_is_a_candidate_named_as_the_registry_says() {
    let formats = encbench_codecs::registry::table_formats();
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
        assert_eq!(super::candidate(format).id(), format.id(), "{}", entry.id);
        assert!(entry.id.starts_with("record/"), "{}", entry.id);
    }
    // Each offered by the record codec of the same encoding.
    let parquet = encbench_codecs::registry::find("record/parquet").unwrap();
    assert_eq!(parquet.table.map(|f| f.id()), Some("parquet"));
    assert_eq!(
        encbench_codecs::registry::find("record/json")
            .unwrap()
            .table,
        None
    );
}
