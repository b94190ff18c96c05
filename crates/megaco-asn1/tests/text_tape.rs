//! The text tape codecs (`TapeCompact`, `TapePretty`) on the 149 messages:
//! BER tape → text against Erlang/OTP's own compact text of each message,
//! and pretty text back through the general parser.

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, compact_vectors, Tape, TapeBer, TapeCompact, TapePretty};
use std::path::PathBuf;
use std::process::Command;

/// Erlang's compact text of each message, by name.
fn erlang_compact() -> Vec<(String, Vec<u8>)> {
    compact_vectors()
        .into_iter()
        .map(|v| (v.name, v.bytes))
        .collect()
}

fn ber_tapes() -> Vec<(String, Tape)> {
    ber_vectors()
        .into_iter()
        .map(|v| {
            let tape = TapeBer.decode(&v.bytes).expect("Erlang's BER decodes");
            (v.name, tape)
        })
        .collect()
}

/// Erlang wrote its compact text from the pretty original, through its
/// text-side records, and one holds what the ASN.1 values (and so Erlang's
/// own BER) do not: msg79a01's bare audit return tokens come out in the
/// reverse of the original's order, where the BER `auditToken` BIT STRING
/// keeps bit order (Erlang's compact text of its own BER has them in bit
/// order too: `erlang_writes_the_same_text_from_its_ber`).
const NOT_BYTE_IDENTICAL: &[&str] = &["msg79a01"];

#[test]
fn compact_text_of_every_ber_tape_is_erlangs() {
    let erlang = erlang_compact();
    let tapes = ber_tapes();
    assert_eq!(erlang.len(), 149);
    assert_eq!(tapes.len(), 149);
    let mut differ = Vec::new();
    let mut out = Vec::new();
    for ((name, text), (tape_name, tape)) in erlang.iter().zip(&tapes) {
        assert_eq!(name, tape_name);
        out.clear();
        if let Err(e) = TapeCompact.encode(tape, &mut out) {
            differ.push(format!("{name}: {e}"));
            continue;
        }
        if out != *text {
            let at = out.iter().zip(text).take_while(|(a, b)| a == b).count();
            differ.push(format!(
                "{name}: differs at {at}\n  ours:   {:?}\n  erlang: {:?}",
                String::from_utf8_lossy(&out[at.saturating_sub(30)..(at + 50).min(out.len())]),
                String::from_utf8_lossy(&text[at.saturating_sub(30)..(at + 50).min(text.len())]),
            ));
        }
    }
    let names: Vec<&str> = differ
        .iter()
        .map(|d| d.split(':').next().unwrap_or(""))
        .collect();
    assert_eq!(names, NOT_BYTE_IDENTICAL, "\n{}", differ.join("\n"));
}

/// The shared data directory (`ENCBENCH_DATA_DIR`, else `../shared/data`).
fn data_dir() -> PathBuf {
    std::env::var_os("ENCBENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"))
}

#[test]
fn pretty_text_of_every_ber_tape_parses_to_the_original_message() {
    let messages = match encbench_megaco::data::load(Some(&data_dir())) {
        Ok(m) => m,
        Err(e @ encbench_megaco::data::DataError::Absent { .. }) => {
            eprintln!("SKIPPED: {e}");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    let tapes = ber_tapes();
    assert_eq!(messages.len(), tapes.len());
    let mut differ = Vec::new();
    let mut out = Vec::new();
    for (m, (name, tape)) in messages.iter().zip(&tapes) {
        assert_eq!(&m.name, name);
        out.clear();
        if let Err(e) = TapePretty.encode(tape, &mut out) {
            differ.push(format!("{name}: {e}"));
            continue;
        }
        let original = encbench_megaco::parse(&m.text).expect("the original parses");
        match encbench_megaco::parse(&out) {
            Ok(ours) if ours == original => {}
            Ok(ours) => differ.push(format!(
                "{name}: another message\n  ours:     {ours:?}\n  original: {original:?}"
            )),
            Err(e) => differ.push(format!("{name}: {e}\n{}", String::from_utf8_lossy(&out))),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

#[test]
fn pretty_text_looks_like_megacos_pretty_text() {
    let (_, tape) = &ber_tapes()[0];
    let mut out = Vec::new();
    TapePretty.encode(tape, &mut out).expect("encodes");
    let text = String::from_utf8(out).expect("ASCII");
    assert!(
        text.starts_with("MEGACO/1 [123.123.123.4]:55555\nTransaction = 9999 {\n"),
        "{text}"
    );
    assert!(text.contains("tdmc/gain=2"), "{text}");
}

#[test]
fn names_without_text_are_errors_with_a_position() {
    // msg01a with tdmc/gain (000D000A) turned into the unknown 000D00FF.
    let v = &ber_vectors()[0];
    let at = v
        .bytes
        .windows(4)
        .position(|w| w == [0x00, 0x0D, 0x00, 0x0A])
        .expect("msg01a holds tdmc/gain");
    let mut bytes = v.bytes.clone();
    bytes[at + 3] = 0xFF;
    let tape = TapeBer.decode(&bytes).expect("still BER");
    let mut out = b"kept".to_vec();
    let e = TapeCompact
        .encode(&tape, &mut out)
        .expect_err("no text name");
    let msg = e.to_string();
    assert!(msg.contains("000D00FF"), "{msg}");
    assert_eq!(out, b"kept", "a failed encode leaves the buffer as it was");
    // A tape no decoder filled.
    assert!(TapeCompact.encode(&Tape::default(), &mut out).is_err());
    assert!(TapePretty.encode(&Tape::default(), &mut out).is_err());
}

/// The two text tape codecs as a pair: Erlang's compact text decoded by
/// `TapeCompact` encodes back to itself (but for the two messages above),
/// and every message's pretty text survives decode → encode → decode.
#[test]
fn text_decoded_by_the_tape_decoder_encodes_back() {
    let mut differ = Vec::new();
    let mut out = Vec::new();
    let mut again = Vec::new();
    for (name, text) in erlang_compact() {
        let tape = match TapeCompact.decode(&text) {
            Ok(t) => t,
            Err(e) => {
                differ.push(format!("{name}: decode: {e}"));
                continue;
            }
        };
        out.clear();
        match TapeCompact.encode(&tape, &mut out) {
            Ok(()) if out == text || NOT_BYTE_IDENTICAL.contains(&name.as_str()) => {}
            Ok(()) => differ.push(format!("{name}: {}", String::from_utf8_lossy(&out))),
            Err(e) => differ.push(format!("{name}: encode: {e}")),
        }
        again.clear();
        TapePretty.encode(&tape, &mut again).expect("encodes");
        match TapePretty.decode(&again) {
            Ok(back) if back == tape => {}
            Ok(_) => differ.push(format!("{name}: pretty decodes to another tape")),
            Err(e) => differ.push(format!("{name}: pretty: {e}")),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}

/// Forms none of the 149 messages has: IPv6 and MTP addresses, domain and
/// device names, message errors, pending, acks, command flags, v3 segments.
#[test]
fn rarer_forms_encode_back_to_themselves() {
    for text in [
        "!/1 [2001:db8::1]:2944\nP=5{ER=400{\"bad request\"}}",
        "!/1 MTP{0A0B}\nPN=7{}",
        "!/2 <example.net>:55555\nK{1-3,5}",
        "!/3 mg1\nT=1{C=5{O-W-A=11111111/00000000/${M{O{MO=SO}}}}}",
        "!/1 [1.2.3.4]\nER=401{}",
        "!/3 [1.2.3.4]\nP=9/2/&{C=-{SC=root{SV{AD=MTP{0102},V=3}}}}",
        "!/3 [1.2.3.4]\nSM=8/2/&",
    ] {
        let tape = TapeCompact
            .decode(text.as_bytes())
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut out = Vec::new();
        TapeCompact
            .encode(&tape, &mut out)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(String::from_utf8_lossy(&out), text);
    }
}

/// Erlang/OTP's own BER → compact text (`tools/ber_to_compact.escript`:
/// its BER decoder with the name resolver, then its compact encoder)
/// against ours, byte for byte on all 149, when `escript` is on PATH
/// (CI has it).
#[test]
fn erlang_writes_the_same_text_from_its_ber() {
    let crate_dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if Command::new("escript").arg("-h").output().is_err() {
        assert!(std::env::var_os("CI").is_none(), "CI has Erlang");
        eprintln!("SKIPPED: escript not on PATH");
        return;
    }
    let dir = tempfile::tempdir().expect("tempdir");
    let theirs = dir.path().join("compact.txt");
    let status = Command::new("escript")
        .arg(crate_dir.join("tools/ber_to_compact.escript"))
        .arg(crate_dir.join("tests/vectors/ber.txt"))
        .arg(&theirs)
        .status()
        .expect("escript runs");
    assert!(status.success());
    let theirs = std::fs::read(&theirs).expect("written");
    let mut ours = Vec::new();
    let mut out = Vec::new();
    for (name, tape) in ber_tapes() {
        out.clear();
        TapeCompact.encode(&tape, &mut out).expect("encodes");
        ours.extend_from_slice(format!("== {name} {}\n", out.len()).as_bytes());
        ours.extend_from_slice(&out);
        ours.push(b'\n');
    }
    if ours != theirs {
        let at = ours.iter().zip(&theirs).take_while(|(a, b)| a == b).count();
        panic!(
            "differs at {at}:\n  ours:   {:?}\n  erlang: {:?}",
            String::from_utf8_lossy(&ours[at.saturating_sub(60)..(at + 60).min(ours.len())]),
            String::from_utf8_lossy(&theirs[at.saturating_sub(60)..(at + 60).min(theirs.len())]),
        );
    }
}
