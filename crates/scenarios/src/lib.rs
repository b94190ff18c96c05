//! The named scenarios: each reproduces one seed experiment (and goes past
//! it) by generating or loading a dataset, verifying every codec on it, and
//! handing the verified variants to the timing engine. The registry is
//! [`all`]; a scenario returns records, never prints.

mod bench;
mod bgp;
mod codecs;
pub mod conclusions;
// The datasets have their own crate (robust and the tests use them too);
// scenario code names them `crate::data`.
pub use encbench_datasets as data;
mod int_codecs;
mod ints;
pub mod io;
pub mod load;
mod logs;
mod megaco;
mod megaco_erlang;
pub use encbench_measure::pagecache;
mod read_sizes;
mod scaling;
pub mod scratch;
pub mod seeds;
mod wkb;
mod workers;

use encbench_measure::{Config, TimerInfo};
use encbench_record::{Comparison, Failure, Record};
use std::path::PathBuf;
use thiserror::Error;

/// How much to measure.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Default: small datasets, ≥ 10 samples, each scenario well under a minute.
    Quick,
    /// The seeds' sizes, ≥ 30 samples.
    Full,
}

impl Mode {
    /// `quick` or `full`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Quick => "quick",
            Mode::Full => "full",
        }
    }

    /// The engine configuration for this mode.
    pub fn config(self) -> Config {
        match self {
            Mode::Quick => Config::quick(),
            Mode::Full => Config::full(),
        }
    }
}

/// Everything a scenario needs from the caller.
pub struct Context<'a> {
    /// Quick or full.
    pub mode: Mode,
    /// Engine configuration (from the mode).
    pub config: Config,
    /// Timer properties, probed once per run.
    pub timer: TimerInfo,
    /// Overrides the number of samples (tests, quick looks).
    pub samples: Option<usize>,
    /// Overrides the dataset size (items).
    pub items: Option<usize>,
    /// Directory holding the shared real-data files, if found.
    pub data_dir: Option<PathBuf>,
    /// Only these codec ids, when set.
    pub codecs: Option<Vec<String>>,
    /// Pace file reads to this many MB/s (simulating a slower device), when set.
    pub throttle_mb_per_s: Option<f64>,
    /// Only these compressor families (`gzip`, `zstd`, …), when set.
    pub compressions: Option<Vec<String>>,
    /// Only rows in these languages (`rust`, `go`, …), when set.
    pub languages: Option<Vec<String>>,
    /// Scenario `load`: point length, malformed share, soak.
    pub load: load::LoadOptions,
    /// Receives short progress messages.
    pub progress: &'a mut dyn FnMut(&str),
}

impl Context<'_> {
    /// Whether the codec filter lets `id` through.
    pub fn wants(&self, id: &str) -> bool {
        self.codecs
            .as_ref()
            .is_none_or(|patterns| patterns.iter().any(|p| glob_match(p, id)))
    }

    /// Whether the language filter lets rows measured in `language` through.
    pub fn wants_language(&self, language: &str) -> bool {
        self.languages
            .as_ref()
            .is_none_or(|names| names.iter().any(|n| n == language))
    }

    /// Whether the compression filter lets a compressor id (`zstd-3`) through.
    pub fn wants_compression(&self, id: &str) -> bool {
        self.compressions.as_ref().is_none_or(|names| {
            names
                .iter()
                .any(|n| encbench_codecs::compression::name_selects(n, id))
        })
    }

    /// `quick` or `full` size, unless overridden.
    pub fn size(&self, quick: usize, full: usize) -> usize {
        self.items.unwrap_or(match self.mode {
            Mode::Quick => quick,
            Mode::Full => full,
        })
    }
}

/// Matches a codec id against a pattern where `*` stands for any run of
/// characters (`record/*`, `*/mmap`, `text/*-simd`); without `*` it is equality.
pub fn glob_match(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or("");
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty(); // no `*` at all: exact match
    };
    for part in middle {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

/// What a scenario produced.
#[derive(Debug, Default)]
pub struct Output {
    /// Timed rows.
    pub records: Vec<Record>,
    /// Rows that failed verification or timing.
    pub failures: Vec<Failure>,
    /// Derived comparisons with the seed's claims.
    pub comparisons: Vec<Comparison>,
    /// Plain statements for the reader.
    pub notes: Vec<String>,
    /// Standard formats read across languages.
    pub compatibility: Vec<encbench_record::Compatibility>,
}

impl Output {
    /// False, with a note saying why, for a codec this machine cannot run
    /// (a SIMD decoder for an instruction set the CPU lacks).
    pub(crate) fn runs_here(
        &mut self,
        scenario: &str,
        id: &str,
        unavailable: Option<String>,
    ) -> bool {
        match unavailable {
            Some(why) => {
                self.notes.push(format!("{scenario}: {id} skipped: {why}"));
                false
            }
            None => true,
        }
    }
}

/// Why a scenario could not run at all.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// Setting up its files failed.
    #[error("{scenario}: {action}: {source}")]
    Io {
        /// Scenario name.
        scenario: &'static str,
        /// What it was doing.
        action: String,
        /// The OS error.
        source: std::io::Error,
    },
    /// Not enough free disk for the generated files.
    #[error("{scenario}: needs {needed} bytes free in {dir}, only {free} available; free some space or set TMPDIR")]
    DiskSpace {
        /// Scenario name.
        scenario: &'static str,
        /// Where the files would go.
        dir: std::path::PathBuf,
        /// Bytes needed (with margin).
        needed: u64,
        /// Bytes free.
        free: u64,
    },
}

/// A named experiment.
pub trait Scenario {
    /// Name used on the command line.
    fn name(&self) -> &'static str;
    /// The seed it reproduces, if any.
    fn seed(&self) -> Option<&'static str>;
    /// One line on what it measures.
    fn summary(&self) -> &'static str;
    /// The codec ids it can measure.
    fn codec_ids(&self) -> Vec<&'static str>;
    /// Runs it.
    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError>;
}

/// The languages rows are measured in (`--language`).
pub const LANGUAGES: [&str; 6] = ["rust", "c", "go", "java", "python", "erlang"];

/// Every scenario, in the order `run` runs them.
pub fn all() -> Vec<Box<dyn Scenario>> {
    vec![
        Box::new(ints::Ints),
        Box::new(int_codecs::IntCodecs),
        Box::new(wkb::Wkb),
        Box::new(logs::Logs),
        Box::new(megaco::Megaco),
        Box::new(read_sizes::ReadSizes),
        Box::new(scaling::Scaling),
        Box::new(codecs::Codecs),
        Box::new(bgp::Bgp),
        Box::new(load::Load),
    ]
}

pub use encbench_codecs::{CodecInfo, Family};

#[cfg(test)]
mod registry_tests {
    use encbench_codecs::registry::{catalog, MEGACO_CODECS};

    #[test]
    fn every_codec_a_scenario_names_is_a_registry_entry() {
        let catalog = catalog();
        for scenario in super::all() {
            for id in scenario.codec_ids() {
                assert!(
                    catalog.iter().any(|(info, _)| info.id == id),
                    "{}: {id} is not in the registry",
                    scenario.name()
                );
            }
        }
    }

    #[test]
    fn the_megaco_codecs_built_outside_the_registry_are_described_in_it() {
        let built = encbench_megaco::codec::all().into_iter().map(|(id, _)| id);
        let asn1 = super::megaco::asn1_and_tape_ids();
        for id in built.chain(asn1) {
            assert!(MEGACO_CODECS.iter().any(|i| i.id == id), "{id}");
        }
    }
}

#[cfg(test)]
mod glob_tests {
    use super::glob_match;

    #[test]
    fn globs_match_as_documented() {
        assert!(glob_match("text/fscanf", "text/fscanf"));
        assert!(!glob_match("text/fscanf", "text/fscanf2"));
        assert!(glob_match("record/*", "record/json"));
        assert!(glob_match("*/mmap", "binary/mmap"));
        assert!(glob_match("*", "anything"));
        assert!(glob_match("text/*-simd", "text/atoi-simd"));
        assert!(!glob_match("text/*-simd", "text/atoi-simd-x"));
        assert!(glob_match("a*b*c", "abc") && glob_match("a*b*c", "aXbYc"));
        assert!(!glob_match("a*b*c", "acb"));
        assert!(!glob_match("ab*ba", "aba"));
    }
}
