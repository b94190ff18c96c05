//! General-purpose compressors, one file each, behind one trait: compress a
//! buffer, or wrap a reader so decompression streams (how a log is read).

mod brotli;
mod bzip2;
mod gzip;
mod lz4;
mod snappy;
mod xz;
mod zstd;

pub use self::brotli::Brotli;
pub use self::bzip2::Bzip2;
pub use self::gzip::Gzip;
pub use self::lz4::Lz4;
pub use self::snappy::Snappy;
pub use self::xz::Xz;
pub use self::zstd::Zstd;

use crate::CodecError;
use std::io::{Read, Write};

/// Every compressor at the levels encbench measures, fastest family first.
pub fn every_level() -> Vec<Box<dyn Compressor>> {
    vec![
        Box::new(Gzip(6)),
        Box::new(Zstd(1)),
        Box::new(Zstd(3)),
        Box::new(Zstd(9)),
        Box::new(Zstd(19)),
        Box::new(Lz4),
        Box::new(Xz(6)),
        Box::new(Bzip2(9)),
        Box::new(Snappy),
        Box::new(Brotli(9)),
    ]
}

/// Whether a user's name selects compressor `id`: the id itself (`zstd-19`)
/// or its family (`zstd` selects every zstd level).
pub fn name_selects(name: &str, id: &str) -> bool {
    id == name
        || id
            .strip_prefix(name)
            .is_some_and(|rest| rest.starts_with('-'))
}

/// The compressors `names` select, or, when none are named, every level
/// (`quick` false) or the quick pair lz4 and zstd-3.
pub fn select(names: &[String], quick: bool) -> Vec<Box<dyn Compressor>> {
    every_level()
        .into_iter()
        .filter(|c| {
            let id = c.id();
            match names.is_empty() {
                true => !quick || id == "lz4" || id == "zstd-3",
                false => names.iter().any(|n| name_selects(n, &id)),
            }
        })
        .collect()
}

/// A compressor at a fixed level.
pub trait Compressor: Send + Sync {
    /// Id used in records' `compression` field, level included (`zstd-3`).
    fn id(&self) -> String;

    /// Compresses everything `input` yields into `out`, streaming (a 900 MB
    /// log never has to sit in memory).
    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError>;

    /// Compresses all of `input`, appending to `out`.
    fn compress(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), CodecError> {
        self.compress_stream(&mut &input[..], out)
    }

    /// Wraps `input` so reading it yields the decompressed bytes.
    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a>;

    /// The command (and arguments) that decompresses a file of this format to
    /// stdout, as a shell user would type it.
    fn command(&self) -> &'static [&'static str];

    /// Decompresses all of `input`, appending to `out`.
    fn decompress(&self, input: &[u8], out: &mut Vec<u8>) -> Result<(), CodecError> {
        self.decoder(Box::new(input))
            .read_to_end(out)
            .map(|_| ())
            .map_err(|e| CodecError::library("decompress", e))
    }
}

/// Maps a compressor library's error.
fn lib_error(library: &'static str) -> impl Fn(std::io::Error) -> CodecError {
    move |e| CodecError::library(library, e)
}

#[cfg(test)]
mod tests;
