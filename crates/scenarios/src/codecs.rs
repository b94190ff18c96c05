//! Scenario `codecs`: the codec matrix — typed record batches (web logs,
//! telemetry, nested orders) through every record codec, then each encoding
//! through the compressors, with encode, decode, compress and decompress
//! times and sizes, the round trip verified first.

use crate::bench::{measure_group, Pending};
use crate::{data, Context, Mode, Output, Scenario, ScenarioError};
use encbench_codecs::compression::{Brotli, Bzip2, Compressor, Gzip, Lz4, Snappy, Xz, Zstd};
use encbench_codecs::records::MatrixRecord;
use encbench_codecs::registry::record_codecs;
use encbench_codecs::Codec;
use encbench_record::{Comparison, Failure, Medium, RowMeta};

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
        record_codecs::<encbench_codecs::records::Telemetry>()
            .iter()
            .map(|e| e.info.id)
            .collect()
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let mut out = Output::default();
        let compressors: Vec<Box<dyn Compressor>> = match ctx.mode {
            // Quick mode: one fast and one balanced compressor.
            Mode::Quick => vec![Box::new(Lz4), Box::new(Zstd(3))],
            Mode::Full => vec![
                Box::new(Gzip(6)),
                Box::new(Zstd(1)),
                Box::new(Zstd(3)),
                Box::new(Zstd(9)),
                Box::new(Zstd(19)),
                Box::new(Lz4),
                Box::new(Xz(6)),
                Box::new(Bzip2(9)),
                Box::new(Snappy),
                Box::new(Brotli(9)),
            ],
        };
        let compressors: Vec<_> = compressors
            .into_iter()
            .filter(|c| ctx.wants_compression(&c.id()))
            .collect();
        let n = ctx.size(2_000, 100_000);
        dataset(ctx, "logs", data::log_records(n), &compressors, &mut out);
        dataset(ctx, "telemetry", data::telemetry(n), &compressors, &mut out);
        dataset(ctx, "orders", data::orders(n / 2), &compressors, &mut out);
        out.notes.push(format!(
            "{NAME}: quick mode compresses with lz4 and zstd-3 only; --full adds gzip-6, zstd-1/9/19, xz-6, bzip2-9, snappy and brotli-9. logical bytes = the records' shallow in-memory size (strings' heap not counted)"
        ));
        Ok(out)
    }
}

/// A verified encoding: codec id, codec, bytes.
type Encoded<'a, R> = (&'a str, &'a dyn Codec<Vec<R>>, Vec<u8>);
/// A verified compression: codec id, compressor, plain bytes, compressed bytes.
type Packed<'a> = (&'a str, &'a dyn Compressor, &'a [u8], Vec<u8>);

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
    let codecs: Vec<_> = record_codecs::<R>()
        .into_iter()
        .filter(|e| ctx.wants(e.info.id))
        .filter_map(|e| e.build.map(|b| (e.info.id, b())))
        .collect();
    // Encode once, verify, and keep the bytes (and their compressed forms) for the decode rows.
    let mut prepared: Vec<Encoded<'_, R>> = Vec::new();
    for (id, codec) in &codecs {
        let mut bytes = Vec::new();
        let verdict = codec
            .encode(&records, &mut bytes)
            .and_then(|_| codec.decode(&bytes))
            .map_err(|e| e.to_string())
            .and_then(|back| {
                if back == records {
                    Ok(())
                } else {
                    Err("decoded records differ".into())
                }
            });
        match verdict {
            Ok(()) => prepared.push((id, codec.as_ref(), bytes)),
            Err(e) => out.failures.push(Failure::new(
                &meta(id, "roundtrip", "none", 0),
                format!("verification failed: {e}"),
            )),
        }
    }
    let mut packed: Vec<Packed<'_>> = Vec::new();
    for (id, _, bytes) in &prepared {
        for c in compressors {
            let mut small = Vec::new();
            let mut back = Vec::new();
            match c
                .compress(bytes, &mut small)
                .and_then(|_| c.decompress(&small, &mut back))
            {
                Ok(()) if back == *bytes => packed.push((id, c.as_ref(), bytes, small)),
                Ok(()) => out.failures.push(Failure::new(
                    &meta(id, "decompress", &c.id(), 0),
                    "decompressed bytes differ",
                )),
                Err(e) => out.failures.push(Failure::new(
                    &meta(id, "compress", &c.id(), 0),
                    format!("verification failed: {e}"),
                )),
            }
        }
    }

    let records = &records;
    let mut pending = Vec::new();
    for (id, codec, bytes) in &prepared {
        let mut buf = Vec::with_capacity(bytes.len());
        pending.push(Pending::new(
            meta(id, "encode", "none", bytes.len()),
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
            Box::new(move |iters| {
                for _ in 0..iters {
                    std::hint::black_box(codec.decode(bytes).map_err(|e| e.to_string())?);
                }
                Ok(())
            }),
        ));
    }
    for (id, c, bytes, small) in &packed {
        let mut buf = Vec::with_capacity(bytes.len());
        pending.push(Pending::new(
            meta(id, "compress", &c.id(), small.len()),
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
            Box::new(move |iters| {
                for _ in 0..iters {
                    buf.clear();
                    c.decompress(small, &mut buf).map_err(|e| e.to_string())?;
                }
                Ok(())
            }),
        ));
    }
    measure_group(ctx, &format!("{NAME} {dataset}"), pending, out);
    frontier(&dataset, out);
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
    let mut best_time = f64::INFINITY;
    let mut on_frontier = Vec::new();
    for (size, time, codec) in &points {
        if *time < best_time {
            best_time = *time;
            on_frontier.push(format!("{codec} ({} B, {:.0} µs)", size, time / 1e3));
        }
    }
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
