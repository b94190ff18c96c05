//! `encbench robust`: pick the jobs, run each in child processes (one job
//! per core, at most four at once), turn the outcomes into `robust` rows,
//! print, export.
//! Never touches the history store: these rows are not timings to compare.

use crate::cli::{ExportArgs, RobustArgs, RobustWorkerArgs};
use crate::output::{check_export_paths, write_exports, Painter};
use crate::progress::Progress;
use anyhow::{bail, Context as _};
use encbench_measure::probe_timer;
use encbench_record::{
    EngineInfo, Environment, Record, RobustRow, RowMeta, RunDocument, SCHEMA_VERSION,
};
use encbench_report::{robust::has_failures, terminal};
use encbench_robust::parent::{run_job, JobResult, Settings};
use encbench_robust::{empty_tally, targets, Outcome, Size};
use encbench_scenarios::glob_match;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// A job as the parent sees it.
struct Planned {
    codec: &'static str,
    dataset: String,
    decoder_crate: &'static str,
    budget: Duration,
}

pub fn execute(args: RobustArgs, painter: Painter) -> anyhow::Result<ExitCode> {
    let size = if args.full { Size::Full } else { Size::Quick };
    let export = ExportArgs {
        json: args.json.clone(),
        force: args.force,
        ..Default::default()
    };
    check_export_paths(&export, &[])?;
    let planned = plan(&args, size)?;
    let settings = Settings {
        exe: std::env::current_exe().context("finding the encbench binary to run workers")?,
        size_flag: if args.full { "--full" } else { "--quick" },
        input_timeout: Duration::from_secs_f64(args.input_timeout),
    };
    // Children run one decode at a time each; one per core keeps timings honest enough.
    let parallel = std::thread::available_parallelism().map_or(1, |n| n.get().min(4));
    let mut progress = Progress::new(args.quiet);
    progress.milestone(&format!(
        "encbench robust: {} codec × dataset jobs, {parallel} at a time ({} mode)",
        planned.len(),
        size.as_str()
    ));
    let began = Instant::now();
    let results = run_all(&planned, &settings, parallel, &mut progress);
    progress.finish();

    let doc = document(&planned, &results, size, began.elapsed());
    out!("{}", painter.paint(&terminal::render(&doc)));
    write_exports(&doc, &export)?;
    let ours_failed = doc
        .results
        .iter()
        .filter(|r| r.decoder_crate.as_deref() == Some("encbench") && has_failures(r))
        .count();
    let harness = results.iter().filter(|r| r.harness_error.is_some()).count();
    if ours_failed + harness > 0 {
        eprintln!(
            "error: {ours_failed} of our own decoder(s) failed, {harness} job(s) could not run"
        );
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}

/// The hidden `robust-worker` command: one job in this (sacrificial) process.
pub fn worker(args: RobustWorkerArgs) -> anyhow::Result<ExitCode> {
    let size = if args.full { Size::Full } else { Size::Quick };
    match encbench_robust::worker::run(&args.codec, &args.dataset, size, args.start) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => bail!("robust worker: {e}"),
    }
}

/// The selected jobs, each with its share of its codec's time budget.
fn plan(args: &RobustArgs, size: Size) -> anyhow::Result<Vec<Planned>> {
    let all = targets::jobs(size);
    for pattern in &args.codecs {
        if !all.iter().any(|j| glob_match(pattern, j.codec)) {
            let mut ids: Vec<&str> = all.iter().map(|j| j.codec).collect();
            ids.sort_unstable();
            ids.dedup();
            bail!(
                "--codec '{pattern}' matches no decoder; robust covers: {}",
                ids.join(", ")
            );
        }
    }
    let wanted = |id: &str| args.codecs.is_empty() || args.codecs.iter().any(|p| glob_match(p, id));
    let per_codec = args
        .time_per_codec
        .unwrap_or(if size == Size::Full { 60.0 } else { 10.0 });
    let selected: Vec<_> = all.into_iter().filter(|j| wanted(j.codec)).collect();
    Ok(selected
        .iter()
        .map(|j| {
            let siblings = selected.iter().filter(|k| k.codec == j.codec).count();
            Planned {
                codec: j.codec,
                dataset: j.dataset.clone(),
                decoder_crate: j.decoder_crate,
                budget: Duration::from_secs_f64(per_codec / siblings.max(1) as f64),
            }
        })
        .collect())
}

/// Runs the jobs on `parallel` threads, each driving its own children.
fn run_all(
    planned: &[Planned],
    settings: &Settings,
    parallel: usize,
    progress: &mut Progress,
) -> Vec<JobResult> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let slots: Mutex<Vec<JobResult>> = Mutex::new(vec![JobResult::default(); planned.len()]);
    let progress = Mutex::new(progress);
    std::thread::scope(|scope| {
        for _ in 0..parallel {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(job) = planned.get(i) else { break };
                let result = run_job(settings, job.codec, &job.dataset, job.budget);
                let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
                if let Ok(mut p) = progress.lock() {
                    p.update(&format!(
                        "{finished}/{} {} on {}",
                        planned.len(),
                        job.codec,
                        job.dataset
                    ));
                }
                if let Ok(mut slots) = slots.lock() {
                    slots[i] = result;
                }
            });
        }
    });
    slots.into_inner().unwrap_or_default()
}

fn document(planned: &[Planned], results: &[JobResult], size: Size, took: Duration) -> RunDocument {
    let timer = probe_timer();
    let engine = EngineInfo {
        timer_resolution_ns: timer.resolution_ns,
        timer_cost_ns: timer.cost_ns,
        // Robust decodes are timed once each with Instant, not by the engine.
        empty_body_ns: 0.0,
        min_sample_ns: 0.0,
    };
    let build = crate::run::build_info();
    let mut doc = RunDocument {
        encbench: build.version.clone(),
        schema: SCHEMA_VERSION,
        environment: Environment::capture(&build, size.as_str(), engine, None),
        results: Vec::new(),
        failures: Vec::new(),
        comparisons: Vec::new(),
        conclusions: Vec::new(),
        compatibility: Vec::new(),
        notes: Vec::new(),
        recommendation: None,
    };
    for (job, result) in planned.iter().zip(results) {
        let name = format!("{} on {}", job.codec, job.dataset);
        if let Some(e) = &result.harness_error {
            doc.notes.push(format!("robust: {name} could not run: {e}"));
        }
        if result.out_of_time {
            doc.notes.push(format!(
                "robust: {name}: time budget ({:.1} s) reached after {} of {} inputs",
                job.budget.as_secs_f64(),
                result.inputs(),
                result.planned
            ));
        }
        for example in &result.examples {
            let whose = match job.decoder_crate {
                "encbench" => "our decoder".to_string(),
                krate => format!("third-party crate {krate}"),
            };
            doc.notes
                .push(format!("robust: {name} ({whose}): {example}"));
        }
        doc.results.push(row(job, result));
    }
    doc.notes.push(format!(
        "robust: {} inputs in {:.0} s; outcomes are per input; error cost times each clean rejection once (wall clock, {} build)",
        results.iter().map(JobResult::inputs).sum::<u64>(),
        took.as_secs_f64(),
        doc.environment.profile
    ));
    doc
}

fn row(job: &Planned, result: &JobResult) -> Record {
    let mut outcomes = empty_tally();
    for outcome in Outcome::ALL {
        outcomes.insert(outcome.as_str().to_string(), result.count(outcome));
    }
    let mut per_byte: Vec<f64> = result
        .errors
        .iter()
        .filter(|(_, len)| *len > 0)
        .map(|(ns, len)| ns / *len as f64)
        .collect();
    per_byte.sort_by(f64::total_cmp);
    let mean_len = match result.errors.len() {
        0 => 0,
        n => {
            result
                .errors
                .iter()
                .map(|(_, len)| *len as u64)
                .sum::<u64>()
                / n as u64
        }
    };
    let meta = RowMeta {
        scenario: "robust".into(),
        dataset: job.dataset.clone(),
        codec: job.codec.into(),
        operation: "robust".into(),
        items: 1,
        encoded_bytes: mean_len,
        ..Default::default()
    };
    Record::robust(
        meta,
        RobustRow {
            inputs: result.inputs(),
            outcomes,
            decoder_crate: job.decoder_crate.into(),
            error_ns: result.errors.iter().map(|(ns, _)| *ns).collect(),
            error_ns_per_byte: per_byte.get(per_byte.len() / 2).copied(),
        },
    )
}
