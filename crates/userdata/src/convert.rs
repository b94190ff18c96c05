//! `--convert`: the whole input written in one format (optionally
//! compressed) in bounded memory, then read back and compared row by row.
//!
//! Two streaming passes: a reader thread types rows into batches (and
//! digests them) while this thread encodes them (and, with a compressor, a
//! third thread compresses) into a temporary file beside the target; then
//! the file is read back a batch at a time and digested again (see
//! `table::Digest`); only equal digests let the file be renamed into
//! place. The schema comes from a sample (`load::sampled`) or from a scan
//! of every row (`load::scan`, a third pass, for `--full` and for formats
//! that write their row count first); a row that does not fit a sample's
//! schema stops the write with [`Outcome::Misfit`] so the caller can scan
//! and start again. A failure or Ctrl-C leaves neither output nor
//! temporary file.

use crate::candidates::streaming::ReadBack;
use crate::candidates::TableCodec;
use crate::typing::{self, stopped, Stop};
use encbench_codecs::compression::Compressor;
use encbench_codecs::tables::NonFinite;
use encbench_safe_write::{self as safe_write, Atomic};
use encbench_table::error::Malformed;
use encbench_table::load::Scanned;
use encbench_table::schema::Schema;
use encbench_table::table::{Digest, Table};
use encbench_table::Error;
use std::io::{BufWriter, Read, Write};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender};

pub use crate::typing::BATCH_ROWS;

/// What to write, where.
pub struct Request<'a> {
    /// The format.
    pub candidate: &'a dyn TableCodec,
    /// Then this compressor, if any.
    pub compressor: Option<&'a dyn Compressor>,
    /// Files the output must not be (the input, a --schema, the history).
    pub inputs: &'a [&'a Path],
    /// The output.
    pub output: &'a Path,
    /// Replace an existing output.
    pub force: bool,
    /// Skip malformed rows (as the scan did).
    pub skip_bad: bool,
}

/// Where the rows to write come from.
pub enum Source<'a> {
    /// A text input, sampled or scanned (see `load`).
    Text(&'a Scanned),
    /// A Parquet, Arrow or Avro file, read a row group, batch or block at
    /// a time; its schema is the file's own.
    Columnar {
        /// The file.
        path: &'a Path,
        /// Its format.
        kind: encbench_table::binary_input::Kind,
        /// Its schema, mapped to encbench's types.
        schema: Schema,
        /// Its rows (exact: counted or recorded in the file).
        rows: usize,
    },
}

impl Source<'_> {
    fn schema(&self) -> &Schema {
        match self {
            Source::Text(scanned) => &scanned.schema,
            Source::Columnar { schema, .. } => schema,
        }
    }

    fn rows(&self) -> usize {
        match self {
            Source::Text(scanned) => scanned.rows,
            Source::Columnar { rows, .. } => *rows,
        }
    }
}

/// Which pass a progress report is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    /// Writing: input bytes read and rows written so far.
    Write,
    /// Reading back: rows compared so far.
    Verify,
}

/// What a successful conversion wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Converted {
    /// Bytes written.
    pub bytes: u64,
    /// Rows written and read back equal.
    pub rows: usize,
    /// The floats the format could not carry, when there were any
    /// ("3 value(s): NaN and ±Inf written as null …").
    pub loss: Option<String>,
    /// The columns written under another name, as `(name, written name)`
    /// (`("Solar.R", "Solar_R")`: Avro names cannot hold a dot); the
    /// read-back compared each one under its written name.
    pub renamed: Vec<(String, String)>,
}

/// How a conversion ended, when nothing failed.
#[derive(Debug)]
pub enum Outcome {
    /// Written and verified.
    Done(Converted),
    /// A row did not fit the sample's schema (`Scanned::from_sample`):
    /// nothing was written; scan every row and convert again.
    Misfit(Malformed),
}

/// Writes every row of `scanned` as `request` asks, verified. `progress`
/// hears the pass, input bytes read, and rows done.
pub fn convert(
    source: &Source<'_>,
    request: &Request<'_>,
    progress: &mut dyn FnMut(Pass, u64, u64),
) -> Result<Outcome, Error> {
    let output = request.output;
    let fail = |why: String| Error::Write {
        path: output.to_path_buf(),
        why,
    };
    check_output(request.inputs, output, request.force)?;
    let mut temp = Atomic::create(output).map_err(|e| fail(e.to_string()))?;
    let (written, lost) = match write_pass(source, request, temp.file(), progress)? {
        Produced::All(digest, lost) => (digest, lost),
        // Dropping the temporary file removes it.
        Produced::Misfit(m) => return Ok(Outcome::Misfit(m)),
    };
    let bytes = temp
        .file()
        .metadata()
        .map_err(|e| fail(e.to_string()))?
        .len();
    let back = ReadBack {
        path: temp.path(),
        compressor: request.compressor,
    };
    let read = crate::read_back::digest(request.candidate, source.schema(), &back, &mut |rows| {
        progress(Pass::Verify, 0, rows)
    })
    .map_err(|e| fail(format!("cannot read it back ({e}); nothing was written")))?;
    if let Some(diff) = written.difference(&read) {
        // The digests say which block of rows; that block read again
        // from both sides says which row and column.
        let diff = first_block_differing(&written, &read)
            .and_then(|rows| located(source, request, &back, rows))
            .unwrap_or(diff);
        return Err(fail(format!(
            "read back differs from the input ({diff}); nothing was written"
        )));
    }
    temp.commit(request.force)
        .map_err(|e| fail(format!("cannot move the verified file into place: {e}")))?;
    let loss = request.candidate.non_finite().why();
    Ok(Outcome::Done(Converted {
        bytes,
        rows: written.rows as usize,
        loss: loss
            .filter(|_| lost > 0)
            .map(|why| format!("{lost} value(s): {why}")),
        renamed: request.candidate.renamed(source.schema()),
    }))
}

/// The rows (0-based, end excluded) of the first digest block that
/// differs, when both sides hold as many rows.
fn first_block_differing(written: &Digest, read: &Digest) -> Option<std::ops::Range<usize>> {
    use encbench_table::table::DIGEST_BLOCK_ROWS;
    if written.rows != read.rows {
        return None;
    }
    let b = (0..written.blocks.len().min(read.blocks.len()))
        .find(|&b| written.blocks[b] != read.blocks[b])?;
    let first = b * DIGEST_BLOCK_ROWS;
    Some(first..(first + DIGEST_BLOCK_ROWS).min(written.rows as usize))
}

/// Where the file read back first differs from the input within `rows`:
/// both read again, the input's values as the format carries them (see
/// `NonFinite::nulled`), and compared cell by cell; "row 2, column 'n':
/// null in the input, '' read back". `None` when they cannot be read
/// again or agree (the digest alone then says where).
fn located(
    source: &Source<'_>,
    request: &Request<'_>,
    back: &ReadBack<'_>,
    rows: std::ops::Range<usize>,
) -> Option<String> {
    let schema = source.schema();
    let non_finite = request.candidate.non_finite();
    let mut expected = Table::new(schema.clone(), rows.len());
    let mut at = 0;
    let keep = |into: &mut Table, batch: &Table, at: &mut usize| -> bool {
        let start = rows.start.max(*at).min(*at + batch.rows());
        let end = rows.end.min(*at + batch.rows()).max(start);
        for r in start - *at..end - *at {
            let cells: Vec<_> = batch.columns.iter().map(|c| c.cell(r)).collect();
            // Same schema on both sides: a cell always fits.
            let _ = into.push_row(&cells);
        }
        *at += batch.rows();
        *at < rows.end
    };
    let mut on_input = |table: Table| -> Result<(), Error> {
        let table = match non_finite.nulled(&table) {
            Ok(Some((nulled, _))) => nulled,
            _ => table,
        };
        match keep(&mut expected, &table, &mut at) {
            true => Ok(()),
            false => Err(stopped("read far enough")),
        }
    };
    let position = AtomicU64::new(0);
    let _ = match source {
        Source::Text(scanned) => {
            typing::each_batch(scanned, request.skip_bad, &position, &mut |table, _| {
                on_input(table)
            })
            .map_err(|_| ())
        }
        Source::Columnar { path, kind, .. } => {
            encbench_table::binary_input::each_batch(path, *kind, &mut |table, _| on_input(table))
                .map_err(|_| ())
        }
    };
    let mut found = Table::new(schema.clone(), rows.len());
    let mut read_at = 0;
    let _ = request
        .candidate
        .read_stream(
            schema,
            back,
            &mut |table| match keep(&mut found, &table, &mut read_at) {
                true => Ok(()),
                false => Err(stopped("read far enough")),
            },
        );
    cell_difference(&expected, &found, rows.start)
}

/// The first cell where `found` differs from `expected`, rows numbered
/// from `first` (0-based) + 1.
fn cell_difference(expected: &Table, found: &Table, first: usize) -> Option<String> {
    use encbench_table::table::{same_float, text_of, Cell};
    let shown = |cell: Cell<'_>, field| match cell {
        Cell::Null => "null".to_string(),
        cell => format!("'{}'", text_of(cell, field)),
    };
    for r in 0..expected.rows().min(found.rows()) {
        for (c, field) in expected.schema.fields.iter().enumerate() {
            let (x, y) = (expected.columns[c].cell(r), found.columns[c].cell(r));
            let same = match (x, y) {
                (Cell::Float(p), Cell::Float(q)) => same_float(p, q),
                _ => x == y,
            };
            if !same {
                return Some(format!(
                    "row {}, column '{}': {} in the input, {} read back",
                    first + r + 1,
                    field.name,
                    shown(x, field),
                    shown(y, field)
                ));
            }
        }
    }
    None
}

/// What the reader thread typed.
enum Produced {
    /// Every row; the digest of them all as the format reads them back,
    /// and how many floats it cannot carry (made null in the digest).
    All(Digest, u64),
    /// It stopped at a row the sample's schema does not fit.
    Misfit(Malformed),
}

/// Encodes every row into `file`; the digest of what was written.
fn write_pass(
    source: &Source<'_>,
    request: &Request<'_>,
    file: &mut std::fs::File,
    progress: &mut dyn FnMut(Pass, u64, u64),
) -> Result<Produced, Error> {
    let output = request.output;
    let io = |e: std::io::Error| Error::Write {
        path: output.to_path_buf(),
        why: format!("write failed: {e}"),
    };
    let position = AtomicU64::new(0);
    std::thread::scope(|s| {
        let (tx, rx) = sync_channel(2);
        let non_finite = request.candidate.non_finite();
        let position = &position;
        let producer = s.spawn(move || produce(source, request.skip_bad, non_finite, tx, position));
        let written = {
            let mut batches = batches(rx, position, progress);
            let schema = source.schema();
            let rows = source.rows();
            match request.compressor {
                None => {
                    let mut out = BufWriter::with_capacity(1 << 20, &mut *file);
                    request
                        .candidate
                        .write_stream(schema, rows, &mut batches, &mut out)
                        .and_then(|_| out.flush().map_err(io))
                }
                Some(c) => {
                    let (pipe_tx, pipe_rx) = sync_channel::<Vec<u8>>(4);
                    let file = &mut *file;
                    let compressing = s.spawn(move || {
                        let mut out = BufWriter::with_capacity(1 << 20, file);
                        let mut input = PipeReader {
                            rx: pipe_rx,
                            chunk: Vec::new(),
                            at: 0,
                        };
                        c.compress_stream(&mut input, &mut out)
                            .map_err(|e| e.to_string())
                            .and_then(|_| out.flush().map_err(|e| e.to_string()))
                    });
                    let mut pipe = PipeWriter {
                        tx: Some(pipe_tx),
                        buf: Vec::with_capacity(PIPE_CHUNK),
                    };
                    let wrote = request
                        .candidate
                        .write_stream(schema, rows, &mut batches, &mut pipe)
                        .and_then(|_| pipe.flush().map_err(io));
                    drop(pipe); // end of stream for the compressor
                    let compressed = compressing
                        .join()
                        .unwrap_or_else(|_| Err("the compressor panicked".into()));
                    match (wrote, compressed) {
                        (Ok(()), Err(e)) => Err(Error::Write {
                            path: output.to_path_buf(),
                            why: format!("{}: {e}", c.id()),
                        }),
                        (wrote, _) => wrote,
                    }
                }
            }
        };
        // The reader thread stops at its next send once the receiver is gone.
        let produced = producer
            .join()
            .unwrap_or_else(|_| Err(stopped("the reader thread panicked")));
        match (written, produced) {
            (_, Ok(Produced::Misfit(m))) => Ok(Produced::Misfit(m)),
            // The reader's own error (a malformed row) is why the writer stopped.
            (_, Err(e)) => Err(e),
            (Err(e), Ok(_)) => Err(e),
            (Ok(()), produced) => produced,
        }
    })
}

/// The batches from the reader thread, reported as they pass.
fn batches<'a>(
    rx: Receiver<Result<Table, Error>>,
    position: &'a AtomicU64,
    progress: &'a mut dyn FnMut(Pass, u64, u64),
) -> impl Iterator<Item = Result<Table, Error>> + 'a {
    let mut rows = 0u64;
    rx.into_iter().inspect(move |batch| {
        if let Ok(table) = batch {
            rows += table.rows() as u64;
            progress(Pass::Write, position.load(Ordering::Relaxed), rows);
        }
    })
}

/// The reader side: every row typed into batches (see `typing`), digested
/// in order and sent on; a failure is sent as an error that stops the
/// writer and returned whole, and a row the sample's schema does not fit
/// stops the writer too.
fn produce(
    source: &Source<'_>,
    skip_bad: bool,
    non_finite: NonFinite,
    tx: SyncSender<Result<Table, Error>>,
    position: &AtomicU64,
) -> Result<Produced, Error> {
    let mut digest = Digest::default();
    let mut writer_gone = false;
    let mut lost = 0u64;
    let mut each = |table: Table, hashes: &[u64]| {
        // What the format reads back: the values it cannot carry made null.
        match non_finite.nulled(&table) {
            Ok(None) => hashes.iter().for_each(|h| digest.add_row(*h)),
            Ok(Some((back, n))) => {
                lost += n;
                back.row_hashes().iter().for_each(|h| digest.add_row(*h));
            }
            Err(column) => {
                return Err(Error::Schema(format!(
                    "{column}, and {}",
                    non_finite.why().unwrap_or_default()
                )))
            }
        }
        tx.send(Ok(table)).map_err(|_| {
            writer_gone = true;
            stopped("the writer stopped")
        })
    };
    let typed = match source {
        Source::Text(scanned) => typing::each_batch(scanned, skip_bad, position, &mut each),
        Source::Columnar { path, kind, .. } => {
            encbench_table::binary_input::each_batch(path, *kind, &mut |table, at| {
                position.store(at, Ordering::Relaxed);
                let hashes = table.row_hashes();
                each(table, &hashes)
            })
            .map_err(Stop::Failed)
        }
    };
    match typed {
        Ok(()) => Ok(Produced::All(digest.finish(), lost)),
        // The writer's own error says why.
        Err(_) if writer_gone => Ok(Produced::All(digest.finish(), lost)),
        Err(Stop::Misfit(m)) => {
            let _ = tx.send(Err(stopped("the sample's schema does not fit")));
            Ok(Produced::Misfit(m))
        }
        Err(Stop::Failed(e)) => {
            let _ = tx.send(Err(stopped("the input stopped")));
            Err(e)
        }
    }
}

const PIPE_CHUNK: usize = 1 << 20;

/// The writing end of an in-process pipe to the compressor thread.
struct PipeWriter {
    tx: Option<SyncSender<Vec<u8>>>,
    buf: Vec<u8>,
}

impl Write for PipeWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= PIPE_CHUNK {
            self.flush()?;
        }
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = std::mem::replace(&mut self.buf, Vec::with_capacity(PIPE_CHUNK));
        let gone = || std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the compressor stopped");
        self.tx
            .as_ref()
            .ok_or_else(gone)?
            .send(chunk)
            .map_err(|_| gone())
    }
}

/// The reading end: the compressor's input.
struct PipeReader {
    rx: Receiver<Vec<u8>>,
    chunk: Vec<u8>,
    at: usize,
}

impl Read for PipeReader {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.at == self.chunk.len() {
            match self.rx.recv() {
                Ok(chunk) => {
                    self.chunk = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.chunk.len() - self.at);
        out[..n].copy_from_slice(&self.chunk[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Whether `output` may be written: never one of `inputs` (the file, a
/// --schema, the history), and not an existing file without `force`. Also
/// asked before any reading or measuring, so a refusal comes at once.
pub fn check_output(inputs: &[&Path], output: &Path, force: bool) -> Result<(), Error> {
    match safe_write::refusal(output, inputs, force) {
        Some(why) => Err(Error::Refused {
            path: output.to_path_buf(),
            why,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::{by_id, convertible};
    use encbench_table::load::{scan, LoadOptions};
    use encbench_table::sniff::FormatHint;
    use encbench_table::table::Cell;

    /// Writes like CSV, then changes what it reads back with `alter`: a
    /// broken format, made on purpose.
    struct BrokenCsv {
        id: &'static str,
        summary: &'static str,
        alter: fn(&mut Table),
    }

    impl TableCodec for BrokenCsv {
        fn id(&self) -> &'static str {
            self.id
        }
        fn summary(&self) -> &'static str {
            self.summary
        }
        fn extension(&self) -> &'static str {
            "csv"
        }
        fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
            by_id("csv").unwrap().encode(table, out)
        }
        fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
            let mut t = by_id("csv").unwrap().decode(bytes, schema)?;
            (self.alter)(&mut t);
            Ok(t)
        }
    }

    /// Reads back one row short.
    const LOSSY: BrokenCsv = BrokenCsv {
        id: "lossy",
        summary: "drops the last row on read",
        alter: |t| {
            let keep = t.rows() - 1;
            t.truncate_to(keep);
        },
    };

    fn options() -> LoadOptions {
        LoadOptions {
            hint: FormatHint::Auto,
            schema: None,
            skip_bad: false,
            sample_limit: None,
            every_row: true,
            json_path: None,
        }
    }

    /// A CSV of `rows` rows with quoted commas and newlines, nulls, dates and floats.
    fn input(dir: &Path, rows: usize) -> std::path::PathBuf {
        let mut text = String::from("id,name,score,day,note\n");
        for i in 0..rows {
            let note = match i % 4 {
                0 => "\"a, b\"".to_string(),
                1 => "\"two\nlines\"".to_string(),
                2 => String::new(),
                _ => format!("n{i}"),
            };
            text.push_str(&format!(
                "{i},name {},{}.5,2024-01-{:02},{note}\n",
                i % 97,
                i % 1000,
                1 + i % 28
            ));
        }
        let path = dir.join("in.csv");
        std::fs::write(&path, text).unwrap();
        path
    }

    fn request<'a>(
        candidate: &'a dyn TableCodec,
        compressor: Option<&'a dyn Compressor>,
        output: &'a Path,
        force: bool,
    ) -> Request<'a> {
        Request {
            candidate,
            compressor,
            inputs: &[],
            output,
            force,
            skip_bad: false,
        }
    }

    #[test]
    fn a_file_that_reads_back_differently_is_never_left_behind() {
        let dir = tempfile::tempdir().unwrap();
        let scanned = scan(&input(dir.path(), 3), &options(), &mut |_| {}).unwrap();
        let out = dir.path().join("t.csv");
        let e = convert(
            &Source::Text(&scanned),
            &request(&LOSSY, None, &out, false),
            &mut |_, _, _| {},
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.ends_with("read back differs from the input (2 rows read back, 3 expected); nothing was written"),
            "{e}"
        );
        assert!(!out.exists());
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            1,
            "no temporary file left"
        );
    }

    #[test]
    fn more_rows_than_a_batch_round_trip_in_every_format() {
        let dir = tempfile::tempdir().unwrap();
        let rows = BATCH_ROWS + 1234;
        let scanned = scan(&input(dir.path(), rows), &options(), &mut |_| {}).unwrap();
        assert_eq!(scanned.rows, rows);
        let zstd = encbench_codecs::compression::Zstd(3);
        for candidate in convertible() {
            for compressor in [None, Some(&zstd as &dyn Compressor)] {
                let out = dir.path().join(format!("t.{}", candidate.id()));
                let done = convert(
                    &Source::Text(&scanned),
                    &request(candidate.as_ref(), compressor, &out, true),
                    &mut |_, _, _| {},
                )
                .unwrap_or_else(|e| panic!("{}: {e}", candidate.id()));
                let Outcome::Done(done) = done else {
                    panic!("{}: a scan's schema must fit", candidate.id())
                };
                assert_eq!(done.rows, rows, "{}", candidate.id());
                assert_eq!(std::fs::metadata(&out).unwrap().len(), done.bytes);
            }
        }
        // Only the outputs and the input: no temporary file.
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            convertible().len() + 1
        );
    }

    /// Reads every null of a text column back as the empty text: the
    /// conversion bug of a null-typed column, made on purpose.
    const EMPTIES_NULLS: BrokenCsv = BrokenCsv {
        id: "empties-nulls",
        summary: "reads a text column's nulls back as empty text",
        alter: |t| {
            for column in &mut t.columns {
                if matches!(column.values, encbench_table::table::Values::Str(_)) {
                    column.valid.iter_mut().for_each(|ok| *ok = true);
                }
            }
        },
    };

    #[test]
    fn a_null_read_back_as_empty_text_fails_naming_its_row_and_column() {
        let dir = tempfile::tempdir().unwrap();
        // Row 3's note is empty: a null in a nullable text column.
        let scanned = scan(&input(dir.path(), 6), &options(), &mut |_| {}).unwrap();
        let out = dir.path().join("t.csv");
        let e = convert(
            &Source::Text(&scanned),
            &request(&EMPTIES_NULLS, None, &out, false),
            &mut |_, _, _| {},
        )
        .unwrap_err()
        .to_string();
        assert!(
            e.ends_with(
                "read back differs from the input (row 3, column 'note': null in the input, '' read back); nothing was written"
            ),
            "{e}"
        );
        assert!(!out.exists());
    }

    /// A column of Parquet's null type, as pandas and pyarrow write an
    /// all-missing column, beside one named `Solar.R`: every format writes
    /// it as nulls that pyarrow (fastavro for Avro, json for JSON Lines)
    /// reads back as nulls, never `''`; Avro's rename of `Solar.R` is named.
    #[test]
    fn a_null_typed_column_converts_to_nulls_every_reader_reads_as_nulls() {
        use encbench_table::binary_input::{self, Kind};
        let Some(python) = encbench_table::testing::worker_python() else {
            return;
        };
        let dir = tempfile::tempdir().unwrap();
        encbench_table::testing::run_python(
            &python,
            dir.path(),
            "import pyarrow as pa, pyarrow.parquet as pq\n\
             t = pa.table({'a': [1, 2, 3], 'n': pa.nulls(3), 'Solar.R': [190, None, 149]})\n\
             assert t.schema.field('n').type == pa.null()\n\
             pq.write_table(t, 'in.parquet')\n",
        );
        let path = dir.path().join("in.parquet");
        let (schema, rows) = binary_input::schema(&path, Kind::Parquet).unwrap();
        let rows = rows.unwrap();
        let n = &schema.fields[1];
        assert_eq!((n.name.as_str(), n.nullable), ("n", true));
        let source = Source::Columnar {
            path: &path,
            kind: Kind::Parquet,
            schema,
            rows,
        };
        let formats = [
            ("parquet", None),
            ("parquet", Some("zstd-3")),
            ("arrow", None),
            ("arrow", Some("lz4")),
            ("avro", None),
            ("avro", Some("zstd-3")),
            ("jsonl", None),
            ("csv", None),
        ];
        for (id, inner) in formats {
            let plain = by_id(id).unwrap();
            let candidate = match inner {
                Some(c) => plain.compressed(c).unwrap().unwrap(),
                None => plain,
            };
            let name = format!(
                "out-{id}-{}.{}",
                inner.unwrap_or("plain"),
                candidate.extension()
            );
            let out = dir.path().join(&name);
            let done = convert(
                &source,
                &request(candidate.as_ref(), None, &out, false),
                &mut |_, _, _| {},
            )
            .unwrap_or_else(|e| panic!("{name}: {e}"));
            let Outcome::Done(done) = done else {
                panic!("{name}: a columnar file's schema is its own")
            };
            assert_eq!((done.rows, &done.loss), (3, &None), "{name}");
            let renamed: &[(String, String)] = match id {
                "avro" => &[("Solar.R".to_string(), "Solar_R".to_string())],
                _ => &[],
            };
            assert_eq!(done.renamed, renamed, "{name}");
            // The written file read as a user's input: nulls again.
            if let Some(kind) = match id {
                "parquet" => Some(Kind::Parquet),
                "arrow" => Some(Kind::ArrowFile),
                "avro" => Some(Kind::Avro),
                _ => None,
            } {
                let mut nulls = Vec::new();
                binary_input::each_batch(&out, kind, &mut |t, _| {
                    nulls.extend((0..t.rows()).map(|r| t.columns[1].cell(r) == Cell::Null));
                    Ok(())
                })
                .unwrap();
                assert_eq!(nulls, [true; 3], "{name}");
            }
        }
        // Other readers: every value of `n` is None; Avro's column is Solar_R.
        let printed = encbench_table::testing::run_python(
            &python,
            dir.path(),
            "import json, pyarrow.parquet as pq, pyarrow.ipc as ipc, pyarrow.csv as pcsv, fastavro\n\
             nulls = [None] * 3\n\
             for f in ['out-parquet-plain.parquet', 'out-parquet-zstd-3.parquet']:\n\
             \x20   t = pq.read_table(f)\n\
             \x20   assert t.column('n').to_pylist() == nulls, (f, t.column('n'))\n\
             \x20   assert t.column_names == ['a', 'n', 'Solar.R'], t.column_names\n\
             t = ipc.open_file('out-arrow-plain.arrow').read_all()\n\
             assert t.column('n').to_pylist() == nulls, t\n\
             assert t.column_names == ['a', 'n', 'Solar.R'], t.column_names\n\
             with open('out-avro-plain.avro', 'rb') as f:\n\
             \x20   records = list(fastavro.reader(f))\n\
             assert [r['n'] for r in records] == nulls, records\n\
             assert [r['Solar_R'] for r in records] == [190, None, 149], records\n\
             lines = [json.loads(l) for l in open('out-jsonl-plain.jsonl')]\n\
             assert [l['n'] for l in lines] == nulls, lines\n\
             t = pcsv.read_csv('out-csv-plain.csv')\n\
             assert t.column('n').to_pylist() == nulls, t\n\
             print('ok')\n",
        );
        assert_eq!(printed.trim(), "ok");
    }

    #[test]
    fn existing_files_are_kept_without_force() {
        let dir = tempfile::tempdir().unwrap();
        let scanned = scan(&input(dir.path(), 3), &options(), &mut |_| {}).unwrap();
        let out = dir.path().join("t.parquet");
        std::fs::write(&out, "mine").unwrap();
        let parquet = by_id("parquet").unwrap();
        let e = convert(
            &Source::Text(&scanned),
            &request(parquet.as_ref(), None, &out, false),
            &mut |_, _, _| {},
        )
        .unwrap_err();
        assert!(e
            .to_string()
            .ends_with("already exists; pass --force to replace it"));
        assert_eq!(std::fs::read(&out).unwrap(), b"mine");
        convert(
            &Source::Text(&scanned),
            &request(parquet.as_ref(), None, &out, true),
            &mut |_, _, _| {},
        )
        .unwrap();
        assert!(std::fs::read(&out).unwrap().starts_with(b"PAR1"));
    }
}
