//! The prost codec: extremes round-trip, values the records cannot hold
//! are errors, and no input panics.

use super::*;
use crate::records::fixtures::{every_cut_and_flip, logs, orders, telemetry};
use crate::records::{LogRecord, Order, Telemetry};

fn encode<M: Message>(message: &M) -> Vec<u8> {
    message.encode_to_vec()
}

fn decode_err<R: ProtoRecord + std::fmt::Debug>(bytes: &[u8]) -> String {
    Protobuf::<R>::default()
        .decode(bytes)
        .expect_err("must be rejected")
        .to_string()
}

fn one_log() -> LogRecordPb {
    LogBatch::decode(&encode(&LogRecord::to_batch(&logs()[..1]))[..])
        .unwrap()
        .records
        .remove(0)
}

fn one_telemetry() -> TelemetryPb {
    Telemetry::to_batch(&telemetry()[..1]).records.remove(0)
}

#[test]
fn extremes_round_trip() {
    let mut l = logs();
    l[0].user_id = u64::MAX;
    l[0].bytes = u64::MAX;
    l[0].timestamp_ms = i64::MIN;
    l[0].status = u16::MAX;
    l[0].ip = [255, 0, 0, 1];
    l[1].ip = [0; 4];
    let codec = Protobuf::<LogRecord>::default();
    let mut buf = Vec::new();
    codec.encode(&l, &mut buf).unwrap();
    assert_eq!(codec.decode(&buf).unwrap(), l);

    let mut t = telemetry();
    t[0].sensor = u32::MAX;
    t[0].flags = u8::MAX;
    t[0].readings[0] = f64::NAN;
    let codec = Protobuf::<Telemetry>::default();
    buf.clear();
    codec.encode(&t, &mut buf).unwrap();
    let back = codec.decode(&buf).unwrap();
    assert!(back[0].readings[0].is_nan());
    assert_eq!(back[1..], t[1..]);

    let mut o = orders();
    o[0].id = u64::MAX;
    o[0].customer.id = u64::MAX;
    o[1].note = Some(String::new());
    o[1].customer.email = Some(String::new());
    o[2].attributes.insert(String::new(), String::new());
    let codec = Protobuf::<Order>::default();
    buf.clear();
    codec.encode(&o, &mut buf).unwrap();
    assert_eq!(codec.decode(&buf).unwrap(), o);
}

#[test]
fn the_ip_is_a_big_endian_fixed32() {
    let mut l = logs();
    l.truncate(1);
    l[0].ip = [10, 0, 0, 1];
    let batch = LogBatch::decode(&encode(&LogRecord::to_batch(&l))[..]).unwrap();
    assert_eq!(batch.records[0].ip, 0x0A00_0001);
}

#[test]
fn out_of_range_values_are_errors_not_truncations() {
    let mut m = one_log();
    m.status = 65_536;
    let err = decode_err::<LogRecord>(&encode(&LogBatch { records: vec![m] }));
    assert!(err.contains("status 65536"), "{err}");

    let mut m = one_telemetry();
    m.flags = 256;
    let err = decode_err::<Telemetry>(&encode(&TelemetryBatch { records: vec![m] }));
    assert!(err.contains("flags 256"), "{err}");
}

#[test]
fn fixed_size_arrays_need_their_exact_count() {
    for (readings, counters) in [(7, 4), (9, 4), (0, 4), (8, 3), (8, 5)] {
        let mut m = one_telemetry();
        m.readings.resize(readings, 1.5);
        m.counters.resize(counters, -7);
        let err = decode_err::<Telemetry>(&encode(&TelemetryBatch { records: vec![m] }));
        assert!(err.contains("holds"), "{readings}/{counters}: {err}");
    }
}

#[test]
fn an_order_without_customer_is_an_error() {
    let mut batch = Order::to_batch(&orders());
    batch.records[3].customer = None;
    let err = decode_err::<Order>(&encode(&batch));
    assert!(
        err.contains("record 3") && err.contains("no customer"),
        "{err}"
    );
}

#[test]
fn an_empty_input_is_an_empty_batch() {
    // Protobuf has no framing: zero bytes are a message with every field absent.
    assert_eq!(Protobuf::<Order>::default().decode(&[]), Ok(vec![]));
}

#[test]
fn no_cut_or_flipped_byte_panics() {
    fn check<R: ProtoRecord + Clone + PartialEq + std::fmt::Debug>(value: Vec<R>) {
        let codec = Protobuf::<R>::default();
        let mut buf = Vec::new();
        codec.encode(&value, &mut buf).unwrap();
        for (cut, v) in every_cut_and_flip(&codec, &buf) {
            // A cut between two records is a valid, shorter batch.
            assert!(
                v.len() < value.len() && v[..] == value[..v.len()],
                "cut {cut}"
            );
        }
    }
    check(logs());
    check(telemetry());
    check(orders());
}
