//! The typed records of the codec matrix: string-heavy web logs, number-heavy
//! telemetry, and nested orders with optional fields, lists and maps. Fields
//! are typed (not numbers kept as strings) so binary formats get typed data
//! and text formats pay to print and parse it.
//!
//! What a record type must offer to go through every codec of the matrix
//! is [`crate::matrix::MatrixRecord`], beside the families it names.

mod digest;
mod types;

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod tests;

pub use digest::{digest_of, Digest, Digestible};
#[cfg(feature = "zero-copy")]
pub use types::{
    ArchivedCustomer, ArchivedLineItem, ArchivedLogRecord, ArchivedOrder, ArchivedTelemetry,
};
pub use types::{Customer, LineItem, LogRecord, Order, Telemetry};
