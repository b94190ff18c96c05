//! Two runs side by side: each row of the newer run matched to the same row
//! of the older one, the change in median, and a Mann-Whitney U test on the
//! stored raw samples so noise is not reported as a change.

use crate::table::Table;
use crate::units;
use encbench_record::{Record, RunDocument};
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
    /// Two-sided Mann-Whitney p-value on the raw samples (None: too few samples).
    pub p_value: Option<f64>,
    /// The call.
    pub verdict: Verdict,
}

/// Every matched row, plus rows present in only one run.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Comparison {
    /// Rows in both runs.
    pub rows: Vec<RowChange>,
    /// Keys only in the older run.
    pub only_before: Vec<String>,
    /// Keys only in the newer run.
    pub only_after: Vec<String>,
}

impl Comparison {
    /// Rows that regressed by more than `pct` percent (and significantly).
    pub fn regressions_beyond(&self, pct: f64) -> Vec<&RowChange> {
        self.rows
            .iter()
            .filter(|r| r.verdict == Verdict::Regressed && r.change_pct > pct)
            .collect()
    }
}

fn key(r: &Record) -> String {
    let mut k = format!(
        "{}/{}/{}/{}/{}",
        r.scenario,
        r.dataset,
        r.codec,
        r.operation,
        r.medium.as_str()
    );
    if r.compression != "none" {
        k.push('/');
        k.push_str(&r.compression);
    }
    if let Some(t) = r.throttle_mb_per_s {
        k.push_str(&format!("@{t}MB/s"));
    }
    k
}

/// Compares `after` against `before`; a change counts when it exceeds
/// `threshold_pct` and the samples differ significantly.
pub fn compare(before: &RunDocument, after: &RunDocument, threshold_pct: f64) -> Comparison {
    let mut out = Comparison::default();
    for b in &after.results {
        let k = key(b);
        let Some(a) = before.results.iter().find(|a| key(a) == k) else {
            out.only_after.push(k);
            continue;
        };
        let change_pct = (b.median_ns / a.median_ns - 1.0) * 100.0;
        let p_value = mann_whitney(&a.samples_ns, &b.samples_ns).map(|t| t.p_value);
        let significant = p_value.is_some_and(|p| p < ALPHA);
        let verdict = match () {
            _ if significant && change_pct > threshold_pct => Verdict::Regressed,
            _ if significant && change_pct < -threshold_pct => Verdict::Improved,
            _ => Verdict::Unchanged,
        };
        out.rows.push(RowChange {
            key: k,
            before_ns: a.median_ns,
            after_ns: b.median_ns,
            change_pct,
            p_value,
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
    let table = Table {
        headers: ["row", before_label, after_label, "change", "p", ""]
            .map(String::from)
            .to_vec(),
        right: vec![false, true, true, true, true, false],
        rows: cmp
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.key.clone(),
                    units::duration(r.before_ns),
                    units::duration(r.after_ns),
                    format!("{:+.1}%", r.change_pct),
                    r.p_value.map_or("n/a".into(), |p| format!("{p:.3}")),
                    match r.verdict {
                        Verdict::Improved => "improved".into(),
                        Verdict::Regressed => "REGRESSED".into(),
                        Verdict::Unchanged => String::new(),
                    },
                ]
            })
            .collect(),
    };
    let mut out = table.plain("");
    let count = |v| cmp.rows.iter().filter(|r| r.verdict == v).count();
    out.push_str(&format!(
        "{} rows: {} improved, {} regressed, {} unchanged (change beyond the threshold and Mann-Whitney p < {ALPHA})\n",
        cmp.rows.len(),
        count(Verdict::Improved),
        count(Verdict::Regressed),
        count(Verdict::Unchanged)
    ));
    for k in &cmp.only_before {
        out.push_str(&format!("only in {before_label}: {k}\n"));
    }
    for k in &cmp.only_after {
        out.push_str(&format!("only in {after_label}: {k}\n"));
    }
    out
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
}
