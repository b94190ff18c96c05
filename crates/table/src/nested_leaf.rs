//! Dates, timestamps and decimals inside nested values (a Parquet
//! `list<timestamp>`, a DuckDB `struct<d: date, n: decimal(10, 2)>`, an
//! Avro array of `timestamp-micros`). The nested model is JSON, which has
//! none of these types, so a leaf is held as its text, the same text the
//! top-level columns print (`2020-01-02`, `2024-05-01 12:30:15.123456`,
//! `2024-05-01T12:30:15Z` for an instant, `12.34` at the decimal's scale,
//! `01:02:03.456789` for a time of day, `1 day 00:00:01.5` for a span),
//! and the formats that have the type (Arrow, Parquet, Avro) write it
//! typed again: a file converted keeps its nested types.

use crate::values;
use arrow_array::cast::AsArray;
use arrow_array::types::{
    Date32Type, Decimal128Type, DurationMicrosecondType, Time64MicrosecondType,
    TimestampMicrosecondType,
};
use arrow_array::{
    Array, ArrayRef, Date32Array, Decimal128Array, DurationMicrosecondArray,
    Time64MicrosecondArray, TimestampMicrosecondArray,
};
use arrow_schema::{DataType, TimeUnit};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

/// A typed value inside a nested one, held as its text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Leaf {
    /// Days, as `YYYY-MM-DD`.
    Date,
    /// Microseconds: an instant (UTC text ending in `Z`) when it has a zone,
    /// a wall-clock time otherwise.
    Timestamp { tz: Option<String> },
    /// A decimal of at most 38 digits, as text at its scale.
    Decimal { precision: u8, scale: u8 },
    /// A time of day to the microsecond, as `HH:MM:SS[.ffffff]`.
    Time,
    /// A span of time to the microsecond, as pandas prints a timedelta.
    Duration,
}

impl Leaf {
    /// The leaf an Arrow type is, where its values fit exactly: dates,
    /// timestamps (nanoseconds too: a file whose values are finer than the
    /// microsecond has the column read as text before it gets here, see
    /// `binary_input`'s `Texted`), times of day in seconds, milliseconds
    /// or microseconds, decimals of at most 38 digits and a scale of zero
    /// or more.
    pub fn of_arrow(ty: &DataType) -> Option<Leaf> {
        Some(match ty {
            DataType::Date32 | DataType::Date64 => Leaf::Date,
            // Nanoseconds could be finer than the microsecond: they stay text.
            DataType::Time32(_) | DataType::Time64(TimeUnit::Microsecond) => Leaf::Time,
            DataType::Duration(
                TimeUnit::Second | TimeUnit::Millisecond | TimeUnit::Microsecond,
            ) => Leaf::Duration,
            DataType::Timestamp(_, tz) => Leaf::Timestamp {
                tz: tz.as_deref().map(str::to_string),
            },
            DataType::Decimal32(p, s)
            | DataType::Decimal64(p, s)
            | DataType::Decimal128(p, s)
            | DataType::Decimal256(p, s)
                if *p <= 38 && *s >= 0 =>
            {
                Leaf::Decimal {
                    precision: *p,
                    scale: *s as u8,
                }
            }
            _ => return None,
        })
    }

    /// The Arrow type written for it.
    pub fn arrow_type(&self) -> DataType {
        match self {
            Leaf::Date => DataType::Date32,
            Leaf::Timestamp { tz } => {
                DataType::Timestamp(TimeUnit::Microsecond, tz.as_deref().map(Into::into))
            }
            Leaf::Decimal { precision, scale } => DataType::Decimal128(*precision, *scale as i8),
            Leaf::Time => DataType::Time64(TimeUnit::Microsecond),
            Leaf::Duration => DataType::Duration(TimeUnit::Microsecond),
        }
    }

    /// `date`, `timestamp`, `timestamp (UTC)`, `decimal(10, 2)`.
    pub fn describe(&self) -> String {
        match self {
            Leaf::Date => "date".into(),
            Leaf::Timestamp { tz: None } => "timestamp".into(),
            Leaf::Timestamp { tz: Some(tz) } => format!("timestamp ({tz})"),
            Leaf::Decimal { precision, scale } => format!("decimal({precision}, {scale})"),
            Leaf::Time => "time".into(),
            Leaf::Duration => "duration".into(),
        }
    }

    /// The number a leaf's text stands for: days, microseconds, or the
    /// decimal's unscaled value.
    pub fn parse(&self, text: &str) -> Option<i128> {
        match self {
            Leaf::Date => values::parse_date(text).map(i128::from),
            Leaf::Timestamp { .. } => values::parse_timestamp(text).map(i128::from),
            Leaf::Decimal { scale, .. } => values::decimal_unscaled(text, *scale),
            Leaf::Time => values::parse_time(text).map(i128::from),
            Leaf::Duration => values::parse_duration(text).map(i128::from),
        }
    }

    /// The text of a leaf's number.
    pub fn format(&self, n: i128) -> String {
        match self {
            Leaf::Date => values::format_date(n as i64),
            Leaf::Timestamp { tz } => values::format_timestamp(n as i64, tz.is_some()),
            Leaf::Decimal { scale, .. } => values::decimal_text(n, *scale),
            Leaf::Time => values::format_time(n as i64),
            Leaf::Duration => values::format_duration(n as i64),
        }
    }

    /// The leaf's number from a JSON string, or why not.
    fn number(&self, v: &Value) -> Result<i128, String> {
        let text = v.as_str().ok_or_else(|| self.not_one(&v.to_string()))?;
        self.parse(text).ok_or_else(|| self.not_one(text))
    }

    fn not_one(&self, text: &str) -> String {
        format!("a nested value '{text}' is not a {}", self.describe())
    }

    /// The Arrow array of these values (`None` or JSON null: a null slot).
    pub fn to_arrow(&self, values: &[Option<&Value>]) -> Result<ArrayRef, String> {
        let numbers = values
            .iter()
            .map(|v| match v {
                None | Some(Value::Null) => Ok(None),
                Some(v) => self.number(v).map(Some),
            })
            .collect::<Result<Vec<Option<i128>>, String>>()?;
        let narrow = |n: Option<i128>| n.map(|n| n as i64);
        Ok(match self {
            Leaf::Date => Arc::new(
                numbers
                    .into_iter()
                    .map(|n| narrow(n).map(|d| d as i32))
                    .collect::<Date32Array>(),
            ),
            Leaf::Timestamp { tz } => Arc::new(
                numbers
                    .into_iter()
                    .map(narrow)
                    .collect::<TimestampMicrosecondArray>()
                    .with_timezone_opt(tz.clone()),
            ),
            Leaf::Decimal { precision, scale } => Arc::new(
                numbers
                    .into_iter()
                    .collect::<Decimal128Array>()
                    .with_precision_and_scale(*precision, *scale as i8)
                    .map_err(|e| e.to_string())?,
            ),
            Leaf::Time => Arc::new(
                numbers
                    .into_iter()
                    .map(narrow)
                    .collect::<Time64MicrosecondArray>(),
            ),
            Leaf::Duration => Arc::new(
                numbers
                    .into_iter()
                    .map(narrow)
                    .collect::<DurationMicrosecondArray>(),
            ),
        })
    }

    /// The values of `array` (of [`Leaf::arrow_type`]) as their text.
    pub fn from_arrow(&self, array: &dyn Array) -> Result<Vec<Value>, String> {
        if array.data_type() != &self.arrow_type() {
            return Err(format!(
                "a nested column is {}, expected {}",
                array.data_type(),
                self.arrow_type()
            ));
        }
        let number = |i: usize| -> i128 {
            match self {
                Leaf::Date => i128::from(array.as_primitive::<Date32Type>().value(i)),
                Leaf::Timestamp { .. } => {
                    i128::from(array.as_primitive::<TimestampMicrosecondType>().value(i))
                }
                Leaf::Decimal { .. } => array.as_primitive::<Decimal128Type>().value(i),
                Leaf::Time => i128::from(array.as_primitive::<Time64MicrosecondType>().value(i)),
                Leaf::Duration => {
                    i128::from(array.as_primitive::<DurationMicrosecondType>().value(i))
                }
            }
        };
        Ok((0..array.len())
            .map(|i| match array.is_valid(i) {
                true => Value::String(self.format(number(i))),
                false => Value::Null,
            })
            .collect())
    }

    /// The Avro type written for it.
    pub fn avro_type(&self) -> Value {
        match self {
            Leaf::Date => serde_json::json!({"type": "int", "logicalType": "date"}),
            Leaf::Timestamp { tz: Some(_) } => {
                serde_json::json!({"type": "long", "logicalType": "timestamp-micros"})
            }
            Leaf::Timestamp { tz: None } => {
                serde_json::json!({"type": "long", "logicalType": "local-timestamp-micros"})
            }
            Leaf::Decimal { precision, scale } => serde_json::json!(
                {"type": "bytes", "logicalType": "decimal", "precision": precision, "scale": scale}
            ),
            Leaf::Time => serde_json::json!({"type": "long", "logicalType": "time-micros"}),
            // Avro has no span of time: a long of microseconds.
            Leaf::Duration => serde_json::json!("long"),
        }
    }

    /// The Avro value of a leaf's text.
    pub fn to_avro(&self, v: &Value) -> Result<apache_avro::types::Value, String> {
        use apache_avro::types::Value as A;
        let n = self.number(v)?;
        let out_of_range = || self.not_one(&v.to_string());
        Ok(match self {
            Leaf::Date => A::Date(i32::try_from(n).map_err(|_| out_of_range())?),
            Leaf::Timestamp { tz } => {
                let micros = i64::try_from(n).map_err(|_| out_of_range())?;
                match tz {
                    Some(_) => A::TimestampMicros(micros),
                    None => A::LocalTimestampMicros(micros),
                }
            }
            Leaf::Decimal { .. } => A::Decimal(apache_avro::Decimal::from(n.to_be_bytes())),
            Leaf::Time => A::TimeMicros(i64::try_from(n).map_err(|_| out_of_range())?),
            Leaf::Duration => A::Long(i64::try_from(n).map_err(|_| out_of_range())?),
        })
    }

    /// A leaf's text from an Avro value of a date, timestamp or decimal
    /// type; `None` for any other value.
    pub fn from_avro(&self, v: &apache_avro::types::Value) -> Option<String> {
        use apache_avro::types::Value as A;
        let n = match (self, v) {
            (Leaf::Date, A::Date(d)) => i128::from(*d),
            (Leaf::Timestamp { .. }, A::TimestampMicros(t) | A::LocalTimestampMicros(t)) => {
                i128::from(*t)
            }
            (Leaf::Timestamp { .. }, A::TimestampMillis(t) | A::LocalTimestampMillis(t)) => {
                i128::from(*t) * 1000
            }
            (Leaf::Decimal { .. }, A::Decimal(d)) => values::avro_decimal(d)?,
            (Leaf::Time, A::TimeMicros(t)) => i128::from(*t),
            (Leaf::Time, A::TimeMillis(t)) => i128::from(*t) * 1000,
            (Leaf::Duration, A::Long(t)) => i128::from(*t),
            _ => return None,
        };
        Some(self.format(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn leaves_round_trip_through_arrow_and_avro_as_their_text() {
        let cases = [
            (Leaf::Date, json!("2020-01-02")),
            (
                Leaf::Timestamp { tz: None },
                json!("2024-05-01 12:30:15.123456"),
            ),
            (
                Leaf::Timestamp {
                    tz: Some("UTC".into()),
                },
                json!("2024-05-01T12:30:15Z"),
            ),
            (
                Leaf::Decimal {
                    precision: 10,
                    scale: 2,
                },
                json!("-0.01"),
            ),
            (Leaf::Time, json!("01:02:03.456789")),
            (Leaf::Duration, json!("-1 days +23:59:59.500000")),
        ];
        for (leaf, text) in cases {
            let array = leaf.to_arrow(&[Some(&text), None]).unwrap();
            assert_eq!(array.data_type(), &leaf.arrow_type());
            assert_eq!(
                leaf.from_arrow(array.as_ref()).unwrap(),
                vec![text.clone(), Value::Null]
            );
            let avro = leaf.to_avro(&text).unwrap();
            assert_eq!(leaf.from_avro(&avro).as_deref(), text.as_str(), "{leaf:?}");
        }
    }

    #[test]
    fn a_text_that_is_not_the_leaf_is_refused_by_name() {
        let err = Leaf::Date
            .to_arrow(&[Some(&json!("2020-13-01"))])
            .unwrap_err();
        assert_eq!(err, "a nested value '2020-13-01' is not a date");
        let err = Leaf::Decimal {
            precision: 5,
            scale: 2,
        }
        .to_avro(&json!(1.5))
        .unwrap_err();
        assert!(err.contains("not a decimal(5, 2)"), "{err}");
    }

    #[test]
    fn which_arrow_types_are_leaves() {
        assert_eq!(Leaf::of_arrow(&DataType::Date32), Some(Leaf::Date));
        let ms = DataType::Timestamp(TimeUnit::Millisecond, Some("Europe/Paris".into()));
        assert_eq!(
            Leaf::of_arrow(&ms),
            Some(Leaf::Timestamp {
                tz: Some("Europe/Paris".into())
            })
        );
        // Whole microseconds; finer values leave the column text earlier.
        assert_eq!(
            Leaf::of_arrow(&DataType::Timestamp(TimeUnit::Nanosecond, None)),
            Some(Leaf::Timestamp { tz: None })
        );
        assert_eq!(
            Leaf::of_arrow(&DataType::Duration(TimeUnit::Millisecond)),
            Some(Leaf::Duration)
        );
        assert_eq!(
            Leaf::of_arrow(&DataType::Duration(TimeUnit::Nanosecond)),
            None
        );
        assert_eq!(Leaf::of_arrow(&DataType::Decimal128(39, 2)), None);
        assert_eq!(Leaf::of_arrow(&DataType::Decimal128(10, -2)), None);
    }
}
