//! `BufReader` and `str::parse`, line by line: the idiomatic Rust reader.

use crate::intfile::{Format, IntSumReader, Source};
use crate::CodecError;
use std::io::{BufRead, BufReader};

/// `BufReader::read_line` + `str::parse::<i32>` per line.
#[derive(Debug, Default)]
pub struct BufReadParse;

fn sum_lines(mut reader: impl BufRead) -> Result<i64, CodecError> {
    let mut line = String::new();
    let mut offset = 0usize;
    let mut sum = 0i64;
    loop {
        line.clear();
        let n = reader
            .read_line(&mut line)
            .map_err(|e| CodecError::invalid(offset, format!("unreadable line: {e}")))?;
        if n == 0 {
            return Ok(sum);
        }
        let digits = line.strip_suffix('\n').unwrap_or(&line);
        let value: i32 = digits
            .parse()
            .map_err(|e| CodecError::invalid(offset, format!("{digits:?} is not an i32: {e}")))?;
        sum += i64::from(value);
        offset += n;
    }
}

impl IntSumReader for BufReadParse {
    fn format(&self) -> Format {
        Format::TextLines
    }

    fn sum(&self, source: Source<'_>) -> Result<i64, CodecError> {
        match source {
            Source::File(path) => {
                let file = std::fs::File::open(path).map_err(|e| CodecError::io(path, e))?;
                sum_lines(BufReader::with_capacity(64 * 1024, file))
            }
            Source::Memory(bytes) => sum_lines(bytes.as_slice()),
        }
    }
}
