//! Charts as inline SVG, drawn with plotters' SVG backend: time bars with
//! 95 % CI whiskers, log-log scaling curves, warm-vs-cold bars, and the
//! size-vs-time scatters with their Pareto frontier (drawn by `scatter`).

use crate::axes::{err, log_log, AxisText};
use crate::family::ChartFamily;
use crate::scatter::{scatter, ScatterPoint};
use encbench_record::{Conclusion, Medium, Recommendation, Record, Verdict};
use plotters::prelude::*;

pub use crate::axes::ChartResult;

fn label(r: &Record) -> String {
    let mut l = format!("{} {}", r.codec, r.operation);
    if r.compression != "none" {
        l.push_str(&format!(" {}", r.compression));
    }
    l.push_str(&format!(" [{}]", r.medium.as_str()));
    l
}

/// How a bar chart maps nanoseconds to its x axis: linear in a unit, or
/// log10 when the rows span more than two decades (one slow row would
/// otherwise flatten every other bar).
#[derive(Clone, Copy)]
struct Axis {
    log: bool,
    scale: f64,
    unit: &'static str,
}

impl Axis {
    fn for_values(values: impl Iterator<Item = f64> + Clone) -> Self {
        let max = values.clone().fold(0.0, f64::max).max(1e-9);
        let min = values
            .filter(|v| *v > 0.0)
            .fold(f64::MAX, f64::min)
            .min(max);
        let (scale, unit) = unit_for(max);
        Axis {
            log: max / min > 100.0,
            scale,
            unit,
        }
    }

    fn x(&self, ns: f64) -> f64 {
        if self.log {
            ns.max(1e-3).log10()
        } else {
            ns / self.scale
        }
    }

    /// The axis range, and where bars start.
    fn range(&self, values: impl Iterator<Item = f64> + Clone) -> (f64, f64) {
        let max = values.clone().fold(0.0, f64::max).max(1e-9);
        if self.log {
            let min = values.filter(|v| *v > 0.0).fold(f64::MAX, f64::min);
            (self.x(min).floor(), self.x(max).ceil())
        } else {
            (0.0, self.x(max) * 1.05)
        }
    }

    fn describe(&self, what: &str) -> String {
        if self.log {
            format!("{what} (log scale)")
        } else {
            format!("{what} ({})", self.unit)
        }
    }

    fn tick(&self, x: f64) -> String {
        if self.log {
            crate::units::duration(10f64.powf(x))
        } else {
            crate::units::significant(x)
        }
    }
}

/// The label of the row drawn at `y` (rows count from the top), or nothing between rows.
fn row_label(labels: &[String], y: f64) -> String {
    let i = y.round();
    let n = labels.len();
    if (y - i).abs() < 1e-6 && i >= 0.0 && (i as usize) < n {
        labels[n - 1 - i as usize].clone()
    } else {
        String::new()
    }
}

/// Row `i` of `n`, counted from the top of the chart.
fn row_y(i: usize, n: usize) -> f64 {
    (n - 1 - i) as f64
}

/// The seed's figure for row `r` as nanoseconds per operation of this row,
/// scaled by items when the seed ran a different count (seed 000's 10 M
/// ints against this run's 1 M); `None` when the row mirrors no time figure.
pub fn seed_ns(r: &Record) -> Option<f64> {
    let s = r.seed_reference.as_ref()?;
    let per_op = match s.unit.as_str() {
        "ns/op" => s.value,
        "µs/msg" => s.value * 1e3,
        "ms" => s.value * 1e6,
        "s" => s.value * 1e9,
        "ops/s" if s.value > 0.0 => 1e9 / s.value,
        _ => return None,
    };
    Some(match s.items {
        Some(n) if n > 0 => per_op * r.items as f64 / n as f64,
        _ => per_op,
    })
}

/// Horizontal bars of the median with whiskers over the 95 % CI, one per
/// row, coloured by family (legend below the bars); a diamond where the
/// seed published a figure for the row; and a bracket, with the ratio and
/// verdict, between the two rows of each conclusion that are both drawn.
pub fn time_bars(title: &str, rows: &[&Record], conclusions: &[Conclusion]) -> ChartResult {
    let n = rows.len();
    let families = crate::distinct(rows.iter().map(|r| ChartFamily::of(r)));
    let seeds: Vec<(usize, f64)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| Some((i, seed_ns(r)?)))
        .collect();
    let brackets: Vec<(usize, usize, &Conclusion)> = conclusions
        .iter()
        .filter_map(|c| {
            let a = rows.iter().position(|r| c.numerator.is(r))?;
            let b = rows.iter().position(|r| c.denominator.is(r))?;
            Some((a, b, c))
        })
        .collect();
    let legend_rows = families.len() + usize::from(!seeds.is_empty());
    let height = 72 + 22 * n as u32 + 18 * legend_rows as u32 + 12;
    let values = rows
        .iter()
        .flat_map(|r| [r.ci95_low_ns, r.ci95_high_ns, r.median_ns])
        .chain(seeds.iter().map(|s| s.1));
    let axis = Axis::for_values(values.clone());
    let (x0, mut x1) = axis.range(values);
    if !brackets.is_empty() {
        x1 += (x1 - x0) * 0.18; // room for the brackets and their labels
    }
    let labels: Vec<String> = rows
        .iter()
        .map(|r| {
            let l = label(r);
            if r.noisy {
                format!("{l} (noisy)")
            } else {
                l
            }
        })
        .collect();
    // The legend sits in rows below the bars.
    let bottom = -(legend_rows as f64) * 0.8 - 0.5;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(8)
            .margin_right(40)
            // Tick labels and the axis description below them, not on them.
            .x_label_area_size(40)
            .y_label_area_size(330)
            .build_cartesian_2d(x0..x1, bottom..(n as f64 - 0.5))
            .map_err(err)?;
        // Enough ticks that every row (an integer y) gets one; the legend's
        // rows below zero stay unlabelled.
        let ticks = (n as f64 - 0.5 - bottom).ceil() as usize + 1;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(ticks)
            .y_label_formatter(&|y| row_label(&labels, *y))
            .x_label_formatter(&|x| axis.tick(*x))
            .x_desc(axis.describe("median time per operation; whiskers: 95% CI"))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                let y = row_y(i, n);
                let colour = ChartFamily::of(r).colour();
                // A noisy row is drawn pale: visible, but not to be trusted.
                let style = if r.noisy {
                    colour.mix(0.4).filled()
                } else {
                    colour.filled()
                };
                Rectangle::new([(x0, y - 0.35), (axis.x(r.median_ns), y + 0.35)], style)
            }))
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                let y = row_y(i, n);
                PathElement::new(
                    vec![(axis.x(r.ci95_low_ns), y), (axis.x(r.ci95_high_ns), y)],
                    BLACK.stroke_width(2),
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(seeds.iter().map(|&(i, ns)| {
                let y = row_y(i, n);
                let x = axis.x(ns);
                Polygon::new(
                    vec![
                        (x, y - 0.4),
                        (x + (x1 - x0) * 0.006, y),
                        (x, y + 0.4),
                        (x - (x1 - x0) * 0.006, y),
                    ],
                    BLACK.filled(),
                )
            }))
            .map_err(err)?;
        for (k, &(a, b, c)) in brackets.iter().enumerate() {
            let xb = x1 - (x1 - x0) * (0.15 - 0.02 * (k % 4) as f64);
            let (ya, yb) = (row_y(a, n), row_y(b, n));
            let ends = [axis.x(rows[a].ci95_high_ns), axis.x(rows[b].ci95_high_ns)];
            chart
                .draw_series(std::iter::once(PathElement::new(
                    vec![(ends[0], ya), (xb, ya), (xb, yb), (ends[1], yb)],
                    BLACK.stroke_width(1),
                )))
                .map_err(err)?;
            let mark = match c.verdict {
                Verdict::Holds => "✓",
                Verdict::DoesNotHold => "✗",
                Verdict::Inconclusive => "?",
            };
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{}× {mark}", crate::units::significant(c.ratio)),
                    (xb + (x1 - x0) * 0.005, (ya + yb) / 2.0),
                    ("sans-serif", 12),
                )))
                .map_err(err)?;
        }
        // Legend: one swatch per family present, and the seed's marker.
        let mut entries: Vec<(String, Option<RGBColor>)> = families
            .iter()
            .map(|f| (f.name().to_string(), Some(f.colour())))
            .collect();
        if !seeds.is_empty() {
            entries.push((
                "the seed's published figure, scaled to these items".into(),
                None,
            ));
        }
        let span = x1 - x0;
        for (k, (text, colour)) in entries.into_iter().enumerate() {
            let y = -0.9 - 0.8 * k as f64;
            let (lx, w) = (x0 + span * 0.01, span * 0.025);
            match colour {
                Some(c) => chart
                    .draw_series(std::iter::once(Rectangle::new(
                        [(lx, y - 0.25), (lx + w, y + 0.25)],
                        c.filled(),
                    )))
                    .map_err(err)?,
                None => chart
                    .draw_series(std::iter::once(Polygon::new(
                        vec![
                            (lx + w / 2.0, y - 0.3),
                            (lx + w * 0.75, y),
                            (lx + w / 2.0, y + 0.3),
                            (lx + w * 0.25, y),
                        ],
                        BLACK.filled(),
                    )))
                    .map_err(err)?,
            };
            chart
                .draw_series(std::iter::once(Text::new(
                    text,
                    (lx + w * 1.5, y + 0.2),
                    ("sans-serif", 12),
                )))
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(svg)
}

fn unit_for(max_ns: f64) -> (f64, &'static str) {
    if max_ns < 1e3 {
        (1.0, "ns")
    } else if max_ns < 1e6 {
        (1e3, "µs")
    } else if max_ns < 1e9 {
        (1e6, "ms")
    } else {
        (1e9, "s")
    }
}

/// Log-log curves of time per operation against items, one per codec and medium.
pub fn scaling_curves(title: &str, rows: &[&Record]) -> ChartResult {
    let mut series: Vec<(String, Vec<(f64, f64)>)> = Vec::new();
    for r in rows {
        let name = format!("{} [{}]", r.codec, r.medium.as_str());
        let point = (r.items.max(1) as f64, r.median_ns.max(1e-3));
        match series.iter_mut().find(|(n, _)| *n == name) {
            Some((_, pts)) => pts.push(point),
            None => series.push((name, vec![point])),
        }
    }
    let xs = rows.iter().map(|r| r.items.max(1) as f64);
    let (x_min, x_max) = xs.fold((f64::MAX, f64::MIN), |(lo, hi), x| (lo.min(x), hi.max(x)));
    let ys = rows.iter().map(|r| r.median_ns.max(1e-3));
    let (y_min, y_max) = ys.fold((f64::MAX, f64::MIN), |(lo, hi), y| (lo.min(y), hi.max(y)));
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 520)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = log_log(
            &root,
            title,
            ((x_min, x_max), (y_min, y_max)),
            40,
            (
                AxisText {
                    desc: "items per operation (N)",
                    tick: crate::units::count,
                },
                AxisText {
                    desc: "median time per operation",
                    tick: crate::units::duration,
                },
            ),
        )?;
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
                .draw_series(pts.into_iter().map(|p| Circle::new(p, 2, color.filled())))
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

/// Warm and cold medians side by side for each codec and compression.
pub fn warm_cold_bars(title: &str, rows: &[&Record]) -> ChartResult {
    let mut groups: Vec<(String, Option<f64>, Option<f64>)> = Vec::new();
    for r in rows {
        let name = if r.compression == "none" {
            r.codec.clone()
        } else {
            format!("{} {}", r.codec, r.compression)
        };
        let idx = match groups.iter().position(|g| g.0 == name) {
            Some(i) => i,
            None => {
                groups.push((name, None, None));
                groups.len() - 1
            }
        };
        match r.medium {
            Medium::FileWarm => groups[idx].1 = Some(r.median_ns),
            Medium::FileCold | Medium::FileColdUnverified => groups[idx].2 = Some(r.median_ns),
            Medium::Memory => {}
        }
    }
    let values = groups.iter().flat_map(|g| [g.1, g.2]).flatten();
    let axis = Axis::for_values(values.clone());
    let (x0, x1) = axis.range(values);
    let n = groups.len();
    let names: Vec<String> = groups.iter().map(|g| g.0.clone()).collect();
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 82 + 34 * groups.len() as u32))
            .into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 16))
            .margin(8)
            .margin_right(40)
            .x_label_area_size(40)
            .y_label_area_size(230)
            .build_cartesian_2d(x0..x1, -0.5..(n as f64 - 0.5))
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(n)
            .y_label_formatter(&|y| row_label(&names, *y))
            .x_label_formatter(&|x| axis.tick(*x))
            .x_desc(axis.describe("median read time"))
            .draw()
            .map_err(err)?;
        let warm = RGBColor(240, 140, 60); // not a seed figure
        let cold = RGBColor(60, 100, 180);
        chart
            .draw_series(groups.iter().enumerate().filter_map(|(i, g)| {
                let y = row_y(i, n);
                g.1.map(|v| Rectangle::new([(x0, y), (axis.x(v), y + 0.4)], warm.filled()))
            }))
            .map_err(err)?
            .label("warm (page cache)")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], warm.filled()));
        chart
            .draw_series(groups.iter().enumerate().filter_map(|(i, g)| {
                let y = row_y(i, n);
                g.2.map(|v| Rectangle::new([(x0, y - 0.4), (axis.x(v), y)], cold.filled()))
            }))
            .map_err(err)?
            .label("cold (evicted)")
            .legend(move |(x, y)| Rectangle::new([(x, y - 5), (x + 14, y + 5)], cold.filled()));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .position(SeriesLabelPosition::LowerRight)
            .draw()
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

pub use encbench_stats::pareto::pareto_frontier;

/// `parquet`, or `parquet + zstd-3` when compressed.
fn choice_name(codec: &str, compression: &str) -> String {
    if compression == "none" {
        codec.to_string()
    } else {
        format!("{codec} + {compression}")
    }
}

/// Encoded size against decode time, the Pareto frontier drawn through and
/// labelled, every other point named in its hover title.
pub fn pareto_scatter(title: &str, rows: &[&Record]) -> ChartResult {
    let mut points: Vec<ScatterPoint> = rows
        .iter()
        .map(|r| {
            let codec = r.codec.trim_start_matches("file/");
            ScatterPoint {
                name: choice_name(codec, &r.compression),
                xy: (r.encoded_bytes.max(1) as f64, r.median_ns.max(1e-3)),
                original: codec == "original",
                ..Default::default()
            }
        })
        .collect();
    ScatterPoint::mark_frontier(&mut points);
    scatter(title, &points, ("encoded size", "median decode time"))
}

/// `encbench file`'s choices: every encoding × compression as bytes stored
/// and read time, from the recommendation's own costs (the whole file, one
/// read with moving the bytes); a record without them (older runs) is drawn
/// from its rows as `encbench_userdata` builds them:
/// a decode row is a choice (compressed inside the format when its
/// compression is not `none`), and so is each whole-file compressor over
/// an uncompressed one.
pub(crate) fn choice_points(rows: &[&Record], rec: &Recommendation) -> Vec<ScatterPoint> {
    let find = |codec: &str, op: &str, compression: &str| {
        rows.iter()
            .find(|r| r.codec == codec && r.operation == op && r.compression == compression)
    };
    let readers = match rec.readers.is_empty() {
        true => "the readers asked for".to_string(),
        false => rec.readers.join(", "),
    };
    let not_readable = |codec: &str| {
        rec.excluded
            .iter()
            .any(|e| e == codec)
            .then(|| format!("not readable in {readers}"))
    };
    // The cost the recommendation was drawn from, when the record has it:
    // the whole file's bytes at rest against one read, as the tables say.
    if !rec.costs.is_empty() {
        let mut points: Vec<ScatterPoint> = rec
            .costs
            .iter()
            .map(|c| ScatterPoint {
                name: choice_name(&c.codec, &c.compression),
                xy: (c.stored_bytes.max(1.0), c.read_ns.max(1e-3)),
                recommended: c.codec == rec.codec && c.compression == rec.compression,
                original: c.codec == "original" && c.write_ns.is_none(),
                excluded: not_readable(&c.codec),
                ..Default::default()
            })
            .collect();
        ScatterPoint::mark_frontier(&mut points);
        return points;
    }
    let mut points = Vec::new();
    for decode in rows.iter().filter(|r| r.operation == "decode") {
        let codec = decode.codec.trim_start_matches("file/");
        // Only the input's own row is the file as it is; compressed whole,
        // it is another choice.
        let mut push = |compression: &str, bytes: u64, ns: f64, as_it_is: bool| {
            points.push(ScatterPoint {
                name: choice_name(codec, compression),
                xy: (bytes.max(1) as f64, ns.max(1e-3)),
                recommended: codec == rec.codec && compression == rec.compression,
                original: as_it_is && codec == "original",
                excluded: not_readable(codec),
                ..Default::default()
            })
        };
        push(
            &decode.compression,
            decode.encoded_bytes,
            decode.median_ns,
            true,
        );
        if decode.compression != "none" {
            continue;
        }
        for compress in rows
            .iter()
            .filter(|r| r.codec == decode.codec && r.operation == "compress")
        {
            if let Some(decompress) = find(&decode.codec, "decompress", &compress.compression) {
                push(
                    &compress.compression,
                    compress.encoded_bytes,
                    decode.median_ns + decompress.median_ns,
                    false,
                );
            }
        }
    }
    ScatterPoint::mark_frontier(&mut points);
    points
}

/// `encbench file`: every choice as bytes stored against read time, the
/// recommendation ringed and labelled with the frontier, those its readers
/// cannot read (`rec.excluded`) in grey, the input as it is a square.
pub fn choice_scatter(title: &str, rows: &[&Record], rec: &Recommendation) -> ChartResult {
    let points = choice_points(rows, rec);
    scatter(
        title,
        &points,
        ("bytes stored", "read time (decompress + decode)"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pareto_frontier_keeps_only_undominated_points() {
        let pts = [
            (10.0, 50.0),
            (20.0, 40.0),
            (15.0, 60.0),
            (30.0, 10.0),
            (40.0, 20.0),
            (5.0, 100.0),
        ];
        assert_eq!(
            pareto_frontier(&pts),
            vec![(5.0, 100.0), (10.0, 50.0), (20.0, 40.0), (30.0, 10.0)]
        );
        assert!(pareto_frontier(&[]).is_empty());
    }

    #[test]
    fn bars_are_coloured_by_family_with_a_legend_seed_marker_and_verdict_bracket() {
        let doc = crate::tests::document();
        let text = doc.results[0].clone();
        let mut binary = text.clone();
        binary.codec = "binary/read-chunked".into();
        binary.family = Some("raw-binary".into());
        binary.seed_reference = None;
        binary.median_ns /= 12.5;
        binary.ci95_low_ns /= 12.5;
        binary.ci95_high_ns /= 12.5;
        let rows = [&text, &binary];
        let svg = time_bars("t", &rows, &doc.conclusions).unwrap();
        let hex = |f: ChartFamily| {
            let RGBColor(r, g, b) = f.colour();
            format!("#{r:02X}{g:02X}{b:02X}")
        };
        assert!(svg.contains(&hex(ChartFamily::Text)), "{svg}");
        assert!(svg.contains(&hex(ChartFamily::Binary)), "{svg}");
        assert!(
            svg.contains("\ntext\n") && svg.contains("\nbinary\n"),
            "legend: {svg}"
        );
        // Seed 000's 6000 ms for 10 M ints is drawn for this row's 1000 items.
        assert_eq!(seed_ns(&text), Some(6000.0 * 1e6 * 1000.0 / 1e7));
        assert!(
            svg.contains("the seed&apos;s published figure")
                || svg.contains("the seed's published figure"),
            "{svg}"
        );
        assert!(svg.contains("<polygon"), "seed marker: {svg}");
        // The conclusion's two rows are both drawn: the bracket says its ratio and verdict.
        assert!(svg.contains("12.5× ✓"), "{svg}");
        // Without the binary row there is nothing to bracket.
        let alone = time_bars("t", &[&text], &doc.conclusions).unwrap();
        assert!(!alone.contains("12.5×"));
        let mut go = binary.clone();
        go.language = "go".into();
        assert_eq!(ChartFamily::of(&go), ChartFamily::PeerLanguage);
        binary.compression = "zstd-3".into();
        assert_eq!(ChartFamily::of(&binary), ChartFamily::Compressed);
    }

    #[test]
    fn every_chart_draws_svg_from_a_document() {
        let doc = crate::tests::document();
        let rows: Vec<&Record> = doc.results.iter().collect();
        for svg in [
            time_bars("t", &rows, &doc.conclusions),
            scaling_curves("s", &rows),
            warm_cold_bars("w", &rows),
            pareto_scatter("p", &rows),
        ] {
            let svg = svg.unwrap();
            assert!(svg.starts_with("<svg") && svg.contains("</svg>"), "{svg}");
            assert!(
                svg.contains("<rect") || svg.contains("<polyline") || svg.contains("<circle"),
                "{svg}"
            );
        }
    }
}
