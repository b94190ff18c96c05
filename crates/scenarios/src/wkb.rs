//! Scenario `wkb` (seed 003, second half): WKB parsed by a generic
//! field-by-field `Read` reader and by direct slice reads, on generated
//! geometries and on the 48 real files of the go-geom fuzz corpus.

use crate::bench::{measure_group, Pending};
use crate::scratch::Scratch;
use crate::seeds::SEED_003_WKB;
use crate::workers::{worker_rows, Skipped, WorkerRow};
use crate::{data, Context, Output, Scenario, ScenarioError};
use encbench_codecs::registry::wkb_codecs;
use encbench_codecs::wkb::slice::SliceWkb;
use encbench_codecs::wkb::{self, Geometry};
use encbench_codecs::Codec;
use encbench_record::{Comparison, Failure, Medium, RowMeta, Verified};
use encbench_workers::Kind;
use std::path::Path;

pub(crate) struct Wkb;

const NAME: &str = "wkb";
const GENERIC: &str = "wkb/read-generic";
const SLICE: &str = "wkb/slice";
const GO_GEOM: &str = "go/wkb-go-geom";
/// Where the real corpus sits inside the data directory.
pub const CORPUS: &str = "wkb/go-geom-corpus";

impl Scenario for Wkb {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("003")
    }

    fn summary(&self) -> &'static str {
        "WKB parsed through a generic Read reader vs direct slice reads, generated and 48 real geometries"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        let mut ids: Vec<_> = wkb_codecs().iter().map(|e| e.info.id).collect();
        ids.push(GO_GEOM);
        ids
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let mut out = Output::default();
        let n = ctx.size(2_000, 20_000);
        let generated = data::geometries(n);
        let mut sets = vec![Set {
            name: format!("generated-{n}"),
            inputs: generated
                .iter()
                .map(|(g, order)| {
                    let mut b = Vec::new();
                    wkb::write(g, *order, &mut b);
                    b
                })
                .collect(),
            expected: Some(generated.into_iter().map(|(g, _)| g).collect()),
        }];
        match ctx.data_dir.as_deref().map(|d| d.join(CORPUS)) {
            Some(dir) if dir.is_dir() => match load_corpus(&dir) {
                Ok(inputs) => sets.push(Set {
                    name: "go-geom-corpus".into(),
                    inputs,
                    expected: None,
                }),
                Err(e) => out.notes.push(format!("wkb: could not read the real corpus at {}: {e}; generated data only", dir.display())),
            },
            Some(dir) => out.notes.push(format!("wkb: real corpus not found at {}; generated data only", dir.display())),
            None => out.notes.push("wkb: no data directory found; the 48 real geometries were skipped, generated data only".into()),
        }

        let total: usize = sets
            .iter()
            .map(|s| s.inputs.iter().map(|b| b.len() + 4).sum::<usize>())
            .sum();
        let scratch = Scratch::new(NAME, total as u64)?;
        let mut skipped = Skipped::default();
        let parsers: Vec<_> = wkb_codecs()
            .into_iter()
            .filter(|e| ctx.wants(e.info.id))
            .filter_map(|e| e.build.map(|b| (e.info.id, b())))
            .collect();
        for set in &sets {
            let mut pending = Vec::new();
            for (id, parser) in &parsers {
                let meta = set.meta(id);
                match set.verify(parser.as_ref()) {
                    Ok(proof) => pending.push(Pending::new(
                        meta,
                        proof,
                        Box::new(|n| {
                            for _ in 0..n {
                                parser.decode_each(&set.inputs).map_err(|e| e.to_string())?;
                            }
                            Ok(())
                        }),
                    )),
                    Err(e) => out.failures.push(Failure::new(&meta, e)),
                }
            }
            // The seed's own library, on the same geometries.
            let list = scratch.path().join(format!("{}.wkb-list", set.name));
            std::fs::write(&list, set.wkb_list()).map_err(|source| ScenarioError::Io {
                scenario: NAME,
                action: format!("writing {}", list.display()),
                source,
            })?;
            let canonical = set.canonical();
            pending.extend(worker_rows(
                vec![WorkerRow {
                    kind: Kind::Go,
                    codec: GO_GEOM,
                    input: &list,
                    format: "wkb-list",
                }],
                |id| ctx.wants(id),
                |codec| set.meta(codec),
                |_, reply| same_geometries(reply, &canonical),
                &mut skipped,
                &mut out,
            ));
            measure_group(ctx, &format!("{NAME} {}", set.name), pending, &mut out);
        }
        skipped.report(NAME, &mut out);
        compare(&mut out);
        Ok(out)
    }
}

struct Set {
    name: String,
    inputs: Vec<Vec<u8>>,
    /// Known geometries for generated data; real files are checked by re-encoding.
    expected: Option<Vec<Geometry>>,
}

impl Set {
    /// Positions in the set, counted by encbench's own parser.
    fn coords(&self) -> usize {
        match &self.expected {
            Some(e) => e.iter().map(Geometry::coord_count).sum(),
            None => self
                .inputs
                .iter()
                .filter_map(|b| SliceWkb.decode(b).ok())
                .map(|g| g.coord_count())
                .sum(),
        }
    }

    /// The set as the workers read it: u32 little-endian length, then the bytes, repeated.
    fn wkb_list(&self) -> Vec<u8> {
        let mut out = Vec::new();
        for b in &self.inputs {
            out.extend_from_slice(&(b.len() as u32).to_le_bytes());
            out.extend_from_slice(b);
        }
        out
    }

    fn meta(&self, codec: &str) -> RowMeta {
        let coords = self.coords();
        RowMeta {
            scenario: NAME.into(),
            dataset: self.name.clone(),
            codec: codec.into(),
            operation: "decode".into(),
            medium: Medium::Memory,
            items: self.inputs.len() as u64,
            logical_bytes: coords as u64 * 16,
            encoded_bytes: self.inputs.iter().map(|b| b.len() as u64).sum(),
            seed_reference: None,
            ..Default::default()
        }
    }

    /// Decodes every input with `parser` and compares each geometry with
    /// the known one (generated data) or, for real files, its re-encoding
    /// with the original bytes.
    fn verify(&self, parser: &dyn Codec<Geometry>) -> Result<Verified, String> {
        let mut decoded = Vec::with_capacity(self.inputs.len());
        for (i, bytes) in self.inputs.iter().enumerate() {
            decoded.push(
                parser
                    .decode(bytes)
                    .map_err(|e| format!("verification failed: geometry {i}: {e}"))?,
            );
        }
        let n = self.inputs.len();
        match &self.expected {
            Some(expected) => Verified::each(
                format!("every decoded geometry == the one written, all {n}"),
                expected,
                &decoded,
            ),
            None => Verified::each(
                format!("every decoded geometry re-encodes to its input bytes, all {n}"),
                self.inputs.iter().cloned(),
                decoded.iter().map(|g| {
                    let mut again = Vec::new();
                    wkb::write(g, wkb::ByteOrder::Little, &mut again);
                    again
                }),
            ),
        }
        .map_err(String::from)
    }

    /// Every geometry as encbench reads it, written back as little-endian
    /// WKB: the form a peer's geometries are compared in, value by value.
    fn canonical(&self) -> Vec<Vec<u8>> {
        self.inputs
            .iter()
            .map(|b| {
                let mut out = Vec::new();
                if let Ok(g) = SliceWkb.decode(b) {
                    wkb::write(&g, wkb::ByteOrder::Little, &mut out);
                }
                out
            })
            .collect()
    }
}

/// go-geom's geometries, each written back as little-endian WKB by go-geom
/// (`encoded_hex`), equal encbench's reading of the same inputs.
fn same_geometries(reply: &serde_json::Value, canonical: &[Vec<u8>]) -> Result<Verified, String> {
    let theirs = encbench_workers::encodings(reply)?;
    if let Some(i) =
        (0..canonical.len().max(theirs.len())).find(|&i| theirs.get(i) != canonical.get(i))
    {
        return Err(format!(
            "geometry {i}: go-geom reads a different geometry than encbench ({} vs {} bytes as little-endian WKB)",
            theirs.get(i).map_or(0, Vec::len),
            canonical.get(i).map_or(0, Vec::len)
        ));
    }
    Verified::equal(
        format!(
            "go-geom's geometries == encbench's, value by value (as little-endian WKB), all {}",
            canonical.len()
        ),
        canonical,
        &theirs[..],
    )
    .map_err(String::from)
}

fn load_corpus(dir: &Path) -> std::io::Result<Vec<Vec<u8>>> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "wkb"))
        .collect();
    paths.sort();
    paths.iter().map(std::fs::read).collect()
}

fn compare(out: &mut Output) {
    let datasets: Vec<String> = out.records.iter().map(|r| r.dataset.clone()).collect();
    let mut seen = Vec::new();
    for dataset in datasets {
        if seen.contains(&dataset) {
            continue;
        }
        let find = |codec: &str| {
            out.records
                .iter()
                .find(|r| r.dataset == dataset && r.codec == codec)
                .map(|r| r.median_ns)
        };
        if let (Some(generic), Some(slice)) = (find(GENERIC), find(SLICE)) {
            out.comparisons.push(Comparison {
                scenario: NAME.into(),
                label: format!("time saved by {SLICE} over {GENERIC} ({dataset})"),
                value: (1.0 - slice / generic) * 100.0,
                unit: "% less time".into(),
                seed_value: Some(SEED_003_WKB.2),
                note: format!(
                    "seed: go-geom WKB parsing {} ms -> {} ms after dropping reflection (\"{}% improvement\")",
                    SEED_003_WKB.0, SEED_003_WKB.1, SEED_003_WKB.2
                ),
            });
        }
        seen.push(dataset);
    }
}
