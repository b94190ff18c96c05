//! Paired runs (`encbench pair`): a baseline's and a candidate's runs made
//! in turn on one machine, each side's runs pooled into one document that
//! [`crate::compare::compare`] judges. A shared machine changes speed
//! between runs and a process's memory layout moves a row between runs;
//! runs made in turn meet the same drift, and a row that one process got
//! wrong is outvoted by the others in the pooled median and in the spread
//! its runs are allowed (the interquartile range of their medians).

use crate::compare::{compare_with_noise, Comparison};
use encbench_record::{Record, RunDocument};
use std::collections::{HashMap, HashSet};

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
/// probes, named by run. A row that keeps no raw samples (open-loop
/// latency) takes its runs' medians (p50s) as its samples when two or more
/// runs have it: the runs' percentiles are its evidence. A row missing from
/// some runs (it failed there) is kept over the runs that have it, with a
/// note; instructions per operation are the runs' median. The first run
/// gives everything else.
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
        // runs' medians, and their percentiles are the runs' medians of them.
        // One run of a row with one figure (mstone) stays as it is.
        let mut record = match (samples.len(), records.len()) {
            (2.., _) => records[0].with_samples(samples)?,
            (_, 1) => records[0].clone(),
            _ => {
                let mut r =
                    records[0].with_samples(records.iter().map(|r| r.median_ns).collect())?;
                r.p50_ns = r.p50_ns.map(|_| r.median_ns);
                r.p99_ns = median_of(records.iter().filter_map(|r| r.p99_ns));
                r.p999_ns = median_of(records.iter().filter_map(|r| r.p999_ns));
                pooled.notes.push(format!(
                    "{key}: keeps no raw samples; its {} runs' medians are its samples",
                    records.len()
                ));
                r
            }
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
/// disagreed on each side, the two added: a machine that flips between two
/// speeds for whole runs makes each run tight and the runs far apart, and
/// the pooled median of each side lands on whichever speed most of its
/// runs met. A change counts only when it is larger than both sides'
/// spreads together, so two sides whose runs merely fail to overlap by
/// chance are not a finding; a row whose spread exceeds the threshold is
/// "cannot tell at this threshold", never "unchanged".
///
/// A side's spread is the interquartile range of its runs' medians over
/// their median ([`spread_pct`]), not their whole range: one run that went
/// wrong (a memory layout, a page-fault storm) would otherwise set the
/// row's bar at its own deviation and hide a real change. With five runs a
/// side (the default) one bad run moves the range's end, not the
/// quartiles; a machine whose runs split two and three between two speeds
/// still spreads them.
pub fn judge(
    baseline: &[RunDocument],
    candidate: &[RunDocument],
    threshold_pct: f64,
) -> Result<(Comparison, Vec<String>), String> {
    let (before, after) = (pool(baseline)?, pool(candidate)?);
    let spreads = |runs: &[RunDocument]| -> HashMap<String, f64> {
        by_row(runs)
            .into_iter()
            .map(|(key, records)| {
                let medians: Vec<f64> = records.iter().map(|r| r.median_ns).collect();
                (key, spread_pct(&medians))
            })
            .collect()
    };
    let (a, b) = (spreads(baseline), spreads(candidate));
    // Rows with one figure a run (latency p50s, mstone's count): pooled,
    // their samples are the runs' figures, whose median interval (of five
    // values: their whole range) one bad run would set; the spreads alone
    // are their noise.
    let sampled: HashSet<String> = by_row(baseline)
        .into_iter()
        .chain(by_row(candidate))
        .filter(|(_, records)| records.iter().any(|r| r.samples_ns.len() > 1))
        .map(|(key, _)| key)
        .collect();
    let noise = |x: &Record, _: &Record, own: f64| {
        let key = x.key();
        let spread = a.get(&key).unwrap_or(&0.0) + b.get(&key).unwrap_or(&0.0);
        match sampled.contains(&key) {
            true => own.max(spread),
            false => spread,
        }
    };
    let cmp = compare_with_noise(&before, &after, threshold_pct, &noise);
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

/// How far one side's runs of a row disagree, in percent: the
/// interquartile range of the runs' medians (linear between order
/// statistics) over their median; 0 for one run or a median of 0.
pub fn spread_pct(medians: &[f64]) -> f64 {
    let Ok(s) = encbench_stats::Sample::new(medians) else {
        return 0.0;
    };
    let mut v: Vec<f64> = medians.to_vec();
    v.sort_by(f64::total_cmp);
    let quantile = |q: f64| {
        let at = q * (v.len() - 1) as f64;
        let (lo, hi) = (at.floor() as usize, at.ceil() as usize);
        v[lo] + (v[hi] - v[lo]) * (at - lo as f64)
    };
    let median = s.median();
    match median > 0.0 {
        true => (quantile(0.75) - quantile(0.25)) / median * 100.0,
        false => 0.0,
    }
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
    use crate::compare::{compare, Basis, Verdict};
    use crate::tests::{document, latency_document};

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
    fn one_bad_baseline_run_neither_fakes_a_change_nor_hides_a_real_slowdown() {
        // One baseline process ran the row 12× slower (a memory layout, a
        // page-fault storm); run against run it is an improvement.
        let a: Vec<RunDocument> = [1000.0, 12_000.0, 1000.0, 1002.0, 999.0].map(run).into();
        let same: Vec<RunDocument> = [1003.0, 998.0, 1001.0, 1000.0, 1002.0].map(run).into();
        let single = compare(&a[1], &same[1], 5.0);
        assert_eq!(single.rows[0].verdict, Verdict::Improved);
        // Paired, A/A: outvoted, and the row is still judged (its bar is
        // the quartiles' spread, not the bad run's deviation).
        let paired = judge(&a, &same, 5.0).unwrap().0;
        let row = &paired.rows[0];
        assert_eq!(row.verdict, Verdict::Unchanged, "{row:?}");
        assert!(row.noise_pct < 5.0, "{row:?}");
        // The candidate 10 % slower in every run, beside that same bad
        // baseline run: flagged. The runs' whole ranges added (the first
        // version's bar, 1100 % here) would have called it unchanged.
        let slower: Vec<RunDocument> = [1100.0, 1098.0, 1103.0, 1101.0, 1099.0].map(run).into();
        let paired = judge(&a, &slower, 5.0).unwrap().0;
        let row = &paired.rows[0];
        assert_eq!(row.verdict, Verdict::Regressed, "{row:?}");
        assert!(row.change_pct > 8.0 && row.noise_pct < 8.0, "{row:?}");
        assert_eq!(paired.regressions_beyond(8.0).len(), 1);
        let range = |runs: &[RunDocument]| {
            let m: Vec<f64> = runs.iter().map(|r| r.results[0].median_ns).collect();
            let (lo, hi) = m
                .iter()
                .fold((f64::MAX, 0.0f64), |(l, h), x| (l.min(*x), h.max(*x)));
            (hi / lo - 1.0) * 100.0
        };
        assert!(range(&a) + range(&slower) > row.change_pct * 10.0);
    }

    #[test]
    fn the_spread_is_the_runs_interquartile_range() {
        assert_eq!(spread_pct(&[1000.0]), 0.0);
        assert_eq!(spread_pct(&[]), 0.0);
        // One bad run of five moves the range, not the quartiles.
        assert!(spread_pct(&[1000.0, 1000.0, 1000.0, 1010.0, 12_000.0]) < 1.1);
        // Two of five at another speed: the quartiles span both.
        let two_speeds = spread_pct(&[1000.0, 1600.0, 1000.0, 1600.0, 1000.0]);
        assert!((two_speeds - 60.0).abs() < 1e-9, "{two_speeds}");
        // Two runs: half their distance.
        assert!((spread_pct(&[1000.0, 1200.0]) - 100.0 / 11.0).abs() < 1e-9);
    }

    #[test]
    fn runs_at_two_speeds_are_noise_not_a_change() {
        // The machine ran two baseline runs and three candidate runs 1.6×
        // slower: each run is tight, the runs disagree.
        let a: Vec<RunDocument> = [1000.0, 1000.0, 1600.0, 1000.0, 1600.0].map(run).into();
        let b: Vec<RunDocument> = [1600.0, 1000.0, 1600.0, 1600.0, 1000.0].map(run).into();
        let pooled = pool(&a).unwrap();
        assert_eq!(pooled.results[0].samples_ns.len(), 100);
        let cmp = judge(&a, &b, 5.0).unwrap().0;
        let row = &cmp.rows[0];
        assert_eq!(row.verdict, Verdict::CannotTell, "{row:?}");
        assert!(row.noise_pct > 60.0, "{row:?}");
        assert!(cmp.regressions_beyond(0.0).is_empty());
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
        let row = &cmp.rows[0];
        // Each side's quartiles alone spread more than the threshold: the
        // honest answer is that a 10 % change could not be seen here.
        assert_eq!(row.verdict, Verdict::CannotTell, "{row:?}");
        assert!(row.change_pct > 20.0 && row.noise_pct > 40.0, "{row:?}");
        assert!(cmp.regressions_beyond(0.0).is_empty());
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
        assert_eq!(pooled.results[0].samples_ns, [100.0, 300.0, 200.0]);
        assert!(pooled
            .notes
            .iter()
            .any(|n| n.contains("its 3 runs' medians are its samples")));
        // One run: the row as it was.
        let one = pool(&[bare(100.0)]).expect("pools");
        assert!(one.results[0].samples_ns.is_empty());
    }

    #[test]
    fn a_latency_regression_in_rows_without_samples_is_flagged() {
        // Five runs a side of latency rows (no raw samples): their p50s are
        // the evidence, tested by rank, five against five. The candidate
        // 30 % slower at p50 in every run, one of its runs far off.
        let side = |p50s: [f64; 5]| -> Vec<RunDocument> {
            p50s.map(|p| latency_document(p, 0.5, 2000.0)).into()
        };
        let a = side([50_000.0, 50_400.0, 49_800.0, 50_300.0, 50_100.0]);
        let b = side([65_000.0, 65_300.0, 64_900.0, 120_000.0, 65_100.0]);
        let cmp = judge(&a, &b, 5.0).unwrap().0;
        let latency = &cmp.rows[0];
        assert_eq!(latency.basis, Basis::Samples, "{latency:?}");
        assert_eq!(latency.verdict, Verdict::Regressed, "{latency:?}");
        assert!(latency.p_value.unwrap() < 0.05, "{latency:?}");
        // The same build on both sides, one run far off: not a regression.
        let same = side([50_200.0, 49_900.0, 90_000.0, 50_000.0, 50_100.0]);
        let cmp = judge(&a, &same, 5.0).unwrap().0;
        assert_ne!(cmp.rows[0].verdict, Verdict::Regressed, "{:?}", cmp.rows[0]);
        // mstone's one figure a run: five of them a side are its samples.
        let slower_mstone: Vec<RunDocument> = [2600.0, 2610.0, 2590.0, 2605.0, 2595.0]
            .map(|m| latency_document(50_000.0, 0.5, m))
            .into();
        let mstone_base: Vec<RunDocument> = [2000.0, 2010.0, 1990.0, 2005.0, 1995.0]
            .map(|m| latency_document(50_000.0, 0.5, m))
            .into();
        let cmp = judge(&mstone_base, &slower_mstone, 5.0).unwrap().0;
        assert_eq!(cmp.rows[1].verdict, Verdict::Regressed, "{:?}", cmp.rows[1]);
        // One run a side: mstone has nothing to judge it by.
        let cmp = judge(&mstone_base[..1], &slower_mstone[..1], 5.0)
            .unwrap()
            .0;
        assert_eq!(cmp.rows[1].verdict, Verdict::NotComparable);
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
