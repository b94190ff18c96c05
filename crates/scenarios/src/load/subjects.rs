//! The codecs put under load, each with its messages encoded and its round
//! trip verified before any load runs. Megaco's are listed one per line in
//! [`megaco_codecs`]; any registry codec over records or integers joins
//! when `--codec` names it.

use crate::Context;
use encbench_codecs::records::Telemetry;
use encbench_codecs::registry::{int64_codecs, record_codecs};
use encbench_codecs::Codec;
use encbench_load::{CodecWorkload, Workload};
use encbench_megaco::codec::{Compact, Pretty};
use encbench_megaco::MegacoMessage;
use encbench_megaco_asn1::{Ber, Per, Tape, TapeBer, TapeCompact, TapePer, VersionedMessage};
use encbench_record::Verified;

/// One codec, ready to load: its messages as it encodes them, the proof
/// that each decodes back to its value, and the workload.
pub(crate) struct Subject {
    /// Codec id.
    pub id: String,
    /// Dataset the rows name.
    pub dataset: &'static str,
    /// The valid messages, encoded.
    pub good: Vec<Vec<u8>>,
    /// decode(encode(m)) == m for every message.
    pub proof: Verified,
    /// Decode a request, encode a reply.
    pub work: Box<dyn Workload>,
    /// Mean logical size of one message (the pretty text, for Megaco).
    pub logical_bytes: u64,
}

impl Subject {
    /// Mean encoded size.
    pub fn mean_bytes(&self) -> u64 {
        let total: usize = self.good.iter().map(Vec::len).sum();
        (total as f64 / self.good.len().max(1) as f64).round() as u64
    }
}

/// A Megaco codec and the model its values come in.
pub(crate) enum Entry {
    /// Over our text model, parsed from the pretty text.
    Text(&'static str, fn() -> Box<dyn Codec<MegacoMessage>>),
    /// Over rasn's ASN.1 values, decoded from Erlang's BER.
    Asn1(&'static str, fn() -> Box<dyn Codec<VersionedMessage>>),
    /// Over our tape, decoded from Erlang's BER.
    Tape(&'static str, fn() -> Box<dyn Codec<Tape>>),
}

impl Entry {
    pub fn id(&self) -> &'static str {
        match self {
            Entry::Text(id, _) | Entry::Asn1(id, _) | Entry::Tape(id, _) => id,
        }
    }
}

/// The Megaco codecs under load, in table order: one line each.
pub(crate) fn megaco_codecs() -> Vec<Entry> {
    vec![
        Entry::Text("megaco/pretty", || Box::new(Pretty)),
        Entry::Text("megaco/compact", || Box::new(Compact)),
        Entry::Asn1("megaco/ber", || Box::new(Ber)),
        Entry::Asn1("megaco/per", || Box::new(Per)),
        Entry::Tape("megaco/ber-tape", || Box::new(TapeBer)),
        Entry::Tape("megaco/per-tape", || Box::new(TapePer)),
        Entry::Tape("megaco/compact-tape", || Box::new(TapeCompact)),
    ]
}

/// The 149 messages in each model, made once.
pub(crate) struct Values {
    pub models: Vec<MegacoMessage>,
    pub asn1: Vec<VersionedMessage>,
    pub tapes: Vec<Tape>,
    /// Mean pretty text per message.
    pub logical_bytes: u64,
}

pub(crate) const MEGACO_DATASET: &str = "megaco-time-test-149";

/// Verifies `codec` on every value and wraps it as a workload.
pub(crate) fn subject<T: PartialEq + 'static>(
    id: &str,
    dataset: &'static str,
    codec: Box<dyn Codec<T>>,
    values: &[T],
    logical_bytes: u64,
) -> Result<Subject, String> {
    if values.is_empty() {
        return Err("no messages".into());
    }
    let mut good = Vec::with_capacity(values.len());
    let mut back = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let mut buf = Vec::new();
        codec
            .encode(v, &mut buf)
            .map_err(|e| format!("encoding message {i}: {e}"))?;
        back.push(
            codec
                .decode(&buf)
                .map_err(|e| format!("decoding message {i}: {e}"))?,
        );
        good.push(buf);
    }
    let what = format!("decode(encode(m)) == m for all {} messages", values.len());
    let proof = Verified::each(what, values, &back)?;
    Ok(Subject {
        id: id.to_string(),
        dataset,
        good,
        proof,
        work: Box::new(CodecWorkload::new(codec)),
        logical_bytes,
    })
}

/// The subject for a Megaco entry.
pub(crate) fn megaco_subject(entry: &Entry, v: &Values) -> Result<Subject, String> {
    let (d, l) = (MEGACO_DATASET, v.logical_bytes);
    match entry {
        Entry::Text(id, make) => subject(id, d, make(), &v.models, l),
        Entry::Asn1(id, make) => subject(id, d, make(), &v.asn1, l),
        Entry::Tape(id, make) => subject(id, d, make(), &v.tapes, l),
    }
}

/// Decodes every one of Erlang's BER vectors with `codec`, in order.
fn from_vectors<T>(
    vectors: &[encbench_megaco_asn1::Vector],
    codec: &dyn Codec<T>,
    what: &str,
) -> Result<Vec<T>, String> {
    vectors
        .iter()
        .map(|v| {
            codec
                .decode(&v.bytes)
                .map_err(|e| format!("{what} of {}: {e}", v.name))
        })
        .collect()
}

/// The 149 messages as text models (parsed from the pretty text), rasn
/// values and tapes (decoded from Erlang's BER of them, as scenario
/// `megaco` makes them).
pub(crate) fn megaco_values(ctx: &Context<'_>) -> Result<Values, String> {
    let named = encbench_megaco::data::load(ctx.data_dir.as_deref()).map_err(|e| e.to_string())?;
    let models = named
        .iter()
        .map(|m| encbench_megaco::parse(&m.text).map_err(|e| format!("{}: {e}", m.name)))
        .collect::<Result<Vec<_>, _>>()?;
    let vectors = encbench_megaco_asn1::ber_vectors();
    let total: usize = named.iter().map(|m| m.text.len()).sum();
    Ok(Values {
        logical_bytes: (total as f64 / named.len().max(1) as f64).round() as u64,
        models,
        asn1: from_vectors(&vectors, &Ber, "rasn BER")?,
        tapes: from_vectors(&vectors, &TapeBer, "tape BER")?,
    })
}

/// Records per message for registry record codecs, and messages.
const RECORDS_PER_MESSAGE: usize = 8;
const RECORD_MESSAGES: usize = 64;
const INT_MESSAGES: usize = 256;

/// Registry codecs `--codec` named (never by default): record codecs on
/// telemetry rows, 8 per message, and the int64 codecs one value per
/// message. Each as its subject, or a note on why it cannot be loaded.
pub(crate) fn registry_subjects(ctx: &Context<'_>) -> Vec<Result<Subject, String>> {
    let Some(patterns) = &ctx.codecs else {
        return Vec::new();
    };
    let named = |id: &str| patterns.iter().any(|p| crate::glob_match(p, id));
    let mut out = Vec::new();
    let rows = encbench_datasets::telemetry(RECORDS_PER_MESSAGE * RECORD_MESSAGES);
    let messages: Vec<Vec<Telemetry>> = rows
        .chunks(RECORDS_PER_MESSAGE)
        .map(<[Telemetry]>::to_vec)
        .collect();
    for e in record_codecs::<Telemetry>() {
        if named(e.info.id) {
            out.push(match e.build {
                Some(make) => subject(e.info.id, "telemetry-8-per-message", make(), &messages, 0),
                None => Err(format!("{}: compiled out (feature off)", e.info.id)),
            });
        }
    }
    let ints = encbench_datasets::mixed_i64(INT_MESSAGES);
    for e in int64_codecs() {
        if named(e.info.id) {
            out.push(match e.build {
                Some(make) => subject(e.info.id, "int64-one-per-message", make(), &ints, 8),
                None => Err(format!("{}: compiled out (feature off)", e.info.id)),
            });
        }
    }
    out
}

/// Every registry id `load` can take.
pub(crate) fn registry_ids() -> Vec<&'static str> {
    let records = record_codecs::<Telemetry>().into_iter().map(|e| e.info.id);
    records
        .chain(int64_codecs().into_iter().map(|e| e.info.id))
        .collect()
}
