//! The `binary.Write` analogue: a generic serializer (serde + bincode, fixed
//! little-endian ints) writing through a `dyn Write` into a buffer allocated
//! fresh on every call, read back through a `dyn Read`.

use crate::{Codec, CodecError};
use bincode::config::{self, Configuration, Fixint, LittleEndian, NoLimit};
use std::io::{Read, Write};

const CONFIG: Configuration<LittleEndian, Fixint, NoLimit> = config::standard()
    .with_little_endian()
    .with_fixed_int_encoding();

/// serde through trait objects with a fresh buffer per call.
#[derive(Debug, Default, Clone, Copy)]
pub struct SerdeDynWrite;

impl Codec<i64> for SerdeDynWrite {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        // Go's version builds a new bytes.Buffer each call; so do we.
        let mut fresh = Vec::with_capacity(8);
        // black_box hides the concrete type, so the calls really go through the
        // vtable (as Go's go through interfaces) instead of being devirtualised.
        let writer: &mut dyn Write = std::hint::black_box(&mut fresh);
        bincode::serde::encode_into_std_write(value, &mut { writer }, CONFIG)
            .map_err(|e| CodecError::library("bincode", e))?;
        *out = fresh;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        let mut cursor = bytes;
        let reader: &mut dyn Read = std::hint::black_box(&mut cursor);
        let value = bincode::serde::decode_from_std_read(&mut { reader }, CONFIG)
            .map_err(|e| CodecError::library("bincode", e))?;
        CodecError::check_consumed(bytes.len() - cursor.len(), bytes.len())?;
        Ok(value)
    }
}
