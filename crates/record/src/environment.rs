//! Facts about the machine, toolchain and engine, recorded with every run so
//! a figure can be traced to where it was measured.

use serde::{Deserialize, Serialize};
use std::time::SystemTime;

/// What the binary knows about how it was built (filled in by its build script).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BuildInfo {
    /// encbench version.
    pub version: String,
    /// `git rev-parse HEAD` at build time, with `-dirty` when the tree had changes.
    pub git_commit: String,
    /// `rustc --version` of the compiler that built it.
    pub rustc: String,
    /// `release` or `debug`: a debug build's timings are not representative.
    pub profile: String,
}

/// The engine's own cost, measured at the start of the run.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct EngineInfo {
    /// Smallest clock step observed, ns.
    pub timer_resolution_ns: f64,
    /// Cost of one clock reading, ns.
    pub timer_cost_ns: f64,
    /// Median per-operation time of an empty body through the same engine, ns.
    pub empty_body_ns: f64,
    /// Minimum duration of one sample, ns (≥ 1000 × resolution).
    pub min_sample_ns: f64,
}

/// How steady the machine was at one moment of the run: one fixed,
/// cache-bound loop (a pointer chase) timed in many short chunks. On a quiet
/// machine every chunk takes the same time; another tenant on the same core
/// or cache spreads them, and the same spread shows up between runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Steadiness {
    /// When it was taken: `start` or `end` of the run.
    pub at: String,
    /// Chunks timed.
    pub chunks: usize,
    /// Fastest tenth's boundary (10th percentile) of a chunk's time, ns.
    pub p10_ns: f64,
    /// Median chunk time, ns: compare it between runs on one machine.
    pub median_ns: f64,
    /// Slowest tenth's boundary (90th percentile), ns.
    pub p90_ns: f64,
}

impl Steadiness {
    /// How much slower the slow tenth ran than the fast tenth, in percent
    /// (0 for a probe without a positive fastest tenth, as no run writes).
    pub fn spread_pct(&self) -> f64 {
        if self.p10_ns > 0.0 {
            (self.p90_ns / self.p10_ns - 1.0) * 100.0
        } else {
            0.0
        }
    }
}

/// Where and how a run happened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Environment {
    /// CPU model name.
    pub cpu_model: String,
    /// Logical cores available to this process.
    pub logical_cores: usize,
    /// Operating system (distribution name when known).
    pub os: String,
    /// Kernel release.
    pub kernel: String,
    /// CPU architecture.
    pub arch: String,
    /// SIMD target features the binary was compiled with.
    pub target_features: Vec<String>,
    /// SIMD features the CPU has, detected at run time (what the run-time
    /// dispatched parsers can use); empty in runs recorded before it existed.
    #[serde(default)]
    pub cpu_features: Vec<String>,
    /// Compiler version.
    pub rustc: String,
    /// Build profile (`release` or `debug`).
    pub profile: String,
    /// encbench version.
    pub encbench_version: String,
    /// Git commit of the source that was built.
    pub git_commit: String,
    /// Start of the run, RFC 3339 UTC.
    pub date: String,
    /// `quick` or `full`.
    pub mode: String,
    /// The engine's own overhead.
    pub engine: EngineInfo,
    /// Data directory used for real data files, if one was found.
    pub data_dir: Option<String>,
    /// The machine's steadiness at the start and end of the run (absent
    /// from runs recorded before it existed, and from `file` and `robust`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steadiness: Vec<Steadiness>,
    /// How `instructions_per_op` was counted (`run --instructions`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instruction_counter: Option<String>,
}

impl Environment {
    /// Reads the machine facts now.
    pub fn capture(
        build: &BuildInfo,
        mode: &str,
        engine: EngineInfo,
        data_dir: Option<String>,
    ) -> Self {
        Environment {
            cpu_model: cpu_model().unwrap_or_else(|| "unknown".into()),
            logical_cores: std::thread::available_parallelism().map_or(0, |n| n.get()),
            os: os_name().unwrap_or_else(|| std::env::consts::OS.into()),
            kernel: read_trimmed("/proc/sys/kernel/osrelease").unwrap_or_else(|| "unknown".into()),
            arch: std::env::consts::ARCH.into(),
            target_features: target_features(),
            cpu_features: cpu_features(),
            rustc: build.rustc.clone(),
            profile: build.profile.clone(),
            encbench_version: build.version.clone(),
            git_commit: build.git_commit.clone(),
            date: humantime::format_rfc3339_seconds(SystemTime::now()).to_string(),
            mode: mode.into(),
            engine,
            data_dir,
            steadiness: Vec::new(),
            instruction_counter: None,
        }
    }
}

fn read_trimmed(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
}

fn cpu_model() -> Option<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    info.lines()
        .find(|l| {
            l.starts_with("model name") || l.starts_with("Model") || l.starts_with("Hardware")
        })
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

fn os_name() -> Option<String> {
    let release = std::fs::read_to_string("/etc/os-release").ok()?;
    release
        .lines()
        .find_map(|l| l.strip_prefix("PRETTY_NAME="))
        .map(|v| v.trim_matches('"').to_string())
}

fn target_features() -> Vec<String> {
    let mut features = Vec::new();
    macro_rules! check {
        ($($name:literal),*) => {$(
            if cfg!(target_feature = $name) { features.push($name.to_string()); }
        )*};
    }
    check!("sse2", "sse4.1", "sse4.2", "avx", "avx2", "bmi2", "avx512f", "neon");
    features
}

/// The SIMD features this CPU has, as the standard library detects them.
fn cpu_features() -> Vec<String> {
    #[allow(unused_mut)]
    let mut found: Vec<String> = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        macro_rules! probe {
            ($($f:tt),*) => {$(
                if std::arch::is_x86_feature_detected!($f) {
                    found.push($f.to_string());
                }
            )*};
        }
        probe!(
            "ssse3",
            "sse4.1",
            "sse4.2",
            "popcnt",
            "bmi2",
            "avx",
            "avx2",
            "fma",
            "avx512f",
            "avx512bw",
            "avx512vl",
            "avx512vbmi",
            "avx512vbmi2"
        );
    }
    #[cfg(target_arch = "aarch64")]
    {
        macro_rules! probe {
            ($($f:tt),*) => {$(
                if std::arch::is_aarch64_feature_detected!($f) {
                    found.push($f.to_string());
                }
            )*};
        }
        probe!("neon", "dotprod", "sve", "sve2");
    }
    found
}
