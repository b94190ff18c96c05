//! Avro's nested values (arrays, maps, records) and the nested model:
//! the shape of an Avro type, and an Avro value as the JSON of its shape.
//! Shared by the Avro input (a user's file) and the Avro table codec's
//! read-back, so both turn the same Avro value into the same text.

use crate::nested::{Leaf, Shape};
use apache_avro::types::Value as Avro;
use apache_avro::Schema as S;
use serde_json::Value;

/// The nested shape of an Avro type whose values the nested model holds
/// exactly: arrays, maps and records of booleans, integers, floats, text,
/// enums, dates, timestamps, times of day and decimals (of at most 38
/// digits), null unions allowed; `None` otherwise (bytes, UUIDs, other
/// unions), which is then carried as text.
pub fn shape_of(schema: &S) -> Option<Shape> {
    Some(match schema {
        S::Boolean => Shape::Bool,
        S::Int | S::Long => Shape::Int,
        S::Float | S::Double => Shape::Float,
        S::String | S::Enum(_) => Shape::Str,
        S::Date => Shape::Leaf(Leaf::Date),
        S::TimestampMillis | S::TimestampMicros => Shape::Leaf(Leaf::Timestamp {
            tz: Some("UTC".into()),
        }),
        S::LocalTimestampMillis | S::LocalTimestampMicros => {
            Shape::Leaf(Leaf::Timestamp { tz: None })
        }
        S::TimeMillis | S::TimeMicros => Shape::Leaf(Leaf::Time),
        S::Decimal(d) if d.precision <= 38 && d.scale <= d.precision => {
            Shape::Leaf(Leaf::Decimal {
                precision: u8::try_from(d.precision).ok()?,
                scale: u8::try_from(d.scale).ok()?,
            })
        }
        S::Array(array) => Shape::List(Box::new(shape_of(&array.items)?)),
        S::Map(map) => Shape::Map(Box::new(shape_of(&map.types)?)),
        S::Record(record) if !record.fields.is_empty() => Shape::Struct(
            record
                .fields
                .iter()
                .map(|f| Some((f.name.clone(), shape_of(&f.schema)?)))
                .collect::<Option<Vec<_>>>()?,
        ),
        S::Union(u) => match u.variants() {
            [S::Null, x] | [x, S::Null] => shape_of(x)?,
            _ => return None,
        },
        _ => return None,
    })
}

/// The JSON value an Avro value of `shape` holds: null members and map
/// entries left out, leaves as their text, a value carried as JSON text
/// (a mixed shape) parsed back.
pub fn to_json(shape: &Shape, v: &Avro) -> Result<Value, String> {
    let v = match v {
        Avro::Union(_, inner) => inner.as_ref(),
        v => v,
    };
    let wrong = || {
        format!(
            "an Avro value does not match the nested shape {}",
            shape.describe()
        )
    };
    let float = |x: f64| {
        // JSON, the nested model, has neither NaN nor the infinities.
        serde_json::Number::from_f64(x).map(Value::Number).ok_or_else(|| {
            format!("a float inside a nested value is {x}, which the nested model (JSON) cannot hold")
        })
    };
    Ok(match (shape, v) {
        (_, Avro::Null) => Value::Null,
        (Shape::Bool, Avro::Boolean(b)) => Value::Bool(*b),
        (Shape::Int, Avro::Long(x)) => Value::from(*x),
        (Shape::Int, Avro::Int(x)) => Value::from(*x),
        (Shape::Float, Avro::Double(x)) => float(*x)?,
        (Shape::Float, Avro::Float(x)) => float(f64::from(*x))?,
        (Shape::Str, Avro::String(s) | Avro::Enum(_, s)) => Value::String(s.clone()),
        (Shape::Leaf(leaf), v) => Value::String(leaf.from_avro(v).ok_or_else(wrong)?),
        (Shape::List(item), Avro::Array(xs)) => Value::Array(
            xs.iter()
                .map(|x| to_json(item, x))
                .collect::<Result<_, _>>()?,
        ),
        (Shape::Map(item), Avro::Map(entries)) => {
            let mut object = serde_json::Map::new();
            for (key, x) in entries {
                let x = to_json(item, x)?;
                if !x.is_null() {
                    object.insert(key.clone(), x);
                }
            }
            Value::Object(object)
        }
        (Shape::Struct(members), Avro::Record(fields)) if fields.len() == members.len() => {
            let mut object = serde_json::Map::new();
            for ((key, s), (_, x)) in members.iter().zip(fields) {
                let x = to_json(s, x)?;
                if !x.is_null() {
                    object.insert(key.clone(), x);
                }
            }
            Value::Object(object)
        }
        (Shape::Mixed | Shape::Null | Shape::Struct(_), Avro::String(text)) => {
            serde_json::from_str(text).map_err(|e| format!("a nested value's JSON text: {e}"))?
        }
        _ => return Err(wrong()),
    })
}
