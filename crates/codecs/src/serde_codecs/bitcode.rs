//! bitcode: bit-packed, no field names.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

serde_codec!(
    Bitcode,
    "bitcode via serde (bit-packed, no field names).",
    |v: &Vec<T>, out: &mut Vec<u8>| {
        out.extend_from_slice(
            &bitcode::serialize(v).map_err(|e| CodecError::library("bitcode", e))?,
        );
        Ok(())
    },
    |b: &[u8]| bitcode::deserialize::<Vec<T>>(b).map_err(|e| CodecError::library("bitcode", e))
);
