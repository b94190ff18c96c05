//! Shared test helpers: finding the 149 messages.

use encbench_megaco::data::{self, NamedMessage};
use std::path::PathBuf;

/// The data directory the tests use: `ENCBENCH_DATA_DIR`, else the shared
/// directory beside the repository.
pub fn data_dir() -> PathBuf {
    std::env::var_os("ENCBENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"))
}

/// The messages, or `None` (with a note on stderr) when the file is absent.
pub fn messages() -> Option<Vec<NamedMessage>> {
    match data::load(Some(&data_dir())) {
        Ok(m) => Some(m),
        Err(e @ data::DataError::Absent { .. }) => {
            eprintln!("SKIPPED: {e}");
            None
        }
        Err(e) => panic!("{e}"),
    }
}
