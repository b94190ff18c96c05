//! The AVX2 parser: two 32-byte compares per block, four lanes per vector.

use super::{Kernel, WORDS};
use crate::CodecError;
use std::arch::x86_64::*;

pub(crate) struct Avx2;

impl Kernel for Avx2 {
    const STEP: usize = 8;

    #[inline(always)]
    unsafe fn classify(block: *const u8, separator: u8) -> (u64, u64) {
        let separator = _mm256_set1_epi8(separator as i8);
        let zero = _mm256_set1_epi8(b'0' as i8);
        let nine = _mm256_set1_epi8(9);
        let (mut sep, mut digit) = (0u64, 0u64);
        for i in 0..2 {
            // SAFETY: the caller guarantees 64 readable bytes at `block`.
            let v = unsafe { _mm256_loadu_si256(block.add(32 * i).cast()) };
            let s = _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, separator)) as u32;
            // A digit is a byte whose distance from '0' is at most 9 (unsigned).
            let d = _mm256_sub_epi8(v, zero);
            let d = _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_min_epu8(d, nine), d)) as u32;
            sep |= u64::from(s) << (32 * i);
            digit |= u64::from(d) << (32 * i);
        }
        (sep, digit)
    }

    #[inline(always)]
    unsafe fn convert_sum(words: &[u64; WORDS], n: usize) -> u64 {
        let tens = _mm256_set1_epi16(0x010a); // bytes 10, 1: the first digit of a pair weighs 10
        let hundreds = _mm256_set1_epi32(0x0001_0064);
        let ten_thousands = _mm256_set1_epi32(0x0001_2710);
        let mut acc = _mm256_setzero_si256();
        let mut i = 0;
        while i < n {
            // SAFETY: i + 8 <= WORDS because n <= 32 and WORDS = 48.
            let (a, b) = unsafe {
                (
                    _mm256_loadu_si256(words.as_ptr().add(i).cast()),
                    _mm256_loadu_si256(words.as_ptr().add(i + 4).cast()),
                )
            };
            let a = _mm256_madd_epi16(_mm256_maddubs_epi16(a, tens), hundreds);
            let b = _mm256_madd_epi16(_mm256_maddubs_epi16(b, tens), hundreds);
            // Four-digit halves fit u16; packing stays within 128-bit halves,
            // which keeps each value's two halves adjacent.
            let v = _mm256_madd_epi16(_mm256_packus_epi32(a, b), ten_thousands);
            acc = _mm256_add_epi32(acc, v);
            i += 8;
        }
        // A block's values sum below 7 * 10^8, so 32-bit lanes cannot overflow.
        let acc = _mm_add_epi32(
            _mm256_castsi256_si128(acc),
            _mm256_extracti128_si256(acc, 1),
        );
        let acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0b01_00_11_10));
        let acc = _mm_add_epi32(acc, _mm_shuffle_epi32(acc, 0b10_11_00_01));
        _mm_cvtsi128_si32(acc) as u32 as u64
    }

    #[inline(always)]
    unsafe fn sum_one_digit_lines(block: *const u8) -> u64 {
        let low_nibble_of_even = _mm256_set1_epi16(0x000f);
        // SAFETY: the caller guarantees 64 readable bytes at `block`.
        let (a, b) = unsafe {
            (
                _mm256_loadu_si256(block.cast()),
                _mm256_loadu_si256(block.add(32).cast()),
            )
        };
        let zero = _mm256_setzero_si256();
        let a = _mm256_sad_epu8(_mm256_and_si256(a, low_nibble_of_even), zero);
        let b = _mm256_sad_epu8(_mm256_and_si256(b, low_nibble_of_even), zero);
        let s = _mm256_add_epi64(a, b);
        let s = _mm_add_epi64(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
        (_mm_cvtsi128_si64(s) + _mm_extract_epi64(s, 1)) as u64
    }
}

/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn sum_lines(text: &[u8]) -> Result<i64, CodecError> {
    // SAFETY: this function's features are the kernel's.
    unsafe { super::sum_lines::<Avx2>(text) }
}
