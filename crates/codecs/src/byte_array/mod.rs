//! An array of bytes, seed 001's payload: as comma-separated decimal text
//! (parsed into bytes, or only split into strings — the seed's two decode
//! depths, the parse also by hand-written SIMD decoders), as length-prefixed
//! raw bytes, and through bincode.

mod bincode_bytes;
mod csv;
mod length_prefixed;
pub mod simd;

pub use bincode_bytes::BincodeBytes;
pub use csv::{CsvBytes, CsvStrings};
pub use length_prefixed::LengthPrefixed;

#[cfg(test)]
mod tests;
