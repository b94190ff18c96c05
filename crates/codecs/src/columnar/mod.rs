//! Columnar formats: a whole record batch turned into Arrow columns, then
//! written as an Arrow IPC stream or a Parquet file. (Over user tables,
//! `ArrowIpcTable` and `ParquetTable` take their schema from the table;
//! the former writes an IPC file, with its footer.)
//!
//! Each record type maps to a fixed Arrow schema ([`ArrowRecord`]); both
//! codecs share the conversion, so they differ only in the container. The
//! decoders check every column's name, type and nullability against that
//! schema with checked downcasts, and reject nulls where the schema has
//! none, so malformed input gives a [`CodecError`], never a panic.
//!
//! Limits of the mapping: strings are `Utf8` (32-bit offsets), so encoding a
//! batch with more than 2 GiB of text in one string column is not
//! supported (arrow's builders panic there); batches in this benchmark stay
//! far below that.

mod ipc;
#[cfg(feature = "tables")]
mod ipc_file;
mod logs;
mod orders;
mod parquet_codec;
#[cfg(feature = "tables")]
mod parquet_parallel;
mod telemetry;

#[cfg(test)]
mod fuzz;
#[cfg(test)]
mod tests;

pub use ipc::ArrowIpc;
#[cfg(feature = "tables")]
pub use ipc::ArrowIpcTable;
pub use parquet_codec::Parquet;
#[cfg(feature = "tables")]
pub use parquet_codec::{tuning, Choice, Handle, ParquetTable, TunedParquet, ROW_GROUP_ROWS};

/// Runs a table read, a panic of the Arrow or Parquet reader (they assert
/// on some damaged bytes) becoming an error naming `format`. The panic
/// hook is left alone: swapping it is global, and reads run on several
/// threads at once.
#[cfg(feature = "tables")]
fn unpanicked(
    format: &'static str,
    read: impl FnOnce() -> Result<encbench_table::Table, encbench_table::Error>,
) -> Result<encbench_table::Table, encbench_table::Error> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(read)).unwrap_or_else(|panic| {
        let why = encbench_table::binary_input::panic_text(&panic);
        Err(encbench_table::error::codec(
            format,
            format!("the reader failed ({why})"),
        ))
    })
}

/// Reads record batches back as tables of `schema`, handing `visit` one per
/// batch (both table codecs' streaming read-back).
#[cfg(feature = "tables")]
fn visit_table_batches<E: std::fmt::Display>(
    format: &'static str,
    schema: &encbench_table::Schema,
    batches: impl Iterator<Item = Result<RecordBatch, E>>,
    visit: &mut crate::tables::streaming::Visit<'_>,
) -> Result<(), encbench_table::Error> {
    for batch in batches {
        let batch = batch.map_err(|e| encbench_table::error::codec(format, e))?;
        let mut table = encbench_table::Table::new(schema.clone(), 0);
        encbench_table::arrow::append_batch(&mut table, &batch)?;
        visit(table)?;
    }
    Ok(())
}

use crate::CodecError;
use arrow_array::{Array, ArrayRef, RecordBatch};
use arrow_schema::{ArrowError, DataType, Field, SchemaRef};
use std::ops::Range;

/// A record type with a fixed Arrow schema, convertible to and from columns.
pub trait ArrowRecord: Sized {
    /// The schema every batch of this type has.
    fn arrow_schema() -> SchemaRef;

    /// Builds one record batch holding `records`.
    fn to_batch(records: &[Self]) -> Result<RecordBatch, CodecError>;

    /// Appends the records of `batch` to `out`, checking every column.
    fn from_batch(batch: &RecordBatch, out: &mut Vec<Self>) -> Result<(), CodecError>;
}

/// Name used in errors about a batch's shape (not from a library).
const BATCH: &str = "arrow columns";

fn shape_error(message: String) -> CodecError {
    CodecError::library(BATCH, message)
}

fn arrow_error(error: ArrowError) -> CodecError {
    CodecError::library("arrow", error)
}

/// Builds a batch from columns in schema order (arrow checks lengths and types).
fn batch(schema: SchemaRef, columns: Vec<ArrayRef>) -> Result<RecordBatch, CodecError> {
    RecordBatch::try_new(schema, columns).map_err(arrow_error)
}

/// Fails unless the batch's fields are `expected`'s (names, types,
/// nullability), naming the first difference. The names of list items and
/// map entries are not compared: the Arrow format gives them no meaning,
/// and writers differ (arrow-rs says `item`, arrow-go `element` in Parquet,
/// `key`/`value` in maps).
fn check_schema(found: &SchemaRef, expected: &SchemaRef) -> Result<(), CodecError> {
    if found.fields() == expected.fields() {
        return Ok(());
    }
    for field in expected.fields() {
        match found.field_with_name(field.name()) {
            Err(_) => return Err(shape_error(format!("column `{}` is missing", field.name()))),
            Ok(f)
                if f.is_nullable() != field.is_nullable()
                    || !same_type(f.data_type(), field.data_type()) =>
            {
                return Err(shape_error(format!(
                    "column `{}`: expected {} ({}), found {} ({})",
                    field.name(),
                    field.data_type(),
                    nullability(field),
                    f.data_type(),
                    nullability(f),
                )))
            }
            Ok(_) => {}
        }
    }
    if found.fields().len() == expected.fields().len() {
        return Ok(());
    }
    Err(shape_error(format!(
        "expected columns {:?}, found {:?}",
        names(expected),
        names(found)
    )))
}

/// Types equal up to the names of list items and map entries and a map's
/// keys-sorted flag (a struct's field names do count: its children are read
/// by position; a map is read into a sorted map whatever its order).
fn same_type(a: &DataType, b: &DataType) -> bool {
    let same_field = |x: &Field, y: &Field| {
        x.is_nullable() == y.is_nullable() && same_type(x.data_type(), y.data_type())
    };
    match (a, b) {
        (DataType::List(x), DataType::List(y))
        | (DataType::LargeList(x), DataType::LargeList(y)) => same_field(x, y),
        (DataType::Map(x, _), DataType::Map(y, _)) => {
            x.is_nullable() == y.is_nullable()
                && match (x.data_type(), y.data_type()) {
                    (DataType::Struct(xs), DataType::Struct(ys)) => {
                        xs.len() == ys.len()
                            && xs.iter().zip(ys.iter()).all(|(p, q)| same_field(p, q))
                    }
                    _ => false,
                }
        }
        (DataType::Struct(xs), DataType::Struct(ys)) => {
            xs.len() == ys.len()
                && xs
                    .iter()
                    .zip(ys.iter())
                    .all(|(p, q)| p.name() == q.name() && same_field(p, q))
        }
        _ => a == b,
    }
}

fn nullability(field: &Field) -> &'static str {
    if field.is_nullable() {
        "nullable"
    } else {
        "not null"
    }
}

fn names(schema: &SchemaRef) -> Vec<&str> {
    schema.fields().iter().map(|f| f.name().as_str()).collect()
}

/// The column `field` names, checked against its type and nullability.
fn column<'a, A: Array + 'static>(
    batch: &'a RecordBatch,
    field: &Field,
) -> Result<&'a A, CodecError> {
    let name = field.name();
    let array = batch
        .column_by_name(name)
        .ok_or_else(|| shape_error(format!("column `{name}` is missing")))?;
    if !same_type(array.data_type(), field.data_type()) {
        return Err(shape_error(format!(
            "column `{name}`: expected {}, found {}",
            field.data_type(),
            array.data_type()
        )));
    }
    downcast(array.as_ref(), name, field.is_nullable())
}

/// A checked downcast; `nullable == false` also rejects any null.
fn downcast<'a, A: Array + 'static>(
    array: &'a dyn Array,
    what: &str,
    nullable: bool,
) -> Result<&'a A, CodecError> {
    let typed = array.as_any().downcast_ref::<A>().ok_or_else(|| {
        shape_error(format!(
            "`{what}`: unexpected array type {}",
            array.data_type()
        ))
    })?;
    if !nullable && typed.null_count() != 0 {
        return Err(shape_error(format!(
            "`{what}` is not nullable but holds {} nulls",
            typed.null_count()
        )));
    }
    Ok(typed)
}

/// The child range of list (or map) slot `row`, checked against the
/// child's length: arrow validates offsets, but a decoder should not rely on
/// an index panic to catch a bad one.
fn child_range(
    offsets: &[i32],
    child_len: usize,
    row: usize,
    what: &str,
) -> Result<Range<usize>, CodecError> {
    let bad = || shape_error(format!("`{what}`: bad offsets at row {row}"));
    let start = usize::try_from(*offsets.get(row).ok_or_else(bad)?).map_err(|_| bad())?;
    let end = usize::try_from(*offsets.get(row + 1).ok_or_else(bad)?).map_err(|_| bad())?;
    if start > end || end > child_len {
        return Err(bad());
    }
    Ok(start..end)
}
