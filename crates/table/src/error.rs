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
    /// A Parquet, Arrow or Avro file whose schema holds no row.
    #[error("{}: the {what} holds no rows (its schema only): nothing to measure", path.display())]
    NoRows { path: PathBuf, what: &'static str },
    /// Not text: a NUL byte or invalid UTF-8 at this offset.
    #[error("{}: looks like a binary file ({why} at byte {offset}); encbench file reads CSV/TSV, JSON Lines, JSON documents or plain text (optionally gzip- or zstd-compressed), Parquet, Arrow IPC and Avro", path.display())]
    Binary {
        path: PathBuf,
        offset: u64,
        why: &'static str,
    },
    /// Text in another encoding than UTF-8 (no NUL, almost all of it
    /// printable): Latin-1 or Windows-1252, as older spreadsheets write it.
    #[error("{}: text that is not UTF-8 (byte {byte:#04x} at byte {offset}{}): likely Latin-1 or Windows-1252; encbench file reads UTF-8: convert it first, e.g. iconv -f WINDOWS-1252 -t UTF-8 < {0} > converted.csv", path.display(), line.map(|l| format!(", line {l}")).unwrap_or_default())]
    NotUtf8 {
        path: PathBuf,
        offset: u64,
        /// Where it is known (not in a sample drawn from the middle).
        line: Option<u64>,
        byte: u8,
    },
    /// The compressed input could not be decompressed.
    #[error("{}: {format} data is corrupt: {source}", path.display())]
    Decompress {
        path: PathBuf,
        format: &'static str,
        source: std::io::Error,
    },
    /// The compressed input inflates past the cap (see `input`); stopped while streaming.
    #[error("{}: {format} data inflates to more than {cap} bytes from {disk} on disk (a ratio over {ratio}:1; the limit is {limit}:1, or 1 GiB when larger): stopped as a likely decompression bomb; decompress it yourself if it is genuine", path.display(), ratio = cap / (*disk).max(1), limit = crate::inflate_cap::DECOMPRESSED_RATIO_CAP)]
    Inflated {
        path: PathBuf,
        format: &'static str,
        cap: u64,
        disk: u64,
    },
    /// One record longer than the longest accepted.
    #[error("{}: a single record (line or CSV row) is longer than {} MB; encbench file reads row data, one record per line (an unclosed quote can also cause this)", path.display(), max >> 20)]
    Huge { path: PathBuf, max: usize },
    /// Holding what the input needs would exceed the memory available.
    #[error("{}: out of memory holding {what} ({need} bytes); {hint}", path.display())]
    OutOfMemory {
        path: PathBuf,
        what: &'static str,
        need: usize,
        hint: &'static str,
    },
    /// A Parquet, Arrow or Avro input its reader cannot read.
    #[error("{}: cannot read this {what}: {why}", path.display())]
    Corrupt {
        path: PathBuf,
        what: &'static str,
        why: String,
    },
    /// A row that does not parse.
    #[error("{0}")]
    Malformed(Malformed),
    /// A --schema file that cannot be used.
    #[error("schema: {0}")]
    Schema(String),
    /// A table codec failed to encode or decode.
    #[error("{format}: {why}")]
    Codec { format: &'static str, why: String },
    /// A path the command would write is one of its inputs, or exists.
    #[error("{}: {why}", path.display())]
    Refused { path: PathBuf, why: String },
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
    /// Byte of the input (after decompression) where the row starts, when
    /// known: given for rows of a sample drawn from the middle of a file.
    pub offset: Option<u64>,
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
            offset: None,
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
        if let Some(offset) = self.offset {
            write!(f, " (byte {offset})")?;
        }
        match self.column {
            Some(Position::Field(n)) => write!(f, ", field {n}")?,
            Some(Position::Char(c)) => write!(f, ", column {c}")?,
            None => {}
        }
        write!(f, ": {}: `{}`", self.why, self.text)
    }
}

/// At most 80 characters, with an ellipsis when cut.
pub fn shorten(text: &str) -> String {
    let trimmed = text.trim_end_matches(['\n', '\r']);
    match trimmed.char_indices().nth(80) {
        Some((i, _)) => format!("{}…", &trimmed[..i]),
        None => trimmed.to_string(),
    }
}

/// A table codec's error.
pub fn codec(format: &'static str, why: impl std::fmt::Display) -> Error {
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
