//! `run --instructions` and `file --instructions`: after the timed run,
//! the same binary runs the same selection again as a counting child (under
//! Callgrind, or natively with the CPU's counter), which counts each
//! in-process row instead of timing it; the counts join the timed rows by
//! key. The child stores, exports and converts nothing.

use crate::cli::{FileArgs, RunArgs};
use encbench_measure::instructions::{read_counts, Counter, Counts};
use encbench_record::RunDocument;
use encbench_scenarios::Scenario;
use std::ffi::OsString;
use std::path::Path;
use std::process::Stdio;

/// Scenarios whose rows are not operations in batches: `load` runs threads
/// for a fixed time, so there is nothing per operation to count.
const NOT_COUNTED: &[&str] = &["load"];

/// What the counting pass will do, decided before anything is timed so a
/// machine without a counter fails at once.
pub struct Plan {
    counter: Counter,
    /// The child's command line after the program name.
    args: Vec<OsString>,
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
        args: run_child_args(args, &names),
    }))
}

/// `file`'s form of [`plan`]: the child reads the same input the same way
/// (read only).
pub fn plan_file(args: &FileArgs) -> anyhow::Result<Option<Plan>> {
    if !args.instructions {
        return Ok(None);
    }
    if args.convert.as_deref().is_some_and(|c| c != "recommended") {
        anyhow::bail!(
            "--instructions counts what `file` measures; --convert FORMAT converts without measuring"
        );
    }
    let counter = Counter::probe().map_err(|e| anyhow::anyhow!("--instructions: {e}"))?;
    Ok(Some(Plan {
        counter,
        args: file_child_args(args),
    }))
}

impl Plan {
    /// What the progress line and the environment call the method.
    pub fn describe(&self) -> String {
        self.counter.describe()
    }

    /// Runs the counting child and reads its counts. `data_dir`: the
    /// directory `run` resolved, handed on so the child finds the same data.
    pub fn count(&self, data_dir: Option<&Path>) -> Result<Counts, String> {
        let scratch = encbench_scenarios::scratch::Scratch::new("instructions", 64 << 20)
            .map_err(|e| e.to_string())?;
        let exe = std::env::current_exe().map_err(|e| format!("finding encbench itself: {e}"))?;
        let mut cmd = self.counter.child_command(&exe, scratch.path());
        cmd.args(&self.args);
        if let Some(dir) = data_dir {
            cmd.arg("--data-dir").arg(dir);
        }
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

/// `run`'s child: the same selection, quiet, nothing stored, nothing
/// exported, Rust rows only (worker rows run in other processes).
fn run_child_args(args: &RunArgs, scenarios: &[String]) -> Vec<OsString> {
    let mut out: Vec<OsString> = vec!["run".into()];
    out.extend(scenarios.iter().map(OsString::from));
    out.push(if args.full { "--full" } else { "--quick" }.into());
    for (flag, values) in [
        ("--codec", &args.codecs),
        ("--compress", &args.compressions),
    ] {
        if !values.is_empty() {
            out.push(flag.into());
            out.push(values.join(",").into());
        }
    }
    out.extend(["--language", "rust"].map(OsString::from));
    if let Some(n) = args.items {
        out.extend(["--items".into(), n.to_string().into()]);
    }
    if let Some(rate) = args.throttle {
        out.extend(["--throttle".into(), rate.to_string().into()]);
    }
    out.extend(["--no-store", "--quiet", "--summary"].map(OsString::from));
    out
}

/// `file`'s child: the same input, read the same way, measured the same
/// way; no conversion, no export, nothing stored.
fn file_child_args(args: &FileArgs) -> Vec<OsString> {
    use clap::ValueEnum;
    let mut out: Vec<OsString> = vec!["file".into(), args.path.clone().into_os_string()];
    let name = |v: Option<clap::builder::PossibleValue>| v.map(|v| v.get_name().to_string());
    if let Some(format) = name(args.format.to_possible_value()) {
        out.extend(["--format".into(), format.into()]);
    }
    if let Some(optimize) = name(args.optimize.to_possible_value()) {
        out.extend(["--optimize".into(), optimize.into()]);
    }
    if let Some(schema) = &args.schema {
        out.extend(["--schema".into(), schema.clone().into_os_string()]);
    }
    if args.skip_bad {
        out.push("--skip-bad".into());
    }
    if let Some(key) = &args.json_path {
        out.extend(["--json-path".into(), key.into()]);
    }
    if let Some(mb) = args.sample_mb {
        out.extend(["--sample-mb".into(), mb.to_string().into()]);
    }
    if !args.compressions.is_empty() {
        out.extend(["--compress".into(), args.compressions.join(",").into()]);
    }
    out.push(if args.full { "--full" } else { "--quick" }.into());
    out.extend(["--no-store", "--quiet"].map(OsString::from));
    out
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
