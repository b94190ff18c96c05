//! What the engines' rows say, as text: per engine a table of candidates ×
//! queries with its Pareto frontier (size against the chosen query's time)
//! and its recommendation under the cost model, then one matrix: the
//! fastest format for each engine and query, beside the input as it is.

use super::Engines;
use crate::choice::Choice;
use crate::cost::{self, Model};
use encbench_format::table::Table as TextTable;
use encbench_format::units;
use encbench_record::Record;
use encbench_report::engines::{is_write, label_of, matrix};
use std::fmt::Write;

/// The warm rows of one engine, by candidate label and query.
fn median<'r>(records: &'r [Record], engine: &str, label: &str, query: &str) -> Option<&'r Record> {
    records.iter().find(|r| {
        r.engine.as_deref() == Some(engine)
            && r.query.as_deref() == Some(query)
            && r.cache.as_deref() == Some("warm")
            && label_of(r) == label
    })
}

/// The choices of `file`'s own table with reads timed by `engine` on
/// `query` instead, and the formats written in the worker (their write
/// timed there): the cost model then prices them as that engine reads.
pub fn engine_choices(
    choices: &[Choice],
    records: &[Record],
    engine: &str,
    query: &str,
) -> Vec<Choice> {
    let input_bytes = choices.first().map_or(0, |c| c.input_bytes);
    let mut out: Vec<Choice> = choices
        .iter()
        .filter_map(|c| {
            let r = median(records, engine, &c.label(), query)?;
            Some(Choice {
                read_ns: r.median_ns,
                query_ns: None,
                ..c.clone()
            })
        })
        .collect();
    for w in records.iter().filter(|r| is_write(r)) {
        let label = label_of(w);
        if out.iter().any(|c| c.label() == label) {
            continue;
        }
        if let Some(r) = median(records, engine, &label, query) {
            out.push(Choice {
                codec: w
                    .codec
                    .strip_prefix("file/")
                    .unwrap_or(&w.codec)
                    .to_string(),
                compression: w.compression.clone(),
                bytes: w.encoded_bytes,
                write_ns: Some(w.median_ns),
                read_ns: r.median_ns,
                input_bytes,
                query_ns: None,
                loss: None,
            });
        }
    }
    out
}

/// The text: what each query reads, a table per engine, the matrix.
pub fn render(
    engines: &Engines,
    choices: &[Choice],
    model: Option<&Model>,
    reads_query: &str,
) -> String {
    let mut out = String::new();
    if engines.ran.is_empty() {
        return out;
    }
    let ran: Vec<String> = engines
        .ran
        .iter()
        .map(|(n, v)| format!("{n} {v}"))
        .collect();
    let _ = writeln!(
        out,
        "\nRead by the engines ({}), each answer checked against encbench's table (row count and checksum) before it was timed:",
        ran.join(", ")
    );
    for (name, what) in &engines.queries {
        let _ = writeln!(out, "  {name:<8} {what}");
    }
    let queries: Vec<&str> = engines.queries.iter().map(|(n, _)| n.as_str()).collect();
    for (engine, version) in &engines.ran {
        let rows: Vec<&(String, u64)> = engines
            .files
            .iter()
            .filter(|(label, _)| {
                queries
                    .iter()
                    .any(|q| median(&engines.records, engine, label, q).is_some())
            })
            .collect();
        if rows.is_empty() {
            let _ = writeln!(out, "\n{engine} {version}: nothing it reads was measured");
            continue;
        }
        let points: Vec<(f64, f64)> = rows
            .iter()
            .filter_map(|(label, bytes)| {
                median(&engines.records, engine, label, reads_query)
                    .map(|r| (*bytes as f64, r.median_ns))
            })
            .collect();
        let frontier = encbench_stats::pareto::pareto_frontier(&points);
        let mut headers = vec![String::new(), "file".to_string(), "size".to_string()];
        headers.extend(queries.iter().map(|q| q.to_string()));
        let table = TextTable {
            right: headers.iter().enumerate().map(|(i, _)| i >= 2).collect(),
            headers,
            rows: rows
                .iter()
                .map(|(label, bytes)| {
                    let on_frontier = median(&engines.records, engine, label, reads_query)
                        .is_some_and(|r| frontier.contains(&(*bytes as f64, r.median_ns)));
                    let mut row = vec![
                        if on_frontier { "*" } else { "" }.to_string(),
                        label.clone(),
                        units::bytes(*bytes as f64),
                    ];
                    row.extend(queries.iter().map(|q| {
                        match median(&engines.records, engine, label, q) {
                            Some(r) if r.noisy => {
                                format!("{} (noisy)", units::duration(r.median_ns))
                            }
                            Some(r) => units::duration(r.median_ns),
                            None => "—".into(),
                        }
                    }));
                    row
                })
                .collect(),
        };
        let _ = writeln!(out, "\n{engine} {version} (warm page cache; * on the frontier of size vs {reads_query} time):");
        out.push_str(&table.plain("  "));
        if let Some(model) = model {
            let priced = engine_choices(choices, &engines.records, engine, reads_query);
            if let Some(d) = cost::decide(&priced, *model, &|_| None) {
                let pick = d.picked();
                let _ = writeln!(
                    out,
                    "  Recommended for {engine} ({} {reads_query}s per write): {}{}",
                    model.reads,
                    pick.choice.label(),
                    match d.input() {
                        Some(input) if !pick.is_input() => match (pick.score, input.score) {
                            (Some(p), Some(i)) if p > 0.0 =>
                                format!(", {:.2}× less cost than the input as it is", i / p),
                            _ => String::new(),
                        },
                        Some(_) => " (the input as it is: no change gains enough)".into(),
                        None => String::new(),
                    }
                );
            }
        }
    }
    let best = matrix(&engines.records);
    if !best.is_empty() {
        let mut headers = vec!["engine".to_string()];
        headers.extend(queries.iter().map(|q| q.to_string()));
        let table = TextTable {
            right: vec![false; headers.len()],
            headers,
            rows: engines
                .ran
                .iter()
                .map(|(engine, _)| {
                    let mut row = vec![engine.clone()];
                    row.extend(queries.iter().map(|q| {
                        match best.iter().find(|b| &b.engine == engine && b.query == *q) {
                            Some(b) => match b.vs_input {
                                Some(x) => format!("{} ({x:.2}×)", b.label),
                                None => b.label.clone(),
                            },
                            None => "—".into(),
                        }
                    }));
                    row
                })
                .collect(),
        };
        let _ = writeln!(
            out,
            "\nFastest file per engine and query (× the input as it is: its time ÷ this one's):"
        );
        out.push_str(&table.plain("  "));
    }
    out
}
