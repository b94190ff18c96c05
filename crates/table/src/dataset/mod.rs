//! A dataset as input: a folder of parts (hive-partitioned or not), a glob
//! pattern, a Delta table or an Iceberg table. Discovery lists its live
//! parts (path, format, size, partition values) from the folder or the
//! table's own metadata; `schema` checks every part agrees; `sample` draws
//! a seeded, size-weighted sample of rows across many parts into one
//! [`crate::Loaded`], so a dataset is measured as a file is.

pub mod compact;
mod delta;
mod discover;
pub mod hive;
mod iceberg;
pub mod sample;
pub mod schema;
mod text;

pub use discover::discover;

use std::path::{Path, PathBuf};

/// Where a dataset's list of parts came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Every data file under a folder.
    Folder,
    /// The files a glob pattern matches.
    Glob,
    /// A Delta table's log (`_delta_log/`).
    Delta,
    /// An Iceberg table's metadata (`metadata/*.metadata.json`).
    Iceberg,
}

impl Source {
    /// "a folder", "a Delta table": for the description.
    pub fn describe(self) -> &'static str {
        match self {
            Source::Folder => "a folder of parts",
            Source::Glob => "the parts a glob pattern matches",
            Source::Delta => "a Delta table (parts from its log)",
            Source::Iceberg => "an Iceberg table (parts from its current snapshot)",
        }
    }
}

/// A part's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartFormat {
    /// Parquet, Arrow IPC or Avro (known by its magic bytes).
    Columnar(crate::binary_input::Kind),
    /// Anything else: read as text (CSV, JSON Lines…, maybe compressed).
    Text,
}

impl PartFormat {
    /// "Parquet", "text".
    pub fn describe(self) -> &'static str {
        match self {
            PartFormat::Columnar(kind) => kind.describe(),
            PartFormat::Text => "text",
        }
    }
}

/// One data file of a dataset.
#[derive(Debug, Clone)]
pub struct Part {
    /// Where it is.
    pub path: PathBuf,
    /// Bytes on disk.
    pub bytes: u64,
    /// Its format.
    pub format: PartFormat,
    /// Its partition values, in the dataset's key order (`None`: null).
    pub partition: Vec<Option<String>>,
    /// Rows, where the table's metadata records them (Iceberg).
    pub rows: Option<u64>,
}

/// A dataset's parts, in a stable order (partition values, then path).
#[derive(Debug, Clone)]
pub struct Dataset {
    /// The path or pattern as given.
    pub root: PathBuf,
    /// How its parts were found.
    pub source: Source,
    /// Partition columns, outermost first (empty: not partitioned).
    pub keys: Vec<String>,
    /// Its live parts.
    pub parts: Vec<Part>,
    /// Files skipped: hidden or metadata (`_`/`.` prefixed) entries.
    pub skipped: usize,
}

impl Dataset {
    /// Bytes of every part on disk.
    pub fn bytes(&self) -> u64 {
        self.parts.iter().map(|p| p.bytes).sum()
    }

    /// Distinct partitions (combinations of partition values).
    pub fn partitions(&self) -> usize {
        let mut seen: Vec<&Vec<Option<String>>> = self.parts.iter().map(|p| &p.partition).collect();
        seen.sort();
        seen.dedup();
        seen.len()
    }

    /// The parts' formats, e.g. "Parquet" or "Parquet, text".
    pub fn formats(&self) -> String {
        let mut names: Vec<&str> = self.parts.iter().map(|p| p.format.describe()).collect();
        names.sort();
        names.dedup();
        names.join(", ")
    }
}

/// Why a dataset cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    /// A part or the table's metadata could not be read.
    #[error(transparent)]
    Read(#[from] crate::Error),
    /// The dataset is not one the tool can measure, and why.
    #[error("{}: {why}", path.display())]
    Refused { path: PathBuf, why: String },
}

impl DatasetError {
    pub(crate) fn refused(path: &Path, why: impl Into<String>) -> DatasetError {
        DatasetError::Refused {
            path: path.to_path_buf(),
            why: why.into(),
        }
    }
}

/// Whether `path` names a dataset rather than one file: a folder, or a
/// glob pattern that is not itself an existing file.
pub fn is_dataset(path: &Path) -> bool {
    if path.is_dir() {
        return true;
    }
    !path.exists() && is_pattern(path)
}

/// Whether `path` holds glob metacharacters.
pub fn is_pattern(path: &Path) -> bool {
    path.to_string_lossy().contains(['*', '?', '['])
}

/// Whether a file or folder name is hidden or metadata, not data:
/// `_SUCCESS`, `_delta_log`, `.crc` files, `.part-0.parquet.crc`.
pub fn is_hidden(name: &str) -> bool {
    name.starts_with('_') || name.starts_with('.')
}
