//! Instructions per operation: a measure that repeats where wall time
//! wanders. The parent process (`run --instructions`) starts a child — the
//! same binary, same scenarios — in counting mode; the child runs each
//! in-process row's routine for `n` and `2n` operations inside counted
//! regions and writes the counts to a file the parent reads. The difference
//! of the two regions, over `n`, is one operation: whatever a region costs
//! to enter and leave cancels out. The empty body's count per operation
//! (the batch loop itself) is taken the same way and subtracted.
//!
//! Two counters: the CPU's retired-instruction counter through
//! `perf_event_open` where the kernel exposes it, else Callgrind (valgrind),
//! which counts every guest instruction exactly; its regions are marked with
//! client requests, and instrumentation is on only inside them.

use crate::Routine;
use std::collections::HashMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

mod callgrind;
mod perf;

/// Set in the child: the folder where it writes `counts.tsv` (and, under
/// Callgrind, where Callgrind writes its dumps).
pub const CHILD_ENV: &str = "ENCBENCH_COUNT_INSTRUCTIONS";
/// The counts file inside that folder.
const COUNTS_FILE: &str = "counts.tsv";
/// The key of the engine's empty body (the batch loop alone).
pub const EMPTY_BODY_KEY: &str = "engine/empty-body";
/// Callgrind's output file name inside the folder; dump `k` is `cg.out.k`.
pub const CALLGRIND_OUT: &str = "cg.out";

/// How instructions are counted on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Counter {
    /// The CPU's retired-instruction counter (`perf_event_open`).
    Hardware,
    /// Callgrind, under the given valgrind program.
    Callgrind {
        /// The `valgrind` executable.
        valgrind: PathBuf,
        /// Its version line (`valgrind-3.19.0`).
        version: String,
    },
}

/// Whether this process can read the CPU's instruction counter.
pub fn hardware_available() -> bool {
    perf::InstructionCounter::open().is_ok()
}

impl Counter {
    /// Picks the counter: hardware when the kernel lets this process count
    /// its own user-space instructions, else Callgrind when valgrind is
    /// installed. The error says what was tried.
    pub fn probe() -> Result<Counter, String> {
        let hardware = match perf::InstructionCounter::open() {
            Ok(_) => return Ok(Counter::Hardware),
            Err(e) => e,
        };
        let valgrind = std::env::var_os("ENCBENCH_VALGRIND")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from("valgrind"));
        match std::process::Command::new(&valgrind)
            .arg("--version")
            .output()
        {
            Ok(out) if out.status.success() => Ok(Counter::Callgrind {
                valgrind,
                version: String::from_utf8_lossy(&out.stdout).trim().to_string(),
            }),
            _ => Err(format!(
                "no instruction counter: the CPU's counters are not exposed to this process \
                 ({hardware}), and `{}` is not installed (valgrind: `apt-get install valgrind`)",
                valgrind.display()
            )),
        }
    }

    /// How the record's environment names the method.
    pub fn describe(&self) -> String {
        match self {
            Counter::Hardware => {
                "hardware counter (perf_event_open, user-space instructions)".into()
            }
            Counter::Callgrind { version, .. } => format!("Callgrind ({version})"),
        }
    }

    /// The command that starts `program` as a counting child writing to
    /// `dir`: under valgrind for Callgrind, directly for hardware.
    pub fn child_command(&self, program: &Path, dir: &Path) -> std::process::Command {
        let mut cmd = match self {
            Counter::Hardware => std::process::Command::new(program),
            Counter::Callgrind { valgrind, .. } => {
                let mut c = std::process::Command::new(valgrind);
                c.arg("--tool=callgrind")
                    .arg("--instr-atstart=no")
                    .arg("--dump-line=no")
                    .arg("-q")
                    .arg(format!(
                        "--callgrind-out-file={}",
                        dir.join(CALLGRIND_OUT).display()
                    ))
                    .arg(program);
                c
            }
        };
        cmd.env(CHILD_ENV, dir);
        cmd
    }
}

/// In the counting child: where counts go, and how they are taken.
pub struct Child {
    dir: PathBuf,
    hardware: bool,
    dumps: u64,
}

impl Child {
    /// `Some` when this process was started as a counting child (and, for
    /// Callgrind, really runs under valgrind).
    pub fn from_env() -> Option<Child> {
        let dir = PathBuf::from(std::env::var_os(CHILD_ENV)?);
        let hardware = !callgrind::running_on_valgrind();
        if hardware && perf::InstructionCounter::open().is_err() {
            return None;
        }
        Some(Child {
            dir,
            hardware,
            dumps: 0,
        })
    }

    /// Counts `key`'s routine: one warm-up operation, one counted
    /// operation to size the regions, then `n` and `2n` operations in
    /// counted regions, one line per region in the counts file. `n` comes
    /// from the count, not a clock, and is a power of two, so two runs
    /// pick the same `n`; an operation of millions of instructions (a
    /// region's own cost is hundreds) is its single counted operation.
    pub fn count(&mut self, key: &str, routine: &mut Routine<'_>) -> Result<(), String> {
        routine(1)?;
        // Callgrind re-translates the code it runs each time instrumentation
        // is switched on or off: once per row, not once per region.
        if !self.hardware {
            callgrind::start_instrumentation();
        }
        let regions = self.regions(key, routine);
        if !self.hardware {
            callgrind::stop_instrumentation();
        }
        let mut f = fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(self.dir.join(COUNTS_FILE))
            .map_err(|e| format!("writing instruction counts: {e}"))?;
        for (ops, count) in regions? {
            writeln!(f, "{ops}\t{count}\t{key}")
                .map_err(|e| format!("writing instruction counts: {e}"))?;
        }
        Ok(())
    }

    /// The counted operation, then the `n` and `2n` regions it sizes:
    /// `(operations, count)` of each region to keep.
    fn regions(&mut self, key: &str, routine: &mut Routine<'_>) -> Result<Vec<(u64, u64)>, String> {
        let once = self.region(key, 1, routine)?;
        if once >= REGION_INSTRUCTIONS {
            return Ok(vec![(1, once)]);
        }
        let n = prev_power_of_two((REGION_INSTRUCTIONS / once.max(1)).min(MAX_OPS));
        let mut out = Vec::new();
        for ops in [n, 2 * n] {
            out.push((ops, self.region(key, ops, routine)?));
        }
        Ok(out)
    }

    /// Runs `ops` operations inside one counted region and returns its count.
    #[inline(never)]
    fn region(&mut self, key: &str, ops: u64, routine: &mut Routine<'_>) -> Result<u64, String> {
        if self.hardware {
            // Opened here, by the thread that runs the routine: the counter
            // follows one thread.
            let counter = perf::InstructionCounter::open()?;
            counter.start();
            let outcome = routine(ops);
            let count = counter.stop();
            outcome.map(|_| count)
        } else {
            callgrind::zero_stats();
            let outcome = routine(ops);
            callgrind::dump_stats_at(key);
            // Dumps are numbered from 1 in the order they are written.
            self.dumps += 1;
            let dump = self.dir.join(format!("{CALLGRIND_OUT}.{}", self.dumps));
            let text = fs::read_to_string(&dump);
            // Each dump is read once: it is not kept.
            let _ = fs::remove_file(&dump);
            outcome?;
            let text = text.map_err(|e| format!("reading {}: {e}", dump.display()))?;
            callgrind::totals(&text).ok_or_else(|| format!("{} has no totals line", dump.display()))
        }
    }
}

/// This process's counting child, when it was started as one (checked once).
pub fn counting_child() -> Option<std::sync::MutexGuard<'static, Child>> {
    static CHILD: std::sync::OnceLock<Option<std::sync::Mutex<Child>>> = std::sync::OnceLock::new();
    let child = CHILD.get_or_init(|| Child::from_env().map(std::sync::Mutex::new));
    child
        .as_ref()
        .map(|m| m.lock().unwrap_or_else(|poisoned| poisoned.into_inner()))
}

/// Instructions one region should run (about a millisecond natively;
/// Callgrind runs 50–100× slower, so a whole quick tour counts in minutes).
const REGION_INSTRUCTIONS: u64 = 2_000_000;
/// Most operations in one region (tiny operations need no more to be exact).
const MAX_OPS: u64 = 1024;

fn prev_power_of_two(x: u64) -> u64 {
    if x == 0 {
        1
    } else {
        1 << (63 - x.leading_zeros())
    }
}

/// Instructions per operation by row key, read from a child's counts file:
/// `(count(2n) − count(n)) / n`, less the empty body's per-operation count.
/// A row counted twice (the same key in two groups) keeps its first count.
/// A negative difference, or a row below the empty body, is an error.
pub fn read_counts(dir: &Path) -> Result<Counts, String> {
    let path = dir.join(COUNTS_FILE);
    let text = fs::read_to_string(&path)
        .map_err(|e| format!("the counting run left no counts ({}: {e})", path.display()))?;
    parse_counts(&text)
}

/// Counts per row key, the loop overhead already taken off.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Counts {
    /// Instructions per operation, by row key.
    pub per_op: HashMap<String, f64>,
    /// The empty body's own count per operation (what was subtracted).
    pub empty_body: f64,
}

fn parse_counts(text: &str) -> Result<Counts, String> {
    let mut regions: Vec<(String, u64, u64)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let mut fields = line.splitn(3, '\t');
        let (Some(ops), Some(count), Some(key)) = (fields.next(), fields.next(), fields.next())
        else {
            return Err(format!("counts file, line {}: expected 3 fields", i + 1));
        };
        let bad = |s: &str| format!("counts file, line {}: {s:?} is not a count", i + 1);
        let ops = ops
            .parse::<u64>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| bad(ops))?;
        let count = count.parse::<u64>().map_err(|_| bad(count))?;
        regions.push((key.to_string(), ops, count));
    }
    // A key's regions are consecutive: (n, 2n) pairs give the difference
    // over n; a lone region of n operations gives its count over n.
    // A region of 2n operations that counted fewer instructions than its
    // region of n, or a row that counted fewer than the empty loop, is a
    // broken count: an error naming the row, never a figure clamped to 0.
    let mut raw: Vec<(String, f64)> = Vec::new();
    let mut i = 0;
    while i < regions.len() {
        let (key, n, c1) = &regions[i];
        match regions.get(i + 1) {
            Some((k2, n2, c2)) if k2 == key && *n2 == 2 * n => {
                if c2 < c1 {
                    return Err(format!(
                        "counts file, lines {} and {}: {key}: {n2} operations counted {c2} instructions, fewer than the {c1} of {n}; the count is not one of these operations",
                        i + 1,
                        i + 2
                    ));
                }
                raw.push((key.clone(), (*c2 as f64 - *c1 as f64) / *n as f64));
                i += 2;
            }
            _ => {
                raw.push((key.clone(), *c1 as f64 / *n as f64));
                i += 1;
            }
        }
    }
    let empty_body = raw
        .iter()
        .find(|(k, _)| k == EMPTY_BODY_KEY)
        .map_or(0.0, |(_, c)| *c);
    let mut per_op = HashMap::new();
    for (k, c) in raw {
        if k == EMPTY_BODY_KEY || per_op.contains_key(&k) {
            continue;
        }
        if c < empty_body {
            return Err(format!(
                "counts file: {k}: {c} instructions per operation, fewer than the empty loop's {empty_body}; the loop's count cannot be taken off it"
            ));
        }
        per_op.insert(k, c - empty_body);
    }
    Ok(Counts { per_op, empty_body })
}

#[cfg(test)]
mod tests;
