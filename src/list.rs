//! `encbench list`: scenarios, then codecs by family, disabled ones marked.

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
        outln!(
            "  {:<24} {}{state}  ({})",
            info.id,
            info.summary,
            used_by.join(", ")
        );
    }
    Ok(ExitCode::SUCCESS)
}
