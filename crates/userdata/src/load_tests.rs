use crate::candidates;
use encbench_table::load::*;
use encbench_table::read::csv_header;
use encbench_table::sample::Method;
use encbench_table::schema::ColumnType::*;
use encbench_table::sniff::{Format, FormatHint};
use encbench_table::table::Cell;
use encbench_table::{Error, Schema};
use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};

fn file(text: &str, suffix: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new().suffix(suffix).tempfile().unwrap();
    f.write_all(text.as_bytes()).unwrap();
    f
}

fn options() -> LoadOptions {
    LoadOptions {
        hint: FormatHint::Auto,
        schema: None,
        skip_bad: false,
        sample_limit: None,
        every_row: false,
        json_path: None,
    }
}

pub(crate) fn read(text: &str, suffix: &str) -> Result<Loaded, Error> {
    load(file(text, suffix).path(), &options())
}

/// The error of loading `text`, which must name the file; returned without the path.
fn failure(text: &str, suffix: &str, options: LoadOptions) -> std::string::String {
    let f = file(text, suffix);
    let e = load(f.path(), &options).unwrap_err().to_string();
    let prefix = format!("{}: ", f.path().display());
    match e.strip_prefix(&prefix) {
        Some(rest) => rest.to_string(),
        None => panic!("{e}: does not name {prefix}"),
    }
}

fn types(loaded: &Loaded) -> Vec<(std::string::String, crate::ColumnType, bool)> {
    let f = &loaded.table.schema.fields;
    f.iter()
        .map(|f| (f.name.clone(), f.ty, f.nullable))
        .collect()
}

fn public(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data/public")
        .join(name)
}

#[test]
fn quoted_fields_keep_their_delimiters_quotes_and_newlines() {
    let loaded = read(
        "name,n\n\"a, b\",1\n\"say \"\"hi\"\"\",2\n\"two\nlines\",3\n",
        ".csv",
    )
    .unwrap();
    assert_eq!(loaded.rows, 3);
    let names = &loaded.table.columns[0];
    assert_eq!(names.cell(0), Cell::Str("a, b"));
    assert_eq!(names.cell(1), Cell::Str("say \"hi\""));
    assert_eq!(names.cell(2), Cell::Str("two\nlines"));
    assert_eq!(loaded.table.schema.fields[1].ty, Int8);
}

#[test]
fn tsv_without_a_header_gets_generated_names() {
    let loaded = read("1\tx\t2.5\n2\ty\t\n300\tz\t1\n", ".tsv").unwrap();
    assert_eq!(
        loaded.format,
        Format::Csv {
            delimiter: b'\t',
            header: false
        }
    );
    assert_eq!(
        types(&loaded),
        [
            ("column_1".into(), Int16, false),
            ("column_2".into(), String, false),
            ("column_3".into(), Float64, true)
        ]
    );
    assert_eq!(loaded.rows, 3);
}

#[test]
fn a_row_with_the_wrong_number_of_fields_names_line_column_and_text() {
    let text = "a,b\n1,2\n3,4,5\n6,7\n8\n";
    let e = failure(text, ".csv", options());
    assert_eq!(e, "line 3, field 3: expected 2 fields, found 3: `3,4,5`");
    let loaded = load(
        file(text, ".csv").path(),
        &LoadOptions {
            skip_bad: true,
            ..options()
        },
    )
    .unwrap();
    assert_eq!(
        (loaded.rows, loaded.skipped, loaded.table.rows()),
        (2, 2, 2)
    );
}

#[test]
fn malformed_json_lines_name_line_and_column() {
    let e = failure("{\"a\": 1}\n{\"a\": 2,,}\n", ".jsonl", options());
    assert!(e.starts_with("line 2, column 9: invalid JSON: "), "{e}");
    assert!(e.ends_with("`{\"a\": 2,,}`"), "{e}");
    let e = failure("{\"a\": 1}\n[1, 2]\n", ".jsonl", options());
    assert_eq!(
        e,
        "line 2, column 1: expected a JSON object, found an array: `[1, 2]`"
    );
    let loaded = load(
        file("{\"a\": 1}\nnot json\n\n{\"b\": \"x\"}\n", ".jsonl").path(),
        &LoadOptions {
            skip_bad: true,
            ..options()
        },
    )
    .unwrap();
    assert_eq!((loaded.rows, loaded.skipped), (2, 1));
    assert_eq!(
        types(&loaded),
        [("a".into(), Int8, true), ("b".into(), String, true)]
    );
}

#[test]
fn a_schema_file_overrides_inference_and_its_violations_are_located() {
    let schema = Schema::from_json(
        r#"[{"name": "id", "type": "string"}, {"name": "n", "type": "int32", "nullable": true}]"#,
    )
    .unwrap();
    let with = |text: &str| {
        load(
            file(text, ".csv").path(),
            &LoadOptions {
                schema: Some(schema.clone()),
                ..options()
            },
        )
    };
    let loaded = with("id,n\n007,1\n008,\n").unwrap();
    assert!(!loaded.inferred);
    assert_eq!(loaded.table.columns[0].cell(0), Cell::Str("007"));
    assert_eq!(loaded.table.columns[1].cell(1), Cell::Null);
    let e = failure(
        "id,n\n1,2\n2,x\n",
        ".csv",
        LoadOptions {
            schema: Some(schema.clone()),
            ..options()
        },
    );
    assert_eq!(e, "line 3, field 2: column 'n': 'x' is not an int32: `x`");
    // A JSON key has no field number: the message names it.
    let e = failure(
        "{\"id\": \"1\", \"n\": 2}\n{\"id\": \"2\", \"n\": \"x\"}\n",
        ".jsonl",
        LoadOptions {
            schema: Some(schema.clone()),
            ..options()
        },
    );
    assert_eq!(e, "line 2: column 'n': 'x' is not an int32: `x`");
    let e = with("a,b,c\n1,2,3\n").unwrap_err().to_string();
    assert_eq!(e, "schema: the schema names 2 columns, the file has 3");
    let e = Schema::from_json(r#"[{"name": "x", "type": "money"}]"#)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("schema: unknown variant `money`, expected one of `int8`"),
        "{e}"
    );
    assert!(e.contains(" at line 1 column 30 "), "{e}");
    // A decimal says its digits.
    let e = Schema::from_json(r#"[{"name": "x", "type": "decimal"}]"#)
        .unwrap_err()
        .to_string();
    assert!(e.contains("give \"decimal\": [precision, scale]"), "{e}");
    let ok =
        Schema::from_json(r#"[{"name": "x", "type": "decimal", "decimal": [10, 2]}]"#).unwrap();
    assert_eq!(ok.fields[0].type_text(), "decimal(10, 2)");
    // A fixed size is for bytes, of one byte or more.
    for wrong in [
        r#"[{"name": "x", "type": "int32", "width": 4}]"#,
        r#"[{"name": "x", "type": "binary", "width": 0}]"#,
        r#"[{"name": "x", "type": "binary", "width": 3000000000}]"#,
    ] {
        let e = Schema::from_json(wrong).unwrap_err().to_string();
        assert!(e.contains("column 'x': \"width\""), "{e}");
    }
    let ok = Schema::from_json(r#"[{"name": "x", "type": "binary", "width": 4}]"#).unwrap();
    assert_eq!(ok.fields[0].type_text(), "binary(4)");
    // Its values are read as that many bytes, or refused where they are not.
    let fixed = LoadOptions {
        schema: Some(ok),
        ..options()
    };
    let loaded = load(file("x\n0a000001\n", ".csv").path(), &fixed).unwrap();
    assert_eq!(loaded.table.columns[0].cell(0), Cell::Str("0a000001"));
    let two = Schema::from_json(
        r#"[{"name": "id", "type": "int32"}, {"name": "x", "type": "binary", "width": 4}]"#,
    )
    .unwrap();
    let e = failure(
        "id,x\n1,0a000001\n2,\n",
        ".csv",
        LoadOptions {
            schema: Some(two),
            ..options()
        },
    );
    assert_eq!(
        e,
        "line 3, field 2: column 'x': empty, but the column is not nullable: ``"
    );
    let e = failure("x\n0a000001\n0a00\n", ".csv", fixed);
    assert_eq!(
        e,
        "line 3, field 1: column 'x': '0a00' is not 4 bytes in hex (the column's fixed size): `0a00`"
    );
}

/// Rows with quoted commas and newlines; each row is a function of its id.
fn quoted_rows(n: usize) -> std::string::String {
    let mut text = "id,note,k\n".to_string();
    for i in 0..n {
        text.push_str(&format!(
            "{i},\"note {i}, \"\"q\"\"\nline two of {i}\",{}\n",
            i % 7
        ));
    }
    text
}

/// Every row of `loaded` is a whole row of [`quoted_rows`], ids increasing.
fn assert_whole_rows(loaded: &Loaded) {
    let t = &loaded.table;
    let mut last = -1;
    for r in 0..t.rows() {
        let Cell::Int(id) = t.columns[0].cell(r) else {
            panic!("row {r}: id {:?}", t.columns[0].cell(r))
        };
        assert!(id > last, "file order");
        last = id;
        let note = format!("note {id}, \"q\"\nline two of {id}");
        assert_eq!(t.columns[1].cell(r), Cell::Str(&note));
        assert_eq!(t.columns[2].cell(r), Cell::Int(id % 7));
    }
}

#[test]
fn large_text_is_sampled_by_seeking_runs_of_whole_rows() {
    let text = quoted_rows(5000);
    let f = file(&text, ".csv");
    let sampled = |limit, every_row| {
        load(
            f.path(),
            &LoadOptions {
                sample_limit: Some(limit),
                every_row,
                ..options()
            },
        )
        .unwrap()
    };
    let a = sampled(20_000, false);
    assert!(a.sampled);
    assert!(
        matches!(
            a.method,
            Method::Seek {
                runs: 16,
                skipped: 0
            }
        ),
        "{:?}",
        a.method
    );
    // Runs start mid-row, often inside the quoted note: only whole rows come out.
    assert_whole_rows(&a);
    assert!((16..text.len() / 20_000 * 5000).contains(&a.table.rows()));
    assert!(!a.rows_exact);
    assert!((4500..5500).contains(&a.rows), "estimate {}", a.rows);
    // The same rows every time.
    assert_eq!(sampled(20_000, false).table, a.table);
    // The original text of the sample parses to the same table.
    let original = &candidates::all(a.format)[0];
    let back = original.decode(&a.original, &a.table.schema).unwrap();
    assert_eq!(a.table.first_difference(&back), None);
    // --full: every row inferred and counted.
    let full = sampled(20_000, true);
    assert!(full.rows_exact && full.schema_every_row);
    assert_eq!(full.rows, 5000);
    assert!(!sampled(10_000_000, false).sampled);
}

#[test]
fn compressed_large_text_is_sampled_by_a_reservoir() {
    let text = quoted_rows(5000);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(text.as_bytes()).unwrap();
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(&gz.finish().unwrap()).unwrap();
    let options = LoadOptions {
        sample_limit: Some(20_000),
        ..options()
    };
    let a = load(f.path(), &options).unwrap();
    assert_eq!(a.method, Method::Reservoir { records: 5000 });
    assert!(a.rows_exact);
    assert_eq!(a.rows, 5000);
    assert_whole_rows(&a);
    assert_eq!(load(f.path(), &options).unwrap().table, a.table);
}

#[test]
fn plain_lines_are_one_text_column() {
    let f = file("GET /a 200\n\nGET /b, 404\n", "access.log");
    let loaded = load(
        f.path(),
        &LoadOptions {
            hint: FormatHint::Lines,
            ..options()
        },
    )
    .unwrap();
    assert_eq!(types(&loaded), [("line".into(), String, false)]);
    assert_eq!(loaded.table.rows(), 3);
    assert_eq!(loaded.table.columns[0].cell(1), Cell::Str(""));
}

#[test]
fn compressed_input_reads_like_the_plain_file() {
    let text = std::fs::read(public("iowa-electricity.csv")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(&text).unwrap();
    let mut f = tempfile::NamedTempFile::new().unwrap();
    f.write_all(&gz.finish().unwrap()).unwrap();
    let packed = load(f.path(), &options()).unwrap();
    let plain = load(&public("iowa-electricity.csv"), &options()).unwrap();
    assert_eq!(packed.compression, Some("gzip"));
    assert_eq!(packed.table, plain.table);
}

#[test]
fn public_csv_files_get_the_expected_schemas() {
    let weather = load(&public("seattle-weather.csv"), &options()).unwrap();
    assert_eq!(weather.rows, 1461);
    assert_eq!(
        types(&weather),
        [
            ("date".into(), String, false), // 2012/01/01: slashes are not ISO dates
            ("precipitation".into(), Float64, false),
            ("temp_max".into(), Float64, false),
            ("temp_min".into(), Float64, false),
            ("wind".into(), Float64, false),
            ("weather".into(), Dictionary, false),
        ]
    );
    let iowa = load(&public("iowa-electricity.csv"), &options()).unwrap();
    assert_eq!(
        types(&iowa),
        [
            ("year".into(), Date, false),
            ("source".into(), Dictionary, false),
            ("net_generation".into(), Int32, false),
        ]
    );
    let jobs = load(&public("us-employment.csv"), &options()).unwrap();
    assert_eq!(jobs.rows, 120);
    assert_eq!(jobs.table.schema.fields[0].ty, Date);
}

#[test]
fn public_json_lines_file_gets_the_expected_schema() {
    let iris = load(&public("iris.jsonl"), &options()).unwrap();
    assert_eq!(iris.format, Format::JsonLines);
    assert_eq!(iris.rows, 150);
    let species = iris
        .table
        .schema
        .fields
        .iter()
        .find(|f| f.name == "species")
        .unwrap();
    assert_eq!(species.ty, Dictionary);
    assert!(iris
        .table
        .schema
        .fields
        .iter()
        .filter(|f| f.name != "species")
        .all(|f| f.ty == Float64 && !f.nullable));
}

#[test]
fn every_candidate_round_trips_the_public_files() {
    for name in [
        "seattle-weather.csv",
        "us-employment.csv",
        "iowa-electricity.csv",
        "iris.jsonl",
    ] {
        let loaded = load(&public(name), &options()).unwrap();
        for c in candidates::all(loaded.format) {
            let mut bytes = Vec::new();
            if c.encodes() {
                c.encode(&loaded.table, &mut bytes).unwrap();
            } else {
                bytes = loaded.original.clone();
            }
            let back = c.decode(&bytes, &loaded.table.schema).unwrap();
            assert_eq!(
                loaded.table.first_difference(&back),
                None,
                "{name} {}",
                c.id()
            );
        }
    }
}

#[test]
fn repeated_header_names_are_made_unique_in_linear_time() {
    let (names, _) = csv_header("a,a,a_2,a,\n1,2,3,4,5\n", b',', true);
    assert_eq!(names, ["a", "a_2", "a_2_2", "a_3", "column_5"]);
    // 10 000 copies of one name: a quadratic-per-name search would not finish.
    let header = vec!["a"; 10_000].join(",");
    let (names, _) = csv_header(&format!("{header}\n"), b',', true);
    assert_eq!(names.len(), 10_000);
    assert_eq!(names[9_999], "a_10000");
    let distinct: HashSet<&std::string::String> = names.iter().collect();
    assert_eq!(distinct.len(), 10_000);
}

#[test]
fn json_lines_with_too_many_keys_fail_naming_the_line() {
    use encbench_table::read::MAX_COLUMNS;
    // One new key per line: without a cap the table would be rows × rows cells.
    let text: std::string::String = (0..MAX_COLUMNS + 10)
        .map(|i| format!("{{\"k{i}\": {i}}}\n"))
        .collect();
    let e = failure(&text, ".jsonl", options());
    assert_eq!(
        e,
        format!(
            "line {}: more than 4096 distinct keys in the file; encbench file reads at most 4096 columns: `{{\"k4096\": 4096}}`",
            MAX_COLUMNS + 1
        )
    );
    // 200 000 keys on one line are found by hashing, not by scanning.
    let keys: Vec<std::string::String> = (0..200_000).map(|i| format!("\"k{i}\": {i}")).collect();
    let e = failure(&format!("{{{}}}\n", keys.join(", ")), ".jsonl", options());
    assert!(e.starts_with("line 1: more than 4096 distinct keys"), "{e}");
    // Up to the cap is fine, and a repeated key keeps its last value.
    let keys: Vec<std::string::String> =
        (0..MAX_COLUMNS).map(|i| format!("\"k{i}\": {i}")).collect();
    let line = format!("{{{}, \"k0\": 7}}\n", keys.join(", "));
    let loaded = read(&format!("{line}{line}"), ".jsonl").unwrap();
    assert_eq!(loaded.table.schema.fields.len(), MAX_COLUMNS);
    assert_eq!(loaded.rows, 2);
    assert_eq!(loaded.table.columns[0].cell(1), Cell::Int(7));
}

#[test]
fn json_lines_keys_in_any_order_land_in_their_columns() {
    // Same order, another order, a repeated key (the last wins), a new key.
    let text = concat!(
        "{\"a\": 1, \"b\": \"x\"}\n",
        "{\"b\": \"y\", \"a\": 2}\n",
        "{\"a\": 3, \"b\": \"z\", \"a\": 4}\n",
        "{\"c\": true, \"a\": 5}\n",
    );
    let loaded = read(text, ".jsonl").unwrap();
    let names: Vec<&str> = loaded
        .table
        .schema
        .fields
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(names, ["a", "b", "c"]);
    let column = |i: usize| -> Vec<Cell<'_>> {
        (0..4)
            .map(|row| loaded.table.columns[i].cell(row))
            .collect()
    };
    assert_eq!(
        column(0),
        [Cell::Int(1), Cell::Int(2), Cell::Int(4), Cell::Int(5)]
    );
    assert_eq!(
        column(1),
        [Cell::Str("x"), Cell::Str("y"), Cell::Str("z"), Cell::Null]
    );
    assert_eq!(
        column(2),
        [Cell::Null, Cell::Null, Cell::Null, Cell::Bool(true)]
    );
}

#[test]
fn quoted_rows_longer_than_a_run_are_sampled_by_streaming_whole_and_once() {
    // Each blob's lines look like rows of two fields: a stride landing inside
    // one could not see the closing quote, so the head sends this to the reservoir.
    let mut text = "id,blob\n".to_string();
    for i in 0..12 {
        text.push_str(&format!("{i},\"{}\"\n", "x,\n".repeat(300_000)));
    }
    let f = file(&text, ".csv");
    let loaded = load(
        f.path(),
        &LoadOptions {
            sample_limit: Some(100_000),
            ..options()
        },
    )
    .unwrap();
    assert!(matches!(loaded.method, Method::Reservoir { records: 12 }));
    let t = &loaded.table;
    assert!(t.rows() >= 1);
    let mut last = -1;
    for r in 0..t.rows() {
        let Cell::Int(id) = t.columns[0].cell(r) else {
            panic!("row {r}: {:?}", t.columns[0].cell(r))
        };
        assert!(id > last, "each row once, in file order");
        last = id;
        let Cell::Str(blob) = t.columns[1].cell(r) else {
            panic!("row {r}: {:?}", t.columns[1].cell(r))
        };
        assert_eq!(blob.len(), 900_000);
    }
}
