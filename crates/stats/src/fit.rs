//! Which growth model describes time as a function of size? Fits a few
//! two-parameter models to (n, t) points by least squares on relative error
//! (so 100-item and 10-million-item points count alike) and ranks them.

/// A growth model for total time `t(n)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// `a + b·n`: constant cost per item.
    Linear,
    /// `a + b·n·log₂ n`: per-item cost grows logarithmically.
    NLogN,
    /// `a + b·n²`: per-item cost grows linearly (super-linear total).
    Quadratic,
    /// `a·e^(b·n)`: per-item cost grows exponentially (the seed-001 claim).
    Exponential,
}

impl Model {
    /// Name for tables.
    pub fn as_str(self) -> &'static str {
        match self {
            Model::Linear => "linear (constant per item)",
            Model::NLogN => "n log n (logarithmic per item)",
            Model::Quadratic => "quadratic (super-linear)",
            Model::Exponential => "exponential",
        }
    }

    fn basis(self, n: f64) -> f64 {
        match self {
            Model::Linear | Model::Exponential => n,
            Model::NLogN => n * n.max(1.0).log2(),
            Model::Quadratic => n * n,
        }
    }
}

/// A fitted model.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fit {
    /// Which model.
    pub model: Model,
    /// Intercept (`a`).
    pub a: f64,
    /// Slope (`b`).
    pub b: f64,
    /// Root-mean-square relative error of the fit over the points.
    pub rel_rms: f64,
}

impl Fit {
    /// The model's prediction at `n`.
    pub fn predict(&self, n: f64) -> f64 {
        match self.model {
            Model::Exponential => self.a * (self.b * n).exp(),
            m => self.a + self.b * m.basis(n),
        }
    }
}

/// Fits every model to the points and returns them best first. Needs at
/// least three points with positive times; otherwise returns nothing.
pub fn fit_growth(points: &[(f64, f64)]) -> Vec<Fit> {
    if points.len() < 3
        || points
            .iter()
            .any(|(n, t)| !(n.is_finite() && t.is_finite() && *t > 0.0))
    {
        return Vec::new();
    }
    let mut fits: Vec<Fit> = [Model::Linear, Model::NLogN, Model::Quadratic]
        .into_iter()
        .filter_map(|m| weighted_line(points, m))
        .collect();
    fits.extend(exponential(points));
    fits.sort_by(|x, y| x.rel_rms.total_cmp(&y.rel_rms));
    fits
}

fn rel_rms(points: &[(f64, f64)], fit: &Fit) -> f64 {
    let sum: f64 = points
        .iter()
        .map(|(n, t)| (fit.predict(*n) / t - 1.0).powi(2))
        .sum();
    (sum / points.len() as f64).sqrt()
}

/// Minimises Σ ((t − a − b·x) / t)², i.e. weights 1/t².
fn weighted_line(points: &[(f64, f64)], model: Model) -> Option<Fit> {
    let (mut sw, mut sx, mut sy, mut sxx, mut sxy) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (n, t) in points {
        let w = 1.0 / (t * t);
        let x = model.basis(*n);
        sw += w;
        sx += w * x;
        sy += w * t;
        sxx += w * x * x;
        sxy += w * x * t;
    }
    let det = sw * sxx - sx * sx;
    if det.abs() < f64::MIN_POSITIVE || !det.is_finite() {
        return None;
    }
    let b = (sw * sxy - sx * sy) / det;
    let a = (sy - b * sx) / sw;
    let mut fit = Fit {
        model,
        a,
        b,
        rel_rms: 0.0,
    };
    fit.rel_rms = rel_rms(points, &fit);
    Some(fit)
}

/// Fits ln t = ln a + b·n by ordinary least squares.
fn exponential(points: &[(f64, f64)]) -> Option<Fit> {
    let k = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(sx, sy), (n, t)| (sx + n, sy + t.ln()));
    let (mx, my) = (sx / k, sy / k);
    let (mut sxx, mut sxy) = (0.0, 0.0);
    for (n, t) in points {
        sxx += (n - mx).powi(2);
        sxy += (n - mx) * (t.ln() - my);
    }
    if sxx == 0.0 {
        return None;
    }
    let b = sxy / sxx;
    let mut fit = Fit {
        model: Model::Exponential,
        a: (my - b * mx).exp(),
        b,
        rel_rms: 0.0,
    };
    fit.rel_rms = rel_rms(points, &fit);
    fit.rel_rms.is_finite().then_some(fit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sizes() -> Vec<f64> {
        [100.0, 300.0, 1e3, 3e3, 1e4, 1e5, 1e6, 1e7].to_vec()
    }

    #[test]
    fn recovers_a_linear_cost() {
        let points: Vec<_> = sizes().into_iter().map(|n| (n, 500.0 + 3.0 * n)).collect();
        let best = fit_growth(&points)[0];
        assert_eq!(best.model, Model::Linear);
        assert!(
            (best.b - 3.0).abs() < 1e-6 && (best.a - 500.0).abs() < 1e-3,
            "{best:?}"
        );
        assert!(best.rel_rms < 1e-9);
    }

    #[test]
    fn recovers_quadratic_and_n_log_n() {
        let q: Vec<_> = sizes()
            .into_iter()
            .map(|n| (n, 1000.0 + 0.01 * n * n))
            .collect();
        assert_eq!(fit_growth(&q)[0].model, Model::Quadratic);
        let l: Vec<_> = sizes()
            .into_iter()
            .map(|n| (n, 10.0 + 2.0 * n * n.log2()))
            .collect();
        assert_eq!(fit_growth(&l)[0].model, Model::NLogN);
    }

    #[test]
    fn recovers_an_exponential() {
        let points: Vec<_> = (1..10)
            .map(|i| {
                (
                    f64::from(i) * 100.0,
                    5.0 * (0.004 * f64::from(i) * 100.0).exp(),
                )
            })
            .collect();
        let best = fit_growth(&points)[0];
        assert_eq!(best.model, Model::Exponential);
        assert!((best.b - 0.004).abs() < 1e-9, "{best:?}");
    }

    #[test]
    fn refuses_too_few_or_bad_points() {
        assert!(fit_growth(&[(1.0, 1.0), (2.0, 2.0)]).is_empty());
        assert!(fit_growth(&[(1.0, 1.0), (2.0, 0.0), (3.0, 3.0)]).is_empty());
        assert!(fit_growth(&[(1.0, 1.0), (2.0, f64::NAN), (3.0, 3.0)]).is_empty());
    }
}
