//! ORC, Vortex and Lance inputs. encbench has no reader of these formats
//! in process (their Rust crates pin other arrow-rs majors than the
//! workspace's; see docs/workers.md), so their reference readers in the
//! engines worker (pyarrow.orc, vortex-data, pylance) stream the input into
//! an Arrow IPC copy in a scratch folder, and `file` measures that copy's
//! rows. The input itself is never written; the copy is removed when the
//! run ends, on an error and on Ctrl-C (`ScratchDir`). The file as it is
//! has no in-process row (no reader would be the user's): the engines that
//! read its format time it beside the candidates (`--engines`).

use encbench_safe_write::ScratchDir;
use encbench_table::load::{Loaded, StandIn};
use serde_json::json;
use std::path::{Path, PathBuf};

/// A format read only by its own library in the engines worker.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Orc,
    Vortex,
    Lance,
}

impl Format {
    /// The worker's name of the format.
    pub fn name(self) -> &'static str {
        match self {
            Format::Orc => "orc",
            Format::Vortex => "vortex",
            Format::Lance => "lance",
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Format::Orc => "an ORC file",
            Format::Vortex => "a Vortex file",
            Format::Lance => "a Lance dataset",
        }
    }
}

/// `ORC`, `Vortex`, `Lance` for the worker's name of the format.
pub fn title(format: &str) -> &str {
    match format {
        "orc" => "ORC",
        "vortex" => "Vortex",
        "lance" => "Lance",
        other => other,
    }
}

/// The format of `path` when it is one of these: a Lance dataset is a
/// folder with `_versions/`; ORC and Vortex files carry their magic at both
/// ends (`ORC` … `ORC`+length byte, `VTXF` … `VTXF`), so a text file that
/// happens to begin `ORC` is not taken for one.
pub fn detect(path: &Path) -> Option<Format> {
    if path.is_dir() {
        return path.join("_versions").is_dir().then_some(Format::Lance);
    }
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::File::open(path).ok()?;
    let mut head = [0u8; 4];
    let mut tail = [0u8; 4];
    file.read_exact(&mut head).ok()?;
    file.seek(SeekFrom::End(-4)).ok()?;
    file.read_exact(&mut tail).ok()?;
    match (&head, &tail) {
        (b"VTXF", b"VTXF") => Some(Format::Vortex),
        ([b'O', b'R', b'C', _], [b'O', b'R', b'C', _]) => Some(Format::Orc),
        _ => None,
    }
}

/// The input's Arrow copy, alive as long as this value.
pub struct Copy {
    pub format: Format,
    /// The Arrow IPC file the rows are read from.
    pub arrow: PathBuf,
    /// The input as the user named it.
    pub original: PathBuf,
    /// The input's size at rest (a Lance dataset: every file in it).
    pub original_bytes: u64,
    /// Rows the reader read.
    pub rows: u64,
    /// How the reader read it, as the worker says it.
    pub how: String,
    _scratch: ScratchDir,
}

/// When `path` is ORC, Vortex or Lance: its rows copied to an Arrow IPC
/// file by the format's reader. `Ok(None)` for any other input.
pub fn prepare(path: &Path) -> Result<Option<Copy>, String> {
    let Some(format) = detect(path) else {
        return Ok(None);
    };
    let what = format.describe();
    let scratch = ScratchDir::new().map_err(|e| {
        format!(
            "{}: a scratch folder for its Arrow copy: {e}",
            path.display()
        )
    })?;
    let arrow = scratch.path().join("input.arrow");
    let started = encbench_workers::engines::start().map_err(|e| {
        format!(
            "{} is {what}: encbench reads it with its own library in the engines worker, which could not start: {e}",
            path.display()
        )
    })?;
    let mut worker = started.worker;
    let reply = worker
        .convert(&json!({
            "op": "to_arrow",
            "input": path,
            "format": format.name(),
            "output": arrow,
        }))
        .map_err(|e| format!("{} ({what}): {e}", path.display()))?;
    let original_bytes =
        disk_bytes(path).map_err(|e| format!("{}: reading its size: {e}", path.display()))?;
    Ok(Some(Copy {
        format,
        arrow,
        original: path.to_path_buf(),
        original_bytes,
        rows: reply["rows"].as_u64().unwrap_or(0),
        how: reply["how"].as_str().unwrap_or_default().to_string(),
        _scratch: scratch,
    }))
}

impl Copy {
    /// `loaded` (read from the copy) as the user's input: its path and
    /// size, and which format stands behind the copy.
    pub fn mark(&self, loaded: &mut Loaded) {
        loaded.path = self.original.clone();
        loaded.file_bytes = self.original_bytes;
        loaded.text_bytes = self.original_bytes;
        if let Some(c) = &mut loaded.columnar {
            c.stand_in = Some(StandIn {
                format: self.format.name(),
                path: self.original.clone(),
                bytes: self.original_bytes,
                how: self.how.clone(),
            });
        }
    }
}

/// Bytes at rest: a file's length, or a folder's files summed.
fn disk_bytes(path: &Path) -> std::io::Result<u64> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_dir() {
        return Ok(meta.len());
    }
    let mut total = 0;
    for entry in std::fs::read_dir(path)? {
        total += disk_bytes(&entry?.path())?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_at_both_ends_names_the_format() {
        let dir = ScratchDir::new().unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let p = dir.path().join(name);
            std::fs::write(&p, bytes).unwrap();
            p
        };
        assert_eq!(
            detect(&write("a.vortex", b"VTXF\0\0\0\0body\x01\0VTXF")),
            Some(Format::Vortex)
        );
        assert_eq!(
            detect(&write("a.orc", b"ORC\nbody\x82ORC\x17")),
            Some(Format::Orc)
        );
        // A CSV whose header starts "ORC" is text.
        assert_eq!(detect(&write("orcid.csv", b"ORCID,name\n1,a\n")), None);
        assert_eq!(detect(&write("tiny", b"OR")), None);
        let lance = dir.path().join("t.lance");
        std::fs::create_dir_all(lance.join("_versions")).unwrap();
        assert_eq!(detect(&lance), Some(Format::Lance));
        assert_eq!(detect(dir.path()), None);
    }
}
