//! BGP targets: the UPDATE decoder on 4- and 2-byte-AS sessions, the MRT
//! reader (through the `bgpdump -m` formatter, so every record is decoded
//! down to its attributes) and the decoders of the synthetic table's
//! encodings.

use encbench_bgp::dump::{dump, DumpError};
use encbench_bgp::mrt::MrtReader;
use encbench_bgp::wire::{decode_message, encode_update, AsSize, Message};
use encbench_bgp::{cbor, json, samples, table, text, Update};

use crate::target::{Target, Verdict};

/// A decoder whose seeds' decodings are the values to compare with.
struct Decoded<T> {
    decode: fn(&[u8]) -> Result<T, String>,
    values: Vec<T>,
    seeds: Vec<Vec<u8>>,
}

impl<T: PartialEq> Target for Decoded<T> {
    fn seeds(&self) -> &[Vec<u8>] {
        &self.seeds
    }

    fn decode(&self, bytes: &[u8], origin: Option<usize>) -> Verdict {
        match (self.decode)(bytes) {
            Ok(v) if origin.and_then(|o| self.values.get(o)) == Some(&v) => Verdict::Equal,
            Ok(_) => Verdict::Different,
            Err(_) => Verdict::Error,
        }
    }
}

/// Decodes every seed; `check` compares a decoding with its source value.
fn decoded<T: PartialEq + 'static>(
    decode: fn(&[u8]) -> Result<T, String>,
    seeds: Vec<Vec<u8>>,
    check: impl Fn(usize, &T) -> bool,
) -> Result<Box<dyn Target>, String> {
    let mut values = Vec::with_capacity(seeds.len());
    for (i, seed) in seeds.iter().enumerate() {
        let v = decode(seed).map_err(|e| format!("seed {i} does not decode: {e}"))?;
        if !check(i, &v) {
            return Err(format!("seed {i} decodes to something else"));
        }
        values.push(v);
    }
    Ok(Box::new(Decoded {
        decode,
        values,
        seeds,
    }))
}

fn update(bytes: &[u8], size: AsSize) -> Result<Update, String> {
    match decode_message(bytes, size) {
        Ok(Message::Update(u)) => Ok(u),
        Ok(Message::Other(kind)) => Err(format!("message type {kind}")),
        Err(e) => Err(e.to_string()),
    }
}

/// The UPDATE decoder; on 2-byte sessions large ASNs read back as AS_TRANS,
/// so there a seed's value is its own decoding.
pub fn updates(size: AsSize) -> Result<Box<dyn Target>, String> {
    let values = samples::updates();
    let seeds = values
        .iter()
        .map(|u| {
            let mut b = Vec::new();
            // A seed that does not encode is an empty seed, which the target rejects.
            let _ = encode_update(u, size, &mut b);
            b
        })
        .collect();
    match size {
        AsSize::Four => decoded(
            |b| update(b, AsSize::Four),
            seeds,
            |i, u| values.get(i) == Some(u),
        ),
        AsSize::Two => decoded(|b| update(b, AsSize::Two), seeds, |_, _| true),
    }
}

/// An MRT stream as `bgpdump -m` text.
fn mrt_text(bytes: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    match dump(&mut MrtReader::new(bytes), &mut out) {
        Ok(_) => Ok(out),
        Err(DumpError::Decode(e)) => Err(e.to_string()),
        Err(e) => Err(format!("writing to memory: {e}")),
    }
}

/// The MRT reader on every record kind it knows, whole and one record alone.
pub fn mrt() -> Result<Box<dyn Target>, String> {
    let all = samples::mrt();
    // The first record alone: length at bytes 8..12 after the 12-byte header.
    let first = all
        .get(8..12)
        .map(|l| 12 + u32::from_be_bytes([l[0], l[1], l[2], l[3]]) as usize)
        .and_then(|n| all.get(..n))
        .map(<[u8]>::to_vec)
        .ok_or("sample MRT stream too short")?;
    decoded(mrt_text, vec![all, first], |_, _| true)
}

/// Tables of 0, 1 and `n` prefixes, each encoding's decoder checked against the source.
pub fn table_encoding(
    encode: fn(&[Update], &mut Vec<u8>),
    decode: fn(&[u8]) -> Result<Vec<Update>, String>,
    n: usize,
) -> Result<Box<dyn Target>, String> {
    let tables: Vec<Vec<Update>> = [0, 1, n]
        .into_iter()
        .map(|k| table::full_table(k, 11))
        .collect();
    let seeds = tables
        .iter()
        .map(|t| {
            let mut b = Vec::new();
            encode(t, &mut b);
            b
        })
        .collect();
    decoded(decode, seeds, |i, t| {
        tables.get(i).is_some_and(|src| table::same_routes(src, t))
    })
}

/// `(codec id, encoder, decoder)` of the table encodings, ids as in scenario `bgp`.
pub type Encoding = (
    &'static str,
    fn(&[Update], &mut Vec<u8>),
    fn(&[u8]) -> Result<Vec<Update>, String>,
);

/// The table encodings.
pub fn encodings() -> [Encoding; 4] {
    [
        ("bgp/wire", wire_encode, |b| {
            table::decode_wire(b).map_err(|e| e.to_string())
        }),
        ("bgp/text-bgpdump", text::encode, |b| {
            text::decode(b).map_err(|e| e.to_string())
        }),
        ("bgp/json-exabgp", json::encode, |b| {
            json::decode(b).map_err(|e| e.to_string())
        }),
        ("bgp/cbor", cbor::encode, |b| {
            cbor::decode(b).map_err(|e| e.to_string())
        }),
    ]
}

fn wire_encode(t: &[Update], out: &mut Vec<u8>) {
    // A table that does not encode leaves `out` short and fails the round trip.
    if let Ok(b) = table::encode_wire(t) {
        out.extend_from_slice(&b);
    }
}
