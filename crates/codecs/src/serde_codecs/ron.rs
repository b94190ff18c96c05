//! RON, Rusty Object Notation: Rust's own data syntax as text (struct
//! names optional, `Some(…)` for present optionals), through serde.

use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

serde_codec!(
    Ron,
    "A RON list of records (ron crate, serde), compact, struct names omitted.",
    |v: &Vec<T>, out: &mut Vec<u8>| {
        let text = ron::to_string(v).map_err(|e| CodecError::library("ron", e))?;
        out.extend_from_slice(text.as_bytes());
        Ok(())
    },
    |b: &[u8]| ron::de::from_bytes(b).map_err(|e| CodecError::library("ron", e))
);
