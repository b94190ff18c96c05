//! CSV (the `csv` crate, serde): one header line, then one line per record,
//! fixed arrays spread over numbered columns. Flat records only: nested
//! orders have no CSV form, and the matrix says so instead of inventing one.
//! Below it, `CsvTable`: the same format over user tables, where nested
//! objects are spread over dotted columns.

use crate::matrix::CsvRecord;
use crate::{Codec, CodecError};

unit_codec!(
    /// CSV through serde: floats printed shortest-round-trip (ryu), so the
    /// round trip is exact. An absent optional string and an empty one both
    /// print as an empty field and read back as absent; the datasets never
    /// hold an empty present string, and verification would catch one.
    Csv
);

fn csv_error(e: csv::Error) -> CodecError {
    let offset = e.position().map_or(0, |p| p.byte() as usize);
    let line = e.position().map_or(0, |p| p.line());
    CodecError::invalid(offset, format!("CSV line {line}: {e}"))
}

impl<R: CsvRecord> Codec<Vec<R>> for Csv<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let header = R::CSV_HEADER
            .ok_or_else(|| CodecError::invalid(0, "nested records have no CSV form"))?;
        let mut writer = csv::WriterBuilder::new()
            .has_headers(false)
            .from_writer(out);
        writer.write_record(header).map_err(csv_error)?;
        for record in value {
            writer.serialize(record).map_err(csv_error)?;
        }
        writer.flush().map_err(|e| CodecError::library("csv", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let header = R::CSV_HEADER
            .ok_or_else(|| CodecError::invalid(0, "nested records have no CSV form"))?;
        // Our writer ends every record with a newline; without one, the
        // input was cut inside its last field, which would otherwise read
        // back as a shorter value.
        if bytes.last().is_some_and(|b| *b != b'\n') {
            return Err(CodecError::invalid(
                bytes.len(),
                "CSV ends inside a record (no final newline)",
            ));
        }
        let mut reader = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(bytes);
        let mut row = csv::StringRecord::new();
        if !reader.read_record(&mut row).map_err(csv_error)?
            || row.iter().ne(header.iter().copied())
        {
            return Err(CodecError::invalid(
                0,
                format!("CSV header is not {}", header.join(",")),
            ));
        }
        let mut records = Vec::new();
        while reader.read_record(&mut row).map_err(csv_error)? {
            let offset = row.position().map_or(0, |p| p.byte() as usize);
            records.push(row.deserialize(None).map_err(|e| {
                CodecError::invalid(offset, format!("CSV record {}: {e}", records.len() + 1))
            })?);
        }
        Ok(records)
    }

    fn applies(&self) -> bool {
        R::CSV_HEADER.is_some()
    }
}

/// The same encoding over user tables (`encbench file`): RFC 4180, a header
/// row, values in the forms the reader parses back exactly (see
/// `encbench_table::values`), null as an empty field; nested objects spread
/// over dotted columns (`tables::csv_flat`).
#[cfg(feature = "tables")]
mod over_tables {
    use crate::tables::csv_flat::{self, Layout};
    use crate::tables::streaming::{self, Batches, ReadBack, Visit};
    use crate::tables::TableCodec;
    use encbench_table::records::Framing;
    use encbench_table::schema::Schema;
    use encbench_table::table::{text_of, Table};
    use encbench_table::{error::codec, Error};
    use std::io::Write;

    /// Comma-separated values with a header row.
    pub struct CsvTable;

    impl TableCodec for CsvTable {
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
        fn non_finite(&self) -> crate::tables::NonFinite {
            crate::tables::NonFinite::NanAsNull
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
                    row.push(text_of(col.cell(i), field));
                }
            }
            writer.write_record(&row).map_err(|e| codec("csv", e))?;
        }
        Ok(())
    }
}
#[cfg(feature = "tables")]
pub use over_tables::CsvTable;
