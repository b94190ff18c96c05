//! The text candidates: RFC 4180 CSV (comma, header, the `csv` crate) and
//! JSON Lines (one object per row, `serde_json`). Both write values in the
//! forms the reader parses back exactly (see `values`); null is an empty
//! CSV field and a JSON `null`.

use super::csv_flat::{self, Layout};
use super::streaming::{self, Batches, ReadBack, Visit};
use super::Candidate;
use crate::load::parse_table;
use crate::records::Framing;
use crate::schema::{ColumnType, Schema};
use crate::sniff::Format;
use crate::table::{text_of, Cell, Table};
use crate::{error::codec, Error};
use std::io::Write;

/// Comma-separated values with a header row.
pub struct Csv;

impl Candidate for Csv {
    fn id(&self) -> &'static str {
        "csv"
    }
    fn summary(&self) -> &'static str {
        "CSV, comma-separated with a header, RFC 4180 quoting (csv crate)"
    }
    fn extension(&self) -> &'static str {
        "csv"
    }
    fn flattens_nesting(&self) -> bool {
        true
    }
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        let layout = Layout::of(&table.schema);
        let mut writer = csv::Writer::from_writer(out);
        csv_header(&mut writer, &layout.flat)?;
        csv_rows(&mut writer, table, &layout)?;
        writer.flush().map_err(|e| codec("csv", e))
    }
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
        let text = std::str::from_utf8(bytes).map_err(|e| codec("csv", e))?;
        csv_flat::decode(text, schema)
    }
    fn write_stream(
        &self,
        schema: &Schema,
        _rows: usize,
        batches: &mut Batches<'_>,
        out: &mut (dyn Write + Send),
    ) -> Result<(), Error> {
        let layout = Layout::of(schema);
        let mut writer = csv::Writer::from_writer(out);
        csv_header(&mut writer, &layout.flat)?;
        for batch in batches {
            csv_rows(&mut writer, &batch?, &layout)?;
        }
        writer.flush().map_err(|e| codec("csv", e))
    }
    fn read_stream(
        &self,
        schema: &Schema,
        input: &ReadBack<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Error> {
        let decode = |b: &[u8]| self.decode(b, schema);
        streaming::by_segments(input.reader()?, Framing::Csv(b','), true, &decode, visit)
    }
}

fn csv_header<W: Write>(writer: &mut csv::Writer<W>, schema: &Schema) -> Result<(), Error> {
    writer
        .write_record(schema.fields.iter().map(|f| f.name.as_str()))
        .map_err(|e| codec("csv", e))
}

fn csv_rows<W: Write>(
    writer: &mut csv::Writer<W>,
    table: &Table,
    layout: &Layout,
) -> Result<(), Error> {
    let mut row: Vec<String> = Vec::with_capacity(table.columns.len());
    for i in 0..table.rows() {
        if layout.spreads() {
            layout.row(table, i, &mut row)?;
        } else {
            row.clear();
            for (col, field) in table.columns.iter().zip(&table.schema.fields) {
                row.push(text_of(col.cell(i), field.ty));
            }
        }
        writer.write_record(&row).map_err(|e| codec("csv", e))?;
    }
    Ok(())
}

/// One JSON object per line.
pub struct JsonLines;

impl Candidate for JsonLines {
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
            for (c, (col, field)) in table.columns.iter().zip(&table.schema.fields).enumerate() {
                if c > 0 {
                    out.push(b',');
                }
                out.extend_from_slice(keys[c].as_bytes());
                out.push(b':');
                match (col.cell(i), field.ty) {
                    (Cell::Null, _) => out.extend_from_slice(b"null"),
                    (cell @ Cell::Int(_), ColumnType::Date | ColumnType::Timestamp) => {
                        serde_json::to_writer(&mut *out, &text_of(cell, field.ty)).map_err(fail)?
                    }
                    (Cell::Int(v), _) => write!(out, "{v}").map_err(|e| codec("jsonl", e))?,
                    (Cell::Float(v), _) => serde_json::to_writer(&mut *out, &v).map_err(fail)?,
                    (Cell::Bool(v), _) => out.extend_from_slice(if v { b"true" } else { b"false" }),
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
        _schema: &Schema,
        _rows: usize,
        batches: &mut Batches<'_>,
        out: &mut (dyn Write + Send),
    ) -> Result<(), Error> {
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
