//! An Arrow IPC file written a batch at a time with one dictionary per
//! dictionary column, whatever each batch's own dictionary holds.
//!
//! arrow-ipc's `FileWriter` can only grow a column's dictionary across
//! batches as delta dictionary batches, which polars' default `read_ipc`
//! refuses ("delta dictionary batches not supported"); replacing it is not
//! allowed in the file format. Here each batch's keys are remapped into the
//! column's dictionary so far (`Unified`), the record batches are written
//! as they come, and every column's whole dictionary is written once, after
//! them: the file format requires a key only to be defined somewhere in the
//! file, and its readers (arrow-rs, pyarrow, polars, Java, Go) read every
//! dictionary the footer lists before any record batch. What is held is
//! one batch and each dictionary's distinct values, never the rows.

use arrow_array::cast::AsArray;
use arrow_array::types::Int32Type;
use arrow_array::{new_empty_array, ArrayRef, DictionaryArray, Int32Array, RecordBatch};
use arrow_array::{Array, StringArray};
use arrow_ipc::convert::IpcSchemaEncoder;
use arrow_ipc::writer::{
    write_message, DictionaryHandling, DictionaryTracker, IpcDataGenerator, IpcWriteContext,
    IpcWriteOptions,
};
use arrow_ipc::{Block, FooterBuilder, MetadataVersion};
use arrow_schema::{ArrowError, DataType, SchemaRef};
use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

/// The file's opening: the magic, padded as arrow-ipc pads it (to its
/// default 64-byte alignment, so every message body stays aligned).
const HEAD: usize = 64;

/// An Arrow IPC file being written; [`finish`](Self::finish) writes the
/// dictionaries and the footer.
pub(crate) struct OneDictionaryFile<W: Write> {
    out: W,
    schema: SchemaRef,
    options: IpcWriteOptions,
    generator: IpcDataGenerator,
    /// What the record batches were encoded against (their own
    /// dictionary messages, only deltas, are dropped).
    tracker: DictionaryTracker,
    context: IpcWriteContext,
    /// Bytes written so far: where the next message starts.
    offset: usize,
    records: Vec<Block>,
    dictionaries: Unified,
}

impl<W: Write> OneDictionaryFile<W> {
    /// Writes the magic and the schema.
    pub(crate) fn try_new(
        mut out: W,
        schema: SchemaRef,
        options: IpcWriteOptions,
    ) -> Result<Self, ArrowError> {
        let generator = IpcDataGenerator::default();
        // Deltas, so that dropping a batch's dictionary messages costs
        // only its new values' encoding.
        let options = options.with_dictionary_handling(DictionaryHandling::Delta);
        let mut tracker = DictionaryTracker::new(false);
        let mut head = [0u8; HEAD];
        head[..6].copy_from_slice(b"ARROW1");
        out.write_all(&head)?;
        let message =
            generator.schema_to_bytes_with_dictionary_tracker(&schema, &mut tracker, &options);
        let (meta, body) = write_message(&mut out, message, &options)?;
        Ok(OneDictionaryFile {
            out,
            schema,
            options,
            generator,
            tracker,
            context: IpcWriteContext::default(),
            offset: HEAD + meta + body,
            records: Vec::new(),
            dictionaries: Unified::default(),
        })
    }

    /// Writes one record batch, its dictionary columns' keys pointing into
    /// each column's one dictionary.
    pub(crate) fn write(&mut self, batch: &RecordBatch) -> Result<(), ArrowError> {
        let batch = self.dictionaries.remap(batch)?;
        let (_deltas, encoded) =
            self.generator
                .encode(&batch, &mut self.tracker, &self.options, &mut self.context)?;
        let (meta, body) = write_message(&mut self.out, encoded, &self.options)?;
        self.records.push(block(self.offset, meta, body)?);
        self.offset += meta + body;
        Ok(())
    }

    /// Writes every column's dictionary, the end-of-stream marker and the
    /// footer; the writer inside, flushed.
    pub(crate) fn finish(mut self) -> Result<W, ArrowError> {
        let columns = self
            .schema
            .fields()
            .iter()
            .enumerate()
            .map(|(c, field)| self.dictionaries.whole(c, field.data_type()))
            .collect::<Result<Vec<_>, _>>()?;
        let holder = RecordBatch::try_new(self.schema.clone(), columns)?;
        // A fresh tracker numbers the dictionaries as the schema did.
        let mut tracker = DictionaryTracker::new(false);
        let _ = self.generator.schema_to_bytes_with_dictionary_tracker(
            &self.schema,
            &mut tracker,
            &self.options,
        );
        let (dictionaries, _) =
            self.generator
                .encode(&holder, &mut tracker, &self.options, &mut self.context)?;
        let mut blocks = Vec::with_capacity(dictionaries.len());
        for dictionary in dictionaries {
            let (meta, body) = write_message(&mut self.out, dictionary, &self.options)?;
            blocks.push(block(self.offset, meta, body)?);
            self.offset += meta + body;
        }
        // End of stream: the continuation marker and a zero length.
        self.out.write_all(&[0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0])?;

        let mut fbb = flatbuffers::FlatBufferBuilder::new();
        let dictionaries = fbb.create_vector(&blocks);
        let records = fbb.create_vector(&self.records);
        let mut tracker = DictionaryTracker::new(false);
        let schema = IpcSchemaEncoder::new()
            .with_dictionary_tracker(&mut tracker)
            .schema_to_fb_offset(&mut fbb, &self.schema);
        let mut footer = FooterBuilder::new(&mut fbb);
        footer.add_version(MetadataVersion::V5);
        footer.add_schema(schema);
        footer.add_dictionaries(dictionaries);
        footer.add_recordBatches(records);
        let footer = footer.finish();
        fbb.finish(footer, None);
        let footer = fbb.finished_data();
        let len = i32::try_from(footer.len())
            .map_err(|_| ArrowError::IpcError("a footer over 2 GiB".into()))?;
        self.out.write_all(footer)?;
        self.out.write_all(&len.to_le_bytes())?;
        self.out.write_all(b"ARROW1")?;
        self.out.flush()?;
        Ok(self.out)
    }
}

/// A footer block: where a message starts and its two lengths.
fn block(offset: usize, meta: usize, body: usize) -> Result<Block, ArrowError> {
    let too_big = |_| ArrowError::IpcError("a message beyond 2^63 bytes".into());
    Ok(Block::new(
        i64::try_from(offset).map_err(too_big)?,
        i32::try_from(meta).map_err(|_| ArrowError::IpcError("metadata over 2 GiB".into()))?,
        i64::try_from(body).map_err(too_big)?,
    ))
}

/// Per dictionary column, every value seen so far, in first-seen order.
#[derive(Default)]
struct Unified {
    columns: HashMap<usize, (Vec<String>, HashMap<String, i32>)>,
}

impl Unified {
    /// `batch` with each dictionary column's keys pointing into its
    /// column's dictionary so far, extended by this batch's new values.
    /// A dictionary of another kind than `Int32` keys over text (which
    /// encbench's tables never write) is an error, not a wrong file.
    fn remap(&mut self, batch: &RecordBatch) -> Result<RecordBatch, ArrowError> {
        let mut columns = batch.columns().to_vec();
        for (c, column) in columns.iter_mut().enumerate() {
            if !matches!(column.data_type(), DataType::Dictionary(..)) {
                continue;
            }
            let unsupported = || {
                ArrowError::NotYetImplemented(format!(
                    "a dictionary column of {} (only Int32 keys over text are unified)",
                    column.data_type()
                ))
            };
            let dictionary = column
                .as_dictionary_opt::<Int32Type>()
                .ok_or_else(unsupported)?;
            let values = dictionary
                .values()
                .as_string_opt::<i32>()
                .ok_or_else(unsupported)?;
            let (all, index) = self.columns.entry(c).or_default();
            let mut local = Vec::with_capacity(values.len());
            for v in values.iter() {
                let v = v.unwrap_or_default();
                let key = match index.get(v) {
                    Some(&key) => key,
                    None => {
                        let key = i32::try_from(all.len()).map_err(|_| {
                            ArrowError::IpcError("a dictionary of over 2^31 values".into())
                        })?;
                        index.insert(v.to_string(), key);
                        all.push(v.to_string());
                        key
                    }
                };
                local.push(key);
            }
            let keys: Int32Array = dictionary
                .keys()
                .iter()
                .map(|k| {
                    k.map(|k| {
                        usize::try_from(k)
                            .ok()
                            .and_then(|k| local.get(k).copied())
                            .ok_or_else(|| ArrowError::IpcError(format!("a key {k} out of range")))
                    })
                    .transpose()
                })
                .collect::<Result<_, _>>()?;
            let unified = StringArray::from_iter_values(all.iter());
            *column = Arc::new(DictionaryArray::<Int32Type>::try_new(
                keys,
                Arc::new(unified),
            )?);
        }
        RecordBatch::try_new(batch.schema(), columns)
    }

    /// Column `c` with no rows, holding its whole dictionary when it has one.
    fn whole(&self, c: usize, ty: &DataType) -> Result<ArrayRef, ArrowError> {
        let DataType::Dictionary(..) = ty else {
            return Ok(new_empty_array(ty));
        };
        let Some((all, _)) = self.columns.get(&c) else {
            return Ok(new_empty_array(ty)); // no batch: an empty dictionary
        };
        let values = StringArray::from_iter_values(all.iter());
        let keys = Int32Array::from(Vec::<i32>::new());
        Ok(Arc::new(DictionaryArray::<Int32Type>::try_new(
            keys,
            Arc::new(values),
        )?))
    }
}

#[cfg(test)]
mod tests {
    use crate::columnar::ArrowIpcTable;
    use crate::tables::streaming::ReadBack;
    use crate::tables::TableCodec;
    use encbench_table::schema::{ColumnType, Field, Schema};
    use encbench_table::table::{Cell, Table};
    use encbench_table::testing::{run_python, worker_python};

    /// Batches of `carrier` (a dictionary column), `code` (a second one)
    /// and `n`, each batch with values of its own, some shared, some null.
    fn batches() -> (Schema, Vec<Table>) {
        let schema = Schema {
            fields: vec![
                Field::new("carrier", ColumnType::Dictionary, true),
                Field::new("code", ColumnType::Dictionary, false),
                Field::new("n", ColumnType::Int64, false),
            ],
        };
        let rows: [&[(Option<&str>, &str)]; 4] = [
            &[(Some("UA"), "x"), (Some("AA"), "y"), (Some("UA"), "x")],
            &[(Some("DL"), "z"), (None, "x"), (Some("AA"), "w")],
            &[(Some("ünï ✓"), "y")],
            &[(Some("B6"), "v"), (Some("UA"), "v"), (Some("DL"), "u")],
        ];
        let mut n = 0;
        let tables = rows
            .iter()
            .map(|batch| {
                let mut t = Table::new(schema.clone(), 0);
                for (carrier, code) in batch.iter() {
                    n += 1;
                    t.push_row(&[
                        carrier.map_or(Cell::Null, Cell::Str),
                        Cell::Str(code),
                        Cell::Int(n),
                    ])
                    .unwrap();
                }
                t
            })
            .collect();
        (schema, tables)
    }

    /// Every row as `carrier|code|n`, `None` for null.
    fn expected(tables: &[Table]) -> String {
        let mut lines = Vec::new();
        for t in tables {
            for r in 0..t.rows() {
                let cell = |c: usize| match t.columns[c].cell(r) {
                    Cell::Str(s) => s.to_string(),
                    Cell::Int(i) => i.to_string(),
                    _ => "None".to_string(),
                };
                lines.push(format!("{}|{}|{}", cell(0), cell(1), cell(2)));
            }
        }
        lines.join("\n")
    }

    #[test]
    fn batches_with_differing_dictionaries_open_in_polars_and_pyarrow_with_one_dictionary_each() {
        let (schema, tables) = batches();
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.arrow");
        let codec = ArrowIpcTable::with_compressor("lz4").unwrap();
        let mut out = std::fs::File::create(&path).unwrap();
        let mut feed = tables.iter().cloned().map(Ok);
        codec.write_stream(&schema, 0, &mut feed, &mut out).unwrap();
        drop(out);

        // arrow-rs reads every row back, in order.
        let mut back = Table::new(schema.clone(), 0);
        let input = ReadBack {
            path: &path,
            compressor: None,
        };
        codec
            .read_stream(&schema, &input, &mut |t| {
                back.append(&t);
                Ok(())
            })
            .unwrap();
        let want = expected(&tables);
        assert_eq!(expected(&[back]), want);

        let Some(python) = worker_python() else {
            return;
        };
        let script = r#"
import polars as pl, pyarrow as pa, pyarrow.ipc as ipc
def rows(cols):
    return "\n".join("|".join("None" if v is None else str(v) for v in r) for r in zip(*cols))
df = pl.read_ipc("out.arrow")
assert [str(t) for t in df.dtypes] == ["Categorical", "Categorical", "Int64"], df.dtypes
polars_rows = rows([df[c].to_list() for c in df.columns])
with pa.memory_map("out.arrow") as source:
    reader = ipc.open_file(source)
    table = reader.read_all()
    stats = reader.stats
assert pa.types.is_dictionary(table.schema.field("carrier").type), table.schema
arrow_rows = rows([table.column(c).to_pylist() for c in table.column_names])
assert polars_rows == arrow_rows, (polars_rows, arrow_rows)
print(f"dictionaries {stats.num_dictionary_batches} deltas {stats.num_dictionary_deltas} replaced {stats.num_replaced_dictionaries}")
print(polars_rows)
"#;
        let printed = run_python(&python, dir.path(), script);
        let (stats, rows) = printed.split_once('\n').unwrap();
        assert_eq!(stats, "dictionaries 2 deltas 0 replaced 0");
        assert_eq!(rows.trim_end(), want);
    }
}
