//! Readers of the decimal text file, from the seed's `fscanf("%i")` to a
//! SIMD parser. Each sums the values and rejects malformed input with the
//! byte offset where parsing stopped (except `atoi`, which, like the seed's
//! loop, has no way to report an error: verification catches a wrong sum).

use super::cfile::CFile;
use super::{read_c_bytes, CBytes, Format, IntSumReader, Source};
use crate::CodecError;
use std::io::{BufRead, BufReader};

/// Loads the whole source as NUL-terminated bytes, borrowing when already in memory.
fn with_bytes<T>(
    source: Source<'_>,
    parse: impl FnOnce(&CBytes) -> Result<T, CodecError>,
) -> Result<T, CodecError> {
    match source {
        Source::File(path) => parse(&read_c_bytes(path)?),
        Source::Memory(bytes) => parse(bytes),
    }
}

/// `fscanf(f, "%i", &j)` per value, on a `FILE*` (fopen, or fmemopen for memory).
#[derive(Debug, Default)]
pub struct Fscanf;

impl IntSumReader for Fscanf {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        let file = CFile::open(source)?;
        let mut sum = 0i64;
        let mut value: libc::c_int = 0;
        loop {
            // SAFETY: valid FILE, format with one %i matching one c_int out-pointer.
            let matched = unsafe {
                libc::fscanf(
                    file.as_ptr(),
                    c"%i".as_ptr(),
                    &mut value as *mut libc::c_int,
                )
            };
            match matched {
                1 => sum += i64::from(value),
                libc::EOF if file.at_eof() => return Ok(sum),
                _ => {
                    return Err(CodecError::invalid(
                        file.offset(),
                        "fscanf(\"%i\") found no integer",
                    ))
                }
            }
        }
    }
}

/// `BufReader::read_line` + `str::parse::<i32>` per line.
#[derive(Debug, Default)]
pub struct BufReadParse;

fn sum_lines(mut reader: impl BufRead) -> Result<i64, CodecError> {
    let mut line = String::new();
    let mut offset = 0usize;
    let mut sum = 0i64;
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .map_err(|e| CodecError::invalid(offset, format!("unreadable line: {e}")))?;
        if n == 0 {
            return Ok(sum);
        }
        let digits = line.strip_suffix('\n').unwrap_or(&line);
        let value: i32 = digits
            .parse()
            .map_err(|e| CodecError::invalid(offset, format!("{digits:?} is not an i32: {e}")))?;
        sum += i64::from(value);
        offset += n;
    }
}

impl IntSumReader for BufReadParse {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        match source {
            Source::File(path) => {
                let file = std::fs::File::open(path).map_err(|e| CodecError::io(path, e))?;
                sum_lines(BufReader::with_capacity(64 * 1024, file))
            }
            Source::Memory(bytes) => sum_lines(bytes.as_slice()),
        }
    }
}

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

/// Whole-file read, `atoi_simd` on each line.
#[cfg(feature = "fast-int")]
#[derive(Debug, Default)]
pub struct AtoiSimd;

#[cfg(feature = "fast-int")]
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

#[cfg(feature = "fast-int")]
impl IntSumReader for AtoiSimd {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        with_bytes(source, |b| simd_sum(b.as_slice()))
    }
}
