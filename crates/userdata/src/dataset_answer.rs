//! What `encbench file` says of a dataset beyond what it says of a file:
//! its parts, partitions, totals and how the sample was drawn (before the
//! measurements), and each candidate's projected size for the whole
//! dataset (after them). Projections are labelled as such everywhere.

use crate::recommend::Choice;
use encbench_report::units;
use encbench_table::dataset::sample::Sampled;
use encbench_table::dataset::Dataset;
use encbench_table::Loaded;

/// The dataset's description and the note its record keeps of the sample.
pub fn describe(dataset: &Dataset, loaded: &Loaded, sampled: &Sampled) -> (String, String) {
    let mut sizes: Vec<u64> = dataset.parts.iter().map(|p| p.bytes).collect();
    sizes.sort_unstable();
    let rows = match loaded.rows_exact {
        true => format!(
            "{} rows (from the parts' footers)",
            units::count(loaded.rows as f64)
        ),
        false => format!(
            "≈{} rows (estimated from the sampled parts' density)",
            units::count(loaded.rows as f64)
        ),
    };
    let partitioned = match dataset.keys.is_empty() {
        true => "not partitioned".to_string(),
        false => format!(
            "partitioned by {} ({} partitions)",
            dataset.keys.join(", "),
            dataset.partitions()
        ),
    };
    let sample = format!(
        "sampled {} ({} rows) from {} of {} parts, in {} partition(s); parts drawn by a seeded, size-weighted systematic draw over the partitions (seed {})",
        units::bytes(sampled.bytes as f64),
        sampled.rows,
        sampled.parts,
        sampled.of,
        sampled.partitions,
        encbench_table::load::SAMPLE_SEED
    );
    let mut out = format!(
        "\nDataset: {} — {}\n  {} {} part(s), {} on disk, {rows}; {partitioned}\n  parts: smallest {}, median {}, largest {}{}\n  {sample}\n",
        dataset.root.display(),
        dataset.source.describe(),
        dataset.parts.len(),
        dataset.formats(),
        units::bytes(dataset.bytes() as f64),
        units::bytes(sizes.first().copied().unwrap_or(0) as f64),
        units::bytes(sizes[sizes.len() / 2] as f64),
        units::bytes(sizes.last().copied().unwrap_or(0) as f64),
        match dataset.skipped {
            0 => String::new(),
            n => format!("; {n} hidden or metadata entries skipped"),
        }
    );
    if !dataset.keys.is_empty() {
        out.push_str(&format!(
            "  the partition columns ({}) are in the folder names, not in the parts: the rows measured are the parts' own columns\n",
            dataset.keys.join(", ")
        ));
    }
    (out, format!("dataset: {sample}"))
}

/// Each candidate's size for the whole dataset, projected from the
/// sample: its size on the sample × the dataset's rows ÷ the rows measured.
pub fn projected(choices: &[Choice], loaded: &Loaded, n: usize) -> String {
    let scale = loaded.rows as f64 / loaded.table.rows().max(1) as f64;
    let mut sorted: Vec<&Choice> = choices.iter().collect();
    sorted.sort_by_key(|c| c.bytes);
    let rows: Vec<String> = sorted
        .iter()
        .take(n)
        .map(|c| {
            format!(
                "  {:<28} {:>12} projected ({} on the sample)\n",
                c.label(),
                units::bytes(c.bytes as f64 * scale),
                units::bytes(c.bytes as f64)
            )
        })
        .collect();
    format!(
        "\nFor the whole dataset ({} on disk; sizes projected from the sample × {}{} rows ÷ {} rows measured, not measured):\n{}",
        units::bytes(loaded.file_bytes as f64),
        if loaded.rows_exact { "" } else { "≈" },
        loaded.rows,
        loaded.table.rows(),
        rows.concat()
    )
}
