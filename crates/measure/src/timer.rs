//! What the clock itself can resolve and costs to read.

use std::hint::black_box;
use std::time::Instant;

/// Measured properties of `std::time::Instant` on this machine.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TimerInfo {
    /// Smallest non-zero difference seen between two consecutive readings, ns.
    pub resolution_ns: f64,
    /// Mean cost of one reading, ns.
    pub cost_ns: f64,
}

/// Reads the clock back to back many times to find its resolution and cost.
pub fn probe_timer() -> TimerInfo {
    const READS: u32 = 200_000;
    let mut resolution = u128::MAX;
    let mut previous = Instant::now();
    let start = previous;
    for _ in 0..READS {
        let now = black_box(Instant::now());
        let delta = now.duration_since(previous).as_nanos();
        if delta > 0 {
            resolution = resolution.min(delta);
        }
        previous = now;
    }
    let cost_ns = previous.duration_since(start).as_nanos() as f64 / f64::from(READS);
    TimerInfo {
        // A clock that never ticked during the probe is coarser than the probe; say so.
        resolution_ns: if resolution == u128::MAX {
            previous.duration_since(start).as_nanos() as f64
        } else {
            resolution as f64
        },
        cost_ns,
    }
}
