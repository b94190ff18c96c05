//! The `encoding/gob` analogue: a self-describing encoder and decoder
//! constructed for every value, into a fresh buffer.

use crate::{Codec, CodecError};

/// CBOR (ciborium), new writer per call.
#[derive(Debug, Default, Clone, Copy)]
pub struct CborPerCall;

impl Codec<i64> for CborPerCall {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let mut fresh = Vec::new();
        ciborium::into_writer(value, &mut fresh).map_err(|e| CodecError::library("ciborium", e))?;
        *out = fresh;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        let mut cursor = bytes;
        let value =
            ciborium::from_reader(&mut cursor).map_err(|e| CodecError::library("ciborium", e))?;
        CodecError::check_consumed(bytes.len() - cursor.len(), bytes.len())?;
        Ok(value)
    }
}

/// MessagePack (rmp-serde), new serializer per call.
#[derive(Debug, Default, Clone, Copy)]
pub struct MsgpackPerCall;

impl Codec<i64> for MsgpackPerCall {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        *out = rmp_serde::to_vec(value).map_err(|e| CodecError::library("rmp-serde", e))?;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        let mut de = rmp_serde::Deserializer::new(bytes);
        let value = serde::Deserialize::deserialize(&mut de)
            .map_err(|e| CodecError::library("rmp-serde", e))?;
        let rest = de.into_inner();
        CodecError::check_consumed(bytes.len() - rest.len(), bytes.len())?;
        Ok(value)
    }
}
