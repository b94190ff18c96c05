//! A choice: one candidate encoding × compression with the figures
//! measured on the sample, and the objectives a choice is judged by.

/// What to optimise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Objective {
    /// Fewest bytes.
    Size,
    /// Fastest to read.
    Decode,
    /// Fastest to write.
    Encode,
    /// A balance of the three.
    Balanced,
    /// Fastest to read a couple of columns (column pruning measured).
    Query,
}

impl Objective {
    /// Its name on the command line and in the record.
    pub fn as_str(self) -> &'static str {
        match self {
            Objective::Size => "size",
            Objective::Decode => "decode",
            Objective::Encode => "encode",
            Objective::Balanced => "balanced",
            Objective::Query => "query",
        }
    }
}

/// One candidate × compression, with its measured costs.
#[derive(Debug, Clone, PartialEq)]
pub struct Choice {
    /// Format id (`parquet`, or `original`).
    pub codec: String,
    /// Compressor id or `none`.
    pub compression: String,
    /// Bytes stored.
    pub bytes: u64,
    /// Encode (+ compress) median, ns; `None` for the original text.
    pub write_ns: Option<f64>,
    /// Decompress + decode median, ns.
    pub read_ns: f64,
    /// Bytes of input text the times cover (for MB/s).
    pub input_bytes: u64,
    /// Reading only the query's columns (decompressing first), ns: for
    /// formats whose readers skip the others, when `--optimize query`
    /// asked; `None` means such a read decodes everything ([`read_ns`](Self::read_ns)).
    pub query_ns: Option<f64>,
    /// What the format loses of these values, when its check was lossy
    /// (floats it cannot carry: CSV's NaN, JSON's NaN and ±Inf).
    pub loss: Option<String>,
}

impl Choice {
    /// Read time plus moving the bytes over the link.
    pub fn read_total(&self, link: Option<f64>) -> f64 {
        self.read_ns + transfer_ns(self.bytes, link)
    }

    /// Reading the query's columns (a full decode where the format cannot
    /// skip columns) plus moving the bytes over the link.
    pub fn query_total(&self, link: Option<f64>) -> f64 {
        self.query_ns.unwrap_or(self.read_ns) + transfer_ns(self.bytes, link)
    }

    /// Write time plus moving the bytes over the link.
    pub fn write_total(&self, link: Option<f64>) -> Option<f64> {
        self.write_ns.map(|w| w + transfer_ns(self.bytes, link))
    }

    /// `parquet + zstd-3`, or `parquet` uncompressed.
    pub fn label(&self) -> String {
        match self.compression.as_str() {
            "none" => self.codec.clone(),
            c => format!("{} + {c}", self.codec),
        }
    }
}

/// Nanoseconds to move `bytes` at `link` MB/s (0 without a link).
pub fn transfer_ns(bytes: u64, link: Option<f64>) -> f64 {
    link.map_or(0.0, |mb_per_s| bytes as f64 / (mb_per_s * 1e6) * 1e9)
}

#[cfg(test)]
pub(crate) mod testing {
    use super::Choice;

    /// An uncompressed choice of a 1 MB input, its times in milliseconds.
    pub(crate) fn choice(codec: &str, bytes: u64, write_ms: Option<f64>, read_ms: f64) -> Choice {
        Choice {
            codec: codec.into(),
            compression: "none".into(),
            bytes,
            write_ns: write_ms.map(|w| w * 1e6),
            read_ns: read_ms * 1e6,
            input_bytes: 1_000_000,
            query_ns: None,
            loss: None,
        }
    }
}
