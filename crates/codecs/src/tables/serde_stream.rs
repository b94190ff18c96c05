//! The serde row formats, streamed for `--convert`: the writer pulls
//! batches while the serializer writes the row sequence (its length, which
//! MessagePack, CBOR, postcard and bincode put first, comes from the scan);
//! the reader runs the deserializer on a thread of its own, which sends a
//! batch of rows at a time through a channel. The libraries' streaming
//! readers take only owned `Deserialize` types, so that thread finds the
//! schema and the channel in a thread-local set when it starts.

use super::serde_rows::{Row, RowSeed};
use super::streaming::{Batches, ReadBack, Visit, READ_BATCH_ROWS};
use encbench_table::schema::Schema;
use encbench_table::table::Table;
use encbench_table::{error::codec, Error};
use serde::de::{self, SeqAccess, Visitor};
use serde::ser::{self, SerializeSeq};
use serde::{Deserialize, Serialize, Serializer};
use std::cell::RefCell;
use std::fmt;
use std::io::Read;
use std::sync::mpsc::{sync_channel, SyncSender};

/// Every batch's rows as one sequence of `rows` rows.
pub(crate) struct Streamed<'a, 'b> {
    pub rows: usize,
    pub batches: RefCell<&'a mut Batches<'b>>,
    /// The batch source's own error, kept whole (the serializer's is a string).
    pub failed: RefCell<Option<Error>>,
}

impl Serialize for Streamed<'_, '_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.rows))?;
        let mut written = 0usize;
        let mut batches = self.batches.borrow_mut();
        for batch in &mut **batches {
            let table = match batch {
                Ok(t) => t,
                Err(e) => {
                    *self.failed.borrow_mut() = Some(e);
                    return Err(ser::Error::custom("the input stopped"));
                }
            };
            for i in 0..table.rows() {
                seq.serialize_element(&Row(&table, i))?;
            }
            written += table.rows();
        }
        if written != self.rows {
            let why = format!("{written} rows to write, {} announced", self.rows);
            return Err(ser::Error::custom(why));
        }
        seq.end()
    }
}

/// Writes `batches` with `write` (the format's serializer into a writer).
pub(crate) fn write(
    id: &'static str,
    rows: usize,
    batches: &mut Batches<'_>,
    out: &mut (dyn std::io::Write + Send),
    write: fn(&Streamed<'_, '_>, &mut dyn std::io::Write) -> Result<(), String>,
) -> Result<(), Error> {
    let streamed = Streamed {
        rows,
        batches: RefCell::new(batches),
        failed: RefCell::new(None),
    };
    let written = write(&streamed, out);
    match (streamed.failed.into_inner(), written) {
        (Some(e), _) => Err(e),
        (None, w) => w.map_err(|e| codec(id, e)),
    }
}

thread_local! {
    /// What a streaming read on this thread sends its batches to.
    static SINK: RefCell<Option<(Schema, SyncSender<Table>)>> = const { RefCell::new(None) };
}

/// Marks a finished streaming read; the rows went through the channel.
pub(crate) struct Sent;

impl<'de> Deserialize<'de> for Sent {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (schema, tx) = SINK
            .with(|s| s.borrow_mut().take())
            .ok_or_else(|| de::Error::custom("no sink set for a streaming read"))?;
        d.deserialize_seq(SendVisitor { schema, tx })
    }
}

struct SendVisitor {
    schema: Schema,
    tx: SyncSender<Table>,
}

impl<'de> Visitor<'de> for SendVisitor {
    type Value = Sent;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence of rows")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Sent, A::Error> {
        let mut table = Table::new(self.schema.clone(), 0);
        let stopped = || de::Error::custom("the reader stopped");
        while seq
            .next_element_seed(RowSeed { table: &mut table })?
            .is_some()
        {
            if table.rows() == READ_BATCH_ROWS {
                let full = std::mem::replace(&mut table, Table::new(self.schema.clone(), 0));
                self.tx.send(full).map_err(|_| stopped())?;
            }
        }
        self.tx.send(table).map_err(|_| stopped())?;
        Ok(Sent)
    }
}

/// Reads back with `read` (the format's deserializer over a reader) on a
/// thread of its own, visiting each batch here.
pub(crate) fn read(
    id: &'static str,
    schema: &Schema,
    input: &ReadBack<'_>,
    visit: &mut Visit<'_>,
    read: fn(Box<dyn Read + '_>) -> Result<Sent, String>,
) -> Result<(), Error> {
    std::thread::scope(|s| {
        let (tx, rx) = sync_channel(2);
        let reading = s.spawn(move || {
            SINK.with(|sink| *sink.borrow_mut() = Some((schema.clone(), tx)));
            let outcome = input
                .reader()
                .map_err(|e| e.to_string())
                .and_then(|r| read(r).map(drop));
            SINK.with(|sink| sink.borrow_mut().take());
            outcome
        });
        let mut visited = Ok(());
        for table in rx {
            visited = visit(table);
            if visited.is_err() {
                break; // dropping the receiver stops the reader at its next send
            }
        }
        let read = reading
            .join()
            .unwrap_or_else(|_| Err("the reader panicked".into()));
        visited?;
        read.map_err(|e| codec(id, e))
    })
}
