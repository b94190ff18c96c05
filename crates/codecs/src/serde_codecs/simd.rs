//! JSON decoded by simd-json (SIMD, runtime CPU detection). It parses in
//! place, so every decode first copies the input: that copy is part of the
//! measured cost, as it would be for a caller holding shared bytes.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

/// A JSON array of records, encoded by serde_json, decoded by simd-json.
pub struct SimdJson<T>(PhantomData<fn() -> T>);

impl<T> Default for SimdJson<T> {
    fn default() -> Self {
        SimdJson(PhantomData)
    }
}

impl<T: SerdeRecord> Codec<Vec<T>> for SimdJson<T> {
    fn encode(&self, value: &Vec<T>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        serde_json::to_writer(out, value).map_err(|e| CodecError::library("serde_json", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<T>, CodecError> {
        let mut copy = bytes.to_vec();
        simd_json::serde::from_slice(&mut copy).map_err(|e| CodecError::Invalid {
            offset: e.index(),
            reason: format!("simd-json: {e}"),
        })
    }
}
