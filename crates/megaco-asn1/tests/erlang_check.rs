//! Our encodings, decoded by Erlang/OTP's megaco: runs
//! `workers/erlang/megaco_check.escript` on what our codecs write for the
//! 149 messages, when `escript` and the shared data are present (CI has both).

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, per_vectors, Ber, Per, Vector, VersionedMessage};
use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The shared data's message file, or why the test cannot run.
fn messages() -> Result<PathBuf, String> {
    let data = std::env::var_os("ENCBENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo().join("../shared/data"));
    let path = data.join("megaco/time_test.msgs");
    if !path.is_file() {
        return Err(format!("{} not found", path.display()));
    }
    let found = Command::new("escript").arg("-h").output().is_ok();
    if !found {
        return Err("escript not on PATH".into());
    }
    Ok(path)
}

fn skip_or_fail(why: String) {
    assert!(
        std::env::var_os("CI").is_none(),
        "CI has Erlang and the data, yet: {why}"
    );
    eprintln!("skipping the Erlang check: {why}");
}

/// Re-encodes every vector with our codec and has Erlang decode the result.
fn erlang_accepts(rules: &str, codec: &dyn Codec<VersionedMessage>, vectors: Vec<Vector>) {
    let input = match messages() {
        Ok(p) => p,
        Err(why) => return skip_or_fail(why),
    };
    let mut lines = String::new();
    for v in &vectors {
        let message = codec.decode(&v.bytes).expect("vector decodes");
        let mut out = Vec::new();
        codec.encode(&message, &mut out).expect("encodes");
        let hex: String = out.iter().map(|b| format!("{b:02X}")).collect();
        lines.push_str(&format!("{} {} {hex}\n", v.name, v.version));
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let ours = dir.path().join(format!("{rules}.txt"));
    std::fs::write(&ours, lines).expect("writes");
    let output = Command::new("escript")
        .arg(repo().join("workers/erlang/megaco_check.escript"))
        .arg(&input)
        .arg(rules)
        .arg(&ours)
        .output()
        .expect("runs escript");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(
        stdout.trim(),
        format!("{rules}: all 149 messages decode in Erlang to megaco's own")
    );
}

#[test]
fn erlang_decodes_our_ber() {
    erlang_accepts("ber", &Ber, ber_vectors());
}

#[test]
fn erlang_decodes_our_per() {
    erlang_accepts("per", &Per, per_vectors());
}

/// The check program is not a rubber stamp: a changed value fails it.
#[test]
fn erlang_check_rejects_a_changed_message() {
    let input = match messages() {
        Ok(p) => p,
        Err(why) => return skip_or_fail(why),
    };
    let mut lines = String::new();
    for v in ber_vectors() {
        let mut bytes = v.bytes.clone();
        if v.name == "msg01a" {
            // The last octet is inside the message's final value.
            let last = bytes.len() - 1;
            bytes[last] ^= 1;
        }
        let hex: String = bytes.iter().map(|b| format!("{b:02X}")).collect();
        lines.push_str(&format!("{} {} {hex}\n", v.name, v.version));
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let ours = dir.path().join("ber.txt");
    std::fs::write(&ours, lines).expect("writes");
    let output = Command::new("escript")
        .arg(repo().join("workers/erlang/megaco_check.escript"))
        .arg(&input)
        .arg("ber")
        .arg(&ours)
        .output()
        .expect("runs escript");
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.starts_with("msg01a: "), "{stderr}");
}

/// Runs the check program on `lines` as the BER encodings of `input`.
fn check_ber(input: &std::path::Path, lines: &str) -> std::process::Output {
    let dir = tempfile::tempdir().expect("tempdir");
    let ours = dir.path().join("ber.txt");
    std::fs::write(&ours, lines).expect("writes");
    Command::new("escript")
        .arg(repo().join("workers/erlang/megaco_check.escript"))
        .arg(input)
        .arg("ber")
        .arg(&ours)
        .output()
        .expect("runs escript")
}

/// The committed BER vectors as the program's input lines.
fn ber_lines() -> Vec<String> {
    ber_vectors()
        .iter()
        .map(|v| {
            let hex: String = v.bytes.iter().map(|b| format!("{b:02X}")).collect();
            format!("{} {} {hex}\n", v.name, v.version)
        })
        .collect()
}

/// Bad input exits 2 with a message; a repeated line cannot stand in for
/// a missing one; a missing line fails the count.
#[test]
fn erlang_check_refuses_bad_or_incomplete_input() {
    let input = match messages() {
        Ok(p) => p,
        Err(why) => return skip_or_fail(why),
    };
    let lines = ber_lines();
    let cases = [
        (
            [&lines[..3], &["msg01a 1 NOTHEX\n".to_string()][..]].concat(),
            2,
            "bad input: line <<\"msg01a 1 NOTHEX\">>",
        ),
        (
            [&lines[..1], &lines[..1], &lines[2..]].concat(),
            2,
            "bad input: ",
        ),
        (lines[1..].to_vec(), 1, "checked 148 messages of 149"),
    ];
    for (given, code, stderr) in cases {
        let output = check_ber(&input, &given.concat());
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{err}");
        assert!(err.starts_with(stderr), "{err}");
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let output = check_ber(&dir.path().join("absent.msgs"), &lines.concat());
    let err = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{err}");
    assert!(err.starts_with("bad input: "), "{err}");
}
