//! The AVX-512 BW parser: one 64-byte compare per block straight into mask
//! registers, eight lanes per vector.

use super::{Kernel, WORDS};
use crate::CodecError;
use std::arch::x86_64::*;

pub(crate) struct Avx512;

impl Kernel for Avx512 {
    const STEP: usize = 16;

    #[inline(always)]
    unsafe fn classify(block: *const u8, separator: u8) -> (u64, u64) {
        // SAFETY: the caller guarantees 64 readable bytes at `block`.
        let v = unsafe { _mm512_loadu_si512(block.cast()) };
        let sep = _mm512_cmpeq_epi8_mask(v, _mm512_set1_epi8(separator as i8));
        // A digit is a byte whose distance from '0' is below 10 (unsigned).
        let d = _mm512_sub_epi8(v, _mm512_set1_epi8(b'0' as i8));
        let digit = _mm512_cmplt_epu8_mask(d, _mm512_set1_epi8(10));
        (sep, digit)
    }

    #[inline(always)]
    unsafe fn convert_sum(words: &[u64; WORDS], n: usize) -> u64 {
        let tens = _mm512_set1_epi16(0x010a); // bytes 10, 1: the first digit of a pair weighs 10
        let hundreds = _mm512_set1_epi32(0x0001_0064);
        let ten_thousands = _mm512_set1_epi32(0x0001_2710);
        let mut acc = _mm512_setzero_si512();
        let mut i = 0;
        while i < n {
            // SAFETY: i + 16 <= WORDS because n <= 32 and WORDS = 48.
            let (a, b) = unsafe {
                (
                    _mm512_loadu_si512(words.as_ptr().add(i).cast()),
                    _mm512_loadu_si512(words.as_ptr().add(i + 8).cast()),
                )
            };
            let a = _mm512_madd_epi16(_mm512_maddubs_epi16(a, tens), hundreds);
            let b = _mm512_madd_epi16(_mm512_maddubs_epi16(b, tens), hundreds);
            // Packing stays within 128-bit quarters: each value's halves stay adjacent.
            let v = _mm512_madd_epi16(_mm512_packus_epi32(a, b), ten_thousands);
            acc = _mm512_add_epi32(acc, v);
            i += 16;
        }
        // A block's values sum below 7 * 10^8, so 32-bit lanes cannot overflow.
        _mm512_reduce_add_epi32(acc) as u32 as u64
    }

    #[inline(always)]
    unsafe fn sum_one_digit_lines(block: *const u8) -> u64 {
        // SAFETY: the caller guarantees 64 readable bytes at `block`.
        let v = unsafe { _mm512_loadu_si512(block.cast()) };
        let digits = _mm512_and_si512(v, _mm512_set1_epi16(0x000f));
        _mm512_reduce_add_epi64(_mm512_sad_epu8(digits, _mm512_setzero_si512())) as u64
    }
}

/// # Safety
/// The CPU must have AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn sum_lines(text: &[u8]) -> Result<i64, CodecError> {
    // SAFETY: this function's features are the kernel's.
    unsafe { super::sum_lines::<Avx512>(text) }
}
