//! JSON Lines (serde_json): one object per line.

use super::json::json_error;
use super::SerdeRecord;
use crate::{Codec, CodecError};
use std::marker::PhantomData;

/// One JSON object per line.
pub struct JsonLines<T>(PhantomData<fn() -> T>);

impl<T> Default for JsonLines<T> {
    fn default() -> Self {
        JsonLines(PhantomData)
    }
}

impl<T: SerdeRecord> Codec<Vec<T>> for JsonLines<T> {
    fn encode(&self, value: &Vec<T>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        for record in value {
            serde_json::to_writer(&mut *out, record).map_err(json_error)?;
            out.push(b'\n');
        }
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<T>, CodecError> {
        let mut out = Vec::new();
        let mut offset = 0;
        for line in bytes.split(|b| *b == b'\n') {
            if !line.is_empty() {
                out.push(
                    serde_json::from_slice(line).map_err(|e| CodecError::Invalid {
                        offset: offset + e.column().saturating_sub(1),
                        reason: format!("JSON Lines record {}: {e}", out.len() + 1),
                    })?,
                );
            }
            offset += line.len() + 1;
        }
        Ok(out)
    }
}

/// The same encoding over user tables (`encbench file`): one object per
/// row, dates and timestamps as strings, null as `null`; read back by the
/// same parser that reads the user's JSON Lines.
#[cfg(feature = "tables")]
mod over_tables {
    use crate::tables::streaming::{self, Batches, ReadBack, Visit};
    use crate::tables::TableCodec;
    use encbench_table::load::parse_table;
    use encbench_table::records::Framing;
    use encbench_table::schema::{ColumnType, Schema};
    use encbench_table::sniff::Format;
    use encbench_table::table::{text_of, Cell, Table};
    use encbench_table::{error::codec, Error};
    use std::io::Write;

    /// One JSON object per line.
    pub struct JsonLinesTable;

    /// A JSON object's keys are its columns' names: two columns of one
    /// name (which Parquet and Arrow allow) have no JSON Lines form.
    fn unique_keys(schema: &Schema) -> Result<(), Error> {
        match schema.repeated_name() {
            None => Ok(()),
            Some((j, i)) => Err(codec(
                "jsonl",
                format!(
                    "columns {} and {} are both named '{}', and a JSON object's keys are its columns' names",
                    j + 1,
                    i + 1,
                    schema.fields[i].name
                ),
            )),
        }
    }

    impl TableCodec for JsonLinesTable {
        fn id(&self) -> &'static str {
            "jsonl"
        }
        fn summary(&self) -> &'static str {
            "JSON Lines, one object per row; dates and timestamps as strings (serde_json)"
        }
        fn extension(&self) -> &'static str {
            "jsonl"
        }
        fn nests_natively(&self) -> bool {
            true
        }
        fn non_finite(&self) -> crate::tables::NonFinite {
            crate::tables::NonFinite::AsNull
        }
        fn prepare<'c>(
            &'c self,
            schema: &Schema,
        ) -> Result<Box<dyn crate::tables::Prepared + 'c>, Error> {
            unique_keys(schema)?;
            Ok(Box::new(crate::tables::Plain(self, schema.clone())))
        }
        fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
            let fail = |e: serde_json::Error| codec("jsonl", e);
            let keys: Vec<String> = table
                .schema
                .fields
                .iter()
                .map(|f| serde_json::to_string(&f.name))
                .collect::<Result<_, _>>()
                .map_err(fail)?;
            for i in 0..table.rows() {
                out.push(b'{');
                for (c, (col, field)) in table.columns.iter().zip(&table.schema.fields).enumerate()
                {
                    if c > 0 {
                        out.push(b',');
                    }
                    out.extend_from_slice(keys[c].as_bytes());
                    out.push(b':');
                    match (col.cell(i), field.ty) {
                        (Cell::Null, _) => out.extend_from_slice(b"null"),
                        (
                            cell @ Cell::Int(_),
                            ColumnType::Date
                            | ColumnType::Timestamp
                            | ColumnType::Time
                            | ColumnType::Duration,
                        ) => {
                            serde_json::to_writer(&mut *out, &text_of(cell, field)).map_err(fail)?
                        }
                        (Cell::Int(v), ColumnType::UInt64) => {
                            write!(out, "{}", v as u64).map_err(|e| codec("jsonl", e))?
                        }
                        (Cell::Int(v), _) => write!(out, "{v}").map_err(|e| codec("jsonl", e))?,
                        // The shortest text that reads back at the column's width.
                        (Cell::Float(v), ColumnType::Float32) => {
                            serde_json::to_writer(&mut *out, &(v as f32)).map_err(fail)?
                        }
                        (Cell::Float(v), _) => {
                            serde_json::to_writer(&mut *out, &v).map_err(fail)?
                        }
                        (Cell::Bool(v), _) => {
                            out.extend_from_slice(if v { b"true" } else { b"false" })
                        }
                        // Nested values are canonical JSON already: written as they are.
                        (Cell::Str(s), ColumnType::Json) => out.extend_from_slice(s.as_bytes()),
                        (Cell::Str(s), _) => serde_json::to_writer(&mut *out, s).map_err(fail)?,
                    }
                }
                out.extend_from_slice(b"}\n");
            }
            Ok(())
        }
        fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
            let text = std::str::from_utf8(bytes).map_err(|e| codec("jsonl", e))?;
            parse_table(text, Format::JsonLines, schema)
        }
        fn write_stream(
            &self,
            schema: &Schema,
            _rows: usize,
            batches: &mut Batches<'_>,
            out: &mut (dyn Write + Send),
        ) -> Result<(), Error> {
            unique_keys(schema)?;
            streaming::concatenated("jsonl", batches, out, &|t, b| self.encode(t, b))
        }
        fn read_stream(
            &self,
            schema: &Schema,
            input: &ReadBack<'_>,
            visit: &mut Visit<'_>,
        ) -> Result<(), Error> {
            let decode = |b: &[u8]| self.decode(b, schema);
            streaming::by_segments(input.reader()?, Framing::Lines, false, &decode, visit)
        }
    }
}
#[cfg(feature = "tables")]
pub use over_tables::JsonLinesTable;
