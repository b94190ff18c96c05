//! C's `atoi` at each line start: the seed's unchecked loop.

use super::with_bytes;
use crate::intfile::{CBytes, Format, IntSumReader, Source};
use crate::CodecError;

/// Whole-file read, C's `atoi` at each line start (the seed's 1100 ms loop; unchecked).
#[derive(Debug, Default)]
pub struct Atoi;

fn atoi_sum(bytes: &CBytes) -> Result<i64, CodecError> {
    let text = bytes.as_slice();
    let mut pos = 0;
    let mut sum = 0i64;
    while pos < text.len() {
        // SAFETY: pos < len, so the pointer is inside the NUL-terminated buffer.
        sum += i64::from(unsafe { libc::atoi(bytes.as_c_ptr().add(pos)) });
        match text[pos..].iter().position(|&b| b == b'\n') {
            Some(i) => pos += i + 1,
            None => break,
        }
    }
    Ok(sum)
}

impl IntSumReader for Atoi {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        with_bytes(source, atoi_sum)
    }
}
