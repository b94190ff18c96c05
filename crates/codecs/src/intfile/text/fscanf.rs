//! The seed's loop: `fscanf("%i")` on a `FILE*`.

use crate::intfile::cfile::CFile;
use crate::intfile::{Format, IntSumReader, Source};
use crate::CodecError;

/// `fscanf(f, "%i", &j)` per value, on a `FILE*` (fopen, or fmemopen for memory).
#[derive(Debug, Default)]
pub struct Fscanf;

impl IntSumReader for Fscanf {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        let file = CFile::open(source)?;
        let mut sum = 0i64;
        let mut value: libc::c_int = 0;
        loop {
            // SAFETY: valid FILE, format with one %i matching one c_int out-pointer.
            let matched = unsafe {
                libc::fscanf(
                    file.as_ptr(),
                    c"%i".as_ptr(),
                    &mut value as *mut libc::c_int,
                )
            };
            match matched {
                1 => sum += i64::from(value),
                libc::EOF if file.at_eof() => return Ok(sum),
                _ => {
                    return Err(CodecError::invalid(
                        file.offset(),
                        "fscanf(\"%i\") found no integer",
                    ))
                }
            }
        }
    }
}
