//! Truncated, corrupted and random bytes: every decode returns Ok or an
//! error, never panics, and no allocation grows past what the input could
//! justify (a counting allocator watches the largest single request).

use encbench_codecs::{Codec, CodecError};
use encbench_megaco_asn1::{ber_vectors, per_vectors, Ber, Per, TapeBer, TapePer};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicUsize, Ordering};

struct Watch;

static LARGEST: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    // Only the decoding thread's requests count: tests run in parallel.
    // A const, drop-free cell, so reading it never allocates.
    static WATCHING: Cell<bool> = const { Cell::new(false) };
}

fn note(size: usize) {
    if WATCHING.with(Cell::get) {
        LARGEST.fetch_max(size, Ordering::Relaxed);
    }
}

// SAFETY: forwards to the system allocator, only recording sizes.
unsafe impl GlobalAlloc for Watch {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        note(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Watch = Watch;

/// No single allocation while decoding hostile input may exceed this; the
/// largest message is 1,445 bytes of text, so 1 MiB means a length was trusted.
const CAP: usize = 1 << 20;

fn hostile_inputs(vectors: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let mut inputs = Vec::new();
    for bytes in vectors {
        for len in 0..bytes.len() {
            inputs.push(bytes[..len].to_vec());
        }
    }
    for bytes in vectors.iter().step_by(15) {
        for bit in 0..bytes.len() * 8 {
            let mut flipped = bytes.clone();
            flipped[bit / 8] ^= 1 << (bit % 8);
            inputs.push(flipped);
        }
        // Lengths and counts at their largest.
        for at in 0..bytes.len() {
            let mut big = bytes.clone();
            big[at] = 0xFF;
            inputs.push(big);
        }
    }
    // Seeded xorshift noise, some of it behind a valid-looking start.
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for n in 0..2000 {
        let mut noise = Vec::new();
        for _ in 0..(n % 300) {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            noise.push(state as u8);
        }
        if n % 2 == 0 {
            let prefix = &vectors[n % vectors.len()];
            let keep = prefix.len().min(n % 12);
            noise.splice(0..0, prefix[..keep].iter().copied());
        }
        inputs.push(noise);
    }
    inputs
}

/// Decodes every hostile input; returns how many errors named an offset.
fn survive<T>(codec: &dyn Codec<T>, vectors: Vec<Vec<u8>>) -> (usize, usize) {
    let inputs = hostile_inputs(&vectors);
    let (mut errors, mut located) = (0, 0);
    for input in &inputs {
        LARGEST.store(0, Ordering::Relaxed);
        WATCHING.with(|w| w.set(true));
        let result = codec.decode(input);
        WATCHING.with(|w| w.set(false));
        let largest = LARGEST.load(Ordering::Relaxed);
        assert!(
            largest < CAP,
            "decoding {} bytes {input:02X?} allocated {largest} bytes at once",
            input.len()
        );
        if let Err(e) = result {
            errors += 1;
            if matches!(
                e,
                CodecError::Truncated { .. }
                    | CodecError::Invalid { .. }
                    | CodecError::Trailing { .. }
            ) {
                located += 1;
            } else if std::env::var_os("SHOW_UNLOCATED").is_some() {
                eprintln!("{e}");
            }
        }
    }
    assert!(
        errors > inputs.len() / 2,
        "only {errors} of {} rejected",
        inputs.len()
    );
    (errors, located)
}

#[test]
fn ber_survives_hostile_input() {
    let (errors, located) = survive(&Ber, ber_vectors().into_iter().map(|v| v.bytes).collect());
    eprintln!("BER: {errors} errors, {located} with a byte offset");
}

#[test]
fn tape_decoders_survive_hostile_input_and_locate_every_error() {
    for (name, codec, vectors) in [
        ("BER", &TapeBer as &dyn Codec<_>, ber_vectors()),
        ("PER", &TapePer, per_vectors()),
    ] {
        let vectors: Vec<Vec<u8>> = vectors.into_iter().map(|v| v.bytes).collect();
        let (errors, located) = survive(codec, vectors.clone());
        assert_eq!(
            located, errors,
            "tape {name}: every error names a byte offset"
        );
        // … and the offset lies within the input.
        for input in hostile_inputs(&vectors) {
            let offset = match codec.decode(&input) {
                Ok(_) => continue,
                Err(CodecError::Invalid { offset, .. } | CodecError::Truncated { offset, .. }) => {
                    offset
                }
                Err(CodecError::Trailing { offset, .. }) => offset,
                Err(other) => panic!("tape {name}: unlocated {other}"),
            };
            assert!(
                offset <= input.len(),
                "tape {name}: offset {offset} past {} bytes",
                input.len()
            );
        }
    }
}

/// Where rasn and the tape both accept a corrupted input, they read the
/// same message: both re-encode it to the same bytes.
#[test]
fn tape_and_rasn_agree_on_corrupted_input_they_both_accept() {
    fn agree<T>(
        rasn: &dyn Codec<T>,
        tape: &dyn Codec<encbench_megaco_asn1::Tape>,
        vectors: Vec<Vec<u8>>,
    ) -> usize {
        let mut both = 0;
        for input in hostile_inputs(&vectors) {
            let (Ok(a), Ok(b)) = (rasn.decode(&input), tape.decode(&input)) else {
                continue;
            };
            let (mut x, mut y) = (Vec::new(), Vec::new());
            // rasn accepts some values its encoder refuses (out-of-range
            // integers); those have no bytes to compare.
            if rasn.encode(&a, &mut x).is_err() {
                continue;
            }
            tape.encode(&b, &mut y).expect("a decoded tape encodes");
            assert_eq!(x, y, "input {input:02X?}");
            both += 1;
        }
        both
    }
    let ber = agree(
        &Ber,
        &TapeBer,
        ber_vectors().into_iter().map(|v| v.bytes).collect(),
    );
    let per = agree(
        &Per,
        &TapePer,
        per_vectors().into_iter().map(|v| v.bytes).collect(),
    );
    eprintln!("accepted by both: BER {ber}, PER {per}");
    assert!(ber > 149 && per > 149);
}

#[test]
fn every_ber_truncation_is_located() {
    // A cut breaks some enclosing length, which the TLV walk finds.
    for v in ber_vectors() {
        for len in 0..v.bytes.len() {
            match Ber.decode(&v.bytes[..len]) {
                Err(CodecError::Invalid { offset, .. } | CodecError::Truncated { offset, .. }) => {
                    assert!(offset <= len, "{} cut at {len}: offset {offset}", v.name)
                }
                other => panic!("{} cut at {len}: {other:?}", v.name),
            }
        }
    }
}

#[test]
fn every_per_truncation_is_refused() {
    for v in per_vectors() {
        for len in 0..v.bytes.len() {
            assert!(
                Per.decode(&v.bytes[..len]).is_err(),
                "{} cut at {len}",
                v.name
            );
        }
    }
}

#[test]
fn per_survives_hostile_input() {
    let (errors, located) = survive(&Per, per_vectors().into_iter().map(|v| v.bytes).collect());
    eprintln!("PER: {errors} errors, {located} with a byte offset");
}

#[test]
fn truncated_ber_names_the_offset() {
    let v = &ber_vectors()[0];
    let err = Ber.decode(&v.bytes[..100]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid data at byte offset 0: length 243 runs past the 97 bytes that remain"
    );
}

#[test]
fn truncated_per_names_the_end() {
    let v = &per_vectors()[0];
    let err = Per.decode(&v.bytes[..40]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "truncated input: 1 bytes needed at byte offset 40"
    );
}

#[test]
fn unknown_version_is_refused_at_its_offset() {
    let mut bytes = ber_vectors()[0].bytes.clone();
    // 30 81 F3 | A1 81 F0 | 80 01 <version>
    assert_eq!(bytes[8], 1);
    bytes[8] = 4;
    assert_eq!(
        Ber.decode(&bytes).unwrap_err().to_string(),
        "invalid data at byte offset 8: Megaco version 4: only the v1, v2 and v3 modules are known"
    );
}

#[test]
fn trailing_bytes_are_refused() {
    let mut bytes = per_vectors()[0].bytes.clone();
    let len = bytes.len();
    bytes.push(0);
    assert_eq!(
        Per.decode(&bytes).unwrap_err(),
        CodecError::Trailing {
            offset: len,
            count: 1
        }
    );
}

/// Found by the megaco_ber fuzz target: rasn's BER decoder does not check
/// value ranges (a ContextRequest `priority` of 42, INTEGER(0..15)), but
/// its encoder does. Pinned so a change either way is noticed.
#[test]
fn ber_decoding_is_lenient_on_value_ranges() {
    let hex = concat!(
        "3081BEA181BB800103A10DA00B80047C7C7CDE810300D903A281A6A181A3A081A0800226AAA1819930819680",
        "0101A21D8000810082008300A41030068004000D000A30068004000B000785012AA3723037A035A633A00930",
        "07A0008103FF0000A126800208AEA120301E800400090005A200A31480083139393930373239810832323030",
        "303030303037A035A633A0093007A0008103FF0000A126800208AEA120301E800400090004A200A314800831",
        "3939393037323981083232303030313131",
    );
    let bytes: Vec<u8> = (0..hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).expect("hex"))
        .collect();
    let message = Ber.decode(&bytes).expect("decodes");
    let mut out = Vec::new();
    let err = Ber.encode(&message, &mut out).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("rasn: Value constraint not satisfied: expected: 0..15; actual: 42"),
        "{err}"
    );
}
