//! Every row of the input typed into batches on several threads and
//! handed on in file order: what `--convert` writes from. One thread reads
//! chunks of whole records, workers each parse and type a chunk (and hash
//! its rows for the digest), and the caller's thread puts the results back
//! in order. Memory holds a few chunks in flight, never the file; the
//! first failure in file order is the one reported, as a single-threaded
//! walk would report it.

use encbench_table::error::Malformed;
use encbench_table::input::TextChunk;
use encbench_table::load::{name_file, typed_columns, typed_row, Scanned};
use encbench_table::sniff::Format;
use encbench_table::stream::{self, CHUNK_BYTES};
use encbench_table::table::Table;
use encbench_table::Error;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Arc, Mutex};

/// Rows per batch at most (a chunk of short rows is split).
pub const BATCH_ROWS: usize = 65_536;

/// How typing stopped early.
#[derive(Debug)]
pub enum Stop {
    /// A malformed row, a read error, or the consumer's own error.
    Failed(Error),
    /// A row the sample's schema does not fit (`Scanned::from_sample`).
    Misfit(Malformed),
}

/// Hears each batch in file order with one hash per row.
pub type Each<'a> = dyn FnMut(Table, &[u64]) -> Result<(), Error> + 'a;

/// One chunk's rows: batches with their row hashes, then how it ended.
struct Typed {
    batches: Vec<(Table, Vec<u64>)>,
    end: Result<(), Stop>,
}

/// Types every row of `scanned`, handing `each` the batches in file order
/// with one hash per row (see `Table::row_hashes`). `position` hears the
/// bytes of text read. Stops at the first malformed row (unless
/// `skip_bad`), at the first misfit of a sample's schema, or when `each`
/// fails.
pub fn each_batch(
    scanned: &Scanned,
    skip_bad: bool,
    position: &AtomicU64,
    each: &mut Each<'_>,
) -> Result<(), Stop> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let stop = AtomicBool::new(false);
    let source = &scanned.opened.source;
    let mut chunks = source
        .chunks(stream::framing(scanned.opened.format), CHUNK_BYTES)
        .map_err(|e| Stop::Failed(name_file(&source.path, e)))?;
    let recycler = chunks.recycler();
    std::thread::scope(|s| {
        let (chunk_tx, chunk_rx) = sync_channel::<(usize, TextChunk)>(workers);
        // Shared by the workers; dropped with the last of them, so a
        // reader blocked on a full queue wakes when they are gone.
        let chunk_rx = Arc::new(Mutex::new(chunk_rx));
        let (typed_tx, typed_rx) = sync_channel::<(usize, Typed)>(workers);
        let stop = &stop;
        let reader = s.spawn(move || -> Result<(), Error> {
            let mut seq = 0;
            while let Some(chunk) = chunks.next_chunk()? {
                position.store(chunks.position(), Ordering::Relaxed);
                if stop.load(Ordering::Relaxed) || chunk_tx.send((seq, chunk)).is_err() {
                    break;
                }
                seq += 1;
            }
            Ok(())
        });
        for _ in 0..workers {
            let (chunk_rx, typed_tx) = (Arc::clone(&chunk_rx), typed_tx.clone());
            let recycler = recycler.clone();
            s.spawn(move || loop {
                let next = match chunk_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => break,
                };
                let Ok((seq, chunk)) = next else { break };
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let typed = type_chunk(scanned, &chunk, skip_bad);
                recycler.give(chunk.text.into_bytes());
                if typed_tx.send((seq, typed)).is_err() {
                    break;
                }
            });
        }
        drop((chunk_rx, typed_tx));

        let outcome = in_order(typed_rx, each);
        stop.store(true, Ordering::Relaxed);
        // The reader's error comes after every chunk it handed out.
        let read = reader
            .join()
            .unwrap_or_else(|_| Err(stopped("the reader thread panicked")));
        outcome?;
        read.map_err(|e| Stop::Failed(name_file(&scanned.opened.source.path, e)))
    })
}

/// Hands `each` the typed chunks in sequence; the first stop in order ends it.
fn in_order(
    typed: std::sync::mpsc::Receiver<(usize, Typed)>,
    each: &mut Each<'_>,
) -> Result<(), Stop> {
    let mut waiting = BTreeMap::new();
    let mut next = 0usize;
    // Leaving drops the receiver: the workers' next send fails and they stop.
    for (seq, chunk) in typed {
        waiting.insert(seq, chunk);
        while let Some(Typed { batches, end }) = waiting.remove(&next) {
            next += 1;
            for (table, hashes) in batches {
                each(table, &hashes).map_err(Stop::Failed)?;
            }
            end?;
        }
    }
    Ok(())
}

/// Parses and types one chunk's rows.
fn type_chunk(scanned: &Scanned, chunk: &TextChunk, skip_bad: bool) -> Typed {
    match type_plain_csv(scanned, chunk) {
        Some(typed) => typed,
        None => type_rows(scanned, chunk, skip_bad),
    }
}

/// Parses and types one chunk's rows a row at a time, each through the
/// format's reader.
fn type_rows(scanned: &Scanned, chunk: &TextChunk, skip_bad: bool) -> Typed {
    let schema = &scanned.schema;
    let width = schema.fields.len();
    let mut batches = Vec::new();
    // The chunk knows its record count: columns sized once, not grown by
    // doubling (each growth a copy of the column so far).
    let mut left = chunk.ends.len();
    let room = |left: usize| left.min(BATCH_ROWS);
    let mut table = Table::new(schema.clone(), room(left));
    let mut misfit = None;
    let mut columns = scanned.columns.clone();
    let walked = stream::walk_chunk(chunk, scanned.opened.format, &mut columns, &mut |row| {
        let row = match row {
            Ok(row) => row,
            Err(_) if skip_bad => return Ok(()),
            Err(m) => return Err(Error::Malformed(m)),
        };
        // A JSON Lines key the schema has not seen grows the row.
        let typed = if row.cells.len() > width {
            Err(Malformed::new(
                row.line,
                None,
                "a key the schema does not have",
                "",
            ))
        } else {
            typed_row(&mut table, &row)
        };
        match typed {
            Ok(()) => {}
            Err(m) if scanned.from_sample => {
                misfit = Some(m);
                return Err(stopped("the sample's schema does not fit"));
            }
            Err(_) if skip_bad => return Ok(()),
            Err(m) => return Err(Error::Malformed(m)),
        }
        if table.rows() == BATCH_ROWS {
            left = left.saturating_sub(BATCH_ROWS);
            let full = std::mem::replace(&mut table, Table::new(schema.clone(), room(left)));
            let hashes = full.row_hashes();
            batches.push((full, hashes));
        }
        Ok(())
    });
    let path = &scanned.opened.source.path;
    let end = match (misfit, walked) {
        (Some(mut m), _) => {
            if let Some(key) = columns.get(width) {
                m.why = format!("key '{key}' is not among the sample's columns");
            }
            m.path = Some(path.clone());
            Err(Stop::Misfit(m))
        }
        (None, Err(e)) => Err(Stop::Failed(name_file(path, e))),
        // Under --schema a new key is an error, as a scan reports it.
        (None, Ok(())) if columns.len() > width => Err(Stop::Failed(Error::Schema(format!(
            "the file has keys the schema does not name: {}",
            columns[width..].join(", ")
        )))),
        (None, Ok(())) => Ok(()),
    };
    if table.rows() > 0 {
        let hashes = table.row_hashes();
        batches.push((table, hashes));
    }
    Typed { batches, end }
}

/// Rows split and typed at a time by [`type_plain_csv`]: their cells stay
/// in the core's cache between the split and the typing.
const SPLIT_ROWS: usize = 4096;

/// A chunk of plain CSV typed a column at a time (`load::typed_columns`),
/// each record split on the delimiter where it lies. `None` sends the
/// chunk down the general row path, which reads CSV with the `csv` crate
/// and says where a row goes wrong: a quote anywhere (quoted fields are
/// unescaped there), a carriage return inside a record, an empty line, a
/// record of another width, or a cell that does not fit its column.
fn type_plain_csv(scanned: &Scanned, chunk: &TextChunk) -> Option<Typed> {
    let Format::Csv { delimiter, header } = scanned.opened.format else {
        return None;
    };
    let schema = &scanned.schema;
    let width = schema.fields.len();
    let text = chunk.text.as_str();
    if width < 2 || !delimiter.is_ascii() || memchr::memchr(b'"', text.as_bytes()).is_some() {
        return None;
    }
    let carriage_returns = memchr::memchr(b'\r', text.as_bytes()).is_some();
    let skip = usize::from(header && chunk.offset == 0);
    let ends = chunk.ends.get(skip..)?;
    let mut start = match skip {
        1 => chunk.ends[0],
        _ => 0,
    };
    let mut batches = Vec::new();
    let mut cells = Vec::with_capacity(SPLIT_ROWS * width);
    for batch_ends in ends.chunks(BATCH_ROWS) {
        let mut table = Table::new(schema.clone(), batch_ends.len());
        for split_ends in batch_ends.chunks(SPLIT_ROWS) {
            let end = *split_ends.last()?;
            let records = split_ends.len();
            split_records(text.get(start..end)?, delimiter, width, records, &mut cells)?;
            if carriage_returns && !strip_carriage_returns(&mut cells, records) {
                return None;
            }
            if !typed_columns(&mut table, records, &cells) {
                return None;
            }
            start = end;
        }
        let hashes = table.row_hashes();
        batches.push((table, hashes));
    }
    Some(Typed {
        batches,
        end: Ok(()),
    })
}

/// Sets `cells` to the cells of the `records` records in `text` (`None`
/// for an empty one), a column after another (`cells[column * records +
/// record]`: the typing then reads each column's cells in a row), in one
/// pass over its delimiters and line ends. `None` for an empty line, a
/// record that is not `width` cells, or a count of records other than
/// `records`. Eight bytes at a time: CSV cells are a few bytes long, too
/// short for a vector search per cell to pay for its start.
fn split_records<'t>(
    text: &'t str,
    delimiter: u8,
    width: usize,
    records: usize,
    cells: &mut Vec<Option<&'t str>>,
) -> Option<()> {
    let bytes = text.as_bytes();
    cells.clear();
    cells.resize(width * records, None);
    let mut at_cut = Cuts {
        text,
        width,
        expected: records,
        cells,
        from: 0,
        in_record: 0,
        records: 0,
    };
    let (delimiters, line_ends) = (
        u64::from_le_bytes([delimiter; 8]),
        u64::from_le_bytes([b'\n'; 8]),
    );
    let words = bytes.chunks_exact(8);
    let tail_at = bytes.len() - words.remainder().len();
    for (w, word) in words.enumerate() {
        let x = <[u8; 8]>::try_from(word).map_or(0, u64::from_le_bytes);
        let ends = zero_bytes(x ^ line_ends);
        let mut found = zero_bytes(x ^ delimiters) | ends;
        while found != 0 {
            let lowest = found & found.wrapping_neg();
            at_cut.cut(
                w * 8 + found.trailing_zeros() as usize / 8,
                ends & lowest != 0,
            )?;
            found ^= lowest;
        }
    }
    for (i, &c) in bytes[tail_at..].iter().enumerate() {
        if c == delimiter || c == b'\n' {
            at_cut.cut(tail_at + i, c == b'\n')?;
        }
    }
    // The file's last record may end without a line end.
    if at_cut.from < text.len() || at_cut.in_record > 0 {
        at_cut.cut(text.len(), true)?;
    }
    (at_cut.records == records).then_some(())
}

/// [`split_records`]'s progress through its text.
struct Cuts<'t, 'c> {
    text: &'t str,
    width: usize,
    /// Records the text should hold.
    expected: usize,
    cells: &'c mut [Option<&'t str>],
    /// Where the next cell starts.
    from: usize,
    /// Cells of the current record so far.
    in_record: usize,
    records: usize,
}

impl<'t> Cuts<'t, '_> {
    /// One cell ends at `at`; a line end also ends its record, which must
    /// have `width` cells.
    #[inline(always)]
    fn cut(&mut self, at: usize, line_end: bool) -> Option<()> {
        // Delimiters and line ends are ASCII: every cut is a char boundary.
        let cell = self.text.get(self.from..at)?;
        if self.in_record >= self.width || self.records >= self.expected {
            return None;
        }
        self.cells[self.in_record * self.expected + self.records] =
            (at > self.from).then_some(cell);
        self.from = at + 1;
        self.in_record += 1;
        if line_end {
            if self.in_record != self.width {
                return None;
            }
            self.in_record = 0;
            self.records += 1;
        }
        Some(())
    }
}

/// 0x80 in exactly the bytes of `x` that are zero (no carry between bytes).
fn zero_bytes(x: u64) -> u64 {
    const LOW: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    !(((x & LOW) + LOW) | x | LOW)
}

/// Takes the `\r` of `\r\n` off each record's last cell (`cells` as
/// [`split_records`] sets them); `false` when a carriage return is
/// anywhere else (the CSV reader decides what it means).
fn strip_carriage_returns(cells: &mut [Option<&str>], records: usize) -> bool {
    let last_column = cells.len() - records;
    for (i, cell) in cells.iter_mut().enumerate() {
        let Some(text) = *cell else { continue };
        let last = i >= last_column;
        match (last, text.strip_suffix('\r')) {
            (true, Some(body)) if !body.contains('\r') => {
                *cell = (!body.is_empty()).then_some(body)
            }
            _ if text.contains('\r') => return false,
            _ => {}
        }
    }
    true
}

/// Why a conversion's thread stopped, when the real error is elsewhere.
pub(crate) fn stopped(why: &str) -> Error {
    Error::Codec {
        format: "convert",
        why: why.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_table::load::{open, Scanned};
    use encbench_table::schema::{ColumnType, Field, Schema};
    use encbench_table::sniff::FormatHint;
    use encbench_table::table::Digest;

    /// A CSV of `rows` rows `i,i%100` over several chunks, `bad` lines spelled `x`.
    fn scanned(dir: &std::path::Path, rows: usize, bad: &[usize]) -> Scanned {
        let mut text = String::from("id,small\n");
        for i in 0..rows {
            match bad.contains(&i) {
                true => text.push_str(&format!("{i},x\n")),
                false => text.push_str(&format!("{i},{}\n", i % 100)),
            }
        }
        assert!(text.len() > 3 * CHUNK_BYTES, "several chunks");
        let field = |name: &str, ty| Field::new(name, ty, false);
        let schema = Schema {
            fields: vec![
                field("id", ColumnType::Int32),
                field("small", ColumnType::Int8),
            ],
        };
        scanned_from(dir, &text, schema, rows)
    }

    /// `text` written to a file and opened as CSV of `schema`.
    fn scanned_from(dir: &std::path::Path, text: &str, schema: Schema, rows: usize) -> Scanned {
        let path = dir.join("in.csv");
        std::fs::write(&path, text).unwrap();
        Scanned {
            opened: open(
                &path,
                &encbench_table::load::LoadOptions {
                    hint: FormatHint::Auto,
                    schema: Some(schema.clone()),
                    skip_bad: false,
                    sample_limit: None,
                    every_row: false,
                    json_path: None,
                },
            )
            .unwrap(),
            columns: schema.fields.iter().map(|f| f.name.clone()).collect(),
            schema,
            inferred: false,
            rows,
            rows_exact: false,
            skipped: 0,
            text_bytes: text.len() as u64,
            from_sample: false,
            restarted: None,
        }
    }

    /// `text` as the file's first chunk: one record a line.
    fn first_chunk(text: &str) -> TextChunk {
        let mut ends: Vec<usize> = text.match_indices('\n').map(|(i, _)| i + 1).collect();
        if !text.ends_with('\n') {
            ends.push(text.len());
        }
        TextChunk {
            text: text.to_string(),
            ends,
            first_line: 1,
            offset: 0,
        }
    }

    fn mixed_schema() -> Schema {
        let field = |name: &str, ty, nullable| Field::new(name, ty, nullable);
        Schema {
            fields: vec![
                field("id", ColumnType::Int32, false),
                field("name", ColumnType::String, true),
                field("score", ColumnType::Float64, true),
                field("day", ColumnType::Date, true),
                field("ok", ColumnType::Bool, true),
                field("code", ColumnType::String, false),
                field("delay", ColumnType::Int16, true),
                field("carrier", ColumnType::Dictionary, true),
            ],
        }
    }

    #[test]
    fn plain_csv_typed_a_column_at_a_time_equals_the_row_path() {
        let dir = tempfile::tempdir().unwrap();
        let texts = [
            "id,name,score,day,ok,code,delay,carrier\n1,ab,1.5,2024-01-02,true,X,-5,UA\n2,,NA,,false,,NA,\n",
            // CRLF, no newline at the end, non-ASCII text, -0.0.
            "id,name,score,day,ok,code,delay,carrier\r\n-3,x y,-0.0,2024-02-29,,é,,AA\r\n4,é,1e3,1970-01-01,true,Z,32767,AA",
        ];
        for text in texts {
            let scanned = scanned_from(dir.path(), text, mixed_schema(), 2);
            let chunk = first_chunk(text);
            let by_columns = type_plain_csv(&scanned, &chunk).expect("plain CSV");
            let by_rows = type_rows(&scanned, &chunk, false);
            assert!(by_columns.end.is_ok() && by_rows.end.is_ok());
            let (columns, rows) = (&by_columns.batches, &by_rows.batches);
            assert_eq!(columns.len(), 1);
            assert_eq!(columns[0].0.rows(), 2);
            assert_eq!(columns, rows, "{text}");
        }
    }

    /// A pseudo-random sequence, the same on every run.
    fn random(seed: u64) -> impl FnMut() -> usize {
        let mut state = seed;
        move || {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) as usize
        }
    }

    #[test]
    fn zero_bytes_marks_exactly_the_zero_bytes() {
        let mut next = random(7);
        // Bytes near 0 and 0x80, where a borrow or carry would leak.
        let alphabet = [0u8, 1, 0x7f, 0x80, 0x81, 0xff, b',', 0x2c ^ 0x80];
        for _ in 0..10_000 {
            let bytes: [u8; 8] = std::array::from_fn(|_| alphabet[next() % alphabet.len()]);
            let expected = bytes.map(|b| if b == 0 { 0x80 } else { 0 });
            assert_eq!(
                zero_bytes(u64::from_le_bytes(bytes)),
                u64::from_le_bytes(expected),
                "{bytes:?}"
            );
        }
    }

    #[test]
    fn records_split_as_splitting_lines_then_fields_splits_them() {
        let mut next = random(11);
        let alphabet = [",", "\n", "a", "bc", "é", "¬", ";", "日本"];
        for len in 0..200 {
            let text: String = (0..len)
                .map(|_| alphabet[next() % alphabet.len()])
                .collect();
            for width in 1..4 {
                // Row by row, then as the split lays them out: column by column.
                let mut rows: Option<Vec<Vec<Option<&str>>>> = Some(Vec::new());
                if !text.is_empty() {
                    let body = text.strip_suffix('\n').unwrap_or(&text);
                    for line in body.split('\n') {
                        let fields: Vec<Option<&str>> = line
                            .split(',')
                            .map(|f| (!f.is_empty()).then_some(f))
                            .collect();
                        rows = rows.filter(|_| fields.len() == width).map(|mut rows| {
                            rows.push(fields);
                            rows
                        });
                    }
                }
                let expected = rows.as_ref().map(|rows| {
                    (0..width)
                        .flat_map(|c| rows.iter().map(move |r| r[c]))
                        .collect::<Vec<_>>()
                });
                let records = rows.as_ref().map_or(0, Vec::len);
                let mut cells = Vec::new();
                let got = split_records(&text, b',', width, records, &mut cells).map(|()| cells);
                assert_eq!(got, expected, "{text:?} in {width} fields");
                // A count of records the text does not hold is refused.
                let mut cells = Vec::new();
                assert_eq!(
                    split_records(&text, b',', width, records + 1, &mut cells),
                    None
                );
            }
        }
    }

    #[test]
    fn chunks_the_split_cannot_take_go_the_row_path() {
        let dir = tempfile::tempdir().unwrap();
        let head = "id,name,score,day,ok,code,delay\n";
        let cases = [
            ("a quoted field", "1,\"a,b\",1,,,X,1\n"),
            ("an empty line", "1,a,1,,,X,1\n\n2,b,2,,,Y,2\n"),
            ("an integer out of its column's range", "1,a,1,,,X,32768\n"),
            ("a word in a column of integers", "1,a,1,,,X,late\n"),
            ("a field too many", "1,a,1,,,X,1,extra\n"),
            ("a cell that does not fit", "1,a,high,,,X,1\n"),
            ("a carriage return inside a record", "1,a\r,1,,,X,1\n"),
            (
                "a carriage return inside the last cell",
                "1,a,1,,,X,1\r2\r\n",
            ),
            (
                "an empty cell in a column that may not be null",
                ",a,1,,,X,1\n",
            ),
        ];
        for (why, rows) in cases {
            let text = format!("{head}{rows}");
            let mut schema = mixed_schema();
            schema.fields.pop(); // (no carrier)
            let scanned = scanned_from(dir.path(), &text, schema, 1);
            assert!(
                type_plain_csv(&scanned, &first_chunk(&text)).is_none(),
                "{why}"
            );
        }
    }
    /// The ids handed on, in order, and how it ended.
    fn run(scanned: &Scanned, skip_bad: bool) -> (Vec<i64>, Digest, Result<(), Stop>) {
        let (mut ids, mut digest) = (Vec::new(), Digest::default());
        let ended = each_batch(scanned, skip_bad, &AtomicU64::new(0), &mut |t, hashes| {
            assert_eq!(hashes, t.row_hashes());
            hashes.iter().for_each(|h| digest.add_row(*h));
            ids.extend((0..t.rows()).map(|r| match t.columns[0].cell(r) {
                encbench_table::table::Cell::Int(v) => v,
                other => panic!("{other:?}"),
            }));
            Ok(())
        });
        (ids, digest.finish(), ended)
    }

    const ROWS: usize = 1_500_000;

    #[test]
    fn rows_typed_on_several_threads_come_back_in_file_order() {
        let dir = tempfile::tempdir().unwrap();
        let (ids, digest, ended) = run(&scanned(dir.path(), ROWS, &[]), false);
        assert!(ended.is_ok());
        assert!(ids.iter().copied().eq(0..ROWS as i64));
        assert_eq!(digest.rows, ROWS as u64);
    }

    #[test]
    fn the_first_bad_row_in_the_file_is_the_one_reported() {
        let dir = tempfile::tempdir().unwrap();
        // Bad rows in the first and the last chunk: whichever worker
        // finishes first, the error is line 1002's.
        let (ids, _, ended) = run(&scanned(dir.path(), ROWS, &[1_000, ROWS - 10]), false);
        let Err(Stop::Failed(e)) = ended else {
            panic!("{ended:?}")
        };
        let e = e.to_string();
        assert!(
            e.contains("line 1002, field 2: column 'small': 'x' is not an int8"),
            "{e}"
        );
        assert!(ids.len() <= 1_000, "nothing after the bad row is handed on");
    }

    #[test]
    fn skipped_bad_rows_leave_every_other_row_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let bad = [5, 700_000, ROWS - 1];
        let (ids, _, ended) = run(&scanned(dir.path(), ROWS, &bad), true);
        assert!(ended.is_ok());
        let expected = (0..ROWS as i64).filter(|i| !bad.contains(&(*i as usize)));
        assert!(ids.iter().copied().eq(expected));
    }
}
