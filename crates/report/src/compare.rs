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
//!
//! Each row is judged by the best evidence both runs hold for it, and the
//! verdict says which ([`Basis`]): instruction counts, where both runs
//! counted them with the same counter on the same CPU and dispatch; else
//! the raw samples; else (rows that keep none: open-loop latency) the
//! stored interval of each run's median; else nothing, and the row is
//! "not comparable", never "unchanged". A row whose noise is larger than
//! the threshold is "cannot tell at this threshold": a change of that
//! size would not have shown.

use crate::table::Table;
use crate::units;
use encbench_record::{Environment, Record, RunDocument, Steadiness};
use encbench_stats::mann_whitney::mann_whitney;

/// Significance level of the test.
pub const ALPHA: f64 = 0.05;

/// What happened to one row between two runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Faster beyond the threshold and the noise (and significant, where a
    /// test ran).
    Improved,
    /// Slower beyond the threshold and the noise (and significant, where a
    /// test ran).
    Regressed,
    /// Within the threshold, and the evidence would have shown a change of
    /// the threshold's size.
    Unchanged,
    /// Not a finding, but the row's noise is larger than the threshold (or
    /// a change beyond it was not significant): a change of the threshold's
    /// size would not have shown.
    CannotTell,
    /// No evidence to judge by in one run or both: too few samples and no
    /// interval (Erlang's mstone: one figure a run).
    NotComparable,
}

impl Verdict {
    /// The verdict as the table and the summary print it.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Improved => "improved",
            Verdict::Regressed => "REGRESSED",
            Verdict::Unchanged => "unchanged",
            Verdict::CannotTell => "cannot tell at this threshold",
            Verdict::NotComparable => "not comparable",
        }
    }
}

/// What a row's verdict rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// Instructions per operation, counted in both runs by the same
    /// counter on the same CPU and dispatch: the threshold alone.
    Instructions,
    /// The raw samples of both runs: threshold, noise and Mann-Whitney.
    Samples,
    /// Each run's stored interval of its median (rows that keep no raw
    /// samples: open-loop and UDP latency, whose p50 interval comes from
    /// every message's latency): threshold and noise; no test ran.
    Intervals,
    /// Nothing both runs hold.
    Nothing,
}

impl Basis {
    /// The `by` column.
    fn label(self) -> &'static str {
        match self {
            Basis::Instructions => "count",
            Basis::Samples => "time",
            Basis::Intervals => "interval",
            Basis::Nothing => "—",
        }
    }
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
    /// normalised) samples (None: too few samples, no test ran).
    pub p_value: Option<f64>,
    /// The change the two runs' own noise allows, as a percentage: the
    /// rows' median intervals combined, plus the machine's drift (0 where
    /// a run holds no evidence of its noise).
    pub noise_pct: f64,
    /// Change in instructions per operation, as a percentage, when both
    /// runs counted them (`run --instructions`), judged or not (see
    /// [`Comparison::counts_note`]).
    pub instructions_pct: Option<f64>,
    /// What the verdict rests on.
    pub basis: Basis,
    /// The call.
    pub verdict: Verdict,
    /// What else the reader should know about the row: why it is not
    /// comparable, or a time change beyond its noise on the same
    /// instructions.
    pub remark: Option<String>,
}

/// Counted rows needed before their time changes measure the machine's drift.
pub const SAME_WORK_ROWS: usize = 5;

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
    /// percentage (0 without probes or counted rows): part of the noise of
    /// every row judged by time. The larger of the steadiness probes'
    /// movement and [`Comparison::same_work_drift_pct`].
    pub machine_drift_pct: f64,
    /// How far time moved on rows whose instruction counts did not (the
    /// same work, so only the machine moved): the 90th percentile of their
    /// time changes, when at least [`SAME_WORK_ROWS`] rows are counted.
    pub same_work_drift_pct: Option<f64>,
    /// The threshold the rows were judged at, percent.
    pub threshold_pct: f64,
    /// Why instruction counts that both runs hold were not judged (their
    /// counters, CPUs or dispatch differ), when they were not.
    pub counts_note: Option<String>,
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
    /// The time change the verdict is about: normalised across machines,
    /// raw otherwise.
    pub fn judged_pct(&self) -> f64 {
        self.normalised_pct.unwrap_or(self.change_pct)
    }

    /// The change the verdict is about: the instruction count's where the
    /// counts judged the row, else the time's.
    pub fn verdict_pct(&self) -> f64 {
        match (self.basis, self.instructions_pct) {
            (Basis::Instructions, Some(i)) => i,
            _ => self.judged_pct(),
        }
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

/// Why two runs' instruction counts cannot be compared, if they cannot:
/// another counter (hardware and Callgrind count different things: the
/// kernel's entry, valgrind's virtual CPU), another CPU model, or another
/// dispatch (features compiled in, or detected at run time: AVX-512 or
/// not, memchr's paths), any of which changes the count with no change of
/// code.
pub fn counts_differ(before: &Environment, after: &Environment) -> Option<String> {
    let mut differ = Vec::new();
    let counter = |e: &Environment| {
        e.instruction_counter
            .clone()
            .unwrap_or_else(|| "a counter not recorded".into())
    };
    if before.instruction_counter.is_none()
        || before.instruction_counter != after.instruction_counter
    {
        differ.push(format!(
            "counted by {} against {}",
            counter(before),
            counter(after)
        ));
    }
    if before.cpu_model != after.cpu_model || before.arch != after.arch {
        differ.push(format!(
            "on {} ({}) against {} ({})",
            before.cpu_model, before.arch, after.cpu_model, after.arch
        ));
    }
    let only = |x: &[String], y: &[String]| -> Vec<String> {
        x.iter().filter(|f| !y.contains(f)).cloned().collect()
    };
    for (what, x, y) in [
        (
            "features compiled in",
            &before.target_features,
            &after.target_features,
        ),
        (
            "CPU features detected at run time (the dispatch)",
            &before.cpu_features,
            &after.cpu_features,
        ),
    ] {
        let (gone, new) = (only(x, y), only(y, x));
        if !gone.is_empty() || !new.is_empty() {
            let list = |v: &[String]| match v.is_empty() {
                true => "none".to_string(),
                false => v.join(", "),
            };
            differ.push(format!(
                "{what} differ (only the first: {}; only the second: {})",
                list(&gone),
                list(&new)
            ));
        }
    }
    (!differ.is_empty()).then(|| differ.join("; "))
}

impl Comparison {
    /// Rows that regressed by more than `pct` percent: by their
    /// instruction counts where the counts judged them, else by time.
    pub fn regressions_beyond(&self, pct: f64) -> Vec<&RowChange> {
        self.rows
            .iter()
            .filter(|r| r.verdict == Verdict::Regressed && r.verdict_pct() > pct)
            .collect()
    }

    /// Rows with no evidence to judge them by.
    pub fn not_comparable(&self) -> Vec<&RowChange> {
        self.with_verdict(Verdict::NotComparable)
    }

    /// Rows with one verdict.
    pub fn with_verdict(&self, v: Verdict) -> Vec<&RowChange> {
        self.rows.iter().filter(|r| r.verdict == v).collect()
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

/// The machine's drift measured on the work itself: rows both runs counted
/// with the same instructions (within [`INSTRUCTIONS_SAME_PCT`]) did the
/// same work, so how far their times moved is how far the machine moved;
/// the 90th percentile of those moves, so a machine that changed speed for
/// part of a run shows. `None` with fewer than [`SAME_WORK_ROWS`] such rows.
fn same_work_drift_pct(before: &RunDocument, after: &RunDocument) -> Option<f64> {
    let mut moves: Vec<f64> = after
        .results
        .iter()
        .filter_map(|b| {
            let a = before.results.iter().find(|a| a.key() == b.key())?;
            let (x, y) = (a.instructions_per_op?, b.instructions_per_op?);
            let same = x > 0.0 && ((y / x - 1.0) * 100.0).abs() < INSTRUCTIONS_SAME_PCT;
            (same && a.median_ns > 0.0).then(|| ((b.median_ns / a.median_ns - 1.0) * 100.0).abs())
        })
        .collect();
    if moves.len() < SAME_WORK_ROWS {
        return None;
    }
    moves.sort_by(f64::total_cmp);
    let at = ((moves.len() - 1) as f64 * 0.9).round() as usize;
    Some(moves[at])
}

/// Half the width of a row's 95 % median interval, relative to its median:
/// from its samples when it has two or more; else from its stored interval
/// when that has a width (a latency row's p50 interval, from every
/// message); else none (one figure: no evidence of its noise).
fn relative_uncertainty(r: &Record) -> Option<f64> {
    if r.samples_ns.len() >= 2 {
        let s = encbench_stats::Sample::new(&r.samples_ns).ok()?;
        let ci = s.median_ci(0.95);
        let median = s.median();
        return Some(match median > 0.0 {
            true => (ci.high - ci.low) / 2.0 / median,
            false => 0.0,
        });
    }
    let width = r.ci95_high_ns - r.ci95_low_ns;
    (r.median_ns > 0.0 && width > 0.0 && r.ci_level.is_some()).then(|| width / 2.0 / r.median_ns)
}

/// Compares `after` against `before`; a change counts when it exceeds
/// `threshold_pct` and the noise of the two runs, and the samples differ
/// significantly.
pub fn compare(before: &RunDocument, after: &RunDocument, threshold_pct: f64) -> Comparison {
    compare_with_noise(before, after, threshold_pct, &|_, _, own| own)
}

/// [`compare`], where a row's noise is `noise(before, after, own)` percent,
/// `own` being what the two rows' samples and the machine's drift allow:
/// what a caller knows beyond them (how far pooled runs disagreed, in
/// `pair`).
pub fn compare_with_noise(
    before: &RunDocument,
    after: &RunDocument,
    threshold_pct: f64,
    noise: &dyn Fn(&Record, &Record, f64) -> f64,
) -> Comparison {
    let (b, a) = (
        &before.environment.steadiness,
        &after.environment.steadiness,
    );
    let mut out = Comparison {
        normalisation: normalisation(before, after),
        steadiness: (!b.is_empty() && !a.is_empty()).then(|| (b.clone(), a.clone())),
        threshold_pct,
        ..Comparison::default()
    };
    let counts_differ = counts_differ(&before.environment, &after.environment);
    out.same_work_drift_pct = counts_differ
        .is_none()
        .then(|| same_work_drift_pct(before, after))
        .flatten();
    out.machine_drift_pct = machine_drift_pct(b, a, out.normalisation.is_none())
        .max(out.same_work_drift_pct.unwrap_or(0.0));
    let scale = out
        .normalisation
        .as_ref()
        .map(|n| (1.0 / n.before_ns, 1.0 / n.after_ns));
    let mut counts_unjudged = false;
    for b in &after.results {
        let k = key(b);
        let Some(a) = before.results.iter().find(|a| key(a) == k) else {
            out.only_after.push(k);
            continue;
        };
        let change_pct = (b.median_ns / a.median_ns - 1.0) * 100.0;
        let (sa, sb) = scale.unwrap_or((1.0, 1.0));
        let normalised_pct = scale.map(|_| ((b.median_ns * sb) / (a.median_ns * sa) - 1.0) * 100.0);
        let judged = normalised_pct.unwrap_or(change_pct);
        // Scaling every sample by one factor leaves the test's ranks and
        // each interval's relative width as they are; only across machines
        // are the samples scaled first, so p is of the normalised samples.
        let p_value = match (a.samples_ns.len() >= 2, b.samples_ns.len() >= 2) {
            (true, true) => {
                let scaled =
                    |r: &Record, s: f64| r.samples_ns.iter().map(|x| x * s).collect::<Vec<_>>();
                mann_whitney(&scaled(a, sa), &scaled(b, sb)).map(|t| t.p_value)
            }
            _ => None,
        };
        let uncertainty = relative_uncertainty(a).zip(relative_uncertainty(b));
        let time_basis = match (p_value, uncertainty) {
            (Some(_), Some(_)) => Basis::Samples,
            (None, Some(_)) => Basis::Intervals,
            _ => Basis::Nothing,
        };
        let noise_pct = uncertainty.map_or(0.0, |(ua, ub)| {
            noise(a, b, 100.0 * ua.hypot(ub) + out.machine_drift_pct)
        });
        let time = time_verdict(time_basis, judged, noise_pct, p_value, threshold_pct);
        let instructions_pct = match (a.instructions_per_op, b.instructions_per_op) {
            (Some(x), Some(y)) if x > 0.0 => Some((y / x - 1.0) * 100.0),
            _ => None,
        };
        counts_unjudged |= instructions_pct.is_some() && counts_differ.is_some();
        // Instruction counts repeat, so the threshold alone judges them: a
        // change of code path shows even where the machine's noise hides
        // it, and the machine's noise does not show as a change.
        let counted = instructions_pct.filter(|_| counts_differ.is_none());
        let (basis, verdict, remark) = match counted {
            Some(i) => {
                let verdict = match i {
                    i if i > threshold_pct => Verdict::Regressed,
                    i if i < -threshold_pct => Verdict::Improved,
                    _ => Verdict::Unchanged,
                };
                let moved = matches!(time, Verdict::Regressed | Verdict::Improved);
                let remark = (moved && i.abs() < INSTRUCTIONS_SAME_PCT).then(|| {
                    format!(
                        "time {judged:+.1}% beyond its noise on the same instructions: memory, or the machine"
                    )
                });
                (Basis::Instructions, verdict, remark)
            }
            None => {
                let remark = (time == Verdict::NotComparable).then(|| {
                    let bare = |r: &Record| relative_uncertainty(r).is_none();
                    let which = match (bare(a), bare(b)) {
                        (true, true) => "either run",
                        (true, false) => "the first run",
                        _ => "the second run",
                    };
                    format!("no samples or interval in {which} (one figure a run): nothing to test")
                });
                (time_basis, time, remark)
            }
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
            basis,
            verdict,
            remark,
        });
    }
    if counts_unjudged {
        out.counts_note = counts_differ;
    }
    out.only_before = before
        .results
        .iter()
        .map(key)
        .filter(|k| !after.results.iter().any(|b| key(b) == *k))
        .collect();
    out
}

/// A row's verdict on time: a finding beyond the threshold and the noise
/// (and, on samples, at p < [`ALPHA`]); "unchanged" only where the noise
/// would have let a change of the threshold's size show.
fn time_verdict(
    basis: Basis,
    judged: f64,
    noise_pct: f64,
    p_value: Option<f64>,
    threshold_pct: f64,
) -> Verdict {
    let tested = match basis {
        Basis::Samples => p_value.is_some_and(|p| p < ALPHA),
        Basis::Intervals => true,
        Basis::Instructions | Basis::Nothing => return Verdict::NotComparable,
    };
    let beyond = judged.abs() > threshold_pct && judged.abs() > noise_pct;
    match () {
        _ if beyond && tested && judged > 0.0 => Verdict::Regressed,
        _ if beyond && tested => Verdict::Improved,
        _ if noise_pct <= threshold_pct && judged.abs() <= threshold_pct => Verdict::Unchanged,
        _ => Verdict::CannotTell,
    }
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
    headers.extend(["by", ""]);
    let mut right = vec![true; headers.len()];
    right[0] = false;
    let n = right.len();
    (right[n - 2], right[n - 1]) = (false, false);
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
                row.push(match r.basis {
                    Basis::Nothing => "n/a".into(),
                    _ => format!("±{:.1}%", r.noise_pct),
                });
                row.push(r.p_value.map_or("n/a".into(), |p| format!("{p:.3}")));
                if counted {
                    row.push(
                        r.instructions_pct
                            .map_or(String::new(), |i| format!("{i:+.2}%")),
                    );
                }
                row.push(r.basis.label().into());
                let mut verdict = match r.verdict {
                    Verdict::Unchanged => String::new(),
                    v => v.label().to_string(),
                };
                if let Some(remark) = &r.remark {
                    let sep = if verdict.is_empty() { "" } else { ": " };
                    verdict = format!("{verdict}{sep}{remark}");
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
    if let Some(why) = &cmp.counts_note {
        out.push_str(&format!(
            "instruction counts shown, not judged: {before_label} and {after_label} were {why}; those rows are judged by time\n"
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
    let count = |v| cmp.with_verdict(v).len();
    out.push_str(&format!(
        "{} rows: {} improved, {} regressed, {} unchanged, {} cannot tell at this threshold ({}%), {} not comparable\n",
        cmp.rows.len(),
        count(Verdict::Improved),
        count(Verdict::Regressed),
        count(Verdict::Unchanged),
        count(Verdict::CannotTell),
        significant_pct(cmp.threshold_pct),
        count(Verdict::NotComparable),
    ));
    let by = |b| cmp.rows.iter().filter(|r| r.basis == b).count();
    let mut how = Vec::new();
    if by(Basis::Instructions) > 0 {
        how.push(format!(
            "{} by instruction counts (one counter, CPU and dispatch in both runs: the threshold alone)",
            by(Basis::Instructions)
        ));
    }
    if by(Basis::Samples) > 0 {
        how.push(format!(
            "{} by time samples (beyond the threshold, beyond the runs' own noise — each row's median interval in both runs, plus the machine's drift of {:.1} %{} — and at Mann-Whitney p < {ALPHA})",
            by(Basis::Samples),
            cmp.machine_drift_pct,
            match cmp.same_work_drift_pct {
                Some(d) if d >= cmp.machine_drift_pct => format!(
                    ", how far time moved on the counted rows whose instructions did not (90th percentile of {d:.1} %)"
                ),
                _ => String::new(),
            }
        ));
    }
    if by(Basis::Intervals) > 0 {
        how.push(format!(
            "{} by each run's stored median interval, no test (rows that keep no samples: latency percentiles), beyond the threshold and those intervals plus the machine's drift",
            by(Basis::Intervals)
        ));
    }
    if by(Basis::Nothing) > 0 {
        how.push(format!("{} by nothing", by(Basis::Nothing)));
    }
    if !how.is_empty() {
        out.push_str(&format!(
            "judged: {}; \"cannot tell\": the row's noise exceeds the threshold, so a change of that size would not show\n",
            how.join("; ")
        ));
    }
    for k in &cmp.only_before {
        out.push_str(&format!("only in {before_label}: {k}\n"));
    }
    for k in &cmp.only_after {
        out.push_str(&format!("only in {after_label}: {k}\n"));
    }
    out
}

/// `5` for 5.0, `2.5` for 2.5.
fn significant_pct(pct: f64) -> String {
    let s = format!("{pct:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
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
    use crate::tests::{document, latency_document};

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
        // It is not "unchanged" either: a change of 5 % would not show.
        let wide_a = spread(&document(), 1e6, 0.3);
        let wide_b = spread(&document(), 1.1e6, 0.3);
        let cmp = compare(&wide_a, &wide_b, 5.0);
        let row = &cmp.rows[0];
        assert!(row.noise_pct > 10.0, "{row:?}");
        assert_eq!(row.verdict, Verdict::CannotTell);
        assert!(cmp.regressions_beyond(0.0).is_empty());
        let text = render(&cmp, "#1", "#2");
        assert!(text.contains("cannot tell at this threshold"), "{text}");
        assert!(
            text.contains("0 unchanged, 1 cannot tell at this threshold (5%)"),
            "{text}"
        );
        // The same wide rows unmoved, judged at a threshold above their
        // noise: unchanged.
        let row = &compare(&wide_a, &wide_a, 50.0).rows[0];
        assert_eq!(row.verdict, Verdict::Unchanged, "{row:?}");
        // The machine itself 12 % slower between the runs (its probe):
        // a 10 % move of a tight row is within what the machine moved.
        let (mut a, mut b) = (a, b);
        a.environment.steadiness = vec![probe("start", 1e6, 1.0e6, 1.02e6)];
        b.environment.steadiness = vec![probe("start", 1.1e6, 1.12e6, 1.15e6)];
        let cmp = compare(&a, &b, 5.0);
        assert!((cmp.machine_drift_pct - 12.0).abs() < 1e-9);
        assert_eq!(cmp.rows[0].verdict, Verdict::CannotTell);
        assert!(cmp.regressions_beyond(0.0).is_empty());
        let text = render(&cmp, "#1", "#2");
        assert!(text.contains("machine's drift of 12.0 %"), "{text}");
    }

    /// `doc` as counted by `counter`.
    fn counted_by(mut doc: RunDocument, counter: &str) -> RunDocument {
        doc.environment.instruction_counter = Some(counter.into());
        doc
    }

    const HARDWARE: &str = "hardware counter (perf_event_open, user-space instructions)";

    #[test]
    fn instruction_counts_judge_a_change_the_time_noise_hides() {
        // ±30 % samples hide a 10 % slowdown in time; the instruction count,
        // 10 % up, shows it.
        let mut a = counted_by(spread(&document(), 1e6, 0.3), HARDWARE);
        let mut b = counted_by(spread(&document(), 1.1e6, 0.3), HARDWARE);
        a.results[0].instructions_per_op = Some(10_000.0);
        b.results[0].instructions_per_op = Some(11_000.0);
        let cmp = compare(&a, &b, 5.0);
        let row = &cmp.rows[0];
        assert!((row.instructions_pct.unwrap() - 10.0).abs() < 1e-9);
        assert_eq!(row.verdict, Verdict::Regressed);
        assert_eq!(row.basis, Basis::Instructions);
        assert_eq!(cmp.regressions_beyond(5.0).len(), 1);
        assert!(cmp.regressions_beyond(10.5).is_empty());
        assert_eq!(cmp.counts_note, None);
        assert!(render(&cmp, "#1", "#2").contains("+10.00%"));
        // Counts that moved 0.1 %: unchanged, whatever the noisy time says.
        b.results[0].instructions_per_op = Some(10_010.0);
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged);
        assert!(cmp.regressions_beyond(0.0).is_empty());
    }

    #[test]
    fn a_time_change_on_the_same_instructions_says_so() {
        let mut a = counted_by(spread(&document(), 1e6, 0.005), HARDWARE);
        let mut b = counted_by(spread(&document(), 1.1e6, 0.005), HARDWARE);
        a.results[0].instructions_per_op = Some(10_000.0);
        b.results[0].instructions_per_op = Some(10_001.0);
        // The counts judge the row: the same code, whatever the time did;
        // the time's move beyond its noise is said beside it.
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Unchanged);
        assert!(cmp.regressions_beyond(0.0).is_empty());
        let text = render(&cmp, "#1", "#2");
        assert!(
            text.contains("time +10.0% beyond its noise on the same instructions"),
            "{text}"
        );
        // Without counts in one run, no instruction column at all, and
        // the time judges: a regression.
        a.results[0].instructions_per_op = None;
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].instructions_pct, None);
        assert_eq!(cmp.rows[0].verdict, Verdict::Regressed);
        assert_eq!(cmp.rows[0].basis, Basis::Samples);
        assert!(!render(&cmp, "#1", "#2").contains("instructions  "));
    }

    #[test]
    fn counts_from_another_counter_cpu_or_dispatch_are_not_judged() {
        // The counts moved 10 % and the time not at all: one run counted
        // by the CPU's counter, the other by Callgrind (which sees no
        // kernel entry and has its own virtual CPU).
        let mut a = counted_by(spread(&document(), 1e6, 0.005), HARDWARE);
        let mut b = counted_by(
            spread(&document(), 1e6, 0.005),
            "Callgrind (valgrind-3.19.0)",
        );
        a.results[0].instructions_per_op = Some(10_000.0);
        b.results[0].instructions_per_op = Some(11_000.0);
        let cmp = compare(&a, &b, 5.0);
        let row = &cmp.rows[0];
        assert_eq!(row.basis, Basis::Samples, "{row:?}");
        assert_eq!(row.verdict, Verdict::Unchanged, "{row:?}");
        assert!(cmp.regressions_beyond(5.0).is_empty());
        let note = cmp.counts_note.as_deref().expect("a note");
        assert!(
            note.contains(&format!(
                "counted by {HARDWARE} against Callgrind (valgrind-3.19.0)"
            )),
            "{note}"
        );
        let text = render(&cmp, "#1", "#2");
        assert!(
            text.contains("instruction counts shown, not judged"),
            "{text}"
        );
        // The same counter again: the counts judge, and the row regressed.
        let b = counted_by(b, HARDWARE);
        let cmp = compare(&a, &b, 5.0);
        assert_eq!(cmp.rows[0].verdict, Verdict::Regressed);
        assert_eq!(cmp.rows[0].basis, Basis::Instructions);
        assert_eq!(cmp.counts_note, None);
        // Another CPU's dispatch (AVX-512 found at run time): not judged.
        let mut c = b.clone();
        c.environment.cpu_features.push("avx512f".into());
        let cmp = compare(&a, &c, 5.0);
        assert_eq!(cmp.rows[0].basis, Basis::Samples);
        let note = cmp.counts_note.unwrap();
        assert!(
            note.contains("detected at run time (the dispatch) differ (only the first: none; only the second: avx512f)"),
            "{note}"
        );
        // Another CPU model, or a run that did not record its counter.
        let mut d = b.clone();
        d.environment.cpu_model = "Other CPU".into();
        assert!(compare(&a, &d, 5.0)
            .counts_note
            .unwrap()
            .contains("on Test CPU"));
        let mut e = b.clone();
        e.environment.instruction_counter = None;
        assert!(compare(&a, &e, 5.0)
            .counts_note
            .unwrap()
            .contains("against a counter not recorded"));
        // With noisy time beside mismatched counts: "cannot tell", never
        // a regression on the counts.
        let mut wide = counted_by(
            spread(&document(), 1.1e6, 0.3),
            "Callgrind (valgrind-3.19.0)",
        );
        wide.results[0].instructions_per_op = Some(11_000.0);
        let row = &compare(&a, &wide, 5.0).rows[0];
        assert_eq!(row.verdict, Verdict::CannotTell, "{row:?}");
    }

    #[test]
    fn a_latency_regression_in_rows_without_samples_is_flagged() {
        // Open-loop latency rows keep no raw samples; their p50 interval
        // (from every message) is their evidence. 30 % slower at p50,
        // each interval ±1 %: a regression, with no test claimed.
        let a = latency_document(50_000.0, 1.0, 2000.0);
        let b = latency_document(65_000.0, 1.0, 2000.0);
        assert!(a.results.iter().all(|r| r.samples_ns.len() < 2));
        let cmp = compare(&a, &b, 5.0);
        let latency = &cmp.rows[0];
        assert!(latency.key.contains("open-loop"), "{latency:?}");
        assert_eq!(latency.basis, Basis::Intervals);
        assert_eq!(latency.verdict, Verdict::Regressed, "{latency:?}");
        assert_eq!(latency.p_value, None);
        assert!(
            (latency.noise_pct - 2f64.sqrt()).abs() < 1e-6,
            "{latency:?}"
        );
        assert_eq!(cmp.regressions_beyond(10.0).len(), 1);
        // Erlang's mstone: one figure a run, nothing to judge it by — not
        // "unchanged", even when the figure is the same.
        let mstone = &cmp.rows[1];
        assert_eq!(mstone.basis, Basis::Nothing);
        assert_eq!(mstone.verdict, Verdict::NotComparable);
        assert!(mstone
            .remark
            .as_deref()
            .unwrap()
            .contains("one figure a run"));
        let text = render(&cmp, "#1", "#2");
        assert!(text.contains("1 regressed, 0 unchanged"), "{text}");
        assert!(text.contains("1 not comparable"), "{text}");
        assert!(
            text.contains("by each run's stored median interval, no test"),
            "{text}"
        );
        // The same latency again: unchanged; an interval wider than the
        // threshold: cannot tell.
        assert_eq!(compare(&a, &a, 5.0).rows[0].verdict, Verdict::Unchanged);
        let (wa, wb) = (
            latency_document(50_000.0, 8.0, 2000.0),
            latency_document(55_000.0, 8.0, 2000.0),
        );
        assert_eq!(compare(&wa, &wb, 5.0).rows[0].verdict, Verdict::CannotTell);
        // The machine's drift is part of the bar here too.
        let (mut da, mut db) = (a.clone(), b.clone());
        da.environment.steadiness = vec![probe("start", 1e6, 1.0e6, 1.02e6)];
        db.environment.steadiness = vec![probe("start", 1.3e6, 1.4e6, 1.5e6)];
        assert_ne!(compare(&da, &db, 5.0).rows[0].verdict, Verdict::Regressed);
    }

    #[test]
    fn time_moved_on_unchanged_counts_is_the_machine_and_widens_only_uncounted_rows() {
        // Eight counted rows on the same instructions whose time moved 15–20 %
        // (the machine), and one uncounted row 17 % slower: the machine, not a
        // regression, so "cannot tell" at a 10 % threshold.
        let base = spread(&document(), 1e6, 0.01).results[0].clone();
        let row = |codec: &str, factor: f64, count: Option<f64>| {
            let mut r = base.clone();
            r.codec = codec.into();
            r.median_ns *= factor;
            r.ci95_low_ns *= factor;
            r.ci95_high_ns *= factor;
            r.samples_ns.iter_mut().for_each(|x| *x *= factor);
            r.instructions_per_op = count;
            r
        };
        let mut a = counted_by(document(), HARDWARE);
        let mut b = counted_by(document(), HARDWARE);
        a.results.clear();
        b.results.clear();
        for i in 0..8 {
            let moved = 1.15 + 0.05 * i as f64 / 7.0;
            a.results.push(row(&format!("c{i}"), 1.0, Some(1000.0)));
            b.results.push(row(&format!("c{i}"), moved, Some(1000.0)));
        }
        a.results.push(row("simd", 1.0, None));
        b.results.push(row("simd", 1.17, None));
        let cmp = compare(&a, &b, 10.0);
        let drift = cmp.same_work_drift_pct.unwrap();
        assert!((19.0..=20.0).contains(&drift), "{drift}");
        let simd = cmp.rows.iter().find(|r| r.key.contains("simd")).unwrap();
        assert_eq!(simd.verdict, Verdict::CannotTell, "{simd:?}");
        // Counted rows are judged by their counts alone: unchanged.
        assert!(cmp
            .rows
            .iter()
            .filter(|r| !r.key.contains("simd"))
            .all(|r| r.verdict == Verdict::Unchanged));
        assert!(render(&cmp, "a", "b").contains("whose instructions did not (90th percentile of"));
        // Too few counted rows measure nothing.
        a.results.drain(..5);
        b.results.drain(..5);
        assert_eq!(compare(&a, &b, 10.0).same_work_drift_pct, None);
    }
}
