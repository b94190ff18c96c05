//! LZ4 frame format via lz4_flex (pure Rust; readable by the `lz4` tool).

use super::{lib_error, Compressor};
use crate::CodecError;
use std::io::{Read, Write};

/// LZ4 frames (the format has no levels in lz4_flex).
#[derive(Debug, Clone, Copy, Default)]
pub struct Lz4;

impl Compressor for Lz4 {
    fn id(&self) -> String {
        "lz4".into()
    }

    fn compress_stream(&self, input: &mut dyn Read, out: &mut dyn Write) -> Result<(), CodecError> {
        let mut enc = lz4_flex::frame::FrameEncoder::new(out);
        std::io::copy(input, &mut enc).map_err(lib_error("lz4_flex"))?;
        enc.finish()
            .map(|_| ())
            .map_err(|e| CodecError::library("lz4_flex", e))
    }

    fn decoder<'a>(&self, input: Box<dyn Read + 'a>) -> Box<dyn Read + 'a> {
        Box::new(lz4_flex::frame::FrameDecoder::new(input))
    }

    fn command(&self) -> &'static [&'static str] {
        &["lz4", "-dc"]
    }
}
