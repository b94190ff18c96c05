//! Zigzag + LEB128 varint, as protobuf's `sint64`: small magnitudes of
//! either sign take few bytes.

use crate::{Codec, CodecError};

/// Zigzag-mapped unsigned LEB128.
#[derive(Debug, Default, Clone, Copy)]
pub struct ZigzagLeb128;

/// An i64 never needs more than ten 7-bit groups.
const MAX_LEN: usize = 10;

impl Codec<i64> for ZigzagLeb128 {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let mut v = ((value << 1) ^ (value >> 63)) as u64;
        while v >= 0x80 {
            out.push((v as u8) | 0x80);
            v >>= 7;
        }
        out.push(v as u8);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        let mut v: u64 = 0;
        for (i, &b) in bytes.iter().enumerate() {
            if i == MAX_LEN - 1 && b > 1 {
                return Err(CodecError::invalid(i, "varint overflows 64 bits"));
            }
            v |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                CodecError::check_consumed(i + 1, bytes.len())?;
                return Ok(((v >> 1) as i64) ^ -((v & 1) as i64));
            }
        }
        Err(CodecError::Truncated {
            offset: bytes.len(),
            needed: 1,
        })
    }
}
