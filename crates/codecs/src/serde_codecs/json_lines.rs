//! JSON Lines (serde_json): one object per line.

use super::json::json_error;
use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

/// One JSON object per line.
pub struct JsonLines<T>(PhantomData<fn() -> T>);

impl<T> Default for JsonLines<T> {
    fn default() -> Self {
        JsonLines(PhantomData)
    }
}

impl<T: SerdeRecord> Codec<Vec<T>> for JsonLines<T> {
    fn encode(&self, value: &Vec<T>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        for record in value {
            serde_json::to_writer(&mut *out, record).map_err(json_error)?;
            out.push(b'\n');
        }
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<T>, CodecError> {
        let mut out = Vec::new();
        let mut offset = 0;
        for line in bytes.split(|b| *b == b'\n') {
            if !line.is_empty() {
                out.push(
                    serde_json::from_slice(line).map_err(|e| CodecError::Invalid {
                        offset: offset + e.column().saturating_sub(1),
                        reason: format!("JSON Lines record {}: {e}", out.len() + 1),
                    })?,
                );
            }
            offset += line.len() + 1;
        }
        Ok(out)
    }
}
