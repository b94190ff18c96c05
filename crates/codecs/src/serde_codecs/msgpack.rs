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

// The same encoding over user tables (`encbench file`): rows as tuples of
// their cells, read straight into the table's columns (see `tables::serde_rows`).
#[cfg(feature = "tables")]
crate::tables::serde_rows::serde_table_codec!(
    MessagePackTable,
    "msgpack",
    "MessagePack rows as arrays; nested values as maps and arrays (rmp-serde)",
    "msgpack",
    true,
    |rows, out| crate::tables::serde_rows::natively(
        || rmp_serde::encode::write(out, rows).map_err(|e| e.to_string())
    ),
    |seed, bytes| crate::tables::serde_rows::natively(|| {
        let mut d = rmp_serde::Deserializer::from_read_ref(bytes);
        serde::de::DeserializeSeed::deserialize(seed, &mut d).map_err(|e| e.to_string())
    }),
    |rows, out| crate::tables::serde_rows::natively(
        || rmp_serde::encode::write(out, rows).map_err(|e| e.to_string())
    ),
    |input| crate::tables::serde_rows::natively(
        || rmp_serde::from_read(input).map_err(|e| e.to_string())
    )
);
