//! The parent: runs each job in a child process (the encbench binary's
//! hidden `robust-worker` command), watches it input by input, and turns
//! silence into `hang` and death into `over-allocation` or `crash`, then
//! restarts the child after the input that killed it.

use crate::alloc::MARKER;
use crate::Outcome;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How to start children and how long to wait for them.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The encbench binary.
    pub exe: PathBuf,
    /// `--quick` or `--full`, passed on to the child.
    pub size_flag: &'static str,
    /// An input that takes longer is a hang.
    pub input_timeout: Duration,
}

/// What one job produced.
#[derive(Debug, Clone, Default)]
pub struct JobResult {
    /// Inputs in the corpus.
    pub planned: usize,
    /// Count per outcome, in [`Outcome::ALL`] order.
    pub counts: [u64; 7],
    /// Decode time (ns) and length of each input rejected cleanly.
    pub errors: Vec<(f64, usize)>,
    /// The first few failing inputs, described.
    pub examples: Vec<String>,
    /// The harness itself failed on this job (the child could not start it).
    pub harness_error: Option<String>,
    /// The time budget ran out before the corpus did.
    pub out_of_time: bool,
}

impl JobResult {
    /// Inputs classified.
    pub fn inputs(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Count of one outcome.
    pub fn count(&self, outcome: Outcome) -> u64 {
        self.counts[outcome as usize]
    }

    fn add(&mut self, outcome: Outcome, description: &str, detail: &str) {
        self.counts[outcome as usize] += 1;
        let unchanged = description.starts_with("unchanged") && outcome != Outcome::OkEqual;
        // Two examples of each kind of failure are enough to reproduce it.
        let name = outcome.as_str();
        let shown = self.examples.iter().filter(|e| e.starts_with(name)).count();
        if (outcome.is_failure() || unchanged) && shown < 2 {
            let detail = if detail.is_empty() {
                String::new()
            } else {
                format!(": {detail}")
            };
            self.examples
                .push(format!("{name} on {description}{detail}"));
        }
    }
}

/// A running child and the threads draining its pipes.
struct Worker {
    child: Child,
    lines: Receiver<String>,
    stderr: Arc<Mutex<Vec<String>>>,
    drain: Option<JoinHandle<()>>,
}

impl Worker {
    fn start(
        settings: &Settings,
        codec: &str,
        dataset: &str,
        from: usize,
    ) -> std::io::Result<Self> {
        let mut child = Command::new(&settings.exe)
            .args(["robust-worker", "--codec", codec, "--dataset", dataset])
            .args(["--start", &from.to_string(), settings.size_flag])
            // A backtrace would push the allocator's marker out of what we keep.
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        let (tx, lines) = channel();
        if let Some(stdout) = child.stdout.take() {
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
        }
        let stderr: Arc<Mutex<Vec<String>>> = Arc::new(Mutex::new(Vec::new()));
        let drain = child.stderr.take().map(|pipe| {
            let keep = Arc::clone(&stderr);
            std::thread::spawn(move || {
                for line in BufReader::new(pipe).lines().map_while(Result::ok) {
                    if let Ok(mut kept) = keep.lock() {
                        // Markers and the last words before a death are all that
                        // matter: drop the oldest ordinary line to make room.
                        if kept.len() >= 64 {
                            let drop = kept.iter().position(|l: &String| !telling(l)).unwrap_or(0);
                            kept.remove(drop);
                        }
                        kept.push(line);
                    }
                }
            })
        });
        Ok(Worker {
            child,
            lines,
            stderr,
            drain,
        })
    }

    /// Kills the child (if still alive) and returns how it ended and its stderr.
    fn finish(mut self) -> (String, Vec<String>) {
        let _ = self.child.kill();
        let status = match self.child.wait() {
            Ok(s) => describe_status(s),
            Err(e) => format!("wait failed: {e}"),
        };
        if let Some(drain) = self.drain.take() {
            let _ = drain.join();
        }
        let lines = self.stderr.lock().map(|l| l.clone()).unwrap_or_default();
        (status, lines)
    }
}

fn describe_status(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit status {code}"),
        (None, Some(6)) => "killed by SIGABRT".into(),
        (None, Some(9)) => "killed by SIGKILL".into(),
        (None, Some(11)) => "killed by SIGSEGV".into(),
        (None, Some(sig)) => format!("killed by signal {sig}"),
        (None, None) => "ended".into(),
    }
}

/// A stderr line that says why a process died.
fn telling(line: &str) -> bool {
    line.starts_with(MARKER)
        || [
            "memory allocation of",
            "fatal runtime error",
            "overflowed its stack",
            "panicked",
            "abort",
        ]
        .iter()
        .any(|k| line.contains(k))
}

/// Why the child's death on input `index` happened.
fn classify_death(index: usize, status: &str, stderr: &[String]) -> (Outcome, String) {
    let marker = format!("{MARKER}{index} ");
    if let Some(line) = stderr.iter().find(|l| l.starts_with(&marker)) {
        let bytes = line.rsplit('=').next().unwrap_or("?");
        return (
            Outcome::OverAllocation,
            format!("asked for {bytes} bytes more"),
        );
    }
    if let Some(line) = stderr
        .iter()
        .rev()
        .find(|l| l.contains("memory allocation of"))
    {
        return (Outcome::OverAllocation, crate::worker::one_line(line));
    }
    let last = stderr
        .iter()
        .rev()
        .find(|l| telling(l) && !l.starts_with(MARKER))
        .or_else(|| {
            stderr
                .iter()
                .rev()
                .find(|l| !l.starts_with("note:") && !l.trim().is_empty())
        });
    let detail = match last {
        Some(l) => format!("{status}; {}", crate::worker::one_line(l)),
        None => status.to_string(),
    };
    (Outcome::Crash, detail)
}

/// How long the child may take to build its dataset and corpus.
const STARTUP: Duration = Duration::from_secs(60);

/// Runs one job within `budget`, restarting the child after each death.
pub fn run_job(settings: &Settings, codec: &str, dataset: &str, budget: Duration) -> JobResult {
    let mut result = JobResult::default();
    let deadline = Instant::now() + budget;
    let mut next = 0;
    'restart: loop {
        if result.planned > 0 && next >= result.planned {
            return result; // the last input killed the child: nothing left
        }
        if Instant::now() >= deadline {
            result.out_of_time = true;
            return result;
        }
        let worker = match Worker::start(settings, codec, dataset, next) {
            Ok(w) => w,
            Err(e) => {
                result.harness_error = Some(format!("could not start a worker: {e}"));
                return result;
            }
        };
        // (index, description) of the input being decoded, if any.
        let mut current: Option<(usize, String)> = None;
        let mut wait_until = Instant::now() + STARTUP;
        loop {
            // The budget is checked between inputs, so the input in flight
            // always ends as an outcome (a hang included).
            let wait = wait_until.saturating_duration_since(Instant::now());
            let line = match worker.lines.recv_timeout(wait) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => {
                    let (status, stderr) = worker.finish();
                    let Some((index, description)) = current else {
                        result.harness_error = Some(format!(
                            "the worker did not start within {STARTUP:?} ({status}) {}",
                            stderr.join(" | ")
                        ));
                        return result;
                    };
                    let detail = format!("no answer within {:?}", settings.input_timeout);
                    result.add(Outcome::Hang, &description, &detail);
                    next = index + 1;
                    continue 'restart;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    let (status, stderr) = worker.finish();
                    if let Some((index, description)) = current {
                        let (outcome, detail) = classify_death(index, &status, &stderr);
                        result.add(outcome, &description, &detail);
                        next = index + 1;
                        continue 'restart;
                    }
                    // Between inputs a worker only ends by saying `end` first.
                    result.harness_error = Some(format!(
                        "the worker ended early ({status}): {}",
                        stderr.join(" | ")
                    ));
                    return result;
                }
            };
            let mut words = line.splitn(3, ' ');
            match (words.next(), words.next(), words.next()) {
                (Some("count"), Some(n), _) => result.planned = n.parse().unwrap_or(0),
                (Some("start"), Some(i), rest) => {
                    let index = i.parse().unwrap_or(usize::MAX);
                    current = Some((index, rest.unwrap_or("").to_string()));
                    wait_until = Instant::now() + settings.input_timeout;
                }
                (Some("done"), Some(_), Some(rest)) => {
                    let description = current.take().map(|(_, d)| d).unwrap_or_default();
                    let mut fields = rest.splitn(4, ' ');
                    let outcome = fields.next().and_then(Outcome::parse);
                    let ns: f64 = fields.next().and_then(|s| s.parse().ok()).unwrap_or(0.0);
                    let len: usize = fields.next().and_then(|s| s.parse().ok()).unwrap_or(0);
                    let message = fields.next().unwrap_or("").trim();
                    let Some(outcome) = outcome else {
                        result.harness_error = Some(format!("unreadable worker line: {line}"));
                        worker.finish();
                        return result;
                    };
                    if outcome == Outcome::Error {
                        result.errors.push((ns, len));
                    }
                    result.add(outcome, &description, message);
                    wait_until = Instant::now() + STARTUP;
                    if Instant::now() >= deadline && (result.inputs() as usize) < result.planned {
                        result.out_of_time = true;
                        worker.finish();
                        return result;
                    }
                }
                (Some("end"), _, _) => {
                    worker.finish();
                    return result;
                }
                _ => {
                    result.harness_error = Some(format!("unreadable worker line: {line}"));
                    worker.finish();
                    return result;
                }
            }
        }
    }
}
