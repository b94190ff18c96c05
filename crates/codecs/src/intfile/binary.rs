//! Readers of the native little-endian `i32` file: one `read(2)` per value
//! (the seed's 12 s case), stdio `fread` per value, 40 KB chunks (the seed's
//! 25 ms case), one whole-file read, and `mmap`.

use super::cfile::CFile;
use super::{Format, IntSumReader, Source, SourceKind};
use crate::CodecError;
use std::io::{ErrorKind, Read};

/// Sums little-endian `i32`s; the length must be a multiple of four.
pub fn sum_le_i32(bytes: &[u8]) -> Result<i64, CodecError> {
    let whole = bytes.len() / 4 * 4;
    if whole != bytes.len() {
        return Err(CodecError::Truncated {
            offset: whole,
            needed: 4,
        });
    }
    Ok(bytes
        .chunks_exact(4)
        .map(|c| i64::from(i32::from_le_bytes([c[0], c[1], c[2], c[3]])))
        .sum())
}

fn read_error(offset: usize, e: std::io::Error) -> CodecError {
    CodecError::invalid(offset, format!("read failed: {e}"))
}

fn open(path: &std::path::Path) -> Result<std::fs::File, CodecError> {
    std::fs::File::open(path).map_err(|e| CodecError::io(path, e))
}

/// One `read` call per value: a syscall each from a file, a 4-byte copy from memory.
#[derive(Debug, Default)]
pub struct ReadPerInt;

fn per_int(mut reader: impl Read) -> Result<i64, CodecError> {
    let mut sum = 0i64;
    let mut offset = 0usize;
    loop {
        let mut value = [0u8; 4];
        match reader.read(&mut value) {
            Ok(0) => return Ok(sum),
            Ok(4) => {}
            // A short read mid-value: finish it, or report where the file ends.
            Ok(n) => reader
                .read_exact(&mut value[n..])
                .map_err(|e| match e.kind() {
                    ErrorKind::UnexpectedEof => CodecError::Truncated { offset, needed: 4 },
                    _ => read_error(offset, e),
                })?,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(read_error(offset, e)),
        }
        sum += i64::from(i32::from_le_bytes(value));
        offset += 4;
    }
}

impl IntSumReader for ReadPerInt {
    fn format(&self) -> Format {
        Format::BinaryLe
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        match source {
            Source::File(path) => per_int(open(path)?),
            Source::Memory(bytes) => per_int(bytes.as_slice()),
        }
    }
}

/// stdio `fread` of one value at a time (buffered by libc).
#[derive(Debug, Default)]
pub struct FreadPerInt;

impl IntSumReader for FreadPerInt {
    fn format(&self) -> Format {
        Format::BinaryLe
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        let file = CFile::open(source)?;
        let mut sum = 0i64;
        let mut value = [0u8; 4];
        loop {
            // SAFETY: `value` has room for the 4 bytes requested; the FILE is open.
            let got = unsafe { libc::fread(value.as_mut_ptr().cast(), 1, 4, file.as_ptr()) };
            match got {
                4 => sum += i64::from(i32::from_le_bytes(value)),
                0 if file.at_eof() => return Ok(sum),
                0 => return Err(CodecError::invalid(file.offset(), "fread failed")),
                _ => {
                    return Err(CodecError::Truncated {
                        offset: file.offset() - got,
                        needed: 4,
                    })
                }
            }
        }
    }
}

/// `read` into a 40,000-byte buffer (10,000 ints), summing each chunk.
#[derive(Debug, Default)]
pub struct ReadChunked;

/// The seed's `int k[10000]`.
pub const CHUNK_BYTES: usize = 40_000;

fn chunked(mut reader: impl Read) -> Result<i64, CodecError> {
    let mut buf = vec![0u8; CHUNK_BYTES];
    let mut filled = 0;
    let mut offset = 0;
    let mut sum = 0i64;
    loop {
        let n = match reader.read(&mut buf[filled..]) {
            Ok(n) => n,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(read_error(offset + filled, e)),
        };
        if n == 0 {
            break;
        }
        filled += n;
        let whole = filled / 4 * 4;
        sum += sum_le_i32(&buf[..whole])?;
        // Keep a value split across two reads for the next round.
        buf.copy_within(whole..filled, 0);
        offset += whole;
        filled -= whole;
    }
    if filled != 0 {
        return Err(CodecError::Truncated { offset, needed: 4 });
    }
    Ok(sum)
}

impl IntSumReader for ReadChunked {
    fn format(&self) -> Format {
        Format::BinaryLe
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        match source {
            Source::File(path) => chunked(open(path)?),
            Source::Memory(bytes) => chunked(bytes.as_slice()),
        }
    }
}

/// One `std::fs::read` of the whole file (from memory: the sum alone).
#[derive(Debug, Default)]
pub struct ReadWhole;

impl IntSumReader for ReadWhole {
    fn format(&self) -> Format {
        Format::BinaryLe
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        match source {
            Source::File(path) => {
                sum_le_i32(&std::fs::read(path).map_err(|e| CodecError::io(path, e))?)
            }
            Source::Memory(bytes) => sum_le_i32(bytes.as_slice()),
        }
    }
}

/// `mmap` the file and sum the mapping (files only).
#[derive(Debug, Default)]
pub struct Mmap;

impl IntSumReader for Mmap {
    fn format(&self) -> Format {
        Format::BinaryLe
    }

    fn supports(&self, kind: SourceKind) -> bool {
        kind == SourceKind::File
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        let Source::File(path) = source else {
            return Err(CodecError::library(
                "mmap",
                "needs a file, not bytes in memory",
            ));
        };
        let file = open(path)?;
        if file.metadata().map_err(|e| CodecError::io(path, e))?.len() == 0 {
            return Ok(0); // mapping zero bytes is an error on Linux; an empty file sums to 0.
        }
        // SAFETY: encbench's own temporary file, not modified while mapped.
        let map = unsafe { memmap2::Mmap::map(&file) }.map_err(|e| CodecError::io(path, e))?;
        sum_le_i32(&map)
    }
}
