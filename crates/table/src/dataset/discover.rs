//! Listing a dataset's parts: a Delta table from its log, an Iceberg table
//! from its metadata, else every data file under a folder (or matched by
//! a glob pattern), hidden and metadata entries (`_`/`.` prefixed)
//! skipped, each part's format known by its magic bytes and its
//! partition values by its hive-style folders.

use super::{hive, is_hidden, is_pattern, Dataset, DatasetError, Part, PartFormat, Source};
use std::path::{Path, PathBuf};

/// The dataset at `path`: a folder, a Delta or Iceberg table, or a glob.
pub fn discover(path: &Path) -> Result<Dataset, DatasetError> {
    let dataset = if path.is_dir() && path.join("_delta_log").is_dir() {
        super::delta::discover(path)?
    } else if path.is_dir() && super::iceberg::is_table(path) {
        super::iceberg::discover(path)?
    } else if path.is_dir() {
        let files = walk(path)?;
        from_files(path, path, Source::Folder, files.0, files.1)?
    } else if is_pattern(path) {
        let (root, files, skipped) = globbed(path)?;
        from_files(path, &root, Source::Glob, files, skipped)?
    } else {
        return Err(crate::Error::Missing(path.to_path_buf()).into());
    };
    check_formats(&dataset)?;
    Ok(dataset)
}

/// Every file below `root` in path order, and how many hidden or
/// metadata entries were skipped. Symbolic links to folders are not
/// followed (a loop would never end).
fn walk(root: &Path) -> Result<(Vec<PathBuf>, usize), DatasetError> {
    let unreadable = |path: &Path, source| crate::Error::Unreadable {
        path: path.to_path_buf(),
        source,
    };
    let (mut files, mut skipped) = (Vec::new(), 0usize);
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(&folder)
            .map_err(|e| unreadable(&folder, e))?
            .collect::<Result<_, _>>()
            .map_err(|e| unreadable(&folder, e))?;
        entries.sort_by_key(|e| e.file_name());
        let mut below = Vec::new();
        for entry in entries {
            if is_hidden(&entry.file_name().to_string_lossy()) {
                skipped += 1;
                continue;
            }
            let kind = entry
                .file_type()
                .map_err(|e| unreadable(&entry.path(), e))?;
            if kind.is_dir() {
                below.push(entry.path());
            } else if entry.path().is_file() {
                files.push(entry.path());
            }
        }
        // Depth first, in name order: the stack pops the first folder next.
        folders.extend(below.into_iter().rev());
    }
    Ok((files, skipped))
}

/// The files `pattern` matches, and the folder the pattern's first
/// wildcard lies under (where partition folders start).
fn globbed(pattern: &Path) -> Result<(PathBuf, Vec<PathBuf>, usize), DatasetError> {
    let text = pattern.to_string_lossy();
    let matches = glob::glob(&text)
        .map_err(|e| DatasetError::refused(pattern, format!("not a valid glob pattern: {e}")))?;
    let (mut files, mut skipped) = (Vec::new(), 0usize);
    for m in matches {
        let path = m.map_err(|e| crate::Error::Unreadable {
            path: e.path().to_path_buf(),
            source: std::io::Error::new(e.error().kind(), e.error().to_string()),
        })?;
        let hidden = path
            .file_name()
            .is_some_and(|n| is_hidden(&n.to_string_lossy()));
        match (path.is_file(), hidden) {
            (true, false) => files.push(path),
            (true, true) => skipped += 1,
            _ => {}
        }
    }
    files.sort();
    let root: PathBuf = pattern
        .components()
        .take_while(|c| !is_pattern(Path::new(c.as_os_str())))
        .collect();
    Ok((root, files, skipped))
}

/// The dataset of `files` below `root`: formats, sizes and partition
/// values; partition keys must be the same at every part.
pub(super) fn from_files(
    given: &Path,
    root: &Path,
    source: Source,
    files: Vec<PathBuf>,
    skipped: usize,
) -> Result<Dataset, DatasetError> {
    let mut parts = Vec::with_capacity(files.len());
    let mut keys: Option<(Vec<String>, PathBuf)> = None;
    for path in files {
        let bytes = std::fs::metadata(&path)
            .map_err(|source| crate::Error::Unreadable {
                path: path.clone(),
                source,
            })?
            .len();
        let relative = path.strip_prefix(root).unwrap_or(&path);
        let levels = hive::levels(relative);
        let these = hive::keys(&levels);
        match &keys {
            None => keys = Some((these, path.clone())),
            Some((first, first_path)) if *first != these => {
                return Err(DatasetError::refused(
                    &path,
                    format!(
                        "its partition keys are [{}], but those of the first part ({}) are [{}]: every part of a dataset is partitioned by the same keys",
                        these.join(", "),
                        first_path.display(),
                        first.join(", ")
                    ),
                ));
            }
            Some(_) => {}
        }
        parts.push(Part {
            format: format_of(&path),
            partition: levels.into_iter().map(|(_, v)| v).collect(),
            path,
            bytes,
            rows: None,
        });
    }
    if parts.is_empty() {
        return Err(DatasetError::refused(
            given,
            "no data files (hidden and metadata files, named with a leading _ or ., are skipped)",
        ));
    }
    Ok(Dataset {
        root: given.to_path_buf(),
        source,
        keys: keys.map(|(k, _)| k).unwrap_or_default(),
        parts,
        skipped,
    })
}

/// A part's format by its magic bytes; text otherwise.
pub(super) fn format_of(path: &Path) -> PartFormat {
    match crate::binary_input::sniff(path) {
        Some(kind) => PartFormat::Columnar(kind),
        None => PartFormat::Text,
    }
}

/// Every part is in the first part's format (an Arrow file and stream
/// both count as Arrow).
fn check_formats(dataset: &Dataset) -> Result<(), DatasetError> {
    use crate::binary_input::Kind;
    let family = |f: PartFormat| match f {
        PartFormat::Columnar(Kind::ArrowStream) => PartFormat::Columnar(Kind::ArrowFile),
        other => other,
    };
    let first = &dataset.parts[0];
    match dataset
        .parts
        .iter()
        .find(|p| family(p.format) != family(first.format))
    {
        Some(part) => Err(DatasetError::refused(
            &part.path,
            format!(
                "a mixed dataset: this part is {}, but the first part ({}) is {}",
                part.format.describe(),
                first.path.display(),
                first.format.describe()
            ),
        )),
        None => Ok(()),
    }
}
