//! `run --instructions` end to end: a counting pass beside the timed one.

use assert_cmd::Command;
use serde_json::Value;

fn encbench() -> Command {
    let mut cmd = Command::cargo_bin("encbench").expect("binary builds");
    cmd.env_remove("ENCBENCH_DATA_DIR");
    cmd.env(
        "ENCBENCH_DB",
        "/dev/null/encbench-tests-must-not-store/history.sqlite",
    );
    cmd
}

/// Whether this machine can count: CI installs valgrind, so there it must.
fn can_count() -> bool {
    if encbench_measure::instructions::Counter::probe().is_ok() {
        return true;
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "CI installs valgrind: instructions must be countable there"
    );
    eprintln!("skipped: no instruction counter on this machine");
    false
}

fn counted_run(dir: &std::path::Path, name: &str) -> Value {
    let json = dir.join(name);
    encbench()
        .args(["run", "ints", "--codec", "text/atoi,binary/fread,c/fread"])
        .args(["--items", "2000", "--samples", "3", "--quiet", "--no-store"])
        .arg("--instructions")
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap()
}

fn counts(doc: &Value) -> Vec<(String, Option<f64>)> {
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            let key = format!("{} {} {}", r["codec"], r["operation"], r["medium"]);
            (key, r["instructions_per_op"].as_f64())
        })
        .collect()
}

#[test]
fn in_process_rows_get_counts_that_repeat_and_worker_rows_none() {
    if !can_count() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let first = counted_run(dir.path(), "a.json");
    let method = first["environment"]["instruction_counter"]
        .as_str()
        .unwrap();
    assert!(
        method.starts_with("Callgrind") || method.starts_with("hardware"),
        "{method}"
    );
    let rows = counts(&first);
    for (key, count) in &rows {
        if key.starts_with("\"c/") {
            assert_eq!(*count, None, "{key}: a worker row has no count");
        } else {
            // 2000 integers parsed or read: thousands of instructions at least.
            assert!(count.is_some_and(|c| c > 2000.0), "{key}: {count:?}");
        }
    }
    assert!(rows.iter().any(|(k, _)| k.starts_with("\"c/")) || which_cc_missing());
    let notes = first["notes"].to_string();
    assert!(notes.contains("row(s) counted by"), "{notes}");
    // A second run of the same build counts the same, to half a percent.
    let second = counts(&counted_run(dir.path(), "b.json"));
    for ((key, a), (_, b)) in rows.iter().zip(&second) {
        if let (Some(a), Some(b)) = (a, b) {
            assert!((b / a - 1.0).abs() < 0.005, "{key}: {a} then {b}");
        }
    }
}

/// The C worker needs a C compiler; without one its rows are skipped.
fn which_cc_missing() -> bool {
    std::process::Command::new("cc")
        .arg("--version")
        .output()
        .is_err()
}

#[test]
fn instructions_with_only_worker_languages_is_a_usage_error() {
    encbench()
        .args([
            "run",
            "ints",
            "--instructions",
            "--language",
            "go",
            "--no-store",
        ])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--instructions counts in-process rows, which are Rust; --language go selects none",
        ));
}

#[test]
fn without_a_counter_the_run_stops_before_measuring_and_says_what_to_install() {
    if encbench_measure::instructions::hardware_available() {
        return; // the CPU's counter needs no valgrind
    }
    encbench()
        .env("ENCBENCH_VALGRIND", "/nonexistent/valgrind")
        .args(["run", "ints", "--instructions", "--no-store", "--quiet"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("no instruction counter"))
        .stderr(predicates::str::contains("apt-get install valgrind"));
}

#[test]
fn file_counts_every_row_it_measures_and_writes_nothing_more() {
    if !can_count() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("small.csv");
    let rows: String = (0..300)
        .map(|i| format!("{i},{}.5,name{i}\n", i * 3))
        .collect();
    std::fs::write(&input, format!("id,price,name\n{rows}")).unwrap();
    let json = dir.path().join("r.json");
    encbench()
        .arg("file")
        .arg(&input)
        .args([
            "--samples",
            "2",
            "--compress",
            "lz4",
            "--no-store",
            "--quiet",
        ])
        .arg("--instructions")
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert!(results.len() > 10);
    for r in results {
        let count = r["instructions_per_op"].as_f64();
        assert!(
            count.is_some_and(|c| c > 300.0),
            "{} {}: {count:?}",
            r["codec"],
            r["operation"]
        );
    }
    // The input and the export: nothing else was written beside them.
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["r.json", "small.csv"]);
}

#[test]
fn instructions_with_a_named_conversion_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.csv");
    std::fs::write(&input, "a,b\n1,2\n").unwrap();
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "jsonl", "-o"])
        .arg(dir.path().join("a.jsonl"))
        .args(["--instructions", "--no-store"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains(
            "--instructions counts what `file` measures; --convert FORMAT converts without measuring",
        ));
    assert!(!dir.path().join("a.jsonl").exists());
}
