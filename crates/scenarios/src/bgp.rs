//! Scenario `bgp` (seed 000): "send the whole table" — a synthetic full
//! IPv4 routing table in BGP's own wire format, as `bgpdump -m` text, as
//! ExaBGP-style JSON and as CBOR (encode, decode, size); then `bgp dump` on
//! the real MRT files against Debian's `bgpdump -m`, both as processes.

use crate::bench::{measure_group, Pending};
use crate::{Context, Output, Scenario, ScenarioError};
use encbench_bgp::{cbor, json, table, text, Update};
use encbench_record::{Check, Comparison, Failure, Medium, Record, RowMeta, Verified};
use std::cell::RefCell;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

pub(crate) struct Bgp;

const NAME: &str = "bgp";
const WIRE: &str = "bgp/wire";
const TEXT: &str = "bgp/text-bgpdump";
const JSON: &str = "bgp/json-exabgp";
const CBOR: &str = "bgp/cbor";
const DUMP_PROCESS: &str = "bgp-dump/encbench";
const DUMP_IN_PROCESS: &str = "bgp-dump/encbench-in-process";
const BGPDUMP: &str = "bgp-dump/bgpdump-m";
const BGPDUMP_BIN: &str = "bgpdump";
/// The shared MRT files, smallest first.
const FILES: [&str; 4] = [
    "updates.20020722.2238.gz",
    "updates.20160811.1600.gz",
    "updates.20070211.0141.gz",
    "bview.20020722.2337.gz",
];
const SEED: u64 = 0x4267_7034;

type Encode = fn(&[Update], &mut Vec<u8>);
type Decode = fn(&[u8]) -> Result<Vec<Update>, encbench_bgp::Error>;

fn wire_encode(t: &[Update], out: &mut Vec<u8>) {
    for u in t {
        // An UPDATE that does not encode is left out, and verification then fails the row.
        let _ = encbench_bgp::wire::encode_update(u, encbench_bgp::wire::AsSize::Four, out);
    }
}

/// (codec id, encode, decode, whether message boundaries survive).
const ENCODINGS: [(&str, Encode, Decode, bool); 4] = [
    (WIRE, wire_encode, table::decode_wire, true),
    (TEXT, text::encode, text::decode, false),
    (JSON, json::encode, json::decode, true),
    (CBOR, cbor::encode, cbor::decode, true),
];

impl Scenario for Bgp {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("000")
    }

    fn summary(&self) -> &'static str {
        "A full BGP table as wire UPDATEs, bgpdump text, ExaBGP JSON and CBOR; bgp dump vs bgpdump -m on real MRT files"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        vec![
            WIRE,
            TEXT,
            JSON,
            CBOR,
            DUMP_PROCESS,
            DUMP_IN_PROCESS,
            BGPDUMP,
        ]
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let mut out = Output::default();
        let n = ctx.size(100_000, 1_000_000);
        (ctx.progress)(&format!("{NAME}: generating a {n}-prefix table"));
        let t = table::full_table(n, SEED);
        table_rows(ctx, &t, n, &mut out);
        dump_rows(ctx, &mut out);
        compare(&mut out);
        Ok(out)
    }
}

fn table_rows(ctx: &mut Context<'_>, t: &[Update], n: usize, out: &mut Output) {
    let dataset = format!("full-table-{n}");
    let wire_len = table::encode_wire(t).map_or(0, |b| b.len() as u64);
    out.notes.push(format!(
        "bgp: {n} prefixes in {} UPDATEs of at most 4096 bytes ({wire_len} wire bytes); items are prefixes, \
         so items/s is prefixes/s for sending (encode) or receiving (decode) the whole table; \
         logical bytes are the wire size for every encoding; a decode sample is one decode, and the table \
         it built is freed before the next sample, outside the timed region",
        t.len()
    ));
    let mut pending = Vec::new();
    for (id, encode, decode, keeps_messages) in ENCODINGS {
        if !ctx.wants(id) {
            continue;
        }
        let mut bytes = Vec::new();
        encode(t, &mut bytes);
        let meta = |operation: &str| RowMeta {
            scenario: NAME.into(),
            dataset: dataset.clone(),
            codec: id.into(),
            operation: operation.into(),
            medium: Medium::Memory,
            items: n as u64,
            logical_bytes: wire_len,
            encoded_bytes: bytes.len() as u64,
            ..Default::default()
        };
        let checked = decode(&bytes)
            .map_err(|e| format!("verification failed: {e}"))
            .and_then(|back| {
                let proof = if keeps_messages {
                    Verified::equal("decode(encode(table)) == table", t, &back).map(Check::Verified)
                } else {
                    let what = "decode(encode(table)) announces the table's routes, in order";
                    Verified::each(what, table::flatten(t), table::flatten(&back)).map(|proof| {
                        Check::Lossy {
                            proof,
                            loss: "UPDATE message boundaries (the text keeps routes, not packing)"
                                .into(),
                        }
                    })
                };
                proof.map_err(String::from)
            });
        let proof = match checked {
            Ok(proof) => proof,
            Err(e) => {
                for op in ["encode", "decode"] {
                    out.failures.push(Failure::new(&meta(op), e.clone()));
                }
                continue;
            }
        };
        let mut scratch = Vec::with_capacity(bytes.len());
        pending.push(Pending::new(
            meta("encode"),
            proof.clone(),
            Box::new(move |iters| {
                for _ in 0..iters {
                    scratch.clear();
                    encode(t, &mut scratch);
                    std::hint::black_box(&scratch);
                }
                Ok(())
            }),
        ));
        // One decode per sample; the table it built is freed before the
        // next sample, outside the timed region: receiving a table means
        // building it, and the allocator's cost of tearing down a million
        // small vectors would otherwise land in the next decode.
        let kept: Rc<RefCell<Option<Vec<Update>>>> = Rc::default();
        let free = Rc::clone(&kept);
        pending.push(Pending::with_setup(
            meta("decode"),
            proof,
            Box::new(move || {
                drop(free.borrow_mut().take());
                Ok(())
            }),
            Box::new(move |iters| {
                for _ in 0..iters {
                    let back = decode(&bytes).map_err(|e| e.to_string())?;
                    *kept.borrow_mut() = Some(std::hint::black_box(back));
                }
                Ok(())
            }),
        ));
    }
    measure_group(ctx, &format!("{NAME} {dataset}"), pending, out);
}

/// Whether this process is the encbench binary (so `bgp dump` can run as a child like bgpdump).
fn encbench_exe() -> Option<PathBuf> {
    let exe = std::env::current_exe().ok()?;
    (exe.file_stem()? == "encbench").then_some(exe)
}

fn bgpdump_present() -> bool {
    Command::new(BGPDUMP_BIN)
        .arg("-h")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

fn expected(dir: &Path, file: &str) -> std::io::Result<Vec<u8>> {
    let mut want = Vec::new();
    let f = std::fs::File::open(dir.join("expect").join(format!("{file}.bgp.gz")))?;
    flate2::read::GzDecoder::new(f).read_to_end(&mut want)?;
    Ok(want)
}

fn in_process_dump(path: &Path, out: &mut Vec<u8>) -> Result<u64, String> {
    let mut reader = encbench_bgp::mrt::open(path).map_err(|e| e.to_string())?;
    encbench_bgp::dump::dump(&mut reader, out)
        .map(|s| s.lines)
        .map_err(|e| e.to_string())
}

/// Runs `cmd` once, untimed, and compares everything it printed with `want`.
fn child_output_checked(mut cmd: Command, want: &[u8]) -> Result<Verified, String> {
    let program = cmd.get_program().to_string_lossy().into_owned();
    let o = cmd
        .stderr(Stdio::null())
        .output()
        .map_err(|e| format!("could not start {program}: {e}"))?;
    if !o.status.success() {
        return Err(format!(
            "verification failed: {program} exited with {}",
            o.status
        ));
    }
    Verified::bytes(
        "the child's stdout == bgpdump's expected text",
        want,
        &o.stdout,
    )
    .map_err(String::from)
}

/// Runs `cmd` with stdout to /dev/null `iters` times, timing the whole.
fn time_process(make: &impl Fn() -> Command, iters: u64) -> Result<Duration, String> {
    let start = Instant::now();
    for _ in 0..iters {
        let status = make()
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map_err(|e| e.to_string())?;
        if !status.success() {
            return Err(format!("exited with {status}"));
        }
    }
    Ok(start.elapsed())
}

fn dump_rows(ctx: &mut Context<'_>, out: &mut Output) {
    let Some(dir) = ctx.data_dir.as_deref().map(|d| d.join("bgp")) else {
        out.notes.push(
            "bgp: no data directory found; the bgp dump rows on real MRT files were skipped".into(),
        );
        return;
    };
    if !dir.is_dir() {
        out.notes.push(format!(
            "bgp: {} not found; the bgp dump rows were skipped",
            dir.display()
        ));
        return;
    }
    let exe = encbench_exe();
    if exe.is_none() {
        out.notes.push(format!(
            "bgp: not running as the encbench binary, so {DUMP_PROCESS} (a child process like bgpdump) was skipped; {DUMP_IN_PROCESS} excludes process start-up"
        ));
    }
    let has_bgpdump = bgpdump_present();
    if !has_bgpdump {
        out.notes.push(format!(
            "bgp: `{BGPDUMP_BIN}` is not installed, so the {BGPDUMP} peer rows were skipped"
        ));
    }
    for file in FILES {
        let path = dir.join(file);
        let want = match expected(&dir, file) {
            Ok(w) => w,
            Err(e) => {
                out.notes.push(format!(
                    "bgp: {file} or its expected output unreadable ({e}); skipped"
                ));
                continue;
            }
        };
        let lines = want.iter().filter(|&&b| b == b'\n').count() as u64;
        let meta = |codec: &str, language: &str| RowMeta {
            scenario: NAME.into(),
            dataset: file.into(),
            codec: codec.into(),
            operation: "dump".into(),
            medium: Medium::FileWarm,
            items: lines,
            logical_bytes: want.len() as u64,
            encoded_bytes: std::fs::metadata(&path).map_or(0, |m| m.len()),
            language: language.into(),
            ..Default::default()
        };
        let mut pending = Vec::new();
        let mut ours = Vec::new();
        let checked = in_process_dump(&path, &mut ours)
            .map_err(|e| format!("verification failed: {e}"))
            .and_then(|_| {
                Verified::bytes("its output == bgpdump's expected text", &want, &ours)
                    .map_err(String::from)
            });
        match checked {
            Ok(proof) => {
                if ctx.wants(DUMP_IN_PROCESS) {
                    let path = path.clone();
                    let mut buf = Vec::with_capacity(want.len());
                    pending.push(Pending::new(
                        meta(DUMP_IN_PROCESS, "rust"),
                        proof,
                        Box::new(move |iters| {
                            for _ in 0..iters {
                                buf.clear();
                                in_process_dump(&path, &mut buf)?;
                            }
                            Ok(())
                        }),
                    ));
                }
                if let (Some(exe), true) = (exe.clone(), ctx.wants(DUMP_PROCESS)) {
                    let path = path.clone();
                    let command = move || {
                        let mut c = Command::new(&exe);
                        c.arg("bgp").arg("dump").arg(&path);
                        c
                    };
                    // The child's own output, checked once before it is timed.
                    match child_output_checked(command(), &want) {
                        Ok(proof) => pending.push(Pending::self_timed(
                            meta(DUMP_PROCESS, "rust"),
                            proof,
                            Box::new(move |iters| time_process(&command, iters)),
                        )),
                        Err(e) => out
                            .failures
                            .push(Failure::new(&meta(DUMP_PROCESS, "rust"), e)),
                    }
                }
            }
            Err(e) => out
                .failures
                .push(Failure::new(&meta(DUMP_IN_PROCESS, "rust"), e)),
        }
        if has_bgpdump && ctx.wants(BGPDUMP) {
            let path = path.clone();
            let command = move || {
                let mut c = Command::new(BGPDUMP_BIN);
                c.arg("-m").arg(&path);
                c
            };
            match child_output_checked(command(), &want) {
                Ok(proof) => pending.push(Pending::self_timed(
                    meta(BGPDUMP, "c"),
                    proof,
                    Box::new(move |iters| time_process(&command, iters)),
                )),
                Err(e) => out.failures.push(Failure::new(&meta(BGPDUMP, "c"), e)),
            }
        }
        measure_group(ctx, &format!("{NAME} dump {file}"), pending, out);
    }
}

fn find<'a>(records: &'a [Record], dataset: &str, codec: &str, op: &str) -> Option<&'a Record> {
    records
        .iter()
        .find(|r| r.dataset == dataset && r.codec == codec && r.operation == op)
}

fn compare(out: &mut Output) {
    let mut add = Vec::new();
    for r in out
        .records
        .iter()
        .filter(|r| r.codec == WIRE && r.operation == "decode")
    {
        add.push(Comparison {
            scenario: NAME.into(),
            label: format!("{WIRE} decode, million prefixes/s ({})", r.dataset),
            value: r.items as f64 / r.median_ns * 1e3,
            unit: "M prefixes/s".into(),
            seed_value: None,
            note: "prefixes decoded per second from the wire format".into(),
        });
        for other in [TEXT, JSON, CBOR] {
            if let Some(o) = find(&out.records, &r.dataset, other, "decode") {
                add.push(Comparison {
                    scenario: NAME.into(),
                    label: format!("{other} decode time ÷ {WIRE} decode time ({})", r.dataset),
                    value: o.median_ns / r.median_ns,
                    unit: "×".into(),
                    seed_value: None,
                    note: "the seed guessed text parsing costs 10× binary when optimised, 100× when general".into(),
                });
            }
        }
    }
    for file in FILES {
        let theirs = find(&out.records, file, BGPDUMP, "dump");
        for ours in [DUMP_PROCESS, DUMP_IN_PROCESS] {
            if let (Some(t), Some(o)) = (theirs, find(&out.records, file, ours, "dump")) {
                add.push(Comparison {
                    scenario: NAME.into(),
                    label: format!("{BGPDUMP} time ÷ {ours} time ({file})"),
                    value: t.median_ns / o.median_ns,
                    unit: "×".into(),
                    seed_value: None,
                    note: "above 1: encbench is faster; both rows include process start-up unless in-process".into(),
                });
            }
        }
    }
    out.comparisons.extend(add);
}
