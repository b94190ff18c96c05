//! The results record: the one document every exporter, plot and history
//! store reads. Its JSON form is documented field by field in
//! `docs/results-record.md`; change both together.

mod compatibility;
mod conclusion;
mod environment;
mod load;
mod verify;

pub use compatibility::{Compatibility, Outcome};
pub use conclusion::{Conclusion, Quantity, RowRef, Verdict};
pub use encbench_format::units::{count, significant};
pub use environment::{BuildInfo, EngineInfo, Environment, Steadiness};
pub use load::{LoadLatency, LoadRow, SoakSummary};
pub use verify::{Check, Mismatch, Verification, VerificationStatus, Verified};

use encbench_stats::{Sample, Summary};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Version of the record layout; bumped when a field changes meaning.
pub const SCHEMA_VERSION: u32 = 1;

/// One run of encbench: where it ran, and everything it measured.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RunDocument {
    /// The encbench version that produced the document.
    pub encbench: String,
    /// Layout version of this document ([`SCHEMA_VERSION`]).
    pub schema: u32,
    /// Machine, toolchain and engine facts.
    pub environment: Environment,
    /// Timed rows; each was verified before it was timed.
    pub results: Vec<Record>,
    /// Rows that failed verification or timing, with why. Never timed.
    #[serde(default)]
    pub failures: Vec<Failure>,
    /// Derived figures (ratios, speed-ups) computed from this run's rows.
    #[serde(default)]
    pub comparisons: Vec<Comparison>,
    /// Each scenario's question and this run's verdict on it, with the
    /// ratio's 95 % interval from the two rows' samples.
    #[serde(default)]
    pub conclusions: Vec<Conclusion>,
    /// Standard formats' bytes written in one language and read in
    /// another (`run codecs` with its record workers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compatibility: Vec<Compatibility>,
    /// Plain statements a reader needs (data missing, substitutions made).
    #[serde(default)]
    pub notes: Vec<String>,
    /// `encbench file`: the encoding and compression recommended, and why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommendation: Option<Recommendation>,
}

/// What `encbench file` recommends for the user's data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recommendation {
    /// Candidate encoding id (`parquet`, `csv`, `original`, …).
    pub codec: String,
    /// Compressor id (`zstd-3`) or `none`.
    pub compression: String,
    /// What was optimised: `size`, `decode`, `encode` or `balanced`.
    pub objective: String,
    /// The link or disk bandwidth the times include, MB/s, when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub link_mb_per_s: Option<f64>,
    /// The bandwidth the times include, MB/s: given (`--link-bandwidth`),
    /// measured on the input's device, or a named default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bandwidth_mb_per_s: Option<f64>,
    /// Where `bandwidth_mb_per_s` came from, in words (`--link-bandwidth`,
    /// `measured: …`, `default: …`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bandwidth_source: Option<String>,
    /// One sentence naming the figures behind the choice.
    pub reason: String,
    /// Who reads the data (`--readers`): languages and engines.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readers: Vec<String>,
    /// Encodings measured but not recommendable to those readers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub excluded: Vec<String>,
    /// Reads counted per write (`--reads`) in the cost of a stored file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reads_per_write: Option<u32>,
    /// The gain over the input as it is below which it is kept (`0.2`: 20 %).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keep_margin: Option<f64>,
    /// Every choice the recommendation was drawn from, priced for the whole
    /// file by the one cost model the ranking, the tables and the charts read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<ChoiceCost>,
}

/// One choice (encoding × compression) priced for the whole file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChoiceCost {
    /// Candidate encoding id (`original` for the input as it is).
    pub codec: String,
    /// Compressor id or `none`.
    pub compression: String,
    /// Bytes at rest.
    pub stored_bytes: f64,
    /// Its one write: encode (+ compress) and moving the bytes, ns; absent
    /// for the input as it is (it exists).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_ns: Option<f64>,
    /// One read: moving the bytes, then decompress + decode, ns.
    pub read_ns: f64,
    /// The write plus `reads_per_write` reads, ns.
    pub life_ns: f64,
    /// The objective's score, lower is better; under `balanced`, the
    /// geometric mean of the size at rest and the life time, each relative
    /// to the input as it is (1 is the input's own cost).
    pub cost: f64,
    /// Left out of the ranking, and why (a reader that cannot read it, a
    /// changed value, a size the reads do not pay for).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub excluded: Option<String>,
}

/// Where the bytes came from while timing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Medium {
    /// Bytes already in memory.
    Memory,
    /// A real file whose pages are in the page cache.
    FileWarm,
    /// A real file evicted from the page cache, eviction verified before every sample.
    FileCold,
    /// Eviction was asked for but cannot be verified or does not work here
    /// (tmpfs, some overlay file systems): read as cold, possibly warm.
    FileColdUnverified,
}

impl Medium {
    /// The id used in JSON, CSV and tables.
    pub fn as_str(self) -> &'static str {
        match self {
            Medium::Memory => "memory",
            Medium::FileWarm => "file-warm",
            Medium::FileCold => "file-cold",
            Medium::FileColdUnverified => "file-cold-unverified",
        }
    }
}

/// A published figure a row mirrors, shown beside this run's figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SeedReference {
    /// Seed experiment number, e.g. "000".
    pub seed: String,
    /// The seed's figure.
    pub value: f64,
    /// Its unit, e.g. "ms" or "ns/op".
    pub unit: String,
    /// What it measured and on what machine.
    pub note: String,
    /// How many items the seed's figure covers, when it is a total (lets a
    /// reader compare per item when this run's dataset is smaller).
    #[serde(default)]
    pub items: Option<u64>,
}

impl SeedReference {
    /// The seed's figure per item in ns, when it is a total time over known items.
    pub fn ns_per_item(&self) -> Option<f64> {
        let scale = match self.unit.as_str() {
            "ns" | "ns/op" => 1.0,
            "µs" => 1e3,
            "ms" => 1e6,
            "s" => 1e9,
            _ => return None,
        };
        self.items.map(|n| self.value * scale / n.max(1) as f64)
    }
}

/// One timed row. Built only by [`Record::new`] (from a [`Check`]) or
/// [`Record::robust`]; `non_exhaustive` keeps other crates from assembling
/// one by hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[non_exhaustive]
pub struct Record {
    /// Scenario name, e.g. `ints`.
    pub scenario: String,
    /// Dataset name, e.g. `uniform-1m`.
    pub dataset: String,
    /// Stable codec id, e.g. `text/fscanf`.
    pub codec: String,
    /// What one operation does: `encode`, `decode`, `roundtrip`, `read`, …
    pub operation: String,
    /// Where the input bytes lived.
    pub medium: Medium,
    /// Compression applied on top of the codec (`none` until the compression layer lands).
    pub compression: String,
    /// Implementation language of the measured code (`rust`, `c`, `go`, `python`).
    pub language: String,
    /// Compiler or interpreter of a worker's code (`go1.26.8`, `CPython 3.11.7`); `null` for encbench's own Rust.
    #[serde(default)]
    pub runtime: Option<String>,
    /// Items processed by one operation.
    pub items: u64,
    /// In-memory size of those items (their typed, native form), bytes.
    pub logical_bytes: u64,
    /// Size of their encoded form, bytes.
    pub encoded_bytes: u64,
    /// Iterations per sample chosen by calibration.
    pub batch: u64,
    /// Number of samples.
    pub samples: usize,
    /// Median time of one operation, ns.
    pub median_ns: f64,
    /// Lower bound of the median's confidence interval, ns: 95 % when there
    /// are enough samples (see `ci_level`).
    pub ci95_low_ns: f64,
    /// Upper bound of that interval, ns.
    pub ci95_high_ns: f64,
    /// The interval's achieved coverage (0.95 or more with ≥ 6 samples; with
    /// fewer it is `[min, max]` and covers less, e.g. 0.75 for 3 samples).
    /// `null` in documents written before it was recorded.
    #[serde(default)]
    pub ci_level: Option<f64>,
    /// Median absolute deviation, ns.
    pub mad_ns: f64,
    /// Mean, ns.
    pub mean_ns: f64,
    /// Fastest sample, ns.
    pub min_ns: f64,
    /// Slowest sample, ns.
    pub max_ns: f64,
    /// Samples beyond Tukey's fences (1.5 IQR); reported, not removed.
    pub outliers: usize,
    /// The CI reaches further than ±5 % from the median.
    pub noisy: bool,
    /// The output was compared with the expected value before timing (also
    /// true for a declared lossy comparison; see `verification`).
    pub verified: bool,
    /// What was compared (or why nothing was); `null` in documents written
    /// before it was recorded.
    #[serde(default)]
    pub verification: Option<Verification>,
    /// Items per second at the median.
    pub items_per_sec: f64,
    /// Logical (typed) MB/s at the median (MB = 10⁶ bytes).
    pub logical_mb_per_s: f64,
    /// Encoded MB/s at the median.
    pub encoded_mb_per_s: f64,
    /// The seed's figure this row mirrors, if any.
    pub seed_reference: Option<SeedReference>,
    /// Reads were paced to this many MB/s (`--throttle`), simulating a slower device.
    #[serde(default)]
    pub throttle_mb_per_s: Option<f64>,
    /// Every sample, per operation, ns, in the order taken.
    pub samples_ns: Vec<f64>,
    /// `robust` rows: malformed inputs fed to the decoder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inputs: Option<u64>,
    /// `robust` rows: how many inputs had each outcome (`ok-equal`,
    /// `ok-different`, `error`, `panic`, `hang`, `over-allocation`, `crash`);
    /// the counts sum to `inputs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcomes: Option<BTreeMap<String, u64>>,
    /// `robust` rows: the crate whose decoder ran (`encbench` for our own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decoder_crate: Option<String>,
    /// `robust` rows: median time per input byte of a clean rejection (`error`), ns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_ns_per_byte: Option<f64>,
    /// The codec's family from the registry (`text`, `schema-binary`, …),
    /// when the codec is in it; charts colour bars by it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub family: Option<String>,
    /// `file` engine rows: the engine that read the file (`duckdb`,
    /// `polars`, `pyarrow`, `pandas`); its version is in `runtime`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// `file` engine rows: the query (`scan`, `project`, `filter`, `take`, `open`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    /// `file` engine rows: `warm` (from the page cache) or `cold` (evicted
    /// before every read; `medium` says whether that was verified).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cache: Option<String>,
    /// `file` engine rows of `filter` and `take`: the share of the rows
    /// the query returns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selectivity: Option<f64>,
    /// `load` rows: threads that ran (Erlang rows: runners, one per scheduler).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<u32>,
    /// `load` rows: messages handled per second (each decoded, and a reply encoded).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub messages_per_s: Option<f64>,
    /// `load` rows: the share of malformed messages mixed in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_fraction: Option<f64>,
    /// `load` open-loop and UDP rows: messages per second offered.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offered_per_s: Option<f64>,
    /// `load` open-loop and UDP rows: median latency from the due time, ns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p50_ns: Option<f64>,
    /// … 99th percentile, ns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p99_ns: Option<f64>,
    /// … 99.9th percentile, ns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p999_ns: Option<f64>,
    /// `load` rows: errors the codec returned, each on a malformed message
    /// (a run where the count differs from the malformed messages sent fails).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub errors: Option<u64>,
    /// `load` soak rows: slopes, drift and verdict.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub soak: Option<SoakSummary>,
    /// `load` Erlang rows: the MStone count (encodes plus decodes) the figure comes from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mstone: Option<u64>,
    /// `run --instructions`: instructions retired per operation, the
    /// engine's own loop taken off (in-process rows only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions_per_op: Option<f64>,
}

/// What a `robust` row reports beside its identity.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RobustRow {
    /// Inputs classified.
    pub inputs: u64,
    /// Count per outcome.
    pub outcomes: BTreeMap<String, u64>,
    /// The crate whose decoder ran.
    pub decoder_crate: String,
    /// Time of each clean rejection, ns, in input order.
    pub error_ns: Vec<f64>,
    /// Median ns per input byte of those rejections.
    pub error_ns_per_byte: Option<f64>,
}

/// Threshold of [`Record::noisy`]: CI half-width as a fraction of the median.
pub const NOISY_THRESHOLD: f64 = 0.05;

/// What identifies a row before it is measured.
#[derive(Debug, Clone, PartialEq)]
pub struct RowMeta {
    /// Implementation language of the measured code.
    pub language: String,
    /// Its compiler or interpreter, for worker rows.
    pub runtime: Option<String>,
    /// Compression on top of the codec (`none`, `gzip-6`, …).
    pub compression: String,
    /// Read pacing, when `--throttle` is set.
    pub throttle_mb_per_s: Option<f64>,
    /// Scenario name.
    pub scenario: String,
    /// Dataset name.
    pub dataset: String,
    /// Codec id.
    pub codec: String,
    /// Operation.
    pub operation: String,
    /// Medium.
    pub medium: Medium,
    /// Items per operation.
    pub items: u64,
    /// Logical bytes per operation.
    pub logical_bytes: u64,
    /// Encoded bytes per operation.
    pub encoded_bytes: u64,
    /// The seed figure this row mirrors.
    pub seed_reference: Option<SeedReference>,
    /// A `file` engine row: which engine ran which query.
    pub engine: Option<EngineRead>,
}

/// What a `file` engine row read: the engine, the query, and the share of
/// rows it returned.
#[derive(Debug, Clone, PartialEq)]
pub struct EngineRead {
    pub engine: String,
    pub query: String,
    pub selectivity: Option<f64>,
}

/// `warm` or `cold`, as engine rows say it.
fn cache_of(medium: Medium) -> &'static str {
    match medium {
        Medium::FileCold | Medium::FileColdUnverified => "cold",
        _ => "warm",
    }
}

impl Default for RowMeta {
    fn default() -> Self {
        RowMeta {
            language: "rust".into(),
            runtime: None,
            compression: "none".into(),
            throttle_mb_per_s: None,
            scenario: String::new(),
            dataset: String::new(),
            codec: String::new(),
            operation: String::new(),
            medium: Medium::Memory,
            items: 0,
            logical_bytes: 0,
            encoded_bytes: 0,
            seed_reference: None,
            engine: None,
        }
    }
}

/// What names one row across runs: scenario / dataset / codec / operation /
/// medium, then compression (unless none) and read pacing (when set).
fn row_key(
    scenario: &str,
    dataset: &str,
    codec: &str,
    operation: &str,
    medium: Medium,
    compression: &str,
    throttle_mb_per_s: Option<f64>,
) -> String {
    let mut k = format!(
        "{scenario}/{dataset}/{codec}/{operation}/{}",
        medium.as_str()
    );
    if compression != "none" {
        k.push('/');
        k.push_str(compression);
    }
    if let Some(t) = throttle_mb_per_s {
        k.push_str(&format!("@{t}MB/s"));
    }
    k
}

/// A key read by an engine ends ` by duckdb`.
fn by_engine(key: String, engine: Option<&str>) -> String {
    match engine {
        Some(engine) => format!("{key} by {engine}"),
        None => key,
    }
}

impl RowMeta {
    /// The key its record will have ([`Record::key`]).
    pub fn key(&self) -> String {
        let key = row_key(
            &self.scenario,
            &self.dataset,
            &self.codec,
            &self.operation,
            self.medium,
            &self.compression,
            self.throttle_mb_per_s,
        );
        by_engine(key, self.engine.as_ref().map(|e| e.engine.as_str()))
    }
}

impl Record {
    /// What names this row across runs (`compare`, instruction counts).
    pub fn key(&self) -> String {
        let key = row_key(
            &self.scenario,
            &self.dataset,
            &self.codec,
            &self.operation,
            self.medium,
            &self.compression,
            self.throttle_mb_per_s,
        );
        by_engine(key, self.engine.as_deref())
    }

    /// Builds a row from its identity, the check that ran before it was
    /// timed, a summary, and the raw samples.
    pub fn new(
        meta: RowMeta,
        check: &Check,
        summary: &Summary,
        batch: u64,
        samples_ns: Vec<f64>,
    ) -> Self {
        let mut record = Record {
            samples_ns,
            ..Record::unmeasured(meta, check.to_verification(), batch)
        };
        record.summarized(summary);
        record
    }

    /// A row with its identity and check and nothing measured yet: every
    /// figure zero or absent, for the constructors to fill.
    pub(crate) fn unmeasured(meta: RowMeta, verification: Verification, batch: u64) -> Self {
        Record {
            scenario: meta.scenario,
            dataset: meta.dataset,
            codec: meta.codec,
            operation: meta.operation,
            medium: meta.medium,
            compression: meta.compression,
            language: meta.language,
            runtime: meta.runtime,
            items: meta.items,
            logical_bytes: meta.logical_bytes,
            encoded_bytes: meta.encoded_bytes,
            batch,
            samples: 0,
            median_ns: 0.0,
            ci95_low_ns: 0.0,
            ci95_high_ns: 0.0,
            ci_level: None,
            mad_ns: 0.0,
            mean_ns: 0.0,
            min_ns: 0.0,
            max_ns: 0.0,
            outliers: 0,
            noisy: false,
            verified: verification.status != VerificationStatus::Unverified,
            verification: Some(verification),
            items_per_sec: 0.0,
            logical_mb_per_s: 0.0,
            encoded_mb_per_s: 0.0,
            seed_reference: meta.seed_reference,
            throttle_mb_per_s: meta.throttle_mb_per_s,
            samples_ns: Vec::new(),
            inputs: None,
            outcomes: None,
            decoder_crate: None,
            error_ns_per_byte: None,
            family: None,
            engine: meta.engine.as_ref().map(|e| e.engine.clone()),
            query: meta.engine.as_ref().map(|e| e.query.clone()),
            cache: meta
                .engine
                .as_ref()
                .map(|_| cache_of(meta.medium).to_string()),
            selectivity: meta.engine.as_ref().and_then(|e| e.selectivity),
            threads: None,
            messages_per_s: None,
            bad_fraction: None,
            offered_per_s: None,
            p50_ns: None,
            p99_ns: None,
            p999_ns: None,
            errors: None,
            soak: None,
            mstone: None,
            instructions_per_op: None,
        }
    }

    /// Sets every figure that comes from the samples' summary: the median,
    /// its interval, the spread, the noisy flag and the rates.
    fn summarized(&mut self, summary: &Summary) {
        let per_sec = |amount: u64| amount as f64 * 1e9 / summary.median;
        self.samples = summary.n;
        self.median_ns = summary.median;
        self.ci95_low_ns = summary.ci.low;
        self.ci95_high_ns = summary.ci.high;
        self.ci_level = Some(summary.ci.coverage);
        self.mad_ns = summary.mad;
        self.mean_ns = summary.mean;
        self.min_ns = summary.min;
        self.max_ns = summary.max;
        self.outliers = summary.outliers.total();
        self.noisy = summary.is_noisy(NOISY_THRESHOLD);
        self.items_per_sec = per_sec(self.items);
        self.logical_mb_per_s = per_sec(self.logical_bytes) / 1e6;
        self.encoded_mb_per_s = per_sec(self.encoded_bytes) / 1e6;
    }

    /// The same row over other samples (several runs' pooled): every figure
    /// from the samples is computed again; identity and check are kept.
    pub fn with_samples(&self, samples_ns: Vec<f64>) -> Result<Record, String> {
        let summary = Sample::new(&samples_ns)
            .map_err(|e| format!("{}: {e}", self.key()))?
            .summarize();
        let mut record = Record {
            samples_ns,
            ..self.clone()
        };
        record.summarized(&summary);
        Ok(record)
    }

    /// A `robust` row: the timing fields summarise the clean rejections of
    /// malformed inputs (`meta.encoded_bytes`: their mean size; `samples`:
    /// how many; `samples_ns` left empty); nothing was verified and there is
    /// no calibration (`batch` 1).
    pub fn robust(meta: RowMeta, row: RobustRow) -> Self {
        let summary = Sample::new(&row.error_ns).ok().map(|s| s.summarize());
        let one = row.error_ns.first().copied().unwrap_or(0.0);
        let median = summary.as_ref().map_or(one, |s| s.median);
        let per_sec = |amount: u64| {
            if median > 0.0 {
                amount as f64 * 1e9 / median
            } else {
                0.0
            }
        };
        let verification = Verification {
            status: VerificationStatus::Unverified,
            detail: "a robustness row classifies malformed inputs; there is no expected output"
                .into(),
        };
        Record {
            samples: row.error_ns.len(),
            median_ns: median,
            ci95_low_ns: summary.as_ref().map_or(one, |s| s.ci.low),
            ci95_high_ns: summary.as_ref().map_or(one, |s| s.ci.high),
            ci_level: summary.as_ref().map(|s| s.ci.coverage),
            mad_ns: summary.as_ref().map_or(0.0, |s| s.mad),
            mean_ns: summary.as_ref().map_or(one, |s| s.mean),
            min_ns: summary.as_ref().map_or(one, |s| s.min),
            max_ns: summary.as_ref().map_or(one, |s| s.max),
            outliers: summary.as_ref().map_or(0, |s| s.outliers.total()),
            items_per_sec: per_sec(meta.items),
            logical_mb_per_s: per_sec(meta.logical_bytes) / 1e6,
            encoded_mb_per_s: per_sec(meta.encoded_bytes) / 1e6,
            inputs: Some(row.inputs),
            outcomes: Some(row.outcomes),
            decoder_crate: Some(row.decoder_crate),
            error_ns_per_byte: row.error_ns_per_byte,
            // No raw times: hundreds of thousands of one-shot timings would
            // dwarf the record; the summary above is kept.
            ..Record::unmeasured(meta, verification, 1)
        }
    }

    /// Median time per item, ns.
    pub fn ns_per_item(&self) -> f64 {
        self.median_ns / self.items.max(1) as f64
    }
}

/// A row that could not be timed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Failure {
    /// Scenario name.
    pub scenario: String,
    /// Dataset name.
    pub dataset: String,
    /// Codec id.
    pub codec: String,
    /// Operation.
    pub operation: String,
    /// Medium.
    pub medium: Medium,
    /// Compression.
    #[serde(default)]
    pub compression: String,
    /// What went wrong (verification mismatch, codec error, …).
    pub error: String,
}

impl Failure {
    /// One line naming the row and what went wrong: `codec op (medium, dataset): error`.
    pub fn summary(&self) -> String {
        let compression = if self.compression.is_empty() || self.compression == "none" {
            String::new()
        } else {
            format!(" {}", self.compression)
        };
        format!(
            "{} {}{compression} ({}, {}): {}",
            self.codec,
            self.operation,
            self.medium.as_str(),
            self.dataset,
            self.error
        )
    }

    /// A failure for the row described by `meta`.
    pub fn new(meta: &RowMeta, error: impl Into<String>) -> Self {
        Failure {
            scenario: meta.scenario.clone(),
            dataset: meta.dataset.clone(),
            codec: meta.codec.clone(),
            operation: meta.operation.clone(),
            medium: meta.medium,
            compression: meta.compression.clone(),
            error: error.into(),
        }
    }
}

/// A figure derived from two or more rows of this run, with the seed's claim beside it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Comparison {
    /// Scenario name.
    pub scenario: String,
    /// What is compared, e.g. "text/fscanf ÷ binary/read-chunked (file-warm)".
    pub label: String,
    /// This run's figure.
    pub value: f64,
    /// Its unit, e.g. "×" or "% less time".
    pub unit: String,
    /// The seed's figure, when it made one.
    pub seed_value: Option<f64>,
    /// How to read it.
    pub note: String,
}

#[cfg(test)]
mod tests;
