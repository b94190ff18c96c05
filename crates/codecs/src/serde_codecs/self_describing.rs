//! Self-describing binary serde formats: MessagePack and CBOR.

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

serde_codec!(
    MessagePackCompact,
    "MessagePack via rmp-serde with structs as arrays (no field names).",
    |v: &Vec<T>, out: &mut Vec<u8>| v
        .serialize(&mut rmp_serde::Serializer::new(out))
        .map_err(|e| CodecError::library("rmp-serde", e)),
    msgpack_decode::<T>
);

/// BSON wants a document at the top, so the batch travels as `{"r": [...]}`.
#[derive(Serialize)]
struct BsonBorrowed<'a, T> {
    r: &'a [T],
}

#[derive(serde::Deserialize)]
struct BsonOwned<T> {
    r: Vec<T>,
}

serde_codec!(
    Bson,
    "BSON (bson crate, serde) as one document `{r: [...]}`; unsigned 64-bit values must fit in i64.",
    |v: &Vec<T>, out: &mut Vec<u8>| bson::serialize_to_buffer(&BsonBorrowed { r: v }, out)
        .map_err(|e| CodecError::library("bson", e)),
    |b: &[u8]| bson::deserialize_from_slice::<BsonOwned<T>>(b)
        .map(|d| d.r)
        .map_err(|e| CodecError::library("bson", e))
);
