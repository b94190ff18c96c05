//! The typed in-memory table every table codec writes from and reads into:
//! one typed vector per column plus a validity mask, so the columnar
//! formats take whole columns and the row formats walk rows.

use crate::schema::{ColumnType, Field, Schema};
use crate::values;

/// The values of one column (a null slot holds a default). Equality
/// compares floats as values ([`same_float`]): NaN equals NaN, and −0.0
/// differs from 0.0.
#[derive(Debug, Clone)]
pub enum Values {
    /// Integers, timestamps (µs since 1970) and dates (days since 1970).
    Int(Vec<i64>),
    /// Floats.
    Float(Vec<f64>),
    /// Booleans.
    Bool(Vec<bool>),
    /// Text, packed (see [`Strings`]).
    Str(Strings),
}

/// Text values end to end in one buffer: one allocation per column, not
/// one per value (the typing and read-back of `--convert` spent a fifth of
/// their time in malloc and free with a `String` per cell).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Strings {
    text: String,
    ends: Vec<usize>,
}

impl Strings {
    /// Room for `rows` values.
    pub fn with_capacity(rows: usize) -> Strings {
        Strings {
            text: String::new(),
            ends: Vec::with_capacity(rows),
        }
    }

    /// Appends one value.
    pub fn push(&mut self, value: &str) {
        self.text.push_str(value);
        self.ends.push(self.text.len());
    }

    /// Value `i`.
    pub fn get(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.text[start..self.ends[i]]
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// No values.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Every value, in order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        // Each value starts where the last ended: one walk, no lookups.
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let value = &self.text[start..end];
            start = end;
            value
        })
    }

    /// The values' bytes end to end, and where each one ends.
    pub fn parts(&self) -> (&str, &[usize]) {
        (&self.text, &self.ends)
    }

    fn truncate(&mut self, rows: usize) {
        if rows < self.len() {
            self.ends.truncate(rows);
            self.text.truncate(self.ends.last().copied().unwrap_or(0));
        }
    }

    fn extend(&mut self, other: &Strings) {
        let base = self.text.len();
        self.text.push_str(&other.text);
        self.ends.extend(other.ends.iter().map(|e| e + base));
    }
}

impl PartialEq for Values {
    fn eq(&self, other: &Values) -> bool {
        match (self, other) {
            (Values::Int(a), Values::Int(b)) => a == b,
            (Values::Float(a), Values::Float(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_float(*x, *y))
            }
            (Values::Bool(a), Values::Bool(b)) => a == b,
            (Values::Str(a), Values::Str(b)) => a == b,
            _ => false,
        }
    }
}

/// Whether two floats are the same value: the same bits (so −0.0 and 0.0
/// differ), or both NaN whatever their payloads (formats may canonicalise
/// a NaN's payload; no reader can tell one from another).
pub fn same_float(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

impl<'a> FromIterator<&'a str> for Strings {
    fn from_iter<I: IntoIterator<Item = &'a str>>(values: I) -> Strings {
        let mut strings = Strings::default();
        values.into_iter().for_each(|v| strings.push(v));
        strings
    }
}

/// One column: values and which of them are present.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    /// The values.
    pub values: Values,
    /// `valid[i]` is false where row `i` is null.
    pub valid: Vec<bool>,
}

/// One value, borrowed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Cell<'a> {
    /// Missing.
    Null,
    /// An integral value (see [`Values::Int`]).
    Int(i64),
    /// A float.
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// Text.
    Str(&'a str),
}

/// A schema and its columns, all of one length.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The columns' names and types.
    pub schema: Schema,
    /// One per field.
    pub columns: Vec<Column>,
}

impl Column {
    /// An empty column for this type, with room for `rows` (bounded by the caller).
    pub fn new(ty: ColumnType, rows: usize) -> Column {
        let values = match ty {
            t if t.is_integral() => Values::Int(Vec::with_capacity(rows)),
            t if t.is_float() => Values::Float(Vec::with_capacity(rows)),
            ColumnType::Bool => Values::Bool(Vec::with_capacity(rows)),
            _ => Values::Str(Strings::with_capacity(rows)),
        };
        Column {
            values,
            valid: Vec::with_capacity(rows),
        }
    }

    /// The value in row `i`.
    pub fn cell(&self, i: usize) -> Cell<'_> {
        if !self.valid[i] {
            return Cell::Null;
        }
        match &self.values {
            Values::Int(v) => Cell::Int(v[i]),
            Values::Float(v) => Cell::Float(v[i]),
            Values::Bool(v) => Cell::Bool(v[i]),
            Values::Str(v) => Cell::Str(v.get(i)),
        }
    }

    /// Appends a null.
    pub fn push_null(&mut self) {
        self.valid.push(false);
        match &mut self.values {
            Values::Int(v) => v.push(0),
            Values::Float(v) => v.push(0.0),
            Values::Bool(v) => v.push(false),
            Values::Str(v) => v.push(""),
        }
    }

    /// Appends a value; `Err` names what was expected when the kind is wrong.
    pub fn push(&mut self, cell: Cell<'_>) -> Result<(), &'static str> {
        match (&mut self.values, cell) {
            (_, Cell::Null) => {
                self.push_null();
                return Ok(());
            }
            (Values::Int(v), Cell::Int(x)) => v.push(x),
            (Values::Float(v), Cell::Float(x)) => v.push(x),
            // A float column may be given an integer (JSON writes 2.0 as 2 in some tools).
            (Values::Float(v), Cell::Int(x)) => v.push(x as f64),
            (Values::Bool(v), Cell::Bool(x)) => v.push(x),
            (Values::Str(v), Cell::Str(x)) => v.push(x),
            (Values::Int(_), _) => return Err("an integer"),
            (Values::Float(_), _) => return Err("a number"),
            (Values::Bool(_), _) => return Err("a boolean"),
            (Values::Str(_), _) => return Err("a string"),
        }
        self.valid.push(true);
        Ok(())
    }

    /// Appends the value `text` spells for type `ty`; `Err` says why it does not fit.
    pub fn push_text(&mut self, ty: ColumnType, text: &str) -> Result<(), NotA> {
        // Straight into the column's vector: this runs once per cell of a
        // --convert, so no intermediate `Cell` and no second type match.
        let pushed = match &mut self.values {
            Values::Int(v) => {
                let value = match ty {
                    ColumnType::Date => values::parse_date(text),
                    ColumnType::Timestamp => values::parse_timestamp(text),
                    ColumnType::Time => values::parse_time(text),
                    ColumnType::Duration => values::parse_duration(text),
                    ColumnType::UInt64 => values::parse_uint64(text),
                    int => values::parse_int(text)
                        .filter(|v| int.int_range().is_some_and(|(lo, hi)| lo <= *v && *v <= hi)),
                };
                value.map(|x| v.push(x))
            }
            Values::Float(v) => match ty {
                ColumnType::Float32 => values::parse_float32(text),
                _ => values::parse_float(text),
            }
            .map(|x| v.push(x)),
            Values::Bool(v) => values::parse_bool(text).map(|x| v.push(x)),
            // A decimal's text must be one: digits, a point, digits.
            Values::Str(_) if ty == ColumnType::Decimal && !values::is_decimal(text) => None,
            // Bytes in hex and UUIDs, held in lowercase whatever case the input used.
            Values::Str(_) if ty == ColumnType::Binary && !values::is_hex(text) => None,
            Values::Str(_) if ty == ColumnType::Uuid && values::uuid_bytes(text).is_none() => None,
            Values::Str(v) if matches!(ty, ColumnType::Binary | ColumnType::Uuid) => {
                v.push(&text.to_ascii_lowercase());
                Some(())
            }
            Values::Str(v) => {
                v.push(text);
                Some(())
            }
        };
        match pushed {
            Some(()) => {
                self.valid.push(true);
                Ok(())
            }
            None => Err(NotA(ty)),
        }
    }

    /// Appends a run of cells (`None`: empty) of a plain text column
    /// (string or dictionary) in one loop: every text fits, and an empty
    /// cell is a null where `nullable`, else the empty text. `false` (and
    /// nothing appended) when the column holds no text.
    pub fn push_texts<'a>(
        &mut self,
        nullable: bool,
        cells: impl ExactSizeIterator<Item = Option<&'a str>>,
    ) -> bool {
        let Values::Str(v) = &mut self.values else {
            return false;
        };
        v.ends.reserve(cells.len());
        self.valid.reserve(cells.len());
        for cell in cells {
            v.push(cell.unwrap_or_default());
            self.valid.push(cell.is_some() || !nullable);
        }
        true
    }

    /// Appends a run of cells (`None`: empty) of the plain integer type
    /// `ty` in one tight loop, a null for an empty cell or a null token
    /// where `nullable`; what `load::typed_columns` does a column at a
    /// time. `None` when `ty` is not a plain integer or the column holds no
    /// integers; `Some(false)` at the first cell that does not fit, some
    /// cells appended (the caller truncates).
    pub fn push_int_texts<'a>(
        &mut self,
        ty: ColumnType,
        nullable: bool,
        cells: impl Iterator<Item = Option<&'a str>>,
    ) -> Option<bool> {
        let (lo, hi) = ty.int_range()?;
        let Values::Int(v) = &mut self.values else {
            return None;
        };
        v.reserve(cells.size_hint().0);
        self.valid.reserve(cells.size_hint().0);
        for cell in cells {
            let value = cell.and_then(values::parse_int);
            match value {
                Some(x) if lo <= x && x <= hi => {
                    v.push(x);
                    self.valid.push(true);
                }
                // An out-of-range number is no null token either.
                None if nullable && cell.is_none_or(values::is_null_token) => {
                    v.push(0);
                    self.valid.push(false);
                }
                _ => return Some(false),
            }
        }
        Some(true)
    }

    /// Number of rows.
    pub fn len(&self) -> usize {
        self.valid.len()
    }

    /// No rows.
    pub fn is_empty(&self) -> bool {
        self.valid.is_empty()
    }
}

/// A text that does not parse as the column's type: "not an int32" when
/// shown. Nothing is formatted until then, since a null token (`NA`) in a
/// numeric column takes this path on every such cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotA(pub ColumnType);

impl std::fmt::Display for NotA {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not {}", article(self.0))
    }
}

/// "an int32", "a timestamp": for error messages.
pub fn article(ty: ColumnType) -> String {
    let name = ty.as_str();
    match name.as_bytes()[0] {
        b'i' => format!("an {name}"),
        _ => format!("a {name}"),
    }
}

impl Table {
    /// An empty table for `schema`, with room for `rows`.
    pub fn new(schema: Schema, rows: usize) -> Table {
        let columns = schema
            .fields
            .iter()
            .map(|f| Column::new(f.ty, rows))
            .collect();
        Table { schema, columns }
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.columns.first().map_or(0, Column::len)
    }

    /// Appends one row of cells, all or nothing.
    pub fn push_row(&mut self, cells: &[Cell<'_>]) -> Result<(), String> {
        if cells.len() != self.columns.len() {
            return Err(format!(
                "{} values for {} columns",
                cells.len(),
                self.columns.len()
            ));
        }
        for (i, (col, cell)) in self.columns.iter_mut().zip(cells).enumerate() {
            if let Err(expected) = col.push(*cell) {
                self.truncate_to(self.rows_before(i));
                return Err(format!(
                    "column '{}': expected {expected}",
                    self.schema.fields[i].name
                ));
            }
        }
        Ok(())
    }

    /// Appends every row of `other` (same schema).
    pub fn append(&mut self, other: &Table) {
        for (mine, theirs) in self.columns.iter_mut().zip(&other.columns) {
            mine.valid.extend_from_slice(&theirs.valid);
            match (&mut mine.values, &theirs.values) {
                (Values::Int(a), Values::Int(b)) => a.extend_from_slice(b),
                (Values::Float(a), Values::Float(b)) => a.extend_from_slice(b),
                (Values::Bool(a), Values::Bool(b)) => a.extend_from_slice(b),
                (Values::Str(a), Values::Str(b)) => a.extend(b),
                // Same schema, so the same kinds: nothing else can occur.
                _ => {}
            }
        }
    }

    /// This table with every float that `lost` picks made null, and with
    /// `empty_text` every empty text of a nullable text column, and how
    /// many were (`None` when none were): what a format that cannot carry
    /// such values gives back (CSV has one spelling for an empty text and
    /// a null). A column made to hold a null it may not (a float column
    /// not nullable) is named in the error; a text column that is not
    /// nullable reads its empty texts back as they are.
    pub fn nulling(
        &self,
        lost: impl Fn(f64) -> bool,
        empty_text: bool,
    ) -> Result<Option<(Table, u64)>, String> {
        let nulled = |col: &Column, field: &Field, k: usize| -> bool {
            col.valid[k]
                && match &col.values {
                    Values::Float(v) => lost(v[k]),
                    Values::Str(v) => empty_text && field.nullable && v.get(k).is_empty(),
                    _ => false,
                }
        };
        // Only float columns, and text ones where empty text is lost, are looked at.
        let counts: Vec<u64> = self
            .columns
            .iter()
            .zip(&self.schema.fields)
            .map(|(c, f)| match &c.values {
                Values::Str(_) if !(empty_text && f.nullable) => 0,
                Values::Float(_) | Values::Str(_) => {
                    (0..c.len()).filter(|&k| nulled(c, f, k)).count() as u64
                }
                _ => 0,
            })
            .collect();
        if counts.iter().all(|n| *n == 0) {
            return Ok(None);
        }
        let mut out = self.clone();
        for (k, (field, n)) in self.schema.fields.iter().zip(&counts).enumerate() {
            if *n == 0 {
                continue;
            }
            if !field.nullable {
                return Err(format!("column '{}' is not nullable", field.name));
            }
            let (col, mine) = (&mut out.columns[k], &self.columns[k]);
            for row in 0..mine.len() {
                if nulled(mine, field, row) {
                    col.valid[row] = false;
                    if let Values::Float(v) = &mut col.values {
                        v[row] = 0.0;
                    }
                }
            }
        }
        Ok(Some((out, counts.iter().sum())))
    }

    fn rows_before(&self, filled: usize) -> usize {
        // Columns before `filled` took the row; the rest did not.
        self.columns
            .get(filled)
            .map_or_else(|| self.rows(), Column::len)
    }

    pub fn truncate_to(&mut self, rows: usize) {
        for col in &mut self.columns {
            col.valid.truncate(rows);
            match &mut col.values {
                Values::Int(v) => v.truncate(rows),
                Values::Float(v) => v.truncate(rows),
                Values::Bool(v) => v.truncate(rows),
                Values::Str(v) => v.truncate(rows),
            }
        }
    }

    /// The first place where `other` differs from this table, described
    /// (row numbers 1-based), or `None` when every row is equal. Floats
    /// compare as values ([`same_float`]), so a changed value (a sign of
    /// zero included) is never missed and NaN is never a false difference.
    pub fn first_difference(&self, other: &Table) -> Option<String> {
        if self.columns.len() != other.columns.len() {
            return Some(format!(
                "{} columns read back, {} expected",
                other.columns.len(),
                self.columns.len()
            ));
        }
        for row in 0..self.rows().min(other.rows()) {
            for (c, (a, b)) in self.columns.iter().zip(&other.columns).enumerate() {
                let (x, y) = (a.cell(row), b.cell(row));
                let same = match (x, y) {
                    (Cell::Float(p), Cell::Float(q)) => same_float(p, q),
                    _ => x == y,
                };
                if !same {
                    return Some(format!(
                        "row {}, column '{}': expected {}, read back {}",
                        row + 1,
                        self.schema.fields[c].name,
                        self.display(x, c),
                        self.display(y, c)
                    ));
                }
            }
        }
        (self.rows() != other.rows())
            .then(|| format!("{} rows read back, {} expected", other.rows(), self.rows()))
    }

    fn display(&self, cell: Cell<'_>, column: usize) -> String {
        match cell {
            Cell::Null => "null".into(),
            other => format!("'{}'", text_of(other, &self.schema.fields[column])),
        }
    }
}

/// A cell of `field` as the text table codecs write it (empty for null).
pub fn text_of(cell: Cell<'_>, field: &Field) -> String {
    match (cell, field.ty) {
        (Cell::Null, _) => String::new(),
        (Cell::Int(v), ColumnType::Date) => values::format_date(v),
        (Cell::Int(v), ColumnType::Timestamp) => values::format_timestamp(v, field.tz.is_some()),
        (Cell::Int(v), ColumnType::Time) => values::format_time(v),
        (Cell::Int(v), ColumnType::Duration) => values::format_duration(v),
        (Cell::Int(v), ColumnType::UInt64) => (v as u64).to_string(),
        (Cell::Int(v), _) => v.to_string(),
        // The shortest text that reads back at the column's width.
        (Cell::Float(v), ColumnType::Float32) => (v as f32).to_string(),
        (Cell::Float(v), _) => v.to_string(),
        (Cell::Bool(v), _) => v.to_string(),
        (Cell::Str(s), _) => s.to_string(),
    }
}

/// Digests of consecutive blocks of rows, whatever the batches they came
/// in: two streams of the same rows give the same list, and the first
/// block that differs says where to look. Floats as values, as in
/// [`Table::first_difference`]. The hash is a multiply-xorshift over
/// 64-bit words (order-sensitive, every bit mixed): it guards against
/// accidents (a lost, changed or reordered value), not an adversary, at a
/// fraction of SipHash's cost on the hot path of `--convert`.
#[derive(Debug, Default)]
pub struct Digest {
    hash: u64,
    in_block: usize,
    /// Rows digested.
    pub rows: u64,
    /// One digest per full block, then the partial one at [`finish`](Self::finish).
    pub blocks: Vec<u64>,
}

/// Rows per digest block.
pub const DIGEST_BLOCK_ROWS: usize = 65_536;

impl Digest {
    /// Chains one row's hash (see [`Table::row_hashes`]).
    pub fn add_row(&mut self, row_hash: u64) {
        crate::word_mix::mix(&mut self.hash, row_hash);
        self.rows += 1;
        self.in_block += 1;
        if self.in_block == DIGEST_BLOCK_ROWS {
            self.blocks.push(self.hash);
            self.hash = 0;
            self.in_block = 0;
        }
    }

    /// Closes the last, partial block.
    pub fn finish(mut self) -> Digest {
        if self.in_block > 0 {
            self.blocks.push(self.hash);
            self.in_block = 0;
        }
        self
    }

    /// Where `other` (read back) first differs from this (written), or `None`.
    pub fn difference(&self, other: &Digest) -> Option<String> {
        if self.rows != other.rows {
            return Some(format!(
                "{} rows read back, {} expected",
                other.rows, self.rows
            ));
        }
        if let Some(b) = (0..self.blocks.len().min(other.blocks.len()))
            .find(|&b| self.blocks[b] != other.blocks[b])
        {
            let first = b * DIGEST_BLOCK_ROWS + 1;
            let last = (first + DIGEST_BLOCK_ROWS - 1).min(self.rows as usize);
            return Some(format!("a row among rows {first} to {last} differs"));
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digests_ignore_batch_boundaries_and_catch_a_changed_or_moved_value() {
        let table = crate::testing::sample_table();
        let digest = |parts: &[&Table]| {
            let mut d = Digest::default();
            for t in parts {
                t.digest_into(&mut d);
            }
            d.finish()
        };
        let whole = digest(&[&table]);
        let mut head = table.clone();
        head.truncate_to(1);
        let mut tail = Table::new(table.schema.clone(), 0);
        for row in 1..table.rows() {
            let cells: Vec<Cell<'_>> = table.columns.iter().map(|c| c.cell(row)).collect();
            tail.push_row(&cells).unwrap();
        }
        assert_eq!(whole.difference(&digest(&[&head, &tail])), None);
        // Rows in another order, or one value changed: caught.
        assert!(whole.difference(&digest(&[&tail, &head])).is_some());
        let mut changed = table.clone();
        if let Values::Int(v) = &mut changed.columns[0].values {
            v[1] += 1;
        }
        let diff = whole.difference(&digest(&[&changed])).unwrap();
        assert_eq!(
            diff,
            format!("a row among rows 1 to {} differs", table.rows())
        );
    }

    #[test]
    fn nulling_takes_lost_floats_and_only_nullable_empty_text() {
        let schema = Schema {
            fields: vec![
                Field::new("x", ColumnType::Float64, true),
                Field::new("s", ColumnType::String, true),
                Field::new("b", ColumnType::Binary, true),
                Field::new("kept", ColumnType::String, false),
            ],
        };
        let mut table = Table::new(schema, 0);
        for row in [
            [
                Cell::Float(f64::NAN),
                Cell::Str(""),
                Cell::Str("00"),
                Cell::Str(""),
            ],
            [
                Cell::Float(1.0),
                Cell::Str("a"),
                Cell::Str(""),
                Cell::Str(""),
            ],
            [Cell::Null, Cell::Null, Cell::Null, Cell::Str("z")],
        ] {
            table.push_row(&row).unwrap();
        }
        assert_eq!(table.nulling(|_| false, false).unwrap(), None);
        let (floats, n) = table.nulling(f64::is_nan, false).unwrap().unwrap();
        assert_eq!((n, floats.columns[0].cell(0)), (1, Cell::Null));
        assert_eq!(floats.columns[1].cell(0), Cell::Str(""));
        let (back, n) = table.nulling(f64::is_nan, true).unwrap().unwrap();
        assert_eq!(n, 3, "NaN, the empty text and the empty bytes");
        let cells = |r: usize| back.columns.iter().map(|c| c.cell(r)).collect::<Vec<_>>();
        assert_eq!(
            cells(0),
            [Cell::Null, Cell::Null, Cell::Str("00"), Cell::Str("")]
        );
        assert_eq!(
            cells(1),
            [Cell::Float(1.0), Cell::Str("a"), Cell::Null, Cell::Str("")]
        );
        // A float column that may not hold a null is named.
        let mut strict = table.clone();
        strict.schema.fields[0].nullable = false;
        assert_eq!(
            strict.nulling(f64::is_nan, true).unwrap_err(),
            "column 'x' is not nullable"
        );
    }

    #[test]
    fn binary_text_is_hex_held_in_lowercase() {
        let mut col = Column::new(ColumnType::Binary, 0);
        col.push_text(ColumnType::Binary, "00FFaB").unwrap();
        col.push_text(ColumnType::Binary, "").unwrap();
        assert_eq!(col.cell(0), Cell::Str("00ffab"));
        assert_eq!(col.cell(1), Cell::Str(""));
        for bad in ["0", "zz", "0x00"] {
            assert!(col.push_text(ColumnType::Binary, bad).is_err(), "{bad}");
        }
        assert_eq!(col.len(), 2, "a refused value leaves nothing behind");
        assert_eq!(values::hex_bytes("00ffab"), Some(vec![0, 255, 171]));
        assert_eq!(values::hex_text(&[0, 255, 171]), "00ffab");
    }

    #[test]
    fn timestamps_with_a_time_zone_are_written_as_utc_instants() {
        let mut field = Field::new("at", ColumnType::Timestamp, false);
        let instant = Cell::Int(1_700_000_000_250_000);
        assert_eq!(text_of(instant, &field), "2023-11-14 22:13:20.250000");
        field.tz = Some("Europe/Paris".into());
        assert_eq!(text_of(instant, &field), "2023-11-14T22:13:20.250000Z");
    }

    #[test]
    fn a_zero_read_back_as_null_hashes_apart_even_where_no_null_may_be() {
        for nullable in [false, true] {
            let schema = Schema {
                fields: vec![Field::new("n", ColumnType::Int64, nullable)],
            };
            let mut table = Table::new(schema, 2);
            table.push_row(&[Cell::Int(0)]).unwrap();
            table.push_row(&[Cell::Int(5)]).unwrap();
            let mut lost = table.clone();
            lost.columns[0].valid[0] = false;
            let (kept, hashes) = (table.row_hashes(), lost.row_hashes());
            assert_ne!(kept[0], hashes[0], "nullable: {nullable}");
            // Where no null may be, the whole batch hashes apart; else only its row.
            assert_eq!(kept[1] == hashes[1], nullable);
        }
    }
}
