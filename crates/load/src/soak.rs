//! Long periods: a closed loop on every core for minutes or hours, sampled
//! per window — throughput, resident memory, and live heap bytes (from the
//! counting allocator, when the binary installs it) — with a straight line
//! fitted to each so a slow leak or a slow-down shows as a slope with an
//! interval, not as a feeling. Ctrl-C ends the soak at the next window and
//! keeps the windows so far ([`interrupt`]).

use crate::closed::{closed_loop, Stop};
use crate::{LoadError, Mix, Workload};
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};
use std::time::{Duration, Instant};

/// Set while a soak runs; Ctrl-C asks it to end instead of ending the process.
static RUNNING: AtomicBool = AtomicBool::new(false);
static STOP: AtomicBool = AtomicBool::new(false);

/// For a Ctrl-C handler: asks a running soak to stop at its next window and
/// returns true, or returns false when no soak runs (or one was already
/// asked), so a second Ctrl-C ends the process as usual.
pub fn interrupt() -> bool {
    RUNNING.load(SeqCst) && !STOP.swap(true, SeqCst)
}

/// Whether Ctrl-C has ended a soak in this process.
pub fn interrupted() -> bool {
    STOP.load(SeqCst)
}

/// Memory growth over a soak below this is not called growth: allocators
/// keep freed pages and buffers settle at their high-water mark.
pub const RSS_ALLOWANCE_BYTES: f64 = 1e6;
/// Live heap growth below this is not called growth (a few buffers' worth).
pub const HEAP_ALLOWANCE_BYTES: f64 = 256e3;

/// How to soak.
#[derive(Debug, Clone, Copy)]
pub struct SoakConfig {
    /// Threads.
    pub threads: usize,
    /// How long.
    pub duration: Duration,
    /// One sample per window.
    pub window: Duration,
    /// Live heap bytes now, when the binary counts them.
    pub heap: Option<fn() -> i64>,
}

/// One window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    /// Seconds since the soak's timed part began, at the window's end.
    pub at_s: f64,
    /// Messages per second in the window.
    pub messages_per_s: f64,
    /// Resident set size at its end, bytes.
    pub rss_bytes: f64,
    /// Live heap bytes at its end (net of allocations since the soak began).
    pub heap_bytes: Option<f64>,
}

/// A least-squares line through (seconds, value) with the 95 % interval
/// of its slope.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slope {
    /// Change per second.
    pub per_s: f64,
    /// Interval, low end.
    pub low: f64,
    /// Interval, high end.
    pub high: f64,
    /// The line's value at the first window.
    pub intercept: f64,
}

/// Steady or growing, from the slopes' intervals.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// No slope's interval lies above its allowance.
    Steady,
    /// Memory grew by more than its allowance over the soak, interval and all.
    Growing,
    /// Too few windows to fit a line.
    TooShort,
}

impl Verdict {
    /// `steady`, `growing`, `too short`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Steady => "steady",
            Verdict::Growing => "growing",
            Verdict::TooShort => "too short",
        }
    }
}

/// What a soak found.
#[derive(Debug, Clone, PartialEq)]
pub struct SoakResult {
    /// Every window, in order.
    pub windows: Vec<Window>,
    /// Messages handled (errors counted exactly, as in a closed loop).
    pub tally: crate::Tally,
    /// Seconds timed.
    pub elapsed_s: f64,
    /// Resident memory's line.
    pub rss: Option<Slope>,
    /// Live heap's line, when counted.
    pub heap: Option<Slope>,
    /// Throughput's line.
    pub throughput: Option<Slope>,
    /// Ended early by Ctrl-C.
    pub interrupted: bool,
}

impl SoakResult {
    /// Growth the line predicts over the whole soak, with its interval:
    /// (fit, low, high), in the slope's unit × seconds.
    pub fn over_soak(&self, slope: Option<Slope>) -> Option<(f64, f64, f64)> {
        let s = slope?;
        let t = self.elapsed_s;
        Some((s.per_s * t, s.low * t, s.high * t))
    }

    /// Throughput drift over the soak, percent of the fitted start, with interval.
    pub fn drift_pct(&self) -> Option<(f64, f64, f64)> {
        let s = self.throughput?;
        let (fit, low, high) = self.over_soak(Some(s))?;
        let base = s.intercept.abs().max(1e-9);
        Some((fit / base * 100.0, low / base * 100.0, high / base * 100.0))
    }

    /// Growing when the interval of the heap's (or, uncounted, the
    /// resident set's) growth over the soak lies above its allowance.
    pub fn verdict(&self) -> Verdict {
        let grows = |slope, allowance| self.over_soak(slope).map(|(_, low, _)| low > allowance);
        match (
            grows(self.heap, HEAP_ALLOWANCE_BYTES),
            grows(self.rss, RSS_ALLOWANCE_BYTES),
        ) {
            (None, None) => Verdict::TooShort,
            (Some(true), _) | (_, Some(true)) => Verdict::Growing,
            _ => Verdict::Steady,
        }
    }
}

/// Soaks `work` over `mix` as `config` says, until its time is up or Ctrl-C.
pub fn soak(work: &dyn Workload, mix: &Mix, config: SoakConfig) -> Result<SoakResult, LoadError> {
    RUNNING.store(true, SeqCst);
    let result = soak_inner(work, mix, config);
    RUNNING.store(false, SeqCst);
    result
}

fn soak_inner(work: &dyn Workload, mix: &Mix, config: SoakConfig) -> Result<SoakResult, LoadError> {
    // Sized up front, like the closed loop's: the soak's own samples must
    // not show as heap growth.
    let expected = config.duration.as_nanos() / config.window.as_nanos().max(1);
    let mut windows = Vec::with_capacity(expected as usize + 2);
    let mut started: Option<Instant> = None;
    let stop = Stop::Time {
        warm_up: config.window.min(Duration::from_secs(1)),
        duration: config.duration,
        window: config.window,
    };
    let r = closed_loop(work, mix, config.threads, stop, &mut |messages, took| {
        let began = *started.get_or_insert_with(|| Instant::now() - took);
        windows.push(Window {
            at_s: began.elapsed().as_secs_f64(),
            messages_per_s: messages as f64 / took.as_secs_f64().max(1e-9),
            rss_bytes: rss_bytes().unwrap_or(f64::NAN),
            heap_bytes: config.heap.map(|f| f() as f64),
        });
        !STOP.load(SeqCst)
    })?;
    let line = |f: &dyn Fn(&Window) -> Option<f64>| {
        let points: Vec<(f64, f64)> = windows
            .iter()
            .filter_map(|w| f(w).filter(|v| v.is_finite()).map(|v| (w.at_s, v)))
            .collect();
        fit(&points)
    };
    Ok(SoakResult {
        rss: line(&|w| Some(w.rss_bytes)),
        heap: line(&|w| w.heap_bytes),
        throughput: line(&|w| Some(w.messages_per_s)),
        windows,
        tally: r.tally,
        elapsed_s: r.elapsed.as_secs_f64(),
        interrupted: STOP.load(SeqCst),
    })
}

/// This process's resident set, bytes (Linux; `None` elsewhere).
pub fn rss_bytes() -> Option<f64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: f64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf reads a constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * page.max(1) as f64)
}

/// Least squares with the slope's 95 % interval (Student's t); `None` with
/// fewer than three points or no spread in time.
pub fn fit(points: &[(f64, f64)]) -> Option<Slope> {
    let n = points.len();
    if n < 3 {
        return None;
    }
    let nf = n as f64;
    let mx = points.iter().map(|p| p.0).sum::<f64>() / nf;
    let my = points.iter().map(|p| p.1).sum::<f64>() / nf;
    let sxx: f64 = points.iter().map(|p| (p.0 - mx).powi(2)).sum();
    if sxx <= 0.0 {
        return None;
    }
    let sxy: f64 = points.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let b = sxy / sxx;
    let a = my - b * mx;
    let sse: f64 = points.iter().map(|p| (p.1 - a - b * p.0).powi(2)).sum();
    let se = (sse / (nf - 2.0) / sxx).sqrt();
    let half = t975(n - 2) * se;
    Some(Slope {
        per_s: b,
        low: b - half,
        high: b + half,
        intercept: a + b * points[0].0,
    })
}

/// Student's t, 97.5th percentile, for `df` degrees of freedom.
fn t975(df: usize) -> f64 {
    const TABLE: [f64; 10] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    ];
    match df {
        0 => f64::INFINITY,
        1..=10 => TABLE[df - 1],
        11..=20 => 2.2,
        21..=30 => 2.06,
        31..=60 => 2.02,
        _ => 1.98,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_fitted_with_an_interval() {
        let exact: Vec<(f64, f64)> = (0..10).map(|i| (i as f64, 3.0 + 2.0 * i as f64)).collect();
        let s = fit(&exact).expect("fits");
        assert!((s.per_s - 2.0).abs() < 1e-12 && (s.intercept - 3.0).abs() < 1e-9);
        assert!((s.high - s.low).abs() < 1e-9);
        let noisy: Vec<(f64, f64)> = (0..10)
            .map(|i| (i as f64, if i % 2 == 0 { 1.0 } else { -1.0 }))
            .collect();
        let s = fit(&noisy).expect("fits");
        assert!(s.low < 0.0 && s.high > 0.0, "{s:?}");
        assert_eq!(fit(&exact[..2]), None);
    }

    #[test]
    fn interrupt_is_refused_without_a_soak() {
        assert!(!interrupt());
    }
}
