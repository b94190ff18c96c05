//! Scenario `megaco` (seed 004): the 149 real Megaco (H.248) messages of
//! Erlang/OTP's timing test, encoded, decoded and decoded-then-encoded by
//! each codec, per message (cycling through the set) and over the whole
//! set, beside Erlang's published table and the seed's conclusions.
//!
//! Adding codecs: a codec over the text model goes into [`codecs`]; one over
//! another model (ASN.1 types, say) converts the 149 messages once, untimed,
//! and calls [`codec_rows`] with its own values — the rows then sit in the
//! same interleaved group as ours.

use crate::bench::{measure_group, Pending};
use crate::{seeds, Context, Output, Scenario, ScenarioError};
use encbench_codecs::Codec;
use encbench_megaco::data::{self, DataError};
use encbench_megaco::MegacoMessage;
use encbench_record::{Comparison, Failure, Medium, RowMeta};
use std::hint::black_box;

pub(crate) struct Megaco;

const NAME: &str = "megaco";
const DATASET: &str = "megaco-time-test-149";

/// The codecs over the text model, in table order.
fn codecs() -> Vec<(&'static str, Box<dyn Codec<MegacoMessage>>)> {
    encbench_megaco::codec::all()
}

impl Scenario for Megaco {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("004")
    }

    fn summary(&self) -> &'static str {
        "149 real Megaco messages: pretty and compact text vs CBOR and postcard of the same model; encode, decode, decode-then-encode"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        codecs().iter().map(|(id, _)| *id).collect()
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let mut out = Output::default();
        let named = match data::load(ctx.data_dir.as_deref()) {
            Ok(m) => m,
            Err(e @ DataError::Absent { .. }) => {
                out.notes.push(format!("megaco: skipped: {e}"));
                return Ok(out);
            }
            Err(e) => {
                out.failures.push(Failure::new(
                    &meta("megaco/pretty", "decode", 0, 0),
                    format!("loading the messages: {e}"),
                ));
                return Ok(out);
            }
        };
        // The model of every message, parsed once from the original pretty text.
        let mut messages = Vec::with_capacity(named.len());
        for m in &named {
            match encbench_megaco::parse(&m.text) {
                Ok(model) => messages.push(model),
                Err(e) => {
                    out.failures.push(Failure::new(
                        &meta("megaco/pretty", "decode", 0, 0),
                        format!("{} does not parse: {e}", m.name),
                    ));
                    return Ok(out);
                }
            }
        }
        let original = named.iter().map(|m| m.text.len()).sum::<usize>() as u64;
        let codecs: Vec<_> = codecs()
            .into_iter()
            .filter(|(id, _)| ctx.wants(id))
            .collect();
        let mut pending = Vec::new();
        for (id, codec) in &codecs {
            match codec_rows(id, codec.as_ref(), &messages, original) {
                Ok((rows, total)) => {
                    out.notes.push(format!(
                        "megaco: {id}: {} messages, {total} bytes in all, {:.0} bytes mean",
                        messages.len(),
                        total as f64 / messages.len() as f64
                    ));
                    pending.extend(rows);
                }
                Err(e) => out.failures.push(Failure::new(
                    &meta(id, "decode", 0, 0),
                    format!("verification failed: {e}"),
                )),
            }
        }
        measure_group(ctx, NAME, pending, &mut out);
        published(&mut out);
        compare(&mut out);
        Ok(out)
    }
}

/// Verifies `codec` on every value (decode(encode(x)) == x), then returns
/// its rows — encode, decode and decode-then-encode, per message and per
/// set — and the set's encoded size. `original_bytes` is the size of the
/// set as pretty text, every row's logical size.
pub(crate) fn codec_rows<'a, T: PartialEq + std::fmt::Debug>(
    id: &str,
    codec: &'a dyn Codec<T>,
    values: &'a [T],
    original_bytes: u64,
) -> Result<(Vec<Pending<'a>>, u64), String> {
    if values.is_empty() {
        return Err("no messages".into());
    }
    let mut encoded = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let mut buf = Vec::new();
        codec
            .encode(v, &mut buf)
            .map_err(|e| format!("encoding message {i}: {e}"))?;
        match codec.decode(&buf) {
            Ok(back) if back == *v => encoded.push(buf),
            Ok(_) => return Err(format!("message {i} decodes to a different model")),
            Err(e) => return Err(format!("decoding message {i}: {e}")),
        }
    }
    let total: u64 = encoded.iter().map(|b| b.len() as u64).sum();
    let n = values.len() as u64;
    let per_message = |bytes: u64| (bytes as f64 / n as f64).round() as u64;
    let (mean, logical) = (per_message(total), per_message(original_bytes));
    let encoded = std::rc::Rc::new(encoded);
    let mut rows = Vec::new();
    for set in [false, true] {
        let (items, logical, size) = if set {
            (n, original_bytes, total)
        } else {
            (1, logical, mean)
        };
        let op = |name: &str| {
            let mut m = meta(id, name, logical, size);
            m.items = items;
            if set {
                // The published figures are per message: they sit on those rows.
                m.dataset = format!("{DATASET} (whole set per op)");
                m.seed_reference = None;
            }
            m
        };
        // Per message: one message per operation, cycling; per set: all of them.
        let per = if set { n } else { 1 };
        let mut buf = Vec::new();
        rows.push(Pending::new(
            op("encode"),
            Box::new(move |iters| {
                codec
                    .encode_batch(values, &mut buf, iters * per)
                    .map_err(|e| e.to_string())
            }),
        ));
        let inputs = std::rc::Rc::clone(&encoded);
        rows.push(Pending::new(
            op("decode"),
            Box::new(move |iters| {
                codec
                    .decode_batch(&inputs, iters * per)
                    .map_err(|e| e.to_string())
            }),
        ));
        let mut buf = Vec::new();
        let mut index = 0;
        let inputs = std::rc::Rc::clone(&encoded);
        rows.push(Pending::new(
            op("decode-then-encode"),
            Box::new(move |iters| {
                for _ in 0..iters * per {
                    let v = codec
                        .decode(black_box(&inputs[index]))
                        .map_err(|e| e.to_string())?;
                    buf.clear();
                    codec.encode(&v, &mut buf).map_err(|e| e.to_string())?;
                    black_box(&buf);
                    index = (index + 1) % inputs.len();
                }
                Ok(())
            }),
        ));
    }
    Ok((rows, total))
}

fn meta(codec: &str, operation: &str, logical_bytes: u64, encoded_bytes: u64) -> RowMeta {
    RowMeta {
        scenario: NAME.into(),
        dataset: DATASET.into(),
        codec: codec.into(),
        operation: operation.into(),
        medium: Medium::Memory,
        items: 1,
        logical_bytes,
        encoded_bytes,
        seed_reference: seeds::seed_004(codec, operation),
        ..Default::default()
    }
}

/// Erlang's published table and the seed's conclusions, as quoted figures.
fn published(out: &mut Output) {
    out.notes.push(
        "megaco: published (Erlang/OTP megaco encoding comparison, as quoted by seed 004; not measured here), \
         mean µs per message over these 149 messages, encode / decode, size: \
         pretty 5 / 12, 336 B; compact 4 / 10, 181 B; BER 6 / 6, 165 B; PER 6 / 6, 91 B; \
         BER native 4 / 3; PER native 4 / 3"
            .into(),
    );
    out.notes.push(
        "megaco: seed 004's conclusions (OSS Nokalva, 2002): tools optimised for binary encodings beat \
         textual ones; OSS BER beats Erlang's text, BER and PER, and OSS PER more so; PER is faster than \
         BER for Megaco in both tool sets; PER messages are much smaller than BER or text; Erlang's text \
         codecs beat its BER/PER because they were tuned harder; and a fair answer needs the same machine, \
         language, API and runtime — which this scenario supplies for the Rust rows"
            .into(),
    );
}

/// Ratios of this run's medians, each beside the published Erlang ratio.
fn compare(out: &mut Output) {
    let median = |codec: &str, op: &str| {
        out.records
            .iter()
            .find(|r| r.codec == codec && r.operation == op && r.items == 1)
            .map(|r| (r.median_ns, r.encoded_bytes))
    };
    let pairs = [
        (
            "megaco/compact",
            "megaco/pretty",
            "decode",
            Some(10.0 / 12.0),
        ),
        ("megaco/compact", "megaco/pretty", "encode", Some(4.0 / 5.0)),
        ("megaco/compact", "megaco/ber", "decode", Some(10.0 / 6.0)),
        ("megaco/compact", "megaco/per", "decode", Some(10.0 / 6.0)),
        ("megaco/compact", "megaco/cbor", "decode", None),
        ("megaco/compact", "megaco/postcard", "decode", None),
    ];
    let mut found = Vec::new();
    for (a, b, op, seed) in pairs {
        if let (Some((x, xs)), Some((y, ys))) = (median(a, op), median(b, op)) {
            found.push(Comparison {
                scenario: NAME.into(),
                label: format!("{a} ÷ {b} ({op} per message)"),
                value: x / y,
                unit: "×".into(),
                seed_value: seed,
                note: if seed.is_some() {
                    "time ratio; seed value: Erlang's published µs ratio".into()
                } else {
                    "time ratio; Erlang published no counterpart".into()
                },
            });
            if op == "decode" {
                let seed_size = match b {
                    "megaco/pretty" => Some(181.0 / 336.0),
                    "megaco/ber" => Some(181.0 / 165.0),
                    "megaco/per" => Some(181.0 / 91.0),
                    _ => None,
                };
                found.push(Comparison {
                    scenario: NAME.into(),
                    label: format!("{a} ÷ {b} (bytes per message)"),
                    value: xs as f64 / ys as f64,
                    unit: "×".into(),
                    seed_value: seed_size,
                    note: if seed_size.is_some() {
                        "size ratio; seed value: Erlang's published sizes".into()
                    } else {
                        "size ratio; Erlang published no counterpart".into()
                    },
                });
            }
        }
    }
    out.comparisons.extend(found);
}
