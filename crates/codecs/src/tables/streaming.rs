//! What `--convert` needs beyond whole-table encode/decode: writing a file
//! from a stream of batches and reading it back a batch at a time, so
//! neither side holds more than a batch. Formats whose bytes are their
//! rows one after another (CSV after its header, JSON Lines, protobuf's
//! length-delimited rows) stream by encoding each batch and decoding
//! whole-record segments; the rest use their library's own streaming
//! writer and reader.

use crate::compression::Compressor;
use encbench_table::records::{Chunks, Framing};
use encbench_table::schema::Schema;
use encbench_table::table::Table;
use encbench_table::Error;
use std::io::{BufReader, Read};
use std::path::Path;

/// Batches of rows to write, in order.
pub type Batches<'a> = dyn Iterator<Item = Result<Table, Error>> + 'a;

/// A visitor of the batches read back.
pub type Visit<'a> = dyn FnMut(Table) -> Result<(), Error> + 'a;

/// A written file's independently readable parts (see
/// `TableCodec::read_parts`), shared by the threads that read them.
pub trait Parts: Send + Sync {
    /// How many there are.
    fn count(&self) -> usize;
    /// Reads back part `part` and appends its row hashes to `hashes`
    /// (see `Table::row_hashes`), in order.
    fn hash_rows(&self, schema: &Schema, part: usize, hashes: &mut Vec<u64>) -> Result<(), Error>;
}

/// Rows per batch read back (readers that choose their own batch size).
pub const READ_BATCH_ROWS: usize = 8192;
/// Bytes of records decoded at a time by segment readers.
const SEGMENT_BYTES: usize = 4 << 20;

/// The written file, to read back.
pub struct ReadBack<'a> {
    /// The file on disk.
    pub path: &'a Path,
    /// The compressor it went through, if any.
    pub compressor: Option<&'a dyn Compressor>,
}

impl<'a> ReadBack<'a> {
    /// The file's bytes, decompressed, as a stream.
    pub fn reader(&self) -> Result<Box<dyn Read + 'a>, Error> {
        let file = std::fs::File::open(self.path).map_err(|e| self.fail(e))?;
        let reader: Box<dyn Read + 'a> = Box::new(BufReader::with_capacity(1 << 20, file));
        Ok(match self.compressor {
            Some(c) => c.decoder(reader),
            None => reader,
        })
    }

    /// The decompressed bytes as a seekable file: the file itself, or a
    /// decompressed copy beside it, removed when dropped (and on Ctrl-C).
    pub fn file(&self) -> Result<(std::fs::File, Option<encbench_safe_write::Scratch>), Error> {
        match self.compressor {
            None => Ok((
                std::fs::File::open(self.path).map_err(|e| self.fail(e))?,
                None,
            )),
            Some(_) => {
                let mut scratch =
                    encbench_safe_write::Scratch::beside(self.path).map_err(|e| self.fail(e))?;
                std::io::copy(&mut self.reader()?, scratch.file()).map_err(|e| self.fail(e))?;
                let file = scratch.reopen().map_err(|e| self.fail(e))?;
                Ok((file, Some(scratch)))
            }
        }
    }

    fn fail(&self, e: std::io::Error) -> Error {
        Error::Write {
            path: self.path.to_path_buf(),
            why: format!("cannot read it back: {e}"),
        }
    }
}

/// Reads `input` as records framed by `framing`, decoding each segment
/// of whole records with `decode` (`prefix`, e.g. a CSV header, is put in
/// front of every segment after the first, which holds its own).
pub fn by_segments(
    input: Box<dyn Read + '_>,
    framing: Framing,
    with_header: bool,
    decode: &dyn Fn(&[u8]) -> Result<Table, Error>,
    visit: &mut Visit<'_>,
) -> Result<(), Error> {
    let mut chunks = Chunks::new(
        input,
        framing,
        SEGMENT_BYTES,
        encbench_table::input::MAX_RECORD,
    );
    let mut header: Option<Vec<u8>> = None;
    let fail = |e: encbench_table::records::ChunkError| Error::Codec {
        format: "read back",
        why: match e {
            encbench_table::records::ChunkError::Io(e) => e.to_string(),
            encbench_table::records::ChunkError::Huge(max) => format!("a record over {max} bytes"),
        },
    };
    while let Some(chunk) = chunks.next_chunk().map_err(fail)? {
        let bytes = match (&header, with_header) {
            (None, true) => {
                let first = chunk.ends.first().copied().unwrap_or(chunk.bytes.len());
                header = Some(chunk.bytes[..first].to_vec());
                chunk.bytes
            }
            (Some(h), true) => {
                let mut b = h.clone();
                b.extend_from_slice(&chunk.bytes);
                b
            }
            (_, false) => chunk.bytes,
        };
        visit(decode(&bytes)?)?;
    }
    Ok(())
}

/// A whole-table encoder.
pub type Encode<'a> = dyn Fn(&Table, &mut Vec<u8>) -> Result<(), Error> + 'a;

/// Writes each batch as `encode` writes a table, one after another: for
/// formats whose bytes are their rows in sequence (JSON Lines, protobuf).
pub fn concatenated(
    id: &'static str,
    batches: &mut Batches<'_>,
    out: &mut (dyn std::io::Write + Send),
    encode: &Encode<'_>,
) -> Result<(), Error> {
    let mut bytes = Vec::new();
    for batch in batches {
        bytes.clear();
        encode(&batch?, &mut bytes)?;
        out.write_all(&bytes).map_err(|e| Error::Codec {
            format: id,
            why: e.to_string(),
        })?;
    }
    Ok(())
}

/// Collects every batch into one table (formats without a streaming writer).
pub fn collect(schema: &Schema, batches: &mut Batches<'_>) -> Result<Table, Error> {
    let mut table = Table::new(schema.clone(), 0);
    for batch in batches {
        table.append(&batch?);
    }
    Ok(table)
}

/// Reads `input` whole and decodes it (formats without a streaming reader).
pub fn read_whole(
    input: Box<dyn Read + '_>,
    decode: &dyn Fn(&[u8]) -> Result<Table, Error>,
    visit: &mut Visit<'_>,
) -> Result<(), Error> {
    let mut bytes = Vec::new();
    let mut input = input;
    input.read_to_end(&mut bytes).map_err(|e| Error::Codec {
        format: "read back",
        why: e.to_string(),
    })?;
    visit(decode(&bytes)?)
}

/// Converts each batch here (`convert`: a table to the format's own
/// arrays) while `write` encodes the ones before on its own thread: the
/// two overlap instead of taking turns on the writing thread. At most two
/// converted batches wait between them. An input or conversion error is
/// reported before the writer's (which it may have caused).
pub fn pipelined<B: Send>(
    batches: &mut Batches<'_>,
    convert: &dyn Fn(Table) -> Result<B, Error>,
    write: impl FnOnce(&mut dyn Iterator<Item = B>) -> Result<(), Error> + Send,
) -> Result<(), Error> {
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<B>(2);
        let writer = s.spawn(move || write(&mut rx.into_iter()));
        let mut fed = Ok(());
        for batch in batches {
            match batch.and_then(convert) {
                Ok(converted) => {
                    // A closed channel: the writer stopped, and says why.
                    if tx.send(converted).is_err() {
                        break;
                    }
                }
                Err(e) => {
                    fed = Err(e);
                    break;
                }
            }
        }
        drop(tx);
        let wrote = writer.join().unwrap_or_else(|_| {
            Err(encbench_table::error::codec(
                "writer",
                "its thread panicked",
            ))
        });
        fed.and(wrote)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_table::error::codec;
    use encbench_table::testing::sample_table;

    fn tables(n: usize) -> Vec<Result<Table, Error>> {
        (0..n)
            .map(|i| {
                let mut t = sample_table();
                t.truncate_to(i % t.rows() + 1);
                Ok(t)
            })
            .collect()
    }

    #[test]
    fn every_batch_is_written_in_order() {
        let mut input = tables(50).into_iter();
        let mut sizes = Vec::new();
        pipelined(&mut input, &|t| Ok(t.rows()), |converted| {
            sizes.extend(converted);
            Ok(())
        })
        .unwrap();
        let rows = sample_table().rows();
        assert_eq!(sizes, (0..50).map(|i| i % rows + 1).collect::<Vec<_>>());
    }

    #[test]
    fn the_input_error_comes_first_and_the_writer_error_is_kept() {
        let mut input = tables(5);
        input.insert(3, Err(codec("csv", "line 9 is bad")));
        let failed = pipelined(&mut input.into_iter(), &|t| Ok(t.rows()), |converted| {
            converted.for_each(drop);
            Err(codec("parquet", "disk full"))
        });
        assert!(failed.unwrap_err().to_string().contains("line 9 is bad"));

        let mut written = 0;
        let failed = pipelined(
            &mut tables(100).into_iter(),
            &|t| Ok(t.rows()),
            |converted| {
                written += converted.take(2).count();
                Err(codec("parquet", "disk full"))
            },
        );
        assert!(failed.unwrap_err().to_string().contains("disk full"));
        assert_eq!(written, 2);
    }
}
