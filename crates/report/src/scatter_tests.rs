//! The `file` report's two scatters: ticks in units, labels only where
//! they say something, hover titles for the rest, the input's own format
//! marked; and the page checked in headless Chromium for overlapping text.

use crate::charts::{choice_scatter, pareto_scatter};
use crate::Exporter;
use encbench_record::{Recommendation, Record, RunDocument};

/// A file run shaped like a real one (a 20 000-row CSV, its sizes × 100
/// so the axis reaches 100 MB): eleven encodings, two whole-file
/// compressors, and formats that compress inside themselves.
pub(crate) fn file_document() -> RunDocument {
    let mut doc = crate::tests::document();
    let base = doc.results[0].clone();
    let row = |codec: &str, op: &str, compression: &str, bytes: u64, ns: f64| {
        let mut r = base.clone();
        r.scenario = "file".into();
        r.dataset = "sales.csv-20000".into();
        r.codec = format!("file/{codec}");
        r.operation = op.into();
        r.compression = compression.into();
        r.encoded_bytes = bytes * 100;
        r.median_ns = ns * 10.0;
        r.seed_reference = None;
        r
    };
    let mut rows = Vec::new();
    for (codec, bytes, encode, decode) in [
        ("original", 658_983, 0.0, 4.45e6),
        ("csv", 656_490, 11.2e6, 4.55e6),
        ("jsonl", 1_436_895, 7.86e6, 34.0e6),
        ("msgpack", 495_284, 2.51e6, 2.06e6),
        ("cbor", 501_073, 2.78e6, 4.96e6),
        ("avro", 448_253, 16.8e6, 12.8e6),
        ("protobuf", 587_409, 26.0e6, 16.6e6),
        ("postcard", 447_412, 2.05e6, 1.56e6),
        ("bincode", 455_416, 1.91e6, 1.76e6),
        ("arrow", 386_504, 0.95e6, 0.285e6),
        ("parquet", 279_326, 3.14e6, 1.0e6),
    ] {
        if codec != "original" {
            rows.push(row(codec, "encode", "none", bytes, encode));
        }
        rows.push(row(codec, "decode", "none", bytes, decode));
        for (compression, ratio, compress, decompress) in
            [("zstd-3", 0.32, 4.2e6, 1.0e6), ("lz4", 0.52, 2.5e6, 0.33e6)]
        {
            if matches!(codec, "arrow" | "parquet" | "avro") {
                let inside = (bytes as f64 * ratio * 0.9) as u64;
                rows.push(row(codec, "encode", compression, inside, encode * 1.5));
                rows.push(row(codec, "decode", compression, inside, decode * 1.4));
                continue;
            }
            let small = (bytes as f64 * ratio) as u64;
            rows.push(row(codec, "compress", compression, small, compress));
            rows.push(row(codec, "decompress", compression, small, decompress));
        }
    }
    doc.results = rows;
    doc.failures.clear();
    doc.comparisons.clear();
    doc.conclusions.clear();
    doc.recommendation = Some(Recommendation {
        codec: "parquet".into(),
        compression: "zstd-3".into(),
        objective: "balanced".into(),
        link_mb_per_s: None,
        bandwidth_mb_per_s: None,
        bandwidth_source: None,
        reason: "because.".into(),
        readers: vec!["python".into(), "java".into()],
        excluded: vec!["postcard".into(), "bincode".into()],
        reads_per_write: None,
        keep_margin: None,
        costs: Vec::new(),
    });
    doc
}

fn charts(doc: &RunDocument) -> [String; 2] {
    let rows: Vec<&Record> = doc.results.iter().collect();
    let decodes: Vec<&Record> = rows
        .iter()
        .copied()
        .filter(|r| r.operation == "decode")
        .collect();
    let rec = doc.recommendation.as_ref().unwrap();
    [
        pareto_scatter("size vs decode time", &decodes).unwrap(),
        choice_scatter("bytes stored vs read time", &rows, rec).unwrap(),
    ]
}

/// The text of every `<text>` element, trimmed (plotters puts it on its own line).
fn texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let body = &t[t.find('>')? + 1..t.find("</text>")?];
            Some(body.trim().to_string())
        })
        .collect()
}

/// Every `<g class="point" …>…</g>`: its attributes and its content.
fn points(svg: &str) -> Vec<(String, String)> {
    svg.split("<g class=\"point\"")
        .skip(1)
        .filter_map(|g| {
            let open = g.find('>')?;
            Some((
                g[..open].to_string(),
                g[open + 1..g.find("</g>")?].to_string(),
            ))
        })
        .collect()
}

#[test]
fn scatter_ticks_are_in_units_never_bare_floats() {
    let doc = file_document();
    for svg in charts(&doc) {
        let texts = texts(&svg);
        for t in &texts {
            assert!(
                t.parse::<f64>().is_err(),
                "bare number {t:?} as a label in {texts:?}"
            );
            assert!(!t.contains("000000"), "{t:?}");
        }
        // Sizes reach 100 MB, times 1 ms to 1 s: decade ticks, in units.
        for tick in ["100 MB", "10.0 ms", "100 ms"] {
            assert!(texts.iter().any(|t| t == tick), "no {tick} in {texts:?}");
        }
        assert!(texts.iter().any(|t| t.ends_with(" MB")));
    }
}

#[test]
fn only_the_frontier_and_recommendation_are_labelled_the_rest_hover() {
    let doc = file_document();
    let [pareto, choices] = charts(&doc);
    for svg in [&pareto, &choices] {
        let points = points(svg);
        assert!(points.len() >= 11, "{svg}");
        for (attrs, body) in &points {
            assert!(body.starts_with("<title>"), "no hover title: {body}");
            let labelled = body.contains("<text");
            if attrs.contains("data-point=\"other\"") {
                assert!(!labelled, "an off-frontier point carries text: {body}");
            } else {
                assert!(labelled, "a frontier point without its label: {body}");
            }
        }
        let labelled = points.iter().filter(|(_, b)| b.contains("<text")).count();
        assert!(
            labelled >= 2 && labelled * 3 < points.len(),
            "{labelled} of {}",
            points.len()
        );
    }
    // The hover says what and how much.
    assert!(
        choices.contains("<title>jsonl + lz4: 74.7 MB, 343 ms</title>"),
        "{choices}"
    );
    assert!(choices.contains(">recommended: parquet + zstd-3</text>"));
    assert_eq!(
        points(&choices)
            .iter()
            .filter(|(a, _)| a.contains("data-point=\"recommended\""))
            .count(),
        1
    );
    // A format compressed inside itself is its own choice, not a second
    // uncompressed one (the recommendation was ringed three times before).
    assert!(choices.contains("<title>arrow + zstd-3: "));
    assert!(texts(&choices).contains(&"arrow + zstd-3".to_string()));
    // Unreadable choices are grey, and the legend says for whom.
    let postcard = points(&choices)
        .into_iter()
        .find(|(_, b)| b.starts_with("<title>postcard:"))
        .unwrap();
    assert!(
        postcard.1.contains("#AAAAAA") && postcard.1.contains("not readable in python, java"),
        "{postcard:?}"
    );
    assert!(texts(&choices).contains(&"grey: not readable in python, java".to_string()));
    assert!(!texts(&pareto).iter().any(|t| t.starts_with("grey")));
}

#[test]
fn the_file_as_it_is_is_a_square_with_a_legend_entry() {
    let doc = file_document();
    for svg in charts(&doc) {
        let originals: Vec<(String, String)> = points(&svg)
            .into_iter()
            .filter(|(a, _)| a.contains("data-original=\"true\""))
            .collect();
        assert_eq!(originals.len(), 1, "{svg}");
        let (_, body) = &originals[0];
        assert!(
            body.contains("<rect") && !body.contains("<circle"),
            "{body}"
        );
        assert!(body.contains("your file as it is"), "{body}");
        assert!(texts(&svg).contains(&"your file as it is".to_string()));
    }
    // Compressed whole, the original is another choice: a dot.
    let [_, choices] = charts(&doc);
    let zstd = points(&choices)
        .into_iter()
        .find(|(_, b)| b.starts_with("<title>original + zstd-3:"))
        .unwrap();
    assert!(!zstd.0.contains("data-original") && zstd.1.contains("<circle"));
}

#[test]
fn the_file_page_lists_every_point_of_the_choice_chart() {
    let doc = file_document();
    let html = String::from_utf8(crate::Html.serialize(&doc).unwrap()).unwrap();
    assert!(html.contains("data-chart=\"file-choices\""));
    assert!(html.contains("data-chart=\"pareto\""));
    let key = &html[html.find("<details class=\"chart-key\">").unwrap()..];
    let key = &key[..key.find("</details>").unwrap()];
    // 11 encodings; 8 compressed whole twice, 3 inside themselves twice.
    assert!(key.contains("(33)"), "{key}");
    assert_eq!(key.matches("<tr>").count(), 34, "{key}");
    assert!(key.contains("<td>recommended, frontier</td><td>parquet + zstd-3</td>"));
    assert!(key.contains("<td>your file as it is</td><td>original</td>"));
    assert!(key.contains("<td>not readable</td><td>bincode</td>"));
}

/// In the browser, after layout: the `<text>` pairs of one chart whose
/// boxes overlap, and any label a bare number, listed in `#problems`.
const CHECK: &str = r#"<script>
const problems = [];
document.querySelectorAll('figure.chart').forEach(fig => {
  const boxes = [...fig.querySelectorAll('text')]
    .filter(t => t.textContent.trim())
    .map(t => [t.textContent.trim(), t.getBoundingClientRect()]);
  boxes.forEach(([t]) => { if (/^-?[0-9]+(\.[0-9]+)?$/.test(t)) problems.push('bare ' + t); });
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [ta, a] = boxes[i], [tb, b] = boxes[j];
    const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    if (w > 1 && h > 1) problems.push(fig.dataset.chart + ': "' + ta + '" over "' + tb + '"');
  }
});
document.body.insertAdjacentHTML('beforeend',
  '<pre id="problems">[' + problems.join('|') + ']</pre><p id="figures">' +
  document.querySelectorAll('figure.chart svg').length + ' svg</p>');
</script></body>"#;

#[test]
fn the_file_page_renders_in_headless_chromium_with_no_overlapping_text() {
    let Some(browser) = crate::testing::chromium_or_skip() else {
        return;
    };
    let doc = file_document();
    let html = String::from_utf8(crate::Html.serialize(&doc).unwrap()).unwrap();
    let dir = std::env::temp_dir().join(format!("encbench-report-render-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let page = dir.join("file.html");
    std::fs::write(&page, html.replace("</body>", CHECK)).unwrap();
    let out = std::process::Command::new(browser)
        .args(crate::testing::HEADLESS_FLAGS)
        .arg("--window-size=1100,1500")
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        dom.contains("<pre id=\"problems\">[]</pre>"),
        "text overlaps or bare numbers:\n{}\n{}",
        dom.rsplit("<pre id=\"problems\">").next().unwrap_or(&dom),
        String::from_utf8_lossy(&out.stderr)
    );
    // Both scatters (and the bars) were laid out.
    let svgs: usize = dom
        .rsplit("<p id=\"figures\">")
        .next()
        .and_then(|s| s.split(' ').next()?.parse().ok())
        .unwrap_or(0);
    assert!(svgs >= 3, "{svgs} charts");
    assert!(dom.contains("recommended: parquet + zstd-3"));
}

#[test]
fn the_choice_chart_draws_the_recommendations_own_costs_when_it_has_them() {
    let mut doc = file_document();
    let rec = doc.recommendation.as_mut().unwrap();
    let cost =
        |codec: &str, compression: &str, stored: f64, read_ms: f64| encbench_record::ChoiceCost {
            codec: codec.into(),
            compression: compression.into(),
            stored_bytes: stored,
            write_ns: (codec != "original").then_some(1e6),
            read_ns: read_ms * 1e6,
            life_ns: 0.0,
            cost: 1.0,
            excluded: None,
        };
    rec.costs = vec![
        cost("parquet", "zstd-3", 3.5e6, 42.0),
        cost("original", "none", 9.0e6, 77.0),
    ];
    let [_, choices] = charts(&doc);
    // The whole file's figures, not the sample rows': two points, those.
    assert_eq!(points(&choices).len(), 2, "{choices}");
    assert!(
        choices.contains("<title>parquet + zstd-3: 3.50 MB, 42.0 ms; recommended"),
        "{choices}"
    );
    assert!(
        choices.contains("<title>original: 9.00 MB, 77.0 ms; your file as it is"),
        "{choices}"
    );
}
