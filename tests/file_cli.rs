//! `encbench file`, end to end on the vendored public files and small
//! malformed ones.

use assert_cmd::Command;
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn encbench() -> Command {
    let mut cmd = Command::cargo_bin("encbench").expect("binary builds");
    // Never touch the real history: a run that forgets --no-store fails loudly.
    cmd.env(
        "ENCBENCH_DB",
        "/dev/null/encbench-tests-must-not-store/history.sqlite",
    );
    cmd
}

fn public(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/public")
        .join(name)
}

/// Few samples, lz4 only: these tests check behaviour, not speed.
const TINY: [&str; 6] = [
    "--samples",
    "2",
    "--compress",
    "lz4",
    "--quiet",
    "--no-store",
];

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn measures_a_public_csv_and_recommends_with_a_reason_in_the_json() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("out.json");
    encbench()
        .arg("file")
        .arg(public("iowa-electricity.csv"))
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("net_generation  int32"))
        .stdout(predicate::str::contains("source          dictionary"))
        .stdout(predicate::str::contains(
            "Pareto frontier (size vs decode time): ",
        ))
        .stdout(predicate::str::contains(
            "Recommended (--optimize balanced): ",
        ));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rec = &doc["recommendation"];
    assert!(
        rec["codec"].is_string() && rec["compression"].is_string(),
        "{rec}"
    );
    assert!(rec["reason"].as_str().unwrap().ends_with('.'));
    let results = doc["results"].as_array().unwrap();
    for id in [
        "file/original",
        "file/csv",
        "file/jsonl",
        "file/msgpack",
        "file/cbor",
        "file/avro",
        "file/protobuf",
        "file/postcard",
        "file/bincode",
        "file/arrow",
        "file/parquet",
    ] {
        assert!(
            results
                .iter()
                .any(|r| r["codec"] == id && r["operation"] == "decode"),
            "{id}"
        );
    }
    assert!(results
        .iter()
        .all(|r| r["scenario"] == "file" && r["verified"] == true));
    assert!(results.iter().any(|r| r["compression"] == "lz4"));
}

#[test]
fn optimize_size_picks_the_smallest_measured_choice() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("out.json");
    encbench()
        .arg("file")
        .arg(public("iris.jsonl"))
        .args(TINY)
        .args(["--optimize", "size", "--link-bandwidth", "100", "--json"])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("JSON Lines"))
        .stdout(predicate::str::contains("decode+move"));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let smallest = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["operation"] == "decode" || r["operation"] == "compress")
        .map(|r| r["encoded_bytes"].as_u64().unwrap())
        .min()
        .unwrap();
    let rec = &doc["recommendation"];
    assert_eq!(rec["objective"], "size");
    assert_eq!(rec["link_mb_per_s"], 100.0);
    let picked = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| {
            r["codec"].as_str().unwrap() == format!("file/{}", rec["codec"].as_str().unwrap())
                && r["operation"]
                    == if rec["compression"] == "none" {
                        "decode"
                    } else {
                        "compress"
                    }
                && (rec["compression"] == "none" || r["compression"] == rec["compression"])
        })
        .unwrap();
    assert_eq!(picked["encoded_bytes"].as_u64().unwrap(), smallest);
}

#[test]
fn convert_round_trips_every_format_and_never_overwrites_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = public("seattle-weather.csv");
    for format in [
        "csv",
        "jsonl",
        "msgpack",
        "cbor",
        "avro",
        "protobuf",
        "postcard",
        "bincode",
        "arrow",
        "parquet",
        "parquet+zstd-3",
        "csv+gzip-6",
    ] {
        let out = dir.path().join(format!("weather.{format}"));
        encbench()
            .arg("file")
            .arg(&input)
            .args(["--quiet", "--convert", format, "-o"])
            .arg(&out)
            .assert()
            .success()
            .stdout(predicate::str::contains("1461 rows"))
            .stdout(predicate::str::contains(
                "read back and compared row by row: identical",
            ));
        assert!(std::fs::metadata(&out).unwrap().len() > 0, "{format}");
    }
    let out = dir.path().join("weather.csv");
    let before = std::fs::read(&out).unwrap();
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--quiet", "--convert", "jsonl", "-o"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "already exists; pass --force to replace it",
        ));
    assert_eq!(std::fs::read(&out).unwrap(), before);
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--quiet", "--convert", "jsonl", "--force", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert_ne!(std::fs::read(&out).unwrap(), before);
    // The converted CSV, read as input, has the same rows.
    encbench()
        .arg("file")
        .arg(dir.path().join("weather.csv"))
        .args(["--quiet", "--convert", "parquet", "-o"])
        .arg(dir.path().join("again.parquet"))
        .assert()
        .success()
        .stdout(predicate::str::contains("1461 rows"));
    // No temporary files are left beside the outputs.
    let leftovers = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".encbench")
        })
        .count();
    assert_eq!(leftovers, 0);
}

#[test]
fn convert_refuses_the_input_as_output_and_unknown_formats() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a.csv", b"a,b\n1,2\n");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--quiet", "--convert", "csv", "--force", "-o"])
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "is the input file; encbench never modifies its input",
        ));
    assert_eq!(std::fs::read(&input).unwrap(), b"a,b\n1,2\n");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "xml", "-o", "x"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--convert: unknown format 'xml'; known: csv, jsonl",
        ));
}

#[test]
fn convert_recommended_writes_the_recommendation() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("best");
    encbench()
        .arg("file")
        .arg(public("iowa-electricity.csv"))
        .args(TINY)
        .args(["--optimize", "decode", "--convert", "recommended", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("51 rows"))
        .stdout(predicate::str::contains("identical"));
    assert!(out.exists());
}

#[test]
fn bad_inputs_get_clear_messages_and_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let cases: [(&str, &[u8], &str); 5] = [
        ("empty.csv", b"", "empty.csv: the file is empty"),
        (
            "blob.csv",
            b"a,b\n\x00\x01\x02",
            "looks like a binary file (a NUL byte at byte 4)",
        ),
        (
            "rows.csv",
            b"a,b\n1,2\n3\n",
            "rows.csv: line 3, field 2: expected 2 fields, found 1: `3`",
        ),
        (
            "bad.jsonl",
            b"{\"a\": 1}\n{\"a\": }\n",
            "bad.jsonl: line 2, column 7: invalid JSON: ",
        ),
        (
            "types.csv",
            b"a,b\n1,2\n1,x\n",
            "types.csv: line 3, field 2: column 'b': 'x' is not an int32: `x`",
        ),
    ];
    let schema = write(
        dir.path(),
        "schema.json",
        br#"[{"name":"a","type":"int8"},{"name":"b","type":"int32"}]"#,
    );
    for (name, bytes, message) in cases {
        let path = write(dir.path(), name, bytes);
        let mut cmd = encbench();
        cmd.arg("file").arg(&path).args(TINY);
        if name == "types.csv" {
            cmd.arg("--schema").arg(&schema);
        }
        cmd.assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
    encbench()
        .args(["file", "/nonexistent/flights.csv", "--no-store"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "/nonexistent/flights.csv: no such file",
        ));
}

#[test]
fn skip_bad_counts_and_reports_the_skipped_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = write(dir.path(), "rows.csv", b"a,b\n1,2\n3\n4,5\n6,7,8\n");
    encbench()
        .arg("file")
        .arg(&path)
        .args(TINY)
        .arg("--skip-bad")
        .assert()
        .success()
        .stdout(predicate::str::contains("2 rows, 2 malformed rows skipped"))
        .stdout(predicate::str::contains(
            "note: file: 2 malformed rows skipped (--skip-bad)",
        ));
}

#[test]
fn compressed_and_sampled_inputs_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read(public("seattle-weather.csv")).unwrap();
    let packed = write(dir.path(), "weather.csv.zst", &zstd_bytes(&text));
    encbench()
        .arg("file")
        .arg(&packed)
        .args(TINY)
        .args(["--sample-mb", "0.01"])
        .assert()
        .success()
        .stdout(predicate::str::contains("zstd-compressed"))
        .stdout(predicate::str::contains(
            "measured on a seeded sample of 306 of 1461 rows",
        ));
}

fn zstd_bytes(text: &[u8]) -> Vec<u8> {
    zstd::encode_all(text, 3).unwrap()
}

#[test]
fn convert_keeps_numbers_a_float_would_round_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let text = "id,big,fine\n1,12345678901234567890,0.12345678901234567890123\n2,7,0.5\n";
    let input = write(dir.path(), "wide.csv", text.as_bytes());
    let out = dir.path().join("out.csv");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--quiet", "--convert", "csv", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("identical"));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("12345678901234567890"), "{written}");
    assert!(written.contains("0.12345678901234567890123"), "{written}");
    // As text columns, the digits are stored verbatim (a float64 would hold 8 bytes).
    let parquet = dir.path().join("out.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--quiet", "--convert", "parquet", "-o"])
        .arg(&parquet)
        .assert()
        .success()
        .stdout(predicate::str::contains("identical"));
    let bytes = std::fs::read(&parquet).unwrap();
    for digits in [&b"12345678901234567890"[..], b"0.12345678901234567890123"] {
        assert!(bytes.windows(digits.len()).any(|w| w == digits));
    }
}

#[test]
fn convert_recommended_checks_its_output_before_measuring() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a.csv", b"a,b\n1,2\n3,4\n");
    let out = write(dir.path(), "taken", b"keep me");
    for (output, message) in [
        (&out, "already exists; pass --force to replace it"),
        (
            &input,
            "is the input file; encbench never modifies its input",
        ),
    ] {
        encbench()
            .arg("file")
            .arg(&input)
            .args(TINY)
            .args(["--convert", "recommended", "-o"])
            .arg(output)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message))
            // Refused before reading: no schema, no table of measurements.
            .stdout(predicate::str::contains("schema").not())
            .stdout(predicate::str::contains("Pareto").not());
    }
    assert_eq!(std::fs::read(&out).unwrap(), b"keep me");
}
