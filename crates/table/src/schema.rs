//! The table's schema: a name, a type and nullability per column. Inferred
//! from the data, or read from a `--schema` file: a JSON list of
//! `{"name": …, "type": …, "nullable": …}` in column order.

use crate::Error;
use serde::{Deserialize, Serialize};

/// What a column holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ColumnType {
    /// Integers in −128..=127.
    Int8,
    /// Integers in −32768..=32767.
    Int16,
    /// 32-bit integers.
    Int32,
    /// 64-bit integers.
    Int64,
    /// 32-bit floating point (from a binary input's float32 or float16):
    /// held exactly, written in the shortest text that reads back at 32 bits.
    Float32,
    /// Unsigned 64-bit integers (from a binary input): held in the
    /// table's `i64`s bit for bit, read and written as unsigned.
    UInt64,
    /// 64-bit floating point.
    Float64,
    /// true / false.
    Bool,
    /// Date and time to the microsecond, no zone (`2013-01-01 05:00:00`).
    Timestamp,
    /// A calendar date (`2013-01-01`).
    Date,
    /// A time of day to the microsecond, no zone (`05:00:00.25`): from a
    /// binary input's time column (Arrow Time32/Time64, Parquet TIME, Avro
    /// time-millis/time-micros), held as microseconds since midnight.
    Time,
    /// A span of time to the microsecond (Arrow Duration, as pandas'
    /// timedelta is written): microseconds, printed as pandas prints a
    /// timedelta (`1 day 01:02:03.5`).
    Duration,
    /// An exact decimal (its precision and scale are the field's
    /// `decimal`), held as its text with exactly `scale` fraction digits.
    Decimal,
    /// Bytes (Arrow Binary and its kin, Parquet `BYTE_ARRAY` without a
    /// string type, Avro bytes and fixed), held as lowercase hex text:
    /// written as bytes by the formats that have them, as the hex text by
    /// CSV and JSON.
    Binary,
    /// UUIDs (Arrow's `arrow.uuid`, Parquet's `UUID`, Avro's `uuid`), held
    /// as lowercase `8-4-4-4-12` hex text: written as 16 bytes with the
    /// UUID type by Arrow and Parquet, as Avro's `uuid` string, as the text
    /// elsewhere.
    Uuid,
    /// Text.
    String,
    /// Text with few distinct values: a dictionary-encoding candidate.
    Dictionary,
    /// Nested JSON (objects, arrays): its shape is the field's `shape`.
    Json,
}

impl ColumnType {
    /// The name used in the schema file and the printed schema.
    pub fn as_str(self) -> &'static str {
        match self {
            ColumnType::Int8 => "int8",
            ColumnType::Int16 => "int16",
            ColumnType::Int32 => "int32",
            ColumnType::Int64 => "int64",
            ColumnType::UInt64 => "uint64",
            ColumnType::Float32 => "float32",
            ColumnType::Float64 => "float64",
            ColumnType::Bool => "bool",
            ColumnType::Timestamp => "timestamp",
            ColumnType::Date => "date",
            ColumnType::Time => "time",
            ColumnType::Duration => "duration",
            ColumnType::Binary => "binary",
            ColumnType::Uuid => "uuid",
            ColumnType::Decimal => "decimal",
            ColumnType::String => "string",
            ColumnType::Dictionary => "dictionary",
            ColumnType::Json => "json",
        }
    }

    /// Stored as `i64` in the table (integers, timestamps in µs, dates in
    /// days, times of day in µs since midnight, spans in µs).
    pub fn is_integral(self) -> bool {
        matches!(
            self,
            ColumnType::Int8
                | ColumnType::Int16
                | ColumnType::Int32
                | ColumnType::Int64
                | ColumnType::UInt64
                | ColumnType::Timestamp
                | ColumnType::Date
                | ColumnType::Time
                | ColumnType::Duration
        )
    }

    /// A floating-point type.
    pub fn is_float(self) -> bool {
        matches!(self, ColumnType::Float32 | ColumnType::Float64)
    }

    /// Stored as text (nested values as their canonical JSON, bytes as hex).
    pub fn is_text(self) -> bool {
        matches!(
            self,
            ColumnType::String
                | ColumnType::Dictionary
                | ColumnType::Json
                | ColumnType::Decimal
                | ColumnType::Binary
                | ColumnType::Uuid
        )
    }

    /// The range an integer type holds.
    pub fn int_range(self) -> Option<(i64, i64)> {
        match self {
            ColumnType::Int8 => Some((i8::MIN.into(), i8::MAX.into())),
            ColumnType::Int16 => Some((i16::MIN.into(), i16::MAX.into())),
            ColumnType::Int32 => Some((i32::MIN.into(), i32::MAX.into())),
            ColumnType::Int64 => Some((i64::MIN, i64::MAX)),
            _ => None,
        }
    }

    /// The smallest integer type holding `min..=max`.
    pub fn int_for(min: i64, max: i64) -> ColumnType {
        [ColumnType::Int8, ColumnType::Int16, ColumnType::Int32]
            .into_iter()
            .find(|t| t.int_range().is_some_and(|(lo, hi)| lo <= min && max <= hi))
            .unwrap_or(ColumnType::Int64)
    }
}

/// One column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Field {
    /// Column name (the header's, or `column_N`).
    pub name: String,
    /// What it holds.
    #[serde(rename = "type")]
    pub ty: ColumnType,
    /// Whether a value may be missing (an empty CSV field, a JSON null or absent key).
    #[serde(default)]
    pub nullable: bool,
    /// A `json` column's nested shape (struct and list types), when inferred.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shape: Option<crate::nested::Shape>,
    /// A timestamp column's time zone (`UTC`, `Europe/Paris`), when its
    /// values are instants: kept by the formats that record one (Arrow,
    /// Parquet); the values are the same instants in every format.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tz: Option<String>,
    /// A decimal column's precision (digits in all) and scale (digits
    /// after the point).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decimal: Option<(u8, u8)>,
    /// A binary column's fixed size in bytes (Avro `fixed`, Arrow
    /// `FixedSizeBinary`, Parquet `FIXED_LEN_BYTE_ARRAY`): kept by the
    /// formats that have such a type; every value has exactly this many.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
}

impl Field {
    /// A field with no nested shape.
    pub fn new(name: impl Into<String>, ty: ColumnType, nullable: bool) -> Field {
        Field {
            name: name.into(),
            ty,
            nullable,
            shape: None,
            tz: None,
            decimal: None,
            width: None,
        }
    }

    /// Refuses a binary value of `len` bytes where the field has another
    /// fixed size. (A text file's values are checked with their line as
    /// it is read; this is the writers' guard.)
    pub fn check_fixed_size(&self, len: usize) -> Result<(), String> {
        match self.width {
            Some(width) if len != width as usize => {
                let bytes = |n: usize| format!("{n} byte{}", if n == 1 { "" } else { "s" });
                Err(format!(
                    "column '{}': a value of {} where its fixed size is {}",
                    self.name,
                    bytes(len),
                    bytes(width as usize)
                ))
            }
            _ => Ok(()),
        }
    }

    /// The type as printed: `json struct<id: int64, …>` for nested columns.
    pub fn type_text(&self) -> String {
        match (&self.shape, self.ty, &self.tz) {
            (Some(shape), ColumnType::Json, _) => format!("json {}", shape.describe()),
            (_, ColumnType::Timestamp, Some(tz)) => format!("timestamp ({tz})"),
            (_, ColumnType::Decimal, _) => match self.decimal {
                Some((p, s)) => format!("decimal({p}, {s})"),
                None => "decimal".into(),
            },
            (_, ColumnType::Binary, _) => match self.width {
                Some(n) => format!("binary({n})"),
                None => "binary".into(),
            },
            _ => self.ty.as_str().to_string(),
        }
    }
}

/// The columns of a table, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Schema {
    /// One per column.
    pub fields: Vec<Field>,
}

impl Schema {
    /// The fields at `columns`, in that order.
    pub fn project(&self, columns: &[usize]) -> Schema {
        Schema {
            fields: columns.iter().map(|&i| self.fields[i].clone()).collect(),
        }
    }

    /// Reads a schema file: a JSON list of fields.
    pub fn from_json(text: &str) -> Result<Schema, Error> {
        let fields: Vec<Field> = serde_json::from_str(text).map_err(|e| {
            Error::Schema(format!(
                "{e} (expected a JSON list of {{\"name\", \"type\", \"nullable\"}})"
            ))
        })?;
        if fields.is_empty() {
            return Err(Error::Schema("the list of fields is empty".into()));
        }
        let schema = Schema { fields };
        if let Some((_, twice)) = schema.repeated_name() {
            let name = &schema.fields[twice].name;
            return Err(Error::Schema(format!("column '{name}' is named twice")));
        }
        for f in &schema.fields {
            let digits = matches!(f.decimal, Some((p, s)) if (1..=38).contains(&p) && s <= p);
            if f.ty == ColumnType::Decimal && !digits {
                return Err(Error::Schema(format!(
                    "column '{}' is a decimal: give \"decimal\": [precision, scale], precision 1 to 38, scale at most the precision",
                    f.name
                )));
            }
            let width_fits = f.width.is_some_and(|n| n > 0 && i32::try_from(n).is_ok());
            if f.width.is_some() && (f.ty != ColumnType::Binary || !width_fits) {
                return Err(Error::Schema(format!(
                    "column '{}': \"width\" (a fixed size in bytes, 1 to 2147483647) is for binary columns",
                    f.name
                )));
            }
        }
        Ok(schema)
    }

    /// The first column named as an earlier one: `(earlier, later)`, by
    /// index (Parquet and Arrow files may repeat a name).
    pub fn repeated_name(&self) -> Option<(usize, usize)> {
        let names = &self.fields;
        (0..names.len()).find_map(|i| {
            let earlier = names[..i].iter().position(|g| g.name == names[i].name);
            earlier.map(|j| (j, i))
        })
    }

    /// The schema as the JSON a `--schema` file holds.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(&self.fields).unwrap_or_default()
    }
}
