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

// The same encoding over user tables (`encbench file`): rows as tuples of
// their cells, read straight into the table's columns (see `tables::serde_rows`).
#[cfg(feature = "tables")]
crate::tables::serde_rows::serde_table_codec!(
    PostcardTable,
    "postcard",
    "postcard rows: varint integers, no field names or types on the wire (postcard)",
    "postcard",
    false,
    |rows, out| {
        postcard::to_io(rows, out)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    |seed, bytes| {
        let mut d = postcard::Deserializer::from_bytes(bytes);
        serde::de::DeserializeSeed::deserialize(seed, &mut d).map_err(|e| e.to_string())
    },
    |rows, out| {
        postcard::to_io(rows, out)
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    // postcard reads a stream through a buffer that holds what it lends
    // out; text is read as owned, so the buffer only ever holds one value.
    |input| {
        let mut scratch = vec![0u8; POSTCARD_VALUE_MAX];
        crate::tables::serde_rows::transient_text(|| {
            postcard::from_io::<crate::tables::serde_stream::Sent, _>((input, &mut scratch[..]))
        })
        .map(|(sent, _)| sent)
        .map_err(|e| match e {
            postcard::Error::DeserializeUnexpectedEnd => format!(
                "the data ends early, or holds one value over {} MiB, the most read back at once",
                POSTCARD_VALUE_MAX >> 20
            ),
            e => e.to_string(),
        })
    }
);

/// The largest single value (a string) a postcard file is read back with.
#[cfg(feature = "tables")]
const POSTCARD_VALUE_MAX: usize = 16 << 20;
