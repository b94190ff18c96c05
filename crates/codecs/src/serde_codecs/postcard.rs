//! postcard: varint integers, no field names.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

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
