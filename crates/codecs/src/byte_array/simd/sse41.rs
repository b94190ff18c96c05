//! The SSSE3/SSE4.1 decoder: 16 fields per step, four lanes per vector.

use super::{ByteKernel, LANES};
use crate::intfile::simd::sse41::Sse41;
use crate::CodecError;
use std::arch::x86_64::*;

impl ByteKernel for Sse41 {
    const FIELDS: usize = 16;

    #[inline(always)]
    unsafe fn to_bytes(lanes: &[u32; LANES], n: usize, out: *mut u8) -> bool {
        // Bytes 0, 100, 10, 1: a lane's digits sit in its bytes 1 to 3.
        let weights = _mm_set1_epi32(0x010a_6400);
        let ones = _mm_set1_epi16(1);
        let high = _mm_set1_epi16(0xff00u16 as i16);
        let mut i = 0;
        while i < n {
            let value = |k: usize| {
                // SAFETY: i + 16 <= LANES because n <= 32 and LANES = 64.
                let v = unsafe { _mm_loadu_si128(lanes.as_ptr().add(i + 4 * k).cast()) };
                _mm_madd_epi16(_mm_maddubs_epi16(v, weights), ones)
            };
            let ab = _mm_packus_epi32(value(0), value(1));
            let cd = _mm_packus_epi32(value(2), value(3));
            if _mm_testz_si128(_mm_or_si128(ab, cd), high) == 0 {
                return false; // a value above 255
            }
            // SAFETY: the caller guarantees room for n rounded up to 16 bytes.
            unsafe { _mm_storeu_si128(out.add(i).cast(), _mm_packus_epi16(ab, cd)) };
            i += 16;
        }
        true
    }
}

/// # Safety
/// The CPU must have SSSE3 and SSE4.1.
#[target_feature(enable = "ssse3,sse4.1")]
pub(super) unsafe fn decode(text: &[u8]) -> Result<Vec<u8>, CodecError> {
    // SAFETY: this function's features are the kernel's.
    unsafe { super::decode_with::<Sse41>(text) }
}
