//! Erlang/OTP's encodings of the 149 messages against ours.

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, per_vectors, Ber, Per, Vector, VersionedMessage};

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02X}")).collect()
}

/// Every vector decodes, carries its version, and re-encodes to Erlang's bytes.
fn same_bytes(codec: &dyn Codec<VersionedMessage>, vectors: &[Vector]) {
    assert_eq!(vectors.len(), 149);
    let mut differ = Vec::new();
    for v in vectors {
        let message = match codec.decode(&v.bytes) {
            Ok(m) => m,
            Err(e) => {
                differ.push(format!("{} (v{}) does not decode: {e}", v.name, v.version));
                continue;
            }
        };
        assert_eq!(message.module_version(), v.version, "{}", v.name);
        assert_eq!(message.version_field(), v.version, "{}", v.name);
        let mut out = Vec::new();
        codec.encode(&message, &mut out).expect("encodes");
        if out != v.bytes {
            differ.push(format!(
                "{}\n  erlang {}\n  ours   {}",
                v.name,
                hex(&v.bytes),
                hex(&out)
            ));
        }
        assert_eq!(codec.decode(&out).as_ref(), Ok(&message), "{}", v.name);
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

#[test]
fn ber_vectors_decode_and_reencode_identically() {
    same_bytes(&Ber, &ber_vectors());
}

#[test]
fn per_vectors_decode_and_reencode_identically() {
    same_bytes(&Per, &per_vectors());
}

#[test]
fn ber_to_per_matches_erlang_per() {
    let per = per_vectors();
    let mut differ = Vec::new();
    for (b, p) in ber_vectors().iter().zip(&per) {
        let message = Ber.decode(&b.bytes).expect("BER decodes");
        let mut out = Vec::new();
        Per.encode(&message, &mut out).expect("encodes");
        if out != p.bytes {
            differ.push(format!(
                "{}\n  erlang {}\n  ours   {}",
                p.name,
                hex(&p.bytes),
                hex(&out)
            ));
        }
    }
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}

/// The version peek skips an authentication header (none of the 149
/// messages has one), for every AuthData length the schema allows.
#[test]
fn messages_with_an_auth_header_round_trip() {
    use encbench_megaco_asn1::v3;
    let Ok(VersionedMessage::V3(base)) = Ber.decode(&ber_vectors()[60].bytes) else {
        panic!("vector 60 is not v3");
    };
    for ad_len in 12..=32u8 {
        let mut m = base.clone();
        m.auth_header = Some(v3::AuthenticationHeader::new(
            v3::SecurityParmIndex([1, 2, 3, 4].into()),
            v3::SequenceNum([5, 6, 7, 8].into()),
            v3::AuthData((0..ad_len).collect::<Vec<u8>>().into()),
        ));
        let message = VersionedMessage::V3(m);
        for codec in [&Ber as &dyn Codec<VersionedMessage>, &Per] {
            let mut out = Vec::new();
            codec.encode(&message, &mut out).expect("encodes");
            assert_eq!(
                codec.decode(&out),
                Ok(message.clone()),
                "AuthData of {ad_len}"
            );
        }
    }
}

#[test]
fn encode_appends_after_existing_bytes() {
    let message = Per.decode(&per_vectors()[0].bytes).expect("decodes");
    let mut out = vec![0xAA];
    Per.encode(&message, &mut out).expect("encodes");
    assert_eq!(out[0], 0xAA);
    assert_eq!(out[1..], per_vectors()[0].bytes[..]);
}

#[test]
fn vector_files_report_bad_lines() {
    use encbench_megaco_asn1::parse_vectors;
    assert_eq!(
        parse_vectors("a 1 0A\nb 4 0B\n").unwrap_err().to_string(),
        "vector line 2, column 3: version is not 1, 2 or 3"
    );
    assert_eq!(
        parse_vectors("msg 2 0AZZ").unwrap_err().to_string(),
        "vector line 1, column 9: not a hex digit pair"
    );
    assert_eq!(
        parse_vectors("msg 2").unwrap_err().to_string(),
        "vector line 1, column 1: expected three space-separated fields"
    );
}

#[test]
fn messages_are_the_149_by_version() {
    let messages = encbench_megaco_asn1::messages().expect("decode");
    let count = |n| {
        messages
            .iter()
            .filter(|(_, m)| m.module_version() == n)
            .count()
    };
    assert_eq!((count(1), count(2), count(3)), (35, 22, 92));
    assert_eq!(messages[0].0, "msg01a");
}
