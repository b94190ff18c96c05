//! speedy: little-endian fixed-width integers, u32 lengths, no field names.

use crate::matrix::SpeedyRecord;
use crate::{Codec, CodecError};
use speedy::{Readable, Writable};

unit_codec!(
    /// speedy 0.8 via its derives: sizes the output first, then writes in
    /// place into the reused buffer.
    Speedy
);

impl<R: SpeedyRecord + Send + Sync> Codec<Vec<R>> for Speedy<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let start = out.len();
        let needed = value
            .bytes_needed()
            .map_err(|e| CodecError::library("speedy", e))?;
        out.resize(start + needed, 0);
        value
            .write_to_buffer(&mut out[start..])
            .map_err(|e| CodecError::library("speedy", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let (value, used) = Vec::<R>::read_with_length_from_buffer(bytes);
        let value = value.map_err(|e| CodecError::library("speedy", e))?;
        CodecError::check_consumed(used, bytes.len())?;
        Ok(value)
    }
}
