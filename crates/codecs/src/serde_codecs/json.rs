//! JSON (serde_json): the batch as one array.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

pub(super) fn json_error(e: serde_json::Error) -> CodecError {
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
