//! How steady the machine is right now: one fixed loop, a pointer chase
//! through a random cycle small enough to stay in a core's own cache, timed
//! in many short chunks on a pinned thread. Its work never changes, so any
//! spread between chunks is the machine's (another tenant on the sibling
//! hyperthread or the shared cache, frequency changes), not encbench's. A
//! run takes it at its start and end, and `compare` sets the two runs'
//! figures side by side.

use crate::pin::CpuPin;
use encbench_record::Steadiness;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use std::hint::black_box;
use std::time::Instant;

/// Bytes the chase walks: within the 512 KiB–1 MiB private L2 of current
/// x86 and Arm cores, beyond their L1.
const CHASE_BYTES: usize = 256 << 10;
/// Steps per chunk: a few hundred microseconds each, far above the timer.
const STEPS_PER_CHUNK: usize = 100_000;
/// Chunks timed (about a tenth of a second in all).
const CHUNKS: usize = 200;

/// The next-index table of one random cycle through `len` slots.
fn cycle(len: usize) -> Vec<u32> {
    let mut order: Vec<u32> = (0..len as u32).collect();
    order.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(0x5eed));
    let mut next = vec![0u32; len];
    for (i, &slot) in order.iter().enumerate() {
        next[slot as usize] = order[(i + 1) % len];
    }
    next
}

/// Times the fixed loop now; `at` names the moment (`start`, `end`).
pub fn probe(at: &str) -> Steadiness {
    probe_with(at, CHUNKS, STEPS_PER_CHUNK)
}

fn probe_with(at: &str, chunks: usize, steps: usize) -> Steadiness {
    let next = cycle(CHASE_BYTES / std::mem::size_of::<u32>());
    let _pin = CpuPin::here();
    let mut at_slot = 0u32;
    // One untimed chunk brings the table into cache.
    for _ in 0..steps {
        at_slot = next[at_slot as usize];
    }
    let mut times: Vec<f64> = Vec::with_capacity(chunks);
    for _ in 0..chunks {
        let started = Instant::now();
        for _ in 0..steps {
            at_slot = black_box(next[at_slot as usize]);
        }
        times.push(started.elapsed().as_nanos() as f64);
    }
    black_box(at_slot);
    // The engine's own quantiles; a probe too short to describe (fewer
    // than two chunks, never asked for) reads as zeros, which no view trusts.
    let sample = encbench_stats::Sample::new(&times).ok();
    let quantile = |q: f64| sample.as_ref().map_or(0.0, |s| s.quantile(q));
    Steadiness {
        at: at.to_string(),
        chunks,
        p10_ns: quantile(0.1),
        median_ns: quantile(0.5),
        p90_ns: quantile(0.9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_visits_every_slot_once() {
        let next = cycle(1000);
        let mut seen = vec![false; 1000];
        let mut at = 0usize;
        for _ in 0..1000 {
            assert!(!seen[at], "slot {at} visited twice");
            seen[at] = true;
            at = next[at] as usize;
        }
        assert_eq!(at, 0, "the walk closes after every slot");
        assert!(seen.iter().all(|s| *s));
    }

    #[test]
    fn a_probe_orders_its_quantiles_and_names_its_moment() {
        let s = probe_with("start", 21, 1000);
        assert_eq!((s.at.as_str(), s.chunks), ("start", 21));
        assert!(s.p10_ns > 0.0 && s.p10_ns <= s.median_ns && s.median_ns <= s.p90_ns);
        assert!(s.spread_pct() >= 0.0);
    }
}
