//! bincode 2: the layout comes from the Rust type; no field names travel.

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
