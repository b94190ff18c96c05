//! Pure statistics over timing samples.
//!
//! Nothing here knows about benchmarks, codecs or clocks: functions take a
//! [`Sample`] (sorted, finite, at least two points — checked once when it is
//! built) and return numbers. That keeps them testable on known inputs.

mod binomial;
pub mod fit;
pub mod mann_whitney;
pub mod pareto;
pub mod ratio;

use thiserror::Error;

/// Why a list of numbers could not become a [`Sample`].
#[derive(Debug, Error, PartialEq)]
pub enum SampleError {
    /// Statistics over fewer than two points are meaningless.
    #[error("a sample needs at least 2 values, got {0}")]
    TooFew(usize),
    /// NaN or infinite values would poison every order statistic.
    #[error("value {index} is not a finite number ({value})")]
    NotFinite { index: usize, value: f64 },
}

/// A sorted sample of finite values with at least two points.
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    sorted: Vec<f64>,
}

impl Sample {
    /// Checks the invariants and sorts a copy of `values`.
    pub fn new(values: &[f64]) -> Result<Self, SampleError> {
        if values.len() < 2 {
            return Err(SampleError::TooFew(values.len()));
        }
        if let Some((index, &value)) = values.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Err(SampleError::NotFinite { index, value });
        }
        let mut sorted = values.to_vec();
        sorted.sort_by(f64::total_cmp);
        Ok(Sample { sorted })
    }

    /// The values in ascending order.
    pub fn sorted(&self) -> &[f64] {
        &self.sorted
    }

    /// Number of points.
    pub fn len(&self) -> usize {
        self.sorted.len()
    }

    /// Always false: a sample has at least two points.
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Smallest value.
    pub fn min(&self) -> f64 {
        self.sorted[0]
    }

    /// Largest value.
    pub fn max(&self) -> f64 {
        self.sorted[self.sorted.len() - 1]
    }

    /// Arithmetic mean.
    pub fn mean(&self) -> f64 {
        self.sorted.iter().sum::<f64>() / self.sorted.len() as f64
    }

    /// Quantile `q` in [0, 1] by linear interpolation between order statistics.
    pub fn quantile(&self, q: f64) -> f64 {
        quantile_sorted(&self.sorted, q)
    }

    /// The median.
    pub fn median(&self) -> f64 {
        self.quantile(0.5)
    }

    /// Median absolute deviation from the median (unscaled).
    pub fn mad(&self) -> f64 {
        let median = self.median();
        let mut deviations: Vec<f64> = self.sorted.iter().map(|v| (v - median).abs()).collect();
        deviations.sort_by(f64::total_cmp);
        quantile_sorted(&deviations, 0.5)
    }

    /// A distribution-free confidence interval for the median.
    ///
    /// Uses order statistics: the number of points below the true median is
    /// Binomial(n, ½), so `[x(j), x(n+1-j)]` covers it with probability
    /// `1 − 2·P(B ≤ j−1)`. `j` is the largest rank whose coverage is still at
    /// least `level`. Below six points no pair reaches 95 %, and the interval
    /// falls back to `[min, max]` with its true (lower) coverage reported.
    pub fn median_ci(&self, level: f64) -> Interval {
        let n = self.sorted.len();
        let tail = (1.0 - level) / 2.0;
        let cdf = binomial::half_cdf(n);
        // cdf[k] = P(B <= k). Find the largest j >= 1 with P(B <= j-1) <= tail.
        let mut j = 1;
        while j < n / 2 && cdf[j] <= tail {
            j += 1;
        }
        let coverage = 1.0 - 2.0 * cdf[j - 1];
        Interval {
            low: self.sorted[j - 1],
            high: self.sorted[n - j],
            coverage,
        }
    }

    /// Tukey's fences: mild beyond 1.5 IQR, severe beyond 3 IQR.
    pub fn outliers(&self) -> Outliers {
        let q1 = self.quantile(0.25);
        let q3 = self.quantile(0.75);
        let iqr = q3 - q1;
        let mut out = Outliers::default();
        for &v in &self.sorted {
            if v < q1 - 3.0 * iqr {
                out.low_severe += 1;
            } else if v < q1 - 1.5 * iqr {
                out.low_mild += 1;
            } else if v > q3 + 3.0 * iqr {
                out.high_severe += 1;
            } else if v > q3 + 1.5 * iqr {
                out.high_mild += 1;
            }
        }
        out
    }

    /// Everything a result row reports, in one pass over the sample.
    pub fn summarize(&self) -> Summary {
        let median = self.median();
        let ci = self.median_ci(0.95);
        let half_width = (median - ci.low).max(ci.high - median);
        Summary {
            n: self.len(),
            median,
            ci,
            mad: self.mad(),
            mean: self.mean(),
            min: self.min(),
            max: self.max(),
            outliers: self.outliers(),
            relative_half_width: if median > 0.0 {
                half_width / median
            } else {
                0.0
            },
        }
    }
}

fn quantile_sorted(sorted: &[f64], q: f64) -> f64 {
    let q = q.clamp(0.0, 1.0);
    let pos = q * (sorted.len() - 1) as f64;
    let lo = pos.floor() as usize;
    let hi = pos.ceil() as usize;
    let frac = pos - lo as f64;
    sorted[lo] + (sorted[hi] - sorted[lo]) * frac
}

/// A confidence interval and the coverage it really has.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Interval {
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
    /// Exact coverage probability of this order-statistic pair.
    pub coverage: f64,
}

/// Counts of points beyond Tukey's fences, per side and severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Outliers {
    /// Below Q1 − 3 IQR.
    pub low_severe: usize,
    /// Between Q1 − 3 IQR and Q1 − 1.5 IQR.
    pub low_mild: usize,
    /// Between Q3 + 1.5 IQR and Q3 + 3 IQR.
    pub high_mild: usize,
    /// Above Q3 + 3 IQR.
    pub high_severe: usize,
}

impl Outliers {
    /// All outliers, whatever side and severity.
    pub fn total(&self) -> usize {
        self.low_severe + self.low_mild + self.high_mild + self.high_severe
    }
}

/// What one result row reports about its sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Summary {
    /// Number of samples.
    pub n: usize,
    /// Median.
    pub median: f64,
    /// 95 % confidence interval of the median.
    pub ci: Interval,
    /// Median absolute deviation.
    pub mad: f64,
    /// Mean.
    pub mean: f64,
    /// Minimum.
    pub min: f64,
    /// Maximum.
    pub max: f64,
    /// Tukey outlier counts (reported, never removed).
    pub outliers: Outliers,
    /// The wider side of the CI, as a fraction of the median.
    pub relative_half_width: f64,
}

impl Summary {
    /// True when the CI reaches further than `threshold` (a fraction) from the median.
    pub fn is_noisy(&self, threshold: f64) -> bool {
        self.relative_half_width > threshold
    }
}

#[cfg(test)]
mod tests;
