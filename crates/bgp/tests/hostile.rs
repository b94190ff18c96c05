//! Lengths and counts that promise far more than the input holds must not
//! turn into allocations of that size. A wrapping allocator records the
//! largest single request made while each hostile input is decoded.

use encbench_bgp::mrt::MrtReader;
use encbench_bgp::wire::{decode_message, AsSize};
use encbench_bgp::{cbor, table};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

struct Largest;

static LARGEST: AtomicUsize = AtomicUsize::new(0);
/// Tests run on several threads; one measurement at a time.
static SERIAL: Mutex<()> = Mutex::new(());

unsafe impl GlobalAlloc for Largest {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        LARGEST.fetch_max(layout.size(), Ordering::Relaxed);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        LARGEST.fetch_max(new_size, Ordering::Relaxed);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOC: Largest = Largest;

/// The largest allocation `f` made, and its result.
fn largest<T>(f: impl FnOnce() -> T) -> (usize, T) {
    let _guard = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    LARGEST.store(0, Ordering::Relaxed);
    let out = f();
    (LARGEST.load(Ordering::Relaxed), out)
}

const LIMIT: usize = 64 << 10;

fn first_error(bytes: &[u8]) -> String {
    let mut r = MrtReader::new(bytes);
    loop {
        match r.next_record() {
            Ok(Some(_)) => continue,
            Ok(None) => return "no error".into(),
            Err(e) => return e.to_string(),
        }
    }
}

fn mrt(kind: u16, subtype: u16, claimed: u32, body: &[u8]) -> Vec<u8> {
    let mut v = 1_000_000u32.to_be_bytes().to_vec();
    v.extend_from_slice(&kind.to_be_bytes());
    v.extend_from_slice(&subtype.to_be_bytes());
    v.extend_from_slice(&claimed.to_be_bytes());
    v.extend_from_slice(body);
    v
}

#[test]
fn record_length_near_the_cap_reads_only_what_is_there() {
    let input = mrt(16, 1, 16 << 20, &[0; 40]);
    let (big, e) = largest(|| first_error(&input));
    assert_eq!(
        e,
        "truncated MRT record: header says 16777216 bytes, 40 present at byte 52"
    );
    assert!(big < LIMIT, "allocated {big} bytes");
    let (_, e) = largest(|| first_error(&mrt(16, 1, u32::MAX, &[])));
    assert_eq!(
        e,
        "MRT record length 4294967295 over the 16777216-byte cap at byte 8"
    );
}

#[test]
fn peer_and_entry_counts_beyond_the_body() {
    // PEER_INDEX_TABLE: collector id, empty view name, 65535 peers, none present.
    let body = [0, 0, 0, 0, 0, 0, 0xff, 0xff];
    let (big, e) = largest(|| first_error(&mrt(13, 1, body.len() as u32, &body)));
    assert_eq!(e, "truncated peer type: needs 1 bytes, 0 left at byte 20");
    assert!(big < LIMIT, "allocated {big} bytes");
    // RIB_IPV4_UNICAST: sequence, 0.0.0.0/0, 65535 entries, none present.
    let body = [0, 0, 0, 1, 0, 0xff, 0xff];
    let (big, e) = largest(|| first_error(&mrt(13, 2, body.len() as u32, &body)));
    assert_eq!(e, "truncated peer index: needs 2 bytes, 0 left at byte 19");
    assert!(big < LIMIT, "allocated {big} bytes");
}

#[test]
fn attribute_and_segment_lengths_beyond_the_message() {
    let mut m = vec![0xff; 16];
    m.extend_from_slice(&[0, 30, 2, 0, 0, 0, 7]);
    // AS_PATH, extended length 65535, with 4 bytes present.
    m.extend_from_slice(&[0x50, 2, 0xff, 0xff, 2, 255, 0, 1]);
    let (big, e) = largest(|| decode_message(&m, AsSize::Four));
    assert_eq!(
        e.unwrap_err().to_string(),
        "truncated attribute value: needs 65535 bytes, 3 left at byte 27"
    );
    assert!(big < LIMIT, "allocated {big} bytes");
}

#[test]
fn cbor_array_claiming_billions_of_updates() {
    // Array header with a 4-byte count of 0xffffffff, then nothing.
    let input = [0x9a, 0xff, 0xff, 0xff, 0xff];
    let (big, r) = largest(|| cbor::decode(&input));
    assert!(r.is_err());
    assert!(big < 2 << 20, "allocated {big} bytes");
}

#[test]
fn wire_stream_of_headers_only() {
    let mut m = vec![0xff; 16];
    m.extend_from_slice(&[0xff, 0xff, 2]);
    let (big, r) = largest(|| table::decode_wire(&m));
    assert_eq!(
        r.unwrap_err().to_string(),
        "message length 65535 outside 19..=19 (bytes available) at byte 16"
    );
    assert!(big < LIMIT, "allocated {big} bytes");
}
