//! Seed 004's peer: Erlang/OTP megaco's own codecs, timed in-process by the
//! Erlang worker (`workers/erlang/megaco_worker.escript`) on upstream's 149
//! messages, one message per operation. Not a scenario of its own: scenario
//! `megaco` appends these rows beside its Rust ones. Also holds Erlang's
//! published averages, to be shown labelled as the seed's.
use crate::bench::Pending;
use crate::seeds::seed_004;
use crate::workers::{worker_rows, Skipped, WorkerRow};
use crate::Output;
use encbench_codecs::Codec;
use encbench_megaco::model::{
    AuditReturnParameter, CommandReply, MessageBody, Transaction, TransactionResult,
};
use encbench_megaco::MegacoMessage;
use encbench_megaco_asn1::{
    ber_vectors, per_vectors, Ber, Per, Tape, TapeBer, TapeCompact, TapePer, Vector,
    VersionedMessage,
};
use encbench_record::{RowMeta, Verified};
use encbench_workers::Kind;
use serde_json::Value;
use std::path::Path;

/// The worker's codec ids: `megaco/erlang-{encoding}-{operation}`.
pub(crate) const CODECS: [&str; 12] = [
    "megaco/erlang-pretty-encode",
    "megaco/erlang-pretty-decode",
    "megaco/erlang-compact-encode",
    "megaco/erlang-compact-decode",
    "megaco/erlang-ber-encode",
    "megaco/erlang-ber-decode",
    "megaco/erlang-per-encode",
    "megaco/erlang-per-decode",
    "megaco/erlang-ber-native-encode",
    "megaco/erlang-ber-native-decode",
    "megaco/erlang-per-native-encode",
    "megaco/erlang-per-native-decode",
];

/// The Erlang rows over `messages` (upstream's `time_test.msgs`), each
/// checked before it is timed: the worker verifies its own round trip, its
/// BER and PER must equal the committed vectors byte for byte and decode in
/// ours, and its pretty and compact text must parse here to `originals`
/// (our parse of each message, in file order). `logical_bytes` is the
/// caller's per-message logical size (the mean pretty text).
pub(crate) fn erlang_rows(
    messages: &Path,
    originals: &[MegacoMessage],
    dataset: &str,
    logical_bytes: u64,
    wants: impl Fn(&str) -> bool,
    skipped: &mut Skipped,
    out: &mut Output,
) -> Vec<Pending<'static>> {
    let rows = CODECS
        .into_iter()
        .map(|codec| WorkerRow {
            kind: Kind::Erlang,
            codec,
            input: messages,
            format: "megaco-msgs",
        })
        .collect();
    worker_rows(
        rows,
        wants,
        |id| meta(id, dataset, logical_bytes),
        |id, reply| check(id, reply, originals),
        skipped,
        out,
    )
}

/// The record-level codec of a worker id: `megaco/erlang-ber-decode` →
/// `megaco/erlang-ber` (what rows carry and `--codec` filters on).
pub(crate) fn row_codec(id: &str) -> String {
    format!("megaco/erlang-{}", split(id).0)
}

/// `megaco/erlang-ber-decode` → encoding `ber`, operation `decode`.
fn split(id: &str) -> (&str, &str) {
    let rest = id.strip_prefix("megaco/erlang-").unwrap_or(id);
    rest.rsplit_once('-').unwrap_or((rest, ""))
}

fn meta(id: &str, dataset: &str, logical_bytes: u64) -> RowMeta {
    let (encoding, operation) = split(id);
    RowMeta {
        scenario: "megaco".into(),
        dataset: dataset.into(),
        codec: row_codec(id),
        operation: operation.into(),
        items: 1,
        logical_bytes,
        seed_reference: seed_004(&format!("megaco/erlang-{encoding}"), operation),
        ..Default::default()
    }
}

fn check(id: &str, reply: &Value, originals: &[MegacoMessage]) -> Result<Verified, String> {
    let encoded = encbench_workers::encodings(reply)?;
    let (encoding, operation) = split(id);
    let (vectors, codec): (Vec<Vector>, &dyn Codec<VersionedMessage>) =
        match encoding.trim_end_matches("-native") {
            "ber" => (ber_vectors(), &Ber),
            "per" => (per_vectors(), &Per),
            "pretty" | "compact" => {
                let proof = same_models(&encoded, originals)?;
                return decoded_too(operation, encoding, reply, &encoded, proof);
            }
            other => return Err(format!("unknown encoding {other:?}")),
        };
    let proof = same_as_vectors(&encoded, &vectors, codec)?;
    decoded_too(operation, encoding, reply, &encoded, proof)
}

/// For a decode row, adds the check of what Erlang's decoder returned.
fn decoded_too(
    operation: &str,
    encoding: &str,
    reply: &Value,
    encoded: &[Vec<u8>],
    proof: Verified,
) -> Result<Verified, String> {
    if operation != "decode" {
        return Ok(proof);
    }
    let decoded = encbench_workers::hex_list(reply, "decoded_ber_hex")?;
    Ok(proof.and(same_decoded(encoding, encoded, &decoded)?))
}

/// What Erlang's decoder returned for each message (the worker sends it
/// back encoded as BER) holds the values our own decoder of that encoding
/// reads from the same bytes: BER and PER through their tapes, text
/// through the text tape. The values compared are ASN.1's, so an order
/// ASN.1 does not keep (bare audit tokens) does not count.
fn same_decoded(
    encoding: &str,
    encoded: &[Vec<u8>],
    decoded: &[Vec<u8>],
) -> Result<Verified, String> {
    let ours: &dyn Codec<Tape> = match encoding.trim_end_matches("-native") {
        "ber" => &TapeBer,
        "per" => &TapePer,
        "pretty" | "compact" => &TapeCompact,
        other => return Err(format!("unknown encoding {other:?}")),
    };
    if decoded.len() != encoded.len() {
        return Err(format!(
            "Erlang returned {} decoded messages for {} encoded",
            decoded.len(),
            encoded.len()
        ));
    }
    let mut mine = Vec::with_capacity(encoded.len());
    let mut theirs = Vec::with_capacity(encoded.len());
    for (n, (bytes, value)) in encoded.iter().zip(decoded).enumerate() {
        mine.push(ours.decode(bytes).map_err(|e| {
            format!(
                "message {}: our {encoding} decoder refuses Erlang's encoding: {e}",
                n + 1
            )
        })?);
        theirs.push(TapeBer.decode(value).map_err(|e| {
            format!(
                "message {}: Erlang's decoded value (as BER) does not decode here: {e}",
                n + 1
            )
        })?);
    }
    let what = format!(
        "Erlang's decoded values == ours from the same bytes, all {}",
        encoded.len()
    );
    Verified::each(what, theirs.iter(), mine.iter()).map_err(String::from)
}

/// Erlang's text encodings parse here to the same models as the originals,
/// up to the order of a reply's bare audit tokens.
fn same_models(encoded: &[Vec<u8>], originals: &[MegacoMessage]) -> Result<Verified, String> {
    if encoded.len() != originals.len() {
        return Err(format!(
            "{} messages encoded, expected {}",
            encoded.len(),
            originals.len()
        ));
    }
    let mut parsed = Vec::with_capacity(encoded.len());
    for (n, bytes) in encoded.iter().enumerate() {
        let got = encbench_megaco::parse(bytes).map_err(|e| {
            format!(
                "message {}: Erlang's encoding does not parse here: {e}",
                n + 1
            )
        })?;
        parsed.push(bare_tokens_sorted(got));
    }
    let wanted = originals.iter().map(|m| bare_tokens_sorted(m.clone()));
    let what = format!(
        "Erlang's text parses here to the original messages, all {}",
        originals.len()
    );
    Verified::each(what, wanted, parsed).map_err(String::from)
}

/// Erlang's encodings equal the committed ones and decode in ours.
fn same_as_vectors(
    encoded: &[Vec<u8>],
    vectors: &[Vector],
    codec: &dyn Codec<VersionedMessage>,
) -> Result<Verified, String> {
    if encoded.len() != vectors.len() {
        return Err(format!(
            "{} messages encoded, expected {}",
            encoded.len(),
            vectors.len()
        ));
    }
    for (bytes, v) in encoded.iter().zip(vectors) {
        if *bytes != v.bytes {
            return Err(format!(
                "{}: Erlang's bytes differ from the committed vector",
                v.name
            ));
        }
        codec
            .decode(bytes)
            .map_err(|e| format!("{}: Erlang's encoding does not decode here: {e}", v.name))?;
    }
    let what = format!(
        "Erlang's bytes == the committed vectors (and decode here), all {}",
        vectors.len()
    );
    let expected = vectors.iter().map(|v| v.bytes.as_slice());
    Verified::each(what, expected, encoded.iter().map(Vec::as_slice)).map_err(String::from)
}

/// Erlang's text decoder returns a reply's bare audit tokens (`Media`,
/// `DigitMap` …, ASN.1's `emptyDescriptors`) in reverse order (msg79a01);
/// the comparison sorts them, and leaves everything else as it is.
fn bare_tokens_sorted(mut m: MegacoMessage) -> MegacoMessage {
    let MessageBody::Transactions(ts) = &mut m.mess.body else {
        return m;
    };
    for t in ts {
        let Transaction::Reply(r) = t else { continue };
        let TransactionResult::ActionReplies(actions) = &mut r.result else {
            continue;
        };
        for c in actions.iter_mut().flat_map(|a| &mut a.command_replies) {
            let audit = match c {
                CommandReply::Add(r)
                | CommandReply::Move(r)
                | CommandReply::Modify(r)
                | CommandReply::Subtract(r) => &mut r.termination_audit,
                CommandReply::AuditCap(r) | CommandReply::AuditValue(r) => &mut r.termination_audit,
                _ => continue,
            };
            // Stable: the described parameters keep their order, first.
            audit.sort_by_key(|p| match p {
                AuditReturnParameter::Empty(t) => Some(*t as u8),
                _ => None,
            });
        }
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_split_into_encoding_and_operation() {
        assert_eq!(
            split("megaco/erlang-per-native-encode"),
            ("per-native", "encode")
        );
        assert_eq!(
            meta("megaco/erlang-ber-decode", "d", 7).codec,
            "megaco/erlang-ber"
        );
        let seed = meta("megaco/erlang-pretty-decode", "d", 7)
            .seed_reference
            .expect("published");
        assert_eq!((seed.value, seed.unit.as_str()), (12.0, "µs/msg"));
        let native = meta("megaco/erlang-ber-native-encode", "d", 7).seed_reference;
        assert_eq!(native.map(|s| s.value), Some(4.0));
    }

    #[test]
    fn a_changed_byte_fails_the_check() {
        let vectors = per_vectors();
        let mut encoded: Vec<Vec<u8>> = vectors.iter().map(|v| v.bytes.clone()).collect();
        assert!(same_as_vectors(&encoded, &vectors, &Per).is_ok());
        encoded[3][5] ^= 0x10;
        assert_eq!(
            same_as_vectors(&encoded, &vectors, &Per),
            Err(format!(
                "{}: Erlang's bytes differ from the committed vector",
                vectors[3].name
            ))
        );
        assert!(same_as_vectors(&encoded[1..], &vectors, &Per).is_err());
    }

    #[test]
    fn erlangs_decoded_values_must_be_ours() {
        let ber: Vec<Vec<u8>> = ber_vectors().into_iter().map(|v| v.bytes).collect();
        let ok = same_decoded("ber-native", &ber, &ber).expect("the same values");
        assert!(ok.what().contains("all 149"), "{}", ok.what());
        // Text: our text tape of Erlang's compact text against its BER.
        let compact: Vec<Vec<u8>> = ber
            .iter()
            .map(|b| {
                let tape = TapeBer.decode(b).expect("decodes");
                let mut out = Vec::new();
                TapeCompact.encode(&tape, &mut out).expect("encodes");
                out
            })
            .collect();
        assert!(same_decoded("compact", &compact, &ber).is_ok());
        let mut swapped = ber.clone();
        swapped.swap(1, 2);
        let e = same_decoded("ber", &ber, &swapped).unwrap_err();
        assert!(e.contains("item 1 differs"), "{e}");
        let e = same_decoded("per", &ber, &ber).unwrap_err();
        assert!(e.starts_with("message 1: our per decoder refuses"), "{e}");
        let e = same_decoded("ber", &ber, &ber[1..]).unwrap_err();
        assert_eq!(e, "Erlang returned 148 decoded messages for 149 encoded");
    }

    #[test]
    fn text_must_parse_to_the_originals() {
        let originals = encbench_megaco::samples::messages();
        let mut encoded: Vec<Vec<u8>> = originals
            .iter()
            .map(|m| {
                let mut out = Vec::new();
                encbench_megaco::encode_compact(m, &mut out);
                out
            })
            .collect();
        assert!(same_models(&encoded, &originals).is_ok());
        assert_eq!(
            same_models(&encoded[1..], &originals),
            Err(format!(
                "{} messages encoded, expected {}",
                originals.len() - 1,
                originals.len()
            ))
        );
        // Another valid message in place of the second.
        encoded.swap(0, 1);
        let e = same_models(&encoded, &originals).unwrap_err();
        assert!(
            e.contains("original messages") && e.contains("item 0 differs"),
            "{e}"
        );
        encoded.swap(0, 1);
        // Bare audit tokens reordered, as Erlang does: accepted; the
        // described parameters reordered: refused.
        let pretty = "MEGACO/3 [1.2.3.4]:5\nReply = 7 {\n\tContext = 7 {\n\t\t\
            AuditValue = a/b {\n\t\t\tError = 502 {  } ,\n\t\t\tEvents = 9 {\n\t\t\t\t\
            al/of\n\t\t\t},\n\t\t\tMedia,\n\t\t\tDigitMap,\n\t\t\tPackages\n\t\t}\n\t}\n}";
        let original = vec![encbench_megaco::parse(pretty.as_bytes()).expect("parses")];
        let erlang = b"!/3 [1.2.3.4]:5\nP=7{C=7{AV=a/b{ER=502{},E=9{al/of},PG,DM,M}}}".to_vec();
        assert!(same_models(&[erlang], &original).is_ok());
        let swapped = b"!/3 [1.2.3.4]:5\nP=7{C=7{AV=a/b{E=9{al/of},ER=502{},PG,DM,M}}}".to_vec();
        assert!(same_models(&[swapped], &original).is_err());
        encoded[2].truncate(5);
        let e = same_models(&encoded, &originals).unwrap_err();
        assert!(
            e.starts_with("message 3: Erlang's encoding does not parse here: "),
            "{e}"
        );
    }

    /// With Erlang and the data present, all twelve rows pass their checks.
    #[test]
    fn erlang_rows_verify_on_the_real_messages() {
        let data = std::env::var_os("ENCBENCH_DATA_DIR")
            .map(std::path::PathBuf::from)
            .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data"));
        let messages = data.join("megaco/time_test.msgs");
        if !messages.is_file() {
            assert!(
                std::env::var_os("CI").is_none(),
                "no {}",
                messages.display()
            );
            return;
        }
        let originals: Vec<MegacoMessage> = encbench_megaco::data::load(Some(&data))
            .expect("the messages load")
            .iter()
            .map(|m| encbench_megaco::parse(&m.text).expect("parses"))
            .collect();
        let mut skipped = Skipped::default();
        let mut out = Output::default();
        let rows = erlang_rows(
            &messages,
            &originals,
            "time_test",
            335,
            |_| true,
            &mut skipped,
            &mut out,
        );
        assert!(out.failures.is_empty(), "{:?}", out.failures);
        skipped.report("megaco", &mut out);
        if rows.is_empty() {
            assert!(std::env::var_os("CI").is_none(), "{:?}", out.notes);
            assert!(
                out.notes[0].starts_with("megaco: erlang rows skipped: "),
                "{:?}",
                out.notes
            );
            return;
        }
        assert_eq!(rows.len(), 12);
        let ber = rows
            .iter()
            .find(|r| r.meta.codec == "megaco/erlang-ber")
            .expect("ber row");
        assert_eq!(
            (ber.meta.language.as_str(), ber.meta.encoded_bytes),
            ("erlang", 165)
        );
    }
}
