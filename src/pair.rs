//! `pair`: two builds compared on this machine. Each side's `run` is made
//! `--rounds` times, in turn (A B, B A, A B, …), each side's runs pooled,
//! then judged as `compare` judges two stored runs. Runs made in turn meet
//! the same machine drift, and a row one process got wrong is outvoted.
//! Each row is "changed", "unchanged" or "cannot tell at this threshold".

use crate::cli::PairArgs;
use crate::output::Painter;
use anyhow::{bail, Context as _};
use encbench_record::RunDocument;
use encbench_report::{compare, paired};
use encbench_scenarios::scratch::Scratch;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

/// `run` flags that `pair` sets for every run itself.
const OWN_FLAGS: [&str; 8] = [
    "--json",
    "--csv",
    "--markdown",
    "--html",
    "--db",
    "--no-store",
    "--quiet",
    "-q",
];

pub fn execute(args: PairArgs, painter: Painter) -> anyhow::Result<ExitCode> {
    let (baseline, candidate) = match (&args.from, &args.baseline) {
        (Some(dir), _) => kept_runs(dir)?,
        (None, Some(baseline)) => make_runs(&args, baseline)?,
        (None, None) => bail!("BASELINE: the path of the baseline's encbench binary is needed"),
    };
    let (cmp, notes) =
        paired::judge(&baseline, &candidate, args.threshold).map_err(anyhow::Error::msg)?;
    let rounds = baseline.len();
    match rounds {
        1 => outln!("one run of each build"),
        n => outln!(
            "{n} runs of each build, made in turn; each side's samples pooled over its runs (a row that keeps none: its runs' medians); a row's noise is at least how far its runs disagreed on each side (the interquartile range of their medians), added"
        ),
    }
    let label = |side: &str| format!("{side} ×{rounds}");
    out!(
        "{}",
        painter.paint(&compare::render(
            &cmp,
            &label("baseline"),
            &label("candidate")
        ))
    );
    for note in &notes {
        eprintln!("pair: note: {note}");
    }
    Ok(crate::history::gate(
        &cmp,
        args.fail_on_regression,
        args.fail_on_not_comparable,
    ))
}

/// The runs kept in `dir` by an earlier `pair --keep`: `baseline-N.json`
/// and `candidate-N.json` from N = 1 while both exist.
fn kept_runs(dir: &Path) -> anyhow::Result<(Vec<RunDocument>, Vec<RunDocument>)> {
    let (mut baseline, mut candidate) = (Vec::new(), Vec::new());
    for n in 1.. {
        let (a, b) = (
            dir.join(format!("baseline-{n}.json")),
            dir.join(format!("candidate-{n}.json")),
        );
        if !a.is_file() || !b.is_file() {
            break;
        }
        baseline.push(crate::history::read_document(&a)?);
        candidate.push(crate::history::read_document(&b)?);
    }
    if baseline.is_empty() {
        bail!(
            "--from {}: no baseline-1.json and candidate-1.json there (what `pair --keep DIR` writes)",
            dir.display()
        );
    }
    Ok((baseline, candidate))
}

/// Runs the baseline's and the candidate's `run` in turn, `--rounds`
/// times each, and reads their documents back.
fn make_runs(
    args: &PairArgs,
    baseline_binary: &Path,
) -> anyhow::Result<(Vec<RunDocument>, Vec<RunDocument>)> {
    let candidate_binary = match &args.candidate {
        Some(path) => path.clone(),
        None => std::env::current_exe().context("finding this encbench's own binary")?,
    };
    for (what, path) in [
        ("BASELINE", baseline_binary),
        ("--candidate", candidate_binary.as_path()),
    ] {
        if !path.is_file() {
            bail!(
                "{what} {}: no such file (the path of an encbench binary, e.g. target/release/encbench of another checkout)",
                path.display()
            );
        }
    }
    if let Some(flag) = args
        .run_args
        .iter()
        .find(|a| OWN_FLAGS.contains(&a.split('=').next().unwrap_or(a)))
    {
        bail!("{flag}: pair sets it for every run itself (its runs are pooled and compared, never stored or exported)");
    }
    let scratch = Scratch::new("pair", 64 << 20)?;
    let place = |side: &str, n: usize| match &args.keep {
        Some(dir) => dir.join(format!("{side}-{n}.json")),
        None => scratch.path().join(format!("{side}-{n}.json")),
    };
    if let Some(dir) = &args.keep {
        std::fs::create_dir_all(dir).with_context(|| format!("--keep {}", dir.display()))?;
        let taken = (1..=args.rounds as usize)
            .flat_map(|n| [place("baseline", n), place("candidate", n)])
            .find(|path| path.exists());
        if let Some(path) = taken {
            bail!(
                "--keep: {} exists; pair never replaces a file (choose an empty directory)",
                path.display()
            );
        }
    }
    let order = paired::order(args.rounds as usize);
    let (mut baseline, mut candidate) = (Vec::new(), Vec::new());
    for (i, is_baseline) in order.iter().enumerate() {
        let (side, binary, runs) = match is_baseline {
            true => ("baseline", baseline_binary, &mut baseline),
            false => ("candidate", candidate_binary.as_path(), &mut candidate),
        };
        eprintln!(
            "pair: run {}/{}: {side} ({})",
            i + 1,
            order.len(),
            binary.display()
        );
        let json = place(side, runs.len() + 1);
        let doc = one_run(binary, &args.run_args, &json)
            .with_context(|| format!("{side} run {} of {}", i + 1, order.len()))?;
        if !doc.failures.is_empty() {
            eprintln!(
                "pair: note: {} row(s) of this {side} run failed (left out of it)",
                doc.failures.len()
            );
        }
        runs.push(doc);
    }
    Ok((baseline, candidate))
}

/// One `run` of `binary` with the user's arguments, its results document
/// written to `json` and read back.
fn one_run(binary: &Path, run_args: &[String], json: &Path) -> anyhow::Result<RunDocument> {
    let out = Command::new(binary)
        .arg("run")
        .args(run_args)
        .args(["--no-store", "--quiet", "--json"])
        .arg(json)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .with_context(|| format!("starting {}", binary.display()))?;
    // Exit 1 is a run with failed rows: its document still holds the rest.
    if !matches!(out.status.code(), Some(0 | 1)) || !json.is_file() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = stderr.lines().rev().take(5).collect();
        let tail: Vec<&str> = tail.into_iter().rev().collect();
        bail!(
            "{} run … exited with {}: {}",
            binary.display(),
            out.status,
            tail.join("\n")
        );
    }
    crate::history::read_document(json)
}
