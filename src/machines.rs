//! `encbench report RUN…`: runs from several machines side by side.

use crate::cli::ReportArgs;
use crate::history::{open, read_document};
use crate::output::{check_target, Painter};
use anyhow::Context as _;
use encbench_record::RunDocument;
use encbench_report::machines::{html, render, Run};
use encbench_safe_write as safe_write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

pub fn report(args: ReportArgs, painter: Painter) -> anyhow::Result<ExitCode> {
    // A name that is a file is an exported document; anything else a stored run.
    let is_file = |r: &str| Path::new(r).is_file();
    let files: Vec<PathBuf> = args
        .runs
        .iter()
        .filter(|r| is_file(r))
        .map(PathBuf::from)
        .collect();
    let mut store = if args.runs.iter().all(|r| is_file(r)) {
        None
    } else {
        Some(open(&args.db)?)
    };
    if let Some(path) = &args.html {
        let mut inputs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
        if let Some(db) = store.as_ref().and_then(|(_, at)| at.path()) {
            inputs.push(db);
        }
        check_target("--html", path, &inputs, args.force)?;
    }
    let mut loaded: Vec<(String, RunDocument)> = Vec::new();
    for name in &args.runs {
        let (label, mut doc) = if is_file(name) {
            (name.clone(), read_document(Path::new(name))?)
        } else {
            let Some((store, _)) = store.as_mut() else {
                anyhow::bail!("{name}: not a file, and no history is open");
            };
            let (id, doc) = store.load(name)?;
            (format!("run {id}"), doc)
        };
        // Runs stored before conclusions existed: answer from their own rows and samples.
        if doc.conclusions.is_empty() {
            doc.conclusions = encbench_scenarios::conclusions::conclude(&doc.results);
            doc.conclusions
                .extend(encbench_scenarios::load::conclude(&doc.results));
        }
        loaded.push((label, doc));
    }
    let runs: Vec<Run<'_>> = loaded
        .iter()
        .map(|(label, doc)| Run {
            label: label.clone(),
            doc,
        })
        .collect();
    out!("{}", painter.paint(&render(&runs)));
    if let Some(path) = &args.html {
        safe_write::write(path, html(&runs).as_bytes(), args.force)
            .with_context(|| format!("writing {}", path.display()))?;
        outln!("wrote {}", path.display());
    }
    Ok(ExitCode::SUCCESS)
}
