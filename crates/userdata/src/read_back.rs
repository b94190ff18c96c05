//! The read-back half of `--convert`: the written file decoded and
//! digested row by row (see `table::Digest`), on every core where the
//! format has independently readable parts (Parquet's row groups), else
//! as one stream decoded on this thread and digested on another.

use crate::candidates::streaming::{Parts, ReadBack};
use crate::candidates::TableCodec;
use crate::typing::stopped;
use encbench_table::schema::Schema;
use encbench_table::table::{Digest, Table};
use encbench_table::Error;
use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;
use std::sync::{Condvar, Mutex};

/// The digest of every row `candidate` reads back from `back`; `rows`
/// hears the count read so far.
pub fn digest(
    candidate: &dyn TableCodec,
    schema: &Schema,
    back: &ReadBack<'_>,
    rows: &mut dyn FnMut(u64),
) -> Result<Digest, Error> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    match candidate.read_parts(back)? {
        Some(parts) if parts.count() > 1 && threads > 1 => {
            let count = parts.count();
            by_parts(&*parts, schema, count, threads.min(count), rows)
        }
        _ => as_one_stream(candidate, schema, back, rows),
    }
}

/// Decoding on this thread, digesting on another.
fn as_one_stream(
    candidate: &dyn TableCodec,
    schema: &Schema,
    back: &ReadBack<'_>,
    rows: &mut dyn FnMut(u64),
) -> Result<Digest, Error> {
    std::thread::scope(|s| {
        let (tx, rx) = sync_channel::<Table>(2);
        let digesting = s.spawn(move || {
            let mut digest = Digest::default();
            rx.into_iter().for_each(|t| t.digest_into(&mut digest));
            digest.finish()
        });
        let mut read = 0u64;
        // A reader's panic is an error like any other: the written file
        // could not be read back, and nothing is kept.
        let decoded = std::panic::catch_unwind(AssertUnwindSafe(|| {
            candidate.read_stream(schema, back, &mut |table| {
                read += table.rows() as u64;
                rows(read);
                tx.send(table).map_err(|_| stopped("the digest stopped"))
            })
        }))
        .unwrap_or_else(|_| Err(stopped("reading the file back panicked")));
        drop(tx);
        let digest = digesting.join();
        decoded.and_then(|_| digest.map_err(|_| stopped("the digest panicked")))
    })
}

/// The first `count` parts decoded and hashed on `threads` threads, taken in order; their
/// row hashes chained into the digest here in file order. Memory holds
/// one hash per row (8 bytes) of the parts in flight, never the rows: a
/// thread waits before it runs more than `2 × threads` parts ahead of
/// the first one not yet chained.
fn by_parts(
    parts: &dyn Parts,
    schema: &Schema,
    count: usize,
    threads: usize,
    rows: &mut dyn FnMut(u64),
) -> Result<Digest, Error> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let chained_up_to = (Mutex::new(0usize), Condvar::new());
    let ahead = 2 * threads;
    std::thread::scope(|s| {
        let (tx, rx) = sync_channel::<(usize, Result<Vec<u64>, Error>)>(threads);
        for _ in 0..threads {
            let (tx, next, stop, chained_up_to) = (tx.clone(), &next, &stop, &chained_up_to);
            s.spawn(move || loop {
                let part = next.fetch_add(1, Ordering::Relaxed);
                if part >= count || stop.load(Ordering::Relaxed) {
                    break;
                }
                let (due, moved) = chained_up_to;
                let mut due = due.lock().unwrap_or_else(|e| e.into_inner());
                while part >= *due + ahead && !stop.load(Ordering::Relaxed) {
                    due = moved.wait(due).unwrap_or_else(|e| e.into_inner());
                }
                drop(due);
                // A reader's panic is this part's error: a thread that
                // vanished would leave the others waiting for its part.
                let read = std::panic::catch_unwind(AssertUnwindSafe(|| {
                    let mut hashes = Vec::new();
                    parts.hash_rows(schema, part, &mut hashes).map(|_| hashes)
                }))
                .unwrap_or_else(|_| Err(stopped(&format!("reading part {part} back panicked"))));
                if tx.send((part, read)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut digest = Digest::default();
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        let mut read = 0u64;
        let mut chained = || -> Result<(), Error> {
            for (part, hashes) in rx.iter() {
                waiting.insert(part, hashes);
                while let Some(hashes) = waiting.remove(&due) {
                    due += 1;
                    let hashes = hashes?;
                    hashes.iter().for_each(|h| digest.add_row(*h));
                    read += hashes.len() as u64;
                    rows(read);
                    let (up_to, moved) = &chained_up_to;
                    *up_to.lock().unwrap_or_else(|e| e.into_inner()) = due;
                    moved.notify_all();
                }
            }
            Ok(())
        };
        let outcome = chained();
        // Leaving drops the receiver: the threads' next send fails; a
        // waiting thread wakes to the stop.
        stop.store(true, Ordering::Relaxed);
        {
            let _up_to = chained_up_to.0.lock().unwrap_or_else(|e| e.into_inner());
            chained_up_to.1.notify_all();
        }
        outcome?;
        match due == count {
            true => Ok(digest.finish()),
            false => Err(stopped("a read-back thread stopped early")),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_codecs::columnar::ParquetTable;
    use encbench_table::testing::sample_table;

    /// `copies` of the sample table written as Parquet in row groups of
    /// `group_rows`, with the written digest and the file's part count.
    struct Written {
        _dir: tempfile::TempDir,
        path: std::path::PathBuf,
        codec: ParquetTable,
        digest: Digest,
        parts: usize,
    }

    fn written(copies: usize, group_rows: usize) -> Written {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.parquet");
        let codec = ParquetTable::default().with_layout(group_rows, true);
        let table = sample_table();
        let mut digest = Digest::default();
        let mut batches = (0..copies).map(|_| {
            table.digest_into(&mut digest);
            Ok(table.clone())
        });
        let mut out = std::fs::File::create(&path).unwrap();
        codec
            .write_stream(&table.schema, 0, &mut batches, &mut out)
            .unwrap();
        let back = ReadBack {
            path: &path,
            compressor: None,
        };
        let parts = codec.read_parts(&back).unwrap().unwrap().count();
        Written {
            _dir: dir,
            path,
            codec,
            digest: digest.finish(),
            parts,
        }
    }

    impl Written {
        fn back(&self) -> ReadBack<'_> {
            ReadBack {
                path: &self.path,
                compressor: None,
            }
        }

        /// The row groups, as the codec reads them back.
        fn parts(&self) -> Box<dyn Parts> {
            self.codec.read_parts(&self.back()).unwrap().unwrap()
        }

        /// The first `count` of `parts` read back on two threads.
        fn by_parts(&self, parts: &dyn Parts, count: usize) -> Result<Digest, Error> {
            by_parts(parts, &sample_table().schema, count, 2, &mut |_| {})
        }
    }

    #[test]
    fn row_groups_read_on_several_threads_digest_as_one_stream_does() {
        let rows = sample_table().rows();
        let file = written(400, 3 * rows + 1);
        assert!(file.parts > 10, "{} row groups", file.parts);
        let (schema, back, codec) = (&sample_table().schema, file.back(), &file.codec);
        let mut heard = Vec::new();
        let parts = file.parts();
        let parallel = by_parts(&*parts, schema, file.parts, 3, &mut |n| heard.push(n)).unwrap();
        let serial = as_one_stream(codec, schema, &back, &mut |_| {}).unwrap();
        assert_eq!(parallel.difference(&file.digest), None);
        assert_eq!(
            (parallel.rows, &parallel.blocks),
            (serial.rows, &serial.blocks)
        );
        assert_eq!(heard.len(), file.parts, "one report a part");
        assert_eq!(heard.last(), Some(&(400 * rows as u64)));
    }

    /// Row groups whose reader panics on one of them.
    struct PanicsOn(Box<dyn Parts>, usize);

    impl Parts for PanicsOn {
        fn count(&self) -> usize {
            self.0.count()
        }
        fn hash_rows(
            &self,
            schema: &Schema,
            part: usize,
            hashes: &mut Vec<u64>,
        ) -> Result<(), Error> {
            assert_ne!(part, self.1, "a reader bug");
            self.0.hash_rows(schema, part, hashes)
        }
    }

    #[test]
    fn a_reader_that_panics_is_an_error_not_a_hang() {
        let file = written(60, sample_table().rows());
        let read = file.by_parts(&PanicsOn(file.parts(), 0), file.parts);
        let error = read.unwrap_err().to_string();
        assert!(error.contains("reading part 0 back panicked"), "{error}");
    }

    /// A format whose decoder panics on whatever it reads.
    struct PanickingReader;

    impl TableCodec for PanickingReader {
        fn id(&self) -> &'static str {
            "test/panics"
        }
        fn summary(&self) -> &'static str {
            "a decoder with a bug"
        }
        fn extension(&self) -> &'static str {
            "bin"
        }
        fn encode(&self, _: &Table, _: &mut Vec<u8>) -> Result<(), Error> {
            Ok(())
        }
        fn decode(&self, _: &[u8], _: &Schema) -> Result<Table, Error> {
            panic!("a reader bug")
        }
    }

    #[test]
    fn a_stream_reader_that_panics_is_an_error() {
        let file = written(3, sample_table().rows());
        let read = as_one_stream(
            &PanickingReader,
            &sample_table().schema,
            &file.back(),
            &mut |_| {},
        );
        let error = read.unwrap_err().to_string();
        assert!(error.contains("reading the file back panicked"), "{error}");
    }

    #[test]
    fn a_part_that_cannot_be_read_is_the_error() {
        let file = written(40, sample_table().rows());
        // One part more than the file has: its reader refuses it.
        let read = file.by_parts(&*file.parts(), file.parts + 1);
        let error = read.unwrap_err().to_string();
        assert!(error.contains("no row group"), "{error}");
    }
}
