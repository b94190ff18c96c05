//! The path every scenario shares from verified variants to records:
//! interleaved measurement, statistics, and failure reporting.

use crate::{Context, Output};
use encbench_measure::{measure_interleaved, Progress, Routine, Setup, TimedRoutine, Variant};
use encbench_record::{Check, Failure, Record, RowMeta};
use encbench_stats::Sample;

/// A checked row waiting to be timed: it cannot be built without the
/// [`Check`] that ran on its output.
pub(crate) struct Pending<'a> {
    pub meta: RowMeta,
    pub check: Check,
    pub routine: Routine<'a>,
    /// Untimed work before each sample (cache eviction), if any.
    pub setup: Option<Setup<'a>>,
    /// Set for rows that time themselves (workers); `routine` is then unused.
    pub self_timed: Option<TimedRoutine<'a>>,
}

impl<'a> Pending<'a> {
    /// A row timed in calibrated batches.
    pub fn new(meta: RowMeta, check: impl Into<Check>, routine: Routine<'a>) -> Self {
        Pending {
            meta,
            check: check.into(),
            routine,
            setup: None,
            self_timed: None,
        }
    }

    /// A row whose every sample is one operation after `setup`.
    pub fn with_setup(
        meta: RowMeta,
        check: impl Into<Check>,
        setup: Setup<'a>,
        routine: Routine<'a>,
    ) -> Self {
        Pending {
            meta,
            check: check.into(),
            routine,
            setup: Some(setup),
            self_timed: None,
        }
    }

    /// A row timed by the code it runs (a worker's own clock).
    pub fn self_timed(meta: RowMeta, check: impl Into<Check>, timed: TimedRoutine<'a>) -> Self {
        Pending {
            meta,
            check: check.into(),
            routine: Box::new(|_| Err("self-timed".into())),
            setup: None,
            self_timed: Some(timed),
        }
    }
}

/// Times `rows` as one interleaved group and appends records (or failures) to `out`.
pub(crate) fn measure_group(
    ctx: &mut Context<'_>,
    group: &str,
    rows: Vec<Pending<'_>>,
    out: &mut Output,
) {
    let config = ctx.config.clone();
    measure_group_with(ctx, &config, group, rows, out);
}

/// [`measure_group`] under a scenario-specific configuration (many small groups).
pub(crate) fn measure_group_with(
    ctx: &mut Context<'_>,
    config: &encbench_measure::Config,
    group: &str,
    rows: Vec<Pending<'_>>,
    out: &mut Output,
) {
    if rows.is_empty() {
        return;
    }
    let (metas, mut variants): (Vec<(RowMeta, Check)>, Vec<Variant<'_>>) = rows
        .into_iter()
        .map(|p| {
            let label = format!(
                "{} {} ({})",
                p.meta.codec,
                p.meta.compression,
                p.meta.medium.as_str()
            );
            let variant = match (p.self_timed, p.setup) {
                (Some(timed), _) => Variant::self_timed(label, timed),
                (None, Some(setup)) => Variant::with_setup(label, setup, p.routine),
                (None, None) => Variant::new(label, p.routine),
            };
            ((p.meta, p.check), variant)
        })
        .unzip();
    let progress = &mut *ctx.progress;
    let mut observe = |p: Progress<'_>| match p {
        Progress::Warmup { label } => progress(&format!("{group}: warming up {label}")),
        Progress::Round { round, rounds } => progress(&format!("{group}: sample {round}/{rounds}")),
    };
    let results = measure_interleaved(&mut variants, config, &ctx.timer, ctx.samples, &mut observe);
    for ((meta, check), result) in metas.into_iter().zip(results) {
        match result.and_then(|m| {
            let summary = Sample::new(&m.per_op_ns)
                .map_err(|e| e.to_string())?
                .summarize();
            Ok(Record::new(
                meta.clone(),
                &check,
                &summary,
                m.batch,
                m.per_op_ns,
            ))
        }) {
            Ok(record) => out.records.push(record),
            Err(e) => out.failures.push(Failure::new(&meta, e)),
        }
    }
}

/// The median of the record with this codec and medium, if it was measured.
pub(crate) fn median_of(
    records: &[Record],
    codec: &str,
    medium: encbench_record::Medium,
) -> Option<f64> {
    records
        .iter()
        .find(|r| r.codec == codec && r.medium == medium)
        .map(|r| r.median_ns)
}
