//! Typed errors: every one names the path, or the line and column (and the
//! offending text) of the input that caused it.

use std::path::PathBuf;
use thiserror::Error;

/// Why a file could not be measured or converted.
#[derive(Debug, Error)]
pub enum Error {
    /// The path does not exist.
    #[error("{}: no such file", .0.display())]
    Missing(PathBuf),
    /// The path exists but cannot be read.
    #[error("{}: cannot read: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Nothing to measure.
    #[error("{}: the file is empty{}", path.display(), if *.decompressed { " once decompressed" } else { "" })]
    Empty { path: PathBuf, decompressed: bool },
    /// Not text: a NUL byte or invalid UTF-8 at this offset.
    #[error("{}: looks like a binary file ({why} at byte {offset}); encbench file reads CSV/TSV, JSON Lines or plain text, optionally gzip- or zstd-compressed", path.display())]
    Binary {
        path: PathBuf,
        offset: usize,
        why: &'static str,
    },
    /// The compressed input could not be decompressed.
    #[error("{}: {format} data is corrupt: {source}", path.display())]
    Decompress {
        path: PathBuf,
        format: &'static str,
        source: std::io::Error,
    },
    /// The compressed input decompresses to more than the cap (see `input`).
    #[error("{}: {format} data decompresses to more than {cap} bytes (the limit: 4 GiB, or 64 × the compressed size when larger); decompress it yourself if it is genuine", path.display())]
    Inflated {
        path: PathBuf,
        format: &'static str,
        cap: u64,
    },
    /// A row that does not parse.
    #[error("{0}")]
    Malformed(Malformed),
    /// A --schema file that cannot be used.
    #[error("schema: {0}")]
    Schema(String),
    /// A candidate encoding failed to encode or decode.
    #[error("{format}: {why}")]
    Codec { format: &'static str, why: String },
    /// Writing the converted file failed.
    #[error("{}: {why}", path.display())]
    Write { path: PathBuf, why: String },
}

/// Where a row went wrong: the file, 1-based line and position, what, and the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Malformed {
    /// The input file, once the loader knows it.
    pub path: Option<PathBuf>,
    /// 1-based line of the input (after decompression).
    pub line: u64,
    /// Where in the line, when known.
    pub column: Option<Position>,
    /// What is wrong.
    pub why: String,
    /// The offending text, shortened to 80 characters.
    pub text: String,
}

/// A place within a line: a CSV field number, or a character column (JSON).
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Position {
    /// 1-based field of a CSV record.
    Field(u64),
    /// 1-based character of the line.
    Char(u64),
}

impl Malformed {
    /// A malformed-row error; the text is shortened so a huge row stays readable.
    pub fn new(line: u64, column: Option<Position>, why: impl Into<String>, text: &str) -> Self {
        Malformed {
            path: None,
            line,
            column,
            why: why.into(),
            text: shorten(text),
        }
    }
}

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(path) = &self.path {
            write!(f, "{}: ", path.display())?;
        }
        write!(f, "line {}", self.line)?;
        match self.column {
            Some(Position::Field(n)) => write!(f, ", field {n}")?,
            Some(Position::Char(c)) => write!(f, ", column {c}")?,
            None => {}
        }
        write!(f, ": {}: `{}`", self.why, self.text)
    }
}

/// At most 80 characters, with an ellipsis when cut.
pub(crate) fn shorten(text: &str) -> String {
    let trimmed = text.trim_end_matches(['\n', '\r']);
    match trimmed.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &trimmed[..i]),
        None => trimmed.to_string(),
    }
}

/// A candidate's error.
pub(crate) fn codec(format: &'static str, why: impl std::fmt::Display) -> Error {
    Error::Codec {
        format,
        why: why.to_string(),
    }
}

impl From<Malformed> for Error {
    fn from(m: Malformed) -> Self {
        Error::Malformed(m)
    }
}
