//! `file --engines`: the candidates read as the user reads them. Each
//! candidate that an engine opens is written to a real file (the rows
//! measured, at the candidate's own settings); DuckDB, polars, pyarrow and
//! pandas, in the engines worker, answer five queries on it (see
//! [`queries`]); every answer is checked against encbench's own table (row
//! count and checksum, [`checksum`]) before it is timed, on the worker's
//! clock, under the same sampling and statistics as every other row.

pub mod checksum;
pub mod convert;
pub mod external;
pub mod files;
pub mod queries;
pub mod report;
pub mod spark_emit;
pub mod written;

use crate::measure::{dataset_name, SCENARIO};
use encbench_measure::pagecache;
use encbench_measure::rows::{measure_rows, Pending};
use encbench_record::{Check, EngineRead, Failure, Medium, Record, RowMeta, Verified};
use encbench_table::load::Loaded;
use encbench_table::table::Table;
pub use encbench_workers::engines::ENGINES;
use encbench_workers::engines::{self as worker, Answer, Refusal};
use files::CandidateFile;
use queries::{Expected, Query};
use serde_json::json;
use std::cell::RefCell;
use std::rc::Rc;

/// Whether reads come from the page cache or from the device.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cache {
    Warm,
    Cold,
}

/// What `--engines` and its companions ask for.
#[derive(Debug, Clone)]
pub struct Options {
    /// Engines to run; `None`: every one the worker finds.
    pub engines: Option<Vec<String>>,
    /// `--columns`: the projection; `None`: the two narrowest columns.
    pub columns: Option<Vec<String>>,
    /// `--where`: the filter; `None`: one picked from the data.
    pub filter: Option<String>,
    /// `--take`: rows fetched by position.
    pub take: usize,
    /// Seed of the take positions.
    pub seed: u64,
    /// Warm, cold, or both.
    pub caches: Vec<Cache>,
    /// Quick mode: the formats plain and with zstd only.
    pub quick: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            engines: None,
            columns: None,
            filter: None,
            take: 100,
            seed: 0x5eed,
            caches: vec![Cache::Warm],
            quick: true,
        }
    }
}

/// What the engines measured.
#[derive(Default)]
pub struct Engines {
    /// Timed rows, one per candidate × engine × query × cache.
    pub records: Vec<Record>,
    /// Rows whose answer was wrong or whose engine failed.
    pub failures: Vec<Failure>,
    /// What was not measured, and why (an engine missing, a format it cannot read).
    pub notes: Vec<String>,
    /// Each query's name and what it reads, as the output states it.
    pub queries: Vec<(String, String)>,
    /// The engines that ran, with their versions.
    pub ran: Vec<(String, String)>,
    /// Each candidate file's label and size.
    pub files: Vec<(String, u64)>,
}

/// Checks `--engines`' names.
pub fn check_names(names: &[String]) -> Result<(), String> {
    match names
        .iter()
        .find(|n| !worker::ENGINES.contains(&n.as_str()))
    {
        Some(name) => Err(format!(
            "--engines: unknown engine {name:?} (the engines are {})",
            worker::ENGINES.join(", ")
        )),
        None => Ok(()),
    }
}

/// The five queries on `table`, as `options` shape them.
pub fn plan_queries(table: &Table, options: &Options) -> Result<Vec<Query>, String> {
    let project = match &options.columns {
        None => crate::measure::narrowest(table, 2),
        Some(names) => names
            .iter()
            .map(|n| {
                table
                    .schema
                    .fields
                    .iter()
                    .position(|f| &f.name == n)
                    .ok_or_else(|| format!("--columns: no column {n:?}"))
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let mut list = vec![Query::Scan, Query::Project(project)];
    match &options.filter {
        Some(text) => list.push(Query::Filter(queries::parse_where(text, table)?)),
        None => list.extend(queries::pick_filter(table).map(Query::Filter)),
    }
    list.push(Query::Take(queries::take_positions(
        table.rows(),
        options.take,
        options.seed,
    )));
    list.push(Query::Open);
    Ok(list)
}

/// Compares an engine's answer with what encbench's table says; the proof,
/// or what differs. `columns` is the table's column count (what `open`
/// must have seen).
pub fn check(
    engine: &str,
    query: &Query,
    want: &Expected,
    columns: usize,
    got: &Answer,
) -> Result<Verified, String> {
    let name = query.name();
    if got.rows != want.rows as u64 {
        return Err(format!(
            "{engine} {name}: {} rows where encbench's table has {}",
            got.rows, want.rows
        ));
    }
    if let (Query::Open, Some(seen)) = (query, got.columns) {
        if seen != columns as u64 {
            return Err(format!(
                "{engine} open: {seen} columns where encbench's table has {columns}"
            ));
        }
    }
    let mut matched = Vec::with_capacity(want.columns.len());
    for (column, sum) in &want.columns {
        let Some((_, nulls, hash)) = got.checksum.iter().find(|(n, ..)| n == column) else {
            return Err(format!(
                "{engine} {name}: column {column:?} is missing from the answer"
            ));
        };
        if *nulls != sum.nulls {
            return Err(format!(
                "{engine} {name}: column {column:?} has {nulls} missing values where encbench's table has {}",
                sum.nulls
            ));
        }
        if *hash != sum.hash {
            return Err(format!(
                "{engine} {name}: column {column:?}: the values differ from encbench's table (checksum {hash:016x}, expected {:016x})",
                sum.hash
            ));
        }
        matched.push((column.clone(), *nulls, *hash));
    }
    if let Some((extra, ..)) = got
        .checksum
        .iter()
        .find(|(n, ..)| !want.columns.iter().any(|(w, _)| w == n))
    {
        return Err(format!(
            "{engine} {name}: the answer has a column {extra:?} not asked for"
        ));
    }
    let expected: Vec<(String, u64, u64)> = want
        .columns
        .iter()
        .map(|(n, s)| (n.clone(), s.nulls, s.hash))
        .collect();
    let what = format!(
        "{engine} {name}: {} rows, and the checksum of {} column(s) == encbench's table's",
        want.rows,
        want.columns.len()
    );
    Verified::equal(what, &expected, &matched).map_err(String::from)
}

/// The worker's request for `query` on `file`.
fn request(engine: &str, file: &CandidateFile<'_>, query: &Query) -> serde_json::Value {
    let columns = checksum::columns_json(&file.want.schema);
    // The user's own text marks missing numbers as encbench's reader does
    // (R's NA, SQL's NULL); encbench's own files write an empty field.
    let null_tokens: &[&str] = match file.codec.as_str() {
        "original" => &encbench_table::values::NULL_TOKENS,
        _ => &[],
    };
    json!({
        "engine": engine,
        "path": file.path,
        "format": file.format,
        "compression": file.whole,
        "query": query.to_json(&file.want),
        "columns": columns,
        "null_tokens": null_tokens,
    })
}

/// Writes the candidates, starts the engines worker, checks every answer
/// and times every checked query. Never fails the run: what cannot be
/// measured is a note.
pub fn measure(
    loaded: &Loaded,
    plan: &crate::measure::Plan,
    options: &Options,
    queries: &[Query],
    progress: &mut dyn FnMut(&str),
) -> Result<Engines, String> {
    let mut out = Engines {
        queries: queries
            .iter()
            .map(|q| (q.name().to_string(), q.describe(&loaded.table)))
            .collect(),
        ..Engines::default()
    };
    progress("starting the engines worker");
    let started = match worker::start() {
        Ok(s) => s,
        Err(why) => {
            out.notes.push(format!(
                "engines: not measured: {why} (workers/python/build.sh builds the venv with DuckDB, polars, pyarrow and pandas)"
            ));
            return Ok(out);
        }
    };
    // Spark, unnamed, is left out of quick mode: its JVM start and its
    // per-query job overhead would take more than every other engine
    // together on a file that fits one machine.
    let unnamed_spark = |name: &str| options.engines.is_none() && options.quick && name == "spark";
    let wanted = |name: &str| {
        !unnamed_spark(name)
            && options
                .engines
                .as_ref()
                .is_none_or(|l| l.iter().any(|e| e == name))
    };
    if started.found.iter().any(|(n, _)| unnamed_spark(n)) {
        out.notes.push(
            "engines: spark found, not run: quick mode runs it only when named (--engines spark,duckdb,…), or with --full"
                .into(),
        );
    }
    for (name, why) in &started.missing {
        if wanted(name) {
            out.notes.push(format!(
                "engines: {name} skipped: {why} ({})",
                worker::install_hint(name)
            ));
        }
    }
    let engines: Vec<(String, String)> = started
        .found
        .iter()
        .filter(|(n, _)| wanted(n))
        .cloned()
        .collect();
    out.ran = engines.clone();
    if engines.is_empty() {
        return Ok(out);
    }
    let runtime = started.runtime.clone();
    let worker = Rc::new(RefCell::new(started.worker));
    let scratch = encbench_safe_write::ScratchDir::new()
        .map_err(|e| format!("engines: a scratch folder: {e}"))?;
    progress("writing the candidates for the engines");
    // Quick mode reads each format plain and with zstd (the engines that
    // read a compressed file at all read zstd), and text formats plain:
    // their whole-file compressed forms, parsed at the same speed after a
    // stream decompression, took two thirds of its time.
    let compressors: Vec<_> = plan
        .compressors
        .iter()
        .filter(|c| !options.quick || c.id().starts_with("zstd"))
        .map(|c| c.as_ref())
        .collect();
    if options.quick {
        out.notes.push(
            "engines: quick mode reads text formats uncompressed; --full also reads them compressed whole"
                .into(),
        );
    }
    let candidates = files::write_all(
        loaded,
        &compressors,
        !options.quick,
        scratch.path(),
        &mut out.notes,
    );
    let dataset = dataset_name(loaded);
    let expected: Vec<Expected> = queries.iter().map(|q| q.expected(&loaded.table)).collect();
    let mut next_id = 0usize;
    let mut candidates = candidates;
    let mut skips: Vec<(String, String, Vec<String>)> = Vec::new();
    // ORC, Vortex and Lance, written in the worker from the Arrow file.
    let mut writes: Vec<Pending<'_>> = Vec::new();
    let source = candidates
        .iter()
        .position(|f| f.codec == "arrow" && f.compression == "none");
    if let Some(source) = source {
        progress("writing ORC, Vortex and Lance in the engines worker");
        let scan = Query::Scan.expected(&candidates[source].want);
        let done = written::write_all(
            &worker,
            &candidates[source],
            scratch.path(),
            &scan,
            &engines,
            &mut next_id,
            &mut out.notes,
        );
        for w in done {
            match w {
                Ok(w) => {
                    let meta = RowMeta {
                        scenario: SCENARIO.into(),
                        dataset: dataset.clone(),
                        codec: format!("file/{}", w.file.codec),
                        operation: "write".into(),
                        medium: Medium::FileWarm,
                        compression: w.file.compression.clone(),
                        language: "python".into(),
                        runtime: Some(format!("{}, {runtime}", w.library)),
                        items: scan.rows as u64,
                        logical_bytes: w.file.bytes,
                        encoded_bytes: w.file.bytes,
                        engine: Some(EngineRead {
                            engine: "writer".into(),
                            query: "write".into(),
                            selectivity: None,
                        }),
                        ..Default::default()
                    };
                    let version = w
                        .answer
                        .file_version
                        .as_ref()
                        .map_or(String::new(), |v| format!(", file version {v}"));
                    out.notes.push(format!(
                        "file: {} written by {}{version}: {}",
                        w.file.label(),
                        w.library,
                        w.settings
                    ));
                    let (wk, id) = (Rc::clone(&worker), w.id.clone());
                    writes.push(Pending::self_timed(
                        meta,
                        Check::Verified(w.proof.clone()),
                        Box::new(move |iters| wk.borrow_mut().run_query(&id, iters)),
                    ));
                    candidates.push(w.file);
                }
                Err((format, settings, why)) => out.failures.push(Failure::new(
                    &RowMeta {
                        scenario: SCENARIO.into(),
                        dataset: dataset.clone(),
                        codec: format!("file/{format}"),
                        operation: "write".into(),
                        compression: settings,
                        ..Default::default()
                    },
                    format!("verification failed: {why}"),
                )),
            }
        }
    }
    if !writes.is_empty() {
        progress("timing the writes of ORC, Vortex and Lance");
        let timed = measure_rows(writes, &plan.config, &plan.timer, plan.samples, &mut |_| {});
        out.records.extend(timed.records);
        out.failures.extend(timed.failures);
    }
    out.files = candidates.iter().map(|f| (f.label(), f.bytes)).collect();
    for file in &candidates {
        progress(&format!("engines reading {}", file.label()));
        // A lossy candidate answers for the table it holds.
        let owned;
        let expected = match &file.want {
            std::borrow::Cow::Borrowed(_) => &expected,
            std::borrow::Cow::Owned(t) => {
                owned = queries.iter().map(|q| q.expected(t)).collect::<Vec<_>>();
                &owned
            }
        };
        // Each query's share of the rows, once per file (a filter walks the table).
        let shares: Vec<Option<f64>> = queries.iter().map(|q| q.selectivity(&file.want)).collect();
        let cold = options
            .caches
            .contains(&Cache::Cold)
            .then(|| pagecache::cold_medium(&file.path));
        if let Some((_, Some(why))) = &cold {
            if !out.notes.contains(why) {
                out.notes.push(why.clone());
            }
        }
        // One group per engine, its queries interleaved: samples that
        // alternate libraries would time each one with the others' caches.
        let mut groups: Vec<Vec<Pending<'_>>> = Vec::new();
        let mut prepared: Vec<(String, serde_json::Value)> = Vec::new();
        let mut one_round = std::time::Duration::ZERO;
        for (engine, version) in &engines {
            // A format's own reader reads that format only.
            if worker::reads_only(engine).is_some_and(|f| f != file.format) {
                continue;
            }
            let mut rows: Vec<Pending<'_>> = Vec::new();
            for ((query, want), share) in queries.iter().zip(expected).zip(&shares) {
                next_id += 1;
                let id = format!("q{next_id}");
                let asked = request(engine, file, query);
                let began = std::time::Instant::now();
                let answer = worker.borrow_mut().prepare_query(&id, &asked);
                // The prepare ran the query once: a round's estimate.
                one_round += began.elapsed();
                let meta = |medium: Medium| RowMeta {
                    scenario: SCENARIO.into(),
                    dataset: dataset.clone(),
                    codec: format!("file/{}", file.codec),
                    operation: query.name().into(),
                    medium,
                    compression: file.compression.clone(),
                    language: "python".into(),
                    runtime: Some(format!("{engine} {version}, {runtime}")),
                    items: want.rows as u64,
                    logical_bytes: file.bytes,
                    encoded_bytes: file.bytes,
                    engine: Some(EngineRead {
                        engine: engine.clone(),
                        query: query.name().into(),
                        selectivity: *share,
                    }),
                    ..Default::default()
                };
                let answer = match answer {
                    Ok(a) => {
                        if let Some(note) = &a.note {
                            out.notes.push(format!("engines: {note}"));
                        }
                        a
                    }
                    Err(Refusal::NotMeasured(why)) => {
                        // One note per engine and reason, naming the files.
                        let label = file.label();
                        match skips.iter_mut().find(|(e, w, _)| e == engine && *w == why) {
                            Some((_, _, files)) if !files.contains(&label) => files.push(label),
                            Some(_) => {}
                            None => skips.push((engine.clone(), why, vec![label])),
                        }
                        continue;
                    }
                    Err(Refusal::Failed(why)) => {
                        out.failures.push(Failure::new(
                            &meta(Medium::FileWarm),
                            format!("{engine}: {why}"),
                        ));
                        // A crash (a library's segfault) takes the queries
                        // prepared so far with it: a fresh worker prepares
                        // them again, and the rest go on.
                        if !worker.borrow_mut().is_alive() {
                            let fresh = worker::start()?;
                            *worker.borrow_mut() = fresh.worker;
                            for (id, request) in &prepared {
                                let _ = worker.borrow_mut().prepare_query(id, request);
                            }
                        }
                        continue;
                    }
                };
                let proof = match check(engine, query, want, file.want.columns.len(), &answer) {
                    Ok(p) => p,
                    Err(why) => {
                        out.failures.push(Failure::new(
                            &meta(Medium::FileWarm),
                            format!("verification failed: {why}"),
                        ));
                        continue;
                    }
                };
                prepared.push((id.clone(), asked));
                for cache in &options.caches {
                    let (w, id, path) = (Rc::clone(&worker), id.clone(), file.path.clone());
                    let row = match (cache, &cold) {
                        (Cache::Warm, _) => Pending::self_timed(
                            meta(Medium::FileWarm),
                            Check::Verified(proof.clone()),
                            Box::new(move |iters| w.borrow_mut().run_query(&id, iters)),
                        ),
                        (Cache::Cold, cold) => {
                            let medium = cold.as_ref().map_or(Medium::FileColdUnverified, |c| c.0);
                            Pending::self_timed(
                                meta(medium),
                                Check::Verified(proof.clone()),
                                Box::new(move |iters| {
                                    let mut total = std::time::Duration::ZERO;
                                    for _ in 0..iters {
                                        match medium {
                                            Medium::FileCold => pagecache::evict_verified(&path)?,
                                            _ => {
                                                let _ = pagecache::evict(&path);
                                            }
                                        }
                                        total += w.borrow_mut().run_query(&id, 1)?;
                                    }
                                    Ok(total)
                                }),
                            )
                        }
                    };
                    rows.push(row);
                }
            }
            groups.push(rows);
        }
        // A file whose queries take seconds in all gets the fewer samples
        // of every slow group (its interval widens honestly); the engines
        // share one group's budget.
        let mut config = encbench_measure::rows::lighter_plan(&plan.config, one_round);
        config.group_budget /= engines.len().max(1) as u32;
        for rows in groups {
            let timed = measure_rows(rows, &config, &plan.timer, plan.samples, &mut |_| {});
            out.records.extend(timed.records);
            out.failures.extend(timed.failures);
        }
        for (id, _) in prepared {
            let _ = worker.borrow_mut().forget_query(&id);
        }
    }
    for (engine, why, files) in skips {
        out.notes.push(format!(
            "engines: {engine} did not read {}: {why}",
            files.join(", ")
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
