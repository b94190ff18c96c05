//! CBOR (ciborium).

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

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

// The same encoding over user tables (`encbench file`): rows as tuples of
// their cells, read straight into the table's columns (see `tables::serde_rows`).
#[cfg(feature = "tables")]
crate::tables::serde_rows::serde_table_codec!(
    CborTable,
    "cbor",
    "CBOR rows as arrays; nested values as maps and arrays (ciborium)",
    "cbor",
    true,
    |rows, out| crate::tables::serde_rows::natively(
        || ciborium::into_writer(rows, out).map_err(|e| e.to_string())
    ),
    |seed, bytes| crate::tables::serde_rows::natively(|| {
        crate::tables::serde_rows::CBOR_SEED
            .with(|s| *s.borrow_mut() = Some((seed.schema.clone(), seed.input_len)));
        let table = ciborium::from_reader::<crate::tables::serde_rows::CborRows, _>(bytes);
        crate::tables::serde_rows::CBOR_SEED.with(|s| *s.borrow_mut() = None);
        table.map(|t| t.0).map_err(|e| e.to_string())
    }),
    |rows, out| crate::tables::serde_rows::natively(
        || ciborium::into_writer(rows, out).map_err(|e| e.to_string())
    ),
    |input| crate::tables::serde_rows::natively(
        || ciborium::from_reader(input).map_err(|e| e.to_string())
    )
);
