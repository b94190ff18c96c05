//! How sure is a ratio of two medians? A percentile bootstrap: resample
//! each sample with replacement, take the ratio of the two resampled
//! medians, and read the interval off the resampled ratios. The generator
//! is seeded, so the same samples always give the same interval.

use crate::{quantile_sorted, Interval, Sample};

/// Resamples drawn for [`median_ratio_ci`].
pub const RESAMPLES: usize = 4000;

/// A `level` interval for `median(a) ÷ median(b)` by percentile bootstrap
/// over `resamples` resamples. `coverage` is the nominal level.
pub fn median_ratio_ci(a: &Sample, b: &Sample, level: f64, resamples: usize) -> Interval {
    let mut rng = SplitMix64(0x656e_6362_656e_6368); // fixed: repeatable intervals
    let mut ratios: Vec<f64> = (0..resamples.max(1))
        .map(|_| resampled_median(a, &mut rng) / resampled_median(b, &mut rng))
        .filter(|r| r.is_finite())
        .collect();
    ratios.sort_by(f64::total_cmp);
    let tail = (1.0 - level) / 2.0;
    if ratios.is_empty() {
        let r = a.median() / b.median();
        return Interval {
            low: r,
            high: r,
            coverage: level,
        };
    }
    Interval {
        low: quantile_sorted(&ratios, tail),
        high: quantile_sorted(&ratios, 1.0 - tail),
        coverage: level,
    }
}

/// The median of one resample of `s` (drawn as sorted indices, so the
/// resample comes out sorted without sorting values).
fn resampled_median(s: &Sample, rng: &mut SplitMix64) -> f64 {
    let values = s.sorted();
    let n = values.len();
    let mut picks: Vec<usize> = (0..n).map(|_| rng.below(n)).collect();
    picks.sort_unstable();
    let resample: Vec<f64> = picks.iter().map(|&i| values[i]).collect();
    quantile_sorted(&resample, 0.5)
}

/// A small, fast, seedable generator (Steele, Lea & Flood's SplitMix64);
/// statistical quality is ample for resampling indices.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (multiply-shift; bias is negligible for sample sizes).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}
