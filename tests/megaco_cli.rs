//! Scenario `megaco` end to end: the binary on the 149 real messages.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

#[test]
fn megaco_times_three_operations_per_message_and_per_set_with_the_published_table() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !data.join("megaco/time_test.msgs").is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "shared data missing in CI"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("megaco.json");
    let mut cmd = Command::cargo_bin("encbench").unwrap();
    cmd.env_remove("ENCBENCH_DATA_DIR")
        .env(
            "ENCBENCH_DB",
            "/dev/null/encbench-tests-must-not-store/history.sqlite",
        )
        .args(["run", "megaco", "--samples", "3", "--quiet", "--no-store"])
        .args(["--codec", "megaco/compact,megaco/pretty", "--data-dir"])
        .arg(&data)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("decode-then-encode"))
        .stdout(predicate::str::contains(
            "pretty 5 / 12, 336 B; compact 4 / 10, 181 B",
        ))
        .stdout(predicate::str::contains(
            "megaco/compact: 149 messages, 26995 bytes in all",
        ));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    for codec in ["megaco/compact", "megaco/pretty"] {
        for op in ["encode", "decode", "decode-then-encode"] {
            let rows: Vec<&Value> = results
                .iter()
                .filter(|r| r["codec"] == codec && r["operation"] == op)
                .collect();
            assert_eq!(rows.len(), 2, "{codec} {op}: per message and per set");
            assert!(rows.iter().any(|r| r["items"] == 1));
            assert!(rows.iter().any(|r| r["items"] == 149));
        }
    }
    let compact_decode = results
        .iter()
        .find(|r| r["codec"] == "megaco/compact" && r["operation"] == "decode" && r["items"] == 1)
        .unwrap();
    assert_eq!(compact_decode["encoded_bytes"], 181); // 26,995 bytes / 149
    assert_eq!(compact_decode["seed_reference"]["value"], 10.0);
    assert!(results.iter().all(|r| r["codec"] != "megaco/cbor"));
    let comparisons = doc["comparisons"].as_array().unwrap();
    assert!(comparisons
        .iter()
        .any(|c| c["label"] == "megaco/compact ÷ megaco/pretty (bytes per message)"));
}

/// Our BER and PER beside Erlang/OTP's own codecs (CI installs Erlang):
/// byte-identical sizes, Erlang's rows labelled with its language, and the
/// ours-÷-Erlang comparisons.
#[test]
fn megaco_times_ber_and_per_beside_erlangs_own_codecs() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !data.join("megaco/time_test.msgs").is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "shared data missing in CI"
        );
        return;
    }
    let erlang = std::process::Command::new("escript")
        .arg("-h")
        .output()
        .is_ok();
    assert!(
        erlang || std::env::var_os("CI").is_none(),
        "CI installs Erlang/OTP (escript)"
    );
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("megaco.json");
    let mut cmd = Command::cargo_bin("encbench").unwrap();
    cmd.env_remove("ENCBENCH_DATA_DIR")
        .env(
            "ENCBENCH_DB",
            "/dev/null/encbench-tests-must-not-store/history.sqlite",
        )
        .args(["run", "megaco", "--samples", "3", "--quiet", "--no-store"])
        .args([
            "--codec",
            "megaco/ber,megaco/per,megaco/ber-tape,megaco/per-tape,megaco/erlang-ber-native",
        ])
        .arg("--data-dir")
        .arg(&data)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "megaco/ber: 149 messages, 24568 bytes in all",
        ));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    let row = |codec: &str, op: &str| {
        results
            .iter()
            .find(|r| r["codec"] == codec && r["operation"] == op && r["items"] == 1)
    };
    let ber = row("megaco/ber", "decode").expect("BER decode row");
    let per = row("megaco/per", "decode").expect("PER decode row");
    assert_eq!(
        (ber["encoded_bytes"].as_u64(), per["encoded_bytes"].as_u64()),
        (Some(165), Some(91))
    );
    assert_eq!(ber["seed_reference"]["value"], 6.0);
    // The purpose-built pair: same bytes, verified on the same values.
    for (codec, bytes) in [("megaco/ber-tape", 165), ("megaco/per-tape", 91)] {
        let tape = row(codec, "decode").expect("tape decode row");
        assert_eq!(tape["encoded_bytes"], bytes);
        assert_eq!(tape["seed_reference"]["value"], 6.0);
    }
    let labels: Vec<&str> = doc["comparisons"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["label"].as_str())
        .collect();
    // The compact rows were filtered out, so no comparison names them.
    assert!(!labels.iter().any(|l| l.starts_with("megaco/compact")));
    if !erlang {
        return;
    }
    let native = row("megaco/erlang-ber-native", "decode").expect("Erlang BER native row");
    assert_eq!(native["language"], "erlang");
    assert_eq!(native["encoded_bytes"], 165);
    assert_eq!(native["seed_reference"]["value"], 3.0);
    assert!(
        row("megaco/erlang-per", "decode").is_none(),
        "--codec filters Erlang rows"
    );
    assert!(labels.contains(&"megaco/ber ÷ megaco/erlang-ber-native (decode per message)"));
    assert!(labels.contains(&"megaco/ber-tape ÷ megaco/erlang-ber-native (decode per message)"));
}
