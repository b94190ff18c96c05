//! `encbench file`, end to end on the vendored public files and small
//! malformed ones.

mod common;

use common::{encbench, run_python, written_by_python, TINY};
use predicates::prelude::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn public(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/public")
        .join(name)
}

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
fn optimize_size_picks_the_smallest_measured_choice_the_readers_can_read() {
    let dir = tempfile::tempdir().unwrap();
    // The smallest encoded size among the rows whose codec passes `keep`.
    let smallest = |doc: &Value, keep: &dyn Fn(&str) -> bool| {
        doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["operation"] == "decode" || r["operation"] == "compress")
            .filter(|r| keep(r["codec"].as_str().unwrap().trim_start_matches("file/")))
            .map(|r| r["encoded_bytes"].as_u64().unwrap())
            .min()
            .unwrap()
    };
    let picked_size = |doc: &Value| {
        let rec = &doc["recommendation"];
        doc["results"]
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
            .unwrap()["encoded_bytes"]
            .as_u64()
            .unwrap()
    };
    let run = |readers: &str, json: &Path| {
        encbench()
            .arg("file")
            .arg(public("iris.jsonl"))
            .args(TINY)
            .args([
                "--optimize",
                "size",
                "--link-bandwidth",
                "100",
                "--readers",
                readers,
            ])
            .arg("--json")
            .arg(json)
            .assert()
            .success()
    };
    // Rust readers can read every format: the smallest of all wins.
    let json = dir.path().join("rust.json");
    run("rust", &json)
        .stdout(predicate::str::contains("JSON Lines"))
        .stdout(predicate::str::contains("decode+move"))
        .stdout(predicate::str::contains("× measured").not());
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rec = &doc["recommendation"];
    assert_eq!(rec["objective"], "size");
    assert_eq!(rec["link_mb_per_s"], 100.0);
    assert_eq!(picked_size(&doc), smallest(&doc, &|_| true));
    // The default readers (Python, Java, Go) never get a Rust-only format.
    let json = dir.path().join("default.json");
    run("python,java,go", &json).stdout(predicate::str::contains(
        "× measured, not recommended to readers in python, java, go: ",
    ));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let codec = doc["recommendation"]["codec"].as_str().unwrap().to_string();
    assert!(codec != "postcard" && codec != "bincode", "{codec}");
    let readable = |c: &str| c != "postcard" && c != "bincode";
    assert_eq!(picked_size(&doc), smallest(&doc, &readable));
    encbench()
        .arg("file")
        .arg(public("iris.jsonl"))
        .args(["--readers", "python,cobol"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown reader 'cobol'"));
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
            .args(["--convert", format, "-o"])
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
        .args(["--convert", "jsonl", "-o"])
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
        .args(["--convert", "jsonl", "--force", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert_ne!(std::fs::read(&out).unwrap(), before);
    // The converted CSV, read as input, has the same rows.
    encbench()
        .arg("file")
        .arg(dir.path().join("weather.csv"))
        .args(["--convert", "parquet", "-o"])
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
        .args(["--convert", "csv", "--force", "-o"])
        .arg(&input)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "encbench never overwrites its input",
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
        .stdout(predicate::str::contains("47.8 KB of text, 1461 rows"))
        .stdout(predicate::str::contains(" of 1461 rows, "))
        .stdout(predicate::str::contains(
            "drawn by a seeded reservoir over one streaming pass",
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
        .args(["--convert", "csv", "-o"])
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
        .args(["--convert", "parquet", "-o"])
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
        (&input, "encbench never overwrites its input"),
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

/// A CSV of `rows` rows with quoted commas, quotes and newlines in it.
fn quoted_csv(dir: &Path, name: &str, rows: usize) -> PathBuf {
    let mut text = String::from("id,when,note,score\n");
    for i in 0..rows {
        text.push_str(&format!(
            "{i},2024-03-{:02}T10:{:02}:00Z,\"note {i}, \"\"quoted\"\"\nsecond line\",{}.25\n",
            1 + i % 28,
            i % 60,
            i % 1000
        ));
    }
    write(dir, name, text.as_bytes())
}

#[test]
fn exports_never_overwrite_the_input_even_through_links() {
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a.csv", b"a,b\n1,2\n3,4\n");
    let soft = dir.path().join("soft.csv");
    std::os::unix::fs::symlink(&input, &soft).unwrap();
    let hard = dir.path().join("hard.csv");
    std::fs::hard_link(&input, &hard).unwrap();
    for (flag, target) in [
        ("--csv", &input),
        ("--json", &soft),
        ("--markdown", &hard),
        ("--html", &input),
    ] {
        encbench()
            .arg("file")
            .arg(&input)
            .args(TINY)
            .args(["--force", flag])
            .arg(target)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "encbench never overwrites its input",
            ))
            .stdout(predicate::str::contains("schema").not());
    }
    // The input through a link is the input too; --db as well.
    encbench()
        .arg("file")
        .arg(&soft)
        .args(["--samples", "2", "--compress", "lz4"])
        .arg("--db")
        .arg(&hard)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "encbench never overwrites its input",
        ));
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--force", "--convert", "csv", "-o"])
        .arg(&hard)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "encbench never overwrites its input",
        ));
    assert_eq!(std::fs::read(&input).unwrap(), b"a,b\n1,2\n3,4\n");
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 3);
}

#[test]
fn an_existing_export_is_replaced_only_with_force_and_lands_with_umask_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let input = write(dir.path(), "a.csv", b"a,b\n1,2\n3,4\n");
    let csv = write(dir.path(), "results.csv", b"mine");
    let run = |force: bool| {
        let mut cmd = encbench();
        cmd.arg("file")
            .arg(&input)
            .args(TINY)
            .arg("--csv")
            .arg(&csv);
        if force {
            cmd.arg("--force");
        }
        cmd.assert()
    };
    run(false).code(2).stderr(predicate::str::contains(
        "results.csv: already exists; pass --force to replace it",
    ));
    assert_eq!(std::fs::read(&csv).unwrap(), b"mine");
    run(true).success();
    assert!(std::fs::read_to_string(&csv)
        .unwrap()
        .starts_with("scenario,"));
    // Permissions of a plain new file (the umask applied), not a temp file's 0600.
    let fresh = dir.path().join("fresh");
    std::fs::write(&fresh, b"").unwrap();
    let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&csv), mode(&fresh));
    let out = dir.path().join("a.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "-o"])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(mode(&out), mode(&fresh));
}

#[test]
fn ctrl_c_during_convert_leaves_no_output_and_no_temporary_file() {
    let dir = tempfile::tempdir().unwrap();
    // Large enough that the conversion is still running when the signal lands.
    let input = quoted_csv(dir.path(), "big.csv", 1_000_000);
    let out = dir.path().join("big.parquet");
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("encbench"))
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet+zstd-3", "-o"])
        .arg(&out)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let temp_exists = || {
        std::fs::read_dir(dir.path()).unwrap().any(|e| {
            e.unwrap()
                .file_name()
                .to_string_lossy()
                .starts_with(".encbench-")
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    while !temp_exists() {
        assert!(
            std::time::Instant::now() < deadline,
            "the conversion never created its temporary file"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    std::thread::sleep(std::time::Duration::from_millis(20));
    let status = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert_eq!(exit.code(), Some(130), "{exit:?}");
    assert!(!out.exists(), "no output after Ctrl-C");
    assert!(!temp_exists(), "temporary file left behind after Ctrl-C");
}

#[test]
fn a_decompression_bomb_is_refused_from_its_first_bytes() {
    use std::io::Write as _;
    let dir = tempfile::tempdir().unwrap();
    // 256 MiB of zeros in about 256 KB: refused on the head, never inflated whole.
    let path = dir.path().join("zeros.csv.gz");
    let mut gz = flate2::write::GzEncoder::new(
        std::fs::File::create(&path).unwrap(),
        flate2::Compression::fast(),
    );
    let block = vec![0u8; 1 << 20];
    for _ in 0..256 {
        gz.write_all(&block).unwrap();
    }
    gz.finish().unwrap();
    let started = std::time::Instant::now();
    encbench()
        .arg("file")
        .arg(&path)
        .args(TINY)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "looks like a binary file (a NUL byte at byte 0)",
        ));
    // Inflating all of it in a debug build takes far longer than reading the head.
    assert!(started.elapsed() < std::time::Duration::from_secs(60));
}

#[test]
fn a_quoted_newline_csv_is_sampled_from_the_middle_in_whole_rows() {
    let dir = tempfile::tempdir().unwrap();
    let input = quoted_csv(dir.path(), "q.csv", 40_000);
    let json = dir.path().join("q.json");
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .args(["--sample-mb", "0.3", "--json"])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            " rows (estimated from the sample)",
        ))
        .stdout(predicate::str::is_match(r"note +string +no").unwrap())
        .stdout(predicate::str::contains(
            "runs of whole rows at evenly spread offsets",
        ))
        .stdout(predicate::str::contains("offsets skipped").not());
    // Every candidate, the original text included, read back the sample exactly.
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(doc["failures"].as_array().unwrap().len(), 0);
}

#[test]
fn convert_starts_again_from_every_row_when_the_sample_schema_does_not_fit() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::from("id,small\n");
    for i in 0..400_000 {
        let small = if i == 310_000 { 300 } else { i % 100 };
        text.push_str(&format!("{i},{small}\n"));
    }
    let input = write(dir.path(), "wide.csv", text.as_bytes());
    let out = dir.path().join("wide.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "--sample-mb", "0.05", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("≈").and(predicate::str::contains(
            "inferred from a sample of rows; a row that does not fit it starts the conversion again",
        )))
        .stdout(predicate::str::contains(
            "inferred from every row, as the sample's schema does not fit",
        ))
        .stdout(predicate::str::contains(
            "line 310002, field 2: column 'small': '300' is not an int8",
        ))
        .stdout(predicate::str::contains("small   int16"))
        .stdout(predicate::str::contains(
            "parquet, 400000 rows",
        ));
    // The first attempt left nothing behind.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn optimize_query_ranks_a_columnar_format_first_on_a_wide_table() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = (0..24)
        .map(|c| format!("c{c}"))
        .collect::<Vec<_>>()
        .join(",");
    text.push('\n');
    for r in 0..3000 {
        let row: Vec<String> = (0..24)
            .map(|c| match c % 3 {
                0 => format!("word{}-{}", r * 7 % 1000, c),
                1 => format!("{}", (r * 31 + c) % 100_000),
                _ => format!("{}.5", r % 977),
            })
            .collect();
        text.push_str(&row.join(","));
        text.push('\n');
    }
    let input = write(dir.path(), "wide.csv", text.as_bytes());
    let json = dir.path().join("q.json");
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .args(["--optimize", "query", "--json"])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("query"))
        .stdout(predicate::str::contains("(all)"))
        .stdout(predicate::str::contains(
            "The query read the 2 narrowest columns: c1, c4.",
        ));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let codec = doc["recommendation"]["codec"].as_str().unwrap();
    assert!(codec == "parquet" || codec == "arrow", "{codec}");
    let queries: Vec<&Value> = doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["operation"] == "query")
        .collect();
    let uncompressed: Vec<&str> = queries
        .iter()
        .filter(|q| q["compression"] == "none")
        .map(|q| q["codec"].as_str().unwrap())
        .collect();
    assert_eq!(
        uncompressed,
        ["file/arrow", "file/parquet"],
        "parquet and arrow skip columns"
    );
    // Compressed inside (lz4 pages and buffers), they still skip them.
    assert_eq!(queries.len(), 4);
    for q in queries {
        assert_eq!(q["verification"]["status"], "verified");
        assert!(q["verification"]["detail"]
            .as_str()
            .unwrap()
            .starts_with("columns c1, c4 read alone"));
    }
}

#[test]
fn parquet_arrow_and_avro_files_are_measured_against_every_candidate() {
    let dir = tempfile::tempdir().unwrap();
    let csv = quoted_csv(dir.path(), "q.csv", 2000);
    for (format, name) in [
        ("parquet", "Parquet"),
        ("arrow", "Arrow IPC file (Feather v2)"),
        ("avro", "Avro container file"),
    ] {
        let out = dir.path().join(format!("q.{format}"));
        encbench()
            .arg("file")
            .arg(&csv)
            .args(["--convert", format, "-o"])
            .arg(&out)
            .assert()
            .success();
        let json = dir.path().join(format!("{format}.json"));
        encbench()
            .arg("file")
            .arg(&out)
            .args(TINY)
            .arg("--json")
            .arg(&json)
            .assert()
            .success()
            .stdout(predicate::str::contains(format!("{name}, ")))
            .stdout(predicate::str::contains("2000 rows"))
            .stdout(predicate::str::contains(
                "the file's own, mapped to encbench's types",
            ));
        let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let original = doc["results"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["codec"] == "file/original" && r["operation"] == "decode")
            .expect("the file as it is is a row of its own");
        assert_eq!(
            original["encoded_bytes"].as_u64().unwrap(),
            std::fs::metadata(&out).unwrap().len()
        );
        assert_eq!(original["verification"]["status"], "verified");
    }
    // Corrupt bytes: a clear error and exit 2, never a panic.
    let good = std::fs::read(dir.path().join("q.parquet")).unwrap();
    let mut bad = good.clone();
    let len = bad.len();
    bad.truncate(len - 12);
    bad.extend_from_slice(
        &good[len - 12..len - 8]
            .iter()
            .map(|b| b ^ 0xff)
            .collect::<Vec<_>>(),
    );
    bad.extend_from_slice(b"PAR1PAR1");
    let broken = write(dir.path(), "broken.parquet", &bad);
    encbench()
        .arg("file")
        .arg(&broken)
        .args(TINY)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read this Parquet file"))
        .stderr(predicate::str::contains("panicked").not());
    // A columnar file converts to text, and back, unchanged.
    let back = dir.path().join("back.csv");
    encbench()
        .arg("file")
        .arg(dir.path().join("q.avro"))
        .args(["--convert", "csv", "-o"])
        .arg(&back)
        .assert()
        .success()
        .stdout(predicate::str::contains("2000 rows"))
        .stdout(predicate::str::contains("compared row by row: identical"));
    let again = dir.path().join("again.parquet");
    encbench()
        .arg("file")
        .arg(&back)
        .args(["--convert", "parquet", "-o"])
        .arg(&again)
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(&back).unwrap().lines().count(),
        std::fs::read_to_string(&csv).unwrap().lines().count(),
        "the header and every row"
    );
}

#[test]
fn a_json_document_is_read_as_its_records() {
    let dir = tempfile::tempdir().unwrap();
    let mut records = Vec::new();
    for i in 0..3000 {
        records.push(format!(
            "    {{\n      \"id\": {i},\n      \"name\": \"n{}\",\n      \"where\": {{\"x\": {}}}\n    }}",
            i % 7,
            i % 3
        ));
    }
    let doc = format!(
        "{{\n  \"meta\": {{\"count\": 3000}},\n  \"items\": [\n{}\n  ]\n}}\n",
        records.join(",\n")
    );
    let input = write(dir.path(), "export.json", doc.as_bytes());
    let out = dir.path().join("export.jsonl");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "jsonl", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "JSON document: the records of key 'items', one row each",
        ))
        .stdout(predicate::str::contains("3000 rows"))
        .stdout(predicate::str::contains("id "));
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(written.lines().count(), 3000);
    assert!(written.starts_with("{\"id\":0,"), "{}", &written[..60]);
    // Two arrays of objects: the user chooses, and an unknown key is an error.
    let two = write(
        dir.path(),
        "two.json",
        b"{\"a\": [{\"x\": 1}, {\"x\": 2}], \"b\": [{\"y\": \"p\"}]}",
    );
    encbench()
        .arg("file")
        .arg(&two)
        .args(["--no-store"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "several arrays of objects ('a', 'b'); choose one with --json-path KEY",
        ));
    encbench()
        .arg("file")
        .arg(&two)
        .args(["--no-store", "--json-path", "b", "--convert", "csv", "-o"])
        .arg(dir.path().join("b.csv"))
        .assert()
        .success()
        .stdout(predicate::str::contains("the records of key 'b'"))
        .stdout(predicate::str::contains("1 rows"));
    encbench()
        .arg("file")
        .arg(&two)
        .args(["--no-store", "--json-path", "c"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no top-level key 'c'"));
}

#[test]
fn streaming_conversion_of_more_rows_than_a_batch_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let input = quoted_csv(dir.path(), "q.csv", 70_000);
    for format in [
        "parquet+zstd-3",
        "arrow",
        "avro",
        "jsonl",
        "protobuf",
        "msgpack",
    ] {
        let out = dir.path().join(format!("q.{format}"));
        encbench()
            .arg("file")
            .arg(&input)
            .args(["--convert", format, "-o"])
            .arg(&out)
            .assert()
            .success()
            .stdout(predicate::str::contains("70000 rows"))
            .stdout(predicate::str::contains(
                "read back and compared row by row: identical",
            ));
    }
}

#[test]
fn a_sample_larger_than_free_memory_is_an_error_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let input = quoted_csv(dir.path(), "q.csv", 100);
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .args(["--sample-mb", "1000000000"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "q.csv: out of memory holding a sample",
        ))
        .stderr(predicate::str::contains("pass a smaller --sample-mb"));
}

#[test]
fn nested_json_lines_keep_their_shape_in_the_formats_that_nest() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    for i in 0..400 {
        text.push_str(&format!(
            "{{\"id\": {i}, \"actor\": {{\"login\": \"u{}\", \"id\": {}}}, \"tags\": [{}], \"extra\": null}}\n",
            i % 13,
            i * 7,
            if i % 3 == 0 { "\"a\", \"b\"" } else { "" }
        ));
    }
    let input = write(dir.path(), "events.jsonl", text.as_bytes());
    let json = dir.path().join("r.json");
    let out = encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .arg("--json")
        .arg(&json)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    assert!(
        out.contains("json struct<id: int64, login: string>"),
        "{out}"
    );
    assert!(out.contains("json list<string>"), "{out}");
    assert!(
        out.contains("nested") && out.contains("as JSON text"),
        "{out}"
    );
    let line = |codec: &str| {
        out.lines()
            .find(|l| l.split_whitespace().any(|w| w == codec) && l.contains(" none "))
            .unwrap_or_else(|| panic!("no {codec} row in {out}"))
            .to_string()
    };
    for native in [
        "parquet", "arrow", "avro", "protobuf", "msgpack", "cbor", "jsonl", "original",
    ] {
        assert!(line(native).ends_with("native"), "{}", line(native));
    }
    for text in ["postcard", "bincode"] {
        assert!(line(text).ends_with("as JSON text"), "{}", line(text));
    }
    assert!(line("csv").ends_with("dotted columns"), "{}", line("csv"));
    // Every candidate read the nested values back exactly.
    let doc: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    // The reason says what the chosen format does with them.
    let reason = doc["recommendation"]["reason"].as_str().unwrap();
    assert!(reason.contains("the 2 nested column(s)"), "{reason}");
    assert_eq!(
        doc["failures"].as_array().unwrap().len(),
        0,
        "{}",
        doc["failures"]
    );
    // Converted to CSV, objects are spread over dotted columns; lists stay JSON text.
    let csv = dir.path().join("events.csv");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "csv", "-o"])
        .arg(&csv)
        .assert()
        .success();
    let written = std::fs::read_to_string(&csv).unwrap();
    let mut lines = written.lines();
    assert_eq!(lines.next(), Some("id,actor.id,actor.login,tags,extra"));
    assert_eq!(lines.next(), Some("0,0,u0,\"[\"\"a\"\",\"\"b\"\"]\","));
    // Converted to Parquet, the columns are Parquet structs and lists.
    let parquet = dir.path().join("events.parquet");
    encbench()
        .arg("file")
        .arg(&input)
        .args(["--convert", "parquet", "-o"])
        .arg(&parquet)
        .assert()
        .success()
        .stdout(predicate::str::contains("compared row by row: identical"));
    encbench()
        .arg("file")
        .arg(&parquet)
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains("Struct("))
        .stdout(predicate::str::contains("List("));
}

/// Runs a Python script in `dir`; its stdout.
/// Files as pyarrow (as pandas uses it) and fastavro write them: NaN and
/// ±Inf, float32, decimals, lists, structs, maps, dictionaries, timestamps
/// with a time zone, unsigned 64-bit integers; a Parquet file of many row
/// groups.
const TYPED_FILES: &str = r#"
import datetime, decimal, fastavro, pyarrow as pa, pyarrow.parquet as pq, pyarrow.feather as feather
n = 3000
utc = datetime.timezone.utc
t = pa.table({
    "id": pa.array(range(n), pa.int64()),
    "x": pa.array([float("nan") if i % 7 == 0 else (float("inf") if i == 3 else (-0.0 if i == 5 else i / 3)) for i in range(n)], pa.float64()),
    "f32": pa.array([i / 7 for i in range(n)], pa.float32()),
    "price": pa.array([decimal.Decimal(i) / 100 for i in range(n)], pa.decimal128(10, 2)),
    "tags": pa.array([[f"t{i % 3}", "x"] if i % 4 else [] for i in range(n)], pa.list_(pa.string())),
    "point": pa.array([{"x": i, "y": i * 0.5} for i in range(n)], pa.struct([("x", pa.int32()), ("y", pa.float64())])),
    "attrs": pa.array([[("k", i)] for i in range(n)], pa.map_(pa.string(), pa.int64())),
    "kind": pa.array([["a", "b", "c"][i % 3] for i in range(n)]).dictionary_encode(),
    "at": pa.array([datetime.datetime(2024, 1, 1, tzinfo=utc) + datetime.timedelta(seconds=i) for i in range(n)], pa.timestamp("us", tz="UTC")),
    "big": pa.array([2**63 + i for i in range(n)], pa.uint64()),
})
pq.write_table(t, "typed.parquet", compression="zstd")
pq.write_table(t, "groups.parquet", compression="snappy", row_group_size=200)
feather.write_feather(t, "typed.feather", compression="lz4")
schema = {"type": "record", "name": "Row", "fields": [
    {"name": "id", "type": "long"},
    {"name": "x", "type": ["null", "double"]},
    {"name": "f32", "type": "float"},
    {"name": "price", "type": {"type": "bytes", "logicalType": "decimal", "precision": 10, "scale": 2}},
    {"name": "tags", "type": {"type": "array", "items": "string"}},
    {"name": "attrs", "type": {"type": "map", "values": "long"}},
    {"name": "kind", "type": {"type": "enum", "name": "Kind", "symbols": ["a", "b", "c"]}},
    {"name": "at", "type": {"type": "long", "logicalType": "timestamp-micros"}},
]}
rows = [{"id": i, "x": None if i % 5 == 0 else i / 3, "f32": i / 8, "price": decimal.Decimal(i) / 100,
         "tags": ["t"] * (i % 3), "attrs": {"k": i}, "kind": "abc"[i % 3],
         "at": datetime.datetime(2024, 1, 1, tzinfo=utc) + datetime.timedelta(seconds=i)} for i in range(n)]
with open("typed.avro", "wb") as f:
    fastavro.writer(f, fastavro.parse_schema(schema), rows, codec="deflate")
print("written")
"#;

/// The `original` row of a quick `file` run on `input` (its JSON kept at
/// `json`).
fn original_row(input: &Path, json: &Path) -> Value {
    encbench()
        .arg("file")
        .arg(input)
        .args(TINY)
        .arg("--json")
        .arg(json)
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(json).unwrap()).unwrap();
    doc["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["codec"] == "file/original")
        .expect("the file as it is is a row")
        .clone()
}

/// The `original` row's verification detail for one of TYPED_FILES, kept
/// as it is (smaller than the sample); `None` without the test Python.
fn typed_original_detail(name: &str) -> Option<String> {
    let (_, dir) = written_by_python(TYPED_FILES)?;
    let original = original_row(&dir.path().join(name), &dir.path().join("r.json"));
    Some(
        original["verification"]["detail"]
            .as_str()
            .unwrap()
            .to_string(),
    )
}

#[test]
fn a_parquet_file_kept_as_it_is_is_read_again_by_the_record_api() {
    let Some(detail) = typed_original_detail("typed.parquet") else {
        return;
    };
    // NaN, ±Inf, −0.0, float32, decimals, dictionaries, UTC timestamps and
    // uint64 compared; the nested columns left to the first reader, named.
    assert!(
        detail.contains("a second reader (the parquet crate's record API) read the same 3000 rows (7 of 10 columns; tags, point, attrs stated otherwise or not read by that reader"),
        "{detail}"
    );
}

#[test]
fn an_arrow_file_kept_as_it_is_is_read_again_by_encbench_s_own_walk() {
    let Some(detail) = typed_original_detail("typed.feather") else {
        return;
    };
    // LZ4 buffers, NaN, ±Inf, −0.0, float32, a dictionary, UTC timestamps
    // and uint64 compared; the decimal and nested columns skipped by their
    // buffers (a miscount would misread every column after them), named.
    assert!(
        detail.contains("a second reader (encbench's own walk of the Arrow IPC buffers) read the same 3000 rows (6 of 10 columns; price, tags, point, attrs left to the first reader"),
        "{detail}"
    );
}

#[test]
fn files_written_by_pyarrow_and_fastavro_verify_in_every_candidate() {
    let Some((_, dir)) = written_by_python(TYPED_FILES) else {
        return;
    };
    for name in [
        "typed.parquet",
        "typed.feather",
        "typed.avro",
        "groups.parquet",
    ] {
        let json = dir.path().join(format!("{name}.json"));
        // The sample limit counts decoded bytes: the Parquet files are
        // larger than the sample, the Avro file (3000 rows, about 270 kB
        // decoded, under 100 kB on disk) is read whole.
        let sample_mb = if name == "typed.avro" { "1" } else { "0.1" };
        let assert = encbench()
            .arg("file")
            .arg(dir.path().join(name))
            .args(TINY)
            .args(["--sample-mb", sample_mb, "--json"])
            .arg(&json)
            .assert()
            .success();
        let stdout = String::from_utf8_lossy(&assert.get_output().stdout).into_owned();
        let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        assert_eq!(
            doc["failures"].as_array().map(Vec::len),
            Some(0),
            "{name}: {stdout}"
        );
        let results = doc["results"].as_array().unwrap();
        // Every candidate that carries NaN verified; CSV and JSON declare their loss.
        for r in results {
            let status = r["verification"]["status"].as_str().unwrap();
            let codec = r["codec"].as_str().unwrap();
            match codec {
                "file/csv" | "file/jsonl" if name != "typed.avro" => {
                    assert_eq!(status, "lossy", "{name} {codec}")
                }
                "file/csv" | "file/jsonl" => {}
                _ => assert_eq!(status, "verified", "{name} {codec}"),
            }
        }
        // The file's own format always has a row: as it is, or re-encoded
        // with its settings when larger than the sample.
        let original = results
            .iter()
            .find(|r| r["codec"] == "file/original")
            .unwrap_or_else(|| panic!("{name}: no original row"));
        // Labelled with the file's own codec, read from its metadata.
        let own = match name {
            "typed.parquet" => "zstd",
            "typed.feather" => "lz4",
            "typed.avro" => "gzip",
            _ => "snappy",
        };
        assert!(
            original["compression"].as_str().unwrap().starts_with(own),
            "{name}: {}",
            original["compression"]
        );
        // A file kept as it is was read again by a second reader (Avro by
        // Arrow's; the Parquet files here are larger than the sample).
        let detail = original["verification"]["detail"].as_str().unwrap();
        if name == "typed.avro" {
            let second = "a second reader (Arrow's Avro reader) read the same 3000 rows";
            assert!(detail.contains(second), "{name}: {detail}");
        }
        let rec = &doc["recommendation"];
        assert!(rec["bandwidth_mb_per_s"].as_f64().unwrap() > 0.0, "{name}");
        assert!(
            rec["bandwidth_source"]
                .as_str()
                .unwrap()
                .starts_with("default: ")
                || rec["bandwidth_source"]
                    .as_str()
                    .unwrap()
                    .starts_with("measured: "),
            "{name}"
        );
        assert!(
            stdout.contains("float32"),
            "{name}: float32 stays narrow\n{stdout}"
        );
        assert!(
            stdout.contains("map<string, int64>"),
            "{name}: a map stays a map\n{stdout}"
        );
    }
    let groups: Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("groups.parquet.json")).unwrap())
            .unwrap();
    let notes = groups["notes"].to_string();
    assert!(
        notes.contains("its 'original' row is its format with the file's own settings (snappy, row groups of 200 rows"),
        "{notes}"
    );
}

#[test]
fn every_converted_columnar_file_opens_in_its_reference_reader() {
    let Some((python, dir)) = written_by_python(TYPED_FILES) else {
        return;
    };
    let targets = [
        "parquet",
        "parquet+zstd-3",
        "parquet+snappy",
        "parquet+gzip-6",
        "parquet+lz4",
        "parquet+brotli-9",
        "arrow",
        "arrow+lz4",
        "arrow+zstd-3",
        "avro",
        "avro+gzip-6",
        "avro+snappy",
        "avro+zstd-3",
        "avro+bzip2-9",
        "avro+xz-6",
    ];
    for input in ["typed.parquet", "typed.avro"] {
        for target in targets {
            let (format, _) = target.split_once('+').unwrap_or((target, ""));
            let out = dir
                .path()
                .join(format!("{input}.{}.{format}", target.replace('+', "_")));
            encbench()
                .arg("file")
                .arg(dir.path().join(input))
                .args(["--convert", target, "-o"])
                .arg(&out)
                .assert()
                .success()
                .stdout(predicate::str::contains("3000 rows"))
                .stdout(predicate::str::contains("compared row by row: identical"));
            let read = match format {
                "parquet" => "import pyarrow.parquet as pq; t = pq.read_table(P); print(t.num_rows, t.column('id').to_pylist()[:3], t.schema.field('price').type, t.column('price')[7], pq.ParquetFile(P).metadata.row_group(0).column(0).compression)",
                "arrow" => "import pyarrow as pa; t = pa.ipc.open_file(P).read_all(); print(t.num_rows, t.column('id').to_pylist()[:3], t.schema.field('price').type, t.column('price')[7])",
                _ => "import fastavro; r = fastavro.reader(open(P, 'rb')); rows = list(r); print(len(rows), [x['id'] for x in rows[:3]], 'decimal', rows[7]['price'], r.codec)",
            };
            let printed = run_python(
                &python,
                dir.path(),
                &format!("P = {:?}\n{read}", out.to_string_lossy()),
            );
            assert!(
                printed.starts_with("3000 [0, 1, 2]"),
                "{input} → {target}: {printed}"
            );
            // Decimals stay decimals, to the cent.
            assert!(printed.contains("decimal"), "{input} → {target}: {printed}");
            assert!(printed.contains(" 0.07"), "{input} → {target}: {printed}");
            if input == "typed.parquet" && format != "avro" {
                let big = run_python(
                    &python,
                    dir.path(),
                    &format!(
                        "import pyarrow as pa, pyarrow.parquet as pq\nP = {:?}\nt = pq.read_table(P) if P.endswith('parquet') else pa.ipc.open_file(P).read_all()\nprint(t.schema.field('big').type, t.column('big')[2], t.schema.field('attrs').type, t.column('attrs')[2])",
                        out.to_string_lossy()
                    ),
                );
                // (pyarrow names a map read from Parquet after its column, as
                // it does for files it wrote itself: `map<string, int64 ('attrs')>`.)
                assert!(
                    big.starts_with("uint64 9223372036854775810 map<string, int64")
                        && big.trim_end().ends_with("[('k', 2)]"),
                    "{target}: {big}"
                );
            }
            let codec = target.split_once('+').map_or("", |(_, c)| c);
            let family = codec.split('-').next().unwrap_or("");
            let expected = match (format, family) {
                ("parquet", "") => "UNCOMPRESSED",
                ("parquet", "lz4") => "LZ4",
                ("parquet", f) => &f.to_uppercase(),
                ("avro", "") => "null",
                ("avro", "gzip") => "deflate",
                ("avro", "zstd") => "zstandard",
                ("avro", f) => f,
                _ => "",
            };
            assert!(
                printed.trim_end().ends_with(expected),
                "{input} → {target}: the file's own codec is {expected}: {printed}"
            );
        }
    }
}

/// Files as pandas and pyarrow write them that once stopped `file`: a
/// named time zone (pandas' tz-aware columns), INT96 time stamps (which
/// the record API cuts to the millisecond); files of no rows, each a
/// clear error; and a NaN inside a list, carried as text.
#[test]
fn named_zones_int96_and_files_of_no_rows() {
    let Some(python) = encbench_table::testing::worker_python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    run_python(
        &python,
        dir.path(),
        r#"
import datetime, fastavro, pyarrow as pa, pyarrow.parquet as pq
n = 300
start = datetime.datetime(2022, 1, 1, tzinfo=datetime.timezone.utc)
at = pa.array([start + datetime.timedelta(seconds=i, microseconds=7) for i in range(n)], pa.timestamp("ns", tz="Europe/Paris"))
t = pa.table({"id": pa.array(range(n), pa.int64()), "at": at, "tokyo": at.cast(pa.timestamp("us", tz="Asia/Tokyo"))})
pq.write_table(t, "zoned.parquet")
naive = pa.array([datetime.datetime(2020, 1, 1, 1, 2, 3, 456789) + datetime.timedelta(seconds=i) for i in range(n)], pa.timestamp("us"))
pq.write_table(pa.table({"id": pa.array(range(n), pa.int64()), "ts": naive}), "int96.parquet", use_deprecated_int96_timestamps=True)
pq.write_table(pa.table({"ts": naive}), "int96_only.parquet", use_deprecated_int96_timestamps=True)
pq.write_table(t.slice(0, 0), "empty.parquet")
pq.write_table(pa.table({"lf": pa.array([[1.5, float("nan")]] * n, pa.list_(pa.float64()))}), "nan_in_list.parquet")
with open("empty.avro", "wb") as f:
    fastavro.writer(f, fastavro.parse_schema({"type": "record", "name": "R", "fields": [{"name": "id", "type": "long"}]}), [])
print("written")
"#,
    );
    encbench()
        .arg("file")
        .arg(dir.path().join("zoned.parquet"))
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains("Asia/Tokyo"))
        .stdout(predicate::str::contains("Europe/Paris"));
    let original = original_row(
        &dir.path().join("int96.parquet"),
        &dir.path().join("int96.json"),
    );
    assert_eq!(original["verification"]["status"], "verified");
    let detail = original["verification"]["detail"].as_str().unwrap();
    assert!(
        detail.contains("(1 of 2 columns; ts stated otherwise or not read by that reader"),
        "{detail}"
    );
    // No column the record API reads faithfully: the proof says only the
    // footer's row count was checked.
    let original = original_row(
        &dir.path().join("int96_only.parquet"),
        &dir.path().join("int96_only.json"),
    );
    let detail = original["verification"]["detail"].as_str().unwrap();
    assert!(
        detail.contains(
            "(the row count in the Parquet footer) read the same 300 rows (0 of 1 columns"
        ),
        "{detail}"
    );
    // JSON, the nested model, has no NaN: such a column is carried as its
    // text, NaN and all, never made null.
    let out = dir.path().join("nan_in_list.csv");
    encbench()
        .arg("file")
        .arg(dir.path().join("nan_in_list.parquet"))
        .args(["--convert", "csv", "-o"])
        .arg(&out)
        .assert()
        .success()
        .stdout(predicate::str::contains("compared row by row: identical"));
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.starts_with("lf\n\"[1.5, NaN]\"\n"), "{written}");
    for name in ["empty.parquet", "empty.avro"] {
        encbench()
            .arg("file")
            .arg(dir.path().join(name))
            .args(TINY)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("holds no rows"))
            .stderr(predicate::str::contains("panicked").not());
    }
}

/// A format that cannot hold the table (Protocol Buffers has no null
/// inside a repeated field) is not measured, with the reason: the run
/// still succeeds.
#[test]
fn a_format_that_cannot_hold_the_table_is_named_not_failed() {
    let dir = tempfile::tempdir().unwrap();
    let lines: String = (0..60)
        .map(|i| format!("{{\"id\":{i},\"xs\":[1,null,{i}]}}\n"))
        .collect();
    let input = write(dir.path(), "holes.jsonl", lines.as_bytes());
    encbench()
        .arg("file")
        .arg(&input)
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains("not measured: "))
        .stdout(predicate::str::contains("has no Protocol Buffers form"));
}

/// What the readers under `file` once dropped, from files as pyarrow and
/// polars write them: a column's `not null`, a zone pyarrow stores beside
/// UTC milliseconds, a UUID's text form, an Avro decimal wider than 38
/// digits, and an Avro schema whose record has an empty name. Each is
/// checked in what `--convert` writes, by pyarrow and fastavro. And two
/// columns of one name, which JSON Lines cannot hold.
#[test]
fn required_columns_zones_uuids_and_wide_decimals_come_through() {
    let Some(python) = encbench_table::testing::worker_python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    run_python(
        &python,
        dir.path(),
        r#"
import datetime, decimal, uuid, fastavro, pyarrow as pa, pyarrow.parquet as pq
n = 200
utc = datetime.timezone.utc
ids = [uuid.UUID(int=i * 0x1000100010001 + 7) for i in range(n)]
t = pa.table({
    "req": pa.array(range(n), pa.int64()),
    "opt": pa.array([None if i % 4 == 0 else f"o{i}" for i in range(n)]),
    "at": pa.array([datetime.datetime(2024, 1, 1, tzinfo=utc) + datetime.timedelta(seconds=i) for i in range(n)], pa.timestamp("s", tz="Europe/Paris")),
    "u": pa.array([u.bytes for u in ids], pa.uuid()),
})
t = t.cast(t.schema.set(0, pa.field("req", pa.int64(), nullable=False)))
pq.write_table(t, "pyarrow.parquet")
schema = {"type": "record", "name": "Q", "fields": [
    {"name": "big", "type": {"type": "bytes", "logicalType": "decimal", "precision": 50, "scale": 5}},
    {"name": "req", "type": "long"},
    {"name": "opt", "type": ["null", "string"]}]}
big = [decimal.Decimal(f"{'-' if i % 2 else ''}12345678901234567890123456789012345678901234.{i:05d}") for i in range(n)]
with open("named.avro", "wb") as f:
    fastavro.writer(f, schema, [{"big": b, "req": i, "opt": None if i % 3 == 0 else "x"} for i, b in enumerate(big)])
# As polars writes it: the record's name is empty (same length, so the header stays whole).
data = open("named.avro", "rb").read()
assert data.count(b'"name": "Q"') == 1
open("polars.avro", "wb").write(data.replace(b'"name": "Q"', b'"name": "" '))
pq.write_table(pa.table([pa.array(range(n)), pa.array(range(n))], names=["x", "x"]), "twice.parquet")
print("written")
"#,
    );
    for (input, output) in [
        ("pyarrow.parquet", "out.parquet"),
        ("polars.avro", "out.avro"),
    ] {
        encbench()
            .arg("file")
            .arg(dir.path().join(input))
            .args(["--convert", output.trim_start_matches("out."), "-o"])
            .arg(dir.path().join(output))
            .arg("--no-store")
            .assert()
            .success()
            .stdout(predicate::str::contains("compared row by row: identical"));
    }
    let checked = run_python(
        &python,
        dir.path(),
        r#"
import decimal, uuid, fastavro, pyarrow.parquet as pq
t = pq.read_table("out.parquet")
s = t.schema
assert not s.field("req").nullable and s.field("opt").nullable, s
assert str(s.field("at").type) == "timestamp[us, tz=Europe/Paris]", s.field("at").type
ids = [uuid.UUID(int=i * 0x1000100010001 + 7) for i in range(200)]
# Still UUIDs: Parquet's UUID type, 16 bytes each.
assert str(s.field("u").type) == "extension<arrow.uuid>", s.field("u").type
assert [getattr(v, "bytes", v) for v in t.column("u").to_pylist()] == [u.bytes for u in ids], t.column("u")[:2]
r = fastavro.reader(open("out.avro", "rb"))
types = {f["name"]: f["type"] for f in r.writer_schema["fields"]}
assert types["req"] == "long", types
rows = list(r)
want = [f"{'-' if i % 2 else ''}12345678901234567890123456789012345678901234.{i:05d}" for i in range(200)]
assert [x["big"] for x in rows] == want, rows[:2]
assert [x["req"] for x in rows] == list(range(200))
print("checked")
"#,
    );
    assert!(checked.contains("checked"), "{checked}");
    // Two columns of one name (Parquet allows it): JSON Lines, whose keys
    // are the names, is not measured, and converting to it is refused.
    let twice = dir.path().join("twice.parquet");
    let reason = "jsonl: columns 1 and 2 are both named 'x', and a JSON object's keys are its columns' names";
    encbench()
        .arg("file")
        .arg(&twice)
        .args(TINY)
        .assert()
        .success()
        .stdout(predicate::str::contains(format!("not measured: {reason}")));
    let out = dir.path().join("twice.jsonl");
    encbench()
        .arg("file")
        .arg(&twice)
        .args(["--convert", "jsonl", "-o"])
        .arg(&out)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(reason));
    assert!(!out.exists());
}

/// The recommendation's own price list: (codec + compression, stored,
/// write, read, cost, eligible).
fn priced(doc: &Value) -> Vec<(String, f64, Option<f64>, f64, f64, bool)> {
    doc["recommendation"]["costs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                format!(
                    "{}+{}",
                    c["codec"].as_str().unwrap(),
                    c["compression"].as_str().unwrap()
                ),
                c["stored_bytes"].as_f64().unwrap(),
                c["write_ns"].as_f64(),
                c["read_ns"].as_f64().unwrap(),
                c["cost"].as_f64().unwrap_or(f64::NAN),
                c["excluded"].is_null(),
            )
        })
        .collect()
}

#[test]
fn a_zstd_parquet_whose_best_change_gains_under_the_margin_is_kept() {
    let dir = tempfile::tempdir().unwrap();
    let parquet = dir.path().join("weather.parquet");
    encbench()
        .arg("file")
        .arg(public("seattle-weather.csv"))
        .args(["--convert", "parquet+zstd-3", "-o"])
        .arg(&parquet)
        .assert()
        .success();
    let json = dir.path().join("out.json");
    encbench()
        .arg("file")
        .arg(&parquet)
        .args(TINY)
        .args(["--optimize", "size", "--json"])
        .arg(&json)
        .assert()
        .success()
        .stdout(predicate::str::contains("Keep the file as it is: "))
        .stdout(predicate::str::contains("write + 10 reads"));
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let rec = &doc["recommendation"];
    assert_eq!(rec["codec"], "original", "{rec}");
    assert_eq!(rec["reads_per_write"], 10);
    let costs = priced(&doc);
    let input = costs
        .iter()
        .find(|c| c.0.starts_with("original+") && c.2.is_none())
        .unwrap();
    // The input is stored at its size on disk.
    assert_eq!(input.1, std::fs::metadata(&parquet).unwrap().len() as f64);
    // The premise: no other choice is 20 % smaller (lz4 is all TINY compresses with).
    let best_change = costs
        .iter()
        .filter(|c| c.5 && c.2.is_some())
        .map(|c| c.1)
        .fold(f64::INFINITY, f64::min);
    assert!(best_change > 0.8 * input.1, "{costs:?}");
    // With no margin the smallest wins, whatever it is.
    encbench()
        .arg("file")
        .arg(&parquet)
        .args(TINY)
        .args(["--optimize", "size", "--keep-margin", "0", "--json"])
        .arg(&json)
        .arg("--force")
        .assert()
        .success();
    let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let costs = priced(&doc);
    let smallest = costs
        .iter()
        .filter(|c| c.5)
        .map(|c| c.1)
        .fold(f64::INFINITY, f64::min);
    let rec = &doc["recommendation"];
    let picked = costs
        .iter()
        .find(|c| {
            c.0 == format!(
                "{}+{}",
                rec["codec"].as_str().unwrap(),
                rec["compression"].as_str().unwrap()
            )
        })
        .unwrap();
    assert_eq!(picked.1, smallest, "{costs:?}");
}

#[test]
fn no_recommendation_is_beaten_on_size_write_and_read_by_a_row_of_its_own_table() {
    let dir = tempfile::tempdir().unwrap();
    for (input, extra) in [
        (
            public("seattle-weather.csv"),
            vec!["--link-bandwidth", "50"],
        ),
        (public("us-employment.csv"), vec!["--reads", "1"]),
        (public("iris.jsonl"), vec!["--reads", "1000"]),
    ] {
        let json = dir.path().join("out.json");
        encbench()
            .arg("file")
            .arg(&input)
            .args(TINY)
            .args(&extra)
            .arg("--json")
            .arg(&json)
            .arg("--force")
            .assert()
            .success()
            .stdout(predicate::str::contains("For the whole file ("));
        let doc: Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let costs = priced(&doc);
        let rec = &doc["recommendation"];
        let name = format!(
            "{}+{}",
            rec["codec"].as_str().unwrap(),
            rec["compression"].as_str().unwrap()
        );
        let pick = costs.iter().find(|c| c.0 == name).unwrap();
        assert!(pick.5, "the pick is eligible: {pick:?}");
        for c in costs.iter().filter(|c| c.5) {
            let w = |x: &Option<f64>| x.unwrap_or(0.0);
            let no_worse = c.1 <= pick.1 && w(&c.2) <= w(&pick.2) && c.3 <= pick.3;
            let better = c.1 < pick.1 || w(&c.2) < w(&pick.2) || c.3 < pick.3;
            assert!(
                !(no_worse && better),
                "{input:?} {extra:?}: {} beats {name}: {costs:?}",
                c.0
            );
        }
        // Under balanced, the input as it is costs 1 and a change clears the margin.
        let input_cost = costs.iter().find(|c| c.2.is_none()).map(|c| c.4).unwrap();
        assert!((input_cost - 1.0).abs() < 1e-9, "{costs:?}");
        assert!(rec["codec"] == "original" || pick.4 <= 0.8, "{costs:?}");
    }
}

#[test]
fn an_avro_conversion_names_each_renamed_column() {
    let dir = tempfile::tempdir().unwrap();
    let csv = write(
        dir.path(),
        "air.csv",
        b"Ozone,Solar.R,Wind\n41,190,7.4\n36,118,8.0\n",
    );
    for (format, renamed) in [("avro", true), ("parquet", false), ("jsonl", false)] {
        let out = dir.path().join(format!("air.{format}"));
        let assert = encbench()
            .arg("file")
            .arg(&csv)
            .args(["--convert", format, "-o"])
            .arg(&out)
            .assert()
            .success()
            .stdout(predicate::str::contains(
                "read back and compared row by row: identical",
            ));
        let note = "note: column 'Solar.R' is written as 'Solar_R'";
        let printed = String::from_utf8(assert.get_output().stdout.clone()).unwrap();
        assert_eq!(printed.contains(note), renamed, "{format}: {printed}");
    }
}
