//! From checked rows to records: the one path every timed row takes, for
//! `run`'s scenarios and `file` alike — same calibration, interleaving,
//! sampling plan and statistics, so the two cannot drift apart.

use crate::{
    measure_interleaved, Config, Progress, Routine, Setup, TimedRoutine, TimerInfo, Variant,
};
use encbench_record::{Check, Failure, Record, RowMeta};
use encbench_stats::Sample;
use std::time::Duration;

/// A checked row waiting to be timed: it cannot be built without the
/// [`Check`] that ran on its output.
pub struct Pending<'a> {
    /// The row's identity.
    pub meta: RowMeta,
    /// The check its record will carry.
    pub check: Check,
    routine: Routine<'a>,
    setup: Option<Setup<'a>>,
    self_timed: Option<TimedRoutine<'a>>,
    uncounted: Option<&'static str>,
    ran_once: Option<Duration>,
}

impl<'a> Pending<'a> {
    /// A row timed in calibrated batches.
    pub fn new(meta: RowMeta, check: impl Into<Check>, routine: Routine<'a>) -> Self {
        Pending {
            meta,
            check: check.into(),
            routine,
            setup: None,
            self_timed: None,
            uncounted: None,
            ran_once: None,
        }
    }

    /// Says that one operation of the routine already ran (its check) and
    /// took `elapsed`: a slow routine takes that call as its warm-up.
    pub fn ran_once(mut self, elapsed: Duration) -> Self {
        self.ran_once = Some(elapsed);
        self
    }

    /// Marks a row whose work happens in other processes (a shell
    /// pipeline): instructions counted in this one would not be its cost.
    pub fn in_other_processes(mut self, why: &'static str) -> Self {
        self.uncounted = Some(why);
        self
    }

    /// A row whose every sample is one operation after `setup`.
    pub fn with_setup(
        meta: RowMeta,
        check: impl Into<Check>,
        setup: Setup<'a>,
        routine: Routine<'a>,
    ) -> Self {
        Pending {
            setup: Some(setup),
            ..Pending::new(meta, check, routine)
        }
    }

    /// A row timed by the code it runs (a worker's own clock).
    pub fn self_timed(meta: RowMeta, check: impl Into<Check>, timed: TimedRoutine<'a>) -> Self {
        Pending {
            self_timed: Some(timed),
            ..Pending::new(meta, check, Box::new(|_| Err("self-timed".into())))
        }
    }
}

/// What timing a group produced: records, and rows that failed while timed.
#[derive(Debug, Default)]
pub struct Timed {
    /// One per row that was timed.
    pub records: Vec<Record>,
    /// One per row whose routine failed.
    pub failures: Vec<Failure>,
}

/// Times `rows` as one interleaved group (see [`measure_interleaved`]) and
/// turns each into a record carrying its check, or a failure.
pub fn measure_rows(
    rows: Vec<Pending<'_>>,
    config: &Config,
    timer: &TimerInfo,
    samples: Option<usize>,
    observer: &mut dyn FnMut(Progress<'_>),
) -> Timed {
    let mut out = Timed::default();
    if rows.is_empty() {
        return out;
    }
    let (metas, mut variants): (Vec<(RowMeta, Check)>, Vec<Variant<'_>>) = rows
        .into_iter()
        .map(|p| {
            let label = format!(
                "{} {} {} ({})",
                p.meta.codec,
                p.meta.operation,
                p.meta.compression,
                p.meta.medium.as_str()
            );
            let mut variant = match (p.self_timed, p.setup) {
                (Some(timed), _) => Variant::self_timed(label, timed),
                (None, Some(setup)) => Variant::with_setup(label, setup, p.routine),
                (None, None) => Variant::new(label, p.routine),
            };
            variant.count_key = Some(p.meta.key());
            variant.uncounted = p.uncounted;
            variant.ran_once = p.ran_once;
            ((p.meta, p.check), variant)
        })
        .unzip();
    let results = measure_interleaved(&mut variants, config, timer, samples, observer);
    for ((meta, check), result) in metas.into_iter().zip(results) {
        let record = result.and_then(|m| {
            let summary = Sample::new(&m.per_op_ns)
                .map_err(|e| e.to_string())?
                .summarize();
            Ok(Record::new(
                meta.clone(),
                &check,
                &summary,
                m.batch,
                m.per_op_ns,
            ))
        });
        match record {
            Ok(r) => out.records.push(r),
            Err(e) => out.failures.push(Failure::new(&meta, e)),
        }
    }
    out
}

/// A group whose one round took longer than a second (slow compressors at
/// high levels, large samples) takes at most [`SLOW_MIN_SAMPLES`] samples
/// and a short warm-up, so a full run stays within minutes; its confidence
/// interval widens honestly, and it is flagged noisy if it is wide.
pub fn lighter_plan(config: &Config, one_round: Duration) -> Config {
    let mut config = config.clone();
    if one_round > SLOW_ROUND {
        config.min_samples = config.min_samples.min(SLOW_MIN_SAMPLES);
        config.warmup = config.warmup.min(Duration::from_millis(100));
    }
    config
}

/// Above this, a group's round counts as slow ([`lighter_plan`]).
pub const SLOW_ROUND: Duration = Duration::from_secs(1);
/// Fewest samples a slow group takes.
pub const SLOW_MIN_SAMPLES: usize = 10;

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_record::{VerificationStatus, Verified};

    fn timer() -> TimerInfo {
        crate::probe_timer()
    }

    fn quick() -> Config {
        Config {
            warmup: Duration::from_millis(5),
            target_sample: Duration::from_micros(200),
            min_samples: 6,
            max_samples: 6,
            group_budget: Duration::from_millis(50),
            resolution_factor: 10,
        }
    }

    #[test]
    fn each_record_carries_its_rows_check_and_failures_name_their_row() {
        let proof = Verified::equal("one", &1, &1).unwrap();
        let ok_meta = RowMeta {
            codec: "ok".into(),
            ..Default::default()
        };
        let bad_meta = RowMeta {
            codec: "bad".into(),
            ..Default::default()
        };
        let rows = vec![
            Pending::new(ok_meta, proof, crate::repeat(|| 1 + 1)),
            Pending::new(
                bad_meta,
                Check::Unverified {
                    reason: "a test".into(),
                },
                Box::new(|_| Err("broken".into())),
            ),
        ];
        let timed = measure_rows(rows, &quick(), &timer(), None, &mut |_| {});
        assert_eq!(timed.records.len(), 1);
        let r = &timed.records[0];
        assert_eq!(r.codec, "ok");
        assert_eq!(r.samples, 6);
        let v = r.verification.as_ref().unwrap();
        assert_eq!(
            (v.status, v.detail.as_str()),
            (VerificationStatus::Verified, "one")
        );
        assert_eq!(timed.failures.len(), 1);
        assert_eq!(timed.failures[0].codec, "bad");
        assert!(timed.failures[0].error.contains("broken"));
    }

    #[test]
    fn only_groups_slower_than_a_second_a_round_sample_lighter() {
        let full = Config::full();
        let fast = lighter_plan(&full, Duration::from_millis(900));
        assert_eq!(fast.min_samples, full.min_samples);
        assert_eq!(fast.warmup, full.warmup);
        let slow = lighter_plan(&full, Duration::from_millis(1100));
        assert_eq!(slow.min_samples, SLOW_MIN_SAMPLES);
        assert!(slow.warmup <= Duration::from_millis(100));
        // Quick mode's minimum is already 10: never raised.
        assert_eq!(
            lighter_plan(&Config::quick(), Duration::from_secs(5)).min_samples,
            10
        );
        // `file`'s quick mode asks six of every group: a slow one too.
        let file_quick = Config {
            min_samples: 6,
            ..Config::quick()
        };
        assert_eq!(
            lighter_plan(&file_quick, Duration::from_secs(5)).min_samples,
            6
        );
        // A floor above the config's own minimum never raises it.
        let few = Config {
            min_samples: 3,
            ..Config::full()
        };
        assert_eq!(lighter_plan(&few, Duration::from_secs(5)).min_samples, 3);
    }
}
