//! Comma-separated decimal values, decoded to bytes or only to strings.

use crate::{Codec, CodecError};

/// `12,0,255,…` parsed into `u8`s.
#[derive(Debug, Default, Clone, Copy)]
pub struct CsvBytes;

/// `12,0,255,…` split into owned strings, not parsed (the seed's first table).
#[derive(Debug, Default, Clone, Copy)]
pub struct CsvStrings;

fn text(bytes: &[u8]) -> Result<&str, CodecError> {
    std::str::from_utf8(bytes).map_err(|e| CodecError::invalid(e.valid_up_to(), "not UTF-8"))
}

impl Codec<Vec<u8>> for CsvBytes {
    fn encode(&self, value: &Vec<u8>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let mut digits = itoa::Buffer::new();
        for (i, b) in value.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(digits.format(*b).as_bytes());
        }
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<u8>, CodecError> {
        if bytes.is_empty() {
            return Ok(Vec::new());
        }
        let mut out = Vec::with_capacity(bytes.len() / 3);
        let mut offset = 0;
        for field in text(bytes)?.split(',') {
            let v = field.parse::<u8>().map_err(|e| {
                CodecError::invalid(offset, format!("{field:?} is not a byte: {e}"))
            })?;
            out.push(v);
            offset += field.len() + 1;
        }
        Ok(out)
    }
}

impl Codec<Vec<String>> for CsvStrings {
    fn encode(&self, value: &Vec<String>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        for (i, s) in value.iter().enumerate() {
            if s.contains(',') {
                return Err(CodecError::invalid(
                    i,
                    format!("field {s:?} contains the separator"),
                ));
            }
            if i > 0 {
                out.push(b',');
            }
            out.extend_from_slice(s.as_bytes());
        }
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<String>, CodecError> {
        if bytes.is_empty() {
            return Ok(Vec::new());
        }
        Ok(text(bytes)?.split(',').map(String::from).collect())
    }
}
