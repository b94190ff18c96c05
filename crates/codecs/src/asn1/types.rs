//! The ASN.1 mirror types of the records (`Records.asn`, beside this file,
//! is the same schema as ASN.1 text) and the conversions to and from the
//! record types.
//!
//! Each mirror is generic over its string type: the encoder gets one that
//! borrows the record's strings (`&str`), the decoder one that owns them
//! (`String`, moved into the record afterwards), so neither direction copies
//! a string it need not copy.

use super::Asn1Record;
use crate::records::{Customer, LineItem, LogRecord, Order, Telemetry};
use crate::CodecError;
use rasn::types::FixedOctetString;
// The derives call `Decoder` methods, which need the trait in scope.
use rasn::{AsnType, Decode, Decoder as _, Encode};
use std::collections::BTreeMap;

/// `Float64 ::= OCTET STRING (SIZE(8))`: an IEEE 754 binary64, big-endian.
///
/// Not `REAL`: rasn encodes `REAL` in OER only (BER, DER and PER reject it),
/// and one schema serves every rule set here. The bit pattern round-trips
/// every value exactly, -0.0, subnormals and NaN payloads included.
#[derive(AsnType, Encode, Decode, Debug, Clone, Copy, PartialEq)]
#[rasn(delegate)]
pub struct Float64(pub FixedOctetString<8>);

impl From<f64> for Float64 {
    fn from(value: f64) -> Self {
        Float64(FixedOctetString::new(value.to_bits().to_be_bytes()))
    }
}

impl From<Float64> for f64 {
    fn from(value: Float64) -> Self {
        f64::from_bits(u64::from_be_bytes(*value.0))
    }
}

/// `LogRecord` of `Records.asn`.
#[derive(AsnType, Encode, Decode, Debug, Clone, PartialEq)]
#[rasn(automatic_tags)]
pub struct LogRecordAsn<S> {
    pub timestamp_ms: i64,
    pub ip: FixedOctetString<4>,
    pub user_id: u64,
    pub method: S,
    pub path: S,
    pub status: u16,
    pub bytes: u64,
    pub referrer: Option<S>,
    pub user_agent: S,
}

/// `Telemetry` of `Records.asn`.
#[derive(AsnType, Encode, Decode, Debug, Clone, PartialEq)]
#[rasn(automatic_tags)]
pub struct TelemetryAsn {
    pub timestamp_us: i64,
    pub sensor: u32,
    pub readings: [Float64; 8],
    pub counters: [i32; 4],
    pub flags: u8,
}

/// `Order` of `Records.asn`.
#[derive(AsnType, Encode, Decode, Debug, Clone, PartialEq)]
#[rasn(automatic_tags)]
pub struct OrderAsn<S> {
    pub id: u64,
    pub customer: CustomerAsn<S>,
    pub items: Vec<LineItemAsn<S>>,
    pub attributes: Vec<AttributeAsn<S>>,
    pub note: Option<S>,
}

/// `Customer` of `Records.asn`.
#[derive(AsnType, Encode, Decode, Debug, Clone, PartialEq)]
#[rasn(automatic_tags)]
pub struct CustomerAsn<S> {
    pub id: u64,
    pub name: S,
    pub email: Option<S>,
    pub tags: Vec<S>,
}

/// `LineItem` of `Records.asn`.
#[derive(AsnType, Encode, Decode, Debug, Clone, PartialEq)]
#[rasn(automatic_tags)]
pub struct LineItemAsn<S> {
    pub sku: S,
    pub quantity: u32,
    pub price_cents: i64,
    pub discount: Option<Float64>,
}

/// One entry of `Order.attributes` (a map as a SEQUENCE OF key-value pairs,
/// keys strictly ascending).
#[derive(AsnType, Encode, Decode, Debug, Clone, PartialEq)]
#[rasn(automatic_tags)]
pub struct AttributeAsn<S> {
    pub key: S,
    pub value: S,
}

impl Asn1Record for LogRecord {
    type Encoded<'a> = LogRecordAsn<&'a str>;
    type Decoded = LogRecordAsn<String>;

    fn to_asn(&self) -> Self::Encoded<'_> {
        LogRecordAsn {
            timestamp_ms: self.timestamp_ms,
            ip: FixedOctetString::new(self.ip),
            user_id: self.user_id,
            method: self.method.as_str(),
            path: self.path.as_str(),
            status: self.status,
            bytes: self.bytes,
            referrer: self.referrer.as_deref(),
            user_agent: self.user_agent.as_str(),
        }
    }

    fn from_asn(v: Self::Decoded) -> Result<Self, CodecError> {
        Ok(LogRecord {
            timestamp_ms: v.timestamp_ms,
            ip: *v.ip,
            user_id: v.user_id,
            method: v.method,
            path: v.path,
            status: v.status,
            bytes: v.bytes,
            referrer: v.referrer,
            user_agent: v.user_agent,
        })
    }
}

impl Asn1Record for Telemetry {
    type Encoded<'a> = TelemetryAsn;
    type Decoded = TelemetryAsn;

    fn to_asn(&self) -> Self::Encoded<'_> {
        TelemetryAsn {
            timestamp_us: self.timestamp_us,
            sensor: self.sensor,
            readings: self.readings.map(Float64::from),
            counters: self.counters,
            flags: self.flags,
        }
    }

    fn from_asn(v: Self::Decoded) -> Result<Self, CodecError> {
        Ok(Telemetry {
            timestamp_us: v.timestamp_us,
            sensor: v.sensor,
            readings: v.readings.map(f64::from),
            counters: v.counters,
            flags: v.flags,
        })
    }
}

impl Asn1Record for Order {
    type Encoded<'a> = OrderAsn<&'a str>;
    type Decoded = OrderAsn<String>;

    fn to_asn(&self) -> Self::Encoded<'_> {
        let c = &self.customer;
        OrderAsn {
            id: self.id,
            customer: CustomerAsn {
                id: c.id,
                name: c.name.as_str(),
                email: c.email.as_deref(),
                tags: c.tags.iter().map(String::as_str).collect(),
            },
            items: self
                .items
                .iter()
                .map(|item| LineItemAsn {
                    sku: item.sku.as_str(),
                    quantity: item.quantity,
                    price_cents: item.price_cents,
                    discount: item.discount.map(Float64::from),
                })
                .collect(),
            attributes: self
                .attributes
                .iter()
                .map(|(key, value)| AttributeAsn {
                    key: key.as_str(),
                    value: value.as_str(),
                })
                .collect(),
            note: self.note.as_deref(),
        }
    }

    fn from_asn(v: Self::Decoded) -> Result<Self, CodecError> {
        let mut attributes = BTreeMap::new();
        for AttributeAsn { key, value } in v.attributes {
            // Keys strictly ascending, as the encoder writes them: a map has
            // one encoding, and a repeated key is an error, not a silent merge.
            if attributes
                .last_key_value()
                .is_some_and(|(last, _)| *last >= key)
            {
                return Err(CodecError::library(
                    "rasn",
                    format!(
                        "order {}: attribute keys not strictly ascending at {key:?}",
                        v.id
                    ),
                ));
            }
            attributes.insert(key, value);
        }
        let c = v.customer;
        Ok(Order {
            id: v.id,
            customer: Customer {
                id: c.id,
                name: c.name,
                email: c.email,
                tags: c.tags,
            },
            items: v
                .items
                .into_iter()
                .map(|item| LineItem {
                    sku: item.sku,
                    quantity: item.quantity,
                    price_cents: item.price_cents,
                    discount: item.discount.map(f64::from),
                })
                .collect(),
            attributes,
            note: v.note,
        })
    }
}
