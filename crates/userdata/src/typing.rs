//! Every row of the input typed into batches on several threads and
//! handed on in file order: what `--convert` writes from. One thread reads
//! chunks of whole records, workers each parse and type a chunk (and hash
//! its rows for the digest), and the caller's thread puts the results back
//! in order. Memory holds a few chunks in flight, never the file; the
//! first failure in file order is the one reported, as a single-threaded
//! walk would report it.

use encbench_table::error::Malformed;
use encbench_table::input::TextChunk;
use encbench_table::load::{name_file, typed_row, Scanned};
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
    std::thread::scope(|s| {
        let (chunk_tx, chunk_rx) = sync_channel::<(usize, TextChunk)>(workers);
        // Shared by the workers; dropped with the last of them, so a
        // reader blocked on a full queue wakes when they are gone.
        let chunk_rx = Arc::new(Mutex::new(chunk_rx));
        let (typed_tx, typed_rx) = sync_channel::<(usize, Typed)>(workers);
        let stop = &stop;
        let reader = s.spawn(move || -> Result<(), Error> {
            let source = &scanned.opened.source;
            let mut chunks = source.chunks(stream::framing(scanned.opened.format), CHUNK_BYTES)?;
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
            s.spawn(move || loop {
                let next = match chunk_rx.lock() {
                    Ok(rx) => rx.recv(),
                    Err(_) => break,
                };
                let Ok((seq, chunk)) = next else { break };
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                if typed_tx
                    .send((seq, type_chunk(scanned, &chunk, skip_bad)))
                    .is_err()
                {
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
        let path = dir.join("in.csv");
        std::fs::write(&path, &text).unwrap();
        assert!(text.len() > 3 * CHUNK_BYTES, "several chunks");
        let field = |name: &str, ty| Field::new(name, ty, false);
        let schema = Schema {
            fields: vec![
                field("id", ColumnType::Int32),
                field("small", ColumnType::Int8),
            ],
        };
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
            columns: vec!["id".into(), "small".into()],
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
