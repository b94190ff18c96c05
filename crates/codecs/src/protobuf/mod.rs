//! Protocol Buffers (proto3) through `prost` (over user tables,
//! `ProtobufTable` in `table.rs` builds its descriptor at run time instead). The messages are written by
//! hand with `#[derive(prost::Message)]` (no protoc, no build script) and
//! implement `records.proto`, beside this file, which documents the wire
//! layout and the type mapping. A batch is one message holding the records
//! as a `repeated` field.
//!
//! prost messages own their data, so encoding first converts the borrowed
//! records into messages (cloning the strings) and decoding converts the
//! decoded messages back (moving them), checking what the schema allows
//! but the record cannot hold: a `uint32` above a `u16`'s or `u8`'s range,
//! a fixed-size array with another count, a missing required customer.
//! Both conversions are part of the timed encode and decode, as they would
//! be in a program that uses prost.

mod messages;
#[cfg(feature = "tables")]
mod table;
#[cfg(feature = "tables")]
mod table_nested;

#[cfg(test)]
mod tests;

pub use messages::{
    CustomerPb, LineItemPb, LogBatch, LogRecordPb, OrderBatch, OrderPb, TelemetryBatch, TelemetryPb,
};
#[cfg(feature = "tables")]
pub use table::ProtobufTable;

use crate::{Codec, CodecError};
use prost::Message;
use std::marker::PhantomData;

/// A record type with a prost batch message (see `records.proto`).
pub trait ProtoRecord: Sized + Send + Sync + 'static {
    /// The batch message: the records as one `repeated` field.
    type Batch: Message + Default;

    /// The records as a batch message.
    fn to_batch(records: &[Self]) -> Self::Batch;

    /// The records back from a decoded batch; fails on a value the schema
    /// allows but the record cannot hold.
    fn from_batch(batch: Self::Batch) -> Result<Vec<Self>, CodecError>;
}

/// Protocol Buffers (prost): a batch message of `repeated` records.
pub struct Protobuf<R>(PhantomData<fn() -> R>);

impl<R> Default for Protobuf<R> {
    fn default() -> Self {
        Protobuf(PhantomData)
    }
}

impl<R: ProtoRecord> Codec<Vec<R>> for Protobuf<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        R::to_batch(value)
            .encode(out)
            .map_err(|e| CodecError::library("prost", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let batch = R::Batch::decode(bytes).map_err(|e| CodecError::library("prost", e))?;
        R::from_batch(batch)
    }
}
