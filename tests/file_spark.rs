//! `encbench file --convert … --engine spark|duckdb` and `--emit spark`,
//! end to end with a real Spark in local mode (workers/python/.venv has
//! pyspark, CI installs a JDK): a small hive-partitioned dataset written
//! by pyarrow, converted, read back and compared; the emitted script run
//! as it is; the input untouched; nothing left by a failing or interrupted
//! job; an existing output refused without --force.

#[allow(dead_code)] // TINY: these tests measure nothing
mod common;

use common::{encbench, run_python};
use predicates::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The venv's Python when pyspark imports in it and a JDK runs; else the
/// test says why it is skipped (under CI both must be there).
fn spark_python() -> Option<PathBuf> {
    let python = encbench_table::testing::worker_python()?;
    let runs = |cmd: &mut std::process::Command| {
        cmd.stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let pyspark = runs(std::process::Command::new(&python).args(["-c", "import pyspark"]));
    let java = runs(std::process::Command::new("java").arg("-version"));
    if !(pyspark && java) {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI builds workers/python/.venv with pyspark and installs a JDK"
        );
        eprintln!("skipped: pyspark does not import in workers/python/.venv, or no java");
        return None;
    }
    Some(python)
}

/// `in/year=…/kind=…/*.parquet`, 300 rows, written by pyarrow.
const DATASET: &str = r#"
import pyarrow as pa, pyarrow.dataset as ds
t = pa.table({"id": pa.array(range(300), pa.int64()),
              "v": pa.array([None if i % 17 == 0 else i / 7 for i in range(300)]),
              "s": [f"word {i % 13}, \"q\"" for i in range(300)],
              "year": [2020 + i % 3 for i in range(300)],
              "kind": ["ab"[i % 2] for i in range(300)]})
ds.write_dataset(t, "in", format="parquet", partitioning=["year", "kind"], partitioning_flavor="hive")
"#;

/// Reads OUT with pyarrow and prints whether it equals the dataset's table.
const SAME: &str = r#"
import sys, pyarrow as pa, pyarrow.dataset as ds
a = ds.dataset("in", partitioning="hive").to_table().sort_by("id")
b = ds.dataset(sys.argv[1], partitioning="hive").to_table().sort_by("id")
cols = ["id", "v", "s", "year", "kind"]
print(all(a[c].cast(pa.string()).to_pylist() == b[c].cast(pa.string()).to_pylist() for c in cols), b.num_rows)
"#;

fn same(python: &Path, dir: &Path, out: &str) -> String {
    run_python(
        python,
        dir,
        &format!("import sys; sys.argv = ['', {out:?}]\n{SAME}"),
    )
}

/// Every file under `root` with its size and modification time.
fn listing(root: &Path) -> BTreeMap<PathBuf, (u64, std::time::SystemTime)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let meta = entry.metadata().unwrap();
            if meta.is_dir() {
                stack.push(entry.path());
            } else {
                out.insert(entry.path(), (meta.len(), meta.modified().unwrap()));
            }
        }
    }
    out
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn spark_converts_a_partitioned_dataset_then_refuses_to_overwrite_it() {
    let Some(python) = spark_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    run_python(&python, dir.path(), DATASET);
    let input = dir.path().join("in");
    let before = listing(&input);
    let out = dir.path().join("out.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet+zstd-3", "--engine", "spark", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "parquet + zstd-3 by pyspark 4.0.5 on local[*], partitioned by year, kind, 300 rows",
        ))
        .stdout(predicate::str::contains(
            "read back by Spark and by pyarrow and compared with the source as Spark read it (row count and per-column checksum of all 5 columns): identical",
        ))
        .stdout(predicate::str::contains("Spark's JVM start, not counted: "))
        .stdout(predicate::str::contains(
            "options: compression=zstd, parquet.compression.codec.zstd.level=3",
        ));
    assert_eq!(listing(&input), before, "the input is untouched");
    assert_eq!(same(&python, dir.path(), "out.parquet"), "True 300\n");
    assert_eq!(names(&out)[..3], ["._SUCCESS.crc", "_SUCCESS", "year=2020"]);
    assert_eq!(names(dir.path()), ["in", "out.parquet"], "no scratch left");
    // An existing output is refused before anything runs; --force replaces it.
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "--engine", "duckdb", "-o"])
        .arg(&out)
        .assert()
        .failure()
        .stderr(predicate::str::contains(
            "out.parquet: already exists; pass --force to replace it",
        ));
    encbench()
        .arg("file")
        .arg(&input)
        .args([
            "--convert",
            "parquet+zstd",
            "--engine",
            "duckdb",
            "--force",
            "-o",
        ])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "by duckdb 2.0.1, partitioned by year, kind, 300 rows",
        ));
    assert!(
        !out.join("_SUCCESS").exists(),
        "Spark's output was replaced"
    );
    assert_eq!(same(&python, dir.path(), "out.parquet"), "True 300\n");
    assert_eq!(names(dir.path()), ["in", "out.parquet"]);
    // Never into the input, even with --force.
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "--engine", "spark", "--force", "-o"])
        .arg(input.join("year=2020").join("new"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("is inside the input"));
    assert_eq!(listing(&input), before);
}

#[test]
fn a_failing_job_leaves_no_output_and_no_scratch() {
    let Some(python) = spark_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    run_python(&python, dir.path(), DATASET);
    let input = dir.path().join("in");
    // DuckDB, made to fail once the data is written.
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "--engine", "duckdb", "-o"])
        .arg(dir.path().join("a.parquet"))
        .env("ENCBENCH_ENGINE_CONVERT_FAIL", "after-write")
        .assert()
        .failure()
        .stderr(predicate::str::contains("nothing was written"));
    assert_eq!(names(dir.path()), ["in"]);
    // Spark, on a dataset with a part that is no Parquet file.
    std::fs::write(
        input
            .join("year=2021")
            .join("kind=b")
            .join("broken.parquet"),
        b"PAR1 not parquet PAR1",
    )
    .unwrap();
    let before = listing(&input);
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "orc", "--engine", "spark", "-o"])
        .arg(dir.path().join("b.orc"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("spark failed"))
        .stderr(predicate::str::contains("nothing was written"));
    assert_eq!(names(dir.path()), ["in"]);
    assert_eq!(listing(&input), before);
}

#[test]
fn ctrl_c_during_a_spark_job_leaves_nothing() {
    let Some(python) = spark_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    run_python(&python, dir.path(), DATASET);
    let bin = assert_cmd::cargo::cargo_bin("encbench");
    let mut child = std::process::Command::new(bin)
        .arg("file")
        .arg(dir.path().join("in"))
        .args(["--convert", "parquet", "--engine", "spark", "-o"])
        .arg(dir.path().join("out"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Interrupt once Spark writes: its output appears in the scratch folder.
    let began = Instant::now();
    let writing = || {
        names(dir.path())
            .iter()
            .filter(|n| n.starts_with(".encbench-"))
            .any(|n| std::fs::read_dir(dir.path().join(n)).is_ok_and(|mut d| d.next().is_some()))
    };
    while !writing() && began.elapsed() < Duration::from_secs(90) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(writing(), "the job never started writing");
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(!exit.success());
    // The worker's watchdog cancels the job and removes what it wrote.
    let began = Instant::now();
    while names(dir.path()) != ["in"] && began.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(names(dir.path()), ["in"]);
}

#[test]
fn the_emitted_script_runs_as_it_is_and_catches_a_tampered_output() {
    let Some(python) = spark_python() else { return };
    let dir = tempfile::tempdir().unwrap();
    run_python(&python, dir.path(), DATASET);
    let input = dir.path().join("in");
    let before = listing(&input);
    let out = dir.path().join("out");
    let printed = encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet+zstd-3", "--emit", "spark", "-o"])
        .arg(&out)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let script = String::from_utf8(printed).unwrap();
    assert!(script.contains(r#"WRITE = ("parquet", [("compression", "zstd"), ("parquet.compression.codec.zstd.level", "3")])"#), "{script}");
    assert!(script.contains(r#"PARTITION_BY = ["year", "kind"]"#));
    assert!(!out.exists(), "--emit writes nothing");
    let path = dir.path().join("convert.py");
    std::fs::write(&path, &script).unwrap();
    let run = |args: &[&str]| {
        std::process::Command::new(&python)
            .arg(&path)
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    let first = run(&[]);
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert!(
        String::from_utf8_lossy(&first.stdout).contains("checked: 300 rows; a sample of 300 rows")
    );
    assert_eq!(same(&python, dir.path(), "out"), "True 300\n");
    assert_eq!(listing(&input), before);
    assert_eq!(names(dir.path()), ["convert.py", "in", "out"]);
    assert!(run(&["--check"]).status.success());
    // Run again: the output exists, and is left alone.
    assert!(!run(&[]).status.success());
    // One value changed in one part (its Hadoop .crc removed, as a writer
    // other than Hadoop leaves it): --check fails on the checksum.
    run_python(
        &python,
        dir.path(),
        r#"
import glob, os, pyarrow.compute as pc, pyarrow.parquet as pq
p = sorted(glob.glob("out/year=2021/kind=a/*.parquet"))[0]
t = pq.read_table(p, partitioning=None)
t = t.set_column(0, "id", pc.add(t["id"], 1))
pq.write_table(t, p)
os.remove(os.path.join(os.path.dirname(p), "." + os.path.basename(p) + ".crc"))
"#,
    );
    let tampered = run(&["--check"]);
    assert_eq!(tampered.status.code(), Some(1));
    let said = String::from_utf8_lossy(&tampered.stderr);
    assert!(said.contains("mismatch: the source has 300 rows"), "{said}");
}
