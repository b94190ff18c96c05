//! One hash per row over its cells in column order (what `--convert`'s
//! digests chain, see [`crate::table::Digest`]), from a [`Table`] or
//! straight from an Arrow record batch. A read-back hashes the batches it
//! decodes without copying them into a table first; both paths give the
//! same hashes, and a test holds them to it.
//!
//! Each column is folded into every row's hash in a tight loop per type,
//! not a match per cell. A column that may not hold nulls and holds none
//! is untagged. Otherwise each present cell starts with its type's tag and
//! a null is two zero words, so that a null can hash as no value of the
//! same column, tagged or not.

use crate::arrow::append_column;
use crate::schema::{ColumnType, Field, Schema};
use crate::table::{Column, Table, Values};
use crate::word_mix::mix;
use crate::{error::codec, Error};
use arrow_array::cast::AsArray;
use arrow_array::types::{
    ArrowPrimitiveType, Date32Type, DurationMicrosecondType, Float32Type, Float64Type, Int16Type,
    Int32Type, Int64Type, Int8Type, Time64MicrosecondType, TimestampMicrosecondType, UInt64Type,
};
use arrow_array::{Array, RecordBatch};

/// Every row hash starts here. Not zero: a zero word would leave a zero
/// hash as it was.
const SEED: u64 = 0x243F_6A88_85A3_08D3;

/// Tags of present cells in tagged columns (booleans need none: their
/// words, 3 and 4, are neither a tag nor a null's zero).
const INT_TAG: u64 = 1;
const FLOAT_TAG: u64 = 2;
const TEXT_TAG: u64 = 5;

/// The row hashes of `table`.
pub fn table_row_hashes(table: &Table) -> Vec<u64> {
    let mut hashes = vec![SEED; table.rows()];
    for (col, field) in table.columns.iter().zip(&table.schema.fields) {
        hash_column(&mut hashes, col, field);
    }
    hashes
}

/// Folds one table column into `rows`.
fn hash_column(rows: &mut [u64], col: &Column, field: &Field) {
    if !field.nullable && col.valid.iter().all(|v| *v) {
        let rows = rows.iter_mut();
        match &col.values {
            Values::Int(v) => rows.zip(v).for_each(|(h, x)| mix(h, *x as u64)),
            Values::Float(v) => rows.zip(v).for_each(|(h, x)| mix(h, float_bits(*x))),
            Values::Bool(v) => rows.zip(v).for_each(|(h, x)| mix(h, 3 + *x as u64)),
            Values::Str(v) => rows
                .zip(v.iter())
                .for_each(|(h, x)| mix_text(h, x.as_bytes())),
        }
        return;
    }
    let rows = rows.iter_mut().zip(&col.valid);
    match &col.values {
        Values::Int(v) => rows.zip(v).for_each(|((h, ok), x)| match ok {
            true => tagged(h, INT_TAG, *x as u64),
            false => null(h),
        }),
        Values::Float(v) => rows.zip(v).for_each(|((h, ok), x)| match ok {
            true => tagged(h, FLOAT_TAG, float_bits(*x)),
            false => null(h),
        }),
        Values::Bool(v) => rows.zip(v).for_each(|((h, ok), x)| match ok {
            true => mix(h, 3 + *x as u64),
            false => null(h),
        }),
        Values::Str(v) => rows.zip(v.iter()).for_each(|((h, ok), x)| match ok {
            true => {
                mix(h, TEXT_TAG);
                mix_text(h, x.as_bytes())
            }
            false => null(h),
        }),
    }
}

/// Appends to `hashes` the row hashes of `batch`, read as `schema`: the
/// same hashes as [`table_row_hashes`] of the table
/// [`crate::arrow::append_batch`] builds from it, and the same errors for
/// a batch of another shape.
pub fn batch_row_hashes(
    schema: &Schema,
    batch: &RecordBatch,
    hashes: &mut Vec<u64>,
) -> Result<(), Error> {
    crate::arrow::check_shape(schema, batch)?;
    let start = hashes.len();
    hashes.resize(start + batch.num_rows(), SEED);
    let rows = &mut hashes[start..];
    for (field, array) in schema.fields.iter().zip(batch.columns()) {
        let array = array.as_ref();
        let untagged = !field.nullable && array.null_count() == 0;
        let int = |x: i64| x as u64;
        match field.ty {
            ColumnType::Int8 => primitive::<Int8Type>(rows, array, untagged, |x| int(x.into())),
            ColumnType::Int16 => primitive::<Int16Type>(rows, array, untagged, |x| int(x.into())),
            ColumnType::Int32 => primitive::<Int32Type>(rows, array, untagged, |x| int(x.into())),
            ColumnType::Date => primitive::<Date32Type>(rows, array, untagged, |x| int(x.into())),
            ColumnType::Int64 => primitive::<Int64Type>(rows, array, untagged, int),
            ColumnType::UInt64 => primitive::<UInt64Type>(rows, array, untagged, |x| x),
            ColumnType::Timestamp => {
                primitive::<TimestampMicrosecondType>(rows, array, untagged, int)
            }
            ColumnType::Time => primitive::<Time64MicrosecondType>(rows, array, untagged, int),
            ColumnType::Duration => {
                primitive::<DurationMicrosecondType>(rows, array, untagged, int)
            }
            ColumnType::Float32 => {
                primitive::<Float32Type>(rows, array, untagged, |x| float_bits(x.into()))
            }
            ColumnType::Float64 => primitive::<Float64Type>(rows, array, untagged, float_bits),
            ColumnType::Bool => {
                let values = array.as_boolean().values().iter();
                fold(rows, array, values, |h, x| mix(h, 3 + x as u64));
            }
            ColumnType::Dictionary => dictionary(rows, array, untagged)?,
            ColumnType::String => strings(rows, array, untagged),
            ColumnType::Json if field.shape.is_none() => strings(rows, array, untagged),
            ColumnType::Decimal if field.decimal.is_none() => strings(rows, array, untagged),
            // Nested values, decimals, bytes and UUIDs hash as the text the table holds.
            ColumnType::Json | ColumnType::Decimal | ColumnType::Binary | ColumnType::Uuid => {
                let mut col = Column::new(field.ty, array.len());
                append_column(&mut col, field, array)?;
                hash_column(rows, &col, field);
            }
        }
    }
    Ok(())
}

/// Folds `values` (one per row) into `rows`: `word` mixes one present
/// value (with its tag where the column is tagged, see the module), and a
/// null is [`null`].
fn fold<T>(
    rows: &mut [u64],
    array: &dyn Array,
    values: impl Iterator<Item = T>,
    word: impl Fn(&mut u64, T),
) {
    let rows = rows.iter_mut().zip(values);
    match array.nulls().filter(|n| n.null_count() > 0) {
        None => rows.for_each(|(h, x)| word(h, x)),
        Some(valid) => rows.zip(valid.iter()).for_each(|((h, x), ok)| match ok {
            true => word(h, x),
            false => null(h),
        }),
    }
}

/// An integer, date, timestamp or float column; `bits` gives the word the
/// table's value would hash as.
fn primitive<T: ArrowPrimitiveType>(
    rows: &mut [u64],
    array: &dyn Array,
    untagged: bool,
    bits: impl Fn(T::Native) -> u64,
) {
    let tag = match T::DATA_TYPE.is_floating() {
        true => FLOAT_TAG,
        false => INT_TAG,
    };
    let values = array.as_primitive::<T>().values().iter().copied();
    match untagged {
        true => fold(rows, array, values, |h, x| mix(h, bits(x))),
        false => fold(rows, array, values, |h, x| tagged(h, tag, bits(x))),
    }
}

/// A text column.
fn strings(rows: &mut [u64], array: &dyn Array, untagged: bool) {
    let s = array.as_string::<i32>();
    let bytes = s.value_data();
    let values = s
        .value_offsets()
        .windows(2)
        .map(|w| bytes.get(w[0] as usize..w[1] as usize).unwrap_or_default());
    match untagged {
        true => fold(rows, array, values, mix_text),
        false => fold(rows, array, values, |h, x| {
            mix(h, TEXT_TAG);
            mix_text(h, x)
        }),
    }
}

/// A dictionary column: each distinct value's words are found once, and
/// each row mixes its key's words. A key outside the dictionary reads as
/// the empty text, as in [`crate::arrow::append_batch`].
fn dictionary(rows: &mut [u64], array: &dyn Array, untagged: bool) -> Result<(), Error> {
    let dict = array
        .as_dictionary_opt::<Int32Type>()
        .ok_or_else(|| codec("arrow", "a dictionary column without Int32 keys"))?;
    let texts = dict.values().as_string::<i32>();
    let mut words = Vec::with_capacity(texts.len() + 1);
    let mut starts = Vec::with_capacity(texts.len() + 2);
    for i in 0..texts.len() {
        starts.push(words.len());
        text_words(texts.value(i).as_bytes(), |w| words.push(w));
    }
    let empty = texts.len();
    starts.push(words.len());
    text_words(b"", |w| words.push(w));
    starts.push(words.len());
    let keys = dict.keys().values().iter().map(|k| {
        let k = usize::try_from(*k).map_or(empty, |k| k.min(empty));
        &words[starts[k]..starts[k + 1]]
    });
    let mix_words = |h: &mut u64, ws: &[u64]| ws.iter().for_each(|w| mix(h, *w));
    match untagged {
        true => fold(rows, array, keys, mix_words),
        false => fold(rows, array, keys, |h, ws| {
            mix(h, TEXT_TAG);
            mix_words(h, ws)
        }),
    }
    Ok(())
}

/// A float's bits for hashing, one pattern for every NaN (see
/// [`crate::table::same_float`]).
fn float_bits(x: f64) -> u64 {
    if x.is_nan() {
        f64::NAN.to_bits()
    } else {
        x.to_bits()
    }
}

/// A present cell of a tagged column.
#[inline]
fn tagged(h: &mut u64, tag: u64, word: u64) {
    mix(h, tag);
    mix(h, word);
}

/// The words a text hashes as: most cells of a text column (codes, names,
/// ids) are short, and one word holds their bytes and, in its top byte,
/// the length, which no longer text's leading length word has there.
/// Longer texts are their length, then their bytes eight at a time.
#[inline]
fn text_words(bytes: &[u8], mut word: impl FnMut(u64)) {
    if bytes.len() < 8 {
        let packed = bytes
            .iter()
            .enumerate()
            .fold((bytes.len() as u64) << 56, |w, (i, b)| {
                w | u64::from(*b) << (8 * i)
            });
        return word(packed);
    }
    word(bytes.len() as u64);
    let mut chunks = bytes.chunks_exact(8);
    for w in &mut chunks {
        word(u64::from_le_bytes(w.try_into().unwrap_or_default()));
    }
    let mut tail = [0u8; 8];
    tail[..chunks.remainder().len()].copy_from_slice(chunks.remainder());
    word(u64::from_le_bytes(tail));
}

/// Folds a text's words into the running hash.
#[inline]
fn mix_text(h: &mut u64, bytes: &[u8]) {
    text_words(bytes, |w| mix(h, w));
}

/// A missing cell: two words, unlike any value of an untagged column.
#[inline]
fn null(h: &mut u64) {
    mix(h, 0);
    mix(h, 0);
}

// Row hashes are a table's own (`Table::row_hashes`), defined here beside
// the walk that makes them, so the table module needs nothing of this one.
impl Table {
    /// Feeds every row, in order, to `digest` (see [`crate::table::Digest`]).
    pub fn digest_into(&self, digest: &mut crate::table::Digest) {
        for hash in self.row_hashes() {
            digest.add_row(hash);
        }
    }

    /// One hash per row over its cells in column order (see this module).
    pub fn row_hashes(&self) -> Vec<u64> {
        table_row_hashes(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arrow::{append_batch, to_batch};
    use crate::table::Cell;
    use crate::testing::{nested_table, sample_table};

    /// Every kind of column, tagged and untagged: widths, unsigned, NaN
    /// and −0.0, decimals, texts of 0, 7, 8 and 17 bytes, a dictionary with
    /// a null, and columns that may hold nulls but hold none.
    fn every_kind() -> Table {
        use ColumnType::*;
        let mut price = Field::new("price", Decimal, true);
        price.decimal = Some((9, 2));
        let mut at = Field::new("at", Timestamp, false);
        at.tz = Some("UTC".into());
        let fields = vec![
            Field::new("u", UInt64, false),
            Field::new("f", Float32, true),
            Field::new("g", Float64, false),
            Field::new("never null", Int64, true),
            Field::new("flag", Bool, false),
            Field::new("code", Dictionary, true),
            Field::new("text", String, false),
            Field::new("raw decimal", Decimal, false),
            price,
            at,
        ];
        let mut t = Table::new(Schema { fields }, 4);
        let rows: [[Cell<'_>; 10]; 4] = [
            [
                Cell::Int(-1),
                Cell::Float(f64::NAN),
                Cell::Float(-0.0),
                Cell::Int(7),
                Cell::Bool(true),
                Cell::Str("UA"),
                Cell::Str(""),
                Cell::Str("1.50"),
                Cell::Str("12.34"),
                Cell::Int(0),
            ],
            [
                Cell::Int(0),
                Cell::Null,
                Cell::Float(f64::INFINITY),
                Cell::Int(-7),
                Cell::Bool(false),
                Cell::Null,
                Cell::Str("seven!!"),
                Cell::Str("-0.001"),
                Cell::Null,
                Cell::Int(-1),
            ],
            [
                Cell::Int(1 << 40),
                Cell::Float(0.1f32.into()),
                Cell::Float(f64::MIN_POSITIVE),
                Cell::Int(0),
                Cell::Bool(true),
                Cell::Str("a longer code"),
                Cell::Str("eight!!!"),
                Cell::Str("0"),
                Cell::Str("-0.05"),
                Cell::Int(1_700_000_000_000_001),
            ],
            [
                Cell::Int(5),
                Cell::Float(-0.0),
                Cell::Float(f64::NEG_INFINITY),
                Cell::Int(i64::MIN),
                Cell::Bool(false),
                Cell::Str("UA"),
                Cell::Str("seventeen bytes!!"),
                Cell::Str("99999999999999999999.5"),
                Cell::Str("0.00"),
                Cell::Int(i64::MAX),
            ],
        ];
        for row in &rows {
            t.push_row(row).unwrap();
        }
        t
    }

    #[test]
    fn a_batch_hashes_as_the_table_built_from_it() {
        for table in [sample_table(), nested_table(), every_kind()] {
            let batch = to_batch(&table).unwrap();
            let mut read = Table::new(table.schema.clone(), 0);
            append_batch(&mut read, &batch).unwrap();
            let expected = table_row_hashes(&read);
            assert_eq!(expected, table_row_hashes(&table));
            // Appended after what is already there, in two batches.
            let mut hashes = vec![42];
            let (head, tail) = (batch.slice(0, 1), batch.slice(1, batch.num_rows() - 1));
            batch_row_hashes(&table.schema, &head, &mut hashes).unwrap();
            batch_row_hashes(&table.schema, &tail, &mut hashes).unwrap();
            assert_eq!(hashes[0], 42);
            assert_eq!(hashes[1..], expected[..], "{:?}", table.schema.fields);
        }
    }

    #[test]
    fn every_changed_cell_changes_its_row_hash() {
        let table = every_kind();
        let base = table_row_hashes(&table);
        for col in 0..table.columns.len() {
            for row in 0..table.rows() {
                let mut changed = table.clone();
                let c = &mut changed.columns[col];
                // (an empty text is no decimal: a null decimal stays null)
                let decimal = changed.schema.fields[col].decimal.is_some();
                match &mut c.values {
                    _ if !c.valid[row] && decimal => continue,
                    _ if !c.valid[row] => c.valid[row] = true,
                    Values::Int(v) => v[row] ^= 1,
                    Values::Float(v) => v[row] = if v[row] == 1.5 { 2.5 } else { 1.5 },
                    Values::Bool(v) => v[row] = !v[row],
                    Values::Str(_) if decimal => c.valid[row] = false,
                    Values::Str(v) => {
                        let texts: Vec<std::string::String> =
                            v.iter().map(str::to_string).collect();
                        *v = texts
                            .iter()
                            .enumerate()
                            .map(|(i, t)| if i == row { "x" } else { t.as_str() })
                            .collect();
                    }
                }
                let mut hashes = Vec::new();
                let batch = to_batch(&changed).unwrap();
                batch_row_hashes(&changed.schema, &batch, &mut hashes).unwrap();
                assert_ne!(hashes[row], base[row], "column {col}, row {row}");
                assert_eq!(hashes[row], table_row_hashes(&changed)[row]);
            }
        }
    }

    #[test]
    fn a_batch_of_another_shape_is_refused_as_append_batch_refuses_it() {
        let table = sample_table();
        let batch = to_batch(&table).unwrap();
        let mut other = table.schema.clone();
        other.fields[2].ty = ColumnType::Int64;
        let refused = batch_row_hashes(&other, &batch, &mut Vec::new()).unwrap_err();
        let mut read = Table::new(other.clone(), 0);
        assert_eq!(
            refused.to_string(),
            append_batch(&mut read, &batch).unwrap_err().to_string()
        );
        assert!(refused
            .to_string()
            .contains("column 'mid' is Int32, expected Int64"));
        other.fields.pop();
        let refused = batch_row_hashes(&other, &batch, &mut Vec::new()).unwrap_err();
        assert!(refused.to_string().contains("10 columns, expected 9"));
    }
}
