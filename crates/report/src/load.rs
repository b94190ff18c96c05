//! Scenario `load`'s rows, which the time-per-operation tables cannot show:
//! one table of messages per second, threads, offered rate, malformed share,
//! errors and latency percentiles; a chart of throughput against threads,
//! and one of each open-loop and UDP row's latency percentiles.

use crate::axes::{err, ChartResult};
use crate::table::Table;
use crate::units;
use encbench_record::Record;
use plotters::prelude::*;

/// True when every row is a `load` row.
pub(crate) fn applies(rows: &[&Record]) -> bool {
    !rows.is_empty() && rows.iter().all(|r| r.threads.is_some())
}

/// The point a row measured: its dataset after the first `/`.
fn point(r: &Record) -> &str {
    r.dataset.split_once('/').map_or(&r.dataset, |(_, p)| p)
}

fn or_blank(v: Option<f64>, f: impl Fn(f64) -> String) -> String {
    v.map(f).unwrap_or_default()
}

/// One line per row, in run order.
pub(crate) fn table(rows: &[&Record]) -> Table {
    let headers = [
        "codec",
        "lang",
        "point",
        "operation",
        "threads",
        "messages/s",
        "95% CI",
        "offered/s",
        "bad",
        "errors",
        "p50",
        "p99",
        "p99.9",
        "max",
        "soak",
    ];
    let rows = rows
        .iter()
        .map(|r| {
            let closed = r.p50_ns.is_none() && r.samples_ns.len() > 1;
            // Closed-loop interval: the windows' ns/message interval as messages/s.
            let ci = match closed && r.ci95_low_ns > 0.0 {
                true => format!(
                    "{}–{}",
                    units::count(1e9 / r.ci95_high_ns),
                    units::count(1e9 / r.ci95_low_ns)
                ),
                false => String::new(),
            };
            let soak = r.soak.as_ref().map_or(String::new(), |s| {
                let heap = s
                    .heap_bytes_per_min
                    .map(|h| format!(", heap {}/min", units::bytes(h[0])))
                    .unwrap_or_default();
                let drift = s
                    .throughput_drift_pct
                    .map(|d| format!(", drift {:+.1} %", d[0]))
                    .unwrap_or_default();
                let rss = s
                    .rss_bytes_per_min
                    .map(|h| format!("RSS {}/min", units::bytes(h[0])))
                    .unwrap_or_default();
                format!("{} ({rss}{heap}{drift}, {:.0} s)", s.verdict, s.seconds)
            });
            vec![
                r.codec.clone(),
                r.language.clone(),
                point(r).to_string(),
                r.operation.clone(),
                or_blank(r.threads.map(f64::from), |t| format!("{t}")),
                or_blank(r.messages_per_s, units::count),
                ci,
                or_blank(r.offered_per_s, units::count),
                or_blank(r.bad_fraction.filter(|f| *f > 0.0), |f| {
                    format!("{:.2} %", f * 100.0)
                }),
                r.errors.map(|e| e.to_string()).unwrap_or_default(),
                or_blank(r.p50_ns, units::duration),
                or_blank(r.p99_ns, units::duration),
                or_blank(r.p999_ns, units::duration),
                or_blank(r.p50_ns.map(|_| r.max_ns), units::duration),
                soak,
            ]
        })
        .collect();
    let mut right = vec![false, false, false, false];
    right.extend([true; 10]);
    right.push(false);
    Table {
        headers: headers.map(String::from).to_vec(),
        right,
        rows,
    }
}

/// Messages per second against threads, a line per codec over its clean
/// closed-loop rows (Erlang's mstone rows are single points at their
/// runner count).
pub(crate) fn throughput_chart(title: &str, rows: &[&Record]) -> ChartResult {
    let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for r in rows
        .iter()
        .filter(|r| r.operation == "closed-loop" && r.bad_fraction.unwrap_or(0.0) == 0.0)
    {
        let (Some(t), Some(m)) = (r.threads, r.messages_per_s) else {
            continue;
        };
        let name = format!("{} [{}]", r.codec, r.language);
        match series.iter_mut().find(|(n, _)| *n == name) {
            Some((_, pts)) => pts.push((f64::from(t), m)),
            None => series.push((name, vec![(f64::from(t), m)])),
        }
    }
    if series.is_empty() {
        return Err("no closed-loop rows".into());
    }
    let x_max = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|q| q.0))
        .fold(1.0, f64::max);
    let y_max = series
        .iter()
        .flat_map(|(_, p)| p.iter().map(|q| q.1))
        .fold(1.0, f64::max);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 500)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(80)
            .build_cartesian_2d(0.5..x_max + 0.5, 0.0..y_max * 1.1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc("threads")
            .y_desc("messages per second")
            .x_labels(x_max as usize + 1)
            .x_label_formatter(&|x| format!("{x:.0}"))
            .y_label_formatter(&|y| units::count(*y))
            .draw()
            .map_err(err)?;
        for (i, (name, mut pts)) in series.into_iter().enumerate() {
            pts.sort_by(|a, b| a.0.total_cmp(&b.0));
            let color = Palette99::pick(i).to_rgba();
            chart
                .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))
                .map_err(err)?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            chart
                .draw_series(pts.into_iter().map(|p| Circle::new(p, 4, color.filled())))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

/// p50, p99, p99.9 and max of every open-loop and UDP row, on a log axis,
/// a line per row.
pub(crate) fn latency_chart(title: &str, rows: &[&Record]) -> ChartResult {
    let lines: Vec<(String, [f64; 4])> = rows
        .iter()
        .filter_map(|r| {
            let v = [r.p50_ns?, r.p99_ns?, r.p999_ns?, r.max_ns];
            Some((format!("{} {}", r.codec, point(r)), v.map(|x| x.max(1.0))))
        })
        .collect();
    if lines.is_empty() {
        return Err("no open-loop rows".into());
    }
    let all = lines.iter().flat_map(|(_, v)| v.iter().copied());
    let (lo, hi) = all.fold((f64::MAX, 1.0f64), |(a, b), x| (a.min(x), b.max(x)));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(40)
            .y_label_area_size(80)
            .build_cartesian_2d(-0.2..3.2, (lo / 1.5..hi * 1.5).log_scale())
            .map_err(err)?;
        let names = ["p50", "p99", "p99.9", "max"];
        chart
            .configure_mesh()
            .x_desc("percentile (open loop: from each message's due time; UDP: from its send time)")
            .y_desc("latency")
            .x_labels(4)
            .x_label_formatter(&|x: &f64| {
                let i = x.round();
                match (i - x).abs() < 0.01 && (0.0..4.0).contains(&i) {
                    true => names[i as usize].to_string(),
                    false => String::new(),
                }
            })
            .y_label_formatter(&|y| units::duration(*y))
            .draw()
            .map_err(err)?;
        for (i, (name, v)) in lines.into_iter().enumerate() {
            let color = Palette99::pick(i).to_rgba();
            let pts: Vec<(f64, f64)> = v.iter().enumerate().map(|(k, y)| (k as f64, *y)).collect();
            chart
                .draw_series(LineSeries::new(pts.clone(), color.stroke_width(2)))
                .map_err(err)?
                .label(name)
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 18, y)], color.stroke_width(2))
                });
            chart
                .draw_series(pts.into_iter().map(|p| Circle::new(p, 3, color.filled())))
                .map_err(err)?;
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;
    use encbench_record::{Check, LoadLatency, LoadRow, RowMeta};

    fn row(codec: &str, dataset: &str, threads: u32, latency: bool) -> Record {
        let meta = RowMeta {
            scenario: "load".into(),
            dataset: dataset.into(),
            codec: codec.into(),
            operation: if latency { "open-loop" } else { "closed-loop" }.into(),
            items: 1,
            ..Default::default()
        };
        let check = Check::Unverified {
            reason: "test".into(),
        };
        Record::load(
            meta,
            &check,
            LoadRow {
                threads,
                messages_per_s: 1e6 * f64::from(threads),
                window_ns: vec![1000.0, 990.0, 1010.0],
                latency: latency.then_some(LoadLatency {
                    count: 100,
                    p50_ns: 1e3,
                    p50_ci_ns: (900.0, 1100.0),
                    p99_ns: 1e4,
                    p999_ns: 1e5,
                    min_ns: 500.0,
                    max_ns: 1e6,
                    mean_ns: 2e3,
                }),
                ..LoadRow::default()
            },
        )
    }

    #[test]
    fn load_rows_get_their_table_and_charts() {
        let rows = [
            row("megaco/ber-tape", "m/threads-1", 1, false),
            row("megaco/ber-tape", "m/threads-all", 2, false),
            row("megaco/ber-tape", "m/offered-80%", 2, true),
        ];
        let refs: Vec<&Record> = rows.iter().collect();
        assert!(applies(&refs));
        let t = table(&refs);
        assert_eq!(t.rows.len(), 3);
        assert_eq!(t.rows[2][2], "offered-80%");
        assert_eq!(t.rows[2][11], units::duration(1e4));
        let svg = throughput_chart("t", &refs).expect("chart");
        assert!(svg.contains("megaco/ber-tape [rust]"));
        let svg = latency_chart("l", &refs).expect("chart");
        assert!(svg.contains("megaco/ber-tape offered-80%") && svg.contains("p99.9"));
    }
}
