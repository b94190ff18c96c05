//! The one definition of which columns a result row shows (the table
//! itself is `encbench_format`'s).

use crate::units;
use encbench_record::{Record, VerificationStatus};

pub use encbench_format::table::Table;

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
    let counted = records.iter().any(|r| r.instructions_per_op.is_some());
    let instr_at = headers
        .iter()
        .position(|h| *h == "95% CI")
        .map_or(0, |i| i + 1);
    if counted {
        headers.insert(instr_at, "instr/op");
        right.insert(instr_at, true);
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
            if counted {
                let cell = r.instructions_per_op.map(units::count).unwrap_or_default();
                row.insert(instr_at, cell);
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
