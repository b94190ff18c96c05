//! Rows measured by worker processes in other languages: start one worker
//! per row, have it prepare and verify the codec on a dataset file, check
//! its answer (a sum, or byte-compatible encodings), and time it with its
//! own clock under encbench's calibration and statistics.

use crate::bench::Pending;
use crate::Output;
use encbench_record::{Failure, RowMeta};
use encbench_workers::{Kind, Worker};
use serde_json::Value;
use std::path::Path;

/// One worker codec to measure.
pub(crate) struct WorkerRow<'a> {
    /// Which language.
    pub kind: Kind,
    /// Its codec id.
    pub codec: &'static str,
    /// The dataset file it reads.
    pub input: &'a Path,
    /// That file's format (`i64-le`, `i32-le`, `text-lines`, `text-fixed7`).
    pub format: &'static str,
}

/// Which languages could not run, once each, with why.
#[derive(Default)]
pub(crate) struct Skipped(Vec<(Kind, String)>);

impl Skipped {
    /// Adds the skip notes to the output.
    pub fn report(self, scenario: &str, out: &mut Output) {
        for (kind, why) in self.0 {
            out.notes.push(format!(
                "{scenario}: {} rows skipped: {why}",
                kind.language()
            ));
        }
    }
}

/// Starts, prepares and checks each row; returns the timed rows. `meta`
/// builds a row's identity; `check` judges the worker's prepare answer.
pub(crate) fn worker_rows(
    rows: Vec<WorkerRow<'_>>,
    wants: impl Fn(&str) -> bool,
    meta: impl Fn(&str) -> RowMeta,
    check: impl Fn(&str, &Value) -> Result<(), String>,
    skipped: &mut Skipped,
    out: &mut Output,
) -> Vec<Pending<'static>> {
    let mut pending = Vec::new();
    for row in rows.into_iter().filter(|r| wants(r.codec)) {
        if skipped.0.iter().any(|(k, _)| *k == row.kind) {
            continue;
        }
        let (mut worker, hello) = match Worker::start(row.kind) {
            Ok(w) => w,
            Err(why) => {
                skipped.0.push((row.kind, why));
                continue;
            }
        };
        let mut m = meta(row.codec);
        m.language = hello.language.clone();
        m.runtime = Some(hello.runtime.clone());
        if !hello.codecs.iter().any(|c| c == row.codec) {
            out.failures.push(Failure::new(
                &m,
                format!("the {} worker does not offer {}", hello.language, row.codec),
            ));
            continue;
        }
        let verdict = worker
            .prepare(row.codec, row.input, row.format)
            .and_then(|reply| check(row.codec, &reply));
        match verdict {
            Ok(()) => pending.push(Pending::self_timed(
                m,
                Box::new(move |iters| worker.run(iters)),
            )),
            Err(e) => out
                .failures
                .push(Failure::new(&m, format!("verification failed: {e}"))),
        }
    }
    pending
}
