//! Megaco text → tape. STUB: being written.
#![allow(dead_code, unused_variables)]

use super::super::Tape;
use encbench_codecs::CodecError;

pub(super) fn decode(bytes: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
    Err(CodecError::invalid(0, "the text tape decoder is not written yet"))
}
