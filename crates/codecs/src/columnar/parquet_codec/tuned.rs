//! `parquet + tuned` over user tables: the file written with the settings
//! its own first rows chose (`tuning`), read back as every Parquet file is.
//! The prescription is chosen once per codec (on the table `file`
//! measures, or on a conversion's first rows) and kept, so the timed
//! writes that follow write with it and do not choose again; the caller
//! reads it through a [`Handle`] to print it.

use super::tuning::{tune, Prescription};
use super::ParquetTable;
use crate::columnar::parquet_parallel::ParallelWriter;
use crate::tables::streaming::{pipelined, Batches, Parts, ReadBack, Visit};
use crate::tables::TableCodec;
use encbench_table::arrow::{arrow_schema, to_batch};
use encbench_table::schema::Schema;
use encbench_table::table::Table;
use encbench_table::{error::codec, Error};
use std::sync::{Arc, Mutex};

/// Parquet with settings chosen on the data.
#[derive(Default)]
pub struct TunedParquet {
    chosen: Handle,
}

/// Where a [`TunedParquet`] keeps what it chose.
#[derive(Debug, Clone, Default)]
pub struct Handle(Arc<Mutex<Option<Arc<Prescription>>>>);

impl Handle {
    /// The prescription, once one was chosen.
    pub fn get(&self) -> Option<Arc<Prescription>> {
        self.0.lock().ok().and_then(|p| p.clone())
    }
    fn set(&self, p: Prescription) -> Arc<Prescription> {
        let p = Arc::new(p);
        if let Ok(mut slot) = self.0.lock() {
            *slot = Some(p.clone());
        }
        p
    }
}

impl TunedParquet {
    /// Where this codec keeps its prescription.
    pub fn handle(&self) -> Handle {
        self.chosen.clone()
    }

    /// This codec choosing nothing: writing with `p` (tests, a prescription
    /// chosen elsewhere).
    pub fn with(p: Prescription) -> TunedParquet {
        let chosen = Handle::default();
        chosen.set(p);
        TunedParquet { chosen }
    }
}

fn fail(e: parquet::errors::ParquetError) -> Error {
    codec("parquet", e)
}

impl TableCodec for TunedParquet {
    fn id(&self) -> &'static str {
        "parquet"
    }
    fn summary(&self) -> &'static str {
        "Apache Parquet with its settings chosen on the data: each column's encoding, the zstd level, rows per page and the page index, each measured on the first 64 Ki rows (parquet ArrowWriter)"
    }
    fn extension(&self) -> &'static str {
        "parquet"
    }
    fn nests_natively(&self) -> bool {
        true
    }
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        let batch = to_batch(table)?;
        let schema = batch.schema();
        let prescription = match self.chosen.get() {
            Some(p) => p,
            None => self
                .chosen
                .set(tune(&schema, std::slice::from_ref(&batch), batch.num_rows()).map_err(fail)?),
        };
        let properties = prescription.properties().map_err(fail)?;
        let mut writer =
            parquet::arrow::ArrowWriter::try_new(out, schema, Some(properties)).map_err(fail)?;
        writer.write(&batch).map_err(fail)?;
        writer.close().map(|_| ()).map_err(fail)
    }
    fn write_stream(
        &self,
        schema: &Schema,
        _rows: usize,
        batches: &mut Batches<'_>,
        out: &mut (dyn std::io::Write + Send),
    ) -> Result<(), Error> {
        let schema = arrow_schema(schema);
        pipelined(batches, &|table| to_batch(&table), move |converted| {
            // The first rows, held until they are enough to choose from.
            let mut held = Vec::new();
            let mut rows = 0;
            while rows < super::encoding::SAMPLE_ROWS {
                let Some(batch) = converted.next() else { break };
                rows += batch.num_rows();
                held.push(batch);
            }
            let prescription = match self.chosen.get() {
                Some(p) => p,
                None => {
                    // Fewer rows than a sample: they are the whole file.
                    let group = if rows < super::encoding::SAMPLE_ROWS {
                        rows
                    } else {
                        usize::MAX
                    };
                    self.chosen.set(tune(&schema, &held, group).map_err(fail)?)
                }
            };
            let properties = prescription.properties().map_err(fail)?;
            let mut writer = ParallelWriter::try_new(out, schema, properties).map_err(fail)?;
            for batch in held.into_iter().chain(converted) {
                writer.write(&batch).map_err(fail)?;
            }
            writer.close().map_err(fail)
        })
    }
    // Reading does not depend on the settings a file was written with.
    fn read_stream(
        &self,
        schema: &Schema,
        input: &ReadBack<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Error> {
        ParquetTable::default().read_stream(schema, input, visit)
    }
    fn read_parts(&self, input: &ReadBack<'_>) -> Result<Option<Box<dyn Parts>>, Error> {
        ParquetTable::default().read_parts(input)
    }
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
        ParquetTable::default().decode(bytes, schema)
    }
    fn decode_columns(
        &self,
        bytes: &[u8],
        schema: &Schema,
        columns: &[usize],
    ) -> Option<Result<Table, Error>> {
        ParquetTable::default().decode_columns(bytes, schema, columns)
    }
}
