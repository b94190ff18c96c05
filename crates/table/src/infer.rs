//! Column types from the values seen. Every non-null value of a column
//! must fit a type for the column to get it; the first type that fits, in
//! this order, wins: the smallest integer width holding the column's range,
//! float, bool, date, timestamp, dictionary (text with at most
//! [`DICTIONARY_MAX`] distinct values, each repeated on average
//! [`DICTIONARY_REPEATS`] times or more), string. A column with any null is
//! nullable; a column with only nulls is a nullable string. JSON strings
//! stay text (or dates/timestamps); JSON numbers and booleans never become text.
//! The null markers [`values::NULL_TOKENS`] (`NA`, `NULL`, …) are nulls in a
//! column whose other values are numbers, dates or booleans, and text in a
//! text column (where `NA` may well be Namibia).

use crate::nested::{self, Shape};
use crate::schema::{ColumnType, Field, Schema};
use crate::values;
use std::collections::HashSet;

/// Most distinct values a dictionary column may have.
pub const DICTIONARY_MAX: usize = 1000;
/// Fewest non-null values per distinct value for a dictionary column.
pub const DICTIONARY_REPEATS: usize = 10;

/// What one column could still be.
#[derive(Debug, Clone)]
struct Candidate {
    int: Option<(i64, i64)>,
    any_int: bool,
    /// Every value so far is a whole number in `0..=u64::MAX`.
    any_uint: bool,
    float: bool,
    boolean: bool,
    date: bool,
    timestamp: bool,
    /// Whether the timestamps so far end in `Z` (UTC instants): `None`
    /// before the first. A column that mixes both stays text.
    utc: Option<bool>,
    text_only: bool,
    distinct: Option<HashSet<String>>,
    values: usize,
    nulls: usize,
    /// Values that were null markers (`NA`), also counted in `values`.
    tokens: usize,
    /// JSON objects and arrays among the values, and their merged shape.
    nested: usize,
    shape: Shape,
}

impl Default for Candidate {
    fn default() -> Self {
        Candidate {
            int: None,
            any_int: true,
            any_uint: true,
            float: true,
            boolean: true,
            date: true,
            timestamp: true,
            utc: None,
            text_only: false,
            distinct: Some(HashSet::new()),
            values: 0,
            nulls: 0,
            tokens: 0,
            nested: 0,
            shape: Shape::Null,
        }
    }
}

/// Infers a schema from rows fed one at a time.
#[derive(Debug, Default)]
pub struct Inferrer {
    columns: Vec<Candidate>,
    rows: usize,
}

impl Inferrer {
    /// Feeds one row; `strings` marks JSON strings.
    pub fn add(&mut self, cells: &[Option<&str>], strings: Option<&[bool]>) {
        if self.columns.len() < cells.len() {
            // A JSON key first seen now was absent (null) in every earlier row.
            let rows = self.rows;
            self.columns.resize_with(cells.len(), || Candidate {
                nulls: rows,
                ..Candidate::default()
            });
        }
        for (i, c) in self.columns.iter_mut().enumerate() {
            match cells.get(i).copied().flatten() {
                None => c.nulls += 1,
                Some(text) => c.add(text, strings.map(|s| s[i])),
            }
        }
        self.rows += 1;
    }

    /// The schema for these names (one per column seen).
    pub fn schema(&self, names: &[String]) -> Schema {
        let fields = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let c = self.columns.get(i).cloned().unwrap_or_default();
                let ty = c.decide();
                let markers = c.tokens > 0 && !ty.is_text();
                Field {
                    name: name.clone(),
                    ty,
                    nullable: c.nulls > 0 || markers || self.rows == 0,
                    shape: (ty == ColumnType::Json).then(|| c.shape.clone()),
                    tz: (ty == ColumnType::Timestamp && c.utc == Some(true))
                        .then(|| "UTC".to_string()),
                    decimal: None,
                    width: None,
                }
            })
            .collect();
        Schema { fields }
    }
}

impl Candidate {
    /// `json`: `None` for a CSV field, else whether the JSON value was a string.
    fn add(&mut self, text: &str, json: Option<bool>) {
        let json_string = json == Some(true);
        self.values += 1;
        // A JSON object or array (never a CSV field that happens to start with a bracket).
        if json == Some(false) && text.starts_with(['{', '[']) {
            if let Ok((_, value)) = nested::canonical(text) {
                self.nested += 1;
                self.shape =
                    std::mem::replace(&mut self.shape, Shape::Null).merge(Shape::of(&value));
                self.text_only = true;
                self.distinct = None;
                (self.any_int, self.float, self.boolean) = (false, false, false);
                (self.date, self.timestamp) = (false, false);
                return;
            }
        }
        if json_string {
            self.text_only = true;
        }
        self.note_distinct(text);
        if !json_string && values::is_null_token(text) {
            self.tokens += 1;
            return;
        }
        if self.any_int {
            match values::parse_int(text) {
                Some(v) => {
                    let (lo, hi) = self.int.unwrap_or((v, v));
                    self.int = Some((lo.min(v), hi.max(v)));
                }
                None => self.any_int = false,
            }
        }
        self.any_uint = self.any_uint && values::parse_uint64(text).is_some();
        self.float = self.float && values::parse_float(text).is_some();
        self.boolean = self.boolean && values::parse_bool(text).is_some();
        self.date = self.date && values::parse_date(text).is_some();
        if self.timestamp {
            let utc = values::timestamp_has_zone(text);
            self.timestamp =
                values::parse_timestamp(text).is_some() && *self.utc.get_or_insert(utc) == utc;
        }
    }

    fn note_distinct(&mut self, text: &str) {
        if let Some(set) = &mut self.distinct {
            if !set.contains(text) {
                if set.len() >= DICTIONARY_MAX {
                    self.distinct = None;
                } else {
                    set.insert(text.to_string());
                }
            }
        }
    }

    fn decide(&self) -> ColumnType {
        if self.values == self.tokens {
            return ColumnType::String;
        }
        // Only objects and arrays: nested. Mixed with scalars: each value's text.
        if self.nested > 0 {
            return if self.nested == self.values {
                ColumnType::Json
            } else {
                ColumnType::String
            };
        }
        let json_number = !self.text_only;
        if json_number && self.any_int {
            if let Some((lo, hi)) = self.int {
                return ColumnType::int_for(lo, hi);
            }
        }
        // Past i64 (DuckDB's UBIGINT, pandas' uint64): exact as unsigned.
        if json_number && self.any_uint {
            return ColumnType::UInt64;
        }
        if json_number && self.float {
            return ColumnType::Float64;
        }
        if json_number && self.boolean {
            return ColumnType::Bool;
        }
        if self.date {
            return ColumnType::Date;
        }
        if self.timestamp {
            return ColumnType::Timestamp;
        }
        match &self.distinct {
            Some(set) if set.len() * DICTIONARY_REPEATS <= self.values => ColumnType::Dictionary,
            _ => ColumnType::String,
        }
    }
}

/// Whether a CSV file's first row is a header: some column's body has a
/// type its first value does not fit (`dep_time` over integers), or every
/// column is text and no first value recurs in its column's body.
pub fn has_header(first: &[Option<&str>], body: &Schema, body_values: &[HashSet<String>]) -> bool {
    let mismatch = first.iter().zip(&body.fields).any(|(cell, field)| {
        let Some(text) = cell else { return false };
        let mut column = crate::table::Column::new(field.ty, 1);
        // A few body rows may give too narrow a type (int8 for a float column): any number fits a number.
        let numeric = field.ty.is_integral() || field.ty.is_float();
        let fits = values::is_null_token(text)
            || (numeric && values::parse_float(text).is_some())
            || column.push_text(field.ty, text).is_ok();
        !field.ty.is_text() && !fits
    });
    if mismatch {
        return true;
    }
    let all_text = body.fields.iter().all(|f| f.ty.is_text());
    all_text
        && !body_values.is_empty()
        && first
            .iter()
            .zip(body_values)
            .all(|(cell, seen)| cell.is_some_and(|t| !seen.contains(t)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn infer(rows: &[&[Option<&str>]]) -> Vec<(ColumnType, bool)> {
        let mut inferrer = Inferrer::default();
        for row in rows {
            inferrer.add(row, None);
        }
        let names: Vec<String> = (0..rows[0].len()).map(|i| format!("c{i}")).collect();
        inferrer
            .schema(&names)
            .fields
            .into_iter()
            .map(|f| (f.ty, f.nullable))
            .collect()
    }

    #[test]
    fn integer_width_is_the_smallest_that_holds_the_range() {
        let got = infer(&[
            &[
                Some("1"),
                Some("-129"),
                Some("40000"),
                Some("3000000000"),
                Some("007"),
                Some("18446744073709551615"),
                Some("18446744073709551615"),
                Some("18446744073709551616"),
            ],
            &[
                Some("127"),
                Some("5"),
                Some("-1"),
                Some("1"),
                Some("8"),
                Some("0"),
                Some("-1"),
                Some("0"),
            ],
        ]);
        let types: Vec<ColumnType> = got.iter().map(|t| t.0).collect();
        use ColumnType::*;
        // Past i64: unsigned when every value is, else text (a float
        // would round them).
        assert_eq!(
            types,
            [Int8, Int16, Int32, Int64, String, UInt64, String, String]
        );
    }

    #[test]
    fn timestamps_with_a_zone_are_utc_instants_and_a_mix_stays_text() {
        let mut inferrer = Inferrer::default();
        for row in [
            [
                Some("2013-01-01T05:00:00Z"),
                Some("2013-01-01 05:00:00"),
                Some("2013-01-01 05:00:00"),
                Some("2013-01-01 06:00:00+01:00"),
            ],
            [
                Some("2013-01-01 06:30:00.25Z"),
                Some("2013-01-01 06:30:00"),
                Some("2013-01-01T06:30:00Z"),
                Some("2013-07-01 06:30:00-04"),
            ],
        ] {
            inferrer.add(&row, None);
        }
        let names: Vec<String> = ["utc", "naive", "mixed", "offsets"]
            .map(String::from)
            .to_vec();
        let got: Vec<(ColumnType, Option<String>)> = inferrer
            .schema(&names)
            .fields
            .into_iter()
            .map(|f| (f.ty, f.tz))
            .collect();
        let timestamp = ColumnType::Timestamp;
        assert_eq!(
            got,
            [
                (timestamp, Some("UTC".into())),
                (timestamp, None),
                (ColumnType::String, None),
                (timestamp, Some("UTC".into())),
            ]
        );
    }

    #[test]
    fn floats_bools_dates_timestamps_and_nulls() {
        let got = infer(&[
            &[
                Some("1"),
                Some("true"),
                Some("2013-01-01"),
                Some("2013-01-01 05:00:00"),
                None,
            ],
            &[
                Some("2.5"),
                Some("False"),
                Some("2013-12-31"),
                Some("2013-01-01T06:30:00"),
                None,
            ],
            &[
                None,
                Some("TRUE"),
                Some("2014-02-28"),
                Some("2013-01-02 00:00:00.5"),
                None,
            ],
        ]);
        use ColumnType::*;
        assert_eq!(
            got,
            [
                (Float64, true),
                (Bool, false),
                (Date, false),
                (Timestamp, false),
                (String, true)
            ]
        );
    }

    #[test]
    fn null_markers_are_nulls_among_numbers_and_text_among_text() {
        let got = infer(&[
            &[Some("NA"), Some("NA"), Some("NULL")],
            &[Some("517"), Some("Namibia"), Some("NULL")],
        ]);
        use ColumnType::*;
        assert_eq!(got, [(Int16, true), (String, false), (String, false)]);
    }

    #[test]
    fn few_distinct_strings_are_a_dictionary_candidate() {
        let carriers = ["UA", "AA", "B6", "DL"];
        let mut inferrer = Inferrer::default();
        for i in 0..100 {
            let id = format!("N{i}");
            inferrer.add(&[Some(carriers[i % 4]), Some(&id)], None);
        }
        let schema = inferrer.schema(&["carrier".into(), "tail".into()]);
        assert_eq!(schema.fields[0].ty, ColumnType::Dictionary);
        assert_eq!(schema.fields[1].ty, ColumnType::String);
    }

    #[test]
    fn json_strings_stay_text_and_late_keys_are_nullable() {
        let mut inferrer = Inferrer::default();
        inferrer.add(&[Some("12")], Some(&[true]));
        inferrer.add(&[Some("13"), Some("1")], Some(&[true, false]));
        let schema = inferrer.schema(&["zip".into(), "n".into()]);
        assert_eq!(schema.fields[0].ty, ColumnType::String);
        assert_eq!(
            (schema.fields[1].ty, schema.fields[1].nullable),
            (ColumnType::Int8, true)
        );
    }

    #[test]
    fn json_objects_and_arrays_are_nested_columns_with_a_shape() {
        let mut inferrer = Inferrer::default();
        let kinds = [false, false, false, true];
        inferrer.add(
            &[
                Some(r#"{"a":1,"b":["x"]}"#),
                Some("[1,2]"),
                Some(r#"{"k":1}"#),
                Some("[1]"),
            ],
            Some(&kinds),
        );
        inferrer.add(
            &[Some(r#"{"a":2,"c":true}"#), None, Some("7"), Some("[2]")],
            Some(&kinds),
        );
        let names: Vec<String> = ["o", "l", "mixed", "s"].map(String::from).to_vec();
        let schema = inferrer.schema(&names);
        let f = &schema.fields;
        assert_eq!((f[0].ty, f[0].nullable), (ColumnType::Json, false));
        assert_eq!(
            f[0].type_text(),
            "json struct<a: int64, b: list<string>, c: bool>"
        );
        assert_eq!((f[1].ty, f[1].nullable), (ColumnType::Json, true));
        assert_eq!(f[1].type_text(), "json list<int64>");
        // An object in one row and a number in the next: each value's text.
        assert_eq!((f[2].ty, &f[2].shape), (ColumnType::String, &None));
        // JSON strings that look like arrays stay strings.
        assert_eq!(f[3].ty, ColumnType::String);
        // A CSV field never nests.
        let mut csv = Inferrer::default();
        csv.add(&[Some("[1,2]")], None);
        assert_eq!(csv.schema(&["c".into()]).fields[0].ty, ColumnType::String);
    }

    #[test]
    fn a_header_is_a_first_row_that_does_not_fit_its_column() {
        let body = Schema {
            fields: vec![Field::new("c", ColumnType::Int16, false)],
        };
        assert!(has_header(&[Some("year")], &body, &[HashSet::new()]));
        assert!(!has_header(&[Some("2013")], &body, &[HashSet::new()]));
        let text = Schema {
            fields: vec![Field::new("c", ColumnType::String, false)],
        };
        let seen: HashSet<String> = ["x".to_string(), "y".to_string()].into();
        assert!(has_header(
            &[Some("name")],
            &text,
            std::slice::from_ref(&seen)
        ));
        assert!(!has_header(&[Some("x")], &text, &[seen]));
    }
}
