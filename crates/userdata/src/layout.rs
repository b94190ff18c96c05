//! A dataset's layout judged: parts under 32 MB are small files (each
//! one an open, a footer and a request to every reader), and a
//! partitioning whose parts are small or hold under 1 Mi rows on average
//! is too fine. When there are small Parquet parts, compacting them is
//! measured (see `encbench_table::dataset::compact`).

use encbench_report::units;
use encbench_table::dataset::compact::{self, Compaction};
use encbench_table::dataset::Dataset;

/// A part under this many bytes is a small file.
pub const SMALL_PART_BYTES: u64 = 32_000_000;
/// The size compacted files are planned at (projected counts).
pub const COMPACTED_FILE_BYTES: u64 = 128_000_000;
/// Rows a part should hold at least, on average.
pub const ROWS_PER_PART: u64 = 1 << 20;
/// The most small parts compacted to measure the gain.
pub const COMPACT_PARTS: usize = 64;

/// What the layout looks like, and the compaction measured.
#[derive(Debug, Clone)]
pub struct Layout {
    /// Parts, and those under [`SMALL_PART_BYTES`].
    pub parts: usize,
    pub small: Vec<usize>,
    /// Median bytes of every part, and of the small ones.
    pub median: u64,
    pub small_median: u64,
    /// Bytes of the small parts together.
    pub small_bytes: u64,
    /// Partitions, and the median bytes of one.
    pub partitions: usize,
    pub partition_median: u64,
    /// Rows in the dataset (estimated for text).
    pub rows: u64,
    /// The compaction measured, or why it was not.
    pub compaction: Result<Option<Compaction>, String>,
}

impl Layout {
    /// Whether there are more parts than the rows warrant.
    pub fn too_many(&self) -> bool {
        self.parts > 1 && (self.parts as u64) > self.rows / ROWS_PER_PART
    }
}

/// Judges `dataset`'s layout; compacts up to [`COMPACT_PARTS`] small
/// parts within `budget` bytes to measure the gain.
pub fn judge(dataset: &Dataset, rows: u64, budget: u64) -> Layout {
    let sizes: Vec<u64> = dataset.parts.iter().map(|p| p.bytes).collect();
    let small: Vec<usize> = (0..sizes.len())
        .filter(|&i| sizes[i] < SMALL_PART_BYTES)
        .collect();
    let small_sizes: Vec<u64> = small.iter().map(|&i| sizes[i]).collect();
    let mut by_partition: std::collections::BTreeMap<&Vec<Option<String>>, u64> =
        Default::default();
    for p in &dataset.parts {
        *by_partition.entry(&p.partition).or_default() += p.bytes;
    }
    let partition_sizes: Vec<u64> = by_partition.values().copied().collect();
    let compaction = match small.len() >= 2 {
        true => compact::measure(dataset, &small, COMPACT_PARTS, budget),
        false => Ok(None),
    };
    Layout {
        parts: sizes.len(),
        median: median(&sizes),
        small_median: median(&small_sizes),
        small_bytes: small_sizes.iter().sum(),
        small,
        partitions: partition_sizes.len(),
        partition_median: median(&partition_sizes),
        rows,
        compaction,
    }
}

fn median(values: &[u64]) -> u64 {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.get(v.len() / 2).copied().unwrap_or(0)
}

/// The layout's lines for the output, and the note the record keeps.
pub fn render(layout: &Layout, keys: &[String]) -> (String, Vec<String>) {
    let mut lines = Vec::new();
    let mut notes = Vec::new();
    if layout.small.is_empty() {
        lines.push(format!(
            "parts: none under {} (median part {}): no small files",
            units::bytes(SMALL_PART_BYTES as f64),
            units::bytes(layout.median as f64)
        ));
    } else {
        let line = format!(
            "small files: {} of {} parts are under {} (median {}, {} together)",
            layout.small.len(),
            layout.parts,
            units::bytes(SMALL_PART_BYTES as f64),
            units::bytes(layout.small_median as f64),
            units::bytes(layout.small_bytes as f64)
        );
        notes.push(format!("dataset: {line}"));
        lines.push(line);
    }
    if layout.too_many() {
        let line = format!(
            "too many parts: {} parts for {} rows (under {} rows a part on average)",
            layout.parts,
            units::count(layout.rows as f64),
            units::count(ROWS_PER_PART as f64)
        );
        notes.push(format!("dataset: {line}"));
        lines.push(line);
    }
    if !keys.is_empty() && layout.partitions > 1 && layout.partition_median < SMALL_PART_BYTES {
        let line = format!(
            "partitioning too fine: {} partitions by {} with a median of {} each; partition by fewer or coarser keys",
            layout.partitions,
            keys.join(", "),
            units::bytes(layout.partition_median as f64)
        );
        notes.push(format!("dataset: {line}"));
        lines.push(line);
    }
    match &layout.compaction {
        Ok(Some(c)) => {
            // Files the small parts' rows would fill, at the measured ratio (projected).
            let after_all =
                layout.small_bytes as f64 * c.after_bytes as f64 / c.before_bytes.max(1) as f64;
            let files = (after_all / COMPACTED_FILE_BYTES as f64).ceil().max(1.0) as usize;
            let line = format!(
                "compacting {} small parts into {} file(s) of up to {} (projected count): measured on {} parts ({} rows): {} → {}, scan {} → {} (open + read every column, warm cache, fastest of 3)",
                layout.small.len(),
                files,
                units::bytes(COMPACTED_FILE_BYTES as f64),
                c.parts,
                units::count(c.rows as f64),
                units::bytes(c.before_bytes as f64),
                units::bytes(c.after_bytes as f64),
                units::duration(c.before_ns),
                units::duration(c.after_ns),
            );
            notes.push(format!("dataset: {line}"));
            lines.push(line);
        }
        Ok(None) => {}
        Err(why) => lines.push(format!("compaction not measured: {why}")),
    }
    let text = lines.iter().map(|l| format!("  {l}\n")).collect::<String>();
    (format!("\nLayout:\n{text}"), notes)
}
