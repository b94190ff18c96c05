//! `--convert orc|vortex|lance[+default|+tuned]`: encbench writes the input
//! as an Arrow IPC file (its own conversion, read back and compared row by
//! row with the input), then the engines worker streams that file into the
//! format with the format's own library and reads the result back with
//! the format's reference reader; the two checksums (per column, as
//! `--engines` checks every answer) must agree before the output is moved
//! into place. Everything is built in the caller's scratch folder beside
//! the output, removed on failure and on Ctrl-C.

use super::written::{FORMATS, SETTINGS};
use encbench_table::schema::Schema;
use serde_json::json;
use std::path::Path;

/// A format the worker writes, and at which settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    pub format: &'static str,
    pub settings: &'static str,
}

impl Target {
    /// `lance` or `lance+tuned`; `None` when `format` is not one the worker
    /// writes, an error for settings it does not know.
    pub fn parse(format: &str, settings: Option<&str>) -> Option<Result<Target, String>> {
        let (format, _) = FORMATS.iter().find(|(f, _)| *f == format)?;
        let settings = settings.unwrap_or("default");
        Some(match SETTINGS.iter().find(|s| **s == settings) {
            Some(s) => Ok(Target { format, settings: s }),
            None => Err(format!(
                "--convert {format}+{settings}: {format} is written at `default` or `tuned` settings (by its own library, in the engines worker)"
            )),
        })
    }

    /// `lance + tuned`.
    pub fn label(&self) -> String {
        format!("{} + {}", self.format, self.settings)
    }
}

/// What was written.
#[derive(Debug, Clone, PartialEq)]
pub struct Done {
    pub rows: u64,
    pub bytes: u64,
    /// The library, its settings and the format's version, as it says them.
    pub library: String,
    pub settings: String,
    pub file_version: Option<String>,
}

/// Streams the Arrow file `ipc` (of `schema`) into `target`, built in
/// `scratch` (a folder beside `output`, on its file system) and renamed
/// onto `output` once read back equal. The caller has refused an existing
/// output without `--force`, and any directory; a file is replaced by the
/// rename itself, so the user's file is never gone before the new one is
/// in place.
pub fn convert(
    ipc: &Path,
    schema: &Schema,
    target: Target,
    scratch: &Path,
    output: &Path,
) -> Result<Done, String> {
    let built = scratch.join(format!("out.{}", target.format));
    let started = encbench_workers::engines::start()?;
    let mut worker = started.worker;
    let columns = super::checksum::columns_json(schema);
    let reply = worker.convert(&json!({
        "op": "convert",
        "input": ipc,
        "format": target.format,
        "settings": target.settings,
        "output": built,
        "columns": columns,
    }))?;
    let number = |k: &str| {
        reply[k]
            .as_u64()
            .or_else(|| reply[k].as_str().and_then(|s| s.parse().ok()))
    };
    let (rows, back) = (
        number("rows").unwrap_or(0),
        number("rows_back").unwrap_or(u64::MAX),
    );
    if rows != back {
        return Err(format!(
            "{}: {back} rows read back where {rows} were written; nothing was written",
            target.label()
        ));
    }
    if reply["checksum"] != reply["checksum_in"] || !reply["checksum"].is_array() {
        return Err(format!(
            "{}: read back by its reader, the values differ from the Arrow file written from the input (checksums {} and {}); nothing was written",
            target.label(),
            reply["checksum"],
            reply["checksum_in"]
        ));
    }
    std::fs::rename(&built, output).map_err(|e| {
        format!(
            "{}: moving the verified output into place: {e}",
            output.display()
        )
    })?;
    let text = |k: &str| reply[k].as_str().map(String::from);
    Ok(Done {
        rows,
        bytes: number("bytes").unwrap_or(0),
        library: text("library").unwrap_or_default(),
        settings: text("settings").unwrap_or_default(),
        file_version: text("file_version"),
    })
}
