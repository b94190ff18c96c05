//! The `file` pipeline, in the order a reader follows it: [`read`] (open →
//! sample → infer) → [`describe`] (what the input is) → [`plan`] and
//! [`measure`] (verify, then time every candidate on the sample) →
//! [`decide`] (price every choice for the whole file and recommend one) →
//! [`convert`] (schema → stream out → read back). Each stage hands a value
//! to the next; the command line only turns flags into the options below
//! and prints what the stages return.

use crate::bandwidth::Bandwidth;
use crate::candidates::TableCodec;
use crate::convert::{self, Converted, Outcome, Pass, Request, Source};
use crate::cost;
use crate::describe::{self, Description};
use crate::measure::{self, Measured, Plan};
use crate::readers::Readers;
use crate::recommend::{self, Choice, Objective};
use encbench_format::units;
use encbench_measure::{measure_overhead, probe_timer, Config};
use encbench_record::{Failure, Recommendation, Record};
use encbench_table::load::{self, LoadOptions, Loaded};
use encbench_table::sample::Method;
use encbench_table::Error;
use std::path::Path;

/// Stage 1: opens the file, draws the sample (or takes every row) and types it.
pub fn read(path: &Path, options: &LoadOptions) -> Result<Loaded, Error> {
    load::load(path, options)
}

/// Stage 2: the input as the user is told about it, and the notes the
/// record keeps about how its rows were drawn.
pub fn describe(loaded: &Loaded, options: &LoadOptions) -> (Description, Vec<String>) {
    let sample_mb = options
        .sample_limit
        .map_or(f64::INFINITY, |b| b as f64 / 1e6);
    (describe::loaded(loaded), notes(loaded, sample_mb))
}

/// How hard to measure (`--quick`/`--full`, `--samples`, `--compress`).
#[derive(Debug, Clone, Default)]
pub struct Effort {
    pub quick: bool,
    /// A fixed number of samples per row.
    pub samples: Option<usize>,
    /// Compressors named (families or one level); none: the mode's own.
    pub compressors: Vec<String>,
}

/// Stage 3a: how to time this input: the mode's sampling, the timer and
/// its overhead probed, the compressors, and under `query` the columns read.
pub fn plan(loaded: &Loaded, effort: &Effort, objective: Objective) -> Plan {
    let config = if effort.quick {
        // A first answer in seconds: a group's round (the encodings of a
        // 2 MB sample take most of a second) runs at least six times, the
        // fewest whose 95 % interval of the median is defined (their whole
        // range), more where its budget allows; routines of milliseconds
        // are warm after 20 ms. `--full` takes thirty (ten when slow).
        Config {
            min_samples: 6,
            warmup: std::time::Duration::from_millis(20),
            ..Config::quick()
        }
    } else {
        Config::full()
    };
    let timer = probe_timer();
    let overhead = measure_overhead(&config, &timer);
    Plan {
        timer,
        empty_body_ns: overhead.empty_body_ns,
        samples: effort.samples,
        compressors: measure::compressors(&effort.compressors, effort.quick),
        query: (objective == Objective::Query).then(|| measure::narrowest(&loaded.table, 2)),
        config,
    }
}

/// Stage 3b: verifies, then times, every candidate × compressor on the sample.
pub fn measure(loaded: &Loaded, plan: &Plan, progress: &mut dyn FnMut(&str)) -> Measured {
    measure::measure(loaded, plan, progress)
}

/// What the user asks of the answer.
#[derive(Debug, Clone)]
pub struct Ask {
    /// The objective, reads per write and keep margin.
    pub cost: cost::Model,
    /// `--link-bandwidth`: moving the bytes at this many MB/s.
    pub link: Option<f64>,
    /// Who reads the data.
    pub readers: Readers,
}

/// What measuring the sample concluded.
pub struct Verdict {
    /// Timed rows.
    pub records: Vec<Record>,
    /// Rows that failed verification or timing.
    pub failures: Vec<Failure>,
    /// Every candidate × compressor with its size and times.
    pub choices: Vec<Choice>,
    /// Every choice priced for the whole file, and the pick; `None` when
    /// nothing could be recommended (no rows, nothing eligible).
    pub decision: Option<cost::Decision>,
    /// The best choice for the objective, if anything could be measured.
    pub recommendation: Option<Recommendation>,
    /// What the record should say: format × compressor pairs not measured, and why.
    pub notes: Vec<String>,
    /// The bandwidth the times include (moving the bytes), if any.
    pub bandwidth: Option<Bandwidth>,
}

/// What the recommended format does with nested columns, when the table has any.
fn nesting_note(loaded: &Loaded, codec: &str) -> String {
    let nested = loaded
        .table
        .schema
        .fields
        .iter()
        .filter(|f| f.ty == crate::ColumnType::Json)
        .count();
    if nested == 0 {
        String::new()
    } else if crate::candidates::nests_natively(codec) {
        format!(" It carries the {nested} nested column(s) natively.")
    } else if crate::candidates::flattens_nesting(codec) {
        format!(" It spreads the {nested} nested column(s) over dotted columns (arrays stay JSON text).")
    } else {
        format!(" It stores the {nested} nested column(s) as JSON text: readers must parse them.")
    }
}

/// Stage 4: prices every measured choice for the whole file under `ask`
/// and recommends one that its readers can read (the others are measured
/// and shown all the same). Times include moving the bytes at
/// `--link-bandwidth` when given; for `balanced` without it, at the
/// bandwidth of the input's own device (measured, or a named default: see
/// `bandwidth`).
pub fn decide(
    loaded: &Loaded,
    plan: &Plan,
    measured: Measured,
    ask: &Ask,
    progress: &mut dyn FnMut(&str),
) -> Verdict {
    let readers = &ask.readers;
    let bandwidth = match (ask.link, ask.cost.objective) {
        (Some(l), _) => Some(Bandwidth::given(l)),
        (None, Objective::Balanced) => {
            progress("timing a cold read of the input's disk");
            Some(Bandwidth::of_input(&loaded.path))
        }
        (None, _) => None,
    };
    let choices = recommend::choices(&measured.records);
    let every_readable = choices.iter().all(|c| readers.excludes(c).is_none());
    // A format that changes values (CSV's NaN) is no answer while another
    // carries every value.
    let lossless = choices
        .iter()
        .any(|c| c.loss.is_none() && readers.excludes(c).is_none());
    let exclude = |c: &Choice| {
        readers.excludes(c).or_else(|| match (&c.loss, lossless) {
            (Some(loss), true) => Some(format!("changes values ({loss})")),
            _ => None,
        })
    };
    let model = cost::Model {
        link: bandwidth.as_ref().map(|b| b.mb_per_s),
        scale: loaded.rows as f64 / loaded.table.rows().max(1) as f64,
        input_bytes: Some(loaded.file_bytes as f64),
        ..ask.cost
    };
    // No rows: sizes are headers and times are set-up costs; nothing to recommend on.
    let decision = (loaded.table.rows() > 0)
        .then(|| cost::decide(&choices, model, &exclude))
        .flatten();
    let recommendation = decision.as_ref().map(|d| {
        let mut r = recommend::recommend(d);
        r.readers = readers.names().to_vec();
        let mut excluded: Vec<String> = Vec::new();
        for c in choices.iter().filter(|c| readers.excludes(c).is_some()) {
            if !excluded.contains(&c.codec) {
                excluded.push(c.codec.clone());
            }
        }
        r.excluded = excluded;
        r.reason.push_str(&match every_readable {
            true => format!(" Every format measured is read in {}.", readers.describe()),
            false => format!(
                " Chosen among the formats read in {} (--readers).",
                readers.describe()
            ),
        });
        r.reason.push_str(&nesting_note(loaded, &r.codec));
        if let Some(b) = &bandwidth {
            if b.source != "--link-bandwidth" {
                r.link_mb_per_s = None;
                r.reason.push_str(&format!(
                    " The bandwidth is {} MB/s ({}).",
                    encbench_format::units::significant(b.mb_per_s),
                    b.source
                ));
            }
            r.bandwidth_mb_per_s = Some(b.mb_per_s);
            r.bandwidth_source = Some(b.source.clone());
        }
        if let Some(columns) = &plan.query {
            let names: Vec<&str> = columns
                .iter()
                .map(|&i| loaded.table.schema.fields[i].name.as_str())
                .collect();
            r.reason.push_str(&format!(
                " The query read the {} narrowest columns: {}.",
                names.len(),
                names.join(", ")
            ));
        }
        r
    });
    Verdict {
        records: measured.records,
        failures: measured.failures,
        choices,
        decision,
        recommendation,
        notes: measured
            .skipped
            .iter()
            .map(|s| format!("file: not measured: {s}"))
            .collect(),
        bandwidth,
    }
}

/// What `--convert recommended` writes: the recommendation's format and
/// compression; an error when the answer is to keep the file as it is.
pub fn conversion_of(r: &Recommendation) -> Result<Resolved, String> {
    if crate::candidates::by_id(&r.codec).is_none() {
        return Err(format!(
            "--convert recommended: '{}' (the input as it is) is recommended; there is nothing to convert",
            r.codec
        ));
    }
    let compressor = (r.compression != "none").then(|| r.compression.clone());
    resolve(&r.codec, compressor)
}

/// The notes a run records about how its rows were drawn.
fn notes(loaded: &Loaded, sample_mb: f64) -> Vec<String> {
    let mut notes = Vec::new();
    let of = |rows: usize| match loaded.rows_exact {
        true => format!("{rows}"),
        false => format!("≈{rows} (estimated)"),
    };
    let sample = format!(
        "{} of {} rows, {} of {} of text; the text is larger than the {} MB sample limit, --sample-mb",
        loaded.table.rows(),
        of(loaded.rows),
        units::bytes(loaded.original.len() as f64),
        units::bytes(loaded.text_bytes as f64),
        units::significant(sample_mb),
    );
    match &loaded.method {
        Method::Whole => {}
        Method::Seek { runs, skipped } => notes.push(format!(
            "file: measured on {sample}; drawn as {runs} runs of whole rows at evenly spread offsets{}",
            if *skipped > 0 {
                format!(" ({skipped} offsets skipped: no safe row start found)")
            } else {
                String::new()
            }
        )),
        Method::Reservoir { .. } => notes.push(format!(
            "file: measured on {sample}; drawn by a seeded reservoir over one streaming pass (seed {})",
            encbench_table::sample::SAMPLE_SEED
        )),
    }
    if let Some(s) = loaded.columnar.as_ref().and_then(|c| c.stand_in.as_ref()) {
        notes.push(format!(
            "file: input in {} ({} at rest), which encbench has no reader of: its {} rows were read by {} into an Arrow copy in a scratch folder, and measured there; the file as it is has no row in this table: `--engines` times it as the engines that read {} read it",
            crate::external_input::title(s.format),
            units::bytes(s.bytes as f64),
            loaded.table.rows(),
            s.how,
            crate::external_input::title(s.format),
        ));
    } else if let Some(c) = &loaded.columnar {
        let parts = match (c.kind, c.parts) {
            (encbench_table::binary_input::Kind::Avro, _) if loaded.original.is_empty() => {
                "its first blocks".to_string()
            }
            (encbench_table::binary_input::Kind::Avro, _) => "every block".to_string(),
            (encbench_table::binary_input::Kind::Parquet, (read, of)) => {
                format!("{read} of {of} row groups")
            }
            (_, (read, 0)) => format!("its first {read} record batch(es)"),
            (_, (read, of)) => format!("{read} of {of} record batches"),
        };
        notes.push(format!(
            "file: input in {} ({} on disk); measured on {parts} ({} rows of {}{}), read with its own crate; MB/s are of the file's bytes for those rows{}",
            c.kind.describe(),
            units::bytes(loaded.file_bytes as f64),
            loaded.table.rows(),
            if loaded.rows_exact { "" } else { "≈" },
            loaded.rows,
            if loaded.original.is_empty() {
                format!("; the file is larger than the sample, so its 'original' row is its format with the file's own settings ({}), written from the sample", c.written.describe())
            } else {
                format!("; the 'original' row is the file as it is ({})", c.written.describe())
            }
        ));
        if !c.as_text.is_empty() {
            let list: Vec<String> = c
                .as_text
                .iter()
                .map(|(n, t)| format!("{n} ({t})"))
                .collect();
            notes.push(format!(
                "file: columns encbench has no type for are carried as text: {}",
                list.join(", ")
            ));
        }
    }
    if let Some(records) = &loaded.json {
        notes.push(format!(
            "file: a JSON document ({} on disk); its rows are the records of {}, read one compact object per line, and the 'original' row is those lines (JSON Lines, {} of text), not the document's own layout; nested objects and arrays become nested columns (json struct/list in the schema)",
            units::bytes(loaded.file_bytes as f64),
            records.describe(),
            units::bytes(loaded.text_bytes as f64),
        ));
    }
    if loaded.skipped > 0 {
        notes.push(format!(
            "file: {} malformed rows skipped (--skip-bad){}",
            loaded.skipped,
            if loaded.rows_exact {
                ""
            } else {
                " in the sampled rows"
            }
        ));
    }
    notes
}

/// Converts the file as `request` asks. A Parquet, Arrow or Avro input
/// is written from its own schema, a row group, batch or block at a time.
/// A text input's schema comes from a sample (one streaming pass writes,
/// one reads back) unless `--full` asks for every row or the format
/// writes its row count first; then a scan of every row comes first
/// (`scanning` hears the bytes read). A row that does not fit a sample's
/// schema starts the conversion again after a scan. `scanned` hears the
/// input and schema before each attempt.
pub fn convert(
    path: &Path,
    options: &LoadOptions,
    request: &Request<'_>,
    scanning: &mut dyn FnMut(u64),
    scanned: &mut dyn FnMut(&Source<'_>),
    progress: &mut dyn FnMut(Pass, u64, u64),
) -> Result<Converted, Error> {
    convert::check_output(request.inputs, request.output, request.force)?;
    if let Some(kind) = encbench_table::binary_input::sniff(path) {
        if options.schema.is_some() {
            return Err(Error::Schema(format!(
                "{}: a {} carries its own schema; --schema is for text inputs",
                path.display(),
                kind.noun()
            )));
        }
        let (schema, rows) = encbench_table::binary_input::schema(path, kind)?;
        // Formats that write their row count first need it exact: count.
        let rows = match rows {
            Some(rows) => rows,
            None => {
                let mut counted = 0;
                encbench_table::binary_input::each_batch(path, kind, &mut |t, at| {
                    counted += t.rows();
                    scanning(at);
                    Ok(())
                })?;
                counted
            }
        };
        let source = Source::Columnar {
            path,
            kind,
            schema,
            rows,
        };
        scanned(&source);
        return match convert::convert(&source, request, progress)? {
            Outcome::Done(done) => Ok(done),
            // A file's own schema fits every row it holds.
            Outcome::Misfit(m) => Err(Error::Malformed(m)),
        };
    }
    let mut restarted = None;
    if !options.every_row && !request.candidate.writes_row_count() {
        let sample = load::sampled(path, options)?;
        scanned(&Source::Text(&sample));
        match convert::convert(&Source::Text(&sample), request, progress)? {
            Outcome::Done(done) => return Ok(done),
            Outcome::Misfit(m) => restarted = Some(m.to_string()),
        }
    }
    let mut scan = load::scan(path, options, scanning)?;
    scan.restarted = restarted;
    scanned(&Source::Text(&scan));
    match convert::convert(&Source::Text(&scan), request, progress)? {
        Outcome::Done(done) => Ok(done),
        // A scan's schema fits every row it scanned.
        Outcome::Misfit(m) => Err(Error::Malformed(m)),
    }
}

/// A format to write, and how it is compressed.
pub struct Resolved {
    /// The codec that writes it (with its own compression inside, if native).
    pub codec: Box<dyn TableCodec>,
    /// The compressor named, if any.
    pub compressor: Option<String>,
    /// Whether the format compresses inside itself (Parquet pages, Arrow
    /// IPC buffers, Avro blocks) rather than the compressor wrapping the file.
    pub native: bool,
    /// For `parquet+tuned`: where the codec keeps the settings it chose.
    pub tuned: Option<encbench_codecs::columnar::Handle>,
}

impl Resolved {
    /// `parquet + zstd-3 (inside the format: its own page compression)`.
    pub fn label(&self) -> String {
        match (&self.compressor, self.native) {
            (None, _) => self.codec.id().to_string(),
            (Some(c), true) if self.tuned.is_some() => {
                format!(
                    "{} + {c} (settings chosen on its first rows)",
                    self.codec.id()
                )
            }
            (Some(c), true) => format!("{} + {c} (the format's own compression)", self.codec.id()),
            (Some(c), false) => format!("{} + {c} (the whole file compressed)", self.codec.id()),
        }
    }

    /// The file name ending readers of this output expect.
    pub fn extension(&self) -> String {
        match (&self.compressor, self.native) {
            (Some(c), false) => format!(".{}{}", self.codec.extension(), compressed_suffix(c)),
            _ => format!(".{}", self.codec.extension()),
        }
    }
}

/// A compressor named by its family alone (`parquet+zstd`) at the level its
/// own command line uses when given none; the others have one level here.
fn with_default_level(name: String) -> String {
    match name.as_str() {
        "zstd" => "zstd-3".into(),
        _ => name,
    }
}

/// The suffix a file compressed whole by `compressor` usually carries.
pub(crate) fn compressed_suffix(compressor: &str) -> &'static str {
    match encbench_codecs::tables::native::family_level(compressor).0 {
        "gzip" => ".gz",
        "zstd" => ".zst",
        "lz4" => ".lz4",
        "xz" => ".xz",
        "bzip2" => ".bz2",
        "snappy" => ".sz",
        "brotli" => ".br",
        _ => "",
    }
}

/// The codec for `format` under `compressor`: the format's own
/// compression where it has one, else the compressor around the file;
/// the error names what is unknown or impossible.
pub fn resolve(format: &str, compressor: Option<String>) -> Result<Resolved, String> {
    if compressor.as_deref() == Some(crate::tuned::LABEL) {
        let Some((codec, handle)) = crate::tuned::codec(format) else {
            return Err(format!(
                "--convert {format}+tuned: only parquet is tuned here (orc, vortex and lance are tuned by their own libraries)"
            ));
        };
        return Ok(Resolved {
            codec,
            compressor,
            native: true,
            tuned: Some(handle),
        });
    }
    let compressor = compressor.map(with_default_level);
    let names: Vec<&str> = crate::candidates::convertible()
        .iter()
        .map(|c| c.id())
        .collect();
    let Some(codec) = crate::candidates::by_id(format) else {
        return Err(format!(
            "--convert: unknown format '{format}'; known: {}, recommended",
            names.join(", ")
        ));
    };
    let Some(c) = &compressor else {
        return Ok(Resolved {
            codec,
            compressor,
            native: false,
            tuned: None,
        });
    };
    if measure::compressors(std::slice::from_ref(c), false).len() != 1 {
        return Err(format!(
            "--convert: unknown compressor '{c}' (give one level, e.g. zstd-3, gzip-6, lz4)"
        ));
    }
    match codec.compressed(c) {
        None => Ok(Resolved {
            codec,
            compressor,
            native: false,
            tuned: None,
        }),
        Some(Ok(native)) => Ok(Resolved {
            codec: native,
            compressor,
            native: true,
            tuned: None,
        }),
        Some(Err(why)) => Err(format!("--convert {format}+{c}: {why}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::candidates::by_id;
    use encbench_table::schema::ColumnType;
    use encbench_table::schema::Schema;
    use encbench_table::sniff::FormatHint;
    use std::path::PathBuf;

    fn options(sample_limit: u64) -> LoadOptions {
        LoadOptions {
            hint: FormatHint::Auto,
            schema: None,
            skip_bad: false,
            sample_limit: Some(sample_limit),
            every_row: false,
            json_path: None,
        }
    }

    #[test]
    fn a_compressor_named_without_its_level_takes_its_default() {
        let r = resolve("parquet", Some("zstd".into())).unwrap();
        assert_eq!(r.compressor.as_deref(), Some("zstd-3"));
        assert!(r.native, "zstd pages inside the Parquet file");
        let r = resolve("csv", Some("zstd".into())).unwrap();
        assert_eq!((r.compressor.as_deref(), r.native), (Some("zstd-3"), false));
        let err = resolve("parquet", Some("zstd-4".into())).err().unwrap();
        assert!(err.contains("unknown compressor 'zstd-4'"), "{err}");
    }

    /// Each attempt's start: schema from the sample, why it restarted, the schema.
    type Attempt = (bool, Option<String>, Schema);

    /// Converts `input` to `format`; the schemas each attempt started from.
    fn convert_to(
        input: &Path,
        format: &str,
        options: &LoadOptions,
    ) -> (Result<Converted, Error>, Vec<Attempt>, PathBuf) {
        let candidate = by_id(format).unwrap();
        let output = input.with_extension(format);
        let request = Request {
            candidate: candidate.as_ref(),
            compressor: None,
            inputs: &[input],
            output: &output,
            force: false,
            skip_bad: false,
        };
        let mut attempts = Vec::new();
        let done = convert(
            input,
            options,
            &request,
            &mut |_| {},
            &mut |s| {
                if let Source::Text(s) = s {
                    attempts.push((s.from_sample, s.restarted.clone(), s.schema.clone()))
                }
            },
            &mut |_, _, _| {},
        );
        (done, attempts, output)
    }

    /// `rows` rows of small numbers, one of which (`odd`) holds `value`.
    fn numbers(dir: &Path, rows: usize, odd: usize, value: &str) -> PathBuf {
        let mut text = String::from("id,small\n");
        for i in 0..rows {
            let small = if i == odd {
                value.to_string()
            } else {
                (i % 100).to_string()
            };
            text.push_str(&format!("{i},{small}\n"));
        }
        let path = dir.join("in.csv");
        std::fs::write(&path, text).unwrap();
        path
    }

    #[test]
    fn a_sample_schema_converts_in_one_pass_when_every_row_fits() {
        let dir = tempfile::tempdir().unwrap();
        let input = numbers(dir.path(), 50_000, 0, "7");
        let (done, attempts, output) = convert_to(&input, "parquet", &options(20_000));
        assert_eq!(done.unwrap().rows, 50_000);
        assert_eq!(attempts.len(), 1, "no scan before or after");
        assert!(attempts[0].0, "the schema came from the sample");
        assert!(output.exists());
    }

    #[test]
    fn a_row_the_sample_schema_does_not_fit_restarts_from_every_row() {
        let dir = tempfile::tempdir().unwrap();
        // Row 31 000 holds 300: the sample (a few runs of rows) sees only 0..99.
        let input = numbers(dir.path(), 50_000, 31_000, "300");
        let (done, attempts, output) = convert_to(&input, "parquet", &options(20_000));
        assert_eq!(done.unwrap().rows, 50_000);
        assert_eq!(attempts.len(), 2, "{attempts:?}");
        assert_eq!(attempts[0].2.fields[1].ty, ColumnType::Int8, "sampled");
        let why = attempts[1].1.as_deref().unwrap();
        assert!(
            why.contains("line 31002") && why.contains("'300' is not an int8"),
            "{why}"
        );
        assert!(!attempts[1].0, "then inferred from every row");
        assert_eq!(attempts[1].2.fields[1].ty, ColumnType::Int16);
        // Every value made it, the wide one included.
        let back = by_id("parquet")
            .unwrap()
            .decode(&std::fs::read(&output).unwrap(), &attempts[1].2)
            .unwrap();
        assert_eq!(
            back.columns[1].cell(31_000),
            encbench_table::table::Cell::Int(300)
        );
        // Only the input and the output: the first attempt left nothing.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn a_json_key_the_sample_never_saw_restarts_and_is_kept() {
        let dir = tempfile::tempdir().unwrap();
        let mut text = String::new();
        for i in 0..20_000 {
            match i {
                15_000 => text.push_str(&format!("{{\"id\":{i},\"late\":\"here\"}}\n")),
                _ => text.push_str(&format!("{{\"id\":{i}}}\n")),
            }
        }
        let input = dir.path().join("in.json");
        std::fs::write(&input, text).unwrap();
        let (done, attempts, _) = convert_to(&input, "jsonl", &options(20_000));
        assert_eq!(done.unwrap().rows, 20_000);
        assert_eq!(attempts.len(), 2, "{attempts:?}");
        assert!(attempts[1].1.as_deref().unwrap().contains("key 'late'"));
        let names: Vec<&str> = attempts[1]
            .2
            .fields
            .iter()
            .map(|f| f.name.as_str())
            .collect();
        assert_eq!(names, ["id", "late"]);
    }

    #[test]
    fn formats_that_write_their_row_count_first_scan_every_row_first() {
        let dir = tempfile::tempdir().unwrap();
        let input = numbers(dir.path(), 50_000, 0, "7");
        let (done, attempts, _) = convert_to(&input, "postcard", &options(20_000));
        assert_eq!(done.unwrap().rows, 50_000);
        assert_eq!(attempts.len(), 1);
        assert!(!attempts[0].0, "scanned, not sampled");
    }
}
