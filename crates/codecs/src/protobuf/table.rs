//! `record/protobuf` over user tables (`encbench file`): Protocol Buffers
//! without generated code: a `.proto`-equivalent
//! descriptor is built at run time from the inferred schema (`prost-types`),
//! and rows are `prost-reflect` dynamic messages. Message `Table { repeated
//! Row rows = 1; }`; `Row` has one proto2 `optional` field per column
//! (numbered in column order) so a present zero stays distinct from null:
//! integers, timestamps (µs) and dates (days) as `sint64`/`sint32`
//! (zig-zag varints), floats as `double`, text as `string`.
//!
//! A `Table` on the wire is its rows one after another, each as field 1
//! (key, length, row message). Encoding and decoding walk that framing with
//! prost's own `encoding` helpers, one row message at a time, instead of
//! building a `DynamicMessage` holding every row: the bytes are the same,
//! and memory stays one row deep (a whole table of dynamic messages takes
//! dozens of times the data's size).

use super::table_nested::{from_proto, to_proto, Messages};
use crate::tables::streaming::{self, Batches, ReadBack, Visit};
use crate::tables::{identifiers, Prepared, TableCodec};
use encbench_table::schema::{ColumnType, Schema};
use encbench_table::table::{Cell, Table};
use encbench_table::{error::codec, Error};
use prost::Message;
use prost_reflect::{DescriptorPool, DynamicMessage, MessageDescriptor, Value};
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, FieldDescriptorProto, FileDescriptorProto, FileDescriptorSet};

/// Protocol Buffers dynamic messages.
pub struct ProtobufTable;

/// The `Table` message's descriptor for `schema`.
fn descriptor(schema: &Schema) -> Result<MessageDescriptor, Error> {
    let mut nested = Messages::default();
    let fields = identifiers(schema)
        .into_iter()
        .zip(&schema.fields)
        .enumerate()
        .map(|(i, (name, f))| {
            let (ty, type_name) = match (&f.shape, f.ty) {
                (Some(shape), ColumnType::Json) => nested.field_type(shape, "encbench.file"),
                _ => (proto_type(f.ty), None),
            };
            FieldDescriptorProto {
                name: Some(name),
                number: Some(i as i32 + 1),
                label: Some(Label::Optional as i32),
                r#type: Some(ty as i32),
                type_name,
                ..Default::default()
            }
        })
        .collect();
    let row = DescriptorProto {
        name: Some("Row".into()),
        field: fields,
        ..Default::default()
    };
    let table = DescriptorProto {
        name: Some("Table".into()),
        field: vec![FieldDescriptorProto {
            name: Some("rows".into()),
            number: Some(1),
            label: Some(Label::Repeated as i32),
            r#type: Some(Type::Message as i32),
            type_name: Some(".encbench.file.Row".into()),
            ..Default::default()
        }],
        ..Default::default()
    };
    let file = FileDescriptorProto {
        name: Some("encbench_file.proto".into()),
        package: Some("encbench.file".into()),
        message_type: [row, table].into_iter().chain(nested.types).collect(),
        syntax: Some("proto2".into()),
        ..Default::default()
    };
    let pool = DescriptorPool::from_file_descriptor_set(FileDescriptorSet { file: vec![file] })
        .map_err(|e| codec("protobuf", e))?;
    pool.get_message_by_name("encbench.file.Table")
        .ok_or_else(|| codec("protobuf", "descriptor pool lost the Table message"))
}

fn proto_type(ty: ColumnType) -> Type {
    match ty {
        ColumnType::Int8 | ColumnType::Int16 | ColumnType::Int32 | ColumnType::Date => Type::Sint32,
        ColumnType::Int64 | ColumnType::Timestamp | ColumnType::Time | ColumnType::Duration => {
            Type::Sint64
        }
        ColumnType::UInt64 => Type::Uint64,
        ColumnType::Float32 => Type::Float,
        ColumnType::Float64 => Type::Double,
        ColumnType::Bool => Type::Bool,
        ColumnType::Binary => Type::Bytes,
        ColumnType::String
        | ColumnType::Dictionary
        | ColumnType::Json
        | ColumnType::Decimal
        | ColumnType::Uuid => Type::String,
    }
}

fn row_descriptor(table: &MessageDescriptor) -> Result<MessageDescriptor, Error> {
    match table.get_field(1).map(|f| f.kind()) {
        Some(prost_reflect::Kind::Message(row)) => Ok(row),
        _ => Err(codec("protobuf", "the Table message has no rows field")),
    }
}

/// Protobuf with its descriptor built (see `TableCodec::prepare`).
struct Ready {
    row: MessageDescriptor,
    schema: Schema,
}

impl Prepared for Ready {
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        encode_rows(&self.row, table, out)
    }
    fn decode(&self, bytes: &[u8]) -> Result<Table, Error> {
        decode_rows(&self.row, bytes, &self.schema)
    }
}

/// Writes every row of `table` as a `rows` field of `Table`.
fn encode_rows(
    row_desc: &MessageDescriptor,
    table: &Table,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    for i in 0..table.rows() {
        let mut row = DynamicMessage::new(row_desc.clone());
        for (c, (col, field)) in table.columns.iter().zip(&table.schema.fields).enumerate() {
            if let (Some(shape), ColumnType::Json, Cell::Str(text)) =
                (&field.shape, field.ty, col.cell(i))
            {
                let kind = row_desc
                    .get_field(c as u32 + 1)
                    .map(|f| f.kind())
                    .ok_or_else(|| codec("protobuf", "a nested column has no field"))?;
                let parsed: serde_json::Value =
                    serde_json::from_str(text).map_err(|e| codec("protobuf", e))?;
                let v = to_proto(shape, &parsed, &kind)
                    .map_err(|e| codec("protobuf", format!("row {}: {e}", i + 1)))?;
                row.set_field_by_number(c as u32 + 1, v);
                continue;
            }
            let v = match (col.cell(i), proto_type(field.ty)) {
                (Cell::Null, _) => continue,
                (Cell::Int(v), Type::Sint32) => Value::I32(
                    i32::try_from(v)
                        .map_err(|_| codec("protobuf", format!("{v} overflows sint32")))?,
                ),
                (Cell::Int(v), Type::Uint64) => Value::U64(v as u64),
                (Cell::Int(v), _) => Value::I64(v),
                (Cell::Float(v), Type::Float) => Value::F32(v as f32),
                (Cell::Float(v), _) => Value::F64(v),
                (Cell::Bool(v), _) => Value::Bool(v),
                (Cell::Str(v), Type::Bytes) => Value::Bytes(
                    encbench_table::values::hex_bytes(v)
                        .ok_or_else(|| codec("protobuf", format!("'{v}' is not bytes in hex")))?
                        .into(),
                ),
                (Cell::Str(v), _) => Value::String(v.to_string()),
            };
            row.set_field_by_number(c as u32 + 1, v);
        }
        // Field 1 of Table, length-delimited: exactly what `repeated Row rows = 1` writes.
        prost::encoding::encode_key(1, prost::encoding::WireType::LengthDelimited, out);
        prost::encoding::encode_varint(row.encoded_len() as u64, out);
        row.encode(out).map_err(|e| codec("protobuf", e))?;
    }
    Ok(())
}

/// Reads `rows` fields of `Table` into a table of `schema`.
fn decode_rows(
    row_desc: &MessageDescriptor,
    bytes: &[u8],
    schema: &Schema,
) -> Result<Table, Error> {
    let fail = |e: prost::DecodeError| codec("protobuf", e);
    let mut table = Table::new(schema.clone(), 0);
    let mut buf = bytes;
    while !buf.is_empty() {
        let r = table.rows() + 1;
        let (tag, wire) = prost::encoding::decode_key(&mut buf).map_err(fail)?;
        if tag != 1 || wire != prost::encoding::WireType::LengthDelimited {
            let why = format!("row {r}: unexpected field {tag} ({wire:?}) in Table");
            return Err(codec("protobuf", why));
        }
        let len = prost::encoding::decode_varint(&mut buf).map_err(fail)?;
        let len = usize::try_from(len)
            .ok()
            .filter(|l| *l <= buf.len())
            .ok_or_else(|| {
                let why = format!(
                    "row {r}: length {len} runs past the end ({} bytes left)",
                    buf.len()
                );
                codec("protobuf", why)
            })?;
        let (message, rest) = buf.split_at(len);
        buf = rest;
        let row = DynamicMessage::decode(row_desc.clone(), message).map_err(fail)?;
        let Table { schema, columns } = &mut table;
        for (c, (column, field)) in columns.iter_mut().zip(&schema.fields).enumerate() {
            let n = c as u32 + 1;
            let value = row
                .has_field_by_number(n)
                .then(|| row.get_field_by_number(n))
                .flatten();
            let nested_text = match (&field.shape, field.ty, value.as_deref()) {
                (Some(shape), ColumnType::Json, Some(v)) => Some(
                    from_proto(shape, v)
                        .map_err(|e| codec("protobuf", format!("row {r}, field {n}: {e}")))?
                        .to_string(),
                ),
                _ => None,
            };
            // Values the table holds as text they do not arrive as:
            // nested values as JSON, bytes as hex.
            let held_text = match value.as_deref() {
                Some(Value::Bytes(b)) => Some(encbench_table::values::hex_text(b)),
                _ => nested_text,
            };
            let cell = match value.as_deref() {
                _ if held_text.is_some() => Cell::Str(held_text.as_deref().unwrap_or("")),
                None => Cell::Null,
                Some(Value::I32(x)) => Cell::Int(i64::from(*x)),
                Some(Value::I64(x)) => Cell::Int(*x),
                Some(Value::U64(x)) => Cell::Int(*x as i64),
                Some(Value::F64(x)) => Cell::Float(*x),
                Some(Value::F32(x)) => Cell::Float(f64::from(*x)),
                Some(Value::Bool(x)) => Cell::Bool(*x),
                Some(Value::String(x)) => Cell::Str(x),
                Some(_) => Cell::Null,
            };
            // Text of a form (a UUID, a decimal) is checked as the table's
            // own readers check it.
            if let (Cell::Str(text), ColumnType::Uuid | ColumnType::Decimal) = (cell, field.ty) {
                column.push_text(field.ty, text).map_err(|why| {
                    codec("protobuf", format!("row {r}, field {n}: '{text}' is {why}"))
                })?;
                continue;
            }
            column.push(cell).map_err(|expected| {
                codec(
                    "protobuf",
                    format!("row {r}, field {n}: expected {expected}"),
                )
            })?;
        }
    }
    Ok(table)
}

/// Bytes of `buf` that are whole `rows` fields (key, length, message).
fn whole_rows(buf: &[u8]) -> usize {
    let mut rest = buf;
    loop {
        let before = rest.len();
        let mut probe = rest;
        let framed = prost::encoding::decode_key(&mut probe)
            .and_then(|_| prost::encoding::decode_varint(&mut probe));
        match framed {
            Ok(len) if (len as usize) <= probe.len() => rest = &probe[len as usize..],
            _ => return buf.len() - before,
        }
    }
}

impl TableCodec for ProtobufTable {
    fn id(&self) -> &'static str {
        "protobuf"
    }
    fn summary(&self) -> &'static str {
        "Protocol Buffers, descriptor built from the inferred schema (prost-reflect DynamicMessage)"
    }
    fn extension(&self) -> &'static str {
        "pb"
    }
    fn nests_natively(&self) -> bool {
        true
    }
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        encode_rows(&row_descriptor(&descriptor(&table.schema)?)?, table, out)
    }
    fn prepare<'c>(&'c self, schema: &Schema) -> Result<Box<dyn Prepared + 'c>, Error> {
        Ok(Box::new(Ready {
            row: row_descriptor(&descriptor(schema)?)?,
            schema: schema.clone(),
        }))
    }
    fn write_stream(
        &self,
        schema: &Schema,
        _rows: usize,
        batches: &mut Batches<'_>,
        out: &mut (dyn std::io::Write + Send),
    ) -> Result<(), Error> {
        // `Table` on the wire is its rows one after another: batches concatenate.
        let row = row_descriptor(&descriptor(schema)?)?;
        streaming::concatenated("protobuf", batches, out, &|t, b| encode_rows(&row, t, b))
    }
    fn read_stream(
        &self,
        schema: &Schema,
        input: &ReadBack<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Error> {
        let mut reader = input.reader()?;
        let mut buf: Vec<u8> = Vec::new();
        let mut block = vec![0u8; 1 << 20];
        loop {
            let n = encbench_table::records::read_full(&mut reader, &mut block)
                .map_err(|e| codec("protobuf", e))?;
            buf.extend_from_slice(&block[..n]);
            // Decode the whole rows in hand; keep a partial one for the next read.
            let whole = whole_rows(&buf);
            if whole > 0 && (buf.len() >= 4 << 20 || n == 0) {
                visit(self.decode(&buf[..whole], schema)?)?;
                buf.drain(..whole);
            }
            if n == 0 {
                if !buf.is_empty() {
                    // Not whole rows: decode reports where the framing breaks.
                    visit(self.decode(&buf, schema)?)?;
                }
                return Ok(());
            }
        }
    }
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
        decode_rows(&row_descriptor(&descriptor(schema)?)?, bytes, schema)
    }
}
