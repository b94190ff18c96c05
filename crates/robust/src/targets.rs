//! What gets attacked: every registered decoder, each on the datasets it
//! decodes, as jobs the parent can list and the child can rebuild by name.

use encbench_codecs::intfile::{encode, CBytes, Format, IntSumReader, Source, SourceKind};
use encbench_codecs::matrix::MatrixRecord;
use encbench_codecs::records::digest_of;
use encbench_codecs::registry::{
    byte_array_codecs, byte_string_codecs, int64_codecs, int_readers, record_codecs, record_views,
    wkb_codecs,
};
use encbench_codecs::wkb::{self, Geometry};
use encbench_codecs::{Codec, RecordView};
use encbench_datasets as data;

pub use crate::target::{Target, Verdict};
use crate::{bgp, selftest, Size};

/// A `Codec<T>` and the values its seeds encode.
struct Typed<T> {
    codec: Box<dyn Codec<T>>,
    values: Vec<T>,
    seeds: Vec<Vec<u8>>,
}

impl<T: PartialEq> Target for Typed<T> {
    fn seeds(&self) -> &[Vec<u8>] {
        &self.seeds
    }

    fn decode(&self, bytes: &[u8], origin: Option<usize>) -> Verdict {
        match self.codec.decode(bytes) {
            Ok(v) if origin.and_then(|o| self.values.get(o)) == Some(&v) => Verdict::Equal,
            Ok(_) => Verdict::Different,
            Err(_) => Verdict::Error,
        }
    }
}

/// Encodes every value with the codec itself, keeping the values that
/// encode (an empty batch may have no form in some format); fails if none do.
fn encode_all<T>(codec: &dyn Codec<T>, values: Vec<T>) -> Result<(Vec<T>, Vec<Vec<u8>>), String> {
    let mut kept = Vec::with_capacity(values.len());
    let mut seeds = Vec::with_capacity(values.len());
    let mut last_error = String::from("no values");
    for v in values {
        let mut buf = Vec::new();
        match codec.encode(&v, &mut buf) {
            Ok(()) => {
                kept.push(v);
                seeds.push(buf);
            }
            Err(e) => last_error = e.to_string(),
        }
    }
    if seeds.is_empty() {
        return Err(format!("no seed encodes: {last_error}"));
    }
    Ok((kept, seeds))
}

fn typed<T: PartialEq + 'static>(
    codec: Box<dyn Codec<T>>,
    values: Vec<T>,
) -> Result<Box<dyn Target>, String> {
    let (values, seeds) = encode_all(codec.as_ref(), values)?;
    Ok(Box::new(Typed {
        codec,
        values,
        seeds,
    }))
}

/// A validating zero-copy view: equal when it visits the seed's digest.
struct View<R> {
    view: Box<dyn RecordView<R>>,
    digests: Vec<u64>,
    seeds: Vec<Vec<u8>>,
}

impl<R> Target for View<R> {
    fn seeds(&self) -> &[Vec<u8>] {
        &self.seeds
    }

    fn decode(&self, bytes: &[u8], origin: Option<usize>) -> Verdict {
        match self.view.visit(bytes) {
            Ok(d) if origin.and_then(|o| self.digests.get(o)) == Some(&d) => Verdict::Equal,
            Ok(_) => Verdict::Different,
            Err(_) => Verdict::Error,
        }
    }
}

/// A checked reader of the ints text file: equal when it sums the seed's values.
struct IntText {
    reader: Box<dyn IntSumReader>,
    sums: Vec<i64>,
    seeds: Vec<Vec<u8>>,
}

impl Target for IntText {
    fn seeds(&self) -> &[Vec<u8>] {
        &self.seeds
    }

    fn decode(&self, bytes: &[u8], origin: Option<usize>) -> Verdict {
        let bytes = CBytes::new(bytes.to_vec());
        match self.reader.sum(Source::Memory(&bytes)) {
            Ok(s) if origin.and_then(|o| self.sums.get(o)) == Some(&s) => Verdict::Equal,
            Ok(_) => Verdict::Different,
            Err(_) => Verdict::Error,
        }
    }
}

/// The ints text readers this project writes and checks: the scalar loop
/// and each SIMD parser this CPU runs. Seeds: empty, one line, 1- to
/// 10-digit lines long enough to cross several 64-byte blocks.
fn int_text_jobs(out: &mut Vec<Job>) {
    for e in int_readers() {
        let Some(make) = e.build else { continue };
        let id = e.info.id;
        if !(id == "text/hand-rolled" || id.starts_with("text/simd-"))
            || !make().supports(SourceKind::Memory)
            || make().unavailable().is_some()
        {
            continue;
        }
        out.push(job(id, "ints-text-4", move || {
            let values: Vec<Vec<i32>> = vec![
                Vec::new(),
                vec![7],
                data::uniform_ints(64),
                (1..=10).flat_map(|d| data::ints_of_digits(8, d)).collect(),
            ];
            Ok(Box::new(IntText {
                reader: make(),
                sums: values
                    .iter()
                    .map(|v| v.iter().map(|&x| i64::from(x)).sum())
                    .collect(),
                seeds: values
                    .iter()
                    .map(|v| encode(v, Format::TextLines))
                    .collect(),
            }) as Box<dyn Target>)
        }));
    }
}

type Build = Box<dyn Fn() -> Result<Box<dyn Target>, String> + Send + Sync>;

/// One codec on one dataset.
pub struct Job {
    /// Codec id.
    pub codec: &'static str,
    /// Dataset name (its size included).
    pub dataset: String,
    /// The crate whose decoder runs: `encbench` for our own.
    pub decoder_crate: &'static str,
    /// Builds the decoder and its seeds (in the child).
    pub build: Build,
}

/// Every job, in registry order, for the codecs compiled in.
pub fn jobs(size: Size) -> Vec<Job> {
    let n = size.records();
    let mut out = Vec::new();
    let values = data::mixed_i64(8);
    for e in int64_codecs() {
        let Some(make) = e.build else { continue };
        let values = values.clone();
        out.push(job(e.info.id, "mixed-i64-8", move || {
            typed(make(), values.clone())
        }));
    }
    int_text_jobs(&mut out);
    for e in wkb_codecs() {
        let Some(make) = e.build else { continue };
        out.push(job(e.info.id, "geometries-6", move || {
            // Both byte orders: the codec's own encoder writes only little-endian.
            let pairs = data::geometries(6);
            let seeds = pairs
                .iter()
                .map(|(g, order)| {
                    let mut b = Vec::new();
                    wkb::write(g, *order, &mut b);
                    b
                })
                .collect();
            let values: Vec<Geometry> = pairs.into_iter().map(|(g, _)| g).collect();
            Ok(Box::new(Typed {
                codec: make(),
                values,
                seeds,
            }) as Box<dyn Target>)
        }));
    }
    let bytes = || -> Vec<Vec<u8>> {
        let random = data::uniform_ints(64).iter().map(|v| *v as u8).collect();
        vec![Vec::new(), vec![7], random]
    };
    for e in byte_array_codecs() {
        let Some(make) = e.build else { continue };
        if make().unavailable().is_some() {
            continue; // a SIMD decoder for an instruction set this CPU lacks
        }
        out.push(job(e.info.id, "bytes-64", move || typed(make(), bytes())));
    }
    for e in byte_string_codecs() {
        let Some(make) = e.build else { continue };
        out.push(job(e.info.id, "bytes-64", move || {
            let strings: Vec<Vec<String>> = bytes()
                .into_iter()
                .map(|b| b.iter().map(u8::to_string).collect())
                .collect();
            typed(make(), strings)
        }));
    }
    for (id, _) in encbench_megaco::codec::all() {
        out.push(job(id, "megaco-samples-5", move || {
            let codec = encbench_megaco::codec::all()
                .into_iter()
                .find(|(i, _)| *i == id)
                .map(|(_, c)| c)
                .ok_or("megaco codec vanished")?;
            typed(codec, encbench_megaco::samples::messages())
        }));
    }
    megaco_asn1_jobs(&mut out);
    bgp_jobs(n, &mut out);
    record_jobs("log-records", data::log_records, n, &mut out);
    record_jobs("telemetry", data::telemetry, n, &mut out);
    record_jobs("orders", data::orders, n, &mut out);
    if selftest::enabled() {
        let mut faulty = job(selftest::ID, "fixed", || {
            Ok(Box::new(selftest::Faulty::default()) as Box<dyn Target>)
        });
        faulty.decoder_crate = selftest::decoder_crate();
        out.push(faulty);
    }
    out
}

/// The ASN.1 codecs, seeded with five of Erlang's BER vectors (one of each
/// module version among them), decoded by the codec under attack.
fn megaco_asn1_jobs(out: &mut Vec<Job>) {
    use encbench_megaco_asn1::{ber_vectors, Ber, Per, TapeBer, TapeCompact, TapePer, TapePretty};
    fn values<T>(codec: &dyn Codec<T>) -> Result<Vec<T>, String> {
        let vectors = ber_vectors();
        let picked = vectors.iter().step_by(vectors.len() / 5).take(5);
        picked
            .map(|v| {
                codec
                    .decode(&v.bytes)
                    .map_err(|e| format!("{}: {e}", v.name))
            })
            .collect()
    }
    out.push(job("megaco/ber", "megaco-vectors-5", || {
        typed(Box::new(Ber), values(&Ber)?)
    }));
    out.push(job("megaco/per", "megaco-vectors-5", || {
        typed(Box::new(Per), values(&Ber)?)
    }));
    out.push(job("megaco/ber-tape", "megaco-vectors-5", || {
        typed(Box::new(TapeBer), values(&TapeBer)?)
    }));
    out.push(job("megaco/per-tape", "megaco-vectors-5", || {
        typed(Box::new(TapePer), values(&TapeBer)?)
    }));
    // The text tapes: seeds are the same five messages written as text by
    // the codec under attack, so mutations hit its own grammar.
    out.push(job("megaco/compact-tape", "megaco-vectors-5", || {
        typed(Box::new(TapeCompact), values(&TapeBer)?)
    }));
    out.push(job("megaco/pretty-tape", "megaco-vectors-5", || {
        typed(Box::new(TapePretty), values(&TapeBer)?)
    }));
}

fn bgp_jobs(n: usize, out: &mut Vec<Job>) {
    use encbench_bgp::wire::AsSize;
    out.push(job("bgp/update", "bgp-updates-5", || {
        bgp::updates(AsSize::Four)
    }));
    out.push(job("bgp/update-as2", "bgp-updates-5", || {
        bgp::updates(AsSize::Two)
    }));
    out.push(job("bgp/mrt", "mrt-records-14", bgp::mrt));
    let prefixes = n * 5;
    for (id, encode, decode) in bgp::encodings() {
        out.push(job(id, &format!("full-table-{prefixes}"), move || {
            bgp::table_encoding(encode, decode, prefixes)
        }));
    }
}

fn job(
    codec: &'static str,
    dataset: &str,
    build: impl Fn() -> Result<Box<dyn Target>, String> + Send + Sync + 'static,
) -> Job {
    Job {
        codec,
        dataset: dataset.to_string(),
        decoder_crate: decoder_crate(codec),
        build: Box::new(build),
    }
}

/// Seeds of a record dataset: an empty batch, one record, `n` records.
fn batches<R: Clone>(generate: fn(usize) -> Vec<R>, n: usize) -> Vec<Vec<R>> {
    let all = generate(n);
    vec![Vec::new(), all[..1.min(all.len())].to_vec(), all]
}

fn record_jobs<R: MatrixRecord + 'static>(
    name: &str,
    generate: fn(usize) -> Vec<R>,
    n: usize,
    out: &mut Vec<Job>,
) {
    let dataset = format!("{name}-{n}");
    for e in record_codecs::<R>() {
        // A codec with no form for these records (CSV of nested orders) is left out.
        let Some(make) = e.build.filter(|make| make().applies()) else {
            continue;
        };
        out.push(job(e.info.id, &dataset, move || {
            typed(make(), batches(generate, n))
        }));
    }
    let sources = record_codecs::<R>();
    for e in record_views::<R>() {
        // Unchecked views trust their input by design: feeding them garbage proves nothing.
        let Some(make) = e.build.filter(|make| make().validates()) else {
            continue;
        };
        let source = make().source();
        let Some(encoder) = sources
            .iter()
            .find(|s| s.info.id == source)
            .and_then(|s| s.build)
        else {
            continue;
        };
        out.push(job(e.info.id, &dataset, move || {
            let (values, seeds) = encode_all(encoder().as_ref(), batches(generate, n))
                .map_err(|e| format!("{source}: {e}"))?;
            Ok(Box::new(View {
                view: make(),
                digests: values.iter().map(|v| digest_of(v)).collect(),
                seeds,
            }) as Box<dyn Target>)
        }));
    }
}

/// The crate whose decoder a codec runs. Ours must never panic, hang, crash
/// or over-allocate (the command fails if one does); a third-party finding
/// is reported, never hidden, but is not our failure.
pub fn decoder_crate(codec: &str) -> &'static str {
    match encbench_codecs::registry::find(codec) {
        Some(info) if !info.decoder.is_empty() => info.decoder,
        _ => "unknown",
    }
}
