//! Compressors and ways of reading a file: not encodings of values.

use crate::{CodecInfo, Family, Input, Ops};

/// Compressors (levels are chosen by the scenario and appear in `compression`).
pub const COMPRESSORS: &[CodecInfo] = &[
    CodecInfo::new(
        "compress/gzip",
        Family::Compression,
        Input::Encoded,
        "DEFLATE in gzip framing (flate2); command zcat",
    ),
    CodecInfo::new(
        "compress/zstd",
        Family::Compression,
        Input::Encoded,
        "Zstandard (reference C library); command zstd -dc",
    ),
    CodecInfo::new(
        "compress/lz4",
        Family::Compression,
        Input::Encoded,
        "LZ4 frames (lz4_flex); command lz4 -dc",
    ),
    CodecInfo::new(
        "compress/xz",
        Family::Compression,
        Input::Encoded,
        "LZMA2 in xz framing (liblzma); command xzcat",
    ),
    CodecInfo::new(
        "compress/bzip2",
        Family::Compression,
        Input::Encoded,
        "Burrows-Wheeler (bzip2); command bzcat",
    ),
    CodecInfo::new(
        "compress/snappy",
        Family::Compression,
        Input::Encoded,
        "Snappy frames (snap)",
    ),
    CodecInfo::new(
        "compress/brotli",
        Family::Compression,
        Input::Encoded,
        "Brotli (brotli crate), 22-bit window",
    ),
];

/// Ways of reading a file, measured by the I/O scenarios (`logs`, `read-sizes`).
pub const IO_STRATEGIES: &[CodecInfo] = &[
    io(
        "lines/count",
        "in-process: read (1 MiB), decompress if needed, count newlines",
    ),
    io(
        "lines/shell",
        "the seed's pipeline: cat/zcat/… < file | wc -l, two processes, no shell",
    ),
    io("read/syscall-90b", "read(2) of one 90-byte line at a time"),
    io("read/chunk-4k", "read(2) in 4 KiB chunks"),
    io("read/chunk-16k", "read(2) in 16 KiB chunks"),
    io("read/chunk-64k", "read(2) in 64 KiB chunks"),
    io("read/chunk-256k", "read(2) in 256 KiB chunks"),
    io("read/chunk-1m", "read(2) in 1 MiB chunks"),
    io("read/chunk-4m", "read(2) in 4 MiB chunks"),
    io("read/chunk-16m", "read(2) in 16 MiB chunks"),
    io(
        "read/bufread-lines",
        "BufReader (8 KiB) read_until per line",
    ),
    io("read/whole", "std::fs::read of the whole file"),
    io("read/mmap", "mmap the file, count over the mapping"),
];

const fn io(id: &'static str, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, Family::Io, Input::File, summary).ops(Ops::DECODE)
}
