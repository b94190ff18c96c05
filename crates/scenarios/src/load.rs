//! Scenario `load` (seed 004, finished): "can handle high numbers of
//! transactions and execution over long periods of time", with
//! "robustness in the face of exception data". The Megaco codecs (and any
//! registry codec `--codec` names) under a closed loop on 1…N threads, an
//! open loop at 50/80/95 % of the closed-loop maximum with latency from
//! each message's due time, malformed messages mixed in and counted, a UDP
//! server stepped to saturation, Erlang's own mstone load test beside them,
//! and, with `--soak`, minutes or hours watching memory and throughput.
//! The mechanics live in `encbench-load`; this file picks what runs and
//! turns results into rows.

mod conclusions;
mod mstone;
mod soak;
mod subjects;

#[cfg(test)]
pub(crate) use conclusions::claims;
pub use conclusions::conclude;

use crate::{seeds, Context, Mode, Output, Scenario, ScenarioError};
use encbench_codecs::registry::MEGACO_CODECS;
use encbench_load::udp::{saturate, Bounds};
use encbench_load::{closed_loop, open_loop, ClosedResult, Latency, Mix, Stop};
use encbench_record::{
    Check, Comparison, Failure, LoadLatency, LoadRow, Medium, Record, RowMeta, SeedReference,
    Verified,
};
use std::time::Duration;
use subjects::{megaco_codecs, megaco_subject, registry_subjects, Subject};

pub(crate) struct Load;

const NAME: &str = "load";

/// What `run load` takes from the command line.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LoadOptions {
    /// Length of each measured point (`--duration`); quick 2 s, full 3 s.
    pub duration: Option<Duration>,
    /// Share of malformed messages (`--bad-fraction`, default 1 %).
    pub bad_fraction: f64,
    /// Soak for this long in all, split over the codecs (`--soak`).
    pub soak: Option<Duration>,
}

impl Default for LoadOptions {
    fn default() -> Self {
        LoadOptions {
            duration: None,
            bad_fraction: 0.01,
            soak: None,
        }
    }
}

/// The codecs that also get the open loop, malformed messages and UDP in
/// quick mode (all of them in full mode): the text and binary the first
/// question compares. Quick mode stays under a minute this way.
const FOCUS: [&str; 2] = ["megaco/compact", "megaco/ber-tape"];

/// Open-loop rates, % of the closed-loop maximum on all cores.
const OFFERED_PCT: [u32; 3] = [50, 80, 95];

/// The UDP search: p99 bound, loss bound.
const UDP_P99_BOUND_NS: f64 = 1e6;
const UDP_LOSS_BOUND: f64 = 0.001;

/// Seed of the malformed messages' positions and forms.
pub(crate) const MIX_SEED: u64 = 0x4c0a_d004;

impl Scenario for Load {
    fn name(&self) -> &'static str {
        NAME
    }

    fn seed(&self) -> Option<&'static str> {
        Some("004")
    }

    fn summary(&self) -> &'static str {
        "Megaco codecs under load: closed loop on 1…N threads, open loop at 50/80/95 % with coordinated-omission-corrected HDR latency, 1 % malformed messages counted, UDP saturation on loopback, Erlang's mstone beside them, --soak for memory and drift"
    }

    fn codec_ids(&self) -> Vec<&'static str> {
        let megaco = MEGACO_CODECS.iter().map(|i| i.id);
        megaco.chain(subjects::registry_ids()).collect()
    }

    fn run(&self, ctx: &mut Context<'_>) -> Result<Output, ScenarioError> {
        let mut out = Output::default();
        let opts = ctx.load;
        // `--items`/`--samples` ask for a quick look (the tests use them):
        // short points then, unless `--duration` says otherwise.
        let glance = ctx.items.is_some() || ctx.samples.is_some();
        let duration = opts.duration.unwrap_or(match (glance, ctx.mode) {
            (true, _) => Duration::from_millis(250),
            (false, Mode::Quick) => Duration::from_secs(2),
            (false, Mode::Full) => Duration::from_secs(3),
        });
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let subjects = build_subjects(ctx, &mut out);
        let mut plan = Plan {
            duration,
            cores,
            bad_fraction: opts.bad_fraction,
            full: ctx.mode == Mode::Full,
            out: &mut out,
        };
        for s in &subjects {
            (ctx.progress)(&format!("load: {} closed loop", s.id));
            let Some(max) = plan.closed(s) else { continue };
            if plan.full || FOCUS.contains(&s.id.as_str()) || !is_megaco(&s.id) {
                (ctx.progress)(&format!("load: {} open loop, malformed, UDP", s.id));
                plan.exceptions_and_latency(s, max);
            }
        }
        let megaco_wanted = megaco_codecs().iter().any(|e| ctx.wants(e.id()));
        if megaco_wanted && ctx.wants_language("erlang") {
            (ctx.progress)("load: Erlang's mstone");
            mstone::peer_rows(ctx, duration, cores, &mut out);
        }
        if let Some(total) = opts.soak {
            soak::soak_rows(ctx, &subjects, total, cores, &mut out);
        }
        out.notes.push(format!(
            "load: {cores} cores; each point {} s: the clean closed-loop points in {ROUNDS} turns of {} s (1…{cores} threads, then back) so they meet the same machine, each turn after a {} ms warm-up; the closed loop with malformed messages after a {} s warm-up; open loop on {cores} threads at {} % of each codec's closed-loop maximum, with no warm-up (every message offered is timed), latency timed from each message's due time (coordinated omission corrected, as wrk2) into HDR histograms; malformed messages (robust corpus ops: truncated, bit-flipped, wrong length) at --bad-fraction {}, each checked to fail before the run and every error counted{}",
            duration.as_secs_f64(),
            (duration / ROUNDS as u32).as_secs_f64(),
            ROUND_WARM_UP.as_millis(),
            WARM_UP.as_secs_f64(),
            OFFERED_PCT.map(|p| p.to_string()).join("/"),
            opts.bad_fraction,
            if plan_is_quick(ctx) { format!("; quick mode: open loop, malformed and UDP rows for {} only (--full: every codec)", FOCUS.join(", ")) } else { String::new() },
        ));
        Ok(out)
    }
}

fn plan_is_quick(ctx: &Context<'_>) -> bool {
    ctx.mode == Mode::Quick
}

fn is_megaco(id: &str) -> bool {
    id.starts_with("megaco/")
}

/// Every selected codec, verified; failures and notes for the rest.
fn build_subjects(ctx: &Context<'_>, out: &mut Output) -> Vec<Subject> {
    let mut subjects = Vec::new();
    let entries: Vec<_> = megaco_codecs()
        .into_iter()
        .filter(|e| ctx.wants(e.id()))
        .collect();
    if !entries.is_empty() {
        match subjects::megaco_values(ctx) {
            Ok(values) => {
                for e in &entries {
                    match megaco_subject(e, &values) {
                        Ok(s) => subjects.push(s),
                        Err(why) => out.failures.push(Failure::new(
                            &meta(e.id(), subjects::MEGACO_DATASET, "closed-loop"),
                            format!("verification failed: {why}"),
                        )),
                    }
                }
            }
            Err(why) => out
                .notes
                .push(format!("load: Megaco codecs skipped: {why}")),
        }
    }
    for s in registry_subjects(ctx) {
        match s {
            Ok(s) => subjects.push(s),
            Err(why) => out.notes.push(format!("load: {why}")),
        }
    }
    subjects
}

pub(crate) fn meta(codec: &str, dataset: &str, operation: &str) -> RowMeta {
    RowMeta {
        scenario: NAME.into(),
        dataset: dataset.into(),
        codec: codec.into(),
        operation: operation.into(),
        medium: Medium::Memory,
        items: 1,
        ..Default::default()
    }
}

/// The point a row measured, in its dataset name: `…/threads-1`,
/// `…/threads-all` (every core), `…/offered-80%`, `…/udp`, with
/// `/bad-1%` when malformed messages were mixed in.
fn point(s: &Subject, what: &str, mix: &Mix, asked: f64) -> String {
    match mix.bad {
        0 => format!("{}/{what}", s.dataset),
        _ => format!("{}/{what}/bad-{}%", s.dataset, pct(asked)),
    }
}

/// `1` for 0.01, `0.5` for 0.005: the share as typed, in percent.
fn pct(f: f64) -> String {
    let s = encbench_record::significant(f * 100.0);
    match s.contains('.') {
        true => s.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => s,
    }
}

/// Rounds a closed-loop point's time is split into (see `Plan::closed`).
const ROUNDS: usize = 10;
/// Warm-up before each round of a clean closed-loop point.
const ROUND_WARM_UP: Duration = Duration::from_millis(10);
/// Warm-up before the closed loop with malformed messages.
const WARM_UP: Duration = Duration::from_millis(100);

/// N threads ÷ 1 thread from the rounds' pairs: their median, and their
/// range in the note; none when a round measured nothing.
fn scaling(id: &str, cores: usize, ratios: &[f64]) -> Option<Comparison> {
    let rounds = encbench_stats::Sample::new(ratios).ok()?;
    let median = rounds.median();
    Some(Comparison {
        scenario: NAME.into(),
        label: format!("{id}: {cores} threads ÷ 1 thread (messages/s)"),
        value: median,
        unit: "×".into(),
        seed_value: None,
        note: format!(
            "closed-loop scaling; efficiency {:.0} % of {cores}×; the median of {} rounds' ratios ({:.2}–{:.2}×), each round's points measured moments apart",
            median / cores as f64 * 100.0,
            rounds.len(),
            rounds.min(),
            rounds.max(),
        ),
    })
}

/// The run's shared settings and output.
struct Plan<'o> {
    duration: Duration,
    cores: usize,
    bad_fraction: f64,
    full: bool,
    out: &'o mut Output,
}

impl Plan<'_> {
    fn stop(&self) -> Stop {
        Stop::Time {
            warm_up: WARM_UP,
            duration: self.duration,
            window: self.duration / 20,
        }
    }

    /// Pushes `row` under `dataset`, with seed 004's figure beside it only
    /// when it measures what the seed did (see [`seed_for`]).
    fn push(&mut self, s: &Subject, dataset: String, operation: &str, check: &Check, row: LoadRow) {
        let mut m = meta(&s.id, &dataset, operation);
        m.logical_bytes = s.logical_bytes;
        m.encoded_bytes = s.mean_bytes();
        m.seed_reference = seed_for(&s.id, operation, &row);
        self.out.records.push(Record::load(m, check, row));
    }

    /// One round's share of a closed-loop point: the point's time split
    /// over [`ROUNDS`], each after a short warm-up.
    fn round_stop(&self) -> Stop {
        let slice = self.duration / ROUNDS as u32;
        Stop::Time {
            warm_up: ROUND_WARM_UP,
            duration: slice,
            window: slice / 5,
        }
    }

    /// Closed loop on 1…N threads, clean; returns the all-cores messages/s.
    /// The points take turns in [`ROUNDS`] rounds (1…N, then N…1), so a
    /// machine that changes speed mid-run slows every point alike, and the
    /// scaling is read from each round's pair, measured moments apart.
    fn closed(&mut self, s: &Subject) -> Option<f64> {
        let mix = match Mix::clean(&s.good) {
            Ok(m) => m,
            Err(e) => return self.fail(s, "closed-loop", e.to_string()),
        };
        let cores = self.cores;
        let mut points: Vec<Option<ClosedResult>> = vec![None; cores];
        let mut ratios = Vec::with_capacity(ROUNDS);
        for round in 0..ROUNDS {
            let mut rates = vec![0.0; cores];
            let order: Vec<usize> = match round % 2 {
                0 => (1..=cores).collect(),
                _ => (1..=cores).rev().collect(),
            };
            for t in order {
                match closed_loop(s.work.as_ref(), &mix, t, self.round_stop(), &mut |_, _| {
                    true
                }) {
                    Ok(r) => {
                        rates[t - 1] = r.messages_per_s();
                        match &mut points[t - 1] {
                            Some(point) => point.merge(r),
                            none => *none = Some(r),
                        }
                    }
                    Err(e) => return self.fail(s, "closed-loop", e.to_string()),
                }
            }
            ratios.push(rates[cores - 1] / rates[0]);
        }
        let mut all = 0.0;
        for (i, r) in points.into_iter().flatten().enumerate() {
            let t = i + 1;
            let what = match t == cores {
                true => "threads-all".to_string(),
                false => format!("threads-{t}"),
            };
            all = r.messages_per_s();
            let row = LoadRow {
                threads: t as u32,
                messages_per_s: all,
                bad_fraction: 0.0,
                errors: Some(r.tally.errors),
                window_ns: r.window_ns_per_message,
                ..LoadRow::default()
            };
            let dataset = point(s, &what, &mix, 0.0);
            self.push(s, dataset, "closed-loop", &s.proof.clone().into(), row);
        }
        if cores > 1 {
            self.out.comparisons.extend(scaling(&s.id, cores, &ratios));
        }
        Some(all)
    }

    fn fail(&mut self, s: &Subject, operation: &str, why: String) -> Option<f64> {
        let m = meta(&s.id, s.dataset, operation);
        self.out.failures.push(Failure::new(&m, why));
        None
    }

    /// Malformed messages in a closed loop; the open loop at 50/80/95 %
    /// with them (and at 80 % without); the UDP search.
    fn exceptions_and_latency(&mut self, s: &Subject, max: f64) {
        let bad = match self.bad_fraction > 0.0 {
            true => {
                match Mix::for_workload(&s.good, self.bad_fraction, MIX_SEED, s.work.as_ref()) {
                    Ok(m) => Some(m),
                    Err(e) => {
                        self.fail(s, "closed-loop", e.to_string());
                        None
                    }
                }
            }
            false => None,
        };
        let Ok(clean) = Mix::clean(&s.good) else {
            return;
        };
        // The proof a row carries: the round trip, and each malformed
        // message refused once more here (the mix was built from refusals).
        let check = |mix: &Mix| -> Check {
            let mut reply = Vec::new();
            let refused = mix
                .messages
                .iter()
                .filter(|m| m.bad && s.work.serve(&m.bytes, &mut reply).is_err())
                .count();
            let what = format!("all {} malformed messages refused before the run", mix.bad);
            match Verified::equal_shown(what, &mix.bad, &refused) {
                Ok(p) if mix.bad > 0 => s.proof.clone().and(p).into(),
                Ok(_) => s.proof.clone().into(),
                Err(e) => Check::Unverified {
                    reason: e.to_string(),
                },
            }
        };
        let loaded = bad.as_ref().unwrap_or(&clean);
        if let Some(mix) = &bad {
            match closed_loop(
                s.work.as_ref(),
                mix,
                self.cores,
                self.stop(),
                &mut |_, _| true,
            ) {
                Ok(r) => {
                    let row = LoadRow {
                        threads: self.cores as u32,
                        messages_per_s: r.messages_per_s(),
                        bad_fraction: mix.bad_fraction(),
                        errors: Some(r.tally.errors),
                        window_ns: r.window_ns_per_message,
                        ..LoadRow::default()
                    };
                    let dataset = point(s, "threads-all", mix, self.bad_fraction);
                    self.push(s, dataset, "closed-loop", &check(mix), row);
                }
                Err(e) => {
                    self.fail(s, "closed-loop", e.to_string());
                }
            }
        }
        let mut points: Vec<(u32, &Mix)> = OFFERED_PCT.iter().map(|p| (*p, loaded)).collect();
        // Latency without malformed messages, for contrast: every codec in
        // full mode, the BER tape in quick mode (the minute's budget).
        if bad.is_some() && (self.full || s.id == "megaco/ber-tape") {
            points.push((80, &clean));
        }
        for (p, mix) in points {
            let rate = max * f64::from(p) / 100.0;
            match open_loop(s.work.as_ref(), mix, self.cores, rate, self.duration) {
                Ok(r) => {
                    let row = LoadRow {
                        threads: self.cores as u32,
                        messages_per_s: r.achieved_per_s,
                        bad_fraction: mix.bad_fraction(),
                        offered_per_s: Some(rate),
                        errors: Some(r.tally.errors),
                        latency: Some(latency(&r.recorder.corrected())),
                        ..LoadRow::default()
                    };
                    let dataset = point(s, &format!("offered-{p}%"), mix, self.bad_fraction);
                    self.push(s, dataset, "open-loop", &check(mix), row);
                }
                Err(e) => {
                    self.fail(s, "open-loop", e.to_string());
                }
            }
        }
        self.udp(s, loaded, max, &check(loaded));
    }

    /// The UDP server stepped from a twentieth of the closed-loop maximum up by ×1.3.
    fn udp(&mut self, s: &Subject, mix: &Mix, max: f64, check: &Check) {
        let bounds = Bounds {
            start_per_s: (max / 20.0).max(1000.0),
            factor: 1.3,
            step: (self.duration / 8).max(Duration::from_millis(200)),
            max_steps: 12,
            max_messages: 500_000,
            p99_bound_ns: UDP_P99_BOUND_NS,
            loss_bound: UDP_LOSS_BOUND,
        };
        match saturate(s.work.as_ref(), self.cores, mix, bounds) {
            Ok((sat, server)) => {
                let Some(rate) = sat.saturation_per_s else {
                    self.out.notes.push(format!(
                        "load: {} over UDP: no step kept within the bounds ({})",
                        s.id, sat.ended
                    ));
                    return;
                };
                let Some(at) = sat.steps.iter().rev().find(|x| x.offered_per_s == rate) else {
                    return;
                };
                // The rates the sender actually kept, measured over the
                // span it sent in: the nominal step rate overstates them
                // when the client fell behind.
                let (Some(sent_per_s), Some(answered_per_s)) =
                    (at.sent_per_s(), at.answered_per_s())
                else {
                    self.out.notes.push(format!(
                        "load: {} over UDP: the saturation step sent {} requests, too few to measure the rate it sent at",
                        s.id, at.sent
                    ));
                    return;
                };
                let row = LoadRow {
                    threads: self.cores as u32,
                    messages_per_s: answered_per_s,
                    bad_fraction: mix.bad_fraction(),
                    offered_per_s: Some(sent_per_s),
                    errors: Some(at.refused),
                    latency: Some(latency(&at.latency())),
                    ..LoadRow::default()
                };
                let dataset = point(s, "udp", mix, self.bad_fraction);
                self.push(s, dataset, "udp-saturation", check, row);
                self.out.notes.push(format!(
                    "load: {} over UDP on 127.0.0.1 ({} server threads; client and server share the cores): saturates at the step asking {:.0} messages/s, which sent {:.0}/s as measured from its first send to its last ({:.0} % of the rate asked) — the search ended {}; {} steps of {} ms, {} requests answered ({} refused as malformed); bounds: p99 ≤ {} µs from the send time (the sender never waits on replies), ≤ {} % lost",
                    s.id,
                    self.cores,
                    rate,
                    sent_per_s,
                    sent_per_s / rate * 100.0,
                    sat.ended,
                    sat.steps.len(),
                    bounds.step.as_millis(),
                    server.served,
                    server.refused,
                    UDP_P99_BOUND_NS / 1e3,
                    UDP_LOSS_BOUND * 100.0,
                ));
            }
            Err(e) => {
                self.fail(s, "udp-saturation", e.to_string());
            }
        }
    }
}

/// Seed 004's figure beside a row only when the row measures what the
/// seed did: Erlang's published µs per message are of one message decoded
/// and encoded on one core, back to back, every message well-formed. So a
/// clean closed-loop row on one thread; never an all-thread row (wall time
/// per message over many cores), an open-loop or UDP row (latency under
/// offered load), or a row with malformed messages mixed in.
fn seed_for(id: &str, operation: &str, row: &LoadRow) -> Option<SeedReference> {
    let like_the_seed = operation == "closed-loop"
        && row.threads == 1
        && row.bad_fraction == 0.0
        && row.latency.is_none();
    like_the_seed
        .then(|| seeds::seed_004(id, "decode-then-encode"))
        .flatten()
}

fn latency(l: &Latency) -> LoadLatency {
    LoadLatency {
        count: l.count,
        p50_ns: l.p50_ns,
        p50_ci_ns: l.p50_ci_ns,
        p99_ns: l.p99_ns,
        p999_ns: l.p999_ns,
        min_ns: l.min_ns,
        max_ns: l.max_ns,
        mean_ns: l.mean_ns,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(threads: u32, bad_fraction: f64, latency: Option<LoadLatency>) -> LoadRow {
        LoadRow {
            threads,
            messages_per_s: 1000.0,
            bad_fraction,
            latency,
            ..LoadRow::default()
        }
    }

    #[test]
    fn seed_figures_stand_only_beside_rows_that_measure_what_the_seed_did() {
        let id = "megaco/ber-tape";
        let one = seed_for(id, "closed-loop", &row(1, 0.0, None)).expect("a seed figure");
        assert_eq!(
            Some(one),
            seeds::seed_004(id, "decode-then-encode"),
            "one thread, clean, closed loop: the seed's measure"
        );
        let timed = Some(LoadLatency {
            count: 10,
            p50_ns: 1.0,
            p50_ci_ns: (1.0, 1.0),
            p99_ns: 1.0,
            p999_ns: 1.0,
            min_ns: 1.0,
            max_ns: 1.0,
            mean_ns: 1.0,
        });
        for (operation, r) in [
            ("closed-loop", row(16, 0.0, None)),
            ("closed-loop", row(2, 0.0, None)),
            ("closed-loop", row(1, 0.01, None)),
            ("open-loop", row(1, 0.0, timed)),
            ("open-loop", row(16, 0.01, timed)),
            ("udp-saturation", row(1, 0.0, timed)),
            ("soak", row(1, 0.0, None)),
        ] {
            assert_eq!(seed_for(id, operation, &r), None, "{operation} {r:?}");
        }
        // A codec the seed has no figure for gets none anywhere.
        assert_eq!(
            seed_for("record/json", "closed-loop", &row(1, 0.0, None)),
            None
        );
    }
}
