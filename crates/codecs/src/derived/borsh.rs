//! borsh: little-endian fixed-width integers, u32 lengths, no field names.

use crate::matrix::BorshRecord;
use crate::{Codec, CodecError};

unit_codec!(
    /// borsh 1.x via its derives; `from_slice` rejects trailing bytes and
    /// caps preallocation from a length prefix.
    Borsh
);

impl<R: BorshRecord + Send + Sync> Codec<Vec<R>> for Borsh<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        borsh::to_writer(out, value).map_err(|e| CodecError::library("borsh", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        borsh::from_slice(bytes).map_err(|e| CodecError::library("borsh", e))
    }
}
