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

const COMPACT: &[u8] = include_bytes!("../../megaco/tests/vectors/erlang_compact.txt");

/// Erlang's compact text of the 149 messages, kept beside the general
/// text codec's tests (`crates/megaco/tests/vectors/erlang_compact.txt`).
///
/// # Panics
/// As [`ber_vectors`].
pub fn compact_vectors() -> Vec<Vector> {
    parse_compact_vectors(COMPACT)
        .unwrap_or_else(|e| panic!("committed erlang_compact.txt is corrupt: {e}"))
}

/// Parses `== name length` header lines, each followed by `length` bytes
/// of text and a line end; the version is the one the text's header
/// (`!/v` or `MEGACO/v`) names.
pub fn parse_compact_vectors(text: &[u8]) -> Result<Vec<Vector>, VectorError> {
    let mut vectors = Vec::new();
    let (mut at, mut line) = (0, 1);
    while at < text.len() {
        let fail = |column: usize, reason: &str| VectorError {
            line,
            column,
            reason: reason.into(),
        };
        let end = text[at..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |p| at + p);
        let header =
            std::str::from_utf8(&text[at..end]).map_err(|_| fail(1, "header is not UTF-8"))?;
        let mut fields = header.split(' ');
        let (Some("=="), Some(name), Some(len), None) =
            (fields.next(), fields.next(), fields.next(), fields.next())
        else {
            return Err(fail(1, "expected `== name length`"));
        };
        let len: usize = len
            .parse()
            .map_err(|_| fail(header.len() - len.len() + 1, "length is not a number"))?;
        let body = text
            .get(end + 1..)
            .and_then(|rest| rest.get(..len))
            .ok_or_else(|| fail(1, "the text is shorter than its length"))?;
        let version = body
            .iter()
            .position(|&b| b == b'/')
            .and_then(|slash| body.get(slash + 1))
            .filter(|v| (b'1'..=b'3').contains(v))
            .ok_or_else(|| fail(1, "the text's header names no version 1, 2 or 3"))?;
        vectors.push(Vector {
            name: name.into(),
            version: version - b'0',
            bytes: body.to_vec(),
        });
        line += 1 + body.iter().filter(|&&b| b == b'\n').count();
        at = end + 1 + len;
        // The line end after the text; a final one is optional.
        if text.get(at) == Some(&b'\n') {
            at += 1;
            line += 1;
        }
    }
    Ok(vectors)
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
        let compact = compact_vectors();
        let ber = ber_vectors();
        assert_eq!(compact.len(), 149);
        for (c, b) in compact.iter().zip(&ber) {
            assert_eq!((&c.name, c.version), (&b.name, b.version));
            assert!(c.bytes.starts_with(b"!/"), "{}", c.name);
        }
    }

    #[test]
    fn compact_vectors_parse_and_corrupt_ones_are_located() {
        let two = b"== a 5\n!/1 x\n== b 11\n!/2 y\nz\n  w\n";
        let v = parse_compact_vectors(two).expect("parses");
        assert_eq!(v.len(), 2);
        assert_eq!(
            (v[0].name.as_str(), v[0].version, &v[0].bytes[..]),
            ("a", 1, &b"!/1 x"[..])
        );
        assert_eq!(
            (v[1].name.as_str(), v[1].version, &v[1].bytes[..]),
            ("b", 2, &b"!/2 y\nz\n  w"[..])
        );
        let e = parse_compact_vectors(b"== a 5\n!/1 x\n== b 40\n!/2 y\n").expect_err("short");
        assert_eq!(
            (e.line, e.reason.as_str()),
            (3, "the text is shorter than its length")
        );
        let e = parse_compact_vectors(b"== a 18446744073709551615\n").expect_err("huge");
        assert_eq!(
            (e.line, e.reason.as_str()),
            (1, "the text is shorter than its length")
        );
        // A length one short: the next header is the rest of the text's line.
        let e = parse_compact_vectors(b"== a 4\n!/1 x\n").expect_err("short by one");
        assert_eq!(e.line, 2, "{e}");
        let e = parse_compact_vectors(b"== a five\n").expect_err("length");
        assert_eq!((e.line, e.column), (1, 6));
        let e = parse_compact_vectors(b"== a 5\n!/7 x\n").expect_err("version");
        assert!(e.reason.contains("no version"), "{e}");
    }
}
