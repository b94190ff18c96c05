//! The run as a Markdown document: the answers, environment, tables, comparisons.

use crate::matrix;
use crate::table::results_table;
use crate::terminal::environment;
use crate::{comparison_parts, distinct};
use crate::{ExportError, Exporter};
use encbench_record::{Record, RunDocument};

/// Markdown view of a run.
pub struct Markdown;

impl Exporter for Markdown {
    fn serialize(&self, doc: &RunDocument) -> Result<Vec<u8>, ExportError> {
        let mut out = String::from("# encbench results\n\n");
        out.push_str(&answers(doc));
        out.push_str("```text\n");
        out.push_str(&environment(&doc.environment));
        out.push_str("```\n");
        for scenario in distinct(doc.results.iter().map(|r| r.scenario.as_str())) {
            out.push_str(&format!("\n## {scenario}\n\n"));
            let rows: Vec<&Record> = doc
                .results
                .iter()
                .filter(|r| r.scenario == scenario)
                .collect();
            for dataset in distinct(rows.iter().map(|r| r.dataset.as_str())) {
                let group: Vec<&Record> = rows
                    .iter()
                    .copied()
                    .filter(|r| r.dataset == dataset)
                    .collect();
                out.push_str(&format!("### dataset `{dataset}`\n\n"));
                if matrix::applies(&group) {
                    for (title, table) in matrix::tables(&group) {
                        out.push_str(&format!("{title}:\n\n{}\n", table.markdown()));
                    }
                    out.push_str("every row with its confidence interval:\n\n");
                }
                out.push_str(&results_table(&group).markdown());
                out.push('\n');
            }
            for c in doc.comparisons.iter().filter(|c| c.scenario == scenario) {
                let (value, seed) = comparison_parts(c);
                out.push_str(&format!("- {}: **{value}**{seed} — {}\n", c.label, c.note));
            }
            for line in crate::terminal::unchecked_rows(&rows).lines() {
                out.push_str(&format!("- {}\n", line.trim_start()));
            }
        }
        if !doc.failures.is_empty() {
            out.push_str("\n## Failures\n\n");
            for f in &doc.failures {
                out.push_str(&format!("- {}\n", f.summary()));
            }
        }
        out.push_str(&crate::across::markdown(&doc.compatibility));
        for note in &doc.notes {
            out.push_str(&format!("\n> {note}\n"));
        }
        Ok(out.into_bytes())
    }
}

/// The answers first, as a table (nothing when the run answered no question).
fn answers(doc: &RunDocument) -> String {
    use crate::summary::{claim_and_seed, mark, ratio_with_interval, rows_compared, tally};
    if doc.conclusions.is_empty() {
        return String::new();
    }
    let table = crate::table::Table {
        headers: [
            "verdict",
            "scenario",
            "question",
            "this run [95% CI]",
            "claim · seed",
            "rows",
        ]
        .map(String::from)
        .to_vec(),
        right: vec![false, false, false, true, false, false],
        rows: doc
            .conclusions
            .iter()
            .map(|c| {
                vec![
                    mark(c.verdict).to_string(),
                    c.scenario.clone(),
                    c.question.clone(),
                    ratio_with_interval(c),
                    claim_and_seed(c),
                    rows_compared(c),
                ]
            })
            .collect(),
    };
    format!(
        "## Answers\n\n{}\n\n{}\n",
        tally(&doc.conclusions),
        table.markdown()
    )
}
