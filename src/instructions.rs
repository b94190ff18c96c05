//! `run --instructions`: after the timed run, the same binary runs the same
//! scenarios again as a counting child (under Callgrind, or natively with
//! the CPU's counter), which counts each in-process row instead of timing
//! it; the counts join the timed rows by key.

use crate::cli::RunArgs;
use encbench_measure::instructions::{read_counts, Counter, Counts};
use encbench_record::RunDocument;
use encbench_scenarios::Scenario;
use std::path::Path;
use std::process::{Command, Stdio};

/// Scenarios whose rows are not operations in batches: `load` runs threads
/// for a fixed time, so there is nothing per operation to count.
const NOT_COUNTED: &[&str] = &["load"];

/// What the counting pass will do, decided before anything is timed so a
/// machine without a counter fails at once.
pub struct Plan {
    counter: Counter,
    scenarios: Vec<String>,
}

/// `None` without `--instructions`; an error when no counter is available
/// or no selected row could be counted.
pub fn plan(args: &RunArgs, scenarios: &[Box<dyn Scenario>]) -> anyhow::Result<Option<Plan>> {
    if !args.instructions {
        return Ok(None);
    }
    if !args.languages.is_empty() && !args.languages.iter().any(|l| l == "rust") {
        anyhow::bail!(
            "--instructions counts in-process rows, which are Rust; --language {} selects none",
            args.languages.join(",")
        );
    }
    let names: Vec<String> = scenarios
        .iter()
        .map(|s| s.name().to_string())
        .filter(|n| !NOT_COUNTED.contains(&n.as_str()))
        .collect();
    if names.is_empty() {
        anyhow::bail!(
            "--instructions: `load` runs for a fixed time, not in operations; nothing to count"
        );
    }
    let counter = Counter::probe().map_err(|e| anyhow::anyhow!("--instructions: {e}"))?;
    Ok(Some(Plan {
        counter,
        scenarios: names,
    }))
}

impl Plan {
    /// What the progress line and the environment call the method.
    pub fn describe(&self) -> String {
        self.counter.describe()
    }

    /// Runs the counting child and reads its counts.
    pub fn count(&self, args: &RunArgs, data_dir: Option<&Path>) -> Result<Counts, String> {
        let scratch = encbench_scenarios::scratch::Scratch::new("instructions", 64 << 20)
            .map_err(|e| e.to_string())?;
        let exe = std::env::current_exe().map_err(|e| format!("finding encbench itself: {e}"))?;
        let mut cmd = self.counter.child_command(&exe, scratch.path());
        child_args(&mut cmd, args, &self.scenarios, data_dir);
        let out = cmd
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .output()
            .map_err(|e| format!("starting the counting run: {e}"))?;
        read_counts(scratch.path()).map_err(|e| {
            let stderr = String::from_utf8_lossy(&out.stderr);
            let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
            let tail: Vec<&str> = tail.into_iter().rev().collect();
            format!(
                "{e}; the counting run exited with {}: {}",
                out.status,
                tail.join(" | ")
            )
        })
    }
}

/// The child's command line: the same selection, quiet, nothing stored,
/// nothing exported, Rust rows only (worker rows run in other processes).
fn child_args(cmd: &mut Command, args: &RunArgs, scenarios: &[String], data_dir: Option<&Path>) {
    cmd.arg("run").args(scenarios);
    cmd.arg(if args.full { "--full" } else { "--quick" });
    let list = |cmd: &mut Command, flag: &str, values: &[String]| {
        if !values.is_empty() {
            cmd.arg(flag).arg(values.join(","));
        }
    };
    list(cmd, "--codec", &args.codecs);
    list(cmd, "--compress", &args.compressions);
    cmd.args(["--language", "rust"]);
    if let Some(n) = args.items {
        cmd.arg("--items").arg(n.to_string());
    }
    if let Some(rate) = args.throttle {
        cmd.arg("--throttle").arg(rate.to_string());
    }
    if let Some(dir) = data_dir {
        cmd.arg("--data-dir").arg(dir);
    }
    cmd.args(["--no-store", "--quiet", "--summary"]);
}

/// Puts each count on its row; returns a note saying how many rows have
/// one and why the others do not.
pub fn attach(doc: &mut RunDocument, counts: &Counts, method: &str) -> String {
    let mut counted = 0;
    for r in &mut doc.results {
        r.instructions_per_op = counts.per_op.get(&r.key()).copied();
        counted += usize::from(r.instructions_per_op.is_some());
    }
    doc.environment.instruction_counter = Some(method.to_string());
    let others = doc.results.len() - counted;
    let mut note = format!(
        "instructions per operation: {counted} row(s) counted by {method}, the engine's own loop ({:.1} per operation) taken off",
        counts.empty_body
    );
    if others > 0 {
        note.push_str(&format!(
            "; {others} row(s) have no count: they run in another process (workers, peers, shell pipelines), are prepared before each sample (cold reads), or run for a fixed time (`load`)"
        ));
    }
    let avx512 = doc
        .environment
        .cpu_features
        .iter()
        .any(|f| f.starts_with("avx512"));
    if avx512 && method.starts_with("Callgrind") {
        note.push_str(
            "; Callgrind's virtual CPU has no AVX-512, so rows that need it have no count and code that picks AVX-512 at run time was counted on another path",
        );
    }
    note.push_str(
        "; user-space instructions only: a system call's kernel work is not in the count",
    );
    note
}
