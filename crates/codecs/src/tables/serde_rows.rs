//! Row formats through serde: the table as a sequence of rows, each row a
//! tuple of its cells (`Option<…>` where the column is nullable; dates,
//! timestamps and times of day as integers, binary columns as bytes).
//! Every format reads straight into the table's columns, guided by the
//! schema (a `DeserializeSeed`); ciborium only takes owned `Deserialize`
//! types, so CBOR's reader finds the schema in a thread-local set just
//! around the call.

use encbench_table::schema::{ColumnType, Schema};
use encbench_table::table::{Cell, Column, Table};
use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, SerializeTuple};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

pub(crate) struct Rows<'a>(pub(crate) &'a Table);
pub(crate) struct Row<'a>(pub(crate) &'a Table, pub(crate) usize);
/// One cell and its column's type (float32 is written at that width,
/// uint64 as unsigned).
struct Value<'a>(Cell<'a>, ColumnType);

impl Serialize for Rows<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.rows()))?;
        for i in 0..self.0.rows() {
            seq.serialize_element(&Row(self.0, i))?;
        }
        seq.end()
    }
}

impl Serialize for Row<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let table = self.0;
        let mut tuple = s.serialize_tuple(table.columns.len())?;
        let native = NATIVE_NESTING.get();
        for (col, field) in table.columns.iter().zip(&table.schema.fields) {
            let cell = col.cell(self.1);
            if let (true, ColumnType::Json, Cell::Str(text)) = (native, field.ty, cell) {
                let value: serde_json::Value =
                    serde_json::from_str(text).map_err(serde::ser::Error::custom)?;
                match field.nullable {
                    true => tuple.serialize_element(&Some(value))?,
                    false => tuple.serialize_element(&value)?,
                }
                continue;
            }
            match (field.nullable, cell) {
                (true, Cell::Null) => tuple.serialize_element(&Option::<()>::None)?,
                (true, c) => tuple.serialize_element(&Some(Value(c, field.ty)))?,
                (false, c) => tuple.serialize_element(&Value(c, field.ty))?,
            }
        }
        tuple.end()
    }
}

impl Serialize for Value<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self.0 {
            Cell::Null => s.serialize_unit(),
            // A uint64 column's values are u64s held bit for bit in i64.
            Cell::Int(v) if self.1 == ColumnType::UInt64 => s.serialize_u64(v as u64),
            Cell::Int(v) => s.serialize_i64(v),
            // A float32 column's values are f32s held exactly in f64.
            Cell::Float(v) if self.1 == ColumnType::Float32 => s.serialize_f32(v as f32),
            Cell::Float(v) => s.serialize_f64(v),
            Cell::Bool(v) => s.serialize_bool(v),
            // A binary column's hex text, written as the bytes it spells.
            Cell::Str(v) if self.1 == ColumnType::Binary => {
                let bytes = encbench_table::values::hex_bytes(v).ok_or_else(|| {
                    serde::ser::Error::custom(format!("'{v}' is not bytes in hex"))
                })?;
                s.serialize_bytes(&bytes)
            }
            Cell::Str(v) => s.serialize_str(v),
        }
    }
}

/// Reads the row sequence into a table of `schema`.
pub(crate) struct TableSeed<'s> {
    pub(crate) schema: &'s Schema,
    /// Bounds the rows pre-allocated from an untrusted length prefix.
    pub(crate) input_len: usize,
}

impl<'de> DeserializeSeed<'de> for TableSeed<'_> {
    type Value = Table;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Table, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for TableSeed<'_> {
    type Value = Table;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a sequence of rows")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Table, A::Error> {
        // Every cell takes at least one byte: a row count beyond that is a lie.
        let most = self.input_len / self.schema.fields.len().max(1);
        let rows = seq.size_hint().unwrap_or(0).min(most);
        let mut table = Table::new(self.schema.clone(), rows);
        while seq
            .next_element_seed(RowSeed { table: &mut table })?
            .is_some()
        {}
        Ok(table)
    }
}

pub(crate) struct RowSeed<'t> {
    pub(crate) table: &'t mut Table,
}

impl<'de> DeserializeSeed<'de> for RowSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        let n = self.table.columns.len();
        d.deserialize_tuple(n, self)
    }
}

impl<'de> Visitor<'de> for RowSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a row of {} values", self.table.columns.len())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        let Table { schema, columns } = self.table;
        for (i, (col, field)) in columns.iter_mut().zip(&schema.fields).enumerate() {
            let seed = CellSeed {
                column: col,
                ty: field.ty,
                nullable: field.nullable,
            };
            if seq.next_element_seed(seed)?.is_none() {
                return Err(de::Error::invalid_length(i, &self));
            }
        }
        Ok(())
    }
}

struct CellSeed<'c> {
    column: &'c mut Column,
    ty: ColumnType,
    nullable: bool,
}

impl<'de> DeserializeSeed<'de> for CellSeed<'_> {
    type Value = ();
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        match (self.nullable, self.ty) {
            (true, _) => d.deserialize_option(self),
            (false, ColumnType::Json) if NATIVE_NESTING.get() => {
                let value = serde_json::Value::deserialize(d)?;
                self.put::<D::Error>(Cell::Str(&value.to_string()))
            }
            (false, ColumnType::Float64) => d.deserialize_f64(self),
            (false, ColumnType::Float32) => d.deserialize_f32(self),
            (false, ColumnType::UInt64) => d.deserialize_u64(self),
            (false, ColumnType::Bool) => d.deserialize_bool(self),
            (false, ColumnType::Binary) if TRANSIENT_TEXT.get() => d.deserialize_byte_buf(self),
            (false, ColumnType::Binary) => d.deserialize_bytes(self),
            // Text the reader may not keep borrowed (postcard over a stream)
            // is asked for as owned, which the visitor takes the same way.
            (false, t) if t.is_text() && TRANSIENT_TEXT.get() => d.deserialize_string(self),
            (false, t) if t.is_text() => d.deserialize_str(self),
            (false, _) => d.deserialize_i64(self),
        }
    }
}

impl CellSeed<'_> {
    fn put<E: de::Error>(self, cell: Cell<'_>) -> Result<(), E> {
        self.column
            .push(cell)
            .map_err(|expected| E::custom(format!("expected {expected}")))
    }
}

impl<'de> Visitor<'de> for CellSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a {} value", self.ty.as_str())
    }
    fn visit_none<E: de::Error>(self) -> Result<(), E> {
        self.put(Cell::Null)
    }
    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.put(Cell::Null)
    }
    fn visit_some<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        CellSeed {
            nullable: false,
            ..self
        }
        .deserialize(d)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        if self.ty == ColumnType::UInt64 && v < 0 {
            return Err(E::custom(format!("{v} is not a uint64")));
        }
        self.put(Cell::Int(v))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        if self.ty == ColumnType::UInt64 {
            return self.put(Cell::Int(v as i64));
        }
        let v =
            i64::try_from(v).map_err(|_| E::custom(format!("{v} overflows a 64-bit integer")))?;
        self.put(Cell::Int(v))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.put(Cell::Float(v))
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.put(Cell::Bool(v))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        match self.ty {
            // Bytes come as bytes (see `Value`), never as text.
            ColumnType::Binary => Err(E::invalid_type(de::Unexpected::Str(v), &self)),
            // Text of a form: checked, as the table's own readers check it.
            ColumnType::Uuid | ColumnType::Decimal => self
                .column
                .push_text(self.ty, v)
                .map_err(|why| E::custom(format!("'{v}' is {why}"))),
            _ => self.put(Cell::Str(v)),
        }
    }
    fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<(), E> {
        if self.ty != ColumnType::Binary {
            return Err(E::invalid_type(de::Unexpected::Bytes(v), &self));
        }
        self.put(Cell::Str(&encbench_table::values::hex_text(v)))
    }
}

thread_local! {
    /// Whether the format on this thread carries nested values natively
    /// (MessagePack and CBOR maps and arrays); the others, which cannot
    /// read a value without knowing its type first, carry their JSON text.
    static NATIVE_NESTING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

thread_local! {
    /// Whether text on this thread is read without borrowing from the
    /// input: postcard's stream reader keeps every borrowed string in its
    /// buffer, so a whole file would have to fit there.
    static TRANSIENT_TEXT: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with text cells read as owned (see `TRANSIENT_TEXT`).
pub(crate) fn transient_text<T>(f: impl FnOnce() -> T) -> T {
    let before = TRANSIENT_TEXT.replace(true);
    let out = f();
    TRANSIENT_TEXT.set(before);
    out
}

/// Runs `f` with nested values carried natively by the format.
pub(crate) fn natively<T>(f: impl FnOnce() -> T) -> T {
    let before = NATIVE_NESTING.replace(true);
    let out = f();
    NATIVE_NESTING.set(before);
    out
}

thread_local! {
    /// The schema and input length a CBOR decode on this thread reads with.
    pub(crate) static CBOR_SEED: std::cell::RefCell<Option<(Schema, usize)>> = const { std::cell::RefCell::new(None) };
}

/// A table read by ciborium, through the thread-local seed.
pub(crate) struct CborRows(pub(crate) Table);

impl<'de> Deserialize<'de> for CborRows {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let (schema, input_len) = CBOR_SEED
            .with(|s| s.borrow().clone())
            .ok_or_else(|| de::Error::custom("no schema set for CBOR"))?;
        TableSeed {
            schema: &schema,
            input_len,
        }
        .deserialize(d)
        .map(CborRows)
    }
}

/// Declares a row format's table codec (a unit type) from its encode,
/// decode, streaming write and streaming read expressions; each format's
/// file invokes it beside its typed codec.
macro_rules! serde_table_codec {
    ($name:ident, $id:literal, $summary:literal, $ext:literal, $nests:literal, $encode:expr, $decode:expr, $write:expr, $read:expr) => {
        #[doc = $summary]
        pub struct $name;

        impl $crate::tables::TableCodec for $name {
            fn id(&self) -> &'static str {
                $id
            }
            fn summary(&self) -> &'static str {
                $summary
            }
            fn extension(&self) -> &'static str {
                $ext
            }
            fn nests_natively(&self) -> bool {
                $nests
            }
            fn encode(
                &self,
                table: &encbench_table::Table,
                out: &mut Vec<u8>,
            ) -> Result<(), encbench_table::Error> {
                let encode: fn(
                    &$crate::tables::serde_rows::Rows<'_>,
                    &mut Vec<u8>,
                ) -> Result<(), String> = $encode;
                encode(&$crate::tables::serde_rows::Rows(table), out)
                    .map_err(|e| encbench_table::error::codec($id, e))
            }
            fn decode(
                &self,
                bytes: &[u8],
                schema: &encbench_table::Schema,
            ) -> Result<encbench_table::Table, encbench_table::Error> {
                let seed = $crate::tables::serde_rows::TableSeed {
                    schema,
                    input_len: bytes.len(),
                };
                let decode: fn(
                    $crate::tables::serde_rows::TableSeed<'_>,
                    &[u8],
                ) -> Result<encbench_table::Table, String> = $decode;
                decode(seed, bytes).map_err(|e| encbench_table::error::codec($id, e))
            }
            fn writes_row_count(&self) -> bool {
                true
            }
            fn write_stream(
                &self,
                _schema: &encbench_table::Schema,
                rows: usize,
                batches: &mut $crate::tables::streaming::Batches<'_>,
                out: &mut (dyn std::io::Write + Send),
            ) -> Result<(), encbench_table::Error> {
                $crate::tables::serde_stream::write($id, rows, batches, out, $write)
            }
            fn read_stream(
                &self,
                schema: &encbench_table::Schema,
                input: &$crate::tables::streaming::ReadBack<'_>,
                visit: &mut $crate::tables::streaming::Visit<'_>,
            ) -> Result<(), encbench_table::Error> {
                $crate::tables::serde_stream::read($id, schema, input, visit, $read)
            }
        }
    };
}
pub(crate) use serde_table_codec;
