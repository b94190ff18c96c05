//! MessagePack (rmp-serde): structs as maps (field names travel) or as arrays.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use serde::Serialize;
use std::marker::PhantomData;

/// Decodes MessagePack written either way (rmp-serde reads maps and arrays alike).
fn msgpack_decode<T: SerdeRecord>(b: &[u8]) -> Result<Vec<T>, CodecError> {
    let mut de = rmp_serde::Deserializer::new(b);
    let v: Vec<T> = serde::Deserialize::deserialize(&mut de)
        .map_err(|e| CodecError::library("rmp-serde", e))?;
    CodecError::check_consumed(b.len() - de.into_inner().len(), b.len())?;
    Ok(v)
}

serde_codec!(
    MessagePack,
    "MessagePack via rmp-serde (structs as maps, so field names travel).",
    |v: &Vec<T>, out: &mut Vec<u8>| v
        .serialize(&mut rmp_serde::Serializer::new(out).with_struct_map())
        .map_err(|e| CodecError::library("rmp-serde", e)),
    msgpack_decode::<T>
);

serde_codec!(
    MessagePackCompact,
    "MessagePack via rmp-serde with structs as arrays (no field names).",
    |v: &Vec<T>, out: &mut Vec<u8>| v
        .serialize(&mut rmp_serde::Serializer::new(out))
        .map_err(|e| CodecError::library("rmp-serde", e)),
    msgpack_decode::<T>
);
