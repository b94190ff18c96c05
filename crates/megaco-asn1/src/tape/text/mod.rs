//! Megaco text (RFC 3525 Annex B, pretty and compact) straight into and out
//! of the same [`Tape`] the BER and PER codecs fill: the text side built
//! with the same care as the binary ones, so that seed 004's question is
//! asked at equal effort.
//!
//! The tape holds the ASN.1 values, so the text is mapped as Erlang/OTP's
//! megaco maps it before its binary encoders: package items through the
//! binary name tables (`tdmc/gain` ↔ `000D000A`), termination ids through
//! the `[8, 8, 8]` level configuration (`11111111/00000000/$` ↔ id `FF0000`,
//! wildcard `57`). A name those tables lack has no binary form and is
//! refused with its position, as Erlang's binary encoders refuse it.

mod decode;
mod encode;
mod names;
mod termid;

use super::{check_size, fresh, Tape};
use encbench_codecs::{Codec, CodecError};

/// Megaco compact text (short tokens), into a tape.
#[derive(Debug, Default, Clone, Copy)]
pub struct TapeCompact;

/// Megaco pretty text (long tokens, indented), into a tape.
#[derive(Debug, Default, Clone, Copy)]
pub struct TapePretty;

/// Decodes pretty or compact text (either spelling of every token is
/// accepted, as RFC 3525 requires) into `tape`, reusing its buffers.
fn decode_into(bytes: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
    check_size(bytes)?;
    decode::decode(bytes, tape)
}

impl TapeCompact {
    /// Decodes into `tape`, reusing its buffers.
    pub fn decode_into(&self, bytes: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
        decode_into(bytes, tape)
    }
}

impl TapePretty {
    /// Decodes into `tape`, reusing its buffers.
    pub fn decode_into(&self, bytes: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
        decode_into(bytes, tape)
    }
}

impl Codec<Tape> for TapeCompact {
    fn encode(&self, value: &Tape, out: &mut Vec<u8>) -> Result<(), CodecError> {
        encode::encode(value, encode::Style::Compact, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Tape, CodecError> {
        fresh(|tape| decode_into(bytes, tape))
    }
}

impl Codec<Tape> for TapePretty {
    fn encode(&self, value: &Tape, out: &mut Vec<u8>) -> Result<(), CodecError> {
        encode::encode(value, encode::Style::Pretty, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Tape, CodecError> {
        fresh(|tape| decode_into(bytes, tape))
    }
}
