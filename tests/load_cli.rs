//! Scenario `load` end to end: the binary, two Megaco codecs, short points.

use assert_cmd::Command;
use serde_json::Value;

#[test]
fn load_reports_threads_latency_and_exact_errors() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !data.join("megaco/time_test.msgs").is_file() {
        assert!(
            std::env::var_os("CI").is_none(),
            "shared data missing in CI"
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("load.json");
    let html = dir.path().join("load.html");
    Command::cargo_bin("encbench")
        .unwrap()
        .env_remove("ENCBENCH_DATA_DIR")
        .args([
            "run",
            "load",
            "--quiet",
            "--no-store",
            "--duration",
            "200ms",
        ])
        .args([
            "--codec",
            "megaco/compact,megaco/ber-tape",
            "--language",
            "rust",
        ])
        .arg("--data-dir")
        .arg(&data)
        .arg("--json")
        .arg(&json)
        .arg("--html")
        .arg(&html)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rows = doc["results"].as_array().unwrap();
    let find = |codec: &str, op: &str, point: &str| {
        rows.iter()
            .find(|r| {
                r["codec"] == codec
                    && r["operation"] == op
                    && r["dataset"].as_str().unwrap().ends_with(point)
            })
            .unwrap_or_else(|| panic!("{codec} {op} {point} missing"))
    };
    for codec in ["megaco/compact", "megaco/ber-tape"] {
        let all = find(codec, "closed-loop", "/threads-all");
        assert!(all["messages_per_s"].as_f64().unwrap() > 0.0);
        assert_eq!(all["bad_fraction"], 0.0);
        assert_eq!(all["errors"], 0);
        let bad = find(codec, "closed-loop", "/threads-all/bad-1%");
        assert!(
            bad["errors"].as_u64().unwrap() > 0,
            "malformed messages counted"
        );
        let open = find(codec, "open-loop", "/offered-80%/bad-1%");
        for key in [
            "offered_per_s",
            "p50_ns",
            "p99_ns",
            "p999_ns",
            "max_ns",
            "errors",
        ] {
            assert!(open[key].is_number(), "{key}");
        }
        assert!(open["p50_ns"].as_f64() <= open["p99_ns"].as_f64());
        assert_eq!(open["verification"]["status"], "verified");
        // Seed 004's single-core figure beside the one-thread clean row
        // only: every other kind of load row measures something else.
        assert!(find(codec, "closed-loop", "/threads-1")["seed_reference"].is_object());
        for r in rows.iter().filter(|r| r["codec"] == codec) {
            let one_clean =
                r["operation"] == "closed-loop" && r["threads"] == 1 && r["bad_fraction"] == 0.0;
            if !one_clean {
                assert!(r["seed_reference"].is_null(), "{}", r["dataset"]);
            }
        }
        // The UDP row's offered rate is the one its step sent at, and its
        // replies per second that rate times the share answered: never
        // more than what was offered.
        if let Some(udp) = rows
            .iter()
            .find(|r| r["codec"] == codec && r["operation"] == "udp-saturation")
        {
            let (offered, answered) = (
                udp["offered_per_s"].as_f64().unwrap(),
                udp["messages_per_s"].as_f64().unwrap(),
            );
            assert!(offered > 0.0 && answered <= offered, "{udp}");
        }
    }
    let notes: Vec<&str> = doc["notes"]
        .as_array()
        .map(|n| n.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    for n in notes.iter().filter(|n| n.contains("over UDP on")) {
        assert!(
            n.contains("as measured from its first send to its last"),
            "{n}"
        );
    }
    let questions: Vec<&str> = doc["conclusions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["scenario"] == "load")
        .map(|c| c["question"].as_str().unwrap())
        .collect();
    assert_eq!(
        questions,
        ["Under load on all cores, does BER keep its lead over compact text?"]
    );
    let page = std::fs::read_to_string(&html).unwrap();
    assert!(
        page.contains("data-chart=\"load-threads\"")
            && page.contains("data-chart=\"load-latency\"")
    );
}

#[test]
fn load_flags_are_checked() {
    for (flag, value) in [
        ("--bad-fraction", "0.9"),
        ("--duration", "0s"),
        ("--soak", "soon"),
    ] {
        Command::cargo_bin("encbench")
            .unwrap()
            .args(["run", "load", flag, value])
            .assert()
            .code(2);
    }
}
