//! BGP-4 for encbench: an UPDATE codec over the wire format ([`wire`]), a
//! streaming MRT reader ([`mrt`]), a `bgpdump -m` formatter ([`dump`]), a
//! seeded synthetic full routing table ([`table`]) and that table in other
//! encodings ([`text`], [`json`], [`cbor`]).
//!
//! Every decoder here reads untrusted bytes: it returns an [`Error`] naming
//! the problem and its byte offset, never panics, and never allocates more
//! than the bytes in hand can fill.

pub mod cbor;
pub mod dump;
pub mod json;
pub mod model;
pub mod mrt;
pub mod samples;
pub mod table;
pub mod text;
pub mod wire;

pub use model::{
    Aggregator, AsPath, Asns, Attributes, Communities, MpReach, MpUnreach, Nlri, Origin, Prefix,
    Segment, SegmentKind, Update,
};
/// The inline-vector crate the model's AS paths and communities are built on.
pub use smallvec;

/// A decoding failure: what was wrong and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} at byte {offset}")]
pub struct Error {
    /// Byte offset of the problem, from the start of the input handed to the decoder.
    pub offset: u64,
    /// What was wrong.
    pub what: String,
}

impl Error {
    /// An error at `offset`.
    pub fn new(offset: usize, what: impl Into<String>) -> Self {
        Error {
            offset: offset as u64,
            what: what.into(),
        }
    }

    /// The same error seen from an input that starts `base` bytes earlier.
    pub fn shifted(mut self, base: u64) -> Self {
        self.offset += base;
        self
    }
}
