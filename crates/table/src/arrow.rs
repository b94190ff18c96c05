//! A table as one Arrow record batch and back: integers at their inferred
//! width, timestamps in µs, dates as Date32, dictionary columns as
//! `Dictionary(Int32, Utf8)`, nested values as structs and lists. The Arrow
//! and Parquet codecs write these batches; user Arrow and Parquet files are
//! read through them.

use crate::nested::{self, Shape};
use crate::schema::{ColumnType, Schema};
use crate::table::{Column, Strings, Table, Values};
use crate::values;
use crate::{error::codec, Error};
use arrow_array::cast::AsArray;
use arrow_array::types::ArrowPrimitiveType;
use arrow_array::types::TimestampMicrosecondType;
use arrow_array::types::{
    Date32Type, Decimal128Type, DurationMicrosecondType, Float32Type, Float64Type, Int16Type,
    Int32Type, Int64Type, Int8Type, Time64MicrosecondType, UInt64Type,
};
use arrow_array::{Array, ArrayRef, PrimitiveArray, RecordBatch};
use arrow_schema::{DataType, Field, TimeUnit};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

pub fn data_type(ty: ColumnType) -> DataType {
    match ty {
        ColumnType::Int8 => DataType::Int8,
        ColumnType::Int16 => DataType::Int16,
        ColumnType::Int32 => DataType::Int32,
        ColumnType::Int64 => DataType::Int64,
        ColumnType::UInt64 => DataType::UInt64,
        ColumnType::Float32 => DataType::Float32,
        ColumnType::Float64 => DataType::Float64,
        ColumnType::Bool => DataType::Boolean,
        ColumnType::Timestamp => DataType::Timestamp(TimeUnit::Microsecond, None),
        ColumnType::Date => DataType::Date32,
        ColumnType::Time => DataType::Time64(TimeUnit::Microsecond),
        ColumnType::Duration => DataType::Duration(TimeUnit::Microsecond),
        ColumnType::Binary => DataType::Binary,
        ColumnType::Uuid => DataType::FixedSizeBinary(16),
        ColumnType::String => DataType::Utf8,
        ColumnType::Dictionary => {
            DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8))
        }
        // Without a shape, nested values are their JSON text; without a
        // precision and scale, decimals are theirs.
        ColumnType::Json | ColumnType::Decimal => DataType::Utf8,
    }
}

/// The Arrow type of a field: nested columns as their shape's struct and list types.
pub fn field_type(field: &crate::schema::Field) -> DataType {
    match (&field.shape, field.ty) {
        (Some(shape), ColumnType::Json) => shape.arrow_type(),
        (_, ColumnType::Decimal) => match field.decimal {
            Some((p, s)) => DataType::Decimal128(p, s as i8),
            None => DataType::Utf8,
        },
        (_, ColumnType::Timestamp) => {
            DataType::Timestamp(TimeUnit::Microsecond, field.tz.as_deref().map(Into::into))
        }
        (_, ColumnType::Binary) => match field.width.and_then(|n| i32::try_from(n).ok()) {
            Some(n) => DataType::FixedSizeBinary(n),
            None => DataType::Binary,
        },
        _ => data_type(field.ty),
    }
}

pub fn arrow_schema(schema: &Schema) -> arrow_schema::SchemaRef {
    Arc::new(arrow_schema::Schema::new(
        schema
            .fields
            .iter()
            .map(|f| {
                let field = Field::new(&f.name, field_type(f), f.nullable);
                // Arrow's canonical UUID extension: Parquet writes it as UUID.
                match f.ty {
                    ColumnType::Uuid => field.with_metadata(HashMap::from([(
                        crate::parquet_input::EXTENSION_NAME.to_string(),
                        crate::parquet_input::UUID_EXTENSION.to_string(),
                    )])),
                    _ => field,
                }
            })
            .collect::<Vec<_>>(),
    ))
}

/// An integer column at `T`'s width: values straight into Arrow's buffer
/// (a null's slot holds 0) and the validity as a bitmap only when a value
/// is missing, with no per-value `Option` between.
fn ints<T: ArrowPrimitiveType>(
    col: &Column,
    convert: impl Fn(i64) -> Option<T::Native>,
) -> Result<PrimitiveArray<T>, Error> {
    let Values::Int(v) = &col.values else {
        return Err(codec("arrow", "column kind does not match its type"));
    };
    let mut out = Vec::with_capacity(v.len());
    for (x, ok) in v.iter().zip(&col.valid) {
        out.push(match ok {
            false => T::Native::default(),
            true => convert(*x)
                .ok_or_else(|| codec("arrow", format!("{x} does not fit the column's type")))?,
        });
    }
    Ok(PrimitiveArray::new(out.into(), nulls(&col.valid)))
}

/// A float column at `T`'s width (the narrowing to f32 is exact: see
/// `ColumnType::Float32`).
fn floats<T: ArrowPrimitiveType>(
    v: &[f64],
    valid: &[bool],
    convert: impl Fn(f64) -> T::Native,
) -> PrimitiveArray<T> {
    let out: Vec<T::Native> = v.iter().map(|x| convert(*x)).collect();
    PrimitiveArray::new(out.into(), nulls(valid))
}

/// Arrow's validity bitmap, or none when every value is present.
fn nulls(valid: &[bool]) -> Option<arrow_buffer::NullBuffer> {
    valid
        .contains(&false)
        .then(|| arrow_buffer::NullBuffer::from(valid))
}

/// A nested column as Arrow's struct and list arrays (see `nested`).
fn nested_array(col: &Column, shape: &Shape) -> Result<ArrayRef, Error> {
    let Values::Str(texts) = &col.values else {
        return Err(codec("arrow", "column kind does not match its type"));
    };
    let values = texts
        .iter()
        .zip(&col.valid)
        .map(|(t, ok)| {
            ok.then(|| serde_json::from_str::<serde_json::Value>(t))
                .transpose()
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| codec("arrow", e))?;
    let refs: Vec<Option<&serde_json::Value>> = values.iter().map(Option::as_ref).collect();
    nested::to_arrow(shape, &refs).map_err(|e| codec("arrow", e))
}

/// Values of exactly `field.width` bytes each (or null) as Arrow's
/// `FixedSizeBinary`; a value of another size is an error naming it.
fn fixed_size(
    field: &crate::schema::Field,
    width: u32,
    values: Vec<Option<Vec<u8>>>,
) -> Result<ArrayRef, Error> {
    for v in values.iter().flatten() {
        field
            .check_fixed_size(v.len())
            .map_err(|e| codec("arrow", e))?;
    }
    let size = i32::try_from(width).map_err(|e| codec("arrow", e))?;
    let array =
        arrow_array::FixedSizeBinaryArray::try_from_sparse_iter_with_size(values.into_iter(), size)
            .map_err(|e| codec("arrow", e))?;
    Ok(Arc::new(array))
}

fn array(col: &Column, field: &crate::schema::Field) -> Result<ArrayRef, Error> {
    use arrow_array::*;
    let narrow = |x: i64| i32::try_from(x).ok();
    let ty = field.ty;
    if let (Some(shape), ColumnType::Json) = (&field.shape, ty) {
        return nested_array(col, shape);
    }
    if let (ColumnType::Decimal, Some((p, s)), Values::Str(v)) = (ty, field.decimal, &col.values) {
        let what = format!("a decimal at scale {s}");
        let unscaled = parsed(v, &col.valid, &what, |t| values::decimal_unscaled(t, s))?;
        let array = Decimal128Array::from(unscaled)
            .with_precision_and_scale(p, s as i8)
            .map_err(|e| codec("arrow", e))?;
        return Ok(Arc::new(array));
    }
    if let (ColumnType::Binary, Values::Str(v)) = (ty, &col.values) {
        let bytes = parsed(v, &col.valid, "bytes in hex", values::hex_bytes)?;
        return match field.width {
            Some(width) => fixed_size(field, width, bytes),
            None => Ok(Arc::new(BinaryArray::from_iter(bytes))),
        };
    }
    if let (ColumnType::Uuid, Values::Str(v)) = (ty, &col.values) {
        let ids = parsed(v, &col.valid, "a UUID", values::uuid_bytes)?;
        let array = FixedSizeBinaryArray::try_from_sparse_iter_with_size(ids.into_iter(), 16)
            .map_err(|e| codec("arrow", e))?;
        return Ok(Arc::new(array));
    }
    Ok(match (ty, &col.values) {
        (ColumnType::Int8, _) => Arc::new(ints::<Int8Type>(col, |x| i8::try_from(x).ok())?),
        (ColumnType::Int16, _) => Arc::new(ints::<Int16Type>(col, |x| i16::try_from(x).ok())?),
        (ColumnType::Int32, _) => Arc::new(ints::<Int32Type>(col, narrow)?),
        (ColumnType::Int64, _) => Arc::new(ints::<Int64Type>(col, Some)?),
        (ColumnType::UInt64, _) => Arc::new(ints::<UInt64Type>(col, |x| Some(x as u64))?),
        (ColumnType::Date, _) => Arc::new(ints::<Date32Type>(col, narrow)?),
        (ColumnType::Time, _) => Arc::new(ints::<Time64MicrosecondType>(col, Some)?),
        (ColumnType::Duration, _) => Arc::new(ints::<DurationMicrosecondType>(col, Some)?),
        (ColumnType::Timestamp, _) => Arc::new(
            ints::<TimestampMicrosecondType>(col, Some)?.with_timezone_opt(field.tz.as_deref()),
        ),
        (ColumnType::Float32, Values::Float(v)) => {
            Arc::new(floats::<Float32Type>(v, &col.valid, |x| x as f32))
        }
        (ColumnType::Float64, Values::Float(v)) => {
            Arc::new(floats::<Float64Type>(v, &col.valid, |x| x))
        }
        (ColumnType::Bool, Values::Bool(v)) => Arc::new(BooleanArray::from(
            v.iter()
                .zip(&col.valid)
                .map(|(x, ok)| ok.then_some(*x))
                .collect::<Vec<_>>(),
        )),
        (ColumnType::String | ColumnType::Json | ColumnType::Decimal, Values::Str(v)) => {
            Arc::new(string_array(v, &col.valid)?)
        }
        (ColumnType::Dictionary, Values::Str(v)) => Arc::new(dictionary_array(v, &col.valid)?),
        _ => return Err(codec("arrow", "column kind does not match its type")),
    })
}

/// Each present value of a text column as `parse` reads it (`what` names
/// the form it must have), a null as `None`.
fn parsed<T>(
    texts: &Strings,
    valid: &[bool],
    what: &str,
    parse: impl Fn(&str) -> Option<T>,
) -> Result<Vec<Option<T>>, Error> {
    texts
        .iter()
        .zip(valid)
        .map(|(text, ok)| match ok {
            false => Ok(None),
            true => parse(text)
                .map(Some)
                .ok_or_else(|| codec("arrow", format!("'{text}' is not {what}"))),
        })
        .collect()
}

/// A dictionary column: keys in the order values first appear, as
/// Arrow's builder assigns them, found with one lookup per row in a map
/// keyed by the value's bytes under a cheap word hash (the column holds
/// few distinct values, and its texts are mostly short codes).
fn dictionary_array(
    values: &Strings,
    valid: &[bool],
) -> Result<arrow_array::DictionaryArray<Int32Type>, Error> {
    let mut keys = Vec::with_capacity(values.len());
    let mut seen: HashMap<&str, i32, BuildHasherDefault<WordHasher>> = HashMap::default();
    let mut distinct = arrow_array::builder::StringBuilder::new();
    for (value, ok) in values.iter().zip(valid) {
        if !ok {
            keys.push(0);
            continue;
        }
        let next = i32::try_from(seen.len())
            .map_err(|_| codec("arrow", "over 2^31 distinct values in a dictionary column"))?;
        keys.push(*seen.entry(value).or_insert_with(|| {
            distinct.append_value(value);
            next
        }));
    }
    let keys = PrimitiveArray::<Int32Type>::new(keys.into(), nulls(valid));
    arrow_array::DictionaryArray::try_new(keys, Arc::new(distinct.finish()))
        .map_err(|e| codec("arrow", e))
}

/// A multiply-xorshift over the bytes eight at a time: enough spread for
/// a dictionary's few keys, at a fraction of SipHash's cost.
#[derive(Default)]
struct WordHasher(u64);

impl std::hash::Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, word: u64) {
        crate::word_mix::mix(&mut self.0, word);
    }

    fn write_usize(&mut self, word: usize) {
        self.write_u64(word as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A packed text column as Arrow's string array, its bytes copied once
/// (nulls hold empty values already, so the offsets are Arrow's).
fn string_array(values: &Strings, valid: &[bool]) -> Result<arrow_array::StringArray, Error> {
    let (text, ends) = values.parts();
    let too_long = || codec("arrow", "a column's text in one batch is over 2 GiB");
    let mut offsets = Vec::with_capacity(ends.len() + 1);
    offsets.push(0i32);
    for end in ends {
        offsets.push(i32::try_from(*end).map_err(|_| too_long())?);
    }
    let offsets = arrow_buffer::OffsetBuffer::new(arrow_buffer::ScalarBuffer::from(offsets));
    arrow_array::StringArray::try_new(
        offsets,
        arrow_buffer::Buffer::from(text.as_bytes()),
        nulls(valid),
    )
    .map_err(|e| codec("arrow", e))
}

/// The table as one record batch.
pub fn to_batch(table: &Table) -> Result<RecordBatch, Error> {
    let arrays = table
        .columns
        .iter()
        .zip(&table.schema.fields)
        .map(|(c, f)| array(c, f))
        .collect::<Result<Vec<_>, _>>()?;
    RecordBatch::try_new(arrow_schema(&table.schema), arrays).map_err(|e| codec("arrow", e))
}

/// Checks that `batch` has `schema`'s columns, each of its name and Arrow type.
pub fn check_shape(schema: &Schema, batch: &RecordBatch) -> Result<(), Error> {
    if batch.num_columns() != schema.fields.len() {
        return Err(codec(
            "arrow",
            format!(
                "{} columns, expected {}",
                batch.num_columns(),
                schema.fields.len()
            ),
        ));
    }
    let names = batch.schema_ref().fields().iter().map(|f| f.name());
    for (c, (field, name)) in schema.fields.iter().zip(names).enumerate() {
        if *name != field.name {
            return Err(codec(
                "arrow",
                format!(
                    "column {} is named '{name}', expected '{}'",
                    c + 1,
                    field.name
                ),
            ));
        }
    }
    for (field, array) in schema.fields.iter().zip(batch.columns()) {
        if array.data_type() != &field_type(field) {
            return Err(codec(
                "arrow",
                format!(
                    "column '{}' is {}, expected {}",
                    field.name,
                    array.data_type(),
                    field_type(field)
                ),
            ));
        }
    }
    Ok(())
}

/// Appends a batch's rows to the table, checking every column's type.
pub fn append_batch(table: &mut Table, batch: &RecordBatch) -> Result<(), Error> {
    check_shape(&table.schema, batch)?;
    for ((col, field), array) in table
        .columns
        .iter_mut()
        .zip(&table.schema.fields)
        .zip(batch.columns())
    {
        append_column(col, field, array.as_ref())?;
    }
    Ok(())
}

/// Appends an array (of `field`'s Arrow type, see [`check_shape`]) to its column.
pub(crate) fn append_column(
    col: &mut Column,
    field: &crate::schema::Field,
    array: &dyn Array,
) -> Result<(), Error> {
    match array.nulls() {
        Some(nulls) => col.valid.extend(nulls.iter()),
        None => col.valid.extend(std::iter::repeat_n(true, array.len())),
    }
    match (&mut col.values, field.ty) {
        (Values::Int(v), ColumnType::Int8) => v.extend(
            array
                .as_primitive::<Int8Type>()
                .values()
                .iter()
                .map(|x| i64::from(*x)),
        ),
        (Values::Int(v), ColumnType::Int16) => v.extend(
            array
                .as_primitive::<Int16Type>()
                .values()
                .iter()
                .map(|x| i64::from(*x)),
        ),
        (Values::Int(v), ColumnType::Int32) => v.extend(
            array
                .as_primitive::<Int32Type>()
                .values()
                .iter()
                .map(|x| i64::from(*x)),
        ),
        (Values::Int(v), ColumnType::Date) => v.extend(
            array
                .as_primitive::<Date32Type>()
                .values()
                .iter()
                .map(|x| i64::from(*x)),
        ),
        (Values::Int(v), ColumnType::UInt64) => v.extend(
            array
                .as_primitive::<UInt64Type>()
                .values()
                .iter()
                .map(|x| *x as i64),
        ),
        (Values::Int(v), ColumnType::Int64) => {
            v.extend(array.as_primitive::<Int64Type>().values().iter())
        }
        (Values::Int(v), ColumnType::Timestamp) => v.extend(
            array
                .as_primitive::<TimestampMicrosecondType>()
                .values()
                .iter(),
        ),
        (Values::Int(v), ColumnType::Time) => v.extend(
            array
                .as_primitive::<Time64MicrosecondType>()
                .values()
                .iter(),
        ),
        (Values::Int(v), ColumnType::Duration) => v.extend(
            array
                .as_primitive::<DurationMicrosecondType>()
                .values()
                .iter(),
        ),
        (Values::Float(v), ColumnType::Float32) => v.extend(
            array
                .as_primitive::<Float32Type>()
                .values()
                .iter()
                .map(|x| f64::from(*x)),
        ),
        (Values::Float(v), _) => v.extend(array.as_primitive::<Float64Type>().values().iter()),
        (Values::Bool(v), _) => {
            let b = array.as_boolean();
            v.extend((0..b.len()).map(|i| b.value(i)));
        }
        (Values::Str(v), ColumnType::Decimal) if field.decimal.is_some() => {
            let scale = field.decimal.map_or(0, |(_, s)| s);
            let d = array.as_primitive::<Decimal128Type>();
            for i in 0..d.len() {
                match d.is_valid(i) {
                    true => v.push(&values::decimal_text(d.value(i), scale)),
                    false => v.push(""),
                }
            }
        }
        (Values::Str(v), ColumnType::Uuid) => {
            let ids = array.as_fixed_size_binary();
            for i in 0..ids.len() {
                match ids.is_valid(i) {
                    true => v.push(&values::uuid_text(ids.value(i)).unwrap_or_default()),
                    false => v.push(""),
                }
            }
        }
        (Values::Str(v), ColumnType::Binary) => match array.data_type() {
            DataType::FixedSizeBinary(_) => {
                for bytes in array.as_fixed_size_binary() {
                    v.push(&bytes.map(values::hex_text).unwrap_or_default());
                }
            }
            _ => {
                for bytes in array.as_binary::<i32>() {
                    v.push(&bytes.map(values::hex_text).unwrap_or_default());
                }
            }
        },
        (Values::Str(v), ColumnType::Dictionary) => {
            let dict = array.as_dictionary::<Int32Type>();
            let words = dict.values().as_string::<i32>();
            for (i, key) in dict.keys().values().iter().enumerate() {
                let word = match usize::try_from(*key) {
                    Ok(k) if array.is_valid(i) && k < words.len() => words.value(k),
                    _ => "",
                };
                v.push(word);
            }
        }
        (Values::Str(v), ColumnType::Json) if field.shape.is_some() => {
            let shape = field.shape.as_ref().unwrap_or(&Shape::Mixed);
            let values = nested::from_arrow(shape, array)
                .map_err(|e| codec("arrow", format!("column '{}': {e}", field.name)))?;
            for value in values {
                match value {
                    serde_json::Value::Null => v.push(""),
                    value => v.push(&value.to_string()),
                }
            }
        }
        (Values::Str(v), _) => {
            let s = array.as_string::<i32>();
            for i in 0..s.len() {
                v.push(if s.is_valid(i) { s.value(i) } else { "" });
            }
        }
        _ => return Err(codec("arrow", "column kind does not match its type")),
    }
    // Null slots hold defaults, as everywhere else in the table.
    let Column { values, valid } = col;
    match values {
        Values::Int(v) => zero_nulls(v, valid, 0),
        Values::Float(v) => zero_nulls(v, valid, 0.0),
        Values::Bool(v) => zero_nulls(v, valid, false),
        Values::Str(_) => {}
    }
    Ok(())
}

fn zero_nulls<T: Copy>(values: &mut [T], valid: &[bool], zero: T) {
    for (v, ok) in values.iter_mut().zip(valid) {
        if !ok {
            *v = zero;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arrow_array::DictionaryArray;

    #[test]
    fn a_dictionary_column_is_the_array_arrows_builder_makes() {
        let texts = [
            "UA",
            "",
            "AA",
            "UA",
            "a code of many bytes",
            "ünï",
            "",
            "AA",
            "x",
            "a code of many bytes",
        ];
        let valid = [true, true, false, true, true, true, false, true, true, true];
        let values: Strings = texts.iter().copied().collect();
        let ours = dictionary_array(&values, &valid).unwrap();
        let arrows: DictionaryArray<Int32Type> = texts
            .iter()
            .zip(&valid)
            .map(|(t, ok)| ok.then_some(*t))
            .collect();
        assert_eq!(ours.keys(), arrows.keys());
        assert_eq!(ours.values().as_ref(), arrows.values().as_ref());
        assert_eq!(ours.keys().null_count(), 2);
    }

    #[test]
    fn bytes_of_a_fixed_size_are_arrows_fixed_size_binary_and_read_back() {
        let table = crate::testing::fixed_size_table(&[Some("0a000001"), None, Some("ffffffff")]);
        let batch = to_batch(&table).unwrap();
        assert_eq!(
            batch.schema().field(0).data_type(),
            &DataType::FixedSizeBinary(4)
        );
        let mut back = Table::new(table.schema.clone(), 0);
        append_batch(&mut back, &batch).unwrap();
        let cells: Vec<_> = (0..3).map(|i| back.columns[0].cell(i)).collect();
        use crate::table::Cell;
        assert_eq!(
            cells,
            [Cell::Str("0a000001"), Cell::Null, Cell::Str("ffffffff")]
        );
    }

    #[test]
    fn a_batch_is_read_only_under_its_columns_names_and_types() {
        let table = crate::testing::sample_table();
        let batch = to_batch(&table).unwrap();
        let mut back = Table::new(table.schema.clone(), 0);
        append_batch(&mut back, &batch).unwrap();
        assert_eq!(back, table);
        let mut renamed = table.schema.clone();
        renamed.fields[3].name = "big_id".into();
        let error = append_batch(&mut Table::new(renamed, 0), &batch)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("column 4 is named 'big id', expected 'big_id'"),
            "{error}"
        );
        let mut retyped = table.schema.clone();
        retyped.fields[2].ty = ColumnType::Int64;
        let error = append_batch(&mut Table::new(retyped, 0), &batch)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("column 'mid' is Int32, expected Int64"),
            "{error}"
        );
    }

    #[test]
    fn a_value_of_another_size_is_an_error() {
        let table = crate::testing::fixed_size_table(&[Some("0a000001"), Some("0a00")]);
        let error = to_batch(&table).unwrap_err().to_string();
        assert!(
            error.contains("column 'ip': a value of 2 bytes where its fixed size is 4 bytes"),
            "{error}"
        );
    }
}
