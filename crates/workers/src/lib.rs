//! Workers: codecs in the seeds' own languages, run as processes under the
//! same harness. encbench sends one JSON object per line to a worker's
//! stdin and reads one per line from its stdout:
//!
//! - `{"op":"hello"}` → `{"ok":true,"language":…,"runtime":…,"codecs":[…]}`
//! - `{"op":"prepare","codec":…,"input":PATH,"format":…}` → the worker loads
//!   the dataset and answers with `"check"` (a whole-file result such as a
//!   sum), or for per-value codecs `"encoded_hex"` (its encoding of every
//!   value, for byte-compatibility checks and sizes) and `"decoded"` (what it
//!   decoded from each of those encodings, as decimal strings, so encbench
//!   compares every value itself);
//! - `{"op":"run","iters":N}` → `{"ok":true,"ns":T}`: N operations timed with
//!   the worker's own monotonic clock, so process and pipe costs stay out;
//! - `{"op":"quit"}`.
//!
//! Every failure is `{"ok":false,"error":…}`. encbench does the calibration
//! (by choosing N) and all statistics.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

pub mod cache;

/// The languages encbench has workers in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Seed 000's loops.
    C,
    /// Seed 003's functions.
    Go,
    /// A Python pipeline's tools.
    Python,
    /// Seed 004's Megaco codecs, Erlang/OTP's own.
    Erlang,
    /// The codec matrix's records through Go's libraries.
    GoRecords,
    /// The codec matrix's records through Python's libraries, in the
    /// virtual environment `workers/python/build.sh` makes.
    PythonRecords,
    /// The codec matrix's records through Java's libraries, in the jar
    /// `workers/java/build.sh` makes.
    JavaRecords,
}

/// How the JVM record worker runs: a fixed, pre-touched heap and the
/// throughput collector, so the heap neither grows nor shrinks while rows
/// are timed; and `-Xbatch`, so the JIT compiles in the thread that asks
/// instead of in background threads that, on the one CPU encbench pins a
/// worker to, took the timed thread's time at random.
const JVM_FLAGS: [&str; 5] = [
    "-Xms1g",
    "-Xmx1g",
    "-XX:+AlwaysPreTouch",
    "-XX:+UseParallelGC",
    "-Xbatch",
];

impl Kind {
    /// Lowercase language name, as records carry it.
    pub fn language(self) -> &'static str {
        match self {
            Kind::C => "c",
            Kind::Go | Kind::GoRecords => "go",
            Kind::Python | Kind::PythonRecords => "python",
            Kind::Erlang => "erlang",
            Kind::JavaRecords => "java",
        }
    }

    /// The record workers, one per language.
    pub const RECORDS: [Kind; 3] = [Kind::GoRecords, Kind::JavaRecords, Kind::PythonRecords];

    /// Every worker.
    pub const ALL: [Kind; 7] = [
        Kind::C,
        Kind::Go,
        Kind::Python,
        Kind::Erlang,
        Kind::GoRecords,
        Kind::JavaRecords,
        Kind::PythonRecords,
    ];

    /// How to start it, or why it cannot be.
    pub fn command(self) -> Result<Command, String> {
        let (mut cmd, root) = self.program()?;
        if matches!(
            self,
            Kind::GoRecords | Kind::PythonRecords | Kind::JavaRecords
        ) {
            // Where the shared schemas (.avsc, .proto) live.
            cmd.env("ENCBENCH_ROOT", root);
        }
        Ok(cmd)
    }

    /// The worker's command and the tree it comes from (see [`locate`]).
    fn program(self) -> Result<(Command, PathBuf), String> {
        let checkout = repo_root();
        let path = std::env::var_os("PATH");
        match self {
            Kind::C | Kind::Go | Kind::GoRecords => {
                let (built, recipe) = match self {
                    Kind::C => (env!("ENCBENCH_C_WORKER"), &cache::C),
                    Kind::Go => (env!("ENCBENCH_GO_WORKER"), &cache::GO_SEED),
                    _ => (env!("ENCBENCH_GO_RECORDS_WORKER"), &cache::GO_RECORDS),
                };
                let (program, root) = locate(PathBuf::from(built), recipe)?;
                Ok((Command::new(program), root))
            }
            Kind::PythonRecords => {
                let venv = checkout.join("workers/python/.venv/bin/python");
                let (python, root) = locate(venv, &cache::PYTHON_RECORDS)?;
                let mut cmd = Command::new(python);
                cmd.arg(root.join("workers/python/records_worker.py"));
                Ok((cmd, root))
            }
            Kind::JavaRecords => {
                // Running needs java only; building needs Maven too.
                if cache::which_in("java", path.as_ref()).is_none() {
                    return Err(cache::JAVA_RECORDS
                        .missing(path.as_ref())
                        .unwrap_or_default());
                }
                let jar = checkout.join(cache::JAVA_RECORDS.product);
                let (jar, root) = locate(jar, &cache::JAVA_RECORDS)?;
                let mut cmd = Command::new("java");
                cmd.args(JVM_FLAGS).arg("-jar").arg(jar);
                Ok((cmd, root))
            }
            Kind::Python | Kind::Erlang => {
                let (recipe, interpreter) = match self {
                    Kind::Python => (&cache::PYTHON_SEED, "python3"),
                    _ => (&cache::ERLANG_SEED, "escript"),
                };
                if let Some(why) = recipe.missing(path.as_ref()) {
                    return Err(why);
                }
                // Scripts need no build: escript compiles the Erlang worker
                // as it loads it (-mode(compile)), so its loop runs as BEAM code.
                let (script, root) = locate(checkout.join(recipe.product), recipe)?;
                let mut cmd = Command::new(interpreter);
                cmd.arg(script);
                Ok((cmd, root))
            }
        }
    }
}

/// A worker's file and the tree it belongs to: `built`, the checkout's own
/// build (cargo's for C and Go, a developer's or CI's `build.sh`), when it
/// exists; else `recipe`'s entry in the user's cache, built from the
/// embedded sources on first use.
fn locate(built: PathBuf, recipe: &'static cache::Recipe) -> Result<(PathBuf, PathBuf), String> {
    if built.is_file() {
        return Ok((built, repo_root()));
    }
    let entry = cache::ensure_cached(recipe)?;
    Ok((entry.join(recipe.product), entry))
}

/// The checkout encbench was built from (workers' scripts and shared schemas).
fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// What a worker says about itself.
#[derive(Debug, Clone, PartialEq)]
pub struct Hello {
    /// Lowercase language.
    pub language: String,
    /// Compiler or interpreter version.
    pub runtime: String,
    /// Codec ids it implements.
    pub codecs: Vec<String>,
    /// What a record worker says of each codec (empty for the seed workers,
    /// which list bare ids).
    pub offers: Vec<Offer>,
    /// The whole answer, for what a worker of another kind adds (the
    /// engines worker's engines).
    pub raw: Value,
}

/// One codec a record worker offers.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    /// Codec id (`record-go/protobuf`).
    pub id: String,
    /// The standard format it writes, `None` for a language's own (gob, pickle).
    pub format: Option<String>,
    /// The library and its version.
    pub library: String,
    /// One line on what it does.
    pub summary: String,
}

/// A running worker process.
pub struct Worker {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    timeout: Duration,
    name: String,
}

impl Worker {
    /// Starts a worker and greets it.
    pub fn start(kind: Kind) -> Result<(Worker, Hello), String> {
        Worker::spawn(kind.command()?, kind.language())
    }

    /// Starts the worker `cmd` runs (`name` in messages) and greets it.
    pub fn spawn(mut cmd: Command, name: &str) -> Result<(Worker, Hello), String> {
        let mut child = cmd
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("starting the {name} worker: {e}"))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = mpsc::channel();
        // A reader thread lets a hung worker time out instead of hanging encbench.
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut worker = Worker {
            child,
            stdin,
            lines,
            timeout: Duration::from_secs(30),
            name: name.into(),
        };
        let hello = worker.request(&json!({"op": "hello"}))?;
        let text = |k: &str| hello[k].as_str().unwrap_or_default().to_string();
        let listed = hello["codecs"].as_array().cloned().unwrap_or_default();
        let offers: Vec<Offer> = listed
            .iter()
            .filter(|c| c.is_object())
            .map(|c| {
                let field = |k: &str| c[k].as_str().unwrap_or_default().to_string();
                Offer {
                    id: field("id"),
                    format: c["format"].as_str().map(String::from),
                    library: field("library"),
                    summary: field("summary"),
                }
            })
            .collect();
        let codecs = listed
            .iter()
            .filter_map(|c| c.as_str().map(String::from))
            .chain(offers.iter().map(|o| o.id.clone()))
            .collect();
        let hello = Hello {
            language: text("language"),
            runtime: text("runtime"),
            codecs,
            offers,
            raw: hello,
        };
        Ok((worker, hello))
    }

    /// Sends one request and waits (bounded) for its answer; `ok:false` becomes an error.
    pub fn request(&mut self, request: &Value) -> Result<Value, String> {
        writeln!(self.stdin, "{request}")
            .and_then(|_| self.stdin.flush())
            .map_err(|e| format!("{} worker: writing a request: {e}", self.name))?;
        let line = self.lines.recv_timeout(self.timeout).map_err(|_| {
            format!(
                "{} worker: no answer within {:?} (it died or hung)",
                self.name, self.timeout
            )
        })?;
        let reply: Value = serde_json::from_str(&line)
            .map_err(|e| format!("{} worker: unreadable answer {line:?}: {e}", self.name))?;
        if reply["ok"] == json!(true) {
            Ok(reply)
        } else {
            Err(format!(
                "{} worker: {}",
                self.name,
                reply["error"].as_str().unwrap_or("failed without a reason")
            ))
        }
    }

    /// Whether the process is still running (a worker that crashed is not).
    pub fn is_alive(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Prepares a codec over a dataset file.
    pub fn prepare(
        &mut self,
        codec: &str,
        input: &std::path::Path,
        format: &str,
    ) -> Result<Value, String> {
        self.timeout = Duration::from_secs(300);
        self.request(&json!({"op": "prepare", "codec": codec, "input": input, "format": format}))
    }

    /// Runs `iters` operations; returns the worker's own measurement.
    pub fn run(&mut self, iters: u64) -> Result<Duration, String> {
        let reply = self.request(&json!({"op": "run", "iters": iters}))?;
        reply["ns"]
            .as_u64()
            .map(Duration::from_nanos)
            .ok_or_else(|| format!("{} worker: run answered without ns: {reply}", self.name))
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", json!({"op": "quit"}));
        let _ = self.stdin.flush();
        // Give it a moment to leave, then make sure it is gone.
        for _ in 0..50 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Decodes the hex strings a worker returns as `encoded_hex`.
pub fn encodings(reply: &Value) -> Result<Vec<Vec<u8>>, String> {
    hex_list(reply, "encoded_hex")
}

/// Decodes the list of hex strings a worker returns under `key`.
pub fn hex_list(reply: &Value, key: &str) -> Result<Vec<Vec<u8>>, String> {
    let list = reply[key]
        .as_array()
        .ok_or_else(|| format!("no {key} in the answer"))?;
    list.iter()
        .map(|h| {
            let h = h
                .as_str()
                .ok_or_else(|| format!("{key} holds a non-string"))?;
            if h.len() % 2 != 0 {
                return Err(format!("odd-length hex {h:?}"));
            }
            (0..h.len())
                .step_by(2)
                .map(|i| {
                    u8::from_str_radix(&h[i..i + 2], 16).map_err(|e| format!("bad hex {h:?}: {e}"))
                })
                .collect()
        })
        .collect()
}

/// The `decoded` list of a per-value worker's `prepare` answer: every value
/// the worker decoded from its own encodings (decimal strings, so 64-bit
/// values survive JSON).
pub fn decoded_values(reply: &Value) -> Result<Vec<i64>, String> {
    let list = reply["decoded"]
        .as_array()
        .ok_or("no decoded values in the answer")?;
    list.iter()
        .enumerate()
        .map(|(i, v)| {
            v.as_str()
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("decoded value {i} is not a decimal string: {v}"))
        })
        .collect()
}

pub mod engines;
mod records;
pub use records::{RecordFiles, RecordOp};

#[cfg(test)]
mod tests;
