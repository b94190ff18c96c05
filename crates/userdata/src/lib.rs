//! `encbench file`: a user's own file (CSV/TSV, JSON Lines or plain lines,
//! optionally gzip- or zstd-compressed; or Arrow, Parquet or Avro) read
//! into a typed table with an inferred schema (`encbench_table`), written
//! in every table codec × compressor (`encbench_codecs::tables`), verified,
//! timed, and a recommendation made; or converted to one format and read
//! back row by row. The library never prints or exits.

pub mod bandwidth;
pub mod candidates;
pub mod choice;
pub mod convert;
pub mod cost;
pub mod dataset_answer;
pub mod describe;
pub mod engines;
pub mod external_input;
pub mod layout;
pub mod measure;
pub mod pipeline;
pub mod plain_table;
mod read_back;
pub mod readers;
pub mod recommend;
mod second_reader;
pub mod summary;
pub mod tuned;
mod typing;
pub mod usage;

pub use encbench_table::{
    load, ColumnType, Error, Field, LoadOptions, Loaded, Malformed, Position,
};
pub use encbench_table::{Schema, Table};

#[cfg(test)]
mod load_tests;
