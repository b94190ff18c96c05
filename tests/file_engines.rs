//! `encbench file --engines`, end to end: DuckDB, polars, pyarrow and
//! pandas in the engines worker (workers/python/.venv, which CI builds)
//! read every candidate file, and each answer is checked before it is timed.

mod common;

use common::{encbench, TINY};
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The worker's venv, or `None` (the test says it was skipped) outside CI.
fn venv() -> Option<PathBuf> {
    encbench_table::testing::worker_python()
}

/// A small CSV of every kind the checksum keys: ints with a null, floats,
/// text, a date, a timestamp, a bool.
fn small_csv(dir: &Path) -> PathBuf {
    let mut text = String::from("id,carrier,delay,day,at,ok,note\n");
    for i in 0..400 {
        let delay = if i % 23 == 0 {
            String::new()
        } else {
            format!("{}.25", (i * 37) % 90)
        };
        text.push_str(&format!(
            "{i},C{},{delay},2013-01-{:02},2013-01-{:02} {:02}:30:00,{},note {}\n",
            (i * 7) % 40,
            1 + i / 20,
            1 + i / 20,
            i % 24,
            i % 3 == 0,
            i % 11
        ));
    }
    let path = dir.join("small.csv");
    std::fs::write(&path, text).unwrap();
    path
}

/// `encbench file INPUT` measured as lightly as the CLI tests measure.
fn file_tiny(input: &Path) -> assert_cmd::Command {
    let mut cmd = encbench();
    cmd.arg("file").arg(input).args(TINY);
    cmd
}

fn engine_rows(json: &Path) -> Vec<Value> {
    let doc: Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r.get("engine").is_some())
        .cloned()
        .collect()
}

#[test]
fn every_engine_reads_every_format_it_can_and_each_answer_is_verified() {
    if venv().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = small_csv(dir.path());
    let json = dir.path().join("out.json");
    file_tiny(&input)
        .args(["--engines", "--json"])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("Read by the engines"))
        .stdout(predicate::str::contains(
            "filter   id <= 4 (column \"id\" is sorted; keeps 1.25 % of the rows)",
        ))
        .stdout(predicate::str::contains(
            "take     100 rows at seeded random positions",
        ))
        .stdout(predicate::str::contains(
            "Fastest file per engine and query",
        ))
        .stdout(predicate::str::contains(
            "Recommended for duckdb (10 scans per write)",
        ));
    let rows = engine_rows(&json);
    for engine in ["duckdb", "polars", "pyarrow", "pandas"] {
        for codec in ["original", "csv", "jsonl", "parquet"] {
            for query in ["scan", "project", "filter", "take", "open"] {
                let row = rows.iter().find(|r| {
                    r["engine"] == engine
                        && r["codec"] == format!("file/{codec}")
                        && r["query"] == query
                        && r["compression"] == "none"
                });
                let row = row.unwrap_or_else(|| panic!("{engine} {codec} {query}: no row"));
                assert_eq!(row["verified"], true);
                assert_eq!(row["cache"], "warm");
                assert_eq!(row["medium"], "file-warm");
                assert_eq!(row["language"], "python");
                let what = row["verification"]["detail"].as_str().unwrap();
                assert!(what.starts_with(&format!("{engine} {query}: ")), "{what}");
                assert!(row["median_ns"].as_f64().unwrap() > 0.0);
            }
        }
    }
    // Arrow IPC: polars, pyarrow and pandas; DuckDB says why not.
    for engine in ["polars", "pyarrow", "pandas"] {
        assert!(rows
            .iter()
            .any(|r| r["engine"] == engine && r["codec"] == "file/arrow"));
    }
    let filter = rows.iter().find(|r| r["query"] == "filter").unwrap();
    assert_eq!(filter["selectivity"].as_f64().unwrap(), 5.0 / 400.0);
    assert_eq!(filter["items"], 5);
    let take = rows.iter().find(|r| r["query"] == "take").unwrap();
    assert_eq!(take["items"], 100);
}

#[test]
fn a_missing_engine_gets_its_skip_line_and_no_rows() {
    if venv().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = small_csv(dir.path());
    let json = dir.path().join("out.json");
    file_tiny(&input)
        .env("ENCBENCH_ENGINES_HIDE", "pandas,duckdb")
        .args([
            "--engines",
            "pandas,polars",
            "--where",
            "carrier == C3",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "engines: pandas skipped: hidden by ENCBENCH_ENGINES_HIDE (pip install pandas",
        ))
        .stdout(predicate::str::contains(
            "carrier == \"C3\" (--where; keeps 2.50 % of the rows)",
        ))
        .stdout(predicate::str::contains("duckdb").not());
    let rows = engine_rows(&json);
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|r| r["engine"] == "polars"),
        "only polars ran"
    );
}

#[test]
fn bad_engine_names_and_predicates_are_refused_before_anything_is_measured() {
    let dir = tempfile::tempdir().unwrap();
    let input = small_csv(dir.path());
    file_tiny(&input)
        .args(["--engines", "duckdb,spork"])
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "--engines: unknown engine \"spork\" (the engines are duckdb, polars, pyarrow, pandas, vortex, lance, spark)",
        ))
        .stdout(predicate::str::contains("measuring").not());
    file_tiny(&input)
        .args(["--engines", "--where", "nope > 3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("--where: no column \"nope\""));
    file_tiny(&input)
        .args(["--where", "id > 3"])
        .assert()
        .failure()
        .stderr(predicate::str::contains("add --engines"));
}

#[test]
fn orc_vortex_and_lance_are_written_by_their_libraries_and_read_back_by_their_readers() {
    if venv().is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = small_csv(dir.path());
    let json = dir.path().join("out.json");
    file_tiny(&input)
        .args([
            "--engines",
            "pyarrow,vortex,lance",
            "--cache",
            "both",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "file: lance + default written by pylance",
        ))
        .stdout(predicate::str::contains(
            "file: vortex + tuned written by vortex-data",
        ))
        .stdout(predicate::str::contains("VortexWriteOptions.compact()"))
        .stdout(predicate::str::contains(
            "file: orc + tuned written by pyarrow",
        ));
    let rows = engine_rows(&json);
    for (format, reader) in [("orc", "pyarrow"), ("vortex", "vortex"), ("lance", "lance")] {
        for settings in ["default", "tuned"] {
            let write = rows
                .iter()
                .find(|r| {
                    r["codec"] == format!("file/{format}")
                        && r["compression"] == settings
                        && r["query"] == "write"
                })
                .unwrap_or_else(|| panic!("{format} {settings}: no write row"));
            assert_eq!(write["verified"], true);
            let what = write["verification"]["detail"].as_str().unwrap();
            assert!(
                what.starts_with(&format!("{format}'s reader scan: 400 rows")),
                "{what}"
            );
            assert!(write["encoded_bytes"].as_u64().unwrap() > 0);
            for query in ["scan", "project", "filter", "take", "open"] {
                for cache in ["warm", "cold"] {
                    let read = rows.iter().find(|r| {
                        r["codec"] == format!("file/{format}")
                            && r["compression"] == settings
                            && r["engine"] == reader
                            && r["query"] == query
                            && r["cache"] == cache
                    });
                    let read = read
                        .unwrap_or_else(|| panic!("{reader} {format} {settings} {query} {cache}"));
                    assert_eq!(read["verified"], true);
                    let medium = read["medium"].as_str().unwrap();
                    match cache {
                        "warm" => assert_eq!(medium, "file-warm"),
                        _ => assert!(medium.starts_with("file-cold"), "{medium}"),
                    }
                }
            }
        }
    }
    // A format's own reader reads that format only.
    assert!(rows
        .iter()
        .filter(|r| r["engine"] == "vortex")
        .all(|r| r["codec"] == "file/vortex"));
}

#[test]
fn convert_writes_orc_vortex_and_lance_through_their_libraries_and_leaves_nothing_else() {
    let Some(python) = venv() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = small_csv(dir.path());
    for (target, name) in [
        ("orc", "out.orc"),
        ("vortex+tuned", "out.vortex"),
        ("lance", "out.lance"),
    ] {
        let output = dir.path().join(name);
        encbench()
            .arg("file")
            .arg(&input)
            .args(["--convert", target, "-o"])
            .arg(&output)
            .assert()
            .success()
            .stdout(predicate::str::contains("400 rows"))
            .stdout(predicate::str::contains(
                "read back by its reader and compared with the Arrow file (checksum per column): identical",
            ));
        // A second time, it is there: refused.
        encbench()
            .arg("file")
            .arg(&input)
            .args(["--convert", target, "-o"])
            .arg(&output)
            .assert()
            .failure();
    }
    // Each read by its reference reader, as a user opens it.
    let out = encbench_table::testing::run_python(
        &python,
        dir.path(),
        "import pyarrow.orc as o, vortex as v, lance as l\n\
         print(o.read_table('out.orc').num_rows, v.open('out.vortex').to_arrow().read_all().num_rows, l.dataset('out.lance').count_rows())",
    );
    assert_eq!(out.trim(), "400 400 400");
    // Nothing but the input and the three outputs: no scratch left behind.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["out.lance", "out.orc", "out.vortex", "small.csv"]);
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "lance+fast", "-o"])
        .arg(dir.path().join("x.lance"))
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "written at `default` or `tuned` settings",
        ));
}
