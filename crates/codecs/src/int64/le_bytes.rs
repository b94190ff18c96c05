//! `i64::to_le_bytes` into a reused buffer: Go's `binary.LittleEndian.PutUint64`.

use super::eight_bytes;
use crate::{Codec, CodecError};

/// Direct little-endian bytes, no framing.
#[derive(Debug, Default, Clone, Copy)]
pub struct LeBytes;

impl Codec<i64> for LeBytes {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        out.extend_from_slice(&value.to_le_bytes());
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        eight_bytes(bytes).map(i64::from_le_bytes)
    }
}
