//! `encbench file`: a user's own file (CSV/TSV, JSON Lines or plain lines,
//! optionally gzip- or zstd-compressed) read into a typed table with an
//! inferred schema, written in every candidate encoding × compressor,
//! verified, timed, and a recommendation made; or converted to one format
//! and read back row by row. The library never prints or exits.

pub mod binary_input;
pub mod candidates;
pub mod convert;
mod error;
pub mod infer;
pub mod input;
pub mod jsondoc;
pub mod load;
pub mod measure;
pub mod memory;
pub mod nested;
pub mod pipeline;
pub mod read;
pub mod readers;
pub mod recommend;
pub mod records;
pub mod safe_write;
pub mod sample;
pub mod schema;
pub mod sniff;
pub mod stream;
pub mod summary;
pub mod table;
mod typing;
pub mod values;

pub use error::{Error, Malformed, Position};
pub use load::{load, LoadOptions, Loaded};
pub use schema::{ColumnType, Field, Schema};
pub use table::Table;
