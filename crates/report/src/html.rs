//! One self-contained HTML file per run: the environment, and per scenario
//! its charts (inline SVG, no network), tables with the seed's figures, the
//! derived comparisons, failures and notes. A scenario picks its charts by
//! the shape of its rows, so later scenarios get sensible charts unasked.

use crate::charts::{
    choice_points, choice_scatter, pareto_scatter, scaling_curves, time_bars, warm_cold_bars,
    ChartResult,
};
use crate::html_escape::escape;
use crate::matrix;
use crate::scatter::{key_rows, ScatterPoint};
use crate::table::{results_table, Table};
use crate::terminal::environment;
use crate::wide::{wide_tables, WIDE_AFTER};
use crate::{comparison_parts, distinct};
use crate::{ExportError, Exporter};
use encbench_record::{Conclusion, Medium, Record, RunDocument};

/// The HTML report.
pub struct Html;

/// Rows in one bar chart at most; larger scenarios get a chart per dataset.
const BARS_PER_CHART: usize = 40;

fn figure(kind: &str, chart: ChartResult) -> String {
    match chart {
        Ok(svg) => format!("<figure class=\"chart\" data-chart=\"{kind}\">{svg}</figure>\n"),
        Err(e) => format!("<p class=\"error\">{}</p>\n", escape(&e)),
    }
}

fn html_table(t: &Table) -> String {
    let mut out = String::from("<table><thead><tr>");
    for (h, right) in t.headers.iter().zip(&t.right) {
        out.push_str(&format!(
            "<th{}>{}</th>",
            if *right { " class=\"num\"" } else { "" },
            escape(h)
        ));
    }
    out.push_str("</tr></thead><tbody>\n");
    for row in &t.rows {
        out.push_str("<tr>");
        for (cell, right) in row.iter().zip(&t.right) {
            out.push_str(&format!(
                "<td{}>{}</td>",
                if *right { " class=\"num\"" } else { "" },
                escape(cell)
            ));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
    out
}

/// Every point of the choice chart as a table, folded: the chart labels
/// only the frontier and the recommendation, and names the rest on hover.
fn choice_key(points: &[ScatterPoint]) -> String {
    let table = Table {
        headers: ["", "choice", "bytes stored", "read time"]
            .map(String::from)
            .to_vec(),
        right: vec![false, false, true, true],
        rows: key_rows(points),
    };
    format!(
        "<details class=\"chart-key\"><summary>every point in the chart above ({})</summary>\n{}</details>\n",
        points.len(),
        html_table(&table)
    )
}

/// Charts for one scenario, chosen by what its rows look like.
fn charts(scenario: &str, rows: &[&Record], conclusions: &[Conclusion]) -> String {
    let mut out = String::new();
    let datasets = distinct(rows.iter().map(|r| r.dataset.as_str()));
    let sweep = datasets.len() > WIDE_AFTER;
    if sweep {
        out.push_str(&figure(
            "scaling",
            scaling_curves(&format!("{scenario}: time against size (log-log)"), rows),
        ));
    } else {
        for d in &datasets {
            let group: Vec<&Record> = rows.iter().copied().filter(|r| r.dataset == *d).collect();
            if matrix::applies(&group) {
                out.push_str(&matrix_charts(scenario, d, &group, conclusions));
                continue;
            }
            for (i, chunk) in group.chunks(BARS_PER_CHART).enumerate() {
                let part = if group.len() > BARS_PER_CHART {
                    format!(" (part {})", i + 1)
                } else {
                    String::new()
                };
                out.push_str(&figure(
                    "bars",
                    time_bars(
                        &format!("{scenario} · {d}{part}: median time, 95% CI"),
                        chunk,
                        conclusions,
                    ),
                ));
            }
        }
    }
    let has_cold = rows
        .iter()
        .any(|r| matches!(r.medium, Medium::FileCold | Medium::FileColdUnverified));
    if has_cold {
        out.push_str(&figure(
            "warm-cold",
            warm_cold_bars(&format!("{scenario}: warm vs cold reads"), rows),
        ));
    }
    out
}

/// A codec matrix's dataset: one sorted chart per operation (compression
/// rows are in the tables), then size against decode time with its frontier.
fn matrix_charts(
    scenario: &str,
    dataset: &str,
    group: &[&Record],
    conclusions: &[Conclusion],
) -> String {
    let mut out = String::new();
    for op in ["decode", "encode", "access"] {
        let mut bars: Vec<&Record> = group
            .iter()
            .copied()
            .filter(|r| r.operation == op && r.compression == "none")
            .collect();
        bars.sort_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
        for (i, chunk) in bars.chunks(BARS_PER_CHART).enumerate() {
            let part = if bars.len() > BARS_PER_CHART {
                format!(" (part {})", i + 1)
            } else {
                String::new()
            };
            out.push_str(&figure(
                "bars",
                time_bars(
                    &format!("{scenario} · {dataset}{part}: {op} time, 95% CI, fastest first"),
                    chunk,
                    conclusions,
                ),
            ));
        }
    }
    let decode: Vec<&Record> = group
        .iter()
        .copied()
        .filter(|r| r.operation == "decode")
        .collect();
    out.push_str(&figure(
        "pareto",
        pareto_scatter(
            &format!("{scenario} · {dataset}: size vs decode time"),
            &decode,
        ),
    ));
    out
}

impl Exporter for Html {
    fn serialize(&self, doc: &RunDocument) -> Result<Vec<u8>, ExportError> {
        let mut out = String::from(
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>encbench report</title>\n<style>\n\
             body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}\n\
             pre{background:#f4f4f4;padding:1em;overflow-x:auto}\n\
             table{border-collapse:collapse;font-size:13px;margin:1em 0}\n\
             th,td{border-bottom:1px solid #ddd;padding:3px 8px;text-align:left}\n\
             .num{text-align:right;font-variant-numeric:tabular-nums}\n\
             .nowrap{white-space:nowrap}\n\
             figure.chart{margin:1em 0}\n\
             .error{color:#b00}\n\
             .note{color:#555}\n\
             .evidence{border-left:3px solid #ddd;padding-left:1em;margin:1em 0}\n",
        );
        out.push_str(crate::summary::VERDICT_CSS);
        out.push_str("</style></head><body>\n<h1>encbench report</h1>\n");
        // The answers come first; the machine and the evidence follow.
        out.push_str(&crate::summary::html(doc));
        out.push_str(&format!(
            "<pre class=\"environment\">{}</pre>\n",
            escape(&environment(&doc.environment))
        ));
        let scenarios = distinct(
            doc.results
                .iter()
                .map(|r| r.scenario.as_str())
                .chain(doc.failures.iter().map(|f| f.scenario.as_str())),
        );
        out.push_str("<nav><ul>");
        for s in &scenarios {
            out.push_str(&format!(
                "<li><a href=\"#scenario-{0}\">{0}</a></li>",
                escape(s)
            ));
        }
        out.push_str("</ul></nav>\n");
        for scenario in scenarios {
            let rows: Vec<&Record> = doc
                .results
                .iter()
                .filter(|r| r.scenario == scenario)
                .collect();
            out.push_str(&format!(
                "<section id=\"scenario-{0}\"><h2>{0}</h2>\n",
                escape(scenario)
            ));
            let load = crate::load::applies(&rows);
            if load {
                out.push_str(&figure(
                    "load-threads",
                    crate::load::throughput_chart(
                        &format!("{scenario}: messages/s against threads (closed loop)"),
                        &rows,
                    ),
                ));
                out.push_str(&figure(
                    "load-latency",
                    crate::load::latency_chart(
                        &format!("{scenario}: latency percentiles under offered load"),
                        &rows,
                    ),
                ));
                out.push_str("<h3>results</h3>\n");
                out.push_str(&html_table(&crate::load::table(&rows)));
            } else {
                out.push_str(&charts(scenario, &rows, &doc.conclusions));
            }
            if let (Some(rec), "file") = (&doc.recommendation, scenario) {
                out.push_str(&figure(
                    "file-choices",
                    choice_scatter(
                        "your file: bytes stored vs read time, the recommendation ringed",
                        &rows,
                        rec,
                    ),
                ));
                out.push_str(&choice_key(&choice_points(&rows, rec)));
            }
            for (title, table) in crate::engines::tables(&rows) {
                out.push_str(&format!(
                    "<h3>{}</h3>\n{}",
                    escape(&title),
                    html_table(&table)
                ));
            }
            if !load && distinct(rows.iter().map(|r| r.dataset.as_str())).len() > WIDE_AFTER {
                for (title, table) in wide_tables(&rows) {
                    out.push_str(&format!(
                        "<h3>{}</h3>\n{}",
                        escape(&title),
                        html_table(&table)
                    ));
                }
            } else if !rows.is_empty() && !load {
                for dataset in distinct(rows.iter().map(|r| r.dataset.as_str())) {
                    let group: Vec<&Record> = rows
                        .iter()
                        .copied()
                        .filter(|r| r.dataset == dataset)
                        .collect();
                    if !matrix::applies(&group) {
                        continue;
                    }
                    for (title, table) in matrix::tables(&group) {
                        out.push_str(&format!(
                            "<h3>{}: {}</h3>\n{}",
                            escape(dataset),
                            escape(&title),
                            html_table(&table)
                        ));
                    }
                }
                out.push_str("<h3>results (seed column: the seed's published figure, not measured here)</h3>\n");
                out.push_str(&html_table(&results_table(&rows)));
            }
            out.push_str(&crate::summary::html_evidence(doc, scenario));
            let comparisons: Vec<_> = doc
                .comparisons
                .iter()
                .filter(|c| c.scenario == scenario)
                .collect();
            if !comparisons.is_empty() {
                out.push_str("<h3>this run beside the seed</h3><ul class=\"comparisons\">\n");
                for c in comparisons {
                    let (value, seed) = comparison_parts(c);
                    out.push_str(&format!(
                        "<li>{}: <strong>{}</strong>{} — {}</li>\n",
                        escape(&c.label),
                        escape(&value),
                        escape(&seed),
                        escape(&c.note)
                    ));
                }
                out.push_str("</ul>\n");
            }
            for f in doc.failures.iter().filter(|f| f.scenario == scenario) {
                out.push_str(&format!(
                    "<p class=\"error\">FAILED {}</p>\n",
                    escape(&f.summary())
                ));
            }
            out.push_str("</section>\n");
        }
        out.push_str(&crate::across::html(&doc.compatibility));
        for note in &doc.notes {
            out.push_str(&format!("<p class=\"note\">note: {}</p>\n", escape(note)));
        }
        out.push_str("</body></html>\n");
        Ok(out.into_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn report_is_self_contained_with_charts_tables_and_seed() {
        let doc = crate::tests::document();
        let html = String::from_utf8(Html.serialize(&doc).unwrap()).unwrap();
        assert!(html.starts_with("<!doctype html>"));
        assert!(html.contains("<figure class=\"chart\" data-chart=\"bars\"><svg"));
        assert!(html.contains("Test CPU"));
        assert!(html.contains("6000 ms"));
        assert!(html.contains("(seed: 240×)"));
        assert!(html.contains("FAILED text/atoi"));
        // Nothing fetched from the network.
        assert!(
            !html.contains("http://") || html.matches("http://").all(|_| html.contains("xmlns"))
        );
        assert!(!html.contains("https://") && !html.contains("<script src"));
    }
}
