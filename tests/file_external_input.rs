//! ORC, Vortex and Lance as inputs of `encbench file`: read by their own
//! libraries in the engines worker (workers/python/.venv, which CI builds)
//! into an Arrow copy that is measured, converted from and then removed;
//! the input itself timed by the engines that read its format.

mod common;

use common::{encbench, run_python, written_by_python, TINY};
use predicates::prelude::*;
use serde_json::Value;
use std::path::Path;

/// One table, written as ORC, Vortex and Lance by their libraries: ints
/// with a null, floats, text, a timestamp.
const WRITE_ALL: &str = r#"
import datetime as dt
import pyarrow as pa, pyarrow.orc as orc, vortex, vortex.io, lance
n = 300
t = pa.table({
    "id": pa.array(list(range(n)), pa.int64()),
    "score": pa.array([None if i % 17 == 0 else i * 0.5 for i in range(n)], pa.float64()),
    "name": pa.array(["n%d" % (i % 13) for i in range(n)]),
    "at": pa.array([dt.datetime(2024, 1, 1) + dt.timedelta(minutes=i) for i in range(n)], pa.timestamp("us")),
})
orc.write_table(t, "t.orc")
vortex.io.write(t, "t.vortex")
lance.write_dataset(t, "t.lance")
"#;

/// Every file under `dir`, with its size and modification time.
fn listing(dir: &Path) -> Vec<(String, u64, std::time::SystemTime)> {
    let mut out = Vec::new();
    for entry in walk(dir) {
        let meta = std::fs::metadata(&entry).unwrap();
        out.push((
            entry.display().to_string(),
            meta.len(),
            meta.modified().unwrap(),
        ));
    }
    out.sort();
    out
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn orc_vortex_and_lance_inputs_are_measured_through_their_readers() {
    let Some((_python, dir)) = written_by_python(WRITE_ALL) else {
        return;
    };
    let before = listing(dir.path());
    for (name, title, reader) in [
        ("t.orc", "ORC", "pyarrow.orc"),
        ("t.vortex", "Vortex", "vortex"),
        ("t.lance", "Lance", "lance"),
    ] {
        let json = dir.path().join(format!("{name}.json"));
        let out = encbench()
            .arg("file")
            .arg(dir.path().join(name))
            .args(TINY)
            .arg("--json")
            .arg(&json)
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("input in {title}")))
            .stdout(predicate::str::contains("300 rows were read by"))
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8_lossy(&out);
        assert!(text.contains(reader), "{name}: {text}");
        // No in-process row pretends to be the file as it is.
        let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let rows = doc["results"].as_array().unwrap();
        assert!(!rows.is_empty());
        assert!(
            rows.iter().all(|r| r["codec"] != "file/original"),
            "{name}: an original row was measured in process"
        );
        assert!(rows.iter().any(|r| r["codec"] == "file/parquet"));
        std::fs::remove_file(&json).unwrap();
    }
    assert_eq!(listing(dir.path()), before, "an input was touched");
}

#[test]
fn an_orc_input_is_read_as_it_is_by_the_engines_that_read_orc() {
    let Some((_python, dir)) = written_by_python(WRITE_ALL) else {
        return;
    };
    let json = dir.path().join("out.json");
    encbench()
        .arg("file")
        .arg(dir.path().join("t.orc"))
        .args(TINY)
        .args(["--engines", "pyarrow", "--cache", "warm", "--json"])
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let original: Vec<&Value> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["codec"] == "file/original" && r.get("engine").is_some())
        .collect();
    let queries: Vec<&str> = original
        .iter()
        .map(|r| r["query"].as_str().unwrap_or_default())
        .collect();
    for q in ["scan", "project", "filter", "take", "open"] {
        assert!(queries.contains(&q), "no {q} of the ORC input: {queries:?}");
    }
    for r in &original {
        assert_eq!(r["verification"]["status"], "verified", "{r}");
        assert_eq!(
            r["encoded_bytes"],
            std::fs::metadata(dir.path().join("t.orc")).unwrap().len()
        );
    }
}

#[test]
fn an_orc_input_converts_to_parquet_with_its_values_and_leaves_no_copy() {
    let Some((python, dir)) = written_by_python(WRITE_ALL) else {
        return;
    };
    let out = dir.path().join("out.parquet");
    // The copy's scratch folder goes under TMPDIR: a fresh one, to see it emptied.
    let tmp = tempfile::tempdir().unwrap();
    encbench()
        .env("TMPDIR", tmp.path())
        .arg("file")
        .arg(dir.path().join("t.orc"))
        .args(["--convert", "parquet+zstd-3", "-o"])
        .arg(&out)
        .arg("--no-store")
        .assert()
        .success()
        .stdout(predicate::str::contains("identical"));
    let same = run_python(
        &python,
        dir.path(),
        "import pyarrow.orc as orc, pyarrow.parquet as pq\n\
         a = orc.read_table('t.orc'); b = pq.read_table('out.parquet')\n\
         print(a.equals(b.cast(a.schema)))",
    );
    assert_eq!(same.trim(), "True");
    let left: Vec<_> = walk(tmp.path())
        .into_iter()
        .filter(|p| p.ends_with("input.arrow"))
        .collect();
    assert!(left.is_empty(), "the Arrow copy was left: {left:?}");
}

#[test]
fn a_text_file_that_begins_with_orc_is_still_text() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("orcid.csv");
    std::fs::write(&input, "ORCID,name\n1,a\n2,b\n3,c\n").unwrap();
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains("input in ORC").not());
}
