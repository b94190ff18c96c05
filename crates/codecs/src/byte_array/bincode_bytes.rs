//! bincode 2 (standard config: varint length, then the bytes): a well-known
//! schema'd binary serializer, as .NET's BinaryFormatter was for the seed.

use crate::{Codec, CodecError};

/// `Vec<u8>` through bincode.
#[derive(Debug, Default, Clone, Copy)]
pub struct BincodeBytes;

impl Codec<Vec<u8>> for BincodeBytes {
    fn encode(&self, value: &Vec<u8>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        bincode::encode_into_std_write(value, out, bincode::config::standard())
            .map(|_| ())
            .map_err(|e| CodecError::library("bincode", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<u8>, CodecError> {
        let (value, used) = bincode::decode_from_slice(bytes, bincode::config::standard())
            .map_err(|e| CodecError::library("bincode", e))?;
        CodecError::check_consumed(used, bytes.len())?;
        Ok(value)
    }
}
