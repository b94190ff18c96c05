//! Differential tests: every SIMD parser this CPU runs must return exactly
//! what the scalar loop returns (sum, or error kind, offset and reason).

use super::{swar8, Isa, KEEP};
use crate::intfile::text::hand_rolled_sum;

/// The parsers this CPU runs; the others cannot be tested here.
pub(crate) fn runnable() -> Vec<Isa> {
    let isas: Vec<Isa> = Isa::ALL
        .into_iter()
        .filter(|i| i.available().is_ok())
        .collect();
    eprintln!("SIMD parsers under test: {isas:?}");
    isas
}

#[track_caller]
fn same_as_scalar(isas: &[Isa], text: &[u8]) {
    let want = hand_rolled_sum(text);
    for isa in isas {
        let got = isa.sum(text).expect("runnable");
        assert_eq!(got, want, "{isa:?} on {:?}", String::from_utf8_lossy(text));
    }
}

/// Small deterministic generator (xorshift64*), so failures reproduce.
pub(crate) struct Rng(pub(crate) u64);

impl Rng {
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub(crate) fn digits(&mut self, len: usize) -> Vec<u8> {
        (0..len).map(|_| b'0' + self.below(10) as u8).collect()
    }
    /// One time in three, corrupts one byte of `t` or cuts its end.
    pub(crate) fn damage(&mut self, t: &mut Vec<u8>) {
        match self.below(6) {
            0 if !t.is_empty() => {
                let p = self.below(t.len() as u64) as usize;
                t[p] = self.below(256) as u8;
            }
            1 if !t.is_empty() => {
                let cut = self.below(t.len() as u64) as usize;
                t.truncate(cut);
            }
            _ => {}
        }
    }
}

/// `shift` bytes of one-digit fields, each ended by `sep` (plus one 2-digit
/// field when odd): what follows lands at every position relative to a block.
pub(crate) fn shift_by(shift: usize, sep: u8) -> Vec<u8> {
    let mut text = Vec::new();
    if shift % 2 == 1 {
        text.extend_from_slice(&[b'1', b'2', sep]);
    }
    while text.len() + 2 <= shift {
        text.extend_from_slice(&[b'3', sep]);
    }
    text
}

/// `count` valid lines of 1 to 6 digits.
fn filler(rng: &mut Rng, count: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..count {
        let len = 1 + rng.below(6) as usize;
        out.extend(rng.digits(len));
        out.push(b'\n');
    }
    out
}

#[test]
fn swar_converts_right_aligned_digits() {
    for (text, value) in [
        ("12345678", 12_345_678),
        ("00000001", 1),
        ("99999999", 99_999_999),
    ] {
        let w = u64::from_le_bytes(text.as_bytes().try_into().unwrap()) & KEEP[8];
        assert_eq!(swar8(w), value);
    }
    let w = u64::from_le_bytes(*b"\n\n\n\n\n\n42") & KEEP[2];
    assert_eq!(swar8(w), 42);
}

#[test]
fn every_length_at_every_offset_across_block_boundaries() {
    let isas = runnable();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for len in 0..=20usize {
        for shift in 0..=70usize {
            let text = shift_by(shift, b'\n');
            let mut shapes = vec![rng.digits(len), vec![b'9'; len], vec![b'0'; len]];
            if len > 1 {
                let mut one = vec![b'0'; len];
                one[len - 1] = b'1';
                shapes.push(one);
            }
            for shape in shapes {
                let mut t = text.clone();
                t.extend(&shape);
                t.push(b'\n');
                t.extend(filler(&mut rng, 40));
                same_as_scalar(&isas, &t);
                // The same line last, with and without its newline.
                let mut t = filler(&mut rng, 30);
                t.extend(&text);
                t.extend(&shape);
                same_as_scalar(&isas, &t);
                t.push(b'\n');
                same_as_scalar(&isas, &t);
            }
        }
    }
}

#[test]
fn i32_overflow_edges() {
    let isas = runnable();
    let mut rng = Rng(7);
    for edge in [
        "2147483647",
        "2147483648",
        "02147483647",
        "4294967295",
        "4294967296",
        "9999999999",
        "999999999",
        "1000000000",
        "0000000000",
        "00000000000",
        "99999999",
        "100000000",
        "18446744073709551616",
    ] {
        for shift in 0..70 {
            // One-digit lines move the edge across the first block boundary.
            let mut t = b"8\n".repeat(shift);
            t.extend_from_slice(edge.as_bytes());
            t.push(b'\n');
            t.extend(filler(&mut rng, 50));
            same_as_scalar(&isas, &t);
        }
    }
}

#[test]
fn every_bad_byte_at_every_position() {
    let isas = runnable();
    let mut rng = Rng(42);
    let base = filler(&mut rng, 60);
    for p in 0..base.len() {
        for bad in [
            b'x', b'\r', b'-', b'+', b'\n', b'0', 0, b'/', b':', 0x80, 0xff, b' ',
        ] {
            let mut t = base.clone();
            t[p] = bad;
            same_as_scalar(&isas, &t);
            // CRLF line ends: refused at the first '\r', as the scalar loop does.
            let mut crlf = base[..p].to_vec();
            crlf.extend_from_slice(b"\r\n");
            crlf.extend(&base[p..]);
            same_as_scalar(&isas, &crlf);
        }
    }
}

#[test]
fn random_inputs_agree() {
    let isas = runnable();
    let mut rng = Rng(0xdead_beef);
    for _ in 0..3000 {
        let mut t = Vec::new();
        let lines = rng.below(80) as usize;
        for _ in 0..lines {
            let len = match rng.below(10) {
                0 => rng.below(13) as usize,
                1 => 9 + rng.below(3) as usize,
                _ => 1 + rng.below(8) as usize,
            };
            t.extend(rng.digits(len));
            t.push(b'\n');
        }
        rng.damage(&mut t);
        same_as_scalar(&isas, &t);
    }
}

#[test]
fn empty_and_tiny_inputs() {
    let isas = runnable();
    for t in [
        &b""[..],
        b"\n",
        b"0",
        b"0\n",
        b"\n0\n",
        b"1\n\n",
        b"12345678\n",
    ] {
        same_as_scalar(&isas, t);
    }
}

#[test]
fn a_line_longer_than_a_block_is_the_scalar_error() {
    let isas = runnable();
    let mut t = b"1\n".to_vec();
    t.extend(vec![b'7'; 200]);
    t.push(b'\n');
    same_as_scalar(&isas, &t);
}

#[test]
fn unavailable_sets_say_why() {
    for isa in Isa::ALL {
        match (isa.available(), isa.sum(b"1\n")) {
            (Ok(()), Some(r)) => assert_eq!(r, Ok(1)),
            (Err(why), None) => assert!(!why.is_empty()),
            other => panic!("{isa:?}: {other:?}"),
        }
    }
}

#[test]
fn one_digit_blocks_and_their_corruptions() {
    let isas = runnable();
    let base = b"5\n7\n0\n9\n".repeat(40);
    same_as_scalar(&isas, &base);
    for p in 0..base.len() {
        for bad in [b'x', b'\n', b'\r', b'4', 0x35 | 0x80, b'0' - 1, b'9' + 1] {
            let mut t = base.clone();
            t[p] = bad;
            same_as_scalar(&isas, &t);
        }
    }
}
