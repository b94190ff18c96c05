//! Size-against-time scatters (encoded bytes × time, log-log) that stay
//! legible with thirty points: only the Pareto frontier and the
//! recommendation carry text, placed where it overlaps nothing; every
//! point has a hover title; the input's own format is a square; a legend
//! below says what each mark means. Plotters draws the frame, the points
//! are written as SVG here because plotters has no `<title>`.

use crate::axes::{err, log_log, AxisText, ChartResult};
use crate::html_escape::escape;
use crate::units;
use encbench_stats::pareto::pareto_frontier;
use plotters::prelude::*;

/// One point: a choice of encoding (and compression).
#[derive(Debug, Clone, Default)]
pub(crate) struct ScatterPoint {
    /// `parquet + zstd-3`.
    pub name: String,
    /// Bytes, nanoseconds.
    pub xy: (f64, f64),
    /// No other point is both smaller and faster.
    pub frontier: bool,
    pub recommended: bool,
    /// The input's own format (`original`): the user's file as it is.
    pub original: bool,
    /// Why the readers asked for cannot read it (drawn grey), if they cannot.
    pub excluded: Option<String>,
}

impl ScatterPoint {
    /// Sets `frontier` on the undominated points.
    pub fn mark_frontier(points: &mut [ScatterPoint]) {
        let xy: Vec<(f64, f64)> = points.iter().map(|p| p.xy).collect();
        let frontier = pareto_frontier(&xy);
        for p in points {
            p.frontier = frontier.contains(&p.xy);
        }
    }

    /// How far the marker reaches from the point, in pixels.
    fn radius(&self) -> f64 {
        if self.recommended {
            10.5 // pixels, not a seed figure
        } else if self.original {
            6.0
        } else {
            4.5
        }
    }

    fn labelled(&self) -> bool {
        self.frontier || self.recommended
    }

    /// The hover title: name, both figures, and what the marks say.
    pub fn title(&self) -> String {
        let mut t = format!(
            "{}: {}, {}",
            self.name,
            units::bytes(self.xy.0),
            units::duration(self.xy.1)
        );
        for (on, what) in [
            (self.recommended, "recommended"),
            (self.frontier, "Pareto frontier"),
            (self.original, "your file as it is"),
        ] {
            if on {
                t.push_str(&format!("; {what}"));
            }
        }
        if let Some(why) = &self.excluded {
            t.push_str(&format!("; {why}"));
        }
        t
    }

    fn colour(&self) -> &'static str {
        if self.recommended {
            GREEN
        } else if self.excluded.is_some() {
            GREY
        } else if self.frontier {
            RED
        } else {
            BLUE
        }
    }
}

const RED: &str = "#C83C3C";
const BLUE: &str = "#3C64C8";
const GREY: &str = "#AAAAAA";
const GREEN: &str = "#148C3C";
const FONT: f64 = 11.0;

/// A pixel box: left, top, right, bottom.
type Box2 = (f64, f64, f64, f64);

fn overlaps(a: Box2, b: Box2) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// Where a label goes: its anchor point, `text-anchor`, and its box.
struct Placed {
    x: f64,
    y: f64,
    anchor: &'static str,
}

/// The first spot beside the marker of radius `r` at `(px, py)` where
/// `text` overlaps no box in `taken` and stays inside `area`; `None` when
/// every spot is taken.
fn place(
    text: &str,
    (px, py): (f64, f64),
    r: f64,
    area: Box2,
    taken: &[Box2],
) -> Option<(Placed, Box2)> {
    // Sans-serif averages under 0.6 em a character; overestimating keeps gaps.
    let w = text.chars().count() as f64 * FONT * 0.6;
    // Beside the marker first, then above and below it, further out each round.
    let mut spots = vec![(r + 3.0, 4.0, "start"), (-r - 3.0, 4.0, "end")];
    for lift in [0.0, 10.0, 20.0] {
        for dy in [-r - lift, r + FONT + lift] {
            spots.extend([(r, dy, "start"), (-r, dy, "end"), (0.0, dy, "middle")]);
        }
    }
    spots.iter().find_map(|&(dx, dy, anchor)| {
        let (x, y) = (px + dx, py + dy);
        let left = match anchor {
            "start" => x,
            "end" => x - w,
            _ => x - w / 2.0,
        };
        let b = (left, y - FONT, left + w, y + 3.0);
        let inside = b.0 >= area.0 && b.2 <= area.2 && b.1 >= area.1 && b.3 <= area.3;
        (inside && !taken.iter().any(|t| overlaps(*t, b))).then_some((Placed { x, y, anchor }, b))
    })
}

/// The marker of a point at pixel `(x, y)`: a square for the input's own
/// format, a ring around the recommendation, a dot otherwise.
fn marker(p: &ScatterPoint, (x, y): (f64, f64)) -> String {
    let colour = p.colour();
    let mut s = String::new();
    if p.recommended {
        s.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"9\" fill=\"none\" stroke=\"{GREEN}\" stroke-width=\"3\"/>"
        ));
    }
    if p.original {
        s.push_str(&format!(
            "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"10\" height=\"10\" fill=\"{colour}\" stroke=\"#222222\" stroke-width=\"1.5\"/>",
            x - 5.0,
            y - 5.0
        ));
    } else {
        s.push_str(&format!(
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"4.5\" fill=\"{colour}\"/>"
        ));
    }
    s
}

/// The text of a labelled point.
fn label_text(p: &ScatterPoint) -> String {
    let mut t = if p.recommended {
        format!("recommended: {}", p.name)
    } else {
        p.name.clone()
    };
    if p.original {
        t.push_str(" (your file)");
    }
    t
}

/// Legend rows: a marker drawn at the row's left, and what it means.
fn legend(points: &[ScatterPoint]) -> Vec<(String, String)> {
    let any = |f: &dyn Fn(&ScatterPoint) -> bool| points.iter().any(f);
    let dot = |c: &str| format!("<circle cx=\"9\" cy=\"0\" r=\"4.5\" fill=\"{c}\"/>");
    let mut rows = vec![(
        format!(
            "<line x1=\"0\" y1=\"0\" x2=\"18\" y2=\"0\" stroke=\"{RED}\" stroke-width=\"2\"/>{}",
            dot(RED)
        ),
        "Pareto frontier: nothing else is both smaller and faster (labelled)".to_string(),
    )];
    if any(&|p| p.recommended) {
        rows.push((
            format!(
                "<circle cx=\"9\" cy=\"0\" r=\"9\" fill=\"none\" stroke=\"{GREEN}\" stroke-width=\"3\"/>{}",
                dot(GREEN)
            ),
            "recommended (labelled)".into(),
        ));
    }
    if any(&|p| p.original) {
        rows.push((
            "<rect x=\"4\" y=\"-5\" width=\"10\" height=\"10\" fill=\"#FFFFFF\" stroke=\"#222222\" stroke-width=\"1.5\"/>".into(),
            "your file as it is".into(),
        ));
    }
    if any(&|p| !p.labelled()) {
        rows.push((
            dot(BLUE),
            "other choices: hover for the name and figures; all are in the tables below".into(),
        ));
    }
    if let Some(note) = points.iter().find_map(|p| p.excluded.as_deref()) {
        rows.push((dot(GREY), format!("grey: {note}")));
    }
    rows
}

/// The scatter of `points`, bytes on x and time on y.
pub(crate) fn scatter(
    title: &str,
    points: &[ScatterPoint],
    (x_desc, y_desc): (&str, &str),
) -> ChartResult {
    if points.is_empty() {
        return Err("no rows to draw".into());
    }
    let fold = |f: fn(&(f64, f64)) -> f64| {
        points
            .iter()
            .map(|p| f(&p.xy))
            .fold((f64::MAX, f64::MIN), |(lo, hi), v| (lo.min(v), hi.max(v)))
    };
    let ranges = (fold(|p| p.0), fold(|p| p.1));
    let legend = legend(points);
    let (width, plot_height) = (900u32, 500u32);
    let row_h = 20.0;
    let height = plot_height + 10 + (row_h * legend.len() as f64) as u32;
    let mut svg = String::new();
    let (pixels, area) = {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (upper, _) = root.split_vertically(plot_height);
        let chart = log_log(
            &upper,
            title,
            ranges,
            40,
            (
                AxisText {
                    desc: x_desc,
                    tick: units::bytes,
                },
                AxisText {
                    desc: y_desc,
                    tick: units::duration,
                },
            ),
        )?;
        let pixels: Vec<(f64, f64)> = points
            .iter()
            .map(|p| {
                let (x, y) = chart.backend_coord(&p.xy);
                (f64::from(x), f64::from(y))
            })
            .collect();
        let (xr, yr) = chart.plotting_area().get_pixel_range();
        let area = (
            f64::from(xr.start),
            f64::from(yr.start),
            f64::from(xr.end),
            f64::from(yr.end),
        );
        root.present().map_err(err)?;
        (pixels, area)
    };
    let mut extra = String::new();
    // The frontier as a line, smallest first.
    let mut line: Vec<(f64, f64, f64)> = points
        .iter()
        .zip(&pixels)
        .filter(|(p, _)| p.frontier)
        .map(|(p, px)| (p.xy.0, px.0, px.1))
        .collect();
    line.sort_by(|a, b| a.0.total_cmp(&b.0));
    if line.len() > 1 {
        let pts: Vec<String> = line
            .iter()
            .map(|(_, x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        extra.push_str(&format!(
            "<polyline class=\"frontier\" points=\"{}\" fill=\"none\" stroke=\"{RED}\" stroke-width=\"2\"/>\n",
            pts.join(" ")
        ));
    }
    // Labels go where they overlap no marker, no other label and not the
    // frontier line: the recommendation first, then the frontier left to right.
    let mut taken: Vec<Box2> = points
        .iter()
        .zip(&pixels)
        .map(|(p, &(x, y))| {
            let r = p.radius();
            (x - r, y - r, x + r, y + r)
        })
        .collect();
    for pair in line.windows(2) {
        let ((_, x0, y0), (_, x1, y1)) = (pair[0], pair[1]);
        let steps = ((x1 - x0).hypot(y1 - y0) / 3.0).ceil().max(1.0) as usize;
        for k in 0..=steps {
            let t = k as f64 / steps as f64;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            taken.push((x - 1.5, y - 1.5, x + 1.5, y + 1.5));
        }
    }
    let mut order: Vec<usize> = (0..points.len())
        .filter(|&i| points[i].labelled())
        .collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&points[a], &points[b]);
        b.recommended
            .cmp(&a.recommended)
            .then(a.xy.0.total_cmp(&b.xy.0))
    });
    let mut labels: Vec<Option<(String, Placed)>> = (0..points.len()).map(|_| None).collect();
    for i in order {
        let text = label_text(&points[i]);
        if let Some((placed, b)) = place(&text, pixels[i], points[i].radius(), area, &taken) {
            taken.push(b);
            labels[i] = Some((text, placed));
        }
    }
    // Unlabelled points first, so the labelled ones draw on top.
    let mut draw: Vec<usize> = (0..points.len()).collect();
    draw.sort_by_key(|&i| (labels[i].is_some(), points[i].recommended));
    for i in draw {
        let p = &points[i];
        let kind = if p.recommended {
            "recommended"
        } else if p.frontier {
            "frontier"
        } else {
            "other"
        };
        extra.push_str(&format!(
            "<g class=\"point\" data-point=\"{kind}\"{}><title>{}</title>{}",
            if p.original {
                " data-original=\"true\""
            } else {
                ""
            },
            escape(&p.title()),
            marker(p, pixels[i])
        ));
        if let Some((text, at)) = &labels[i] {
            let weight = if p.recommended { "bold" } else { "normal" };
            extra.push_str(&format!(
                "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{}\" font-family=\"sans-serif\" font-size=\"{FONT}\" font-weight=\"{weight}\" fill=\"{}\">{}</text>",
                at.x,
                at.y,
                at.anchor,
                p.colour(),
                escape(text)
            ));
        }
        extra.push_str("</g>\n");
    }
    for (k, (mark, text)) in legend.iter().enumerate() {
        let y = f64::from(plot_height) + 10.0 + row_h * k as f64;
        extra.push_str(&format!(
            "<g class=\"legend\" transform=\"translate({:.1},{y:.1})\">{mark}<text x=\"28\" y=\"4\" font-family=\"sans-serif\" font-size=\"12\" fill=\"#222222\">{}</text></g>\n",
            area.0,
            escape(text)
        ));
    }
    let end = svg.rfind("</svg>").ok_or("plotters wrote no </svg>")?;
    svg.insert_str(end, &extra);
    Ok(svg)
}

/// Every point as table rows (smallest first): mark, name, bytes, time.
pub(crate) fn key_rows(points: &[ScatterPoint]) -> Vec<Vec<String>> {
    let mut sorted: Vec<&ScatterPoint> = points.iter().collect();
    sorted.sort_by(|a, b| a.xy.0.total_cmp(&b.xy.0).then(a.xy.1.total_cmp(&b.xy.1)));
    sorted
        .into_iter()
        .map(|p| {
            let mut marks = Vec::new();
            if p.recommended {
                marks.push("recommended");
            }
            if p.frontier {
                marks.push("frontier");
            }
            if p.original {
                marks.push("your file as it is");
            }
            if p.excluded.is_some() {
                marks.push("not readable");
            }
            vec![
                marks.join(", "),
                p.name.clone(),
                units::bytes(p.xy.0),
                units::duration(p.xy.1),
            ]
        })
        .collect()
}
