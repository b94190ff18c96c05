//! What compacting small Parquet parts gains, measured: a set of small
//! parts is opened and scanned as it is, then the same rows are written
//! as one Parquet file (the parts' own compression) in a scratch folder
//! outside the dataset, removed at the end and on Ctrl-C, and scanned the
//! same way. Both scans read the page cache (each is run once before it
//! is timed), so the difference is the cost of many files, not the disk.

use super::{Dataset, Part, PartFormat};
use crate::binary_input::Kind;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use std::fs::File;
use std::path::Path;
use std::time::Instant;

/// Scans timed of each layout; the fastest counts.
const SCANS: usize = 3;

/// The compaction measured on `parts` small parts.
#[derive(Debug, Clone)]
pub struct Compaction {
    /// Parts read and compacted.
    pub parts: usize,
    /// Rows in them.
    pub rows: u64,
    /// Their bytes on disk, and the compacted file's.
    pub before_bytes: u64,
    pub after_bytes: u64,
    /// Opening and scanning every column of them, and of the compacted file, ns.
    pub before_ns: f64,
    pub after_ns: f64,
}

/// Measures compacting up to `most` of `small` (indices of Parquet parts)
/// holding at most `budget` bytes on disk; `None` when fewer than two fit.
pub fn measure(
    dataset: &Dataset,
    small: &[usize],
    most: usize,
    budget: u64,
) -> Result<Option<Compaction>, String> {
    let chosen = choose(&dataset.parts, small, most, budget);
    if chosen.len() < 2 {
        return Ok(None);
    }
    let paths: Vec<&Path> = chosen.iter().map(|p| p.path.as_path()).collect();
    let scratch = encbench_safe_write::ScratchDir::new()
        .map_err(|e| format!("a scratch folder for the compacted file: {e}"))?;
    if let (Ok(s), Ok(root)) = (
        scratch.path().canonicalize(),
        root_folder(&dataset.root).canonicalize(),
    ) {
        if s.starts_with(&root) {
            return Err("the scratch folder (TMPDIR) lies inside the dataset: nothing is written there; set TMPDIR elsewhere".into());
        }
    }
    let compacted = scratch.path().join("compacted.parquet");
    let rows = write_compacted(&paths, &compacted)?;
    let before_bytes = chosen.iter().map(|p| p.bytes).sum();
    let after_bytes = std::fs::metadata(&compacted)
        .map_err(|e| e.to_string())?
        .len();
    let before_ns = fastest_scan(&paths)?;
    let after_ns = fastest_scan(&[compacted.as_path()])?;
    Ok(Some(Compaction {
        parts: chosen.len(),
        rows,
        before_bytes,
        after_bytes,
        before_ns,
        after_ns,
    }))
}

/// Up to `most` of the small Parquet parts, evenly spread over them, as
/// many as `budget` bytes hold.
fn choose<'a>(parts: &'a [Part], small: &[usize], most: usize, budget: u64) -> Vec<&'a Part> {
    let parquet: Vec<&Part> = small
        .iter()
        .map(|&i| &parts[i])
        .filter(|p| p.format == PartFormat::Columnar(Kind::Parquet))
        .collect();
    let take = most.min(parquet.len());
    let mut chosen = Vec::new();
    let mut bytes = 0u64;
    for i in 0..take {
        let part = parquet[i * parquet.len() / take];
        if bytes + part.bytes > budget && !chosen.is_empty() {
            break;
        }
        bytes += part.bytes;
        chosen.push(part);
    }
    chosen
}

/// The folder a glob pattern starts from, or the dataset's folder.
fn root_folder(root: &Path) -> &Path {
    let mut folder = root;
    while super::is_pattern(folder) {
        folder = folder.parent().unwrap_or(Path::new("."));
    }
    folder
}

/// Every row of `paths`, in order, written as one Parquet file with the
/// first part's schema and compression, a batch at a time.
fn write_compacted(paths: &[&Path], out: &Path) -> Result<u64, String> {
    let open = |p: &Path| -> Result<ParquetRecordBatchReaderBuilder<File>, String> {
        let file = File::open(p).map_err(|e| format!("{}: {e}", p.display()))?;
        ParquetRecordBatchReaderBuilder::try_new(file).map_err(|e| format!("{}: {e}", p.display()))
    };
    let first = open(paths[0])?;
    let schema = first.schema().clone();
    let compression = first
        .metadata()
        .row_groups()
        .first()
        .and_then(|g| g.columns().first())
        .map(|c| c.compression())
        .unwrap_or(parquet::basic::Compression::UNCOMPRESSED);
    let props = parquet::file::properties::WriterProperties::builder()
        .set_compression(compression)
        .build();
    let file = File::create(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let mut writer =
        ArrowWriter::try_new(file, schema.clone(), Some(props)).map_err(|e| e.to_string())?;
    let mut rows = 0u64;
    for path in paths {
        let reader = open(path)?.build().map_err(|e| e.to_string())?;
        for batch in reader {
            let batch = batch.map_err(|e| format!("{}: {e}", path.display()))?;
            // The parts' schemas were checked alike; their metadata may differ.
            let batch = arrow_array::RecordBatch::try_new(schema.clone(), batch.columns().to_vec())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            rows += batch.num_rows() as u64;
            writer.write(&batch).map_err(|e| e.to_string())?;
        }
    }
    writer.close().map_err(|e| e.to_string())?;
    Ok(rows)
}

/// The fastest of `SCANS` timed scans (after one untimed) of every
/// column of every row of `paths`, files opened afresh each time.
fn fastest_scan(paths: &[&Path]) -> Result<f64, String> {
    let scan = || -> Result<u64, String> {
        let mut rows = 0u64;
        for path in paths {
            let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
            let reader = ParquetRecordBatchReaderBuilder::try_new(file)
                .and_then(|b| b.build())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            for batch in reader {
                rows += batch.map_err(|e| e.to_string())?.num_rows() as u64;
            }
        }
        Ok(rows)
    };
    scan()?;
    let mut best = f64::INFINITY;
    for _ in 0..SCANS {
        let start = Instant::now();
        std::hint::black_box(scan()?);
        best = best.min(start.elapsed().as_nanos() as f64);
    }
    Ok(best)
}
