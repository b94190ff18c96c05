//! Scenario `codecs`: the codec matrix — typed record batches (web logs,
//! telemetry, nested orders) through every record codec, then each encoding
//! through the compressors, with encode, decode, compress and decompress
//! times and sizes, the round trip verified first.

mod languages;

use crate::bench::{measure_group, measure_group_with, Pending};
use crate::workers::Skipped;
use crate::{data, Context, Mode, Output, Scenario, ScenarioError};
use encbench_codecs::compression::{every_level, Compressor};
use encbench_codecs::matrix::MatrixRecord;
use encbench_codecs::records::digest_of;
use encbench_codecs::registry::{record_codecs, record_views, RECORD_WORKER_CODECS};
use encbench_codecs::{Codec, RecordView};
use encbench_measure::rows::lighter_plan;
use encbench_record::{Comparison, Failure, Medium, RowMeta, Verified};
use encbench_stats::pareto::pareto_frontier;
use languages::Languages;
use std::time::{Duration, Instant};

pub(crate) struct Codecs;

const NAME: &str = "codecs";

impl Scenario for Codecs {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        None
    }

    fn summary(&self) -> &'static str {
        "web logs, telemetry and nested orders through every record codec, then every compressor"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        use encbench_codecs::records::Telemetry;
        let codecs = record_codecs::<Telemetry>().into_iter().map(|e| e.info.id);
        let views = record_views::<Telemetry>().into_iter().map(|e| e.info.id);
        let workers = RECORD_WORKER_CODECS.iter().map(|c| c.info.id);
        codecs.chain(views).chain(workers).collect()
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let mut out = Output::default();
        // Quick mode without --compress: one fast and one balanced compressor.
        let quick_default = ctx.mode == Mode::Quick && ctx.compressions.is_none();
        let compressors: Vec<_> = every_level()
            .into_iter()
            .filter(|c| {
                let id = c.id();
                ctx.wants_compression(&id) && (!quick_default || id == "lz4" || id == "zstd-3")
            })
            .collect();
        let n = ctx.size(2_000, 20_000);
        dataset(ctx, "logs", data::log_records(n), &compressors, &mut out);
        dataset(ctx, "telemetry", data::telemetry(n), &compressors, &mut out);
        dataset(ctx, "orders", data::orders(n / 2), &compressors, &mut out);
        out.notes.push(format!(
            "{NAME}: quick mode compresses with lz4 and zstd-3 unless --compress names others; --full adds gzip-6, zstd-1/9/19, xz-6, bzip2-9, snappy and brotli-9. logical bytes = the records' shallow in-memory size (strings' heap not counted)"
        ));
        Ok(out)
    }
}

/// A verified encoding: codec id, codec, bytes, the proof.
type Encoded<'a, R> = (&'a str, &'a dyn Codec<Vec<R>>, Vec<u8>, Verified);
/// A verified compression: codec id, compressor, plain bytes, compressed bytes, the proof.
type Packed<'a> = (&'a str, &'a dyn Compressor, &'a [u8], Vec<u8>, Verified);
/// A verified zero-copy view: view id, view, the bytes it reads, the proof.
type Viewed<'a, R> = (&'static str, Box<dyn RecordView<R>>, &'a [u8], Verified);
fn dataset<R: MatrixRecord>(
    ctx: &mut Context<'_>,
    name: &str,
    records: Vec<R>,
    compressors: &[Box<dyn Compressor>],
    out: &mut Output,
) {
    let dataset = format!("{name}-{}", records.len());
    let meta = |codec: &str, operation: &str, compression: &str, encoded: usize| RowMeta {
        scenario: NAME.into(),
        dataset: dataset.clone(),
        codec: codec.into(),
        operation: operation.into(),
        medium: Medium::Memory,
        compression: compression.into(),
        items: records.len() as u64,
        logical_bytes: (records.len() * std::mem::size_of::<R>()) as u64,
        encoded_bytes: encoded as u64,
        ..Default::default()
    };
    let (codecs, not_applicable): (Vec<_>, Vec<_>) = record_codecs::<R>()
        .into_iter()
        .filter(|e| ctx.wants(e.info.id))
        .filter_map(|e| e.build.map(|b| (e.info.id, b())))
        .partition(|(_, codec)| codec.applies());
    if !not_applicable.is_empty() {
        let ids: Vec<&str> = not_applicable.iter().map(|(id, _)| *id).collect();
        out.notes.push(format!(
            "{NAME} {dataset}: {} not measured: no form for these records (they nest)",
            ids.join(", ")
        ));
    }
    // Encode once, verify, and keep the bytes (and their compressed forms) for the decode rows.
    let mut prepared: Vec<Encoded<'_, R>> = Vec::new();
    for (id, codec) in &codecs {
        let mut bytes = Vec::new();
        let verdict = codec
            .encode(&records, &mut bytes)
            .and_then(|_| codec.decode(&bytes))
            .map_err(|e| format!("verification failed: {e}"))
            .and_then(|back| {
                let what = format!("decode(encode(records)) == records, all {}", records.len());
                Verified::each(what, &records, &back).map_err(String::from)
            });
        match verdict {
            Ok(proof) => prepared.push((id, codec.as_ref(), bytes, proof)),
            Err(e) => out
                .failures
                .push(Failure::new(&meta(id, "roundtrip", "none", 0), e)),
        }
    }
    let views = verified_views(&records, &prepared, &meta, &|id| ctx.wants(id), out);
    let mut skipped = Skipped::default();
    let rust: Vec<_> = prepared
        .iter()
        .map(|(id, codec, bytes, _)| (*id, *codec, bytes.as_slice()))
        .collect();
    let languages = Languages {
        dataset: name,
        label: &dataset,
        meta: &meta,
        wants: &|id| ctx.wants(id),
        wants_language: &|l| ctx.wants_language(l),
        // A JIT settles in about a second on these batches; quick mode
        // gives it less, and says so in the notes.
        warmup: match ctx.mode {
            Mode::Quick => Duration::from_millis(100),
            Mode::Full => Duration::from_secs(3),
        },
    };
    let in_other_languages = languages::worker_rows(&languages, &records, &rust, &mut skipped, out);
    // One list per compressor, with what one compress+decompress of every
    // encoding took while verifying: a slow compressor gets its own, lighter
    // sampling plan below instead of stretching every round.
    let mut packed: Vec<(Vec<Packed<'_>>, Duration)> = Vec::new();
    for c in compressors {
        let started = Instant::now();
        let mut verified = Vec::new();
        for (id, _, bytes, _) in &prepared {
            let mut small = Vec::new();
            let mut back = Vec::new();
            match c
                .compress(bytes, &mut small)
                .and_then(|_| c.decompress(&small, &mut back))
            {
                Ok(()) => {
                    match Verified::bytes("decompress(compress(bytes)) == bytes", bytes, &back) {
                        Ok(proof) => {
                            verified.push((*id, c.as_ref(), bytes.as_slice(), small, proof))
                        }
                        Err(e) => out.failures.push(Failure::new(
                            &meta(id, "decompress", &c.id(), 0),
                            e.to_string(),
                        )),
                    }
                }
                Err(e) => out.failures.push(Failure::new(
                    &meta(id, "compress", &c.id(), 0),
                    format!("verification failed: {e}"),
                )),
            }
        }
        packed.push((verified, started.elapsed()));
    }

    let records = &records;
    let mut pending = Vec::new();
    for (id, codec, bytes, proof) in &prepared {
        let mut buf = Vec::with_capacity(bytes.len());
        pending.push(Pending::new(
            meta(id, "encode", "none", bytes.len()),
            proof.clone(),
            Box::new(move |iters| {
                for _ in 0..iters {
                    buf.clear();
                    codec.encode(records, &mut buf).map_err(|e| e.to_string())?;
                    std::hint::black_box(&buf);
                }
                Ok(())
            }),
        ));
        pending.push(Pending::new(
            meta(id, "decode", "none", bytes.len()),
            proof.clone(),
            Box::new(move |iters| {
                for _ in 0..iters {
                    std::hint::black_box(codec.decode(bytes).map_err(|e| e.to_string())?);
                }
                Ok(())
            }),
        ));
    }
    for (id, view, bytes, proof) in &views {
        pending.push(Pending::new(
            meta(id, "access", "none", bytes.len()),
            proof.clone(),
            Box::new(move |iters| {
                for _ in 0..iters {
                    std::hint::black_box(view.visit(bytes).map_err(|e| e.to_string())?);
                }
                Ok(())
            }),
        ));
    }
    pending.extend(in_other_languages);
    measure_group(ctx, &format!("{NAME} {dataset}"), pending, out);
    skipped.report(NAME, out);
    for (rows, one_round) in &packed {
        let Some((_, c, _, _, _)) = rows.first() else {
            continue;
        };
        let mut pending = Vec::new();
        for (id, c, bytes, small, proof) in rows {
            let mut buf = Vec::with_capacity(bytes.len());
            pending.push(Pending::new(
                meta(id, "compress", &c.id(), small.len()),
                proof.clone(),
                Box::new(move |iters| {
                    for _ in 0..iters {
                        buf.clear();
                        c.compress(bytes, &mut buf).map_err(|e| e.to_string())?;
                    }
                    Ok(())
                }),
            ));
            let mut buf = Vec::with_capacity(bytes.len());
            pending.push(Pending::new(
                meta(id, "decompress", &c.id(), small.len()),
                proof.clone(),
                Box::new(move |iters| {
                    for _ in 0..iters {
                        buf.clear();
                        c.decompress(small, &mut buf).map_err(|e| e.to_string())?;
                    }
                    Ok(())
                }),
            ));
        }
        let config = lighter_plan(&ctx.config, *one_round);
        measure_group_with(
            ctx,
            &config,
            &format!("{NAME} {dataset} {}", c.id()),
            pending,
            out,
        );
    }
    frontier(&dataset, out);
}

/// Zero-copy views whose source codec was verified, each checked to read
/// back the records' digest before it is timed.
fn verified_views<'a, R: MatrixRecord>(
    records: &[R],
    prepared: &'a [Encoded<'a, R>],
    meta: &dyn Fn(&str, &str, &str, usize) -> RowMeta,
    wants: &dyn Fn(&str) -> bool,
    out: &mut Output,
) -> Vec<Viewed<'a, R>> {
    let digest = digest_of(records);
    let mut views = Vec::new();
    for entry in record_views::<R>() {
        let Some(build) = entry.build.filter(|_| wants(entry.info.id)) else {
            continue;
        };
        let view = build();
        let Some((_, _, bytes, _)) = prepared.iter().find(|(id, ..)| *id == view.source()) else {
            continue; // its source codec was filtered out or failed
        };
        let checked = view
            .visit(bytes)
            .map_err(|e| format!("verification failed: {e}"))
            .and_then(|d| {
                let what = "the view reads the digest of every encoded field value";
                Verified::equal(what, &digest, &d).map_err(String::from)
            });
        match checked {
            Ok(proof) => views.push((entry.info.id, view, bytes.as_slice(), proof)),
            Err(e) => out.failures.push(Failure::new(
                &meta(entry.info.id, "access", "none", bytes.len()),
                e,
            )),
        }
    }
    views
}

/// Smallest, fastest, and the Pareto frontier of size against decode time.
fn frontier(dataset: &str, out: &mut Output) {
    let decode: Vec<_> = out
        .records
        .iter()
        .filter(|r| r.dataset == dataset && r.operation == "decode")
        .collect();
    let mut points: Vec<(u64, f64, &str)> = decode
        .iter()
        .map(|r| (r.encoded_bytes, r.median_ns, r.codec.as_str()))
        .collect();
    points.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
    let xy: Vec<(f64, f64)> = points.iter().map(|p| (p.0 as f64, p.1)).collect();
    let on_frontier: Vec<String> = pareto_frontier(&xy)
        .iter()
        .filter_map(|(size, time)| {
            let (_, _, codec) = points
                .iter()
                .find(|p| p.0 as f64 == *size && p.1 == *time)?;
            Some(format!("{codec} ({size} B, {:.0} µs)", time / 1e3))
        })
        .collect();
    let (Some(smallest), Some(fastest)) = (
        points.first(),
        decode
            .iter()
            .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns)),
    ) else {
        return;
    };
    let largest = points.iter().map(|p| p.0).max().unwrap_or(1);
    let comparison = Comparison {
        scenario: NAME.into(),
        label: format!("{dataset}: largest ÷ smallest encoding ({})", smallest.2),
        value: largest as f64 / smallest.0.max(1) as f64,
        unit: "×".into(),
        seed_value: None,
        note: format!(
            "fastest decode {}; Pareto frontier (size, decode time): {}",
            fastest.codec,
            on_frontier.join(", ")
        ),
    };
    out.comparisons.push(comparison);
}
