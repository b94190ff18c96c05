//! Apache Avro through `apache_avro`, two ways for typed records (and a
//! third over user tables, `AvroTable` in `table.rs`):
//!
//! - [`AvroDatum`] (`record/avro-datum`): the batch is one Avro datum, an
//!   `array` of records, with no header: both sides know the schema.
//! - [`AvroContainer`] (`record/avro-container`): an Object Container File
//!   (schema in the header, null codec, records in blocks of about 16 kB
//!   between sync markers), written with `apache_avro::Writer` and read with
//!   `apache_avro::Reader`.
//!
//! Both go through apache_avro's schema-aware serde serializer and
//! deserializer (`GenericDatumWriter::write_ser`, `Writer::append_ser`,
//! `GenericDatumReader::read_deser`, `Reader::into_deser_iter`), which write
//! and read the records directly. The other routes, `to_value`/`from_value`
//! or building `types::Value` by hand, first build a `Value` tree (a
//! `String` per field name per record) and are slower; this one is still
//! plain serde. The record types cannot use their own serde derives here
//! (Avro has no unsigned 64-bit integer nor fixed-size arrays), so each has
//! a `#[serde(remote)]` definition in `schemas.rs` with per-field adapters,
//! beside its Avro schema.
//!
//! Type mapping: `u64` is written as a `long` by bit-cast (`v as i64`, read
//! back with `as u64`: every value round-trips; values above `i64::MAX`
//! show as negative to other Avro readers); `u32` is a `long`; `u16` and
//! `u8` are `int`s, range-checked when read; the IPv4 address is a
//! `fixed(4)`; the readings and counters are `array`s whose count is checked
//! when read; `Option<T>` is the union `["null", T]`; the attributes are a
//! `map<string>`, a repeated key being an error.
//!
//! Hostile lengths: apache_avro allocates a string's, bytes' or container
//! block's buffer (and reserves a container header's metadata map) from the
//! length it reads, before reading the content, checked against one
//! process-wide cap, `apache_avro::util::max_allocation_bytes` (512 MiB by
//! default). The cap is set once per process, first caller wins, so it
//! cannot follow each input's size; [`MAX_ALLOCATION_BYTES`] sets it lower,
//! on the first use of any Avro codec. Arrays and maps decoded through serde
//! are never reserved past serde's cautious 1 MiB, whatever count the
//! input claims, so they grow only as real elements are read.

mod fields;
mod schemas;
#[cfg(feature = "tables")]
mod table;

#[cfg(test)]
mod tests;

pub use schemas::{LOG_RECORD_SCHEMA, ORDER_SCHEMA, TELEMETRY_SCHEMA};
#[cfg(feature = "tables")]
pub use table::{schema_json, AvroTable};

use crate::{Codec, CodecError};
use apache_avro::reader::datum::GenericDatumReader;
use apache_avro::writer::datum::GenericDatumWriter;
use apache_avro::{Reader, Schema, Writer};
use serde::de::{Deserialize, Deserializer, SeqAccess, Visitor};
use serde::ser::{Serialize, Serializer};
use std::cell::Cell;
use std::io::Read;
use std::marker::PhantomData;
use std::sync::OnceLock;

/// The cap set on apache_avro's length-driven allocations: one string,
/// bytes value or container block (and a container header's metadata map)
/// larger than this is an error. No encbench record or container block
/// comes near it (blocks are about 16 kB); a hostile length costs at most
/// this much address space, instead of the library's default 512 MiB.
pub const MAX_ALLOCATION_BYTES: usize = 16 << 20;

/// A type with an Avro form: its serde impls against its Avro schema.
pub trait AvroValue: Sized {
    /// Serializes `self` as its Avro schema lays it out.
    fn serialize_avro<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error>;

    /// Deserializes a value its Avro schema laid out, checking what the
    /// schema allows but the type cannot hold.
    fn deserialize_avro<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// A record type of the codec matrix with an Avro schema.
pub trait AvroRecord: AvroValue + Send + Sync + 'static {
    /// The Avro schema (JSON) of one record.
    const SCHEMA: &'static str;

    /// The schema parsed, once per process.
    fn schemas() -> &'static AvroSchemas;
}

/// One record type's parsed schemas.
#[derive(Debug)]
pub struct AvroSchemas {
    /// One record: each object of a container file.
    pub record: Schema,
    /// An array of records: a whole batch as one datum.
    pub batch: Schema,
}

impl AvroSchemas {
    /// Parses a record schema; also sets [`MAX_ALLOCATION_BYTES`], since
    /// every Avro codec parses its schema before reading anything.
    ///
    /// # Panics
    /// If `record` is not a valid schema: the schemas are constants, and a
    /// test parses each.
    pub fn parse(record: &str) -> Self {
        apache_avro::util::max_allocation_bytes(MAX_ALLOCATION_BYTES);
        let record = Schema::parse_str(record).expect("the Avro schema constants are valid");
        let batch = Schema::array(record.clone()).build();
        AvroSchemas { record, batch }
    }

    /// The schemas in `cell`, parsed from `record` on first use.
    pub fn cached(cell: &'static OnceLock<AvroSchemas>, record: &str) -> &'static AvroSchemas {
        cell.get_or_init(|| AvroSchemas::parse(record))
    }
}

/// Serializes a borrowed value through its [`AvroValue`] impl.
pub(crate) struct Ser<'a, T>(pub &'a T);

impl<T: AvroValue> Serialize for Ser<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize_avro(serializer)
    }
}

/// Deserializes a value through its [`AvroValue`] impl.
pub(crate) struct De<T>(pub T);

impl<'de, T: AvroValue> Deserialize<'de> for De<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::deserialize_avro(deserializer).map(De)
    }
}

/// Serializes a slice as an Avro array through the elements' [`AvroValue`].
pub(crate) struct SeqOut<'a, T>(pub &'a [T]);

impl<T: AvroValue> Serialize for SeqOut<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(Ser))
    }
}

/// Deserializes an Avro array through the elements' [`AvroValue`].
pub(crate) struct SeqIn<T>(pub Vec<T>);

impl<'de, T: AvroValue> Deserialize<'de> for SeqIn<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct SeqVisitor<T>(PhantomData<fn() -> T>);

        impl<'de, T: AvroValue> Visitor<'de> for SeqVisitor<T> {
            type Value = Vec<T>;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an Avro array")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
                // The count is the input's claim: reserve no more than serde would (1 MiB).
                let cap = seq
                    .size_hint()
                    .unwrap_or(0)
                    .min((1 << 20) / std::mem::size_of::<T>().max(1));
                let mut out = Vec::with_capacity(cap);
                while let Some(De(value)) = seq.next_element::<De<T>>()? {
                    out.push(value);
                }
                Ok(out)
            }
        }

        deserializer
            .deserialize_seq(SeqVisitor(PhantomData))
            .map(SeqIn)
    }
}

fn avro_error(error: apache_avro::Error) -> CodecError {
    CodecError::library("apache-avro", error)
}

/// Avro binary datum: the batch as one `array` of records, no header.
pub struct AvroDatum<R> {
    writer: GenericDatumWriter<'static>,
    reader: GenericDatumReader<'static>,
    record: PhantomData<fn() -> R>,
}

impl<R: AvroRecord> Default for AvroDatum<R> {
    fn default() -> Self {
        let schema = &R::schemas().batch;
        AvroDatum {
            writer: GenericDatumWriter::builder(schema)
                .human_readable(false)
                .build()
                .expect("the Avro schema constants resolve"),
            reader: GenericDatumReader::builder(schema)
                .human_readable(false)
                .build()
                .expect("the Avro schema constants resolve"),
            record: PhantomData,
        }
    }
}

impl<R: AvroRecord> Codec<Vec<R>> for AvroDatum<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        self.writer
            .write_ser(out, &SeqOut(value))
            .map(|_| ())
            .map_err(avro_error)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let mut rest = bytes;
        let SeqIn(records) = self
            .reader
            .read_deser::<SeqIn<R>>(&mut rest)
            .map_err(avro_error)?;
        CodecError::check_consumed(bytes.len() - rest.len(), bytes.len())?;
        Ok(records)
    }
}

/// Avro Object Container File: header with the schema, null codec, blocks
/// of records between sync markers.
///
/// The sync marker is random per file (as the specification intends), so
/// two encodings of one batch differ in those 16 bytes, not in size. The
/// decoder requires the header's schema to equal the record's (Parsing
/// Canonical Form): apache_avro's serde reader does not resolve a different
/// writer schema. A file cut exactly at a block boundary is a valid, shorter
/// file and decodes to the records before the cut; a file cut anywhere else
/// is an error.
pub struct AvroContainer<R>(PhantomData<fn() -> R>);

impl<R> Default for AvroContainer<R> {
    fn default() -> Self {
        AvroContainer(PhantomData)
    }
}

/// A slice reader that reports how far it has read, while apache_avro's
/// `Reader` owns it.
struct Tracked<'a, 'p> {
    rest: &'a [u8],
    read: &'p Cell<usize>,
}

impl Read for Tracked<'_, '_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.rest.read(buf)?;
        self.read.set(self.read.get() + n);
        Ok(n)
    }

    fn read_exact(&mut self, buf: &mut [u8]) -> std::io::Result<()> {
        self.rest.read_exact(buf)?;
        self.read.set(self.read.get() + buf.len());
        Ok(())
    }
}

impl<R: AvroRecord> Codec<Vec<R>> for AvroContainer<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let mut writer = Writer::builder()
            .schema(&R::schemas().record)
            .writer(out)
            .codec(apache_avro::Codec::Null)
            .human_readable(false)
            .build()
            .map_err(avro_error)?;
        for record in value {
            writer.append_ser(Ser(record)).map_err(avro_error)?;
        }
        writer.into_inner().map_err(avro_error)?;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let read = Cell::new(0);
        let reader = Reader::builder(Tracked {
            rest: bytes,
            read: &read,
        })
        .human_readable(false)
        .build()
        .map_err(avro_error)?;
        let header_end = read.get();
        if *reader.writer_schema() != R::schemas().record {
            return Err(CodecError::invalid(
                0,
                "the container's schema is not this record type's",
            ));
        }
        let mut records = Vec::new();
        for record in reader.into_deser_iter::<De<R>>() {
            records.push(record.map_err(avro_error)?.0);
        }
        let used = read.get();
        CodecError::check_consumed(used, bytes.len())?;
        // apache_avro takes end of input inside a block's count as a clean
        // end; a complete file ends with the sync marker the header set.
        let marker = &bytes[header_end.saturating_sub(16)..header_end];
        if used > header_end && !bytes.ends_with(marker) {
            return Err(CodecError::invalid(
                used,
                "the file ends inside a block header, not after a sync marker",
            ));
        }
        Ok(records)
    }
}
