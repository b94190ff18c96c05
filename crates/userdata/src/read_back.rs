//! The read-back half of `--convert`: the written file decoded and
//! digested row by row (see `table::Digest`), on every core where the
//! format has independently readable parts (Parquet's row groups), else
//! as one stream decoded on this thread and digested on another.

use crate::candidates::streaming::ReadBack;
use crate::candidates::TableCodec;
use crate::typing::stopped;
use encbench_table::schema::Schema;
use encbench_table::table::{Digest, Table};
use encbench_table::Error;
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::sync_channel;

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
        Some(parts) if parts > 1 && threads > 1 => {
            by_parts(candidate, schema, back, parts, threads.min(parts), rows)
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
        let decoded = candidate.read_stream(schema, back, &mut |table| {
            read += table.rows() as u64;
            rows(read);
            tx.send(table).map_err(|_| stopped("the digest stopped"))
        });
        drop(tx);
        let digest = digesting.join();
        decoded.and_then(|_| digest.map_err(|_| stopped("the digest panicked")))
    })
}

/// Parts decoded and hashed on `threads` threads, taken in order; their
/// row hashes chained into the digest here in file order. Memory holds
/// one hash per row of the parts in flight (8 bytes a row), never the rows.
fn by_parts(
    candidate: &dyn TableCodec,
    schema: &Schema,
    back: &ReadBack<'_>,
    parts: usize,
    threads: usize,
    rows: &mut dyn FnMut(u64),
) -> Result<Digest, Error> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let (tx, rx) = sync_channel::<(usize, Result<Vec<u64>, Error>)>(threads);
        for _ in 0..threads {
            let (tx, next, stop) = (tx.clone(), &next, &stop);
            s.spawn(move || loop {
                let part = next.fetch_add(1, Ordering::Relaxed);
                if part >= parts || stop.load(Ordering::Relaxed) {
                    break;
                }
                let mut hashes = Vec::new();
                let read = candidate.read_part(schema, back, part, &mut |table| {
                    hashes.extend(table.row_hashes());
                    Ok(())
                });
                if tx.send((part, read.map(|_| hashes))).is_err() {
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
                }
            }
            Ok(())
        };
        let outcome = chained();
        // Leaving drops the receiver: the threads' next send fails.
        stop.store(true, Ordering::Relaxed);
        outcome?;
        match due == parts {
            true => Ok(digest.finish()),
            false => Err(stopped("a read-back thread stopped early")),
        }
    })
}
