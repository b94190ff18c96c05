//! The prost messages of `records.proto`, written by hand, and each record
//! type's conversion to and from its batch message.

use super::ProtoRecord;
use crate::records::{Customer, LineItem, LogRecord, Order, Telemetry};
use crate::CodecError;
use std::collections::BTreeMap;

/// `LogRecord` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LogRecordPb {
    /// Unix time, milliseconds.
    #[prost(int64, tag = "1")]
    pub timestamp_ms: i64,
    /// IPv4 address, read big-endian (network order).
    #[prost(fixed32, tag = "2")]
    pub ip: u32,
    /// Account id.
    #[prost(uint64, tag = "3")]
    pub user_id: u64,
    /// HTTP method.
    #[prost(string, tag = "4")]
    pub method: String,
    /// Request path.
    #[prost(string, tag = "5")]
    pub path: String,
    /// Response status (a u16 on the Rust side).
    #[prost(uint32, tag = "6")]
    pub status: u32,
    /// Response size.
    #[prost(uint64, tag = "7")]
    pub bytes: u64,
    /// Referrer, when sent.
    #[prost(string, optional, tag = "8")]
    pub referrer: Option<String>,
    /// User agent.
    #[prost(string, tag = "9")]
    pub user_agent: String,
}

/// `LogBatch` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LogBatch {
    /// The records.
    #[prost(message, repeated, tag = "1")]
    pub records: Vec<LogRecordPb>,
}

/// `Telemetry` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct TelemetryPb {
    /// Unix time, microseconds.
    #[prost(int64, tag = "1")]
    pub timestamp_us: i64,
    /// Sensor id.
    #[prost(uint32, tag = "2")]
    pub sensor: u32,
    /// Exactly eight readings (packed).
    #[prost(double, repeated, tag = "3")]
    pub readings: Vec<f64>,
    /// Exactly four counters (packed, zigzag).
    #[prost(sint32, repeated, tag = "4")]
    pub counters: Vec<i32>,
    /// Status bits (a u8 on the Rust side).
    #[prost(uint32, tag = "5")]
    pub flags: u32,
}

/// `TelemetryBatch` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct TelemetryBatch {
    /// The records.
    #[prost(message, repeated, tag = "1")]
    pub records: Vec<TelemetryPb>,
}

/// `Order` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct OrderPb {
    /// Order id.
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// Who ordered; required by the decoder.
    #[prost(message, optional, tag = "2")]
    pub customer: Option<CustomerPb>,
    /// What was ordered.
    #[prost(message, repeated, tag = "3")]
    pub items: Vec<LineItemPb>,
    /// Free-form attributes, in key order.
    #[prost(btree_map = "string, string", tag = "4")]
    pub attributes: BTreeMap<String, String>,
    /// A note, sometimes.
    #[prost(string, optional, tag = "5")]
    pub note: Option<String>,
}

/// `Customer` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct CustomerPb {
    /// Customer id.
    #[prost(uint64, tag = "1")]
    pub id: u64,
    /// Name.
    #[prost(string, tag = "2")]
    pub name: String,
    /// E-mail, when known.
    #[prost(string, optional, tag = "3")]
    pub email: Option<String>,
    /// Segment tags.
    #[prost(string, repeated, tag = "4")]
    pub tags: Vec<String>,
}

/// `LineItem` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct LineItemPb {
    /// Stock-keeping unit.
    #[prost(string, tag = "1")]
    pub sku: String,
    /// Quantity.
    #[prost(uint32, tag = "2")]
    pub quantity: u32,
    /// Unit price in cents.
    #[prost(int64, tag = "3")]
    pub price_cents: i64,
    /// Discount fraction, when any.
    #[prost(double, optional, tag = "4")]
    pub discount: Option<f64>,
}

/// `OrderBatch` of `records.proto`.
#[derive(Clone, PartialEq, prost::Message)]
pub struct OrderBatch {
    /// The records.
    #[prost(message, repeated, tag = "1")]
    pub records: Vec<OrderPb>,
}

/// The error for a decoded value the record cannot hold.
fn invalid(index: usize, what: std::fmt::Arguments<'_>) -> CodecError {
    CodecError::library("prost", format!("record {index}: {what}"))
}

/// A fixed-size array from a repeated field that must hold exactly `N`.
fn exact<T: Copy + Default, const N: usize>(
    index: usize,
    field: &str,
    values: &[T],
) -> Result<[T; N], CodecError> {
    <[T; N]>::try_from(values).map_err(|_| {
        invalid(
            index,
            format_args!("{field} holds {} values, not {N}", values.len()),
        )
    })
}

impl ProtoRecord for LogRecord {
    type Batch = LogBatch;

    fn to_batch(records: &[Self]) -> LogBatch {
        LogBatch {
            records: records
                .iter()
                .map(|r| LogRecordPb {
                    timestamp_ms: r.timestamp_ms,
                    ip: u32::from_be_bytes(r.ip),
                    user_id: r.user_id,
                    method: r.method.clone(),
                    path: r.path.clone(),
                    status: u32::from(r.status),
                    bytes: r.bytes,
                    referrer: r.referrer.clone(),
                    user_agent: r.user_agent.clone(),
                })
                .collect(),
        }
    }

    fn from_batch(batch: LogBatch) -> Result<Vec<Self>, CodecError> {
        batch
            .records
            .into_iter()
            .enumerate()
            .map(|(i, m)| {
                Ok(LogRecord {
                    timestamp_ms: m.timestamp_ms,
                    ip: m.ip.to_be_bytes(),
                    user_id: m.user_id,
                    method: m.method,
                    path: m.path,
                    status: u16::try_from(m.status).map_err(|_| {
                        invalid(i, format_args!("status {} is out of u16 range", m.status))
                    })?,
                    bytes: m.bytes,
                    referrer: m.referrer,
                    user_agent: m.user_agent,
                })
            })
            .collect()
    }
}

impl ProtoRecord for Telemetry {
    type Batch = TelemetryBatch;

    fn to_batch(records: &[Self]) -> TelemetryBatch {
        TelemetryBatch {
            records: records
                .iter()
                .map(|r| TelemetryPb {
                    timestamp_us: r.timestamp_us,
                    sensor: r.sensor,
                    readings: r.readings.to_vec(),
                    counters: r.counters.to_vec(),
                    flags: u32::from(r.flags),
                })
                .collect(),
        }
    }

    fn from_batch(batch: TelemetryBatch) -> Result<Vec<Self>, CodecError> {
        batch
            .records
            .into_iter()
            .enumerate()
            .map(|(i, m)| {
                Ok(Telemetry {
                    timestamp_us: m.timestamp_us,
                    sensor: m.sensor,
                    readings: exact(i, "readings", &m.readings)?,
                    counters: exact(i, "counters", &m.counters)?,
                    flags: u8::try_from(m.flags).map_err(|_| {
                        invalid(i, format_args!("flags {} is out of u8 range", m.flags))
                    })?,
                })
            })
            .collect()
    }
}

impl ProtoRecord for Order {
    type Batch = OrderBatch;

    fn to_batch(records: &[Self]) -> OrderBatch {
        OrderBatch {
            records: records
                .iter()
                .map(|r| OrderPb {
                    id: r.id,
                    customer: Some(CustomerPb {
                        id: r.customer.id,
                        name: r.customer.name.clone(),
                        email: r.customer.email.clone(),
                        tags: r.customer.tags.clone(),
                    }),
                    items: r
                        .items
                        .iter()
                        .map(|item| LineItemPb {
                            sku: item.sku.clone(),
                            quantity: item.quantity,
                            price_cents: item.price_cents,
                            discount: item.discount,
                        })
                        .collect(),
                    attributes: r.attributes.clone(),
                    note: r.note.clone(),
                })
                .collect(),
        }
    }

    fn from_batch(batch: OrderBatch) -> Result<Vec<Self>, CodecError> {
        batch
            .records
            .into_iter()
            .enumerate()
            .map(|(i, m)| {
                let c = m
                    .customer
                    .ok_or_else(|| invalid(i, format_args!("order {} has no customer", m.id)))?;
                Ok(Order {
                    id: m.id,
                    customer: Customer {
                        id: c.id,
                        name: c.name,
                        email: c.email,
                        tags: c.tags,
                    },
                    items: m
                        .items
                        .into_iter()
                        .map(|item| LineItem {
                            sku: item.sku,
                            quantity: item.quantity,
                            price_cents: item.price_cents,
                            discount: item.discount,
                        })
                        .collect(),
                    attributes: m.attributes,
                    note: m.note,
                })
            })
            .collect()
    }
}
