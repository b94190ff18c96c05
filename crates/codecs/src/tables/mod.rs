//! Codecs over user tables (`encbench file`): the registry's record
//! encodings again, over a table whose schema is known only at run time.
//! Each one sits in its format's file (or folder) beside the typed record
//! codec of the same encoding, behind one trait: write the whole table as
//! bytes, read bytes back into a table of the same schema. `file` checks
//! every one (decode(encode(table)) equals the table row by row) before it
//! is timed, and again after every `--convert`.

pub(crate) mod csv_flat;
pub mod native;
pub(crate) mod serde_rows;
pub(crate) mod serde_stream;
pub mod streaming;

use crate::{registry, TableFormat};
use encbench_table::schema::Schema;
use encbench_table::table::Table;
use encbench_table::{error, Error};
use std::io::Write;
use streaming::{Batches, Parts, ReadBack, Visit};

/// One way to store a user table.
pub trait TableCodec: Send + Sync {
    /// Short id: `csv`, `parquet`, … (also `--convert`'s name).
    fn id(&self) -> &'static str;
    /// What it is and which library writes it.
    fn summary(&self) -> &'static str;
    /// The file extension `--convert` suggests.
    fn extension(&self) -> &'static str;
    /// The implementing type's path, for tests that check where codecs live.
    #[cfg(test)]
    fn rust_type(&self) -> &'static str {
        std::any::type_name::<Self>()
    }
    /// Whether nested JSON values travel as the format's own maps and
    /// arrays (or structs and lists), rather than as their JSON text.
    fn nests_natively(&self) -> bool {
        false
    }
    /// Whether nested objects are spread over dotted columns (CSV).
    fn flattens_nesting(&self) -> bool {
        false
    }
    /// This format compressed inside by its own codec for `compressor` (an
    /// id: `zstd-3`), as its writers and readers expect (Parquet pages,
    /// Arrow IPC buffers, Avro blocks). `None` for formats with no
    /// compression of their own (the compressor then runs over the whole
    /// stream); `Some(Err(why))` when the format's codecs do not include it.
    fn compressed(&self, compressor: &str) -> Option<Result<Box<dyn TableCodec>, String>> {
        let _ = compressor;
        None
    }
    /// The columns this format writes under another name, as `(name,
    /// written name)`: names the format cannot hold (Avro's identifiers).
    /// Its read-back checks each column under its written name.
    fn renamed(&self, schema: &Schema) -> Vec<(String, String)> {
        let _ = schema;
        Vec::new()
    }
    /// What the format does with NaN and the infinities.
    fn non_finite(&self) -> NonFinite {
        NonFinite::Carried
    }
    /// Whether `encode` writes the table (the original text is not re-encoded).
    fn encodes(&self) -> bool {
        true
    }
    /// Writes the whole table, appending to `out`.
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error>;
    /// Reads a table of `schema` back from `bytes`.
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error>;
    /// This codec ready for tables of `schema`: what it derives from
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
    /// which collects the whole table, serves only table codecs that never
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
    /// The parts of what [`write_stream`](Self::write_stream) wrote that
    /// can be read back independently, so on several threads: Parquet's
    /// row groups. `None`: only as one stream.
    fn read_parts(&self, input: &ReadBack<'_>) -> Result<Option<Box<dyn Parts>>, Error> {
        let _ = input;
        Ok(None)
    }
}

/// What a format does with the floats its text cannot spell: a declared
/// loss, shown beside every row it touches, never a false "verification
/// failed".
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NonFinite {
    /// NaN, ±Inf and −0.0 travel as they are.
    Carried,
    /// NaN is written as `NaN`, which CSV readers (ours, pyarrow's) take
    /// for a missing value; ±Inf travel as `inf` and `-inf`. An empty text
    /// and a null are both an empty field, read back as null (as pandas
    /// and pyarrow read it).
    NanAsNull,
    /// NaN and ±Inf are written as `null`: JSON has no such numbers.
    AsNull,
}

impl NonFinite {
    /// Whether this format loses `x`.
    pub fn loses(self, x: f64) -> bool {
        match self {
            NonFinite::Carried => false,
            NonFinite::NanAsNull => x.is_nan(),
            NonFinite::AsNull => !x.is_finite(),
        }
    }

    /// What is lost, in words; `None` when nothing is.
    pub fn why(self) -> Option<&'static str> {
        match self {
            NonFinite::Carried => None,
            NonFinite::NanAsNull => Some(
                "NaN and empty text read back as null (CSV readers take both for a missing value)",
            ),
            NonFinite::AsNull => Some("NaN and ±Inf written as null (JSON has no such numbers)"),
        }
    }

    /// Whether this format reads an empty text back as null.
    pub fn loses_empty_text(self) -> bool {
        self == NonFinite::NanAsNull
    }

    /// `table` as this format reads it back, and how many values it
    /// loses (see [`Table::nulling`]); `Ok(None)` when none.
    pub fn nulled(self, table: &Table) -> Result<Option<(Table, u64)>, String> {
        table.nulling(|x| self.loses(x), self.loses_empty_text())
    }

    /// The table as a format that loses such floats reads it back, and
    /// the loss in words ("3 NaN read back as null: …"); `Ok(None)` when
    /// nothing is lost; `Err` when a lost value would be a null in a
    /// column that may not hold one.
    pub fn expected_back(self, table: &Table) -> Result<Option<(Table, String)>, String> {
        let Some(why) = self.why() else {
            return Ok(None);
        };
        match self.nulled(table) {
            Ok(None) => Ok(None),
            Ok(Some((back, n))) => Ok(Some((back, format!("{n} value(s): {why}")))),
            Err(column) => Err(format!("{column}, and {why}")),
        }
    }
}

/// A table codec prepared for one schema (see [`TableCodec::prepare`]).
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

/// A table codec with no per-schema state: the schema kept for decode.
pub(crate) struct Plain<'c, C: ?Sized>(pub(crate) &'c C, pub(crate) Schema);

impl<C: TableCodec + ?Sized> Prepared for Plain<'_, C> {
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

/// The table codecs `--convert` can write: every format the codec registry
/// offers for user tables whose family is compiled in, in its order.
pub fn convertible() -> Vec<Box<dyn TableCodec>> {
    registry::table_formats()
        .into_iter()
        .filter_map(|(format, _)| codec(format))
        .collect()
}

/// The codec over user tables of a format the registry offers (its entry
/// says which encoding it is, and `list` shows it), or `None` when the
/// format's family is compiled out by its cargo feature; each one lives
/// beside the typed codec of that entry.
pub fn codec(format: TableFormat) -> Option<Box<dyn TableCodec>> {
    use crate::serde_codecs as serde;
    Some(match format {
        TableFormat::Csv => Box::new(serde::CsvTable),
        TableFormat::JsonLines => Box::new(serde::JsonLinesTable),
        #[cfg(feature = "self-describing")]
        TableFormat::MessagePack => Box::new(serde::MessagePackTable),
        #[cfg(feature = "self-describing")]
        TableFormat::Cbor => Box::new(serde::CborTable),
        #[cfg(feature = "avro")]
        TableFormat::Avro => Box::new(crate::avro::AvroTable::default()),
        #[cfg(feature = "protobuf")]
        TableFormat::Protobuf => Box::new(crate::protobuf::ProtobufTable),
        TableFormat::Postcard => Box::new(serde::PostcardTable),
        TableFormat::Bincode => Box::new(serde::BincodeTable),
        #[cfg(feature = "columnar")]
        TableFormat::ArrowIpc => Box::new(crate::columnar::ArrowIpcTable::default()),
        #[cfg(feature = "columnar")]
        TableFormat::Parquet => Box::new(crate::columnar::ParquetTable::default()),
        #[cfg(not(feature = "self-describing"))]
        TableFormat::MessagePack | TableFormat::Cbor => return None,
        #[cfg(not(feature = "avro"))]
        TableFormat::Avro => return None,
        #[cfg(not(feature = "protobuf"))]
        TableFormat::Protobuf => return None,
        #[cfg(not(feature = "columnar"))]
        TableFormat::ArrowIpc | TableFormat::Parquet => return None,
    })
}

/// The codec that writes a columnar input's format as the file's own
/// writer did, as far as its metadata says (`written`): its compression
/// (the family's default level where the file does not record one), and
/// for Parquet its rows per row group and dictionary use. `None` when the
/// format's family is compiled out.
pub fn as_written(
    kind: encbench_table::binary_input::Kind,
    written: &encbench_table::binary_input::Written,
) -> Option<Result<Box<dyn TableCodec>, String>> {
    use encbench_table::binary_input::Kind;
    let format = match kind {
        Kind::Parquet => TableFormat::Parquet,
        Kind::ArrowFile | Kind::ArrowStream => TableFormat::ArrowIpc,
        Kind::Avro => TableFormat::Avro,
    };
    #[cfg(feature = "columnar")]
    if format == TableFormat::Parquet {
        let laid = crate::columnar::ParquetTable::default().with_layout(
            written
                .group_rows
                .unwrap_or(crate::columnar::ROW_GROUP_ROWS),
            written.dictionary.unwrap_or(true),
        );
        return Some(match &written.compression {
            None => Ok(Box::new(laid)),
            Some(c) => laid
                .with_compressor(c)
                .map(|p| Box::new(p) as Box<dyn TableCodec>),
        });
    }
    let plain = codec(format)?;
    Some(match &written.compression {
        None => Ok(plain),
        Some(c) => plain.compressed(c).unwrap_or_else(|| Ok(plain)),
    })
}

/// The Avro schema the `avro` table codec writes for `schema`, as JSON;
/// `None` when Avro is compiled out.
pub fn avro_schema_json(schema: &Schema) -> Option<String> {
    #[cfg(feature = "avro")]
    return crate::avro::schema_json(schema);
    #[cfg(not(feature = "avro"))]
    {
        let _ = schema;
        None
    }
}

/// The convertible table codec with this id.
pub fn by_id(id: &str) -> Option<Box<dyn TableCodec>> {
    convertible().into_iter().find(|c| c.id() == id)
}

/// Whether the table codec `id` carries nested values natively (a name
/// not listed does not).
pub fn nests_natively(id: &str) -> bool {
    by_id(id).is_some_and(|c| c.nests_natively())
}

/// Whether the table codec `id` spreads nested objects over dotted columns.
pub fn flattens_nesting(id: &str) -> bool {
    by_id(id).is_some_and(|c| c.flattens_nesting())
}

/// Column names as identifiers (Avro and protobuf allow `[A-Za-z_][A-Za-z0-9_]*`),
/// unique, in order.
pub fn identifiers(schema: &Schema) -> Vec<String> {
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

// The tests exercise every format: they need every family compiled in.
#[cfg(all(
    test,
    feature = "self-describing",
    feature = "protobuf",
    feature = "avro",
    feature = "columnar"
))]
mod tests;

#[cfg(test)]
mod offered {
    /// `file` offers a format exactly when its typed codec is compiled in
    /// (with any set of features).
    #[test]
    fn file_offers_the_table_formats_whose_typed_codec_is_compiled_in() {
        let mut enabled: Vec<&str> = crate::registry::catalog()
            .into_iter()
            .filter(|(_, on)| *on)
            .filter_map(|(info, _)| Some(info.table?.id()))
            .collect();
        let mut offered: Vec<&str> = super::convertible().iter().map(|c| c.id()).collect();
        enabled.sort_unstable();
        offered.sort_unstable();
        assert_eq!(offered, enabled);
    }
}
