//! BSON (bson crate): the batch as one document.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use serde::Serialize;
use std::marker::PhantomData;

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
