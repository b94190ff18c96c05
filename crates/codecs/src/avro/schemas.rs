//! Each record type's Avro schema and its `#[serde(remote)]` definition:
//! the same fields, in schema order, with the adapters of `fields.rs`
//! where the Rust type is not an Avro type. Serde's remote derive reads and
//! builds the record types directly, with no mirror values in between.

use super::fields::{array, bitcast_u64, fixed, records, unique_map};
use super::{AvroRecord, AvroSchemas, AvroValue};
use crate::records::{Customer, LineItem, LogRecord, Order, Telemetry};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// Avro schema of [`LogRecord`]. `user_id` and `bytes` are `u64`s
/// bit-cast to `long`; `status` is a `u16`, range-checked when read.
pub const LOG_RECORD_SCHEMA: &str = include_str!("log_record.avsc");

/// Avro schema of [`Telemetry`]. `sensor` is a `u32`, so a `long`; the
/// arrays must hold exactly 8 readings and 4 counters; `flags` is a `u8`,
/// range-checked when read.
pub const TELEMETRY_SCHEMA: &str = include_str!("telemetry.avsc");

/// Avro schema of [`Order`], with its nested `Customer` and `LineItem`
/// records. The ids are `u64`s bit-cast to `long`; `quantity` is a `u32`,
/// so a `long`.
pub const ORDER_SCHEMA: &str = include_str!("order.avsc");

#[derive(Serialize, Deserialize)]
#[serde(remote = "LogRecord", rename = "LogRecord")]
struct LogRecordAvro {
    timestamp_ms: i64,
    #[serde(with = "fixed")]
    ip: [u8; 4],
    #[serde(with = "bitcast_u64")]
    user_id: u64,
    method: String,
    path: String,
    status: u16,
    #[serde(with = "bitcast_u64")]
    bytes: u64,
    referrer: Option<String>,
    user_agent: String,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Telemetry", rename = "Telemetry")]
struct TelemetryAvro {
    timestamp_us: i64,
    sensor: u32,
    #[serde(with = "array")]
    readings: [f64; 8],
    #[serde(with = "array")]
    counters: [i32; 4],
    flags: u8,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Order", rename = "Order")]
struct OrderAvro {
    #[serde(with = "bitcast_u64")]
    id: u64,
    #[serde(with = "CustomerAvro")]
    customer: Customer,
    #[serde(with = "records")]
    items: Vec<LineItem>,
    #[serde(deserialize_with = "unique_map")]
    attributes: BTreeMap<String, String>,
    note: Option<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "Customer", rename = "Customer")]
struct CustomerAvro {
    #[serde(with = "bitcast_u64")]
    id: u64,
    name: String,
    email: Option<String>,
    tags: Vec<String>,
}

#[derive(Serialize, Deserialize)]
#[serde(remote = "LineItem", rename = "LineItem")]
struct LineItemAvro {
    sku: String,
    quantity: u32,
    price_cents: i64,
    discount: Option<f64>,
}

/// Implements [`AvroValue`] through a remote definition, and
/// [`AvroRecord`] too when given a schema.
macro_rules! avro_value {
    ($ty:ty, $def:ident $(, $schema:ident)?) => {
        impl AvroValue for $ty {
            fn serialize_avro<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                $def::serialize(self, serializer)
            }

            fn deserialize_avro<'de, D: Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Self, D::Error> {
                $def::deserialize(deserializer)
            }
        }

        $(
            impl AvroRecord for $ty {
                const SCHEMA: &'static str = $schema;

                fn schemas() -> &'static AvroSchemas {
                    static SCHEMAS: OnceLock<AvroSchemas> = OnceLock::new();
                    AvroSchemas::cached(&SCHEMAS, Self::SCHEMA)
                }
            }
        )?
    };
}

avro_value!(LogRecord, LogRecordAvro, LOG_RECORD_SCHEMA);
avro_value!(Telemetry, TelemetryAvro, TELEMETRY_SCHEMA);
avro_value!(Order, OrderAvro, ORDER_SCHEMA);
avro_value!(LineItem, LineItemAvro);
