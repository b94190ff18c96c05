//! Nested JSON columns as Protocol Buffers messages: an object is a
//! message (`NestedN`, one proto2 `optional` field per member, numbered in
//! the shape's order), an array is a wrapper message (`ListN { repeated T
//! items = 1; }`, so an empty array and an absent one stay distinct), a
//! map is a wrapper of a protobuf map (`MapN { map<string, T> entries = 1; }`),
//! and values that mix types are their JSON text. Protobuf has no null inside
//! a repeated field: an array holding `null` cannot be written, and says so.

use encbench_table::nested::Shape;
use prost_reflect::{DynamicMessage, Kind, MapKey, Value};
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, FieldDescriptorProto, MessageOptions};
use serde_json::Value as Json;

/// Collects the message types nested shapes need.
#[derive(Default)]
pub(crate) struct Messages {
    /// The messages made so far, to add to the file descriptor.
    pub(crate) types: Vec<DescriptorProto>,
}

impl Messages {
    /// The field type (and message name) carrying a value of `shape`.
    pub(crate) fn field_type(&mut self, shape: &Shape, package: &str) -> (Type, Option<String>) {
        match shape {
            Shape::Bool => (Type::Bool, None),
            Shape::Int => (Type::Sint64, None),
            Shape::Float => (Type::Double, None),
            // A typed leaf (date, timestamp, time, decimal) as its text.
            Shape::Str | Shape::Leaf(_) => (Type::String, None),
            Shape::Struct(members) if !members.is_empty() => {
                let fields = members
                    .iter()
                    .enumerate()
                    .map(|(i, (_, s))| {
                        self.field(&format!("m{}", i + 1), i, s, Label::Optional, package)
                    })
                    .collect();
                (Type::Message, Some(self.add("Nested", fields, package)))
            }
            Shape::List(item) => {
                let items = self.field("items", 0, item, Label::Repeated, package);
                (Type::Message, Some(self.add("List", vec![items], package)))
            }
            Shape::Map(item) => {
                // A protobuf map is a repeated entry message nested in its holder.
                let key = FieldDescriptorProto {
                    name: Some("key".into()),
                    number: Some(1),
                    label: Some(Label::Optional as i32),
                    r#type: Some(Type::String as i32),
                    ..Default::default()
                };
                let value = self.field("value", 1, item, Label::Optional, package);
                let name = format!("Map{}", self.types.len() + 1);
                let entries = FieldDescriptorProto {
                    name: Some("entries".into()),
                    number: Some(1),
                    label: Some(Label::Repeated as i32),
                    r#type: Some(Type::Message as i32),
                    type_name: Some(format!(".{package}.{name}.EntriesEntry")),
                    ..Default::default()
                };
                self.types.push(DescriptorProto {
                    name: Some(name.clone()),
                    field: vec![entries],
                    nested_type: vec![DescriptorProto {
                        name: Some("EntriesEntry".into()),
                        field: vec![key, value],
                        options: Some(MessageOptions {
                            map_entry: Some(true),
                            ..Default::default()
                        }),
                        ..Default::default()
                    }],
                    ..Default::default()
                });
                (Type::Message, Some(format!(".{package}.{name}")))
            }
            _ => (Type::String, None),
        }
    }

    fn field(
        &mut self,
        name: &str,
        i: usize,
        shape: &Shape,
        label: Label,
        package: &str,
    ) -> FieldDescriptorProto {
        let (ty, type_name) = self.field_type(shape, package);
        FieldDescriptorProto {
            name: Some(name.into()),
            number: Some(i as i32 + 1),
            label: Some(label as i32),
            r#type: Some(ty as i32),
            type_name,
            ..Default::default()
        }
    }

    fn add(&mut self, kind: &str, field: Vec<FieldDescriptorProto>, package: &str) -> String {
        let name = format!("{kind}{}", self.types.len() + 1);
        self.types.push(DescriptorProto {
            name: Some(name.clone()),
            field,
            ..Default::default()
        });
        format!(".{package}.{name}")
    }
}

/// A nested value (canonical, not null) as the protobuf value of its shape at a field of `kind`.
pub(crate) fn to_proto(shape: &Shape, v: &Json, kind: &Kind) -> Result<Value, String> {
    let wrong = || format!("a nested value does not fit its shape {}", shape.describe());
    Ok(match (shape, v, kind) {
        (Shape::Bool, Json::Bool(b), _) => Value::Bool(*b),
        (Shape::Int, Json::Number(n), _) => Value::I64(n.as_i64().ok_or_else(wrong)?),
        (Shape::Float, Json::Number(n), _) => Value::F64(n.as_f64().ok_or_else(wrong)?),
        (Shape::Str | Shape::Leaf(_), Json::String(s), _) => Value::String(s.clone()),
        (Shape::Struct(members), Json::Object(object), Kind::Message(desc))
            if !members.is_empty() =>
        {
            let mut message = DynamicMessage::new(desc.clone());
            for (i, (key, s)) in members.iter().enumerate() {
                let (Some(x), Some(field)) = (object.get(key), desc.get_field(i as u32 + 1)) else {
                    continue;
                };
                if !x.is_null() {
                    message.set_field(&field, to_proto(s, x, &field.kind())?);
                }
            }
            Value::Message(message)
        }
        (Shape::List(item), Json::Array(xs), Kind::Message(desc)) => {
            let field = desc.get_field(1).ok_or_else(wrong)?;
            let items = xs
                .iter()
                .map(|x| match x {
                    Json::Null => Err("an array holding null has no Protocol Buffers form (a repeated field has no null)".to_string()),
                    x => to_proto(item, x, &field.kind()),
                })
                .collect::<Result<Vec<_>, _>>()?;
            let mut message = DynamicMessage::new(desc.clone());
            message.set_field(&field, Value::List(items));
            Value::Message(message)
        }
        (Shape::Map(item), Json::Object(object), Kind::Message(desc)) => {
            let field = desc.get_field(1).ok_or_else(wrong)?;
            let Kind::Message(entry) = field.kind() else {
                return Err(wrong());
            };
            let value_kind = entry.get_field(2).ok_or_else(wrong)?.kind();
            let entries = object
                .iter()
                .filter(|(_, x)| !x.is_null())
                .map(|(k, x)| Ok((MapKey::String(k.clone()), to_proto(item, x, &value_kind)?)))
                .collect::<Result<_, String>>()?;
            let mut message = DynamicMessage::new(desc.clone());
            message.set_field(&field, Value::Map(entries));
            Value::Message(message)
        }
        (
            Shape::Bool
            | Shape::Int
            | Shape::Float
            | Shape::Str
            | Shape::Leaf(_)
            | Shape::List(_)
            | Shape::Map(_),
            _,
            _,
        ) => return Err(wrong()),
        (Shape::Struct(m), _, _) if !m.is_empty() => return Err(wrong()),
        (_, v, _) => Value::String(v.to_string()),
    })
}

/// The JSON value a protobuf value of `shape` holds (absent members left out).
pub(crate) fn from_proto(shape: &Shape, v: &Value) -> Result<Json, String> {
    let wrong = || {
        format!(
            "a protobuf value does not match the nested shape {}",
            shape.describe()
        )
    };
    Ok(match (shape, v) {
        (Shape::Bool, Value::Bool(b)) => Json::Bool(*b),
        (Shape::Int, Value::I64(x)) => Json::from(*x),
        (Shape::Float, Value::F64(x)) => Json::from(*x),
        (Shape::Str | Shape::Leaf(_), Value::String(s)) => Json::String(s.clone()),
        (Shape::Struct(members), Value::Message(m)) if !members.is_empty() => {
            let mut object = serde_json::Map::new();
            for (i, (key, s)) in members.iter().enumerate() {
                let n = i as u32 + 1;
                if m.has_field_by_number(n) {
                    let x = m.get_field_by_number(n).ok_or_else(wrong)?;
                    object.insert(key.clone(), from_proto(s, &x)?);
                }
            }
            Json::Object(object)
        }
        (Shape::List(item), Value::Message(m)) => match m.get_field_by_number(1).as_deref() {
            Some(Value::List(xs)) => Json::Array(
                xs.iter()
                    .map(|x| from_proto(item, x))
                    .collect::<Result<_, _>>()?,
            ),
            _ => Json::Array(Vec::new()),
        },
        (Shape::Map(item), Value::Message(m)) => match m.get_field_by_number(1).as_deref() {
            Some(Value::Map(entries)) => Json::Object(
                entries
                    .iter()
                    .map(|(k, x)| match k {
                        MapKey::String(k) => Ok((k.clone(), from_proto(item, x)?)),
                        _ => Err(wrong()),
                    })
                    .collect::<Result<_, String>>()?,
            ),
            _ => Json::Object(serde_json::Map::new()),
        },
        (Shape::Mixed | Shape::Null | Shape::Struct(_), Value::String(text)) => {
            serde_json::from_str(text).map_err(|e| format!("a nested value's JSON text: {e}"))?
        }
        _ => return Err(wrong()),
    })
}
