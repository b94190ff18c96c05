//! A Parquet file written with each batch's columns encoded on several
//! threads. `ArrowWriter` encodes a row group's columns one after another
//! on one thread; in a conversion that thread is the bottleneck (dictionary
//! interning, statistics and page compression are most of the work), so
//! the other cores wait. Here the columns of a batch are shared out among
//! the cores, the costliest first, then spliced into the row group in
//! schema order: the same file, with the same pages, as `ArrowWriter`
//! writes with the same properties.

use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{FieldRef, SchemaRef};
use parquet::arrow::arrow_writer::{
    compute_leaves, ArrowColumnChunk, ArrowColumnWriter, ArrowLeafColumn,
    ArrowRowGroupWriterFactory,
};
use parquet::arrow::ArrowWriter;
use parquet::errors::{ParquetError, Result};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// An open row group: one writer per leaf column, and rows so far.
struct RowGroup {
    writers: Vec<ArrowColumnWriter>,
    rows: usize,
}

/// Writes record batches of one schema as a Parquet file.
pub struct ParallelWriter<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    open: Option<RowGroup>,
    groups: usize,
    max_rows: usize,
    max_bytes: usize,
    threads: usize,
    /// How long each field took in the last batch: the costliest go first.
    cost: Vec<Duration>,
}

impl<W: Write + Send> ParallelWriter<W> {
    /// A writer of `schema` with `properties` (their row group limits
    /// included), the Arrow schema embedded as `ArrowWriter` embeds it.
    pub fn try_new(out: W, schema: SchemaRef, properties: WriterProperties) -> Result<Self> {
        let max_rows = properties.max_row_group_row_count().unwrap_or(usize::MAX);
        let max_bytes = properties.max_row_group_bytes().unwrap_or(usize::MAX);
        let (file, factory) = ArrowWriter::try_new(out, schema.clone(), Some(properties))?
            .into_serialized_writer()?;
        Ok(ParallelWriter {
            file,
            factory,
            cost: vec![Duration::ZERO; schema.fields().len()],
            schema,
            open: None,
            groups: 0,
            max_rows: max_rows.max(1),
            max_bytes,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        })
    }

    /// Appends `batch`, closing row groups as they fill.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        let mut rest = batch.clone();
        while rest.num_rows() > 0 {
            let group = match &mut self.open {
                Some(group) => group,
                open => open.insert(RowGroup {
                    writers: self.factory.create_column_writers(self.groups)?,
                    rows: 0,
                }),
            };
            let room = self.max_rows - group.rows;
            let part = rest.slice(0, room.min(rest.num_rows()));
            rest = rest.slice(part.num_rows(), rest.num_rows() - part.num_rows());
            group.rows += part.num_rows();
            let took = encode(
                &mut group.writers,
                self.schema.fields(),
                part.columns(),
                &self.cost,
                self.threads,
            )?;
            self.cost = took;
            let bytes: usize = group
                .writers
                .iter()
                .map(|w| w.get_estimated_total_bytes())
                .sum();
            if group.rows >= self.max_rows || bytes >= self.max_bytes {
                self.flush()?;
            }
        }
        Ok(())
    }

    /// Closes the open row group, if any, into the file.
    fn flush(&mut self) -> Result<()> {
        let Some(group) = self.open.take() else {
            return Ok(());
        };
        let closing = Mutex::new(group.writers.into_iter().enumerate());
        let chunks = Mutex::new(Vec::new());
        on_threads(self.threads, || loop {
            let next = lock(&closing)?.next();
            let Some((i, writer)) = next else {
                return Ok(());
            };
            let chunk = writer.close()?;
            lock(&chunks)?.push((i, chunk));
        })?;
        let mut chunks: Vec<(usize, ArrowColumnChunk)> =
            chunks.into_inner().map_err(|_| poisoned())?;
        chunks.sort_by_key(|(i, _)| *i);
        let mut row_group = self.file.next_row_group()?;
        for (_, chunk) in chunks {
            chunk.append_to_row_group(&mut row_group)?;
        }
        row_group.close()?;
        self.groups += 1;
        Ok(())
    }

    /// Writes the last row group and the footer.
    pub fn close(mut self) -> Result<()> {
        self.flush()?;
        self.file.close().map(|_| ())
    }
}

/// Encodes `columns` into their leaf writers on up to `threads` threads,
/// the costliest fields (by `cost`) first; what each field took.
fn encode(
    writers: &mut [ArrowColumnWriter],
    fields: &[FieldRef],
    columns: &[ArrayRef],
    cost: &[Duration],
    threads: usize,
) -> Result<Vec<Duration>> {
    // Each field's leaves and the writers they go to, in schema order.
    let mut work: Vec<(usize, &mut [ArrowColumnWriter], Vec<ArrowLeafColumn>)> = Vec::new();
    let mut rest = writers;
    for (i, (field, column)) in fields.iter().zip(columns).enumerate() {
        let leaves = compute_leaves(field, column)?;
        if leaves.len() > rest.len() {
            return Err(ParquetError::General(format!(
                "column {} has more leaves than the schema",
                field.name()
            )));
        }
        let (these, after) = rest.split_at_mut(leaves.len());
        rest = after;
        work.push((i, these, leaves));
    }
    work.sort_by_key(|(i, _, _)| std::cmp::Reverse(cost.get(*i).copied()));
    let queue = Mutex::new(work.into_iter());
    let took = Mutex::new(vec![Duration::ZERO; fields.len()]);
    on_threads(threads.min(fields.len()), || loop {
        let next = lock(&queue)?.next();
        let Some((i, writers, leaves)) = next else {
            return Ok(());
        };
        let start = Instant::now();
        for (writer, leaf) in writers.iter_mut().zip(&leaves) {
            writer.write(leaf)?;
        }
        lock(&took)?[i] = start.elapsed();
    })?;
    took.into_inner().map_err(|_| poisoned())
}

/// Runs `work` on this thread and `threads - 1` more; the first error.
fn on_threads(threads: usize, work: impl Fn() -> Result<()> + Sync) -> Result<()> {
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|_| s.spawn(&work)).collect();
        let mut outcome = work();
        for other in others {
            outcome = outcome.and(other.join().unwrap_or_else(|_| Err(poisoned())));
        }
        outcome
    })
}

/// A lock that a panicking column thread left poisoned is an error.
fn lock<T>(m: &Mutex<T>) -> Result<std::sync::MutexGuard<'_, T>> {
    m.lock().map_err(|_| poisoned())
}

/// What a column thread's panic becomes.
fn poisoned() -> ParquetError {
    ParquetError::General("a column thread panicked".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::types::Int32Type;
    use arrow_array::{Int64Array, ListArray, StringArray, StructArray};
    use arrow_schema::{DataType, Field, Fields, Schema};
    use bytes::Bytes;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::basic::{Compression, ZstdLevel};
    use std::sync::Arc;

    /// A batch of flat, nested and nullable columns, `rows` long from `from`.
    fn batch(from: i64, rows: usize) -> RecordBatch {
        let ids: Vec<i64> = (from..from + rows as i64).collect();
        let names: Vec<Option<String>> = ids
            .iter()
            .map(|i| (i % 7 != 0).then(|| format!("name {}", i % 13)))
            .collect();
        let lists = ListArray::from_iter_primitive::<Int32Type, _, _>(
            ids.iter()
                .map(|i| (i % 5 != 0).then(|| (0..(i % 4) as i32).map(Some).collect::<Vec<_>>())),
        );
        let inner = StructArray::from(vec![
            (
                Arc::new(Field::new("x", DataType::Int64, false)),
                Arc::new(Int64Array::from(
                    ids.iter().map(|i| i * 3).collect::<Vec<_>>(),
                )) as ArrayRef,
            ),
            (
                Arc::new(Field::new("label", DataType::Utf8, true)),
                Arc::new(StringArray::from(names.clone())) as ArrayRef,
            ),
        ]);
        let schema = schema();
        RecordBatch::try_new(
            schema,
            vec![
                Arc::new(Int64Array::from(ids)),
                Arc::new(StringArray::from(names)),
                Arc::new(lists),
                Arc::new(inner),
            ],
        )
        .unwrap()
    }

    fn schema() -> SchemaRef {
        let item = Arc::new(Field::new("item", DataType::Int32, true));
        Arc::new(Schema::new(vec![
            Field::new("id", DataType::Int64, false),
            Field::new("name", DataType::Utf8, true),
            Field::new("list", DataType::List(item), true),
            Field::new(
                "inner",
                DataType::Struct(Fields::from(vec![
                    Field::new("x", DataType::Int64, false),
                    Field::new("label", DataType::Utf8, true),
                ])),
                false,
            ),
        ]))
    }

    fn properties(rows: usize) -> WriterProperties {
        WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(3).unwrap()))
            .set_max_row_group_row_count(Some(rows))
            .build()
    }

    /// Batches of uneven sizes, 10,000 rows in all.
    fn batches() -> Vec<RecordBatch> {
        let mut out = Vec::new();
        let mut from = 0;
        for rows in [1, 999, 3000, 2500, 3500] {
            out.push(batch(from, rows));
            from += rows as i64;
        }
        out
    }

    #[test]
    fn the_file_reads_back_as_the_batches_in_row_groups_of_the_limit() {
        let mut parallel = Vec::new();
        let mut writer =
            ParallelWriter::try_new(&mut parallel, schema(), properties(4096)).unwrap();
        for b in batches() {
            writer.write(&b).unwrap();
        }
        writer.close().unwrap();

        let reader = ParquetRecordBatchReaderBuilder::try_new(Bytes::from(parallel)).unwrap();
        let groups: Vec<i64> = reader
            .metadata()
            .row_groups()
            .iter()
            .map(|g| g.num_rows())
            .collect();
        assert_eq!(groups, [4096, 4096, 1808]);
        // The Arrow schema came along: the same types read back.
        assert_eq!(reader.schema().fields(), schema().fields());
        let read: Vec<RecordBatch> = reader.build().unwrap().map(|b| b.unwrap()).collect();
        let all = arrow_select::concat::concat_batches(&schema(), &read).unwrap();
        let expected = arrow_select::concat::concat_batches(&schema(), &batches()).unwrap();
        assert_eq!(all, expected);
    }

    #[test]
    fn the_same_pages_as_arrow_writer_writes() {
        let mut parallel = Vec::new();
        let mut writer =
            ParallelWriter::try_new(&mut parallel, schema(), properties(4096)).unwrap();
        let mut single = Vec::new();
        let mut reference =
            ArrowWriter::try_new(&mut single, schema(), Some(properties(4096))).unwrap();
        for b in batches() {
            writer.write(&b).unwrap();
            reference.write(&b).unwrap();
        }
        writer.close().unwrap();
        reference.close().unwrap();
        assert_eq!(parallel, single);
    }

    #[test]
    fn a_null_in_a_column_that_may_not_hold_one_is_an_error() {
        let schema = Arc::new(Schema::new(vec![Field::new("id", DataType::Int64, false)]));
        let mut out = Vec::new();
        let mut writer = ParallelWriter::try_new(&mut out, schema.clone(), properties(10)).unwrap();
        // A batch whose schema allows the null, written under one that does not.
        let loose = Arc::new(Schema::new(vec![Field::new("id", DataType::Int64, true)]));
        let column: ArrayRef = Arc::new(Int64Array::from(vec![Some(1), None]));
        let batch = RecordBatch::try_new(loose, vec![column]).unwrap();
        assert!(writer.write(&batch).is_err());
    }
}
