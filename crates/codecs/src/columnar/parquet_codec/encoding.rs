//! Each column's Parquet encoding, chosen from its first rows (issue 51).
//! The writer's default, a dictionary for every column, falls back to
//! PLAIN once a dictionary page passes 1 MiB: a column of row ids then
//! costs three times what PLAIN alone would, and thousands of times what
//! DELTA_BINARY_PACKED would. No single default fits every column, and the
//! writer sees the values, so it tries them.
//!
//! The rule, for a top-level integer or float column: write its first
//! [`SAMPLE_ROWS`] rows with each candidate encoding, pages compressed as
//! the file's are, and keep the smallest (the dictionary on a tie). A
//! dictionary page is written once per row group, so the sample pays its
//! share of one (sample rows ÷ group rows), under that share of the
//! writer's 1 MiB page limit: a dictionary that keeps growing overflows
//! in the sample where it would in the full row group, and falls back to
//! PLAIN there as it would in the file.

use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding};
use parquet::errors::Result;
use parquet::file::properties::{
    WriterProperties, WriterPropertiesBuilder, DEFAULT_DICTIONARY_PAGE_SIZE_LIMIT,
};
use parquet::schema::types::ColumnPath;
use std::sync::{Arc, Mutex};

/// Rows of each column written with every candidate: enough that a
/// dictionary of a few thousand values is a small share of its sample.
pub const SAMPLE_ROWS: usize = 64 * 1024;

/// How a column's values are encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// A dictionary page and RLE/bit-packed keys (the writer's default).
    Dictionary,
    /// The values as they are.
    Plain,
    /// DELTA_BINARY_PACKED: differences from the previous value, bit-packed.
    Delta,
    /// BYTE_STREAM_SPLIT: the values' bytes regrouped by position.
    ByteStreamSplit,
    /// DELTA_LENGTH_BYTE_ARRAY: the lengths delta-packed, then the bytes.
    DeltaLength,
    /// DELTA_BYTE_ARRAY: each value's prefix shared with the previous one
    /// and its suffix.
    DeltaByteArray,
}

impl Choice {
    /// `builder` with this encoding for the column at `path`.
    pub fn apply(
        self,
        builder: WriterPropertiesBuilder,
        path: ColumnPath,
    ) -> WriterPropertiesBuilder {
        let encoding = match self {
            Choice::Dictionary => return builder.set_column_dictionary_enabled(path, true),
            Choice::Plain => Encoding::PLAIN,
            Choice::Delta => Encoding::DELTA_BINARY_PACKED,
            Choice::ByteStreamSplit => Encoding::BYTE_STREAM_SPLIT,
            Choice::DeltaLength => Encoding::DELTA_LENGTH_BYTE_ARRAY,
            Choice::DeltaByteArray => Encoding::DELTA_BYTE_ARRAY,
        };
        builder
            .set_column_dictionary_enabled(path.clone(), false)
            .set_column_encoding(path, encoding)
    }
}

impl Choice {
    /// The encoding's name as Parquet (and pyarrow's `column_encoding`)
    /// spells it; `None` for the dictionary.
    pub fn parquet_name(self) -> Option<&'static str> {
        Some(match self {
            Choice::Dictionary => return None,
            Choice::Plain => "PLAIN",
            Choice::Delta => "DELTA_BINARY_PACKED",
            Choice::ByteStreamSplit => "BYTE_STREAM_SPLIT",
            Choice::DeltaLength => "DELTA_LENGTH_BYTE_ARRAY",
            Choice::DeltaByteArray => "DELTA_BYTE_ARRAY",
        })
    }
}

/// What a text or binary column of `data_type` may be written as, the
/// default first (`parquet + tuned` only: the plain `parquet` candidate
/// keeps its dictionaries for text).
pub fn text_candidates(data_type: &DataType) -> &'static [Choice] {
    use DataType::*;
    match data_type {
        Dictionary(_, value) if !text_candidates(value).is_empty() => text_candidates(value),
        Utf8 | LargeUtf8 | Binary | LargeBinary => &[
            Choice::Dictionary,
            Choice::Plain,
            Choice::DeltaLength,
            Choice::DeltaByteArray,
        ],
        _ => &[],
    }
}

/// What a column of `data_type` may be written as, the default first.
pub fn candidates(data_type: &DataType) -> &'static [Choice] {
    use DataType::*;
    match data_type {
        // Stored as Parquet INT32 or INT64.
        Int8
        | Int16
        | Int32
        | Int64
        | UInt8
        | UInt16
        | UInt32
        | UInt64
        | Date32
        | Date64
        | Time32(_)
        | Time64(_)
        | Timestamp(_, _)
        | Duration(_) => &[Choice::Dictionary, Choice::Plain, Choice::Delta],
        Float32 | Float64 => &[Choice::Dictionary, Choice::Plain, Choice::ByteStreamSplit],
        _ => &[],
    }
}

/// The choice for each top-level column of `schema` that has candidates,
/// made from `sample` (the first batches; their first [`SAMPLE_ROWS`]
/// rows are tried) for row groups of `group_rows`.
pub fn choose_all(
    schema: &Schema,
    sample: &[RecordBatch],
    compression: Compression,
    group_rows: usize,
) -> Result<Vec<(String, Choice)>> {
    let tried: Vec<usize> = (0..schema.fields().len())
        .filter(|&i| !candidates(schema.field(i).data_type()).is_empty())
        .collect();
    if sample.iter().all(|b| b.num_rows() == 0) {
        return Ok(Vec::new());
    }
    // On as many threads as cores, not one per column: each trial holds
    // a writer and a zstd context, and memory a thread frees stays in its
    // allocator arena.
    let queue = Mutex::new(tried.into_iter());
    let chosen = Mutex::new(Vec::new());
    let work = || -> Result<()> {
        loop {
            let next = queue.lock().map_err(|_| poisoned())?.next();
            let Some(i) = next else { return Ok(()) };
            let field = schema.field(i);
            let choice = choose(
                field,
                &first_rows(sample, i, SAMPLE_ROWS),
                compression,
                group_rows,
            )?;
            chosen.lock().map_err(|_| poisoned())?.push((i, choice));
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut outcome = work();
        for other in others {
            outcome = outcome.and(other.join().unwrap_or_else(|_| Err(poisoned())));
        }
        outcome
    })?;
    let mut chosen = chosen.into_inner().map_err(|_| poisoned())?;
    chosen.sort_by_key(|(i, _)| *i);
    Ok(chosen
        .into_iter()
        .map(|(i, choice)| (schema.field(i).name().clone(), choice))
        .collect())
}

/// What a trial thread's panic becomes.
fn poisoned() -> parquet::errors::ParquetError {
    parquet::errors::ParquetError::General("a column's encoding trial panicked".into())
}

/// Column `i` of `batches`, up to `rows` rows, in pieces.
pub fn first_rows(batches: &[RecordBatch], i: usize, rows: usize) -> Vec<ArrayRef> {
    let mut left = rows;
    let mut parts = Vec::new();
    for batch in batches {
        if left == 0 {
            break;
        }
        let take = left.min(batch.num_rows());
        parts.push(batch.column(i).slice(0, take));
        left -= take;
    }
    parts
}

/// The candidate that writes `parts` (a column of `field`) smallest in
/// row groups of `group_rows`.
pub fn choose(
    field: &Field,
    parts: &[ArrayRef],
    compression: Compression,
    group_rows: usize,
) -> Result<Choice> {
    let among = candidates(field.data_type());
    Ok(choose_among(field, parts, compression, group_rows, among)?.0)
}

/// The smallest of `among` for `parts`, and each one's size (bytes, a
/// dictionary page counted for its share), in `among`'s order.
pub fn choose_among(
    field: &Field,
    parts: &[ArrayRef],
    compression: Compression,
    group_rows: usize,
    among: &[Choice],
) -> Result<(Choice, Vec<(Choice, f64)>)> {
    let rows: usize = parts.iter().map(|p| p.len()).sum();
    let share = (rows as f64 / group_rows.max(1) as f64).min(1.0);
    let mut best = (f64::MAX, Choice::Dictionary);
    let mut sizes = Vec::with_capacity(among.len());
    for &choice in among {
        let size = written_size(field, parts, choice, compression, share)?;
        sizes.push((choice, size));
        if size < best.0 {
            best = (size, choice);
        }
    }
    Ok((best.1, sizes))
}

/// Bytes of the column chunk `parts` make when written with `choice`, of
/// which a dictionary page counts for `share` (under that share of the
/// page limit).
pub fn written_size(
    field: &Field,
    parts: &[ArrayRef],
    choice: Choice,
    compression: Compression,
    share: f64,
) -> Result<f64> {
    let schema = Arc::new(Schema::new(vec![field.clone()]));
    let limit = (DEFAULT_DICTIONARY_PAGE_SIZE_LIMIT as f64 * share) as usize;
    let builder = WriterProperties::builder()
        .set_compression(compression)
        .set_max_row_group_row_count(None)
        .set_dictionary_page_size_limit(limit.max(1));
    let properties = choice
        .apply(builder, ColumnPath::from(field.name().as_str()))
        .build();
    let mut out = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut out, schema.clone(), Some(properties))?;
    for part in parts {
        writer.write(&RecordBatch::try_new(schema.clone(), vec![part.clone()])?)?;
    }
    let metadata = writer.close()?;
    Ok(metadata
        .row_groups()
        .iter()
        .map(|g| {
            let chunk = g.column(0);
            let dictionary = chunk
                .dictionary_page_offset()
                .map_or(0, |start| chunk.data_page_offset() - start);
            (chunk.compressed_size() - dictionary) as f64 + dictionary as f64 * share
        })
        .sum())
}
