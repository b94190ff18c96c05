//! The text tape decoder against the BER tapes of the same 149 messages:
//! Erlang's pretty text (the data file) and its compact text (committed)
//! must decode to the values Erlang's BER of them decodes to.

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, compact_vectors, Tape, TapeBer, TapeCompact, TapePretty};
use std::collections::HashMap;

/// Erlang's compact encoding of each message, by name.
fn erlang_compact() -> Vec<(String, Vec<u8>)> {
    compact_vectors()
        .into_iter()
        .map(|v| (v.name, v.bytes))
        .collect()
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
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn the_pretty_messages_decode_to_the_ber_tape_of_every_message() {
    let data = std::env::var_os("ENCBENCH_DATA_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| {
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
        });
    // Falls back to Debian's erlang-examples copy, as the product does.
    let messages = match encbench_megaco::data::load(Some(&data)) {
        Ok(messages) => messages,
        // CI provides the data: there its absence is a failure, not a skip.
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI has time_test.msgs: {e}"
            );
            eprintln!("time_test.msgs absent: skipped ({e})");
            return;
        }
    };
    let messages: Vec<(String, Vec<u8>)> = messages.into_iter().map(|m| (m.name, m.text)).collect();
    assert_eq!(messages.len(), 149);
    let differ = differences(&TapePretty, &messages);
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// Why the text tape may refuse what the general parser accepts: the
/// tape holds ASN.1 values, so a name or term id without a binary form
/// and a value outside its ASN.1 constraint have nowhere to go. Any other
/// disagreement is a bug in one of the two.
fn binary_form_refusal(message: &str) -> bool {
    [
        "binary name tables",
        "no binary form",
        "outside",
        "octets, not",
        "has no such component in Megaco",
        "not supported",
        "a package the binary name tables",
        "digit map name has a binary form",
        "binary form is 16 octets",
        "only the v1, v2 and v3 modules are known",
        "reserved for these",
        "not an IA5 character",
    ]
    .iter()
    .any(|s| message.contains(s))
}

/// Why the general parser may refuse what the text tape reads: its model
/// holds quoted and SDP text as Rust strings, so bytes that are not UTF-8
/// have nowhere to go there, while the tape's OCTET STRING takes any byte
/// (an IA5String's bytes outside ASCII the tape refuses, as BER does).
fn utf8_refusal(message: &str) -> bool {
    message.contains("is not UTF-8")
}

/// The tape through BER and back: the BER tape decoder's checks hold for
/// every value the text tape decoder let in.
fn ber_round_trip(tape: &Tape) -> Result<(), String> {
    let mut ber = Vec::new();
    TapeBer
        .encode(tape, &mut ber)
        .map_err(|e| format!("BER encode: {e}"))?;
    match TapeBer.decode(&ber) {
        Ok(back) if back.same_values(tape) => Ok(()),
        Ok(back) => Err(format!("BER reads back {back}")),
        Err(e) => Err(format!("BER refuses the text tape's value: {e}")),
    }
}

/// Deterministic mutants of `text`: every truncation at a token boundary,
/// and single-byte replacements, deletions and insertions of the
/// grammar's own characters, and of bytes outside ASCII (which no
/// IA5String holds), at every `step`-th position.
fn mutants(text: &[u8], step: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for cut in (0..text.len()).filter(|&i| !text[i].is_ascii_alphanumeric()) {
        out.push(text[..cut].to_vec());
    }
    for i in (0..text.len()).step_by(step) {
        for &b in b"{}=,:[]-$*/ \n0aZ\"\x80\xc3\xff" {
            let mut m = text.to_vec();
            m[i] = b;
            out.push(m);
            let mut m = text.to_vec();
            m.insert(i, b);
            out.push(m);
        }
        // A character outside ASCII in UTF-8, which the general parser's
        // strings take and no IA5String does.
        let mut m = text.to_vec();
        m.splice(i..i, "é".bytes());
        out.push(m);
        let mut m = text.to_vec();
        m.remove(i);
        out.push(m);
    }
    out
}

/// Differential fuzzing against the general parser (`encbench_megaco`):
/// over mutants of every message in both spellings, the text tape
/// accepts what the general parser accepts (but for values without a
/// binary form) and refuses what it refuses; where both accept, the tape
/// equals the tape of the parser's own text of its model, and the tape's
/// text reads back to the same tape. Never a
/// panic.
#[test]
fn the_text_tape_agrees_with_the_general_parser_on_mutated_messages() {
    let mut disagreements = Vec::new();
    let mut compared = 0usize;
    let mut both_accept = 0usize;
    for (name, compact) in erlang_compact().into_iter().step_by(2) {
        let model = encbench_megaco::parse(&compact).expect("Erlang's compact text parses");
        let mut pretty = Vec::new();
        encbench_megaco::encode_pretty(&model, &mut pretty);
        for form in [compact, pretty] {
            for m in mutants(&form, 7) {
                compared += 1;
                let general = encbench_megaco::parse(&m);
                let tape = TapeCompact.decode(&m);
                match (&general, &tape) {
                    (Ok(model), Ok(tape)) => {
                        both_accept += 1;
                        // The tape holds ASN.1 values, so text order that
                        // ASN.1 does not keep (bare audit tokens are bits)
                        // is compared through the general parser's own
                        // text of the same model.
                        let mut canonical = Vec::new();
                        encbench_megaco::encode_compact(model, &mut canonical);
                        let mut text = Vec::new();
                        match (
                            TapeCompact.decode(&canonical),
                            TapeCompact.encode(tape, &mut text),
                        ) {
                            (Ok(want), Ok(())) if want == *tape => {
                                match TapeCompact.decode(&text) {
                                    Ok(back) if back == *tape => {}
                                    _ => disagreements.push(format!(
                                        "{name}: the tape's own text reads back differently: {:?}",
                                        text.escape_ascii().to_string()
                                    )),
                                }
                                // BER's checks (IA5 characters among them)
                                // accept every value the text let in.
                                if let Err(e) = ber_round_trip(tape) {
                                    disagreements.push(format!(
                                        "{name}: {e}: {:?}",
                                        m.escape_ascii().to_string()
                                    ));
                                }
                            }
                            (Ok(_), Ok(())) => disagreements.push(format!(
                                "{name}: different values: {:?}",
                                m.escape_ascii().to_string()
                            )),
                            (Err(e), _) => disagreements.push(format!(
                                "{name}: the parser's text is refused ({e}): {:?}",
                                canonical.escape_ascii().to_string()
                            )),
                            (_, Err(e)) => disagreements.push(format!("{name}: encode: {e}")),
                        }
                    }
                    (Err(_), Err(_)) => {}
                    (Ok(_), Err(e)) if binary_form_refusal(&e.to_string()) => {}
                    (Ok(_), Err(e)) => disagreements.push(format!(
                        "{name}: tape refuses ({e}), parser accepts: {:?}",
                        m.escape_ascii().to_string()
                    )),
                    (Err(e), Ok(_)) if utf8_refusal(&e.to_string()) => {}
                    (Err(e), Ok(_)) => disagreements.push(format!(
                        "{name}: parser refuses ({e}), tape accepts: {:?}",
                        m.escape_ascii().to_string()
                    )),
                }
            }
        }
    }
    assert!(
        compared > 10_000 && both_accept > 1_000,
        "{compared} mutants, {both_accept} accepted by both"
    );
    assert!(
        disagreements.is_empty(),
        "{} of {compared} mutants disagree:\n{}",
        disagreements.len(),
        disagreements.join("\n")
    );
}

/// Text may put an event's parameters after its actions and a reply's
/// error after its context properties; the tape holds them in ASN.1
/// order, as the general parser's own text of the same message does.
/// Actions split by a parameter are refused by name.
#[test]
fn components_out_of_asn1_order_land_in_order() {
    let head = "!/3 [125.125.125.111]:55555\n";
    for body in [
        "T=10001{C=-{MF=11111111/00000000/00000000{E=2223{al/on{KA,strict=state,ST=2}}}}}",
        "T=10001{C=-{MF=11111111/00000000/00000000{E=2223{al/on{strict=state,KA,NBNN}}}}}",
        "P=10003{C=2000{PR=15,EG,ER=502{\"an error\"}}}",
        "T=7{C=-{N=11111111/00000000/00000000{OE=1{19990729T22000000:al/of{strict=state}}}}}",
        // One component out of place, then two: the first moves back
        // alone, the second needs a full sort.
        "T=10001{C=-{MF=11111111/00000000/00000000{SG{cg/rt{DR=20,SY=BR}}}}}",
        "T=10001{C=-{MF=11111111/00000000/00000000{SG{cg/rt{KA,SY=BR,DR=20}}}}}",
        "T=10001{C=-{MF=11111111/00000000/00000000{SG{cg/rt{DR=20,SY=BR,KA}}}}}",
    ] {
        let text = format!("{head}{body}");
        let model = encbench_megaco::parse(text.as_bytes()).expect("the general parser reads it");
        let mut canonical = Vec::new();
        encbench_megaco::encode_compact(&model, &mut canonical);
        let want = TapeCompact
            .decode(&canonical)
            .expect("canonical text decodes");
        let got = TapeCompact.decode(text.as_bytes()).expect("decodes");
        assert!(got.same_values(&want), "{body}:\n  {got}\n  {want}");
    }
    let split = format!(
        "{head}T=10001{{C=-{{MF=11111111/00000000/00000000{{E=2223{{al/on{{KA,strict=state,NBNN}}}}}}}}}}"
    );
    let err = TapeCompact.decode(split.as_bytes()).expect_err("refused");
    assert!(
        err.to_string()
            .contains("line 2, column 72: event actions are not supported on both sides"),
        "{err}"
    );
}

/// A byte of 0x80 or more inside a quoted string (an error text, an
/// IA5String) is refused, naming where it is, as the BER and PER tapes
/// refuse it; the same text in ASCII is read.
#[test]
fn a_non_ascii_byte_in_a_quoted_string_is_refused() {
    let head = b"!/1 [2001:db8::1]:2944\nP=5{ER=400{\"".as_slice();
    let text = |error: &[u8]| [head, error, b"\"}}"].concat();
    let ascii = TapeCompact.decode(&text(b"bad request"));
    assert!(ascii.is_ok(), "{ascii:?}");
    for (bad, at) in [
        (&b"bad r\xe9quest"[..], 5),
        (b"\x80", 0),
        (b"bad request\xff", 11),
    ] {
        let m = text(bad);
        for codec in [&TapeCompact as &dyn Codec<Tape>, &TapePretty] {
            let err = codec
                .decode(&m)
                .expect_err("a byte outside ASCII in an IA5String");
            let msg = err.to_string();
            assert!(
                msg.contains("not an IA5 character")
                    && msg.contains(&(head.len() + at).to_string()),
                "{msg} for {:?}",
                m.escape_ascii().to_string()
            );
        }
    }
}
