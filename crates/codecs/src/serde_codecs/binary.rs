//! Schema'd binary serde formats: bincode and postcard (the layout comes
//! from the Rust type; no field names travel).

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

serde_codec!(
    Bincode,
    "bincode 2 (serde, standard config: varints, little-endian).",
    |v: &Vec<T>, out: &mut Vec<u8>| bincode::serde::encode_into_std_write(
        v,
        out,
        bincode::config::standard()
    )
    .map(|_| ())
    .map_err(|e| CodecError::library("bincode", e)),
    |b: &[u8]| {
        let (v, used): (Vec<T>, usize) = bincode::serde::decode_from_slice(
            b,
            bincode::config::standard().with_limit::<{ 1 << 30 }>(),
        )
        .map_err(|e| CodecError::library("bincode", e))?;
        CodecError::check_consumed(used, b.len())?;
        Ok(v)
    }
);

serde_codec!(
    Postcard,
    "postcard (serde, varints, no field names).",
    |v: &Vec<T>, out: &mut Vec<u8>| {
        let bytes = postcard::to_extend(v, std::mem::take(out))
            .map_err(|e| CodecError::library("postcard", e))?;
        *out = bytes;
        Ok(())
    },
    |b: &[u8]| {
        let (v, rest): (Vec<T>, &[u8]) =
            postcard::take_from_bytes(b).map_err(|e| CodecError::library("postcard", e))?;
        CodecError::check_consumed(b.len() - rest.len(), b.len())?;
        Ok(v)
    }
);

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
