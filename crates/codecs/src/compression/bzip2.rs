//! bzip2 via the bzip2 crate.

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// bzip2 at a block size from 1 to 9 (× 100 KB).
#[derive(Debug, Clone, Copy)]
pub struct Bzip2(pub u32);

impl Compressor for Bzip2 {
    fn id(&self) -> String {
        format!("bzip2-{}", self.0)
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        let mut enc = bzip2::write::BzEncoder::new(out, bzip2::Compression::new(self.0));
        std::io::copy(input, &mut enc).map_err(lib_error("bzip2"))?;
        enc.finish().map(|_| ()).map_err(lib_error("bzip2"))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        Box::new(bzip2::read::MultiBzDecoder::new(input))
    }

    fn command(&self) -> &'static [&'static str] {
        &["bzcat"]
    }
}
