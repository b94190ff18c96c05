//! Engine rows of `file --engines`: the fastest file for each engine and
//! query (the matrix), beside the input as it is, and each engine's times
//! per candidate; the text output and the HTML report both draw them.

use crate::table::Table;
use crate::units;
use encbench_record::Record;

/// `parquet + zstd-3` from a row's codec and compression.
pub fn label_of(r: &Record) -> String {
    let codec = r.codec.strip_prefix("file/").unwrap_or(&r.codec);
    match r.compression.as_str() {
        "none" => codec.to_string(),
        c => format!("{codec} + {c}"),
    }
}

/// One matrix cell: the fastest candidate for an engine and query, and how
/// many times faster than the input as it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Best {
    pub engine: String,
    pub query: String,
    pub label: String,
    pub median_ns: f64,
    /// The input's time ÷ the best's, when the input was read.
    pub vs_input: Option<f64>,
}

/// The matrix: for each engine and query, the fastest verified warm row.
pub fn matrix(records: &[Record]) -> Vec<Best> {
    let mut out: Vec<Best> = Vec::new();
    for r in records
        .iter()
        .filter(|r| r.cache.as_deref() == Some("warm") && !is_write(r))
    {
        let (Some(engine), Some(query)) = (&r.engine, &r.query) else {
            continue;
        };
        let input = records.iter().find(|o| {
            o.engine.as_ref() == Some(engine)
                && o.query.as_ref() == Some(query)
                && o.cache.as_deref() == Some("warm")
                && o.codec == "file/original"
        });
        let cell = Best {
            engine: engine.clone(),
            query: query.clone(),
            label: label_of(r),
            median_ns: r.median_ns,
            vs_input: input.map(|i| i.median_ns / r.median_ns),
        };
        match out
            .iter_mut()
            .find(|b| b.engine == *engine && b.query == *query)
        {
            Some(b) if b.median_ns > cell.median_ns => *b = cell,
            Some(_) => {}
            None => out.push(cell),
        }
    }
    out
}

/// A write timed in the engines worker (ORC, Vortex, Lance), not a read.
pub fn is_write(r: &Record) -> bool {
    r.query.as_deref() == Some("write")
}

/// The queries and engines of `records`, in the order they first appear.
fn axes(records: &[&Record]) -> (Vec<String>, Vec<String>) {
    let mut engines: Vec<String> = Vec::new();
    let mut queries: Vec<String> = Vec::new();
    for r in records.iter().filter(|r| !is_write(r)) {
        if let (Some(e), Some(q)) = (&r.engine, &r.query) {
            if !engines.contains(e) {
                engines.push(e.clone());
            }
            if !queries.contains(q) {
                queries.push(q.clone());
            }
        }
    }
    (engines, queries)
}

/// The HTML report's tables: the matrix, then one table of times per engine.
pub fn tables(records: &[&Record]) -> Vec<(String, Table)> {
    let owned: Vec<Record> = records.iter().map(|r| (*r).clone()).collect();
    let best = matrix(&owned);
    if best.is_empty() {
        return Vec::new();
    }
    let (engines, queries) = axes(records);
    let mut headers = vec!["engine".to_string()];
    headers.extend(queries.iter().cloned());
    let mut out = vec![(
        "read by the engines: the fastest file per query (× the input as it is: its time ÷ this one's; warm page cache)".to_string(),
        Table {
            right: vec![false; headers.len()],
            headers,
            rows: engines
                .iter()
                .map(|e| {
                    let mut row = vec![e.clone()];
                    row.extend(queries.iter().map(|q| {
                        match best.iter().find(|b| &b.engine == e && &b.query == q) {
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
        },
    )];
    for e in &engines {
        let mut labels: Vec<(String, u64)> = Vec::new();
        for r in records.iter().filter(|r| r.engine.as_ref() == Some(e)) {
            let l = label_of(r);
            if !labels.iter().any(|(x, _)| *x == l) {
                labels.push((l, r.encoded_bytes));
            }
        }
        let mut headers = vec!["file".to_string(), "size".to_string()];
        headers.extend(queries.iter().cloned());
        let runtime = records
            .iter()
            .find(|r| r.engine.as_ref() == Some(e))
            .and_then(|r| r.runtime.clone())
            .unwrap_or_default();
        out.push((
            format!("{runtime}: median time per query"),
            Table {
                right: headers.iter().enumerate().map(|(i, _)| i >= 1).collect(),
                headers,
                rows: labels
                    .iter()
                    .map(|(l, bytes)| {
                        let mut row = vec![l.clone(), units::bytes(*bytes as f64)];
                        row.extend(queries.iter().map(|q| {
                            records
                                .iter()
                                .find(|r| {
                                    r.engine.as_ref() == Some(e)
                                        && r.query.as_ref() == Some(q)
                                        && r.cache.as_deref() == Some("warm")
                                        && label_of(r) == *l
                                })
                                .map_or("—".into(), |r| units::duration(r.median_ns))
                        }));
                        row
                    })
                    .collect(),
            },
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_record::{EngineRead, Medium, RowMeta, Verified};
    use encbench_stats::Sample;

    fn row(engine: &str, codec: &str, compression: &str, query: &str, ms: f64) -> Record {
        let samples = vec![ms * 1e6; 6];
        let summary = Sample::new(&samples).unwrap().summarize();
        let meta = RowMeta {
            scenario: "file".into(),
            dataset: "d".into(),
            codec: format!("file/{codec}"),
            operation: query.into(),
            medium: Medium::FileWarm,
            compression: compression.into(),
            encoded_bytes: 1000,
            engine: Some(EngineRead {
                engine: engine.into(),
                query: query.into(),
                selectivity: None,
            }),
            ..RowMeta::default()
        };
        let check = Verified::equal("checksum", &1, &1).unwrap().into();
        Record::new(meta, &check, &summary, 1, samples)
    }

    #[test]
    fn the_matrix_names_the_fastest_file_and_its_gain_over_the_input() {
        let rows = vec![
            row("duckdb", "original", "none", "scan", 10.0),
            row("duckdb", "parquet", "zstd-3", "scan", 2.0),
            row("duckdb", "csv", "none", "scan", 8.0),
            row("polars", "parquet", "none", "scan", 4.0),
            row("polars", "arrow", "none", "scan", 1.0),
        ];
        let best = matrix(&rows);
        let duck = best.iter().find(|b| b.engine == "duckdb").unwrap();
        assert_eq!(duck.label, "parquet + zstd-3");
        assert_eq!(duck.vs_input, Some(5.0));
        let polars = best.iter().find(|b| b.engine == "polars").unwrap();
        assert_eq!((polars.label.as_str(), polars.vs_input), ("arrow", None));
        let refs: Vec<&Record> = rows.iter().collect();
        let tables = tables(&refs);
        assert_eq!(tables.len(), 3, "the matrix, then one table per engine");
        assert_eq!(
            tables[0].1.rows[0],
            vec!["duckdb", "parquet + zstd-3 (5.00×)"]
        );
        assert_eq!(tables[0].1.rows[1], vec!["polars", "arrow"]);
        assert_eq!(tables[1].1.rows.len(), 3);
    }
}
