//! Two runs side by side: each row of the newer run matched to the same row
//! of the older one, the change in median, and a Mann-Whitney U test on the
//! stored raw samples so noise is not reported as a change. Runs from two
//! different machines are also put on one scale: each run's times divided
//! by its own reference row (memory copy bandwidth, or the engine's
//! empty-body time when a run has no copy row), so the change says whether
//! a row moved relative to what its machine can do.
//!
//! A significant test is not enough on a shared machine: two runs of one
//! build differ by more than their samples' spread, because the machine's
//! speed moves between them. So a change also has to exceed the noise the
//! two runs show themselves: each row's median uncertainty (its 95 %
//! interval, from its samples) in both runs, plus how far the machine's own
//! steadiness probe moved from one run to the other.

use crate::table::Table;
use crate::units;
use encbench_record::{Record, RunDocument, Steadiness};
use encbench_stats::mann_whitney::mann_whitney;

/// Significance level of the test.
pub const ALPHA: f64 = 0.05;

/// What happened to one row between two runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Faster beyond the threshold, and significant.
    Improved,
    /// Slower beyond the threshold, and significant.
    Regressed,
    /// Within the threshold, or not significant.
    Unchanged,
}

/// One matched row.
#[derive(Debug, Clone, PartialEq)]
pub struct RowChange {
    /// scenario / dataset / codec / operation / medium / compression.
    pub key: String,
    /// Median of the older run, ns.
    pub before_ns: f64,
    /// Median of the newer run, ns.
    pub after_ns: f64,
    /// after ÷ before − 1, as a percentage.
    pub change_pct: f64,
    /// Runs from different machines: the change after dividing each run's
    /// times by its reference (see [`Normalisation`]), as a percentage.
    pub normalised_pct: Option<f64>,
    /// Two-sided Mann-Whitney p-value on the raw (or, across machines,
    /// normalised) samples (None: too few samples).
    pub p_value: Option<f64>,
    /// The change the two runs' own noise allows, as a percentage: the
    /// rows' median intervals combined, plus the machine's drift.
    pub noise_pct: f64,
    /// Change in instructions per operation, as a percentage, when both
    /// runs counted them (`run --instructions`).
    pub instructions_pct: Option<f64>,
    /// The call.
    pub verdict: Verdict,
}

/// Below this, two instruction counts of one row are the same code path:
/// consecutive counts of one build agree far closer than this.
pub const INSTRUCTIONS_SAME_PCT: f64 = 0.5;

/// Every matched row, plus rows present in only one run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Comparison {
    /// Rows in both runs.
    pub rows: Vec<RowChange>,
    /// Keys only in the older run.
    pub only_before: Vec<String>,
    /// Keys only in the newer run.
    pub only_after: Vec<String>,
    /// Set when the runs come from different machines.
    pub normalisation: Option<Normalisation>,
    /// Each run's machine steadiness probes (older, newer), when both
    /// runs took them.
    pub steadiness: Option<(Vec<Steadiness>, Vec<Steadiness>)>,
    /// How far the machine's speed moved over the two runs, as a
    /// percentage (0 without probes): part of every row's noise.
    pub machine_drift_pct: f64,
}

/// How two runs from different machines are put on one scale.
#[derive(Debug, Clone, PartialEq)]
pub struct Normalisation {
    /// The older run's machine, described.
    pub before_machine: String,
    /// The newer run's machine, described.
    pub after_machine: String,
    /// What each run's times are divided by.
    pub reference: String,
    /// The reference in the older run, ns.
    pub before_ns: f64,
    /// The reference in the newer run, ns.
    pub after_ns: f64,
}

impl RowChange {
    /// The change the verdict is about: normalised across machines, raw otherwise.
    pub fn judged_pct(&self) -> f64 {
        self.normalised_pct.unwrap_or(self.change_pct)
    }
}

/// A machine as the comparison names it.
fn machine(doc: &RunDocument) -> String {
    let e = &doc.environment;
    format!("{}, {} cores, {}", e.cpu_model, e.logical_cores, e.arch)
}

/// Each run's reference time when the runs come from different machines:
/// the memory copy row both runs have, else the engine's empty body.
fn normalisation(before: &RunDocument, after: &RunDocument) -> Option<Normalisation> {
    let (before_machine, after_machine) = (machine(before), machine(after));
    if before_machine == after_machine {
        return None;
    }
    let copy = after.results.iter().find_map(|b| {
        let is_copy = b.codec == "reference/memcpy" && b.medium.as_str() == "memory";
        let a = before
            .results
            .iter()
            .find(|a| is_copy && key(a) == key(b))?;
        Some((
            format!("memory copy bandwidth ({})", key(b)),
            a.median_ns,
            b.median_ns,
        ))
    });
    let empty = || {
        let (a, b) = (
            before.environment.engine.empty_body_ns,
            after.environment.engine.empty_body_ns,
        );
        (a > 0.0 && b > 0.0).then(|| ("the engine's empty-body time".to_string(), a, b))
    };
    let (reference, before_ns, after_ns) = copy.or_else(empty)?;
    Some(Normalisation {
        before_machine,
        after_machine,
        reference,
        before_ns,
        after_ns,
    })
}
impl Comparison {
    /// Rows that regressed by more than `pct` percent (and significantly),
    /// in time or in instructions.
    pub fn regressions_beyond(&self, pct: f64) -> Vec<&RowChange> {
        self.rows
            .iter()
            .filter(|r| {
                r.verdict == Verdict::Regressed
                    && (r.judged_pct() > pct || r.instructions_pct.is_some_and(|i| i > pct))
            })
            .collect()
    }
}

fn key(r: &Record) -> String {
    r.key()
}

/// How far the machine's speed moved, in percent, from its steadiness
/// probes: on one machine, between the two runs (the mean probe median of
/// one over the other's); across machines (whose loops differ in speed),
/// the larger of each run's own movement from its first probe to its last.
fn machine_drift_pct(before: &[Steadiness], after: &[Steadiness], one_machine: bool) -> f64 {
    let mean = |probes: &[Steadiness]| {
        let medians: Vec<f64> = probes
            .iter()
            .map(|s| s.median_ns)
            .filter(|m| *m > 0.0)
            .collect();
        (!medians.is_empty()).then(|| medians.iter().sum::<f64>() / medians.len() as f64)
    };
    let within = |probes: &[Steadiness]| match (probes.first(), probes.last()) {
        (Some(f), Some(l)) if f.median_ns > 0.0 && l.median_ns > 0.0 => {
            (f.median_ns.max(l.median_ns) / f.median_ns.min(l.median_ns) - 1.0) * 100.0
        }
        _ => 0.0,
    };
    if one_machine {
        match (mean(before), mean(after)) {
            (Some(b), Some(a)) => (a.max(b) / a.min(b) - 1.0) * 100.0,
            _ => 0.0,
        }
    } else {
        within(before).max(within(after))
    }
}

/// Half the width of a row's 95 % median interval, relative to its median,
/// from its samples (0 with fewer than two).
fn relative_uncertainty(samples: &[f64]) -> f64 {
    let Ok(s) = encbench_stats::Sample::new(samples) else {
        return 0.0;
    };
    let ci = s.median_ci(0.95);
    let median = s.median();
    if median > 0.0 {
        (ci.high - ci.low) / 2.0 / median
    } else {
        0.0
    }
}

/// The change two rows' own noise allows, in percent: their median
/// uncertainties combined, plus the machine's drift.
fn noise_pct(a: &Record, b: &Record, machine_drift_pct: f64) -> f64 {
    let (ua, ub) = (
        relative_uncertainty(&a.samples_ns),
        relative_uncertainty(&b.samples_ns),
    );
    100.0 * ua.hypot(ub) + machine_drift_pct
}

/// Compares `after` against `before`; a change counts when it exceeds
/// `threshold_pct` and the noise of the two runs, and the samples differ
/// significantly.
pub fn compare(before: &RunDocument, after: &RunDocument, threshold_pct: f64) -> Comparison {
    compare_with_noise(before, after, threshold_pct, &|_, _| 0.0)
}

/// [`compare`], where a row's noise is at least `more_noise(before, after)`
/// percent: what a caller knows beyond the two rows' samples (how far
/// pooled runs disagreed, in `pair`).
pub fn compare_with_noise(
    before: &RunDocument,
    after: &RunDocument,
    threshold_pct: f64,
    more_noise: &dyn Fn(&Record, &Record) -> f64,
) -> Comparison {
    let (b, a) = (
        &before.environment.steadiness,
        &after.environment.steadiness,
    );
    let mut out = Comparison {
        normalisation: normalisation(before, after),
        steadiness: (!b.is_empty() && !a.is_empty()).then(|| (b.clone(), a.clone())),
        ..Comparison::default()
    };
    out.machine_drift_pct = machine_drift_pct(b, a, out.normalisation.is_none());
    let scale = out
        .normalisation
        .as_ref()
        .map(|n| (1.0 / n.before_ns, 1.0 / n.after_ns));
    for b in &after.results {
        let k = key(b);
        let Some(a) = before.results.iter().find(|a| key(a) == k) else {
            out.only_after.push(k);
            continue;
        };
        let change_pct = (b.median_ns / a.median_ns - 1.0) * 100.0;
        let (p_value, normalised_pct) = match scale {
            None => (
                mann_whitney(&a.samples_ns, &b.samples_ns).map(|t| t.p_value),
                None,
            ),
            Some((sa, sb)) => {
                let scaled =
                    |r: &Record, s: f64| r.samples_ns.iter().map(|x| x * s).collect::<Vec<_>>();
                let p = mann_whitney(&scaled(a, sa), &scaled(b, sb)).map(|t| t.p_value);
                (
                    p,
                    Some(((b.median_ns * sb) / (a.median_ns * sa) - 1.0) * 100.0),
                )
            }
        };
        let judged = normalised_pct.unwrap_or(change_pct);
        let noise_pct = noise_pct(a, b, out.machine_drift_pct).max(more_noise(a, b));
        let beyond = judged.abs() > threshold_pct && judged.abs() > noise_pct;
        let significant = p_value.is_some_and(|p| p < ALPHA);
        let instructions_pct = match (a.instructions_per_op, b.instructions_per_op) {
            (Some(x), Some(y)) if x > 0.0 => Some((y / x - 1.0) * 100.0),
            _ => None,
        };
        // Instruction counts repeat, so the threshold alone judges them: a
        // change of code path shows even where the machine's noise hides it.
        let verdict = match instructions_pct {
            _ if significant && beyond && judged > 0.0 => Verdict::Regressed,
            _ if significant && beyond && judged < 0.0 => Verdict::Improved,
            Some(i) if i > threshold_pct => Verdict::Regressed,
            Some(i) if i < -threshold_pct => Verdict::Improved,
            _ => Verdict::Unchanged,
        };
        out.rows.push(RowChange {
            key: k,
            before_ns: a.median_ns,
            after_ns: b.median_ns,
            change_pct,
            normalised_pct,
            p_value,
            noise_pct,
            instructions_pct,
            verdict,
        });
    }
    out.only_before = before
        .results
        .iter()
        .map(key)
        .filter(|k| !after.results.iter().any(|b| key(b) == *k))
        .collect();
    out
}

/// The comparison as a terminal table.
pub fn render(cmp: &Comparison, before_label: &str, after_label: &str) -> String {
    let normalised = cmp.normalisation.is_some();
    let mut headers = vec!["row", before_label, after_label, "change"];
    if normalised {
        headers.push("normalised");
    }
    headers.extend(["noise", "p"]);
    let counted = cmp.rows.iter().any(|r| r.instructions_pct.is_some());
    if counted {
        headers.push("instructions");
    }
    headers.push("");
    let mut right = vec![true; headers.len()];
    right[0] = false;
    *right.last_mut().expect("headers") = false;
    let table = Table {
        headers: headers.into_iter().map(String::from).collect(),
        right,
        rows: cmp
            .rows
            .iter()
            .map(|r| {
                let mut row = vec![
                    r.key.clone(),
                    units::duration(r.before_ns),
                    units::duration(r.after_ns),
                    format!("{:+.1}%", r.change_pct),
                ];
                if let Some(n) = r.normalised_pct {
                    row.push(format!("{n:+.1}%"));
                }
                row.push(format!("±{:.1}%", r.noise_pct));
                row.push(r.p_value.map_or("n/a".into(), |p| format!("{p:.3}")));
                if counted {
                    row.push(
                        r.instructions_pct
                            .map_or(String::new(), |i| format!("{i:+.2}%")),
                    );
                }
                let mut verdict = match r.verdict {
                    Verdict::Improved => "improved".to_string(),
                    Verdict::Regressed => "REGRESSED".to_string(),
                    Verdict::Unchanged => String::new(),
                };
                let same_code = r
                    .instructions_pct
                    .is_some_and(|i| i.abs() < INSTRUCTIONS_SAME_PCT);
                if r.verdict != Verdict::Unchanged && same_code {
                    verdict.push_str(" (same instructions: memory, or the machine)");
                }
                row.push(verdict);
                row
            })
            .collect(),
    };
    let mut out = String::new();
    if let Some(n) = &cmp.normalisation {
        out.push_str(&format!(
            "different machines: {before_label} ran on {}; {after_label} on {}\n\
             normalised: each run's times divided by its own {} ({} and {}); the verdicts use the normalised change, the raw change is shown beside it\n",
            n.before_machine,
            n.after_machine,
            n.reference,
            units::duration(n.before_ns),
            units::duration(n.after_ns),
        ));
    }
    if let Some((before, after)) = &cmp.steadiness {
        let one_machine = cmp.normalisation.is_none();
        out.push_str(&steadiness_line(
            before,
            after,
            before_label,
            after_label,
            one_machine,
        ));
    }
    out.push_str(&table.plain(""));
    let count = |v| cmp.rows.iter().filter(|r| r.verdict == v).count();
    out.push_str(&format!(
        "{} rows: {} improved, {} regressed, {} unchanged (a change counts beyond the threshold, beyond the runs' own noise — each row's median interval in both runs, plus the machine's drift of {:.1} % — and at Mann-Whitney p < {ALPHA}; or, where both runs counted instructions, when they moved beyond the threshold)\n",
        cmp.rows.len(),
        count(Verdict::Improved),
        count(Verdict::Regressed),
        count(Verdict::Unchanged),
        cmp.machine_drift_pct
    ));
    for k in &cmp.only_before {
        out.push_str(&format!("only in {before_label}: {k}\n"));
    }
    for k in &cmp.only_after {
        out.push_str(&format!("only in {after_label}: {k}\n"));
    }
    out
}

/// Each probe as `start 678 µs, slowest tenth +41 %`: the fixed loop's
/// median chunk time, and how much slower its slowest tenth of chunks ran
/// than its fastest tenth.
pub(crate) fn describe(probes: &[Steadiness]) -> String {
    probes
        .iter()
        .map(|s| {
            format!(
                "{} {}, slowest tenth +{:.0} %",
                s.at,
                units::duration(s.median_ns),
                s.spread_pct()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The machine's own state in each run: the fixed loop's median and spread
/// at each probe and, for two runs of one machine, how the loop's speed
/// moved between them (a change of rows no larger than that may be the
/// machine's; across machines it is the hardware's difference).
fn steadiness_line(
    before: &[Steadiness],
    after: &[Steadiness],
    before_label: &str,
    after_label: &str,
    one_machine: bool,
) -> String {
    let mean = |probes: &[Steadiness]| {
        probes.iter().map(|s| s.median_ns).sum::<f64>() / probes.len() as f64
    };
    let mut line = format!(
        "machine steadiness (one fixed cache-bound loop, timed in chunks): {before_label}: {}. {after_label}: {}.",
        describe(before),
        describe(after),
    );
    if one_machine && mean(before) > 0.0 {
        let moved = (mean(after) / mean(before) - 1.0) * 100.0;
        let direction = if moved < 0.0 { "less" } else { "more" };
        line.push_str(&format!(
            " The same loop took {:.1} % {direction} time in {after_label}.",
            moved.abs()
        ));
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::document;

    fn scaled(doc: &RunDocument, factor: f64) -> RunDocument {
        let mut d = doc.clone();
        for r in &mut d.results {
            // Distinct, deterministic jitter so the samples are not all tied.
            r.samples_ns = (0..30)
                .map(|i| 1e6 * factor * (1.0 + f64::from(i % 7) * 0.002))
                .collect();
            r.median_ns = 1e6 * factor * 1.006;
        }
        d
    }

    #[test]
    fn identical_runs_show_no_change() {
        let a = scaled(&document(), 1.0);
        let cmp = compare(&a, &a, 5.0);
        assert_eq!(cmp.rows.len(), 1);
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged);
        assert!(cmp.rows[0].p_value.unwrap() > 0.5);
        assert!(cmp.regressions_beyond(0.0).is_empty());
    }

    #[test]
    fn a_twenty_percent_slowdown_is_a_significant_regression() {
        let a = scaled(&document(), 1.0);
        let b = scaled(&document(), 1.2);
        let cmp = compare(&a, &b, 5.0);
        let row = &cmp.rows[0];
        assert_eq!(row.verdict, Verdict::Regressed);
        assert!((row.change_pct - 20.0).abs() < 0.01);
        assert!(row.p_value.unwrap() < 1e-6);
        assert_eq!(cmp.regressions_beyond(10.0).len(), 1);
        assert!(cmp.regressions_beyond(25.0).is_empty());
        let back = compare(&b, &a, 5.0);
        assert_eq!(back.rows[0].verdict, Verdict::Improved);
        let text = render(&cmp, "run 1", "run 2");
        assert!(
            text.contains("REGRESSED") && text.contains("+20.0%"),
            "{text}"
        );
    }

    #[test]
    fn a_shift_below_the_threshold_is_not_flagged() {
        let a = scaled(&document(), 1.0);
        let b = scaled(&document(), 1.03);
        assert_eq!(compare(&a, &b, 5.0).rows[0].verdict, Verdict::Unchanged);
    }

    /// `doc` as run on another machine whose memory copy takes `copy_ns`.
    fn elsewhere(doc: &RunDocument, copy_ns: f64) -> RunDocument {
        let mut d = doc.clone();
        d.environment.cpu_model = "Other CPU".into();
        let mut copy = d.results[0].clone();
        copy.codec = "reference/memcpy".into();
        copy.operation = "copy".into();
        copy.medium = encbench_record::Medium::Memory;
        copy.samples_ns = (0..30)
            .map(|i| copy_ns * (1.0 + f64::from(i % 7) * 0.002))
            .collect();
        copy.median_ns = copy_ns * 1.006;
        d.results.push(copy);
        d
    }

    #[test]
    fn runs_from_two_machines_are_judged_relative_to_each_machines_copy_speed() {
        // Machine B is 2× slower at everything, memory copy included: the
        // raw change is +100 %, the normalised one 0 — not a regression.
        let a = elsewhere(&scaled(&document(), 1.0), 1e5);
        let mut b = elsewhere(&scaled(&document(), 2.0), 2e5);
        b.environment.cpu_model = "Slow CPU".into();
        let cmp = compare(&a, &b, 5.0);
        let n = cmp.normalisation.as_ref().unwrap();
        assert!(n.reference.starts_with("memory copy bandwidth"), "{n:?}");
        let row = &cmp.rows[0];
        assert!((row.change_pct - 100.0).abs() < 0.01, "{row:?}");
        assert!(row.normalised_pct.unwrap().abs() < 0.01, "{row:?}");
        assert_eq!(row.verdict, Verdict::Unchanged);
        assert!(cmp.regressions_beyond(5.0).is_empty());
        // The same slowdown with an equally fast copy is a regression.
        let mut c = elsewhere(&scaled(&document(), 2.0), 1e5);
        c.environment.cpu_model = "Slow CPU".into();
        let cmp = compare(&a, &c, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Regressed);
        assert!((cmp.rows[0].normalised_pct.unwrap() - 100.0).abs() < 0.01);
        let text = render(&cmp, "run 1", "run 2");
        assert!(
            text.contains("different machines: run 1 ran on Other CPU"),
            "{text}"
        );
        assert!(text.contains("normalised"), "{text}");
    }

    #[test]
    fn without_a_copy_row_the_empty_body_time_is_the_reference() {
        let a = scaled(&document(), 1.0);
        let mut b = scaled(&document(), 1.0);
        b.environment.cpu_model = "Other CPU".into();
        b.environment.engine.empty_body_ns = a.environment.engine.empty_body_ns * 2.0;
        let cmp = compare(&a, &b, 5.0);
        let n = cmp.normalisation.unwrap();
        assert_eq!(n.reference, "the engine's empty-body time");
        assert!((cmp.rows[0].normalised_pct.unwrap() + 50.0).abs() < 0.01);
    }

    #[test]
    fn runs_from_one_machine_are_not_normalised() {
        let a = scaled(&document(), 1.0);
        let cmp = compare(&a, &scaled(&document(), 1.5), 5.0);
        assert!(cmp.normalisation.is_none());
        assert_eq!(cmp.rows[0].normalised_pct, None);
    }

    #[test]
    fn unmatched_rows_are_listed() {
        let a = document();
        let mut b = document();
        b.results[0].codec = "text/other".into();
        let cmp = compare(&a, &b, 5.0);
        assert!(cmp.rows.is_empty());
        assert_eq!(cmp.only_before.len(), 1);
        assert_eq!(cmp.only_after.len(), 1);
    }

    fn probe(at: &str, p10: f64, median: f64, p90: f64) -> Steadiness {
        Steadiness {
            at: at.into(),
            chunks: 200,
            p10_ns: p10,
            median_ns: median,
            p90_ns: p90,
        }
    }

    #[test]
    fn the_machines_steadiness_in_each_run_is_set_beside_the_rows() {
        let mut a = document();
        let mut b = document();
        // Without probes in both runs, nothing is said.
        assert_eq!(compare(&a, &b, 5.0).steadiness, None);
        a.environment.steadiness = vec![probe("start", 1e6, 1.0e6, 1.02e6)];
        assert_eq!(compare(&a, &b, 5.0).steadiness, None);
        b.environment.steadiness = vec![
            probe("start", 1e6, 1.2e6, 1.4e6),
            probe("end", 1e6, 1.2e6, 1.2e6),
        ];
        let cmp = compare(&a, &b, 5.0);
        let text = render(&cmp, "#1", "#2");
        assert!(
            text.contains("#1: start 1.00 ms, slowest tenth +2 %."),
            "{text}"
        );
        assert!(
            text.contains(
                "#2: start 1.20 ms, slowest tenth +40 %; end 1.20 ms, slowest tenth +20 %."
            ),
            "{text}"
        );
        assert!(
            text.contains("The same loop took 20.0 % more time in #2."),
            "{text}"
        );
        // Across machines the loop's move is the hardware's: not stated.
        b.environment.cpu_model = "Other CPU".into();
        let text = render(&compare(&a, &b, 5.0), "#1", "#2");
        assert!(text.contains("#2: start 1.20 ms"), "{text}");
        assert!(!text.contains("The same loop"), "{text}");
    }

    /// `doc` with its one row's samples spread by ±`spread` around
    /// `median` (30 distinct values).
    fn spread(doc: &RunDocument, median: f64, spread: f64) -> RunDocument {
        let mut d = doc.clone();
        let samples = (0..30)
            .map(|i| median * (1.0 + spread * (f64::from(i) / 29.0 * 2.0 - 1.0)))
            .collect();
        d.results[0] = d.results[0].with_samples(samples).unwrap();
        d
    }

    #[test]
    fn a_change_within_the_runs_own_noise_is_not_flagged() {
        // A tight row (±0.5 %) slowed by an injected 10 %: flagged.
        let a = spread(&document(), 1e6, 0.005);
        let b = spread(&document(), 1.1e6, 0.005);
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Regressed);
        assert!(cmp.rows[0].noise_pct < 1.0, "{:?}", cmp.rows[0]);
        // 5 % on the tight row, with a 3 % threshold: flagged too.
        let b5 = spread(&document(), 1.05e6, 0.005);
        assert_eq!(compare(&a, &b5, 3.0).rows[0].verdict, Verdict::Regressed);
        // The same 10 % on a row whose samples spread ±30 %: its median
        // is not known that closely, so the change is not a finding.
        let wide_a = spread(&document(), 1e6, 0.3);
        let wide_b = spread(&document(), 1.1e6, 0.3);
        let row = &compare(&wide_a, &wide_b, 5.0).rows[0];
        assert!(row.noise_pct > 10.0, "{row:?}");
        assert_eq!(row.verdict, Verdict::Unchanged);
        // The machine itself 12 % slower between the runs (its probe):
        // a 10 % move of a tight row is within what the machine moved.
        let (mut a, mut b) = (a, b);
        a.environment.steadiness = vec![probe("start", 1e6, 1.0e6, 1.02e6)];
        b.environment.steadiness = vec![probe("start", 1.1e6, 1.12e6, 1.15e6)];
        let cmp = compare(&a, &b, 5.0);
        assert!((cmp.machine_drift_pct - 12.0).abs() < 1e-9);
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged);
        assert!(cmp.regressions_beyond(0.0).is_empty());
        let text = render(&cmp, "#1", "#2");
        assert!(text.contains("machine's drift of 12.0 %"), "{text}");
    }

    #[test]
    fn instruction_counts_judge_a_change_the_time_noise_hides() {
        // ±30 % samples hide a 10 % slowdown in time; the instruction count,
        // 10 % up, shows it.
        let mut a = spread(&document(), 1e6, 0.3);
        let mut b = spread(&document(), 1.1e6, 0.3);
        a.results[0].instructions_per_op = Some(10_000.0);
        b.results[0].instructions_per_op = Some(11_000.0);
        let cmp = compare(&a, &b, 5.0);
        let row = &cmp.rows[0];
        assert!((row.instructions_pct.unwrap() - 10.0).abs() < 1e-9);
        assert_eq!(row.verdict, Verdict::Regressed);
        assert_eq!(cmp.regressions_beyond(5.0).len(), 1);
        assert!(render(&cmp, "#1", "#2").contains("+10.00%"));
        // Counts that moved 0.1 %: unchanged, whatever the noisy time says.
        b.results[0].instructions_per_op = Some(10_010.0);
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged);
        assert!(cmp.regressions_beyond(0.0).is_empty());
    }

    #[test]
    fn a_time_change_on_the_same_instructions_says_so() {
        let mut a = spread(&document(), 1e6, 0.005);
        let mut b = spread(&document(), 1.1e6, 0.005);
        a.results[0].instructions_per_op = Some(10_000.0);
        b.results[0].instructions_per_op = Some(10_001.0);
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Regressed);
        let text = render(&cmp, "#1", "#2");
        assert!(text.contains("REGRESSED (same instructions"), "{text}");
        // Without counts in one run, no instruction column at all.
        a.results[0].instructions_per_op = None;
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].instructions_pct, None);
        assert!(!render(&cmp, "#1", "#2").contains("instructions  "));
    }
}
