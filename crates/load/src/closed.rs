//! Closed loop: `threads` threads each take the next message as soon as the
//! last is done, for a fixed time or a fixed count. Throughput is read per
//! window by a coordinating thread (a shared counter that workers bump every
//! [`CHUNK`] messages), so a row has one sample per window for its interval
//! and a soak can watch it drift.

use crate::{LoadError, Mix, Tally, Workload};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Messages a worker handles between updates of the shared counter: one
/// relaxed add per 32 messages keeps the counter off the profile.
const CHUNK: u64 = 32;

/// When a closed loop ends.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Stop {
    /// After a warm-up, this long, read in windows of `window`.
    Time {
        /// Untimed first.
        warm_up: Duration,
        /// Timed.
        duration: Duration,
        /// One throughput sample per window.
        window: Duration,
    },
    /// After exactly this many messages per thread (tests).
    Count(u64),
}

/// What a closed loop measured.
#[derive(Debug, Clone, PartialEq)]
pub struct ClosedResult {
    /// Threads that ran.
    pub threads: usize,
    /// Every message handled, warm-up included, and how the codec answered.
    pub tally: Tally,
    /// Messages handled in the timed part.
    pub timed_messages: u64,
    /// Length of the timed part.
    pub elapsed: Duration,
    /// Per window: wall ns per message across all threads.
    pub window_ns_per_message: Vec<f64>,
}

impl ClosedResult {
    /// Messages per second over the timed part.
    pub fn messages_per_s(&self) -> f64 {
        self.timed_messages as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }

    /// Another run of the same point added in: one result over both
    /// runs' timed parts and windows (an interleaved point's rounds).
    pub fn merge(&mut self, other: ClosedResult) {
        self.tally.add(other.tally);
        self.timed_messages += other.timed_messages;
        self.elapsed += other.elapsed;
        self.window_ns_per_message
            .extend(other.window_ns_per_message);
    }
}

/// Runs `work` over `mix` on `threads` threads until `stop`; `on_window`
/// sees each window (messages in it, its length) and may end the run early
/// by returning false (a soak's Ctrl-C).
pub fn closed_loop(
    work: &dyn Workload,
    mix: &Mix,
    threads: usize,
    stop: Stop,
    on_window: &mut dyn FnMut(u64, Duration) -> bool,
) -> Result<ClosedResult, LoadError> {
    if mix.messages.is_empty() {
        return Err(LoadError::Empty);
    }
    let threads = threads.max(1);
    let done = AtomicU64::new(0);
    let halt = AtomicBool::new(false);
    let outcome: Mutex<(Tally, Option<LoadError>)> = Mutex::new((Tally::default(), None));
    let per_thread = match stop {
        Stop::Count(n) => n,
        Stop::Time { .. } => u64::MAX,
    };
    // Sized up front: a soak counts live heap, and must not count its own samples.
    let mut windows = Vec::with_capacity(match stop {
        Stop::Time {
            duration, window, ..
        } => (duration.as_nanos() / window.as_nanos().max(1)) as usize + 2,
        Stop::Count(_) => 0,
    });
    let (mut timed, mut elapsed) = (0, Duration::ZERO);
    std::thread::scope(|s| {
        for t in 0..threads {
            let (done, halt, outcome) = (&done, &halt, &outcome);
            s.spawn(move || {
                // Threads start spread over the stream, not on one message.
                let mut at = t * mix.messages.len() / threads;
                let mut tally = Tally::default();
                let mut reply = Vec::new();
                let mut failed = None;
                let mut left = per_thread;
                while left > 0 && !halt.load(Relaxed) {
                    let n = left.min(CHUNK);
                    for _ in 0..n {
                        let m = &mix.messages[at];
                        at = (at + 1) % mix.messages.len();
                        if let Err(e) = tally.serve(work, m, &mut reply) {
                            failed = Some(e);
                            break;
                        }
                    }
                    done.fetch_add(n, Relaxed);
                    left -= n;
                    if failed.is_some() {
                        halt.store(true, Relaxed);
                        break;
                    }
                }
                let mut o = outcome.lock().unwrap_or_else(|p| p.into_inner());
                o.0.add(tally);
                if o.1.is_none() {
                    o.1 = failed;
                }
            });
        }
        if let Stop::Time {
            warm_up,
            duration,
            window,
        } = stop
        {
            std::thread::sleep(warm_up);
            let started = Instant::now();
            let mut last = (started, done.load(Relaxed));
            while !halt.load(Relaxed) && started.elapsed() < duration {
                let next = last.0 + window;
                std::thread::sleep(next.saturating_duration_since(Instant::now()));
                let now = (Instant::now(), done.load(Relaxed));
                let (messages, took) = (now.1 - last.1, now.0 - last.0);
                windows.push(took.as_nanos() as f64 / messages.max(1) as f64);
                timed += messages;
                last = now;
                if !on_window(messages, took) {
                    break;
                }
            }
            elapsed = last.0 - started;
            halt.store(true, Relaxed);
        }
    });
    let (tally, failed) = outcome.into_inner().unwrap_or_else(|p| p.into_inner());
    if let Some(e) = failed {
        return Err(e);
    }
    // A malformed message is refused or the run fails: the errors are exact.
    debug_assert_eq!(tally.errors, tally.bad);
    Ok(ClosedResult {
        threads,
        tally,
        timed_messages: timed,
        elapsed,
        window_ns_per_message: windows,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{decimal_messages, Decimal};

    #[test]
    fn bad_messages_are_counted_exactly() {
        let good = decimal_messages(149);
        let mix = Mix::for_workload(&good, 0.01, 3, &Decimal).expect("mix");
        let n = mix.messages.len() as u64;
        // Two threads, each through the whole stream three times and a bit:
        // each thread sees every malformed message three times, plus those
        // in its extra 100 messages from where it started.
        let per_thread = 3 * n + 100;
        let r = closed_loop(&Decimal, &mix, 2, Stop::Count(per_thread), &mut |_, _| true)
            .expect("runs");
        let bad_in = |start: usize, count: usize| {
            (0..count)
                .filter(|k| mix.messages[(start + k) % mix.messages.len()].bad)
                .count() as u64
        };
        let expected =
            2 * 3 * mix.bad as u64 + bad_in(0, 100) + bad_in(mix.messages.len() / 2, 100);
        assert_eq!(r.tally.messages, 2 * per_thread);
        assert_eq!(r.tally.bad, expected);
        assert_eq!(r.tally.errors, expected);
    }

    #[test]
    fn a_failing_good_message_fails_the_run() {
        struct Refuses;
        impl Workload for Refuses {
            fn serve(&self, _: &[u8], _: &mut Vec<u8>) -> Result<(), String> {
                Err("no".into())
            }
        }
        let mix = Mix::clean(&decimal_messages(3)).expect("mix");
        let r = closed_loop(&Refuses, &mix, 2, Stop::Count(10), &mut |_, _| true);
        assert_eq!(r, Err(LoadError::GoodFailed("no".into())));
    }

    #[test]
    fn merged_rounds_count_as_one_run() {
        let mix = Mix::clean(&decimal_messages(10)).expect("mix");
        let run = |n| closed_loop(&Decimal, &mix, 1, Stop::Count(n), &mut |_, _| true);
        let mut a = run(7).expect("runs");
        let b = run(5).expect("runs");
        a.timed_messages = 100;
        a.elapsed = Duration::from_millis(10);
        a.window_ns_per_message = vec![1.0];
        let mut b = ClosedResult {
            timed_messages: 300,
            elapsed: Duration::from_millis(20),
            window_ns_per_message: vec![2.0, 3.0],
            ..b
        };
        b.tally.bad = 1;
        a.merge(b);
        assert_eq!(a.tally.messages, 12);
        assert_eq!(a.tally.bad, 1);
        assert_eq!(a.window_ns_per_message, [1.0, 2.0, 3.0]);
        // 400 messages in 30 ms, not the mean of the two rates.
        assert!((a.messages_per_s() - 400.0 / 0.030).abs() < 1e-6);
    }

    #[test]
    fn a_timed_run_has_one_sample_per_window() {
        let mix = Mix::clean(&decimal_messages(10)).expect("mix");
        let stop = Stop::Time {
            warm_up: Duration::from_millis(5),
            duration: Duration::from_millis(60),
            window: Duration::from_millis(20),
        };
        let mut seen = 0;
        let r = closed_loop(&Decimal, &mix, 1, stop, &mut |_, _| {
            seen += 1;
            true
        })
        .expect("runs");
        assert_eq!(r.window_ns_per_message.len(), seen);
        assert!(seen >= 1 && r.timed_messages > 0 && r.tally.messages >= r.timed_messages);
        // A callback that says stop ends the run after its first window.
        let r = closed_loop(&Decimal, &mix, 1, stop, &mut |_, _| false).expect("runs");
        assert_eq!(r.window_ns_per_message.len(), 1);
    }
}
