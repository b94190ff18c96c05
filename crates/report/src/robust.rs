//! The table of `robust` rows: per codec, what its decoder did with the
//! malformed inputs, and what a clean rejection cost.

use crate::table::Table;
use crate::units;
use encbench_record::Record;

/// Outcome keys in column order, with their headers.
const COLUMNS: [(&str, &str); 7] = [
    ("ok-equal", "ok-equal"),
    ("ok-different", "ok-different"),
    ("error", "error"),
    ("panic", "panic"),
    ("hang", "hang"),
    ("over-allocation", "over-alloc"),
    ("crash", "crash"),
];

/// Outcomes that are a decoder failure (as opposed to accepting or rejecting input).
const FAILURES: [&str; 4] = ["panic", "hang", "over-allocation", "crash"];

/// True when every row is a `robust` row.
pub(crate) fn applies(records: &[&Record]) -> bool {
    !records.is_empty() && records.iter().all(|r| r.operation == "robust")
}

/// Whether a row's decoder panicked, hung, over-allocated or crashed.
pub fn has_failures(r: &Record) -> bool {
    r.outcomes
        .as_ref()
        .is_some_and(|o| FAILURES.iter().any(|k| o.get(*k).copied().unwrap_or(0) > 0))
}

/// One line per codec; failures flagged, ours apart from third-party crates.
pub(crate) fn robust_table(records: &[&Record]) -> Table {
    let mut headers = vec!["codec", "decoder", "inputs"];
    headers.extend(COLUMNS.iter().map(|(_, h)| *h));
    headers.extend(["error cost", "slowest error", "flags"]);
    let mut right = vec![false, false, true];
    right.extend([true; 9]);
    right.push(false);
    let rows = records
        .iter()
        .map(|r| {
            let get = |k: &str| {
                r.outcomes
                    .as_ref()
                    .and_then(|o| o.get(k).copied())
                    .unwrap_or(0)
            };
            let decoder = r.decoder_crate.clone().unwrap_or_default();
            let mut row = vec![
                r.codec.clone(),
                decoder.clone(),
                r.inputs.unwrap_or(0).to_string(),
            ];
            row.extend(COLUMNS.iter().map(|(k, _)| match get(k) {
                0 if FAILURES.contains(k) => "·".to_string(),
                n => n.to_string(),
            }));
            row.push(
                r.error_ns_per_byte
                    .map(|ns| format!("{}/B", units::duration(ns)))
                    .unwrap_or_default(),
            );
            // The worst single rejection: where a decoder's cost is not linear.
            row.push(if r.samples > 0 {
                units::duration(r.max_ns)
            } else {
                String::new()
            });
            row.push(match (has_failures(r), decoder == "encbench") {
                (true, true) => "FAILED: our decoder".to_string(),
                (true, false) => format!("finding in {decoder}"),
                _ => String::new(),
            });
            row
        })
        .collect();
    Table {
        headers: headers.into_iter().map(String::from).collect(),
        right,
        rows,
    }
}
