//! `--soak`: each selected codec in turn, on every core, with malformed
//! messages mixed in, for an equal share of the total; its windows, slopes
//! and verdict become one row per codec.

use super::subjects::Subject;
use super::{meta, MIX_SEED};
use crate::{Context, Output};
use encbench_load::soak::SoakConfig;
use encbench_load::Mix;
use encbench_record::{Failure, LoadRow, Record, SoakSummary};
use std::time::Duration;

/// Live heap bytes, when this process's allocator counts them.
fn heap_probe() -> Option<fn() -> i64> {
    use encbench_robust::alloc;
    alloc::arm(0, usize::MAX);
    let before = alloc::in_use();
    let probe = std::hint::black_box(vec![1u8; 1 << 20]);
    let counted = alloc::in_use() - before >= 1 << 20;
    drop(probe);
    alloc::disarm();
    fn read() -> i64 {
        encbench_robust::alloc::in_use() as i64
    }
    counted.then_some(read as fn() -> i64)
}

/// `--soak`: each codec in turn for an equal share of the total, on every core.
pub(super) fn soak_rows(
    ctx: &mut Context<'_>,
    subjects: &[Subject],
    total: Duration,
    cores: usize,
    out: &mut Output,
) {
    if subjects.is_empty() {
        return;
    }
    let each = total / subjects.len() as u32;
    let window = (each / 60).clamp(Duration::from_millis(250), Duration::from_secs(10));
    let heap = heap_probe();
    let start = encbench_measure::steadiness::probe("soak start");
    for s in subjects {
        if encbench_load::soak::interrupted() {
            out.notes
                .push(format!("load: soak of {} not run: interrupted", s.id));
            continue;
        }
        (ctx.progress)(&format!(
            "load: soaking {} for {} s (Ctrl-C ends it, keeping what it has)",
            s.id,
            each.as_secs()
        ));
        let Ok(mix) = Mix::for_workload(&s.good, ctx.load.bad_fraction, MIX_SEED, s.work.as_ref())
        else {
            continue;
        };
        let config = SoakConfig {
            threads: cores,
            duration: each,
            window,
            heap,
        };
        if heap.is_some() {
            encbench_robust::alloc::arm(0, usize::MAX);
        }
        let result = encbench_load::soak(s.work.as_ref(), &mix, config);
        encbench_robust::alloc::disarm();
        let r = match result {
            Ok(r) => r,
            Err(e) => {
                out.failures
                    .push(Failure::new(&meta(&s.id, s.dataset, "soak"), e.to_string()));
                continue;
            }
        };
        let per_min = |slope: Option<encbench_load::soak::Slope>| {
            slope.map(|x| [x.per_s * 60.0, x.low * 60.0, x.high * 60.0])
        };
        let rss = |i: usize| r.windows.get(i).map_or(0.0, |w| w.rss_bytes);
        let summary = SoakSummary {
            seconds: r.elapsed_s,
            windows: r.windows.len(),
            interrupted: r.interrupted,
            rss_bytes_per_min: per_min(r.rss),
            heap_bytes_per_min: per_min(r.heap),
            throughput_drift_pct: r.drift_pct().map(|(a, b, c)| [a, b, c]),
            rss_first_last_bytes: [rss(0), rss(r.windows.len().saturating_sub(1))],
            verdict: r.verdict().as_str().to_string(),
            series: r
                .windows
                .iter()
                .map(|w| [w.at_s, w.messages_per_s, w.rss_bytes])
                .collect(),
        };
        let mps = r.tally.messages as f64 / r.elapsed_s.max(1e-9);
        let row = LoadRow {
            threads: cores as u32,
            messages_per_s: mps,
            bad_fraction: mix.bad_fraction(),
            errors: Some(r.tally.errors),
            window_ns: r
                .windows
                .iter()
                .map(|w| 1e9 / w.messages_per_s.max(1e-9))
                .collect(),
            soak: Some(summary),
            ..LoadRow::default()
        };
        let mut m = meta(&s.id, &format!("{}/soak", s.dataset), "soak");
        m.logical_bytes = s.logical_bytes;
        m.encoded_bytes = s.mean_bytes();
        out.records
            .push(Record::load(m, &s.proof.clone().into(), row));
    }
    let end = encbench_measure::steadiness::probe("soak end");
    out.notes.push(format!(
        "load: soak {} s in all, {} s per codec in windows of {} ms; live heap {}; the machine's steadiness probe spread {:.1} % at the start and {:.1} % at the end (throughput drift within that is the machine, not the codec)",
        total.as_secs(),
        each.as_secs(),
        window.as_millis(),
        if heap.is_some() { "counted by encbench's allocator" } else { "not counted (no counting allocator in this process): RSS only" },
        start.spread_pct(),
        end.spread_pct(),
    ));
}
