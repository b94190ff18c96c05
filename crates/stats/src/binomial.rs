//! The Binomial(n, ½) distribution, which order-statistic intervals for the
//! median are built on.

/// `cdf[k] = P(B <= k)` for `B ~ Binomial(n, ½)`, `k` in `0..=n`.
///
/// Computed in log space so it stays exact-ish for any `n` (2⁻ⁿ underflows
/// past n ≈ 1074; its logarithm does not).
pub(crate) fn half_cdf(n: usize) -> Vec<f64> {
    let mut cdf = Vec::with_capacity(n + 1);
    let mut log_pmf = -(n as f64) * std::f64::consts::LN_2;
    let mut total = 0.0;
    for k in 0..=n {
        if k > 0 {
            log_pmf += ((n - k + 1) as f64).ln() - (k as f64).ln();
        }
        total += log_pmf.exp();
        cdf.push(total.min(1.0));
    }
    cdf
}

#[cfg(test)]
mod tests {
    use super::half_cdf;

    #[test]
    fn small_n_matches_pascal() {
        // n = 4: 1 4 6 4 1 over 16.
        let cdf = half_cdf(4);
        let expected = [1.0, 5.0, 11.0, 15.0, 16.0].map(|c| c / 16.0);
        for (a, b) in cdf.iter().zip(expected) {
            assert!((a - b).abs() < 1e-12, "{cdf:?}");
        }
    }

    #[test]
    fn large_n_is_symmetric_and_ends_at_one() {
        let n = 2000;
        let cdf = half_cdf(n);
        assert!((cdf[n] - 1.0).abs() < 1e-9);
        // P(B <= 999) + P(B >= 1001) = 1 - P(B = 1000), and by symmetry the halves match.
        let below = cdf[999];
        let above = 1.0 - cdf[1000];
        assert!((below - above).abs() < 1e-9);
    }
}
