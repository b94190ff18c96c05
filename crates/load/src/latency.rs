//! Open loop: requests are due on a fixed schedule whatever the codec's
//! pace, and each one's latency runs from when it was *due*, not from when
//! the thread got to it. A server that stalls for 100 ms then holds every
//! request due in those 100 ms; timing from the actual start would record
//! one slow request and many fast ones (coordinated omission), timing from
//! the due time records them all as late, as wrk2 does. Latencies go into
//! HDR histograms (3 significant digits, 1 ns to 10 min).

use crate::{LoadError, Mix, Tally, Workload};
use hdrhistogram::Histogram;
use std::time::{Duration, Instant};

/// Largest latency a histogram holds, ns; longer ones are recorded as this.
const HIGHEST_NS: u64 = 600_000_000_000;

/// Time for the open loop, in ns from an origin; a test supplies a virtual one.
pub trait Clock {
    /// Now.
    fn now(&self) -> u64;
    /// Returns at `t` or later.
    fn wait_until(&self, t: u64);
}

/// The monotonic clock, from its creation.
#[derive(Debug, Clone, Copy)]
pub struct RealClock {
    origin: Instant,
}

impl RealClock {
    /// A clock whose zero is now.
    pub fn new() -> Self {
        RealClock {
            origin: Instant::now(),
        }
    }
}

impl Default for RealClock {
    fn default() -> Self {
        RealClock::new()
    }
}

/// Sleeping wakes up late by tens of µs; the last stretch is spun.
const SPIN_NS: u64 = 200_000;

impl Clock for RealClock {
    fn now(&self) -> u64 {
        self.origin.elapsed().as_nanos() as u64
    }

    fn wait_until(&self, t: u64) {
        let now = self.now();
        if t > now + SPIN_NS {
            std::thread::sleep(Duration::from_nanos(t - now - SPIN_NS));
        }
        while self.now() < t {
            std::hint::spin_loop();
        }
    }
}

/// Latencies of one open-loop run: from the due time (corrected) and from
/// the actual start (service time only, what coordinated omission reports).
#[derive(Debug, Clone)]
pub struct Recorder {
    corrected: Histogram<u64>,
    uncorrected: Histogram<u64>,
}

/// Percentiles of one histogram, ns.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Latency {
    /// Requests recorded.
    pub count: u64,
    /// Median.
    pub p50_ns: f64,
    /// 99th percentile.
    pub p99_ns: f64,
    /// 99.9th percentile.
    pub p999_ns: f64,
    /// Slowest.
    pub max_ns: f64,
    /// Fastest.
    pub min_ns: f64,
    /// Mean.
    pub mean_ns: f64,
    /// 95 % order-statistic interval of the median: the values at ranks
    /// n/2 ± 0.98·√n, read off the histogram.
    pub p50_ci_ns: (f64, f64),
}

fn histogram() -> Histogram<u64> {
    // Bounds are constants within the crate's limits: creation cannot fail.
    Histogram::new_with_bounds(1, HIGHEST_NS, 3).expect("valid histogram bounds")
}

impl Default for Recorder {
    fn default() -> Self {
        Recorder {
            corrected: histogram(),
            uncorrected: histogram(),
        }
    }
}

impl Recorder {
    /// Records one request due at `due`, started at `started`, done at `done`.
    pub fn record(&mut self, due: u64, started: u64, done: u64) {
        self.corrected
            .saturating_record(done.saturating_sub(due).max(1));
        self.uncorrected
            .saturating_record(done.saturating_sub(started).max(1));
    }

    /// Records a request due at `due` still not started at `now`.
    pub fn waiting(&mut self, due: u64, now: u64) {
        self.corrected
            .saturating_record(now.saturating_sub(due).max(1));
    }

    /// Adds another thread's recordings.
    pub fn merge(&mut self, other: &Recorder) {
        // Same bounds on both sides: adding cannot fail.
        let _ = self.corrected.add(&other.corrected);
        let _ = self.uncorrected.add(&other.uncorrected);
    }

    /// Latency from the due time (what the run reports).
    pub fn corrected(&self) -> Latency {
        summarize(&self.corrected)
    }

    /// Latency from the actual start (for contrast; hides stalls).
    pub fn uncorrected(&self) -> Latency {
        summarize(&self.uncorrected)
    }
}

fn summarize(h: &Histogram<u64>) -> Latency {
    let n = h.len();
    let at = |q: f64| h.value_at_quantile(q.clamp(0.0, 1.0)) as f64;
    let half = 0.98 / (n.max(1) as f64).sqrt();
    Latency {
        count: n,
        p50_ns: at(0.5),
        p99_ns: at(0.99),
        p999_ns: at(0.999),
        max_ns: h.max() as f64,
        min_ns: h.min() as f64,
        mean_ns: h.mean(),
        p50_ci_ns: (at(0.5 - half), at(0.5 + half)),
    }
}

/// What an open loop measured.
#[derive(Debug, Clone)]
pub struct OpenResult {
    /// Requests per second asked for.
    pub offered_per_s: f64,
    /// Requests per second done (below offered when the codec fell behind).
    pub achieved_per_s: f64,
    /// Every request, and how the codec answered.
    pub tally: Tally,
    /// Latencies, all threads together.
    pub recorder: Recorder,
}

/// Offers `rate` messages per second for `duration`, spread over `threads`
/// threads (each due every `threads / rate` s, phases staggered), each
/// message's latency timed from its due time.
pub fn open_loop(
    work: &dyn Workload,
    mix: &Mix,
    threads: usize,
    rate: f64,
    duration: Duration,
) -> Result<OpenResult, LoadError> {
    if mix.messages.is_empty() || rate.is_nan() || rate <= 0.0 {
        return Err(LoadError::Empty);
    }
    let threads = threads.max(1);
    let clock = RealClock::new();
    let interval = threads as f64 * 1e9 / rate;
    // Due times start a little ahead so every thread is up before the first.
    let start = 1_000_000 + clock.now();
    let end = start + duration.as_nanos() as u64;
    let results: Vec<Result<(Recorder, Tally), LoadError>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let clock = &clock;
                s.spawn(move || {
                    let phase = t as f64 * 1e9 / rate;
                    let from = t * mix.messages.len() / threads;
                    let due = |i: u64| {
                        let due = start + (phase + i as f64 * interval) as u64;
                        (due < end).then_some(due)
                    };
                    // A codec far slower than offered would take many times
                    // the duration to work off its backlog: it gets as long
                    // again, and what is still waiting then is recorded as
                    // waiting that long (never dropped: dropping it would be
                    // the omission this loop exists to avoid).
                    paced(clock, mix, from, work, due, Some(2 * end - start))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or(Err(LoadError::Io("a load thread panicked".into())))
            })
            .collect()
    });
    let elapsed = (clock.now().max(end) - start) as f64 / 1e9;
    let mut recorder = Recorder::default();
    let mut tally = Tally::default();
    for r in results {
        let (rec, t) = r?;
        recorder.merge(&rec);
        tally.add(t);
    }
    Ok(OpenResult {
        offered_per_s: rate,
        achieved_per_s: tally.messages as f64 / elapsed,
        tally,
        recorder,
    })
}

/// One thread's schedule: message `i` (from `from` in the stream, cycling)
/// is due at `due(i)`, until `due` says none is. The thread waits for a due
/// time only when ahead; when behind it starts at once, and the wait the
/// message had is in its latency. Past `give_up`, the messages not yet
/// started are recorded (corrected latency only) as waiting until then.
pub fn paced<C: Clock>(
    clock: &C,
    mix: &Mix,
    from: usize,
    work: &dyn Workload,
    mut due: impl FnMut(u64) -> Option<u64>,
    give_up: Option<u64>,
) -> Result<(Recorder, Tally), LoadError> {
    let mut recorder = Recorder::default();
    let mut tally = Tally::default();
    let mut reply = Vec::new();
    let mut i = 0u64;
    let mut last_done = 0;
    while let Some(at) = due(i) {
        // Behind schedule the message starts when the last one ended: no
        // clock read needed (each costs tens of ns, a few % at 1 M/s).
        if at > last_done {
            clock.wait_until(at);
        }
        let started = at.max(last_done);
        let m = &mix.messages[(from + i as usize) % mix.messages.len()];
        tally.serve(work, m, &mut reply)?;
        last_done = clock.now();
        recorder.record(at, started, last_done);
        i += 1;
        if give_up.is_some_and(|g| last_done > g) {
            while let Some(at) = due(i) {
                recorder.waiting(at, last_done);
                i += 1;
            }
        }
    }
    Ok((recorder, tally))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::decimal_messages;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    /// Virtual time: waiting jumps ahead, and serving a request costs what
    /// the test says (here 10 µs, and 100 ms for request 50).
    struct Virtual {
        now: AtomicU64,
    }

    impl Clock for Virtual {
        fn now(&self) -> u64 {
            self.now.load(Relaxed)
        }
        fn wait_until(&self, t: u64) {
            self.now.fetch_max(t, Relaxed);
        }
    }

    struct Stalls<'a> {
        clock: &'a Virtual,
        served: AtomicU64,
    }

    impl Workload for Stalls<'_> {
        fn serve(&self, _: &[u8], _: &mut Vec<u8>) -> Result<(), String> {
            let n = self.served.fetch_add(1, Relaxed);
            let cost = if n == 50 { 100_000_000 } else { 10_000 };
            self.clock.now.fetch_add(cost, Relaxed);
            Ok(())
        }
    }

    #[test]
    fn a_stall_shows_in_the_corrected_tail_and_hides_from_the_uncorrected() {
        // 1,000 requests due 1 ms apart; request 50 takes 100 ms, so the 100
        // due during the stall wait behind it.
        let clock = Virtual {
            now: AtomicU64::new(0),
        };
        let work = Stalls {
            clock: &clock,
            served: AtomicU64::new(0),
        };
        let mix = Mix::clean(&decimal_messages(5)).expect("mix");
        let due = |i| (i < 1000).then_some(i * 1_000_000);
        let (rec, tally) = paced(&clock, &mix, 0, &work, due, None).expect("runs");
        assert_eq!(tally.messages, 1000);
        let (fixed, naive) = (rec.corrected(), rec.uncorrected());
        assert_eq!((fixed.count, naive.count), (1000, 1000));
        // Without the correction one request in 1,000 is slow: p99 is 10 µs.
        assert!((naive.p99_ns - 10_000.0).abs() <= 10.0, "{naive:?}");
        // With it, the 100 requests queued behind the stall are late by
        // 99 ms down to ~1 ms: p99 is ~90 ms, p50 stays at the service time.
        assert!(
            fixed.p99_ns > 89_000_000.0 && fixed.p99_ns < 91_000_000.0,
            "{fixed:?}"
        );
        assert!((fixed.p50_ns - 10_000.0).abs() <= 10.0, "{fixed:?}");
        // Both see the stalled request itself.
        let stalled = 100_000_000.0;
        assert!((fixed.max_ns - stalled).abs() / stalled < 1e-3);
        assert!((naive.max_ns - stalled).abs() / stalled < 1e-3);
        assert!(fixed.p50_ci_ns.0 <= fixed.p50_ns && fixed.p50_ns <= fixed.p50_ci_ns.1);
    }

    #[test]
    fn a_hopeless_backlog_is_recorded_as_waiting_not_dropped() {
        // Due every 1 µs, served in 10 µs: after the give-up time (1 ms)
        // the rest are recorded as waiting, none is lost.
        let clock = Virtual {
            now: AtomicU64::new(0),
        };
        let work = Stalls {
            clock: &clock,
            served: AtomicU64::new(1000),
        };
        let mix = Mix::clean(&decimal_messages(5)).expect("mix");
        let due = |i| (i < 1000).then_some(i * 1_000);
        let (rec, tally) = paced(&clock, &mix, 0, &work, due, Some(1_000_000)).expect("runs");
        assert_eq!(tally.messages, 101);
        assert_eq!(
            (rec.corrected().count, rec.uncorrected().count),
            (1000, 101)
        );
        // The last one served was due at 100 µs and done at 1.01 ms.
        assert!(rec.corrected().max_ns >= 900_000.0, "{:?}", rec.corrected());
    }

    #[test]
    fn an_open_loop_offers_what_it_was_asked() {
        let mix = Mix::clean(&decimal_messages(5)).expect("mix");
        let r = open_loop(
            &crate::testing::Decimal,
            &mix,
            2,
            2_000.0,
            Duration::from_millis(100),
        )
        .expect("runs");
        // 2,000/s for 0.1 s: 200 due times, 100 per thread.
        assert_eq!(r.tally.messages, 200);
        assert_eq!(r.recorder.corrected().count, 200);
        assert_eq!(r.offered_per_s, 2_000.0);
    }
}
