//! Tables for tests, here and in the crates above: every column type with
//! nulls and extreme values, and nested JSON columns as `load` types them;
//! and the Python those tests read written files back with.

use crate::nested::{canonical, Shape};
use crate::schema::{ColumnType, Field, Schema};
use crate::table::{Cell, Table};

/// One nullable binary column `ip` of fixed size 4, holding `values`
/// (hex; `None` is null) whatever their size, for the writers to check.
pub fn fixed_size_table(values: &[Option<&str>]) -> Table {
    let mut field = Field::new("ip", ColumnType::Binary, true);
    field.width = Some(4);
    let mut table = Table::new(
        Schema {
            fields: vec![field],
        },
        0,
    );
    for v in values {
        let pushed = table.push_row(&[v.map_or(Cell::Null, Cell::Str)]);
        pushed.unwrap_or_else(|e| panic!("{v:?} is not bytes in hex: {e}"));
    }
    table
}

/// Every column type, nulls, extreme values and awkward text.
pub fn sample_table() -> Table {
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

/// Nested JSON columns as `load` types them: canonical text, shape inferred.
pub fn nested_table() -> Table {
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
    // A map (as Arrow, Parquet and Avro files hold them): keys are data.
    let mut attrs = Field::new("attrs", ColumnType::Json, true);
    attrs.shape = Some(Shape::Map(Box::new(Shape::List(Box::new(Shape::Float)))));
    let attrs_values = [Some(r#"{"x y":[1.5],"z":[]}"#), Some("{}"), None];
    let mut t = Table::new(
        Schema {
            fields: vec![event, counts, maybe, attrs],
        },
        3,
    );
    for ((((text, _), (_, list)), m), a) in parsed.iter().zip(&rows).zip(maybes).zip(attrs_values) {
        let list = list.map(|l| canonical(l).unwrap().0);
        t.push_row(&[
            Cell::Str(text),
            list.as_deref().map_or(Cell::Null, Cell::Str),
            m.map_or(Cell::Null, Cell::Str),
            a.map_or(Cell::Null, Cell::Str),
        ])
        .unwrap();
    }
    t
}

/// The Python record worker's environment (pyarrow, fastavro, msgpack,
/// cbor2), which CI builds before the tests; elsewhere, when it is
/// missing, `None` and the test says it was skipped.
pub fn worker_python() -> Option<std::path::PathBuf> {
    let python = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../workers/python/.venv/bin/python");
    if python.is_file() {
        return Some(python);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI builds workers/python/.venv; it is missing"
    );
    eprintln!("skipped: no workers/python/.venv (bash workers/python/build.sh)");
    None
}

/// Runs `script` with `python` in `dir` and returns what it printed; a
/// failing script fails the test with its error. The script leaves through
/// `os._exit` once it has run: pyarrow's C++ thread pools can abort an
/// interpreter's shutdown ("terminate called without an active exception",
/// apache/arrow#34314) after everything was done and checked.
pub fn run_python(python: &std::path::Path, dir: &std::path::Path, script: &str) -> String {
    let whole = format!(
        "{script}\nimport os as _os, sys as _sys\n_sys.stdout.flush()\n_sys.stderr.flush()\n_os._exit(0)\n"
    );
    let out = std::process::Command::new(python)
        .arg("-c")
        .arg(&whole)
        .current_dir(dir)
        .output()
        .expect("the worker's Python runs");
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
