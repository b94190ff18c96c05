//! `encbench list`: scenarios, then codecs by family, disabled ones marked.

use encbench_codecs::registry::{RECORD_WORKER_CODECS, STANDARD_FORMATS};
use encbench_scenarios::{all, codec_catalog};
use std::process::ExitCode;

pub fn print() -> anyhow::Result<ExitCode> {
    let scenarios = all();
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
        let used_by: Vec<&str> = scenarios
            .iter()
            .filter(|s| s.codec_ids().contains(&info.id))
            .map(|s| s.name())
            .collect();
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
