//! Differential tests: every SIMD decoder this CPU runs must return exactly
//! what `CsvBytes::decode` returns (bytes, or error kind, offset and reason).

use super::{decode, CsvBytesAvx2, CsvBytesAvx512, CsvBytesNeon, CsvBytesSse41, Isa};
use crate::byte_array::CsvBytes;
use crate::intfile::simd::tests::{runnable, shift_by, Rng};
use crate::Codec;

#[track_caller]
fn same_as_scalar(isas: &[Isa], text: &[u8]) {
    let want = CsvBytes.decode(text);
    for isa in isas {
        let got = decode(*isa, text).expect("runnable");
        assert_eq!(got, want, "{isa:?} on {:?}", String::from_utf8_lossy(text));
    }
}

fn csv(values: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    CsvBytes.encode(&values.to_vec(), &mut out).unwrap();
    out
}

fn random_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.below(256) as u8).collect()
}

/// `count` random fields, each followed by its comma.
fn filler(rng: &mut Rng, count: usize) -> Vec<u8> {
    let mut out = csv(&random_bytes(rng, count));
    out.push(b',');
    out
}

#[test]
fn random_arrays_round_trip() {
    let isas = runnable();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for n in (0..300).chain([1000, 4096, 20_000]) {
        let values = random_bytes(&mut rng, n);
        let text = csv(&values);
        same_as_scalar(&isas, &text);
        for isa in &isas {
            assert_eq!(decode(*isa, &text), Some(Ok(values.clone())), "{isa:?}");
        }
    }
    // The densest and the widest fields only.
    same_as_scalar(&isas, &csv(&[7; 500]));
    same_as_scalar(&isas, &csv(&[0; 500]));
    same_as_scalar(&isas, &csv(&[255; 500]));
    same_as_scalar(
        &isas,
        &csv(&(0..=255).cycle().take(3000).collect::<Vec<u8>>()),
    );
}

#[test]
fn every_field_at_every_offset_across_block_boundaries() {
    let isas = runnable();
    let mut rng = Rng(7);
    let fields: [&[u8]; 20] = [
        b"0", b"9", b"10", b"99", b"100", b"199", b"249", b"250", b"255", b"256", b"260", b"300",
        b"999", b"0000", b"0255", b"0256", b"00001", b"1000", b"", b"+5",
    ];
    for shift in 0..=140usize {
        // The field under test and its comma at every position relative to
        // the 16-, 32- and 64-byte vectors, in the first block and the next two.
        let prefix = shift_by(shift, b',');
        for field in fields {
            let mut t = prefix.clone();
            t.extend_from_slice(field);
            t.push(b',');
            t.extend(filler(&mut rng, 40));
            t.pop();
            same_as_scalar(&isas, &t);
            // The same field last, with and without a trailing comma.
            let mut t = filler(&mut rng, 25);
            t.extend(&prefix);
            t.extend_from_slice(field);
            same_as_scalar(&isas, &t);
            t.push(b',');
            same_as_scalar(&isas, &t);
        }
    }
}

#[test]
fn every_bad_byte_at_every_position() {
    let isas = runnable();
    let mut rng = Rng(42);
    let base = csv(&random_bytes(&mut rng, 80));
    for p in 0..base.len() {
        for bad in [
            b'x', b'+', b'-', b' ', b',', b'\n', b'\r', 0, b'/', b':', b'0', 0x80, 0xff,
        ] {
            let mut t = base.clone();
            t[p] = bad;
            same_as_scalar(&isas, &t);
            // Inserted rather than replacing.
            let mut t = base[..p].to_vec();
            t.push(bad);
            t.extend(&base[p..]);
            same_as_scalar(&isas, &t);
        }
    }
}

#[test]
fn utf8_errors_come_before_field_errors_as_in_the_scalar_decoder() {
    let isas = runnable();
    let mut rng = Rng(3);
    let mut t = filler(&mut rng, 30);
    t.extend_from_slice(b"x,");
    t.extend(filler(&mut rng, 30));
    t.extend_from_slice(&[0xc3, b',']);
    t.extend(filler(&mut rng, 30));
    t.pop();
    same_as_scalar(&isas, &t);
    assert!(matches!(
        decode(Isa::best().unwrap_or(Isa::Sse41), &t),
        None | Some(Err(crate::CodecError::Invalid { .. }))
    ));
}

#[test]
fn random_corruptions_agree() {
    let isas = runnable();
    let mut rng = Rng(0xdead_beef);
    for _ in 0..3000 {
        let n = rng.below(120) as usize;
        let mut t = Vec::new();
        for i in 0..n {
            if i > 0 {
                t.push(b',');
            }
            let len = match rng.below(12) {
                0 => rng.below(6) as usize,
                _ => 1 + rng.below(3) as usize,
            };
            t.extend(rng.digits(len));
        }
        rng.damage(&mut t);
        same_as_scalar(&isas, &t);
    }
}

#[test]
fn empty_tiny_and_odd_inputs() {
    let isas = runnable();
    let long_zeros = [&b"1,"[..], &[b'0'; 100], b"7,8"].concat();
    for t in [
        &b""[..],
        b",",
        b",,",
        b"0",
        b"255",
        b"256",
        b"1,",
        b",1",
        b"1,,2",
        b"0000",
        b"+",
        b"+0",
        b"-0",
        b" 1",
        &long_zeros,
    ] {
        same_as_scalar(&isas, t);
    }
    // A 64+ byte field ends the block walk early; the rest must still parse.
    let mut t = long_zeros.clone();
    t.push(b',');
    t.extend(csv(&[200; 100]));
    same_as_scalar(&isas, &t);
}

#[test]
fn unavailable_sets_say_why() {
    let codecs: [(Isa, &dyn Codec<Vec<u8>>); 4] = [
        (Isa::Sse41, &CsvBytesSse41),
        (Isa::Avx2, &CsvBytesAvx2),
        (Isa::Avx512, &CsvBytesAvx512),
        (Isa::Neon, &CsvBytesNeon),
    ];
    for (isa, codec) in codecs {
        let mut buf = Vec::new();
        codec.encode(&vec![1, 22, 255], &mut buf).unwrap();
        assert_eq!(buf, b"1,22,255");
        match (codec.unavailable(), codec.decode(&buf)) {
            (None, Ok(v)) => assert_eq!(v, [1, 22, 255]),
            (Some(why), Err(_)) => assert!(!why.is_empty(), "{isa:?}"),
            other => panic!("{isa:?}: {other:?}"),
        }
    }
}
