//! The path every scenario shares from checked rows to records: the
//! engine's [`measure_rows`] with the scenario's progress and output.

use crate::{Context, Output};
use encbench_measure::rows::measure_rows;
pub(crate) use encbench_measure::rows::Pending;
use encbench_measure::Progress;
use encbench_record::Record;

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
    mut rows: Vec<Pending<'_>>,
    out: &mut Output,
) {
    rows.retain(|r| ctx.wants_language(&r.meta.language));
    let progress = &mut *ctx.progress;
    let mut observe = |p: Progress<'_>| match p {
        Progress::Warmup { label } => progress(&format!("{group}: warming up {label}")),
        Progress::Round { round, rounds } => progress(&format!("{group}: sample {round}/{rounds}")),
    };
    let timed = measure_rows(rows, config, &ctx.timer, ctx.samples, &mut observe);
    out.records.extend(timed.records);
    out.failures.extend(timed.failures);
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
