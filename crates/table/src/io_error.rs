//! I/O errors as the crate's errors: a decompression bomb, corrupt
//! compressed data, or an unreadable file. Its own module because both
//! opening the file (`input`) and chunking it (`records`) report them.

use crate::Error;
use std::path::Path;

pub(crate) fn unreadable(path: &Path, source: std::io::Error) -> Error {
    Error::Unreadable {
        path: path.to_path_buf(),
        source,
    }
}

/// A read error as the crate's: a bomb, corrupt compressed data, or I/O.
pub fn read_error(path: &Path, compression: Option<&'static str>, source: std::io::Error) -> Error {
    if let Some(bomb) = source.get_ref().and_then(|e| e.downcast_ref::<Bomb>()) {
        return Error::Inflated {
            path: path.to_path_buf(),
            format: compression.unwrap_or("compressed"),
            cap: bomb.cap,
            disk: bomb.disk,
        };
    }
    match compression {
        Some(format) => Error::Decompress {
            path: path.to_path_buf(),
            format,
            source,
        },
        None => unreadable(path, source),
    }
}

/// Why decompression stopped: more out than the cap.
#[derive(Debug)]
pub(crate) struct Bomb {
    pub(crate) cap: u64,
    pub(crate) disk: u64,
}

impl std::fmt::Display for Bomb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "decompressed past {} bytes", self.cap)
    }
}

impl std::error::Error for Bomb {}
