//! The seed's hand-rolled digit loop, with its checks added.

use super::with_bytes;
use crate::intfile::{Format, IntSumReader, Source};
use crate::CodecError;

/// Whole-file read, the seed's hand-rolled digit loop (with its checks added).
#[derive(Debug, Default)]
pub struct HandRolled;

/// Sums newline-separated non-negative decimals; any other byte is an error.
pub fn hand_rolled_sum(text: &[u8]) -> Result<i64, CodecError> {
    let mut sum = 0i64;
    let mut value = 0i64;
    let mut digits = 0u32;
    for (i, &c) in text.iter().enumerate() {
        if c.is_ascii_digit() {
            value = value * 10 + i64::from(c - b'0');
            digits += 1;
            if digits > 10 {
                return Err(CodecError::invalid(i, "more than 10 digits: not an i32"));
            }
        } else if c == b'\n' && digits > 0 {
            if value > i64::from(i32::MAX) {
                return Err(CodecError::invalid(
                    i,
                    format!("{value} does not fit an i32"),
                ));
            }
            sum += value;
            value = 0;
            digits = 0;
        } else {
            return Err(CodecError::invalid(
                i,
                format!("expected a digit or newline, found byte 0x{c:02x}"),
            ));
        }
    }
    if digits > 0 {
        return Err(CodecError::Truncated {
            offset: text.len(),
            needed: 1,
        });
    }
    Ok(sum)
}

impl IntSumReader for HandRolled {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        with_bytes(source, |b| hand_rolled_sum(b.as_slice()))
    }
}
