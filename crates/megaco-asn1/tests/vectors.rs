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
            differ.push(format!("{}\n  erlang {}\n  ours   {}", v.name, hex(&v.bytes), hex(&out)));
        }
        assert_eq!(codec.decode(&out).as_ref(), Ok(&message), "{}", v.name);
    }
    assert!(differ.is_empty(), "{} differ:\n{}", differ.len(), differ.join("\n"));
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
            differ.push(format!("{}\n  erlang {}\n  ours   {}", p.name, hex(&p.bytes), hex(&out)));
        }
    }
    assert!(differ.is_empty(), "{} differ:\n{}", differ.len(), differ.join("\n"));
}
