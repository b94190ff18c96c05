//! Did two sets of samples come from the same distribution? The
//! Mann-Whitney U test (two-sided, normal approximation with tie
//! correction) answers without assuming either is normal — timing samples
//! rarely are.

/// Outcome of a two-sided Mann-Whitney U test.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct MannWhitney {
    /// U statistic of the first sample.
    pub u: f64,
    /// Standardised statistic (continuity-corrected).
    pub z: f64,
    /// Two-sided p-value.
    pub p_value: f64,
}

/// Tests `a` against `b`; `None` when either has fewer than two values or
/// a value is not finite.
pub fn mann_whitney(a: &[f64], b: &[f64]) -> Option<MannWhitney> {
    if a.len() < 2 || b.len() < 2 || a.iter().chain(b).any(|v| !v.is_finite()) {
        return None;
    }
    let (n1, n2) = (a.len() as f64, b.len() as f64);
    let mut all: Vec<(f64, bool)> = a
        .iter()
        .map(|v| (*v, true))
        .chain(b.iter().map(|v| (*v, false)))
        .collect();
    all.sort_by(|x, y| x.0.total_cmp(&y.0));
    let n = all.len();
    // Average ranks over ties; collect Σ(t³ − t) for the variance correction.
    let mut rank_sum_a = 0.0;
    let mut tie_term = 0.0;
    let mut i = 0;
    while i < n {
        let mut j = i;
        while j + 1 < n && all[j + 1].0 == all[i].0 {
            j += 1;
        }
        let rank = (i + j) as f64 / 2.0 + 1.0;
        let t = (j - i + 1) as f64;
        tie_term += t * t * t - t;
        rank_sum_a += all[i..=j].iter().filter(|(_, from_a)| *from_a).count() as f64 * rank;
        i = j + 1;
    }
    let u = rank_sum_a - n1 * (n1 + 1.0) / 2.0;
    let mean = n1 * n2 / 2.0;
    let total = n as f64;
    let variance = n1 * n2 / 12.0 * ((total + 1.0) - tie_term / (total * (total - 1.0)));
    if variance <= 0.0 {
        return Some(MannWhitney {
            u,
            z: 0.0,
            p_value: 1.0,
        });
    }
    let diff = u - mean;
    let corrected = (diff.abs() - 0.5).max(0.0) * diff.signum();
    let z = corrected / variance.sqrt();
    Some(MannWhitney {
        u,
        z,
        p_value: erfc(z.abs() / std::f64::consts::SQRT_2).min(1.0),
    })
}

/// Complementary error function (W. J. Cody's rational approximation via
/// Numerical Recipes' erfc, |error| < 1.2e-7), enough for p-values.
fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let r = t * poly.exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noisy(center: f64, n: usize, seed: u64) -> Vec<f64> {
        let mut s = seed;
        (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                center * (1.0 + ((s >> 33) as f64 / (1u64 << 31) as f64 - 0.5) * 0.04)
            })
            .collect()
    }

    #[test]
    fn identical_distributions_are_not_significant() {
        let a = noisy(100.0, 30, 1);
        let b = noisy(100.0, 30, 2);
        let r = mann_whitney(&a, &b).unwrap();
        assert!(r.p_value > 0.05, "{r:?}");
        assert_eq!(mann_whitney(&a, &a).unwrap().p_value, 1.0);
    }

    #[test]
    fn a_twenty_percent_shift_is_significant() {
        let a = noisy(100.0, 30, 1);
        let b = noisy(120.0, 30, 2);
        let r = mann_whitney(&a, &b).unwrap();
        assert!(r.p_value < 1e-6, "{r:?}");
        assert_eq!(r.u, 0.0); // every a below every b
        assert!(r.z < 0.0);
    }

    #[test]
    fn known_small_example() {
        // a = 1..=5, b = 6..=10: U = 0, z = (0 - 12.5 + 0.5) / sqrt(22.9167) ≈ -2.507, p ≈ 0.0122.
        let a = [1.0, 2.0, 3.0, 4.0, 5.0];
        let b = [6.0, 7.0, 8.0, 9.0, 10.0];
        let r = mann_whitney(&a, &b).unwrap();
        assert!((r.z + 2.5067).abs() < 1e-3, "{r:?}");
        assert!((r.p_value - 0.0122).abs() < 5e-4, "{r:?}");
    }

    #[test]
    fn all_tied_and_bad_inputs() {
        assert_eq!(mann_whitney(&[3.0, 3.0], &[3.0, 3.0]).unwrap().p_value, 1.0);
        assert!(mann_whitney(&[1.0], &[1.0, 2.0]).is_none());
        assert!(mann_whitney(&[1.0, f64::NAN], &[1.0, 2.0]).is_none());
    }

    #[test]
    fn erfc_known_values() {
        assert!((erfc(0.0) - 1.0).abs() < 1e-7);
        assert!((erfc(1.0) - 0.157_299_2).abs() < 1e-6);
        assert!((erfc(-1.0) - 1.842_700_8).abs() < 1e-6);
    }
}
