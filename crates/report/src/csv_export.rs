//! One CSV row per result: the scalar fields of the record, seed reference
//! flattened, raw samples left to the JSON.

use crate::{ExportError, Exporter};
use encbench_record::{RunDocument, VerificationStatus};

fn status(s: VerificationStatus) -> String {
    match s {
        VerificationStatus::Verified => "verified",
        VerificationStatus::Lossy => "lossy",
        VerificationStatus::Unverified => "unverified",
    }
    .into()
}

/// An optional figure as a cell: empty when the row has none.
fn opt<T: ToString>(v: Option<T>) -> String {
    v.map(|x| x.to_string()).unwrap_or_default()
}

/// Flat CSV view of the results.
pub struct Csv;

const HEADER: [&str; 42] = [
    "scenario",
    "dataset",
    "codec",
    "operation",
    "medium",
    "compression",
    "language",
    "items",
    "logical_bytes",
    "encoded_bytes",
    "batch",
    "samples",
    "median_ns",
    "ci95_low_ns",
    "ci95_high_ns",
    "ci_level",
    "mad_ns",
    "mean_ns",
    "min_ns",
    "max_ns",
    "outliers",
    "noisy",
    "verified",
    "verification",
    "verification_detail",
    "items_per_sec",
    "logical_mb_per_s",
    "encoded_mb_per_s",
    "seed",
    "seed_value",
    "seed_unit",
    "seed_note",
    "instructions_per_op",
    "threads",
    "messages_per_s",
    "bad_fraction",
    "offered_per_s",
    "p50_ns",
    "p99_ns",
    "p999_ns",
    "errors",
    "git_commit",
];

impl Exporter for Csv {
    fn serialize(&self, doc: &RunDocument) -> Result<Vec<u8>, ExportError> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(HEADER)?;
        for r in &doc.results {
            let seed = r.seed_reference.as_ref();
            let verification = r.verification.as_ref();
            w.write_record([
                r.scenario.clone(),
                r.dataset.clone(),
                r.codec.clone(),
                r.operation.clone(),
                r.medium.as_str().to_string(),
                r.compression.clone(),
                r.language.clone(),
                r.items.to_string(),
                r.logical_bytes.to_string(),
                r.encoded_bytes.to_string(),
                r.batch.to_string(),
                r.samples.to_string(),
                r.median_ns.to_string(),
                r.ci95_low_ns.to_string(),
                r.ci95_high_ns.to_string(),
                r.ci_level.map(|l| l.to_string()).unwrap_or_default(),
                r.mad_ns.to_string(),
                r.mean_ns.to_string(),
                r.min_ns.to_string(),
                r.max_ns.to_string(),
                r.outliers.to_string(),
                r.noisy.to_string(),
                r.verified.to_string(),
                verification.map(|v| status(v.status)).unwrap_or_default(),
                verification.map(|v| v.detail.clone()).unwrap_or_default(),
                r.items_per_sec.to_string(),
                r.logical_mb_per_s.to_string(),
                r.encoded_mb_per_s.to_string(),
                seed.map(|s| s.seed.clone()).unwrap_or_default(),
                seed.map(|s| s.value.to_string()).unwrap_or_default(),
                seed.map(|s| s.unit.clone()).unwrap_or_default(),
                seed.map(|s| s.note.clone()).unwrap_or_default(),
                opt(r.instructions_per_op),
                opt(r.threads),
                opt(r.messages_per_s),
                opt(r.bad_fraction),
                opt(r.offered_per_s),
                opt(r.p50_ns),
                opt(r.p99_ns),
                opt(r.p999_ns),
                opt(r.errors),
                doc.environment.git_commit.clone(),
            ])?;
        }
        w.flush().map_err(csv::Error::from)?;
        w.into_inner()
            .map_err(|e| ExportError::Csv(csv::Error::from(e.into_error())))
    }
}
