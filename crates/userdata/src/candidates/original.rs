//! The input's own text, kept as it is: no encode step; decoding parses it
//! exactly as the input was parsed (same format, same header).

use encbench_codecs::tables::TableCodec;
use encbench_table::load::parse_table;
use encbench_table::schema::Schema;
use encbench_table::sniff::Format;
use encbench_table::table::Table;
use encbench_table::{error::codec, Error};

/// The original text in its sniffed format.
pub struct Original(pub Format);

impl TableCodec for Original {
    fn id(&self) -> &'static str {
        "original"
    }
    fn summary(&self) -> &'static str {
        "the input's text as it is (the rows measured), parsed as it was read"
    }
    fn extension(&self) -> &'static str {
        "txt"
    }
    fn encodes(&self) -> bool {
        false
    }
    fn encode(&self, _: &Table, _: &mut Vec<u8>) -> Result<(), Error> {
        Err(codec(
            "original",
            "the original text is kept, not re-encoded",
        ))
    }
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
        let text = std::str::from_utf8(bytes).map_err(|e| codec("original", e))?;
        parse_table(text, self.0, schema)
    }
}

/// The input file itself when it is already columnar (Parquet, Arrow):
/// decoding reads it with its own crate, as the input was read.
pub struct OriginalColumnar(pub encbench_table::binary_input::Kind);

impl TableCodec for OriginalColumnar {
    fn id(&self) -> &'static str {
        "original"
    }
    fn summary(&self) -> &'static str {
        "the input file as it is (its own compression and layout), read with its format's crate"
    }
    fn extension(&self) -> &'static str {
        "bin"
    }
    fn encodes(&self) -> bool {
        false
    }
    fn encode(&self, _: &Table, _: &mut Vec<u8>) -> Result<(), Error> {
        Err(codec(
            "original",
            "the original file is kept, not re-encoded",
        ))
    }
    fn compressed(&self, _: &str) -> Option<Result<Box<dyn TableCodec>, String>> {
        Some(Err("the file keeps its own compression".into()))
    }
    fn decode(&self, bytes: &[u8], _: &Schema) -> Result<Table, Error> {
        encbench_table::binary_input::decode(self.0, bytes).map_err(|e| codec("original", e))
    }
}

/// A columnar input too large to measure as it is: its format with the
/// settings its metadata records (codec, row groups, dictionary use),
/// written from the sample by our writer and read back by our reader, so
/// "keep what you have" has a row at any size.
pub struct OriginalRewritten {
    /// The format's codec, set as the file's writer set it.
    pub inner: Box<dyn TableCodec>,
}

impl TableCodec for OriginalRewritten {
    fn id(&self) -> &'static str {
        "original"
    }
    fn summary(&self) -> &'static str {
        "the input's format with its own settings (codec, row groups, dictionary), re-encoded on the sample"
    }
    fn extension(&self) -> &'static str {
        self.inner.extension()
    }
    fn nests_natively(&self) -> bool {
        self.inner.nests_natively()
    }
    fn compressed(&self, _: &str) -> Option<Result<Box<dyn TableCodec>, String>> {
        Some(Err("it keeps the file's own compression".into()))
    }
    fn prepare<'c>(
        &'c self,
        schema: &Schema,
    ) -> Result<Box<dyn encbench_codecs::tables::Prepared + 'c>, Error> {
        self.inner.prepare(schema)
    }
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        self.inner.encode(table, out)
    }
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
        self.inner.decode(bytes, schema)
    }
    fn decode_columns(
        &self,
        bytes: &[u8],
        schema: &Schema,
        columns: &[usize],
    ) -> Option<Result<Table, Error>> {
        self.inner.decode_columns(bytes, schema, columns)
    }
}
