//! Apache Parquet through its Arrow writer and reader (the `parquet` crate).

use super::{check_schema, ArrowRecord};
use crate::{Codec, CodecError};
use bytes::Bytes;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::errors::ParquetError;
use parquet::file::metadata::ParquetMetaData;
use parquet::file::properties::WriterProperties;
use std::marker::PhantomData;

#[cfg(feature = "tables")]
mod encoding;
#[cfg(all(test, feature = "tables"))]
mod tests;
#[cfg(feature = "tables")]
mod tuned;
#[cfg(feature = "tables")]
pub mod tuning;
#[cfg(all(test, feature = "tables"))]
mod tuning_tests;

/// The whole batch as a Parquet file written by `ArrowWriter` in one row
/// group, read back by `ParquetRecordBatchReader` (its default 1024-row
/// batches) and converted to owned records with every column type-checked.
///
/// Writer settings: no Parquet compression (`UNCOMPRESSED`; the crate is
/// built without its codecs) so the separate compression layer is measured
/// on comparable bytes, and no row-group size limit so the batch is one row
/// group. Everything else is the library's default: format version 1.0
/// data pages; dictionary encoding on for every column, falling back to
/// PLAIN once a column's dictionary page passes 1 MiB; RLE/bit-packed
/// levels; 1 MiB / 20,000-row data page limits; page-level min/max
/// statistics plus the column and offset indexes; no bloom filters; and the
/// Arrow schema embedded in the footer (`ARROW:schema`), which the reader
/// uses to restore the exact Arrow types (unsigned integers, timestamps,
/// field names).
///
/// The reader needs a `ChunkReader`; for bytes in memory that is
/// `bytes::Bytes`, so decoding copies the input once into a `Bytes` (the
/// reader's API cannot borrow a slice: it needs `'static`). That copy is
/// part of the measured decode time.
pub struct Parquet<R>(PhantomData<fn() -> R>);

impl<R> Default for Parquet<R> {
    fn default() -> Self {
        Parquet(PhantomData)
    }
}

fn properties() -> WriterProperties {
    WriterProperties::builder()
        .set_compression(Compression::UNCOMPRESSED)
        .set_max_row_group_row_count(None)
        .build()
}

fn parquet_error(error: ParquetError) -> CodecError {
    CodecError::library("parquet", error)
}

/// Fails unless every column chunk the footer lists lies inside the file.
/// `ColumnChunkMetaData::byte_range` (parquet 60) asserts that a chunk's
/// start and size are not negative, so a corrupt footer would panic there.
fn check_chunks(metadata: &ParquetMetaData, file_len: usize) -> Result<(), CodecError> {
    for (g, group) in metadata.row_groups().iter().enumerate() {
        for (c, chunk) in group.columns().iter().enumerate() {
            let start = chunk
                .dictionary_page_offset()
                .unwrap_or_else(|| chunk.data_page_offset());
            let end = u64::try_from(start)
                .ok()
                .zip(u64::try_from(chunk.compressed_size()).ok())
                .and_then(|(start, len)| start.checked_add(len));
            if end.is_none_or(|end| end > file_len as u64) {
                return Err(CodecError::library(
                    "parquet",
                    format!(
                        "row group {g}, column {c}: chunk at {start} of {} bytes lies outside the {file_len}-byte file",
                        chunk.compressed_size()
                    ),
                ));
            }
        }
    }
    Ok(())
}

impl<R: ArrowRecord + Send + Sync> Codec<Vec<R>> for Parquet<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let batch = R::to_batch(value)?;
        let mut writer = ArrowWriter::try_new(&mut *out, R::arrow_schema(), Some(properties()))
            .map_err(parquet_error)?;
        writer.write(&batch).map_err(parquet_error)?;
        writer.close().map_err(parquet_error)?;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let builder = ParquetRecordBatchReaderBuilder::try_new(Bytes::copy_from_slice(bytes))
            .map_err(parquet_error)?;
        check_schema(builder.schema(), &R::arrow_schema())?;
        check_chunks(builder.metadata(), bytes.len())?;
        let reader = builder.build().map_err(parquet_error)?;
        let mut out = Vec::new();
        for batch in reader {
            let batch = batch.map_err(|e| CodecError::library("parquet", e))?;
            R::from_batch(&batch, &mut out)?;
        }
        Ok(out)
    }
}

/// The same encoding over user tables (`encbench file`): the table as Arrow
/// record batches (`encbench_table::arrow`) in row groups sized as common
/// writers size them, each integer and float column encoded as its first
/// rows show smallest (`encoding`), pages compressed with the
/// format's own codec when one is asked for (`parquet + zstd-3` is a
/// Parquet file with zstd pages, as pyarrow, DuckDB and Spark write and
/// read it), the Arrow schema embedded so the reader restores the exact types.
#[cfg(feature = "tables")]
mod over_tables {
    use super::encoding::{choose_all, SAMPLE_ROWS};
    use crate::columnar::parquet_parallel::ParallelWriter;
    use crate::tables::native::{bad_level, family_level, not_offered};
    use crate::tables::streaming::{pipelined, Batches, Parts, ReadBack, Visit, READ_BATCH_ROWS};
    use crate::tables::TableCodec;
    use arrow_array::RecordBatch;
    use arrow_schema::Schema as ArrowSchema;
    use encbench_table::arrow::{append_batch, arrow_schema, to_batch};
    use encbench_table::schema::Schema;
    use encbench_table::table::Table;
    use encbench_table::{error::codec, Error};
    use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ParquetRecordBatchReaderBuilder};
    use parquet::basic::{BrotliLevel, Compression, GzipLevel, ZstdLevel};
    use parquet::file::properties::WriterProperties;

    /// Rows per row group: pyarrow's and parquet-rs's default (DuckDB
    /// writes 122,880), ...
    pub const ROW_GROUP_ROWS: usize = 1024 * 1024;
    /// ... and at most this many bytes, as parquet-mr bounds its row groups
    /// (128 MiB there; half here, so a conversion's memory stays bounded).
    const ROW_GROUP_BYTES: usize = 64 << 20;

    /// Apache Parquet, with its writer's settings.
    #[derive(Debug, Clone, Copy)]
    pub struct ParquetTable {
        compression: Compression,
        row_group_rows: usize,
        dictionary: bool,
    }

    impl Default for ParquetTable {
        fn default() -> ParquetTable {
            ParquetTable {
                compression: Compression::UNCOMPRESSED,
                row_group_rows: ROW_GROUP_ROWS,
                dictionary: true,
            }
        }
    }

    /// Parquet's page codecs, as `not_offered` lists them.
    const OWN: &str = "snappy, gzip, zstd, lz4 and brotli";

    impl ParquetTable {
        /// Parquet with pages compressed as `compressor` (an id: `zstd-3`) says.
        pub fn with_compressor(self, compressor: &str) -> Result<ParquetTable, String> {
            let bad = |e: parquet::errors::ParquetError| bad_level("Parquet", compressor, e);
            let compression = match family_level(compressor) {
                ("snappy", None) => Compression::SNAPPY,
                ("lz4", None) => Compression::LZ4_RAW,
                ("zstd", level) => {
                    Compression::ZSTD(ZstdLevel::try_new(level.unwrap_or(1)).map_err(bad)?)
                }
                ("gzip", level) => Compression::GZIP(
                    GzipLevel::try_new(level.unwrap_or(6).max(0) as u32).map_err(bad)?,
                ),
                ("brotli", level) => Compression::BROTLI(
                    BrotliLevel::try_new(level.unwrap_or(1).max(0) as u32).map_err(bad)?,
                ),
                _ => return Err(not_offered("Parquet", compressor, OWN)),
            };
            Ok(ParquetTable {
                compression,
                ..self
            })
        }

        /// As a file's own writer set it: rows per row group and dictionary use.
        pub fn with_layout(self, row_group_rows: usize, dictionary: bool) -> ParquetTable {
            ParquetTable {
                row_group_rows: row_group_rows.max(1),
                dictionary,
                ..self
            }
        }

        /// The writer's settings for `schema`, each integer and float
        /// column's encoding chosen from `sample` (the first batches). A
        /// layout copied from a file written without dictionaries stays
        /// as that file was: no choice is made.
        /// `group_rows`: rows of the first row group, where fewer than a
        /// full one.
        pub fn properties(
            &self,
            schema: &ArrowSchema,
            sample: &[RecordBatch],
            group_rows: usize,
        ) -> parquet::errors::Result<WriterProperties> {
            let mut builder = WriterProperties::builder()
                .set_compression(self.compression)
                .set_dictionary_enabled(self.dictionary)
                .set_max_row_group_row_count(Some(self.row_group_rows))
                .set_max_row_group_bytes(Some(ROW_GROUP_BYTES));
            if self.dictionary {
                let group_rows = group_rows.min(self.row_group_rows);
                for (name, choice) in choose_all(schema, sample, self.compression, group_rows)? {
                    builder = choice.apply(builder, name.into());
                }
            }
            Ok(builder.build())
        }
    }

    impl TableCodec for ParquetTable {
        fn id(&self) -> &'static str {
            "parquet"
        }
        fn summary(&self) -> &'static str {
            "Apache Parquet, row groups of up to 1 Mi rows / 64 MiB, each integer and float column as a dictionary, PLAIN, delta or byte-stream-split, whichever its first 64 Ki rows write smallest; pages compressed by its own codec when one is named (parquet ArrowWriter)"
        }
        fn extension(&self) -> &'static str {
            "parquet"
        }
        fn nests_natively(&self) -> bool {
            true
        }
        fn compressed(&self, compressor: &str) -> Option<Result<Box<dyn TableCodec>, String>> {
            Some(
                self.with_compressor(compressor)
                    .map(|c| Box::new(c) as Box<dyn TableCodec>),
            )
        }
        fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
            let batch = to_batch(table)?;
            let fail = |e| codec("parquet", e);
            let properties = self
                .properties(
                    &batch.schema(),
                    std::slice::from_ref(&batch),
                    batch.num_rows(),
                )
                .map_err(fail)?;
            let mut writer =
                parquet::arrow::ArrowWriter::try_new(out, batch.schema(), Some(properties))
                    .map_err(fail)?;
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
            let fail = |e| codec("parquet", e);
            let schema = arrow_schema(schema);
            // Arrow arrays built here, pages encoded on the writer's threads.
            pipelined(batches, &|table| to_batch(&table), move |converted| {
                // The first rows, held until they are enough to choose
                // each column's encoding from.
                let mut held = Vec::new();
                let mut rows = 0;
                while rows < SAMPLE_ROWS {
                    let Some(batch) = converted.next() else { break };
                    rows += batch.num_rows();
                    held.push(batch);
                }
                // Fewer rows than a sample: they are the whole file.
                let group_rows = if rows < SAMPLE_ROWS { rows } else { usize::MAX };
                let properties = self.properties(&schema, &held, group_rows).map_err(fail)?;
                let mut writer = ParallelWriter::try_new(out, schema, properties).map_err(fail)?;
                for batch in held.into_iter().chain(converted) {
                    writer.write(&batch).map_err(fail)?;
                }
                writer.close().map_err(fail)
            })
        }
        fn read_stream(
            &self,
            schema: &Schema,
            input: &ReadBack<'_>,
            visit: &mut Visit<'_>,
        ) -> Result<(), Error> {
            read_row_groups(schema, input, visit)
        }
        fn read_parts(&self, input: &ReadBack<'_>) -> Result<Option<Box<dyn Parts>>, Error> {
            // Whole-stream compression would need the file decompressed
            // first; the format's own codecs compress pages, not the file.
            if input.compressor.is_some() {
                return Ok(None);
            }
            let (file, _scratch) = input.file()?;
            // The footer, parsed once for every row group's reader.
            let metadata = ArrowReaderMetadata::load(&file, Default::default())
                .map_err(|e| codec("parquet", e))?;
            Ok(Some(Box::new(RowGroups {
                path: input.path.to_path_buf(),
                metadata,
            })))
        }
        fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
            parquet_columns(bytes, schema, None)
        }
        fn decode_columns(
            &self,
            bytes: &[u8],
            schema: &Schema,
            columns: &[usize],
        ) -> Option<Result<Table, Error>> {
            Some(parquet_columns(bytes, schema, Some(columns)))
        }
    }

    /// The written file read back, every row group.
    fn read_row_groups(
        schema: &Schema,
        input: &ReadBack<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Error> {
        let fail = |e| codec("parquet", e);
        let (file, _scratch) = input.file()?;
        let reader = ParquetRecordBatchReaderBuilder::try_new(file)
            .map_err(fail)?
            .with_batch_size(READ_BATCH_ROWS)
            .build()
            .map_err(fail)?;
        crate::columnar::visit_table_batches("parquet", schema, reader, visit)
    }

    /// A written (uncompressed) file's row groups, read one at a time.
    struct RowGroups {
        path: std::path::PathBuf,
        metadata: ArrowReaderMetadata,
    }

    impl Parts for RowGroups {
        fn count(&self) -> usize {
            self.metadata.metadata().num_row_groups()
        }
        fn hash_rows(
            &self,
            schema: &Schema,
            part: usize,
            hashes: &mut Vec<u64>,
        ) -> Result<(), Error> {
            // The reader panics on a row group the file does not have.
            if part >= self.count() {
                return Err(codec(
                    "parquet",
                    format!("no row group {part}: the file has {}", self.count()),
                ));
            }
            let back = ReadBack {
                path: &self.path,
                compressor: None,
            };
            let (file, _) = back.file()?;
            let reader =
                ParquetRecordBatchReaderBuilder::new_with_metadata(file, self.metadata.clone())
                    .with_batch_size(READ_BATCH_ROWS)
                    .with_row_groups(vec![part])
                    .build()
                    .map_err(|e| codec("parquet", e))?;
            // Hashed as decoded, never copied into a table.
            for batch in reader {
                let batch = batch.map_err(|e| codec("parquet", e))?;
                encbench_table::row_hash::batch_row_hashes(schema, &batch, hashes)?;
            }
            Ok(())
        }
    }

    /// A Parquet file in memory, every column or only `columns`: then only
    /// their pages are decoded (their column chunks are found through the
    /// footer); they come in file order, so `columns` must be ascending. A
    /// panic of the reader on damaged bytes is an error.
    fn parquet_columns(
        bytes: &[u8],
        schema: &Schema,
        columns: Option<&[usize]>,
    ) -> Result<Table, Error> {
        crate::columnar::unpanicked("parquet", || {
            parquet_columns_unguarded(bytes, schema, columns)
        })
    }

    fn parquet_columns_unguarded(
        bytes: &[u8],
        schema: &Schema,
        columns: Option<&[usize]>,
    ) -> Result<Table, Error> {
        let fail = |e| codec("parquet", e);
        // The reader needs owned bytes ('static); the copy is part of decode time.
        let mut builder =
            ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::copy_from_slice(bytes))
                .map_err(fail)?;
        let mut table = Table::new(schema.clone(), 0);
        if let Some(columns) = columns {
            let mask =
                parquet::arrow::ProjectionMask::roots(builder.parquet_schema(), columns.to_vec());
            builder = builder.with_projection(mask);
            table = Table::new(schema.project(columns), 0);
        }
        for batch in builder.build().map_err(fail)? {
            append_batch(&mut table, &batch.map_err(|e| codec("parquet", e))?)?;
        }
        Ok(table)
    }
}
#[cfg(feature = "tables")]
pub use encoding::Choice;
#[cfg(feature = "tables")]
pub use over_tables::{ParquetTable, ROW_GROUP_ROWS};
#[cfg(feature = "tables")]
pub use tuned::{Handle, TunedParquet};
