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
use crate::megaco_erlang::{erlang_rows, row_codec};
use crate::workers::Skipped;
use crate::{seeds, Context, Output, Scenario, ScenarioError};
use encbench_codecs::registry::MEGACO_CODECS;
use encbench_codecs::Codec;
use encbench_megaco::data::{self, DataError};
use encbench_megaco::MegacoMessage;
use encbench_megaco_asn1::{
    ber_vectors, Ber, Per, Tape, TapeBer, TapeCompact, TapePer, TapePretty, Vector,
    VersionedMessage,
};
use encbench_record::{Comparison, Failure, Medium, RowMeta, Verified};
use std::hint::black_box;

pub(crate) struct Megaco;

const NAME: &str = "megaco";
const DATASET: &str = "megaco-time-test-149";

/// The codecs over the text model, in table order.
fn codecs() -> Vec<(&'static str, Box<dyn Codec<MegacoMessage>>)> {
    encbench_megaco::codec::all()
}

/// The codecs over the ASN.1 values (rasn types of MEDIA-GATEWAY-CONTROL
/// v1–v3), with the ids seed 004's comparisons look for.
fn asn1_codecs() -> [(&'static str, &'static dyn Codec<VersionedMessage>); 2] {
    [("megaco/ber", &Ber), ("megaco/per", &Per)]
}

/// The ids of the ASN.1 and tape codecs, for the registry's test.
#[cfg(test)]
pub(crate) fn asn1_and_tape_ids() -> Vec<&'static str> {
    let asn1 = asn1_codecs().map(|(id, _)| id);
    let tape = tape_codecs().map(|(id, _)| id);
    asn1.into_iter().chain(tape).collect()
}

/// Our purpose-built codecs over the same modules, decoding into a tape:
/// binary and text built with equal effort (seed 004's last demand).
fn tape_codecs() -> [(&'static str, &'static dyn Codec<Tape>); 4] {
    [
        ("megaco/ber-tape", &TapeBer),
        ("megaco/per-tape", &TapePer),
        ("megaco/compact-tape", &TapeCompact),
        ("megaco/pretty-tape", &TapePretty),
    ]
}

impl Scenario for Megaco {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("004")
    }

    fn summary(&self) -> &'static str {
        "149 real Megaco messages: pretty and compact text, CBOR, postcard, ASN.1 BER and PER (rasn, and purpose-built into a tape), beside Erlang/OTP's own codecs; encode, decode, decode-then-encode"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        MEGACO_CODECS.iter().map(|i| i.id).collect()
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
        // ASN.1 values, decoded (untimed) only for the row groups wanted.
        let wants_any = |ids: &[&str]| ids.iter().any(|id| ctx.wants(id));
        let rasn_wanted = wants_any(&asn1_codecs().map(|(id, _)| id));
        let tape_wanted = wants_any(&tape_codecs().map(|(id, _)| id));
        let vectors = match rasn_wanted || tape_wanted {
            true => matching_vectors(&named, &mut out),
            false => Vec::new(),
        };
        let asn1 = match rasn_wanted {
            true => decode_all(&vectors, &Ber, "megaco/ber", &mut out),
            false => Vec::new(),
        };
        let tapes = match tape_wanted {
            true => decode_all(&vectors, &TapeBer, "megaco/ber-tape", &mut out),
            false => Vec::new(),
        };
        if !vectors.is_empty() {
            out.notes.push(
                "megaco: the ASN.1 rows (megaco/ber, megaco/per and the -tape pair) run on values decoded from Erlang's BER of the same 149 messages (wire form: 4-octet package names, as Erlang's \"native\" codecs take them); the text codecs run on our text model".into(),
            );
            out.notes.push(
                "megaco: built with equal effort: megaco/ber-tape, megaco/per-tape, megaco/compact-tape and megaco/pretty-tape — one tape, purpose-built decoders and encoders for each encoding, text names and term ids mapped as Erlang's binary codecs map them; megaco/compact and megaco/pretty are a general parser into a model, megaco/ber and megaco/per rasn's generated structs".into(),
            );
            out.notes.push(
                "megaco: megaco/*-tape decode into a tape — every value type-checked and parsed, in document order, strings copied into one buffer (simdjson's idea) — where megaco/ber and megaco/per build rasn's structs, one allocation per boxed field, list and string".into(),
            );
        }
        let codecs: Vec<_> = codecs()
            .into_iter()
            .filter(|(id, _)| ctx.wants(id))
            .collect();
        let mut pending = Vec::new();
        let text_rows = codecs
            .iter()
            .map(|(id, codec)| (*id, codec_rows(id, codec.as_ref(), &messages, original)));
        let asn1_rows = asn1_codecs()
            .into_iter()
            .filter(|(id, _)| ctx.wants(id) && !asn1.is_empty())
            .map(|(id, codec)| (id, codec_rows(id, codec, &asn1, original)));
        let tape_rows = tape_codecs()
            .into_iter()
            .filter(|(id, _)| ctx.wants(id) && !tapes.is_empty())
            .map(|(id, codec)| (id, codec_rows(id, codec, &tapes, original)));
        for (id, rows) in text_rows.chain(asn1_rows).chain(tape_rows) {
            match rows {
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
        // Erlang/OTP's own codecs, timed in-process by the Erlang worker.
        let mut skipped = Skipped::default();
        if let Ok(path) = data::locate(ctx.data_dir.as_deref()) {
            let logical = (original as f64 / named.len() as f64).round() as u64;
            let wants = |id: &str| ctx.wants(id) || ctx.wants(&row_codec(id));
            let rows = erlang_rows(
                &path,
                &messages,
                DATASET,
                logical,
                wants,
                &mut skipped,
                &mut out,
            );
            pending.extend(rows);
        }
        measure_group(ctx, NAME, pending, &mut out);
        skipped.report(NAME, &mut out);
        published(&mut out);
        compare(&mut out);
        Ok(out)
    }
}

/// Erlang's committed BER of the 149 messages, in the loader's order: the
/// ASN.1 rows start from it because our text model keeps package names as
/// text and the binary forms carry 4-octet `PkgdName`s (the mapping between
/// them is Erlang's name resolver, not built here). Empty, with a failure,
/// when the vectors do not line up with the loaded messages.
fn matching_vectors(named: &[data::NamedMessage], out: &mut Output) -> Vec<Vector> {
    let vectors = ber_vectors();
    let same_names =
        vectors.len() == named.len() && vectors.iter().zip(named).all(|(v, m)| v.name == m.name);
    if !same_names {
        let why = "the committed BER vectors are not the loaded messages (names or order differ)";
        out.failures.push(Failure::new(
            &meta("megaco/ber", "decode", 0, 0),
            why.to_string(),
        ));
        return Vec::new();
    }
    vectors
}

/// Every vector as `codec`'s value; empty, with a failure, if one does not
/// decode.
fn decode_all<T>(vectors: &[Vector], codec: &dyn Codec<T>, id: &str, out: &mut Output) -> Vec<T> {
    let mut values = Vec::with_capacity(vectors.len());
    for v in vectors {
        match codec.decode(&v.bytes) {
            Ok(value) => values.push(value),
            Err(e) => {
                let why = format!("decoding the committed BER of {}: {e}", v.name);
                out.failures
                    .push(Failure::new(&meta(id, "decode", 0, 0), why));
                return Vec::new();
            }
        }
    }
    values
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
    let mut decoded = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let mut buf = Vec::new();
        codec
            .encode(v, &mut buf)
            .map_err(|e| format!("encoding message {i}: {e}"))?;
        decoded.push(
            codec
                .decode(&buf)
                .map_err(|e| format!("decoding message {i}: {e}"))?,
        );
        encoded.push(buf);
    }
    let what = format!("decode(encode(m)) == m for all {} messages", values.len());
    let proof = Verified::each(what, values, &decoded)?;
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
            proof.clone(),
            Box::new(move |iters| {
                codec
                    .encode_batch(values, &mut buf, iters * per)
                    .map_err(|e| e.to_string())
            }),
        ));
        let inputs = std::rc::Rc::clone(&encoded);
        rows.push(Pending::new(
            op("decode"),
            proof.clone(),
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
            proof.clone(),
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
    let table: Vec<String> = seeds::SEED_004_ERLANG
        .iter()
        .map(|(encoding, enc, dec, size)| {
            let size = size.map(|b| format!(", {b} B")).unwrap_or_default();
            format!("{encoding} {enc} / {dec}{size}")
        })
        .collect();
    out.notes.push(format!(
        "megaco: published (Erlang/OTP megaco encoding comparison, as quoted by seed 004; not measured here), \
         mean µs per message over these 149 messages, encode / decode, size: {}",
        table.join("; ")
    ));
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
        ("megaco/compact", "megaco/pretty", "decode"),
        ("megaco/compact", "megaco/pretty", "encode"),
        ("megaco/compact", "megaco/ber", "decode"),
        ("megaco/compact", "megaco/per", "decode"),
        ("megaco/compact", "megaco/cbor", "decode"),
        ("megaco/compact", "megaco/ber-tape", "decode"),
        ("megaco/ber-tape", "megaco/ber", "decode"),
        ("megaco/compact-tape", "megaco/ber-tape", "decode"),
        ("megaco/compact-tape", "megaco/ber-tape", "encode"),
        (
            "megaco/compact-tape",
            "megaco/ber-tape",
            "decode-then-encode",
        ),
        ("megaco/compact-tape", "megaco/per-tape", "decode"),
        ("megaco/compact-tape", "megaco/per-tape", "encode"),
        (
            "megaco/compact-tape",
            "megaco/per-tape",
            "decode-then-encode",
        ),
        ("megaco/pretty-tape", "megaco/ber-tape", "decode"),
        ("megaco/compact-tape", "megaco/compact", "decode"),
        ("megaco/per-tape", "megaco/per", "decode"),
        ("megaco/ber-tape", "megaco/erlang-ber", "decode"),
        ("megaco/per-tape", "megaco/erlang-per", "decode"),
        ("megaco/ber-tape", "megaco/erlang-ber-native", "decode"),
        ("megaco/per-tape", "megaco/erlang-per-native", "decode"),
        ("megaco/ber", "megaco/erlang-ber-native", "decode"),
        ("megaco/per", "megaco/erlang-per-native", "decode"),
        ("megaco/ber", "megaco/erlang-ber", "decode"),
        ("megaco/per", "megaco/erlang-per", "decode"),
        ("megaco/compact", "megaco/erlang-compact", "decode"),
        ("megaco/pretty", "megaco/erlang-pretty", "decode"),
        ("megaco/compact", "megaco/postcard", "decode"),
    ];
    let mut found = Vec::new();
    for (a, b, op) in pairs {
        let seed = seeds::seed_004_time_ratio(a, b, op);
        if let (Some((x, xs)), Some((y, ys))) = (median(a, op), median(b, op)) {
            found.push(Comparison {
                scenario: NAME.into(),
                label: format!("{a} ÷ {b} ({op} per message)"),
                value: x / y,
                unit: "×".into(),
                seed_value: seed,
                note: match (seed, b.starts_with("megaco/erlang-")) {
                    (Some(_), _) => "time ratio; seed value: Erlang's published µs ratio".into(),
                    (None, true) => "time ratio, ours ÷ Erlang/OTP's, both measured in this run (Erlang in-process in its worker)".into(),
                    (None, false) => "time ratio; Erlang published no counterpart".into(),
                },
            });
            if op == "decode" {
                let seed_size = seeds::seed_004_size_ratio(a, b);
                found.push(Comparison {
                    scenario: NAME.into(),
                    label: format!("{a} ÷ {b} (bytes per message)"),
                    value: xs as f64 / ys as f64,
                    unit: "×".into(),
                    seed_value: seed_size,
                    note: match (seed_size, b.starts_with("megaco/erlang-")) {
                        (Some(_), _) => "size ratio; seed value: Erlang's published sizes".into(),
                        (None, true) => {
                            "size ratio, ours ÷ Erlang/OTP's, both encoded in this run".into()
                        }
                        (None, false) => "size ratio; Erlang published no counterpart".into(),
                    },
                });
            }
        }
    }
    out.comparisons.extend(found);
}
