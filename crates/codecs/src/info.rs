//! What the registry says about each codec: one [`CodecInfo`] per id, read
//! by `list`, `run`, `robust` and `file` alike.

use crate::Family;

/// A codec's registry entry, whether or not it is compiled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CodecInfo {
    /// Stable id, e.g. `text/fscanf`.
    pub id: &'static str,
    /// Family.
    pub family: Family,
    /// One line on what it measures.
    pub summary: &'static str,
    /// The cargo feature that compiles it, if it is optional.
    pub feature: Option<&'static str>,
    /// The values it works on, and so the datasets it is measured on.
    pub input: Input,
    /// What it can do with them.
    pub ops: Ops,
    /// The library whose code decodes untrusted bytes (`robust` reports
    /// by it); `encbench` for our own decoders, empty where nothing of
    /// ours or of a Rust library decodes (workers, I/O strategies).
    pub decoder: &'static str,
    /// The format `encbench file` writes of the user's own table in the
    /// same encoding, when it offers this one for user tables.
    pub table: Option<TableFormat>,
}

impl CodecInfo {
    /// An entry that encodes and decodes `input`; the builders below add
    /// the rest.
    pub const fn new(
        id: &'static str,
        family: Family,
        input: Input,
        summary: &'static str,
    ) -> Self {
        CodecInfo {
            id,
            family,
            summary,
            feature: None,
            input,
            ops: Ops::ENCODE_DECODE,
            decoder: "",
            table: None,
        }
    }

    /// Compiled only with this cargo feature.
    pub const fn feature(mut self, feature: &'static str) -> Self {
        self.feature = Some(feature);
        self
    }

    /// Works on these values.
    pub const fn input(mut self, input: Input) -> Self {
        self.input = input;
        self
    }

    /// Does only these operations.
    pub const fn ops(mut self, ops: Ops) -> Self {
        self.ops = ops;
        self
    }

    /// Decoded by this library (`encbench` for our own code).
    pub const fn decoder(mut self, library: &'static str) -> Self {
        self.decoder = library;
        self
    }

    /// Offered to `encbench file` for user tables as this format.
    pub const fn table(mut self, format: TableFormat) -> Self {
        self.table = Some(format);
        self
    }
}

/// The values a codec works on: which scenario's datasets it can take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Input {
    /// The integer file of seed 000 (`ints`, `read-sizes`).
    IntFile,
    /// One 64-bit integer per operation (`int-codecs`).
    Int64,
    /// WKB geometries (`wkb`).
    Geometry,
    /// A byte array as one value (`scaling`).
    ByteArray,
    /// A file read as it is (`logs`, `read-sizes`).
    File,
    /// Typed records: telemetry, orders and logs (`codecs`, `logs`).
    Records,
    /// Any encoding's bytes (the compressors of `codecs` and `logs`).
    Encoded,
    /// Megaco messages (`megaco`).
    Megaco,
    /// BGP routes and MRT dumps (`bgp`).
    Bgp,
}

impl Input {
    /// What `list` calls it.
    pub fn as_str(self) -> &'static str {
        match self {
            Input::IntFile => "integer file",
            Input::Int64 => "int64 values",
            Input::Geometry => "WKB geometries",
            Input::ByteArray => "byte arrays",
            Input::File => "files",
            Input::Records => "records",
            Input::Encoded => "encoded bytes",
            Input::Megaco => "Megaco messages",
            Input::Bgp => "BGP routes",
        }
    }
}

/// The operations a codec does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ops {
    /// Values to bytes.
    pub encode: bool,
    /// Bytes to owned values.
    pub decode: bool,
    /// Reads fields in place, without building values (zero-copy views).
    pub view: bool,
}

impl Ops {
    /// Both ways.
    pub const ENCODE_DECODE: Ops = Ops {
        encode: true,
        decode: true,
        view: false,
    };
    /// Reads only (file readers, dumps).
    pub const DECODE: Ops = Ops {
        encode: false,
        decode: true,
        view: false,
    };
    /// Writes only.
    pub const ENCODE: Ops = Ops {
        encode: true,
        decode: false,
        view: false,
    };
    /// Reads in place.
    pub const VIEW: Ops = Ops {
        encode: false,
        decode: false,
        view: true,
    };

    /// The operations done, by name: `encode`, `decode`, `view`.
    pub fn names(self) -> Vec<&'static str> {
        [
            ("encode", self.encode),
            ("decode", self.decode),
            ("view", self.view),
        ]
        .into_iter()
        .filter_map(|(name, on)| on.then_some(name))
        .collect()
    }
}

/// A format `encbench file` writes a user's table in (its `--convert`
/// name), each offered by the registry entry of the same encoding. The
/// order is the order `file` measures and prints them in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TableFormat {
    Csv,
    JsonLines,
    MessagePack,
    Cbor,
    Avro,
    Protobuf,
    Postcard,
    Bincode,
    ArrowIpc,
    Parquet,
}

impl TableFormat {
    /// `file`'s name for it (`--convert FORMAT`).
    pub fn id(self) -> &'static str {
        match self {
            TableFormat::Csv => "csv",
            TableFormat::JsonLines => "jsonl",
            TableFormat::MessagePack => "msgpack",
            TableFormat::Cbor => "cbor",
            TableFormat::Avro => "avro",
            TableFormat::Protobuf => "protobuf",
            TableFormat::Postcard => "postcard",
            TableFormat::Bincode => "bincode",
            TableFormat::ArrowIpc => "arrow",
            TableFormat::Parquet => "parquet",
        }
    }
}
