//! `encbench file`: read the user's file, print the schema, measure every
//! candidate encoding × compressor, print the table, the Pareto frontier
//! and a recommendation; or convert it (verified) to one format.

use crate::cli::{FileArgs, InputFormat, Optimize};
use crate::output::{check_export_paths, write_exports, RunStore};
use crate::progress::Progress;
use crate::run::{build_info, check_compressions};
use anyhow::{bail, Context as _};
use encbench_measure::{measure_overhead, probe_timer, Config};
use encbench_record::{EngineInfo, Environment, RunDocument, SCHEMA_VERSION};
use encbench_report::units;
use encbench_userdata::candidates::{self, Candidate};
use encbench_userdata::measure::{self, Plan};
use encbench_userdata::recommend::{self, Objective};
use encbench_userdata::sniff::FormatHint;
use encbench_userdata::{convert, load, summary, LoadOptions, Loaded, Schema};
use std::process::ExitCode;

/// Text measured in quick and full mode before rows are sampled, MB.
const QUICK_SAMPLE_MB: f64 = 2.0;
const FULL_SAMPLE_MB: f64 = 64.0;

pub fn execute(args: FileArgs) -> anyhow::Result<ExitCode> {
    let quick = !args.full;
    let compressions = check_compressions(&args.compressions)?.unwrap_or_default();
    check_export_paths(&args.export)?;
    let target = args.convert.as_deref().map(parse_target).transpose()?;
    // Every --convert form checks its output before reading or measuring.
    if target.is_some() {
        let Some(output) = &args.output else {
            bail!("--convert needs -o PATH");
        };
        convert::check_output(&args.path, output, args.force)?;
    }
    let schema = match &args.schema {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("--schema {}", path.display()))?;
            Some(Schema::from_json(&text).with_context(|| format!("--schema {}", path.display()))?)
        }
        None => None,
    };
    let sample_mb = args.sample_mb.unwrap_or(if quick {
        QUICK_SAMPLE_MB
    } else {
        FULL_SAMPLE_MB
    });
    let options = LoadOptions {
        hint: match args.format {
            InputFormat::Auto => FormatHint::Auto,
            InputFormat::Csv => FormatHint::Csv,
            InputFormat::Tsv => FormatHint::Tsv,
            InputFormat::Jsonl => FormatHint::JsonLines,
            InputFormat::Lines => FormatHint::Lines,
        },
        schema,
        skip_bad: args.skip_bad,
        sample_limit: Some((sample_mb * 1e6) as u64),
    };
    let mut progress = Progress::new(args.quiet);

    // A named format needs no measurement: convert every row and stop.
    if let Some(Target::Format(candidate, compressor)) = &target {
        progress.milestone(&format!("encbench file: reading {}", args.path.display()));
        let loaded = load(
            &args.path,
            &LoadOptions {
                sample_limit: None,
                ..options
            },
        )?;
        progress.finish();
        describe(&loaded);
        write_converted(&args, &loaded, candidate.as_ref(), compressor.as_deref())?;
        return Ok(ExitCode::SUCCESS);
    }

    let mut store = RunStore::open(&args.store)?;
    progress.milestone(&format!("encbench file: reading {}", args.path.display()));
    let loaded = load(&args.path, &options)?;
    describe(&loaded);

    let config = if quick {
        Config::quick()
    } else {
        Config::full()
    };
    let mode = if quick { "quick" } else { "full" };
    progress.milestone(&format!("encbench file: measuring ({mode} mode)"));
    let timer = probe_timer();
    let overhead = measure_overhead(&config, &timer);
    let plan = Plan {
        config: config.clone(),
        timer,
        samples: args.samples.map(|n| n as usize),
        compressors: measure::compressors(&compressions, quick),
    };
    let measured = measure::measure(&loaded, &plan, &mut |m| progress.update(m));
    progress.finish();

    let choices = recommend::choices(&measured.records);
    let objective = match args.optimize {
        Optimize::Size => Objective::Size,
        Optimize::Decode => Objective::Decode,
        Optimize::Encode => Objective::Encode,
        Optimize::Balanced => Objective::Balanced,
    };
    // No rows: sizes are headers and times are set-up costs; nothing to recommend on.
    let recommendation = (loaded.table.rows() > 0)
        .then(|| recommend::recommend(&choices, objective, args.link_bandwidth))
        .flatten();
    let build = build_info();
    let engine = EngineInfo {
        timer_resolution_ns: timer.resolution_ns,
        timer_cost_ns: timer.cost_ns,
        empty_body_ns: overhead.empty_body_ns,
        min_sample_ns: config.min_sample_time(&timer).as_nanos() as f64,
    };
    let doc = RunDocument {
        encbench: build.version.clone(),
        schema: SCHEMA_VERSION,
        environment: Environment::capture(&build, mode, engine, None),
        results: measured.records,
        failures: measured.failures,
        comparisons: Vec::new(),
        notes: notes(&loaded, sample_mb),
        recommendation,
    };

    outln!("\nEncode (then compress) and decode (after decompressing) in MB/s of the input's text; * = Pareto frontier of size and decode time{}.", 
        args.link_bandwidth.map_or(String::new(), |l| format!(" (decode includes moving the bytes at {} MB/s)", units::significant(l))));
    out!("{}", summary::choices(&choices, args.link_bandwidth));
    for f in &doc.failures {
        outln!(
            "  failed: {} {} {}: {}",
            f.codec,
            f.operation,
            f.compression,
            f.error
        );
    }
    let frontier: Vec<String> = recommend::frontier(&choices, args.link_bandwidth)
        .iter()
        .map(|c| c.label())
        .collect();
    outln!(
        "\nPareto frontier (size vs decode time): {}",
        frontier.join(", ")
    );
    match &doc.recommendation {
        Some(r) => outln!(
            "Recommended (--optimize {}): {}",
            objective.as_str(),
            r.reason
        ),
        None => outln!("No recommendation: no rows, or no candidate could be measured."),
    }
    for note in &doc.notes {
        outln!("note: {note}");
    }
    write_exports(&doc, &args.export)?;
    if let Some(store) = store.as_mut() {
        store.save(&doc, "`encbench show {id}`")?;
    }
    if let Some(Target::Recommended) = target {
        let Some(r) = &doc.recommendation else {
            bail!("--convert recommended: nothing to recommend, so nothing was written");
        };
        let candidate = candidates::by_id(&r.codec)
            .with_context(|| format!("--convert recommended: '{}' (the input's own text) is recommended; there is nothing to convert", r.codec))?;
        let compressor = (r.compression != "none").then(|| r.compression.clone());
        let full = match loaded.sampled {
            true => load(
                &args.path,
                &LoadOptions {
                    sample_limit: None,
                    ..options
                },
            )?,
            false => loaded,
        };
        write_converted(&args, &full, candidate.as_ref(), compressor.as_deref())?;
    }
    Ok(if doc.failures.is_empty() {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "error: {} row(s) failed verification or timing",
            doc.failures.len()
        );
        ExitCode::from(1)
    })
}

/// What --convert asked for.
enum Target {
    Recommended,
    Format(Box<dyn Candidate>, Option<String>),
}

fn parse_target(text: &str) -> anyhow::Result<Target> {
    if text == "recommended" {
        return Ok(Target::Recommended);
    }
    let (format, compressor) = match text.split_once('+') {
        Some((f, c)) => (f, Some(c.to_string())),
        None => (text, None),
    };
    let names: Vec<&str> = candidates::convertible().iter().map(|c| c.id()).collect();
    let Some(candidate) = candidates::by_id(format) else {
        bail!(
            "--convert: unknown format '{format}'; known: {}, recommended",
            names.join(", ")
        );
    };
    if let Some(c) = &compressor {
        if measure::compressors(std::slice::from_ref(c), false).len() != 1 {
            bail!("--convert: unknown compressor '{c}' (give one level, e.g. zstd-3, gzip-6, lz4)");
        }
    }
    Ok(Target::Format(candidate, compressor))
}

fn write_converted(
    args: &FileArgs,
    loaded: &Loaded,
    candidate: &dyn Candidate,
    compressor: Option<&str>,
) -> anyhow::Result<()> {
    let Some(output) = &args.output else {
        bail!("--convert needs -o PATH");
    };
    let compressor = compressor.map(|c| measure::compressors(&[c.to_string()], false));
    let compressor = compressor
        .as_ref()
        .and_then(|list| list.first())
        .map(|c| c.as_ref());
    let done = convert::convert(
        &loaded.table,
        candidate,
        compressor,
        &args.path,
        output,
        args.force,
    )?;
    outln!(
        "wrote {}: {}{}, {} rows, {}; read back and compared row by row: identical",
        output.display(),
        candidate.id(),
        compressor.map_or(String::new(), |c| format!(" + {}", c.id())),
        done.rows,
        units::bytes(done.bytes as f64)
    );
    Ok(())
}

/// The input, its schema and the sampling, as a short block.
fn describe(loaded: &Loaded) {
    outln!(
        "{}: {}{}, {} of text, {} rows{}",
        loaded.path.display(),
        loaded.format.describe(),
        loaded.compression.map_or(String::new(), |c| format!(
            ", {c}-compressed ({} on disk)",
            units::bytes(loaded.file_bytes as f64)
        )),
        units::bytes(loaded.text_bytes as f64),
        loaded.rows,
        if loaded.skipped > 0 {
            format!(", {} malformed rows skipped", loaded.skipped)
        } else {
            String::new()
        }
    );
    outln!(
        "schema ({}):",
        if loaded.inferred {
            "inferred from every row"
        } else {
            "from --schema"
        }
    );
    out!("{}", summary::schema(&loaded.table.schema));
}

fn notes(loaded: &Loaded, sample_mb: f64) -> Vec<String> {
    let mut notes = Vec::new();
    if loaded.sampled {
        notes.push(format!(
            "file: measured on a seeded sample of {} of {} rows ({} of {} of text; the file is larger than the {} MB sample limit, --sample-mb; seed {})",
            loaded.table.rows(),
            loaded.rows,
            units::bytes(loaded.original.len() as f64),
            units::bytes(loaded.text_bytes as f64),
            units::significant(sample_mb),
            encbench_userdata::load::SAMPLE_SEED
        ));
    }
    if loaded.skipped > 0 {
        notes.push(format!(
            "file: {} malformed rows skipped (--skip-bad)",
            loaded.skipped
        ));
    }
    notes
}
