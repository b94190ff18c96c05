//! Erlang/OTP's own encodings of upstream's 149 timing messages, committed
//! under `tests/vectors/` (see the crate README for how to regenerate them).
//! One line per message: `name version hex`.

use thiserror::Error;

/// One message as Erlang's megaco encoded it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Vector {
    /// The message's name in `time_test.msgs` (`msg01a`, …).
    pub name: String,
    /// Its protocol version (1, 2 or 3).
    pub version: u8,
    /// The encoded bytes.
    pub bytes: Vec<u8>,
}

/// Why a vector file could not be read.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("vector line {line}, column {column}: {reason}")]
pub struct VectorError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column of the offending field.
    pub column: usize,
    /// What is wrong.
    pub reason: String,
}

const BER: &str = include_str!("../tests/vectors/ber.txt");
const PER: &str = include_str!("../tests/vectors/per.txt");

/// Erlang's BER encodings of the 149 messages.
///
/// # Panics
/// When the committed file (built into the crate) does not parse: a broken
/// build, named with the parse error, rather than an empty list.
pub fn ber_vectors() -> Vec<Vector> {
    committed("ber.txt", BER)
}

/// Erlang's aligned-PER encodings of the 149 messages.
///
/// # Panics
/// As [`ber_vectors`].
pub fn per_vectors() -> Vec<Vector> {
    committed("per.txt", PER)
}

fn committed(file: &str, text: &str) -> Vec<Vector> {
    parse_vectors(text).unwrap_or_else(|e| panic!("committed tests/vectors/{file} is corrupt: {e}"))
}

/// Parses `name version hex` lines; blank lines are skipped.
pub fn parse_vectors(text: &str) -> Result<Vec<Vector>, VectorError> {
    let mut vectors = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fail = |column: usize, reason: &str| VectorError {
            line: index + 1,
            column,
            reason: reason.into(),
        };
        let mut fields = line.split(' ');
        let (Some(name), Some(version), Some(hex), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(fail(1, "expected three space-separated fields"));
        };
        let version_col = name.len() + 2;
        let hex_col = version_col + version.len() + 1;
        let version = match version.parse::<u8>() {
            Ok(v @ 1..=3) => v,
            _ => return Err(fail(version_col, "version is not 1, 2 or 3")),
        };
        if hex.len() % 2 != 0 {
            return Err(fail(hex_col, "odd number of hex digits"));
        }
        let bytes = (0..hex.len())
            .step_by(2)
            .map(|i| {
                hex.get(i..i + 2)
                    .and_then(|pair| u8::from_str_radix(pair, 16).ok())
                    .ok_or_else(|| fail(hex_col + i, "not a hex digit pair"))
            })
            .collect::<Result<Vec<u8>, _>>()?;
        vectors.push(Vector {
            name: name.into(),
            version,
            bytes,
        });
    }
    Ok(vectors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[should_panic(
        expected = "committed tests/vectors/ber.txt is corrupt: vector line 2, column 1"
    )]
    fn a_corrupt_committed_file_fails_loudly() {
        committed("ber.txt", "msg01 1 00\nmsg02\n");
    }

    #[test]
    fn the_committed_files_hold_149_messages() {
        assert_eq!(ber_vectors().len(), 149);
        assert_eq!(per_vectors().len(), 149);
    }
}
