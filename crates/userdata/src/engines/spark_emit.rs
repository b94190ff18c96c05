//! `--emit spark`: the conversion as a short, self-contained PySpark
//! script, for a cluster encbench does not run on. It reads the input,
//! writes a temporary folder beside the output with the options of
//! [`super::external::spark_write_options`] (or any list a prescription
//! gives) and the input's partitioning, checks the written row count and a
//! checksum of a seeded sample against the source, and only then renames
//! it into place; it exits 1 on a mismatch and leaves nothing. Run with
//! `--check`, it checks an existing output against the source again.
//!
//! The sample is chosen by content (`pmod(xxhash64(seed, every column),
//! every) = 0`, `every` = rows / 100,000, so every row of a small dataset),
//! so both sides pick the same rows whatever their order or partitioning;
//! per column it compares the count of non-null values and the sum of
//! xxhash64 of the values (as a decimal: no overflow).

use super::external::Input;
use std::path::Path;

/// About this many rows are in the sample (all of them when fewer).
pub const SAMPLE_ROWS: u64 = 100_000;
/// The sample's seed.
pub const SEED: u64 = 0x5eed;

/// A Python literal of `text` (JSON's string syntax is Python's).
fn py(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| "''".into())
}

fn py_pairs(list: &[(String, String)]) -> String {
    let items: Vec<String> = list
        .iter()
        .map(|(k, v)| format!("({}, {})", py(k), py(v)))
        .collect();
    format!("[{}]", items.join(", "))
}

/// Spark's `format()` name of a worker format.
fn spark_format(format: &str) -> &str {
    match format {
        "jsonl" => "json",
        f => f,
    }
}

/// The script: read `input`, write `format` with `options` to `output`.
pub fn script(
    input: &Input,
    format: &str,
    options: &[(String, String)],
    read_options: &[(String, String)],
    output: &Path,
    master: &str,
    version: &str,
) -> String {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let parts: Vec<String> = input.partition_by.iter().map(|p| py(p)).collect();
    let text_out = matches!(format, "csv" | "jsonl");
    let back_options = if format == "csv" {
        "[(\"header\", \"true\"), (\"escape\", '\"')]"
    } else {
        "[]"
    };
    format!(
        r#"#!/usr/bin/env python3
"""Converts {input} to {format} with PySpark, as `encbench file --emit spark` wrote it
(encbench {version}). Run: python3 THIS.py [--check]. The data goes to a
temporary folder beside OUTPUT and is renamed into place only once its row
count and a checksum of a seeded sample equal the source's; --check compares
an existing OUTPUT with the source again. Exits 1 on a mismatch."""
import os, shutil, sys, uuid
from pyspark.sql import SparkSession, functions as F

INPUT = {input_lit}
OUTPUT = {output_lit}
READ = ({read_format}, {read_options})
WRITE = ({write_format}, {options})  # DataFrameWriter.option(key, value), in order
PARTITION_BY = [{parts}]
BACK_OPTIONS = {back_options}
SEED, SAMPLE_ROWS = {seed}, {sample}  # a row is sampled when pmod(xxhash64(SEED, row), rows // SAMPLE_ROWS) == 0
MASTER = os.environ.get("SPARK_MASTER", {master})


def read(spark, path, fmt, options, schema=None):
    r = spark.read.format(fmt).options(**dict(options))
    return (r.schema(schema) if schema is not None else r).load(path)


def summary(df, rows):
    """Per column: non-null count and the sum of xxhash64 over the sample."""
    every = max(1, rows // SAMPLE_ROWS)
    cols = sorted(df.columns)
    sample = df.where(F.pmod(F.xxhash64(F.lit(SEED), *[F.col(c) for c in cols]), F.lit(every)) == 0)
    aggs = [F.count(F.lit(1)).alias("__sampled")]
    for i, c in enumerate(cols):
        aggs += [F.count(F.col(c)).alias(f"n{{i}}"),
                 F.sum(F.xxhash64(F.col(c)).cast("decimal(38,0)")).alias(f"h{{i}}")]
    return sample.agg(*aggs).collect()[0].asDict()


def check(spark, src, path):
    schema = src.schema if {text_out} else None
    back = read(spark, path, WRITE[0], BACK_OPTIONS, schema)
    rows = src.count()
    want, got = (rows, summary(src, rows)), (back.count(), summary(back, rows))
    if want != got:
        print(f"mismatch: the source has {{want[0]}} rows and sample {{want[1]}}; {{path}} has {{got[0]}} and {{got[1]}}",
              file=sys.stderr)
        return False
    print(f"checked: {{want[0]}} rows; a sample of {{want[1]['__sampled']}} rows equal in every column")
    return True


def main():
    real = os.path.realpath
    if (real(OUTPUT) + os.sep).startswith(real(INPUT) + os.sep):
        sys.exit(f"{{OUTPUT}} is inside the input {{INPUT}}: never written")
    checking = sys.argv[1:] == ["--check"]
    if not checking and os.path.lexists(OUTPUT):
        sys.exit(f"{{OUTPUT}} exists already; remove it first (nothing was written)")
    temp = os.path.join(os.path.dirname(os.path.abspath(OUTPUT)), f".{{os.path.basename(OUTPUT)}}.{{uuid.uuid4().hex}}.tmp")
    spark = SparkSession.builder.master(MASTER).appName("encbench-convert").config("spark.ui.enabled", "false") \
        .config("spark.sql.session.timeZone", "UTC").getOrCreate()
    try:
        src = read(spark, INPUT, *READ)
        if checking:
            return 0 if check(spark, src, OUTPUT) else 1
        w = src.write.format(WRITE[0])
        for k, v in WRITE[1]:
            w = w.option(k, v)
        if PARTITION_BY:
            w = w.partitionBy(*PARTITION_BY)
        w.mode("errorifexists").save(temp)
        if not check(spark, src, temp):
            return 1
        os.rename(temp, OUTPUT)
        print(f"wrote {{OUTPUT}}")
        return 0
    finally:
        shutil.rmtree(temp, ignore_errors=True)
        spark.stop()


if __name__ == "__main__":
    sys.exit(main())
"#,
        input = input.path.display(),
        input_lit = py(&abs(&input.path).to_string_lossy()),
        output_lit = py(&abs(output).to_string_lossy()),
        read_format = py(spark_format(input.format)),
        read_options = py_pairs(read_options),
        write_format = py(spark_format(format)),
        options = py_pairs(options),
        parts = parts.join(", "),
        seed = SEED,
        sample = SAMPLE_ROWS,
        master = py(master),
        text_out = if text_out { "True" } else { "False" },
    )
}
