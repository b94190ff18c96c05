//! Files already in a binary format — Parquet, Arrow IPC (file, i.e.
//! Feather v2, or stream), Avro container files — read with their own
//! crates: the schema from the file, a sample of whole row groups
//! (Parquet) or record batches (Arrow file) spread over the file, or the
//! first batches or blocks of a stream (Arrow stream, Avro), never the
//! whole file. Columns are mapped
//! onto encbench's types; a type it has none for (decimals, binary,
//! nested lists and structs, …) is carried as its text, and the output
//! says which. A corrupt file is an error naming the file, never a panic:
//! every read of the file runs under `catch_unwind` (the parquet and arrow
//! readers are known to panic on some corrupt bytes).

use crate::arrow::{append_batch, arrow_schema};
use crate::avro_header::named;
use crate::parquet_input::{ParquetInput, Plan};
use crate::schema::{ColumnType, Field, Schema};
use crate::table::Table;
use crate::Error;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{DataType, TimeUnit};
use std::fs::File;
use std::path::Path;
use std::sync::Arc;

/// A columnar file format encbench reads as input.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Apache Parquet (`PAR1`).
    Parquet,
    /// Arrow IPC file / Feather v2 (`ARROW1`).
    ArrowFile,
    /// Arrow IPC stream (a continuation marker, then the schema message).
    ArrowStream,
    /// Avro object container file (`Obj` 1).
    Avro,
}

impl Kind {
    /// The kind `magic` (the file's first bytes) announces.
    pub fn of(magic: &[u8]) -> Option<Kind> {
        match magic {
            [b'P', b'A', b'R', b'1', ..] => Some(Kind::Parquet),
            [b'A', b'R', b'R', b'O', b'W', b'1', ..] => Some(Kind::ArrowFile),
            [0xff, 0xff, 0xff, 0xff, ..] => Some(Kind::ArrowStream),
            [b'O', b'b', b'j', 1, ..] => Some(Kind::Avro),
            _ => None,
        }
    }

    /// "Parquet", "Arrow IPC file (Feather v2)", "Arrow IPC stream".
    pub fn describe(self) -> &'static str {
        match self {
            Kind::Parquet => "Parquet",
            Kind::ArrowFile => "Arrow IPC file (Feather v2)",
            Kind::ArrowStream => "Arrow IPC stream",
            Kind::Avro => "Avro container file",
        }
    }

    /// The format as a kind of file: "Parquet file", "Arrow IPC stream".
    pub fn noun(self) -> &'static str {
        match self {
            Kind::Parquet => "Parquet file",
            other => other.describe(),
        }
    }

    /// The candidate that writes this format.
    pub fn candidate(self) -> &'static str {
        match self {
            Kind::Parquet => "parquet",
            Kind::ArrowFile | Kind::ArrowStream => "arrow",
            Kind::Avro => "avro",
        }
    }
}

/// What was read from a columnar file.
pub struct Read {
    /// The sampled rows, typed.
    pub table: Table,
    /// Rows in the file (exact for Parquet and Arrow files, else estimated).
    pub rows: usize,
    /// Whether `rows` is exact.
    pub rows_exact: bool,
    /// Whether the table holds every row.
    pub whole: bool,
    /// Columns carried as text, with their type in the file.
    pub as_text: Vec<(String, String)>,
    /// Row groups or batches read, of how many (0: unknown, a stream).
    pub parts: (usize, usize),
    /// Bytes of the file the sampled rows take (what MB/s are of).
    pub sample_bytes: u64,
    /// How the file was written, as far as its metadata says.
    pub written: Written,
    /// Each column's type in the file, in its format's words.
    pub input_types: Vec<String>,
}

/// How a columnar file was written, as far as its metadata records it:
/// what its `original` row writes the sample with when the file is too
/// large to measure as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Written {
    /// Its compression, named as encbench names compressors (`zstd`,
    /// `snappy`, `gzip-6`, `lz4`): the level only where the file records
    /// it; `None` when uncompressed.
    pub compression: Option<String>,
    /// Rows in its first row group (Parquet) or batch (Arrow).
    pub group_rows: Option<usize>,
    /// Whether its columns are dictionary-encoded (Parquet).
    pub dictionary: Option<bool>,
}

impl Written {
    /// "zstd, row groups of 122880 rows, dictionary encoding": for notes.
    pub fn describe(&self) -> String {
        let mut parts = vec![self
            .compression
            .clone()
            .unwrap_or_else(|| "uncompressed".into())];
        if let Some(rows) = self.group_rows {
            parts.push(format!("row groups of {rows} rows"));
        }
        match self.dictionary {
            Some(true) => parts.push("dictionary encoding".into()),
            Some(false) => parts.push("no dictionary encoding".into()),
            None => {}
        }
        parts.join(", ")
    }
}

/// A Parquet file's settings, from its footer: the first column chunk's
/// codec (writers use one for every column), the first row group's rows,
/// and whether any chunk is dictionary-encoded.
fn parquet_written(meta: &parquet::file::metadata::ParquetMetaData) -> Written {
    use parquet::basic::{Compression as C, Encoding};
    let Some(first) = meta.row_groups().first() else {
        return Written::default();
    };
    let compression = first.columns().first().and_then(|c| match c.compression() {
        C::UNCOMPRESSED => None,
        C::SNAPPY => Some("snappy".to_string()),
        C::GZIP(_) => Some("gzip".to_string()),
        C::LZ4 | C::LZ4_RAW => Some("lz4".to_string()),
        C::ZSTD(_) => Some("zstd".to_string()),
        C::BROTLI(_) => Some("brotli".to_string()),
        C::LZO => Some("lzo".to_string()),
    });
    let dictionary = first.columns().iter().any(|c| {
        c.encodings()
            .any(|e| matches!(e, Encoding::RLE_DICTIONARY | Encoding::PLAIN_DICTIONARY))
    });
    Written {
        compression,
        group_rows: usize::try_from(first.num_rows()).ok(),
        dictionary: Some(dictionary),
    }
}

/// An Arrow IPC file's or stream's settings, from its first record batch:
/// its buffer compression (`lz4`, `zstd`; the level is not recorded).
/// A file's footer says where that batch is (writers may pad before the
/// first message); a stream is read from its head, message by message,
/// bodies skipped, at most a few MiB of metadata.
fn arrow_written(path: &Path, kind: Kind) -> Written {
    use std::io::{Read as _, Seek, SeekFrom};
    let first_batch = || -> Option<Written> {
        let mut file = std::io::BufReader::new(File::open(path).ok()?);
        let start = match kind {
            Kind::ArrowFile => {
                // The footer: its flatbuffer, its length, then "ARROW1".
                let mut tail = [0u8; 10];
                let end = file.seek(SeekFrom::End(-10)).ok()?;
                file.read_exact(&mut tail).ok()?;
                let len = u64::try_from(i32::from_le_bytes(tail[..4].try_into().ok()?)).ok()?;
                if len > end.min(16 << 20) {
                    return None;
                }
                let mut footer = vec![0u8; len as usize];
                file.seek(SeekFrom::Start(end - len)).ok()?;
                file.read_exact(&mut footer).ok()?;
                let footer = arrow_ipc::root_as_footer(&footer).ok()?;
                u64::try_from(footer.recordBatches()?.iter().next()?.offset()).ok()?
            }
            _ => 0,
        };
        file.seek(SeekFrom::Start(start)).ok()?;
        // Schema and dictionary messages come first; give up after a few.
        for _ in 0..64 {
            let mut word = [0u8; 4];
            file.read_exact(&mut word).ok()?;
            // A continuation marker precedes the length since format 0.15.
            if word == [0xff; 4] {
                file.read_exact(&mut word).ok()?;
            }
            let len = usize::try_from(i32::from_le_bytes(word)).ok()?;
            if len == 0 || len > 16 << 20 {
                return None;
            }
            let mut meta = vec![0u8; len];
            file.read_exact(&mut meta).ok()?;
            let message = arrow_ipc::root_as_message(&meta).ok()?;
            if let Some(batch) = message.header_as_record_batch() {
                let compression = batch.compression().and_then(|c| match c.codec() {
                    arrow_ipc::CompressionType::LZ4_FRAME => Some("lz4".to_string()),
                    arrow_ipc::CompressionType::ZSTD => Some("zstd".to_string()),
                    _ => None,
                });
                return Some(Written {
                    compression,
                    group_rows: None,
                    dictionary: None,
                });
            }
            file.seek(SeekFrom::Current(message.bodyLength())).ok()?;
        }
        None
    };
    first_batch().unwrap_or_default()
}

/// An Avro container's codec, from its header's `avro.codec` entry.
fn avro_written(codec: Option<&str>) -> Written {
    let compression = match codec {
        None | Some("null") => None,
        Some("deflate") => Some("gzip".to_string()),
        Some("zstandard") => Some("zstd".to_string()),
        Some(other) => Some(other.to_string()),
    };
    Written {
        compression,
        ..Written::default()
    }
}

/// The columnar format `path` is in, from its first bytes (`None` for
/// anything else, or a file that cannot be read: opening it as text
/// reports that).
pub fn sniff(path: &Path) -> Option<Kind> {
    let mut magic = [0u8; 8];
    let mut file = File::open(path).ok()?;
    let n = crate::records::read_full(&mut file, &mut magic).ok()?;
    Kind::of(&magic[..n])
}

/// Reads a sample of about `limit` bytes (uncompressed) of `path`'s rows.
pub fn read(path: &Path, kind: Kind, limit: u64) -> Result<Read, Error> {
    let corrupt = |why: String| Error::Corrupt {
        path: path.to_path_buf(),
        what: kind.noun(),
        why,
    };
    let caught = quietly(|| match kind {
        Kind::Parquet => read_parquet(path, limit),
        Kind::ArrowFile => read_arrow_file(path, limit),
        Kind::ArrowStream => read_arrow_stream(path, limit),
        Kind::Avro => read_avro(path, limit),
    });
    match caught {
        Ok(Ok(read)) => Ok(read),
        Ok(Err(Failed::Bad(why))) => Err(corrupt(why)),
        Ok(Err(Failed::TooBig(need))) => Err(Error::OutOfMemory {
            path: path.to_path_buf(),
            what: "its smallest readable sample (whole row groups or batches), typed and encoded",
            need: need as usize,
            hint: "the file's row groups or batches are larger than this machine can hold at once; rewrite it with smaller ones",
        }),
        Err(panic) => Err(corrupt(format!(
            "the reader failed on corrupt bytes ({panic})"
        ))),
    }
}

/// Why a read stopped: bytes its reader refused, or a sample whose
/// working set would not fit in memory (`need` bytes).
enum Failed {
    Bad(String),
    TooBig(u64),
}

impl From<String> for Failed {
    fn from(why: String) -> Failed {
        Failed::Bad(why)
    }
}

/// Whether `sample` bytes of row groups or batches can be held, with their
/// table and encodings, in `available` memory: a file of one 5 GB row
/// group cannot be sampled smaller than that group.
fn fits(sample: u64, available: Option<u64>) -> Result<(), Failed> {
    let need = sample.saturating_mul(crate::memory::SAMPLE_MEMORY_FACTOR);
    match available {
        Some(free) if need > free => Err(Failed::TooBig(need)),
        _ => Ok(()),
    }
}

/// Runs `f`, turning a panic into its message, with the panic hook
/// silenced meanwhile: the user sees our error, not a library's panic.
pub fn quietly<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    std::panic::set_hook(hook);
    outcome.map_err(|panic| panic_text(&panic))
}

/// A caught panic's message.
pub fn panic_text(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "a panic".into())
}

/// Evenly spread indices of `count` parts, as many as `fit` allows (≥ 1).
fn spread(count: usize, fit: usize) -> Vec<usize> {
    let take = fit.clamp(1, count.max(1)).min(count);
    (0..take).map(|i| i * count / take).collect()
}

/// Bytes a decoded batch takes in memory: what the sample limit counts,
/// as it counts a text file's decompressed text (a few MB of zstd on disk
/// can hold a hundred MB of rows).
fn decoded_bytes(batch: &RecordBatch) -> u64 {
    batch.get_array_memory_size() as u64
}

/// Bytes the typed rows of `table` take (an Avro sample's decoded size).
fn table_bytes(table: &Table) -> u64 {
    use crate::table::Values;
    let values: usize = table
        .columns
        .iter()
        .map(|c| {
            c.valid.len()
                + match &c.values {
                    Values::Int(v) => v.len() * 8,
                    Values::Float(v) => v.len() * 8,
                    Values::Bool(v) => v.len(),
                    Values::Str(v) => {
                        let (text, ends) = v.parts();
                        text.len() + ends.len() * 8
                    }
                }
        })
        .sum();
    values as u64
}

/// The decoded batches of a sample, up to its limit: a batch past what is
/// left is cut to its first rows (at least one), and the sample is full.
#[derive(Default)]
struct Decoded {
    batches: Vec<RecordBatch>,
    /// Bytes of them decoded (as `decoded_bytes` counts).
    bytes: u64,
    /// Rows in the batches read, before any cut.
    seen_rows: usize,
    /// Whether a batch was cut short.
    cut: bool,
}

impl Decoded {
    /// Takes `batch`, or as much of it as `limit` leaves room for;
    /// whether the sample is now full.
    fn take(&mut self, batch: RecordBatch, limit: u64) -> bool {
        let rows = batch.num_rows();
        let size = decoded_bytes(&batch);
        self.seen_rows += rows;
        let room = limit.saturating_sub(self.bytes);
        if size > room && rows > 1 {
            let keep = ((room as f64 / size as f64) * rows as f64) as usize;
            let keep = keep.clamp(1, rows);
            self.cut = keep < rows;
            self.bytes += size * keep as u64 / rows as u64;
            self.batches.push(batch.slice(0, keep));
        } else {
            self.bytes += size;
            self.batches.push(batch);
        }
        self.bytes >= limit
    }

    /// Of the rows read, the share kept.
    fn kept_share(&self) -> f64 {
        let kept: usize = self.batches.iter().map(RecordBatch::num_rows).sum();
        kept as f64 / self.seen_rows.max(1) as f64
    }
}

fn read_parquet(path: &Path, limit: u64) -> Result<Read, Failed> {
    let input = parquet_file(path)?;
    let meta = input.metadata().clone();
    let groups = meta.num_row_groups();
    let rows: usize = meta
        .row_groups()
        .iter()
        .map(|g| g.num_rows() as usize)
        .sum();
    // A group's size decoded: its rows at the decoded bytes a row of the
    // first group's head takes, or its uncompressed size when larger
    // (dictionary and run-length encoding shrink repetitive columns far
    // below their decoded size).
    let per_row = parquet_row_bytes(&input, &meta)?;
    let sizes: Vec<u64> = meta
        .row_groups()
        .iter()
        .map(|g| {
            let decoded = (g.num_rows().max(0) as f64 * per_row) as u64;
            decoded.max(g.total_byte_size().max(1) as u64)
        })
        .collect();
    let mean = sizes.iter().sum::<u64>() / groups.max(1) as u64;
    let chosen = spread(groups, (limit / mean.max(1)) as usize);
    let chosen_rows: usize = chosen
        .iter()
        .map(|&g| meta.row_group(g).num_rows().max(0) as usize)
        .sum();
    let chosen_bytes: u64 = chosen.iter().map(|&g| sizes[g]).sum();
    let on_disk = |g: usize| meta.row_group(g).compressed_size().max(0) as u64;
    let chosen_on_disk: u64 = chosen.iter().map(|&g| on_disk(g)).sum();
    // A row group larger than the sample (pyarrow writes 1 Mi rows to a
    // group, Spark 128 MB): evenly spread runs of its rows, as a text
    // file is sampled, never the whole group.
    let take = match chosen_bytes > limit && chosen_rows > 1 {
        true => ((limit as f64 / chosen_bytes as f64) * chosen_rows as f64).ceil() as usize,
        false => chosen_rows,
    }
    .clamp(1.min(chosen_rows), chosen_rows.max(1));
    fits(
        chosen_bytes.min(limit).max(chosen_on_disk),
        crate::memory::available(),
    )?;
    let mut plan = Plan {
        row_groups: Some(chosen.clone()),
        ..Plan::default()
    };
    if take < chosen_rows {
        let runs = take.min(SAMPLE_RUNS);
        let per = take / runs;
        let ranges = (0..runs).map(|i| {
            let start = i * chosen_rows / runs;
            start..(start + per).min(chosen_rows)
        });
        plan.selection = Some(
            parquet::arrow::arrow_reader::RowSelection::from_consecutive_ranges(
                ranges,
                chosen_rows,
            ),
        );
    }
    // The estimate bounds what is planned; the decoded size, what is held.
    let mut decoded = Decoded::default();
    for batch in input.batches(&plan)? {
        if decoded.take(batch?, limit) {
            break;
        }
    }
    let (table, mapping) = mapped(input.fields(), &decoded.batches)?;
    drop(decoded);
    let whole = chosen.len() == groups && table.rows() == rows;
    Ok(Read {
        written: parquet_written(&meta),
        input_types: mapping.input_types.clone(),
        whole,
        rows,
        rows_exact: true,
        as_text: mapping.as_text,
        parts: (chosen.len(), groups),
        sample_bytes: chosen_on_disk * table.rows() as u64 / chosen_rows.max(1) as u64,
        table,
    })
}

/// Decoded bytes a row takes, from up to `PROBE_ROWS` rows at the head
/// of the first row group.
fn parquet_row_bytes(
    input: &ParquetInput<File>,
    meta: &parquet::file::metadata::ParquetMetaData,
) -> Result<f64, Failed> {
    const PROBE_ROWS: usize = 1024;
    let Some(first) = meta.row_groups().first() else {
        return Ok(0.0);
    };
    let rows = (first.num_rows().max(0) as usize).min(PROBE_ROWS);
    if rows == 0 {
        return Ok(0.0);
    }
    let plan = Plan {
        row_groups: Some(vec![0]),
        selection: Some(
            parquet::arrow::arrow_reader::RowSelection::from_consecutive_ranges(
                std::iter::once(0..rows),
                first.num_rows().max(0) as usize,
            ),
        ),
        batch_size: Some(rows),
    };
    let (mut bytes, mut read) = (0u64, 0usize);
    for batch in input.batches(&plan)? {
        let batch = batch?;
        bytes += decoded_bytes(&batch);
        read += batch.num_rows();
    }
    Ok(bytes as f64 / read.max(1) as f64)
}

/// A Parquet file on disk, opened afresh for each pass over it.
fn parquet_file(path: &Path) -> Result<ParquetInput<File>, String> {
    let path = path.to_path_buf();
    ParquetInput::open(move || File::open(&path).map_err(|e| e.to_string()))
}

fn read_arrow_file(path: &Path, limit: u64) -> Result<Read, Failed> {
    let file = File::open(path).map_err(|e| e.to_string())?;
    let size = file.metadata().map_err(|e| e.to_string())?.len();
    let mut reader =
        arrow_ipc::reader::FileReader::try_new(file, None).map_err(|e| e.to_string())?;
    let batches = reader.num_batches();
    // A batch's decoded size, from the first (compressed buffers make the
    // file's share of a batch no measure of it).
    let first = reader.next().transpose().map_err(|e| e.to_string())?;
    let on_disk = size / batches.max(1) as u64;
    let mean = first.as_ref().map_or(0, decoded_bytes).max(on_disk).max(1);
    let chosen = spread(batches, (limit / mean) as usize);
    fits(
        (mean * chosen.len() as u64).min(limit).max(mean),
        crate::memory::available(),
    )?;
    let mut decoded = Decoded::default();
    let mut read = 0usize;
    let mut first = first;
    for &i in &chosen {
        let batch = match (i, first.take()) {
            (0, Some(batch)) => Some(Ok(batch)),
            _ => {
                reader.set_index(i).map_err(|e| e.to_string())?;
                reader.next()
            }
        };
        let Some(batch) = batch else { continue };
        read += 1;
        if decoded.take(batch.map_err(|e| e.to_string())?, limit) {
            break;
        }
    }
    let share = decoded.kept_share();
    let (seen, cut) = (decoded.seen_rows, decoded.cut);
    let (table, mapping) = mapped(reader.schema().fields(), &decoded.batches)?;
    drop(decoded);
    let whole = read == batches && !cut;
    let rows = match whole {
        true => table.rows(),
        false => seen * batches / read.max(1),
    };
    Ok(Read {
        written: arrow_written(path, Kind::ArrowFile),
        input_types: mapping.input_types.clone(),
        table,
        rows,
        rows_exact: whole,
        whole,
        as_text: mapping.as_text,
        parts: (read, batches),
        sample_bytes: (size as f64 * read as f64 / batches.max(1) as f64 * share) as u64,
    })
}

/// A file read from its head (no index to seek by): the reader over it,
/// counting the bytes taken, and the file's size.
struct Head {
    size: u64,
    consumed: std::rc::Rc<std::cell::Cell<u64>>,
}

impl Head {
    fn open(path: &Path) -> Result<(Head, Counted<std::io::BufReader<File>>), Failed> {
        let file = File::open(path).map_err(|e| e.to_string())?;
        let size = file.metadata().map_err(|e| e.to_string())?.len();
        let consumed = std::rc::Rc::new(std::cell::Cell::new(0u64));
        let counted = Counted {
            inner: std::io::BufReader::new(file),
            read: consumed.clone(),
        };
        Ok((Head { size, consumed }, counted))
    }

    /// The read's figures: every row when the reader `ended` and every row
    /// read was kept, else a row count estimated from the share of the
    /// file read (`seen` rows, of which the table kept `table.rows()`).
    fn finish(
        &self,
        table: Table,
        as_text: Vec<(String, String)>,
        parts: usize,
        (seen, ended): (usize, bool),
    ) -> Read {
        let whole = ended && seen == table.rows();
        let read = self.consumed.get().clamp(1, self.size.max(1));
        let rows = match whole {
            true => table.rows(),
            false => (seen as f64 * self.size as f64 / read as f64) as usize,
        };
        let share = table.rows() as f64 / seen.max(1) as f64;
        Read {
            table,
            rows,
            rows_exact: whole,
            whole,
            as_text,
            parts: (parts, if whole { parts } else { 0 }),
            sample_bytes: (read as f64 * share) as u64,
            written: Written::default(),
            input_types: Vec::new(),
        }
    }
}

fn read_arrow_stream(path: &Path, limit: u64) -> Result<Read, Failed> {
    let (head, counted) = Head::open(path)?;
    let reader =
        arrow_ipc::reader::StreamReader::try_new(counted, None).map_err(|e| e.to_string())?;
    let fields = reader.schema().fields().clone();
    // The first batches up to the limit, decoded.
    let mut decoded = Decoded::default();
    let mut ended = true;
    for batch in reader {
        if decoded.take(batch.map_err(|e| e.to_string())?, limit) {
            ended = false;
            break;
        }
    }
    let (taken, seen) = (decoded.batches.len(), decoded.seen_rows);
    let (table, mapping) = mapped(&fields, &decoded.batches)?;
    drop(decoded);
    let input_types = mapping.input_types.clone();
    let mut read = head.finish(table, mapping.as_text, taken, (seen, ended));
    read.input_types = input_types;
    read.written = arrow_written(path, Kind::ArrowStream);
    Ok(read)
}

fn read_avro(path: &Path, limit: u64) -> Result<Read, Failed> {
    let (head, counted) = Head::open(path)?;
    let reader = apache_avro::Reader::new(named(counted).map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    let avro = AvroMapping::of(reader.writer_schema())?;
    let mut table = Table::new(avro.schema.clone(), 0);
    // The first records up to the limit, decoded (a block of records
    // compressed on disk is many times its size in rows).
    let mut ended = true;
    for (r, record) in reader.enumerate() {
        avro.push(&mut table, record.map_err(|e| e.to_string())?, r)?;
        if table_bytes(&table) >= limit {
            ended = false;
            break;
        }
    }
    let input_types = avro.input_types.clone();
    let seen = table.rows();
    let mut read = head.finish(table, avro.as_text, 0, (seen, ended));
    read.input_types = input_types;
    let mut header = Vec::new();
    File::open(path)
        .and_then(|f| std::io::Read::read_to_end(&mut std::io::Read::take(f, 1 << 20), &mut header))
        .map_err(|e| e.to_string())?;
    let codec = crate::avro_header::parse(&header).and_then(|h| {
        h.get("avro.codec")
            .map(|c| String::from_utf8_lossy(c).into_owned())
    });
    read.written = avro_written(codec.as_deref());
    Ok(read)
}

/// How an Avro record schema's fields become encbench's columns.
struct AvroMapping {
    schema: Schema,
    /// Per field: its Avro type, as the schema writes it.
    input_types: Vec<String>,
    /// Per field: carried as text (its JSON form).
    text: Vec<bool>,
    /// Per field: the scale of a decimal wider than 38 digits, carried as
    /// its decimal text.
    wide_scale: Vec<Option<u8>>,
    as_text: Vec<(String, String)>,
}

impl AvroMapping {
    fn of(schema: &apache_avro::Schema) -> Result<AvroMapping, String> {
        use apache_avro::Schema as S;
        let S::Record(record) = schema else {
            return Err("the file's schema is not a record".into());
        };
        let mut out = AvroMapping {
            schema: Schema { fields: Vec::new() },
            input_types: Vec::new(),
            text: Vec::new(),
            wide_scale: Vec::new(),
            as_text: Vec::new(),
        };
        for field in &record.fields {
            // A union with null is a nullable value of its other branch.
            let inner = match &field.schema {
                S::Union(u) => match u.variants() {
                    [S::Null, x] | [x, S::Null] => x,
                    _ => &field.schema,
                },
                other => other,
            };
            let ty = match inner {
                // Avro's `"null"` type: text whose every value is null.
                S::Null => Some(ColumnType::String),
                S::Int => Some(ColumnType::Int32),
                S::Long => Some(ColumnType::Int64),
                S::Float => Some(ColumnType::Float32),
                S::Double => Some(ColumnType::Float64),
                S::Boolean => Some(ColumnType::Bool),
                S::String => Some(ColumnType::String),
                // An enum's symbols are a dictionary.
                S::Enum(_) => Some(ColumnType::Dictionary),
                S::Date => Some(ColumnType::Date),
                S::TimestampMillis
                | S::TimestampMicros
                | S::LocalTimestampMillis
                | S::LocalTimestampMicros => Some(ColumnType::Timestamp),
                S::TimeMillis | S::TimeMicros => Some(ColumnType::Time),
                S::Bytes | S::Fixed(_) => Some(ColumnType::Binary),
                S::Uuid(_) => Some(ColumnType::Uuid),
                S::Decimal(d) if d.precision <= 38 && d.scale <= d.precision => {
                    Some(ColumnType::Decimal)
                }
                _ => None,
            };
            // Arrays, maps and records become nested columns, as JSON inputs do.
            let shape = ty
                .is_none()
                .then(|| crate::nested_avro::shape_of(inner))
                .flatten();
            // A field that cannot be null stays required.
            let nullable = match &field.schema {
                S::Union(u) => u.variants().iter().any(|v| matches!(v, S::Null)),
                other => matches!(other, S::Null),
            };
            let mut column = Field::new(
                field.name.clone(),
                ty.unwrap_or(ColumnType::String),
                nullable,
            );
            match (&shape, ty) {
                (Some(shape), _) => {
                    column.ty = ColumnType::Json;
                    column.shape = Some(shape.clone());
                }
                (None, None) => {
                    let shown = serde_json::to_string(inner).unwrap_or_else(|_| "?".into());
                    out.as_text.push((field.name.clone(), shown));
                }
                // Avro's timestamps are instants; its local timestamps are
                // wall-clock times without a zone.
                (None, Some(ColumnType::Timestamp)) => {
                    if matches!(inner, S::TimestampMillis | S::TimestampMicros) {
                        column.tz = Some("UTC".into());
                    }
                }
                (None, Some(ColumnType::Decimal)) => {
                    if let S::Decimal(d) = inner {
                        column.decimal = Some((d.precision as u8, d.scale as u8));
                    }
                }
                (None, Some(ColumnType::Binary)) => {
                    if let S::Fixed(f) = inner {
                        column.width = u32::try_from(f.size).ok().filter(|&n| n > 0);
                    }
                }
                _ => {}
            }
            out.text.push(ty.is_none());
            out.wide_scale.push(match (inner, ty) {
                (S::Decimal(d), None) => u8::try_from(d.scale).ok(),
                _ => None,
            });
            out.schema.fields.push(column);
            out.input_types
                .push(serde_json::to_string(&field.schema).unwrap_or_else(|_| "?".into()));
        }
        Ok(out)
    }

    fn push(
        &self,
        table: &mut Table,
        record: apache_avro::types::Value,
        r: usize,
    ) -> Result<(), String> {
        use crate::table::Cell;
        use apache_avro::types::Value as V;
        let V::Record(fields) = record else {
            return Err(format!("record {}: not a record", r + 1));
        };
        let mut texts: Vec<Option<String>> = Vec::with_capacity(fields.len());
        let mut values = Vec::with_capacity(fields.len());
        for ((((_, value), text), field), wide_scale) in fields
            .into_iter()
            .zip(&self.text)
            .zip(&self.schema.fields)
            .zip(&self.wide_scale)
        {
            let value = match value {
                V::Union(_, inner) => *inner,
                v => v,
            };
            texts.push(match (text, &value) {
                (_, V::Null) => None,
                // Nested values are held in their canonical form.
                (true, _) if field.shape.is_some() => {
                    let shape = field.shape.as_ref().unwrap_or(&crate::nested::Shape::Mixed);
                    let json = crate::nested_avro::to_json(shape, &value)
                        .map_err(|e| format!("record {}: {e}", r + 1))?;
                    Some(crate::nested::canonical(&json.to_string())?.0)
                }
                (true, V::Decimal(d)) if wide_scale.is_some() => {
                    let unscaled = num_bigint::BigInt::from(d.clone());
                    Some(crate::values::scaled_text(
                        unscaled.sign() == num_bigint::Sign::Minus,
                        &unscaled.magnitude().to_string(),
                        wide_scale.unwrap_or_default(),
                    ))
                }
                (true, _) => Some(avro_text(&value)),
                (false, V::Enum(_, s)) => Some(s.clone()),
                (false, V::Bytes(b) | V::Fixed(_, b)) => Some(crate::values::hex_text(b)),
                (false, V::Uuid(u)) => Some(u.hyphenated().to_string()),
                (false, V::Decimal(d)) => {
                    let scale = field.decimal.map_or(0, |(_, s)| s);
                    let unscaled = crate::values::avro_decimal(d)
                        .ok_or_else(|| format!("record {}: a decimal over 128 bits", r + 1))?;
                    Some(crate::values::decimal_text(unscaled, scale))
                }
                _ => None,
            });
            values.push(value);
        }
        let cells: Vec<Cell<'_>> = values
            .iter()
            .zip(&texts)
            .map(|(v, text)| match (text, v) {
                (Some(t), _) => Cell::Str(t),
                (None, V::Int(x) | V::Date(x)) => Cell::Int(i64::from(*x)),
                (
                    None,
                    V::Long(x)
                    | V::TimestampMicros(x)
                    | V::LocalTimestampMicros(x)
                    | V::TimeMicros(x),
                ) => Cell::Int(*x),
                (None, V::TimeMillis(x)) => Cell::Int(i64::from(*x) * 1000),
                (None, V::TimestampMillis(x) | V::LocalTimestampMillis(x)) => {
                    Cell::Int(x.saturating_mul(1000))
                }
                (None, V::Float(x)) => Cell::Float(f64::from(*x)),
                (None, V::Double(x)) => Cell::Float(*x),
                (None, V::Boolean(x)) => Cell::Bool(*x),
                (None, V::String(x)) => Cell::Str(x),
                _ => Cell::Null,
            })
            .collect();
        table
            .push_row(&cells)
            .map_err(|e| format!("record {}: {e}", r + 1))
    }
}

/// A reader that counts the bytes taken from it.
struct Counted<R> {
    inner: R,
    read: std::rc::Rc<std::cell::Cell<u64>>,
}

impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.set(self.read.get() + n as u64);
        Ok(n)
    }
}

/// Runs of rows a sample of one large Parquet row group is drawn as.
const SAMPLE_RUNS: usize = 16;

/// Rows per batch when a columnar file is read whole (`each_batch`).
const STREAM_BATCH_ROWS: usize = 8192;

/// A columnar file's schema as encbench maps it, and its row count where
/// the file records it (Parquet, Arrow files; `None` for Arrow streams and
/// Avro, which must be read to be counted).
pub fn schema(path: &Path, kind: Kind) -> Result<(Schema, Option<usize>), Error> {
    let corrupt = |why: String| Error::Corrupt {
        path: path.to_path_buf(),
        what: kind.noun(),
        why,
    };
    let caught = quietly(|| -> Result<(Schema, Option<usize>), String> {
        let text = &texted(path, kind)?;
        let open = || File::open(path).map_err(|e| e.to_string());
        match kind {
            Kind::Parquet => {
                let input = parquet_file(path)?;
                let rows = input.metadata().file_metadata().num_rows();
                let mapping = Mapping::of(input.fields(), text)?;
                Ok((mapping.schema, usize::try_from(rows).ok()))
            }
            Kind::ArrowFile => {
                let reader = arrow_ipc::reader::FileReader::try_new(open()?, None)
                    .map_err(|e| e.to_string())?;
                let mapping = Mapping::of(reader.schema().fields(), text)?;
                Ok((mapping.schema, None))
            }
            Kind::ArrowStream => {
                let reader = arrow_ipc::reader::StreamReader::try_new(
                    std::io::BufReader::new(open()?),
                    None,
                )
                .map_err(|e| e.to_string())?;
                Ok((Mapping::of(reader.schema().fields(), text)?.schema, None))
            }
            Kind::Avro => {
                let reader = apache_avro::Reader::new(
                    named(std::io::BufReader::new(open()?)).map_err(|e| e.to_string())?,
                )
                .map_err(|e| e.to_string())?;
                Ok((AvroMapping::of(reader.writer_schema())?.schema, None))
            }
        }
    });
    caught
        .unwrap_or_else(|panic| Err(format!("the reader failed on corrupt bytes ({panic})")))
        .map_err(corrupt)
}

/// Every row of a columnar file in order, a bounded batch at a time
/// (Parquet row group by row group, Arrow batch by batch, Avro block by
/// block), mapped as [`read`] maps a sample: what `--convert` writes from.
/// `visit` hears each batch and the bytes of the file read so far; its
/// own error stops the read and is returned as it is.
pub fn each_batch(
    path: &Path,
    kind: Kind,
    visit: &mut dyn FnMut(Table, u64) -> Result<(), Error>,
) -> Result<(), Error> {
    let corrupt = |why: String| Error::Corrupt {
        path: path.to_path_buf(),
        what: kind.noun(),
        why,
    };
    // The visitor's own error, kept apart from the reader's.
    let mut stopped: Option<Error> = None;
    let caught = quietly(|| -> Result<(), String> {
        let mut hand = |table: Table, at: u64| -> Result<(), String> {
            visit(table, at).map_err(|e| {
                stopped = Some(e);
                "stopped".to_string()
            })
        };
        let text = &texted(path, kind)?;
        let (head, counted) = Head::open(path).map_err(|f| match f {
            Failed::Bad(why) => why,
            Failed::TooBig(_) => "too big".to_string(),
        })?;
        match kind {
            Kind::Parquet => {
                let input = parquet_file(path)?;
                let meta = input.metadata().clone();
                let mapping = Mapping::of(input.fields(), text)?;
                let reader = input.batches(&Plan {
                    batch_size: Some(STREAM_BATCH_ROWS),
                    ..Plan::default()
                })?;
                // Bytes read: the row groups whose rows have all come.
                let (mut rows, mut group, mut at) = (0i64, 0usize, 0u64);
                for batch in reader {
                    let batch = batch?;
                    rows += batch.num_rows() as i64;
                    while group < meta.num_row_groups() && rows >= meta.row_group(group).num_rows()
                    {
                        rows -= meta.row_group(group).num_rows();
                        at += meta.row_group(group).compressed_size().max(0) as u64;
                        group += 1;
                    }
                    let mut table = Table::new(mapping.schema.clone(), batch.num_rows());
                    mapping.append(&mut table, &batch)?;
                    hand(table, at)?;
                }
                Ok(())
            }
            Kind::ArrowFile | Kind::ArrowStream => {
                // Bytes read: a stream counts them; a file's batches are
                // taken as equal shares of it.
                let (batches, count): (
                    Box<dyn Iterator<Item = Result<RecordBatch, arrow_schema::ArrowError>>>,
                    usize,
                ) = match kind {
                    Kind::ArrowFile => {
                        let reader = arrow_ipc::reader::FileReader::try_new(
                            File::open(path).map_err(|e| e.to_string())?,
                            None,
                        )
                        .map_err(|e| e.to_string())?;
                        let count = reader.num_batches();
                        (Box::new(reader), count)
                    }
                    _ => (
                        Box::new(
                            arrow_ipc::reader::StreamReader::try_new(counted, None)
                                .map_err(|e| e.to_string())?,
                        ),
                        0,
                    ),
                };
                let mut mapping: Option<Mapping> = None;
                let (mut done, total) = (0usize, head.size);
                for batch in batches {
                    let batch = batch.map_err(|e| e.to_string())?;
                    let mapping = match &mut mapping {
                        Some(m) => m,
                        None => mapping.insert(Mapping::of(batch.schema().fields(), text)?),
                    };
                    let mut table = Table::new(mapping.schema.clone(), batch.num_rows());
                    mapping.append(&mut table, &batch)?;
                    done += 1;
                    let at = match kind {
                        Kind::ArrowStream => head.consumed.get(),
                        _ => total * done as u64 / count.max(1) as u64,
                    };
                    hand(table, at)?;
                }
                Ok(())
            }
            Kind::Avro => {
                let reader = apache_avro::Reader::new(named(counted).map_err(|e| e.to_string())?)
                    .map_err(|e| e.to_string())?;
                let avro = AvroMapping::of(reader.writer_schema())?;
                let mut table = Table::new(avro.schema.clone(), STREAM_BATCH_ROWS);
                for (r, record) in reader.enumerate() {
                    avro.push(&mut table, record.map_err(|e| e.to_string())?, r)?;
                    if table.rows() == STREAM_BATCH_ROWS {
                        let full = std::mem::replace(
                            &mut table,
                            Table::new(avro.schema.clone(), STREAM_BATCH_ROWS),
                        );
                        hand(full, head.consumed.get())?;
                    }
                }
                if table.rows() > 0 {
                    hand(table, head.consumed.get())?;
                }
                Ok(())
            }
        }
    });
    if let Some(e) = stopped {
        return Err(e);
    }
    caught
        .unwrap_or_else(|panic| Err(format!("the reader failed on corrupt bytes ({panic})")))
        .map_err(corrupt)
}

/// Every row of a whole file held in memory (`bytes`), mapped as [`read`]
/// maps a sample: how the `original` row of a columnar input decodes.
pub fn decode(kind: Kind, bytes: &[u8]) -> Result<Table, String> {
    let caught = quietly(|| -> Result<Table, String> {
        let err = |e: &dyn std::fmt::Display| e.to_string();
        let batches: Vec<RecordBatch> = match kind {
            Kind::Parquet => {
                let bytes = bytes::Bytes::copy_from_slice(bytes);
                ParquetInput::open(move || Ok(bytes.clone()))?
                    .batches(&Plan::default())?
                    .collect::<Result<_, _>>()?
            }
            Kind::ArrowFile => {
                arrow_ipc::reader::FileReader::try_new(std::io::Cursor::new(bytes), None)
                    .map_err(|e| err(&e))?
                    .collect::<Result<_, _>>()
                    .map_err(|e| err(&e))?
            }
            Kind::ArrowStream => arrow_ipc::reader::StreamReader::try_new(bytes, None)
                .map_err(|e| err(&e))?
                .collect::<Result<_, _>>()
                .map_err(|e| err(&e))?,
            Kind::Avro => {
                let reader = apache_avro::Reader::new(named(bytes).map_err(|e| err(&e))?)
                    .map_err(|e| err(&e))?;
                let avro = AvroMapping::of(reader.writer_schema())?;
                let mut table = Table::new(avro.schema.clone(), 0);
                for (r, record) in reader.enumerate() {
                    avro.push(&mut table, record.map_err(|e| err(&e))?, r)?;
                }
                return Ok(table);
            }
        };
        tabled(&batches).map(|(table, _)| table)
    });
    caught.unwrap_or_else(|panic| Err(format!("the reader failed ({panic})")))
}

/// Per column of the file: whether its values need their text, as no
/// column type of encbench's holds them exactly — nanosecond timestamps
/// finer than the microsecond, at the top or nested (whole microseconds,
/// as pandas' `datetime64[ns]` holds, are timestamps), nanosecond times of
/// day and spans (durations) finer than the microsecond (at the top
/// level), nested values
/// holding a NaN or an infinity (the nested model is JSON, which has
/// neither).
type Texted = Vec<bool>;

/// Whether a column of type `ty` may need its text (see [`Texted`]).
fn may_need_text(ty: &DataType) -> bool {
    match ty {
        DataType::Timestamp(TimeUnit::Nanosecond, _)
        | DataType::Time64(TimeUnit::Nanosecond)
        | DataType::Duration(TimeUnit::Nanosecond) => true,
        DataType::List(f) | DataType::LargeList(f) | DataType::FixedSizeList(f, _) => {
            nested_may_need_text(f.data_type())
        }
        DataType::Struct(_) | DataType::Map(_, _) => nested_may_need_text(ty),
        _ => false,
    }
}

/// Whether a nested type holds floats or nanosecond timestamps.
fn nested_may_need_text(ty: &DataType) -> bool {
    match ty {
        DataType::Float16 | DataType::Float32 | DataType::Float64 => true,
        DataType::Timestamp(TimeUnit::Nanosecond, _) => true,
        DataType::List(f)
        | DataType::LargeList(f)
        | DataType::FixedSizeList(f, _)
        | DataType::Map(f, _) => nested_may_need_text(f.data_type()),
        DataType::Struct(fields) => fields.iter().any(|f| nested_may_need_text(f.data_type())),
        _ => false,
    }
}

/// Whether `array`'s values need their text (see [`Texted`]).
fn needs_text(array: &dyn Array) -> bool {
    use arrow_array::cast::AsArray;
    use arrow_array::types::{
        DurationNanosecondType, Float16Type, Float32Type, Float64Type, Time64NanosecondType,
        TimestampNanosecondType,
    };
    match array.data_type() {
        DataType::Timestamp(TimeUnit::Nanosecond, _) => array
            .as_primitive::<TimestampNanosecondType>()
            .iter()
            .any(|v| v.is_some_and(|ns| ns % 1000 != 0)),
        DataType::Time64(TimeUnit::Nanosecond) => array
            .as_primitive::<Time64NanosecondType>()
            .iter()
            .any(|v| v.is_some_and(|ns| ns % 1000 != 0)),
        DataType::Duration(TimeUnit::Nanosecond) => array
            .as_primitive::<DurationNanosecondType>()
            .iter()
            .any(|v| v.is_some_and(|ns| ns % 1000 != 0)),
        DataType::Float16 => array
            .as_primitive::<Float16Type>()
            .iter()
            .any(|v| v.is_some_and(|x| !x.is_finite())),
        DataType::Float32 => array
            .as_primitive::<Float32Type>()
            .iter()
            .any(|v| v.is_some_and(|x| !x.is_finite())),
        DataType::Float64 => array
            .as_primitive::<Float64Type>()
            .iter()
            .any(|v| v.is_some_and(|x| !x.is_finite())),
        DataType::List(_) => needs_text(array.as_list::<i32>().values().as_ref()),
        DataType::LargeList(_) => needs_text(array.as_list::<i64>().values().as_ref()),
        DataType::FixedSizeList(_, _) => needs_text(array.as_fixed_size_list().values().as_ref()),
        DataType::Map(_, _) => needs_text(array.as_map().entries()),
        DataType::Struct(_) => array
            .as_struct()
            .columns()
            .iter()
            .any(|c| needs_text(c.as_ref())),
        _ => false,
    }
}

/// [`Texted`] for batches in memory.
fn texted_of(batches: &[RecordBatch]) -> Texted {
    let columns = batches.first().map_or(0, |b| b.num_columns());
    (0..columns)
        .map(|c| {
            batches
                .iter()
                .any(|b| may_need_text(b.column(c).data_type()) && needs_text(b.column(c).as_ref()))
        })
        .collect()
}

type BatchIter = Box<dyn Iterator<Item = Result<RecordBatch, arrow_schema::ArrowError>>>;

/// [`Texted`] for a whole file, as a conversion reads it: reads the
/// columns that may need their text alone, so that its schema and its
/// batches map the file alike.
fn texted(path: &Path, kind: Kind) -> Result<Texted, String> {
    let err = |e: &dyn std::fmt::Display| e.to_string();
    let candidates = |fields: &arrow_schema::Fields| -> (usize, Vec<usize>) {
        let some = (0..fields.len()).filter(|&i| may_need_text(fields[i].data_type()));
        (fields.len(), some.collect())
    };
    let open = || File::open(path).map_err(|e| err(&e));
    let ((count, columns), batches): ((usize, Vec<usize>), BatchIter) = match kind {
        Kind::Parquet => {
            use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
            let builder = ParquetRecordBatchReaderBuilder::try_new(open()?).map_err(|e| err(&e))?;
            let (count, columns) = candidates(builder.schema().fields());
            if columns.is_empty() {
                return Ok(vec![false; count]);
            }
            let mask =
                parquet::arrow::ProjectionMask::roots(builder.parquet_schema(), columns.clone());
            let reader = builder.with_projection(mask).build().map_err(|e| err(&e))?;
            ((count, columns), Box::new(reader))
        }
        Kind::ArrowFile => {
            let reader =
                arrow_ipc::reader::FileReader::try_new(open()?, None).map_err(|e| err(&e))?;
            let (count, columns) = candidates(reader.schema().fields());
            if columns.is_empty() {
                return Ok(vec![false; count]);
            }
            let reader = arrow_ipc::reader::FileReader::try_new(open()?, Some(columns.clone()))
                .map_err(|e| err(&e))?;
            ((count, columns), Box::new(reader))
        }
        Kind::ArrowStream => {
            let buffered = || open().map(std::io::BufReader::new);
            let reader =
                arrow_ipc::reader::StreamReader::try_new(buffered()?, None).map_err(|e| err(&e))?;
            let (count, columns) = candidates(reader.schema().fields());
            if columns.is_empty() {
                return Ok(vec![false; count]);
            }
            let reader =
                arrow_ipc::reader::StreamReader::try_new(buffered()?, Some(columns.clone()))
                    .map_err(|e| err(&e))?;
            ((count, columns), Box::new(reader))
        }
        // Avro inputs are read by their own mapping.
        Kind::Avro => return Ok(Vec::new()),
    };
    let mut out = vec![false; count];
    for batch in batches {
        let batch = batch.map_err(|e| err(&e))?;
        for (k, &c) in columns.iter().enumerate() {
            out[c] = out[c] || needs_text(batch.column(k).as_ref());
        }
    }
    Ok(out)
}

/// Record batches as a table, by the mapping their schema gives.
fn tabled(batches: &[RecordBatch]) -> Result<(Table, Mapping), String> {
    let Some(first) = batches.first() else {
        return Err("no record batches".into());
    };
    mapped(first.schema().fields(), batches)
}

/// Batches of a file whose columns are `fields` as one table: which
/// columns need their text is judged on these batches alone (a sample's
/// own values), where a conversion judges on the whole file ([`texted`]).
fn mapped(
    fields: &arrow_schema::Fields,
    batches: &[RecordBatch],
) -> Result<(Table, Mapping), String> {
    let mapping = Mapping::of(fields, &texted_of(batches))?;
    let mut table = Table::new(mapping.schema.clone(), 0);
    for batch in batches {
        mapping.append(&mut table, batch)?;
    }
    Ok((table, mapping))
}

/// An Avro container read by Arrow's reader (`arrow-avro`) rather than
/// apache-avro, its batches mapped as a Parquet or Arrow input's are: a
/// second, independent path to the table [`decode`] builds. Also returns
/// the columns this path carries as text (types it has no column for).
pub fn decode_avro_with_arrow(bytes: &[u8]) -> Result<(Table, Vec<String>), String> {
    let caught = quietly(|| -> Result<(Table, Vec<String>), String> {
        let reader = arrow_avro::reader::ReaderBuilder::new()
            .build(std::io::BufReader::new(bytes))
            .map_err(|e| e.to_string())?;
        let batches: Vec<RecordBatch> = reader
            .collect::<Result<_, _>>()
            .map_err(|e| e.to_string())?;
        let (table, mapping) = tabled(&batches)?;
        let as_text = mapping
            .as_text
            .iter()
            .map(|(name, _)| name.clone())
            .collect();
        Ok((table, as_text))
    });
    caught.unwrap_or_else(|panic| Err(format!("the reader failed ({panic})")))
}

/// How one of the file's columns becomes encbench's.
enum Convert {
    /// Cast to this Arrow type.
    Cast(DataType),
    /// Formatted as text, as Arrow displays it.
    Text,
}

/// How the file's columns become encbench's.
struct Mapping {
    schema: Schema,
    /// Per column: its Arrow type in the file.
    input_types: Vec<String>,
    /// Per column: how its Arrow array becomes the table's column.
    casts: Vec<Convert>,
    as_text: Vec<(String, String)>,
}

impl Mapping {
    /// `texted`: per column, whether its values need their text (see
    /// [`Texted`]); missing entries are `false`.
    fn of(fields: &arrow_schema::Fields, texted: &[bool]) -> Result<Mapping, String> {
        let mut out = Mapping {
            schema: Schema { fields: Vec::new() },
            input_types: Vec::new(),
            casts: Vec::new(),
            as_text: Vec::new(),
        };
        for (i, f) in fields.iter().enumerate() {
            let text = texted.get(i).copied().unwrap_or(false);
            let ty = match f.data_type() {
                _ if text => None,
                // A column of Arrow's null type (pandas' all-missing
                // column): text whose every value is null, never "".
                DataType::Null => Some(ColumnType::String),
                DataType::Int8 => Some(ColumnType::Int8),
                DataType::Int16 | DataType::UInt8 => Some(ColumnType::Int16),
                DataType::Int32 | DataType::UInt16 => Some(ColumnType::Int32),
                DataType::Int64 | DataType::UInt32 => Some(ColumnType::Int64),
                DataType::UInt64 => Some(ColumnType::UInt64),
                // float16 widens to float32 exactly.
                DataType::Float16 | DataType::Float32 => Some(ColumnType::Float32),
                DataType::Float64 => Some(ColumnType::Float64),
                DataType::Boolean => Some(ColumnType::Bool),
                DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => {
                    Some(ColumnType::String)
                }
                DataType::Dictionary(_, v)
                    if matches!(
                        **v,
                        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
                    ) =>
                {
                    Some(ColumnType::Dictionary)
                }
                DataType::Date32 | DataType::Date64 => Some(ColumnType::Date),
                DataType::Decimal128(p, s) | DataType::Decimal256(p, s) if *p <= 38 && *s >= 0 => {
                    Some(ColumnType::Decimal)
                }
                // Microseconds and coarser fit exactly; nanoseconds do when
                // every value is a whole microsecond (see `Texted`).
                DataType::Timestamp(_, _) => Some(ColumnType::Timestamp),
                // Times of day likewise (nanoseconds: see `Texted`).
                DataType::Time32(_) | DataType::Time64(_) => Some(ColumnType::Time),
                DataType::Duration(_) => Some(ColumnType::Duration),
                DataType::FixedSizeBinary(16) if is_uuid(f) => Some(ColumnType::Uuid),
                DataType::Binary
                | DataType::LargeBinary
                | DataType::BinaryView
                | DataType::FixedSizeBinary(_) => Some(ColumnType::Binary),
                _ => None,
            };
            // Lists, maps and structs become nested columns, as JSON inputs do.
            let shape = match ty {
                None if !text => crate::nested::Shape::from_arrow_type(f.data_type()),
                _ => None,
            };
            // A required column stays required; a null-typed one holds only nulls.
            let nullable = f.is_nullable() || f.data_type() == &DataType::Null;
            let (field, cast) = match (ty, shape) {
                (Some(ty), _) => {
                    let mut field = Field::new(f.name().clone(), ty, nullable);
                    // Instants keep their zone: the values stay UTC microseconds.
                    match f.data_type() {
                        DataType::Timestamp(_, Some(tz)) => field.tz = Some(tz.to_string()),
                        DataType::Decimal128(p, s) | DataType::Decimal256(p, s) => {
                            field.decimal = Some((*p, *s as u8))
                        }
                        DataType::FixedSizeBinary(n) if ty == ColumnType::Binary => {
                            field.width = u32::try_from(*n).ok().filter(|&n| n > 0)
                        }
                        _ => {}
                    }
                    let cast = crate::arrow::field_type(&field);
                    (field, Convert::Cast(cast))
                }
                (None, Some(shape)) => {
                    let cast = shape.arrow_type();
                    let mut field = Field::new(f.name().clone(), ColumnType::Json, nullable);
                    field.shape = Some(shape);
                    (field, Convert::Cast(cast))
                }
                (None, None) => {
                    out.as_text
                        .push((f.name().clone(), f.data_type().to_string()));
                    let field = Field::new(f.name().clone(), ColumnType::String, nullable);
                    (field, Convert::Text)
                }
            };
            out.schema.fields.push(field);
            out.casts.push(cast);
            out.input_types.push(f.data_type().to_string());
        }
        if out.schema.fields.is_empty() {
            return Err("the file has no columns".into());
        }
        Ok(out)
    }

    /// Appends `batch`'s rows, each column cast (or formatted) to encbench's type.
    fn append(&self, table: &mut Table, batch: &RecordBatch) -> Result<(), String> {
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(self.casts.len());
        for (array, cast) in batch.columns().iter().zip(&self.casts) {
            arrays.push(match cast {
                // Unsafe casts fail on a value that does not fit, where
                // safe ones would silently make it null.
                Convert::Cast(to) => arrow_cast::cast_with_options(
                    array,
                    to,
                    &arrow_cast::CastOptions {
                        safe: false,
                        ..Default::default()
                    },
                )
                .map_err(|e| format!("column '{}': {e}", array.data_type()))?,
                Convert::Text => Arc::new(as_text(array.as_ref())?),
            });
        }
        let converted =
            RecordBatch::try_new(arrow_schema(&self.schema), arrays).map_err(|e| e.to_string())?;
        append_batch(table, &converted).map_err(|e| e.to_string())
    }
}

/// An Avro value encbench has no column type for, as text a reader can
/// use: strings and UUIDs as they are, bytes in hex (as Parquet and Arrow
/// binary are shown), times of day as `HH:MM:SS[.ffffff]` (a union's
/// branch), anything else (a union of several types) in its JSON form.
fn avro_text(value: &apache_avro::types::Value) -> String {
    use apache_avro::types::Value as V;
    match value {
        V::String(s) => s.clone(),
        V::Uuid(u) => u.to_string(),
        V::Bytes(b) | V::Fixed(_, b) => b.iter().map(|x| format!("{x:02x}")).collect(),
        V::TimeMillis(ms) => crate::values::format_time(i64::from(*ms) * 1000),
        V::TimeMicros(us) => crate::values::format_time(*us),
        V::Union(_, inner) => avro_text(inner),
        other => serde_json::Value::try_from(other.clone())
            .map(|j| j.to_string())
            .unwrap_or_else(|_| format!("{other:?}")),
    }
}

/// A column of 16-byte UUIDs: Arrow's `arrow.uuid` extension, which a
/// Parquet UUID column is read as (see `parquet_input`).
fn is_uuid(field: &arrow_schema::Field) -> bool {
    use crate::parquet_input::{EXTENSION_NAME, UUID_EXTENSION};
    matches!(field.data_type(), DataType::FixedSizeBinary(16))
        && field.metadata().get(EXTENSION_NAME).map(String::as_str) == Some(UUID_EXTENSION)
}

/// Each value as arrow's display writes it (nested values included).
fn as_text(array: &dyn Array) -> Result<arrow_array::StringArray, String> {
    let options = arrow_cast::display::FormatOptions::default();
    let format =
        arrow_cast::display::ArrayFormatter::try_new(array, &options).map_err(|e| e.to_string())?;
    Ok((0..array.len())
        .map(|i| array.is_valid(i).then(|| format.value(i).to_string()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_bytes_name_the_format() {
        assert_eq!(Kind::of(b"PAR1\x15\x04"), Some(Kind::Parquet));
        assert_eq!(Kind::of(b"ARROW1\0\0"), Some(Kind::ArrowFile));
        assert_eq!(
            Kind::of(&[0xff, 0xff, 0xff, 0xff, 0x10, 0, 0, 0]),
            Some(Kind::ArrowStream)
        );
        assert_eq!(Kind::of(b"Obj\x01\x04\x14"), Some(Kind::Avro));
        assert_eq!(Kind::of(b"a,b\n1,2"), None);
    }

    #[test]
    fn an_arrow_file_s_own_compression_is_read_from_its_first_batch() {
        use arrow_array::Int64Array;
        use arrow_ipc::writer::{FileWriter, IpcWriteOptions, StreamWriter};
        let dir = tempfile::tempdir().unwrap();
        let schema = Arc::new(arrow_schema::Schema::new(vec![arrow_schema::Field::new(
            "n",
            DataType::Int64,
            false,
        )]));
        let batch = RecordBatch::try_new(
            schema.clone(),
            vec![Arc::new(Int64Array::from_iter_values(0..1000))],
        )
        .unwrap();
        for (codec, name) in [
            (Some(arrow_ipc::CompressionType::LZ4_FRAME), Some("lz4")),
            (Some(arrow_ipc::CompressionType::ZSTD), Some("zstd")),
            (None, None),
        ] {
            let options = IpcWriteOptions::default()
                .try_with_compression(codec)
                .unwrap();
            let file = dir.path().join("t.arrow");
            let mut w = FileWriter::try_new_with_options(
                File::create(&file).unwrap(),
                &schema,
                options.clone(),
            )
            .unwrap();
            w.write(&batch).unwrap();
            w.finish().unwrap();
            // (the file is complete once the writer hands it back)
            w.into_inner().unwrap();
            let stream = dir.path().join("t.arrows");
            let mut w = StreamWriter::try_new_with_options(
                File::create(&stream).unwrap(),
                &schema,
                options,
            )
            .unwrap();
            w.write(&batch).unwrap();
            w.finish().unwrap();
            w.into_inner().unwrap();
            assert_eq!(
                arrow_written(&file, Kind::ArrowFile).compression.as_deref(),
                name
            );
            assert_eq!(
                arrow_written(&stream, Kind::ArrowStream)
                    .compression
                    .as_deref(),
                name
            );
        }
        // Not Arrow at all: nothing is claimed.
        let junk = dir.path().join("junk");
        std::fs::write(&junk, b"ARROW1\0\0\xff\xff\xff\xff\x10\0\0\0short").unwrap();
        assert_eq!(arrow_written(&junk, Kind::ArrowFile).compression, None);
    }

    #[test]
    fn an_arrow_file_is_sampled_by_batches_spread_over_it() {
        use arrow_array::Int64Array;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.arrow");
        let schema = Arc::new(arrow_schema::Schema::new(vec![arrow_schema::Field::new(
            "n",
            DataType::Int64,
            false,
        )]));
        let mut writer =
            arrow_ipc::writer::FileWriter::try_new(File::create(&path).unwrap(), &schema).unwrap();
        for b in 0..10i64 {
            let values = Int64Array::from_iter_values(b * 1000..(b + 1) * 1000);
            let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(values)]).unwrap();
            writer.write(&batch).unwrap();
        }
        writer.finish().unwrap();
        let size = std::fs::metadata(&path).unwrap().len();
        let read = read(&path, Kind::ArrowFile, size / 4).unwrap();
        assert_eq!(read.parts.1, 10);
        assert!(
            !read.whole && read.parts.0 < 10 && read.parts.0 >= 2,
            "{:?}",
            read.parts
        );
        assert_eq!(read.rows, 10_000, "estimated from equal batches");
        // Batches from across the file, not just its head.
        let last = read.table.rows() - 1;
        assert!(
            matches!(read.table.columns[0].cell(last), crate::table::Cell::Int(v) if v >= 5000)
        );
    }

    /// `batch` as an Arrow IPC stream file in a fresh directory (kept
    /// while the returned handle lives).
    fn arrow_stream_file(batch: &RecordBatch) -> (tempfile::TempDir, std::path::PathBuf) {
        let mut bytes = Vec::new();
        let mut w = arrow_ipc::writer::StreamWriter::try_new(&mut bytes, &batch.schema()).unwrap();
        w.write(batch).unwrap();
        w.finish().unwrap();
        drop(w);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.arrows");
        std::fs::write(&path, &bytes).unwrap();
        (dir, path)
    }

    const CARRIERS: [&str; 4] = [
        "United Airlines, operated by a regional partner",
        "American Airlines, operated by a regional partner",
        "Delta Air Lines, operated by a regional partner",
        "JetBlue Airways, operated by JetBlue itself",
    ];

    /// `batches` batches of `rows` rows each (an id and a repetitive
    /// text), written zstd-compressed as an Arrow IPC stream or file.
    fn zstd_arrow(
        kind: Kind,
        batches: usize,
        rows: usize,
    ) -> (tempfile::TempDir, std::path::PathBuf, u64) {
        use arrow_array::{Int64Array, StringArray};
        use arrow_ipc::writer::{FileWriter, IpcWriteOptions, StreamWriter};
        let schema = Arc::new(arrow_schema::Schema::new(vec![
            arrow_schema::Field::new("id", DataType::Int64, false),
            arrow_schema::Field::new("carrier", DataType::Utf8, false),
        ]));
        let options = IpcWriteOptions::default()
            .try_with_compression(Some(arrow_ipc::CompressionType::ZSTD))
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.arrow");
        let file = File::create(&path).unwrap();
        let mut decoded = 0;
        let mut stream = (kind == Kind::ArrowStream)
            .then(|| StreamWriter::try_new_with_options(&file, &schema, options.clone()).unwrap());
        let mut indexed = (kind == Kind::ArrowFile)
            .then(|| FileWriter::try_new_with_options(&file, &schema, options.clone()).unwrap());
        for b in 0..batches {
            let ids = (b * rows..(b + 1) * rows).map(|i| (i / 1000) as i64);
            let names = (0..rows).map(|i| CARRIERS[i % 4]);
            let batch = RecordBatch::try_new(
                schema.clone(),
                vec![
                    Arc::new(Int64Array::from_iter_values(ids)),
                    Arc::new(StringArray::from_iter_values(names)),
                ],
            )
            .unwrap();
            decoded += decoded_bytes(&batch);
            match (&mut stream, &mut indexed) {
                (Some(w), _) => w.write(&batch).unwrap(),
                (_, Some(w)) => w.write(&batch).unwrap(),
                _ => unreachable!(),
            }
        }
        if let Some(mut w) = stream {
            w.finish().unwrap();
        }
        if let Some(mut w) = indexed {
            w.finish().unwrap();
        }
        (dir, path, decoded)
    }

    /// The sample limit counts decoded bytes: a zstd Arrow input far
    /// smaller than the limit on disk but far larger decoded is sampled
    /// to about the limit, in batches and within one huge batch alike.
    #[test]
    fn a_compressed_arrow_input_is_sampled_to_the_limit_of_its_decoded_size() {
        const LIMIT: u64 = 600_000;
        for kind in [Kind::ArrowStream, Kind::ArrowFile] {
            for (batches, rows) in [(16, 10_000), (1, 160_000)] {
                let (_dir, path, decoded) = zstd_arrow(kind, batches, rows);
                let on_disk = std::fs::metadata(&path).unwrap().len();
                let total = batches * rows;
                assert!(
                    on_disk < LIMIT && decoded > 10 * LIMIT,
                    "{on_disk} {decoded}"
                );
                let read = read(&path, kind, LIMIT).unwrap();
                let what = format!("{kind:?}, {batches} batch(es) of {rows}");
                assert!(!read.whole, "{what}");
                // About the limit: the table's typed rows hold no more.
                let per_row = decoded as f64 / total as f64;
                let sampled = read.table.rows() as f64 * per_row;
                assert!(
                    sampled <= 1.2 * LIMIT as f64 && sampled >= 0.5 * LIMIT as f64,
                    "{what}: {} rows, {sampled} bytes decoded",
                    read.table.rows()
                );
                assert!(table_bytes(&read.table) <= 2 * LIMIT, "{what}");
                // The file's rows are still counted or estimated in full.
                let estimate = read.rows as f64 / total as f64;
                assert!(
                    (0.5..=2.0).contains(&estimate),
                    "{what}: {} rows",
                    read.rows
                );
            }
        }
    }

    /// polars writes its categoricals as `Dictionary(UInt32, Utf8View)`.
    #[test]
    fn a_dictionary_of_string_views_is_a_dictionary() {
        let values = arrow_array::StringViewArray::from(vec!["a", "bb"]);
        let keys = arrow_array::UInt32Array::from(vec![Some(1), None, Some(0)]);
        let array: ArrayRef =
            Arc::new(arrow_array::DictionaryArray::try_new(keys, Arc::new(values)).unwrap());
        let schema = Arc::new(arrow_schema::Schema::new(vec![arrow_schema::Field::new(
            "cat",
            array.data_type().clone(),
            true,
        )]));
        let batch = RecordBatch::try_new(schema, vec![array]).unwrap();
        let (_dir, path) = arrow_stream_file(&batch);
        let read = read(&path, Kind::ArrowStream, u64::MAX).unwrap();
        assert!(read.as_text.is_empty(), "{:?}", read.as_text);
        assert_eq!(read.table.schema.fields[0].ty, ColumnType::Dictionary);
        let cells: Vec<_> = (0..3).map(|r| read.table.columns[0].cell(r)).collect();
        use crate::table::Cell;
        assert_eq!(cells, [Cell::Str("bb"), Cell::Null, Cell::Str("a")]);
    }

    #[test]
    fn lists_are_nested_and_types_encbench_lacks_are_carried_as_text() {
        use arrow_array::builder::{Int32Builder, ListBuilder};
        let mut list = ListBuilder::new(Int32Builder::new());
        list.values().append_value(1);
        list.values().append_value(2);
        list.append(true);
        list.append(false);
        let array: ArrayRef = Arc::new(list.finish());
        let big: ArrayRef = Arc::new(arrow_array::UInt64Array::from(vec![u64::MAX, 7]));
        let raw: ArrayRef = Arc::new(arrow_array::BinaryArray::from(vec![&b"\x01\xff"[..], b""]));
        let wait: ArrayRef = Arc::new(arrow_array::IntervalYearMonthArray::from(vec![5, 0]));
        let schema = Arc::new(arrow_schema::Schema::new(vec![
            arrow_schema::Field::new("xs", array.data_type().clone(), true),
            arrow_schema::Field::new("big", DataType::UInt64, false),
            arrow_schema::Field::new("raw", DataType::Binary, false),
            arrow_schema::Field::new("wait", wait.data_type().clone(), false),
        ]));
        let batch = RecordBatch::try_new(schema, vec![array, big, raw, wait]).unwrap();
        let (_dir, path) = arrow_stream_file(&batch);
        let read = read(&path, Kind::ArrowStream, u64::MAX).unwrap();
        let texted: Vec<&str> = read.as_text.iter().map(|(name, _)| name.as_str()).collect();
        assert_eq!(texted, ["wait"]);
        assert_eq!(
            read.table.schema.fields[0].type_text(),
            "json list<int64>",
            "a list is a nested column"
        );
        assert_eq!(
            read.table.columns[0].cell(0),
            crate::table::Cell::Str("[1,2]")
        );
        assert_eq!(read.table.columns[0].cell(1), crate::table::Cell::Null);
        // Unsigned 64-bit integers stay unsigned, bit for bit.
        assert_eq!(read.table.schema.fields[1].ty, ColumnType::UInt64);
        assert_eq!(
            crate::table::text_of(read.table.columns[1].cell(0), &read.table.schema.fields[1]),
            "18446744073709551615"
        );
        // Bytes are bytes, held as their hex.
        assert_eq!(read.table.schema.fields[2].ty, ColumnType::Binary);
        assert_eq!(
            read.table.columns[2].cell(0),
            crate::table::Cell::Str("01ff")
        );
        assert_eq!(read.table.columns[2].cell(1), crate::table::Cell::Str(""));
    }

    #[test]
    fn nanosecond_timestamps_are_timestamps_unless_a_value_needs_its_nanoseconds() {
        use arrow_array::TimestampNanosecondArray;
        let dir = tempfile::tempdir().unwrap();
        let field =
            arrow_schema::Field::new("t", DataType::Timestamp(TimeUnit::Nanosecond, None), true);
        let schema = Arc::new(arrow_schema::Schema::new(vec![field]));
        // As pandas writes datetime64[ns]: whole microseconds, and a null.
        for (name, last, ty) in [
            ("whole", 3_000_000_000, ColumnType::Timestamp),
            ("fine", 3_000_000_001, ColumnType::String),
        ] {
            let values = TimestampNanosecondArray::from(vec![Some(1_000), None, Some(last)]);
            let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(values)]).unwrap();
            let parquet = dir.path().join(format!("{name}.parquet"));
            let mut w = parquet::arrow::ArrowWriter::try_new(
                File::create(&parquet).unwrap(),
                schema.clone(),
                None,
            )
            .unwrap();
            w.write(&batch).unwrap();
            w.close().unwrap();
            let arrow = dir.path().join(format!("{name}.arrow"));
            let mut w =
                arrow_ipc::writer::FileWriter::try_new(File::create(&arrow).unwrap(), &schema)
                    .unwrap();
            w.write(&batch).unwrap();
            w.finish().unwrap();
            for (path, kind) in [(&parquet, Kind::Parquet), (&arrow, Kind::ArrowFile)] {
                let read = read(path, kind, u64::MAX).unwrap();
                assert_eq!(read.table.schema.fields[0].ty, ty, "{name} {kind:?}");
                // Every read of the file maps it alike.
                let (whole_schema, _) = schema_of(path, kind);
                assert_eq!(whole_schema.fields[0].ty, ty, "{name} {kind:?}");
                let decoded = decode(kind, &std::fs::read(path).unwrap()).unwrap();
                assert_eq!(
                    decoded.first_difference(&read.table),
                    None,
                    "{name} {kind:?}"
                );
            }
            let read = read(&parquet, Kind::Parquet, u64::MAX).unwrap();
            let expected = match ty {
                ColumnType::Timestamp => crate::table::Cell::Int(3_000_000),
                _ => crate::table::Cell::Str("1970-01-01T00:00:03.000000001"),
            };
            assert_eq!(read.table.columns[0].cell(2), expected, "{name}");
        }
    }

    #[test]
    fn times_of_day_of_every_unit_are_times_to_the_microsecond() {
        use crate::table::Cell;
        use arrow_array::{
            Time32MillisecondArray, Time32SecondArray, Time64MicrosecondArray,
            Time64NanosecondArray,
        };
        let dir = tempfile::tempdir().unwrap();
        let columns: Vec<(&str, DataType, ArrayRef)> = vec![
            (
                "s",
                DataType::Time32(TimeUnit::Second),
                Arc::new(Time32SecondArray::from(vec![Some(3_661), None])),
            ),
            (
                "ms",
                DataType::Time32(TimeUnit::Millisecond),
                Arc::new(Time32MillisecondArray::from(vec![Some(1_500), Some(0)])),
            ),
            (
                "us",
                DataType::Time64(TimeUnit::Microsecond),
                Arc::new(Time64MicrosecondArray::from(vec![
                    Some(86_399_999_999),
                    Some(1),
                ])),
            ),
            (
                "ns",
                DataType::Time64(TimeUnit::Nanosecond),
                Arc::new(Time64NanosecondArray::from(vec![Some(2_000), None])),
            ),
            (
                "fine",
                DataType::Time64(TimeUnit::Nanosecond),
                Arc::new(Time64NanosecondArray::from(vec![Some(2_001), None])),
            ),
        ];
        let schema = Arc::new(arrow_schema::Schema::new(
            columns
                .iter()
                .map(|(name, ty, _)| arrow_schema::Field::new(*name, ty.clone(), true))
                .collect::<Vec<_>>(),
        ));
        let batch = RecordBatch::try_new(
            schema.clone(),
            columns.iter().map(|c| c.2.clone()).collect(),
        )
        .unwrap();
        let path = dir.path().join("times.arrow");
        let mut w =
            arrow_ipc::writer::FileWriter::try_new(File::create(&path).unwrap(), &schema).unwrap();
        w.write(&batch).unwrap();
        w.finish().unwrap();
        let read = read(&path, Kind::ArrowFile, u64::MAX).unwrap();
        let types: Vec<ColumnType> = read.table.schema.fields.iter().map(|f| f.ty).collect();
        use ColumnType::{String as Text, Time};
        assert_eq!(types, [Time, Time, Time, Time, Text]);
        let row =
            |r: usize| -> Vec<Cell<'_>> { read.table.columns.iter().map(|c| c.cell(r)).collect() };
        assert_eq!(
            row(0),
            [
                Cell::Int(3_661_000_000),
                Cell::Int(1_500_000),
                Cell::Int(86_399_999_999),
                Cell::Int(2),
                Cell::Str("00:00:00.000002001"),
            ]
        );
        assert_eq!(
            row(1),
            [
                Cell::Null,
                Cell::Int(0),
                Cell::Int(1),
                Cell::Null,
                Cell::Null
            ]
        );
        let (whole_schema, _) = schema_of(&path, Kind::ArrowFile);
        assert_eq!(whole_schema, read.table.schema);
    }

    fn schema_of(path: &Path, kind: Kind) -> (Schema, Option<usize>) {
        schema(path, kind).unwrap()
    }

    #[test]
    fn a_sample_larger_than_free_memory_is_refused_before_reading() {
        let factor = crate::memory::SAMPLE_MEMORY_FACTOR;
        assert!(fits(1 << 20, Some(factor << 20)).is_ok());
        assert!(
            matches!(fits(2 << 20, Some(factor << 20)), Err(Failed::TooBig(n)) if n == factor * (2 << 20))
        );
        assert!(
            fits(u64::MAX / 2, None).is_ok(),
            "unknown memory: no refusal"
        );
    }

    /// A column of Arrow's null type (pandas' all-missing column), in an
    /// Arrow IPC stream and an Avro file with a `"null"` field: a text
    /// column whose every value is null, whether sampled or read whole.
    #[test]
    fn a_null_typed_column_is_every_value_null_never_empty_text() {
        use crate::table::Cell;
        let a: ArrayRef = Arc::new(arrow_array::Int64Array::from(vec![1, 2, 3]));
        let n: ArrayRef = Arc::new(arrow_array::NullArray::new(3));
        let schema = Arc::new(arrow_schema::Schema::new(vec![
            arrow_schema::Field::new("a", DataType::Int64, false),
            // Declared required: it holds nulls all the same.
            arrow_schema::Field::new("n", DataType::Null, false),
        ]));
        let batch = RecordBatch::try_new(schema, vec![a, n]).unwrap();
        let (_dir, path) = arrow_stream_file(&batch);

        let dir = tempfile::tempdir().unwrap();
        let avro_path = dir.path().join("t.avro");
        let avro = apache_avro::Schema::parse_str(
            r#"{"type": "record", "name": "r", "fields": [
                {"name": "a", "type": "long"}, {"name": "n", "type": "null"}]}"#,
        )
        .unwrap();
        let mut writer = apache_avro::Writer::new(&avro, Vec::new()).unwrap();
        for i in 1..=3 {
            let record = apache_avro::types::Value::Record(vec![
                ("a".into(), apache_avro::types::Value::Long(i)),
                ("n".into(), apache_avro::types::Value::Null),
            ]);
            writer.append_value(record).unwrap();
        }
        std::fs::write(&avro_path, writer.into_inner().unwrap()).unwrap();

        for (path, kind, input_type) in [
            (&path, Kind::ArrowStream, "Null"),
            (&avro_path, Kind::Avro, "\"null\""),
        ] {
            let read = read(path, kind, u64::MAX).unwrap();
            let field = &read.table.schema.fields[1];
            assert_eq!((field.ty, field.nullable), (ColumnType::String, true));
            assert!(read.as_text.is_empty(), "{:?}", read.as_text);
            assert_eq!(read.input_types[1], input_type);
            let cells: Vec<_> = (0..3).map(|r| read.table.columns[1].cell(r)).collect();
            assert_eq!(cells, [Cell::Null; 3], "{kind:?}");
            // Read a batch at a time, as --convert reads it: the same.
            let mut whole = Vec::new();
            each_batch(path, kind, &mut |t, _| {
                whole.extend((0..t.rows()).map(|r| t.columns[1].cell(r) == Cell::Null));
                Ok(())
            })
            .unwrap();
            assert_eq!(whole, [true; 3], "{kind:?}");
        }
    }

    #[test]
    fn parts_are_spread_over_the_file() {
        assert_eq!(spread(10, 3), [0, 3, 6]);
        assert_eq!(spread(10, 0), [0]);
        assert_eq!(spread(4, 100), [0, 1, 2, 3]);
        assert!(spread(0, 5).is_empty());
    }
}
