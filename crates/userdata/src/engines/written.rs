//! The formats encbench has no Rust writer for (ORC, Vortex, Lance),
//! written in the engines worker by each format's own library (pyarrow's
//! ORC, vortex-data, pylance) from the Arrow IPC candidate, at its defaults
//! and at tuned settings; the worker reads each back with the format's
//! reference reader, and the answer is checked like any read. Their write
//! is then timed, and the engines read them as every other candidate.

use super::files::CandidateFile;
use super::queries::Expected;
use super::Answer;
use encbench_workers::engines::Refusal;
use encbench_workers::Worker;
use serde_json::{json, Value};
use std::cell::RefCell;
use std::path::Path;
use std::rc::Rc;

/// Formats written in the worker, and the extension of each.
pub const FORMATS: [(&str, &str); 3] = [("orc", "orc"), ("vortex", "vortex"), ("lance", "lance")];

/// The engines that read `format` (the others say they cannot).
pub fn readers(format: &str) -> &'static [&'static str] {
    match format {
        "orc" => &["pyarrow", "pandas", "spark"],
        "vortex" => &["vortex"],
        "lance" => &["lance"],
        _ => &[],
    }
}

/// The settings each is written at.
pub const SETTINGS: [&str; 2] = ["default", "tuned"];

/// A format written in the worker, its write checked.
pub struct Written<'a> {
    pub file: CandidateFile<'a>,
    /// The worker's id of its write, to time it.
    pub id: String,
    /// The reference reader's answer on what was written.
    pub answer: Answer,
    /// Its comparison with encbench's table.
    pub proof: encbench_record::Verified,
    /// The library and the exact settings, as the worker states them.
    pub library: String,
    pub settings: String,
}

/// The request that writes `format` at `settings` from the Arrow file.
fn request(format: &str, settings: &str, source: &CandidateFile<'_>, output: &Path) -> Value {
    let columns = super::checksum::columns_json(&source.want.schema);
    json!({
        "engine": "writer",
        "path": output,
        "format": format,
        "compression": "none",
        "query": {"kind": "write", "input": source.path, "settings": settings},
        "columns": columns,
    })
}

/// Writes every format × settings from `source` (the Arrow IPC candidate)
/// into `dir`; what the worker cannot write is a note, a write whose read
/// back differs a failure (`Err` with the reason, per format).
pub fn write_all<'a>(
    worker: &Rc<RefCell<Worker>>,
    source: &CandidateFile<'a>,
    dir: &Path,
    scan: &Expected,
    engines: &[(String, String)],
    next_id: &mut usize,
    notes: &mut Vec<String>,
) -> Vec<Result<Written<'a>, (String, String, String)>> {
    let mut out = Vec::new();
    for (format, ext) in FORMATS {
        // Written only when an engine that runs reads it.
        if !engines
            .iter()
            .any(|(e, _)| readers(format).contains(&e.as_str()))
        {
            continue;
        }
        for settings in SETTINGS {
            *next_id += 1;
            let id = format!("w{next_id}");
            let path = dir.join(format!("{format}.{settings}.{ext}"));
            let asked = request(format, settings, source, &path);
            let answer = match worker.borrow_mut().prepare_query(&id, &asked) {
                Ok(a) => a,
                Err(Refusal::NotMeasured(why)) => {
                    notes.push(format!("file: {format} ({settings}): not measured: {why}"));
                    break;
                }
                Err(Refusal::Failed(why)) => {
                    out.push(Err((format.to_string(), settings.to_string(), why)));
                    continue;
                }
            };
            let label = format!("{format} + {settings}");
            let proof = super::check(
                &format!("{format}'s reader"),
                &super::Query::Scan,
                scan,
                source.want.columns.len(),
                &answer,
            );
            let proof = match proof {
                Ok(p) => p,
                Err(why) => {
                    out.push(Err((format.to_string(), settings.to_string(), why)));
                    continue;
                }
            };
            let bytes = answer.bytes.unwrap_or_default();
            out.push(Ok(Written {
                file: CandidateFile {
                    codec: format.to_string(),
                    compression: settings.to_string(),
                    format,
                    whole: "none",
                    path,
                    bytes,
                    want: source.want.clone(),
                },
                id,
                library: answer.library.clone().unwrap_or_default(),
                settings: answer.settings.clone().unwrap_or_else(|| label.clone()),
                answer,
                proof,
            }));
        }
    }
    out
}
