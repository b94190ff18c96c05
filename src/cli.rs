//! The command line, as typed options.

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Text or binary? Compressed or not? Which library? Measured on this machine.
#[derive(Debug, Parser)]
#[command(name = "encbench", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// No colour in terminal output (also when NO_COLOR is set or stdout is not a terminal).
    #[arg(long, global = true)]
    pub no_color: bool,
}

/// `defer`: each subcommand's arguments are defined only when it is the
/// one invoked (or its help is shown). Defining all of them took ~0.2 ms of
/// every start, which `bgp dump`, timed as a process against bgpdump, paid.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// List scenarios and codecs, with what each measures.
    List {
        /// Print the codec registry as JSON: every entry with its family,
        /// inputs, operations, decoding library and `file` format.
        #[arg(long)]
        json: bool,
    },
    /// Run scenarios (all of them when none is named) and print the results.
    Run(RunArgs),
    /// Measure your own file (CSV/TSV, JSON Lines or documents, text; Parquet, Arrow/Feather, Avro) in every candidate encoding, recommend one, convert.
    File(FileArgs),
    /// List stored runs, newest first.
    History(HistoryArgs),
    /// Reprint a stored run (and export it with --json/--csv/--markdown/--html).
    Show(ShowArgs),
    /// Write a stored run in one format, to a file or stdout.
    Export(ExportCommand),
    /// Compare two stored runs row by row, with a significance test on the raw samples.
    Compare(CompareArgs),
    /// Compare two builds on this machine: their runs made in turn (A B, B A, …), each side's pooled, then compared.
    Pair(PairArgs),
    /// Load runs exported elsewhere (`run --json FILE`) into the history, each with its own machine's environment.
    Import(ImportArgs),
    /// Several runs side by side (one per machine): each question's verdict per run, where they agree and where they flip.
    Report(ReportArgs),
    /// Feed every decoder malformed input; count panics, hangs, crashes and runaway allocations.
    Robust(RobustArgs),
    /// BGP tools: `bgp dump FILE` prints an MRT file as `bgpdump -m` lines.
    Bgp(BgpArgs),
    /// One robust job in an isolated process (started by `robust`, not by people).
    #[command(hide = true)]
    RobustWorker(RobustWorkerArgs),
}

#[derive(Debug, Args)]
pub struct BgpArgs {
    #[command(subcommand)]
    pub command: BgpCommand,
}

#[derive(Debug, Subcommand)]
pub enum BgpCommand {
    /// Print an MRT file (gzip or plain) as `bgpdump -m` one-line entries.
    Dump {
        /// MRT file: BGP4MP updates, TABLE_DUMP or TABLE_DUMP_V2.
        file: PathBuf,
    },
}

#[derive(Debug, Args)]
pub struct RobustArgs {
    /// Only these codec ids or globs (`record/*`); repeat the flag or separate with commas.
    #[arg(long = "codec", value_name = "GLOB", value_delimiter = ',')]
    pub codecs: Vec<String>,

    /// Small batches, about 6,000 inputs per codec and dataset (the default).
    #[arg(long, conflicts_with = "full")]
    pub quick: bool,

    /// Larger batches, about 40,000 inputs per codec and dataset.
    #[arg(long)]
    pub full: bool,

    /// Time budget per codec over all its datasets, seconds [default: 10 quick, 60 full].
    #[arg(long, value_name = "S", value_parser = parse_seconds)]
    pub time_per_codec: Option<f64>,

    /// One input decoding for longer than this is a hang, seconds.
    #[arg(long, value_name = "S", default_value_t = 2.0, value_parser = parse_seconds)]
    pub input_timeout: f64,

    /// Write the results record as JSON.
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,

    /// Replace the --json file if it exists.
    #[arg(long, requires = "json")]
    pub force: bool,

    /// No progress messages on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Debug, Args)]
pub struct RobustWorkerArgs {
    /// Codec id.
    #[arg(long)]
    pub codec: String,
    /// Dataset name.
    #[arg(long)]
    pub dataset: String,
    /// First input to decode.
    #[arg(long, default_value_t = 0)]
    pub start: usize,
    /// Quick sizes.
    #[arg(long, conflicts_with = "full")]
    pub quick: bool,
    /// Full sizes.
    #[arg(long)]
    pub full: bool,
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// Scenarios to run, by name (see `encbench list`); all when omitted.
    pub scenarios: Vec<String>,

    /// Small datasets, ≥ 10 samples (the default).
    #[arg(long, conflicts_with = "full")]
    pub quick: bool,

    /// The seeds' dataset sizes, ≥ 30 samples, longer warm-up.
    #[arg(long)]
    pub full: bool,

    /// Only these codec ids or globs (`record/*`, `*/mmap`); repeat the flag or separate with commas.
    #[arg(long = "codec", value_name = "ID", value_delimiter = ',')]
    pub codecs: Vec<String>,

    /// Only rows measured in these languages (rust, c, go, java, python, erlang), comma-separated.
    #[arg(long = "language", value_name = "NAME", value_delimiter = ',')]
    pub languages: Vec<String>,

    /// Override the dataset size (number of items) of every scenario.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub items: Option<u64>,

    /// Override the number of samples per row (at least 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=100_000))]
    pub samples: Option<u64>,

    /// Only these compressors (gzip, zstd, lz4, xz, bzip2, snappy, brotli; or one level, e.g.
    /// zstd-19), comma-separated; uncompressed is always measured. In quick mode the codec
    /// matrix otherwise runs only lz4 and zstd-3.
    #[arg(
        long = "compress",
        visible_alias = "compression",
        value_name = "NAME",
        value_delimiter = ','
    )]
    pub compressions: Vec<String>,

    /// Pace file reads to this many MB/s, simulating a slower disk or link (`logs`).
    #[arg(long, value_name = "MB_PER_S", value_parser = parse_rate)]
    pub throttle: Option<f64>,

    /// Directory of the shared real data [default: ../shared/data].
    #[arg(long, value_name = "DIR", env = "ENCBENCH_DATA_DIR")]
    pub data_dir: Option<PathBuf>,

    /// `load`: how long each measured point runs (`2s`, `500ms`) [default: quick 2s, full 3s; 250ms with --items or --samples].
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub duration: Option<std::time::Duration>,

    /// `load`: share of malformed messages mixed in (truncated, bit-flipped, wrong length), 0 to 0.5.
    #[arg(long, value_name = "FRACTION", default_value_t = 0.01, value_parser = parse_fraction)]
    pub bad_fraction: f64,

    /// `load`: soak for this long in all (`10m`, `2h`), each codec an equal share; Ctrl-C ends it, keeping the results.
    #[arg(long, value_name = "DURATION", value_parser = parse_duration)]
    pub soak: Option<std::time::Duration>,

    /// Count instructions per operation beside the time, for every in-process row: with the CPU's counter where the kernel exposes it, else under Callgrind (valgrind); a second pass that takes minutes.
    #[arg(long)]
    pub instructions: bool,

    /// Print only the answers: each scenario's question and verdict.
    #[arg(long)]
    pub summary: bool,

    #[command(flatten)]
    pub export: ExportArgs,

    #[command(flatten)]
    pub store: StoreArgs,

    /// No progress messages on stderr.
    #[arg(long, short)]
    pub quiet: bool,
}

// Export flags, shared by every command that produces results. (A plain
// comment: a doc comment on a flattened Args struct becomes the `about` of
// the command it is flattened into, which with deferred subcommands would
// replace that command's own.)
#[derive(Debug, Args, Default)]
pub struct ExportArgs {
    /// Write the results record as JSON.
    #[arg(long, value_name = "PATH")]
    pub json: Option<PathBuf>,

    /// Write the results as CSV (one row per result).
    #[arg(long, value_name = "PATH")]
    pub csv: Option<PathBuf>,

    /// Write the results as a Markdown report.
    #[arg(long, value_name = "PATH")]
    pub markdown: Option<PathBuf>,

    /// Write a self-contained HTML report with charts.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,

    /// Replace existing files (exports, and --convert's output where there is one).
    #[arg(long)]
    pub force: bool,
}

// Whether and where a command that measures saves its run (plain comment: see ExportArgs).
#[derive(Debug, Args, Default)]
pub struct StoreArgs {
    #[command(flatten)]
    pub db: DbArgs,

    /// Do not store this run in the history database.
    #[arg(long)]
    pub no_store: bool,
}

// Where the history lives (plain comment: see ExportArgs).
#[derive(Debug, Args, Default)]
pub struct DbArgs {
    // hide_env_values: the URL may hold a password, which --help must not print.
    /// History database: a SQLite file, or a postgres:// URL for a history shared by many machines [default: $XDG_DATA_HOME/encbench/history.sqlite or ~/.local/share/encbench/history.sqlite].
    #[arg(
        long,
        value_name = "PATH|URL",
        env = "ENCBENCH_DB",
        hide_env_values = true
    )]
    pub db: Option<PathBuf>,
}

impl DbArgs {
    /// The file or server `--db` names, else the default file.
    pub fn location(&self) -> encbench_store::Location {
        match &self.db {
            Some(db) => encbench_store::Location::parse(db.as_os_str()),
            None => encbench_store::Location::Sqlite(encbench_store::default_path()),
        }
    }
}

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Show at most this many runs.
    #[arg(long, default_value_t = 20)]
    pub limit: usize,

    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Run id, `last`, or `last~N`.
    pub run: String,

    /// Print only the answers: each scenario's question and verdict.
    #[arg(long)]
    pub summary: bool,

    #[command(flatten)]
    pub export: ExportArgs,

    #[command(flatten)]
    pub db: DbArgs,
}

/// Formats `export` can write.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Json,
    Csv,
    Markdown,
    Html,
}

#[derive(Debug, Args)]
pub struct ExportCommand {
    /// Run id, `last`, or `last~N`.
    pub run: String,

    /// Output format.
    #[arg(long, value_enum)]
    pub format: Format,

    /// Write here instead of stdout.
    #[arg(long, short, value_name = "PATH")]
    pub output: Option<PathBuf>,

    /// Replace PATH if it exists.
    #[arg(long, requires = "output")]
    pub force: bool,

    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// Results documents written by `encbench run --json` or `encbench export --format json`.
    #[arg(required = true, value_name = "FILE.json")]
    pub files: Vec<PathBuf>,

    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Stored runs (id, `last`, `last~N`) or exported results documents (FILE.json), two or more.
    #[arg(required = true, num_args = 2.., value_name = "RUN|FILE.json")]
    pub runs: Vec<String>,

    /// Also write the side-by-side page as self-contained HTML.
    #[arg(long, value_name = "PATH")]
    pub html: Option<PathBuf>,

    /// Replace an existing --html file.
    #[arg(long, requires = "html")]
    pub force: bool,

    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// The baseline run (id, `last`, `last~N`).
    pub before: String,

    /// The run to judge against it.
    pub after: String,

    /// A change counts only beyond this many percent (and when significant).
    #[arg(long, value_name = "PCT", default_value_t = 5.0)]
    pub threshold: f64,

    /// Exit with status 1 if any row regressed by more than PCT percent (by its instruction count where both runs counted it alike, else by time beyond its noise).
    #[arg(long, value_name = "PCT")]
    pub fail_on_regression: Option<f64>,

    /// Exit with status 1 if any row has nothing to judge it by (one figure a run: no samples, no interval).
    #[arg(long)]
    pub fail_on_not_comparable: bool,

    #[command(flatten)]
    pub db: DbArgs,
}

#[derive(Debug, Args)]
pub struct PairArgs {
    /// The baseline: another build of encbench (its binary).
    #[arg(value_name = "BASELINE", required_unless_present = "from")]
    pub baseline: Option<PathBuf>,

    /// The candidate binary [default: this encbench].
    #[arg(long, value_name = "PATH", conflicts_with = "from")]
    pub candidate: Option<PathBuf>,

    /// Runs of each side, made in turn (fewer than 5 leaves a machine that flips between speeds room to fake a change).
    #[arg(long, value_name = "N", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=50), conflicts_with = "from")]
    pub rounds: u64,

    /// A change counts only beyond this many percent (and when significant).
    #[arg(long, value_name = "PCT", default_value_t = 5.0)]
    pub threshold: f64,

    /// Exit with status 1 if any row regressed by more than PCT percent (by its instruction count where both sides counted it alike, else by time beyond its noise).
    #[arg(long, value_name = "PCT")]
    pub fail_on_regression: Option<f64>,

    /// Exit with status 1 if any row has nothing to judge it by (no samples and no interval on a side).
    #[arg(long)]
    pub fail_on_not_comparable: bool,

    /// Keep each run's results document in DIR (`baseline-1.json`, `candidate-1.json`, …; `import` stores them).
    #[arg(long, value_name = "DIR", conflicts_with = "from")]
    pub keep: Option<PathBuf>,

    /// Judge runs kept earlier with --keep (no run is made): DIR's `baseline-N.json` and `candidate-N.json`.
    #[arg(long, value_name = "DIR")]
    pub from: Option<PathBuf>,

    /// What each run measures: `run`'s scenarios and flags, after `--` (`-- megaco --quick`).
    #[arg(
        last = true,
        required_unless_present = "from",
        conflicts_with = "from",
        value_name = "RUN ARGS"
    )]
    pub run_args: Vec<String>,
}

/// Where the engines' reads come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CacheMode {
    /// The page cache.
    Warm,
    /// The device: the file evicted before every read.
    Cold,
    /// Both.
    Both,
}

/// A query of the engines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReadQuery {
    Scan,
    Project,
    Filter,
    Take,
    Open,
}

/// What `encbench file` optimises for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Optimize {
    /// Fewest bytes.
    Size,
    /// Fastest to read back.
    Decode,
    /// Fastest to write.
    Encode,
    /// Size, write and read together.
    Balanced,
    /// Fastest to read the two narrowest columns (column pruning measured).
    Query,
}

/// The input format `encbench file` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormat {
    /// Sniff it from the content (and extension).
    Auto,
    /// Delimited text (delimiter sniffed among , ; | tab).
    Csv,
    /// Tab-separated text.
    Tsv,
    /// One JSON object per line.
    Jsonl,
    /// Plain text lines, one string column.
    Lines,
    /// Apache Parquet (also recognised by its magic bytes).
    Parquet,
    /// Arrow IPC file (Feather v2) or stream (also recognised by its magic bytes).
    Arrow,
    /// Avro object container file (also recognised by its magic bytes).
    Avro,
}

/// Who runs `file --convert`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ConvertEngine {
    /// encbench itself (its own writers, or ORC/Vortex/Lance's libraries).
    Encbench,
    /// PySpark, in local mode unless --spark-master names a cluster.
    Spark,
    /// DuckDB's COPY, on this machine.
    Duckdb,
}

/// What `file --emit` prints instead of converting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Emit {
    /// A self-contained PySpark script: read, write, check, rename.
    Spark,
}

#[derive(Debug, Args)]
pub struct FileArgs {
    /// The file to measure: CSV/TSV, JSON Lines, a JSON document of records or text (gzip or zstd compressed is fine), or a Parquet, Arrow IPC (Feather) or Avro file.
    pub path: PathBuf,

    /// What the recommendation optimises.
    #[arg(long, value_enum, default_value_t = Optimize::Balanced)]
    pub optimize: Optimize,

    /// Input format.
    #[arg(long, value_enum, default_value_t = InputFormat::Auto)]
    pub format: InputFormat,

    /// Include moving the bytes over a link or disk of this many MB/s in read and write times.
    #[arg(long, value_name = "MB_PER_S", value_parser = parse_rate)]
    pub link_bandwidth: Option<f64>,

    /// Reads per write in the cost of a stored file (data at rest is read many times).
    #[arg(long, value_name = "N", default_value_t = encbench_userdata::cost::DEFAULT_READS,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000_000))]
    pub reads: u32,

    /// Keep the file as it is unless a choice lowers the cost by at least this many per cent.
    #[arg(long, value_name = "PERCENT", default_value_t = encbench_userdata::cost::DEFAULT_KEEP_MARGIN * 100.0,
          value_parser = parse_percent)]
    pub keep_margin: f64,

    /// A JSON schema file (a list of {"name", "type", "nullable"}) used instead of inference.
    #[arg(long, value_name = "FILE")]
    pub schema: Option<PathBuf>,

    /// Count and skip malformed rows instead of stopping at the first.
    #[arg(long)]
    pub skip_bad: bool,

    /// Who reads the data: languages and engines (python, java, go, rust, c++, js, r, spark) or any; only formats all of them read are recommended.
    #[arg(long, value_name = "LIST", default_value = "python,java,go")]
    pub readers: String,

    /// Also print what each format offers its readers (languages, schema, evolution, pruning, splitting).
    #[arg(long)]
    pub explain: bool,

    /// A JSON document's top-level key whose array of objects holds the rows (when several do).
    #[arg(long, value_name = "KEY")]
    pub json_path: Option<String>,

    /// Write the data as FORMAT (csv, jsonl, msgpack, cbor, avro, protobuf, postcard, bincode,
    /// arrow, parquet; optionally +COMPRESSOR, e.g. parquet+zstd-3: Parquet, Arrow and Avro
    /// compress inside the format with their own codec, the others as a whole stream) or
    /// `recommended`, then read it back and compare every row.
    #[arg(long, value_name = "FORMAT", requires = "output")]
    pub convert: Option<String>,

    /// Where --convert writes.
    #[arg(long, short, value_name = "PATH", requires = "convert")]
    pub output: Option<PathBuf>,

    /// Who runs --convert: encbench, or spark / duckdb reading the input themselves (PATH may then be a folder of Parquet, CSV or JSON Lines files; hive partitions are kept), the result read back by the engine and by pyarrow and checked before it is moved into place.
    #[arg(long, value_enum, default_value_t = ConvertEngine::Encbench, requires = "convert")]
    pub engine: ConvertEngine,

    /// The Spark master --engine spark runs on (and --emit spark's default).
    #[arg(long, value_name = "URL", default_value = "local[*]")]
    pub spark_master: String,

    /// Print the conversion as a script instead of running it (spark: a PySpark script that writes, checks and renames).
    #[arg(long, value_enum, requires = "convert")]
    pub emit: Option<Emit>,

    /// Measure at most this many MB of text, on a seeded sample of rows [default: 2 quick, 64 full].
    #[arg(long, value_name = "MB", value_parser = parse_mb)]
    pub sample_mb: Option<f64>,

    /// Quick mode (the default): lz4 and zstd-3 only, ≥ 10 samples.
    #[arg(long, conflicts_with = "full")]
    pub quick: bool,

    /// Every compressor, ≥ 30 samples, a larger sample of rows.
    #[arg(long)]
    pub full: bool,

    /// Override the number of samples per row (at least 2).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(2..=100_000))]
    pub samples: Option<u64>,

    /// Only these compressors (families or one level, e.g. zstd-19), comma-separated.
    #[arg(long = "compress", value_name = "NAME", value_delimiter = ',')]
    pub compressions: Vec<String>,

    /// Also time the candidates as engines read them: DuckDB, polars, pyarrow, pandas, vortex, lance, spark (a comma list, or none given: every one installed), on the queries scan, project, filter, take and open, each answer checked against encbench's table.
    #[arg(long, value_name = "LIST", num_args = 0..=1, default_missing_value = "")]
    pub engines: Option<String>,

    /// The columns the engines' `project` query reads [default: the two narrowest].
    #[arg(long, value_name = "LIST", value_delimiter = ',')]
    pub columns: Vec<String>,

    /// The engines' `filter` query, as COLUMN OP VALUE (OP: == != < <= > >=) [default: one picked from the data, keeping about 1 % of the rows].
    #[arg(long = "where", value_name = "PREDICATE")]
    pub filter: Option<String>,

    /// Rows the engines' `take` query fetches, at seeded random positions.
    #[arg(long, value_name = "K", default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub take: u64,

    /// Whether the engines read from the page cache (warm), after evicting the file (cold), or both.
    #[arg(long, value_enum, default_value_t = CacheMode::Warm)]
    pub cache: CacheMode,

    /// The query each of --reads is in each engine's recommendation.
    #[arg(long, value_enum, default_value_t = ReadQuery::Scan)]
    pub read_query: ReadQuery,

    /// Count instructions per operation beside the time for every row measured, in a second pass (the CPU's counter where the kernel exposes it, else Callgrind under valgrind).
    #[arg(long)]
    pub instructions: bool,

    #[command(flatten)]
    pub export: ExportArgs,

    #[command(flatten)]
    pub store: StoreArgs,

    /// Print only the answer (the recommendation, or what --convert wrote) and errors.
    #[arg(long, short)]
    pub quiet: bool,
}

fn parse_duration(text: &str) -> Result<std::time::Duration, String> {
    match humantime::parse_duration(text) {
        Ok(d) if !d.is_zero() => Ok(d),
        Ok(_) => Err("a duration must be longer than zero".into()),
        Err(e) => Err(format!(
            "'{text}' is not a duration such as 2s, 500ms or 10m: {e}"
        )),
    }
}

fn parse_fraction(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if (0.0..=0.5).contains(&v) => Ok(v),
        _ => Err(format!(
            "'{text}' is not a fraction from 0 to 0.5 (0.01 is 1 %)"
        )),
    }
}

fn parse_rate(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("'{text}' is not a positive number of MB/s")),
    }
}

fn parse_percent(text: &str) -> Result<f64, String> {
    match text.trim_end_matches('%').parse::<f64>() {
        Ok(v) if (0.0..100.0).contains(&v) => Ok(v),
        _ => Err(format!("'{text}' is not a percentage from 0 to under 100")),
    }
}

fn parse_mb(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("'{text}' is not a positive number of MB")),
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v < 1e6 => Ok(v),
        _ => Err(format!("'{text}' is not a positive number of seconds")),
    }
}

#[cfg(test)]
mod deferred_tests {
    use super::Cli;
    use clap::CommandFactory;

    fn abouts(cmd: &clap::Command) -> Vec<(String, Option<String>)> {
        cmd.get_subcommands()
            .filter(|s| s.get_name() != "help")
            .map(|s| {
                (
                    s.get_name().to_string(),
                    s.get_about().map(|a| a.to_string()),
                )
            })
            .collect()
    }

    /// Building a deferred subcommand applies its Args (flattened ones
    /// included) after the variant's doc comment: none may replace it.
    #[test]
    fn deferred_subcommands_keep_their_own_about() {
        let eager = abouts(&Cli::command());
        let mut built = Cli::command();
        built.build();
        assert_eq!(abouts(&built), eager);
        assert!(eager.iter().all(|(_, about)| about.is_some()));
        Cli::command().debug_assert();
    }
}
