//! `encbench robust` end to end: rows in the record, and failures of a
//! decoder caught in its child process, never in the parent.

use assert_cmd::Command;
use serde_json::Value;

fn encbench() -> Command {
    let mut cmd = Command::cargo_bin("encbench").expect("binary builds");
    // robust never stores; a store attempt would fail on this path.
    cmd.env(
        "ENCBENCH_DB",
        "/dev/null/encbench-tests-must-not-store/history.sqlite",
    );
    cmd.env_remove("ENCBENCH_ROBUST_SELF_TEST");
    cmd
}

fn rows(json: &std::path::Path) -> Vec<Value> {
    let doc: Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
    doc["results"].as_array().unwrap().clone()
}

fn count(row: &Value, outcome: &str) -> u64 {
    row["outcomes"][outcome].as_u64().unwrap()
}

#[test]
fn robust_quick_writes_rows_whose_outcomes_sum_to_the_inputs() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("robust.json");
    let out = encbench()
        .args([
            "robust",
            "--quick",
            "--quiet",
            "--codec",
            "record/postcard,int64/*",
        ])
        .args(["--time-per-codec", "30", "--json"])
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("over-alloc") && text.contains("record/postcard"),
        "{text}"
    );
    let rows = rows(&json);
    // postcard on three record datasets, eight int64 codecs on one.
    assert_eq!(rows.len(), 3 + 8, "{rows:?}");
    for row in &rows {
        assert_eq!(row["operation"], "robust");
        let inputs = row["inputs"].as_u64().unwrap();
        let sum: u64 = row["outcomes"]
            .as_object()
            .unwrap()
            .values()
            .map(|v| v.as_u64().unwrap())
            .sum();
        assert_eq!(sum, inputs, "{}", row["codec"]);
        assert!(inputs > 100, "{}: {inputs}", row["codec"]);
        assert!(count(row, "error") > 0, "{}", row["codec"]);
        if row["decoder_crate"] == "encbench" {
            for bad in ["panic", "hang", "over-allocation", "crash"] {
                assert_eq!(count(row, bad), 0, "{} {bad}", row["codec"]);
            }
        }
    }
}

#[test]
fn aborts_allocations_panics_and_hangs_are_caught_per_input() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("robust.json");
    let out = encbench()
        .env("ENCBENCH_ROBUST_SELF_TEST", "1")
        .args(["robust", "--quiet", "--codec", "selftest/faulty"])
        .args(["--input-timeout", "0.5", "--time-per-codec", "60", "--json"])
        .arg(&json)
        .assert()
        // A third-party-style finding is shown, not a failure of the command.
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("finding in self-test"), "{text}");
    let rows = rows(&json);
    assert_eq!(rows.len(), 1);
    let row = &rows[0];
    for outcome in ["crash", "over-allocation", "panic", "hang"] {
        assert_eq!(count(row, outcome), 1, "{outcome}: {row}");
    }
    // The unchanged seed (and any mutation that happens to restore it).
    assert!(count(row, "ok-equal") >= 1, "{row}");
    // Every input after each failure was still tried.
    let inputs = row["inputs"].as_u64().unwrap();
    assert_eq!(
        count(row, "error") + count(row, "ok-equal") + 4,
        inputs,
        "{row}"
    );
    assert!(text.contains("self-test panic"), "{text}");
}

#[test]
fn a_failure_of_our_own_decoder_fails_the_command() {
    encbench()
        .env("ENCBENCH_ROBUST_SELF_TEST", "ours")
        .args(["robust", "--quiet", "--codec", "selftest/*"])
        .args(["--input-timeout", "0.5"])
        .assert()
        .code(1)
        .stdout(predicates::str::contains("FAILED: our decoder"))
        .stderr(predicates::str::contains("1 of our own decoder(s) failed"));
}

#[test]
fn robust_rejects_an_unknown_codec_pattern() {
    encbench()
        .args(["robust", "--codec", "nothing/*"])
        .assert()
        .code(2)
        .stderr(predicates::str::contains("matches no decoder"));
}
