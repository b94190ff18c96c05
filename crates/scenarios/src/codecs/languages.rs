//! The codec matrix in other languages: each record worker's codecs timed
//! on the same records (handed over once as canonical JSON Lines, every
//! record it decodes compared here), and every standard format's bytes read
//! back by every other language (`docs/workers.md`, "Record workers").

use super::NAME;
use crate::bench::Pending;
use crate::scratch::Scratch;
use crate::workers::Skipped;
use crate::Output;
use encbench_codecs::matrix::MatrixRecord;
use encbench_codecs::registry::STANDARD_FORMATS;
use encbench_codecs::Codec;
use encbench_record::{Compatibility, Failure, Outcome, RowMeta, Verified};
use encbench_workers::{Kind, RecordFiles, RecordOp, Worker};
use serde_json::Value;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::time::Duration;

/// A Rust encoding that was verified: codec id, codec, bytes.
pub(super) type RustEncoding<'a, R> = (&'a str, &'a dyn Codec<Vec<R>>, &'a [u8]);

/// Who reads a participant's format back.
enum Reader<'a, R> {
    Rust(&'a dyn Codec<Vec<R>>),
    Worker(Rc<RefCell<Worker>>),
}

/// One verified encoding of a standard format, and its reader.
struct Participant<'a, R> {
    format: String,
    codec: String,
    language: String,
    bytes: PathBuf,
    reader: Reader<'a, R>,
}

/// What the caller measures and how it names rows.
pub(super) struct Languages<'m> {
    /// The dataset's short name (`logs`), as workers know it.
    pub dataset: &'m str,
    /// Its label in rows and the table (`logs-2000`).
    pub label: &'m str,
    /// The row identity of a codec, operation, compression, encoded size.
    pub meta: &'m dyn Fn(&str, &str, &str, usize) -> RowMeta,
    /// The `--codec` filter.
    pub wants: &'m dyn Fn(&str) -> bool,
    /// The `--language` filter.
    pub wants_language: &'m dyn Fn(&str) -> bool,
    /// How long a worker may warm each operation up (its JIT) first.
    pub warmup: Duration,
}

/// Starts each record worker, verifies every codec it offers on `records`,
/// reads every standard format across languages, and returns the timed rows.
pub(super) fn worker_rows<R: MatrixRecord>(
    how: &Languages<'_>,
    records: &[R],
    rust: &[RustEncoding<'_, R>],
    skipped: &mut Skipped,
    out: &mut Output,
) -> Vec<Pending<'static>> {
    let mut pending = Vec::new();
    let kinds: Vec<Kind> = Kind::RECORDS
        .into_iter()
        .filter(|k| (how.wants_language)(k.language()))
        .collect();
    if kinds.is_empty() {
        return pending;
    }
    // The records as JSON Lines, each worker's bytes and decodes, Rust's
    // bytes: a few times the largest encoding. Registered for Ctrl-C.
    let largest = rust
        .iter()
        .map(|(_, _, b)| b.len() as u64)
        .max()
        .unwrap_or(0);
    let dir = match Scratch::new(NAME, largest * 4 * (kinds.len() as u64 + 1)) {
        Ok(d) => d,
        Err(e) => {
            out.notes
                .push(format!("{NAME}: record workers skipped: {e}"));
            return pending;
        }
    };
    let expected: Vec<Value> = records.iter().map(normalised_record).collect();
    let input = dir.path().join("records.jsonl");
    if let Err(e) = write_json_lines(records, &input) {
        out.notes.push(format!(
            "{NAME}: record workers skipped: writing their records: {e}"
        ));
        return pending;
    }
    let mut participants: Vec<Participant<'_, R>> = Vec::new();
    for kind in kinds {
        skipped.pin();
        // One process per language serves every codec of the dataset.
        let (worker, hello) = match Worker::start(kind) {
            Ok(started) => started,
            Err(why) => {
                skipped.skip(kind, why);
                continue;
            }
        };
        let worker = Rc::new(RefCell::new(worker));
        let offers: Vec<_> = hello.offers.iter().filter(|o| (how.wants)(&o.id)).collect();
        if offers.is_empty() {
            continue;
        }
        let libraries: Vec<String> = offers
            .iter()
            .map(|o| format!("{} = {}", o.id, o.library))
            .collect();
        let note = format!(
            "{NAME}: {} record worker ({}): {}",
            hello.language,
            hello.runtime,
            libraries.join(", ")
        );
        if !out.notes.contains(&note) {
            out.notes.push(note);
        }
        for offer in offers {
            let files_of = |suffix: &str| {
                dir.path()
                    .join(format!("{}.{suffix}", offer.id.replace('/', "-")))
            };
            let (encoded_out, decoded_out) = (files_of("bytes"), files_of("jsonl"));
            let files = RecordFiles {
                dataset: how.dataset,
                input: &input,
                encoded_out: &encoded_out,
                decoded_out: &decoded_out,
                warmup: how.warmup,
            };
            let mut m = (how.meta)(&offer.id, "roundtrip", "none", 0);
            m.language = hello.language.clone();
            m.runtime = Some(hello.runtime.clone());
            let checked = (|| -> Result<(Verified, u64), String> {
                worker.borrow_mut().prepare_records(&offer.id, &files)?;
                let back = read_json_lines(&decoded_out)?;
                let what = format!(
                    "the worker's decode of its own encoding == records, all {}, compared by encbench (floats bit for bit)",
                    records.len()
                );
                let proof = Verified::each(what, &expected, &back)
                    .map_err(|_| first_difference(&expected, &back).unwrap_or_default())?;
                let size = std::fs::metadata(&encoded_out)
                    .map(|m| m.len())
                    .map_err(|e| e.to_string())?;
                Ok((proof, size))
            })();
            let (proof, size) = match checked {
                Ok(ok) => ok,
                Err(e) => {
                    out.failures
                        .push(Failure::new(&m, format!("verification failed: {e}")));
                    continue;
                }
            };
            for op in [RecordOp::Encode, RecordOp::Decode] {
                let mut row = m.clone();
                row.operation = op.as_str().into();
                row.encoded_bytes = size;
                let (worker, codec) = (Rc::clone(&worker), offer.id.clone());
                pending.push(Pending::self_timed(
                    row,
                    proof.clone(),
                    Box::new(move |iters| worker.borrow_mut().run_records(&codec, op, iters)),
                ));
            }
            if let Some(format) = offer.format.as_ref().filter(|f| is_standard(f)) {
                participants.push(Participant {
                    format: format.clone(),
                    codec: offer.id.clone(),
                    language: hello.language.clone(),
                    bytes: encoded_out,
                    reader: Reader::Worker(Rc::clone(&worker)),
                });
            }
        }
    }
    if !pending.is_empty() {
        let note = format!(
            "{NAME}: each record worker warmed each operation up for at most {} ms (a JIT's warm-up) before encbench's own warm-up and samples",
            how.warmup.as_millis()
        );
        if !out.notes.contains(&note) {
            out.notes.push(note);
        }
    }
    if !participants.is_empty() {
        for (format, id) in STANDARD_FORMATS {
            let Some((_, codec, bytes)) = rust.iter().find(|(r, ..)| r == id) else {
                continue;
            };
            let path = dir.path().join(format!("rust-{format}.bytes"));
            if std::fs::write(&path, bytes).is_ok() {
                participants.push(Participant {
                    format: format.to_string(),
                    codec: id.to_string(),
                    language: "rust".into(),
                    bytes: path,
                    reader: Reader::Rust(*codec),
                });
            }
        }
    }
    out.compatibility
        .extend(across(how, &participants, &expected, dir.path()));
    pending
}

fn is_standard(format: &str) -> bool {
    STANDARD_FORMATS.iter().any(|(f, _)| *f == format)
}

/// Every participant's bytes read by every participant of another language.
fn across<R: MatrixRecord>(
    how: &Languages<'_>,
    participants: &[Participant<'_, R>],
    expected: &[Value],
    dir: &Path,
) -> Vec<Compatibility> {
    let mut table = Vec::new();
    for writer in participants {
        for reader in participants {
            if reader.format != writer.format || reader.language == writer.language {
                continue;
            }
            let read = match &reader.reader {
                Reader::Rust(codec) => std::fs::read(&writer.bytes)
                    .map_err(|e| e.to_string())
                    .and_then(|b| codec.decode(&b).map_err(|e| e.to_string()))
                    .map(|back| back.iter().map(normalised_record).collect::<Vec<_>>()),
                Reader::Worker(worker) => {
                    let decoded = dir.join(format!(
                        "{}-read-by-{}.jsonl",
                        writer.codec.replace('/', "-"),
                        reader.codec.replace('/', "-")
                    ));
                    worker
                        .borrow_mut()
                        .decode_foreign(&reader.codec, how.dataset, &writer.bytes, &decoded)
                        .and_then(|_| read_json_lines(&decoded))
                }
            };
            let (outcome, detail) = match read {
                Err(e) => (Outcome::Fails, e),
                Ok(back) => match first_difference(expected, &back) {
                    None => (Outcome::Same, String::new()),
                    Some(d) => (Outcome::Differs, d),
                },
            };
            table.push(Compatibility {
                dataset: how.label.to_string(),
                format: writer.format.clone(),
                encoder: writer.codec.clone(),
                encoder_language: writer.language.clone(),
                decoder: reader.codec.clone(),
                decoder_language: reader.language.clone(),
                outcome,
                detail,
            });
        }
    }
    table
}

fn write_json_lines<R: MatrixRecord>(records: &[R], path: &Path) -> Result<(), String> {
    let mut text = Vec::new();
    for r in records {
        serde_json::to_writer(&mut text, r).map_err(|e| e.to_string())?;
        text.push(b'\n');
    }
    std::fs::write(path, text).map_err(|e| e.to_string())
}

/// A worker's canonical JSON Lines, each record normalised.
fn read_json_lines(path: &Path) -> Result<Vec<Value>, String> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str(l)
                .map(normalised)
                .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

fn normalised_record<R: MatrixRecord>(r: &R) -> Value {
    normalised(serde_json::to_value(r).unwrap_or(Value::Null))
}

/// A record in a form where equality is exact: a float is its shortest
/// round-trip text, tagged as a float (so `-0.0` differs from `0.0`, `21.0`
/// from the integer `21`, and `0.5` from the string "0.5"). Every worker's
/// canonical form types its numbers the way the record does, so a float that
/// comes back as an integer is a decoder that changed the value's type.
fn normalised(v: Value) -> Value {
    match v {
        Value::Number(n) if n.is_f64() => {
            let f = n.as_f64().unwrap_or(f64::NAN);
            let mut tagged = serde_json::Map::new();
            tagged.insert(FLOAT_TAG.into(), Value::String(format!("{f:?}")));
            Value::Object(tagged)
        }
        Value::Array(a) => Value::Array(a.into_iter().map(normalised).collect()),
        Value::Object(o) => Value::Object(o.into_iter().map(|(k, v)| (k, normalised(v))).collect()),
        other => other,
    }
}

/// The key of a normalised float (no record field starts with `$`).
const FLOAT_TAG: &str = "$f64";

/// The first place `got` differs from `expected`, said plainly.
pub(crate) fn first_difference(expected: &[Value], got: &[Value]) -> Option<String> {
    if let Some(i) = (0..expected.len().min(got.len())).find(|&i| expected[i] != got[i]) {
        return difference(&format!("record {i}"), &expected[i], &got[i]);
    }
    (expected.len() != got.len()).then(|| {
        format!(
            "{} records read back, {} written",
            got.len(),
            expected.len()
        )
    })
}

fn difference(path: &str, expected: &Value, got: &Value) -> Option<String> {
    match (expected, got) {
        (Value::Object(e), Value::Object(g)) if !is_float(expected) && !is_float(got) => {
            let keys = e.keys().chain(g.keys().filter(|k| !e.contains_key(*k)));
            keys.into_iter().find_map(|k| match (e.get(k), g.get(k)) {
                (Some(ev), Some(gv)) => difference(&format!("{path}.{k}"), ev, gv),
                (Some(ev), None) => Some(format!("{path}.{k}: missing (written {})", shown(ev))),
                (None, Some(gv)) => Some(format!("{path}.{k}: not written, read as {}", shown(gv))),
                (None, None) => None,
            })
        }
        (Value::Array(e), Value::Array(g)) if e.len() == g.len() => e
            .iter()
            .zip(g)
            .enumerate()
            .find_map(|(i, (ev, gv))| difference(&format!("{path}[{i}]"), ev, gv)),
        _ if expected == got => None,
        _ => Some(format!(
            "{path}: written {}, read {}",
            shown(expected),
            shown(got)
        )),
    }
}

/// Whether `v` is a float as [`normalised`] tags it.
fn is_float(v: &Value) -> bool {
    matches!(v, Value::Object(o) if o.len() == 1 && o.contains_key(FLOAT_TAG))
}

fn shown(v: &Value) -> String {
    let text = match v {
        _ if is_float(v) => v[FLOAT_TAG].as_str().unwrap_or_default().to_string(),
        Value::String(s) => format!("{s:?}"),
        other => other.to_string(),
    };
    const MAX: usize = 60;
    if text.chars().count() > MAX {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::data;
    use encbench_codecs::registry::{record_codecs, RECORD_WORKER_CODECS};
    use serde_json::json;

    type Built<R> = (&'static str, Box<dyn Codec<Vec<R>>>);

    /// Each record worker this machine has (all of them under CI) runs on
    /// `records`; returns its failures and the cross-language table.
    fn through_every_worker<R: MatrixRecord>(
        dataset: &str,
        records: &[R],
    ) -> (Vec<Pending<'static>>, Output) {
        let codecs: Vec<Built<R>> = record_codecs::<R>()
            .into_iter()
            .filter(|e| STANDARD_FORMATS.iter().any(|(_, id)| *id == e.info.id))
            .filter_map(|e| e.build.map(|b| (e.info.id, b())))
            .filter(|(_, c)| c.applies())
            .collect();
        let encoded: Vec<Vec<u8>> = codecs
            .iter()
            .map(|(_, c)| {
                let mut bytes = Vec::new();
                c.encode(&records.to_vec(), &mut bytes)
                    .expect("rust encodes");
                bytes
            })
            .collect();
        let rust: Vec<RustEncoding<'_, R>> = codecs
            .iter()
            .zip(&encoded)
            .map(|((id, c), b)| (*id, c.as_ref(), b.as_slice()))
            .collect();
        let meta = |codec: &str, operation: &str, compression: &str, encoded: usize| RowMeta {
            codec: codec.into(),
            operation: operation.into(),
            compression: compression.into(),
            encoded_bytes: encoded as u64,
            ..Default::default()
        };
        let label = format!("{dataset}-{}", records.len());
        let how = Languages {
            dataset,
            label: &label,
            meta: &meta,
            wants: &|_| true,
            wants_language: &|_| true,
            warmup: Duration::from_millis(20),
        };
        let mut out = Output::default();
        let mut skipped = Skipped::default();
        // The scratch test's remove_all must not delete this run's files.
        let _kept = crate::scratch::REMOVE_ALL_LOCK.lock();
        let rows = worker_rows(&how, records, &rust, &mut skipped, &mut out);
        skipped.report("test", &mut out);
        (rows, out)
    }

    fn running_workers() -> Vec<Kind> {
        Kind::RECORDS
            .into_iter()
            .filter(|&kind| match Worker::start(kind) {
                Ok(_) => true,
                Err(why) => {
                    assert!(
                        std::env::var_os("CI").is_none(),
                        "CI has every worker, yet: {why}"
                    );
                    eprintln!("skipping: {why}");
                    false
                }
            })
            .collect()
    }

    #[test]
    fn record_workers_offer_exactly_the_registered_codecs() {
        for kind in running_workers() {
            let (_, hello) = Worker::start(kind).expect("started above");
            let prefix = format!("record-{}/", kind.language());
            let mut offered: Vec<&str> = hello.offers.iter().map(|o| o.id.as_str()).collect();
            let mut registered: Vec<&str> = RECORD_WORKER_CODECS
                .iter()
                .map(|c| c.info.id)
                .filter(|id| id.starts_with(&prefix))
                .collect();
            offered.sort_unstable();
            registered.sort_unstable();
            assert_eq!(
                offered, registered,
                "{prefix}*: the worker and the registry disagree"
            );
            for offer in &hello.offers {
                assert!(!offer.library.is_empty(), "{}: no library named", offer.id);
                let registered = RECORD_WORKER_CODECS.iter().find(|c| c.info.id == offer.id);
                assert_eq!(
                    offer.format.as_deref(),
                    registered.and_then(|c| c.format),
                    "{}: the worker and the registry name different formats",
                    offer.id
                );
                if let Some(format) = &offer.format {
                    assert!(is_standard(format), "{}: unknown format {format}", offer.id);
                }
            }
        }
    }

    #[test]
    fn every_record_worker_round_trips_and_reads_every_other_language() {
        let workers = running_workers();
        if workers.is_empty() {
            return;
        }
        let (rows, logs) = through_every_worker("logs", &data::log_records(40));
        let (_, telemetry) = through_every_worker("telemetry", &data::telemetry(40));
        let (_, orders) = through_every_worker("orders", &data::orders(20));
        for out in [&logs, &telemetry, &orders] {
            let failures: Vec<String> = out.failures.iter().map(|f| f.summary()).collect();
            assert!(failures.is_empty(), "{failures:#?}");
            assert!(!out.compatibility.is_empty());
            let not_same: Vec<String> = out
                .compatibility
                .iter()
                .filter(|c| c.outcome != Outcome::Same)
                .map(|c| {
                    format!(
                        "{} {} → {} ({}): {}",
                        c.format, c.encoder, c.decoder, c.dataset, c.detail
                    )
                })
                .collect();
            assert!(not_same.is_empty(), "{not_same:#?}");
        }
        // Two timed rows (encode, decode) per codec of every running worker.
        let offered: usize = workers
            .iter()
            .map(|&k| Worker::start(k).map_or(0, |(_, h)| h.offers.len()))
            .sum();
        assert_eq!(rows.len(), 2 * offered);
        assert!(rows
            .iter()
            .all(|r| r.meta.runtime.is_some() && r.meta.language != "rust"));
    }

    #[test]
    fn equal_records_have_no_difference() {
        let a = vec![normalised(json!({"x": 1.5, "y": [1, 2], "z": null}))];
        assert_eq!(first_difference(&a, &a.clone()), None);
    }

    #[test]
    fn a_float_that_comes_back_as_an_integer_or_a_string_is_a_difference() {
        let written = vec![normalised(json!({"r": 21.0, "s": 0.5}))];
        let same = vec![normalised(json!({"r": 21.0, "s": 0.5}))];
        assert_eq!(first_difference(&written, &same), None);
        let int = vec![normalised(json!({"r": 21, "s": 0.5}))];
        assert_eq!(
            first_difference(&written, &int).as_deref(),
            Some("record 0.r: written 21.0, read 21")
        );
        let text = vec![normalised(json!({"r": 21.0, "s": "0.5"}))];
        assert_eq!(
            first_difference(&written, &text).as_deref(),
            Some("record 0.s: written 0.5, read \"0.5\"")
        );
    }

    #[test]
    fn negative_zero_and_float_rounding_are_differences() {
        let written = vec![normalised(json!({"r": [0.1, -0.0]}))];
        let zero = vec![normalised(json!({"r": [0.1, 0.0]}))];
        assert_eq!(
            first_difference(&written, &zero).as_deref(),
            Some("record 0.r[1]: written -0.0, read 0.0")
        );
        let rounded = vec![normalised(json!({"r": [0.10000000149011612, -0.0]}))];
        assert_eq!(
            first_difference(&written, &rounded).as_deref(),
            Some("record 0.r[0]: written 0.1, read 0.10000000149011612")
        );
    }

    #[test]
    fn missing_fields_nulls_and_counts_are_named() {
        let written = vec![json!({"a": 1, "note": null})];
        let dropped = vec![json!({"a": 1})];
        assert_eq!(
            first_difference(&written, &dropped).as_deref(),
            Some("record 0.note: missing (written null)")
        );
        assert_eq!(
            first_difference(&written, &[]).as_deref(),
            Some("0 records read back, 1 written")
        );
    }
}
