//! The ASN.1 codecs against the schema: known encodings, bit-exact floats,
//! strict decoding, and hostile bytes.
//!
//! The golden encodings below were written by an independent implementation
//! (Python's asn1tools 0.169, compiling `Records.asn` for each rule set), so
//! they pin the Rust mirror types to the committed schema text.

use super::*;
use crate::records::fixtures::{logs, orders, telemetry};
use crate::records::{digest_of, Customer, LineItem, LogRecord, Order, Telemetry};
use crate::Codec;
use std::collections::BTreeMap;

fn encode<R, C: Codec<Vec<R>> + Default>(records: &Vec<R>) -> Vec<u8> {
    let mut out = Vec::new();
    C::default().encode(records, &mut out).expect("encodes");
    out
}

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

fn small_log() -> LogRecord {
    LogRecord {
        timestamp_ms: -1,
        ip: [192, 168, 0, 1],
        user_id: u64::MAX,
        method: "GET".into(),
        path: "/".into(),
        status: 200,
        bytes: 0,
        referrer: None,
        user_agent: "ü".into(),
    }
}

fn small_telemetry() -> Telemetry {
    Telemetry {
        timestamp_us: i64::MIN,
        sensor: u32::MAX,
        readings: [
            -0.0,
            1e-300,
            5e-324, // the smallest subnormal
            f64::INFINITY,
            1.5,
            f64::MAX,
            f64::MIN_POSITIVE,
            -2.5,
        ],
        counters: [0, -1, i32::MAX, i32::MIN],
        flags: 255,
    }
}

fn small_order() -> Order {
    Order {
        id: 1,
        customer: Customer {
            id: 2,
            name: "n".into(),
            email: Some("e@x".into()),
            tags: vec!["a".into(), "b".into()],
        },
        items: vec![
            LineItem {
                sku: "s".into(),
                quantity: 3,
                price_cents: -4,
                discount: Some(0.5),
            },
            LineItem {
                sku: String::new(),
                quantity: 0,
                price_cents: 0,
                discount: None,
            },
        ],
        attributes: BTreeMap::from([
            ("k".to_string(), "v".to_string()),
            ("l".to_string(), String::new()),
        ]),
        note: Some(String::new()),
    }
}

/// Encodes to exactly `golden` and decodes `golden` back, bit for bit.
fn check_golden<R: crate::matrix::MatrixRecord, C: Codec<Vec<R>> + Default>(
    id: &str,
    record: R,
    golden: &str,
) {
    let batch = vec![record];
    let bytes = encode::<R, C>(&batch);
    assert_eq!(
        bytes,
        unhex(golden),
        "{id}: rasn's encoding differs from the schema's"
    );
    let back = C::default().decode(&bytes).expect(id);
    assert_eq!(digest_of(&back), digest_of(&batch), "{id}");
}

macro_rules! goldens {
    ($codec:ident, $log:expr, $telemetry:expr, $order:expr) => {
        check_golden::<_, $codec<LogRecord>>(stringify!($codec), small_log(), $log);
        check_golden::<_, $codec<Telemetry>>(stringify!($codec), small_telemetry(), $telemetry);
        check_golden::<_, $codec<Order>>(stringify!($codec), small_order(), $order);
    };
}

#[test]
fn encodings_match_the_schema_text() {
    // BER as rasn writes it (definite lengths, primitive strings) is DER.
    for_ber_and_der();
    goldens!(
        Aper,
        "01707fffffffffffffffc0a80001e0ffffffffffffffff03474554012f00c8000002c3bc",
        "010000c0ffffffff800000000000000001a56e1fc2f8f35900000000000000017ff000000000\
         00003ff80000000000007fefffffffffffff0010000000000000c004000000000000c0800000\
         00c07fffffffc0ffffffff0000ff",
        "0180018002016e036540780201610162028001730003e07ffffffffffffffc3fe00000000000\
         0000000000e0800000000000000002016b0176016c0000"
    );
    goldens!(
        Uper,
        "013fffffffffffffffe0540000ffffffffffffffff81a3a2aa0097806400000000000000000161de00",
        "010000000000000000ffffffff800000000000000001a56e1fc2f8f35900000000000000017f\
         f00000000000003ff80000000000007fefffffffffffff0010000000000000c0040000000000\
         00800000007fffffffffffffff00000000ff",
        "018000000000000000c000000000000000805b80d9501e008058405880a02e60000000\
         6fffffffffffffff87fc00000000000000000000000800000000000000002016b0176016c00000"
    );
    goldens!(
        Coer,
        "010100ffffffffffffffffc0a80001ffffffffffffffff03474554012f00c8000000000000000002c3bc",
        "01018000000000000000ffffffff0108800000000000000001a56e1fc2f8f35900000000000000\
         017ff00000000000003ff80000000000007fefffffffffffff0010000000000000c00400000000\
         0000010400000000ffffffff7fffffff80000000ff",
        "01018000000000000000018000000000000000020\
         16e03654078010201610162010280017300000003fffffffffffffffc3fe000000000000000000\
         000000000000000000000000102016b0176016c0000"
    );
}

fn for_ber_and_der() {
    let log = "302930278001ff8104c0a80001820900ffffffffffffffff830347455484012f850200c8860100\
               8802c3bc";
    let telemetry = "307d307b80088000000000000000810500ffffffffa25004088000000000000000040801a5\
                     6e1fc2f8f3590408000000000000000104087ff000000000000004083ff80000000000000408\
                     7fefffffffffffff040800100000000000000408c004000000000000a3120201000201ff0204\
                     7fffffff020480000000840200ff";
    let order = "304e304c800101a11380010281016e8203654078a3060c01610c0162a21f30138001738101038201\
                 fc83083fe000000000000030088000810100820100a30f300680016b810176300580016c81008400";
    goldens!(Ber, log, telemetry, order);
    goldens!(Der, log, telemetry, order);
}

#[test]
fn floats_and_fixtures_round_trip_bit_exactly() {
    // The records' PartialEq calls -0.0 and 0.0 equal and NaN unequal to
    // itself; the digest folds the bit patterns in, so compare that.
    let mut odd = small_telemetry();
    odd.readings[3] = f64::from_bits(0x7ff8_dead_beef_0001); // a NaN with a payload
    odd.readings[4] = -f64::from_bits(1); // a negative subnormal
    let odd = vec![odd];
    macro_rules! check {
        ($codec:ident) => {
            for (id, digest, got) in [
                ("odd floats", digest_of(&odd), {
                    let c = $codec::<Telemetry>::default();
                    digest_of(&c.decode(&encode::<_, $codec<_>>(&odd)).unwrap())
                }),
                ("telemetry", digest_of(&telemetry()), {
                    let c = $codec::<Telemetry>::default();
                    digest_of(&c.decode(&encode::<_, $codec<_>>(&telemetry())).unwrap())
                }),
                ("logs", digest_of(&logs()), {
                    let c = $codec::<LogRecord>::default();
                    digest_of(&c.decode(&encode::<_, $codec<_>>(&logs())).unwrap())
                }),
                ("orders", digest_of(&orders()), {
                    let c = $codec::<Order>::default();
                    digest_of(&c.decode(&encode::<_, $codec<_>>(&orders())).unwrap())
                }),
            ] {
                assert_eq!(got, digest, "{} {id}", stringify!($codec));
            }
        };
    }
    check!(Ber);
    check!(Der);
    check!(Aper);
    check!(Uper);
    check!(Coer);
}

#[test]
fn an_empty_batch_is_an_empty_sequence_of() {
    let empty: Vec<Order> = Vec::new();
    assert_eq!(encode::<_, Ber<_>>(&empty), [0x30, 0x00]);
    assert_eq!(encode::<_, Der<_>>(&empty), [0x30, 0x00]);
    assert_eq!(encode::<_, Aper<_>>(&empty), [0x00]);
    assert_eq!(encode::<_, Uper<_>>(&empty), [0x00]);
    assert_eq!(encode::<_, Coer<_>>(&empty), [0x01, 0x00]);
}

#[test]
fn trailing_bytes_are_an_error() {
    let batch = vec![small_order()];
    macro_rules! check {
        ($codec:ident) => {
            let mut bytes = encode::<_, $codec<Order>>(&batch);
            let len = bytes.len();
            bytes.push(0);
            assert!(
                matches!(
                    $codec::<Order>::default().decode(&bytes),
                    Err(CodecError::Trailing { offset, count: 1 }) if offset == len
                ),
                "{}",
                stringify!($codec)
            );
        };
    }
    check!(Ber);
    check!(Der);
    check!(Aper);
    check!(Uper);
    check!(Coer);
}

#[test]
fn ber_takes_any_ber_der_and_coer_only_their_canonical_form() {
    // An empty SEQUENCE OF with an indefinite length: BER, not DER.
    let indefinite = [0x30, 0x80, 0x00, 0x00];
    assert_eq!(Ber::<Order>::default().decode(&indefinite), Ok(vec![]));
    assert!(Der::<Order>::default().decode(&indefinite).is_err());
    // A quantity of 0 in two octets: OER, not canonical OER.
    assert!(Coer::<Order>::default()
        .decode(&[0x02, 0x00, 0x00])
        .is_err());
}

#[test]
fn map_keys_must_be_strictly_ascending() {
    let pair = |key, value| AttributeAsn { key, value };
    let base = small_order();
    let mut order = base.to_asn();
    for attributes in [
        vec![pair("l", ""), pair("k", "v")],  // out of order
        vec![pair("k", "v"), pair("k", "w")], // repeated
    ] {
        order.attributes = attributes;
        let bytes = rasn::der::encode(&vec![&order]).unwrap();
        let err = Der::<Order>::default().decode(&bytes).unwrap_err();
        assert!(err.to_string().contains("strictly ascending"), "{err}");
    }
}

/// Decodes every prefix of `bytes` and, unless `cuts_only`, every single
/// byte of it flipped by each of several masks: an error or a value, never a
/// panic, and no allocation beyond what the input can justify (a test run
/// under `ulimit -v` shows the latter).
fn survive<R, C: Codec<Vec<R>> + Default>(bytes: &[u8], cuts_only: bool) {
    let codec = C::default();
    for cut in 0..bytes.len() {
        let _ = codec.decode(&bytes[..cut]);
    }
    if cuts_only {
        return;
    }
    let mut flipped = bytes.to_vec();
    for i in 0..bytes.len() {
        for mask in [0x01, 0x04, 0x10, 0x80, 0xff, 0x5a] {
            flipped[i] ^= mask;
            let _ = codec.decode(&flipped);
            flipped[i] ^= mask;
        }
    }
}

#[test]
fn every_cut_and_flipped_byte_is_an_error_or_a_value() {
    // Small batches that still hold every shape: an absent and a present
    // option, empty and non-empty lists, a map.
    let logs = logs()[..2].to_vec();
    let telemetry = telemetry()[..2].to_vec();
    let orders = orders()[2..6].to_vec();
    macro_rules! check {
        ($codec:ident, $cuts_only:expr) => {
            survive::<_, $codec<LogRecord>>(&encode::<_, $codec<_>>(&logs), $cuts_only);
            survive::<_, $codec<Telemetry>>(&encode::<_, $codec<_>>(&telemetry), $cuts_only);
            survive::<_, $codec<Order>>(&encode::<_, $codec<_>>(&orders), $cuts_only);
        };
    }
    check!(Ber, false);
    check!(Der, false);
    check!(Aper, false);
    check!(Uper, false);
    // Cuts only: flipped bytes can make a COER quantity claim billions of
    // elements, which rasn 0.30 preallocates; see the ignored test below.
    check!(Coer, true);
}

/// rasn 0.30's OER decoder (`oer/de.rs`, `decode_sequence_of`) calls
/// `Vec::with_capacity` with the quantity field as read, before reading any
/// element: a huge quantity panics with "capacity overflow", a large one
/// aborts the process ("memory allocation of … bytes failed"). Nothing
/// outside rasn can bound it (every SEQUENCE OF, nested ones and fixed-size
/// arrays included, goes through it), so `record/asn1-coer` is not safe on
/// untrusted input until rasn bounds the reservation by the input left, as
/// its PER decoder does. Un-ignore once fixed; run alone, it aborts.
#[test]
#[ignore = "rasn 0.30 COER preallocates a SEQUENCE OF's claimed quantity: panics or aborts"]
fn coer_hostile_quantities_are_errors() {
    let codec = Coer::<Telemetry>::default();
    // Quantity 2^63 - 1: "capacity overflow" panic.
    assert!(codec
        .decode(&[0x08, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
        .is_err());
    // Quantity 2^32 (of ~100-byte elements): allocation failure, abort.
    assert!(codec.decode(&[0x05, 0x01, 0x00, 0x00, 0x00, 0x00]).is_err());
    // One record whose readings (SIZE(8)) claim 2^40 elements: abort.
    let mut nested = vec![0x01, 0x01];
    nested.extend_from_slice(&[0; 12]);
    nested.extend_from_slice(&[0x06, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00]);
    assert!(codec.decode(&nested).is_err());
}
