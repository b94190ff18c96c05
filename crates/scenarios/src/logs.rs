//! Scenario `logs` (seed 002): the seed's ten-word log, plain and compressed
//! five ways, read and line-counted from a warm file and from a verified-cold
//! one, in-process and through the seed's own shell pipelines. Derives the
//! device's cold bandwidth and, per compressor, the bandwidth below which
//! reading the compressed file wins.

use crate::bench::{measure_group, Pending};
use crate::io::{count_lines, shell_count, which, Count, Throttled};
use crate::pagecache::{cold_medium, cold_setup};
use crate::scratch::Scratch;
use crate::{data, seeds, Context, Mode, Output, Scenario, ScenarioError};
use encbench_codecs::compression::{Bzip2, Compressor, Gzip, Lz4, Xz, Zstd};
use encbench_record::{Comparison, Failure, Medium, Record, RowMeta, Verified};
use std::fs::File;
use std::io::{BufReader, Read};
use std::path::PathBuf;

pub(crate) struct Logs;

const NAME: &str = "logs";
const IN_PROCESS: &str = "lines/count";
const SHELL: &str = "lines/shell";
/// Read size of the in-process readers.
const CHUNK: usize = 1 << 20;

impl Scenario for Logs {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("002")
    }

    fn summary(&self) -> &'static str {
        "seed 002's log, plain vs gzip/zstd/lz4/xz/bzip2, line-counted warm and verified-cold, in-process and via cat/zcat|wc -l"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        vec![IN_PROCESS, SHELL]
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let lines = ctx.size(300_000, 10_000_000);
        let mut out = Output::default();
        (ctx.progress)(&format!("{NAME}: generating {lines} lines"));
        // 90 bytes a line; compressed copies are smaller than the plain file.
        let plain_size = lines as u64 * 90;
        let scratch = Scratch::new(NAME, plain_size * 2)?;
        let io = |action: String, source| ScenarioError::Io {
            scenario: NAME,
            action,
            source,
        };
        let plain_path = scratch.path().join("data.txt");
        // Streamed to disk and compressed from disk: the 900 MB of full mode never sit in memory.
        write_file(&plain_path, |w| data::write_log(w, lines))
            .map_err(|e| io("writing data.txt".into(), e))?;
        // xz's default preset compresses ~2 MB/s here: full mode pays for it, quick mode uses preset 1.
        let xz = if ctx.mode == Mode::Full { 6 } else { 1 };
        let compressors: Vec<Box<dyn Compressor>> = vec![
            Box::new(Gzip(6)),
            Box::new(Zstd(3)),
            Box::new(Lz4),
            Box::new(Xz(xz)),
            Box::new(Bzip2(9)),
        ];
        let mut files = vec![LogFile {
            compression: "none".into(),
            path: plain_path.clone(),
            size: file_size(&plain_path),
            compressor: None,
            command: &["cat"],
        }];
        let compressors: Vec<_> = compressors
            .into_iter()
            .filter(|c| ctx.wants_compression(&c.id()))
            .collect();
        for c in compressors {
            (ctx.progress)(&format!("{NAME}: compressing with {}", c.id()));
            let path = scratch.path().join(format!("data.txt.{}", c.id()));
            let mut failure = None;
            write_file(&path, |w| {
                let mut input = BufReader::with_capacity(CHUNK, File::open(&plain_path)?);
                if let Err(e) = c.compress_stream(&mut input, w) {
                    failure = Some(e);
                }
                Ok(())
            })
            .map_err(|e| io(format!("writing {}", path.display()), e))?;
            if let Some(e) = failure {
                out.notes
                    .push(format!("{NAME}: {} failed to compress: {e}", c.id()));
                continue;
            }
            files.push(LogFile {
                compression: c.id(),
                size: file_size(&path),
                path,
                command: c.command(),
                compressor: Some(c),
            });
        }

        let (cold, why) = cold_medium(&plain_path);
        out.notes.extend(why);
        let fstype = crate::pagecache::fs_type(scratch.path()).unwrap_or_else(|| "unknown".into());
        out.notes.push(format!(
            "{NAME}: {lines} lines, {} plain, files in {} ({fstype})",
            human_mb(files[0].size),
            scratch.path().display()
        ));
        let expected = Count {
            lines: lines as u64,
            bytes: files[0].size,
        };
        let throttle = ctx.throttle_mb_per_s;
        if throttle.is_some() {
            out.notes.push(format!(
                "{NAME}: --throttle paces in-process reads only; the shell pipelines were skipped"
            ));
        }
        let mut missing = Vec::new();
        let mut pending = Vec::new();
        for file in &files {
            for medium in [Medium::FileWarm, cold] {
                let meta = |codec: &str| RowMeta {
                    scenario: NAME.into(),
                    dataset: format!("log-{lines}"),
                    codec: codec.into(),
                    operation: "read".into(),
                    medium,
                    compression: file.compression.clone(),
                    throttle_mb_per_s: throttle,
                    items: lines as u64,
                    logical_bytes: expected.bytes,
                    encoded_bytes: file.size,
                    seed_reference: crate::seeds::seed_002(codec, &file.compression, medium),
                    ..Default::default()
                };
                if ctx.wants(IN_PROCESS) {
                    let m = meta(IN_PROCESS);
                    let checked = file
                        .count(throttle)
                        .map_err(|e| format!("verification failed: {e}"))
                        .and_then(|c| {
                            Verified::equal_shown("lines and bytes counted", &expected, &c)
                                .map_err(String::from)
                        });
                    match checked {
                        Ok(proof) => pending.push(file.pending(m, proof, throttle)),
                        Err(e) => out.failures.push(Failure::new(&m, e)),
                    }
                }
                if ctx.wants(SHELL) && throttle.is_none() {
                    if which(file.command[0]).is_none() || which("wc").is_none() {
                        if !missing.contains(&file.command[0]) {
                            missing.push(file.command[0]);
                        }
                        continue;
                    }
                    let m = meta(SHELL);
                    let checked = shell_count(file.command, &file.path)
                        .map_err(|e| format!("verification failed: {e}"))
                        .and_then(|n| {
                            Verified::equal_shown("lines counted by wc -l", &expected.lines, &n)
                                .map_err(String::from)
                        });
                    match checked {
                        Ok(proof) => pending.push(
                            row(
                                m,
                                proof,
                                &file.path,
                                Box::new(move |iters| {
                                    for _ in 0..iters {
                                        shell_count(file.command, &file.path)?;
                                    }
                                    Ok(())
                                }),
                            )
                            .in_other_processes("a shell pipeline runs in other processes"),
                        ),
                        Err(e) => out.failures.push(Failure::new(&m, e)),
                    }
                }
            }
        }
        if !missing.is_empty() {
            out.notes.push(format!(
                "{NAME}: shell rows skipped, not on PATH: {}",
                missing.join(", ")
            ));
        }
        measure_group(ctx, NAME, pending, &mut out);
        verdicts(&mut out, &files, cold, throttle);
        Ok(out)
    }
}

/// A row for `routine`: warm rows are timed in calibrated batches, cold rows
/// one operation per sample after an eviction.
fn row<'a>(
    meta: RowMeta,
    proof: Verified,
    path: &'a std::path::Path,
    routine: encbench_measure::Routine<'a>,
) -> Pending<'a> {
    match meta.medium {
        Medium::FileWarm => Pending::new(meta, proof, routine),
        medium => Pending::with_setup(meta, proof, cold_setup(path, medium), routine),
    }
}

struct LogFile {
    compression: String,
    path: PathBuf,
    size: u64,
    compressor: Option<Box<dyn Compressor>>,
    command: &'static [&'static str],
}

impl LogFile {
    /// Reads, decompresses and counts lines in-process.
    fn count(&self, throttle: Option<f64>) -> std::io::Result<Count> {
        let file = File::open(&self.path)?;
        let raw: Box<dyn Read> = match throttle {
            Some(rate) => Box::new(Throttled::new(file, rate)),
            None => Box::new(file),
        };
        match &self.compressor {
            None => count_lines(raw, CHUNK),
            Some(c) => count_lines(
                c.decoder(Box::new(BufReader::with_capacity(CHUNK, raw))),
                CHUNK,
            ),
        }
    }

    fn pending(&self, meta: RowMeta, proof: Verified, throttle: Option<f64>) -> Pending<'_> {
        row(
            meta,
            proof,
            &self.path,
            Box::new(move |iters| {
                for _ in 0..iters {
                    std::hint::black_box(self.count(throttle).map_err(|e| e.to_string())?);
                }
                Ok(())
            }),
        )
    }
}

/// Creates `path` and fills it through a buffered writer.
fn write_file(
    path: &std::path::Path,
    fill: impl FnOnce(&mut std::io::BufWriter<File>) -> std::io::Result<()>,
) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::with_capacity(CHUNK, File::create(path)?);
    fill(&mut w)?;
    std::io::Write::flush(&mut w)?;
    w.into_inner().map_err(|e| e.into_error())?.sync_data()
}

fn file_size(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

fn human_mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

fn find<'a>(
    records: &'a [Record],
    codec: &str,
    compression: &str,
    medium: Medium,
) -> Option<&'a Record> {
    records
        .iter()
        .find(|r| r.codec == codec && r.compression == compression && r.medium == medium)
}

/// Bandwidth, speeds, break-evens, and the seed's four conclusions.
fn verdicts(out: &mut Output, files: &[LogFile], cold: Medium, throttle: Option<f64>) {
    if let Some(rate) = throttle {
        return throttled_verdicts(out, files, rate);
    }
    let records = out.records.clone();
    let plain = &files[0];
    let plain_cold = find(&records, IN_PROCESS, "none", cold);
    let plain_warm = find(&records, IN_PROCESS, "none", Medium::FileWarm);
    let device_mb_s = plain_cold.map(|r| plain.size as f64 / r.median_ns * 1e3);
    if let Some(bw) = device_mb_s {
        add(
            &mut out.comparisons,
            format!("device read bandwidth, plain file ({})", cold.as_str()),
            bw,
            " MB/s",
            None,
            "plain file size ÷ median cold read-and-count time".into(),
        );
    }
    for f in &files[1..] {
        let Some(warm) = find(&records, IN_PROCESS, &f.compression, Medium::FileWarm) else {
            continue;
        };
        add(
            &mut out.comparisons,
            format!("{}: decompress + count speed (file-warm)", f.compression),
            plain.size as f64 / warm.median_ns * 1e3,
            " MB/s",
            None,
            format!(
                "ratio {:.1}:1 ({} → {})",
                plain.size as f64 / f.size as f64,
                human_mb(plain.size),
                human_mb(f.size)
            ),
        );
        if let Some(pw) = plain_warm {
            // Sequential model: time = bytes ÷ bandwidth + CPU time (measured warm).
            let cpu_extra = warm.median_ns - pw.median_ns;
            let saved_bytes = (plain.size - f.size.min(plain.size)) as f64;
            if cpu_extra <= 0.0 {
                add(
                    &mut out.comparisons,
                    format!("{}: warm read time ÷ plain warm read time", f.compression),
                    warm.median_ns / pw.median_ns,
                    "×",
                    None,
                    "compressed costs no more time than plain even from the page cache: it wins at any bandwidth".into(),
                );
                continue;
            }
            let (value, note) = {
                let breakeven = saved_bytes / cpu_extra * 1e3;
                let verdict = match device_mb_s {
                    Some(bw) if bw < breakeven => {
                        format!("this device ({bw:.0} MB/s) is slower: compressed wins here")
                    }
                    Some(bw) => format!("this device ({bw:.0} MB/s) is faster: plain wins here"),
                    None => String::new(),
                };
                (
                    breakeven,
                    format!("below this bandwidth the compressed file is read faster; {verdict}"),
                )
            };
            add(
                &mut out.comparisons,
                format!("{}: break-even device bandwidth", f.compression),
                value,
                " MB/s",
                None,
                note,
            );
        }
    }
    // The seed's four conclusions, each against this run (shell rows, as the seed ran them,
    // falling back to in-process when the tools are missing).
    let pick = |compression: &str, medium: Medium| {
        find(&records, SHELL, compression, medium)
            .or_else(|| find(&records, IN_PROCESS, compression, medium))
    };
    let gz = files
        .iter()
        .find(|f| f.compression.starts_with("gzip"))
        .map(|f| f.compression.clone());
    let Some(gz) = gz else {
        return;
    };
    if let (Some(p), Some(g)) = (pick("none", cold), pick(&gz, cold)) {
        let ratio = p.median_ns / g.median_ns;
        add(
            &mut out.comparisons,
            format!(
                "seed conclusion 1: on disk, compressed reads faster (plain ÷ {gz}, {}, {})",
                cold.as_str(),
                p.codec
            ),
            ratio,
            "×",
            seeds::seed_002_ratio(("none", true), ("gzip", true)),
            holds(
                ratio > 1.0,
                "compressed is faster from a cold file",
                "plain is faster even from a cold file",
            ),
        );
    }
    if let (Some(p), Some(g)) = (pick("none", Medium::FileWarm), pick(&gz, Medium::FileWarm)) {
        let ratio = g.median_ns / p.median_ns;
        add(
            &mut out.comparisons,
            format!("seed conclusion 2: from cache, uncompressed reads faster ({gz} ÷ plain, file-warm, {})", p.codec),
            ratio,
            "×",
            seeds::seed_002_ratio(("gzip", false), ("none", false)),
            holds(ratio > 1.0, "plain is faster from the page cache", "compressed is faster even from the page cache"),
        );
    }
    let breakeven = out
        .comparisons
        .iter()
        .find(|c| c.label == format!("{gz}: break-even device bandwidth"))
        .map(|c| c.value);
    if let (Some(bw), Some(be)) = (device_mb_s, breakeven) {
        add(
            &mut out.comparisons,
            "seed conclusion 3: files larger than the cache, compressed always faster (device ÷ break-even bandwidth)".into(),
            bw / be,
            "×",
            None,
            holds(bw < be, "this device is slower than gzip's break-even", "this device outruns gzip's break-even: plain wins even uncached"),
        );
    }
    if let (Some(p), Some(g)) = (
        plain_warm,
        find(&records, IN_PROCESS, &gz, Medium::FileWarm),
    ) {
        add(
            &mut out.comparisons,
            "seed conclusion 4: small files read often, uncompressed faster (in-process, file-warm)".into(),
            g.median_ns / p.median_ns,
            "×",
            None,
            holds(p.median_ns < g.median_ns, "plain is faster when cached", "compressed is faster even when cached"),
        );
    }
}

/// Under --throttle every read already runs at the simulated device speed:
/// compare each compressed file's time with the plain file's directly.
fn throttled_verdicts(out: &mut Output, files: &[LogFile], rate: f64) {
    let records = out.records.clone();
    let Some(plain) = find(&records, IN_PROCESS, "none", Medium::FileWarm) else {
        return;
    };
    for f in &files[1..] {
        if let Some(c) = find(&records, IN_PROCESS, &f.compression, Medium::FileWarm) {
            let ratio = plain.median_ns / c.median_ns;
            add(
                &mut out.comparisons,
                format!(
                    "plain ÷ {} at a simulated {rate} MB/s device",
                    f.compression
                ),
                ratio,
                "×",
                None,
                if ratio > 1.0 {
                    "the compressed file is read faster"
                } else {
                    "the plain file is read faster"
                }
                .into(),
            );
        }
    }
}

fn add(
    list: &mut Vec<Comparison>,
    label: String,
    value: f64,
    unit: &str,
    seed_value: Option<f64>,
    note: String,
) {
    list.push(Comparison {
        scenario: NAME.into(),
        label,
        value,
        unit: unit.into(),
        seed_value,
        note,
    });
}

fn holds(condition: bool, yes: &str, no: &str) -> String {
    if condition {
        format!("holds here: {yes}")
    } else {
        format!("does not hold here: {no}")
    }
}
