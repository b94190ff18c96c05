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
