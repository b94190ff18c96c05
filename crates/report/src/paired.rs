//! Paired runs (`encbench pair`): a baseline's and a candidate's runs made
//! in turn on one machine, each side's runs pooled into one document that
//! [`crate::compare::compare`] judges. A shared machine changes speed
//! between runs and a process's memory layout moves a row between runs;
//! runs made in turn meet the same drift, and a row that one process got
//! wrong is outvoted by the others in the pooled median.

use crate::compare::{compare_with_noise, Comparison};
use encbench_record::{Record, RunDocument};
use std::collections::HashMap;

/// The order of `rounds` paired runs, `true` for the baseline: A B, B A,
/// A B, … so a machine that drifts one way favours neither side.
pub fn order(rounds: usize) -> Vec<bool> {
    (0..rounds)
        .flat_map(|r| match r % 2 {
            0 => [true, false],
            _ => [false, true],
        })
        .collect()
}

/// One side's runs as one document: each row's samples from every run
/// that has it, in run order, summarised again; every run's steadiness
/// probes, named by run. A row missing from some runs (it failed there) is
/// kept over the runs that have it, with a note; instructions per
/// operation are the runs' median. The first run gives everything else.
pub fn pool(runs: &[RunDocument]) -> Result<RunDocument, String> {
    let Some(first) = runs.first() else {
        return Err("no runs to pool".into());
    };
    let rows = by_row(runs);
    let mut pooled = first.clone();
    pooled.results = Vec::with_capacity(rows.len());
    for (key, records) in rows {
        if records.len() < runs.len() {
            pooled.notes.push(format!(
                "{key}: measured in {} of {} runs; pooled over those",
                records.len(),
                runs.len()
            ));
        }
        let samples: Vec<f64> = records
            .iter()
            .flat_map(|r| r.samples_ns.iter().copied())
            .collect();
        // Rows that keep no raw samples (open-loop latency) pool their
        // runs' medians.
        let mut record = match samples.is_empty() {
            true => {
                let mut r = records[0].clone();
                r.median_ns = median_of(records.iter().map(|r| r.median_ns)).unwrap_or(0.0);
                r
            }
            false => records[0].with_samples(samples)?,
        };
        record.instructions_per_op =
            median_of(records.iter().filter_map(|r| r.instructions_per_op));
        pooled.results.push(record);
    }
    pooled.environment.steadiness = runs
        .iter()
        .enumerate()
        .flat_map(|(i, run)| {
            run.environment.steadiness.iter().map(move |s| {
                let mut s = s.clone();
                s.at = format!("run {} {}", i + 1, s.at);
                s
            })
        })
        .collect();
    Ok(pooled)
}

/// Judges the candidate's runs against the baseline's: [`compare`] of the
/// two sides pooled, where a row's noise is also how far its runs
/// disagreed on each side (the slowest run's median over the fastest's),
/// the two added: a machine that flips between two speeds for whole runs
/// makes each run tight and the runs far apart, and the pooled median of
/// each side lands on whichever speed most of its runs met. A change
/// counts only when it is larger than both sides' spreads together, so
/// two sides whose runs merely fail to overlap by chance (1 in 126 for
/// five runs each) are not a finding.
pub fn judge(
    baseline: &[RunDocument],
    candidate: &[RunDocument],
    threshold_pct: f64,
) -> Result<(Comparison, Vec<String>), String> {
    let (before, after) = (pool(baseline)?, pool(candidate)?);
    // Each row's slowest run median over its fastest, in percent.
    let spreads = |runs: &[RunDocument]| -> HashMap<String, f64> {
        by_row(runs)
            .into_iter()
            .map(|(key, records)| {
                let medians = records.iter().map(|r| r.median_ns);
                let low = medians.clone().fold(f64::INFINITY, f64::min);
                let high = medians.fold(f64::NEG_INFINITY, f64::max);
                let pct = if low > 0.0 {
                    (high / low - 1.0) * 100.0
                } else {
                    0.0
                };
                (key, pct)
            })
            .collect()
    };
    let (a, b) = (spreads(baseline), spreads(candidate));
    let more_noise = |x: &Record, _: &Record| {
        let key = x.key();
        a.get(&key).unwrap_or(&0.0) + b.get(&key).unwrap_or(&0.0)
    };
    let cmp = compare_with_noise(&before, &after, threshold_pct, &more_noise);
    // The first run's own notes are the same on every run; the pooling's are not.
    let pooled = |doc: &RunDocument, runs: &[RunDocument], side: &str| -> Vec<String> {
        let own = runs.first().map_or(0, |r| r.notes.len());
        doc.notes[own..]
            .iter()
            .map(|n| format!("{side}: {n}"))
            .collect()
    };
    let mut notes = pooled(&before, baseline, "baseline");
    notes.extend(pooled(&after, candidate, "candidate"));
    Ok((cmp, notes))
}

/// Each row's records across `runs`, by key, in the order rows first appear.
fn by_row(runs: &[RunDocument]) -> Vec<(String, Vec<&Record>)> {
    let mut rows: Vec<(String, Vec<&Record>)> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for r in runs.iter().flat_map(|run| &run.results) {
        let key = r.key();
        match at.get(&key) {
            Some(&i) => rows[i].1.push(r),
            None => {
                at.insert(key.clone(), rows.len());
                rows.push((key, vec![r]));
            }
        }
    }
    rows
}

/// The median of some values; `None` when there are none (or one is NaN).
fn median_of(values: impl Iterator<Item = f64>) -> Option<f64> {
    let v: Vec<f64> = values.collect();
    encbench_stats::Sample::new(&v).ok().map(|s| s.median())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{compare, Verdict};
    use crate::tests::document;

    /// A run whose one row has 20 samples around `level` ns.
    fn run(level: f64) -> RunDocument {
        let mut d = document();
        let samples: Vec<f64> = (0..20)
            .map(|i| level * (1.0 + f64::from(i % 5) * 0.004))
            .collect();
        d.results[0] = d.results[0].with_samples(samples).expect("samples");
        d
    }

    #[test]
    fn runs_take_turns_so_drift_favours_neither_side() {
        assert_eq!(order(1), [true, false]);
        assert_eq!(order(3), [true, false, false, true, true, false]);
        assert_eq!(order(4).iter().filter(|a| **a).count(), 4);
    }

    #[test]
    fn pooling_keeps_every_sample_and_summarises_them_again() {
        let runs = [run(1000.0), run(1100.0), run(1200.0)];
        let pooled = pool(&runs).expect("pools");
        let r = &pooled.results[0];
        assert_eq!(r.samples_ns.len(), 60);
        assert_eq!(r.samples, 60);
        assert!(
            r.median_ns > 1090.0 && r.median_ns < 1110.0,
            "{}",
            r.median_ns
        );
        assert!(r.ci95_low_ns <= r.median_ns && r.median_ns <= r.ci95_high_ns);
        let rate = r.items as f64 * 1e9 / r.median_ns;
        assert!((r.items_per_sec - rate).abs() < 1e-6 * rate);
        assert!(pool(&[]).is_err());
    }

    #[test]
    fn one_run_that_went_wrong_is_outvoted_and_a_real_slowdown_is_not() {
        // A/A: one baseline process ran the row 12× slower (a memory
        // layout, a page-fault storm); run against run it is a regression.
        let a = [run(1000.0), run(12_000.0), run(1000.0)];
        let b = [run(1003.0), run(998.0), run(1001.0)];
        let single = compare(&a[1], &b[1], 5.0);
        assert_eq!(single.rows[0].verdict, Verdict::Improved);
        let paired = judge(&a, &b, 5.0).unwrap().0;
        assert_eq!(paired.rows[0].verdict, Verdict::Unchanged);
        // The candidate 10 % slower in every run is flagged.
        let slower = [run(1100.0), run(1098.0), run(1103.0)];
        let paired = judge(&b, &slower, 5.0).unwrap().0;
        assert_eq!(paired.rows[0].verdict, Verdict::Regressed);
        assert!(paired.regressions_beyond(8.0).len() == 1);
    }

    #[test]
    fn runs_at_two_speeds_are_noise_not_a_change() {
        // The machine ran one baseline run and two candidate runs 1.6×
        // slower: each run is tight, the runs disagree.
        let a = [run(1000.0), run(1000.0), run(1600.0)];
        let b = [run(1600.0), run(1000.0), run(1600.0)];
        let pooled = pool(&a).unwrap();
        assert_eq!(pooled.results[0].samples_ns.len(), 60);
        let cmp = judge(&a, &b, 5.0).unwrap().0;
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged, "{:?}", cmp.rows[0]);
        assert!(cmp.rows[0].noise_pct > 119.9, "{:?}", cmp.rows[0]);
        // Pooled alone, each side's median is its majority's speed.
        let plain = compare(&pooled, &pool(&b).unwrap(), 5.0);
        assert_eq!(plain.rows[0].verdict, Verdict::Regressed);
    }

    #[test]
    fn sides_that_fail_to_overlap_by_chance_are_not_a_change() {
        // Seen in an A/A pair on megaco: five runs a side, ranges apart.
        let a: Vec<RunDocument> = [2691.0, 2425.0, 3144.0, 3085.0, 2507.0].map(run).into();
        let b: Vec<RunDocument> = [3208.0, 3871.0, 3192.0, 3356.0, 3988.0].map(run).into();
        let cmp = judge(&a, &b, 10.0).unwrap().0;
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged, "{:?}", cmp.rows[0]);
        // Each side alone moved less than the change: the sum is the bar.
        let row = &cmp.rows[0];
        assert!(row.change_pct > 20.0 && row.noise_pct > 50.0, "{row:?}");
    }

    #[test]
    fn rows_without_raw_samples_pool_their_runs_medians() {
        let bare = |median: f64| {
            let mut d = run(median);
            d.results[0].samples_ns.clear();
            d.results[0].median_ns = median;
            d
        };
        let pooled = pool(&[bare(100.0), bare(300.0), bare(200.0)]).expect("pools");
        assert_eq!(pooled.results[0].median_ns, 200.0);
        assert!(pooled.results[0].samples_ns.is_empty());
    }

    #[test]
    fn a_row_missing_from_a_run_is_pooled_over_the_others_and_noted() {
        let mut gap = run(1000.0);
        gap.results.clear();
        let pooled = pool(&[run(1000.0), gap, run(1000.0)]).expect("pools");
        assert_eq!(pooled.results[0].samples_ns.len(), 40);
        assert!(pooled
            .notes
            .iter()
            .any(|n| n.contains("measured in 2 of 3 runs")));
    }
}
