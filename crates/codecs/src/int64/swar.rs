//! Decimal formatting eight digits at a time in one 64-bit register (SWAR):
//! no digit-pair table, no per-digit division. The 8 digits of `n < 10^8`
//! come from three rounds of "split each lane into quotient and remainder"
//! with multiply-shift division by 10^4, 10^2 and 10: every lane is divided
//! at once, then one `+ '0'` turns the lanes into ASCII. The leading zeros
//! are dropped by counting zero bytes (`trailing_zeros`).

use super::decimal::parse;
use crate::{Codec, CodecError};
use std::mem::MaybeUninit;

/// The eight digits of `n < 10^8`, zero-padded, as lane values 0..=9 with
/// the most significant digit in the lowest byte (memory order).
#[inline(always)]
fn digit_lanes(n: u32) -> u64 {
    debug_assert!(n < 100_000_000);
    let n = u64::from(n);
    // Two 32-bit lanes: the first four digits, the last four.
    let high = n / 10_000;
    let x = high | ((n - high * 10_000) << 32);
    // Each lane v < 10^4 into 16-bit lanes v / 100 and v % 100
    // ((v * 10486) >> 20 == v / 100 for v < 10^4; products stay inside a lane).
    let q = ((x * 10_486) >> 20) & 0x0000_007f_0000_007f;
    let x = q | ((x - q * 100) << 16);
    // Each 16-bit lane v < 100 into bytes v / 10 and v % 10 ((v * 103) >> 10 == v / 10).
    let q = ((x * 103) >> 10) & 0x000f_000f_000f_000f;
    q | ((x - q * 10) << 8)
}

/// Appends the decimal form of `value` to `out` (same text as `itoa`).
#[inline]
pub fn write_i64(value: i64, out: &mut Vec<u8>) {
    if value < 0 {
        out.push(b'-');
    }
    write_u64(value.unsigned_abs(), out);
}

/// Appends the decimal form of `value` to `out`: up to three words written
/// with fixed 8-byte stores into its spare capacity (no variable-length copy).
#[inline]
pub fn write_u64(value: u64, out: &mut Vec<u8>) {
    const E8: u64 = 100_000_000;
    out.reserve(24);
    let len = out.len();
    let buf = &mut out.spare_capacity_mut()[..24];
    let mut store = |at: usize, word: u64| {
        buf[at..at + 8].copy_from_slice(&word.to_le_bytes().map(MaybeUninit::new));
    };
    let written = if value < E8 {
        let (word, digits) = leading(value as u32);
        store(0, word);
        digits
    } else if value < E8 * E8 {
        let (word, digits) = leading((value / E8) as u32);
        store(0, word);
        store(digits, full((value % E8) as u32));
        digits + 8
    } else {
        let rest = value % (E8 * E8);
        let (word, digits) = leading((value / (E8 * E8)) as u32);
        store(0, word);
        store(digits, full((rest / E8) as u32));
        store(digits + 8, full((rest % E8) as u32));
        digits + 16
    };
    // SAFETY: the stores wrote every byte of out[len..len + written].
    unsafe { out.set_len(len + written) };
}

/// Up to eight digits without leading zeros ("0" for zero), moved to the
/// start of the word, and their count.
#[inline(always)]
fn leading(n: u32) -> (u64, usize) {
    let lanes = digit_lanes(n);
    // Leading zero digits are the zero bytes at the low end; keep at least one.
    let skip = (lanes | (1 << 56)).trailing_zeros() / 8;
    (
        (lanes + 0x3030_3030_3030_3030) >> (8 * skip),
        8 - skip as usize,
    )
}

/// Exactly eight digits, zero-padded.
#[inline(always)]
fn full(n: u32) -> u64 {
    digit_lanes(n) + 0x3030_3030_3030_3030
}

/// Newline-terminated decimal lines of `values` into `out` (cleared
/// first), written with 8-byte stores into its spare capacity (the `ints`
/// file, the SWAR way).
pub fn write_lines(values: &[i32], out: &mut Vec<u8>) {
    out.clear();
    // "-2147483648\n" is 12 bytes; an 8-byte store may run 7 past a line.
    let room = values.len() * 12 + 8;
    out.reserve(room);
    let buf = &mut out.spare_capacity_mut()[..room];
    let mut store = |at: usize, word: u64| {
        buf[at..at + 8].copy_from_slice(&word.to_le_bytes().map(MaybeUninit::new));
    };
    let mut pos = 0;
    for &v in values {
        let mut u = v.unsigned_abs();
        // The sign and the two leading digits of a 9- or 10-digit value
        // go into one word before the eight-digit body.
        let mut head = 0u64;
        let mut head_len = 0;
        if v < 0 {
            head = u64::from(b'-');
            head_len = 1;
        }
        if u >= 100_000_000 {
            let high = u / 100_000_000;
            u -= high * 100_000_000;
            if high >= 10 {
                head |= u64::from(b'0' + (high / 10) as u8) << (8 * head_len);
                head_len += 1;
            }
            head |= u64::from(b'0' + (high % 10) as u8) << (8 * head_len);
            head_len += 1;
            store(pos, head);
            store(pos + head_len, digit_lanes(u) + 0x3030_3030_3030_3030);
            pos += head_len + 8;
        } else {
            if head_len > 0 {
                store(pos, head);
                pos += head_len;
            }
            let lanes = digit_lanes(u);
            let skip = (lanes | (1 << 56)).trailing_zeros() / 8;
            // Shift the digits to the start of the word, the newline after
            // them: one store writes the whole line.
            let ascii = (lanes + 0x3030_3030_3030_3030) >> (8 * skip);
            let digits = 8 - skip as usize;
            let line = if digits < 8 {
                ascii | (u64::from(b'\n') << (8 * digits))
            } else {
                ascii
            };
            store(pos, line);
            pos += digits;
            if digits < 8 {
                pos += 1;
                continue;
            }
        }
        store(pos, u64::from(b'\n'));
        pos += 1;
    }
    // SAFETY: every byte below `pos` was written by a store: each store
    // starts at or before `pos` and `pos` never passes the bytes it wrote.
    unsafe { out.set_len(pos) };
}

/// SWAR formatting into the reused buffer; `str::parse` back (as `itoa`'s row).
#[derive(Debug, Default, Clone, Copy)]
pub struct DecimalSwar;

impl Codec<i64> for DecimalSwar {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        write_i64(*value, out);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        parse(bytes)
    }
}

#[cfg(test)]
mod tests {
    use super::{write_i64, write_lines};

    #[test]
    fn same_text_as_itoa() {
        let mut edges: Vec<i64> = vec![0, 1, -1, 9, 10, 99, 100, i64::MAX, i64::MIN];
        for p in 0..19 {
            let t = 10i64.pow(p);
            edges.extend([t - 1, t, t + 1, -t, -(t - 1)]);
        }
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..100_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            edges.push((x >> (x % 64)) as i64);
            edges.push(x as i64);
        }
        let mut buf = b"x".to_vec();
        write_i64(-12, &mut buf);
        write_i64(i64::MIN, &mut buf);
        assert_eq!(buf, b"x-12-9223372036854775808");
        for v in edges {
            buf.clear();
            write_i64(v, &mut buf);
            assert_eq!(buf, itoa::Buffer::new().format(v).as_bytes(), "{v}");
        }
    }

    #[test]
    fn lines_match_the_itoa_writer() {
        let mut values = vec![
            0,
            7,
            -7,
            99_999_999,
            100_000_000,
            i32::MAX,
            i32::MIN,
            -100_000_000,
        ];
        values.extend((0..50_000).map(|i: i32| i.wrapping_mul(2_654_435_761u32 as i32)));
        let mut out = b"stale".to_vec();
        write_lines(&values, &mut out);
        assert_eq!(
            out,
            crate::intfile::encode(&values, crate::intfile::Format::TextLines)
        );
        write_lines(&[], &mut out);
        assert!(out.is_empty());
        for v in values.iter().step_by(97) {
            write_lines(&[*v, *v], &mut out);
            assert_eq!(out, format!("{v}\n{v}\n").as_bytes());
        }
    }
}
