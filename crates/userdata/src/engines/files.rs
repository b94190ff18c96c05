//! The candidate files the engines read: the rows measured, written by each
//! candidate an engine can open (Parquet, Arrow IPC, Avro, CSV, JSON Lines,
//! and the input as it is), at its own settings, into a scratch folder.

use crate::candidates::{self, TableCodec};
use encbench_codecs::compression::Compressor;
use encbench_table::binary_input::Kind;
use encbench_table::load::Loaded;
use encbench_table::sniff::Format;
use encbench_table::table::Table;
use std::borrow::Cow;
use std::path::{Path, PathBuf};

/// One file on disk for the engines.
pub struct CandidateFile<'a> {
    /// Candidate id (`parquet`, `original`).
    pub codec: String,
    /// Its rows' compression label (`none`, `zstd-3`).
    pub compression: String,
    /// The format as the worker names it (`parquet`, `arrow`, `csv`, …).
    pub format: &'static str,
    /// A compressor over the whole file (`gzip`, `zstd`, `lz4`) or `none`.
    pub whole: &'static str,
    pub path: PathBuf,
    pub bytes: u64,
    /// The table it holds: the rows measured, or with the floats the
    /// format cannot carry made null.
    pub want: Cow<'a, Table>,
}

impl CandidateFile<'_> {
    /// `parquet + zstd-3`, or `parquet`.
    pub fn label(&self) -> String {
        match self.compression.as_str() {
            "none" => self.codec.clone(),
            c => format!("{} + {c}", self.codec),
        }
    }
}

/// The worker's name for a candidate's format, `None` for formats no engine reads.
fn engine_format(id: &str, loaded: &Loaded) -> Result<&'static str, Option<String>> {
    match id {
        "parquet" => Ok("parquet"),
        "arrow" => Ok("arrow"),
        "avro" => Ok("avro"),
        "csv" => Ok("csv"),
        "jsonl" => Ok("jsonl"),
        "original" => match (&loaded.columnar, loaded.format) {
            (Some(c), _) => Ok(match c.kind {
                Kind::Parquet => "parquet",
                Kind::ArrowFile => "arrow",
                Kind::ArrowStream => "arrow-stream",
                Kind::Avro => "avro",
            }),
            (
                None,
                Format::Csv {
                    delimiter: b',',
                    header: true,
                },
            ) => Ok("csv"),
            (None, Format::JsonLines) => Ok("jsonl"),
            (None, _) => Err(Some(
                "original: the engines read comma-separated text with a header, or JSON Lines"
                    .into(),
            )),
        },
        _ => Err(None),
    }
}

/// The worker's name for a whole-file compressor (`zstd-3` → `zstd`).
fn family(id: &str) -> &'static str {
    match id.split('-').next().unwrap_or(id) {
        "gzip" => "gzip",
        "zstd" => "zstd",
        "lz4" => "lz4",
        "xz" => "xz",
        "bzip2" => "bzip2",
        "brotli" => "brotli",
        "snappy" => "snappy",
        _ => "other",
    }
}

/// Writes every candidate an engine can read into `dir`: each format
/// uncompressed, then with each of `compressors` (inside the format when it
/// has its own codec, else over the whole file when `compress_text`). What
/// cannot be written is noted in `notes`.
pub fn write_all<'a>(
    loaded: &'a Loaded,
    compressors: &[&dyn Compressor],
    compress_text: bool,
    dir: &Path,
    notes: &mut Vec<String>,
) -> Vec<CandidateFile<'a>> {
    let all = match &loaded.columnar {
        Some(c) => candidates::for_columnar(c, !loaded.original.is_empty()),
        None => candidates::all(loaded.format),
    };
    let own = loaded
        .columnar
        .as_ref()
        .and_then(|c| c.written.compression.clone())
        .unwrap_or_else(|| "none".into());
    let mut out = Vec::new();
    // An ORC, Vortex or Lance input is read as it is by the engines that
    // read its format: its own row, where the in-process table has none.
    if let Some(s) = loaded.columnar.as_ref().and_then(|c| c.stand_in.as_ref()) {
        out.push(CandidateFile {
            codec: "original".into(),
            compression: own.clone(),
            format: s.format,
            whole: "none",
            path: s.path.clone(),
            bytes: s.bytes,
            want: Cow::Borrowed(&loaded.table),
        });
    }
    for codec in &all {
        let format = match engine_format(codec.id(), loaded) {
            Ok(f) => f,
            Err(why) => {
                notes.extend(why);
                continue;
            }
        };
        let label = match codec.id() {
            "original" => own.clone(),
            _ => "none".into(),
        };
        let plain = match write_one(codec.as_ref(), loaded, &label, format, dir) {
            Ok(file) => file,
            Err(why) => {
                notes.push(why);
                continue;
            }
        };
        if codec.id() == "original" {
            out.push(plain);
            continue;
        }
        for compressor in compressors {
            let id = compressor.id();
            let file = match codec.compressed(&id) {
                Some(Ok(native)) => write_one(native.as_ref(), loaded, &id, format, dir),
                Some(Err(_)) => continue,
                None if !compress_text => continue,
                None => compress_whole(&plain, *compressor, dir),
            };
            match file {
                Ok(file) => out.push(file),
                Err(why) => notes.push(why),
            }
        }
        out.push(plain);
    }
    // Uncompressed first within each format, as the other tables list them.
    out.sort_by_key(|f| {
        (
            all.iter().position(|c| c.id() == f.codec),
            f.compression != "none",
        )
    });
    out
}

fn write_one<'a>(
    codec: &dyn TableCodec,
    loaded: &'a Loaded,
    label: &str,
    format: &'static str,
    dir: &Path,
) -> Result<CandidateFile<'a>, String> {
    let table = &loaded.table;
    let name = |what: &str| match label {
        "none" => format!("{} for the engines: {what}", codec.id()),
        l => format!("{} + {l} for the engines: {what}", codec.id()),
    };
    let want = match codec.non_finite().expected_back(table) {
        Err(why) => return Err(name(&why)),
        Ok(None) => Cow::Borrowed(table),
        Ok(Some((back, _))) => Cow::Owned(back),
    };
    let bytes: Cow<'_, [u8]> = match codec.encodes() {
        true => {
            let ready = codec
                .prepare(&table.schema)
                .map_err(|e| name(&e.to_string()))?;
            let mut bytes = Vec::new();
            ready
                .encode(table, &mut bytes)
                .map_err(|e| name(&e.to_string()))?;
            Cow::Owned(bytes)
        }
        false => Cow::Borrowed(loaded.original.as_slice()),
    };
    let path = dir.join(file_name(codec.id(), label, format, "none"));
    std::fs::write(&path, &bytes).map_err(|e| name(&format!("writing {}: {e}", path.display())))?;
    Ok(CandidateFile {
        codec: codec.id().into(),
        compression: label.into(),
        format,
        whole: "none",
        path,
        bytes: bytes.len() as u64,
        want,
    })
}

fn compress_whole<'a>(
    plain: &CandidateFile<'a>,
    compressor: &dyn Compressor,
    dir: &Path,
) -> Result<CandidateFile<'a>, String> {
    let id = compressor.id();
    let fail = |e: String| format!("{} + {id} for the engines: {e}", plain.codec);
    let whole = family(&id);
    let path = dir.join(file_name(&plain.codec, &id, plain.format, whole));
    let input = std::fs::File::open(&plain.path).map_err(|e| fail(e.to_string()))?;
    let mut output =
        std::io::BufWriter::new(std::fs::File::create(&path).map_err(|e| fail(e.to_string()))?);
    compressor
        .compress_stream(&mut std::io::BufReader::new(input), &mut output)
        .map_err(|e| fail(e.to_string()))?;
    drop(output);
    let bytes = std::fs::metadata(&path)
        .map_err(|e| fail(e.to_string()))?
        .len();
    Ok(CandidateFile {
        codec: plain.codec.clone(),
        compression: id,
        format: plain.format,
        whole,
        path,
        bytes,
        want: plain.want.clone(),
    })
}

/// `parquet.zstd-3.parquet`, `csv.zstd-3.csv.zst`: the extension engines
/// look at to pick a reader and a decompressor.
fn file_name(codec: &str, label: &str, format: &str, whole: &str) -> String {
    let ext = match format {
        "arrow-stream" => "arrows",
        f => f,
    };
    let suffix = match whole {
        "gzip" => ".gz",
        "zstd" => ".zst",
        "lz4" => ".lz4",
        "none" => "",
        other => return format!("{codec}.{label}.{ext}.{other}"),
    };
    format!("{codec}.{label}.{ext}{suffix}")
}
