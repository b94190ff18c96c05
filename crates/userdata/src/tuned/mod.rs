//! `parquet + tuned` for `file` and `--convert parquet+tuned`: the codec
//! (settings chosen on the data: `encbench_codecs::columnar::tuning`),
//! the prescription in words with each setting's measured gain, and the
//! same settings as other writers' calls (`emit`).

pub mod emit;

use encbench_codecs::columnar::tuning::{Prescription, Setting};
use encbench_codecs::columnar::{Handle, TunedParquet};
use encbench_codecs::tables::TableCodec;
use encbench_format::units;

/// The compression label of tuned candidates (`parquet + tuned`).
pub const LABEL: &str = "tuned";

/// The formats written tuned.
pub fn candidates() -> Vec<Box<dyn TableCodec>> {
    vec![Box::new(TunedParquet::default())]
}

/// The tuned codec for `format`, and where it keeps what it chooses;
/// `None` for a format with no tuned writer here.
pub fn codec(format: &str) -> Option<(Box<dyn TableCodec>, Handle)> {
    (format == "parquet").then(|| {
        let codec = TunedParquet::default();
        let handle = codec.handle();
        (Box::new(codec) as Box<dyn TableCodec>, handle)
    })
}

fn signed_bytes(gain: i64) -> String {
    match gain {
        g if g >= 0 => format!("−{}", units::bytes(g as f64)),
        g => format!("+{}", units::bytes(-g as f64)),
    }
}

fn pct(gain: f64) -> String {
    match gain {
        g if g >= 0.0 => format!("−{g:.1} %"),
        g => format!("+{:.1} %", -g),
    }
}

fn ms(d: std::time::Duration) -> String {
    format!("{} ms", units::significant(d.as_secs_f64() * 1e3))
}

/// The prescription in words: each column's encoding with its bytes
/// against a dictionary, then each setting with its gain on the sample.
pub fn render(p: &Prescription) -> String {
    let mut out = format!(
        "parquet + tuned: settings chosen on the first {} rows, each measured on them ({} in all)\n",
        p.sample_rows,
        ms(p.took)
    );
    out.push_str("  encodings (bytes on the sample against a dictionary, the writers' default):\n");
    let width = p.columns.iter().map(|c| c.name.len()).max().unwrap_or(0);
    for c in &p.columns {
        let line = match &c.setting {
            Setting::Chosen {
                choice,
                bytes,
                dictionary,
            } => {
                let name = choice.parquet_name().unwrap_or("dictionary");
                // The longest encoding's name, DELTA_LENGTH_BYTE_ARRAY.
                let width = "DELTA_LENGTH_BYTE_ARRAY".len();
                match choice.parquet_name() {
                    None => format!("{name:<width$} {} (kept: smallest)", units::bytes(*bytes)),
                    Some(_) => format!(
                        "{name:<width$} {} against {} ({})",
                        units::bytes(*bytes),
                        units::bytes(*dictionary),
                        pct((1.0 - bytes / dictionary.max(1.0)) * 100.0)
                    ),
                }
            }
            Setting::NotMeasured(why) => format!("not measured: {why}"),
        };
        out.push_str(&format!("    {:<width$}  {line}\n", c.name));
    }
    for s in &p.steps {
        out.push_str(&format!(
            "  {}: {}: {} → {} ({}, {})\n",
            s.what,
            s.setting,
            units::bytes(s.before as f64),
            units::bytes(s.after as f64),
            signed_bytes(s.gain()),
            pct(s.gain_pct())
        ));
    }
    let levels: Vec<String> = p
        .levels
        .iter()
        .map(|l| {
            format!(
                "{}: {}, write {}, read {}",
                l.level,
                units::bytes(l.bytes as f64),
                ms(l.write),
                ms(l.read)
            )
        })
        .collect();
    out.push_str(&format!(
        "    levels tried (arrow-rs, best of two): {}; a higher level is kept unless it is no smaller, or over 2× slower to write for under 2 % fewer bytes\n",
        levels.join("; ")
    ));
    out.push_str(&format!(
        "  row groups: {} rows or 64 MiB: not measured (the sample holds fewer rows than one group; larger groups only shrink a file)\n",
        p.row_group_rows
    ));
    out.push_str("  bloom filters: none (no equality filter is known when converting)\n");
    match &p.sort {
        Some(s) => out.push_str(&format!(
            "  sort: by '{}' within row groups: {} → {} ({}); not applied by encbench (its row-by-row check needs the input's order); the calls below apply it\n",
            s.column,
            units::bytes(s.before as f64),
            units::bytes(s.after as f64),
            pct((1.0 - s.after as f64 / s.before.max(1) as f64) * 100.0)
        )),
        None => out.push_str("  sort: none (no low-cardinality or time column made the sample at least 2 % smaller)\n"),
    }
    out
}

/// The same settings as each writer's call, under a header per writer.
pub fn calls(p: &Prescription) -> String {
    let mut out = String::from(
        "the same settings as write calls (`table`: a pyarrow Table, `df`: a polars or Spark DataFrame, `tbl`: a table DuckDB sees; each writes out.parquet):\n",
    );
    for (writer, text) in [
        ("pyarrow", emit::pyarrow(p)),
        ("polars", emit::polars(p)),
        ("duckdb", emit::duckdb(p)),
        ("spark", emit::spark(p)),
    ] {
        out.push_str(&format!("--- {writer}\n{text}\n"));
    }
    out.push_str("---\n");
    out
}
