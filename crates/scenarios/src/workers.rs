//! Rows measured by worker processes in other languages: start one worker
//! per row, have it prepare and verify the codec on a dataset file, check
//! its answer (a sum, or byte-compatible encodings), and time it with its
//! own clock under encbench's calibration and statistics.

use crate::bench::Pending;
use crate::Output;
use encbench_measure::pin::CpuPin;
use encbench_record::{Failure, RowMeta, Verified};
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

/// Which languages could not run (once each, with why), and the CPU pin
/// that holds while worker rows are measured.
#[derive(Default)]
pub(crate) struct Skipped {
    skipped: Vec<(Kind, String)>,
    pin: Option<CpuPin>,
}

impl Skipped {
    /// Notes that `kind` could not run (once per language).
    pub fn skip(&mut self, kind: Kind, why: String) {
        if !self.skipped.iter().any(|(k, _)| *k == kind) {
            self.skipped.push((kind, why));
        }
    }

    /// Pins encbench (and the workers it starts from now on) to the CPU
    /// it runs on, once.
    pub fn pin(&mut self) {
        if self.pin.is_none() {
            self.pin = CpuPin::here();
        }
    }

    /// Adds the notes to the output (each once, however many datasets
    /// report it) and releases the CPU pin; call after measuring.
    pub fn report(self, scenario: &str, out: &mut Output) {
        let mut notes: Vec<String> = self
            .skipped
            .iter()
            .map(|(kind, why)| format!("{scenario}: {} rows skipped: {why}", kind.language()))
            .collect();
        if let Some(pin) = &self.pin {
            notes.push(format!(
                "{scenario}: encbench and its worker processes were pinned to CPU {} while measured, so a worker waking on the other core does not pay for cold caches",
                pin.cpu()
            ));
        }
        for note in notes {
            if !out.notes.contains(&note) {
                out.notes.push(note);
            }
        }
    }
}

/// Starts, prepares and checks each row; returns the timed rows. `meta`
/// builds a row's identity; `check` compares the worker's prepare answer
/// with what it should be and returns the proof the row is recorded with.
pub(crate) fn worker_rows(
    rows: Vec<WorkerRow<'_>>,
    wants: impl Fn(&str) -> bool,
    meta: impl Fn(&str) -> RowMeta,
    check: impl Fn(&str, &Value) -> Result<Verified, String>,
    skipped: &mut Skipped,
    out: &mut Output,
) -> Vec<Pending<'static>> {
    let mut pending = Vec::new();
    for row in rows.into_iter().filter(|r| wants(r.codec)) {
        if skipped.skipped.iter().any(|(k, _)| *k == row.kind) {
            continue;
        }
        skipped.pin();
        let (mut worker, hello) = match Worker::start(row.kind) {
            Ok(w) => w,
            Err(why) => {
                skipped.skip(row.kind, why);
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
            .and_then(|reply| {
                // Per-value codecs report every encoding: their mean size is the row's encoded size.
                if let Ok(encoded) = encbench_workers::encodings(&reply) {
                    if !encoded.is_empty() && m.encoded_bytes == 0 {
                        let total: usize = encoded.iter().map(Vec::len).sum();
                        m.encoded_bytes = (total as f64 / encoded.len() as f64).round() as u64;
                    }
                }
                check(row.codec, &reply)
            });
        match verdict {
            Ok(proof) => pending.push(Pending::self_timed(
                m,
                proof,
                Box::new(move |iters| worker.run(iters)),
            )),
            Err(e) => out
                .failures
                .push(Failure::new(&m, format!("verification failed: {e}"))),
        }
    }
    pending
}
