//! Scenario `scaling` (seed 001): a byte array of N items, N from 100 to
//! 15,000 in the seed's steps and then by decades to 10 million, as CSV
//! text (split into strings, or parsed into bytes: by `str::parse`, and by
//! each SIMD decoder the CPU runs) and as binary (length-prefixed raw bytes,
//! bincode), from a warm file and from memory.
//! Fits how time grows with N and says which model fits.

use crate::bench::{measure_group_with, Pending};
use crate::scratch::Scratch;
use crate::{seeds, Context, Mode, Output, Scenario, ScenarioError};
use encbench_codecs::registry::{byte_array_codecs, byte_string_codecs};
use encbench_codecs::Codec;
use encbench_record::{Comparison, Failure, Medium, RowMeta, Verified};
use encbench_stats::fit::{fit_growth, Model};
use rand::{Rng, SeedableRng};

pub(crate) struct Scaling;

const NAME: &str = "scaling";

/// The seed's sizes: 100 to 1,000 by 100, then to 15,000 by 1,000.
pub fn seed_sizes() -> Vec<usize> {
    (1..=10)
        .map(|i| i * 100)
        .chain((2..=15).map(|i| i * 1000))
        .collect()
}

/// Sizes beyond the seed, on a log scale, up to `max`.
fn log_sizes(max: usize) -> Vec<usize> {
    [
        20_000, 50_000, 100_000, 200_000, 500_000, 1_000_000, 2_000_000, 5_000_000, 10_000_000,
    ]
    .into_iter()
    .filter(|n| *n <= max)
    .collect()
}

impl Scenario for Scaling {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("001")
    }

    fn summary(&self) -> &'static str {
        "a byte array of 100 to 10M items as CSV (strings, or parsed) vs binary (raw, bincode); growth model fitted"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        let mut ids: Vec<_> = byte_string_codecs().iter().map(|e| e.info.id).collect();
        ids.extend(byte_array_codecs().iter().map(|e| e.info.id));
        ids
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let max = ctx.size(1_000_000, 10_000_000);
        let sizes: Vec<usize> = seed_sizes()
            .into_iter()
            .chain(log_sizes(max))
            .filter(|n| *n <= max)
            .collect();
        let mut out = Output::default();
        // Many small groups: shorter warm-up and budget per size, same sample floor.
        let mut config = ctx.config.clone();
        config.warmup /= 3;
        config.group_budget =
            config
                .group_budget
                .mul_f64(if ctx.mode == Mode::Full { 0.25 } else { 0.15 });

        let strings: Vec<_> = byte_string_codecs()
            .into_iter()
            .filter(|e| ctx.wants(e.info.id))
            .filter_map(|e| e.build.map(|b| (e.info.id, b())))
            .collect();
        let bytes: Vec<_> = byte_array_codecs()
            .into_iter()
            .filter(|e| ctx.wants(e.info.id))
            .filter_map(|e| e.build.map(|b| (e.info.id, b())))
            .filter(|(id, codec)| out.runs_here(NAME, id, codec.unavailable()))
            .collect();
        // Text takes ≤ 4 bytes per item; every codec's file of the largest size at once.
        let scratch = Scratch::new(NAME, (max as u64) * 4 * 3)?;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(crate::data::SEED);
        for &n in &sizes {
            let data: Vec<u8> = (0..n).map(|_| rng.random()).collect();
            let mut rows: Vec<Row> = Vec::new();
            for (id, codec) in &strings {
                // Ten million owned strings weigh ~0.5 GB: encode, drop them, and
                // check the decoded strings against the bytes instead of a copy.
                let as_strings: Vec<String> = data.iter().map(u8::to_string).collect();
                let encoded = encode(codec.as_ref(), &as_strings);
                drop(as_strings);
                let verdict = codec
                    .decode(&encoded)
                    .map_err(|e| format!("verification failed: {e}"))
                    .and_then(|back| {
                        let what = format!("the decoded strings parse to the {n} bytes written");
                        let parsed = back.iter().map(|s| s.parse::<u8>().ok());
                        Verified::each(what, data.iter().map(|b| Some(*b)), parsed)
                            .map_err(String::from)
                    });
                rows.push(Row::with_verdict(id, codec.as_ref(), encoded, verdict));
            }
            for (id, codec) in &bytes {
                rows.push(Row::new(id, codec.as_ref(), &data));
            }
            drop(data);
            let files: Vec<_> = rows
                .iter()
                .map(|row| {
                    let path = scratch
                        .path()
                        .join(format!("{}-{n}", row.id.replace('/', "_")));
                    (std::fs::write(&path, &row.encoded).map(|_| path), row)
                })
                .collect();
            let mut pending = Vec::new();
            for (written, row) in &files {
                let path = match written {
                    Ok(p) => p,
                    Err(e) => {
                        return Err(ScenarioError::Io {
                            scenario: NAME,
                            action: format!("writing the {} file for N={n}", row.id),
                            source: std::io::Error::new(e.kind(), e.to_string()),
                        })
                    }
                };
                for medium in [Medium::FileWarm, Medium::Memory] {
                    let meta = RowMeta {
                        scenario: NAME.into(),
                        dataset: format!("n={n}"),
                        codec: row.id.into(),
                        operation: "decode".into(),
                        medium,
                        items: n as u64,
                        logical_bytes: n as u64,
                        encoded_bytes: row.encoded.len() as u64,
                        seed_reference: if medium == Medium::FileWarm {
                            seeds::seed_001(row.id, n)
                        } else {
                            None
                        },
                        ..Default::default()
                    };
                    let proof = match &row.verdict {
                        Ok(proof) => proof.clone(),
                        Err(e) => {
                            out.failures.push(Failure::new(&meta, e.clone()));
                            continue;
                        }
                    };
                    let decode = &row.decode;
                    let encoded = &row.encoded;
                    pending.push(Pending::new(
                        meta,
                        proof,
                        Box::new(move |iters| {
                            for _ in 0..iters {
                                match medium {
                                    Medium::Memory => decode(encoded)?,
                                    _ => decode(&std::fs::read(path).map_err(|e| e.to_string())?)?,
                                }
                            }
                            Ok(())
                        }),
                    ));
                }
            }
            measure_group_with(ctx, &config, &format!("{NAME} n={n}"), pending, &mut out);
        }
        fits(&mut out);
        Ok(out)
    }
}

/// A timed decode that keeps its result from the optimiser.
type Decode<'a> = Box<dyn Fn(&[u8]) -> Result<(), String> + 'a>;

/// One codec at one size: its bytes, the verification outcome, and the
/// timed decode (which keeps its result from the optimiser and drops it).
struct Row<'a> {
    id: &'static str,
    encoded: Vec<u8>,
    verdict: Result<Verified, String>,
    decode: Decode<'a>,
}

impl<'a> Row<'a> {
    fn new<T: PartialEq + 'a>(id: &'static str, codec: &'a dyn Codec<T>, value: &T) -> Self {
        let encoded = encode(codec, value);
        let verdict = codec
            .decode(&encoded)
            .map_err(|e| format!("verification failed: {e}"))
            .and_then(|back| {
                Verified::equal("decode(encode(array)) == array", value, &back)
                    .map_err(String::from)
            });
        Self::with_verdict(id, codec, encoded, verdict)
    }

    fn with_verdict<T: 'a>(
        id: &'static str,
        codec: &'a dyn Codec<T>,
        encoded: Vec<u8>,
        verdict: Result<Verified, String>,
    ) -> Self {
        Row {
            id,
            encoded,
            verdict,
            decode: Box::new(move |b| {
                std::hint::black_box(codec.decode(b).map_err(|e| e.to_string())?);
                Ok(())
            }),
        }
    }
}

fn encode<T>(codec: &dyn Codec<T>, value: &T) -> Vec<u8> {
    let mut buf = Vec::new();
    // An encode failure leaves the buffer empty; verification then reports it.
    let _ = codec.encode(value, &mut buf);
    buf
}

/// Per codec and medium: which growth model fits, and how per-item cost moved.
fn fits(out: &mut Output) {
    let mut keys: Vec<(String, Medium)> = Vec::new();
    for r in &out.records {
        if !keys.contains(&(r.codec.clone(), r.medium)) {
            keys.push((r.codec.clone(), r.medium));
        }
    }
    for (codec, medium) in keys {
        let rows: Vec<_> = out
            .records
            .iter()
            .filter(|r| r.codec == codec && r.medium == medium)
            .collect();
        let points: Vec<(f64, f64)> = rows.iter().map(|r| (r.items as f64, r.median_ns)).collect();
        let fits = fit_growth(&points);
        let (Some(best), Some(first), Some(last)) = (fits.first(), rows.first(), rows.last())
        else {
            continue;
        };
        let rms_of = |m: Model| {
            fits.iter()
                .find(|f| f.model == m)
                .map_or("n/a".to_string(), |f| format!("{:.0}%", f.rel_rms * 100.0))
        };
        let note = format!(
            "best fit {}: t = {:.0} ns + {:.3} ns·f(N), RMS error {:.1}% (linear {}, exponential {}); per item {:.2} ns at N={} → {:.2} ns at N={}",
            best.model.as_str(),
            best.a,
            best.b,
            best.rel_rms * 100.0,
            rms_of(Model::Linear),
            rms_of(Model::Exponential),
            first.ns_per_item(),
            first.items,
            last.ns_per_item(),
            last.items,
        );
        out.comparisons.push(Comparison {
            scenario: NAME.into(),
            label: format!(
                "{codec} ({}) per-item cost, largest N ÷ smallest N",
                medium.as_str()
            ),
            value: last.ns_per_item() / first.ns_per_item(),
            unit: "×".into(),
            seed_value: None,
            note,
        });
    }
}
