//! The frame the log-log charts share: axes padded around the data, ticked
//! in human units (`1.00 ms`, `10.0 MB`) at decades or 1-2-5 steps, and how
//! a chart that cannot be drawn says why. Its own module so the scatter
//! charts and `charts` both build on it without importing each other.

use plotters::coord::combinators::{LogCoord, WithKeyPoints};
use plotters::prelude::*;

/// A chart that could not be drawn says why, in place of the picture.
pub type ChartResult = Result<String, String>;

pub(crate) fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("chart failed: {e:?}")
}

/// Most labelled ticks on one axis: fewer than fit side by side at 900 px.
const MOST_TICKS: usize = 7;

/// Labelled ticks of a log axis from `lo` to `hi`: one a decade (every
/// other decade or fewer when many, so labels never crowd); 1-2-5 steps
/// when under three decades fall inside (two labels say too little), 1…9
/// when fewer than two of those do.
pub(crate) fn log_ticks(lo: f64, hi: f64) -> Vec<f64> {
    let within = |v: &f64| *v >= lo * (1.0 - 1e-9) && *v <= hi * (1.0 + 1e-9);
    let (first, last) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    let decades: Vec<f64> = (first..=last)
        .map(|k| 10f64.powi(k))
        .filter(within)
        .collect();
    if decades.len() >= 3 {
        let step = decades.len().div_ceil(MOST_TICKS);
        return decades.into_iter().step_by(step).collect();
    }
    let one_two_five: &[f64] = &[1.0, 2.0, 5.0];
    let one_to_nine: &[f64] = &[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0];
    for steps in [one_two_five, one_to_nine] {
        let ticks: Vec<f64> = (first..=last)
            .flat_map(|k| steps.iter().map(move |m| m * 10f64.powi(k)))
            .filter(within)
            .collect();
        if ticks.len() >= 2 {
            return ticks;
        }
    }
    vec![(lo * hi).sqrt()]
}

/// Unlabelled grid lines between decade ticks (2…9 of each decade), when
/// there are few enough decades for them to help rather than clutter.
fn light_ticks(lo: f64, hi: f64, bold: &[f64]) -> Vec<f64> {
    let (first, last) = (lo.log10().floor() as i32, hi.log10().ceil() as i32);
    if last - first > 5 {
        return Vec::new();
    }
    (first..=last)
        .flat_map(|k| (1..10).map(move |m| f64::from(m) * 10f64.powi(k)))
        .filter(|v| *v >= lo && *v <= hi && !bold.iter().any(|b| (b / v - 1.0).abs() < 1e-9))
        .collect()
}

/// A log axis with its own ticks.
pub(crate) type LogAxis = WithKeyPoints<LogCoord<f64>>;

/// A chart on log-log axes.
pub(crate) type LogLog<'a, DB> = ChartContext<'a, DB, Cartesian2d<LogAxis, LogAxis>>;

fn log_axis(lo: f64, hi: f64) -> LogAxis {
    let bold = log_ticks(lo, hi);
    let light = light_ticks(lo, hi, &bold);
    (lo..hi)
        .log_scale()
        .with_key_points(bold)
        .with_light_points(light)
}

/// How one axis reads: its description and how a tick value is written.
pub(crate) struct AxisText<'a> {
    pub desc: &'a str,
    pub tick: fn(f64) -> String,
}

/// Log-log axes padded around the data's range, with their mesh and tick
/// labels in units drawn.
pub(crate) fn log_log<'a, DB: DrawingBackend + 'a>(
    root: &'a DrawingArea<DB, plotters::coord::Shift>,
    title: &str,
    ((x_min, x_max), (y_min, y_max)): ((f64, f64), (f64, f64)),
    margin_right: u32,
    (x, y): (AxisText<'_>, AxisText<'_>),
) -> Result<LogLog<'a, DB>, String> {
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 16))
        .margin(10)
        .margin_right(margin_right)
        .x_label_area_size(36)
        .y_label_area_size(70)
        .build_cartesian_2d(
            log_axis(x_min * 0.8, x_max * 1.25),
            log_axis(y_min * 0.7, y_max * 1.5),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc(x.desc)
        .y_desc(y.desc)
        .x_label_formatter(&|v| (x.tick)(*v))
        .y_label_formatter(&|v| (y.tick)(*v))
        .draw()
        .map_err(err)?;
    Ok(chart)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_ticks_are_decades_or_one_two_five_and_never_crowd() {
        assert_eq!(log_ticks(8e4, 2e7), vec![1e5, 1e6, 1e7]);
        // Two decades or fewer: 1-2-5 steps.
        assert_eq!(log_ticks(8e4, 2e6), vec![1e5, 2e5, 5e5, 1e6, 2e6]);
        assert_eq!(log_ticks(1.3e5, 1.8e6), vec![2e5, 5e5, 1e6]);
        // Narrower than 1-2-5: every multiple of the decade.
        assert_eq!(log_ticks(2.5e6, 4.2e6), vec![3e6, 4e6]);
        assert_eq!(log_ticks(1.2e6, 1.8e6).len(), 1);
        // Eighteen decades: thinned to at most MOST_TICKS.
        let many = log_ticks(1.0, 1e18);
        assert!(many.len() <= MOST_TICKS && many.len() >= 4, "{many:?}");
        assert!(light_ticks(1.0, 1e18, &many).is_empty());
        assert!(light_ticks(8e4, 2e7, &[1e5, 1e6, 1e7]).contains(&2e5));
    }
}
