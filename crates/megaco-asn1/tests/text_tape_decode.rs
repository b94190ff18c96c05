//! The text tape decoder against the BER tapes of the same 149 messages:
//! Erlang's pretty text (the data file) and its compact text (committed)
//! must decode to the values Erlang's BER of them decodes to.

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, Tape, TapeBer, TapeCompact, TapePretty};
use std::collections::HashMap;

/// Erlang's compact encoding of each message, by name.
fn erlang_compact() -> Vec<(String, Vec<u8>)> {
    let text = include_str!("../../megaco/tests/vectors/erlang_compact.txt");
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(line_end) = rest.find('\n') {
        let header = &rest[..line_end];
        let mut parts = header.split(' ');
        assert_eq!(parts.next(), Some("=="), "header: {header}");
        let name = parts.next().expect("name").to_string();
        let len: usize = parts.next().expect("length").parse().expect("a number");
        let body = &rest[line_end + 1..line_end + 1 + len];
        out.push((name, body.as_bytes().to_vec()));
        rest = rest[line_end + 1 + len..].trim_start_matches('\n');
    }
    out
}

fn ber_tapes() -> HashMap<String, Tape> {
    ber_vectors()
        .into_iter()
        .map(|v| {
            let t = TapeBer.decode(&v.bytes).expect("BER tape");
            (v.name, t)
        })
        .collect()
}

/// Decodes every message with `codec` and compares it with its BER tape;
/// returns the differences, described.
fn differences(codec: &dyn Codec<Tape>, messages: &[(String, Vec<u8>)]) -> Vec<String> {
    let ber = ber_tapes();
    let mut differ = Vec::new();
    for (name, text) in messages {
        let want = &ber[name];
        match codec.decode(text) {
            Err(e) => differ.push(format!("{name}: {e}")),
            Ok(got) if !got.same_values(want) => {
                differ.push(format!("{name}:\n  ber  {want}\n  text {got}"))
            }
            Ok(_) => {}
        }
    }
    differ
}

#[test]
fn erlangs_compact_text_decodes_to_the_ber_tape_of_every_message() {
    let messages = erlang_compact();
    assert_eq!(messages.len(), 149);
    let differ = differences(&TapeCompact, &messages);
    assert!(differ.is_empty(), "{} differ:\n{}", differ.len(), differ.join("\n"));
}

#[test]
fn the_pretty_messages_decode_to_the_ber_tape_of_every_message() {
    let data = std::env::var_os("ENCBENCH_DATA_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
    // Falls back to Debian's erlang-examples copy, as the product does.
    let Ok(messages) = encbench_megaco::data::load(Some(&data)) else {
        eprintln!("time_test.msgs absent: skipped");
        return;
    };
    let messages: Vec<(String, Vec<u8>)> = messages.into_iter().map(|m| (m.name, m.text)).collect();
    assert_eq!(messages.len(), 149);
    let differ = differences(&TapePretty, &messages);
    assert!(differ.is_empty(), "{} differ:\n{}", differ.len(), differ.join("\n"));
}
