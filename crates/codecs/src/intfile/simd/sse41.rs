//! The SSSE3/SSE4.1 parser: four 16-byte compares per block, two lanes per vector.

use super::{Kernel, WORDS};
use crate::CodecError;
use std::arch::x86_64::*;

pub(crate) struct Sse41;

impl Kernel for Sse41 {
    const STEP: usize = 4;

    #[inline(always)]
    unsafe fn classify(block: *const u8, separator: u8) -> (u64, u64) {
        let separator = _mm_set1_epi8(separator as i8);
        let zero = _mm_set1_epi8(b'0' as i8);
        let nine = _mm_set1_epi8(9);
        let (mut sep, mut digit) = (0u64, 0u64);
        for i in 0..4 {
            // SAFETY: the caller guarantees 64 readable bytes at `block`.
            let v = unsafe { _mm_loadu_si128(block.add(16 * i).cast()) };
            let s = _mm_movemask_epi8(_mm_cmpeq_epi8(v, separator)) as u16;
            // A digit is a byte whose distance from '0' is at most 9 (unsigned).
            let d = _mm_sub_epi8(v, zero);
            let d = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, nine), d)) as u16;
            sep |= u64::from(s) << (16 * i);
            digit |= u64::from(d) << (16 * i);
        }
        (sep, digit)
    }

    #[inline(always)]
    unsafe fn convert_sum(words: &[u64; WORDS], n: usize) -> u64 {
        let tens = _mm_set1_epi16(0x010a); // bytes 10, 1: the first digit of a pair weighs 10
        let hundreds = _mm_set1_epi32(0x0001_0064);
        let ten_thousands = _mm_set1_epi32(0x0001_2710);
        let mut acc = _mm_setzero_si128();
        let mut i = 0;
        while i < n {
            // SAFETY: i + 4 <= WORDS because n <= 32 and WORDS = 48.
            let (a, b) = unsafe {
                (
                    _mm_loadu_si128(words.as_ptr().add(i).cast()),
                    _mm_loadu_si128(words.as_ptr().add(i + 2).cast()),
                )
            };
            let a = _mm_madd_epi16(_mm_maddubs_epi16(a, tens), hundreds);
            let b = _mm_madd_epi16(_mm_maddubs_epi16(b, tens), hundreds);
            // Four-digit halves fit u16; each pair of halves becomes one value.
            let v = _mm_madd_epi16(_mm_packus_epi32(a, b), ten_thousands);
            acc = _mm_add_epi32(acc, v);
            i += 4;
        }
        // A block's values sum below 7 * 10^8, so 32-bit lanes cannot overflow.
        let acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0b01_00_11_10));
        let acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0b10_11_00_01));
        _mm_cvtsi128_si32(acc) as u32 as u64
    }

    #[inline(always)]
    unsafe fn sum_one_digit_lines(block: *const u8) -> u64 {
        let low_nibble_of_even = _mm_set1_epi16(0x000f);
        let mut acc = _mm_setzero_si128();
        for i in 0..4 {
            // SAFETY: the caller guarantees 64 readable bytes at `block`.
            let v = unsafe { _mm_loadu_si128(block.add(16 * i).cast()) };
            let digits = _mm_and_si128(v, low_nibble_of_even);
            acc = _mm_add_epi64(acc, _mm_sad_epu8(digits, _mm_setzero_si128()));
        }
        (_mm_cvtsi128_si64(acc) + _mm_extract_epi64(acc, 1)) as u64
    }
}

/// # Safety
/// The CPU must have SSSE3 and SSE4.1.
#[target_feature(enable = "ssse3,sse4.1")]
pub(super) unsafe fn sum_lines(text: &[u8]) -> Result<i64, CodecError> {
    // SAFETY: this function's features are the kernel's.
    unsafe { super::sum_lines::<Sse41>(text) }
}
