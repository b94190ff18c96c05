//! Brotli via the brotli crate (pure Rust port of Google's library).

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// Brotli at a quality from 0 to 11 (window 22 bits, the library default).
#[derive(Debug, Clone, Copy)]
pub struct Brotli(pub u32);

impl Compressor for Brotli {
    fn id(&self) -> String {
        format!("brotli-{}", self.0)
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        let mut enc = brotli::CompressorWriter::new(out, 64 * 1024, self.0, 22);
        std::io::copy(input, &mut enc).map_err(lib_error("brotli"))?;
        enc.flush().map_err(lib_error("brotli"))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        Box::new(brotli::Decompressor::new(input, 64 * 1024))
    }

    fn command(&self) -> &'static [&'static str] {
        &["brotli", "-dc"]
    }
}
