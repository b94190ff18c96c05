//! Codecs: one small type per encoding, all behind one trait.
//!
//! A codec encodes a value into a caller-owned, reused buffer and decodes
//! bytes back, returning a typed [`CodecError`] on bad input — never a
//! panic. [`registry`] is the one list of every codec, grouped by family;
//! a codec compiled out by a cargo feature still appears there, disabled.
//! [`tables`] holds the same formats again over user tables (`encbench
//! file`), each beside its typed codec.

/// Declares a unit codec type generic over the record type, for codecs
/// whose behaviour is all in their trait impls.
macro_rules! unit_codec {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        pub struct $name<R>(std::marker::PhantomData<fn() -> R>);

        impl<R> Default for $name<R> {
            fn default() -> Self {
                $name(std::marker::PhantomData)
            }
        }
    };
}

#[cfg(feature = "zero-copy")]
pub mod archived;
#[cfg(feature = "asn1")]
pub mod asn1;
#[cfg(feature = "avro")]
pub mod avro;
pub mod byte_array;
#[cfg(feature = "zero-copy")]
pub mod capnproto;
#[cfg(feature = "columnar")]
pub mod columnar;
pub mod compression;
#[cfg(feature = "schema-binary")]
pub mod derived;
#[cfg(feature = "zero-copy")]
pub mod flatbuf;
pub mod int64;
pub mod intfile;
pub mod matrix;
#[cfg(feature = "protobuf")]
pub mod protobuf;
pub mod records;
pub mod registry;
pub mod serde_codecs;
#[cfg(feature = "tables")]
pub mod tables;
pub mod wkb;

mod error;
mod info;

pub use error::CodecError;
pub use info::{CodecInfo, Input, Ops, TableFormat};

use std::hint::black_box;

/// Encode into a reused buffer; decode from bytes with an error, never a panic.
pub trait Codec<T>: Send + Sync {
    /// Appends the encoding of `value` to `out` (which the caller cleared).
    fn encode(&self, value: &T, out: &mut Vec<u8>) -> Result<(), CodecError>;

    /// Decodes one value that must occupy all of `bytes`.
    fn decode(&self, bytes: &[u8]) -> Result<T, CodecError>;

    /// The implementing type's path, for tests that check where codecs live.
    #[cfg(test)]
    fn rust_type(&self) -> &'static str {
        std::any::type_name::<Self>()
    }

    /// False when this codec has no form for `T` (CSV of nested orders):
    /// the matrix leaves it out and says so.
    fn applies(&self) -> bool {
        true
    }

    /// Why this machine cannot run it (a SIMD decoder for an instruction set
    /// the CPU lacks), or `None` when it can: scenarios skip it with a note.
    fn unavailable(&self) -> Option<String> {
        None
    }

    /// Encodes then decodes `iters` values, cycling through `values`.
    ///
    /// A provided method, so each codec gets its own monomorphised loop and a
    /// timed batch pays one dynamic call, not two per value.
    fn roundtrip_batch(
        &self,
        values: &[T],
        buf: &mut Vec<u8>,
        iters: u64,
    ) -> Result<(), CodecError> {
        let mut index = 0;
        for _ in 0..iters {
            buf.clear();
            self.encode(&values[index], buf)?;
            black_box(self.decode(black_box(buf))?);
            index += 1;
            if index == values.len() {
                index = 0;
            }
        }
        Ok(())
    }

    /// Encodes `iters` values, cycling through `values`, into the reused buffer.
    fn encode_batch(&self, values: &[T], buf: &mut Vec<u8>, iters: u64) -> Result<(), CodecError> {
        let mut index = 0;
        for _ in 0..iters {
            buf.clear();
            self.encode(&values[index], buf)?;
            black_box(&buf);
            index += 1;
            if index == values.len() {
                index = 0;
            }
        }
        Ok(())
    }

    /// Decodes `iters` inputs, cycling through `inputs`.
    fn decode_batch(&self, inputs: &[Vec<u8>], iters: u64) -> Result<(), CodecError> {
        let mut index = 0;
        for _ in 0..iters {
            black_box(self.decode(black_box(&inputs[index]))?);
            index += 1;
            if index == inputs.len() {
                index = 0;
            }
        }
        Ok(())
    }

    /// Decodes every input once.
    fn decode_each(&self, inputs: &[Vec<u8>]) -> Result<(), CodecError> {
        for bytes in inputs {
            black_box(self.decode(black_box(bytes))?);
        }
        Ok(())
    }
}

/// Zero-copy access: reads every field of every record in place, in the
/// bytes a sibling codec wrote, without building owned records. Reported as
/// its own `access` rows, never mixed with full decoding.
pub trait RecordView<R>: Send + Sync {
    /// Id of the codec whose encoding this view reads.
    fn source(&self) -> &'static str;

    /// Visits every field and returns their [`records::Digest`], which must
    /// equal [`records::digest_of`] the encoded records.
    fn visit(&self, bytes: &[u8]) -> Result<u64, CodecError>;

    /// False for a fast path that trusts its input (no verifier pass): it is
    /// only ever given bytes its source codec just wrote and verified, and
    /// its rows are labelled unchecked.
    fn validates(&self) -> bool {
        true
    }
}

/// Codec families, as `list` groups them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Family {
    /// Human-readable text.
    Text,
    /// Raw native binary (byte copies, no framing).
    RawBinary,
    /// Binary without a schema (self-describing).
    SchemalessBinary,
    /// Binary whose layout comes from a schema or type.
    SchemaBinary,
    /// Column-oriented containers (Arrow IPC, Parquet).
    Columnar,
    /// Geometry formats (WKB).
    Geometry,
    /// General-purpose compression on top of an encoding.
    Compression,
    /// Not an encoding: a reference point such as memcpy.
    Reference,
    /// A way of reading a file (syscall sizes, mmap), not an encoding.
    Io,
    /// Code in another language, run as a worker process.
    Worker,
}

impl Family {
    /// Stable short key recorded with each row (`schema-binary`).
    pub fn key(self) -> &'static str {
        match self {
            Family::Text => "text",
            Family::RawBinary => "raw-binary",
            Family::SchemalessBinary => "schemaless-binary",
            Family::SchemaBinary => "schema-binary",
            Family::Columnar => "columnar",
            Family::Geometry => "geometry",
            Family::Compression => "compression",
            Family::Reference => "reference",
            Family::Io => "io",
            Family::Worker => "worker",
        }
    }

    /// Name shown by `list`.
    pub fn as_str(self) -> &'static str {
        match self {
            Family::Text => "text",
            Family::RawBinary => "raw binary",
            Family::SchemalessBinary => "schemaless binary",
            Family::SchemaBinary => "schema binary",
            Family::Columnar => "columnar",
            Family::Geometry => "geometry",
            Family::Compression => "compression",
            Family::Reference => "reference",
            Family::Io => "I/O strategy",
            Family::Worker => "other-language workers (need their toolchain)",
        }
    }
}
