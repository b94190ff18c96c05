//! Arrow IPC stream format (arrow-ipc).

use super::{check_schema, ArrowRecord};
use crate::{Codec, CodecError};
use arrow_ipc::reader::StreamReader;
use arrow_ipc::writer::StreamWriter;
use arrow_ipc::Message;
use arrow_schema::{DataType, Field};
use std::marker::PhantomData;

/// The whole batch as one Arrow `RecordBatch` in an IPC *stream* (schema
/// message, one record-batch message, end-of-stream marker), written by
/// `StreamWriter` with default options (64-byte buffer alignment, metadata
/// V5, no IPC compression) and read back by `StreamReader` with arrow's
/// validation on (the default: UTF-8, offsets, nullability), then converted
/// to owned records with every column type-checked.
///
/// Decoding first walks the message framing once: each message's lengths,
/// its flatbuffer header verified, must fit in the input; the stream must
/// end with the end-of-stream marker exactly at the last byte; and each
/// buffer a record-batch header declares must lie inside its body, with a
/// length that is a whole number of elements of what our schema puts there.
/// That pass exists because of the stream reader: it treats a clean end of
/// input between messages as the end of the stream (so a cut stream would
/// read as a shorter one), reserves up to 64 MiB for a body length it has
/// not checked, and (arrow 60) panics on a buffer outside the body or an
/// offsets buffer whose length is not a multiple of 4.
pub struct ArrowIpc<R>(PhantomData<fn() -> R>);

impl<R> Default for ArrowIpc<R> {
    fn default() -> Self {
        ArrowIpc(PhantomData)
    }
}

impl<R: ArrowRecord + Send + Sync> Codec<Vec<R>> for ArrowIpc<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let batch = R::to_batch(value)?;
        let mut writer = StreamWriter::try_new(&mut *out, &R::arrow_schema()).map_err(ipc_error)?;
        writer.write(&batch).map_err(ipc_error)?;
        writer.finish().map_err(ipc_error)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let messages = check_framing(bytes)?;
        let mut reader = StreamReader::try_new(bytes, None).map_err(ipc_error)?;
        check_schema(&reader.schema(), &R::arrow_schema())?;
        // Only now, with the schema known to be ours, do buffer checks by it.
        let widths = buffer_widths::<R>()?;
        for (header_at, message) in &messages {
            check_buffers(message, &widths, *header_at)?;
        }
        let mut out = Vec::new();
        for batch in &mut reader {
            R::from_batch(&batch.map_err(ipc_error)?, &mut out)?;
        }
        // The framing pass guarantees the reader stopped at the marker, at the end.
        CodecError::check_consumed(bytes.len() - reader.get_ref().len(), bytes.len())?;
        Ok(out)
    }
}

fn ipc_error(error: arrow_schema::ArrowError) -> CodecError {
    CodecError::library("arrow-ipc", error)
}

const CONTINUATION: u32 = 0xffff_ffff;

/// Checks that `bytes` is a sequence of whole IPC messages ending with the
/// end-of-stream marker at its last byte, as the reader will parse them,
/// and returns each message header with its offset.
fn check_framing(bytes: &[u8]) -> Result<Vec<(usize, Message<'_>)>, CodecError> {
    let mut messages = Vec::new();
    let mut pos = 0;
    loop {
        let mut len = read_u32(bytes, pos)?;
        pos += 4;
        // Current format: continuation marker then the length; the pre-1.0
        // format has the length alone. The reader accepts both.
        if len == CONTINUATION {
            len = read_u32(bytes, pos)?;
            pos += 4;
        }
        if len == 0 {
            // End-of-stream marker.
            CodecError::check_consumed(pos, bytes.len())?;
            return Ok(messages);
        }
        let meta_len = usize::try_from(i32::from_le_bytes(len.to_le_bytes()))
            .map_err(|_| CodecError::invalid(pos - 4, "negative IPC metadata length"))?;
        let meta = take(bytes, pos, meta_len)?;
        let message = arrow_ipc::root_as_message(meta)
            .map_err(|e| CodecError::invalid(pos, format!("IPC message header: {e}")))?;
        let body_len = usize::try_from(message.bodyLength())
            .map_err(|_| CodecError::invalid(pos, "negative IPC body length"))?;
        let header_at = pos;
        pos += meta_len;
        take(bytes, pos, body_len)?;
        pos += body_len;
        messages.push((header_at, message));
    }
}

/// The element width of each buffer of a batch of `R`, in the order the
/// IPC format lists them (depth first; 1 where any length is valid:
/// validity bitmaps and string bytes).
fn buffer_widths<R: ArrowRecord>() -> Result<Vec<usize>, CodecError> {
    fn walk(field: &Field, out: &mut Vec<usize>) -> Result<(), CodecError> {
        out.push(1); // validity bitmap
        match field.data_type() {
            DataType::Utf8 => out.extend([4, 1]),
            DataType::List(child) | DataType::Map(child, _) => {
                out.push(4);
                walk(child, out)?;
            }
            DataType::Struct(children) => {
                for child in children {
                    walk(child, out)?;
                }
            }
            other => out.push(other.primitive_width().ok_or_else(|| {
                CodecError::library("arrow-ipc", format!("no buffer layout for {other}"))
            })?),
        }
        Ok(())
    }
    let mut out = Vec::new();
    for field in R::arrow_schema().fields() {
        walk(field, &mut out)?;
    }
    Ok(out)
}

/// Fails unless a record-batch header declares as many buffers as `widths`,
/// each inside the body and a whole number of elements long. arrow-ipc 60
/// slices the body with these offsets and lengths unchecked
/// (`Buffer::slice_with_length` asserts), and arrow-data's offset
/// validation views an offsets buffer as `i32`s with `Buffer::typed_data`,
/// which asserts the length is a multiple of 4: both would panic.
fn check_buffers(
    message: &Message<'_>,
    widths: &[usize],
    header_at: usize,
) -> Result<(), CodecError> {
    if message.header_as_dictionary_batch().is_some() {
        // None of our schemas has a dictionary-encoded column.
        return Err(CodecError::invalid(
            header_at,
            "unexpected IPC dictionary batch",
        ));
    }
    let Some(batch) = message.header_as_record_batch() else {
        return Ok(()); // a schema message: the reader checks what it may be
    };
    // The framing pass checked that the body fits in the input.
    let body_len = usize::try_from(message.bodyLength()).unwrap_or(0);
    let buffers = batch.buffers().unwrap_or_default();
    if buffers.len() != widths.len() {
        return Err(CodecError::invalid(
            header_at,
            format!(
                "IPC record batch declares {} buffers, the schema has {}",
                buffers.len(),
                widths.len()
            ),
        ));
    }
    for (k, (buffer, &width)) in buffers.iter().zip(widths).enumerate() {
        let fits = usize::try_from(buffer.offset())
            .ok()
            .zip(usize::try_from(buffer.length()).ok())
            .and_then(|(offset, length)| Some((offset.checked_add(length)?, length)))
            .is_some_and(|(end, length)| end <= body_len && length % width == 0);
        if !fits {
            return Err(CodecError::invalid(
                header_at,
                format!(
                    "IPC buffer {k} (offset {}, length {}, {width}-byte elements) does not fit the {body_len}-byte body",
                    buffer.offset(),
                    buffer.length()
                ),
            ));
        }
    }
    Ok(())
}

fn read_u32(bytes: &[u8], pos: usize) -> Result<u32, CodecError> {
    let word: [u8; 4] = take(bytes, pos, 4)?
        .try_into()
        .map_err(|_| CodecError::Truncated {
            offset: pos,
            needed: 4,
        })?;
    Ok(u32::from_le_bytes(word))
}

fn take(bytes: &[u8], pos: usize, len: usize) -> Result<&[u8], CodecError> {
    pos.checked_add(len)
        .and_then(|end| bytes.get(pos..end))
        .ok_or(CodecError::Truncated {
            offset: pos,
            needed: len,
        })
}

/// The same encoding over user tables (`encbench file`): the table as
/// Arrow record batches (`encbench_table::arrow`), written as an IPC file
/// (Feather v2: the stream with a footer indexing its batches, what
/// `.arrow` and `.feather` files hold and what pandas' `read_feather`,
/// polars' `read_ipc` and `pyarrow.ipc.open_file` open), its buffers
/// compressed with lz4 or zstd when asked (the IPC format's own
/// compression, which every Arrow reader undoes).
#[cfg(feature = "tables")]
mod over_tables {
    use crate::columnar::ipc_file::OneDictionaryFile;
    use crate::tables::native::{bad_level, family_level, not_offered};
    use crate::tables::streaming::{Batches, ReadBack, Visit};
    use crate::tables::TableCodec;
    use arrow_ipc::writer::{FileWriter, IpcWriteOptions};
    use arrow_ipc::CompressionType;
    use encbench_table::arrow::{append_batch, arrow_schema, to_batch};
    use encbench_table::schema::Schema;
    use encbench_table::table::Table;
    use encbench_table::{error::codec, Error};

    /// Arrow IPC file, buffers compressed or not.
    #[derive(Debug, Clone, Copy, Default)]
    pub struct ArrowIpcTable {
        compression: Option<(CompressionType, Option<i32>)>,
    }

    impl ArrowIpcTable {
        /// Arrow IPC with buffers compressed as `compressor` (an id) says.
        pub fn with_compressor(compressor: &str) -> Result<ArrowIpcTable, String> {
            let compression = match family_level(compressor) {
                ("lz4", None) => (CompressionType::LZ4_FRAME, None),
                ("zstd", level) => (CompressionType::ZSTD, level),
                _ => return Err(not_offered("Arrow IPC", compressor, "lz4 and zstd")),
            };
            let table = ArrowIpcTable {
                compression: Some(compression),
            };
            table
                .options()
                .map_err(|e| bad_level("Arrow IPC", compressor, e))?;
            Ok(table)
        }

        fn options(&self) -> Result<IpcWriteOptions, arrow_schema::ArrowError> {
            let options = IpcWriteOptions::default();
            match self.compression {
                None => Ok(options),
                Some((kind, level)) => options
                    .try_with_compression(Some(kind))?
                    .try_with_compression_level(level),
            }
        }
    }

    impl TableCodec for ArrowIpcTable {
        fn id(&self) -> &'static str {
            "arrow"
        }
        fn summary(&self) -> &'static str {
            "Apache Arrow IPC file (Feather v2), buffers compressed by lz4 or zstd when named (arrow-ipc)"
        }
        fn extension(&self) -> &'static str {
            "arrow"
        }
        fn nests_natively(&self) -> bool {
            true
        }
        fn compressed(&self, compressor: &str) -> Option<Result<Box<dyn TableCodec>, String>> {
            Some(
                ArrowIpcTable::with_compressor(compressor)
                    .map(|c| Box::new(c) as Box<dyn TableCodec>),
            )
        }
        fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
            // One batch: one dictionary per column.
            let batch = to_batch(table)?;
            let fail = |e| codec("arrow", e);
            let options = self.options().map_err(fail)?;
            let mut writer =
                FileWriter::try_new_with_options(out, &batch.schema(), options).map_err(fail)?;
            writer.write(&batch).map_err(fail)?;
            writer.finish().map_err(fail)
        }
        fn write_stream(
            &self,
            schema: &Schema,
            _rows: usize,
            batches: &mut Batches<'_>,
            out: &mut (dyn std::io::Write + Send),
        ) -> Result<(), Error> {
            // Batches differ in their dictionaries; the file holds one per
            // column, written after the batches (see `ipc_file`), never a
            // delta, which polars' default `read_ipc` refuses.
            let fail = |e| codec("arrow", e);
            let options = self.options().map_err(fail)?;
            let schema = arrow_schema(schema);
            let mut writer = OneDictionaryFile::try_new(out, schema, options).map_err(fail)?;
            for batch in batches {
                writer.write(&to_batch(&batch?)?).map_err(fail)?;
            }
            writer.finish().map(drop).map_err(fail)
        }
        fn read_stream(
            &self,
            schema: &Schema,
            input: &ReadBack<'_>,
            visit: &mut Visit<'_>,
        ) -> Result<(), Error> {
            // Buffered: the reader takes each batch in several small reads.
            let (file, _scratch) = input.file()?;
            let reader =
                arrow_ipc::reader::FileReader::try_new(std::io::BufReader::new(file), None)
                    .map_err(|e| codec("arrow", e))?;
            crate::columnar::visit_table_batches("arrow", schema, reader, visit)
        }
        fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
            arrow_columns(bytes, schema, None)
        }
        fn decode_columns(
            &self,
            bytes: &[u8],
            schema: &Schema,
            columns: &[usize],
        ) -> Option<Result<Table, Error>> {
            Some(arrow_columns(bytes, schema, Some(columns)))
        }
    }

    /// An Arrow IPC file in memory, every column or only `columns` (the
    /// others are stepped over, not decoded); a panic of the reader on
    /// damaged bytes (arrow-buffer asserts on some) is an error.
    fn arrow_columns(
        bytes: &[u8],
        schema: &Schema,
        columns: Option<&[usize]>,
    ) -> Result<Table, Error> {
        crate::columnar::unpanicked("arrow", || arrow_columns_unguarded(bytes, schema, columns))
    }

    fn arrow_columns_unguarded(
        bytes: &[u8],
        schema: &Schema,
        columns: Option<&[usize]>,
    ) -> Result<Table, Error> {
        let fail = |e| codec("arrow", e);
        let reader = arrow_ipc::reader::FileReader::try_new(
            std::io::Cursor::new(bytes),
            columns.map(<[usize]>::to_vec),
        )
        .map_err(fail)?;
        let mut table = Table::new(
            columns.map_or_else(|| schema.clone(), |c| schema.project(c)),
            0,
        );
        for batch in reader {
            append_batch(&mut table, &batch.map_err(fail)?)?;
        }
        Ok(table)
    }
}
#[cfg(feature = "tables")]
pub use over_tables::ArrowIpcTable;
