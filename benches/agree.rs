//! An independent harness for six encbench rows: the same code on the same
//! data, timed by criterion instead of encbench's engine, so a reader can
//! check that encbench's medians are not an artefact of its own
//! calibration, interleaving or statistics. `tools/agree.py` runs both and
//! prints them side by side.
//!
//! Each routine is the one the encbench row times (same codec, same
//! dataset, same operation per iteration); criterion picks the iteration
//! counts and reports its own estimate of the median time per iteration.

use criterion::{criterion_group, criterion_main, Criterion};
use encbench_codecs::intfile::{encode, CBytes, Format, Source};
use encbench_codecs::registry::{int64_codecs, int_readers, record_codecs, wkb_codecs};
use encbench_codecs::wkb;
use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, TapeBer};
use encbench_scenarios::data;
use std::hint::black_box;
use std::time::Instant;

/// The `ints` scenario's quick dataset size, and the others' (`--quick`).
const INTS: usize = 1_000_000;
const VALUES: usize = 1024;
const RECORDS: usize = 2_000;
const GEOMETRIES: usize = 2_000;

fn built<C: ?Sized>(entries: Vec<encbench_codecs::registry::Entry<C>>, id: &str) -> Box<C> {
    let entry = entries.into_iter().find(|e| e.info.id == id);
    match entry.and_then(|e| e.build) {
        Some(build) => build(),
        None => panic!("{id} is not compiled in"),
    }
}

fn ints_text_hand_rolled(c: &mut Criterion) {
    let text = CBytes::new(encode(&data::uniform_ints(INTS), Format::TextLines));
    let reader = built(int_readers(), "text/hand-rolled");
    c.bench_function("ints/text/hand-rolled/read/memory", |b| {
        b.iter(|| black_box(reader.sum(Source::Memory(&text)).unwrap()))
    });
}

fn int64_le_bytes(c: &mut Criterion) {
    let values = data::mixed_i64(VALUES);
    let codec = built(int64_codecs(), "int64/le-bytes");
    let mut buf = Vec::new();
    c.bench_function("int-codecs/int64/le-bytes/roundtrip", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            codec.roundtrip_batch(&values, &mut buf, iters).unwrap();
            start.elapsed()
        })
    });
}

fn wkb_slice(c: &mut Criterion) {
    let inputs: Vec<Vec<u8>> = data::geometries(GEOMETRIES)
        .iter()
        .map(|(g, order)| {
            let mut b = Vec::new();
            wkb::write(g, *order, &mut b);
            b
        })
        .collect();
    let parser = built(wkb_codecs(), "wkb/slice");
    c.bench_function("wkb/wkb/slice/decode/generated", |b| {
        b.iter(|| parser.decode_each(&inputs).unwrap())
    });
}

fn records(c: &mut Criterion) {
    let logs = data::log_records(RECORDS);
    for id in ["record/json", "record/bitcode"] {
        let codec = built(record_codecs(), id);
        let mut bytes = Vec::new();
        codec.encode(&logs, &mut bytes).unwrap();
        c.bench_function(&format!("codecs/{id}/decode/logs"), |b| {
            b.iter(|| black_box(codec.decode(black_box(&bytes)).unwrap()))
        });
    }
}

fn megaco_ber_tape(c: &mut Criterion) {
    let inputs: Vec<Vec<u8>> = ber_vectors().into_iter().map(|v| v.bytes).collect();
    c.bench_function("megaco/megaco/ber-tape/decode/per-message", |b| {
        b.iter_custom(|iters| {
            let start = Instant::now();
            TapeBer.decode_batch(&inputs, iters).unwrap();
            start.elapsed()
        })
    });
}

criterion_group!(
    agree,
    ints_text_hand_rolled,
    int64_le_bytes,
    wkb_slice,
    records,
    megaco_ber_tape
);
criterion_main!(agree);
