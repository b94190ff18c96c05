//! A prescription as write calls other writers run as they are: pyarrow's
//! `pq.write_table`, polars' `write_parquet`, DuckDB's `COPY … (FORMAT
//! PARQUET)` and Spark's `df.write.option(…)`. Each call names every
//! setting its writer can express; what it cannot is said below it, as
//! comment lines (`#` for Python, `--` for SQL). The data is `table` (a
//! `pyarrow.Table`), `df` (a polars or Spark DataFrame) or `tbl` (a table
//! DuckDB can see); each writes `out.parquet` in the working directory.

use encbench_codecs::columnar::tuning::{Prescription, Setting};

/// A Python string literal (JSON's escapes are Python's).
fn py(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("{text:?}"))
}

/// A quoted SQL identifier.
fn sql_name(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Columns kept (or left) with a dictionary, and those with an encoding.
fn split(p: &Prescription) -> (Vec<&str>, Vec<(&str, &'static str)>) {
    let mut dictionary = Vec::new();
    let mut encoded = Vec::new();
    for c in &p.columns {
        match &c.setting {
            Setting::Chosen { choice, .. } => match choice.parquet_name() {
                None => dictionary.push(c.name.as_str()),
                Some(e) => encoded.push((c.name.as_str(), e)),
            },
            Setting::NotMeasured(_) => dictionary.push(c.name.as_str()),
        }
    }
    (dictionary, encoded)
}

/// The keyword arguments pyarrow's writer takes beyond compression, level,
/// row groups and page bytes (which polars passes itself).
fn pyarrow_rest(p: &Prescription) -> Vec<String> {
    let (dictionary, encoded) = split(p);
    let mut args = Vec::new();
    args.push(match dictionary.is_empty() {
        true => "use_dictionary=False".to_string(),
        false => format!(
            "use_dictionary=[{}]",
            dictionary
                .iter()
                .map(|n| py(n))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    });
    if !encoded.is_empty() {
        let pairs: Vec<String> = encoded
            .iter()
            .map(|(n, e)| format!("{}: {}", py(n), py(e)))
            .collect();
        args.push(format!("column_encoding={{{}}}", pairs.join(", ")));
    }
    args.push(format!("max_rows_per_page={}", p.page_rows));
    args.push(format!("write_page_index={}", py_bool(p.page_index)));
    if let Some(s) = &p.sort {
        args.push(format!("sorting_columns=[pq.SortingColumn({})]", s.index));
    }
    args
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// What pyarrow cannot set that the prescription names.
const PYARROW_CANNOT: &str =
    "# pyarrow has no bytes bound on a row group (encbench also closes one at 64 MiB).";

/// `pq.write_table(table, "out.parquet", …)`.
pub fn pyarrow(p: &Prescription) -> String {
    let mut lines = vec!["import pyarrow.parquet as pq".to_string()];
    if let Some(s) = &p.sort {
        lines.push(format!("table = table.sort_by({})", py(&s.column)));
    }
    let mut args = vec![
        "table".to_string(),
        py("out.parquet"),
        py_kw("compression", "zstd"),
        format!("compression_level={}", p.level),
        format!("row_group_size={}", p.row_group_rows),
        format!("data_page_size={}", p.page_bytes),
    ];
    args.extend(pyarrow_rest(p));
    lines.push(call("pq.write_table", &args));
    lines.push(PYARROW_CANNOT.into());
    lines.join("\n")
}

fn py_kw(key: &str, value: &str) -> String {
    format!("{key}={}", py(value))
}

/// `name(a, b, …)` over several lines.
fn call(name: &str, args: &[String]) -> String {
    let body: Vec<String> = args.iter().map(|a| format!("    {a},")).collect();
    format!("{name}(\n{}\n)", body.join("\n"))
}

/// `df.write_parquet("out.parquet", …)` through pyarrow's writer, the only
/// way polars sets per-column encodings.
pub fn polars(p: &Prescription) -> String {
    let mut lines = vec!["import pyarrow.parquet as pq".to_string()];
    if let Some(s) = &p.sort {
        lines.push(format!(
            "df = df.sort({}, maintain_order=True)",
            py(&s.column)
        ));
    }
    let options: Vec<String> = pyarrow_rest(p)
        .iter()
        .map(|kw| {
            let (k, v) = kw.split_once('=').unwrap_or((kw, ""));
            format!("{}: {v}", py(k))
        })
        .collect();
    let args = vec![
        py("out.parquet"),
        py_kw("compression", "zstd"),
        format!("compression_level={}", p.level),
        format!("row_group_size={}", p.row_group_rows),
        format!("data_page_size={}", p.page_bytes),
        "use_pyarrow=True".to_string(),
        format!("pyarrow_options={{{}}}", options.join(", ")),
    ];
    lines.push(call("df.write_parquet", &args));
    lines.push("# polars' own writer (use_pyarrow=False) sets compression, level, row group and page size only: not the per-column encodings, the rows per page, the page index or the sort order in the metadata.".into());
    lines.push(PYARROW_CANNOT.into());
    lines.join("\n")
}

/// `COPY (SELECT * FROM tbl …) TO 'out.parquet' (FORMAT PARQUET, …)`.
pub fn duckdb(p: &Prescription) -> String {
    let (_, encoded) = split(p);
    let order = p.sort.as_ref().map_or(String::new(), |s| {
        format!(" ORDER BY {}", sql_name(&s.column))
    });
    let mut options = vec![
        "FORMAT PARQUET".to_string(),
        "COMPRESSION ZSTD".to_string(),
        format!("COMPRESSION_LEVEL {}", p.level),
        format!("ROW_GROUP_SIZE {}", p.row_group_rows),
    ];
    // Version 2 lets DuckDB write delta and byte-stream-split pages.
    let v2 = encoded.iter().any(|(_, e)| *e != "PLAIN");
    if v2 {
        options.push("PARQUET_VERSION V2".into());
    }
    let mut lines = vec![format!(
        "COPY (SELECT * FROM tbl{order}) TO 'out.parquet' ({});",
        options.join(", ")
    )];
    lines.push("-- DuckDB chooses each column's encoding itself (a dictionary where its own test says so; with V2, delta for integers and text, byte-stream-split for floats otherwise): the per-column encodings above cannot be named.".into());
    lines.push("-- It writes no sort order in the metadata (ORDER BY sorts the rows), rounds row groups to its 2,048-row vectors, and has no rows-per-page limit.".into());
    if encoded.iter().any(|(_, e)| *e == "PLAIN") {
        lines.push("-- Columns chosen PLAIN may be written otherwise by DuckDB.".into());
    }
    lines.join("\n")
}

/// `df.write.option(…)….parquet("out.parquet")` with parquet-java's
/// properties (checked against parquet-hadoop 1.15.2, pyspark 4.0's).
pub fn spark(p: &Prescription) -> String {
    let (_, encoded) = split(p);
    let mut chain = vec!["(df".to_string()];
    if let Some(s) = &p.sort {
        chain.push(format!("    .sortWithinPartitions({})", py(&s.column)));
    }
    chain.push("    .write".into());
    let mut option = |k: &str, v: String| chain.push(format!("    .option({}, {})", py(k), py(&v)));
    option("compression", "zstd".into());
    option("parquet.compression.codec.zstd.level", p.level.to_string());
    option(
        "parquet.block.size",
        encbench_codecs::columnar::tuning::GROUP_BYTES.to_string(),
    );
    option("parquet.page.size", p.page_bytes.to_string());
    option("parquet.page.row.count.limit", p.page_rows.to_string());
    if !encoded.is_empty() {
        option("parquet.writer.version", "PARQUET_2_0".into());
    }
    for (name, _) in &encoded {
        option(&format!("parquet.enable.dictionary#{name}"), "false".into());
    }
    chain.push("    .parquet(\"out.parquet\"))".into());
    let mut lines = chain;
    lines.push("# parquet-java bounds row groups by bytes only (parquet.block.size), not rows; it writes the page index itself.".into());
    lines.push("# Without a dictionary it writes DELTA_BINARY_PACKED for integers, DELTA_BYTE_ARRAY for text and PLAIN for floats (version 2 pages): BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY and PLAIN integers cannot be named through Spark's options, nor the sort order in the metadata.".into());
    let lost: Vec<String> = encoded
        .iter()
        .filter(|(_, e)| {
            matches!(
                *e,
                "BYTE_STREAM_SPLIT" | "DELTA_LENGTH_BYTE_ARRAY" | "PLAIN"
            )
        })
        .map(|(n, e)| format!("{n} ({e})"))
        .collect();
    if !lost.is_empty() {
        lines.push(format!("# Written otherwise here: {}.", lost.join(", ")));
    }
    if encoded.iter().any(|(_, e)| *e == "BYTE_STREAM_SPLIT") {
        lines.push("# Spark 4.0's vectorized reader rejects BYTE_STREAM_SPLIT pages (files written by the other calls): read them with spark.conf.set(\"spark.sql.parquet.enableVectorizedReader\", \"false\").".into());
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests;
