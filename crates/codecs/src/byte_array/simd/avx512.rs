//! The AVX-512 BW decoder: 32 fields per step, sixteen lanes per vector,
//! the range check in a mask register.

use super::{ByteKernel, LANES};
use crate::intfile::simd::avx512::Avx512;
use crate::CodecError;
use std::arch::x86_64::*;

impl ByteKernel for Avx512 {
    const FIELDS: usize = 32;

    #[inline(always)]
    unsafe fn to_bytes(lanes: &[u32; LANES], n: usize, out: *mut u8) -> bool {
        // Bytes 0, 100, 10, 1: a lane's digits sit in its bytes 1 to 3.
        let weights = _mm512_set1_epi32(0x010a_6400);
        let ones = _mm512_set1_epi16(1);
        let max = _mm512_set1_epi32(255);
        let mut i = 0;
        while i < n {
            let value = |k: usize| {
                // SAFETY: i + 32 <= LANES because n <= 32 and LANES = 64.
                let v = unsafe { _mm512_loadu_si512(lanes.as_ptr().add(i + 16 * k).cast()) };
                _mm512_madd_epi16(_mm512_maddubs_epi16(v, weights), ones)
            };
            let (a, b) = (value(0), value(1));
            if _mm512_cmpgt_epu32_mask(a, max) | _mm512_cmpgt_epu32_mask(b, max) != 0 {
                return false; // a value above 255
            }
            // SAFETY: the caller guarantees room for n rounded up to 32 bytes.
            unsafe {
                _mm_storeu_si128(out.add(i).cast(), _mm512_cvtepi32_epi8(a));
                _mm_storeu_si128(out.add(i + 16).cast(), _mm512_cvtepi32_epi8(b));
            }
            i += 32;
        }
        true
    }
}

/// # Safety
/// The CPU must have AVX-512 F and BW.
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn decode(text: &[u8]) -> Result<Vec<u8>, CodecError> {
    // SAFETY: this function's features are the kernel's.
    unsafe { super::decode_with::<Avx512>(text) }
}
