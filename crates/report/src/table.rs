//! A small aligned table, rendered as plain text or as Markdown, and the
//! one definition of which columns a result row shows.

use crate::units;
use encbench_record::{Record, VerificationStatus};

/// Rows of cells under a header; numeric columns are right-aligned.
pub struct Table {
    pub headers: Vec<String>,
    pub right: Vec<bool>,
    pub rows: Vec<Vec<String>>,
}

impl Table {
    fn widths(&self) -> Vec<usize> {
        let mut widths: Vec<usize> = self.headers.iter().map(|h| h.chars().count()).collect();
        for row in &self.rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        widths
    }

    /// Space-aligned text with a rule under the header.
    pub fn plain(&self, indent: &str) -> String {
        let widths = self.widths();
        let line = |cells: Vec<&str>| {
            let parts: Vec<String> = cells
                .iter()
                .zip(&widths)
                .zip(&self.right)
                .map(|((c, w), right)| {
                    if *right {
                        format!("{c:>w$}")
                    } else {
                        format!("{c:<w$}")
                    }
                })
                .collect();
            format!("{indent}{}\n", parts.join("  ").trim_end())
        };
        let mut out = line(self.headers.iter().map(String::as_str).collect());
        let rule: Vec<String> = widths.iter().map(|w| "─".repeat(*w)).collect();
        out.push_str(&line(rule.iter().map(String::as_str).collect()));
        for row in &self.rows {
            out.push_str(&line(row.iter().map(String::as_str).collect()));
        }
        out
    }

    /// A GitHub-flavoured Markdown table.
    pub fn markdown(&self) -> String {
        let escape = |s: &str| s.replace('|', "\\|");
        let mut out = format!("| {} |\n", self.headers.join(" | "));
        let align: Vec<&str> = self
            .right
            .iter()
            .map(|r| if *r { "---:" } else { "---" })
            .collect();
        out.push_str(&format!("| {} |\n", align.join(" | ")));
        for row in &self.rows {
            let cells: Vec<String> = row.iter().map(|c| escape(c)).collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out
    }
}

/// The columns every result table shows (compression and throttle only when used).
pub(crate) fn results_table(records: &[&Record]) -> Table {
    let mut headers = vec![
        "codec",
        "op",
        "medium",
        "median",
        "95% CI",
        "per item",
        "throughput",
        "encoded",
        "seed",
        "flags",
    ];
    let mut right = vec![
        false, false, false, true, true, true, true, true, true, false,
    ];
    let compressed = records.iter().any(|r| r.compression != "none");
    if compressed {
        headers.insert(1, "compression");
        right.insert(1, false);
    }
    let throttled = records.iter().any(|r| r.throttle_mb_per_s.is_some());
    if throttled {
        headers.insert(3, "throttle");
        right.insert(3, true);
    }
    let rows = records
        .iter()
        .map(|r| {
            let half = (r.median_ns - r.ci95_low_ns).max(r.ci95_high_ns - r.median_ns);
            let mut flags = Vec::new();
            if r.noisy {
                flags.push("noisy".to_string());
            }
            match r.verification.as_ref().map(|v| v.status) {
                Some(VerificationStatus::Lossy) => flags.push("lossy".to_string()),
                Some(VerificationStatus::Unverified) => flags.push("unverified".to_string()),
                _ if !r.verified => flags.push("unverified".to_string()),
                _ => {}
            }
            if r.outliers > 0 {
                flags.push(format!(
                    "{} outlier{}",
                    r.outliers,
                    if r.outliers == 1 { "" } else { "s" }
                ));
            }
            let mut row = vec![
                r.codec.clone(),
                r.operation.clone(),
                r.medium.as_str().to_string(),
                units::duration(r.median_ns),
                ci_cell(r, half),
                if r.items > 1 {
                    units::duration(r.ns_per_item())
                } else {
                    "".into()
                },
                if r.encoded_bytes > 0 {
                    units::rate(r.encoded_mb_per_s)
                } else {
                    "".into()
                },
                units::bytes(r.encoded_bytes as f64),
                r.seed_reference
                    .as_ref()
                    .map(|s| match s.ns_per_item() {
                        Some(per) => format!(
                            "{} {} ({}/item)",
                            units::significant(s.value),
                            s.unit,
                            units::duration(per)
                        ),
                        None => format!("{} {}", units::significant(s.value), s.unit),
                    })
                    .unwrap_or_default(),
                flags.join(", "),
            ];
            if compressed {
                row.insert(1, r.compression.clone());
            }
            if throttled {
                row.insert(3, r.throttle_mb_per_s.map(units::rate).unwrap_or_default());
            }
            row
        })
        .collect();
    Table {
        headers: headers.into_iter().map(String::from).collect(),
        right,
        rows,
    }
}

/// The interval as ± % of the median, with its coverage when it is below
/// 95 % (too few samples for an order-statistic interval: `[min, max]`).
fn ci_cell(r: &Record, half: f64) -> String {
    let pm = format!("±{}%", units::significant(half / r.median_ns * 100.0));
    match r.ci_level {
        Some(level) if level < 0.95 => format!("{pm} ({:.0}% CI)", level * 100.0),
        _ => pm,
    }
}
