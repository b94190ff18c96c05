//! `encbench file --convert parquet+tuned`, end to end: the file written
//! and read back equal by pyarrow, nothing else left, an existing output
//! refused without `--force`; and each write call it prints, run as it is
//! by pyarrow, polars, DuckDB and Spark, writes the metadata the
//! prescription names (what a writer cannot express, the call says).

// Not everything the tests share is used here.
#[allow(dead_code)]
mod common;

use common::{encbench, run_python};
use serde_json::Value;
use std::path::{Path, PathBuf};

const ROWS: usize = 30_000;

/// A pseudo-random number: no period for a compressor to find.
fn scrambled(i: usize) -> usize {
    let mut x = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 31;
    (x.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 33) as usize
}

/// Flights: a row id, a carrier of five, a flight number that depends on
/// the carrier (so sorting by carrier groups it), a delay of one decimal,
/// a smooth float, a unique url sharing its prefix.
fn flights(dir: &Path) -> PathBuf {
    let carriers = ["UA", "AA", "B6", "DL", "EV"];
    let mut text = String::from("id,carrier,flight,delay,smooth,url\n");
    for i in 0..ROWS {
        let c = scrambled(i) % 5;
        text.push_str(&format!(
            "{i},{},{},{}.{},{:.6},https://example.org/flights/{:08}\n",
            carriers[c],
            100 * (c + 1) + scrambled(i + 7) % 3,
            scrambled(i + 3) % 60,
            scrambled(i + 5) % 10,
            (i as f64 / 500.0).sin() * 100.0,
            i * 13
        ));
    }
    let path = dir.join("flights.csv");
    std::fs::write(&path, text).unwrap();
    path
}

fn convert(input: &Path, output: &Path, force: bool) -> assert_cmd::assert::Assert {
    let mut cmd = encbench();
    cmd.arg("file")
        .arg(input)
        .args(["--convert", "parquet+tuned", "-o"])
        .arg(output);
    if force {
        cmd.arg("--force");
    }
    cmd.assert()
}

/// Each writer's block of the output, by the writer's name.
fn blocks(stdout: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for line in stdout.lines() {
        if let Some(name) = line.strip_prefix("--- ") {
            out.push((name.to_string(), String::new()));
        } else if line == "---" {
            break;
        } else if let Some((_, text)) = out.last_mut() {
            text.push_str(line);
            text.push('\n');
        }
    }
    out
}

/// The footer of `files` (a file, or Spark's folder of parts) as JSON:
/// each row group's rows and sort order, each column's codec, encodings,
/// dictionary page and page index; and whether `sorted` is in order.
fn metadata(python: &Path, dir: &Path, files: &str, sorted: Option<&str>) -> Value {
    let script = format!(
        r#"
import glob, json, os, pyarrow.parquet as pq, pyarrow.compute as pc
path = {files:?}
parts = sorted(glob.glob(os.path.join(path, "part-*.parquet"))) if os.path.isdir(path) else [path]
groups = []
in_order = True
for part in parts:
    f = pq.ParquetFile(part)
    md = f.metadata
    for g in range(md.num_row_groups):
        rg = md.row_group(g)
        cols = {{}}
        for c in range(rg.num_columns):
            col = rg.column(c)
            cols[col.path_in_schema] = dict(
                compression=col.compression, encodings=list(col.encodings),
                dictionary=col.has_dictionary_page, column_index=col.has_column_index,
                offset_index=col.has_offset_index)
        groups.append(dict(rows=rg.num_rows, sorting=[s.column_index for s in rg.sorting_columns], columns=cols))
    key = {sorted:?}
    if key != "":
        values = f.read([key]).column(0).to_pylist()
        in_order = in_order and values == sorted(values)
print(json.dumps(dict(groups=groups, in_order=in_order)))
"#,
        sorted = sorted.unwrap_or(""),
    );
    serde_json::from_str(run_python(python, dir, &script).trim()).unwrap()
}

/// `dictionary`, or the data pages' encoding.
fn kind(column: &Value) -> String {
    if column["dictionary"].as_bool().unwrap() {
        return "dictionary".into();
    }
    let encodings: Vec<&str> = column["encodings"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e.as_str())
        .filter(|e| *e != "RLE" && *e != "BIT_PACKED")
        .collect();
    encodings.join("+")
}

fn columns(meta: &Value) -> &serde_json::Map<String, Value> {
    meta["groups"][0]["columns"].as_object().unwrap()
}

#[test]
fn convert_parquet_tuned_writes_the_input_verified_and_refuses_an_existing_output() {
    let Some(python) = encbench_table::testing::worker_python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = flights(dir.path());
    let output = dir.path().join("out.parquet");
    let done = convert(&input, &output, false).success();
    let stdout = String::from_utf8_lossy(&done.get_output().stdout).into_owned();
    assert!(stdout.contains("parquet + tuned"), "{stdout}");
    assert!(
        stdout.contains("read back and compared row by row: identical"),
        "{stdout}"
    );
    // Each column's setting with its gain, then the calls.
    assert!(stdout.contains("    id "), "{stdout}");
    assert!(
        stdout.contains("DELTA_BINARY_PACKED"),
        "a monotonic id: {stdout}"
    );
    assert!(stdout.contains("zstd level: "), "{stdout}");
    let names: Vec<String> = blocks(&stdout).into_iter().map(|(n, _)| n).collect();
    assert_eq!(names, ["pyarrow", "polars", "duckdb", "spark"]);
    // Read back by pyarrow: every row as the CSV holds it.
    let check = r#"
import csv, pyarrow.parquet as pq
back = pq.read_table("out.parquet").to_pylist()
rows = list(csv.DictReader(open("flights.csv")))
assert len(back) == len(rows), (len(back), len(rows))
for a, b in zip(back, rows):
    assert a["id"] == int(b["id"]) and a["carrier"] == b["carrier"], (a, b)
    assert a["flight"] == int(b["flight"]) and a["url"] == b["url"], (a, b)
    assert a["delay"] == float(b["delay"]) and a["smooth"] == float(b["smooth"]), (a, b)
print(len(back))
"#;
    assert_eq!(
        run_python(&python, dir.path(), check).trim(),
        ROWS.to_string()
    );
    // Nothing but the input and the output.
    let mut left: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["flights.csv", "out.parquet"]);
    // An existing output: refused, untouched; replaced with --force.
    let before = std::fs::read(&output).unwrap();
    let refused = convert(&input, &output, false).failure();
    let stderr = String::from_utf8_lossy(&refused.get_output().stderr).into_owned();
    assert!(stderr.contains("--force"), "{stderr}");
    assert_eq!(std::fs::read(&output).unwrap(), before);
    convert(&input, &output, true).success();
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
}

/// Whether Spark can run here: pyspark imports and java is on PATH. Under
/// CI, where the worker lists pyspark, it must.
fn spark_runs(python: &Path) -> bool {
    let imports = std::process::Command::new(python)
        .args(["-c", "import pyspark"])
        .status()
        .is_ok_and(|s| s.success());
    let java = std::process::Command::new("java")
        .arg("-version")
        .output()
        .is_ok_and(|o| o.status.success());
    let listed = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("workers/python/requirements.txt"),
    )
    .is_ok_and(|r| r.lines().any(|l| l.trim_start().starts_with("pyspark")));
    if std::env::var_os("CI").is_some() && listed {
        assert!(imports && java, "CI lists pyspark: it and java must run");
    }
    if !(imports && java) {
        eprintln!("skipped: Spark's call (pyspark or java missing)");
    }
    imports && java
}

#[test]
fn each_printed_write_call_writes_the_metadata_the_prescription_names() {
    let Some(python) = encbench_table::testing::worker_python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let input = flights(dir.path());
    let output = dir.path().join("tuned.parquet");
    let done = convert(&input, &output, false).success();
    let stdout = String::from_utf8_lossy(&done.get_output().stdout).into_owned();
    let sort = stdout
        .split("sort: by '")
        .nth(1)
        .and_then(|rest| rest.split('\'').next())
        .map(str::to_string);
    let ours = metadata(&python, dir.path(), "tuned.parquet", None);
    let ours_columns = columns(&ours);
    let rows = ours["groups"][0]["rows"].as_u64().unwrap();
    assert_eq!(rows as usize, ROWS, "one row group");
    assert_eq!(kind(&ours_columns["id"]), "DELTA_BINARY_PACKED");
    let src = output.to_string_lossy().into_owned();
    for (writer, text) in blocks(&stdout) {
        let run = dir.path().join(&writer);
        std::fs::create_dir(&run).unwrap();
        let prelude = match writer.as_str() {
            "pyarrow" => {
                format!("import pyarrow.parquet as pq\ntable = pq.read_table({src:?})\n{text}")
            }
            "polars" => format!("import polars as pl\ndf = pl.read_parquet({src:?})\n{text}"),
            "duckdb" => format!(
                "import duckdb, pyarrow.parquet as pq\ntbl = pq.read_table({src:?})\nduckdb.sql({})\n",
                serde_json::to_string(&text).unwrap()
            ),
            "spark" if spark_runs(&python) => format!(
                "from pyspark.sql import SparkSession\nspark = SparkSession.builder.master('local[1]').config('spark.ui.enabled', 'false').config('spark.sql.parquet.enableVectorizedReader', 'false').getOrCreate()\ndf = spark.read.parquet({src:?})\n{text}spark.stop()\n"
            ),
            "spark" => continue,
            other => panic!("a call for {other}"),
        };
        run_python(&python, &run, &prelude);
        let theirs = metadata(&python, &run, "out.parquet", sort.as_deref());
        let groups = theirs["groups"].as_array().unwrap();
        let total: u64 = groups.iter().map(|g| g["rows"].as_u64().unwrap()).sum();
        assert_eq!(total, rows, "{writer}");
        for g in groups {
            for (name, c) in g["columns"].as_object().unwrap() {
                assert_eq!(c["compression"], "ZSTD", "{writer}: {name}");
            }
        }
        assert!(
            theirs["in_order"].as_bool().unwrap(),
            "{writer}: sorted by {sort:?}"
        );
        let theirs_columns = columns(&theirs);
        match writer.as_str() {
            // pyarrow's writer names everything: the same footer as ours.
            "pyarrow" | "polars" => {
                assert_eq!(groups.len(), 1, "{writer}: {} rows per group", rows);
                for (name, c) in ours_columns {
                    let t = &theirs_columns[name];
                    assert_eq!(kind(t), kind(c), "{writer}: {name}");
                    assert_eq!(
                        t["column_index"], c["column_index"],
                        "{writer}: {name} page index"
                    );
                }
                let sorting = &theirs["groups"][0]["sorting"];
                match &sort {
                    Some(_) => assert_eq!(sorting.as_array().unwrap().len(), 1, "{writer}"),
                    None => assert_eq!(sorting.as_array().unwrap().len(), 0, "{writer}"),
                }
            }
            // DuckDB and Spark pick encodings themselves (their calls say
            // so): a column we write without a dictionary has none there
            // either, where their writer can say it (Spark), and the codec
            // and rows are ours.
            "duckdb" => {
                assert_eq!(groups.len(), 1, "duckdb: {rows} rows fit one group");
                assert!(text.contains("-- DuckDB chooses each column's encoding itself"));
            }
            "spark" => {
                for (name, c) in ours_columns {
                    if kind(c) != "dictionary" {
                        assert_eq!(theirs_columns[name]["dictionary"], false, "spark: {name}");
                    }
                }
                assert!(text.contains("# parquet-java bounds row groups by bytes only"));
                if stdout.contains("BYTE_STREAM_SPLIT") {
                    assert!(text.contains("enableVectorizedReader"), "{text}");
                }
            }
            _ => unreachable!(),
        }
    }
}
