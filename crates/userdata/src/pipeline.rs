//! The `file` pipeline behind one small API, so the command line only
//! parses flags and prints: [`read`] (open → sample → infer), [`judge`]
//! (measure → recommend), [`notes`] (what the record should say about the
//! sample), and [`convert`] (scan every row → stream out → read back).

use crate::convert::{self, Converted, Pass, Request};
use crate::load::{self, LoadOptions, Loaded, Scanned};
use crate::measure::{self, Plan};
use crate::recommend::{self, Choice, Objective};
use crate::sample::Method;
use crate::Error;
use encbench_record::{Failure, Recommendation, Record};
use encbench_report::units;
use std::path::Path;

/// Opens the file, draws the sample (or takes every row) and types it.
pub fn read(path: &Path, options: &LoadOptions) -> Result<Loaded, Error> {
    load::load(path, options)
}

/// What measuring the sample concluded.
pub struct Verdict {
    /// Timed rows.
    pub records: Vec<Record>,
    /// Rows that failed verification or timing.
    pub failures: Vec<Failure>,
    /// Every candidate × compressor with its size and times.
    pub choices: Vec<Choice>,
    /// The best choice for the objective, if anything could be measured.
    pub recommendation: Option<Recommendation>,
}

/// Verifies and times every candidate on the sample, then recommends.
pub fn judge(
    loaded: &Loaded,
    plan: &Plan,
    objective: Objective,
    link: Option<f64>,
    progress: &mut dyn FnMut(&str),
) -> Verdict {
    let measured = measure::measure(loaded, plan, progress);
    let choices = recommend::choices(&measured.records);
    // No rows: sizes are headers and times are set-up costs; nothing to recommend on.
    let recommendation = (loaded.table.rows() > 0)
        .then(|| recommend::recommend(&choices, objective, link))
        .flatten();
    Verdict {
        records: measured.records,
        failures: measured.failures,
        choices,
        recommendation,
    }
}

/// The notes a run records about how its rows were drawn.
pub fn notes(loaded: &Loaded, sample_mb: f64) -> Vec<String> {
    let mut notes = Vec::new();
    let of = |rows: usize| match loaded.rows_exact {
        true => format!("{rows}"),
        false => format!("≈{rows} (estimated)"),
    };
    let sample = format!(
        "{} of {} rows, {} of {} of text; the text is larger than the {} MB sample limit, --sample-mb",
        loaded.table.rows(),
        of(loaded.rows),
        units::bytes(loaded.original.len() as f64),
        units::bytes(loaded.text_bytes as f64),
        units::significant(sample_mb),
    );
    match &loaded.method {
        Method::Whole => {}
        Method::Seek { runs, skipped } => notes.push(format!(
            "file: measured on {sample}; drawn as {runs} runs of whole rows at evenly spread offsets{}",
            if *skipped > 0 {
                format!(" ({skipped} offsets skipped: no safe row start found)")
            } else {
                String::new()
            }
        )),
        Method::Reservoir { .. } => notes.push(format!(
            "file: measured on {sample}; drawn by a seeded reservoir over one streaming pass (seed {})",
            crate::sample::SAMPLE_SEED
        )),
    }
    if loaded.skipped > 0 {
        notes.push(format!(
            "file: {} malformed rows skipped (--skip-bad){}",
            loaded.skipped,
            if loaded.rows_exact {
                ""
            } else {
                " in the sampled rows"
            }
        ));
    }
    notes
}

/// Scans every row (schema and count; `scanning` hears the bytes read),
/// hands the scan to `scanned`, then writes and verifies the conversion.
pub fn convert(
    path: &Path,
    options: &LoadOptions,
    request: &Request<'_>,
    scanning: &mut dyn FnMut(u64),
    scanned: &mut dyn FnMut(&Scanned),
    progress: &mut dyn FnMut(Pass, u64, u64),
) -> Result<Converted, Error> {
    convert::check_output(request.inputs, request.output, request.force)?;
    let scan = load::scan(path, options, scanning)?;
    scanned(&scan);
    convert::convert(&scan, request, progress)
}
