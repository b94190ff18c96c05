//! Hand-written SIMD parsers of the newline-separated decimal file, one per
//! instruction set, chosen at run time, with exactly the semantics of the
//! checked scalar loop ([`hand_rolled_sum`]): same sums, same errors at the
//! same byte offsets.
//!
//! Each parser walks the text in 64-byte blocks that start at a line start:
//! 1. vector compares classify the block (newline mask, digit mask);
//! 2. a block holding only digits and newlines, with no empty line, has each
//!    of its complete lines turned into one 8-byte lane: the eight bytes that
//!    end at the line's newline, masked to the line's digits (`& 0x0f`), so
//!    the digits sit right-aligned with zeros before them;
//! 3. vector multiply-adds (`maddubs` ×10, `madd` ×100, `packus` + `madd`
//!    ×10000; NEON: multiply + pairwise widening adds) turn 2, 4, 8 or 16
//!    lanes at a time into 32-bit values, which are summed.
//!
//! Lines of 9 or 10 digits are converted by the same arithmetic on two
//! words (SWAR, in scalar registers) and checked against `i32::MAX`.
//! Anything else (a stray byte, an empty line, 11+ digits, an overflow) is
//! always an error in this format, so the block's lines go to the scalar
//! loop, which reports it with the offset the scalar reader gives. The last
//! partial block goes to the scalar loop too.
//!
//! The parsers produce every value (in vector lanes) before adding it: they
//! parse, they do not sum digit weights across lines.

// The kernels are shared with the comma-separated byte parser (`byte_array::simd`).
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(target_arch = "aarch64")]
pub(crate) mod neon;
#[cfg(target_arch = "x86_64")]
pub(crate) mod sse41;
#[cfg(test)]
pub(crate) mod tests;

use super::text::hand_rolled_sum;
use super::{CBytes, Format, IntSumReader, Source, SourceKind};
use crate::CodecError;

/// An instruction set a parser is written for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isa {
    /// x86-64 SSSE3 (`pmaddubsw`) and SSE4.1 (`packusdw`), 16-byte vectors.
    Sse41,
    /// x86-64 AVX2, 32-byte vectors.
    Avx2,
    /// x86-64 AVX-512 BW, 64-byte vectors and mask registers.
    Avx512,
    /// aarch64 NEON (Advanced SIMD), 16-byte vectors.
    Neon,
}

impl Isa {
    /// Every parser, narrowest first.
    pub const ALL: [Isa; 4] = [Isa::Sse41, Isa::Avx2, Isa::Avx512, Isa::Neon];

    /// The row name's suffix.
    pub fn name(self) -> &'static str {
        match self {
            Isa::Sse41 => "sse41",
            Isa::Avx2 => "avx2",
            Isa::Avx512 => "avx512",
            Isa::Neon => "neon",
        }
    }

    /// `Ok` when this CPU runs the parser, else why not (detected at run time).
    pub fn available(self) -> Result<(), String> {
        #[cfg(target_arch = "x86_64")]
        fn missing(features: &[&str]) -> Result<(), String> {
            Err(format!(
                "this CPU lacks {} (detected at run time)",
                features.join("+")
            ))
        }
        match self {
            #[cfg(target_arch = "x86_64")]
            Isa::Sse41 => {
                if std::arch::is_x86_feature_detected!("ssse3")
                    && std::arch::is_x86_feature_detected!("sse4.1")
                {
                    Ok(())
                } else {
                    missing(&["ssse3", "sse4.1"])
                }
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2 => {
                if std::arch::is_x86_feature_detected!("avx2") {
                    Ok(())
                } else {
                    missing(&["avx2"])
                }
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => {
                if std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512f")
                {
                    Ok(())
                } else {
                    missing(&["avx512f", "avx512bw"])
                }
            }
            // Advanced SIMD is part of the aarch64 baseline; the lanes below are
            // read as little-endian words.
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Isa::Neon => Ok(()),
            other => Err(format!(
                "{} is not an instruction set of this {} build",
                other.name(),
                std::env::consts::ARCH
            )),
        }
    }

    /// Parses `text` with this instruction set; `None` when the CPU lacks it.
    pub fn sum(self, text: &[u8]) -> Option<Result<i64, CodecError>> {
        dispatch!(self, sum_lines(text))
    }
}

/// Calls `$f` of the `$isa` module (`sse41::$f`, …) in the caller's scope
/// when the CPU has the instruction set, else `None`.
macro_rules! dispatch {
    ($isa:expr, $f:ident($($arg:expr),*)) => {{
        let isa: Isa = $isa;
        match isa.available() {
            Err(_) => None,
            // SAFETY (each unsafe arm): the CPU has the features, checked just above.
            #[cfg(target_arch = "x86_64")]
            Ok(()) if isa == Isa::Sse41 => Some(unsafe { sse41::$f($($arg),*) }),
            #[cfg(target_arch = "x86_64")]
            Ok(()) if isa == Isa::Avx2 => Some(unsafe { avx2::$f($($arg),*) }),
            #[cfg(target_arch = "x86_64")]
            Ok(()) if isa == Isa::Avx512 => Some(unsafe { avx512::$f($($arg),*) }),
            #[cfg(all(target_arch = "aarch64", target_endian = "little"))]
            Ok(()) if isa == Isa::Neon => Some(neon::$f($($arg),*)),
            Ok(()) => None,
        }
    }};
}
pub(crate) use dispatch;

macro_rules! reader {
    ($name:ident, $isa:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Default)]
        pub struct $name;

        impl IntSumReader for $name {
            fn format(&self) -> Format {
                Format::TextLines
            }

            fn unavailable(&self) -> Option<String> {
                $isa.available().err()
            }

            fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
                let parse = |bytes: &CBytes| {
                    $isa.sum(bytes.as_slice()).unwrap_or_else(|| {
                        Err(CodecError::library(
                            "encbench simd",
                            $isa.available().err().unwrap_or_default(),
                        ))
                    })
                };
                match source {
                    Source::File(path) => parse(&super::read_c_bytes(path)?),
                    Source::Memory(bytes) => parse(bytes),
                }
            }
        }
    };
}

reader!(SimdSse41, Isa::Sse41, "Whole-file read, the SSE4.1 parser.");
reader!(SimdAvx2, Isa::Avx2, "Whole-file read, the AVX2 parser.");
reader!(
    SimdAvx512,
    Isa::Avx512,
    "Whole-file read, the AVX-512 BW parser."
);
reader!(SimdNeon, Isa::Neon, "Whole-file read, the NEON parser.");

impl Isa {
    /// The widest instruction set this CPU runs, if any.
    pub fn best() -> Option<Isa> {
        Isa::ALL
            .into_iter()
            .rev()
            .find(|isa| isa.available().is_ok())
    }
}

/// `mmap` of the text file and the widest SIMD parser on the mapping: no
/// copy out of the page cache (the text twin of `binary/mmap`).
#[derive(Debug, Default)]
pub struct SimdMmap;

impl IntSumReader for SimdMmap {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn supports(&self, kind: SourceKind) -> bool {
        kind == SourceKind::File
    }

    fn unavailable(&self) -> Option<String> {
        match Isa::best() {
            Some(_) => None,
            None => Some("this CPU runs none of the SIMD parsers".into()),
        }
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        let Source::File(path) = source else {
            return Err(CodecError::library(
                "mmap",
                "needs a file, not bytes in memory",
            ));
        };
        let isa = Isa::best().ok_or_else(|| {
            CodecError::library("encbench simd", "this CPU runs none of the SIMD parsers")
        })?;
        let file = std::fs::File::open(path).map_err(|e| CodecError::io(path, e))?;
        if file.metadata().map_err(|e| CodecError::io(path, e))?.len() == 0 {
            return Ok(0); // mapping zero bytes is an error on Linux; an empty file sums to 0.
        }
        // SAFETY: encbench's own temporary file, not modified while mapped.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| CodecError::io(path, e))?;
        isa.sum(&map)
            .unwrap_or_else(|| Err(CodecError::library("encbench simd", "parser unavailable")))
    }
}

/// Bytes per block; every parser classifies this many at once.
pub(crate) const BLOCK: usize = 64;
/// Lanes one block can fill (32 one-digit lines), plus room for the zero
/// padding of the widest vector step (16 lanes).
pub(crate) const WORDS: usize = 32 + 16;

/// Per line length 1..=8: keeps the last `len` bytes of a little-endian word
/// and turns ASCII digits into their values.
pub(crate) const KEEP: [u64; 9] = {
    let mut t = [0u64; 9];
    let mut len = 1;
    while len <= 8 {
        t[len] = (u64::MAX << (8 * (8 - len))) & 0x0f0f_0f0f_0f0f_0f0f;
        len += 1;
    }
    t
};

/// [`KEEP`] padded to 16 entries, so a masked index needs no bounds check.
const KEEP16: [u64; 16] = {
    let mut t = [0u64; 16];
    let mut i = 0;
    while i < 9 {
        t[i] = KEEP[i];
        i += 1;
    }
    t
};

/// Eight right-aligned digit values (most significant in the lowest byte)
/// to their number, by three multiply-adds in one register (SWAR).
#[inline(always)]
pub(crate) fn swar8(w: u64) -> u64 {
    let w = (w.wrapping_mul(10).wrapping_add(w >> 8)) & 0x00ff_00ff_00ff_00ff;
    let w = (w.wrapping_mul(100).wrapping_add(w >> 16)) & 0x0000_ffff_0000_ffff;
    (w.wrapping_mul(10_000).wrapping_add(w >> 32)) & 0xffff_ffff
}

/// What one instruction set supplies to the shared block walk.
pub(crate) trait Kernel {
    /// Lanes converted per step (a multiple of the padding in [`WORDS`]).
    const STEP: usize;
    /// Mask of the bytes equal to `separator` (a constant once inlined) and
    /// digit mask of the 64 bytes at `block` (bit i = byte i).
    ///
    /// # Safety
    /// `block` must be readable for 64 bytes; the CPU must have the kernel's features.
    unsafe fn classify(block: *const u8, separator: u8) -> (u64, u64);
    /// Sum of the values of `words[..n]`, each an 8-digit lane as [`KEEP`]
    /// leaves it; `words[n..n + STEP]` are zero.
    ///
    /// # Safety
    /// The CPU must have the kernel's features.
    unsafe fn convert_sum(words: &[u64; WORDS], n: usize) -> u64;
    /// Sum of the even bytes' low nibbles of the 64 bytes at `block`: the
    /// values of a block of 32 one-digit lines, one byte lane each.
    ///
    /// # Safety
    /// `block` must be readable for 64 bytes; the CPU must have the kernel's features.
    unsafe fn sum_one_digit_lines(block: *const u8) -> u64;
}

/// The newline mask of 32 one-digit lines from a line start.
const ONE_DIGIT_LINES: u64 = 0xaaaa_aaaa_aaaa_aaaa;

/// The block walk, inlined into each instruction set's `#[target_feature]`
/// entry point so its intrinsics compile with that set enabled.
///
/// # Safety
/// The CPU must have `K`'s features.
#[inline(always)]
pub(crate) unsafe fn sum_lines<K: Kernel>(text: &[u8]) -> Result<i64, CodecError> {
    let len = text.len();
    let mut pos = 0usize;
    let mut sum = 0i64;
    // Two lane buffers: a block's lanes are converted while the next block
    // is walked, so the vector loads find the scalar stores already written
    // to cache (a load spanning several fresh stores cannot be forwarded).
    let mut lanes = [[0u64; WORDS]; 2];
    let mut pending: Option<(usize, usize)> = None;
    while pos + BLOCK <= len {
        // SAFETY: pos + 64 <= len; the caller vouches for the features.
        let (sep, digit) = unsafe { K::classify(text.as_ptr().add(pos), b'\n') };
        if sep == 0 {
            // A line of 64+ bytes: always an error, found by the scalar loop.
            break;
        }
        let last = 63 - sep.leading_zeros() as usize;
        let lines = u64::MAX >> (63 - last);
        let stray = lines & !(sep | digit);
        let empty = sep & ((sep << 1) | 1);
        let end = pos + last + 1;
        if sep == ONE_DIGIT_LINES && stray == 0 {
            // The densest shape (32 lines of one digit): each digit is a
            // value, summed straight from its byte lane.
            // SAFETY: pos + 64 <= len; the caller vouches for the features.
            sum += unsafe { K::sum_one_digit_lines(text.as_ptr().add(pos)) } as i64;
            pos = end;
            continue;
        }
        // The first block's lanes would reach before the text: it goes scalar.
        if stray | empty == 0 && pos >= 8 {
            let which = pending.map_or(0, |(w, _)| 1 - w);
            // SAFETY: pos >= 8 and the block's lines end inside the text.
            if let Some((n, long_sum)) = unsafe { block_lanes(text, pos, sep, &mut lanes[which]) } {
                lanes[which][n..n + K::STEP].fill(0);
                if let Some((w, count)) = pending {
                    // SAFETY: the caller vouches for the features.
                    sum += unsafe { K::convert_sum(&lanes[w], count) } as i64;
                }
                pending = Some((which, n));
                sum += long_sum as i64;
                pos = end;
                continue;
            }
        }
        sum += scalar(text, pos, end)?;
        pos = end;
    }
    if let Some((w, count)) = pending {
        // SAFETY: the caller vouches for the features.
        sum += unsafe { K::convert_sum(&lanes[w], count) } as i64;
    }
    Ok(sum + scalar(text, pos, len)?)
}

/// The lanes of the block's complete lines (all made of 1+ digits) into
/// `words`, with their count and the sum of its 9- and 10-digit lines;
/// `None` when one has 11+ digits or exceeds `i32::MAX` (an error for the
/// scalar loop).
///
/// # Safety
/// `pos >= 8`, and `sep` marks newlines of `text[pos..]`.
#[inline(always)]
unsafe fn block_lanes(
    text: &[u8],
    pos: usize,
    sep: u64,
    words: &mut [u64; WORDS],
) -> Option<(usize, u64)> {
    // SAFETY: every word read ends at a newline inside the text and starts
    // at or after pos - 8 >= 0 (a 9- or 10-digit line: after its own start).
    let word = |end: usize| unsafe {
        u64::from_le(std::ptr::read_unaligned(
            text.as_ptr().add(end - 8).cast::<u64>(),
        ))
    };
    // Nine digits in a row anywhere in the lines? (Runs of 2, 4, 8, then 9.)
    let digits = !sep & (u64::MAX >> sep.leading_zeros());
    let run = digits & (digits >> 1);
    let run = run & (run >> 2);
    let run = run & (run >> 4);
    if run & (run >> 1) == 0 {
        // Every line has 1 to 8 digits: one lane each, no branch per line.
        let mut n = 0;
        let mut start = 0usize;
        let mut rest = sep;
        while rest != 0 {
            let e = rest.trailing_zeros() as usize;
            words[n] = word(pos + e) & KEEP16[(e - start) & 15];
            n += 1;
            start = e + 1;
            rest &= rest - 1;
        }
        return Some((n, 0));
    }
    let mut n = 0;
    let mut long_sum = 0u64;
    let mut start = 0usize;
    let mut rest = sep;
    while rest != 0 {
        let e = rest.trailing_zeros() as usize;
        let digits = e - start;
        let end = pos + e;
        if digits <= 8 {
            words[n] = word(end) & KEEP[digits];
            n += 1;
        } else if digits <= 10 {
            let high = swar8(word(end - 8) & KEEP[digits - 8]);
            let value = high * 100_000_000 + swar8(word(end) & KEEP[8]);
            if value > i32::MAX as u64 {
                return None;
            }
            long_sum += value;
        } else {
            return None;
        }
        start = e + 1;
        rest &= rest - 1;
    }
    Some((n, long_sum))
}

/// The scalar loop over the lines in `text[from..to]` (`to` is a line start
/// or the end), its error offsets made absolute.
fn scalar(text: &[u8], from: usize, to: usize) -> Result<i64, CodecError> {
    hand_rolled_sum(&text[from..to]).map_err(|e| match e {
        CodecError::Invalid { offset, reason } => CodecError::Invalid {
            offset: offset + from,
            reason,
        },
        CodecError::Truncated { offset, needed } => CodecError::Truncated {
            offset: offset + from,
            needed,
        },
        other => other,
    })
}
