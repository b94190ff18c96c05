//! Scenario `read-sizes` (seed 000's lesson, applied to a plain log): the
//! same file line-counted with one syscall per line-sized read, chunks from
//! 4 KB to 16 MB, a line-by-line `BufReader`, one whole-file read, and mmap —
//! from the page cache and from a verified-cold file.

use crate::bench::{measure_group, Pending};
use crate::io::{Count, Strategy};
use crate::pagecache::{cold_medium, cold_setup};
use crate::scratch::Scratch;
use crate::{data, Context, Output, Scenario, ScenarioError};
use encbench_codecs::registry::IO_STRATEGIES;
use encbench_record::{Failure, Medium, RowMeta, Verified};

pub(crate) struct ReadSizes;

const NAME: &str = "read-sizes";

/// One line of the seed-002 log is 90 bytes: the "one syscall per item" read.
const LINE_BYTES: usize = 90;

fn strategies() -> Vec<Strategy> {
    let mut s = vec![Strategy::Chunk(LINE_BYTES)];
    s.extend(
        [
            4usize << 10,
            16 << 10,
            64 << 10,
            256 << 10,
            1 << 20,
            4 << 20,
            16 << 20,
        ]
        .map(Strategy::Chunk),
    );
    s.extend([Strategy::BufReadLines, Strategy::Whole, Strategy::Mmap]);
    s
}

impl Scenario for ReadSizes {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("000")
    }

    fn summary(&self) -> &'static str {
        "one plain log line-counted with read sizes from 90 B to 16 MB, BufRead lines, whole file, mmap; warm and cold"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        IO_STRATEGIES
            .iter()
            .map(|i| i.id)
            .filter(|id| id.starts_with("read/"))
            .collect()
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let lines = ctx.size(300_000, 10_000_000);
        let mut out = Output::default();
        let size = lines as u64 * 90;
        let scratch = Scratch::new(NAME, size)?;
        let path = scratch.path().join("data.txt");
        let write = || -> std::io::Result<()> {
            let mut w = std::io::BufWriter::with_capacity(1 << 20, std::fs::File::create(&path)?);
            data::write_log(&mut w, lines)?;
            std::io::Write::flush(&mut w)
        };
        write().map_err(|source| ScenarioError::Io {
            scenario: NAME,
            action: "writing data.txt".into(),
            source,
        })?;
        let expected = Count {
            lines: lines as u64,
            bytes: size,
        };
        let (cold, why) = cold_medium(&path);
        out.notes.extend(why.map(|w| format!("{NAME}: {w}")));
        let path = &path;
        let mut pending = Vec::new();
        for strategy in strategies() {
            let id = strategy.id();
            if !ctx.wants(&id) {
                continue;
            }
            for medium in [Medium::FileWarm, cold] {
                let meta = RowMeta {
                    scenario: NAME.into(),
                    dataset: format!("log-{lines}"),
                    codec: id.clone(),
                    operation: "read".into(),
                    medium,
                    items: lines as u64,
                    logical_bytes: expected.bytes,
                    encoded_bytes: expected.bytes,
                    ..Default::default()
                };
                let checked = strategy
                    .count(path)
                    .map_err(|e| format!("verification failed: {e}"))
                    .and_then(|c| {
                        Verified::equal_shown("lines and bytes counted", &expected, &c)
                            .map_err(String::from)
                    });
                match checked {
                    Ok(proof) => {
                        let routine: encbench_measure::Routine = Box::new(move |iters| {
                            for _ in 0..iters {
                                std::hint::black_box(
                                    strategy.count(path).map_err(|e| e.to_string())?,
                                );
                            }
                            Ok(())
                        });
                        pending.push(match medium {
                            Medium::FileWarm => Pending::new(meta, proof, routine),
                            _ => {
                                Pending::with_setup(meta, proof, cold_setup(path, medium), routine)
                            }
                        });
                    }
                    Err(e) => out.failures.push(Failure::new(&meta, e)),
                }
            }
        }
        debug_assert!(strategies()
            .iter()
            .all(|s| self.codec_ids().contains(&s.id().as_str())));
        measure_group(ctx, NAME, pending, &mut out);
        Ok(out)
    }
}
