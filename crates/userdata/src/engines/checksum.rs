//! What an engine's answer must hash to: per column, the count of missing
//! values and a wrapping sum of `splitmix64(key(value))`. The sum does not
//! depend on row order, and the keys are chosen so every engine can compute
//! them from its own frame: the engines worker (`workers/python/engines`)
//! implements the same definition, and `docs/workers.md` states it.

use encbench_table::schema::ColumnType;
use encbench_table::table::{Cell, Column, Table};

/// How a column's values are keyed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Integers (two's complement; unsigned as their bits).
    Int,
    /// 0 or 1.
    Bool,
    /// The IEEE-754 bits of the value as a float64; NaN counts as missing
    /// (pandas cannot tell NaN from null).
    Float,
    /// A float32 column: the value rounded to float32, then widened, so a
    /// text format's shortest float32 digits read as float64 key the same.
    Float32,
    /// FNV-1a 64 of the UTF-8 bytes.
    Text,
    /// Days since 1970-01-01.
    Date,
    /// Microseconds since 1970-01-01T00:00:00 UTC.
    Timestamp,
    /// Microseconds since midnight.
    Time,
    /// Microseconds.
    Duration,
    /// Only missing values are counted (decimals, bytes, UUIDs, nested):
    /// engines hand them back in too many shapes to key alike.
    Count,
}

impl Kind {
    /// The key kind of a column type.
    pub fn of(ty: ColumnType) -> Kind {
        match ty {
            ColumnType::Int8
            | ColumnType::Int16
            | ColumnType::Int32
            | ColumnType::Int64
            | ColumnType::UInt64 => Kind::Int,
            ColumnType::Bool => Kind::Bool,
            ColumnType::Float64 => Kind::Float,
            ColumnType::Float32 => Kind::Float32,
            ColumnType::String | ColumnType::Dictionary => Kind::Text,
            ColumnType::Date => Kind::Date,
            ColumnType::Timestamp => Kind::Timestamp,
            ColumnType::Time => Kind::Time,
            ColumnType::Duration => Kind::Duration,
            ColumnType::Decimal | ColumnType::Binary | ColumnType::Uuid | ColumnType::Json => {
                Kind::Count
            }
        }
    }

    /// The worker's name for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Int => "int",
            Kind::Bool => "bool",
            Kind::Float => "float",
            Kind::Float32 => "float32",
            Kind::Text => "text",
            Kind::Date => "date",
            Kind::Timestamp => "timestamp",
            Kind::Time => "time",
            Kind::Duration => "duration",
            Kind::Count => "count",
        }
    }

    /// Whether values are compared, not only counted.
    pub fn hashes(self) -> bool {
        self != Kind::Count
    }
}

/// One column's part of the checksum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ColumnSum {
    /// Missing values (and NaN for floats).
    pub nulls: u64,
    /// Wrapping sum of `splitmix64(key)` over the values present.
    pub hash: u64,
}

/// splitmix64's finaliser: spreads one key over 64 bits, so a wrapping sum
/// of many keys still changes when any one value does.
pub fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a, 64 bits.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The key of one value, `None` where it counts as missing.
fn key(kind: Kind, cell: Cell<'_>) -> Option<u64> {
    match (kind, cell) {
        (_, Cell::Null) => None,
        (Kind::Count, _) => Some(0),
        (_, Cell::Int(v)) => Some(v as u64),
        (_, Cell::Bool(b)) => Some(u64::from(b)),
        (_, Cell::Float(f)) if f.is_nan() => None,
        (Kind::Float32, Cell::Float(f)) => Some(f64::from(f as f32).to_bits()),
        (_, Cell::Float(f)) => Some(f.to_bits()),
        (_, Cell::Str(s)) => Some(fnv1a64(s.as_bytes())),
    }
}

/// The checksum of `column`'s values at `rows` (every row when `None`).
pub fn column_sum(column: &Column, kind: Kind, rows: Option<&[usize]>) -> ColumnSum {
    let mut sum = ColumnSum { nulls: 0, hash: 0 };
    let mut add = |i: usize| match key(kind, column.cell(i)) {
        None => sum.nulls += 1,
        Some(_) if kind == Kind::Count => {}
        Some(k) => sum.hash = sum.hash.wrapping_add(splitmix64(k)),
    };
    match rows {
        Some(rows) => rows.iter().for_each(|&i| add(i)),
        None => (0..column.valid.len()).for_each(&mut add),
    }
    sum
}

/// A schema as the engines worker takes it: each column's name and key kind.
pub fn columns_json(schema: &encbench_table::schema::Schema) -> Vec<serde_json::Value> {
    schema
        .fields
        .iter()
        .map(|f| serde_json::json!({"name": f.name, "kind": Kind::of(f.ty).as_str()}))
        .collect()
}

/// The checksum of `columns` of `table` at `rows`.
pub fn table_sums(table: &Table, columns: &[usize], rows: Option<&[usize]>) -> Vec<ColumnSum> {
    columns
        .iter()
        .map(|&c| column_sum(&table.columns[c], Kind::of(table.schema.fields[c].ty), rows))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mixers_give_their_published_values() {
        assert_eq!(splitmix64(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(splitmix64(1), 0x910A_2DEC_8902_5CC1);
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }

    #[test]
    fn nan_counts_as_missing_and_float32_keys_its_rounded_value() {
        assert_eq!(key(Kind::Float, Cell::Float(f64::NAN)), None);
        let widened = f64::from(0.1f32);
        assert_eq!(
            key(Kind::Float32, Cell::Float(0.1)),
            Some(widened.to_bits())
        );
        assert_eq!(
            key(Kind::Float32, Cell::Float(widened)),
            Some(widened.to_bits())
        );
    }

    #[test]
    fn one_changed_value_changes_the_sum_and_order_does_not() {
        let mut a = Column::new(ColumnType::Int64, 3);
        for v in [3, 1, 2] {
            a.push(Cell::Int(v)).unwrap();
        }
        let mut b = Column::new(ColumnType::Int64, 3);
        for v in [1, 2, 3] {
            b.push(Cell::Int(v)).unwrap();
        }
        assert_eq!(
            column_sum(&a, Kind::Int, None),
            column_sum(&b, Kind::Int, None)
        );
        let mut c = Column::new(ColumnType::Int64, 3);
        for v in [1, 2, 4] {
            c.push(Cell::Int(v)).unwrap();
        }
        assert_ne!(
            column_sum(&a, Kind::Int, None),
            column_sum(&c, Kind::Int, None)
        );
        assert_eq!(column_sum(&a, Kind::Int, Some(&[1])).hash, splitmix64(1));
    }
}
