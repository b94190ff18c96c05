use super::*;

fn sample(values: &[f64]) -> Sample {
    Sample::new(values).expect("valid sample")
}

#[test]
fn rejects_too_few_and_non_finite() {
    assert_eq!(Sample::new(&[1.0]), Err(SampleError::TooFew(1)));
    assert!(matches!(
        Sample::new(&[1.0, f64::NAN]),
        Err(SampleError::NotFinite { index: 1, .. })
    ));
    assert!(matches!(
        Sample::new(&[f64::INFINITY, 1.0]),
        Err(SampleError::NotFinite { index: 0, .. })
    ));
}

#[test]
fn median_mean_min_max_on_known_values() {
    let s = sample(&[5.0, 1.0, 4.0, 2.0, 3.0]);
    assert_eq!(s.median(), 3.0);
    assert_eq!(s.mean(), 3.0);
    assert_eq!(s.min(), 1.0);
    assert_eq!(s.max(), 5.0);
    let even = sample(&[4.0, 1.0, 3.0, 2.0]);
    assert_eq!(even.median(), 2.5);
}

#[test]
fn mad_on_known_values() {
    // deviations from median 3: 2 1 0 1 2 (sorted 0 1 1 2 2) -> 1
    assert_eq!(sample(&[1.0, 2.0, 3.0, 4.0, 5.0]).mad(), 1.0);
    // One wild value barely moves the MAD.
    assert_eq!(sample(&[1.0, 2.0, 3.0, 4.0, 1000.0]).mad(), 1.0);
}

#[test]
fn quantiles_interpolate() {
    let s = sample(&[0.0, 10.0]);
    assert_eq!(s.quantile(0.25), 2.5);
    assert_eq!(s.quantile(0.0), 0.0);
    assert_eq!(s.quantile(1.0), 10.0);
}

#[test]
fn median_ci_uses_the_right_order_statistics() {
    // n = 10: P(B <= 1) = 11/1024 <= 2.5 %, P(B <= 2) = 56/1024 > 2.5 %  => [x2, x9].
    let values: Vec<f64> = (1..=10).map(f64::from).collect();
    let ci = sample(&values).median_ci(0.95);
    assert_eq!((ci.low, ci.high), (2.0, 9.0));
    assert!((ci.coverage - (1.0 - 22.0 / 1024.0)).abs() < 1e-12);

    // n = 30: the textbook pair is [x10, x21].
    let values: Vec<f64> = (1..=30).map(f64::from).collect();
    let ci = sample(&values).median_ci(0.95);
    assert_eq!((ci.low, ci.high), (10.0, 21.0));
    assert!(ci.coverage >= 0.95);
}

#[test]
fn tiny_samples_fall_back_to_min_max_with_honest_coverage() {
    let ci = sample(&[3.0, 1.0, 2.0]).median_ci(0.95);
    assert_eq!((ci.low, ci.high), (1.0, 3.0));
    assert!((ci.coverage - 0.75).abs() < 1e-12);
}

#[test]
fn tukey_fences_classify_mild_and_severe() {
    // Q1 = 10, Q3 = 11.75 (IQR 1.75) over the first 20 points; add outliers.
    let mut values: Vec<f64> = (0..20).map(|i| 10.0 + (i % 4) as f64 * 0.5).collect();
    values.push(15.0); // beyond Q3 + 1.5 IQR, within 3 IQR
    values.push(100.0); // severe
    values.push(1.0); // severe low
    let out = sample(&values).outliers();
    assert_eq!(out.high_severe, 1);
    assert_eq!(out.low_severe, 1);
    assert_eq!(out.high_mild, 1);
    assert_eq!(out.total(), 3);
}

#[test]
fn constant_sample_is_quiet_and_outlier_free() {
    let s = sample(&[7.0; 12]);
    let summary = s.summarize();
    assert_eq!(summary.median, 7.0);
    assert_eq!(summary.mad, 0.0);
    assert_eq!(summary.outliers.total(), 0);
    assert!(!summary.is_noisy(0.05));
}

#[test]
fn spread_sample_is_flagged_noisy() {
    let values: Vec<f64> = (0..20).map(|i| 100.0 + (i as f64) * 3.0).collect();
    let summary = sample(&values).summarize();
    assert!(summary.is_noisy(0.05), "{summary:?}");
    let tight: Vec<f64> = (0..20).map(|i| 100.0 + (i as f64) * 0.01).collect();
    assert!(!sample(&tight).summarize().is_noisy(0.05));
}

#[test]
fn ci_always_contains_the_median() {
    // A cheap property check over deterministic pseudo-random samples.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    for n in 2..200 {
        let values: Vec<f64> = (0..n)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                (state % 10_000) as f64
            })
            .collect();
        let s = sample(&values);
        let ci = s.median_ci(0.95);
        let m = s.median();
        assert!(ci.low <= m && m <= ci.high, "n={n} {ci:?} median {m}");
        if n >= 6 {
            assert!(ci.coverage >= 0.95, "n={n} coverage {}", ci.coverage);
        }
    }
}

#[test]
fn ratio_interval_brackets_the_true_ratio_and_is_repeatable() {
    use crate::ratio::{median_ratio_ci, RESAMPLES};
    // b is a exactly halved plus jitter: the true median ratio is about 2.
    let a: Vec<f64> = (0..30).map(|i| 200.0 + (i % 7) as f64).collect();
    let b: Vec<f64> = (0..30).map(|i| 100.0 + (i % 5) as f64 * 0.5).collect();
    let (a, b) = (sample(&a), sample(&b));
    let ci = median_ratio_ci(&a, &b, 0.95, RESAMPLES);
    let r = a.median() / b.median();
    assert!(ci.low <= r && r <= ci.high, "{ci:?} ratio {r}");
    assert!(ci.low > 1.9 && ci.high < 2.1, "{ci:?}");
    assert_eq!(ci, median_ratio_ci(&a, &b, 0.95, RESAMPLES));
    // Identical constant samples: no width at all.
    let c = sample(&[5.0, 5.0, 5.0]);
    let same = median_ratio_ci(&c, &c, 0.95, RESAMPLES);
    assert_eq!((same.low, same.high), (1.0, 1.0));
}

#[test]
fn ratio_interval_widens_with_spread() {
    use crate::ratio::{median_ratio_ci, RESAMPLES};
    let tight: Vec<f64> = (0..20).map(|i| 100.0 + i as f64 * 0.1).collect();
    let loose: Vec<f64> = (0..20).map(|i| 60.0 + i as f64 * 4.0).collect();
    let base = sample(&[50.0, 50.0, 50.0, 50.0]);
    let narrow = median_ratio_ci(&sample(&tight), &base, 0.95, RESAMPLES);
    let wide = median_ratio_ci(&sample(&loose), &base, 0.95, RESAMPLES);
    assert!(wide.high - wide.low > 10.0 * (narrow.high - narrow.low));
}
