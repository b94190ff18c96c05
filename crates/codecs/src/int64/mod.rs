//! One int64 per operation, the seed-003 experiment: the same value through
//! a reflective/generic path, direct byte order, decimal text, a
//! self-describing encoder built per call, and a varint.

pub mod decimal;
pub mod le_bytes;
#[cfg(feature = "self-describing")]
pub mod self_describing;
pub mod serde_dyn;
pub mod swar;
pub mod varint;

use crate::CodecError;

/// Reads exactly eight bytes at the start of `bytes`.
pub(crate) fn eight_bytes(bytes: &[u8]) -> Result<[u8; 8], CodecError> {
    let head = bytes.get(..8).ok_or(CodecError::Truncated {
        offset: 0,
        needed: 8,
    })?;
    CodecError::check_consumed(8, bytes.len())?;
    let mut out = [0u8; 8];
    out.copy_from_slice(head);
    Ok(out)
}

#[cfg(test)]
mod tests;
