//! `encbench file` on a dataset, end to end: folders of Parquet or CSV
//! parts written by pyarrow, polars and DuckDB (hive-partitioned, nested),
//! a glob, a Delta table written by delta-rs; the sample spans parts, a
//! mixed schema is refused naming its part, small files get the
//! compaction measured, and the input folder is left as it was.

mod common;

use common::{encbench, written_by_python, TINY};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;

/// Every entry below `dir` (hidden ones too) with its size and mtime.
fn snapshot(dir: &Path) -> BTreeMap<String, (u64, std::time::SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let e = e.unwrap();
            let meta = e.metadata().unwrap();
            let name = e.path().strip_prefix(dir).unwrap().display().to_string();
            out.insert(name, (meta.len(), meta.modified().unwrap()));
            if meta.is_dir() {
                stack.push(e.path());
            }
        }
    }
    out
}

/// Runs `encbench file PATH` (small sample, few timings) with a JSON
/// export outside the input; stdout, stderr, the export and whether it
/// succeeded. The input is checked unchanged afterwards.
fn run(input: &Path, folder: &Path, extra: &[&str]) -> (String, String, Option<Value>, bool) {
    let before = snapshot(folder);
    let out_dir = tempfile::tempdir().unwrap();
    let json = out_dir.path().join("run.json");
    let out = encbench()
        .arg("file")
        .arg(input)
        .args(TINY)
        .args(["--sample-mb", "0.3", "--json"])
        .arg(&json)
        .args(extra)
        .output()
        .unwrap();
    assert_eq!(before, snapshot(folder), "the input folder changed");
    let doc = std::fs::read_to_string(&json)
        .ok()
        .map(|t| serde_json::from_str(&t).unwrap());
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        doc,
        out.status.success(),
    )
}

/// "sampled … from P of N parts": P and N.
fn sampled_parts(text: &str) -> (usize, usize) {
    let at = text
        .find(" parts, in ")
        .expect("a 'from P of N parts' line");
    let head = &text[..at];
    let from = head.rfind("from ").unwrap();
    let words: Vec<&str> = head[from + 5..].split(" of ").collect();
    (words[0].parse().unwrap(), words[1].parse().unwrap())
}

fn notes(doc: &Value) -> Vec<String> {
    doc["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap().to_string())
        .collect()
}

#[test]
fn hive_nested_partitions_from_pyarrow_sampled_across_parts() {
    let Some((_py, dir)) = written_by_python(
        r#"
import pyarrow as pa, pyarrow.dataset as ds
n = 6000
t = pa.table({"year": [2023 + i % 2 for i in range(n)], "month": [1 + i % 3 for i in range(n)],
              "id": list(range(n)), "city": [["Paris", "New York", "Oslo"][i % 3] for i in range(n)],
              "v": [i * 0.5 for i in range(n)]})
ds.write_dataset(t, "data", format="parquet", partitioning=["year", "month"], partitioning_flavor="hive",
                 max_rows_per_file=500, max_rows_per_group=500)
open("data/_SUCCESS", "w").close()
"#,
    ) else {
        return;
    };
    let data = dir.path().join("data");
    let (stdout, stderr, doc, ok) = run(&data, &data, &[]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("partitioned by year, month (6 partitions)"),
        "{stdout}"
    );
    assert!(stdout.contains("12 Parquet part(s)"), "{stdout}");
    assert!(
        stdout.contains("6000 rows (from the parts' footers)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("1 hidden or metadata entries skipped"),
        "{stdout}"
    );
    let (p, n) = sampled_parts(&stdout);
    assert!(p > 1 && n == 12, "{stdout}");
    assert!(stdout.contains("projected"), "{stdout}");
    let doc = doc.expect("the JSON export");
    let note = notes(&doc)
        .into_iter()
        .find(|n| n.starts_with("dataset: sampled"))
        .unwrap();
    assert_eq!(sampled_parts(&note), (p, n));
    // The partition columns live in the paths; the parts hold the rest.
    assert!(!stdout.contains("  year "), "{stdout}");
}

#[test]
fn polars_and_duckdb_partitions_and_a_glob() {
    let Some((_py, dir)) = written_by_python(
        r#"
import polars as pl, duckdb
df = pl.DataFrame({"region": ["north", "south"] * 1000, "day": [i % 4 for i in range(2000)],
                   "x": list(range(2000)), "note": ["n%d" % (i % 50) for i in range(2000)]})
df.write_parquet("pl", partition_by=["region", "day"])
duckdb.sql("COPY (SELECT * FROM range(3000) t(x), (SELECT unnest(['a b', 'c/d']) AS k)) TO 'dk' (FORMAT parquet, PARTITION_BY (k))")
"#,
    ) else {
        return;
    };
    let pl = dir.path().join("pl");
    let (stdout, stderr, _, ok) = run(&pl, &pl, &[]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("partitioned by region, day (4 partitions)"),
        "{stdout}"
    );
    assert!(sampled_parts(&stdout).0 > 1, "{stdout}");
    // DuckDB percent-encodes the values it writes in folder names.
    let dk = dir.path().join("dk");
    let glob = dk.join("*").join("*.parquet");
    let (stdout, stderr, _, ok) = run(&glob, &dk, &[]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("the parts a glob pattern matches"),
        "{stdout}"
    );
    assert!(
        stdout.contains("partitioned by k (2 partitions)"),
        "{stdout}"
    );
    assert_eq!(sampled_parts(&stdout), (2, 2), "{stdout}");
}

#[test]
fn a_mixed_schema_is_refused_naming_the_part() {
    let Some((_py, dir)) = written_by_python(
        r#"
import pyarrow as pa, pyarrow.parquet as pq, os
os.makedirs("data/day=1"); os.makedirs("data/day=2")
pq.write_table(pa.table({"id": [1, 2], "v": [1.5, 2.5]}), "data/day=1/a.parquet")
pq.write_table(pa.table({"id": [3, 4], "v": ["x", "y"]}), "data/day=2/b.parquet")
os.makedirs("keys/a=1"); os.makedirs("keys/b=2")
pq.write_table(pa.table({"id": [1]}), "keys/a=1/p.parquet")
pq.write_table(pa.table({"id": [2]}), "keys/b=2/p.parquet")
"#,
    ) else {
        return;
    };
    let data = dir.path().join("data");
    let (stdout, stderr, _, ok) = run(&data, &data, &[]);
    assert!(!ok, "{stdout}");
    assert!(stderr.contains("day=2/b.parquet"), "{stderr}");
    assert!(
        stderr.contains("column 'v' is string here but Float64"),
        "{stderr}"
    );
    let keys = dir.path().join("keys");
    let (stdout, stderr, _, ok) = run(&keys, &keys, &[]);
    assert!(!ok, "{stdout}");
    assert!(
        stderr.contains("b=2/p.parquet") && stderr.contains("partition keys are [b]"),
        "{stderr}"
    );
}

#[test]
fn many_small_parts_get_the_compaction_measured() {
    let Some((_py, dir)) = written_by_python(
        r#"
import pyarrow as pa, pyarrow.parquet as pq, os
os.makedirs("small")
for i in range(40):
    pq.write_table(pa.table({"id": list(range(i * 100, i * 100 + 100)), "s": ["v%d" % (j % 7) for j in range(100)]}),
                   "small/part-%03d.parquet" % i)
"#,
    ) else {
        return;
    };
    let small = dir.path().join("small");
    let (stdout, stderr, doc, ok) = run(&small, &small, &[]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("small files: 40 of 40 parts are under 32.0 MB"),
        "{stdout}"
    );
    assert!(
        stdout.contains("too many parts: 40 parts for 4000 rows"),
        "{stdout}"
    );
    assert!(
        stdout.contains("compacting 40 small parts into 1 file(s)")
            && stdout.contains("measured on 40 parts (4000 rows)"),
        "{stdout}"
    );
    assert!(sampled_parts(&stdout).0 == 32, "{stdout}");
    let doc = doc.unwrap();
    assert!(notes(&doc)
        .iter()
        .any(|n| n.starts_with("dataset: compacting 40")));
}

#[test]
fn csv_parts_from_duckdb_are_joined_and_estimated() {
    let Some((_py, dir)) = written_by_python(
        r#"
import duckdb
duckdb.sql("COPY (SELECT range AS id, range % 3 AS g, 'name ' || (range % 11) AS name, range * 0.25 AS w FROM range(9000)) TO 'csv' (FORMAT csv, HEADER, PARTITION_BY (g))")
"#,
    ) else {
        return;
    };
    let csv = dir.path().join("csv");
    let (stdout, stderr, _, ok) = run(&csv, &csv, &[]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(stdout.contains("3 text part(s)"), "{stdout}");
    assert!(
        stdout.contains("rows (estimated from the sampled parts' density)"),
        "{stdout}"
    );
    assert_eq!(sampled_parts(&stdout), (3, 3), "{stdout}");
}

#[test]
fn a_delta_table_is_read_from_its_log() {
    let Some((python, dir)) = written_by_python("") else {
        return;
    };
    let has = std::process::Command::new(&python)
        .args(["-c", "import deltalake"])
        .status()
        .unwrap()
        .success();
    if !has {
        assert!(std::env::var_os("CI").is_none(), "CI's venv has deltalake");
        eprintln!("skipped: no deltalake in workers/python/.venv (bash workers/python/build.sh)");
        return;
    }
    let live = common::run_python(
        &python,
        dir.path(),
        r#"
import pyarrow as pa
from deltalake import write_deltalake, DeltaTable
def t(lo):
    return pa.table({"id": list(range(lo, lo + 300)), "part": ["a", "b", "c"] * 100, "v": [i * 1.5 for i in range(300)]})
write_deltalake("tbl", t(0), partition_by=["part"])
write_deltalake("tbl", t(300), partition_by=["part"], mode="append")
write_deltalake("tbl", t(600), partition_by=["part"], mode="overwrite")
DeltaTable("tbl").create_checkpoint()
write_deltalake("tbl", t(900), partition_by=["part"], mode="append")
print(len(DeltaTable("tbl").file_uris()))
"#,
    );
    let live: usize = live.trim().parse().unwrap();
    let tbl = dir.path().join("tbl");
    let (stdout, stderr, _, ok) = run(&tbl, &tbl, &[]);
    assert!(ok, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("a Delta table (parts from its log)"),
        "{stdout}"
    );
    assert!(
        stdout.contains(&format!("{live} Parquet part(s)")),
        "{live}: {stdout}"
    );
    assert!(
        stdout.contains("600 rows (from the parts' footers)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("partitioned by part (3 partitions)"),
        "{stdout}"
    );
}

#[test]
fn a_dataset_is_not_converted_nor_written_into() {
    let Some((_py, dir)) = written_by_python(
        r#"
import pyarrow as pa, pyarrow.parquet as pq, os
os.makedirs("d/k=1")
pq.write_table(pa.table({"id": [1, 2]}), "d/k=1/p.parquet")
"#,
    ) else {
        return;
    };
    let d = dir.path().join("d");
    let out = dir.path().join("out.parquet");
    let (_, stderr, _, ok) = run(
        &d,
        &d,
        &["--convert", "parquet", "-o", out.to_str().unwrap()],
    );
    assert!(
        !ok && stderr.contains("is not converted by encbench file yet"),
        "{stderr}"
    );
    assert!(!out.exists());
    let inside = d.join("report.md");
    let (_, stderr, _, ok) = run(&d, &d, &["--markdown", inside.to_str().unwrap()]);
    assert!(!ok && stderr.contains("inside the dataset"), "{stderr}");
    assert!(!inside.exists());
}
