//! Verify, then time: every candidate's bytes are decoded and compared row
//! by row with the table (and every compressed form decompressed and
//! compared byte for byte) before anything is timed; then encode and decode
//! of every candidate are timed as one interleaved group, and each
//! compressor's compress and decompress as a group of its own.

use crate::candidates::{self, Prepared, TableCodec};
use encbench_codecs::compression::Compressor;
use encbench_measure::rows::{lighter_plan, measure_rows, Pending};
use encbench_measure::{Config, Progress, TimerInfo};
use encbench_record::{Check, Failure, Medium, Record, RowMeta, Verified};
use encbench_table::load::Loaded;
use encbench_table::table::Table;
use std::borrow::Cow;
use std::cell::RefCell;
use std::time::{Duration, Instant};

/// The scenario name on every record.
pub const SCENARIO: &str = "file";

/// How to measure.
pub struct Plan {
    /// Sampling configuration.
    pub config: Config,
    /// The timer's properties.
    pub timer: TimerInfo,
    /// An empty body's time through the same engine (the harness's own cost).
    pub empty_body_ns: f64,
    /// Fixed number of samples per row (`--samples`), if any.
    pub samples: Option<usize>,
    /// Compressors applied to every candidate's bytes.
    pub compressors: Vec<Box<dyn Compressor>>,
    /// `--optimize query`: also time reading only these columns (ascending)
    /// from each format whose reader can skip the others.
    pub query: Option<Vec<usize>>,
}

/// The `n` narrowest columns of `table` (by bytes per value: the type's
/// width, or the mean text length), ascending: what `--optimize query`
/// reads, the shape of a typical analytical query.
pub fn narrowest(table: &Table, n: usize) -> Vec<usize> {
    use encbench_table::schema::ColumnType;
    use encbench_table::table::Values;
    let width = |i: usize| -> f64 {
        match (&table.columns[i].values, table.schema.fields[i].ty) {
            (Values::Str(v), _) => v.parts().0.len() as f64 / v.len().max(1) as f64 + 4.0,
            (_, ColumnType::Bool | ColumnType::Int8) => 1.0,
            (_, ColumnType::Int16) => 2.0,
            (_, ColumnType::Int32 | ColumnType::Date | ColumnType::Float32) => 4.0,
            _ => 8.0,
        }
    };
    let mut order: Vec<usize> = (0..table.columns.len()).collect();
    order.sort_by(|a, b| width(*a).total_cmp(&width(*b)).then(a.cmp(b)));
    order.truncate(n);
    order.sort_unstable();
    order
}

/// What measuring produced.
#[derive(Default)]
pub struct Measured {
    /// Timed rows.
    pub records: Vec<Record>,
    /// Rows that failed verification or timing.
    pub failures: Vec<Failure>,
    /// Format × compressor pairs not measured, and why (Parquet has no xz).
    pub skipped: Vec<String>,
}

/// The compressors to run: `names` (families or `family-level`) from the
/// full list, or lz4 and zstd-3 in quick mode when none are named.
pub fn compressors(names: &[String], quick: bool) -> Vec<Box<dyn Compressor>> {
    encbench_codecs::compression::select(names, quick)
}

/// The dataset name records carry: file name and rows measured.
pub fn dataset_name(loaded: &Loaded) -> String {
    let name = loaded
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "input".into());
    format!("{name}-{}", loaded.table.rows())
}

/// A candidate that round-tripped.
struct RoundTripped<'a> {
    codec: &'a dyn TableCodec,
    /// The codec prepared for the table's schema.
    ready: Box<dyn Prepared + 'a>,
    bytes: Cow<'a, [u8]>,
    /// The check that passed.
    check: Check,
    /// The table it reads back: the input's, or with the floats the format
    /// cannot carry made null.
    want: Cow<'a, Table>,
    /// Its rows' compression label: `none`, or the format's own codec inside it.
    compression: &'a str,
    /// How long the checked encode took (none for the original bytes).
    encode_took: Option<Duration>,
    /// How long the checked decode took.
    decode_took: Duration,
}

/// Decodes a candidate's bytes and compares them with the table row by
/// row: equal, or equal but for the floats the format declares it loses
/// (then the check is lossy and says how many and why). Also says how
/// long the decode took.
fn verify<'t>(
    c: &dyn TableCodec,
    ready: &dyn Prepared,
    bytes: &[u8],
    table: &'t Table,
) -> Result<(Check, Cow<'t, Table>, Duration), String> {
    let (want, loss) = match c.non_finite().expected_back(table) {
        Err(why) => return Err(format!("refused: {why}")),
        Ok(None) => (Cow::Borrowed(table), None),
        Ok(Some((back, loss))) => (Cow::Owned(back), Some(loss)),
    };
    let started = Instant::now();
    let back = ready
        .decode(bytes)
        .map_err(|e| format!("verification failed: {e}"))?;
    let decode_took = started.elapsed();
    // The first difference names the row and column; the proof is the comparison.
    if let Some(difference) = want.first_difference(&back) {
        return Err(format!("verification failed: {difference}"));
    }
    // The input's own bytes were never encoded: their decode is compared
    // with the table its reader built (a second reader checks it apart).
    let what = match c.encodes() {
        true => format!("decode(encode(table)) == table, all {} rows", table.rows()),
        false => format!(
            "decode(the input's own bytes) == the table read from them, all {} rows",
            table.rows()
        ),
    };
    let proof = Verified::equal(what, want.as_ref(), &back).map_err(String::from)?;
    let check = match loss {
        None => Check::Verified(proof),
        Some(loss) => Check::Lossy { proof, loss },
    };
    Ok((check, want, decode_took))
}

/// A compressed form's check: its own byte comparison, lossy as its base is.
fn compressed_check(base: &Check, proof: Verified) -> Check {
    match base {
        Check::Lossy { loss, .. } => Check::Lossy {
            proof,
            loss: loss.clone(),
        },
        _ => Check::Verified(proof),
    }
}

/// Verifies and times every candidate × compressor on the loaded table.
pub fn measure(loaded: &Loaded, plan: &Plan, progress: &mut dyn FnMut(&str)) -> Measured {
    let mut out = Measured::default();
    let dataset = dataset_name(loaded);
    let table = &loaded.table;
    // MB/s are of the input's own bytes for the rows measured.
    let logical = match &loaded.columnar {
        Some(c) if loaded.original.is_empty() => c.sample_bytes,
        _ => loaded.original.len() as u64,
    };
    let meta = |codec: &str, operation: &str, compression: &str, encoded: usize| RowMeta {
        scenario: SCENARIO.into(),
        dataset: dataset.clone(),
        codec: format!("file/{codec}"),
        operation: operation.into(),
        medium: Medium::Memory,
        compression: compression.into(),
        items: table.rows() as u64,
        logical_bytes: logical,
        encoded_bytes: encoded as u64,
        ..Default::default()
    };
    let all = match &loaded.columnar {
        Some(c) => candidates::for_columnar(c, !loaded.original.is_empty()),
        None => candidates::all(loaded.format),
    };
    // The original text is borrowed, not copied; encodings are owned. Each
    // candidate is prepared for the schema once, here, outside the timed
    // routines (protobuf's descriptor pool, Avro's schema).
    let started = Instant::now();
    // A columnar input's own row is labelled with the file's own codec.
    let own = loaded
        .columnar
        .as_ref()
        .and_then(|c| c.written.compression.clone())
        .unwrap_or_else(|| "none".into());
    let prepared: Vec<RoundTripped<'_>> = all
        .iter()
        .filter_map(|c| {
            progress(&format!("verifying {}", c.id()));
            let label = if c.id() == "original" {
                own.as_str()
            } else {
                "none"
            };
            kept(round_trip(c.as_ref(), loaded, label, &meta), &mut out)
        })
        .collect();
    // One output buffer shared by every encode routine (they never run at
    // once), where one per routine would hold the sum of them all. It is
    // sized for the largest encoding (and a compressor's worst case) up
    // front, so no sample pays for growing it.
    let largest = prepared.iter().map(|r| r.bytes.len()).max().unwrap_or(0);
    let shared = RefCell::new(Vec::with_capacity(largest + largest / 16 + 4096));
    let shared = &shared;
    let rows = timed_rows(&prepared, plan, table, shared, &meta, &mut out);
    let config = lighter_plan(&plan.config, started.elapsed());
    time_group(plan, &config, "encodings", rows, progress, &mut out);

    // Formats whose settings are chosen on this table (`parquet + tuned`):
    // chosen on the first encode (the round trip's), then timed as chosen.
    progress("verifying tuned");
    let started = Instant::now();
    // Its pages are zstd-compressed: a run limited to other compressors
    // (`--compress lz4`) does not get it.
    let tuned = match plan.compressors.iter().any(|c| c.id().starts_with("zstd")) {
        true => crate::tuned::candidates(),
        false => Vec::new(),
    };
    let tuned: Vec<RoundTripped<'_>> = tuned
        .iter()
        .filter_map(|c| {
            kept(
                round_trip(c.as_ref(), loaded, crate::tuned::LABEL, &meta),
                &mut out,
            )
        })
        .collect();
    let rows = timed_rows(&tuned, plan, table, shared, &meta, &mut out);
    let config = lighter_plan(&plan.config, started.elapsed());
    time_group(plan, &config, crate::tuned::LABEL, rows, progress, &mut out);

    for compressor in &plan.compressors {
        let c = compressor.as_ref();
        let id = c.id();
        progress(&format!("verifying {id}"));
        let started = Instant::now();
        // Formats that compress inside themselves (Parquet, Arrow IPC,
        // Avro) use their own codec; the rest go through the compressor whole.
        let mut natives: Vec<Box<dyn TableCodec>> = Vec::new();
        let mut whole: Vec<&RoundTripped<'_>> = Vec::new();
        for round in &prepared {
            match round.codec.compressed(&id) {
                None => whole.push(round),
                Some(Ok(native)) => natives.push(native),
                Some(Err(why)) => {
                    if round.codec.id() != "original" {
                        out.skipped
                            .push(format!("{} + {id}: {why}", round.codec.id()));
                    }
                }
            }
        }
        let natives: Vec<RoundTripped<'_>> = natives
            .iter()
            .filter_map(|c| kept(round_trip(c.as_ref(), loaded, &id, &meta), &mut out))
            .collect();
        let verified: Vec<Compressed<'_>> = whole
            .into_iter()
            .filter_map(|round| {
                compress_round_trip(c, round, &id, &meta)
                    .map_err(|failure| out.failures.push(*failure))
                    .ok()
            })
            .collect();
        let mut rows = timed_rows(&natives, plan, table, shared, &meta, &mut out);
        for v in &verified {
            let (bytes, small) = (v.bytes, &v.small);
            let row = |op: &str| meta(v.codec, op, &id, small.len());
            rows.push(into_shared(
                row("compress"),
                &v.check,
                v.compress_took,
                shared,
                move |buf| c.compress(bytes, buf).map_err(|e| e.to_string()),
            ));
            rows.push(into_shared(
                row("decompress"),
                &v.check,
                v.decompress_took,
                shared,
                move |buf| c.decompress(small, buf).map_err(|e| e.to_string()),
            ));
        }
        let config = lighter_plan(&plan.config, started.elapsed());
        time_group(plan, &config, &id, rows, progress, &mut out);
    }
    out
}

/// The metadata of one row: codec, operation, compression, bytes encoded.
type Meta<'m> = dyn Fn(&str, &str, &str, usize) -> RowMeta + 'm;

/// A row whose operation writes into the shared output buffer (cleared
/// before each call), taking its check's call of `took` as a warm-up.
fn into_shared<'a>(
    meta: RowMeta,
    check: &Check,
    took: Duration,
    shared: &'a RefCell<Vec<u8>>,
    op: impl Fn(&mut Vec<u8>) -> Result<(), String> + 'a,
) -> Pending<'a> {
    let routine = Box::new(move |iters| {
        let mut buf = shared.borrow_mut();
        for _ in 0..iters {
            buf.clear();
            op(&mut buf)?;
            std::hint::black_box(&*buf);
        }
        Ok(())
    });
    Pending::new(meta, check.clone(), routine).ran_once(took)
}

/// A candidate's bytes compressed whole and checked.
struct Compressed<'a> {
    codec: &'a str,
    bytes: &'a [u8],
    small: Vec<u8>,
    check: Check,
    compress_took: Duration,
    decompress_took: Duration,
}

/// Compresses a round-tripped candidate's bytes with `c` and checks that
/// they decompress to the same bytes; the failure, as a record would
/// carry it, when they do not.
fn compress_round_trip<'a>(
    c: &dyn Compressor,
    round: &'a RoundTripped<'a>,
    id: &str,
    meta: &Meta<'_>,
) -> Result<Compressed<'a>, Box<Failure>> {
    let codec = round.codec.id();
    let fail = |op: &str, why: String| Box::new(Failure::new(&meta(codec, op, id, 0), why));
    let (mut small, mut back) = (Vec::new(), Vec::new());
    let started = Instant::now();
    c.compress(&round.bytes, &mut small)
        .map_err(|e| fail("compress", format!("verification failed: {e}")))?;
    let compress_took = started.elapsed();
    let started = Instant::now();
    c.decompress(&small, &mut back)
        .map_err(|e| fail("compress", format!("verification failed: {e}")))?;
    let decompress_took = started.elapsed();
    let proof = Verified::bytes("decompress(compress(bytes)) == bytes", &round.bytes, &back)
        .map_err(|e| fail("decompress", e.to_string()))?;
    Ok(Compressed {
        codec,
        bytes: &round.bytes,
        small,
        check: compressed_check(&round.check, proof),
        compress_took,
        decompress_took,
    })
}

/// Why a candidate has no rows: its round trip failed (the failure, as a
/// record carries it), or its format cannot hold this table (the encoder
/// refused it, as Protocol Buffers refuses a null inside a list: not
/// measured, with the reason, and not a failure of the run).
enum NotTimed {
    Failed(Box<Failure>),
    Refused(String),
}

/// The round trip, or `None` with its failure or refusal noted in `out`.
fn kept<'a>(
    round: Result<RoundTripped<'a>, NotTimed>,
    out: &mut Measured,
) -> Option<RoundTripped<'a>> {
    match round {
        Ok(round) => Some(round),
        Err(NotTimed::Failed(failure)) => {
            out.failures.push(*failure);
            None
        }
        Err(NotTimed::Refused(why)) => {
            out.skipped.push(why);
            None
        }
    }
}

/// Prepares `c` for the table's schema, encodes the table (or takes the
/// original bytes) and verifies the decode; the failure, as a record
/// would carry it, when a step fails, or the encoder's refusal. `compression` labels the rows:
/// the format's own codec for a compressed native variant.
fn round_trip<'a>(
    c: &'a dyn TableCodec,
    loaded: &'a Loaded,
    compression: &'a str,
    meta: &Meta<'_>,
) -> Result<RoundTripped<'a>, NotTimed> {
    let table = &loaded.table;
    let fail = |op: &str, bytes: usize, why: String| {
        NotTimed::Failed(Box::new(Failure::new(
            &meta(c.id(), op, compression, bytes),
            why,
        )))
    };
    let refused = |e: &dyn std::fmt::Display| {
        // Codec errors mostly name their codec already.
        let why = e.to_string();
        let why = why.strip_prefix(&format!("{}: ", c.id())).unwrap_or(&why);
        match (c.encodes(), compression) {
            (false, _) => fail("encode", 0, format!("verification failed: {why}")),
            (true, "none") => NotTimed::Refused(format!("{}: {why}", c.id())),
            (true, codec) => NotTimed::Refused(format!("{} + {codec}: {why}", c.id())),
        }
    };
    let ready = c.prepare(&table.schema).map_err(|e| refused(&e))?;
    let (bytes, encode_took) = match c.encodes() {
        true => {
            let mut bytes = Vec::new();
            let started = Instant::now();
            ready.encode(table, &mut bytes).map_err(|e| refused(&e))?;
            (Cow::Owned(bytes), Some(started.elapsed()))
        }
        false => (Cow::Borrowed(loaded.original.as_slice()), None),
    };
    let (mut check, want, decode_took) =
        verify(c, ready.as_ref(), &bytes, table).map_err(|e| fail("roundtrip", bytes.len(), e))?;
    // The original text's decode is the reader that built the table: a
    // second, independent reader checks the table against the file.
    let second = match (&loaded.columnar, c.encodes()) {
        (_, true) => None,
        (None, false) => Some(crate::second_reader::check(
            &loaded.original,
            loaded.format,
            table,
        )),
        (Some(columnar), false) => {
            let as_text: Vec<String> = columnar.as_text.iter().map(|(n, _)| n.clone()).collect();
            crate::second_reader::check_columnar(columnar.kind, &bytes, table, &as_text)
        }
    };
    if let Some(second) = second {
        let second = second.map_err(|e| {
            let why = format!("verification failed: a second reader of the file disagrees: {e}");
            fail("roundtrip", bytes.len(), why)
        })?;
        check = match check {
            Check::Verified(proof) => Check::Verified(proof.and(second)),
            Check::Lossy { proof, loss } => Check::Lossy {
                proof: proof.and(second),
                loss,
            },
            unverified => unverified,
        };
    }
    Ok(RoundTripped {
        codec: c,
        ready,
        bytes,
        check,
        want,
        compression,
        encode_took,
        decode_took,
    })
}

/// The encode, decode and (with `--optimize query`) query rows of every
/// round-tripped candidate.
fn timed_rows<'a>(
    prepared: &'a [RoundTripped<'a>],
    plan: &'a Plan,
    table: &'a Table,
    shared: &'a RefCell<Vec<u8>>,
    meta: &Meta<'_>,
    out: &mut Measured,
) -> Vec<Pending<'a>> {
    let mut rows = Vec::new();
    for round in prepared {
        let (c, ready, bytes, proof) = (
            round.codec,
            round.ready.as_ref(),
            &round.bytes,
            &round.check,
        );
        let (want, compression) = (&round.want, round.compression);
        if let Some(took) = round.encode_took {
            rows.push(into_shared(
                meta(c.id(), "encode", compression, bytes.len()),
                proof,
                took,
                shared,
                move |buf| ready.encode(table, buf).map_err(|e| e.to_string()),
            ));
        }
        rows.push(
            Pending::new(
                meta(c.id(), "decode", compression, bytes.len()),
                proof.clone(),
                Box::new(move |iters| {
                    for _ in 0..iters {
                        std::hint::black_box(ready.decode(bytes).map_err(|e| e.to_string())?);
                    }
                    Ok(())
                }),
            )
            .ran_once(round.decode_took),
        );
        if let Some(columns) = plan.query.as_deref() {
            match query_row(want, ready, bytes, columns) {
                None => {}
                Some(Ok(verified)) => rows.push(Pending::new(
                    meta(c.id(), "query", compression, bytes.len()),
                    compressed_check(proof, verified),
                    Box::new(move |iters| {
                        for _ in 0..iters {
                            let read = ready.decode_columns(bytes, columns);
                            std::hint::black_box(read.transpose().map_err(|e| e.to_string())?);
                        }
                        Ok(())
                    }),
                )),
                Some(Err(e)) => out.failures.push(Failure::new(
                    &meta(c.id(), "query", compression, bytes.len()),
                    format!("verification failed: {e}"),
                )),
            }
        }
    }
    rows
}

/// Reads `columns` of `bytes` once and checks them against the table's:
/// the proof a query row needs; `None` when the format cannot skip columns.
fn query_row(
    table: &Table,
    ready: &dyn Prepared,
    bytes: &[u8],
    columns: &[usize],
) -> Option<Result<Verified, String>> {
    let read = ready.decode_columns(bytes, columns)?;
    let expected = Table {
        schema: table.schema.project(columns),
        columns: columns.iter().map(|&i| table.columns[i].clone()).collect(),
    };
    Some(read.map_err(|e| e.to_string()).and_then(|back| {
        if let Some(difference) = expected.first_difference(&back) {
            return Err(difference);
        }
        let names: Vec<&str> = expected
            .schema
            .fields
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        let what = format!(
            "columns {} read alone == the table's, all {} rows",
            names.join(", "),
            table.rows()
        );
        Verified::equal(what, &expected, &back).map_err(String::from)
    }))
}

/// Times one group through the engine path `run` uses ([`measure_rows`]).
fn time_group(
    plan: &Plan,
    config: &Config,
    group: &str,
    rows: Vec<Pending<'_>>,
    progress: &mut dyn FnMut(&str),
    out: &mut Measured,
) {
    let mut observe = |p: Progress<'_>| match p {
        Progress::Warmup { label } => progress(&format!("{group}: warming up {label}")),
        Progress::Round { round, rounds } => progress(&format!("{group}: sample {round}/{rounds}")),
    };
    let timed = measure_rows(rows, config, &plan.timer, plan.samples, &mut observe);
    out.records.extend(timed.records);
    out.failures.extend(timed.failures);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quick_mode_compresses_with_lz4_and_zstd_3_unless_told() {
        let ids = |names: &[&str], quick| -> Vec<String> {
            let names: Vec<String> = names.iter().map(|n| n.to_string()).collect();
            compressors(&names, quick).iter().map(|c| c.id()).collect()
        };
        assert_eq!(ids(&[], true), ["zstd-3", "lz4"]);
        assert_eq!(ids(&[], false).len(), 10);
        assert_eq!(
            ids(&["zstd"], true),
            ["zstd-1", "zstd-3", "zstd-9", "zstd-19"]
        );
        assert_eq!(ids(&["gzip-6", "lz4"], true), ["gzip-6", "lz4"]);
    }
}
