//! `history`, `show`, `export` and `compare`: reading the store back.

use crate::cli::{CompareArgs, DbArgs, ExportCommand, Format, HistoryArgs, ImportArgs, ShowArgs};
use crate::output::{check_export_paths, check_target, write_exports, Painter};
use anyhow::Context as _;
use encbench_record::{RunDocument, SCHEMA_VERSION};
use encbench_report::{compare, terminal, Csv, Exporter, Html, Json, Markdown};
use encbench_safe_write as safe_write;
use encbench_store::{Location, Store};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Opens an existing history; these commands only read, so a missing
/// database is an error, never created.
pub(crate) fn open(db: &DbArgs) -> anyhow::Result<(Store, Location)> {
    let at = db.location();
    Ok((Store::open_existing(&at)?, at))
}

pub fn history(args: HistoryArgs) -> anyhow::Result<ExitCode> {
    let (mut store, _) = open(&args.db)?;
    let runs = store.list(args.limit)?;
    if runs.is_empty() {
        outln!("no runs stored yet; `encbench run` stores each run");
        return Ok(ExitCode::SUCCESS);
    }
    outln!(
        "{:>5}  {:<20}  {:<5}  {:<18}  {:>5}  {:>6}  scenarios",
        "run",
        "date",
        "mode",
        "commit",
        "rows",
        "failed"
    );
    for r in runs {
        outln!(
            "{:>5}  {:<20}  {:<5}  {:<18}  {:>5}  {:>6}  {}",
            r.id,
            r.date,
            r.mode,
            r.git_commit,
            r.results,
            r.failures,
            r.scenarios
        );
    }
    Ok(ExitCode::SUCCESS)
}

pub fn show(args: ShowArgs, painter: Painter) -> anyhow::Result<ExitCode> {
    let (mut store, db) = open(&args.db)?;
    check_export_paths(&args.export, &db.path().into_iter().collect::<Vec<_>>())?;
    let (id, doc) = store.load(&args.run)?;
    outln!("run {id}");
    if args.summary {
        out!("{}", painter.paint(&crate::run::summary_only(&doc)));
    } else {
        out!("{}", painter.paint(&terminal::render(&doc)));
    }
    write_exports(&doc, &args.export)?;
    Ok(ExitCode::SUCCESS)
}

pub fn export(args: ExportCommand) -> anyhow::Result<ExitCode> {
    let (mut store, db) = open(&args.db)?;
    if let Some(path) = &args.output {
        let inputs: Vec<&std::path::Path> = db.path().into_iter().collect();
        check_target("--output", path, &inputs, args.force)?;
    }
    let (_, doc) = store.load(&args.run)?;
    let exporter: &dyn Exporter = match args.format {
        Format::Json => &Json,
        Format::Csv => &Csv,
        Format::Markdown => &Markdown,
        Format::Html => &Html,
    };
    let bytes = exporter.serialize(&doc)?;
    match &args.output {
        Some(path) => safe_write::write(path, &bytes, args.force)
            .with_context(|| format!("writing {}", path.display()))?,
        None => match std::io::stdout().write_all(&bytes) {
            // The reader went away (`export … | head`): nothing left to do.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            other => other?,
        },
    }
    Ok(ExitCode::SUCCESS)
}

pub fn compare(args: CompareArgs, painter: Painter) -> anyhow::Result<ExitCode> {
    let (mut store, _) = open(&args.db)?;
    let (a_id, before) = store.load(&args.before)?;
    let (b_id, after) = store.load(&args.after)?;
    let cmp = compare::compare(&before, &after, args.threshold);
    out!(
        "{}",
        painter.paint(&compare::render(
            &cmp,
            &format!("run {a_id}"),
            &format!("run {b_id}")
        ))
    );
    Ok(gate(
        &cmp,
        args.fail_on_regression,
        args.fail_on_not_comparable,
    ))
}

/// `--fail-on-regression PCT`: exit 1, saying how many rows and by what
/// evidence, when any row regressed beyond PCT; `--fail-on-not-comparable`:
/// exit 1 when any row had nothing to judge it by.
pub(crate) fn gate(
    cmp: &compare::Comparison,
    fail_on_regression: Option<f64>,
    fail_on_not_comparable: bool,
) -> ExitCode {
    let mut failed = false;
    if let Some(pct) = fail_on_regression {
        let bad = cmp.regressions_beyond(pct);
        if !bad.is_empty() {
            let by = |b| bad.iter().filter(|r| r.basis == b).count();
            let how: Vec<String> = [
                (
                    compare::Basis::Instructions,
                    "by instruction counts".to_string(),
                ),
                (
                    compare::Basis::Samples,
                    format!("in time, at Mann-Whitney p < {}", compare::ALPHA),
                ),
                (
                    compare::Basis::Intervals,
                    "in time, beyond their stored median intervals (no test)".to_string(),
                ),
            ]
            .into_iter()
            .filter(|(b, _)| by(*b) > 0)
            .map(|(b, what)| format!("{} {what}", by(b)))
            .collect();
            eprintln!(
                "error: {} row(s) regressed by more than {pct}%{} ({})",
                bad.len(),
                if cmp.normalisation.is_some() {
                    ", normalised across machines"
                } else {
                    ""
                },
                how.join(", ")
            );
            failed = true;
        }
    }
    if fail_on_not_comparable {
        let bare = cmp.not_comparable();
        if !bare.is_empty() {
            let keys: Vec<&str> = bare.iter().take(3).map(|r| r.key.as_str()).collect();
            eprintln!(
                "error: {} row(s) not comparable (nothing to judge them by): {}{}",
                bare.len(),
                keys.join(", "),
                if bare.len() > keys.len() { ", …" } else { "" }
            );
            failed = true;
        }
    }
    match failed {
        true => ExitCode::from(1),
        false => ExitCode::SUCCESS,
    }
}

/// Results documents larger than this are refused before reading: a full
/// run with every raw sample is a few MB.
const MAX_DOCUMENT_BYTES: u64 = 1 << 30;

/// Reads one exported run, checked.
pub(crate) fn read_document(path: &std::path::Path) -> anyhow::Result<RunDocument> {
    let size = std::fs::metadata(path)
        .with_context(|| format!("{}: cannot read", path.display()))?
        .len();
    if size > MAX_DOCUMENT_BYTES {
        anyhow::bail!(
            "{}: {size} bytes is larger than any encbench results document (limit {MAX_DOCUMENT_BYTES}); is it the right file?",
            path.display()
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("{}: cannot read", path.display()))?;
    // The layout version first, so an old or newer document gets a clear message.
    let head: serde_json::Value =
        serde_json::from_slice(&bytes).with_context(|| format!("{}: not JSON", path.display()))?;
    match head.get("schema").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(SCHEMA_VERSION) => {}
        Some(v) => anyhow::bail!(
            "{}: a results document of layout {v}; this encbench reads layout {SCHEMA_VERSION}",
            path.display()
        ),
        None => anyhow::bail!(
            "{}: not an encbench results document (no \"schema\" field; write one with `encbench run --json FILE`)",
            path.display()
        ),
    }
    serde_json::from_value(head)
        .with_context(|| format!("{}: not an encbench results document", path.display()))
}

pub fn import(args: ImportArgs) -> anyhow::Result<ExitCode> {
    // Every file is checked before anything is stored: all or nothing.
    let documents = args
        .files
        .iter()
        .map(|path| read_document(path).map(|doc| (path, doc)))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let at = args.db.location();
    let inputs: Vec<&std::path::Path> = args.files.iter().map(PathBuf::as_path).collect();
    // An existing history is what --db names; one of the files being imported is not.
    if let Some(path) = at.path() {
        check_target("--db", path, &inputs, true)?;
    }
    let mut store = Store::open(&at)?;
    for (file, mut doc) in documents {
        let env = &doc.environment;
        let machine = format!(
            "{}, {} cores, {} {}",
            env.cpu_model, env.logical_cores, env.os, env.arch
        );
        if let Some(id) = store.find(&doc)? {
            outln!(
                "{}: already in the history as run {id} ({machine}, {}); not stored again",
                file.display(),
                env.date
            );
            continue;
        }
        let date = env.date.clone();
        doc.notes.push(format!("imported from {}", file.display()));
        let id = store.save(&doc)?;
        outln!(
            "{}: stored as run {id}: {} rows from {machine}, {date}",
            file.display(),
            doc.results.len()
        );
    }
    Ok(ExitCode::SUCCESS)
}
