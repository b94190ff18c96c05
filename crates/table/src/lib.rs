//! A user's table: a CSV/TSV, JSON Lines or plain-lines file (optionally
//! gzip- or zstd-compressed), or an Arrow, Parquet or Avro file, read into
//! typed columns with an inferred schema, a bounded batch at a time. The
//! codecs that write user tables (`encbench_codecs::tables`) and `encbench
//! file` (`encbench_userdata`) both build on it.

pub mod arrow;
pub mod avro_header;
pub mod binary_input;
pub mod dataset;
pub mod error;
pub mod infer;
pub mod inflate_cap;
pub mod input;
pub mod io_error;
pub mod jsondoc;
pub mod load;
pub mod memory;
pub mod nested;
pub mod nested_avro;
pub mod nested_leaf;
pub mod parquet_input;
pub mod read;
pub mod records;
pub mod row_hash;
pub mod sample;
pub mod schema;
pub mod sniff;
pub mod stream;
pub mod table;
#[doc(hidden)]
pub mod testing;
pub mod values;
mod word_mix;

pub use error::{Error, Malformed, Position};
pub use load::{load, LoadOptions, Loaded};
pub use schema::{ColumnType, Field, Schema};
pub use table::Table;
