//! Walking the rows of a text input, one callback per row, without keeping
//! them: inference, sampling and the table builder each walk the text
//! again instead of holding every row as strings (a 30 MB CSV would take
//! several times its size that way).

use crate::error::{Malformed, Position};
use crate::sniff::Format;
use crate::Error;
use std::collections::{HashMap, HashSet};
use std::ops::Range;

/// One row as text.
pub struct RawRow<'r> {
    /// 1-based line where the row starts.
    pub line: u64,
    /// One entry per known column (`None`: empty CSV field, JSON null or absent key).
    pub cells: &'r [Option<&'r str>],
    /// JSON Lines only: which cells were JSON strings (text that must stay text).
    pub strings: Option<&'r [bool]>,
    /// The row's bytes in the input, line end included.
    pub raw: Range<usize>,
}

/// Most columns a JSON Lines file may have (distinct keys over all lines):
/// every key is a column of every row, so the typed table grows with
/// rows × columns.
pub const MAX_COLUMNS: usize = 4_096;

/// What a walk hands each row: the row, or why it does not parse.
pub type Visit<'v> = dyn FnMut(Result<RawRow<'_>, Malformed>) -> Result<(), Error> + 'v;

/// The header of a CSV input (names, and the bytes it spans), or generated names.
pub fn csv_header(text: &str, delimiter: u8, header: bool) -> (Vec<String>, usize) {
    let mut reader = reader(text, delimiter);
    let mut record = csv::StringRecord::new();
    if !matches!(reader.read_record(&mut record), Ok(true)) {
        return (Vec::new(), 0);
    }
    if !header {
        return (
            (1..=record.len()).map(|i| format!("column_{i}")).collect(),
            0,
        );
    }
    (unique_names(&record), reader.position().byte() as usize)
}

/// The header's names, repeats suffixed `_2`, `_3`, …: a set of names in
/// use and a next suffix per base keep this linear in the header's width
/// (10 000 copies of `a` must not take a cubic search).
fn unique_names(record: &csv::StringRecord) -> Vec<String> {
    let mut names: Vec<String> = Vec::with_capacity(record.len());
    let mut used: HashSet<String> = HashSet::with_capacity(record.len());
    let mut next: HashMap<String, usize> = HashMap::new();
    for (i, name) in record.iter().enumerate() {
        let base = match name.trim() {
            "" => format!("column_{}", i + 1),
            n => n.to_string(),
        };
        let mut unique = base.clone();
        if used.contains(&unique) {
            let k = next.entry(base.clone()).or_insert(2);
            loop {
                unique = format!("{base}_{k}");
                *k += 1;
                if !used.contains(&unique) {
                    break;
                }
            }
        }
        used.insert(unique.clone());
        names.push(unique);
    }
    names
}

fn reader(text: &str, delimiter: u8) -> csv::Reader<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes())
}

/// Walks every data row of `text`. For JSON Lines, `columns` grows as new
/// keys appear (first-seen order); for CSV it must hold the header's names.
pub fn walk(
    text: &str,
    format: Format,
    columns: &mut Vec<String>,
    visit: &mut Visit<'_>,
) -> Result<(), Error> {
    match format {
        Format::Csv { delimiter, header } => {
            walk_csv(text, delimiter, header, columns.len(), visit)
        }
        Format::JsonLines => walk_json(text, columns, visit),
        Format::Lines => walk_lines(text, visit),
    }
}

fn walk_csv(
    text: &str,
    delimiter: u8,
    header: bool,
    expected: usize,
    visit: &mut Visit<'_>,
) -> Result<(), Error> {
    let mut reader = reader(text, delimiter);
    let mut record = csv::StringRecord::new();
    let mut first = true;
    // One allocation for every row's cells: each row borrows `record`
    // afresh, so the vector is emptied into one of another lifetime (an
    // in-place collect, which keeps the allocation).
    let mut spare: Vec<Option<&str>> = Vec::with_capacity(expected);
    loop {
        let start = reader.position().clone();
        let more = reader.read_record(&mut record).map_err(|e| {
            Error::Malformed(Malformed::new(
                start.line(),
                None,
                format!("unreadable CSV: {e}"),
                line_at(text, start.byte() as usize),
            ))
        })?;
        if !more {
            return Ok(());
        }
        if std::mem::take(&mut first) && header {
            continue;
        }
        let raw = start.byte() as usize..reader.position().byte() as usize;
        let line = start.line();
        if record.len() != expected {
            // A lone empty line between records: not a row.
            if record.len() == 1 && record.get(0) == Some("") {
                continue;
            }
            visit(Err(Malformed::new(
                line,
                Some(Position::Field(record.len().min(expected) as u64 + 1)),
                format!("expected {expected} fields, found {}", record.len()),
                &text[raw.clone()],
            )))?;
            continue;
        }
        let mut cells = reuse(std::mem::take(&mut spare));
        cells.extend(record.iter().map(|f| (!f.is_empty()).then_some(f)));
        visit(Ok(RawRow {
            line,
            cells: &cells,
            strings: None,
            raw,
        }))?;
        spare = reuse(cells);
    }
}

/// An empty vector of cells of any lifetime in `cells`'s allocation.
fn reuse<'a>(mut cells: Vec<Option<&str>>) -> Vec<Option<&'a str>> {
    cells.clear();
    cells.into_iter().map(|_| None).collect()
}

/// Lines with their 1-based number and byte range (line end included).
fn lines(text: &str) -> impl Iterator<Item = (u64, Range<usize>, &str)> {
    let mut start = 0;
    let mut number = 0;
    std::iter::from_fn(move || {
        if start >= text.len() {
            return None;
        }
        let end =
            memchr::memchr(b'\n', &text.as_bytes()[start..]).map_or(text.len(), |i| start + i + 1);
        let line = text[start..end]
            .trim_end_matches('\n')
            .trim_end_matches('\r');
        number += 1;
        let item = (number, start..end, line);
        start = end;
        Some(item)
    })
}

fn line_at(text: &str, byte: usize) -> &str {
    let rest = text.get(byte..).unwrap_or("");
    rest.split('\n').next().unwrap_or("")
}

fn walk_lines(text: &str, visit: &mut Visit<'_>) -> Result<(), Error> {
    for (line, raw, content) in lines(text) {
        let cells = [Some(content)];
        visit(Ok(RawRow {
            line,
            cells: &cells,
            strings: None,
            raw,
        }))?;
    }
    Ok(())
}

fn walk_json(text: &str, columns: &mut Vec<String>, visit: &mut Visit<'_>) -> Result<(), Error> {
    let mut index_of: HashMap<String, usize> = columns
        .iter()
        .enumerate()
        .map(|(i, c)| (c.clone(), i))
        .collect();
    let mut owned: Vec<Option<String>> = Vec::new();
    let mut strings: Vec<bool> = Vec::new();
    let mut found: Vec<Option<usize>> = Vec::new();
    for (line, raw, content) in lines(text) {
        if content.trim().is_empty() {
            continue;
        }
        let object = match serde_json::from_str::<Line>(content) {
            Ok(Line::Object(fields)) => fields,
            Ok(Line::Other(what)) => {
                visit(Err(Malformed::new(
                    line,
                    Some(Position::Char(1)),
                    format!("expected a JSON object, found {what}"),
                    content,
                )))?;
                continue;
            }
            Err(e) => {
                visit(Err(Malformed::new(
                    line,
                    Some(Position::Char(e.column() as u64)),
                    format!("invalid JSON: {e}"),
                    content,
                )))?;
                continue;
            }
        };
        // Lines mostly hold the columns' keys in the columns' order: the
        // key at the same place is checked before any hashing.
        found.clear();
        found.extend(
            object
                .iter()
                .enumerate()
                .map(|(i, (key, _))| match columns.get(i) {
                    Some(column) if column == key => Some(i),
                    _ => index_of.get(key).copied(),
                }),
        );
        let fresh = found.iter().filter(|i| i.is_none()).count();
        if columns.len() + fresh > MAX_COLUMNS {
            // Each key is a column null-filled in every row: one new key per
            // row would need rows × rows cells.
            return Err(Error::Malformed(Malformed::new(
                line,
                None,
                format!(
                    "more than {MAX_COLUMNS} distinct keys in the file; encbench file reads at most {MAX_COLUMNS} columns"
                ),
                content,
            )));
        }
        owned.clear();
        owned.resize(columns.len(), None);
        strings.clear();
        strings.resize(columns.len(), false);
        for ((key, value), index) in object.into_iter().zip(&found) {
            let index = match *index {
                Some(i) => i,
                None => {
                    index_of.insert(key.clone(), columns.len());
                    columns.push(key);
                    owned.push(None);
                    strings.push(false);
                    columns.len() - 1
                }
            };
            let (text, is_string) = match value {
                serde_json::Value::Null => (None, false),
                serde_json::Value::String(s) => (Some(s), true),
                serde_json::Value::Bool(b) => (Some(b.to_string()), false),
                serde_json::Value::Number(n) => (Some(n.to_string()), false),
                // Objects and arrays: their JSON text, not flagged as a string
                // (inference makes them a nested column).
                nested => (Some(nested.to_string()), false),
            };
            owned[index] = text;
            strings[index] = is_string;
        }
        let cells: Vec<Option<&str>> = owned.iter().map(|c| c.as_deref()).collect();
        visit(Ok(RawRow {
            line,
            cells: &cells,
            strings: Some(&strings),
            raw,
        }))?;
    }
    Ok(())
}

/// One JSON Lines line: an object's fields in file order (serde_json's own
/// map would sort them), or what else the line held.
enum Line {
    Object(Vec<(String, serde_json::Value)>),
    Other(&'static str),
}

impl<'de> serde::Deserialize<'de> for Line {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(LineVisitor)
    }
}

struct LineVisitor;

/// Keys an object may have before its repeated keys are found by hashing.
const SCANNED_KEYS: usize = 32;

impl<'de> serde::de::Visitor<'de> for LineVisitor {
    type Value = Line;
    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON object")
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Line, A::Error> {
        let mut fields: Vec<(String, serde_json::Value)> = Vec::new();
        // Repeated keys are found by a scan while the object is small (no
        // hashing, no copy of each key), then through a map.
        let mut seen: Option<HashMap<String, usize>> = None;
        while let Some((k, v)) = map.next_entry::<String, serde_json::Value>()? {
            let repeated = match &mut seen {
                Some(seen) => seen.get(&k).copied(),
                None => fields.iter().position(|(f, _)| *f == k),
            };
            match repeated {
                Some(i) => fields[i].1 = v, // a repeated key: the last wins, as in serde_json
                None => {
                    if let Some(seen) = &mut seen {
                        seen.insert(k.clone(), fields.len());
                    }
                    fields.push((k, v));
                    if seen.is_none() && fields.len() > SCANNED_KEYS {
                        let keys = fields.iter().enumerate().map(|(i, (f, _))| (f.clone(), i));
                        seen = Some(keys.collect());
                    }
                }
            }
        }
        Ok(Line::Object(fields))
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Line, A::Error> {
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(Line::Other("an array"))
    }
    fn visit_str<E>(self, _: &str) -> Result<Line, E> {
        Ok(Line::Other("a string"))
    }
    fn visit_bool<E>(self, _: bool) -> Result<Line, E> {
        Ok(Line::Other("a boolean"))
    }
    fn visit_i64<E>(self, _: i64) -> Result<Line, E> {
        Ok(Line::Other("a number"))
    }
    fn visit_u64<E>(self, _: u64) -> Result<Line, E> {
        Ok(Line::Other("a number"))
    }
    fn visit_f64<E>(self, _: f64) -> Result<Line, E> {
        Ok(Line::Other("a number"))
    }
    fn visit_unit<E>(self) -> Result<Line, E> {
        Ok(Line::Other("null"))
    }
}
