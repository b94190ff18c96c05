//! Snappy frame format via snap (the format `snzip`/Hadoop tools read).

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// Snappy frames (no levels).
#[derive(Debug, Clone, Copy, Default)]
pub struct Snappy;

impl Compressor for Snappy {
    fn id(&self) -> String {
        "snappy".into()
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        let mut enc = snap::write::FrameEncoder::new(out);
        std::io::copy(input, &mut enc).map_err(lib_error("snap"))?;
        enc.flush().map_err(lib_error("snap"))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        Box::new(snap::read::FrameDecoder::new(input))
    }

    fn command(&self) -> &'static [&'static str] {
        &["snzip", "-dc"]
    }
}
