//! The families a chart colours its bars by: what kind of encoding a row
//! is, so a reader sees text against binary at a glance.

use encbench_record::Record;
use plotters::style::RGBColor;

/// A bar's family in charts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ChartFamily {
    /// Human-readable text.
    Text,
    /// Raw native bytes (and WKB).
    Binary,
    /// Self-describing binary (CBOR, MessagePack, BSON).
    SchemalessBinary,
    /// Binary laid out by a schema (protobuf, Avro, ASN.1, bincode).
    SchemaBinary,
    /// Column containers (Arrow, Parquet).
    Columnar,
    /// Any encoding behind a compressor.
    Compressed,
    /// Code in another language (C, Go, Python, Erlang), or a child process.
    PeerLanguage,
    /// A way of reading a file, not an encoding.
    Io,
    /// A reference point (memcpy).
    Reference,
}

impl ChartFamily {
    /// The family of row `r`: its language and compressor first, then the
    /// registry's family recorded with it, then its id.
    pub fn of(r: &Record) -> Self {
        if r.language != "rust" {
            return ChartFamily::PeerLanguage;
        }
        if r.compression != "none" {
            return ChartFamily::Compressed;
        }
        match r.family.as_deref() {
            Some("text") => ChartFamily::Text,
            Some("raw-binary" | "geometry") => ChartFamily::Binary,
            Some("schemaless-binary") => ChartFamily::SchemalessBinary,
            Some("schema-binary") => ChartFamily::SchemaBinary,
            Some("columnar") => ChartFamily::Columnar,
            Some("compression") => ChartFamily::Compressed,
            Some("worker") => ChartFamily::PeerLanguage,
            Some("io") => ChartFamily::Io,
            Some("reference") => ChartFamily::Reference,
            _ => Self::guess(&r.codec),
        }
    }

    /// Rows from older documents, or from `file`, carry no family: the id says enough.
    fn guess(id: &str) -> Self {
        let name = id.rsplit('/').next().unwrap_or(id);
        if id.starts_with("text/")
            || ["json", "csv", "tsv", "lines", "xml", "yaml"]
                .iter()
                .any(|t| name.contains(t))
        {
            ChartFamily::Text
        } else if ["parquet", "arrow", "orc", "feather"]
            .iter()
            .any(|t| name.contains(t))
        {
            ChartFamily::Columnar
        } else if ["msgpack", "cbor", "bson", "ion"]
            .iter()
            .any(|t| name.contains(t))
        {
            ChartFamily::SchemalessBinary
        } else if [
            "protobuf",
            "avro",
            "postcard",
            "bincode",
            "bitcode",
            "asn1",
            "capnp",
            "flatbuffers",
        ]
        .iter()
        .any(|t| name.contains(t))
        {
            ChartFamily::SchemaBinary
        } else if id.starts_with("reference/") {
            ChartFamily::Reference
        } else if id.starts_with("read/") || id.starts_with("lines/") {
            ChartFamily::Io
        } else if id.starts_with("bgp-dump/") {
            ChartFamily::PeerLanguage
        } else {
            ChartFamily::Binary
        }
    }

    /// Legend text.
    pub fn name(self) -> &'static str {
        match self {
            ChartFamily::Text => "text",
            ChartFamily::Binary => "binary",
            ChartFamily::SchemalessBinary => "schemaless binary",
            ChartFamily::SchemaBinary => "schema binary",
            ChartFamily::Columnar => "columnar",
            ChartFamily::Compressed => "compressed",
            ChartFamily::PeerLanguage => "peer language / process",
            ChartFamily::Io => "I/O strategy",
            ChartFamily::Reference => "reference",
        }
    }

    /// Fill colour (Okabe–Ito, distinguishable with the common colour-vision deficiencies).
    pub fn colour(self) -> RGBColor {
        match self {
            ChartFamily::Text => RGBColor(230, 159, 0),
            ChartFamily::Binary => RGBColor(0, 114, 178),
            ChartFamily::SchemalessBinary => RGBColor(86, 180, 233),
            ChartFamily::SchemaBinary => RGBColor(0, 158, 115),
            ChartFamily::Columnar => RGBColor(213, 94, 0),
            ChartFamily::Compressed => RGBColor(204, 121, 167),
            ChartFamily::PeerLanguage => RGBColor(120, 120, 120),
            ChartFamily::Io => RGBColor(140, 100, 60),
            ChartFamily::Reference => RGBColor(190, 190, 190),
        }
    }
}
