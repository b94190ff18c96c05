//! `encbench file`: turns the flags into the options of the pipeline's
//! stages (`encbench_userdata::pipeline`: read → describe → measure →
//! decide → convert), runs them in that order, and prints what each one
//! returns: the input and its schema, the table of every choice, the
//! frontier, the recommendation and the whole file's costs; or what a
//! conversion wrote.

use crate::cli::{CacheMode, FileArgs, InputFormat, Optimize};
use crate::output::{check_export_paths, write_exports, RunStore};
use crate::progress::Progress;
use crate::run::{build_info, check_compressions};
use anyhow::{bail, Context as _};
use encbench_record::{EngineInfo, Environment, RunDocument, SCHEMA_VERSION};
use encbench_report::units;
use encbench_table::sniff::FormatHint;
use encbench_userdata::describe::{self, Description};
use encbench_userdata::measure;
use encbench_userdata::pipeline::{self, Ask, Effort, Resolved, Verdict};
use encbench_userdata::readers::{self, Readers};
use encbench_userdata::recommend::{self, Objective};
use encbench_userdata::{
    convert, cost, engines, external_input, summary, LoadOptions, Loaded, Schema,
};
use std::path::Path;
use std::process::ExitCode;

mod external;

/// Text measured in quick and full mode before rows are sampled, MB.
const QUICK_SAMPLE_MB: f64 = 2.0;
const FULL_SAMPLE_MB: f64 = 64.0;

pub fn execute(mut args: FileArgs) -> anyhow::Result<ExitCode> {
    // --engine spark|duckdb and --emit: the engine reads the input itself.
    if args.engine != crate::cli::ConvertEngine::Encbench || args.emit.is_some() {
        return external::execute(&args);
    }
    let quick = !args.full;
    let effort = Effort {
        quick,
        samples: args.samples.map(|n| n as usize),
        compressors: check_compressions(&args.compressions)?.unwrap_or_default(),
    };
    let objective = match args.optimize {
        Optimize::Size => Objective::Size,
        Optimize::Decode => Objective::Decode,
        Optimize::Encode => Objective::Encode,
        Optimize::Balanced => Objective::Balanced,
        Optimize::Query => Objective::Query,
    };
    let ask = Ask {
        cost: cost::Model {
            reads: args.reads,
            keep_margin: args.keep_margin / 100.0,
            ..cost::Model::new(objective)
        },
        link: args.link_bandwidth,
        readers: Readers::parse(&args.readers).map_err(anyhow::Error::msg)?,
    };
    // Everything this command reads; nothing it writes may be one of them.
    let user_path = args.path.clone();
    let mut inputs: Vec<&Path> = vec![&user_path];
    inputs.extend(args.schema.as_deref());
    let db = RunStore::path(&args.store);
    let mut written = inputs.clone();
    written.extend(db.as_deref());
    written.extend(args.output.as_deref());
    check_export_paths(&args.export, &written)?;
    let target = args.convert.as_deref().map(parse_target).transpose()?;
    // A machine that cannot count fails before anything is read or measured.
    let counting = crate::instructions::plan_file(&args)?;
    // Every --convert form checks its output before reading or measuring.
    let mut taken = inputs.clone();
    taken.extend(db.as_deref());
    if target.is_some() {
        let Some(output) = &args.output else {
            bail!("--convert needs -o PATH");
        };
        convert::check_output(&taken, output, args.export.force)?;
    }
    // ORC, Vortex and Lance: their rows, read by their own libraries into
    // an Arrow copy (removed at the end), are what every stage reads.
    let external = external_input::prepare(&user_path).map_err(anyhow::Error::msg)?;
    if let Some(copy) = &external {
        args.path = copy.arrow.clone();
    }
    let options = load_options(&args, quick)?;
    // A folder, glob, Delta or Iceberg table: a sample drawn across its parts.
    let mut dataset = crate::file_dataset::open(&args, &options)?;
    let engine_options = engine_options(&args)?;
    let mut progress = Progress::new(args.quiet);

    // A named format needs no measurement: convert every row and stop.
    if let Some(Target::Format(resolved)) = &target {
        write_converted(&args, &options, &taken, resolved, &mut progress)?;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(Target::Worker(t)) = &target {
        write_in_worker(&args, &options, &taken, *t, &mut progress)?;
        return Ok(ExitCode::SUCCESS);
    }

    let mut store = RunStore::open(&args.store, &inputs)?;
    progress.milestone(&format!("encbench file: reading {}", user_path.display()));
    let mut loaded = match crate::file_dataset::take(&mut dataset) {
        Some(sample) => sample,
        None => pipeline::read(&args.path, &options)?,
    };
    if let Some(copy) = &external {
        copy.mark(&mut loaded);
    }
    // The engines' queries are planned (and --where and --columns checked)
    // before anything is measured.
    let engine_queries = engine_options
        .as_ref()
        .map(|o| engines::plan_queries(&loaded.table, o))
        .transpose()
        .map_err(anyhow::Error::msg)?;
    let (described, notes) = pipeline::describe(&loaded, &options);
    if !args.quiet {
        out!("{}", described.render());
        out!("{}", dataset.as_ref().map_or("", |d| d.header()));
    }
    let mode = if quick { "quick" } else { "full" };
    progress.milestone(&format!("encbench file: measuring ({mode} mode)"));
    let plan = pipeline::plan(&loaded, &effort, objective);
    let measured = pipeline::measure(&loaded, &plan, &mut |m| progress.update(m));
    let verdict = pipeline::decide(&loaded, &plan, measured, &ask, &mut |m| progress.update(m));
    let engines = match (&engine_options, &engine_queries) {
        (Some(options), Some(queries)) => {
            progress.milestone("encbench file: reading the candidates with the engines");
            Some(
                engines::measure(&loaded, &plan, options, queries, &mut |m| {
                    progress.update(m)
                })
                .map_err(anyhow::Error::msg)?,
            )
        }
        _ => None,
    };
    let counts = counting.as_ref().map(|plan| {
        progress.milestone(&format!(
            "encbench file: counting instructions per operation ({}) …",
            plan.describe()
        ));
        (plan.describe(), plan.count(None))
    });
    progress.finish();
    let build = build_info();
    let engine = EngineInfo {
        timer_resolution_ns: plan.timer.resolution_ns,
        timer_cost_ns: plan.timer.cost_ns,
        empty_body_ns: plan.empty_body_ns,
        min_sample_ns: plan.config.min_sample_time(&plan.timer).as_nanos() as f64,
    };
    let Verdict {
        records,
        failures,
        choices,
        decision,
        recommendation,
        notes: measured_notes,
        bandwidth,
    } = verdict;
    let mut doc = RunDocument {
        encbench: build.version.clone(),
        schema: SCHEMA_VERSION,
        environment: Environment::capture(&build, mode, engine, None),
        results: records,
        failures,
        comparisons: Vec::new(),
        conclusions: Vec::new(),
        compatibility: Vec::new(),
        notes: notes.into_iter().chain(measured_notes).collect(),
        recommendation,
    };
    if let Some(e) = &engines {
        doc.results.extend(e.records.iter().cloned());
        doc.failures.extend(e.failures.iter().cloned());
        doc.notes.extend(e.notes.iter().cloned());
    }
    match counts {
        Some((method, Ok(counts))) => {
            let note = crate::instructions::attach(&mut doc, &counts, &method);
            doc.notes.push(note);
        }
        Some((_, Err(e))) => doc
            .notes
            .push(format!("instructions per operation were not counted: {e}")),
        None => {}
    }
    let dataset_answer = dataset
        .as_ref()
        .map(|d| d.answer(&choices, &loaded, &mut doc.notes));
    // The bandwidth the times include: given, or the input's device for balanced.
    let link = bandwidth.as_ref().map(|b| b.mb_per_s);
    print_answer(
        &args,
        &loaded,
        &doc,
        &choices,
        decision.as_ref(),
        link,
        &ask,
    );
    if let (Some(answer), false) = (&dataset_answer, args.quiet) {
        out!("{answer}");
    }
    if let (Some(e), false) = (&engines, args.quiet) {
        let query = format!("{:?}", args.read_query).to_lowercase();
        out!(
            "{}",
            engines::report::render(e, &choices, decision.as_ref().map(|d| &d.model), &query)
        );
        for note in &e.notes {
            outln!("  note: {note}");
        }
    }
    write_exports(&doc, &args.export)?;
    if let Some(store) = store.as_mut() {
        store.save(&doc, "`encbench show {id}`")?;
    }
    if let Some(Target::Recommended) = target {
        let Some(r) = &doc.recommendation else {
            bail!("--convert recommended: nothing to recommend, so nothing was written");
        };
        let resolved = pipeline::conversion_of(r).map_err(anyhow::Error::msg)?;
        let mut progress = Progress::new(args.quiet);
        write_converted(&args, &options, &taken, &resolved, &mut progress)?;
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

/// The engines stage's options, when `--engines` asked for it.
fn engine_options(args: &FileArgs) -> anyhow::Result<Option<engines::Options>> {
    let Some(list) = args.engines.as_ref() else {
        if !args.columns.is_empty() || args.filter.is_some() {
            bail!("--columns and --where shape the engines' queries: add --engines");
        }
        return Ok(None);
    };
    let names: Vec<String> = list
        .split(',')
        .map(|n| n.trim().to_lowercase())
        .filter(|n| !n.is_empty())
        .collect();
    engines::check_names(&names).map_err(anyhow::Error::msg)?;
    Ok(Some(engines::Options {
        engines: (!names.is_empty()).then_some(names),
        columns: (!args.columns.is_empty()).then(|| args.columns.clone()),
        filter: args.filter.clone(),
        take: args.take as usize,
        caches: match args.cache {
            CacheMode::Warm => vec![engines::Cache::Warm],
            CacheMode::Cold => vec![engines::Cache::Cold],
            CacheMode::Both => vec![engines::Cache::Warm, engines::Cache::Cold],
        },
        quick: !args.full,
        ..engines::Options::default()
    }))
}

/// The options of the read stage: the format hint, a schema given, the
/// sample's size.
fn load_options(args: &FileArgs, quick: bool) -> anyhow::Result<LoadOptions> {
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
    Ok(LoadOptions {
        hint: match args.format {
            InputFormat::Auto => FormatHint::Auto,
            InputFormat::Csv => FormatHint::Csv,
            InputFormat::Tsv => FormatHint::Tsv,
            InputFormat::Jsonl => FormatHint::JsonLines,
            InputFormat::Lines => FormatHint::Lines,
            // Binary inputs are known by their magic bytes: the flag checks them.
            InputFormat::Parquet | InputFormat::Arrow | InputFormat::Avro => {
                check_binary_format(&args.path, args.format)?;
                FormatHint::Auto
            }
        },
        schema,
        skip_bad: args.skip_bad,
        sample_limit: Some((sample_mb * 1e6) as u64),
        // --full also infers the schema from (and counts) every row, in one streaming pass.
        every_row: args.full,
        json_path: args.json_path.clone(),
    })
}

/// Everything printed after measuring: the table, failures, the frontier,
/// the recommendation, the whole file's costs, the usage lines, notes.
fn print_answer(
    args: &FileArgs,
    loaded: &Loaded,
    doc: &RunDocument,
    choices: &[recommend::Choice],
    decision: Option<&cost::Decision>,
    link: Option<f64>,
    ask: &Ask,
) {
    // --quiet: the answer and errors only.
    if !args.quiet {
        print_table(link, loaded, choices, &ask.readers);
    }
    for f in &doc.failures {
        outln!(
            "  failed: {} {} {}: {}",
            f.codec,
            f.operation,
            f.compression,
            f.error
        );
    }
    if !args.quiet {
        let frontier: Vec<String> = recommend::frontier(choices, link)
            .iter()
            .map(|c| c.label())
            .collect();
        outln!(
            "\nPareto frontier (size vs decode time): {}",
            frontier.join(", ")
        );
    }
    match &doc.recommendation {
        Some(r) => outln!(
            "Recommended (--optimize {}): {}",
            ask.cost.objective.as_str(),
            r.reason
        ),
        None => outln!("No recommendation: no rows, or no candidate could be measured."),
    }
    if args.quiet {
        return;
    }
    if let Some(decision) = decision {
        out!("{}", summary::whole_file(decision, loaded.rows, 3));
    }
    if let Some(r) = &doc.recommendation {
        let usage = encbench_userdata::usage::snippets(
            &r.codec,
            &r.compression,
            &loaded.table.schema,
            &r.readers,
        );
        for (reader, lines) in usage {
            outln!("\nTo write and read it in {reader}:");
            for line in lines {
                outln!("    {line}");
            }
        }
    }
    if args.explain {
        outln!("\nWhat each format offers its readers:");
        out!("{}", readers::explain());
    }
    for note in &doc.notes {
        outln!("note: {note}");
    }
}

/// The table of every choice measured, with its legend.
fn print_table(
    link: Option<f64>,
    loaded: &Loaded,
    choices: &[recommend::Choice],
    readers: &Readers,
) {
    outln!("\nEncode (then compress) and decode (after decompressing) in MB/s of the input's {}; * = Pareto frontier of size and decode time{}.",
        if loaded.columnar.is_some() { "bytes" } else { "text" },
        link.map_or(String::new(), |l| format!(" (decode+move includes moving the bytes at {} MB/s)", units::significant(l))));
    out!(
        "{}",
        summary::choices(
            choices,
            link,
            readers,
            loaded
                .table
                .schema
                .fields
                .iter()
                .any(|f| f.ty == encbench_userdata::ColumnType::Json)
        )
    );
    if loaded.columnar.is_some() || choices.iter().any(|c| c.compression != "none") {
        outln!("  Parquet, Arrow and Avro rows compress inside the format (pages, buffers, blocks) with its own codec, as their readers expect; the others compress the whole stream.");
    }
}

/// That `path` is in the binary format `--format` names.
fn check_binary_format(path: &Path, format: InputFormat) -> anyhow::Result<()> {
    use encbench_table::binary_input::{sniff, Kind};
    let found = sniff(path);
    let fits = matches!(
        (format, found),
        (InputFormat::Parquet, Some(Kind::Parquet))
            | (
                InputFormat::Arrow,
                Some(Kind::ArrowFile | Kind::ArrowStream)
            )
            | (InputFormat::Avro, Some(Kind::Avro))
    );
    if !fits {
        let name = match format {
            InputFormat::Parquet => "a Parquet file (it starts with PAR1)",
            InputFormat::Arrow => "an Arrow IPC file or stream (ARROW1, or a continuation marker)",
            _ => "an Avro container file (it starts with Obj\\x01)",
        };
        bail!(
            "{}: --format says {name}, but {}",
            path.display(),
            match found {
                Some(kind) => {
                    let noun = kind.noun();
                    let article = if noun.starts_with(['A', 'E', 'I', 'O', 'U']) {
                        "an"
                    } else {
                        "a"
                    };
                    format!("it is {article} {noun}")
                }
                None => "its first bytes are not".to_string(),
            }
        );
    }
    Ok(())
}

/// What --convert asked for.
enum Target {
    Recommended,
    Format(Resolved),
    /// ORC, Vortex or Lance, written by its own library in the engines worker.
    Worker(engines::convert::Target),
}

/// The codec for `format` under `compressor` (see `pipeline::resolve`).
fn resolve(format: &str, compressor: Option<String>) -> anyhow::Result<Resolved> {
    pipeline::resolve(format, compressor).map_err(anyhow::Error::msg)
}

fn parse_target(text: &str) -> anyhow::Result<Target> {
    if text == "recommended" {
        return Ok(Target::Recommended);
    }
    let (format, compressor) = match text.split_once('+') {
        Some((f, c)) => (f, Some(c.to_string())),
        None => (text, None),
    };
    if let Some(worker) = engines::convert::Target::parse(format, compressor.as_deref()) {
        return worker.map(Target::Worker).map_err(anyhow::Error::msg);
    }
    resolve(format, compressor).map(Target::Format)
}

/// Converts every row of the input (streaming: see `convert`), with a
/// progress bar of bytes read, rows and time left.
fn write_converted(
    args: &FileArgs,
    options: &LoadOptions,
    inputs: &[&Path],
    resolved: &Resolved,
    progress: &mut Progress,
) -> anyhow::Result<()> {
    let Some(output) = &args.output else {
        bail!("--convert needs -o PATH");
    };
    write_converted_to(args, options, inputs, resolved, output, progress)
}

/// `--convert orc|vortex|lance`: the input converted to an Arrow file
/// (verified row by row) in a scratch folder beside the output, then
/// streamed into the format by its own library in the engines worker and
/// read back by the format's reader (see `engines::convert`).
fn write_in_worker(
    args: &FileArgs,
    options: &LoadOptions,
    inputs: &[&Path],
    target: engines::convert::Target,
    progress: &mut Progress,
) -> anyhow::Result<()> {
    let Some(output) = &args.output else {
        bail!("--convert needs -o PATH");
    };
    let scratch = encbench_safe_write::ScratchDir::beside(output)
        .with_context(|| format!("{}: a scratch folder beside it", output.display()))?;
    let ipc = scratch.path().join("input.arrow");
    let arrow = resolve("arrow", None)?;
    progress.milestone(
        "encbench file: first as Arrow IPC, in a scratch folder beside the output (removed at the end)",
    );
    write_converted_to(args, options, inputs, &arrow, &ipc, progress)?;
    let read = LoadOptions {
        schema: None,
        hint: FormatHint::Auto,
        ..options.clone()
    };
    let schema = pipeline::read(&ipc, &read)?.table.schema;
    progress.milestone(&format!(
        "encbench file: writing {} in the engines worker",
        target.label()
    ));
    let done = engines::convert::convert(&ipc, &schema, target, scratch.path(), output)
        .map_err(anyhow::Error::msg)?;
    let version = done
        .file_version
        .as_ref()
        .map_or(String::new(), |v| format!(", file version {v}"));
    outln!(
        "wrote {}: {} by {}{version}, {} rows, {}; read back by its reader and compared with the Arrow file (checksum per column): identical",
        output.display(),
        target.label(),
        done.library,
        done.rows,
        units::bytes(done.bytes as f64)
    );
    outln!("  settings: {}", done.settings);
    Ok(())
}

/// Converts every row of the input to `output` (see [`write_converted`]).
fn write_converted_to(
    args: &FileArgs,
    options: &LoadOptions,
    inputs: &[&Path],
    resolved: &Resolved,
    output: &Path,
    progress: &mut Progress,
) -> anyhow::Result<()> {
    let candidate = resolved.codec.as_ref();
    // A format compressed inside itself is written plain by the compressor.
    let compressor = match resolved.native {
        true => None,
        false => resolved
            .compressor
            .as_ref()
            .map(|c| measure::compressors(std::slice::from_ref(c), false)),
    };
    let compressor = compressor
        .as_ref()
        .and_then(|list| list.first())
        .map(|c| c.as_ref());
    let expected = resolved.extension();
    if !output.to_string_lossy().ends_with(&expected) {
        eprintln!(
            "note: {} is {}: such files are usually named *{expected}",
            output.display(),
            resolved.label()
        );
    }
    let size = std::fs::metadata(&args.path).map(|m| m.len()).ok();
    progress.milestone(&format!(
        "encbench file: reading every row of {}",
        args.path.display()
    ));
    progress.bar(size, "scanning");
    let request = convert::Request {
        candidate,
        compressor,
        inputs,
        output,
        force: args.export.force,
        skip_bad: args.skip_bad,
    };
    // One bar for every pass; the callbacks share it.
    let progress = std::cell::RefCell::new(progress);
    // The rows expected (estimated when sampled), then the rows written.
    let rows = std::cell::Cell::new((0u64, true));
    let written = std::cell::Cell::new(0u64);
    let done = pipeline::convert(
        &args.path,
        options,
        &request,
        &mut |bytes| {
            progress
                .borrow_mut()
                .advance(bytes, "scanning (schema and row count)")
        },
        &mut |source| {
            let mut p = progress.borrow_mut();
            p.finish();
            match source {
                convert::Source::Text(scanned) => {
                    rows.set((scanned.rows as u64, scanned.rows_exact));
                    if !args.quiet {
                        out!("{}", describe::scanned(scanned).render());
                    }
                }
                convert::Source::Columnar { rows: n, .. } if args.quiet => {
                    rows.set((*n as u64, true));
                }
                convert::Source::Columnar {
                    path,
                    kind,
                    schema,
                    rows: n,
                } => {
                    rows.set((*n as u64, true));
                    let d: Description =
                        describe::columnar(path, *kind, schema, *n, size.unwrap_or(0));
                    out!("{}", d.render());
                }
            }
            p.bar(size, "writing");
        },
        &mut |pass, bytes, done| {
            let mut p = progress.borrow_mut();
            match pass {
                convert::Pass::Write => {
                    written.set(done);
                    let (rows, exact) = rows.get();
                    let about = if exact { "" } else { "≈" };
                    p.advance(bytes, &format!("writing: {done} of {about}{rows} rows"))
                }
                convert::Pass::Verify => {
                    let rows = written.get();
                    let part =
                        size.map_or(0, |s| (s as f64 * done as f64 / rows.max(1) as f64) as u64);
                    p.advance(
                        part,
                        &format!("reading back: {done} of {rows} rows compared"),
                    )
                }
            }
        },
    )?;
    let progress = progress.into_inner();
    progress.finish();
    outln!(
        "wrote {}: {}, {} rows, {}; read back and compared row by row: {}",
        output.display(),
        resolved.label(),
        done.rows,
        units::bytes(done.bytes as f64),
        done.loss
            .as_deref()
            .map_or("identical".to_string(), |loss| format!(
                "identical but for {loss}"
            ))
    );
    for (name, written) in &done.renamed {
        outln!(
            "note: column '{name}' is written as '{written}' (the format's names cannot hold it as it is); it was read back and compared under that name"
        );
    }
    // parquet+tuned: what it chose, and the same as other writers' calls.
    if let (Some(p), false) = (resolved.tuned.as_ref().and_then(|h| h.get()), args.quiet) {
        out!("{}", encbench_userdata::tuned::render(&p));
        out!("{}", encbench_userdata::tuned::calls(&p));
    }
    Ok(())
}
