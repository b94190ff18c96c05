//! Errors of the text parser and the data loader.

use thiserror::Error;

/// Why some text is not a Megaco message we can read, and where.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column} (byte {offset}): {message}")]
pub struct ParseError {
    /// Byte offset of the problem (0-based).
    pub offset: usize,
    /// Line (1-based).
    pub line: usize,
    /// Column in bytes (1-based).
    pub column: usize,
    /// What was wrong.
    pub message: String,
}

impl ParseError {
    /// Builds the error for `offset` in `src`, describing the text found there.
    pub(crate) fn at(src: &[u8], offset: usize, message: &str) -> ParseError {
        let offset = offset.min(src.len());
        let before = &src[..offset];
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let found = found(&src[offset..]);
        ParseError {
            offset,
            line,
            column: offset - line_start + 1,
            message: format!("{message}, found {found}"),
        }
    }
}

/// A short, printable description of the text at an error.
fn found(rest: &[u8]) -> String {
    if rest.is_empty() {
        return "the end of the input".into();
    }
    let end = rest
        .iter()
        .take(16)
        .position(|b| b.is_ascii_whitespace())
        .unwrap_or(rest.len().min(16))
        .max(1);
    format!("`{}`", rest[..end].escape_ascii())
}
