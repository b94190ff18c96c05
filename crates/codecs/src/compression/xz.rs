//! xz (LZMA2) via liblzma.

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// xz at a preset from 0 to 9.
#[derive(Debug, Clone, Copy)]
pub struct Xz(pub u32);

impl Compressor for Xz {
    fn id(&self) -> String {
        format!("xz-{}", self.0)
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        let mut enc = liblzma::write::XzEncoder::new(out, self.0);
        std::io::copy(input, &mut enc).map_err(lib_error("liblzma"))?;
        enc.finish().map(|_| ()).map_err(lib_error("liblzma"))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        Box::new(liblzma::read::XzDecoder::new_multi_decoder(input))
    }

    fn command(&self) -> &'static [&'static str] {
        &["xzcat"]
    }
}
