//! `encbench run`: validate the request, measure, print, export.

use crate::cli::RunArgs;
use crate::output::{check_export_paths, write_exports, Painter, RunStore};
use crate::progress::Progress;
use anyhow::bail;
use encbench_codecs::registry::catalog as codec_catalog;
use encbench_datasets as data;
use encbench_measure::{measure_overhead, probe_timer, steadiness};
use encbench_record::{BuildInfo, EngineInfo, Environment, RunDocument, SCHEMA_VERSION};
use encbench_report::{summary, terminal};
use encbench_scenarios::{all, glob_match, Context, Mode, Scenario};
use std::process::ExitCode;

pub fn execute(args: RunArgs, painter: Painter) -> anyhow::Result<ExitCode> {
    let mode = if args.full { Mode::Full } else { Mode::Quick };
    let scenarios = select_scenarios(&args.scenarios)?;
    let codecs = check_codecs(&args.codecs, &scenarios)?;
    let compressions = check_compressions(&args.compressions)?;
    let languages = check_languages(&args.languages)?;
    let counting = crate::instructions::plan(&args, &scenarios)?;
    let db = RunStore::path(&args.store);
    check_export_paths(
        &args.export,
        &db.iter().map(|p| p.as_path()).collect::<Vec<_>>(),
    )?;
    // Open the history first: a bad --db should fail before minutes of measuring.
    let mut store = RunStore::open(&args.store, &[])?;

    let mut progress = Progress::new(args.quiet);
    let data_dir = data::resolve_data_dir(args.data_dir.as_deref());
    let mut notes = Vec::new();
    if data_dir.found.is_none() {
        let tried: Vec<String> = data_dir
            .tried
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        notes.push(format!(
            "no shared data directory (tried {}); set --data-dir or ENCBENCH_DATA_DIR. Real-data rows were skipped; generated data was used",
            tried.join(", ")
        ));
    }

    let config = mode.config();
    progress.milestone(&format!(
        "encbench: measuring the timer and the engine's own overhead ({} mode)",
        mode.as_str()
    ));
    let timer = probe_timer();
    let overhead = measure_overhead(&config, &timer);
    let engine = EngineInfo {
        timer_resolution_ns: timer.resolution_ns,
        timer_cost_ns: timer.cost_ns,
        empty_body_ns: overhead.empty_body_ns,
        min_sample_ns: config.min_sample_time(&timer).as_nanos() as f64,
    };
    let build = build_info();
    let mut environment = Environment::capture(
        &build,
        mode.as_str(),
        engine,
        data_dir.found.as_ref().map(|p| p.display().to_string()),
    );
    environment.steadiness.push(steadiness::probe("start"));

    let mut doc = RunDocument {
        encbench: build.version.clone(),
        schema: SCHEMA_VERSION,
        environment,
        results: Vec::new(),
        failures: Vec::new(),
        comparisons: Vec::new(),
        conclusions: Vec::new(),
        compatibility: Vec::new(),
        notes,
        recommendation: None,
    };
    // The workers a run will start are built (once, into the user's cache,
    // when the checkout has no build of its own) before anything is timed
    // and before a worker is pinned to one CPU; a missing toolchain is
    // reported by the rows that need it. The record workers only serve
    // `codecs`, and the Java one takes the longest to build.
    let records = scenarios.iter().any(|s| s.name() == "codecs");
    for kind in encbench_workers::Kind::ALL {
        let wanted = languages
            .as_ref()
            .is_none_or(|l| l.iter().any(|l| l == kind.language()));
        if wanted && (records || !encbench_workers::Kind::RECORDS.contains(&kind)) {
            let _ = kind.command();
        }
    }
    let mut scenario_errors = 0;
    for (i, scenario) in scenarios.iter().enumerate() {
        // A probe between scenarios: a slow phase of the machine in the
        // middle of a long run shows in the record, not only at its ends.
        if i > 0 {
            let at = format!("after {}", scenarios[i - 1].name());
            doc.environment.steadiness.push(steadiness::probe(&at));
        }
        progress.milestone(&format!("▸ {} …", scenario.name()));
        let mut report = |m: &str| progress.update(m);
        let mut ctx = Context {
            mode,
            config: config.clone(),
            timer,
            samples: args.samples.map(|n| n as usize),
            items: args.items.map(|n| n as usize),
            data_dir: data_dir.found.clone(),
            codecs: codecs.clone(),
            throttle_mb_per_s: args.throttle,
            compressions: compressions.clone(),
            languages: languages.clone(),
            load: encbench_scenarios::load::LoadOptions {
                duration: args.duration,
                bad_fraction: args.bad_fraction,
                soak: args.soak,
            },
            progress: &mut report,
        };
        match scenario.run(&mut ctx) {
            Ok(out) => {
                doc.results.extend(out.records);
                doc.failures.extend(out.failures);
                doc.comparisons.extend(out.comparisons);
                doc.notes.extend(out.notes);
                doc.compatibility.extend(out.compatibility);
            }
            Err(e) => {
                scenario_errors += 1;
                doc.notes
                    .push(format!("scenario {} could not run: {e}", scenario.name()));
            }
        }
    }
    // The machine's steadiness over the timed part, before the counting pass.
    doc.environment.steadiness.push(steadiness::probe("end"));
    if let Some(plan) = &counting {
        progress.milestone(&format!(
            "▸ counting instructions per operation ({}) …",
            plan.describe()
        ));
        match plan.count(data_dir.found.as_deref()) {
            Ok(counts) => {
                let note = crate::instructions::attach(&mut doc, &counts, &plan.describe());
                doc.notes.push(note);
            }
            Err(e) => doc
                .notes
                .push(format!("instructions per operation were not counted: {e}")),
        }
    }
    progress.finish();
    if let Some(note) = install_note(&doc.notes) {
        doc.notes.push(note);
    }
    if let Some(note) = unsteady_note(&doc.environment.steadiness) {
        doc.notes.push(note);
    }
    let families: std::collections::HashMap<&str, &str> = codec_catalog()
        .iter()
        .map(|(info, _)| (info.id, info.family.key()))
        .collect();
    for r in &mut doc.results {
        r.family = families.get(r.codec.as_str()).map(|f| f.to_string());
    }
    doc.conclusions = encbench_scenarios::conclusions::conclude(&doc.results);
    doc.conclusions
        .extend(encbench_scenarios::load::conclude(&doc.results));

    if args.summary {
        out!("{}", painter.paint(&summary_only(&doc)));
    } else {
        out!("{}", painter.paint(&terminal::render(&doc)));
    }
    write_exports(&doc, &args.export)?;
    if let Some(store) = store.as_mut() {
        store.save(&doc, "`encbench show {id}`, `encbench compare {id} last`")?;
    }
    Ok(if doc.failures.is_empty() && scenario_errors == 0 {
        ExitCode::SUCCESS
    } else {
        eprintln!(
            "error: {} row(s) failed verification or timing, {} scenario(s) could not run",
            doc.failures.len(),
            scenario_errors
        );
        ExitCode::from(1)
    })
}

/// What this binary was built from (for the environment block).
pub fn build_info() -> BuildInfo {
    BuildInfo {
        version: env!("CARGO_PKG_VERSION").into(),
        git_commit: env!("ENCBENCH_GIT_COMMIT").into(),
        rustc: env!("ENCBENCH_RUSTC").into(),
        profile: env!("ENCBENCH_PROFILE").into(),
    }
}

fn select_scenarios(names: &[String]) -> anyhow::Result<Vec<Box<dyn Scenario>>> {
    let available = all();
    if names.is_empty() {
        return Ok(available);
    }
    let known: Vec<&str> = available.iter().map(|s| s.name()).collect();
    for name in names {
        if !known.contains(&name.as_str()) {
            bail!("unknown scenario '{name}'; available: {}", known.join(", "));
        }
    }
    Ok(available
        .into_iter()
        .filter(|s| names.iter().any(|n| n == s.name()))
        .collect())
}

/// Every requested codec must exist, be compiled in, and belong to a selected scenario.
/// One line, once per run, with the commands that install what the
/// skipped rows lacked (compilers, runtimes, Erlang, bgpdump), per platform.
fn install_note(notes: &[String]) -> Option<String> {
    let mut programs: Vec<&str> = Vec::new();
    for note in notes {
        // Workers say "`go` not found"; the bgp peer "`bgpdump` is not installed".
        let parts: Vec<&str> = note.split('`').collect();
        for pair in parts.windows(2).skip(1).step_by(2) {
            let (name, after) = (pair[0], pair[1]);
            let missing = after.starts_with(" not found") || after.starts_with(" is not installed");
            if missing && !programs.contains(&name) {
                programs.push(name);
            }
        }
    }
    encbench_workers::cache::install_line(&programs)
}

fn check_languages(names: &[String]) -> anyhow::Result<Option<Vec<String>>> {
    if names.is_empty() {
        return Ok(None);
    }
    for name in names {
        if !encbench_scenarios::LANGUAGES.contains(&name.as_str()) {
            bail!(
                "unknown language '{name}' (given to --language); encbench measures {}",
                encbench_scenarios::LANGUAGES.join(", ")
            );
        }
    }
    Ok(Some(names.to_vec()))
}

fn check_codecs(
    ids: &[String],
    scenarios: &[Box<dyn Scenario>],
) -> anyhow::Result<Option<Vec<String>>> {
    if ids.is_empty() {
        return Ok(None);
    }
    let catalog = codec_catalog();
    for id in ids.iter().filter(|id| id.contains('*')) {
        let measured = catalog.iter().any(|(info, enabled)| {
            *enabled
                && glob_match(id, info.id)
                && scenarios.iter().any(|s| s.codec_ids().contains(&info.id))
        });
        if !measured {
            bail!("--codec '{id}' matches no codec of the selected scenario(s); `encbench list` shows them all");
        }
    }
    for id in ids.iter().filter(|id| !id.contains('*')) {
        let Some((info, enabled)) = catalog.iter().find(|(info, _)| info.id == id) else {
            bail!("unknown codec '{id}' (given to --codec); `encbench list` shows them all");
        };
        if !enabled {
            bail!(
                "codec '{id}' is compiled out; rebuild with --features {}",
                info.feature.unwrap_or("(its feature)")
            );
        }
        if !scenarios.iter().any(|s| s.codec_ids().contains(&info.id)) {
            let names: Vec<&str> = scenarios.iter().map(|s| s.name()).collect();
            bail!(
                "codec '{id}' is not measured by the selected scenario(s): {}",
                names.join(", ")
            );
        }
    }
    Ok(Some(ids.to_vec()))
}

/// Compressor names must be known families (`zstd`) or a family with a level (`zstd-19`).
pub(crate) fn check_compressions(names: &[String]) -> anyhow::Result<Option<Vec<String>>> {
    if names.is_empty() {
        return Ok(None);
    }
    let known: Vec<&str> = codec_catalog()
        .into_iter()
        .filter_map(|(info, _)| info.id.strip_prefix("compress/"))
        .collect();
    for name in names {
        // A family (`zstd`) or one level of it (`zstd-19`).
        let family = match name.rsplit_once('-') {
            Some((family, level)) if level.parse::<u32>().is_ok() => family,
            _ => name.as_str(),
        };
        if !known.contains(&family) {
            bail!(
                "unknown compressor '{name}' (given to --compress); known: {} (optionally with a level, e.g. zstd-19)",
                known.join(", ")
            );
        }
    }
    Ok(Some(names.to_vec()))
}

/// `--summary`: the answers alone, or why there are none.
pub fn summary_only(doc: &RunDocument) -> String {
    let answers = summary::render(doc);
    if answers.is_empty() {
        "no scenario's question could be answered: the rows it needs were not measured (see --codec and the scenario list)\n".to_string()
    } else {
        answers
    }
}

/// Spread (slowest tenth over fastest tenth of the fixed loop's chunks)
/// beyond which a run says the machine was busy while it measured.
const UNSTEADY_SPREAD_PCT: f64 = 10.0;

/// A note when the machine was unsteady at either probe: rows may then
/// differ from another run's by that much for the machine's sake alone.
fn unsteady_note(probes: &[encbench_record::Steadiness]) -> Option<String> {
    let worst = probes
        .iter()
        .max_by(|a, b| a.spread_pct().total_cmp(&b.spread_pct()))?;
    let within = (worst.spread_pct() > UNSTEADY_SPREAD_PCT).then(|| {
        format!(
            "one fixed loop's slowest tenth of chunks ran {:.0} % slower than its fastest tenth ({})",
            worst.spread_pct(),
            match worst.at.strip_prefix("after ") {
                Some(scenario) => format!("after scenario {scenario}"),
                None => format!("at the {} of the run", worst.at),
            }
        )
    });
    // The same loop's median from one probe to another: a machine whose
    // speed changed between phases of the run.
    let by_median = |a: &&encbench_record::Steadiness, b: &&encbench_record::Steadiness| {
        a.median_ns.total_cmp(&b.median_ns)
    };
    // Probes without a median (none measured) leave the first part alone.
    let measured = || probes.iter().filter(|p| p.median_ns > 0.0);
    let between = measured()
        .min_by(by_median)
        .zip(measured().max_by(by_median))
        .and_then(|(fast, slow)| {
            let moved = (slow.median_ns / fast.median_ns - 1.0) * 100.0;
            (moved > UNSTEADY_SPREAD_PCT).then(|| {
                format!(
                    "the same loop took {moved:.0} % longer at '{}' than at '{}'",
                    slow.at, fast.at
                )
            })
        });
    let parts: Vec<String> = within.into_iter().chain(between).collect();
    (!parts.is_empty()).then(|| {
        format!(
            "this machine was unsteady while it measured: {}; rows can differ from another run's by that much for the machine's sake alone, so repeat on an idle machine before trusting small differences",
            parts.join("; ")
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_record::Steadiness;

    #[test]
    fn missing_tools_get_one_install_line() {
        let notes = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(install_note(&notes(&["codecs: fine", "uses `a` b"])), None);
        let line = install_note(&notes(&[
            "megaco: erlang rows skipped: the Erlang worker skipped: `escript` not found; install …",
            "bgp: `bgpdump` is not installed, so the bgpdump peer rows were skipped",
            "int-codecs: go rows skipped: the Go worker skipped: `go` not found; install Go",
            "wkb: go rows skipped: the Go worker skipped: `go` not found; install Go",
        ]))
        .unwrap();
        assert_eq!(
            line,
            "to add the skipped rows, install Erlang/OTP with its megaco application, bgpdump, Go: \
             Debian/Ubuntu: sudo apt install erlang-base erlang-asn1 erlang-megaco bgpdump golang-go; \
             Fedora: sudo dnf install erlang golang; macOS: brew install erlang go; \
             elsewhere bgpdump is built from its source (github.com/RIPE-NCC/bgpdump)"
        );
        let compiler = install_note(&notes(&["ints: c rows skipped: `cc` not found"])).unwrap();
        assert!(
            compiler.ends_with("macOS: xcode-select --install"),
            "{compiler}"
        );
    }

    fn probe(at: &str, p10_ns: f64, p90_ns: f64) -> Steadiness {
        Steadiness {
            at: at.into(),
            chunks: 200,
            p10_ns,
            median_ns: p10_ns,
            p90_ns,
        }
    }

    #[test]
    fn an_unsteady_probe_is_noted_with_its_spread_and_moment() {
        assert_eq!(unsteady_note(&[]), None);
        let steady = [probe("start", 1e6, 1.04e6), probe("end", 1e6, 1.08e6)];
        assert_eq!(unsteady_note(&steady), None);
        let busy = [probe("start", 1e6, 1.04e6), probe("end", 1e6, 1.6e6)];
        let note = unsteady_note(&busy).unwrap();
        assert!(note.contains("ran 60 % slower"), "{note}");
        assert!(note.contains("at the end of the run"), "{note}");
    }

    #[test]
    fn a_machine_whose_speed_changed_between_probes_is_noted() {
        // Each probe steady in itself, but the loop took twice as long
        // after `codecs` as at the start.
        let phases = [
            probe("start", 0.5e6, 0.52e6),
            probe("after codecs", 1.0e6, 1.04e6),
            probe("end", 0.55e6, 0.57e6),
        ];
        let note = unsteady_note(&phases).unwrap();
        assert!(
            note.contains("the same loop took 100 % longer at 'after codecs' than at 'start'"),
            "{note}"
        );
        assert!(!note.contains("slowest tenth"), "{note}");
        let busy_in_a_scenario = [probe("after ints", 1e6, 1.5e6), probe("end", 1e6, 1.02e6)];
        let note = unsteady_note(&busy_in_a_scenario).unwrap();
        assert!(note.contains("(after scenario ints)"), "{note}");
    }
}
