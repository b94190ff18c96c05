//! Small, awkward batches every record codec's tests share: escapes,
//! non-ASCII text, extreme floats, negative zero, empty and absent fields.

use super::{Customer, LineItem, LogRecord, Order, Telemetry};
use std::collections::BTreeMap;

pub(crate) fn logs() -> Vec<LogRecord> {
    (0..20)
        .map(|i| LogRecord {
            timestamp_ms: 1_700_000_000_000 + i * 997,
            ip: [10, 0, (i % 7) as u8, (i * 13 % 256) as u8],
            user_id: (i as u64) * 7_919,
            method: if i % 3 == 0 { "POST" } else { "GET" }.into(),
            path: format!("/api/v1/items/{i}?q=\"quoted\"&x=\\n"),
            status: if i % 5 == 0 { 404 } else { 200 },
            bytes: (i as u64) * 1_234,
            referrer: (i % 2 == 0).then(|| "https://example.org/ünïcode".to_string()),
            user_agent: "Mozilla/5.0 (X11; Linux x86_64)".into(),
        })
        .collect()
}

pub(crate) fn telemetry() -> Vec<Telemetry> {
    (0..20)
        .map(|i| Telemetry {
            timestamp_us: i * 1_000_003,
            sensor: i as u32,
            readings: [
                0.1,
                -0.0,
                1e-300,
                1e300,
                f64::MIN_POSITIVE,
                std::f64::consts::PI,
                -2.5,
                i as f64 / 3.0,
            ],
            counters: [i as i32, -1, i32::MAX, i32::MIN],
            flags: (i % 256) as u8,
        })
        .collect()
}

pub(crate) fn orders() -> Vec<Order> {
    (0..10)
        .map(|i| Order {
            id: i,
            customer: Customer {
                id: i * 31,
                name: format!("Customer {i}"),
                email: (i % 2 == 0).then(|| format!("c{i}@example.org")),
                tags: (0..i % 3).map(|t| format!("tag{t}")).collect(),
            },
            items: (0..i % 4)
                .map(|k| LineItem {
                    sku: format!("SKU-{k:05}"),
                    quantity: k as u32 + 1,
                    price_cents: 1999 * k as i64,
                    discount: (k % 2 == 1).then_some(0.15),
                })
                .collect(),
            attributes: BTreeMap::from([("channel".to_string(), "web".to_string())]),
            note: None,
        })
        .collect()
}

/// Decodes every prefix of `bytes` and every single-byte corruption of it
/// (three patterns per byte): each must give an error or a value, never a
/// panic. Returns the cuts that decoded, with their records.
#[cfg_attr(not(any(feature = "protobuf", feature = "avro")), allow(dead_code))]
pub(crate) fn every_cut_and_flip<R>(
    codec: &dyn crate::Codec<Vec<R>>,
    bytes: &[u8],
) -> Vec<(usize, Vec<R>)> {
    let mut decoded_cuts = Vec::new();
    for cut in 0..bytes.len() {
        if let Ok(v) = codec.decode(&bytes[..cut]) {
            decoded_cuts.push((cut, v));
        }
    }
    let mut flipped = bytes.to_vec();
    for i in 0..bytes.len() {
        for pattern in [0x01, 0x80, 0xff] {
            flipped[i] ^= pattern;
            let _ = codec.decode(&flipped);
            flipped[i] ^= pattern;
        }
    }
    decoded_cuts
}
