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

// The same encoding over user tables (`encbench file`): rows as tuples of
// their cells, read straight into the table's columns (see `tables::serde_rows`).
#[cfg(feature = "tables")]
crate::tables::serde_rows::serde_table_codec!(
    BincodeTable,
    "bincode",
    "bincode 2 rows, standard configuration: varint integers (bincode serde)",
    "bincode",
    false,
    |rows, out| {
        bincode::serde::encode_into_std_write(rows, out, bincode::config::standard())
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    |seed, bytes| {
        bincode::serde::seed_decode_from_slice(seed, bytes, bincode::config::standard())
            .map(|(t, _)| t)
            .map_err(|e| e.to_string())
    },
    |rows, mut out| {
        bincode::serde::encode_into_std_write(rows, &mut out, bincode::config::standard())
            .map(|_| ())
            .map_err(|e| e.to_string())
    },
    |mut input| {
        bincode::serde::decode_from_std_read(&mut input, bincode::config::standard())
            .map_err(|e| e.to_string())
    }
);
