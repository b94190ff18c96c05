//! The engines worker (`workers/python/engines_worker.py`, in the record
//! worker's venv): DuckDB, polars, pyarrow and pandas reading a file the
//! way their users do. encbench prepares one query per row (the worker
//! runs it once and answers its row count and checksum, which encbench
//! compares with its own table), then times prepared queries by id on the
//! worker's own clock. See `docs/workers.md`, "The engines worker".

use crate::{cache, locate, repo_root, Worker};
use serde_json::{json, Value};
use std::process::Command;
use std::time::Duration;

/// The engines the worker knows, in the order tables list them.
pub const ENGINES: [&str; 7] = [
    "duckdb", "polars", "pyarrow", "pandas", "vortex", "lance", "spark",
];

/// How to install a missing engine into the venv.
pub fn install_hint(engine: &str) -> String {
    match engine {
        "spark" => "pip install pyspark into workers/python/.venv and install a JDK 17+ (Debian: default-jdk-headless), or run workers/python/build.sh".into(),
        name => format!("pip install {name} into workers/python/.venv, or run workers/python/build.sh"),
    }
}

/// Engines that read only their own format (a format's reference reader).
pub fn reads_only(engine: &str) -> Option<&'static str> {
    match engine {
        "vortex" => Some("vortex"),
        "lance" => Some("lance"),
        _ => None,
    }
}

/// A started engines worker and what it found.
pub struct Engines {
    pub worker: Worker,
    /// `CPython 3.x.y`.
    pub runtime: String,
    /// Engines that import, with their versions.
    pub found: Vec<(String, String)>,
    /// Engines that do not, with why.
    pub missing: Vec<(String, String)>,
}

/// The worker's command: the checkout's venv when built, else the cached one.
fn command() -> Result<Command, String> {
    let venv = repo_root().join("workers/python/.venv/bin/python");
    let (python, root) = locate(venv, &cache::PYTHON_RECORDS)?;
    let mut cmd = Command::new(python);
    cmd.arg(root.join("workers/python/engines_worker.py"));
    Ok(cmd)
}

/// Starts the worker and reads which engines it has.
pub fn start() -> Result<Engines, String> {
    let (worker, hello) = Worker::spawn(command()?, "engines")?;
    let pairs = |key: &str, value: &str| -> Vec<(String, String)> {
        hello.raw[key]
            .as_array()
            .map(|list| {
                list.iter()
                    .map(|e| {
                        let field = |k: &str| e[k].as_str().unwrap_or_default().to_string();
                        (field("name"), field(value))
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    Ok(Engines {
        runtime: hello.runtime.clone(),
        found: pairs("engines", "version"),
        missing: pairs("missing", "why"),
        worker,
    })
}

/// The answer to one prepared query.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Rows returned (for `open`, the row count it found).
    pub rows: u64,
    /// Columns seen, for `open`.
    pub columns: Option<u64>,
    /// Each returned column's name, missing values and hash.
    pub checksum: Vec<(String, u64, u64)>,
    /// What the engine ran (`duckdb.read_parquet(...)`).
    pub how: String,
    /// A write's bytes on disk (a Lance dataset: its folder's files).
    pub bytes: Option<u64>,
    /// A write's library and version (`pylance 14.0.2`).
    pub library: Option<String>,
    /// A write's settings, as the library takes them.
    pub settings: Option<String>,
    /// A write's file-format version, where the format has one (Lance's `2.2`).
    pub file_version: Option<String>,
    /// Said once by the engine (Spark's JVM start, not counted).
    pub note: Option<String>,
}

/// Why a prepare did not give an answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal {
    /// The engine does not read this file (a format or compression it has
    /// no reader for): a note, not a failure.
    NotMeasured(String),
    /// It failed.
    Failed(String),
}

fn number(v: &Value) -> Option<u64> {
    v.as_str()
        .and_then(|s| s.parse().ok())
        .or_else(|| v.as_u64())
}

impl Worker {
    /// Prepares query `id`: `request` names the engine, file, format,
    /// compression, query and schema; the worker runs it once.
    pub fn prepare_query(&mut self, id: &str, request: &Value) -> Result<Answer, Refusal> {
        self.timeout = Duration::from_secs(600);
        let mut request = request.clone();
        request["op"] = json!("prepare");
        request["id"] = json!(id);
        let reply = self.request(&request).map_err(|e| {
            let why = e.strip_prefix("engines worker: ").unwrap_or(&e);
            match why.strip_prefix("not measured: ") {
                Some(reason) => Refusal::NotMeasured(reason.to_string()),
                None => Refusal::Failed(why.to_string()),
            }
        })?;
        let bad = |what: &str| Refusal::Failed(format!("engines worker: {what} in {reply}"));
        let checksum = reply["checksum"]
            .as_array()
            .ok_or_else(|| bad("no checksum"))?
            .iter()
            .map(|c| {
                let name = c["name"]
                    .as_str()
                    .ok_or_else(|| bad("a column without a name"))?;
                let nulls = number(&c["nulls"]).ok_or_else(|| bad("a checksum without nulls"))?;
                let hash = number(&c["hash"]).ok_or_else(|| bad("a checksum without a hash"))?;
                Ok((name.to_string(), nulls, hash))
            })
            .collect::<Result<Vec<_>, Refusal>>()?;
        Ok(Answer {
            rows: number(&reply["rows"]).ok_or_else(|| bad("no row count"))?,
            columns: number(&reply["columns"]),
            checksum,
            how: reply["how"].as_str().unwrap_or_default().to_string(),
            bytes: number(&reply["bytes"]),
            library: reply["library"].as_str().map(String::from),
            settings: reply["settings"].as_str().map(String::from),
            file_version: reply["file_version"].as_str().map(String::from),
            note: reply["note"].as_str().map(String::from),
        })
    }

    /// Runs prepared query `id` `iters` times; the worker's own measurement.
    pub fn run_query(&mut self, id: &str, iters: u64) -> Result<Duration, String> {
        let reply = self.request(&json!({"op": "run", "id": id, "iters": iters}))?;
        reply["ns"]
            .as_u64()
            .map(Duration::from_nanos)
            .ok_or_else(|| format!("engines worker: run answered without ns: {reply}"))
    }

    /// A conversion (`convert`): as long as it takes, its answer as it is.
    pub fn convert(&mut self, request: &Value) -> Result<Value, String> {
        self.timeout = Duration::from_secs(24 * 3600);
        self.request(request)
    }

    /// Forgets prepared query `id` (its frames are freed).
    pub fn forget_query(&mut self, id: &str) -> Result<(), String> {
        self.request(&json!({"op": "forget", "id": id})).map(|_| ())
    }
}
