//! The real binary, end to end, on tiny inputs.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;

fn encbench() -> Command {
    let mut cmd = Command::cargo_bin("encbench").expect("binary builds");
    cmd.env_remove("ENCBENCH_DATA_DIR");
    // Never touch the real history: a run that forgets --no-store fails loudly.
    cmd.env(
        "ENCBENCH_DB",
        "/dev/null/encbench-tests-must-not-store/history.sqlite",
    );
    cmd
}

/// Tiny sizes and few samples: these tests check behaviour, not speed.
/// The codec of every result row of a run's JSON document.
fn codecs_of(doc: &Value) -> Vec<&str> {
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["codec"].as_str().unwrap())
        .collect()
}

const TINY: [&str; 6] = ["--items", "300", "--samples", "3", "--quiet", "--no-store"];

#[test]
fn list_shows_scenarios_and_codecs_by_family() {
    encbench()
        .arg("list")
        .assert()
        .success()
        .stdout(predicate::str::contains("ints"))
        .stdout(predicate::str::contains("int-codecs"))
        .stdout(predicate::str::contains("wkb"))
        .stdout(predicate::str::contains("text/fscanf"))
        .stdout(predicate::str::contains("binary/read-chunked"))
        .stdout(predicate::str::contains("Codecs: schemaless binary"))
        .stdout(predicate::str::contains("reference/memcpy"));
}

#[test]
fn list_json_is_the_registry_with_what_each_codec_takes_and_does() {
    let out = encbench().args(["list", "--json"]).assert().success();
    let entries: serde_json::Value = serde_json::from_slice(&out.get_output().stdout).unwrap();
    let entries = entries.as_array().unwrap();
    let find = |id: &str| {
        entries
            .iter()
            .find(|e| e["id"] == id)
            .unwrap_or_else(|| panic!("{id} missing"))
    };
    let parquet = find("record/parquet");
    assert_eq!(parquet["family"], "columnar");
    assert_eq!(parquet["input"], "records");
    assert_eq!(parquet["ops"], serde_json::json!(["encode", "decode"]));
    assert_eq!(parquet["decoder"], "parquet");
    assert_eq!(parquet["file_format"], "parquet");
    // `load` takes any record codec `--codec` names.
    assert_eq!(parquet["scenarios"], serde_json::json!(["codecs", "load"]));
    // Megaco and BGP codecs are entries of the same list.
    assert_eq!(find("megaco/per-tape")["decoder"], "encbench");
    assert_eq!(find("megaco/erlang-ber")["family"], "worker");
    assert_eq!(find("bgp/mrt")["ops"], serde_json::json!(["decode"]));
    assert_eq!(find("record/rkyv-view")["ops"], serde_json::json!(["view"]));
    // `file` offers exactly ten formats.
    let file_formats = entries
        .iter()
        .filter(|e| !e["file_format"].is_null())
        .count();
    assert_eq!(file_formats, 10);
}

#[test]
fn run_everything_quick_on_tiny_sizes() {
    let out = encbench()
        .arg("run")
        .args(TINY)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    for needle in [
        "━━ ints ━━",
        "━━ int-codecs ━━",
        "━━ wkb ━━",
        "text/fscanf",
        "int64/le-bytes",
        "wkb/slice",
        "seed: 240×",
        "empty body",
        // The machine probed between scenarios, not only at the ends.
        "after ints",
        "after logs",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
}

#[test]
fn a_run_from_another_directory_finds_its_workers() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    encbench()
        .current_dir(dir.path())
        // An empty cache: nothing built earlier is found by accident.
        .env("ENCBENCH_CACHE_DIR", dir.path().join("cache"))
        .args(["run", "int-codecs"])
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let codecs = codecs_of(&doc);
    let notes = doc["notes"].to_string();
    for worker_row in ["go/put-uint64", "python/struct"] {
        assert!(
            codecs.contains(&worker_row),
            "{worker_row} missing: {codecs:?}\n{notes}"
        );
    }
}

#[test]
fn run_ints_writes_json_csv_and_markdown() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    let csv = dir.path().join("r.csv");
    let md = dir.path().join("r.md");
    encbench()
        .args(["run", "ints"])
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .arg("--csv")
        .arg(&csv)
        .arg("--markdown")
        .arg(&md)
        .assert()
        .success();

    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(doc["schema"], 1);
    let env = &doc["environment"];
    for key in [
        "cpu_model",
        "logical_cores",
        "os",
        "kernel",
        "rustc",
        "encbench_version",
        "git_commit",
        "date",
        "mode",
    ] {
        assert!(!env[key].is_null(), "environment.{key} missing");
    }
    assert_eq!(env["mode"], "quick");
    assert!(env["engine"]["empty_body_ns"].as_f64().unwrap() >= 0.0);
    // The machine probed at both ends of the run, each probe ordered.
    let probes = env["steadiness"].as_array().unwrap();
    let moments: Vec<&str> = probes.iter().map(|p| p["at"].as_str().unwrap()).collect();
    assert_eq!(moments, ["start", "end"]);
    for p in probes {
        let q = |k: &str| p[k].as_f64().unwrap();
        assert!(
            q("p10_ns") > 0.0 && q("p10_ns") <= q("median_ns") && q("median_ns") <= q("p90_ns")
        );
    }
    let results = doc["results"].as_array().unwrap();
    // 6 text readers + 5 binary, on file and memory (mmap: file only), + memcpy,
    // + 3 writers; each SIMD parser the CPU runs adds 4 rows (file, memory, two
    // line shapes), text/simd-mmap 1 and the scalar loop on the two shapes 2;
    // the C and Python workers add their own rows beside them.
    let rust = results.iter().filter(|r| r["language"] == "rust").count();
    let simd = results
        .iter()
        .filter(|r| r["codec"].as_str().unwrap().starts_with("text/simd-"))
        .filter(|r| r["codec"] != "text/simd-mmap")
        .count();
    let simd_mmap = results
        .iter()
        .filter(|r| r["codec"] == "text/simd-mmap")
        .count();
    assert_eq!(simd % 4, 0, "{results:#?}");
    assert_eq!(simd_mmap, usize::from(simd > 0));
    let shapes = if simd > 0 { 2 } else { 0 };
    assert_eq!(rust, 22 + 3 + simd + simd_mmap + shapes, "{results:#?}");
    for r in results {
        assert_eq!(r["scenario"], "ints");
        assert_eq!(r["items"], 300);
        assert_eq!(r["verified"], true);
        // The record says what was compared: the sum, the copy, or a writer's bytes.
        assert_eq!(r["verification"]["status"], "verified");
        let detail = r["verification"]["detail"].as_str().unwrap();
        let expected = match r["operation"].as_str().unwrap() {
            "write" => "its output == the reference encoding",
            "copy" => "the copy == its source",
            _ => "sum of the 300 values",
        };
        assert!(detail.contains(expected), "{detail}");
        assert_eq!(r["samples"], 3);
        // Three samples: the interval is [min, max], which covers 75 %.
        assert_eq!(r["ci_level"], 0.75);
        assert_eq!(r["samples_ns"].as_array().unwrap().len(), 3);
        let (lo, med, hi) = (
            r["ci95_low_ns"].as_f64().unwrap(),
            r["median_ns"].as_f64().unwrap(),
            r["ci95_high_ns"].as_f64().unwrap(),
        );
        assert!(lo <= med && med <= hi);
        for key in [
            "dataset",
            "codec",
            "operation",
            "medium",
            "logical_bytes",
            "encoded_bytes",
            "mad_ns",
            "min_ns",
            "max_ns",
            "noisy",
            "seed_reference",
            "outliers",
        ] {
            assert!(r.get(key).is_some(), "result.{key} missing");
        }
    }
    let fscanf = results
        .iter()
        .find(|r| r["codec"] == "text/fscanf" && r["medium"] == "file-warm")
        .unwrap();
    assert_eq!(fscanf["seed_reference"]["value"], 6000.0);
    assert!(results
        .iter()
        .any(|r| r["codec"] == "binary/read-chunked" && r["medium"] == "memory"));
    assert!(!results
        .iter()
        .any(|r| r["codec"] == "binary/mmap" && r["medium"] == "memory"));

    // The scenario's questions, answered from its own rows.
    let conclusions = doc["conclusions"].as_array().unwrap();
    assert_eq!(conclusions.len(), 3, "{conclusions:#?}");
    for c in conclusions {
        assert_eq!(c["scenario"], "ints");
        let (lo, ratio, hi) = (
            c["ci_low"].as_f64().unwrap(),
            c["ratio"].as_f64().unwrap(),
            c["ci_high"].as_f64().unwrap(),
        );
        assert!(lo <= ratio && ratio <= hi && lo > 0.0, "{c}");
        assert_eq!(c["ci_level"], 0.95);
        assert!(
            ["holds", "does-not-hold", "inconclusive"].contains(&c["verdict"].as_str().unwrap())
        );
        for side in ["numerator", "denominator"] {
            let row = &c[side];
            assert!(
                results
                    .iter()
                    .any(|r| ["dataset", "codec", "operation", "medium"]
                        .iter()
                        .all(|k| r[*k] == row[*k])),
                "{side} of {c} is not a row of the run"
            );
        }
    }
    assert_eq!(conclusions[2]["numerator"]["codec"], "text/fscanf");
    assert_eq!(conclusions[2]["seed_value"], 240.0);

    let csv_text = std::fs::read_to_string(&csv).unwrap();
    assert_eq!(csv_text.lines().count(), results.len() + 1);
    let md_text = std::fs::read_to_string(&md).unwrap();
    assert!(md_text.contains("## ints") && md_text.contains("| text/fscanf |"));
}

#[test]
fn summary_prints_only_the_answers() {
    let out = encbench()
        .args(["run", "ints", "wkb", "--summary"])
        .args(TINY)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("━━ answers ━━"), "{text}");
    assert!(
        text.contains("Is the best text parser still about 10× slower"),
        "{text}"
    );
    assert!(
        text.contains("wkb/slice ÷ wkb/read-generic, decode memory"),
        "{text}"
    );
    assert!(text.contains("seed 000: 10.8×"), "{text}");
    assert!(
        !text.contains("━━ ints ━━") && !text.contains("dataset "),
        "{text}"
    );
    // Four questions (three of ints, one of wkb), two lines each, and the header.
    assert_eq!(text.lines().count(), 2 + 4 * 2, "{text}");
    // Codecs filtered away: nothing to answer, and it says so.
    encbench()
        .args(["run", "ints", "--codec", "text/atoi", "--summary"])
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "no scenario's question could be answered",
        ));
}

#[test]
fn codec_filter_limits_the_rows() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("r.json");
    encbench()
        .args(["run", "ints", "--codec", "text/hand-rolled,binary/mmap"])
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let codecs = codecs_of(&doc);
    assert_eq!(codecs.len(), 3, "{codecs:?}");
    assert!(codecs
        .iter()
        .all(|c| *c == "text/hand-rolled" || *c == "binary/mmap"));
}

#[test]
fn unknown_scenario_is_a_usage_error() {
    encbench()
        .args(["run", "nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown scenario 'nope'"))
        .stderr(predicate::str::contains("ints, int-codecs, wkb"));
}

#[test]
fn unknown_codec_is_a_usage_error() {
    encbench()
        .args(["run", "--codec", "text/nope"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown codec 'text/nope'"));
}

#[test]
fn codec_outside_the_selected_scenarios_is_refused() {
    encbench()
        .args(["run", "ints", "--codec", "wkb/slice"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "not measured by the selected scenario(s): ints",
        ));
}

#[test]
fn bad_flags_are_usage_errors() {
    encbench()
        .args(["run", "--bogus"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--bogus"));
    encbench()
        .args(["run", "--samples", "1"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--samples"));
    encbench()
        .args(["run", "--items", "zero"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--items"));
    encbench()
        .args(["run", "--quick", "--full"])
        .assert()
        .code(2);
    encbench().arg("frobnicate").assert().code(2);
}

#[test]
fn export_to_a_missing_directory_fails_before_measuring() {
    encbench()
        .args(["run", "ints", "--json", "/nonexistent-dir/r.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--json /nonexistent-dir/r.json"))
        .stdout(predicate::str::is_empty());
}

#[test]
fn missing_data_dir_is_said_plainly_and_generated_data_used() {
    encbench()
        .args(["run", "wkb", "--data-dir", "/nonexistent-data"])
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains("generated-300"))
        .stdout(predicate::str::contains("go-geom-corpus").not())
        .stdout(predicate::str::contains(
            "no shared data directory (tried /nonexistent-data)",
        ));
}

#[test]
fn real_wkb_corpus_is_measured_when_present() {
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !data.join("wkb/go-geom-corpus").is_dir() {
        assert!(
            std::env::var_os("CI").is_none(),
            "shared data missing in CI"
        );
        return;
    }
    encbench()
        .args(["run", "wkb"])
        .args(TINY)
        .arg("--data-dir")
        .arg(&data)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "dataset go-geom-corpus: 48 items per op",
        ));
}

#[test]
fn logs_measures_every_compressor_warm_and_cold_with_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("logs.json");
    let out = encbench()
        .args([
            "run",
            "logs",
            "--items",
            "2000",
            "--samples",
            "3",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    let in_process: Vec<&Value> = results
        .iter()
        .filter(|r| r["codec"] == "lines/count")
        .collect();
    // plain + five compressors, warm and cold.
    assert_eq!(in_process.len(), 12, "{text}");
    for c in ["none", "gzip-6", "zstd-3", "lz4", "xz-1", "bzip2-9"] {
        assert!(
            in_process
                .iter()
                .any(|r| r["compression"] == c && r["medium"] == "file-warm"),
            "{c}"
        );
        assert!(
            in_process.iter().any(|r| r["compression"] == c
                && (r["medium"] == "file-cold" || r["medium"] == "file-cold-unverified")),
            "{c} cold"
        );
    }
    assert!(results
        .iter()
        .all(|r| r["items"] == 2000 && r["verified"] == true));
    for needle in [
        "device read bandwidth",
        "break-even",
        "seed conclusion 2",
        "compression",
    ] {
        assert!(text.contains(needle), "missing {needle:?}:\n{text}");
    }
}

#[test]
fn throttle_must_be_positive_and_is_recorded() {
    encbench()
        .args(["run", "logs", "--throttle", "0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--throttle"));
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("t.json");
    encbench()
        .args([
            "run",
            "logs",
            "--codec",
            "lines/count",
            "--throttle",
            "50",
            "--items",
            "1000",
            "--samples",
            "2",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("at a simulated 50 MB/s device"));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert!(!results.is_empty());
    assert!(results
        .iter()
        .all(|r| r["throttle_mb_per_s"] == 50.0 && r["codec"] == "lines/count"));
}

#[test]
fn read_sizes_covers_syscall_per_line_to_16m_chunks_and_mmap() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("rs.json");
    encbench()
        .args([
            "run",
            "read-sizes",
            "--items",
            "1000",
            "--samples",
            "2",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let codecs = codecs_of(&doc);
    assert_eq!(codecs.len(), 22);
    for id in [
        "read/syscall-90b",
        "read/chunk-4k",
        "read/chunk-16m",
        "read/bufread-lines",
        "read/whole",
        "read/mmap",
    ] {
        assert_eq!(codecs.iter().filter(|c| **c == id).count(), 2, "{id}");
    }
}

#[test]
fn scaling_sweeps_the_seed_sizes_and_fits_a_model() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("sc.json");
    let out = encbench()
        .args([
            "run",
            "scaling",
            "--items",
            "1000",
            "--samples",
            "2",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    // N = 100..1000 (10 sizes) × 4 codecs × 2 media, plus as many rows for
    // each SIMD decoder this CPU runs.
    let simd: Vec<&str> = results
        .iter()
        .filter_map(|r| r["codec"].as_str())
        .filter(|c| c.starts_with("text/csv-bytes-simd-"))
        .collect();
    assert_eq!(results.len() - simd.len(), 80);
    for c in &simd {
        assert_eq!(simd.iter().filter(|s| *s == c).count(), 20, "{c}");
    }
    let seeded = results
        .iter()
        .find(|r| {
            r["dataset"] == "n=100"
                && r["codec"] == "text/csv-strings"
                && r["medium"] == "file-warm"
        })
        .unwrap();
    assert_eq!(seeded["seed_reference"]["value"], 14.03);
    assert!(text.contains("best fit"), "{text}");
    assert!(text.contains("time per item"), "{text}");
    assert!(doc["comparisons"].as_array().unwrap().len() >= 8);
}

mod history {
    use super::*;

    fn run_into(db: &std::path::Path, json: &std::path::Path) {
        encbench()
            .args([
                "run",
                "ints",
                "--codec",
                "text/hand-rolled,binary/read-whole",
                "--items",
                "300",
                "--samples",
                "4",
                "--quiet",
                "--db",
            ])
            .arg(db)
            .arg("--json")
            .arg(json)
            .assert()
            .success()
            .stderr(predicate::str::contains("stored as run"));
    }

    #[test]
    fn run_store_show_export_round_trip() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("h.sqlite");
        let ran = dir.path().join("ran.json");
        run_into(&db, &ran);

        encbench()
            .args(["history", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("ints"))
            .stdout(predicate::str::contains("    1  "));

        // show → the very same JSON document the run wrote.
        let shown = dir.path().join("shown.json");
        encbench()
            .args(["show", "last", "--db"])
            .arg(&db)
            .arg("--json")
            .arg(&shown)
            .assert()
            .success()
            .stdout(predicate::str::contains("run 1"))
            .stdout(predicate::str::contains("text/hand-rolled"));
        assert_eq!(std::fs::read(&shown).unwrap(), std::fs::read(&ran).unwrap());

        for (format, needle) in [
            ("json", "\"samples_ns\""),
            ("csv", "scenario,dataset,codec"),
            ("markdown", "## ints"),
            ("html", "<svg"),
        ] {
            encbench()
                .args(["export", "1", "--format", format, "--db"])
                .arg(&db)
                .assert()
                .success()
                .stdout(predicate::str::contains(needle));
        }
        let out = dir.path().join("r.html");
        encbench()
            .args(["export", "1", "--format", "html", "-o"])
            .arg(&out)
            .arg("--db")
            .arg(&db)
            .assert()
            .success();
        assert!(std::fs::read_to_string(&out)
            .unwrap()
            .contains("data-chart=\"bars\""));
        // An existing file is replaced only with --force; the database never.
        let export_to = |path: &std::path::Path, force: bool| {
            let mut cmd = encbench();
            cmd.args(["export", "1", "--format", "csv", "-o"])
                .arg(path)
                .arg("--db")
                .arg(&db);
            if force {
                cmd.arg("--force");
            }
            cmd.assert()
        };
        export_to(&out, false)
            .code(2)
            .stderr(predicate::str::contains("already exists; pass --force"));
        export_to(&out, true).success();
        assert!(std::fs::read_to_string(&out)
            .unwrap()
            .starts_with("scenario,"));
        export_to(&db, true)
            .code(2)
            .stderr(predicate::str::contains(
                "encbench never overwrites its input",
            ));
        encbench()
            .args(["show", "last", "--force", "--db"])
            .arg(&db)
            .arg("--json")
            .arg(&db)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "encbench never overwrites its input",
            ));
        // The history is intact (SQLite may checkpoint its log, so not byte for byte).
        encbench()
            .args(["history", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("    1  "));
    }

    #[test]
    fn compare_two_runs_and_gate_on_regressions() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("h.sqlite");
        run_into(&db, &dir.path().join("a.json"));
        run_into(&db, &dir.path().join("b.json"));
        encbench()
            .args(["compare", "1", "2", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("run 1"))
            .stdout(predicate::str::contains(
                "ints/uniform-300/text/hand-rolled/read/file-warm",
            ));
        // A run compared with itself can never regress.
        encbench()
            .args(["compare", "2", "2", "--fail-on-regression", "0", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("0 regressed"));
    }

    /// Rows that keep no raw samples: a latency regression shown by their
    /// stored intervals fails the gate (no test claimed); a row of one
    /// figure a run is "not comparable", which fails it only with
    /// `--fail-on-not-comparable`.
    #[test]
    fn compare_judges_rows_without_samples_by_their_intervals_or_calls_them_not_comparable() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("h.sqlite");
        let here = dir.path().join("a.json");
        run_into(&db, &here);
        let doc: Value = serde_json::from_slice(&std::fs::read(&here).unwrap()).unwrap();
        // The first row keeps an interval of ±1 % and no samples (as an
        // open-loop latency row); the other three keep one figure each (as
        // Erlang's mstone row).
        let bare = |factor: f64, date: &str| {
            let mut d = doc.clone();
            d["environment"]["date"] = date.into();
            let rows = d["results"].as_array_mut().unwrap();
            for (i, r) in rows.iter_mut().enumerate() {
                let median = r["median_ns"].as_f64().unwrap() * factor;
                let half = if i == 0 { median * 0.01 } else { 0.0 };
                r["median_ns"] = median.into();
                r["ci95_low_ns"] = (median - half).into();
                r["ci95_high_ns"] = (median + half).into();
                r["samples_ns"] = Vec::<f64>::new().into();
            }
            d
        };
        for (name, factor, date) in [
            ("x.json", 1.0, "2026-01-01T00:00:00Z"),
            ("y.json", 1.5, "2026-01-02T00:00:00Z"),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, bare(factor, date).to_string()).unwrap();
            encbench()
                .arg("import")
                .arg(&path)
                .arg("--db")
                .arg(&db)
                .assert()
                .success();
        }
        // Runs 2 and 3: 50 % slower.
        encbench()
            .args(["compare", "2", "3", "--fail-on-regression", "10", "--db"])
            .arg(&db)
            .assert()
            .code(1)
            .stdout(predicate::str::contains("1 regressed"))
            .stdout(predicate::str::contains("3 not comparable"))
            .stderr(predicate::str::contains(
                "1 row(s) regressed by more than 10% (1 in time, beyond their stored median intervals (no test))",
            ))
            .stderr(predicate::str::contains("p < 0.05").not());
        // A run against itself: nothing regressed, three rows not
        // comparable, which fails only when asked.
        encbench()
            .args(["compare", "2", "2", "--fail-on-regression", "10", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("1 unchanged"))
            .stdout(predicate::str::contains("3 not comparable"));
        encbench()
            .args(["compare", "2", "2", "--fail-on-not-comparable", "--db"])
            .arg(&db)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("3 row(s) not comparable"));
    }

    /// This test binary's own encbench, as a `pair` baseline.
    fn own_binary() -> std::path::PathBuf {
        assert_cmd::cargo::cargo_bin("encbench")
    }

    #[test]
    fn pair_runs_two_builds_in_turn_pools_each_side_and_keeps_the_runs() {
        let dir = tempfile::tempdir().unwrap();
        let keep = dir.path().join("runs");
        let args = [
            "--",
            "ints",
            "--codec",
            "text/hand-rolled,binary/read-whole",
            "--items",
            "300",
            "--samples",
            "3",
        ];
        let out = encbench()
            .arg("pair")
            .arg(own_binary())
            .args(["--rounds", "2", "--keep"])
            .arg(&keep)
            .args(args)
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "2 runs of each build, made in turn",
            ))
            .stdout(predicate::str::contains("baseline ×2"))
            .stdout(predicate::str::contains(
                "ints/uniform-300/text/hand-rolled/read/file-warm",
            ));
        // A B, then B A.
        let stderr = String::from_utf8_lossy(&out.get_output().stderr).into_owned();
        let sides: Vec<&str> = stderr
            .lines()
            .filter_map(|l| l.strip_prefix("pair: run "))
            .map(|l| if l.contains("baseline") { "A" } else { "B" })
            .collect();
        assert_eq!(sides, ["A", "B", "B", "A"], "{stderr}");
        // Each side's rows pool the samples of both its runs.
        let kept: Vec<Value> = ["baseline-1", "baseline-2", "candidate-1", "candidate-2"]
            .iter()
            .map(|n| {
                let text = std::fs::read_to_string(keep.join(format!("{n}.json"))).unwrap();
                serde_json::from_str(&text).unwrap()
            })
            .collect();
        assert!(kept
            .iter()
            .all(|d| !d["results"].as_array().unwrap().is_empty()));
        // Kept runs are judged again without running anything: the
        // baseline's runs on both sides never regress; a candidate 20×
        // slower in both its runs fails the gate.
        let judged = |name: &str, factor: f64| {
            let at = dir.path().join(name);
            std::fs::create_dir(&at).unwrap();
            for n in 1..=2 {
                let base = &kept[n - 1];
                let mut slower = base.clone();
                for r in slower["results"].as_array_mut().unwrap() {
                    for key in ["median_ns", "ci95_low_ns", "ci95_high_ns"] {
                        r[key] = (r[key].as_f64().unwrap() * factor).into();
                    }
                    let samples: Vec<f64> = r["samples_ns"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_f64().unwrap() * factor)
                        .collect();
                    r["samples_ns"] = samples.into();
                }
                std::fs::write(at.join(format!("baseline-{n}.json")), base.to_string()).unwrap();
                std::fs::write(at.join(format!("candidate-{n}.json")), slower.to_string()).unwrap();
            }
            let mut cmd = encbench();
            cmd.args(["pair", "--fail-on-regression", "10", "--from"])
                .arg(&at);
            cmd
        };
        judged("same", 1.0)
            .assert()
            .success()
            .stdout(predicate::str::contains("baseline ×2"))
            .stdout(predicate::str::contains("0 regressed"))
            .stderr(predicate::str::contains("pair: run").not());
        judged("slower", 20.0)
            .assert()
            .code(1)
            .stderr(predicate::str::contains("regressed by more than 10%"));
        encbench()
            .args(["pair", "--from"])
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "no baseline-1.json and candidate-1.json",
            ));
        // The kept runs are never replaced.
        encbench()
            .arg("pair")
            .arg(own_binary())
            .arg("--keep")
            .arg(&keep)
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("baseline-1.json exists"));
    }

    #[test]
    fn pair_refuses_a_missing_baseline_its_own_flags_and_a_failing_run() {
        encbench()
            .args(["pair", "/nonexistent/encbench", "--", "ints"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "BASELINE /nonexistent/encbench: no such file",
            ));
        encbench()
            .arg("pair")
            .arg(own_binary())
            .args(["--", "ints", "--json", "x.json"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--json: pair sets it"));
        encbench()
            .arg("pair")
            .arg(own_binary())
            .args(["--rounds", "1", "--", "no-such-scenario"])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("baseline run 1 of 2"))
            .stderr(predicate::str::contains(
                "unknown scenario 'no-such-scenario'",
            ));
    }

    #[test]
    fn import_keeps_another_machines_run_and_compare_normalises_across_machines() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("h.sqlite");
        let here = dir.path().join("here.json");
        run_into(&db, &here);
        // The same run as if made on another machine, twice as slow at everything.
        let mut doc: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&here).unwrap()).unwrap();
        doc["environment"]["cpu_model"] = "Elsewhere CPU 9000".into();
        doc["environment"]["date"] = "2026-01-01T00:00:00Z".into();
        doc["environment"]["engine"]["empty_body_ns"] = (doc["environment"]["engine"]
            ["empty_body_ns"]
            .as_f64()
            .unwrap()
            * 2.0)
            .into();
        for row in doc["results"].as_array_mut().unwrap() {
            for key in [
                "median_ns",
                "ci95_low_ns",
                "ci95_high_ns",
                "mean_ns",
                "min_ns",
                "max_ns",
            ] {
                row[key] = (row[key].as_f64().unwrap() * 2.0).into();
            }
            let samples: Vec<f64> = row["samples_ns"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_f64().unwrap() * 2.0)
                .collect();
            row["samples_ns"] = samples.into();
        }
        let there = dir.path().join("there.json");
        std::fs::write(&there, serde_json::to_vec(&doc).unwrap()).unwrap();
        let import = |file: &std::path::Path| {
            encbench()
                .arg("import")
                .arg(file)
                .arg("--db")
                .arg(&db)
                .assert()
        };
        import(&there)
            .success()
            .stdout(predicate::str::contains("stored as run 2"))
            .stdout(predicate::str::contains("Elsewhere CPU 9000"));
        // The same file again is recognised, not stored twice.
        import(&there)
            .success()
            .stdout(predicate::str::contains("already in the history as run 2"));
        encbench()
            .args(["show", "2", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("Elsewhere CPU 9000"));
        // 2× slower raw, unchanged relative to each machine's own engine.
        encbench()
            .args(["compare", "1", "2", "--fail-on-regression", "5", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("different machines: run 1 ran on"))
            .stdout(predicate::str::contains("the engine's empty-body time"))
            .stdout(predicate::str::contains("+100.0%"))
            .stdout(predicate::str::contains("0 regressed"));
        // Side by side: the stored run and the other machine's file agree
        // (everything twice as slow keeps every ratio).
        let page = dir.path().join("machines.html");
        encbench()
            .args(["report", "1"])
            .arg(&there)
            .arg("--html")
            .arg(&page)
            .arg("--db")
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("[1] run 1: "))
            .stdout(predicate::str::contains("there.json: Elsewhere CPU 9000"))
            .stdout(predicate::str::contains("0 flip between machines"))
            .stdout(predicate::str::contains("agree"));
        let html = std::fs::read_to_string(&page).unwrap();
        assert!(html.contains("answers per machine") && html.contains("Elsewhere CPU 9000"));
        // Text made 1000× faster on one machine and 1000× slower on another: the
        // "text is 10× binary" verdict flips between them.
        let scaled = |factor: f64, name: &str| {
            let mut d = doc.clone();
            for row in d["results"].as_array_mut().unwrap() {
                if row["codec"].as_str().unwrap().starts_with("text/") {
                    for key in ["median_ns", "ci95_low_ns", "ci95_high_ns"] {
                        row[key] = (row[key].as_f64().unwrap() * factor).into();
                    }
                    let samples: Vec<f64> = row["samples_ns"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|x| x.as_f64().unwrap() * factor)
                        .collect();
                    row["samples_ns"] = samples.into();
                }
            }
            // An older document without conclusions: report answers from its rows.
            d.as_object_mut().unwrap().remove("conclusions");
            let path = dir.path().join(name);
            std::fs::write(&path, serde_json::to_vec(&d).unwrap()).unwrap();
            path
        };
        let fast = scaled(1e-3, "fast-text.json");
        let slow = scaled(1e3, "slow-text.json");
        encbench()
            .arg("report")
            .arg(&fast)
            .arg(&slow)
            .assert()
            .success()
            .stdout(predicate::str::contains("FLIPS"))
            .stdout(predicate::str::contains("[1] ✗ does not hold"))
            .stdout(predicate::str::contains("[2] ✓ holds"));
        // The page is not overwritten without --force, and one run is not a comparison.
        encbench()
            .arg("report")
            .arg(&fast)
            .arg(&slow)
            .arg("--html")
            .arg(&page)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("already exists; pass --force"));
        encbench().arg("report").arg(&fast).assert().code(2);
        // Not a results document: a clear error, nothing stored.
        let junk = dir.path().join("junk.json");
        std::fs::write(&junk, "{\"hello\": 1}").unwrap();
        import(&junk).code(2).stderr(predicate::str::contains(
            "junk.json: not an encbench results document",
        ));
        std::fs::write(&junk, "{\"schema\": 99}").unwrap();
        import(&junk)
            .code(2)
            .stderr(predicate::str::contains("a results document of layout 99"));
        encbench()
            .args(["history", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("    2  "))
            .stdout(predicate::str::contains("    3  ").not());
    }

    #[test]
    fn reading_commands_never_create_a_database() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("no/such/dir/h.sqlite");
        for args in [
            &["history"][..],
            &["show", "last"],
            &["export", "last", "--format", "json"],
            &["compare", "1", "2"],
        ] {
            encbench()
                .args(args)
                .arg("--db")
                .arg(&db)
                .assert()
                .code(2)
                .stderr(predicate::str::contains("no history database at"));
        }
        assert!(!dir.path().join("no").exists(), "nothing was created");
    }

    #[test]
    fn unknown_runs_and_bad_formats_are_usage_errors() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("h.sqlite");
        // An empty file is an empty SQLite database (reading commands create none).
        std::fs::write(&db, b"").unwrap();
        encbench()
            .args(["show", "99", "--db"])
            .arg(&db)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("no run 99"));
        encbench()
            .args(["show", "last", "--db"])
            .arg(&db)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("no run last"));
        encbench()
            .args(["export", "1", "--format", "pdf", "--db"])
            .arg(&db)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("pdf"));
        encbench()
            .args(["history", "--db"])
            .arg(&db)
            .assert()
            .success()
            .stdout(predicate::str::contains("no runs stored yet"));
    }
}

#[test]
fn ctrl_c_removes_generated_files() {
    let tmp = tempfile::tempdir().unwrap();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("encbench"))
        .args([
            "run",
            "logs",
            "--items",
            "400000",
            "--samples",
            "50",
            "--quiet",
            "--no-store",
        ])
        .env("TMPDIR", tmp.path())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let scratch_exists = || {
        std::fs::read_dir(tmp.path()).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with("encbench-logs-")
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while !scratch_exists() {
        assert!(
            std::time::Instant::now() < deadline,
            "the run never created its scratch directory"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(130), "{exit:?}");
    assert!(
        !scratch_exists(),
        "scratch directory left behind after Ctrl-C"
    );
}

#[test]
fn workers_report_their_language_and_runtime_beside_rust() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("w.json");
    let out = encbench()
        .args(["run", "ints", "int-codecs", "--codec", "c/fscanf,c/read-chunked,go/put-uint64,go/binary-write,python/struct,int64/le-bytes,text/fscanf"])
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    let notes = doc["notes"].to_string();
    for (codec, language) in [
        ("c/fscanf", "c"),
        ("go/put-uint64", "go"),
        ("python/struct", "python"),
        ("text/fscanf", "rust"),
    ] {
        match results.iter().find(|r| r["codec"] == codec) {
            Some(r) => {
                assert_eq!(r["language"], language, "{codec}");
                assert_eq!(r["verified"], true);
                if language != "rust" {
                    assert!(
                        r["runtime"].as_str().is_some_and(|s| !s.is_empty()),
                        "{codec} has no runtime"
                    );
                }
            }
            None => {
                // Only acceptable when the toolchain is missing, and then the run says so.
                assert!(
                    std::env::var_os("CI").is_none(),
                    "{codec} missing in CI: {notes}"
                );
                assert!(
                    notes.contains(&format!("{language} rows skipped")),
                    "{codec} neither measured nor explained: {notes}"
                );
            }
        }
    }
    let c = results.iter().find(|r| r["codec"] == "c/fscanf");
    if let Some(c) = c {
        assert_eq!(c["seed_reference"]["value"], 6000.0);
        assert!(text.contains("c/fscanf ÷ c/read-chunked"), "{text}");
    }
}

#[test]
fn codecs_matrix_round_trips_every_dataset_and_compresses() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("c.json");
    encbench()
        .args([
            "run",
            "codecs",
            "--items",
            "60",
            "--samples",
            "2",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("Pareto frontier"))
        .stdout(predicate::str::contains("sorted by decode time"))
        .stdout(predicate::str::contains("zero-copy access"));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert!(
        doc["failures"].as_array().unwrap().is_empty(),
        "{}",
        doc["failures"]
    );
    let codecs_of = |dataset: &str| -> Vec<&str> {
        let mut ids: Vec<&str> = results
            .iter()
            .filter(|r| r["dataset"] == dataset && r["operation"] == "decode")
            .map(|r| r["codec"].as_str().unwrap())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        ids
    };
    // Flat datasets get every codec; nested orders every codec but CSV, with a note.
    let logs = codecs_of("logs-60");
    let orders = codecs_of("orders-30");
    assert!(logs.len() >= 16, "{logs:?}");
    assert_eq!(codecs_of("telemetry-60"), logs);
    let without_csv: Vec<&str> = logs
        .iter()
        .copied()
        .filter(|c| *c != "record/csv")
        .collect();
    assert_eq!(orders, without_csv);
    assert!(doc["notes"]
        .as_array()
        .unwrap()
        .iter()
        .any(|n| n.as_str().unwrap().contains("record/csv not measured")));
    // Zero-copy views are their own `access` rows.
    assert!(results
        .iter()
        .any(|r| r["codec"] == "record/rkyv-view" && r["operation"] == "access"));
    for dataset in ["logs-60", "telemetry-60", "orders-30"] {
        let rows: Vec<&Value> = results.iter().filter(|r| r["dataset"] == dataset).collect();
        for codec in [
            "record/json",
            "record/json-lines",
            "record/bincode",
            "record/postcard",
        ] {
            for op in ["encode", "decode"] {
                assert!(
                    rows.iter().any(|r| r["codec"] == codec
                        && r["operation"] == op
                        && r["compression"] == "none"),
                    "{dataset} {codec} {op}"
                );
            }
            for c in ["lz4", "zstd-3"] {
                assert!(
                    rows.iter().any(|r| r["codec"] == codec
                        && r["operation"] == "decompress"
                        && r["compression"] == c),
                    "{dataset} {codec} {c}"
                );
            }
        }
    }
    assert!(results.iter().all(|r| r["verified"] == true));
}

#[test]
fn compress_picks_compressors_and_levels_and_refuses_unknown_ones() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("z.json");
    encbench()
        .args([
            "run",
            "codecs",
            "--codec",
            "record/postcard",
            "--compress",
            "zstd-19,brotli",
        ])
        .args([
            "--items",
            "40",
            "--samples",
            "2",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let mut used: Vec<&str> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["compression"].as_str().unwrap())
        .collect();
    used.sort_unstable();
    used.dedup();
    assert_eq!(used, ["brotli-9", "none", "zstd-19"]);
    encbench()
        .args(["run", "codecs", "--compress", "zstd-x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown compressor 'zstd-x'"));
}

#[test]
fn codec_globs_select_families_and_unmatched_globs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("g.json");
    encbench()
        .args(["run", "ints", "--codec", "binary/*"])
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let codecs = codecs_of(&doc);
    assert!(
        !codecs.is_empty() && codecs.iter().all(|c| c.starts_with("binary/")),
        "{codecs:?}"
    );
    encbench()
        .args(["run", "ints", "--codec", "record/*"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--codec 'record/*' matches no codec",
        ));
}

#[test]
fn a_closed_stdout_ends_the_program_quietly() {
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("encbench"))
        .arg("list")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Close our end before it writes, as `encbench list | head -0` would.
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn language_filter_keeps_other_languages_rows_and_reads_formats_across_them() {
    encbench()
        .args(["run", "codecs", "--language", "klingon", "--no-store"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown language 'klingon'"));
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("l.json");
    let run = encbench()
        .args([
            "run",
            "codecs",
            "--language",
            "go,python",
            "--items",
            "40",
            "--samples",
            "2",
        ])
        .args(["--quiet", "--no-store", "--json"])
        .arg(&json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let results = doc["results"].as_array().unwrap();
    assert!(results
        .iter()
        .all(|r| r["language"] == "go" || r["language"] == "python"));
    if results.is_empty() {
        // No record worker on this machine: said, and refused under CI.
        let notes = doc["notes"].to_string();
        assert!(notes.contains("rows skipped"), "{notes}");
        assert!(
            std::env::var_os("CI").is_none(),
            "CI has the record workers: {notes}"
        );
        return;
    }
    assert!(
        doc["failures"].as_array().unwrap().is_empty(),
        "{}",
        doc["failures"]
    );
    // Rust is filtered out of the rows, not out of the table across languages.
    let pairs = doc["compatibility"].as_array().unwrap();
    assert!(pairs.iter().any(|p| p["encoder_language"] == "rust"));
    assert!(pairs
        .iter()
        .all(|p| p["encoder_language"] != p["decoder_language"]));
    let stdout = String::from_utf8_lossy(&run.get_output().stdout).to_string();
    assert!(stdout.contains("━━ across languages ━━"), "{stdout}");
    assert!(
        stdout.contains("language"),
        "the matrix names each row's language"
    );
}
