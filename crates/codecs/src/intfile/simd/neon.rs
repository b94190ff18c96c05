//! The NEON parser: four 16-byte compares per block folded into 64-bit masks
//! by pairwise adds, two lanes per vector, widening pairwise adds to convert.

use super::{Kernel, WORDS};
use crate::CodecError;
use std::arch::aarch64::*;

pub(crate) struct Neon;

/// Bit i of each 8-byte group, so pairwise adds fold a compare into a mask.
const BITS: [u8; 16] = [1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128];

#[inline(always)]
unsafe fn movemask64(c: [uint8x16_t; 4]) -> u64 {
    // SAFETY: BITS is 16 readable bytes.
    let bits = unsafe { vld1q_u8(BITS.as_ptr()) };
    let s0 = vpaddq_u8(vandq_u8(c[0], bits), vandq_u8(c[1], bits));
    let s1 = vpaddq_u8(vandq_u8(c[2], bits), vandq_u8(c[3], bits));
    let s = vpaddq_u8(s0, s1);
    let s = vpaddq_u8(s, s);
    vgetq_lane_u64(vreinterpretq_u64_u8(s), 0)
}

impl Kernel for Neon {
    const STEP: usize = 2;

    #[inline(always)]
    unsafe fn classify(block: *const u8, separator: u8) -> (u64, u64) {
        let separator = vdupq_n_u8(separator);
        let zero = vdupq_n_u8(b'0');
        let ten = vdupq_n_u8(10);
        // SAFETY: the caller guarantees 64 readable bytes at `block`.
        let v = unsafe {
            [
                vld1q_u8(block),
                vld1q_u8(block.add(16)),
                vld1q_u8(block.add(32)),
                vld1q_u8(block.add(48)),
            ]
        };
        let sep = v.map(|x| vceqq_u8(x, separator));
        // A digit is a byte whose distance from '0' is below 10 (unsigned).
        let digit = v.map(|x| vcltq_u8(vsubq_u8(x, zero), ten));
        // SAFETY: NEON is baseline on aarch64.
        unsafe { (movemask64(sep), movemask64(digit)) }
    }

    #[inline(always)]
    unsafe fn convert_sum(words: &[u64; WORDS], n: usize) -> u64 {
        // The first digit of each byte pair weighs 10, of each u16 pair 100, of each u32 pair 10^4.
        let tens = vreinterpretq_u8_u16(vdupq_n_u16(0x010a));
        let hundreds = vreinterpretq_u16_u32(vdupq_n_u32(0x0001_0064));
        let ten_thousands = vreinterpretq_u32_u64(vdupq_n_u64(0x0000_0001_0000_2710));
        let mut acc = vdupq_n_u64(0);
        let mut i = 0;
        while i < n {
            // SAFETY: i + 2 <= WORDS because n <= 32 and WORDS = 48.
            let v = unsafe { vld1q_u8(words.as_ptr().add(i).cast()) };
            let v = vpaddlq_u8(vmulq_u8(v, tens));
            let v = vpaddlq_u16(vmulq_u16(v, hundreds));
            let v = vpaddlq_u32(vmulq_u32(v, ten_thousands));
            acc = vaddq_u64(acc, v);
            i += 2;
        }
        vaddvq_u64(acc)
    }

    #[inline(always)]
    unsafe fn sum_one_digit_lines(block: *const u8) -> u64 {
        let low_nibble_of_even = vreinterpretq_u8_u16(vdupq_n_u16(0x000f));
        let mut sum = 0u64;
        for i in 0..4 {
            // SAFETY: the caller guarantees 64 readable bytes at `block`.
            let v = unsafe { vld1q_u8(block.add(16 * i)) };
            sum += u64::from(vaddlvq_u8(vandq_u8(v, low_nibble_of_even)));
        }
        sum
    }
}

/// NEON is part of the aarch64 baseline, so this entry point is safe.
pub(super) fn sum_lines(text: &[u8]) -> Result<i64, CodecError> {
    // SAFETY: the kernel needs only NEON, which every aarch64 CPU has.
    unsafe { super::sum_lines::<Neon>(text) }
}
