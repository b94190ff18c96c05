//! Views of the results record: exporters that turn a [`RunDocument`] into
//! bytes (JSON, CSV, Markdown) and the terminal table. Every view is a pure
//! function of the document, so it can be snapshot-tested and so a stored
//! run can be re-rendered later exactly as it was first shown.

pub mod across;
mod axes;
pub mod charts;
pub mod compare;
mod csv_export;
pub mod engines;
pub mod family;
mod html;
mod html_escape;
mod load;
pub mod machines;
mod markdown;
mod matrix;
pub mod paired;
pub mod robust;
mod scatter;
pub mod summary;
pub mod table;
pub mod terminal;
pub mod units;
mod wide;

use encbench_record::RunDocument;
use thiserror::Error;

pub use csv_export::Csv;
pub use html::Html;
pub use markdown::Markdown;

/// Why an export failed.
#[derive(Debug, Error)]
pub enum ExportError {
    /// JSON serialization failed.
    #[error("JSON export: {0}")]
    Json(#[from] serde_json::Error),
    /// CSV serialization failed.
    #[error("CSV export: {0}")]
    Csv(#[from] csv::Error),
}

/// Turns a run into the bytes of one file format.
pub trait Exporter {
    /// Serializes the whole run.
    fn serialize(&self, doc: &RunDocument) -> Result<Vec<u8>, ExportError>;
}

/// The results record as pretty JSON (the documented contract).
pub struct Json;

impl Exporter for Json {
    fn serialize(&self, doc: &RunDocument) -> Result<Vec<u8>, ExportError> {
        let mut bytes = serde_json::to_vec_pretty(doc)?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}

/// Distinct values in first-seen order (scenarios, datasets, columns).
pub(crate) fn distinct<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut out = Vec::new();
    for item in items {
        if !out.contains(&item) {
            out.push(item);
        }
    }
    out
}

/// A comparison's value with its unit, and the seed's figure (` (seed: …)`) if it has one.
pub(crate) fn comparison_parts(c: &encbench_record::Comparison) -> (String, String) {
    let value = format!("{}{}", units::significant(c.value), c.unit);
    let seed = c
        .seed_value
        .map(|v| format!(" (seed: {}{})", units::significant(v), c.unit))
        .unwrap_or_default();
    (value, seed)
}

#[cfg(test)]
mod scatter_tests;
#[doc(hidden)]
pub mod testing;
#[cfg(test)]
mod tests;
