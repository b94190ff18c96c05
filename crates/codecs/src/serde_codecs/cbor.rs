//! CBOR (ciborium).

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

serde_codec!(
    Cbor,
    "CBOR via ciborium.",
    |v: &Vec<T>, out: &mut Vec<u8>| ciborium::into_writer(v, out)
        .map_err(|e| CodecError::library("ciborium", e)),
    |b: &[u8]| {
        let mut cursor = b;
        let v: Vec<T> =
            ciborium::from_reader(&mut cursor).map_err(|e| CodecError::library("ciborium", e))?;
        CodecError::check_consumed(b.len() - cursor.len(), b.len())?;
        Ok(v)
    }
);
