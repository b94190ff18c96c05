//! `encbench list`: scenarios, then codecs by family, disabled ones marked.

use encbench_codecs::registry::catalog as codec_catalog;
use encbench_codecs::registry::{RECORD_WORKER_CODECS, STANDARD_FORMATS};
use encbench_scenarios::all;
use std::process::ExitCode;

pub fn print(json: bool) -> anyhow::Result<ExitCode> {
    let scenarios = all();
    if json {
        return print_json(&scenarios);
    }
    outln!("Scenarios (encbench run NAME):");
    for s in &scenarios {
        let seed = s.seed().map(|n| format!("seed {n}")).unwrap_or_default();
        outln!("  {:<12} {:<9} {}", s.name(), seed, s.summary());
    }
    let mut catalog = codec_catalog();
    catalog.sort_by_key(|(info, _)| info.family);
    let mut family = None;
    for (info, enabled) in catalog {
        if family != Some(info.family) {
            outln!("\nCodecs: {}", info.family.as_str());
            if info.family == encbench_scenarios::Family::Compression {
                outln!("  (chosen with --compress for `logs` and `codecs`)");
            }
            family = Some(info.family);
        }
        let mut used_by: Vec<String> = scenarios_using(&scenarios, info.id)
            .into_iter()
            .map(String::from)
            .collect();
        if let Some(format) = info.table {
            used_by.push(format!("file as {}", format.id()));
        }
        if used_by.is_empty() && !info.decoder.is_empty() {
            used_by.push("robust".into());
        }
        let state = match (enabled, info.feature) {
            (true, _) => String::new(),
            (false, Some(f)) => format!(" [disabled: build with --features {f}]"),
            (false, None) => " [disabled]".into(),
        };
        // Compressors are picked with --compress, not --codec: no scenario list.
        let used_by = if used_by.is_empty() {
            String::new()
        } else {
            format!("  ({})", used_by.join(", "))
        };
        outln!("  {:<24} {}{state}{used_by}", info.id, info.summary);
    }
    outln!("\nStandard formats read across languages (`run codecs`: each writer's bytes read by every other language):");
    for (format, rust) in STANDARD_FORMATS {
        let others: Vec<&str> = RECORD_WORKER_CODECS
            .iter()
            .filter(|c| c.format == Some(*format))
            .map(|c| c.info.id)
            .collect();
        outln!("  {format:<12} {rust}, {}", others.join(", "));
    }
    Ok(ExitCode::SUCCESS)
}

/// The registry as a JSON array, one object per codec, in registry order.
fn print_json(scenarios: &[Box<dyn encbench_scenarios::Scenario>]) -> anyhow::Result<ExitCode> {
    let entries: Vec<serde_json::Value> = codec_catalog()
        .into_iter()
        .map(|(info, enabled)| {
            serde_json::json!({
                "id": info.id,
                "family": info.family.key(),
                "summary": info.summary,
                "feature": info.feature,
                "enabled": enabled,
                "input": info.input.as_str(),
                "ops": info.ops.names(),
                "decoder": (!info.decoder.is_empty()).then_some(info.decoder),
                "file_format": info.table.map(|t| t.id()),
                "scenarios": scenarios_using(scenarios, info.id),
            })
        })
        .collect();
    outln!("{}", serde_json::to_string_pretty(&entries)?);
    Ok(ExitCode::SUCCESS)
}

/// The names of the scenarios that measure codec `id`.
fn scenarios_using(
    scenarios: &[Box<dyn encbench_scenarios::Scenario>],
    id: &str,
) -> Vec<&'static str> {
    scenarios
        .iter()
        .filter(|s| s.codec_ids().contains(&id))
        .map(|s| s.name())
        .collect()
}
