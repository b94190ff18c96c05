//! From a path to the table that gets measured: open (decompressing),
//! sniff the format, decide the CSV header, infer (or check) the schema
//! over every row, then build the typed table — of every row, or of a
//! seeded sample of rows when the text is larger than the sample limit.
//!
//! Sampling policy: with `n` good rows in `B` bytes of text and a limit
//! of `L` bytes, `ceil(n × L / B)` rows are drawn uniformly without
//! replacement by ChaCha8 seeded with [`SAMPLE_SEED`], kept in file order.
//! The schema is still inferred from every row.

use crate::error::{Malformed, Position};
use crate::infer::{has_header, Inferrer};
use crate::input::{self, Input};
use crate::read::{csv_header, walk, RawRow};
use crate::schema::Schema;
use crate::sniff::{sniff, Format, FormatHint};
use crate::table::Table;
use crate::values;
use crate::Error;
use rand::SeedableRng;
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Seed of the row sample.
pub const SAMPLE_SEED: u64 = 20_261_122;
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
    /// Bytes on disk.
    pub file_bytes: u64,
    /// Bytes of text (after decompression).
    pub text_bytes: u64,
    /// Good rows in the file.
    pub rows: usize,
    /// Malformed rows skipped (`--skip-bad`).
    pub skipped: usize,
    /// Whether the schema came from inference (not `--schema`).
    pub inferred: bool,
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
    load_named(path, options).map_err(|e| match e {
        Error::Malformed(m) => Error::Malformed(Malformed {
            path: Some(path.to_path_buf()),
            ..m
        }),
        other => other,
    })
}

fn load_named(path: &Path, options: &LoadOptions) -> Result<Loaded, Error> {
    let Input {
        path,
        text,
        compression,
        file_bytes,
    } = input::open(path)?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut format = sniff(&text, &name, options.hint);
    if let Format::Csv { delimiter, .. } = format {
        let header = options.schema.is_none() && detect_header(&text, delimiter);
        let header = header
            || options
                .schema
                .as_ref()
                .is_some_and(|s| first_row_names(&text, delimiter, s));
        format = Format::Csv { delimiter, header };
    }
    let mut columns = initial_columns(&text, format, options.schema.as_ref());
    check_width(format, &columns, options.schema.as_ref())?;

    // Pass 1: every row is inferred (or checked against --schema); bad rows fail or are counted.
    let mut inferrer = Inferrer::default();
    let mut scratch = options.schema.clone().map(|s| Table::new(s, 1));
    let (mut rows, mut skipped) = (0usize, 0usize);
    walk(&text, format, &mut columns, &mut |row| {
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
    let inferred = options.schema.is_none();
    let schema = match options.schema.clone() {
        Some(s) => {
            check_width(format, &columns, Some(&s))?;
            s
        }
        None => inferrer.schema(&columns),
    };

    let text_bytes = text.len() as u64;
    let keep = sample_mask(rows, text_bytes, options.sample_limit);
    let kept = keep
        .as_ref()
        .map_or(rows, |k| k.iter().filter(|x| **x).count());
    let mut table = Table::new(schema, kept);
    // The original text of the measured rows: the whole input, unless rows
    // were sampled or skipped (then the header and the kept rows' own bytes).
    let rebuild = keep.is_some() || skipped > 0;
    let mut original = Vec::new();
    if rebuild {
        original.extend_from_slice(header_bytes(&text, format));
    }
    // Pass 2: type the kept rows.
    let mut index = 0usize;
    let mut probe = Table::new(table.schema.clone(), 1);
    walk(&text, format, &mut columns, &mut |row| {
        let Ok(row) = row else { return Ok(()) };
        let wanted = keep
            .as_ref()
            .is_none_or(|k| k.get(index).copied().unwrap_or(false));
        if !wanted {
            // Still checked: a bad row must be skipped here exactly as in pass 1.
            if inferred || typed_row(&mut probe, &row).is_ok() {
                index += 1;
            }
            probe.truncate_to(0);
            return Ok(());
        }
        match typed_row(&mut table, &row) {
            Ok(()) => {
                index += 1;
                if rebuild {
                    original.extend_from_slice(&text.as_bytes()[row.raw.clone()]);
                    if !original.ends_with(b"\n") {
                        original.push(b'\n');
                    }
                }
                Ok(())
            }
            Err(_) if options.skip_bad => Ok(()),
            Err(m) => Err(Error::Malformed(m)),
        }
    })?;
    if !rebuild {
        original = text.into_bytes();
    }
    Ok(Loaded {
        path,
        format,
        compression,
        file_bytes,
        text_bytes,
        rows,
        skipped,
        inferred,
        table,
        original,
        sampled: keep.is_some(),
    })
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
fn typed_row(table: &mut Table, row: &RawRow<'_>) -> Result<(), Malformed> {
    let before = table.rows();
    for (i, field) in table.schema.fields.iter().enumerate() {
        let column = &mut table.columns[i];
        let outcome = match row.cells.get(i).copied().flatten() {
            None if field.nullable => {
                column.push_null();
                Ok(())
            }
            None if field.ty.is_text() && row.strings.is_none() => column.push_text(field.ty, ""),
            None => Err("empty, but the column is not nullable".to_string()),
            // `NA` in a column of numbers, dates or booleans is a null (see `infer`).
            Some(text) if field.nullable && !field.ty.is_text() && values::is_null_token(text) => {
                column.push_null();
                Ok(())
            }
            Some(text) => column
                .push_text(field.ty, text)
                .map_err(|why| format!("'{text}' is {why}")),
        };
        if let Err(why) = outcome {
            let text = row.cells.get(i).copied().flatten().unwrap_or("");
            let message = format!("column '{}': {why}", field.name);
            table.truncate_to(before);
            // JSON keys have no place in the line worth naming: the message names the key.
            let field = row
                .strings
                .is_none()
                .then_some(Position::Field(i as u64 + 1));
            return Err(Malformed::new(row.line, field, message, text));
        }
    }
    Ok(())
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

/// Which of `rows` rows to keep, or `None` for all of them.
fn sample_mask(rows: usize, text_bytes: u64, limit: Option<u64>) -> Option<Vec<bool>> {
    let limit = limit?;
    if text_bytes <= limit || rows == 0 {
        return None;
    }
    let k = ((rows as u128 * limit as u128).div_ceil(text_bytes as u128) as usize).clamp(1, rows);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SAMPLE_SEED);
    let mut mask = vec![false; rows];
    for i in rand::seq::index::sample(&mut rng, rows, k) {
        mask[i] = true;
    }
    Some(mask)
}

#[cfg(test)]
#[path = "load_tests.rs"]
mod tests;
