//! The tape codecs against Erlang/OTP's own BER and PER of the 149 messages.

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, per_vectors, Tape, TapeBer, TapePer};

fn encode(codec: &dyn Codec<Tape>, tape: &Tape) -> Vec<u8> {
    let mut out = Vec::new();
    codec.encode(tape, &mut out).expect("encodes");
    out
}

#[test]
fn every_vector_decodes_and_reencodes_byte_for_byte_in_both_rules() {
    let ber = ber_vectors();
    let per = per_vectors();
    assert_eq!(ber.len(), 149);
    let mut failures = Vec::new();
    for (b, p) in ber.iter().zip(&per) {
        assert_eq!(b.name, p.name);
        let from_ber = match TapeBer.decode(&b.bytes) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{} BER decode: {e}", b.name));
                continue;
            }
        };
        if encode(&TapeBer, &from_ber) != b.bytes {
            failures.push(format!("{} BER re-encode differs", b.name));
        }
        let from_per = match TapePer.decode(&p.bytes) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!(
                    "{} PER decode: {e}\n  BER tape: {from_ber}",
                    p.name
                ));
                continue;
            }
        };
        if encode(&TapePer, &from_per) != p.bytes {
            failures.push(format!("{} PER re-encode differs", p.name));
        }
        if from_ber != from_per {
            failures.push(format!(
                "{} tapes differ:\n  BER {from_ber}\n  PER {from_per}",
                b.name
            ));
        }
        if encode(&TapePer, &from_ber) != p.bytes {
            failures.push(format!(
                "{} BER tape → PER differs from Erlang's PER",
                b.name
            ));
        }
        if encode(&TapeBer, &from_per) != b.bytes {
            failures.push(format!(
                "{} PER tape → BER differs from Erlang's BER",
                b.name
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn a_tape_reads_as_asn1_value_notation() {
    let v = &ber_vectors()[0];
    let tape = TapeBer.decode(&v.bytes).expect("decodes");
    assert_eq!(tape.module_version(), 1);
    let text = tape.to_string();
    assert!(
        text.starts_with(
            "{ mess { version 1, mId ip4Address: { address '7B7B7B04'H, portNumber 55555 }"
        ),
        "{text}"
    );
}

fn ber_error(edit: impl FnOnce(&mut Vec<u8>)) -> String {
    let mut bytes = ber_vectors()[0].bytes.clone();
    edit(&mut bytes);
    TapeBer.decode(&bytes).unwrap_err().to_string()
}

#[test]
fn ber_errors_name_the_type_and_offset() {
    // msg01a: 30 81 F3 | A1 81 F0 | 80 01 01 | A1 0D | A0 0B | 80 04 7B7B7B04 | 81 03 00D903 …
    assert_eq!(
        ber_error(|b| b[13] = 0x82),
        "invalid data at byte offset 13: IP4Address: unexpected [2] primitive"
    );
    assert_eq!(
        ber_error(|b| b[13] = 0xA0),
        "invalid data at byte offset 13: IP4Address.address: expected [0] primitive, found [0] constructed"
    );
    assert_eq!(
        ber_error(|b| b[14] = 3),
        "invalid data at byte offset 15: IP4Address.address: size outside its constraint"
    );
    assert_eq!(
        ber_error(|b| b.truncate(100)),
        "truncated input: 243 bytes needed at byte offset 3"
    );
    assert_eq!(
        ber_error(|b| b.push(0)),
        "1 trailing bytes after the value, starting at byte offset 246"
    );
}

#[test]
fn per_errors_name_the_offset() {
    let mut bytes = per_vectors()[0].bytes.clone();
    bytes.truncate(40);
    assert_eq!(
        TapePer.decode(&bytes).unwrap_err().to_string(),
        "truncated input: 1 bytes needed at byte offset 40"
    );
}

#[test]
fn per_encoding_appends_to_what_the_buffer_holds() {
    let v = &per_vectors()[3];
    let tape = TapePer.decode(&v.bytes).expect("decodes");
    let mut out = b"head".to_vec();
    TapePer.encode(&tape, &mut out).expect("encodes");
    assert_eq!(&out[..4], b"head");
    assert_eq!(&out[4..], &v.bytes[..]);
    // A reused, emptied buffer gets exactly the encoding.
    out.clear();
    TapePer.encode(&tape, &mut out).expect("encodes");
    assert_eq!(out, v.bytes);
}
