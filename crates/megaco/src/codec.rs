//! [`Codec`] implementations over [`MegacoMessage`]: pretty text, compact
//! text (both through this crate's parser) and CBOR of the same model.

use crate::model::{nested, MegacoMessage};
use encbench_codecs::{Codec, CodecError};

/// `megaco/pretty`: long tokens, indented.
#[derive(Debug, Default, Clone, Copy)]
pub struct Pretty;

/// `megaco/compact`: short tokens, no white space.
#[derive(Debug, Default, Clone, Copy)]
pub struct Compact;

/// `megaco/cbor`: the model through serde and ciborium, for contrast
/// (self-describing: every struct is a map keyed by its field names).
#[derive(Debug, Default, Clone, Copy)]
pub struct Cbor;

/// `megaco/postcard`: the model through serde and postcard, a schema-driven
/// binary (no field names, varint integers), for contrast.
#[derive(Debug, Default, Clone, Copy)]
pub struct Postcard;

/// Codec ids, in table order; each is described by its entry in
/// `encbench_codecs::registry::MEGACO_CODECS`.
pub const IDS: [&str; 4] = [
    "megaco/pretty",
    "megaco/compact",
    "megaco/cbor",
    "megaco/postcard",
];

fn text_error(e: crate::ParseError) -> CodecError {
    CodecError::invalid(
        e.offset,
        format!("line {}, column {}: {}", e.line, e.column, e.message),
    )
}

impl Codec<MegacoMessage> for Pretty {
    fn encode(&self, value: &MegacoMessage, out: &mut Vec<u8>) -> Result<(), CodecError> {
        crate::encode_pretty(value, out);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<MegacoMessage, CodecError> {
        crate::parse(bytes).map_err(text_error)
    }
}

impl Codec<MegacoMessage> for Compact {
    fn encode(&self, value: &MegacoMessage, out: &mut Vec<u8>) -> Result<(), CodecError> {
        crate::encode_compact(value, out);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<MegacoMessage, CodecError> {
        crate::parse(bytes).map_err(text_error)
    }
}

impl Codec<MegacoMessage> for Cbor {
    fn encode(&self, value: &MegacoMessage, out: &mut Vec<u8>) -> Result<(), CodecError> {
        ciborium::into_writer(value, out).map_err(|e| CodecError::library("ciborium", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<MegacoMessage, CodecError> {
        let mut cursor = std::io::Cursor::new(bytes);
        let m = nested::decode("ciborium", || ciborium::from_reader(&mut cursor))?;
        CodecError::check_consumed(cursor.position() as usize, bytes.len())?;
        Ok(m)
    }
}

impl Codec<MegacoMessage> for Postcard {
    fn encode(&self, value: &MegacoMessage, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let bytes = postcard::to_extend(value, std::mem::take(out))
            .map_err(|e| CodecError::library("postcard", e))?;
        *out = bytes;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<MegacoMessage, CodecError> {
        let (m, rest) = nested::decode("postcard", || postcard::take_from_bytes(bytes))?;
        CodecError::check_consumed(bytes.len() - rest.len(), bytes.len())?;
        Ok(m)
    }
}

/// Every codec of this crate, boxed, with its id.
pub fn all() -> Vec<(&'static str, Box<dyn Codec<MegacoMessage>>)> {
    vec![
        (IDS[0], Box::new(Pretty)),
        (IDS[1], Box::new(Compact)),
        (IDS[2], Box::new(Cbor)),
        (IDS[3], Box::new(Postcard)),
    ]
}
