//! The timing engine.
//!
//! A scenario hands over a set of [`Variant`]s — routines that run their
//! operation `iters` times — and gets back raw per-operation sample times.
//! The engine warms each variant up, calibrates a batch size so one sample
//! lasts far longer than the timer's resolution, then takes samples
//! round-robin (A B C, B C A, …) so drift and thermal change hit every
//! variant alike. Statistics happen elsewhere (`encbench-stats`).

pub mod instructions;
pub mod pagecache;
pub mod pin;
pub mod rows;
pub mod steadiness;
mod timer;

use std::hint::black_box;
use std::time::{Duration, Instant};

pub use timer::{probe_timer, TimerInfo};

/// How long and how often to measure.
#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    /// Time spent warming each variant up (calibration happens during it).
    pub warmup: Duration,
    /// A sample lasts at least this long (and at least `resolution_factor` × timer resolution).
    pub target_sample: Duration,
    /// Fewest samples per variant.
    pub min_samples: usize,
    /// Most samples per variant.
    pub max_samples: usize,
    /// Wall-clock budget for the sampling phase of one interleaved group.
    pub group_budget: Duration,
    /// A sample must last this many timer resolutions.
    pub resolution_factor: u32,
}

impl Config {
    /// Quick mode: the default for `run`, sized so every scenario stays well under a minute.
    pub fn quick() -> Self {
        Config {
            warmup: Duration::from_millis(60),
            target_sample: Duration::from_millis(2),
            min_samples: 10,
            max_samples: 60,
            group_budget: Duration::from_millis(1500),
            resolution_factor: 1000,
        }
    }

    /// Full mode: more samples, longer samples, longer warm-up.
    pub fn full() -> Self {
        Config {
            warmup: Duration::from_millis(500),
            target_sample: Duration::from_millis(10),
            min_samples: 30,
            max_samples: 200,
            group_budget: Duration::from_secs(12),
            resolution_factor: 1000,
        }
    }

    /// The shortest sample this config allows on a timer with `timer` properties.
    pub fn min_sample_time(&self, timer: &TimerInfo) -> Duration {
        let floor = Duration::from_nanos(
            (timer.resolution_ns * f64::from(self.resolution_factor)).ceil() as u64,
        );
        self.target_sample.max(floor)
    }
}

/// A routine that runs its operation `iters` times, or says why it failed.
pub type Routine<'a> = Box<dyn FnMut(u64) -> Result<(), String> + 'a>;

/// Work done before every sample, outside the timed region (evicting a
/// file from the page cache, say); it can refuse, which fails the variant.
pub type Setup<'a> = Box<dyn FnMut() -> Result<(), String> + 'a>;

/// A routine that times itself (a worker process with its own monotonic
/// clock): runs `iters` operations and returns how long they took.
pub type TimedRoutine<'a> = Box<dyn FnMut(u64) -> Result<Duration, String> + 'a>;

/// One thing to measure.
pub struct Variant<'a> {
    /// A label used in errors and progress.
    pub label: String,
    /// The work: set-up happens before it is built, never inside.
    pub routine: Routine<'a>,
    /// When set, the variant reports its own durations (and `routine` is unused).
    pub self_timed: Option<TimedRoutine<'a>>,
    /// Untimed preparation before each sample. A variant with one runs one
    /// operation per sample (its state would not survive a batch).
    pub before_each: Option<Setup<'a>>,
    /// What its instruction count is filed under (default: the label).
    pub count_key: Option<String>,
    /// Why its instructions cannot be counted in this process, if so.
    pub uncounted: Option<&'static str>,
    /// How long one operation took when it already ran once outside (its
    /// verification). One that lasted the whole warm-up was the warm-up: a
    /// slow routine is not run again just to warm it (see
    /// [`warm_up_and_calibrate`]).
    pub ran_once: Option<Duration>,
}

impl<'a> Variant<'a> {
    /// Wraps a routine under a label.
    pub fn new(label: impl Into<String>, routine: Routine<'a>) -> Self {
        Variant {
            label: label.into(),
            routine,
            self_timed: None,
            before_each: None,
            count_key: None,
            uncounted: None,
            ran_once: None,
        }
    }

    /// A variant timed by the code it runs (another process's clock), so
    /// the cost of asking it is not counted.
    pub fn self_timed(label: impl Into<String>, routine: TimedRoutine<'a>) -> Self {
        Variant {
            self_timed: Some(routine),
            ..Variant::new(label, Box::new(|_| Err("self-timed variant".into())))
        }
    }

    /// Runs `iters` operations and returns their duration.
    fn time(&mut self, iters: u64) -> Result<Duration, String> {
        match self.self_timed.as_mut() {
            Some(timed) => timed(iters),
            None => {
                let start = Instant::now();
                (self.routine)(iters)?;
                Ok(start.elapsed())
            }
        }
    }

    /// A variant whose every sample is one operation preceded by `setup`.
    pub fn with_setup(label: impl Into<String>, setup: Setup<'a>, routine: Routine<'a>) -> Self {
        Variant {
            before_each: Some(setup),
            ..Variant::new(label, routine)
        }
    }
}

/// Builds a routine from a single operation; the result goes through
/// `black_box` so the optimiser cannot delete the work.
pub fn repeat<'a, R>(mut op: impl FnMut() -> R + 'a) -> Routine<'a> {
    Box::new(move |iters| {
        for _ in 0..iters {
            black_box(op());
        }
        Ok(())
    })
}

/// Like [`repeat`] for operations that can fail; the first error stops the batch.
pub fn repeat_fallible<'a, R, E: std::fmt::Display>(
    mut op: impl FnMut() -> Result<R, E> + 'a,
) -> Routine<'a> {
    Box::new(move |iters| {
        for _ in 0..iters {
            black_box(op().map_err(|e| e.to_string())?);
        }
        Ok(())
    })
}

/// Raw timings of one variant.
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// Iterations per sample.
    pub batch: u64,
    /// Iterations run during warm-up.
    pub warmup_iters: u64,
    /// Per-operation time of each sample, in nanoseconds.
    pub per_op_ns: Vec<f64>,
}

/// What the engine tells an observer while it works.
#[derive(Debug, Clone, Copy)]
pub enum Progress<'a> {
    /// Warming up the named variant.
    Warmup { label: &'a str },
    /// Finished round `round` of `rounds`.
    Round { round: usize, rounds: usize },
}

/// Warms up, calibrates, and samples every variant round-robin.
///
/// Returns one entry per variant, in order. A variant whose routine fails is
/// dropped from later rounds and its error returned; the others go on.
pub fn measure_interleaved(
    variants: &mut [Variant<'_>],
    config: &Config,
    timer: &TimerInfo,
    samples_override: Option<usize>,
    observer: &mut dyn FnMut(Progress<'_>),
) -> Vec<Result<Measurement, String>> {
    if let Some(child) = instructions::counting_child() {
        return count_instructions(variants, child);
    }
    // One core for the whole group: a migration mid-sample is noise.
    let _pin = pin::CpuPin::here();
    let min_time = config.min_sample_time(timer);
    let mut states: Vec<Result<(u64, u64, Duration), String>> = variants
        .iter_mut()
        .map(|v| {
            observer(Progress::Warmup { label: &v.label });
            let outcome = match v.before_each.take() {
                Some(mut setup) => {
                    let r = single_shot_warm_up(&mut setup, v);
                    v.before_each = Some(setup);
                    r
                }
                None => match v.ran_once {
                    // A call already made (its check) that lasted the whole
                    // warm-up and a sample's minimum is what one more warm-up
                    // call would have been; the next call is the first sample.
                    Some(once) if once >= config.warmup && once >= min_time => Ok((1, 0, once)),
                    _ => warm_up_and_calibrate(v, config.warmup, min_time),
                },
            };
            outcome.map_err(|e| format!("{}: {e}", v.label))
        })
        .collect();

    let round_time: Duration = states
        .iter()
        .filter_map(|s| s.as_ref().ok().map(|(_, _, t)| *t))
        .sum();
    let rounds = samples_override.unwrap_or_else(|| {
        let fit = config.group_budget.as_secs_f64() / round_time.as_secs_f64().max(1e-9);
        (fit as usize).clamp(config.min_samples, config.max_samples)
    });

    let mut samples: Vec<Vec<f64>> = vec![Vec::with_capacity(rounds); variants.len()];
    for round in 0..rounds {
        // Rotate the starting variant so none always runs first (or right after another).
        for k in 0..variants.len() {
            let i = (round + k) % variants.len();
            let Ok((batch, _, _)) = states[i] else {
                continue;
            };
            if let Some(setup) = variants[i].before_each.as_mut() {
                if let Err(e) = setup() {
                    states[i] = Err(format!("{}: {e}", variants[i].label));
                    continue;
                }
            }
            match variants[i].time(batch) {
                Ok(elapsed) => samples[i].push(elapsed.as_nanos() as f64 / batch as f64),
                Err(e) => states[i] = Err(format!("{}: {e}", variants[i].label)),
            }
        }
        observer(Progress::Round {
            round: round + 1,
            rounds,
        });
    }

    states
        .into_iter()
        .zip(samples)
        .map(|(state, per_op_ns)| {
            state.map(|(batch, warmup_iters, _)| Measurement {
                batch,
                warmup_iters,
                per_op_ns,
            })
        })
        .collect()
}

/// In a counting child (`run --instructions`), each variant's instructions
/// are counted instead of timed; the child's records are not used, so every
/// variant reports an error (and rows that cannot be counted say why).
fn count_instructions(
    variants: &mut [Variant<'_>],
    mut child: std::sync::MutexGuard<'_, instructions::Child>,
) -> Vec<Result<Measurement, String>> {
    variants
        .iter_mut()
        .map(|v| {
            if v.self_timed.is_some() {
                return Err(format!("{}: runs in another process: not counted", v.label));
            }
            if v.before_each.is_some() {
                return Err(format!(
                    "{}: prepared before each sample: not counted",
                    v.label
                ));
            }
            if let Some(why) = v.uncounted {
                return Err(format!("{}: {why}: not counted", v.label));
            }
            let key = v.count_key.clone().unwrap_or_else(|| v.label.clone());
            child
                .count(&key, &mut v.routine)
                .map_err(|e| format!("{}: {e}", v.label))?;
            Err(format!("{}: counted, not timed", v.label))
        })
        .collect()
}

/// One prepared, timed operation stands in for warm-up and calibration
/// when every sample needs its own preparation.
fn single_shot_warm_up(
    setup: &mut Setup<'_>,
    variant: &mut Variant<'_>,
) -> Result<(u64, u64, Duration), String> {
    setup()?;
    let elapsed = variant.time(1)?;
    Ok((1, 1, elapsed))
}

/// Largest batch the calibration will try (about 10¹² iterations).
const MAX_BATCH: u64 = 1 << 40;

/// Runs the routine for at least `warmup`, growing the batch until one batch
/// lasts `min_time`. Returns (batch, iterations run, expected sample time).
fn warm_up_and_calibrate(
    variant: &mut Variant<'_>,
    warmup: Duration,
    min_time: Duration,
) -> Result<(u64, u64, Duration), String> {
    let started = Instant::now();
    let mut batch: u64 = 1;
    let mut total_iters: u64 = 0;
    loop {
        let elapsed = variant.time(batch)?;
        total_iters = total_iters.saturating_add(batch);
        // A body so cheap that even MAX_BATCH iterations stay under the floor
        // (or one that ignores `iters`) is sampled at MAX_BATCH rather than looping forever.
        if elapsed >= min_time || batch >= MAX_BATCH {
            if started.elapsed() >= warmup {
                return Ok((batch, total_iters, elapsed));
            }
            // Long enough; keep the batch and keep warming.
            continue;
        }
        // Aim 20 % past the target, but grow at most 10× a step so one slow
        // first call (cold caches, page faults) does not overshoot wildly.
        let per_iter = elapsed.as_nanos().max(1) as f64 / batch as f64;
        let wanted = (min_time.as_nanos() as f64 * 1.2 / per_iter).ceil() as u64;
        batch = wanted
            .clamp(batch + 1, batch.saturating_mul(10))
            .min(MAX_BATCH);
    }
}

/// What the engine costs by itself, measured the same way as everything else.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Overhead {
    /// The timer's properties.
    pub timer: TimerInfo,
    /// Median per-operation time of an empty body.
    pub empty_body_ns: f64,
}

/// Measures an empty body through the engine so every run reports the floor.
pub fn measure_overhead(config: &Config, timer: &TimerInfo) -> Overhead {
    let mut empty = Variant::new("empty body", repeat(|| ()));
    empty.count_key = Some(instructions::EMPTY_BODY_KEY.into());
    let mut variants = [empty];
    let results = measure_interleaved(&mut variants, config, timer, None, &mut |_| {});
    let empty_body_ns = results
        .into_iter()
        .next()
        .and_then(Result::ok)
        .and_then(|m| encbench_stats::Sample::new(&m.per_op_ns).ok())
        .map(|s| s.median())
        .unwrap_or(f64::NAN);
    Overhead {
        timer: *timer,
        empty_body_ns,
    }
}

#[cfg(test)]
mod tests;
