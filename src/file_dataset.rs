//! `encbench file DIR`, a quoted glob, or a Delta or Iceberg table: the
//! dataset's parts discovered and their schemas checked, a sample drawn
//! across parts (see `encbench_table::dataset`), then measured and
//! decided as a file is; this adds what is said of a dataset alone: its
//! parts and partitions, each candidate's projected size for the whole
//! dataset, and its layout (small files, compaction measured). Nothing
//! is written inside the dataset.

use crate::cli::FileArgs;
use crate::output::RunStore;
use anyhow::bail;
use encbench_table::dataset::{self, Dataset};
use encbench_userdata::recommend::Choice;
use encbench_userdata::{dataset_answer, layout, LoadOptions, Loaded};
use std::path::Path;

/// Bytes of small parts compacted to measure the gain: quick and full mode.
const QUICK_COMPACT_BYTES: u64 = 64_000_000;
const FULL_COMPACT_BYTES: u64 = 512_000_000;

/// A dataset read: its sample as one input, and what is said of it.
pub struct Opened {
    /// The sample, until the pipeline takes it.
    pub loaded: Option<Loaded>,
    dataset: Dataset,
    header: String,
    note: String,
    quick: bool,
}

/// The dataset at `args.path`, or `None` when it is one file.
pub fn open(args: &FileArgs, options: &LoadOptions) -> anyhow::Result<Option<Opened>> {
    let path = &args.path;
    if !dataset::is_dataset(path) {
        return Ok(None);
    }
    if args.convert.is_some() {
        bail!(
            "{}: --convert writes one input's rows to one file; a dataset (a folder, a glob, a Delta or Iceberg table) is not converted by encbench file yet: convert it with its own engine (e.g. DuckDB: COPY (SELECT * FROM read_parquet('{}/**/*.parquet', hive_partitioning = true)) TO 'out.parquet'), or give --convert one of its parts",
            path.display(),
            path.display()
        );
    }
    refuse_writes_inside(args)?;
    let dataset = dataset::discover(path)?;
    let checked = dataset::schema::check(&dataset, options)?;
    let (loaded, sampled) = dataset::sample::load(&dataset, &checked, options)?;
    let (header, note) = dataset_answer::describe(&dataset, &loaded, &sampled);
    Ok(Some(Opened {
        loaded: Some(loaded),
        dataset,
        header,
        note,
        quick: !args.full,
    }))
}

/// The sample to measure: the dataset's, when the input is one.
pub fn take(opened: &mut Option<Opened>) -> Option<Loaded> {
    opened.as_mut().and_then(|o| o.loaded.take())
}

impl Opened {
    /// The dataset's description, printed after the input's.
    pub fn header(&self) -> &str {
        &self.header
    }

    /// The projected sizes and the layout (small files measured when
    /// compacted): the text to print after the answer; the record's notes
    /// gain the sample's and the layout's lines.
    pub fn answer(&self, choices: &[Choice], loaded: &Loaded, notes: &mut Vec<String>) -> String {
        notes.push(self.note.clone());
        let budget = match self.quick {
            true => QUICK_COMPACT_BYTES,
            false => FULL_COMPACT_BYTES,
        };
        let judged = layout::judge(&self.dataset, loaded.rows as u64, budget);
        let (text, layout_notes) = layout::render(&judged, &self.dataset.keys);
        notes.extend(layout_notes);
        format!("{}{text}", dataset_answer::projected(choices, loaded, 5))
    }
}

/// The outputs of this run (-o, exports, the history file) may not lie
/// inside the dataset's folder: the input is only read.
fn refuse_writes_inside(args: &FileArgs) -> anyhow::Result<()> {
    let mut folder: &Path = &args.path;
    while dataset::is_pattern(folder) {
        folder = folder.parent().unwrap_or(Path::new("."));
    }
    let Ok(root) = folder.canonicalize() else {
        return Ok(());
    };
    let e = &args.export;
    let db = RunStore::path(&args.store);
    let named = [
        ("-o", args.output.as_deref()),
        ("--json", e.json.as_deref()),
        ("--csv", e.csv.as_deref()),
        ("--markdown", e.markdown.as_deref()),
        ("--html", e.html.as_deref()),
        ("--db", db.as_deref()),
    ];
    for (flag, path) in named {
        let Some(path) = path else { continue };
        let parent = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        if parent.canonicalize().is_ok_and(|p| p.starts_with(&root)) {
            bail!(
                "{flag} {}: inside the dataset {}; encbench never writes into its input: write it elsewhere",
                path.display(),
                args.path.display()
            );
        }
    }
    Ok(())
}
