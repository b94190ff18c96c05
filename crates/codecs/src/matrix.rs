//! [`MatrixRecord`]: everything a record type must offer to go through
//! every codec of the matrix, one bound per codec family. It lives apart
//! from `records` (the types and their digest), which the families import:
//! the list that names every family is not one they depend on.

use crate::records::{Digestible, LogRecord, Order, Telemetry};
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

feature_bound!(
    "schema-binary",
    /// borsh's derives.
    BorshRecord: borsh::BorshSerialize + borsh::BorshDeserialize
);
feature_bound!(
    "schema-binary",
    /// speedy's derives (little-endian context).
    SpeedyRecord: speedy::Writable<speedy::LittleEndian> + for<'a> speedy::Readable<'a, speedy::LittleEndian>
);
/// The wincode configuration of the matrix (a raised preallocation cap).
#[cfg(feature = "schema-binary")]
pub type WincodeConfig = wincode::config::Configuration<true, { 64 << 20 }>;
feature_bound!(
    "schema-binary",
    /// wincode's derives.
    WincodeRecord: wincode::SchemaWrite<WincodeConfig, Src = Self> + for<'de> wincode::SchemaRead<'de, WincodeConfig, Dst = Self>
);

feature_bound!(
    "zero-copy",
    /// rkyv's derives, with validation, deserialization and an in-place digest of the archive.
    RkyvRecord: Sized + rkyv::Archive<
        Archived: for<'a> rkyv::bytecheck::CheckBytes<rkyv::api::high::HighValidator<'a, rkyv::rancor::Error>>
            + rkyv::Deserialize<Self, rkyv::api::high::HighDeserializer<rkyv::rancor::Error>>
            + Digestible,
    > + for<'a> rkyv::Serialize<
        rkyv::api::high::HighSerializer<Vec<u8>, rkyv::ser::allocator::ArenaHandle<'a>, rkyv::rancor::Error>,
    >
);

feature_bound!(
    "columnar",
    /// What the Arrow IPC and Parquet codecs need: a fixed Arrow schema.
    ColumnarRecord: crate::columnar::ArrowRecord
);

/// The CSV form of a record type: its header, or `None` when it nests.
pub trait CsvRecord: SerdeRecord {
    /// Column names, fixed arrays spread over numbered columns.
    const CSV_HEADER: Option<&'static [&'static str]>;
}

impl CsvRecord for LogRecord {
    const CSV_HEADER: Option<&'static [&'static str]> = Some(&[
        "timestamp_ms",
        "ip0",
        "ip1",
        "ip2",
        "ip3",
        "user_id",
        "method",
        "path",
        "status",
        "bytes",
        "referrer",
        "user_agent",
    ]);
}

impl CsvRecord for Telemetry {
    const CSV_HEADER: Option<&'static [&'static str]> = Some(&[
        "timestamp_us",
        "sensor",
        "r0",
        "r1",
        "r2",
        "r3",
        "r4",
        "r5",
        "r6",
        "r7",
        "c0",
        "c1",
        "c2",
        "c3",
        "flags",
    ]);
}

impl CsvRecord for Order {
    const CSV_HEADER: Option<&'static [&'static str]> = None;
}

feature_bound!(
    "zero-copy",
    /// What the FlatBuffers codec and views need: a mapping onto `records.fbs`.
    FlatBound: crate::flatbuf::FlatRecord
);

feature_bound!(
    "zero-copy",
    /// What the Cap'n Proto codecs and view need: a mapping onto `records.capnp`.
    CapnpBound: crate::capnproto::CapnpRecord
);

feature_bound!(
    "asn1",
    /// What the ASN.1 codecs need: a `rasn` mirror of the record.
    Asn1Bound: crate::asn1::Asn1Record
);

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

/// Declares [`MatrixRecord`] and its blanket impl from one list of bounds.
macro_rules! matrix_record {
    ($first:path $(, $rest:path)* $(,)?) => {
        /// What a record type needs to go through every codec of the matrix.
        pub trait MatrixRecord: $first $(+ $rest)* {}

        impl<T: $first $(+ $rest)*> MatrixRecord for T {}
    };
}

matrix_record!(
    SerdeRecord,
    CsvRecord,
    Digestible,
    std::fmt::Debug,
    BorshRecord,
    SpeedyRecord,
    WincodeRecord,
    RkyvRecord,
    ColumnarRecord,
    FlatBound,
    CapnpBound,
    Asn1Bound,
    ProtoBound,
    AvroBound,
);
