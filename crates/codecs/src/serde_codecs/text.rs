//! JSON (serde_json) as one array, and JSON Lines (one object per line).

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

fn json_error(e: serde_json::Error) -> CodecError {
    CodecError::Invalid {
        offset: e.column(),
        reason: format!("JSON line {}: {e}", e.line()),
    }
}

/// A JSON array of records.
pub struct Json<T>(PhantomData<fn() -> T>);

impl<T> Default for Json<T> {
    fn default() -> Self {
        Json(PhantomData)
    }
}

impl<T: SerdeRecord> Codec<Vec<T>> for Json<T> {
    fn encode(&self, value: &Vec<T>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        serde_json::to_writer(out, value).map_err(json_error)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<T>, CodecError> {
        serde_json::from_slice(bytes).map_err(json_error)
    }
}

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
