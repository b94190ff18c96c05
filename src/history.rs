//! `history`, `show`, `export` and `compare`: reading the store back.

use crate::cli::{CompareArgs, DbArgs, ExportCommand, Format, HistoryArgs, ShowArgs};
use crate::output::{check_export_paths, check_target, write_exports, Painter};
use anyhow::Context as _;
use encbench_report::{compare, terminal, Csv, Exporter, Html, Json, Markdown};
use encbench_store::Store;
use encbench_userdata::safe_write;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Opens an existing history; these commands only read, so a missing
/// database is an error, never created.
fn open(db: &DbArgs) -> anyhow::Result<(Store, PathBuf)> {
    let path = db.db.clone().unwrap_or_else(encbench_store::default_path);
    Ok((Store::open_existing(&path)?, path))
}

pub fn history(args: HistoryArgs) -> anyhow::Result<ExitCode> {
    let (store, _) = open(&args.db)?;
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
    let (store, db) = open(&args.db)?;
    check_export_paths(&args.export, &[&db])?;
    let (id, doc) = store.load(&args.run)?;
    outln!("run {id}");
    out!("{}", painter.paint(&terminal::render(&doc)));
    write_exports(&doc, &args.export)?;
    Ok(ExitCode::SUCCESS)
}

pub fn export(args: ExportCommand) -> anyhow::Result<ExitCode> {
    let (store, db) = open(&args.db)?;
    if let Some(path) = &args.output {
        check_target("--output", path, &[&db], args.force)?;
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
    let (store, _) = open(&args.db)?;
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
    if let Some(pct) = args.fail_on_regression {
        let bad = cmp.regressions_beyond(pct);
        if !bad.is_empty() {
            eprintln!(
                "error: {} row(s) regressed by more than {pct}% (significant at p < {})",
                bad.len(),
                compare::ALPHA
            );
            return Ok(ExitCode::from(1));
        }
    }
    Ok(ExitCode::SUCCESS)
}
