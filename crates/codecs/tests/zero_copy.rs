//! Zero-copy views read in place: visiting a batch allocates nothing, however
//! many records it holds. Plus the Cap'n Proto framing edge cases: input that
//! is not 8-byte aligned, and bytes after the message.
//!
//! Its own test binary because it counts allocations with a global
//! allocator (per thread, so tests running beside it do not count).

#![cfg(feature = "zero-copy")]

use encbench_codecs::matrix::MatrixRecord;
use encbench_codecs::records::{digest_of, Customer, LineItem, LogRecord, Order, Telemetry};
use encbench_codecs::registry::{record_codecs, record_views};
use encbench_codecs::{Codec, CodecError};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::collections::BTreeMap;

struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

// SAFETY: forwards to the system allocator; only counts.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCATIONS.with(Cell::get);
    let value = f();
    (value, ALLOCATIONS.with(Cell::get) - before)
}

fn logs(n: usize) -> Vec<LogRecord> {
    (0..n)
        .map(|i| LogRecord {
            timestamp_ms: 1_700_000_000_000 + i as i64,
            ip: [192, 168, (i / 256) as u8, i as u8],
            user_id: i as u64 * 13,
            method: "GET".into(),
            path: format!("/items/{i}"),
            status: 200,
            bytes: 512 + i as u64,
            referrer: (i % 2 == 0).then(|| "https://example.org/".into()),
            user_agent: "curl/8".into(),
        })
        .collect()
}

fn telemetry(n: usize) -> Vec<Telemetry> {
    (0..n)
        .map(|i| Telemetry {
            timestamp_us: i as i64 * 1_000,
            sensor: i as u32,
            readings: [
                i as f64,
                -0.0,
                1.5,
                f64::MAX,
                f64::MIN_POSITIVE,
                -1e-300,
                0.25,
                3.0,
            ],
            counters: [i as i32, -1, i32::MIN, i32::MAX],
            flags: i as u8,
        })
        .collect()
}

fn orders(n: usize) -> Vec<Order> {
    (0..n as u64)
        .map(|i| Order {
            id: i,
            customer: Customer {
                id: i * 7,
                name: format!("c{i}"),
                email: (i % 3 == 0).then(|| format!("c{i}@example.org")),
                tags: (0..i % 3).map(|t| format!("t{t}")).collect(),
            },
            items: (0..i % 4)
                .map(|k| LineItem {
                    sku: format!("S{k}"),
                    quantity: k as u32,
                    price_cents: -(k as i64),
                    discount: (k % 2 == 0).then_some(0.5),
                })
                .collect(),
            attributes: BTreeMap::from([("a".into(), "1".into()), ("b".into(), String::new())]),
            note: (i % 2 == 1).then(|| "note".into()),
        })
        .collect()
}

fn codec<R: MatrixRecord>(id: &str) -> Box<dyn Codec<Vec<R>>> {
    let entry = record_codecs::<R>()
        .into_iter()
        .find(|e| e.info.id == id)
        .unwrap_or_else(|| panic!("{id} listed"));
    (entry.build.expect("zero-copy is on"))()
}

fn views_allocate_at_most_once<R: MatrixRecord>(make: fn(usize) -> Vec<R>) {
    for entry in record_views::<R>() {
        let view = (entry.build.expect("zero-copy is on"))();
        let id = entry.info.id;
        // Constant in the number of records: none for FlatBuffers and Cap'n
        // Proto; rkyv's validator keeps one table of shared pointers.
        let mut counts = Vec::new();
        for n in [0, 1, 300] {
            let records = make(n);
            let mut bytes = Vec::new();
            codec::<R>(view.source())
                .encode(&records, &mut bytes)
                .unwrap();
            let (digest, allocations) = allocations_during(|| view.visit(&bytes));
            assert_eq!(digest, Ok(digest_of(&records)), "{id}, {n} records");
            counts.push(allocations);
        }
        let allowed = u64::from(id == "record/rkyv-view");
        assert!(
            counts.iter().all(|c| *c <= allowed),
            "{id} allocated {counts:?} times visiting 0, 1 and 300 records"
        );
    }
}

#[test]
fn views_visit_without_allocating() {
    views_allocate_at_most_once(logs);
    views_allocate_at_most_once(telemetry);
    views_allocate_at_most_once(orders);
}

fn capnp_framing<R: MatrixRecord>(records: Vec<R>) {
    let view = record_views::<R>()
        .into_iter()
        .find(|e| e.info.id == "record/capnp-view")
        .and_then(|e| e.build)
        .expect("capnp view")();
    for id in ["record/capnp", "record/capnp-packed"] {
        let codec = codec::<R>(id);
        let mut bytes = Vec::new();
        codec.encode(&records, &mut bytes).unwrap();
        // One byte in: the same bytes, no longer 8-byte aligned.
        let mut shifted = vec![0u8; bytes.len() + 1];
        shifted[1..].copy_from_slice(&bytes);
        let unaligned = &shifted[1..];
        assert_eq!(
            codec.decode(unaligned).as_ref(),
            Ok(&records),
            "{id} unaligned"
        );
        if id == "record/capnp" {
            assert_eq!(
                view.visit(unaligned),
                Ok(digest_of(&records)),
                "view unaligned"
            );
        }
        // A word after the message is not part of it.
        bytes.extend_from_slice(&[0; 8]);
        assert!(
            matches!(
                codec.decode(&bytes),
                Err(CodecError::Trailing { count: 8, .. })
            ),
            "{id} accepted trailing bytes"
        );
        if id == "record/capnp" {
            assert!(view.visit(&bytes).is_err(), "view accepted trailing bytes");
        }
    }
}

#[test]
fn capnp_reads_unaligned_input_and_rejects_trailing_bytes() {
    capnp_framing(logs(5));
    capnp_framing(telemetry(5));
    capnp_framing(orders(5));
}

#[test]
fn a_batch_larger_than_one_default_capnp_segment_round_trips() {
    // 20,000 orders take several of the default 1,024-word segments, and
    // the second encoding starts with one segment sized from the first.
    let records = orders(20_000);
    let codec = codec::<Order>("record/capnp");
    for _ in 0..2 {
        let mut bytes = Vec::new();
        codec.encode(&records, &mut bytes).unwrap();
        assert_eq!(codec.decode(&bytes).as_ref(), Ok(&records));
    }
}

#[test]
fn every_cut_and_any_trailing_byte_is_an_error() {
    // The shared matrix test samples cut points; here every one. A bare
    // FlatBuffer's last bytes can be alignment padding, which is why the
    // codec writes the size prefix.
    for id in ["record/flatbuffers", "record/capnp", "record/capnp-packed"] {
        let records = logs(3);
        let codec = codec::<LogRecord>(id);
        let mut bytes = Vec::new();
        codec.encode(&records, &mut bytes).unwrap();
        for cut in 0..bytes.len() {
            assert!(codec.decode(&bytes[..cut]).is_err(), "{id}: cut at {cut}");
        }
        bytes.push(0);
        assert!(codec.decode(&bytes).is_err(), "{id}: trailing byte");
    }
}

#[test]
fn rkyv_reads_input_at_any_alignment() {
    let records = orders(7);
    let codec = codec::<Order>("record/rkyv");
    let mut bytes = Vec::new();
    codec.encode(&records, &mut bytes).unwrap();
    for offset in 0..16 {
        let mut shifted = vec![0u8; offset];
        shifted.extend_from_slice(&bytes);
        assert_eq!(
            codec.decode(&shifted[offset..]).as_ref(),
            Ok(&records),
            "offset {offset}"
        );
    }
}
