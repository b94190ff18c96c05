//! Truncated, bit-flipped and random input: every decoder returns Ok or an
//! error whose offset lies inside the input, and never panics or hangs.

use encbench_bgp::dump::dump;
use encbench_bgp::mrt::MrtReader;
use encbench_bgp::wire::{decode_message, encode_update, AsSize};
use encbench_bgp::{cbor, json, table, text, Error};
use rand::{Rng, SeedableRng};
use std::io::Read;
use std::path::PathBuf;

fn assert_inside(r: Result<impl Sized, Error>, len: usize, what: &str) {
    if let Err(e) = r {
        assert!(
            e.offset <= len as u64,
            "{what}: offset {} past the {len}-byte input: {e}",
            e.offset
        );
        assert!(!e.what.is_empty());
    }
}

/// Every prefix of `bytes` and every single-bit flip of it.
fn mutations(bytes: &[u8], flip_limit: usize, mut check: impl FnMut(&[u8])) {
    for cut in 0..bytes.len() {
        check(&bytes[..cut]);
    }
    let mut m = bytes.to_vec();
    for i in 0..bytes.len().min(flip_limit) {
        for bit in 0..8 {
            m[i] ^= 1 << bit;
            check(&m);
            m[i] ^= 1 << bit;
        }
    }
}

fn sample_updates() -> Vec<Vec<u8>> {
    table::full_table(60, 7)
        .iter()
        .take(8)
        .map(|u| {
            let mut b = Vec::new();
            encode_update(u, AsSize::Four, &mut b).expect("encodes");
            b
        })
        .collect()
}

#[test]
fn every_truncation_and_bit_flip_of_updates() {
    for msg in sample_updates() {
        mutations(&msg, usize::MAX, |b| {
            assert_inside(decode_message(b, AsSize::Four), b.len(), "UPDATE");
            assert_inside(decode_message(b, AsSize::Two), b.len(), "UPDATE (2-byte)");
        });
    }
}

fn dump_bytes(b: &[u8]) -> Result<u64, Error> {
    let mut reader = MrtReader::new(b);
    match dump(&mut reader, &mut std::io::sink()) {
        Ok(s) => Ok(s.lines),
        Err(encbench_bgp::dump::DumpError::Decode(e)) => Err(e),
        Err(e) => panic!("writing to a sink failed: {e}"),
    }
}

/// The first records (about `bytes` bytes) of a shared MRT file, decompressed.
fn mrt_head(name: &str, bytes: usize) -> Option<Vec<u8>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/bgp")
        .join(name);
    let file = std::fs::File::open(path).ok()?;
    let mut all = Vec::new();
    flate2::read::GzDecoder::new(file)
        .take(bytes as u64)
        .read_to_end(&mut all)
        .ok()?;
    Some(all)
}

#[test]
fn every_truncation_and_bit_flip_of_mrt_records() {
    let names = [
        "updates.20020722.2238.gz",
        "updates.20070211.0141.gz",
        "updates.20160811.1600.gz",
        "bview.20020722.2337.gz",
    ];
    let mut seen = 0;
    for name in names {
        let Some(head) = mrt_head(name, 1500) else {
            eprintln!("skipping {name}: shared data absent");
            continue;
        };
        seen += 1;
        mutations(&head, 400, |b| assert_inside(dump_bytes(b), b.len(), name));
    }
    eprintln!("{seen} real MRT files mutated");
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..20_000 {
        let n = rng.random_range(0..200);
        let mut b: Vec<u8> = (0..n).map(|_| rng.random()).collect();
        assert_inside(dump_bytes(&b), b.len(), "random MRT");
        // Give half of them a valid marker so the UPDATE body parser is reached.
        if b.len() >= 19 && rng.random_bool(0.5) {
            b[..16].fill(0xff);
            let len = b.len() as u16;
            b[16..18].copy_from_slice(&len.to_be_bytes());
            b[18] = 2;
        }
        assert_inside(decode_message(&b, AsSize::Four), b.len(), "random UPDATE");
        assert_inside(text::decode(&b), b.len(), "random text");
        assert_inside(json::decode(&b), b.len(), "random JSON");
        assert_inside(cbor::decode(&b), b.len(), "random CBOR");
        assert_inside(table::decode_wire(&b), b.len(), "random wire stream");
    }
}

#[test]
fn truncated_table_encodings_give_located_errors() {
    let t = table::full_table(40, 3);
    for (name, encode, decode) in [
        (
            "wire",
            (|t: &[_], o: &mut Vec<u8>| o.extend(table::encode_wire(t).expect("encodes")))
                as fn(&[_], &mut Vec<u8>),
            table::decode_wire as fn(&[u8]) -> _,
        ),
        ("text", text::encode, text::decode),
        ("json", json::encode, json::decode),
        ("cbor", cbor::encode, cbor::decode),
    ] {
        let mut bytes = Vec::new();
        encode(&t, &mut bytes);
        for cut in (0..bytes.len()).step_by(7) {
            assert_inside(decode(&bytes[..cut]), cut, name);
        }
        // The wire and CBOR forms know their own length: any cut is an error.
        if name == "wire" || name == "cbor" {
            assert!(decode(&bytes[..bytes.len() - 1]).is_err(), "{name}");
        }
    }
}
