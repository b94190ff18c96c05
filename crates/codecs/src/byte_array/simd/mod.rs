//! Hand-written SIMD decoders of [`CsvBytes`]'s text (`12,0,255,…`), one per
//! instruction set, chosen at run time, with exactly the semantics of
//! [`CsvBytes::decode`]: same bytes, same errors at the same offsets.
//!
//! The walk shares the integer parser's kernels and block shape
//! ([`crate::intfile::simd`]): 64-byte blocks that start at a field start.
//! 1. the kernel's `classify` gives the block's comma and digit masks;
//! 2. a block holding only digits and commas, with no empty field and no
//!    field of 4+ digits, has each of its complete fields turned into one
//!    4-byte lane: the four bytes that end at the field's comma, masked to
//!    the field's digits (`& 0x0f`), so they sit right-aligned;
//! 3. vector multiply-adds (`maddubs` by 0/100/10/1 then `madd`; NEON:
//!    multiply + pairwise widening adds) turn the lanes into values, a
//!    vector compare refuses any above 255, and saturating packs write them
//!    out as bytes, 16 or 32 at a time.
//!
//! Any other block (a stray byte, `+`, an empty field, leading zeros that
//! make 4+ digits, an overflow) and the last partial block are parsed field
//! by field as `CsvBytes` does; the first failing field means the input is
//! an error, which `CsvBytes::decode` itself then reports, so the error
//! (UTF-8 first, then the first bad field) is its own to the letter.

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
#[cfg(target_arch = "aarch64")]
mod neon;
#[cfg(target_arch = "x86_64")]
mod sse41;
#[cfg(test)]
mod tests;

use super::CsvBytes;
pub use crate::intfile::simd::Isa;
use crate::intfile::simd::{dispatch, Kernel, BLOCK};
use crate::{Codec, CodecError};

/// Lanes one block can fill (32 one-digit fields), plus the zero padding of
/// the widest conversion step (32 lanes).
pub(crate) const LANES: usize = 32 + 32;

/// Per field length 1..=3: keeps the last `len` bytes of a little-endian
/// word and turns ASCII digits into their values.
const KEEP: [u32; 4] = [0, 0x0f00_0000, 0x0f0f_0000, 0x0f0f_0f00];

/// What one instruction set adds to its integer-parser kernel.
pub(crate) trait ByteKernel: Kernel {
    /// Fields converted per step (at most the padding in [`LANES`]).
    const FIELDS: usize;
    /// Writes the values of `lanes[..n]` (each as [`KEEP`] leaves it) as
    /// bytes at `out`; `false` when one exceeds 255. `lanes[n..n + FIELDS]`
    /// are zero.
    ///
    /// # Safety
    /// `out` must be writable for `n` rounded up to `FIELDS` bytes; the CPU
    /// must have the kernel's features.
    unsafe fn to_bytes(lanes: &[u32; LANES], n: usize, out: *mut u8) -> bool;
}

/// Decodes `text` with this instruction set; `None` when the CPU lacks it.
pub fn decode(isa: Isa, text: &[u8]) -> Option<Result<Vec<u8>, CodecError>> {
    dispatch!(isa, decode(text))
}

macro_rules! codec {
    ($name:ident, $isa:expr, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Default, Clone, Copy)]
        pub struct $name;

        impl Codec<Vec<u8>> for $name {
            fn encode(&self, value: &Vec<u8>, out: &mut Vec<u8>) -> Result<(), CodecError> {
                CsvBytes.encode(value, out)
            }

            fn decode(&self, bytes: &[u8]) -> Result<Vec<u8>, CodecError> {
                decode($isa, bytes).unwrap_or_else(|| {
                    Err(CodecError::library(
                        "encbench simd",
                        $isa.available().err().unwrap_or_default(),
                    ))
                })
            }

            fn unavailable(&self) -> Option<String> {
                $isa.available().err()
            }
        }
    };
}

codec!(
    CsvBytesSse41,
    Isa::Sse41,
    "`CsvBytes`' text, the SSE4.1 decoder."
);
codec!(
    CsvBytesAvx2,
    Isa::Avx2,
    "`CsvBytes`' text, the AVX2 decoder."
);
codec!(
    CsvBytesAvx512,
    Isa::Avx512,
    "`CsvBytes`' text, the AVX-512 BW decoder."
);
codec!(
    CsvBytesNeon,
    Isa::Neon,
    "`CsvBytes`' text, the NEON decoder."
);

/// The block walk, inlined into each instruction set's `#[target_feature]`
/// entry point so its intrinsics compile with that set enabled.
///
/// # Safety
/// The CPU must have `K`'s features.
#[inline(always)]
pub(crate) unsafe fn decode_with<K: ByteKernel>(text: &[u8]) -> Result<Vec<u8>, CodecError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let len = text.len();
    // A field takes 2+ bytes with its comma (the last one 1+): this never grows.
    let mut out = Vec::<u8>::with_capacity(len / 2 + 1 + LANES);
    let mut lanes = [0u32; LANES];
    let mut pos = 0usize;
    while pos + BLOCK <= len {
        // SAFETY: pos + 64 <= len; the caller vouches for the features.
        let (sep, digit) = unsafe { K::classify(text.as_ptr().add(pos), b',') };
        if sep == 0 {
            // A field of 64+ bytes (an error unless leading zeros): the scalar loop's.
            break;
        }
        let last = 63 - sep.leading_zeros() as usize;
        let fields = u64::MAX >> (63 - last);
        let stray = fields & !(sep | digit);
        let empty = sep & ((sep << 1) | 1);
        let digits = fields & !sep;
        let four = digits & (digits >> 1) & (digits >> 2) & (digits >> 3);
        let end = pos + last + 1;
        // The first block's lanes would reach before the text: it goes scalar.
        if stray | empty | four == 0 && pos >= 4 {
            // SAFETY: pos >= 4 and every field of 1 to 3 digits ends at a comma of the block.
            let n = unsafe { block_lanes(text, pos, sep, &mut lanes) };
            lanes[n..n + K::FIELDS].fill(0);
            out.reserve(LANES);
            // SAFETY: `reserve` left room for LANES >= n rounded up to FIELDS
            // bytes; the caller vouches for the features.
            if unsafe { K::to_bytes(&lanes, n, out.as_mut_ptr().add(out.len())) } {
                // SAFETY: to_bytes wrote the n bytes.
                unsafe { out.set_len(out.len() + n) };
                pos = end;
                continue;
            }
        }
        push_fields(text, &text[pos..end - 1], &mut out)?;
        pos = end;
    }
    push_fields(text, &text[pos..], &mut out)?;
    Ok(out)
}

/// The lanes of the block's fields (all of 1 to 3 digits) into `lanes`,
/// with their count.
///
/// # Safety
/// `pos >= 4`, and `sep` marks commas of `text[pos..]` that end fields of 1
/// to 3 digits.
#[inline(always)]
unsafe fn block_lanes(text: &[u8], pos: usize, sep: u64, lanes: &mut [u32; LANES]) -> usize {
    let mut n = 0;
    let mut start = 0usize;
    let mut rest = sep;
    while rest != 0 {
        let e = rest.trailing_zeros() as usize;
        // SAFETY: the word ends at a comma inside the text and starts at or
        // after pos - 4 >= 0.
        let word = unsafe {
            u32::from_le(std::ptr::read_unaligned(
                text.as_ptr().add(pos + e - 4).cast::<u32>(),
            ))
        };
        // No empty field: at most 32 commas in 64 bytes, so n < 32.
        lanes[n & 31] = word & KEEP[(e - start) & 3];
        n += 1;
        start = e + 1;
        rest &= rest - 1;
    }
    n
}

/// Parses the comma-separated fields of `part` (a piece of `text` that
/// starts at a field start) as `CsvBytes` does; on the first field that is
/// not a byte, `CsvBytes::decode(text)`'s own error.
fn push_fields(text: &[u8], part: &[u8], out: &mut Vec<u8>) -> Result<(), CodecError> {
    for field in part.split(|&b| b == b',') {
        match std::str::from_utf8(field).ok().and_then(|f| f.parse().ok()) {
            Some(v) => out.push(v),
            None => return Err(scalar_error(text)),
        }
    }
    Ok(())
}

/// The error `CsvBytes` reports for `text`, which has a field that is not a byte.
#[cold]
fn scalar_error(text: &[u8]) -> CodecError {
    match CsvBytes.decode(text) {
        Err(e) => e,
        Ok(_) => CodecError::library(
            "encbench simd",
            "the scalar decoder accepted a field the SIMD walk refused",
        ),
    }
}
