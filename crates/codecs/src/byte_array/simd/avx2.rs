//! The AVX2 decoder: 32 fields per step, eight lanes per vector.

use super::{ByteKernel, LANES};
use crate::intfile::simd::avx2::Avx2;
use crate::CodecError;
use std::arch::x86_64::*;

impl ByteKernel for Avx2 {
    const FIELDS: usize = 32;

    #[inline(always)]
    unsafe fn to_bytes(lanes: &[u32; LANES], n: usize, out: *mut u8) -> bool {
        // Bytes 0, 100, 10, 1: a lane's digits sit in its bytes 1 to 3.
        let weights = _mm256_set1_epi32(0x010a_6400);
        let ones = _mm256_set1_epi16(1);
        let high = _mm256_set1_epi16(0xff00u16 as i16);
        // The packs work within 128-bit halves: this puts the dwords back in order.
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        let mut i = 0;
        while i < n {
            let value = |k: usize| {
                // SAFETY: i + 32 <= LANES because n <= 32 and LANES = 64.
                let v = unsafe { _mm256_loadu_si256(lanes.as_ptr().add(i + 8 * k).cast()) };
                _mm256_madd_epi16(_mm256_maddubs_epi16(v, weights), ones)
            };
            let ab = _mm256_packus_epi32(value(0), value(1));
            let cd = _mm256_packus_epi32(value(2), value(3));
            if _mm256_testz_si256(_mm256_or_si256(ab, cd), high) == 0 {
                return false; // a value above 255
            }
            let bytes = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(ab, cd), order);
            // SAFETY: the caller guarantees room for n rounded up to 32 bytes.
            unsafe { _mm256_storeu_si256(out.add(i).cast(), bytes) };
            i += 32;
        }
        true
    }
}

/// # Safety
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn decode(text: &[u8]) -> Result<Vec<u8>, CodecError> {
    // SAFETY: this function's features are the kernel's.
    unsafe { super::decode_with::<Avx2>(text) }
}
