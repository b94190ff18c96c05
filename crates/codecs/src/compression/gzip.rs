//! gzip (DEFLATE) via flate2.

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// gzip at a level from 1 to 9.
#[derive(Debug, Clone, Copy)]
pub struct Gzip(pub u32);

impl Compressor for Gzip {
    fn id(&self) -> String {
        format!("gzip-{}", self.0)
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        let mut enc = flate2::write::GzEncoder::new(out, flate2::Compression::new(self.0));
        std::io::copy(input, &mut enc).map_err(lib_error("flate2"))?;
        enc.finish().map(|_| ()).map_err(lib_error("flate2"))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        // Multi-member, like zcat: concatenated gzip files read as one.
        Box::new(flate2::read::MultiGzDecoder::new(input))
    }

    fn command(&self) -> &'static [&'static str] {
        &["zcat"]
    }
}
