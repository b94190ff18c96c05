//! From a path to the table that gets measured: open (decompressing as a
//! stream), sniff the format and decide the CSV header from the head of
//! the text, draw a sample of records (see `sample`: the whole text when
//! it fits the limit), infer (or check) the schema over the sample — and
//! over every row in one streaming pass when asked (`--full`) — then build
//! the typed table of the sample. The file is never held in memory.

use crate::error::{Malformed, Position};
use crate::infer::{has_header, Inferrer};
use crate::input::{Source, HEAD_BYTES};
use crate::nested;
use crate::read::{csv_header, walk, RawRow};
use crate::sample::{self, Drawn, Method, Shape};
use crate::schema::{ColumnType, Schema};
use crate::sniff::{sniff, Format, FormatHint};
use crate::stream;
use crate::table::Table;
use crate::values;
use crate::Error;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

pub use crate::sample::SAMPLE_SEED;
/// Rows looked at to decide whether a CSV file has a header.
const HEADER_PROBE_ROWS: usize = 200;

/// How to read the file.
#[derive(Debug, Clone)]
pub struct LoadOptions {
    /// Format forced by `--format`, or sniffed.
    pub hint: FormatHint,
    /// A schema from `--schema`, used instead of inference.
    pub schema: Option<Schema>,
    /// Count and skip malformed rows instead of failing on the first.
    pub skip_bad: bool,
    /// Text larger than this many bytes is measured on a sample of rows.
    pub sample_limit: Option<u64>,
    /// Infer (or check) the schema over every row in a streaming pass, and
    /// count rows exactly, even when a sample is measured.
    pub every_row: bool,
    /// `--json-path`: the top-level key of a JSON document whose array of
    /// objects holds the rows (needed only when several qualify).
    pub json_path: Option<String>,
}

/// The file, read.
#[derive(Debug)]
pub struct Loaded {
    /// The path as given.
    pub path: PathBuf,
    /// The text format found.
    pub format: Format,
    /// `gzip`/`zstd` when the file was compressed.
    pub compression: Option<&'static str>,
    /// A JSON document: which of its records are the rows.
    pub json: Option<crate::jsondoc::Records>,
    /// A columnar input (Parquet, Arrow): what was read of it.
    pub columnar: Option<Columnar>,
    /// Bytes on disk.
    pub file_bytes: u64,
    /// Bytes of text (after decompression).
    pub text_bytes: u64,
    /// Good rows in the file (an estimate unless `rows_exact`).
    pub rows: usize,
    /// Whether `rows` and `skipped` were counted over every row.
    pub rows_exact: bool,
    /// Malformed rows skipped (`--skip-bad`), in the rows looked at.
    pub skipped: usize,
    /// Whether the schema came from inference (not `--schema`).
    pub inferred: bool,
    /// Whether the schema (inferred or checked) covers every row, not just the sample.
    pub schema_every_row: bool,
    /// How the measured rows were drawn.
    pub method: Method,
    /// The measured rows, typed.
    pub table: Table,
    /// The measured rows as the original text (header included): what
    /// "keep it as it is" costs.
    pub original: Vec<u8>,
    /// Whether `table` is a sample of the rows.
    pub sampled: bool,
}

/// Reads, infers and (if larger than the limit) samples `path`. A
/// malformed row's error names the file.
pub fn load(path: &Path, options: &LoadOptions) -> Result<Loaded, Error> {
    load_named(path, options).map_err(|e| name_file(path, e))
}

/// The input's shape from its head: the format (header decided) and the
/// column names before any row is read.
pub struct Opened {
    /// The file.
    pub source: Source,
    /// Its format.
    pub format: Format,
    /// Column names (the CSV header or generated; JSON Lines: the schema's).
    pub columns: Vec<String>,
    /// The first records of the text.
    pub head: String,
}

/// Opens `path` and reads its head: format, header, columns. A JSON
/// document of records is read as JSON Lines (see `jsondoc`).
pub fn open(path: &Path, options: &LoadOptions) -> Result<Opened, Error> {
    let (hint, schema) = (options.hint, options.schema.as_ref());
    let mut source = Source::open(path)?;
    let mut head = source.head(HEAD_BYTES)?;
    if matches!(hint, FormatHint::Auto | FormatHint::JsonLines) {
        let records = crate::jsondoc::detect(&head, options.json_path.as_deref())
            .map_err(|why| Error::Schema(format!("{}: {why}", path.display())))?;
        if let Some(records) = records {
            source.json = Some(records);
            head = source.head(HEAD_BYTES)?;
        }
    }
    let hint = match source.json {
        Some(_) => FormatHint::JsonLines,
        None => hint,
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut format = sniff(&head, &name, hint);
    if let Format::Csv { delimiter, .. } = format {
        let header = schema.is_none() && detect_header(&head, delimiter);
        let header = header || schema.is_some_and(|s| first_row_names(&head, delimiter, s));
        format = Format::Csv { delimiter, header };
    }
    let columns = initial_columns(&head, format, schema);
    check_width(format, &columns, schema)?;
    Ok(Opened {
        source,
        format,
        columns,
        head,
    })
}

/// What was read of a columnar input.
#[derive(Debug, Clone)]
pub struct Columnar {
    /// Its format.
    pub kind: crate::binary_input::Kind,
    /// Columns carried as text, with their type in the file.
    pub as_text: Vec<(String, String)>,
    /// Row groups or batches read, of how many (0: unknown).
    pub parts: (usize, usize),
    /// Bytes of the file the sampled rows take.
    pub sample_bytes: u64,
    /// How it was written (compression, row groups), from its metadata.
    pub written: crate::binary_input::Written,
    /// Each column's type in the file, in its format's words.
    pub input_types: Vec<String>,
    /// The rows are an Arrow copy of an ORC, Vortex or Lance input, read
    /// by that format's own library (see `encbench_userdata::external_input`).
    pub stand_in: Option<StandIn>,
}

/// The input behind an Arrow copy: it has no in-process reader, so it has
/// no `original` row; the engines that read its format time it.
#[derive(Debug, Clone)]
pub struct StandIn {
    /// The worker's name of its format (`orc`, `vortex`, `lance`).
    pub format: &'static str,
    /// The input as the user named it.
    pub path: PathBuf,
    /// Its size at rest.
    pub bytes: u64,
    /// How its reader read it.
    pub how: String,
}

/// A Parquet or Arrow input: its schema and a sample of its row groups or
/// batches (see `binary_input`); held whole as the `original` row when it
/// fits the sample limit.
fn load_columnar(
    path: &Path,
    kind: crate::binary_input::Kind,
    options: &LoadOptions,
) -> Result<Loaded, Error> {
    if options.schema.is_some() {
        return Err(Error::Schema(format!(
            "{}: a {} file carries its own schema; --schema is for text inputs",
            path.display(),
            kind.describe()
        )));
    }
    let unreadable = |source| Error::Unreadable {
        path: path.to_path_buf(),
        source,
    };
    let file_bytes = std::fs::metadata(path).map_err(unreadable)?.len();
    let limit = options.sample_limit.unwrap_or(u64::MAX);
    let read = crate::binary_input::read(path, kind, limit)?;
    if read.whole && read.table.rows() == 0 {
        return Err(Error::NoRows {
            path: path.to_path_buf(),
            what: kind.noun(),
        });
    }
    // The file itself is a row only when it is measured whole and is no
    // larger than the sample limit (one huge row group reads "whole").
    let original = match read.whole && file_bytes <= limit {
        true => std::fs::read(path).map_err(unreadable)?,
        false => Vec::new(),
    };
    Ok(Loaded {
        path: path.to_path_buf(),
        format: Format::Lines,
        compression: None,
        json: None,
        columnar: Some(Columnar {
            kind,
            as_text: read.as_text,
            parts: read.parts,
            sample_bytes: read.sample_bytes,
            written: read.written,
            input_types: read.input_types,
            stand_in: None,
        }),
        file_bytes,
        text_bytes: file_bytes,
        rows: read.rows,
        rows_exact: read.rows_exact,
        skipped: 0,
        inferred: true,
        schema_every_row: read.whole,
        method: Method::Whole,
        table: read.table,
        original,
        sampled: !read.whole,
    })
}

fn load_named(path: &Path, options: &LoadOptions) -> Result<Loaded, Error> {
    if let Some(kind) = crate::binary_input::sniff(path) {
        return load_columnar(path, kind, options);
    }
    let Opened {
        source,
        format,
        mut columns,
        head,
    } = open(path, options)?;
    if let Some(limit) = options.sample_limit {
        crate::memory::check_sample(path, limit, crate::memory::available())?;
    }
    let shape = Shape {
        head: &head,
        framing: stream::framing(format),
        header_bytes: header_bytes(&head, format).len(),
        fields: columns.len(),
        blank_is_row: format == Format::Lines,
    };
    let Drawn {
        text,
        method,
        text_bytes,
        header_bytes: _,
        pieces,
    } = sample::draw(&source, &shape, options.sample_limit)?;
    let whole = method == Method::Whole;
    let every_row = options.every_row && !whole;
    // A row of a sample drawn from the file is named by its line and byte
    // in the file, not in the sample.
    let in_file = |e: Error| match e {
        Error::Malformed(m) if !whole => match sample::locate(&text, &pieces, &source, m) {
            Ok(m) => Error::Malformed(m),
            Err(e) => e,
        },
        other => other,
    };

    // Pass 1: every sampled row (or, when asked, every row of the file) is
    // inferred or checked against --schema; bad rows fail or are counted.
    let inferred = options.schema.is_none();
    let (schema, mut rows, mut skipped) =
        infer(format, &mut columns, options, &mut |cols, visit| {
            if every_row {
                stream::each_row(&source, format, cols, visit, &mut |_| {})
            } else {
                walk(&text, format, cols, visit).map_err(in_file)
            }
        })?;

    let mut table = Table::new(schema, 0);
    // The original text of the measured rows: the sample itself, unless
    // rows were skipped (then the header and the good rows' own bytes).
    let mut original = Vec::new();
    let mut rebuild = false;
    let mut sample_rows = 0usize;
    let mut sample_bad = 0usize;
    // Pass 2: type the sampled rows.
    let mut pass2 = |row: Result<RawRow<'_>, Malformed>, original: &mut Vec<u8>| {
        let row = match row {
            Ok(row) => row,
            Err(_) => {
                sample_bad += 1;
                return Ok(());
            }
        };
        match typed_row(&mut table, &row) {
            Ok(()) => {
                sample_rows += 1;
                original.extend_from_slice(&text.as_bytes()[row.raw.clone()]);
                if !original.ends_with(b"\n") {
                    original.push(b'\n');
                }
                Ok(())
            }
            Err(_) if options.skip_bad => {
                sample_bad += 1;
                rebuild = true;
                Ok(())
            }
            Err(m) => Err(Error::Malformed(m)),
        }
    };
    original.extend_from_slice(&text.as_bytes()[..shape.header_bytes.min(text.len())]);
    walk(&text, format, &mut columns, &mut |row| {
        pass2(row, &mut original)
    })
    .map_err(in_file)?;
    let rebuild = rebuild || sample_bad > 0;
    if !rebuild {
        original = text.into_bytes();
    }
    // Rows in the file: counted, or estimated from the sample's density.
    // A reservoir counts records exactly; they are all rows when none sampled was bad.
    let counted = matches!(method, Method::Reservoir { .. }) && sample_bad == 0;
    let rows_exact = whole || every_row || counted;
    if !(whole || every_row) {
        skipped = sample_bad;
        rows = match method {
            Method::Reservoir { records } => {
                let looked = (sample_rows + sample_bad).max(1) as f64;
                (records as f64 * sample_rows as f64 / looked).round() as usize
            }
            _ => {
                let data = text_bytes.saturating_sub(shape.header_bytes as u64) as f64;
                let measured = original_data_bytes(&original, shape.header_bytes).max(1) as f64;
                (sample_rows as f64 * data / measured).round() as usize
            }
        };
    }
    Ok(Loaded {
        path: source.path,
        format,
        compression: source.compression,
        json: source.json.clone(),
        columnar: None,
        file_bytes: source.file_bytes,
        text_bytes,
        rows,
        rows_exact,
        skipped,
        inferred,
        schema_every_row: whole || every_row,
        method,
        table,
        original,
        sampled: !whole,
    })
}

/// Walks rows (of the sample or the whole file) into a visitor, growing the columns.
type Feed<'f> = dyn FnMut(&mut Vec<String>, &mut crate::read::Visit<'_>) -> Result<(), Error> + 'f;

/// Feeds every row `feed` walks to an inferrer (or checks it against
/// --schema): the schema, good rows and skipped rows.
fn infer(
    format: Format,
    columns: &mut Vec<String>,
    options: &LoadOptions,
    feed: &mut Feed<'_>,
) -> Result<(Schema, usize, usize), Error> {
    let mut inferrer = Inferrer::default();
    let mut scratch = options.schema.clone().map(|s| Table::new(s, 1));
    let (mut rows, mut skipped) = (0usize, 0usize);
    feed(columns, &mut |row: Result<RawRow<'_>, Malformed>| {
        let row = match (row, &mut scratch) {
            (Ok(row), Some(table)) => typed_row(table, &row).map(|_| table.truncate_to(0)),
            (Ok(row), None) => {
                inferrer.add(row.cells, row.strings);
                Ok(())
            }
            (Err(m), _) => Err(m),
        };
        match row {
            Ok(()) => rows += 1,
            Err(_) if options.skip_bad => skipped += 1,
            Err(m) => return Err(Error::Malformed(m)),
        }
        Ok(())
    })?;
    let schema = match options.schema.clone() {
        Some(s) => {
            check_width(format, columns, Some(&s))?;
            s
        }
        None => inferrer.schema(columns),
    };
    Ok((schema, rows, skipped))
}

/// The whole input, scanned once: what `--convert` writes from.
pub struct Scanned {
    /// The opened file.
    pub opened: Opened,
    /// Every column (JSON Lines: every key seen).
    pub columns: Vec<String>,
    /// Inferred from (or checked against) every row.
    pub schema: Schema,
    /// Whether the schema was inferred (not --schema).
    pub inferred: bool,
    /// Good rows (an estimate unless `rows_exact`).
    pub rows: usize,
    /// Whether `rows` was counted over every row.
    pub rows_exact: bool,
    /// Malformed rows skipped (--skip-bad), in the rows looked at.
    pub skipped: usize,
    /// Bytes of text (an estimate's basis when sampled: the file's text size).
    pub text_bytes: u64,
    /// The schema was inferred from a sample only: a row that does not fit
    /// it stops the conversion, which starts again from a full [`scan`].
    pub from_sample: bool,
    /// Why an earlier conversion from the sample's schema started again.
    pub restarted: Option<String>,
}

/// The schema from a sample of rows (see [`load`]) and the opened file, to
/// convert in one streaming pass instead of two: most files' types show in
/// their sample, and a row that does not fit is caught while writing.
pub fn sampled(path: &Path, options: &LoadOptions) -> Result<Scanned, Error> {
    let sample_only = LoadOptions {
        every_row: false,
        ..options.clone()
    };
    let loaded = load(path, &sample_only)?;
    let opened = open(path, options).map_err(|e| name_file(path, e))?;
    let schema = loaded.table.schema;
    Ok(Scanned {
        opened,
        // Cells line up with the schema's fields (JSON Lines keys included).
        columns: schema.fields.iter().map(|f| f.name.clone()).collect(),
        schema,
        inferred: loaded.inferred,
        rows: loaded.rows,
        rows_exact: loaded.rows_exact,
        skipped: loaded.skipped,
        text_bytes: loaded.text_bytes,
        from_sample: loaded.inferred && !loaded.schema_every_row,
        restarted: None,
    })
}

/// Streams every row of `path` once to infer (or check) the schema and
/// count rows; `progress` hears the bytes read. Malformed rows name the file.
pub fn scan(
    path: &Path,
    options: &LoadOptions,
    progress: &mut dyn FnMut(u64),
) -> Result<Scanned, Error> {
    let named = |e| name_file(path, e);
    let opened = open(path, options).map_err(named)?;
    let mut columns = opened.columns.clone();
    let mut text_bytes = 0;
    let (schema, rows, skipped) =
        infer(opened.format, &mut columns, options, &mut |cols, visit| {
            stream::each_row(&opened.source, opened.format, cols, visit, &mut |p| {
                text_bytes = p;
                progress(p)
            })
        })
        .map_err(named)?;
    Ok(Scanned {
        opened,
        columns,
        schema,
        inferred: options.schema.is_none(),
        rows,
        rows_exact: true,
        skipped,
        text_bytes,
        from_sample: false,
        restarted: None,
    })
}

/// A malformed row's error, naming the file.
pub fn name_file(path: &Path, e: Error) -> Error {
    match e {
        Error::Malformed(m) => Error::Malformed(Malformed {
            path: Some(path.to_path_buf()),
            ..m
        }),
        other => other,
    }
}

fn original_data_bytes(original: &[u8], header: usize) -> usize {
    original.len().saturating_sub(header)
}

/// Parses text in `format` (header included) into a table of `schema`:
/// how the "original" candidate decodes its bytes.
pub fn parse_table(text: &str, format: Format, schema: &Schema) -> Result<Table, Error> {
    let mut columns = initial_columns(text, format, Some(schema));
    let mut table = Table::new(schema.clone(), 0);
    walk(text, format, &mut columns, &mut |row| {
        typed_row(&mut table, &row?).map_err(Error::Malformed)
    })?;
    check_width(format, &columns, Some(schema))?;
    Ok(table)
}

/// Appends one row, typed by the table's schema, all or nothing.
pub fn typed_row(table: &mut Table, row: &RawRow<'_>) -> Result<(), Malformed> {
    let before = table.rows();
    for (i, field) in table.schema.fields.iter().enumerate() {
        let text = row.cells.get(i).copied().flatten();
        let json_string = row.strings.is_some_and(|s| s.get(i) == Some(&true));
        let typed = typed_cell(
            &mut table.columns[i],
            field,
            text,
            row.strings.is_some(),
            json_string,
        );
        if let Err(why) = typed {
            let message = format!("column '{}': {why}", field.name);
            table.truncate_to(before);
            // JSON keys have no place in the line worth naming: the message names the key.
            let field = row
                .strings
                .is_none()
                .then_some(Position::Field(i as u64 + 1));
            return Err(Malformed::new(row.line, field, message, text.unwrap_or("")));
        }
    }
    Ok(())
}

/// Appends `rows` rows of CSV cells, given a column after another
/// (`cells[column * rows + row]`, the table's width of columns), a column
/// at a time: one tight loop per column over cells side by side, where a
/// row at a time switches on each column's type in turn. All or nothing: `false`
/// when a cell does not fit, with the table as it was; `typed_row` then
/// says which and where.
pub fn typed_columns(table: &mut Table, rows: usize, cells: &[Option<&str>]) -> bool {
    let before = table.rows();
    let width = table.schema.fields.len();
    debug_assert_eq!(cells.len(), rows * width);
    for (i, field) in table.schema.fields.iter().enumerate() {
        let column = &mut table.columns[i];
        let Some(column_cells) = cells.get(i * rows..(i + 1) * rows) else {
            table.truncate_to(before);
            return false;
        };
        let column_cells = column_cells.iter();
        let fits =
            match column.push_int_texts(field.ty, field.nullable, column_cells.clone().copied()) {
                Some(fits) => fits,
                None if matches!(field.ty, ColumnType::String | ColumnType::Dictionary) => {
                    column.push_texts(field.nullable, column_cells.copied())
                }
                None => column_cells
                    .copied()
                    .all(|text| typed_cell(column, field, text, false, false).is_ok()),
            };
        if !fits {
            table.truncate_to(before);
            return false;
        }
    }
    true
}

/// Appends one cell (`None`: empty CSV field, JSON null or absent key);
/// `Err` says why it does not fit `field`.
#[inline]
fn typed_cell(
    column: &mut crate::table::Column,
    field: &crate::schema::Field,
    text: Option<&str>,
    json_line: bool,
    json_string: bool,
) -> Result<(), String> {
    match text {
        None if field.nullable => {
            column.push_null();
            Ok(())
        }
        // An empty field is the empty text, but never bytes of a fixed size.
        None if field.ty.is_text() && !json_line && field.width.is_none() => {
            column.push_text(field.ty, "").map_err(|e| e.to_string())
        }
        None => Err("empty, but the column is not nullable".to_string()),
        Some(text) if field.ty == ColumnType::Json => nested_cell(column, field, text, json_string),
        // Bytes of a fixed size: two hex digits a byte.
        Some(text) if field.width.is_some_and(|n| text.len() != 2 * n as usize) => Err(format!(
            "'{text}' is not {} bytes in hex (the column's fixed size)",
            field.width.unwrap_or(0)
        )),
        Some(text) => match column.push_text(field.ty, text) {
            Ok(()) => Ok(()),
            // `NA` in a column of numbers, dates or booleans is a null
            // (see `infer`); no null token parses as any of those types,
            // so asking after the parse fails changes nothing but speed.
            Err(_) if field.nullable && !field.ty.is_text() && values::is_null_token(text) => {
                column.push_null();
                Ok(())
            }
            Err(why) => Err(format!("'{text}' is {why}")),
        },
    }
}

/// A nested value, held as its canonical text once it fits the column's shape.
fn nested_cell(
    column: &mut crate::table::Column,
    field: &crate::schema::Field,
    text: &str,
    json_string: bool,
) -> Result<(), String> {
    if json_string {
        return Err("a string where the column holds JSON objects or arrays".into());
    }
    let (canonical, value) = nested::canonical(text)?;
    if let Some(shape) = &field.shape {
        if !shape.fits(&value) {
            return Err(format!(
                "{text} does not fit the column's nested shape {}",
                shape.describe()
            ));
        }
    }
    column
        .push(crate::table::Cell::Str(&canonical))
        .map_err(|expected| format!("expected {expected}"))
}

/// Column names before the walk: the CSV header (or generated names), the
/// schema's names for JSON Lines, `line` for plain lines.
fn initial_columns(text: &str, format: Format, schema: Option<&Schema>) -> Vec<String> {
    match format {
        Format::Csv { delimiter, header } => {
            let (names, _) = csv_header(text, delimiter, header);
            match schema {
                // A width mismatch keeps the file's names, for check_width to report.
                Some(s) if names.len() == s.fields.len() => {
                    s.fields.iter().map(|f| f.name.clone()).collect()
                }
                _ => names,
            }
        }
        Format::JsonLines => schema
            .map(|s| s.fields.iter().map(|f| f.name.clone()).collect())
            .unwrap_or_default(),
        Format::Lines => vec![schema
            .and_then(|s| s.fields.first())
            .map_or("line".into(), |f| f.name.clone())],
    }
}

/// A --schema must name as many columns as the file has.
fn check_width(format: Format, columns: &[String], schema: Option<&Schema>) -> Result<(), Error> {
    let Some(schema) = schema else { return Ok(()) };
    let names: Vec<&str> = schema.fields.iter().map(|f| f.name.as_str()).collect();
    let extra: Vec<&str> = columns
        .iter()
        .map(String::as_str)
        .filter(|c| !names.contains(c))
        .collect();
    match format {
        Format::JsonLines if !extra.is_empty() => Err(Error::Schema(format!(
            "the file has keys the schema does not name: {}",
            extra.join(", ")
        ))),
        Format::Csv { .. } if columns.len() != schema.fields.len() => Err(Error::Schema(format!(
            "the schema names {} columns, the file has {}",
            schema.fields.len(),
            columns.len()
        ))),
        Format::Lines if schema.fields.len() != 1 => Err(Error::Schema(format!(
            "plain lines have one column; the schema names {}",
            schema.fields.len()
        ))),
        _ => Ok(()),
    }
}

/// Infers the body (rows 2..) of the first rows and asks whether row 1 fits it.
fn detect_header(text: &str, delimiter: u8) -> bool {
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let records: Vec<csv::StringRecord> = reader
        .records()
        .take(HEADER_PROBE_ROWS)
        .filter_map(Result::ok)
        .collect();
    let Some((first, body)) = records.split_first() else {
        return true;
    };
    if body.is_empty() {
        return true; // one row alone: read it as names, with no data
    }
    let mut inferrer = Inferrer::default();
    let mut seen: Vec<HashSet<String>> = vec![HashSet::new(); first.len()];
    for record in body.iter().filter(|r| r.len() == first.len()) {
        let cells: Vec<Option<&str>> = record
            .iter()
            .map(|f| (!f.is_empty()).then_some(f))
            .collect();
        inferrer.add(&cells, None);
        for (set, value) in seen.iter_mut().zip(record.iter()) {
            set.insert(value.to_string());
        }
    }
    let names: Vec<String> = (0..first.len()).map(|i| i.to_string()).collect();
    let first: Vec<Option<&str>> = first.iter().map(|f| (!f.is_empty()).then_some(f)).collect();
    has_header(&first, &inferrer.schema(&names), &seen)
}

/// With a --schema: the first row is a header when it spells the schema's names.
fn first_row_names(text: &str, delimiter: u8, schema: &Schema) -> bool {
    let (names, _) = csv_header(text, delimiter, true);
    names.iter().zip(&schema.fields).all(|(n, f)| *n == f.name)
        && names.len() == schema.fields.len()
}

fn header_bytes(text: &str, format: Format) -> &[u8] {
    match format {
        Format::Csv {
            delimiter,
            header: true,
        } => {
            let (_, end) = csv_header(text, delimiter, true);
            &text.as_bytes()[..end]
        }
        _ => &[],
    }
}
