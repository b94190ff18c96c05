//! Decimal text, the `strconv.Itoa`/`Atoi` analogue, two ways: formatting
//! into a reused buffer (`itoa`), and allocating a `String` per call as Go's
//! `[]byte(strconv.Itoa(v))` does.

use crate::{Codec, CodecError};

pub(crate) fn parse(bytes: &[u8]) -> Result<i64, CodecError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| CodecError::invalid(e.valid_up_to(), "not UTF-8"))?;
    text.parse()
        .map_err(|e| CodecError::invalid(0, format!("not a decimal i64: {e}")))
}

/// `itoa` into the reused buffer; `str::parse` back.
#[derive(Debug, Default, Clone, Copy)]
pub struct DecimalItoa;

impl Codec<i64> for DecimalItoa {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        out.extend_from_slice(itoa::Buffer::new().format(*value).as_bytes());
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        parse(bytes)
    }
}

/// `to_string()` per call and an owned `String` per parse, like Go's conversions.
#[derive(Debug, Default, Clone, Copy)]
pub struct DecimalAlloc;

impl Codec<i64> for DecimalAlloc {
    fn encode(&self, value: &i64, out: &mut Vec<u8>) -> Result<(), CodecError> {
        *out = value.to_string().into_bytes();
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<i64, CodecError> {
        let owned = String::from_utf8(bytes.to_vec())
            .map_err(|e| CodecError::invalid(e.utf8_error().valid_up_to(), "not UTF-8"))?;
        parse(owned.as_bytes())
    }
}
