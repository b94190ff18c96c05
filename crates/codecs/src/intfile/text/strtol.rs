//! C's `strtol` over the whole file.

use super::with_bytes;
use crate::intfile::{CBytes, Format, IntSumReader, Source};
use crate::CodecError;

/// Whole-file read, then C's `strtol` from each number to the next.
#[derive(Debug, Default)]
pub struct Strtol;

fn strtol_sum(bytes: &CBytes) -> Result<i64, CodecError> {
    let start = bytes.as_c_ptr();
    let mut cursor = start.cast_mut();
    let mut sum = 0i64;
    loop {
        let mut end = cursor;
        // SAFETY: `cursor` points into a NUL-terminated buffer; strtol stops at the NUL at the latest.
        let value = unsafe { libc::strtol(cursor, &mut end, 10) };
        if end == cursor {
            break;
        }
        sum += value as i64;
        cursor = end;
    }
    // SAFETY: both pointers are into the same buffer, cursor >= start.
    let consumed = unsafe { cursor.offset_from(start) } as usize;
    match bytes.as_slice()[consumed..]
        .iter()
        .position(|b| !b.is_ascii_whitespace())
    {
        None => Ok(sum),
        Some(i) => Err(CodecError::invalid(consumed + i, "strtol found no integer")),
    }
}

impl IntSumReader for Strtol {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        with_bytes(source, strtol_sum)
    }
}
