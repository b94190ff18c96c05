use crate::records::{Customer, LineItem, LogRecord, Order, Telemetry};
use crate::registry::record_codecs;
use crate::Codec;
use std::collections::BTreeMap;

fn logs() -> Vec<LogRecord> {
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

fn telemetry() -> Vec<Telemetry> {
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

fn orders() -> Vec<Order> {
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

/// Every codec round-trips `value` exactly, and survives truncation and bit flips.
fn check_all<R: crate::serde_codecs::SerdeRecord + std::fmt::Debug>(value: Vec<R>) {
    for entry in record_codecs::<R>() {
        let Some(build) = entry.build else { continue };
        let codec = build();
        let mut buf = Vec::new();
        codec.encode(&value, &mut buf).unwrap();
        assert_eq!(codec.decode(&buf).as_ref(), Ok(&value), "{}", entry.info.id);
        // Hostile bytes: an error or a value, never a panic (or a hang).
        for cut in (0..buf.len()).step_by(buf.len() / 40 + 1) {
            let _ = codec.decode(&buf[..cut]);
        }
        for i in (0..buf.len()).step_by(buf.len() / 40 + 1) {
            let mut flipped = buf.clone();
            flipped[i] ^= 0x5a;
            if let Ok(v) = codec.decode(&flipped) {
                let _ = v.len();
            }
        }
    }
}

#[test]
fn every_record_codec_round_trips_every_dataset_and_survives_bad_bytes() {
    check_all(logs());
    check_all(telemetry());
    check_all(orders());
    check_all(Vec::<Order>::new());
}

#[test]
fn json_lines_reports_the_failing_record() {
    let codec = crate::serde_codecs::JsonLines::<Telemetry>::default();
    let mut buf = Vec::new();
    codec.encode(&telemetry()[..2].to_vec(), &mut buf).unwrap();
    buf.extend_from_slice(b"{\"broken\": true}\n");
    let err = codec.decode(&buf).unwrap_err().to_string();
    assert!(err.contains("record 3"), "{err}");
}
