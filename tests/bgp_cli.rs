//! `encbench bgp dump` end to end: a real file, a malformed one, a closed pipe.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Read;
use std::path::PathBuf;

fn data(name: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/bgp")
        .join(name);
    if p.exists() {
        Some(p)
    } else {
        eprintln!("skipping: {} absent", p.display());
        None
    }
}

#[test]
fn dump_prints_bgpdumps_text() {
    let Some(input) = data("updates.20020722.2238.gz") else {
        return;
    };
    let mut want = Vec::new();
    let expect =
        data("expect/updates.20020722.2238.gz.bgp.gz").expect("expected output beside the input");
    flate2::read::GzDecoder::new(std::fs::File::open(expect).expect("opens"))
        .read_to_end(&mut want)
        .expect("decompresses");
    let out = Command::cargo_bin("encbench")
        .expect("binary builds")
        .args(["bgp", "dump"])
        .arg(&input)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.stdout == want,
        "stdout differs from bgpdump's expected text"
    );
    assert!(out.stderr.is_empty());
}

#[test]
fn malformed_file_names_file_and_offset() {
    let Some(input) = data("updates.20070211.0141.gz") else {
        return;
    };
    let mut bytes = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(input).expect("opens"))
        .take(1000)
        .read_to_end(&mut bytes)
        .expect("decompresses");
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("cut.mrt");
    std::fs::write(&bad, &bytes).expect("writes");
    Command::cargo_bin("encbench")
        .expect("binary builds")
        .args(["bgp", "dump"])
        .arg(&bad)
        .assert()
        .code(2)
        .stdout(predicate::str::starts_with(
            "BGP4MP|1171158060|A|195.66.224.39|3561|196.44.98.0/23|",
        ))
        .stderr(predicate::str::contains(
            "cut.mrt: truncated MRT record: header says 76 bytes, 36 present at byte 1000\n",
        ));
    // The same cut file gzipped: now the offset is one of the decompressed stream.
    let gz = dir.path().join("cut.mrt.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut enc, &bytes).expect("compresses");
    std::fs::write(&gz, enc.finish().expect("compresses")).expect("writes");
    Command::cargo_bin("encbench")
        .expect("binary builds")
        .args(["bgp", "dump"])
        .arg(&gz)
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "cut.mrt.gz: truncated MRT record: header says 76 bytes, 36 present at byte 1000 \
             (of the decompressed MRT stream)\n",
        ));
}

#[test]
fn missing_file_is_a_clear_error() {
    Command::cargo_bin("encbench")
        .expect("binary builds")
        .args(["bgp", "dump", "/no/such/file.mrt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "/no/such/file.mrt: No such file or directory",
        ));
}

#[test]
fn closed_pipe_exits_quietly() {
    use std::io::BufRead;
    use std::process::{Command as Std, Stdio};
    let Some(input) = data("bview.20020722.2337.gz") else {
        return;
    };
    let mut child = Std::new(assert_cmd::cargo::cargo_bin("encbench"))
        .args(["bgp", "dump"])
        .arg(&input)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("starts");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().expect("piped"))
        .read_line(&mut first)
        .expect("one line");
    // The reader is gone now, like `| head -1`.
    let out = child.wait_with_output().expect("exits");
    assert!(
        first.starts_with("TABLE_DUMP|1027381055|B|193.203.0.1|1853|3.0.0.0/8|"),
        "{first}"
    );
    assert!(out.status.success(), "{:?}", out.status);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn run_bgp_measures_every_encoding_and_the_dump_rows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let json = dir.path().join("r.json");
    Command::cargo_bin("encbench")
        .expect("binary builds")
        .env(
            "ENCBENCH_DB",
            "/dev/null/encbench-tests-must-not-store/history.sqlite",
        )
        .args([
            "run",
            "bgp",
            "--items",
            "300",
            "--samples",
            "3",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&json)
        .assert()
        .success();
    let doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&json).expect("written")).expect("JSON");
    let results = doc["results"].as_array().expect("results");
    for codec in [
        "bgp/wire",
        "bgp/text-bgpdump",
        "bgp/json-exabgp",
        "bgp/cbor",
    ] {
        for op in ["encode", "decode"] {
            let row = results
                .iter()
                .find(|r| r["codec"] == codec && r["operation"] == op)
                .unwrap_or_else(|| panic!("no {codec} {op} row"));
            assert_eq!(row["items"], 300);
            assert_eq!(row["verified"], true);
        }
    }
    if data("bview.20020722.2337.gz").is_some() {
        let dumps: Vec<_> = results
            .iter()
            .filter(|r| r["operation"] == "dump")
            .collect();
        // Two encbench rows per file, plus bgpdump's where it is installed.
        assert!(dumps.len() >= 8, "{dumps:#?}");
        let bview = dumps
            .iter()
            .find(|r| r["dataset"] == "bview.20020722.2337.gz" && r["codec"] == "bgp-dump/encbench")
            .expect("bview dump row");
        assert_eq!(bview["items"], 115_521);
    }
}

/// A BGP4MP MESSAGE_AS4 record from AS 64500 carrying an UPDATE with ORIGIN and `nlri`.
fn update_record(nlri: &[u8]) -> Vec<u8> {
    let mut msg = vec![0xff; 16];
    msg.extend_from_slice(&((19 + 4 + 4 + nlri.len()) as u16).to_be_bytes());
    msg.extend_from_slice(&[2, 0, 0, 0, 4, 0x40, 1, 1, 0]);
    msg.extend_from_slice(nlri);
    let mut b = vec![
        0, 0, 0xfb, 0xf4, 0, 0, 0xfb, 0xf5, 0, 0, 0, 1, 192, 0, 2, 1, 192, 0, 2, 2,
    ];
    b.extend_from_slice(&msg);
    let mut r = 1_400_000_000u32.to_be_bytes().to_vec();
    r.extend_from_slice(&[0, 16, 0, 4]);
    r.extend_from_slice(&(b.len() as u32).to_be_bytes());
    r.extend_from_slice(&b);
    r
}

#[test]
fn bad_record_is_reported_skipped_and_fails_the_exit_status() {
    let mut bytes = update_record(&[33, 1, 2, 3, 4, 5]);
    let next = bytes.len();
    bytes.extend(update_record(&[24, 203, 0, 113]));
    let dir = tempfile::tempdir().expect("temp dir");
    let bad = dir.path().join("bad.mrt");
    std::fs::write(&bad, &bytes).expect("writes");
    Command::cargo_bin("encbench")
        .expect("binary builds")
        .args(["bgp", "dump"])
        .arg(&bad)
        .assert()
        .code(1)
        .stdout(
            "BGP4MP|1400000000|A|192.0.2.1|64500|203.0.113.0/24||IGP|255.255.255.255|0|0||NAG||\n",
        )
        .stderr(predicate::str::contains(format!(
            "bad.mrt: MRT record at byte 0 skipped: prefix length 33 over 32 at byte {}\n",
            next - 6
        )))
        .stderr(predicate::str::contains(
            "bad.mrt: 1 MRT records did not decode and were skipped\n",
        ));
}
