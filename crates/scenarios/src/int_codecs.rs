//! Scenario `int-codecs` (seed 003): one int64 encoded and decoded per
//! operation, four ways mapped from Go to Rust, plus a varint, each timed as
//! a round trip and as encode and decode alone.

use crate::bench::{measure_group, Pending};
use crate::scratch::Scratch;
use crate::workers::{worker_rows, Skipped, WorkerRow};
use crate::{data, seeds, Context, Output, Scenario, ScenarioError};
use encbench_codecs::int64::{decimal::DecimalItoa, le_bytes::LeBytes, varint::ZigzagLeb128};
use encbench_codecs::registry::{int64_codecs, WORKER_CODECS};
use encbench_codecs::{Codec, Input};
use encbench_record::{Comparison, Failure, Medium, RowMeta, Verified};
use encbench_workers::{decoded_values, encodings, Kind};

pub(crate) struct IntCodecs;

const NAME: &str = "int-codecs";

/// Values cycled through, so branch predictors cannot learn one value.
const VALUES: usize = 1024;

impl Scenario for IntCodecs {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("003")
    }

    fn summary(&self) -> &'static str {
        "one int64 per op: generic serde writer, direct bytes, decimal, per-call CBOR/MessagePack, varint"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        let mut ids: Vec<_> = int64_codecs().iter().map(|e| e.info.id).collect();
        ids.extend(worker_codecs().into_iter().map(|(_, id)| id));
        ids
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let values = data::mixed_i64(VALUES);
        let codecs: Vec<_> = int64_codecs()
            .into_iter()
            .filter(|e| ctx.wants(e.info.id))
            .filter_map(|e| e.build.map(|b| (e.info.id, b())))
            .collect();
        let mut out = Output::default();
        let mut pending = Vec::new();
        for (id, codec) in &codecs {
            let (encoded, proof) = match verify(codec.as_ref(), &values) {
                Ok(checked) => checked,
                Err(e) => {
                    let meta = meta(id, "roundtrip", 0);
                    out.failures
                        .push(Failure::new(&meta, format!("verification failed: {e}")));
                    continue;
                }
            };
            let mean_size =
                (encoded.iter().map(Vec::len).sum::<usize>() as f64 / VALUES as f64).round() as u64;
            let values = &values;
            let mut buf = Vec::new();
            pending.push(Pending::new(
                meta(id, "roundtrip", mean_size),
                proof.clone(),
                Box::new(move |n| {
                    codec
                        .roundtrip_batch(values, &mut buf, n)
                        .map_err(|e| e.to_string())
                }),
            ));
            let mut buf = Vec::new();
            pending.push(Pending::new(
                meta(id, "encode", mean_size),
                proof.clone(),
                Box::new(move |n| {
                    codec
                        .encode_batch(values, &mut buf, n)
                        .map_err(|e| e.to_string())
                }),
            ));
            pending.push(Pending::new(
                meta(id, "decode", mean_size),
                proof,
                Box::new(move |n| codec.decode_batch(&encoded, n).map_err(|e| e.to_string())),
            ));
        }
        // The seed's own language (and Python) on the same values.
        let scratch = Scratch::new(NAME, (VALUES * 8) as u64)?;
        let input = scratch.path().join("values.i64");
        std::fs::write(
            &input,
            values
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<u8>>(),
        )
        .map_err(|source| ScenarioError::Io {
            scenario: NAME,
            action: "writing the workers' dataset".into(),
            source,
        })?;
        let mut skipped = Skipped::default();
        let worker_pending = worker_rows(
            worker_codecs()
                .into_iter()
                .map(|(kind, codec)| WorkerRow {
                    kind,
                    codec,
                    input: &input,
                    format: "i64-le",
                })
                .collect(),
            |id| ctx.wants(id),
            |codec| meta(codec, "roundtrip", 0),
            |codec, reply| byte_compatible(codec, reply, &values),
            &mut skipped,
            &mut out,
        );
        pending.extend(worker_pending);
        measure_group(ctx, NAME, pending, &mut out);
        skipped.report(NAME, &mut out);
        compare(&mut out);
        Ok(out)
    }
}

/// The registry's worker codecs of one int64 per operation, each with the
/// worker process that runs it (by its id's language prefix).
fn worker_codecs() -> Vec<(Kind, &'static str)> {
    WORKER_CODECS
        .iter()
        .filter(|info| info.input == Input::Int64)
        .filter_map(|info| {
            let (language, _) = info.id.split_once('/')?;
            let kind = [Kind::Go, Kind::Python]
                .into_iter()
                .find(|k| k.language() == language)?;
            Some((kind, info.id))
        })
        .collect()
}

/// Every value the worker decoded from its own encoding must be the value
/// written; where its format is standardised, its bytes must also equal ours.
fn byte_compatible(
    codec: &str,
    reply: &serde_json::Value,
    values: &[i64],
) -> Result<Verified, String> {
    let decoded = decoded_values(reply)?;
    let what = format!(
        "the worker's decode of its encoding == the value written, all {} values",
        values.len()
    );
    let proof = Verified::each(what, values, &decoded)?;
    let reference: Box<dyn Codec<i64>> = match codec {
        "go/binary-write" | "go/put-uint64" | "python/struct" => Box::new(LeBytes),
        "go/strconv" | "python/str-int" | "python/json" => Box::new(DecimalItoa),
        "go/put-varint" => Box::new(ZigzagLeb128),
        // gob, pickle, marshal: no second implementation to hold their bytes to.
        _ => return Ok(proof),
    };
    let theirs = encodings(reply)?;
    let mut ours = Vec::with_capacity(values.len());
    for v in values {
        let mut buf = Vec::new();
        reference.encode(v, &mut buf).map_err(|e| e.to_string())?;
        ours.push(buf);
    }
    if let Some(i) = (0..values.len()).find(|&i| theirs.get(i) != ours.get(i)) {
        return Err(format!(
            "value {} encodes to {:02x?}, encbench's to {:02x?}",
            values[i],
            theirs.get(i),
            ours[i]
        ));
    }
    let bytes = Verified::equal(
        format!("its bytes == encbench's, all {} values", values.len()),
        &ours,
        &theirs,
    )?;
    Ok(proof.and(bytes))
}

fn meta(codec: &str, operation: &str, encoded_bytes: u64) -> RowMeta {
    RowMeta {
        scenario: NAME.into(),
        dataset: format!("mixed-i64-{VALUES}"),
        codec: codec.into(),
        operation: operation.into(),
        medium: Medium::Memory,
        items: 1,
        logical_bytes: 8,
        encoded_bytes,
        seed_reference: if operation == "roundtrip" {
            seeds::seed_003(codec)
        } else {
            None
        },
        ..Default::default()
    }
}

/// Round-trips every value; returns each one's encoding for the decode
/// rows, and the proof that every value came back.
fn verify(codec: &dyn Codec<i64>, values: &[i64]) -> Result<(Vec<Vec<u8>>, Verified), String> {
    let mut encoded = Vec::with_capacity(values.len());
    let mut decoded = Vec::with_capacity(values.len());
    for v in values {
        let mut buf = Vec::new();
        codec
            .encode(v, &mut buf)
            .map_err(|e| format!("encoding {v}: {e}"))?;
        decoded.push(
            codec
                .decode(&buf)
                .map_err(|e| format!("decoding {v}: {e}"))?,
        );
        encoded.push(buf);
    }
    let what = format!("decode(encode(v)) == v for all {} values", values.len());
    let proof = Verified::each(what, values, &decoded)?;
    Ok((encoded, proof))
}

fn compare(out: &mut Output) {
    let roundtrip = |codec: &str| {
        out.records
            .iter()
            .find(|r| r.codec == codec && r.operation == "roundtrip")
            .map(|r| r.median_ns)
    };
    let rust = "generic writer vs direct bytes";
    let pairs = [
        ("int64/serde-dyn-write", "int64/le-bytes", rust),
        (
            "int64/decimal-alloc",
            "int64/le-bytes",
            "decimal text vs direct bytes",
        ),
        (
            "int64/cbor-per-call",
            "int64/le-bytes",
            "self-describing per call vs direct bytes (seed: gob)",
        ),
        (
            "go/binary-write",
            "go/put-uint64",
            "the seed's own Go functions, on this machine",
        ),
        (
            "go/strconv",
            "go/put-uint64",
            "the seed's own Go functions, on this machine",
        ),
        (
            "go/gob",
            "go/put-uint64",
            "the seed's own Go functions, on this machine",
        ),
    ];
    let mut found = Vec::new();
    for (codec, base, note) in pairs {
        if let (Some(a), Some(b)) = (roundtrip(codec), roundtrip(base)) {
            found.push(Comparison {
                scenario: NAME.into(),
                label: format!("{codec} ÷ {base} (roundtrip)"),
                value: a / b,
                unit: "×".into(),
                seed_value: seeds::seed_003_ratio(codec, base),
                note: note.into(),
            });
        }
    }
    out.comparisons.extend(found);
}
