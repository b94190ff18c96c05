//! Tape → Megaco text. STUB: to be written.
#![allow(dead_code, unused_variables)]

use super::super::Tape;
use encbench_codecs::CodecError;

/// Which spelling of the tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Compact,
    Pretty,
}

pub(super) fn encode(tape: &Tape, style: Style, out: &mut Vec<u8>) -> Result<(), CodecError> {
    Err(CodecError::invalid(0, "the text tape encoder is not written yet"))
}
