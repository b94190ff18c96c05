//! Zstandard via the zstd crate (the reference C library).

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// zstd at a level from 1 to 22.
#[derive(Debug, Clone, Copy)]
pub struct Zstd(pub i32);

impl Compressor for Zstd {
    fn id(&self) -> String {
        format!("zstd-{}", self.0)
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        zstd::stream::copy_encode(input, out, self.0).map_err(lib_error("zstd"))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        match zstd::stream::read::Decoder::new(input) {
            Ok(d) => Box::new(d),
            Err(e) => Box::new(FailingReader(Some(e))),
        }
    }

    fn command(&self) -> &'static [&'static str] {
        &["zstd", "-dc"]
    }
}

/// A reader that reports a construction error on first read.
struct FailingReader(Option<std::io::Error>);

impl Read for FailingReader {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(self
            .0
            .take()
            .unwrap_or_else(|| std::io::Error::other("decoder unavailable")))
    }
}
