//! `file --convert FORMAT[+COMPRESSOR] --engine spark|duckdb`: the
//! conversion run by an engine the user already has, in the engines
//! worker (`engines/engine_convert.py`). The engine reads the input itself
//! (a file, or a folder of Parquet, CSV or JSON Lines files, hive
//! partitions included) and writes FORMAT with the options of
//! [`spark_write_options`] / [`duckdb_copy_options`] into a scratch folder
//! beside the output; the result is read back by the engine and by
//! pyarrow, and only when both row counts and per-column checksums equal
//! the source's (as the engine read it) is it moved into place. The
//! input is never written: the output may not lie inside it, nor hold it.

use encbench_safe_write::ScratchDir;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Who runs the conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Spark,
    Duckdb,
}

impl Engine {
    pub fn name(self) -> &'static str {
        match self {
            Engine::Spark => "spark",
            Engine::Duckdb => "duckdb",
        }
    }
}

/// The formats an engine writes here (the worker's names).
pub const FORMATS: [&str; 4] = ["parquet", "orc", "jsonl", "csv"];

/// `parquet+zstd-3`: a format, a codec and its level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    pub format: &'static str,
    /// The codec as the engines name it (`zstd`, `snappy`, `gzip`, `lz4_raw`), or `none`.
    pub codec: String,
    pub level: Option<i32>,
}

impl Target {
    /// `FORMAT[+COMPRESSOR]` as `--convert` gives it, for `engine`.
    pub fn parse(text: &str, engine: Engine) -> Result<Target, String> {
        let (format, compressor) = match text.split_once('+') {
            Some((f, c)) => (f, Some(c)),
            None => (text, None),
        };
        let format = match format {
            "json" | "jsonl" | "ndjson" => "jsonl",
            f => FORMATS.iter().find(|x| **x == f).copied().ok_or_else(|| {
                format!(
                    "--convert {text} --engine {}: the engine writes parquet, orc, jsonl or csv",
                    engine.name()
                )
            })?,
        };
        if engine == Engine::Duckdb && format == "orc" {
            return Err(
                "--convert orc --engine duckdb: DuckDB writes no ORC (use --engine spark)".into(),
            );
        }
        let (name, level) = match compressor {
            None => ("none", None),
            Some(c) => match c.rsplit_once('-') {
                Some((n, l)) if l.parse::<i32>().is_ok() => (n, l.parse().ok()),
                _ => (c, None),
            },
        };
        let allowed: &[&str] = match format {
            "parquet" => &["none", "snappy", "gzip", "zstd", "lz4", "brotli"],
            "orc" => &["none", "snappy", "zlib", "gzip", "zstd", "lz4"],
            _ => match engine {
                Engine::Spark => &["none", "gzip", "bzip2"],
                Engine::Duckdb => &["none", "gzip", "zstd"],
            },
        };
        if !allowed.contains(&name) {
            return Err(format!(
                "--convert {text} --engine {}: {format} is written with {} here",
                engine.name(),
                allowed.join(", ")
            ));
        }
        if level.is_some() && name != "zstd" {
            return Err(format!(
                "--convert {text}: only zstd takes a level here (e.g. {format}+zstd-3)"
            ));
        }
        let codec = match (format, name) {
            ("parquet", "lz4") => "lz4_raw", // Parquet's LZ4_RAW, not Hadoop's framing
            ("orc", "gzip") => "zlib",
            (_, n) => n,
        };
        Ok(Target {
            format,
            codec: codec.to_string(),
            level,
        })
    }

    /// `parquet + zstd-3`.
    pub fn label(&self) -> String {
        match (self.codec.as_str(), self.level) {
            ("none", _) => self.format.to_string(),
            (c, Some(l)) => format!("{} + {c}-{l}", self.format),
            (c, None) => format!("{} + {c}", self.format),
        }
    }
}

/// Spark's `DataFrameWriter.option(key, value)` calls for `target`, in
/// order: the one place they are made, for the conversion and for
/// `--emit spark` (a Parquet prescription can feed its own list instead).
/// Levels go through the Hadoop configuration keys the writers read.
pub fn spark_write_options(target: &Target) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut push = |k: &str, v: &str| out.push((k.to_string(), v.to_string()));
    if target.format == "csv" {
        push("header", "true");
        push("escape", "\""); // a quote doubled, as other CSV readers expect
    }
    push("compression", &target.codec);
    if let Some(level) = target.level {
        match target.format {
            "parquet" => push("parquet.compression.codec.zstd.level", &level.to_string()),
            "orc" => push("orc.compression.zstd.level", &level.to_string()),
            _ => {}
        }
    }
    out
}

/// DuckDB's `COPY .. TO .. (KEY value, ..)` options for `target`.
pub fn duckdb_copy_options(target: &Target) -> Vec<(String, String)> {
    let mut out = Vec::new();
    if target.format == "csv" {
        out.push(("HEADER".into(), "true".into()));
    }
    let codec = match (target.format, target.codec.as_str()) {
        ("parquet", "none") => "uncompressed",
        ("parquet", "lz4_raw") => "lz4",
        (_, c) => c,
    };
    if !(target.format != "parquet" && codec == "none") {
        out.push(("COMPRESSION".into(), codec.into()));
    }
    if let Some(level) = target.level {
        out.push(("COMPRESSION_LEVEL".into(), level.to_string()));
    }
    out
}

/// Spark's read options for an input format (CSV: a header row, types
/// inferred by Spark from every row, as a Spark user reads it). Text is
/// read FAILFAST: Spark's default (PERMISSIVE) turns a malformed row into
/// nulls, which the source's checksum "as Spark read it" would then agree
/// with.
pub fn spark_read_options(format: &str) -> Vec<(String, String)> {
    let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
    match format {
        "csv" => vec![
            pair("header", "true"),
            pair("inferSchema", "true"),
            pair("escape", "\""),
            pair("mode", "FAILFAST"),
        ],
        "jsonl" => vec![pair("mode", "FAILFAST")],
        _ => Vec::new(),
    }
}

/// The input as the engine will read it.
#[derive(Debug, Clone, PartialEq)]
pub struct Input {
    pub path: PathBuf,
    /// The worker's name of its files' format.
    pub format: &'static str,
    /// Hive partition columns (`year=2024/…`), outermost first.
    pub partition_by: Vec<String>,
    /// Data files and their bytes.
    pub files: usize,
    pub bytes: u64,
}

fn format_of(name: &str) -> Option<&'static str> {
    let name = name.to_ascii_lowercase();
    let name = name
        .strip_suffix(".gz")
        .or_else(|| name.strip_suffix(".bz2"))
        .unwrap_or(&name);
    let ext = name.rsplit('.').next()?;
    match ext {
        "parquet" | "parq" => Some("parquet"),
        "csv" => Some("csv"),
        "json" | "jsonl" | "ndjson" => Some("jsonl"),
        "orc" => Some("orc"),
        _ => None,
    }
}

fn hidden(name: &str) -> bool {
    name.starts_with('.') || name.starts_with('_')
}

/// What `path` holds: one file, or a folder's data files (names starting
/// with `.` or `_` skipped, as Spark and pyarrow skip them).
pub fn inspect(path: &Path) -> Result<Input, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let refuse = |what: &str| {
        format!(
            "{}: {what}; --engine reads Parquet, CSV, JSON Lines or ORC files, or a folder of them (by their names' extension)",
            path.display()
        )
    };
    if meta.is_file() {
        let name = path.file_name().map(|n| n.to_string_lossy().to_string());
        let format = name
            .as_deref()
            .and_then(format_of)
            .ok_or_else(|| refuse("no known extension"))?;
        return Ok(Input {
            path: path.to_path_buf(),
            format,
            partition_by: Vec::new(),
            files: 1,
            bytes: meta.len(),
        });
    }
    let mut files: Vec<PathBuf> = Vec::new();
    let mut bytes = 0u64;
    let mut stack = vec![path.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if hidden(&name) {
                continue;
            }
            let p = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => stack.push(p),
                Ok(t) if t.is_file() => {
                    bytes += entry.metadata().map(|m| m.len()).unwrap_or(0);
                    files.push(p);
                }
                _ => {}
            }
        }
    }
    files.sort();
    let first = files.first().ok_or_else(|| refuse("no data files in it"))?;
    let name = first.file_name().map(|n| n.to_string_lossy().to_string());
    let format = name
        .as_deref()
        .and_then(format_of)
        .ok_or_else(|| refuse(&format!("{} has no known extension", first.display())))?;
    if let Some(other) = files
        .iter()
        .find(|f| f.file_name().and_then(|n| format_of(&n.to_string_lossy())) != Some(format))
    {
        return Err(refuse(&format!(
            "{} is not {format} like {}",
            other.display(),
            first.display()
        )));
    }
    let relative = first.strip_prefix(path).unwrap_or(first);
    let mut partition_by = Vec::new();
    if let Some(parent) = relative.parent() {
        for part in parent.components() {
            let part = part.as_os_str().to_string_lossy();
            match part.split_once('=') {
                Some((key, _)) if !key.is_empty() => partition_by.push(key.to_string()),
                _ => {
                    partition_by.clear();
                    break;
                }
            }
        }
    }
    Ok(Input {
        path: path.to_path_buf(),
        format,
        partition_by,
        files: files.len(),
        bytes,
    })
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Whether `a` is `b` or lies inside it (links resolved where they exist).
fn inside(a: &Path, b: &Path) -> bool {
    let resolve = |p: &Path| {
        p.canonicalize().unwrap_or_else(|_| {
            let abs = absolute(p);
            match (abs.parent(), abs.file_name()) {
                (Some(dir), Some(name)) => dir
                    .canonicalize()
                    .map(|d| d.join(name))
                    .unwrap_or(abs.clone()),
                _ => abs,
            }
        })
    };
    resolve(a).starts_with(resolve(b))
}

/// Why `output` may not be written, or `None`: never inside the input (nor
/// holding it), its folder must exist, and an existing output is replaced
/// only with `force`.
pub fn refusal(input: &Path, output: &Path, force: bool) -> Option<String> {
    if inside(output, input) {
        return Some(format!(
            "is inside the input {}; the engine never writes into its input",
            input.display()
        ));
    }
    if inside(input, output) {
        return Some(format!("holds the input {}", input.display()));
    }
    let parent = encbench_safe_write::parent(output);
    if !parent.is_dir() {
        return Some(format!("directory {} does not exist", parent.display()));
    }
    if std::fs::symlink_metadata(output).is_ok() && !force {
        return Some("already exists; pass --force to replace it".into());
    }
    None
}

/// What a conversion wrote, as the worker measured it and encbench checked it.
#[derive(Debug, Clone, PartialEq)]
pub struct Done {
    pub library: String,
    pub rows: u64,
    pub bytes: u64,
    pub files: u64,
    /// The engine's write call, seconds (the JVM's start not in it).
    pub write_s: f64,
    /// Reading the source and the result back for the checksums, seconds.
    pub verify_s: f64,
    /// Spark's JVM start, seconds, when this conversion started it.
    pub jvm_start_s: Option<f64>,
    pub how: String,
    pub options: Vec<(String, String)>,
    pub columns: usize,
}

/// The options the engine writes with.
pub fn write_options(engine: Engine, target: &Target) -> Vec<(String, String)> {
    match engine {
        Engine::Spark => spark_write_options(target),
        Engine::Duckdb => duckdb_copy_options(target),
    }
}

/// Runs the conversion: built in a scratch folder beside `output`, checked,
/// then moved into place (an existing output, with `force`, is moved into
/// the scratch folder first and removed with it).
pub fn convert(
    engine: Engine,
    input: &Input,
    target: &Target,
    output: &Path,
    master: &str,
) -> Result<Done, String> {
    let scratch = ScratchDir::beside(output)
        .map_err(|e| format!("{}: a scratch folder beside it: {e}", output.display()))?;
    let name = output
        .file_name()
        .ok_or_else(|| format!("{}: no file name", output.display()))?;
    let built = scratch.path().join(name);
    let options = write_options(engine, target);
    let pairs =
        |list: &[(String, String)]| -> Value { list.iter().map(|(k, v)| json!([k, v])).collect() };
    let started = encbench_workers::engines::start()?;
    let mut worker = started.worker;
    let reply = worker.convert(&json!({
        "op": "engine_convert",
        "engine": engine.name(),
        "input": absolute(&input.path),
        "input_format": input.format,
        "format": target.format,
        "options": pairs(&options),
        "read_options": pairs(&spark_read_options(input.format)),
        "partition_by": input.partition_by,
        "output": built,
        "master": master,
    }))?;
    drop(worker); // the engine (Spark's JVM) stops before the rename
    let done = check(&reply, target, options)?;
    if std::fs::symlink_metadata(output).is_ok() {
        let old = scratch.path().join(".replaced");
        std::fs::rename(output, &old)
            .map_err(|e| format!("{}: moving the old output aside: {e}", output.display()))?;
        if let Err(e) = std::fs::rename(&built, output) {
            let _ = std::fs::rename(&old, output);
            return Err(format!(
                "{}: moving the verified output into place: {e}",
                output.display()
            ));
        }
    } else {
        std::fs::rename(&built, output).map_err(|e| {
            format!(
                "{}: moving the verified output into place: {e}",
                output.display()
            )
        })?;
    }
    Ok(done)
}

type Sums = Vec<(String, String, String)>;

fn sums(reply: &Value, key: &str) -> Option<Sums> {
    let mut list: Sums = reply[key]
        .as_array()?
        .iter()
        .map(|c| {
            let field = |k: &str| c[k].as_str().unwrap_or_default().to_string();
            (field("name"), field("nulls"), field("hash"))
        })
        .collect();
    list.sort();
    Some(list)
}

/// Compares what the engine and pyarrow read back with the source, as the
/// worker answered; the first difference is the error.
pub fn check(
    reply: &Value,
    target: &Target,
    options: Vec<(String, String)>,
) -> Result<Done, String> {
    let label = target.label();
    let rows = |k: &str| reply[k].as_u64();
    let source = rows("rows_source").ok_or_else(|| format!("{label}: no row count in {reply}"))?;
    let want =
        sums(reply, "checksum_source").ok_or_else(|| format!("{label}: no checksum in {reply}"))?;
    for (reader, key) in [("the engine", "engine"), ("pyarrow", "pyarrow")] {
        let got = rows(&format!("rows_{key}"));
        if got != Some(source) {
            return Err(format!(
                "{label}: read back by {reader}, {} rows where the source has {source}; nothing was written",
                got.map_or("no".to_string(), |n| n.to_string())
            ));
        }
        let got = sums(reply, &format!("checksum_{key}")).unwrap_or_default();
        if got != want {
            let differs = want
                .iter()
                .find(|w| !got.contains(w))
                .map_or("a column".to_string(), |w| format!("column {:?}", w.0));
            return Err(format!(
                "{label}: read back by {reader}, {differs} differs from the source (row count and per-column checksum); nothing was written"
            ));
        }
    }
    let num = |k: &str| reply[k].as_f64().unwrap_or(0.0);
    Ok(Done {
        library: reply["library"].as_str().unwrap_or_default().to_string(),
        rows: source,
        bytes: rows("bytes").unwrap_or(0),
        files: rows("files").unwrap_or(0),
        write_s: num("write_s"),
        verify_s: num("verify_s"),
        jvm_start_s: reply["jvm_started"]
            .as_bool()
            .unwrap_or(false)
            .then(|| num("jvm_start_s")),
        how: reply["how"].as_str().unwrap_or_default().to_string(),
        options,
        columns: want.len(),
    })
}

#[cfg(test)]
#[path = "external_tests.rs"]
mod tests;
