//! Scenario `ints` (seed 000): ten million integers as decimal text and as
//! native binary, read back into a checked sum by every reader, from a real
//! file in the page cache and from memory, so I/O and parsing separate.

use crate::bench::{measure_group, median_of, Pending};
use crate::scratch::Scratch;
use crate::workers::{worker_rows, Skipped, WorkerRow};
use crate::{data, seeds, Context, Output, Scenario, ScenarioError};
use encbench_codecs::int64::swar;
use encbench_codecs::intfile::{encode, CBytes, Format, IntSumReader, Source, SourceKind};
use encbench_codecs::intfile::{write_binary, write_text_itoa};
use encbench_codecs::registry::{int_readers, INT_WRITERS, REFERENCES, WORKER_CODECS};
use encbench_codecs::Input;
use encbench_measure::repeat;
use encbench_record::{Comparison, Failure, Medium, RowMeta, Verified};
use encbench_workers::Kind;
use std::path::PathBuf;

pub(crate) struct Ints;

const NAME: &str = "ints";

impl Scenario for Ints {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("000")
    }

    fn summary(&self) -> &'static str {
        "1M (full: 10M) ints as text vs binary, read into a sum from a warm file and from memory"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        let mut ids: Vec<_> = int_readers().iter().map(|e| e.info.id).collect();
        ids.push(REFERENCES[0].id);
        ids.extend(INT_WRITERS.iter().map(|i| i.id));
        ids.extend(
            WORKER_CODECS
                .iter()
                .filter(|i| i.input == Input::IntFile)
                .map(|i| i.id),
        );
        ids
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let n = ctx.size(1_000_000, 10_000_000);
        (ctx.progress)(&format!("{NAME}: generating {n} values"));
        let values = data::uniform_ints(n);
        let expected: i64 = values.iter().map(|&v| i64::from(v)).sum();
        let text = encode(&values, Format::TextLines);
        let binary = encode(&values, Format::BinaryLe);
        // The seed's atoi and hand-rolled loops read fixed-width 7-byte records.
        let fixed: String = values.iter().map(|v| format!("{v:>6}\n")).collect();

        // Removed when `dir` drops, on success, on any early return, and on Ctrl-C.
        let dir = Scratch::new(NAME, (text.len() + binary.len() + fixed.len()) as u64)?;
        let text_path = dir.path().join("ints.txt");
        let binary_path = dir.path().join("ints.bin");
        std::fs::write(&text_path, &text).map_err(|e| io_error("writing ints.txt", e))?;
        std::fs::write(&binary_path, &binary).map_err(|e| io_error("writing ints.bin", e))?;
        let fixed_path = dir.path().join("ints.fixed7");
        std::fs::write(&fixed_path, fixed.as_bytes())
            .map_err(|e| io_error("writing ints.fixed7", e))?;
        drop(fixed);

        let files = Files {
            dataset: format!("uniform-{n}"),
            n,
            text: (text_path, CBytes::new(text)),
            binary: (binary_path, CBytes::new(binary)),
        };
        let mut out = Output::default();
        let readers: Vec<_> = int_readers()
            .into_iter()
            .filter(|e| ctx.wants(e.info.id))
            .filter_map(|e| e.build.map(|b| (e.info.id, b())))
            .filter(|(id, reader)| out.runs_here(NAME, id, reader.unavailable()))
            .collect();
        // The shortest and longest lines (1 and 10 digits), from memory, for
        // the scalar loop and the SIMD parsers (when one runs): no line shape
        // may favour the loop.
        let shapes: Vec<(Files, i64)> = if readers
            .iter()
            .any(|(id, _)| is_shape_reader(id) && *id != "text/hand-rolled")
        {
            [1, 10]
                .into_iter()
                .map(|digits| {
                    (ctx.progress)(&format!("{NAME}: generating {n} {digits}-digit values"));
                    let values = data::ints_of_digits(n, digits);
                    let sum = values.iter().map(|&v| i64::from(v)).sum();
                    let files = Files {
                        dataset: format!("digits-{digits}-{n}"),
                        n,
                        text: (
                            PathBuf::new(),
                            CBytes::new(encode(&values, Format::TextLines)),
                        ),
                        binary: (PathBuf::new(), CBytes::new(Vec::new())),
                    };
                    (files, sum)
                })
                .collect()
        } else {
            Vec::new()
        };
        let mut pending = Vec::new();
        for (id, reader) in &readers {
            for medium in [Medium::FileWarm, Medium::Memory] {
                if let Some(p) = files.verified_row(id, reader.as_ref(), medium, expected, &mut out)
                {
                    pending.push(p);
                }
            }
        }
        for (shape, sum) in &shapes {
            for (id, reader) in readers.iter().filter(|(id, _)| is_shape_reader(id)) {
                if let Some(p) =
                    shape.verified_row(id, reader.as_ref(), Medium::Memory, *sum, &mut out)
                {
                    pending.push(p);
                }
            }
        }
        let memcpy = REFERENCES[0].id;
        let mut copy = vec![0u8; files.binary.1.len()];
        if ctx.wants(memcpy) {
            let src = files.binary.1.as_slice();
            let meta = files.meta(memcpy, Medium::Memory, src.len());
            copy.copy_from_slice(src);
            match Verified::bytes("the copy == its source", src, &copy) {
                Ok(proof) => pending.push(Pending::new(
                    meta,
                    proof,
                    repeat(move || {
                        copy.copy_from_slice(std::hint::black_box(src));
                        copy[copy.len() / 2]
                    }),
                )),
                Err(e) => out.failures.push(Failure::new(&meta, e.to_string())),
            }
        }
        // The write side: the same values to text and to binary, in memory,
        // each writer's output checked against the reference encoding first.
        type Writer = fn(&[i32], &mut Vec<u8>);
        let writers: [(&str, Writer, &CBytes); 3] = [
            (INT_WRITERS[0].id, write_text_itoa, &files.text.1),
            (INT_WRITERS[1].id, swar::write_lines, &files.text.1),
            (INT_WRITERS[2].id, write_binary, &files.binary.1),
        ];
        for (id, write, reference) in writers {
            if !ctx.wants(id) {
                continue;
            }
            let mut meta = files.meta(id, Medium::Memory, reference.len());
            meta.operation = "write".into();
            let mut buf = Vec::new();
            write(&values, &mut buf);
            let what = "its output == the reference encoding of the values";
            let proof = match Verified::bytes(what, reference.as_slice(), &buf) {
                Ok(proof) => proof,
                Err(e) => {
                    out.failures.push(Failure::new(&meta, e.to_string()));
                    continue;
                }
            };
            let values = &values;
            pending.push(Pending::new(
                meta,
                proof,
                repeat(move || {
                    write(std::hint::black_box(values), &mut buf);
                    buf.len()
                }),
            ));
        }
        let mut skipped = Skipped::default();
        let worker_rows_for = |kind, codec, input, format| WorkerRow {
            kind,
            codec,
            input,
            format,
        };
        let (text_path, binary_path) = (&files.text.0, &files.binary.0);
        let rows = vec![
            worker_rows_for(Kind::C, "c/fscanf", text_path.as_path(), "text-lines"),
            worker_rows_for(Kind::C, "c/read-per-int", binary_path, "i32-le"),
            worker_rows_for(Kind::C, "c/read-chunked", binary_path, "i32-le"),
            worker_rows_for(Kind::C, "c/fread", binary_path, "i32-le"),
            worker_rows_for(Kind::C, "c/atoi-fixed", &fixed_path, "text-fixed7"),
            worker_rows_for(Kind::C, "c/hand-rolled", &fixed_path, "text-fixed7"),
            worker_rows_for(Kind::Python, "python/int-lines", text_path, "text-lines"),
            worker_rows_for(Kind::Python, "python/struct-unpack", binary_path, "i32-le"),
        ];
        let fixed_len = n * 7;
        pending.extend(worker_rows(
            rows,
            |id| ctx.wants(id),
            |codec| {
                let encoded = match codec {
                    "c/atoi-fixed" | "c/hand-rolled" => fixed_len,
                    "c/fscanf" | "python/int-lines" => files.text.1.len(),
                    _ => files.binary.1.len(),
                };
                files.meta(codec, Medium::FileWarm, encoded)
            },
            |_, reply| {
                let sum = reply["check"].as_str().unwrap_or("(none)");
                Verified::equal_shown(
                    format!("sum of the {n} values"),
                    expected.to_string().as_str(),
                    sum,
                )
                .map_err(String::from)
            },
            &mut skipped,
            &mut out,
        ));
        measure_group(ctx, NAME, pending, &mut out);
        skipped.report(NAME, &mut out);
        compare(
            &mut out,
            &files.dataset,
            shapes.iter().map(|(f, _)| f.dataset.as_str()),
        );
        Ok(out)
    }
}

/// The readers also measured on the 1- and 10-digit datasets.
fn is_shape_reader(id: &str) -> bool {
    id == "text/hand-rolled" || (id.starts_with("text/simd-") && id != "text/simd-mmap")
}

fn io_error(action: &str, source: std::io::Error) -> ScenarioError {
    ScenarioError::Io {
        scenario: NAME,
        action: action.into(),
        source,
    }
}

struct Files {
    dataset: String,
    n: usize,
    text: (PathBuf, CBytes),
    binary: (PathBuf, CBytes),
}

impl Files {
    fn meta(&self, codec: &str, medium: Medium, encoded: usize) -> RowMeta {
        RowMeta {
            scenario: NAME.into(),
            dataset: self.dataset.clone(),
            codec: codec.into(),
            operation: if codec.starts_with("reference/") {
                "copy"
            } else {
                "read"
            }
            .into(),
            medium,
            items: self.n as u64,
            logical_bytes: self.n as u64 * 4,
            encoded_bytes: encoded as u64,
            seed_reference: if medium == Medium::FileWarm {
                seeds::seed_000(codec)
            } else {
                None
            },
            ..Default::default()
        }
    }

    /// Checks the reader's sum on this medium (which also warms the page
    /// cache) and returns its timed routine, or records why it failed.
    fn verified_row<'a>(
        &'a self,
        id: &str,
        reader: &'a dyn IntSumReader,
        medium: Medium,
        expected: i64,
        out: &mut Output,
    ) -> Option<Pending<'a>> {
        let kind = if medium == Medium::Memory {
            SourceKind::Memory
        } else {
            SourceKind::File
        };
        if !reader.supports(kind) {
            return None;
        }
        let (path, bytes) = match reader.format() {
            Format::TextLines => (&self.text.0, &self.text.1),
            Format::BinaryLe => (&self.binary.0, &self.binary.1),
        };
        let source = match medium {
            Medium::Memory => Source::Memory(bytes),
            _ => Source::File(path),
        };
        let meta = self.meta(id, medium, bytes.len());
        let what = format!("sum of the {} values", self.n);
        let checked = reader
            .sum(source)
            .map_err(|e| format!("verification failed: {e}"))
            .and_then(|sum| Verified::equal_shown(what, &expected, &sum).map_err(String::from));
        match checked {
            Ok(proof) => Some(Pending::new(
                meta,
                proof,
                Box::new(move |iters| {
                    for _ in 0..iters {
                        std::hint::black_box(reader.sum(source).map_err(|e| e.to_string())?);
                    }
                    Ok(())
                }),
            )),
            Err(e) => {
                out.failures.push(Failure::new(&meta, e));
                None
            }
        }
    }
}

/// The seed's headline ratios, recomputed from this run's medians; the
/// line-shape datasets only get the SIMD-over-scalar ratio.
fn compare<'a>(out: &mut Output, main: &'a str, shapes: impl Iterator<Item = &'a str>) {
    let records: Vec<_> = out
        .records
        .iter()
        .filter(|r| r.dataset == main)
        .cloned()
        .collect();
    let warm = Medium::FileWarm;
    // (a, b, the seed's pair of loops whose published ratio it mirrors, note)
    let pairs = [
        (
            "text/fscanf",
            "binary/read-chunked",
            ("text/fscanf", "binary/read-chunked"),
            "the seed's \"more than 200 times\"",
        ),
        (
            "text/hand-rolled",
            "binary/read-chunked",
            ("text/hand-rolled", "binary/read-chunked"),
            "the seed's \"still 10 times slower\"",
        ),
        (
            "binary/read-per-int",
            "binary/read-chunked",
            ("binary/read-per-int", "binary/read-chunked"),
            "one syscall per value vs chunks (the seed's unoptimised build)",
        ),
        (
            "text/fscanf",
            "binary/read-per-int",
            ("text/fscanf", "binary/read-per-int"),
            "the seed's first surprise: text beat per-int binary reads",
        ),
        (
            "c/fscanf",
            "c/read-chunked",
            ("text/fscanf", "binary/read-chunked"),
            "the seed's own C loops, on this machine",
        ),
        (
            "c/hand-rolled",
            "c/read-chunked",
            ("text/hand-rolled", "binary/read-chunked"),
            "the seed's own C loops, on this machine",
        ),
        (
            "c/fscanf",
            "c/read-per-int",
            ("text/fscanf", "binary/read-per-int"),
            "the seed's own C loops, on this machine",
        ),
    ];
    for (a, b, (seed_a, seed_b), note) in pairs {
        let seed_value = seeds::seed_000_ratio(seed_a, seed_b);
        if let (Some(x), Some(y)) = (median_of(&records, a, warm), median_of(&records, b, warm)) {
            out.comparisons.push(Comparison {
                scenario: NAME.into(),
                label: format!("{a} ÷ {b} (file-warm)"),
                value: x / y,
                unit: "×".into(),
                seed_value,
                note: note.into(),
            });
        }
    }
    for medium in [Medium::FileWarm, Medium::Memory] {
        let best = |prefix: &str| {
            records
                .iter()
                .filter(|r| r.medium == medium && r.operation == "read")
                .filter(|r| r.codec.starts_with(prefix))
                .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns))
        };
        if let (Some(t), Some(b)) = (best("text/"), best("binary/")) {
            out.comparisons.push(Comparison {
                scenario: NAME.into(),
                label: format!(
                    "fastest text ({}) ÷ fastest binary ({}), {}",
                    t.codec,
                    b.codec,
                    medium.as_str()
                ),
                value: t.median_ns / b.median_ns,
                unit: "×".into(),
                seed_value: seeds::seed_000_ratio("text/hand-rolled", "binary/read-chunked"),
                note: "how far the best text parser trails the best binary read".into(),
            });
        }
    }
    let fastest_write = |prefix: &str| {
        records
            .iter()
            .filter(|r| r.operation == "write" && r.codec.starts_with(prefix))
            .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns))
    };
    if let (Some(t), Some(b)) = (fastest_write("text/"), fastest_write("binary/")) {
        out.comparisons.push(Comparison {
            scenario: NAME.into(),
            label: format!(
                "fastest text write ({}) ÷ fastest binary write ({}), memory",
                t.codec, b.codec
            ),
            value: t.median_ns / b.median_ns,
            unit: "×".into(),
            seed_value: None,
            note: "the same question the other way: producing the file".into(),
        });
    }
    for dataset in std::iter::once(main).chain(shapes) {
        simd_over_scalar(out, dataset);
    }
}

/// How many times faster the fastest SIMD parser (its instruction set in its
/// name) reads `dataset` from memory than the scalar loop, with its GB/s.
fn simd_over_scalar(out: &mut Output, dataset: &str) {
    let memory = |r: &&encbench_record::Record| r.dataset == dataset && r.medium == Medium::Memory;
    let scalar = out
        .records
        .iter()
        .filter(memory)
        .find(|r| r.codec == "text/hand-rolled");
    let simd = out
        .records
        .iter()
        .filter(memory)
        .filter(|r| r.codec.starts_with("text/simd-"))
        .min_by(|a, b| a.median_ns.total_cmp(&b.median_ns));
    if let (Some(scalar), Some(simd)) = (scalar, simd) {
        let gbps = simd.encoded_bytes as f64 / simd.median_ns;
        out.comparisons.push(Comparison {
            scenario: NAME.into(),
            label: format!(
                "text/hand-rolled ÷ fastest SIMD text ({}, {gbps:.2} GB/s), {dataset}, memory",
                simd.codec
            ),
            value: scalar.median_ns / simd.median_ns,
            unit: "×".into(),
            seed_value: None,
            note: "how much the hand-written SIMD parser gains over the scalar loop".into(),
        });
    }
}
