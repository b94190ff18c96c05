//! The BER and aligned-PER codecs over [`VersionedMessage`], through rasn.
//!
//! Decoding peeks the `version` field to choose the module, decodes the
//! whole value with rasn, and refuses trailing bytes. rasn's errors carry
//! no position; where one can be found without the schema (a BER length
//! that runs past its parent, input that ends early) the error names its
//! byte offset.

use crate::{peek, v1, v2, v3, VersionedMessage};
use encbench_codecs::{Codec, CodecError};
use nom::Needed;
use rasn::error::{DecodeError, DecodeErrorKind};

/// ASN.1 BER, as megaco's `megaco_ber_encoder` writes it (definite lengths).
#[derive(Debug, Default, Clone, Copy)]
pub struct Ber;

/// ASN.1 aligned PER, as megaco's `megaco_per_encoder` writes it.
#[derive(Debug, Default, Clone, Copy)]
pub struct Per;

macro_rules! rules_codec {
    ($codec:ident, $rules:ident, $peek:path, $name:literal) => {
        impl Codec<VersionedMessage> for $codec {
            fn encode(
                &self,
                value: &VersionedMessage,
                out: &mut Vec<u8>,
            ) -> Result<(), CodecError> {
                // rasn's encode_buf clears the buffer it is given; the
                // caller clears it too, but a non-empty one keeps its bytes.
                if !out.is_empty() {
                    let mut fresh = Vec::new();
                    self.encode(value, &mut fresh)?;
                    out.extend_from_slice(&fresh);
                    return Ok(());
                }
                let encoded = match value {
                    VersionedMessage::V1(m) => rasn::$rules::encode_buf(&**m, out),
                    VersionedMessage::V2(m) => rasn::$rules::encode_buf(&**m, out),
                    VersionedMessage::V3(m) => rasn::$rules::encode_buf(&**m, out),
                };
                encoded.map_err(|e| CodecError::library("rasn", e))
            }

            fn decode(&self, bytes: &[u8]) -> Result<VersionedMessage, CodecError> {
                let version = $peek(bytes)?;
                let decoded = match version {
                    1 => rasn::$rules::decode_with_remainder::<v1::MegacoMessage>(bytes)
                        .map(|(m, rest)| (VersionedMessage::V1(Box::new(m)), rest.len())),
                    2 => rasn::$rules::decode_with_remainder::<v2::MegacoMessage>(bytes)
                        .map(|(m, rest)| (VersionedMessage::V2(Box::new(m)), rest.len())),
                    _ => rasn::$rules::decode_with_remainder::<v3::MegacoMessage>(bytes)
                        .map(|(m, rest)| (VersionedMessage::V3(Box::new(m)), rest.len())),
                };
                let (message, rest) = decoded.map_err(|e| locate(bytes, version, $name, &e))?;
                CodecError::check_consumed(bytes.len() - rest, bytes.len())?;
                Ok(message)
            }
        }
    };
}

rules_codec!(Ber, ber, peek::ber_version, "BER");
rules_codec!(Per, aper, peek::per_version, "PER");

/// Turns a rasn error into one with a byte offset where one can be found.
fn locate(bytes: &[u8], version: u8, rules: &str, error: &DecodeError) -> CodecError {
    if rules == "BER" {
        if let Some((offset, reason)) = crate::tlv::first_fault(bytes) {
            return CodecError::invalid(offset, reason);
        }
    }
    // rasn wraps the failing field's error once per enclosing field.
    let mut inner = error;
    while let DecodeErrorKind::FieldError { nested, .. } = &*inner.kind {
        inner = nested;
    }
    if let DecodeErrorKind::Incomplete { needed } = &*inner.kind {
        let needed = match needed {
            // PER counts bits, BER octets.
            Needed::Size(n) if rules == "PER" => n.get().div_ceil(8),
            Needed::Size(n) => n.get(),
            Needed::Unknown => 1,
        };
        return CodecError::Truncated {
            offset: bytes.len(),
            needed,
        };
    }
    CodecError::Library {
        library: "rasn",
        message: format!(
            "not a v{version} {rules} MegacoMessage ({} bytes): {}",
            bytes.len(),
            error.kind
        ),
    }
}
