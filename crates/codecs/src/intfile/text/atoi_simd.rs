//! The `atoi_simd` crate on each line.

use super::with_bytes;
use crate::intfile::{Format, IntSumReader, Source};
use crate::CodecError;

/// Whole-file read, `atoi_simd` on each line.
#[derive(Debug, Default)]
pub struct AtoiSimd;

fn simd_sum(text: &[u8]) -> Result<i64, CodecError> {
    let mut pos = 0;
    let mut sum = 0i64;
    while pos < text.len() {
        let (value, len) = atoi_simd::parse_prefix_pos::<i32, false>(&text[pos..])
            .map_err(|e| CodecError::invalid(pos, format!("not an integer: {e}")))?;
        pos += len;
        match text.get(pos) {
            Some(b'\n') => pos += 1,
            Some(c) => {
                return Err(CodecError::invalid(
                    pos,
                    format!("expected a newline, found byte 0x{c:02x}"),
                ))
            }
            None => {
                return Err(CodecError::Truncated {
                    offset: pos,
                    needed: 1,
                })
            }
        }
        sum += i64::from(value);
    }
    Ok(sum)
}

impl IntSumReader for AtoiSimd {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        with_bytes(source, |b| simd_sum(b.as_slice()))
    }
}
