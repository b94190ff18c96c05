//! `file --convert FORMAT --engine spark|duckdb` and `--emit spark`: the
//! conversion run by an engine the user has, or printed as a PySpark
//! script (see `encbench_userdata::engines::external` and `spark_emit`).
//! Nothing is measured by encbench itself: the engine reads the input.

use crate::cli::{ConvertEngine, FileArgs};
use anyhow::{bail, Context as _};
use encbench_report::units;
use encbench_userdata::engines::external::{self, Engine, Target};
use encbench_userdata::engines::spark_emit;
use std::process::ExitCode;

pub fn execute(args: &FileArgs) -> anyhow::Result<ExitCode> {
    let (Some(text), Some(output)) = (args.convert.as_deref(), args.output.as_deref()) else {
        bail!("--engine and --emit need --convert FORMAT and -o PATH");
    };
    let engine = match args.engine {
        ConvertEngine::Duckdb if args.emit.is_some() => {
            bail!("--emit spark prints a PySpark job: drop --engine duckdb")
        }
        ConvertEngine::Duckdb => Engine::Duckdb,
        _ => Engine::Spark,
    };
    let e = &args.export;
    if e.json.is_some() || e.csv.is_some() || e.markdown.is_some() || e.html.is_some() {
        bail!("--engine and --emit measure nothing: no results to export (--json, --csv, --markdown, --html)");
    }
    let target = Target::parse(text, engine).map_err(anyhow::Error::msg)?;
    let input = external::inspect(&args.path).map_err(anyhow::Error::msg)?;
    if let Some(why) = external::refusal(
        &input.path,
        output,
        args.export.force || args.emit.is_some(),
    ) {
        bail!("{}: {why}", output.display());
    }
    if args.emit.is_some() {
        out!(
            "{}",
            spark_emit::script(
                &input,
                target.format,
                &external::spark_write_options(&target),
                &external::spark_read_options(input.format),
                output,
                &args.spark_master,
                env!("CARGO_PKG_VERSION"),
            )
        );
        return Ok(ExitCode::SUCCESS);
    }
    if !args.quiet {
        eprintln!(
            "encbench file: converting {} ({} {} file(s){}) to {} with {}, in a scratch folder beside the output",
            input.path.display(),
            input.files,
            input.format,
            match input.partition_by.is_empty() {
                true => String::new(),
                false => format!(", partitioned by {}", input.partition_by.join(", ")),
            },
            target.label(),
            engine.name()
        );
    }
    let done = external::convert(engine, &input, &target, output, &args.spark_master)
        .map_err(anyhow::Error::msg)
        .with_context(|| format!("--convert {text} --engine {}", engine.name()))?;
    let reader = match engine {
        Engine::Spark => "Spark",
        Engine::Duckdb => "DuckDB",
    };
    let on = match engine {
        Engine::Spark => format!(" on {}", args.spark_master),
        Engine::Duckdb => String::new(),
    };
    let parts = match input.partition_by.is_empty() {
        true => String::new(),
        false => format!(", partitioned by {}", input.partition_by.join(", ")),
    };
    outln!(
        "wrote {}: {} by {}{on}{parts}, {} rows, {} data file(s), {}; read back by {reader} and by pyarrow and compared with the source as {reader} read it (row count and per-column checksum of all {} columns): identical",
        output.display(),
        target.label(),
        done.library,
        done.rows,
        done.files,
        units::bytes(done.bytes as f64),
        done.columns
    );
    let rate = |s: f64| match s > 0.0 {
        true => format!(
            " ({} MB/s of input)",
            units::significant(input.bytes as f64 / 1e6 / s)
        ),
        false => String::new(),
    };
    let jvm = done.jvm_start_s.map_or(String::new(), |s| {
        format!("; Spark's JVM start, not counted: {s:.1} s")
    });
    outln!(
        "  time: write {:.2} s{}, checks {:.2} s, input {}{jvm}",
        done.write_s,
        rate(done.write_s),
        done.verify_s,
        units::bytes(input.bytes as f64)
    );
    let options: Vec<String> = done
        .options
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    outln!("  options: {}", options.join(", "));
    outln!("  how: {}", done.how);
    Ok(ExitCode::SUCCESS)
}
