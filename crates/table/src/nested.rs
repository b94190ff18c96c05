//! Nested JSON values (objects and arrays inside a record): their shape,
//! inferred like a column type, and one canonical text per value so every
//! table codec's read-back compares exactly.
//!
//! A nested cell is held as canonical JSON: keys sorted, object members
//! whose value is `null` or an empty object dropped (an absent key, a
//! `null` member and an empty-object member are the same value here: Arrow
//! and Parquet structs, and CSV's dotted columns, cannot tell them apart;
//! the same holds for a map's entry whose value is null).
//! Formats with nesting (JSON Lines, MessagePack, CBOR, Arrow, Parquet)
//! carry the value natively; the others carry that text.

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int64Type};
use arrow_array::{
    Array, ArrayRef, BooleanArray, Float64Array, Int64Array, ListArray, MapArray, StringArray,
    StructArray,
};
use arrow_buffer::{NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{DataType, Field, Fields};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::sync::Arc;

pub use crate::nested_leaf::Leaf;

/// The shape of the nested values of one column.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Shape {
    /// Only nulls seen so far.
    Null,
    /// true / false.
    Bool,
    /// Integers (within i64).
    Int,
    /// Numbers with a fraction or exponent.
    Float,
    /// Text.
    Str,
    /// An array whose elements have this shape.
    List(Box<Shape>),
    /// An object with these members (any may be absent).
    Struct(Vec<(String, Shape)>),
    /// A map from text keys to values of this shape (an object whose keys
    /// are data, not a schema). JSON inputs never infer it; it comes from
    /// Arrow, Parquet and Avro maps.
    Map(Box<Shape>),
    /// Values that disagree (a number here, text there): carried as JSON text.
    Mixed,
    /// A date, timestamp, time of day or decimal from a typed file, held
    /// as its text (see `nested_leaf`).
    Leaf(Leaf),
}

impl Shape {
    /// The shape of one value.
    pub fn of(v: &Value) -> Shape {
        match v {
            Value::Null => Shape::Null,
            Value::Bool(_) => Shape::Bool,
            Value::Number(n) if n.is_i64() => Shape::Int,
            Value::Number(n) if n.is_f64() => Shape::Float,
            Value::Number(_) => Shape::Mixed, // beyond i64: no exact column type
            Value::String(_) => Shape::Str,
            Value::Array(items) => {
                Shape::list(items.iter().fold(Shape::Null, |s, v| s.merge(Shape::of(v))))
            }
            Value::Object(members) => Shape::Struct(
                members
                    .iter()
                    .filter(|(_, v)| !v.is_null())
                    .map(|(k, v)| (k.clone(), Shape::of(v)))
                    .collect(),
            ),
        }
    }

    /// An array of `items`; one whose elements disagree (pandas writes a
    /// map's entries as `[["w", 18]]`) is JSON text whole, so a reader sees
    /// the array as it was written, not each element's JSON text (`"w"`
    /// with its quotes where the source had `w`).
    fn list(items: Shape) -> Shape {
        match items {
            Shape::Mixed => Shape::Mixed,
            items => Shape::List(Box::new(items)),
        }
    }

    /// The shape holding both (integers and floats do not mix: a float
    /// column would print `1` back as `1.0`).
    pub fn merge(self, other: Shape) -> Shape {
        match (self, other) {
            (Shape::Null, s) | (s, Shape::Null) => s,
            (Shape::List(a), Shape::List(b)) => Shape::list(a.merge(*b)),
            (Shape::Map(a), Shape::Map(b)) => Shape::Map(Box::new(a.merge(*b))),
            (Shape::Struct(mut a), Shape::Struct(b)) => {
                for (name, shape) in b {
                    match a.iter_mut().find(|(n, _)| *n == name) {
                        Some((_, s)) => *s = std::mem::replace(s, Shape::Null).merge(shape),
                        None => a.push((name, shape)),
                    }
                }
                Shape::Struct(a)
            }
            (a, b) if a == b => a,
            _ => Shape::Mixed,
        }
    }

    /// Whether `v` (canonical: no null members) fits this shape.
    pub fn fits(&self, v: &Value) -> bool {
        match (self, v) {
            (_, Value::Null) | (Shape::Mixed, _) => true,
            (Shape::Bool, Value::Bool(_)) | (Shape::Str, Value::String(_)) => true,
            (Shape::Leaf(leaf), Value::String(s)) => leaf.parse(s).is_some(),
            (Shape::Int, Value::Number(n)) => n.is_i64(),
            (Shape::Float, Value::Number(n)) => n.is_f64(),
            (Shape::List(s), Value::Array(items)) => items.iter().all(|v| s.fits(v)),
            (Shape::Map(s), Value::Object(members)) => members.values().all(|v| s.fits(v)),
            (Shape::Struct(fields), Value::Object(members)) => members.iter().all(|(k, v)| {
                fields
                    .iter()
                    .find(|(n, _)| n == k)
                    .is_some_and(|(_, s)| s.fits(v))
            }),
            _ => false,
        }
    }

    /// The shape of an Arrow type (a Parquet or Arrow file's list and
    /// struct columns), when the nested model holds its values exactly:
    /// booleans, integers within i64, floats, text, and lists and structs
    /// of those, and maps with text keys; dates, timestamps, times of day
    /// and decimals as typed leaves (see [`Leaf::of_arrow`]). `None` for
    /// anything else (unsigned 64-bit integers, binary, nanosecond times of
    /// day inside), which is then carried as text.
    pub fn from_arrow_type(ty: &DataType) -> Option<Shape> {
        if let Some(leaf) = Leaf::of_arrow(ty) {
            return Some(Shape::Leaf(leaf));
        }
        Some(match ty {
            DataType::Boolean => Shape::Bool,
            DataType::Int8
            | DataType::Int16
            | DataType::Int32
            | DataType::Int64
            | DataType::UInt8
            | DataType::UInt16
            | DataType::UInt32 => Shape::Int,
            DataType::Float16 | DataType::Float32 | DataType::Float64 => Shape::Float,
            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View => Shape::Str,
            DataType::Dictionary(_, v)
                if matches!(
                    **v,
                    DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
                ) =>
            {
                Shape::Str
            }
            DataType::List(item) | DataType::LargeList(item) | DataType::FixedSizeList(item, _) => {
                Shape::List(Box::new(Shape::from_arrow_type(item.data_type())?))
            }
            DataType::Struct(fields) if !fields.is_empty() => Shape::Struct(
                fields
                    .iter()
                    .map(|f| Some((f.name().clone(), Shape::from_arrow_type(f.data_type())?)))
                    .collect::<Option<Vec<_>>>()?,
            ),
            // Sorted maps would need their order kept; they are rare and stay text.
            DataType::Map(entries, false) => match entries.data_type() {
                DataType::Struct(kv)
                    if kv.len() == 2
                        && matches!(
                            kv[0].data_type(),
                            DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View
                        ) =>
                {
                    Shape::Map(Box::new(Shape::from_arrow_type(kv[1].data_type())?))
                }
                _ => return None,
            },
            _ => return None,
        })
    }

    /// `struct<id: int64, tags: list<string>>`.
    pub fn describe(&self) -> String {
        match self {
            Shape::Null => "null".into(),
            Shape::Bool => "bool".into(),
            Shape::Int => "int64".into(),
            Shape::Float => "float64".into(),
            Shape::Str => "string".into(),
            Shape::Mixed => "json".into(),
            Shape::Leaf(leaf) => leaf.describe(),
            Shape::List(s) => format!("list<{}>", s.describe()),
            Shape::Map(s) => format!("map<string, {}>", s.describe()),
            Shape::Struct(fields) => format!(
                "struct<{}>",
                fields
                    .iter()
                    .map(|(n, s)| format!("{n}: {}", s.describe()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }

    /// The Arrow type carrying this shape natively. Mixed values, and
    /// shapes Arrow has no type for (only nulls, an object never seen with
    /// a member), are JSON text.
    pub fn arrow_type(&self) -> DataType {
        match self {
            Shape::Bool => DataType::Boolean,
            Shape::Int => DataType::Int64,
            Shape::Float => DataType::Float64,
            Shape::Leaf(leaf) => leaf.arrow_type(),
            Shape::List(s) => DataType::List(Arc::new(Field::new("item", s.arrow_type(), true))),
            Shape::Map(s) => DataType::Map(Arc::new(map_entries(s)), false),
            Shape::Struct(fields) if !fields.is_empty() => DataType::Struct(Fields::from(
                fields
                    .iter()
                    .map(|(n, s)| Field::new(n, s.arrow_type(), true))
                    .collect::<Vec<_>>(),
            )),
            _ => DataType::Utf8,
        }
    }
}

/// The entries field of a map of `value` shape, named as Arrow and
/// Parquet name it.
fn map_entries(value: &Shape) -> Field {
    let kv = Fields::from(vec![
        Field::new("key", DataType::Utf8, false),
        Field::new("value", value.arrow_type(), true),
    ]);
    Field::new("entries", DataType::Struct(kv), false)
}

/// Parses `text` as JSON and returns its canonical form and value.
pub fn canonical(text: &str) -> Result<(String, Value), String> {
    let mut value: Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    drop_null_members(&mut value);
    let text = serde_json::to_string(&value).map_err(|e| e.to_string())?;
    Ok((text, value))
}

/// Drops object members that are `null` or (once their own members are
/// dropped) empty objects, inside out.
fn drop_null_members(v: &mut Value) {
    match v {
        Value::Object(members) => {
            members.values_mut().for_each(drop_null_members);
            members.retain(|_, v| !v.is_null() && !matches!(v, Value::Object(m) if m.is_empty()));
        }
        Value::Array(items) => items.iter_mut().for_each(drop_null_members),
        _ => {}
    }
}

/// Builds the Arrow array of `shape` for these values (`None`: a null cell).
pub fn to_arrow(shape: &Shape, values: &[Option<&Value>]) -> Result<ArrayRef, String> {
    let nulls = || {
        let valid: Vec<bool> = values
            .iter()
            .map(|v| v.is_some_and(|v| !v.is_null()))
            .collect();
        valid.contains(&false).then(|| NullBuffer::from(valid))
    };
    let wrong = |what: &str| {
        format!(
            "a nested value is not {what} as its shape {} says",
            shape.describe()
        )
    };
    if let Shape::Leaf(leaf) = shape {
        return leaf
            .to_arrow(values)
            .map_err(|e| format!("{e} as its shape says"));
    }
    Ok(match shape.arrow_type() {
        DataType::Boolean => Arc::new(
            values
                .iter()
                .map(|v| match v {
                    Some(Value::Bool(b)) => Ok(Some(*b)),
                    None | Some(Value::Null) => Ok(None),
                    _ => Err(wrong("a boolean")),
                })
                .collect::<Result<BooleanArray, _>>()?,
        ),
        DataType::Int64 => Arc::new(
            values
                .iter()
                .map(|v| match v {
                    Some(Value::Number(n)) => {
                        n.as_i64().map(Some).ok_or_else(|| wrong("an integer"))
                    }
                    None | Some(Value::Null) => Ok(None),
                    _ => Err(wrong("an integer")),
                })
                .collect::<Result<Int64Array, _>>()?,
        ),
        DataType::Float64 => Arc::new(
            values
                .iter()
                .map(|v| match v {
                    Some(Value::Number(n)) if n.is_f64() => Ok(n.as_f64()),
                    None | Some(Value::Null) => Ok(None),
                    _ => Err(wrong("a float")),
                })
                .collect::<Result<Float64Array, _>>()?,
        ),
        DataType::List(field) => {
            let Shape::List(inner) = shape else {
                return Err(wrong("a list"));
            };
            let mut offsets = vec![0i32];
            let mut items: Vec<Option<&Value>> = Vec::new();
            for v in values {
                match v {
                    Some(Value::Array(xs)) => items.extend(xs.iter().map(Some)),
                    None | Some(Value::Null) => {}
                    _ => return Err(wrong("an array")),
                }
                offsets.push(
                    i32::try_from(items.len())
                        .map_err(|_| "a nested list over 2^31 items".to_string())?,
                );
            }
            let child = to_arrow(inner, &items)?;
            Arc::new(
                ListArray::try_new(
                    field,
                    OffsetBuffer::new(ScalarBuffer::from(offsets)),
                    child,
                    nulls(),
                )
                .map_err(|e| e.to_string())?,
            )
        }
        DataType::Map(entries, _) => {
            let Shape::Map(inner) = shape else {
                return Err(wrong("a map"));
            };
            let mut offsets = vec![0i32];
            let mut keys: Vec<&str> = Vec::new();
            let mut items: Vec<Option<&Value>> = Vec::new();
            for v in values {
                match v {
                    Some(Value::Object(m)) => {
                        for (k, x) in m {
                            keys.push(k);
                            items.push(Some(x));
                        }
                    }
                    None | Some(Value::Null) => {}
                    _ => return Err(wrong("an object")),
                }
                offsets.push(
                    i32::try_from(keys.len())
                        .map_err(|_| "a nested map over 2^31 entries".to_string())?,
                );
            }
            let DataType::Struct(kv) = entries.data_type() else {
                return Err(wrong("a map"));
            };
            let children: Vec<ArrayRef> =
                vec![Arc::new(StringArray::from(keys)), to_arrow(inner, &items)?];
            let entries_array =
                StructArray::try_new(kv.clone(), children, None).map_err(|e| e.to_string())?;
            Arc::new(
                MapArray::try_new(
                    entries,
                    OffsetBuffer::new(ScalarBuffer::from(offsets)),
                    entries_array,
                    nulls(),
                    false,
                )
                .map_err(|e| e.to_string())?,
            )
        }
        DataType::Struct(fields) => {
            let Shape::Struct(members) = shape else {
                return Err(wrong("an object"));
            };
            let mut children = Vec::with_capacity(members.len());
            for (name, member) in members {
                let column: Vec<Option<&Value>> = values
                    .iter()
                    .map(|v| match v {
                        Some(Value::Object(m)) => Ok(m.get(name)),
                        None | Some(Value::Null) => Ok(None),
                        _ => Err(wrong("an object")),
                    })
                    .collect::<Result<_, _>>()?;
                children.push(to_arrow(member, &column)?);
            }
            Arc::new(StructArray::try_new(fields, children, nulls()).map_err(|e| e.to_string())?)
        }
        _ => Arc::new(
            values
                .iter()
                .map(|v| match v {
                    None | Some(Value::Null) => Ok(None),
                    Some(Value::String(s)) if *shape == Shape::Str => Ok(Some(s.clone())),
                    Some(v) if *shape != Shape::Str => Ok(Some(v.to_string())),
                    _ => Err(wrong("a string")),
                })
                .collect::<Result<StringArray, _>>()?,
        ),
    })
}

/// Reads the values of `shape` back from `array` (null slots as `Value::Null`).
pub fn from_arrow(shape: &Shape, array: &dyn Array) -> Result<Vec<Value>, String> {
    let n = array.len();
    let null_or = |i: usize, v: Value| if array.is_valid(i) { v } else { Value::Null };
    let mismatch = || {
        format!(
            "a nested column is {}, expected {}",
            array.data_type(),
            shape.arrow_type()
        )
    };
    if let Shape::Leaf(leaf) = shape {
        return leaf.from_arrow(array);
    }
    if array.data_type() != &shape.arrow_type() {
        return Err(mismatch());
    }
    Ok(match array.data_type() {
        DataType::Boolean => {
            let b = array.as_boolean();
            (0..n)
                .map(|i| null_or(i, Value::Bool(b.value(i))))
                .collect()
        }
        DataType::Int64 => {
            let a = array.as_primitive::<Int64Type>();
            (0..n)
                .map(|i| null_or(i, Value::from(a.value(i))))
                .collect()
        }
        DataType::Float64 => {
            let a = array.as_primitive::<Float64Type>();
            // JSON, the nested model, has no NaN or infinity: serde_json
            // would make them null, a value the file does not hold.
            if let Some(x) = (0..n)
                .filter(|&i| array.is_valid(i))
                .map(|i| a.value(i))
                .find(|x| !x.is_finite())
            {
                return Err(format!(
                    "a float inside a nested value is {x}, which the nested model (JSON) cannot hold"
                ));
            }
            (0..n)
                .map(|i| null_or(i, Value::from(a.value(i))))
                .collect()
        }
        DataType::List(_) => {
            let Shape::List(inner) = shape else {
                return Err(mismatch());
            };
            let list = array.as_list::<i32>();
            let items = from_arrow(inner, list.values().as_ref())?;
            let offsets = list.value_offsets();
            (0..n)
                .map(|i| {
                    let (a, b) = (offsets[i] as usize, offsets[i + 1] as usize);
                    let slice = items
                        .get(a..b)
                        .ok_or_else(|| "a nested list's offsets are out of range".to_string())?;
                    Ok(null_or(i, Value::Array(slice.to_vec())))
                })
                .collect::<Result<_, String>>()?
        }
        DataType::Map(_, _) => {
            let Shape::Map(inner) = shape else {
                return Err(mismatch());
            };
            let map = array.as_map();
            let keys = map.keys().as_string::<i32>();
            let items = from_arrow(inner, map.values().as_ref())?;
            let offsets = map.value_offsets();
            (0..n)
                .map(|i| {
                    let (a, b) = (offsets[i] as usize, offsets[i + 1] as usize);
                    if b < a || b > items.len() {
                        return Err("a nested map's offsets are out of range".to_string());
                    }
                    // A null entry is an absent key, as in a struct.
                    let object = (a..b)
                        .filter(|&j| !items[j].is_null())
                        .map(|j| (keys.value(j).to_string(), items[j].clone()))
                        .collect();
                    Ok(null_or(i, Value::Object(object)))
                })
                .collect::<Result<_, String>>()?
        }
        DataType::Struct(_) => {
            let Shape::Struct(members) = shape else {
                return Err(mismatch());
            };
            let s = array.as_struct();
            let children = members
                .iter()
                .zip(s.columns())
                .map(|((_, m), c)| from_arrow(m, c.as_ref()))
                .collect::<Result<Vec<_>, _>>()?;
            (0..n)
                .map(|i| {
                    let object = members
                        .iter()
                        .zip(&children)
                        .filter(|(_, c)| !c[i].is_null())
                        .map(|((name, _), c)| (name.clone(), c[i].clone()))
                        .collect();
                    null_or(i, Value::Object(object))
                })
                .collect()
        }
        _ => {
            let s = array.as_string::<i32>();
            (0..n)
                .map(|i| {
                    if !s.is_valid(i) {
                        Ok(Value::Null)
                    } else if *shape == Shape::Str {
                        Ok(Value::String(s.value(i).to_string()))
                    } else {
                        serde_json::from_str(s.value(i))
                            .map_err(|e| format!("a nested value's JSON text: {e}"))
                    }
                })
                .collect::<Result<_, String>>()?
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn shapes_merge_and_describe() {
        let a = Shape::of(&json!({"id": 1, "tags": ["x"], "geo": {"lat": 1.5}}));
        let b = Shape::of(&json!({"id": 2, "tags": [], "extra": true, "geo": null}));
        let s = a.merge(b);
        assert_eq!(
            s.describe(),
            "struct<geo: struct<lat: float64>, id: int64, tags: list<string>, extra: bool>"
        );
        assert_eq!(Shape::Int.merge(Shape::Float), Shape::Mixed);
        // An array whose elements disagree is JSON text whole, nested or not.
        assert_eq!(Shape::of(&json!([1, "a"])), Shape::Mixed);
        assert_eq!(Shape::of(&json!([["w", 18]])), Shape::Mixed);
        assert_eq!(
            Shape::of(&json!([[1], [2]])).merge(Shape::of(&json!([["a"]]))),
            Shape::Mixed
        );
        assert_eq!(
            Shape::of(&json!({"pairs": [["w", 18]], "n": 1})).describe(),
            "struct<n: int64, pairs: json>"
        );
        assert!(s.fits(&json!({"id": 3})));
        assert!(!s.fits(&json!({"id": "3"})));
        assert!(!s.fits(&json!({"unknown": 1})));
    }

    #[test]
    fn a_map_keyed_by_string_views_or_large_text_is_a_map_not_display_text() {
        use arrow_array::builder::{
            Int64Builder, LargeStringBuilder, MapBuilder, StringViewBuilder,
        };
        fn check<K: arrow_array::builder::ArrayBuilder>(keys: K, push: fn(&mut K, &str)) {
            let mut b = MapBuilder::new(None, keys, Int64Builder::new());
            push(b.keys(), "w");
            b.values().append_value(18);
            b.append(true).unwrap();
            b.append(false).unwrap();
            let map = b.finish();
            let shape = Shape::from_arrow_type(map.data_type()).expect("a map shape");
            assert_eq!(shape.describe(), "map<string, int64>");
            // As an input column is read: cast to the shape's own type first.
            let cast = arrow_cast::cast(&map, &shape.arrow_type()).unwrap();
            assert_eq!(
                from_arrow(&shape, cast.as_ref()).unwrap(),
                [json!({"w": 18}), Value::Null]
            );
        }
        check(StringViewBuilder::new(), |k, v| k.append_value(v));
        check(LargeStringBuilder::new(), |k, v| k.append_value(v));
    }

    #[test]
    fn canonical_text_sorts_keys_and_drops_null_members() {
        let (text, _) =
            canonical(r#"{"b": [1, null, {"z": null, "y": 2}, {}], "a": null, "c": {"d": {}}}"#)
                .unwrap();
        assert_eq!(text, r#"{"b":[1,null,{"y":2},{}]}"#);
        assert!(canonical("{oops").unwrap_err().starts_with("not JSON"));
    }

    #[test]
    fn a_nan_or_infinity_inside_a_list_is_refused_not_made_null() {
        let shape = Shape::List(Box::new(Shape::Float));
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let items = Float64Array::from(vec![Some(1.5), Some(bad), None]);
            let field = Arc::new(arrow_schema::Field::new("item", DataType::Float64, true));
            let list = ListArray::new(
                field,
                arrow_buffer::OffsetBuffer::new(vec![0, 3].into()),
                Arc::new(items),
                None,
            );
            let err = from_arrow(&shape, &list).unwrap_err();
            assert!(
                err.contains("which the nested model (JSON) cannot hold"),
                "{err}"
            );
        }
        // A null item stays null; finite values read as they are.
        let items = Float64Array::from(vec![Some(-0.0), None]);
        let field = Arc::new(arrow_schema::Field::new("item", DataType::Float64, true));
        let offsets = arrow_buffer::OffsetBuffer::new(vec![0, 2].into());
        let list = ListArray::new(field, offsets, Arc::new(items), None);
        assert_eq!(from_arrow(&shape, &list).unwrap(), [json!([-0.0, null])]);
    }

    #[test]
    fn values_round_trip_through_arrow_natively() {
        let texts = [
            r#"{"id": 1, "tags": ["a", "b"], "geo": {"lat": 1.5, "lon": -2.25}, "any": 1}"#,
            r#"{"id": 2, "tags": [], "any": "x"}"#,
            r#"{"id": 3, "geo": {"lat": 0.5}, "deep": [[1, 2], [], null]}"#,
        ];
        let values: Vec<Value> = texts.iter().map(|t| canonical(t).unwrap().1).collect();
        let shape = values
            .iter()
            .fold(Shape::Null, |s, v| s.merge(Shape::of(v)));
        let mut cells: Vec<Option<&Value>> = values.iter().map(Some).collect();
        cells.push(None);
        let array = to_arrow(&shape, &cells).unwrap();
        assert!(
            matches!(array.data_type(), DataType::Struct(_)),
            "{}",
            array.data_type()
        );
        let back = from_arrow(&shape, array.as_ref()).unwrap();
        for (v, b) in values.iter().zip(&back) {
            assert_eq!(v, b);
        }
        assert_eq!(back[3], Value::Null);
        // Maps (from Arrow, Parquet and Avro inputs) keep their keys as data.
        let map = Shape::Map(Box::new(Shape::List(Box::new(Shape::Int))));
        assert_eq!(map.describe(), "map<string, list<int64>>");
        let entries = [json!({"a": [1, 2], "b": []}), json!({}), json!({"z": [3]})];
        let mut cells: Vec<Option<&Value>> = entries.iter().map(Some).collect();
        cells.push(None);
        let array = to_arrow(&map, &cells).unwrap();
        assert_eq!(Shape::from_arrow_type(array.data_type()), Some(map.clone()));
        let back = from_arrow(&map, array.as_ref()).unwrap();
        assert_eq!(&back[..3], &entries[..]);
        assert_eq!(back[3], Value::Null);
        assert!(map.fits(&json!({"any key": [7]})));
        assert!(!map.fits(&json!({"k": "text"})));
        // A value the shape does not hold is refused, not coerced.
        let odd = json!({"id": "seven"});
        assert!(to_arrow(&shape, &[Some(&odd)])
            .unwrap_err()
            .contains("not an integer"));
    }
}
