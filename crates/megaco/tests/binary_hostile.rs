//! Hostile input for the serde codecs (`megaco/cbor`, `megaco/postcard`):
//! deep nesting, every truncation and bit flips of encoded messages give
//! `Ok` or an error, never a panic or a stack overflow.

mod common;

use encbench_codecs::Codec;
use encbench_megaco::codec::{Cbor, Postcard};
use encbench_megaco::{parse, MegacoMessage};

/// A message whose events embed events `k` levels deep, every level alike.
fn nested(k: usize) -> MegacoMessage {
    let mut text = b"!/3 [1.2.3.4] T=1{C=-{MF=x{E=1{".to_vec();
    for _ in 0..k {
        text.extend_from_slice(b"a/b{EM{E=1{");
    }
    text.extend_from_slice(b"a/b");
    text.extend_from_slice(&b"}}}".repeat(k));
    text.extend_from_slice(b"}}}}");
    parse(&text).unwrap_or_else(|e| panic!("{e}"))
}

fn encoded(codec: &dyn Codec<MegacoMessage>, m: &MegacoMessage) -> Vec<u8> {
    let mut out = Vec::new();
    codec.encode(m, &mut out).unwrap();
    out
}

/// The bytes of `n` levels, extrapolated from the encodings of one and two
/// levels as `head + open×n + middle + close×n + tail` (checked against
/// three levels), so that a depth nothing could encode can be decoded.
fn deep(codec: &dyn Codec<MegacoMessage>, n: usize) -> Vec<u8> {
    let [e1, e2, e3] = [1, 2, 3].map(|k| encoded(codec, &nested(k)));
    let grown = e2.len() - e1.len();
    let prefix = e1.iter().zip(&e2).take_while(|(a, b)| a == b).count();
    let suffix = e1
        .iter()
        .rev()
        .zip(e2.iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    for i in 0..=prefix {
        for open_len in 0..=grown {
            let close_len = grown - open_len;
            for j in i.max(e1.len().saturating_sub(suffix))..=e1.len() {
                let open = &e2[i..i + open_len];
                let close = &e2[j + open_len..j + open_len + close_len];
                let build = |k: usize| {
                    [
                        &e1[..i],
                        &open.repeat(k - 1),
                        &e1[i..j],
                        &close.repeat(k - 1),
                        &e1[j..],
                    ]
                    .concat()
                };
                if build(2) == e2 && build(3) == e3 {
                    return build(n);
                }
            }
        }
    }
    panic!("no repeating pattern in the nested encodings");
}

#[test]
fn nesting_past_the_cap_is_an_error_at_any_depth() {
    let codecs: [(&dyn Codec<MegacoMessage>, usize); 2] = [(&Postcard, 100_000), (&Cbor, 10_000)];
    for (codec, huge) in codecs {
        // Within the cap the extrapolation is the encoding, and decodes.
        let twelve = deep(codec, 12);
        assert_eq!(twelve, encoded(codec, &nested(12)));
        assert_eq!(codec.decode(&twelve).unwrap(), nested(12));
        // 48 descriptors (47 embedded) decode; one more is refused, and so
        // is far deeper, as an error, not an abort.
        let at_cap = codec.decode(&deep(codec, 47)).unwrap();
        assert_eq!(encoded(codec, &at_cap), deep(codec, 47));
        for n in [48, huge] {
            let e = codec.decode(&deep(codec, n)).unwrap_err();
            assert!(
                e.to_string()
                    .ends_with("events descriptors nested deeper than 48"),
                "{e}"
            );
        }
        // A failed decode leaves no depth behind: the next one succeeds.
        assert_eq!(codec.decode(&twelve).unwrap(), nested(12));
    }
}

#[test]
fn cbor_skipping_unknown_fields_is_bounded_too() {
    // An unknown key in the top map is skipped by recursion in serde; a
    // million nested arrays there hit ciborium's own recursion limit.
    let mut bytes = vec![0xa1, 0x61, b'z'];
    bytes.extend(std::iter::repeat_n(0x81, 1_000_000));
    bytes.push(0x00);
    assert!(Cbor.decode(&bytes).is_err());
}

#[test]
fn truncations_and_bit_flips_are_ok_or_errors() {
    let mut msgs = vec![nested(3)];
    if let Some(real) = common::messages() {
        msgs.extend(real.iter().map(|m| parse(&m.text).unwrap()));
    }
    let codecs: [&dyn Codec<MegacoMessage>; 2] = [&Postcard, &Cbor];
    for codec in codecs {
        for (n, m) in msgs.iter().enumerate() {
            let bytes = encoded(codec, m);
            assert_eq!(&codec.decode(&bytes).unwrap(), m);
            for len in 0..bytes.len() {
                assert!(codec.decode(&bytes[..len]).is_err(), "{len} bytes decoded");
            }
            // Every bit of the first messages, a stride of bits of the rest.
            let step = if n < 4 { 1 } else { 61 };
            for bit in (n % step..bytes.len() * 8).step_by(step) {
                let mut flipped = bytes.clone();
                flipped[bit / 8] ^= 1 << (bit % 8);
                let _ = codec.decode(&flipped);
            }
        }
    }
}
