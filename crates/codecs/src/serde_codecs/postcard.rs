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
    // postcard's reader borrows from a buffer the size of what it reads:
    // the file's bytes are held (the rows still go a batch at a time).
    |mut input| {
        let mut bytes = Vec::new();
        let mut block = vec![0u8; 1 << 20];
        loop {
            let n = encbench_table::records::read_full(&mut input, &mut block)
                .map_err(|e| e.to_string())?;
            if n == 0 {
                break;
            }
            // Out of memory is an error naming what was held, not an abort.
            bytes.try_reserve(n).map_err(|_| {
                format!(
                    "out of memory holding the written file ({} bytes so far) to read it back; convert to a format read back a batch at a time (parquet, arrow, avro, msgpack, cbor, bincode, csv, jsonl, protobuf)",
                    bytes.len()
                )
            })?;
            bytes.extend_from_slice(&block[..n]);
        }
        postcard::from_bytes(&bytes).map_err(|e| e.to_string())
    }
);
