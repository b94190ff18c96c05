//! What a `load` row reports beside its identity: throughput under many
//! threads, latency percentiles under offered load, malformed messages
//! counted, and a soak's slopes. Its own constructor, like a robust row's,
//! because its timing fields summarise windows or latencies, not batches.

use crate::{Check, Record, RowMeta, NOISY_THRESHOLD};
use encbench_stats::Sample;
use serde::{Deserialize, Serialize};

/// A soak's findings: fitted lines through its windows, each with the
/// 95 % interval of its slope.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SoakSummary {
    /// Seconds soaked.
    pub seconds: f64,
    /// Windows sampled.
    pub windows: usize,
    /// Ended early by Ctrl-C.
    pub interrupted: bool,
    /// Resident set growth per minute, bytes: fit, low, high.
    pub rss_bytes_per_min: Option<[f64; 3]>,
    /// Live heap growth per minute, bytes (the counting allocator's net
    /// bytes): fit, low, high; `null` where it was not counted.
    pub heap_bytes_per_min: Option<[f64; 3]>,
    /// Throughput change over the whole soak, % of the fitted start: fit, low, high.
    pub throughput_drift_pct: Option<[f64; 3]>,
    /// Resident set at the first and last window, bytes.
    pub rss_first_last_bytes: [f64; 2],
    /// `steady`, `growing` or `too short`.
    pub verdict: String,
    /// Per window: seconds since the start, messages/s, RSS bytes.
    pub series: Vec<[f64; 3]>,
}

/// Latency percentiles of an open-loop or UDP row, ns, timed from each
/// message's due time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadLatency {
    /// Messages timed.
    pub count: u64,
    /// Median.
    pub p50_ns: f64,
    /// Interval of the median (order statistics).
    pub p50_ci_ns: (f64, f64),
    /// 99th percentile.
    pub p99_ns: f64,
    /// 99.9th percentile.
    pub p999_ns: f64,
    /// Fastest.
    pub min_ns: f64,
    /// Slowest.
    pub max_ns: f64,
    /// Mean.
    pub mean_ns: f64,
}

/// What a `load` row carries.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct LoadRow {
    /// Threads (or Erlang runners) that ran.
    pub threads: u32,
    /// Messages per second handled.
    pub messages_per_s: f64,
    /// Share of the messages that were malformed.
    pub bad_fraction: f64,
    /// Messages per second offered (open loop, UDP).
    pub offered_per_s: Option<f64>,
    /// Errors the codec returned, each on a malformed message.
    pub errors: Option<u64>,
    /// Wall ns per message in each window (closed loop, soak); the row's
    /// median and interval come from these.
    pub window_ns: Vec<f64>,
    /// Latency (open loop, UDP): the row's timing fields describe it.
    pub latency: Option<LoadLatency>,
    /// A soak's findings.
    pub soak: Option<SoakSummary>,
    /// Erlang's own count (megaco_codec_mstone1's runner loop).
    pub mstone: Option<u64>,
}

impl Record {
    /// A `load` row. Closed-loop and soak rows: the timing fields summarise
    /// `window_ns` (ns per message, all threads together); open-loop and
    /// UDP rows: they describe the latency (median = p50, max = the slowest
    /// message), with no raw samples kept. `items_per_sec` is
    /// `messages_per_s` either way.
    pub fn load(meta: RowMeta, check: &Check, row: LoadRow) -> Self {
        let verification = check.to_verification();
        let summary = Sample::new(&row.window_ns).ok().map(|s| s.summarize());
        let mut r = Record {
            samples: row.window_ns.len(),
            items_per_sec: row.messages_per_s,
            logical_mb_per_s: row.messages_per_s * meta.logical_bytes as f64 / 1e6,
            encoded_mb_per_s: row.messages_per_s * meta.encoded_bytes as f64 / 1e6,
            threads: Some(row.threads),
            messages_per_s: Some(row.messages_per_s),
            bad_fraction: Some(row.bad_fraction),
            offered_per_s: row.offered_per_s,
            errors: row.errors,
            soak: row.soak,
            mstone: row.mstone,
            ..Record::unmeasured(meta, verification, 1)
        };
        if let Some(l) = row.latency {
            r.samples = l.count as usize;
            r.median_ns = l.p50_ns;
            (r.ci95_low_ns, r.ci95_high_ns) = l.p50_ci_ns;
            r.ci_level = Some(0.95);
            (r.min_ns, r.max_ns, r.mean_ns) = (l.min_ns, l.max_ns, l.mean_ns);
            r.noisy = l.p50_ns > 0.0
                && (l.p50_ci_ns.1 - l.p50_ci_ns.0) / 2.0 > NOISY_THRESHOLD * l.p50_ns;
            (r.p50_ns, r.p99_ns, r.p999_ns) = (Some(l.p50_ns), Some(l.p99_ns), Some(l.p999_ns));
        } else if let Some(s) = summary {
            r.median_ns = s.median;
            (r.ci95_low_ns, r.ci95_high_ns) = (s.ci.low, s.ci.high);
            r.ci_level = Some(s.ci.coverage);
            (r.mad_ns, r.mean_ns, r.min_ns, r.max_ns) = (s.mad, s.mean, s.min, s.max);
            r.outliers = s.outliers.total();
            r.noisy = s.is_noisy(NOISY_THRESHOLD);
            r.samples_ns = row.window_ns;
        } else if let Some(&one) = row.window_ns.first() {
            // One figure (Erlang's total count): an interval of no width.
            (r.median_ns, r.ci95_low_ns, r.ci95_high_ns) = (one, one, one);
            (r.mean_ns, r.min_ns, r.max_ns) = (one, one, one);
            r.samples_ns = row.window_ns;
        }
        r
    }
}
