//! A `u32` little-endian length, then the raw bytes: the least a binary
//! serializer can do for a byte array.

use crate::{Codec, CodecError};

/// Length-prefixed raw bytes.
#[derive(Debug, Default, Clone, Copy)]
pub struct LengthPrefixed;

impl Codec<Vec<u8>> for LengthPrefixed {
    fn encode(&self, value: &Vec<u8>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let len = u32::try_from(value.len())
            .map_err(|_| CodecError::invalid(0, "array longer than 4 GiB"))?;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(value);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<u8>, CodecError> {
        let head = bytes.get(..4).ok_or(CodecError::Truncated {
            offset: 0,
            needed: 4,
        })?;
        let len = u32::from_le_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let body = bytes.get(4..4 + len).ok_or(CodecError::Truncated {
            offset: 4,
            needed: len,
        })?;
        CodecError::check_consumed(4 + len, bytes.len())?;
        Ok(body.to_vec())
    }
}
