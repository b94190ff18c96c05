//! CSV (the `csv` crate, serde): one header line, then one line per record,
//! fixed arrays spread over numbered columns. Flat records only: nested
//! orders have no CSV form, and the matrix says so instead of inventing one.

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
