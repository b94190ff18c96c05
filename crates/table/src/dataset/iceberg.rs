//! An Iceberg table's live data files, from its own metadata: the newest
//! `metadata/*.metadata.json`, its current snapshot's manifest list, and
//! the manifests it names (Avro, read with `apache-avro`), entries that
//! are not deleted.

use super::{delta::local_path, discover::format_of, Dataset, DatasetError, Part, Source};
use apache_avro::types::Value;
use std::path::{Path, PathBuf};

/// Whether `root` holds Iceberg table metadata.
pub(super) fn is_table(root: &Path) -> bool {
    newest_metadata(root).is_some()
}

/// The newest metadata file: the version `version-hint.text` names, else
/// the highest version number leading a `*.metadata.json` name
/// (`v3.metadata.json`, `00003-<uuid>.metadata.json`).
fn newest_metadata(root: &Path) -> Option<PathBuf> {
    let dir = root.join("metadata");
    let version_of = |name: &str| -> Option<u64> {
        let stem = name.strip_suffix(".metadata.json")?;
        let stem = stem.strip_prefix('v').unwrap_or(stem);
        stem.split('-').next()?.parse().ok()
    };
    let hinted = std::fs::read_to_string(dir.join("version-hint.text"))
        .ok()
        .and_then(|t| t.trim().parse::<u64>().ok());
    std::fs::read_dir(&dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            Some((version_of(&name)?, e.path()))
        })
        .filter(|(v, _)| hinted.is_none_or(|h| *v == h))
        .max()
        .map(|(_, p)| p)
}

pub(super) fn discover(root: &Path) -> Result<Dataset, DatasetError> {
    let Some(meta_path) = newest_metadata(root) else {
        return Err(DatasetError::refused(root, "no metadata/*.metadata.json"));
    };
    let refuse = |why: String| DatasetError::refused(&meta_path, why);
    let text = std::fs::read_to_string(&meta_path).map_err(|source| crate::Error::Unreadable {
        path: meta_path.clone(),
        source,
    })?;
    let meta: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| refuse(format!("not JSON: {e}")))?;
    let current = meta.get("current-snapshot-id").and_then(|v| v.as_i64());
    let Some(current) = current.filter(|&id| id >= 0) else {
        return Err(refuse(
            "an Iceberg table with no current snapshot (no data)".into(),
        ));
    };
    let snapshot = meta
        .get("snapshots")
        .and_then(|s| s.as_array())
        .and_then(|s| {
            s.iter()
                .find(|s| s.get("snapshot-id").and_then(|i| i.as_i64()) == Some(current))
        })
        .ok_or_else(|| {
            refuse(format!(
                "the current snapshot {current} is not among its snapshots"
            ))
        })?;
    let Some(list) = snapshot.get("manifest-list").and_then(|l| l.as_str()) else {
        return Err(refuse("its current snapshot has no manifest list (a format v1 table with inline manifests: not supported yet)".into()));
    };
    let keys = partition_keys(&meta);
    let mut parts = Vec::new();
    let list_path = local_path(root, list).map_err(refuse)?;
    for manifest in records(&list_path)? {
        if int(field(&manifest, "content")).unwrap_or(0) != 0 {
            return Err(refuse("an Iceberg table with delete files (row-level deletes): not supported yet; compact it first (rewrite_data_files)".into()));
        }
        let Some(Value::String(path)) = field(&manifest, "manifest_path") else {
            return Err(refuse(format!(
                "{}: a manifest without a path",
                list_path.display()
            )));
        };
        let manifest_path = local_path(root, path).map_err(refuse)?;
        for entry in records(&manifest_path)? {
            // 2 = DELETED: no longer in the table.
            if int(field(&entry, "status")) == Some(2) {
                continue;
            }
            let Some(Value::Record(file)) = field(&entry, "data_file") else {
                continue;
            };
            parts.push(
                part(root, &keys, file)
                    .map_err(|why| DatasetError::refused(&manifest_path, why))?,
            );
        }
    }
    if parts.is_empty() {
        return Err(refuse("its current snapshot holds no data files".into()));
    }
    parts.sort_by(|a, b| (&a.partition, &a.path).cmp(&(&b.partition, &b.path)));
    Ok(Dataset {
        root: root.to_path_buf(),
        source: Source::Iceberg,
        keys,
        parts,
        skipped: 0,
    })
}

/// The default partition spec's field names.
fn partition_keys(meta: &serde_json::Value) -> Vec<String> {
    let default = meta
        .get("default-spec-id")
        .and_then(|v| v.as_i64())
        .unwrap_or(0);
    let specs = meta.get("partition-specs").and_then(|s| s.as_array());
    let spec = specs.and_then(|s| {
        s.iter()
            .find(|s| s.get("spec-id").and_then(|i| i.as_i64()) == Some(default))
    });
    spec.and_then(|s| s.get("fields"))
        .and_then(|f| f.as_array())
        .map(|f| {
            f.iter()
                .filter_map(|f| f.get("name")?.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// One data file entry as a part.
fn part(root: &Path, keys: &[String], file: &[(String, Value)]) -> Result<Part, String> {
    let get = |name: &str| file.iter().find(|(n, _)| n == name).map(|(_, v)| v);
    if int(get("content")).unwrap_or(0) != 0 {
        return Err("a delete file among the data files: not supported yet".into());
    }
    let Some(Value::String(uri)) = get("file_path") else {
        return Err("a data file without a path".into());
    };
    let path = local_path(root, uri)?;
    let partition = match get("partition") {
        Some(Value::Record(values)) => keys
            .iter()
            .map(|k| {
                values
                    .iter()
                    .find(|(n, _)| n == k)
                    .and_then(|(_, v)| text(v))
            })
            .collect(),
        _ => vec![None; keys.len()],
    };
    Ok(Part {
        format: format_of(&path),
        bytes: int(get("file_size_in_bytes")).unwrap_or(0).max(0) as u64,
        rows: int(get("record_count")).map(|r| r.max(0) as u64),
        partition,
        path,
    })
}

/// Every record of an Avro container file.
fn records(path: &Path) -> Result<Vec<Vec<(String, Value)>>, DatasetError> {
    let bad = |why: String| {
        DatasetError::refused(
            path,
            format!("an Iceberg manifest that cannot be read: {why}"),
        )
    };
    let file = std::fs::File::open(path).map_err(|source| crate::Error::Unreadable {
        path: path.to_path_buf(),
        source,
    })?;
    let reader =
        apache_avro::Reader::new(std::io::BufReader::new(file)).map_err(|e| bad(e.to_string()))?;
    let mut out = Vec::new();
    for value in reader {
        match value.map_err(|e| bad(e.to_string()))? {
            Value::Record(fields) => out.push(fields),
            other => return Err(bad(format!("a record expected, found {other:?}"))),
        }
    }
    Ok(out)
}

fn field<'a>(record: &'a [(String, Value)], name: &str) -> Option<&'a Value> {
    record
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| unwrap_union(v))
}

fn unwrap_union(v: &Value) -> &Value {
    match v {
        Value::Union(_, inner) => unwrap_union(inner),
        other => other,
    }
}

fn int(v: Option<&Value>) -> Option<i64> {
    match v.map(unwrap_union) {
        Some(Value::Int(i)) => Some(*i as i64),
        Some(Value::Long(l)) => Some(*l),
        _ => None,
    }
}

/// A partition value as text (`None`: null).
fn text(v: &Value) -> Option<String> {
    match unwrap_union(v) {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Int(i) | Value::Date(i) => Some(i.to_string()),
        Value::Long(l) => Some(l.to_string()),
        Value::Boolean(b) => Some(b.to_string()),
        Value::Float(f) => Some(f.to_string()),
        Value::Double(d) => Some(d.to_string()),
        other => Some(format!("{other:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dataset::PartFormat;
    use apache_avro::{Schema, Writer};

    /// An Avro file of `records` under `schema` (the fields the reader uses).
    fn avro(path: &Path, schema: &str, records: Vec<Vec<(&str, Value)>>) {
        let schema = Schema::parse_str(schema).unwrap();
        let mut writer = Writer::new(&schema, Vec::new()).unwrap();
        for r in records {
            let fields = r.into_iter().map(|(n, v)| (n.to_string(), v)).collect();
            writer.append_value(Value::Record(fields)).unwrap();
        }
        std::fs::write(path, writer.into_inner().unwrap()).unwrap();
    }

    const MANIFEST: &str = r#"{"type":"record","name":"manifest_entry","fields":[
        {"name":"status","type":"int"},
        {"name":"data_file","type":{"type":"record","name":"r2","fields":[
            {"name":"content","type":"int"},
            {"name":"file_path","type":"string"},
            {"name":"file_format","type":"string"},
            {"name":"partition","type":{"type":"record","name":"r102","fields":[
                {"name":"day","type":["null","string"]}]}},
            {"name":"record_count","type":"long"},
            {"name":"file_size_in_bytes","type":"long"}]}}]}"#;
    const LIST: &str = r#"{"type":"record","name":"manifest_file","fields":[
        {"name":"manifest_path","type":"string"},
        {"name":"content","type":"int"}]}"#;

    fn entry(status: i32, path: &str, day: Option<&str>, rows: i64) -> Vec<(&'static str, Value)> {
        let day = match day {
            Some(d) => Value::Union(1, Box::new(Value::String(d.into()))),
            None => Value::Union(0, Box::new(Value::Null)),
        };
        let file = vec![
            ("content".to_string(), Value::Int(0)),
            ("file_path".to_string(), Value::String(path.into())),
            ("file_format".to_string(), Value::String("PARQUET".into())),
            (
                "partition".to_string(),
                Value::Record(vec![("day".to_string(), day)]),
            ),
            ("record_count".to_string(), Value::Long(rows)),
            ("file_size_in_bytes".to_string(), Value::Long(100)),
        ];
        vec![
            ("status", Value::Int(status)),
            ("data_file", Value::Record(file)),
        ]
    }

    /// A table of one snapshot: a manifest list naming one manifest of
    /// three entries, one of them deleted.
    fn table(list_content: i32) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::create_dir_all(root.join("metadata")).unwrap();
        std::fs::create_dir_all(root.join("data")).unwrap();
        for name in ["a", "b", "c"] {
            std::fs::write(root.join(format!("data/{name}.parquet")), b"PAR1").unwrap();
        }
        let uri = |name: &str| format!("file://{}/data/{name}.parquet", root.display());
        let manifest = root.join("metadata/m0.avro");
        avro(
            &manifest,
            MANIFEST,
            vec![
                entry(1, &uri("a"), Some("mon"), 10),
                entry(2, &uri("b"), Some("tue"), 20),
                entry(0, &uri("c"), None, 30),
            ],
        );
        let list = root.join("metadata/snap-1.avro");
        avro(
            &list,
            LIST,
            vec![vec![
                (
                    "manifest_path",
                    Value::String(format!("file://{}", manifest.display())),
                ),
                ("content", Value::Int(list_content)),
            ]],
        );
        let meta = serde_json::json!({
            "format-version": 2,
            "current-snapshot-id": 7,
            "default-spec-id": 0,
            "partition-specs": [{"spec-id": 0, "fields": [{"name": "day", "source-id": 1, "field-id": 1000, "transform": "identity"}]}],
            "snapshots": [{"snapshot-id": 7, "manifest-list": list.display().to_string()}],
        });
        // An older version, which must not be read.
        std::fs::write(root.join("metadata/00000-old.metadata.json"), "{}").unwrap();
        std::fs::write(
            root.join("metadata/00001-new.metadata.json"),
            meta.to_string(),
        )
        .unwrap();
        dir
    }

    #[test]
    fn live_data_files_of_the_current_snapshot() {
        let dir = table(0);
        assert!(is_table(dir.path()));
        let d = discover(dir.path()).unwrap();
        let names: Vec<String> = d
            .parts
            .iter()
            .map(|p| p.path.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(d.keys, vec!["day".to_string()]);
        // Ordered by partition (null first), the deleted entry gone.
        assert_eq!(names, vec!["c.parquet", "a.parquet"]);
        assert_eq!(d.parts[1].partition, vec![Some("mon".to_string())]);
        assert_eq!(d.parts[0].rows, Some(30));
        assert_eq!(
            d.parts[0].format,
            PartFormat::Columnar(crate::binary_input::Kind::Parquet)
        );
    }

    #[test]
    fn delete_files_are_refused() {
        let dir = table(1);
        let e = discover(dir.path()).unwrap_err().to_string();
        assert!(e.contains("delete files"), "{e}");
    }
}
