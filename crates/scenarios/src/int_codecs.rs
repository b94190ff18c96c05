//! Scenario `int-codecs` (seed 003): one int64 encoded and decoded per
//! operation, four ways mapped from Go to Rust, plus a varint, each timed as
//! a round trip and as encode and decode alone.

use crate::bench::{measure_group, Pending};
use crate::{data, seeds, Context, Output, Scenario, ScenarioError};
use encbench_codecs::registry::int64_codecs;
use encbench_codecs::Codec;
use encbench_record::{Comparison, Failure, Medium, RowMeta};

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
        int64_codecs().iter().map(|e| e.info.id).collect()
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
            let encoded = match verify(codec.as_ref(), &values) {
                Ok(encoded) => encoded,
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
                Box::new(move |n| {
                    codec
                        .roundtrip_batch(values, &mut buf, n)
                        .map_err(|e| e.to_string())
                }),
            ));
            let mut buf = Vec::new();
            pending.push(Pending::new(
                meta(id, "encode", mean_size),
                Box::new(move |n| {
                    codec
                        .encode_batch(values, &mut buf, n)
                        .map_err(|e| e.to_string())
                }),
            ));
            pending.push(Pending::new(
                meta(id, "decode", mean_size),
                Box::new(move |n| codec.decode_batch(&encoded, n).map_err(|e| e.to_string())),
            ));
        }
        measure_group(ctx, NAME, pending, &mut out);
        compare(&mut out);
        Ok(out)
    }
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

/// Round-trips every value; returns each one's encoding for the decode rows.
fn verify(codec: &dyn Codec<i64>, values: &[i64]) -> Result<Vec<Vec<u8>>, String> {
    values
        .iter()
        .map(|v| {
            let mut buf = Vec::new();
            codec
                .encode(v, &mut buf)
                .map_err(|e| format!("encoding {v}: {e}"))?;
            match codec.decode(&buf) {
                Ok(back) if back == *v => Ok(buf),
                Ok(back) => Err(format!("{v} came back as {back}")),
                Err(e) => Err(format!("decoding {v}: {e}")),
            }
        })
        .collect()
}

fn compare(out: &mut Output) {
    let roundtrip = |codec: &str| {
        out.records
            .iter()
            .find(|r| r.codec == codec && r.operation == "roundtrip")
            .map(|r| r.median_ns)
    };
    let base = "int64/le-bytes";
    let pairs = [
        (
            "int64/serde-dyn-write",
            391.0 / 3.05,
            "generic writer vs direct bytes (Go: binary.Write ÷ PutUint64)",
        ),
        (
            "int64/decimal-alloc",
            191.0 / 3.05,
            "decimal text vs direct bytes (Go: strconv ÷ PutUint64)",
        ),
        (
            "int64/cbor-per-call",
            5235.0 / 3.05,
            "self-describing per call vs direct bytes (Go: gob ÷ PutUint64)",
        ),
    ];
    for (codec, seed, note) in pairs {
        if let (Some(a), Some(b)) = (roundtrip(codec), roundtrip(base)) {
            out.comparisons.push(Comparison {
                scenario: NAME.into(),
                label: format!("{codec} ÷ {base} (roundtrip)"),
                value: a / b,
                unit: "×".into(),
                seed_value: Some(seed),
                note: note.into(),
            });
        }
    }
}
