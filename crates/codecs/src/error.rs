//! The one error type every decoder returns.

use thiserror::Error;

/// Why a codec could not encode or decode.
#[derive(Debug, Clone, Error, PartialEq)]
pub enum CodecError {
    /// The input ended inside a field.
    #[error("truncated input: {needed} bytes needed at byte offset {offset}")]
    Truncated {
        /// Offset where the incomplete field starts.
        offset: usize,
        /// Size of that field.
        needed: usize,
    },
    /// The bytes at `offset` are not valid for this format.
    #[error("invalid data at byte offset {offset}: {reason}")]
    Invalid {
        /// Offset of the offending byte or field.
        offset: usize,
        /// What is wrong.
        reason: String,
    },
    /// A complete value was followed by more bytes.
    #[error("{count} trailing bytes after the value, starting at byte offset {offset}")]
    Trailing {
        /// Where the extra bytes start.
        offset: usize,
        /// How many there are.
        count: usize,
    },
    /// A library that reports no offset rejected the input.
    #[error("{library}: {message}")]
    Library {
        /// Crate or C function that failed.
        library: &'static str,
        /// Its message.
        message: String,
    },
    /// Reading a file failed.
    #[error("I/O error on {path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The OS error.
        message: String,
    },
}

impl CodecError {
    /// Wraps a third-party error that carries no offset.
    pub fn library(library: &'static str, error: impl std::fmt::Display) -> Self {
        CodecError::Library {
            library,
            message: error.to_string(),
        }
    }

    /// Wraps an I/O error on `path`.
    pub fn io(path: &std::path::Path, error: impl std::fmt::Display) -> Self {
        CodecError::Io {
            path: path.display().to_string(),
            message: error.to_string(),
        }
    }

    /// Shorthand for [`CodecError::Invalid`].
    pub fn invalid(offset: usize, reason: impl Into<String>) -> Self {
        CodecError::Invalid {
            offset,
            reason: reason.into(),
        }
    }

    /// Fails with [`CodecError::Trailing`] unless `used == len`.
    pub fn check_consumed(used: usize, len: usize) -> Result<(), Self> {
        if used == len {
            Ok(())
        } else {
            Err(CodecError::Trailing {
                offset: used,
                count: len - used,
            })
        }
    }
}
