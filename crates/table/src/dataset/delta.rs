//! A Delta table's live parts, from its own log: the newest checkpoint
//! that `_delta_log/_last_checkpoint` names (Parquet, read with the
//! `parquet` crate), then every JSON commit after it, `add` and `remove`
//! actions replayed in version order.

use super::{discover::format_of, Dataset, DatasetError, Part, Source};
use arrow_array::{Array, MapArray, RecordBatch, StringArray, StructArray};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A live file: its size and partition values by column.
struct Added {
    size: u64,
    values: BTreeMap<String, Option<String>>,
}

/// The table's live files, replayed from the log.
#[derive(Default)]
struct Log {
    files: BTreeMap<String, Added>,
    keys: Vec<String>,
}

impl Log {
    fn add(&mut self, path: String, size: u64, values: BTreeMap<String, Option<String>>) {
        self.files.insert(path, Added { size, values });
    }

    fn remove(&mut self, path: &str) {
        self.files.remove(path);
    }
}

pub(super) fn discover(root: &Path) -> Result<Dataset, DatasetError> {
    let log_dir = root.join("_delta_log");
    let mut log = Log::default();
    let after = match checkpoint(&log_dir)? {
        Some((version, files)) => {
            for file in files {
                read_checkpoint(&file, &mut log)?;
            }
            Some(version)
        }
        None => None,
    };
    let mut commits: Vec<(u64, PathBuf)> = std::fs::read_dir(&log_dir)
        .map_err(|source| crate::Error::Unreadable {
            path: log_dir.clone(),
            source,
        })?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let version = name.strip_suffix(".json")?.parse::<u64>().ok()?;
            Some((version, e.path()))
        })
        .filter(|(v, _)| after.is_none_or(|a| *v > a))
        .collect();
    commits.sort();
    if commits.is_empty() && after.is_none() {
        return Err(DatasetError::refused(
            &log_dir,
            "a Delta log with no commits",
        ));
    }
    for (_, commit) in &commits {
        replay(commit, &mut log)?;
    }
    let mut parts = Vec::with_capacity(log.files.len());
    for (relative, added) in log.files {
        let path = local_path(root, &relative).map_err(|why| DatasetError::refused(root, why))?;
        parts.push(Part {
            format: format_of(&path),
            partition: log
                .keys
                .iter()
                .map(|k| added.values.get(k).cloned().flatten())
                .collect(),
            bytes: added.size,
            rows: None,
            path,
        });
    }
    if parts.is_empty() {
        return Err(DatasetError::refused(
            root,
            "a Delta table with no live files",
        ));
    }
    Ok(Dataset {
        root: root.to_path_buf(),
        source: Source::Delta,
        keys: log.keys,
        parts,
        skipped: 0,
    })
}

/// The checkpoint `_last_checkpoint` points to: its version and files
/// (one, or the parts of a multi-part checkpoint).
fn checkpoint(log_dir: &Path) -> Result<Option<(u64, Vec<PathBuf>)>, DatasetError> {
    let last = log_dir.join("_last_checkpoint");
    let Ok(text) = std::fs::read_to_string(&last) else {
        return Ok(None);
    };
    let json: serde_json::Value = serde_json::from_str(text.trim())
        .map_err(|e| DatasetError::refused(&last, format!("not JSON: {e}")))?;
    let Some(version) = json.get("version").and_then(|v| v.as_u64()) else {
        return Err(DatasetError::refused(&last, "no version"));
    };
    let prefix = format!("{version:020}.checkpoint");
    let mut files: Vec<PathBuf> = std::fs::read_dir(log_dir)
        .map_err(|source| crate::Error::Unreadable {
            path: log_dir.to_path_buf(),
            source,
        })?
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            name.is_some_and(|n| n.starts_with(&prefix) && n.ends_with(".parquet"))
        })
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(DatasetError::refused(
            &last,
            format!("names checkpoint version {version}, but no {prefix}*.parquet is in the log"),
        ));
    }
    Ok(Some((version, files)))
}

/// One JSON commit: a line per action.
fn replay(commit: &Path, log: &mut Log) -> Result<(), DatasetError> {
    let text = std::fs::read_to_string(commit).map_err(|source| crate::Error::Unreadable {
        path: commit.to_path_buf(),
        source,
    })?;
    for (i, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        let action: serde_json::Value = serde_json::from_str(line).map_err(|e| {
            DatasetError::refused(commit, format!("line {}: not a JSON action: {e}", i + 1))
        })?;
        if let Some(meta) = action.get("metaData") {
            log.keys = meta
                .get("partitionColumns")
                .and_then(|c| c.as_array())
                .map(|c| {
                    c.iter()
                        .filter_map(|k| k.as_str().map(String::from))
                        .collect()
                })
                .unwrap_or_default();
        }
        if let Some(add) = action.get("add") {
            refuse_deletion_vector(commit, add.get("deletionVector"))?;
            let path = add.get("path").and_then(|p| p.as_str());
            let Some(path) = path else {
                return Err(DatasetError::refused(
                    commit,
                    format!("line {}: an add without a path", i + 1),
                ));
            };
            let values = add
                .get("partitionValues")
                .and_then(|v| v.as_object())
                .map(|o| {
                    o.iter()
                        .map(|(k, v)| (k.clone(), v.as_str().map(String::from)))
                        .collect()
                })
                .unwrap_or_default();
            let size = add.get("size").and_then(|s| s.as_u64()).unwrap_or(0);
            log.add(path.to_string(), size, values);
        }
        if let Some(path) = action
            .get("remove")
            .and_then(|r| r.get("path"))
            .and_then(|p| p.as_str())
        {
            log.remove(path);
        }
    }
    Ok(())
}

/// A file with deleted rows would be measured with them: refused.
fn refuse_deletion_vector(
    commit: &Path,
    dv: Option<&serde_json::Value>,
) -> Result<(), DatasetError> {
    match dv {
        Some(v) if !v.is_null() => Err(DatasetError::refused(
            commit,
            "a Delta table with deletion vectors: not supported yet (its files hold deleted rows); run OPTIMIZE or REORG TABLE … APPLY (PURGE) first",
        )),
        _ => Ok(()),
    }
}

/// The actions of a checkpoint file: its `metaData`, `add` and `remove` columns.
fn read_checkpoint(file: &Path, log: &mut Log) -> Result<(), DatasetError> {
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    let bad = |why: String| {
        DatasetError::refused(
            file,
            format!("a Delta checkpoint that cannot be read: {why}"),
        )
    };
    let open = std::fs::File::open(file).map_err(|source| crate::Error::Unreadable {
        path: file.to_path_buf(),
        source,
    })?;
    let reader = ParquetRecordBatchReaderBuilder::try_new(open)
        .and_then(|b| b.build())
        .map_err(|e| bad(e.to_string()))?;
    let mut removed = Vec::new();
    for batch in reader {
        let batch = batch.map_err(|e| bad(e.to_string()))?;
        if let Some(meta) = column(&batch, "metaData") {
            if let Some(keys) = meta.column_by_name("partitionColumns") {
                read_keys(meta, keys, log);
            }
        }
        if let Some(add) = column(&batch, "add") {
            let paths = strings(add, "path").ok_or_else(|| bad("add.path is not text".into()))?;
            let sizes = add.column_by_name("size").and_then(|s| {
                s.as_any()
                    .downcast_ref::<arrow_array::Int64Array>()
                    .cloned()
            });
            let values = add
                .column_by_name("partitionValues")
                .and_then(|v| v.as_any().downcast_ref::<MapArray>().cloned());
            let dvs = add.column_by_name("deletionVector");
            for row in (0..add.len()).filter(|&r| add.is_valid(r) && paths.is_valid(r)) {
                if dvs.is_some_and(|d| d.is_valid(row)) {
                    refuse_deletion_vector(file, Some(&serde_json::Value::Bool(true)))?;
                }
                let size = sizes.as_ref().map_or(0, |s| s.value(row).max(0) as u64);
                let map = values.as_ref().map(|m| map_at(m, row)).unwrap_or_default();
                log.add(paths.value(row).to_string(), size, map);
            }
        }
        if let Some(remove) = column(&batch, "remove") {
            if let Some(paths) = strings(remove, "path") {
                for row in (0..remove.len()).filter(|&r| remove.is_valid(r) && paths.is_valid(r)) {
                    removed.push(paths.value(row).to_string());
                }
            }
        }
    }
    // A checkpoint's removes are tombstones of files no longer live.
    for path in removed {
        log.remove(&path);
    }
    Ok(())
}

fn column<'b>(batch: &'b RecordBatch, name: &str) -> Option<&'b StructArray> {
    batch
        .column_by_name(name)?
        .as_any()
        .downcast_ref::<StructArray>()
}

fn strings<'a>(array: &'a StructArray, name: &str) -> Option<&'a StringArray> {
    array
        .column_by_name(name)?
        .as_any()
        .downcast_ref::<StringArray>()
}

fn read_keys(meta: &StructArray, keys: &std::sync::Arc<dyn Array>, log: &mut Log) {
    let Some(lists) = keys.as_any().downcast_ref::<arrow_array::ListArray>() else {
        return;
    };
    for row in (0..meta.len()).filter(|&r| meta.is_valid(r) && lists.is_valid(r)) {
        let list = lists.value(row);
        if let Some(names) = list.as_any().downcast_ref::<StringArray>() {
            log.keys = names.iter().flatten().map(String::from).collect();
        }
    }
}

/// Row `row` of a string-to-string map column.
fn map_at(map: &MapArray, row: usize) -> BTreeMap<String, Option<String>> {
    if !map.is_valid(row) {
        return BTreeMap::new();
    }
    let entries = map.value(row);
    let keys = entries.column(0).as_any().downcast_ref::<StringArray>();
    let values = entries.column(1).as_any().downcast_ref::<StringArray>();
    match (keys, values) {
        (Some(k), Some(v)) => (0..k.len())
            .map(|i| {
                (
                    k.value(i).to_string(),
                    v.is_valid(i).then(|| v.value(i).to_string()),
                )
            })
            .collect(),
        _ => BTreeMap::new(),
    }
}

/// A path in a table's metadata as a local path: relative to `root`
/// (percent-encoded, as Delta writes them), an absolute `file:` URI, or a
/// plain absolute path; any other scheme (s3://, abfss://) is refused.
pub(super) fn local_path(root: &Path, uri: &str) -> Result<PathBuf, String> {
    let decode = |s: &str| {
        percent_encoding::percent_decode_str(s)
            .decode_utf8()
            .map(|s| s.into_owned())
            .map_err(|_| format!("{uri}: a path that is not UTF-8 once decoded"))
    };
    if let Some(rest) = uri.strip_prefix("file://") {
        return Ok(PathBuf::from(decode(rest)?));
    }
    if let Some(rest) = uri.strip_prefix("file:") {
        return Ok(PathBuf::from(decode(rest)?));
    }
    if let Some((scheme, _)) = uri.split_once("://") {
        return Err(format!(
            "{uri}: a part on {scheme}://, not on this machine; encbench file reads local files only (copy the table here first)"
        ));
    }
    let path = PathBuf::from(decode(uri)?);
    Ok(match path.is_absolute() {
        true => path,
        false => root.join(path),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_relative_absolute_and_remote() {
        let root = Path::new("/data/t");
        assert_eq!(
            local_path(root, "y=2024/part%20a.parquet").unwrap(),
            Path::new("/data/t/y=2024/part a.parquet")
        );
        assert_eq!(
            local_path(root, "file:///x/p.parquet").unwrap(),
            Path::new("/x/p.parquet")
        );
        assert_eq!(
            local_path(root, "/x/p.parquet").unwrap(),
            Path::new("/x/p.parquet")
        );
        let remote = local_path(root, "s3://bucket/p.parquet").unwrap_err();
        assert!(remote.contains("s3://"), "{remote}");
    }

    #[test]
    fn commits_replayed_in_order() {
        let dir = tempfile::tempdir().unwrap();
        let log = dir.path().join("_delta_log");
        std::fs::create_dir(&log).unwrap();
        let commit = |v: u64, lines: &[&str]| {
            std::fs::write(log.join(format!("{v:020}.json")), lines.join("\n")).unwrap();
        };
        commit(
            0,
            &[
                r#"{"metaData":{"partitionColumns":["k"]}}"#,
                r#"{"add":{"path":"k=a/1.parquet","size":10,"partitionValues":{"k":"a"}}}"#,
                r#"{"add":{"path":"k=b/2.parquet","size":20,"partitionValues":{"k":null}}}"#,
            ],
        );
        commit(
            1,
            &[
                r#"{"remove":{"path":"k=a/1.parquet"}}"#,
                r#"{"add":{"path":"k=a/3.parquet","size":30,"partitionValues":{"k":"a"}}}"#,
            ],
        );
        let d = discover(dir.path()).unwrap();
        let names: Vec<String> = d
            .parts
            .iter()
            .map(|p| {
                p.path
                    .strip_prefix(dir.path())
                    .unwrap()
                    .display()
                    .to_string()
            })
            .collect();
        assert_eq!(names, vec!["k=a/3.parquet", "k=b/2.parquet"]);
        assert_eq!(d.keys, vec!["k".to_string()]);
        assert_eq!(d.parts[1].partition, vec![None]);
        assert_eq!(d.bytes(), 50);
    }
}
