//! The candidate encodings, one file each behind one trait: write the
//! whole table as bytes, read bytes back into a table of the same schema.
//! Every candidate is checked (decode(encode(table)) equals the table row
//! by row) before it is timed, and again after every `--convert`.

mod avro;
pub(crate) mod columnar;
mod csv_flat;
mod original;
mod protobuf;
mod protobuf_nested;
mod serde_rows;
mod serde_stream;
pub mod streaming;
mod text;

use crate::schema::Schema;
use crate::sniff::Format;
use crate::table::Table;
use crate::{error, Error};
use encbench_codecs::{registry, TableFormat};
use std::io::Write;
use streaming::{Batches, ReadBack, Visit};

/// One way to store the table.
pub trait Candidate: Send + Sync {
    /// Short id: `csv`, `parquet`, … (also `--convert`'s name).
    fn id(&self) -> &'static str;
    /// What it is and which library writes it.
    fn summary(&self) -> &'static str;
    /// The file extension `--convert` suggests.
    fn extension(&self) -> &'static str;
    /// Whether nested JSON values travel as the format's own maps and
    /// arrays (or structs and lists), rather than as their JSON text.
    fn nests_natively(&self) -> bool {
        false
    }
    /// Whether nested objects are spread over dotted columns (CSV).
    fn flattens_nesting(&self) -> bool {
        false
    }
    /// Whether `encode` writes the table (the original text is not re-encoded).
    fn encodes(&self) -> bool {
        true
    }
    /// Writes the whole table, appending to `out`.
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error>;
    /// Reads a table of `schema` back from `bytes`.
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error>;
    /// This candidate ready for tables of `schema`: what it derives from
    /// the schema (protobuf's descriptor pool, Avro's schema) is built
    /// here, once, so timed encodes and decodes do not pay for it.
    fn prepare<'c>(&'c self, schema: &Schema) -> Result<Box<dyn Prepared + 'c>, Error> {
        Ok(Box::new(Plain(self, schema.clone())))
    }
    /// Reads only `columns` of `bytes` (see [`Prepared::decode_columns`]).
    fn decode_columns(
        &self,
        bytes: &[u8],
        schema: &Schema,
        columns: &[usize],
    ) -> Option<Result<Table, Error>> {
        let _ = (bytes, schema, columns);
        None
    }
    /// Whether [`write_stream`](Self::write_stream) writes the row count
    /// before the rows (so `rows` must be exact: counted by a scan).
    fn writes_row_count(&self) -> bool {
        false
    }
    /// Writes every batch to `out` as one file; `rows` is their total
    /// (for formats that write a count first). Every format `--convert`
    /// writes overrides this to hold one batch at a time; the default,
    /// which collects the whole table, serves only candidates that never
    /// convert.
    fn write_stream(
        &self,
        schema: &Schema,
        rows: usize,
        batches: &mut Batches<'_>,
        out: &mut (dyn Write + Send),
    ) -> Result<(), Error> {
        let _ = rows;
        let table = streaming::collect(schema, batches)?;
        let mut bytes = Vec::new();
        self.encode(&table, &mut bytes)?;
        out.write_all(&bytes)
            .map_err(|e| error::codec(self.id(), e))
    }
    /// Reads back what [`write_stream`](Self::write_stream) wrote, handing
    /// `visit` one batch at a time.
    fn read_stream(
        &self,
        schema: &Schema,
        input: &ReadBack<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Error> {
        streaming::read_whole(input.reader()?, &|b| self.decode(b, schema), visit)
    }
}

/// A candidate prepared for one schema (see [`Candidate::prepare`]).
pub trait Prepared: Send + Sync {
    /// Writes the whole table, appending to `out`.
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error>;
    /// Reads the table back from `bytes`.
    fn decode(&self, bytes: &[u8]) -> Result<Table, Error>;
    /// Reads only `columns` (a table of just those, in that order), for
    /// formats whose readers can skip the rest; `None` for the others.
    fn decode_columns(&self, bytes: &[u8], columns: &[usize]) -> Option<Result<Table, Error>> {
        let _ = (bytes, columns);
        None
    }
}

/// A candidate with no per-schema state: the schema kept for decode.
struct Plain<'c, C: ?Sized>(&'c C, Schema);

impl<C: Candidate + ?Sized> Prepared for Plain<'_, C> {
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        self.0.encode(table, out)
    }
    fn decode(&self, bytes: &[u8]) -> Result<Table, Error> {
        self.0.decode(bytes, &self.1)
    }
    fn decode_columns(&self, bytes: &[u8], columns: &[usize]) -> Option<Result<Table, Error>> {
        self.0.decode_columns(bytes, &self.1, columns)
    }
}

/// Every candidate for a columnar input: the file as it is first (when
/// it is measured whole), then the rest.
pub fn for_columnar(kind: crate::binary_input::Kind, whole: bool) -> Vec<Box<dyn Candidate>> {
    let mut list: Vec<Box<dyn Candidate>> = Vec::new();
    if whole {
        list.push(Box::new(original::OriginalColumnar(kind)));
    }
    list.extend(convertible());
    list
}

/// Every candidate, the original text (in `format`) first.
pub fn all(format: Format) -> Vec<Box<dyn Candidate>> {
    let mut list: Vec<Box<dyn Candidate>> = vec![Box::new(original::Original(format))];
    list.extend(convertible());
    list
}

/// The candidates `--convert` can write: every format the codec registry
/// offers for user tables, in its order.
pub fn convertible() -> Vec<Box<dyn Candidate>> {
    registry::table_formats()
        .into_iter()
        .map(|(format, _)| candidate(format))
        .collect()
}

/// The implementation over user tables of a format the registry offers
/// (its entry says which encoding it is, and `list` shows it).
pub fn candidate(format: TableFormat) -> Box<dyn Candidate> {
    match format {
        TableFormat::Csv => Box::new(text::Csv),
        TableFormat::JsonLines => Box::new(text::JsonLines),
        TableFormat::MessagePack => Box::new(serde_rows::MessagePack),
        TableFormat::Cbor => Box::new(serde_rows::Cbor),
        TableFormat::Avro => Box::new(avro::Avro),
        TableFormat::Protobuf => Box::new(protobuf::Protobuf),
        TableFormat::Postcard => Box::new(serde_rows::Postcard),
        TableFormat::Bincode => Box::new(serde_rows::Bincode),
        TableFormat::ArrowIpc => Box::new(columnar::ArrowIpc),
        TableFormat::Parquet => Box::new(columnar::Parquet),
    }
}

/// The convertible candidate with this id.
pub fn by_id(id: &str) -> Option<Box<dyn Candidate>> {
    convertible().into_iter().find(|c| c.id() == id)
}

/// Whether the candidate `id` carries nested values natively (the
/// original JSON does; a name not listed does not).
pub fn nests_natively(id: &str) -> bool {
    id == "original" || by_id(id).is_some_and(|c| c.nests_natively())
}

/// Whether the candidate `id` spreads nested objects over dotted columns.
pub fn flattens_nesting(id: &str) -> bool {
    by_id(id).is_some_and(|c| c.flattens_nesting())
}

/// Column names as identifiers (Avro and protobuf allow `[A-Za-z_][A-Za-z0-9_]*`),
/// unique, in order.
pub(crate) fn identifiers(schema: &Schema) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(schema.fields.len());
    for (i, f) in schema.fields.iter().enumerate() {
        let mut name: String = f
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            name.insert(0, '_');
        }
        if out.contains(&name) {
            name = format!("{name}_{}", i + 1);
        }
        out.push(name);
    }
    out
}

#[cfg(test)]
pub(crate) mod tests;
