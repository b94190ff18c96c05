//! Seed 000's experiment: a file of integers, decimal text (one per line) or
//! native little-endian `i32`, read back into a checked sum by many
//! strategies — per-value syscalls, stdio, chunked reads, mmap, and parsers
//! from `fscanf` to SIMD — from a real file or from bytes already in memory.

pub mod binary;
mod cfile;
pub mod simd;
pub mod text;

use crate::CodecError;
use std::path::Path;

/// Where a reader gets its bytes.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    /// A file on disk (in the page cache when warm).
    File(&'a Path),
    /// Bytes already in memory.
    Memory(&'a CBytes),
}

/// Which of [`Source`]'s kinds a reader supports.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// [`Source::File`].
    File,
    /// [`Source::Memory`].
    Memory,
}

/// The two file formats of the experiment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// Decimal, one value per line, `\n` after each.
    TextLines,
    /// Native little-endian `i32`, back to back.
    BinaryLe,
}

/// Reads a whole integer file and returns the sum of its values.
pub trait IntSumReader: Send + Sync {
    /// The format it reads.
    fn format(&self) -> Format;
    /// Whether it can read from `kind` (mmap has no in-memory twin, for one).
    fn supports(&self, kind: SourceKind) -> bool {
        let _ = kind;
        true
    }
    /// Why this machine cannot run it (a SIMD parser for an instruction set
    /// the CPU lacks), or `None` when it can.
    fn unavailable(&self) -> Option<String> {
        None
    }
    /// Reads every value and sums them.
    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError>;
}

/// Bytes followed by a NUL that is not part of them, so C string functions
/// (`strtol`, `atoi`) can run over the buffer without reading past it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CBytes {
    with_nul: Vec<u8>,
}

impl CBytes {
    /// Takes `bytes` and appends the terminator.
    pub fn new(mut bytes: Vec<u8>) -> Self {
        bytes.push(0);
        CBytes { with_nul: bytes }
    }

    /// The content, without the terminator.
    pub fn as_slice(&self) -> &[u8] {
        &self.with_nul[..self.with_nul.len() - 1]
    }

    /// Length of the content.
    pub fn len(&self) -> usize {
        self.with_nul.len() - 1
    }

    /// True when there is no content.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Pointer to a NUL-terminated copy of the content.
    pub fn as_c_ptr(&self) -> *const libc::c_char {
        self.with_nul.as_ptr().cast()
    }
}

/// Encodes `values` in `format`.
pub fn encode(values: &[i32], format: Format) -> Vec<u8> {
    match format {
        Format::TextLines => {
            let mut out = Vec::with_capacity(values.len() * 8);
            let mut buf = itoa::Buffer::new();
            for v in values {
                out.extend_from_slice(buf.format(*v).as_bytes());
                out.push(b'\n');
            }
            out
        }
        Format::BinaryLe => values.iter().flat_map(|v| v.to_le_bytes()).collect(),
    }
}

/// The text file into `out` (cleared first) with `itoa`: the write side's
/// text baseline, reusing `out`'s allocation.
pub fn write_text_itoa(values: &[i32], out: &mut Vec<u8>) {
    out.clear();
    let mut buf = itoa::Buffer::new();
    for v in values {
        out.extend_from_slice(buf.format(*v).as_bytes());
        out.push(b'\n');
    }
}

/// The binary file into `out` (cleared first), one 4-byte store per value
/// into its spare capacity (no zeroing pass): the write side's binary row.
pub fn write_binary(values: &[i32], out: &mut Vec<u8>) {
    out.clear();
    out.reserve(values.len() * 4);
    let spare = &mut out.spare_capacity_mut()[..values.len() * 4];
    for (slot, v) in spare.chunks_exact_mut(4).zip(values) {
        slot.copy_from_slice(&v.to_le_bytes().map(std::mem::MaybeUninit::new));
    }
    // SAFETY: the loop wrote all values.len() * 4 bytes of the spare capacity.
    unsafe { out.set_len(values.len() * 4) };
}

/// Reads a whole file into NUL-terminated memory.
pub(crate) fn read_c_bytes(path: &Path) -> Result<CBytes, CodecError> {
    std::fs::read(path)
        .map(CBytes::new)
        .map_err(|e| CodecError::io(path, e))
}

#[cfg(test)]
mod tests;
