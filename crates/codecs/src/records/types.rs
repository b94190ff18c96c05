//! The record types themselves.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One web access-log line.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema-binary",
    derive(
        borsh::BorshSerialize,
        borsh::BorshDeserialize,
        speedy::Readable,
        speedy::Writable,
        wincode::SchemaWrite,
        wincode::SchemaRead
    )
)]
#[cfg_attr(
    feature = "zero-copy",
    derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)
)]
pub struct LogRecord {
    /// Unix time, milliseconds.
    pub timestamp_ms: i64,
    /// IPv4 address.
    pub ip: [u8; 4],
    /// Account id.
    pub user_id: u64,
    /// HTTP method.
    pub method: String,
    /// Request path.
    pub path: String,
    /// Response status.
    pub status: u16,
    /// Response size.
    pub bytes: u64,
    /// Referrer, when sent.
    pub referrer: Option<String>,
    /// User agent.
    pub user_agent: String,
}

/// One sensor reading row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema-binary",
    derive(
        borsh::BorshSerialize,
        borsh::BorshDeserialize,
        speedy::Readable,
        speedy::Writable,
        wincode::SchemaWrite,
        wincode::SchemaRead
    )
)]
#[cfg_attr(
    feature = "zero-copy",
    derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)
)]
pub struct Telemetry {
    /// Unix time, microseconds.
    pub timestamp_us: i64,
    /// Sensor id.
    pub sensor: u32,
    /// Eight readings.
    pub readings: [f64; 8],
    /// Four counters.
    pub counters: [i32; 4],
    /// Status bits.
    pub flags: u8,
}

/// One order with its customer and line items.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema-binary",
    derive(
        borsh::BorshSerialize,
        borsh::BorshDeserialize,
        speedy::Readable,
        speedy::Writable,
        wincode::SchemaWrite,
        wincode::SchemaRead
    )
)]
#[cfg_attr(
    feature = "zero-copy",
    derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)
)]
pub struct Order {
    /// Order id.
    pub id: u64,
    /// Who ordered.
    pub customer: Customer,
    /// What was ordered.
    pub items: Vec<LineItem>,
    /// Free-form attributes.
    pub attributes: BTreeMap<String, String>,
    /// A note, sometimes.
    pub note: Option<String>,
}

/// The customer of an [`Order`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema-binary",
    derive(
        borsh::BorshSerialize,
        borsh::BorshDeserialize,
        speedy::Readable,
        speedy::Writable,
        wincode::SchemaWrite,
        wincode::SchemaRead
    )
)]
#[cfg_attr(
    feature = "zero-copy",
    derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)
)]
pub struct Customer {
    /// Customer id.
    pub id: u64,
    /// Name.
    pub name: String,
    /// E-mail, when known.
    pub email: Option<String>,
    /// Segment tags.
    pub tags: Vec<String>,
}

/// One line of an [`Order`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(
    feature = "schema-binary",
    derive(
        borsh::BorshSerialize,
        borsh::BorshDeserialize,
        speedy::Readable,
        speedy::Writable,
        wincode::SchemaWrite,
        wincode::SchemaRead
    )
)]
#[cfg_attr(
    feature = "zero-copy",
    derive(rkyv::Archive, rkyv::Serialize, rkyv::Deserialize)
)]
pub struct LineItem {
    /// Stock-keeping unit.
    pub sku: String,
    /// Quantity.
    pub quantity: u32,
    /// Unit price in cents.
    pub price_cents: i64,
    /// Discount fraction, when any.
    pub discount: Option<f64>,
}
