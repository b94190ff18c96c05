//! The malformed-input corpus, as recipes over the valid encodings ("seeds")
//! so a 40,000-input corpus costs kilobytes until each input is built. The
//! same seeds and hash give the same corpus in every process.

use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Encodings at most this long get every truncation, not a sample.
pub const ALL_TRUNCATIONS_UP_TO: usize = 512;

/// How one input is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    /// The seed itself (a check that it decodes to its value).
    Original,
    /// The first `n` bytes.
    Truncate(usize),
    /// Bit `n % 8` of byte `n / 8` inverted.
    FlipBit(usize),
    /// The byte at the offset replaced by the value.
    Replace(usize, u8),
    /// The byte at the offset removed.
    Delete(usize),
    /// `width` bytes from the offset overwritten by a huge value in `style`.
    Huge { at: usize, width: usize, style: u8 },
    /// The seed up to the offset, then `len` random bytes.
    Splice { at: usize, len: usize, seed: u64 },
    /// `len` random bytes.
    Random { len: usize, seed: u64 },
    /// One of the fixed [`hostile`] inputs.
    Hostile(usize),
}

/// One input: an operation on seed `origin` (none for random and fixed inputs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Input {
    /// Index of the seed it came from; decoding to that seed's value is `ok-equal`.
    pub origin: Option<usize>,
    /// How it is made.
    pub op: Op,
}

/// Huge-value styles: all 0xff, the largest signed big-endian, the largest signed little-endian.
const STYLES: u8 = 3;

impl Input {
    /// Builds the bytes.
    pub fn bytes(&self, seeds: &[Vec<u8>]) -> Vec<u8> {
        let seed: &[u8] = self
            .origin
            .and_then(|i| seeds.get(i))
            .map_or(&[][..], |s| s.as_slice());
        let mut out = seed.to_vec();
        match self.op {
            Op::Original => {}
            Op::Truncate(n) => out.truncate(n),
            Op::FlipBit(n) => {
                if let Some(b) = out.get_mut(n / 8) {
                    *b ^= 1 << (n % 8);
                }
            }
            Op::Replace(at, v) => {
                if let Some(b) = out.get_mut(at) {
                    *b = v;
                }
            }
            Op::Delete(at) => {
                if at < out.len() {
                    out.remove(at);
                }
            }
            Op::Huge { at, width, style } => {
                let end = (at + width).min(out.len());
                for (k, b) in out[at.min(end)..end].iter_mut().enumerate() {
                    *b = match style {
                        1 if k == 0 => 0x7f,
                        2 if k + 1 == width => 0x7f,
                        _ => 0xff,
                    };
                }
            }
            Op::Splice { at, len, seed } => {
                out.truncate(at);
                out.extend(random_bytes(len, seed));
            }
            Op::Random { len, seed } => out = random_bytes(len, seed),
            Op::Hostile(i) => out = hostile(i),
        }
        out
    }

    /// One line for reports: what this input is.
    pub fn describe(&self) -> String {
        let of = self
            .origin
            .map(|o| format!(" of seed {o}"))
            .unwrap_or_default();
        match self.op {
            Op::Original => format!("unchanged{of}"),
            Op::Truncate(n) => format!("truncated to {n} bytes{of}"),
            Op::FlipBit(n) => format!("bit {} of byte {} flipped{of}", n % 8, n / 8),
            Op::Replace(at, v) => format!("byte {at} set to 0x{v:02x}{of}"),
            Op::Delete(at) => format!("byte {at} deleted{of}"),
            Op::Huge { at, width, style } => {
                let style =
                    ["0xff…", "max signed BE", "max signed LE"][usize::from(style % STYLES)];
                format!("{width} bytes at {at} set to {style}{of}")
            }
            Op::Splice { at, len, .. } => format!("{len} random bytes after byte {at}{of}"),
            Op::Random { len, .. } => format!("{len} random bytes"),
            Op::Hostile(i) => format!("fixed input: {}", HOSTILE_NAMES[i % HOSTILE_NAMES.len()]),
        }
    }
}

fn random_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut bytes = vec![0; len];
    ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut bytes);
    bytes
}

/// Fixed inputs every decoder gets: deep nesting in each format that nests,
/// lengths and counts at their maximum, and long runs of one byte.
const HOSTILE_NAMES: [&str; 13] = [
    "'[' × 100,000 (JSON nesting)",
    "'{\"a\":' × 20,000 (JSON object nesting)",
    "0x81 × 100,000 (CBOR arrays / MessagePack maps of one, nested)",
    "0x91 × 100,000 (MessagePack arrays of one, nested)",
    "0x9f × 100,000 (CBOR indefinite arrays, nested)",
    "30 80 × 50,000 (BER indefinite-length SEQUENCEs, nested)",
    "BSON documents nested 10,000 deep",
    "08 7f ff ff ff ff ff ff ff (an OER list count of 2^63-1)",
    "CBOR byte string of 2^64-1 bytes",
    "MessagePack array32 of 2^32-1 items",
    "0xff × 65,536",
    "0x00 × 65,536",
    "empty input",
];

/// Number of fixed inputs.
pub const HOSTILE_COUNT: usize = HOSTILE_NAMES.len();

/// Builds fixed input `i`.
pub fn hostile(i: usize) -> Vec<u8> {
    let repeat = |unit: &[u8], n: usize| unit.repeat(n);
    match i {
        0 => repeat(b"[", 100_000),
        1 => repeat(b"{\"a\":", 20_000),
        2 => repeat(&[0x81], 100_000),
        3 => repeat(&[0x91], 100_000),
        4 => repeat(&[0x9f], 100_000),
        5 => repeat(&[0x30, 0x80], 50_000),
        6 => nested_bson(10_000),
        7 => vec![0x08, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff],
        8 => [0x5b, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff].to_vec(),
        9 => vec![0xdd, 0xff, 0xff, 0xff, 0xff],
        10 => vec![0xff; 65_536],
        11 => vec![0x00; 65_536],
        _ => Vec::new(),
    }
}

/// `depth` BSON documents, each holding the next as field "a", lengths correct.
fn nested_bson(depth: usize) -> Vec<u8> {
    // Innermost: an empty document (5 bytes); each level adds length (4),
    // type 0x03, the name "a\0" and the closing 0x00: 8 bytes.
    let mut out = Vec::with_capacity(depth * 8);
    for level in 0..depth.saturating_sub(1) {
        let len = 5 + 8 * (depth - 1 - level);
        out.extend_from_slice(&(len as i32).to_le_bytes());
        out.extend_from_slice(&[0x03, b'a', 0]);
    }
    out.extend_from_slice(&[5, 0, 0, 0, 0]);
    out.extend(std::iter::repeat_n(0u8, depth.saturating_sub(1)));
    out
}

/// About `target` inputs from `seeds`, deterministic in `hash`.
pub fn generate(seeds: &[Vec<u8>], hash: u64, target: usize) -> Vec<Input> {
    let mut rng = ChaCha8Rng::seed_from_u64(hash);
    let mut out: Vec<Input> = (0..HOSTILE_COUNT)
        .map(|i| Input {
            origin: None,
            op: Op::Hostile(i),
        })
        .collect();
    for len in [1, 2, 3, 4, 5, 7, 8, 9, 12, 16, 31, 64, 255, 1024, 4096] {
        for _ in 0..2 {
            let seed = rng.next_u64();
            out.push(Input {
                origin: None,
                op: Op::Random { len, seed },
            });
        }
    }
    let quota = target.saturating_sub(out.len()) / seeds.len().max(1);
    for (origin, seed) in seeds.iter().enumerate() {
        mutate(seed.len(), quota, &mut rng, &mut |op| {
            out.push(Input {
                origin: Some(origin),
                op,
            })
        });
    }
    out
}

/// Pushes about `quota` mutations of a `len`-byte seed.
fn mutate(len: usize, quota: usize, rng: &mut ChaCha8Rng, push: &mut dyn FnMut(Op)) {
    push(Op::Original);
    if len == 0 {
        return;
    }
    // Every truncation of a small message; an evenly spaced sample of a large one.
    let cuts = if len <= ALL_TRUNCATIONS_UP_TO {
        len
    } else {
        (quota / 4).clamp(16, len)
    };
    for k in 0..cuts {
        push(Op::Truncate(k * len / cuts));
    }
    let rest = quota.saturating_sub(cuts + 1).max(64);
    let offset = |rng: &mut ChaCha8Rng| rng.random_range(0..len);
    // Bit flips: all of them when they fit. Else the top bit of evenly spaced
    // bytes (sign bits, varint continuations, ASCII turned into UTF-8
    // lead bytes: where decoders break most) and random bits for the rest.
    let flips = rest * 40 / 100;
    if len * 8 <= flips {
        (0..len * 8).for_each(|n| push(Op::FlipBit(n)));
    } else {
        let high = (flips / 2).min(len);
        (0..high).for_each(|k| push(Op::FlipBit(k * len / high * 8 + 7)));
        (high..flips).for_each(|_| push(Op::FlipBit(rng.random_range(0..len * 8))));
    }
    // Byte replacements: 0x00, 0xff and a random value at each chosen offset.
    for _ in 0..(rest / 5 / 3).max(1) {
        let at = offset(rng);
        for v in [0x00, 0xff, rng.random()] {
            push(Op::Replace(at, v));
        }
    }
    // Huge lengths: 1-, 2-, 4- and 8-byte windows set to maxima, in three styles.
    let huge_offsets = (rest * 25 / 100 / 12).max(1);
    let starts: Vec<usize> = if len <= huge_offsets {
        (0..len).collect()
    } else {
        (0..huge_offsets).map(|_| offset(rng)).collect()
    };
    for at in starts {
        for width in [1, 2, 4, 8] {
            for style in 0..STYLES {
                push(Op::Huge { at, width, style });
            }
        }
    }
    for _ in 0..(rest / 10).max(1) {
        push(Op::Delete(offset(rng)));
    }
    for _ in 0..(rest / 20).max(1) {
        let (at, len) = (offset(rng), rng.random_range(1..64));
        push(Op::Splice {
            at,
            len,
            seed: rng.next_u64(),
        });
    }
}
