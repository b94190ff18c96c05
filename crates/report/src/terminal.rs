//! The run as a person reads it in a terminal: environment, one table per
//! scenario and dataset, the seed's claims beside this run's, failures.

use crate::across;
use crate::matrix;
use crate::robust;
use crate::table::results_table;
use crate::units;
use crate::wide::{wide_tables, WIDE_AFTER};
use crate::{comparison_parts, distinct};
use encbench_record::{Environment, Record, RunDocument, VerificationStatus};

/// Renders the environment header.
pub fn environment(env: &Environment) -> String {
    let e = &env.engine;
    let features = if env.target_features.is_empty() {
        "baseline".to_string()
    } else {
        env.target_features.join(",")
    };
    let cpu = if env.cpu_features.is_empty() {
        String::new()
    } else {
        format!(" · CPU has {}", env.cpu_features.join(","))
    };
    format!(
        "encbench {} ({}, {} build) · {} mode · {}\n\
         {} · {} logical cores · {} · kernel {} · {} [{}]{}\n\
         timer: resolution {}, read cost {}; empty body {} per op; samples last ≥ {}\n",
        env.encbench_version,
        env.git_commit,
        env.profile,
        env.mode,
        env.date,
        env.cpu_model,
        env.logical_cores,
        env.os,
        env.kernel,
        env.rustc,
        features,
        cpu,
        units::duration(e.timer_resolution_ns),
        units::duration(e.timer_cost_ns),
        units::duration(e.empty_body_ns),
        units::duration(e.min_sample_ns),
    )
}

/// Renders the whole run.
pub fn render(doc: &RunDocument) -> String {
    let mut out = environment(&doc.environment);
    if !doc.environment.steadiness.is_empty() {
        out.push_str(&format!(
            "machine steadiness: {} (one fixed cache-bound loop, timed in chunks; a slow tenth far above the rest is other load on this core)\n",
            crate::compare::describe(&doc.environment.steadiness)
        ));
    }
    if doc.environment.profile != "release" {
        out.push_str(
            "warning: this is a debug build; its timings are not representative (use --release)\n",
        );
    }
    let scenarios = distinct(
        doc.results
            .iter()
            .map(|r| r.scenario.as_str())
            .chain(doc.failures.iter().map(|f| f.scenario.as_str())),
    );
    for scenario in scenarios {
        out.push_str(&format!("\n━━ {scenario} ━━\n"));
        let rows: Vec<&Record> = doc
            .results
            .iter()
            .filter(|r| r.scenario == scenario)
            .collect();
        let datasets = distinct(rows.iter().map(|r| r.dataset.as_str()));
        let load = crate::load::applies(&rows);
        if load {
            out.push_str("per point: messages/s (each decoded, a reply encoded) with its 95% CI over windows; latency from each message's due time\n");
            out.push_str(&crate::load::table(&rows).plain("  "));
        }
        let datasets = if load { Vec::new() } else { datasets };
        let wide = datasets.len() > WIDE_AFTER && !robust::applies(&rows);
        if wide {
            for (title, table) in wide_tables(&rows) {
                out.push_str(&format!("{title}:\n"));
                out.push_str(&table.plain("  "));
            }
        }
        for dataset in datasets.into_iter().filter(|_| !wide) {
            let group: Vec<&Record> = rows
                .iter()
                .copied()
                .filter(|r| r.dataset == dataset)
                .collect();
            if robust::applies(&group) {
                out.push_str(&format!(
                    "dataset {dataset}: malformed inputs per decoder; error cost = median time per input byte of a clean rejection\n"
                ));
                out.push_str(&robust::robust_table(&group).plain("  "));
                continue;
            }
            let first = group[0];
            out.push_str(&format!(
                "dataset {dataset}: {} items per op, {} logical\n",
                first.items,
                units::bytes(first.logical_bytes as f64)
            ));
            if matrix::applies(&group) {
                for (title, table) in matrix::tables(&group) {
                    out.push_str(&format!("  {title}\n"));
                    out.push_str(&table.plain("  "));
                }
            } else {
                out.push_str(&results_table(&group).plain("  "));
            }
        }
        if let Some(note) = rows.iter().find_map(|r| r.seed_reference.as_ref()) {
            out.push_str(&format!(
                "  seed column: seed {}'s published figure ({}), not measured here\n",
                note.seed,
                note.note.split("; ").last().unwrap_or("")
            ));
        }
        for c in doc.comparisons.iter().filter(|c| c.scenario == scenario) {
            let (value, seed) = comparison_parts(c);
            out.push_str(&format!("  ▸ {}: {value}{seed} — {}\n", c.label, c.note));
        }
        for f in doc.failures.iter().filter(|f| f.scenario == scenario) {
            out.push_str(&format!("  ✗ FAILED {}\n", f.summary()));
        }
        out.push_str(&unchecked_rows(&rows));
    }
    if let Some((table, details)) = across::grid(&doc.compatibility) {
        out.push_str(&format!(
            "\n━━ across languages ━━ bytes written by one language, read by another, compared with the records written: {}\n",
            across::tally(&doc.compatibility)
        ));
        out.push_str(&table.plain("  "));
        for line in details {
            out.push_str(&format!("  ✗ {line}\n"));
        }
    }
    for note in &doc.notes {
        out.push_str(&format!("\nnote: {note}\n"));
    }
    let narrow = doc
        .results
        .iter()
        .filter(|r| r.inputs.is_none() && r.ci_level.is_some_and(|l| l < 0.95))
        .count();
    if narrow > 0 {
        out.push_str(&format!(
            "\n{narrow} of {} rows have too few samples for a 95% interval: theirs is [min, max], its coverage shown beside it\n",
            doc.results.len()
        ));
    }
    let noisy = doc.results.iter().filter(|r| r.noisy).count();
    if noisy > 0 {
        let advice = if doc.environment.mode == "full" {
            "rerun on a quieter machine"
        } else {
            "rerun with --full or on a quieter machine"
        };
        out.push_str(&format!(
            "\n{noisy} of {} rows are noisy (95% CI wider than ±5% of the median): {advice} before trusting them\n",
            doc.results.len()
        ));
    }
    let answers = crate::summary::render(doc);
    if !answers.is_empty() {
        out.push('\n');
        out.push_str(&answers);
    }
    out
}

/// One line per row whose output was not compared exactly: what was lost, or
/// why nothing could be compared.
pub(crate) fn unchecked_rows(rows: &[&Record]) -> String {
    let mut out = String::new();
    // Robustness rows classify malformed inputs: there is nothing to compare.
    for r in rows.iter().filter(|r| r.inputs.is_none()) {
        let (mark, detail) = match &r.verification {
            Some(v) if v.status == VerificationStatus::Lossy => ("≈ lossy", v.detail.as_str()),
            Some(v) if v.status == VerificationStatus::Unverified => {
                ("⚠ unverified", v.detail.as_str())
            }
            None if !r.verified => ("⚠ unverified", "no check recorded"),
            _ => continue,
        };
        out.push_str(&format!(
            "  {mark}: {} {} ({}, {}): {detail}\n",
            r.codec,
            r.operation,
            r.medium.as_str(),
            r.dataset
        ));
    }
    out
}
