//! The NEON decoder: 16 fields per step, four lanes per vector, converted
//! by multiplies and pairwise widening adds.

use super::{ByteKernel, LANES};
use crate::intfile::simd::neon::Neon;
use crate::CodecError;
use std::arch::aarch64::*;

impl ByteKernel for Neon {
    const FIELDS: usize = 16;

    #[inline(always)]
    unsafe fn to_bytes(lanes: &[u32; LANES], n: usize, out: *mut u8) -> bool {
        // Bytes (·, 1, 10, 1) then u16 pairs (100, 1): hundreds, then tens and units.
        let tens = vreinterpretq_u8_u32(vdupq_n_u32(0x010a_0101));
        let hundreds = vreinterpretq_u16_u32(vdupq_n_u32(0x0001_0064));
        let mut i = 0;
        while i < n {
            let value = |k: usize| {
                // SAFETY: i + 16 <= LANES because n <= 32 and LANES = 64.
                let v = unsafe { vld1q_u8(lanes.as_ptr().add(i + 4 * k).cast()) };
                let v = vpaddlq_u8(vmulq_u8(v, tens));
                vpaddlq_u16(vmulq_u16(v, hundreds))
            };
            let v = [value(0), value(1), value(2), value(3)];
            let top = vmaxq_u32(vmaxq_u32(v[0], v[1]), vmaxq_u32(v[2], v[3]));
            if vmaxvq_u32(top) > 255 {
                return false; // a value above 255
            }
            let ab = vcombine_u16(vmovn_u32(v[0]), vmovn_u32(v[1]));
            let cd = vcombine_u16(vmovn_u32(v[2]), vmovn_u32(v[3]));
            // SAFETY: the caller guarantees room for n rounded up to 16 bytes.
            unsafe { vst1q_u8(out.add(i), vcombine_u8(vmovn_u16(ab), vmovn_u16(cd))) };
            i += 16;
        }
        true
    }
}

/// NEON is part of the aarch64 baseline, so this entry point is safe.
pub(super) fn decode(text: &[u8]) -> Result<Vec<u8>, CodecError> {
    // SAFETY: the kernel needs only NEON, which every aarch64 CPU has.
    unsafe { super::decode_with::<Neon>(text) }
}
