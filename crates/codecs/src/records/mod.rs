//! The typed records of the codec matrix: string-heavy web logs, number-heavy
//! telemetry, and nested orders with optional fields, lists and maps. Fields
//! are typed (not numbers kept as strings) so binary formats get typed data
//! and text formats pay to print and parse it.
//!
//! [`MatrixRecord`] is everything a record type must offer to go through
//! every codec of the matrix; each codec family adds its own bound there.

mod digest;
mod types;

#[cfg(test)]
pub(crate) mod fixtures;
#[cfg(test)]
mod tests;

pub use digest::{digest_of, Digest, Digestible};
pub use types::{Customer, LineItem, LogRecord, Order, Telemetry};

use crate::serde_codecs::SerdeRecord;

/// Declares a bound that every type meets when `feature` is off, so that
/// [`MatrixRecord`] lists each family's needs without a cfg per line.
macro_rules! feature_bound {
    ($feature:literal, $(#[$doc:meta])* $name:ident: $($bound:tt)+) => {
        $(#[$doc])*
        #[cfg(feature = $feature)]
        pub trait $name: $($bound)+ {}
        #[cfg(feature = $feature)]
        impl<T: $($bound)+> $name for T {}
        $(#[$doc])*
        #[cfg(not(feature = $feature))]
        pub trait $name {}
        #[cfg(not(feature = $feature))]
        impl<T> $name for T {}
    };
}
#[allow(unused_imports)] // for families that declare their bound beside their codecs
pub(crate) use feature_bound;

feature_bound!(
    "protobuf",
    /// What the Protocol Buffers codec needs: a prost batch message.
    ProtoBound: crate::protobuf::ProtoRecord
);

feature_bound!(
    "avro",
    /// What the Avro codecs need: an Avro schema and serde impls against it.
    AvroBound: crate::avro::AvroRecord
);

/// What a record type needs to go through every codec of the matrix.
pub trait MatrixRecord:
    SerdeRecord + Digestible + ProtoBound + AvroBound + std::fmt::Debug
{
}

impl<T: SerdeRecord + Digestible + ProtoBound + AvroBound + std::fmt::Debug> MatrixRecord for T {}
