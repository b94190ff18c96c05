//! The reads an engine is timed on, and what each must answer on
//! encbench's own table: `scan` (every column), `project` (a few columns),
//! `filter` (the rows a predicate keeps, about 1 % when encbench picks it),
//! `take` (rows at seeded random positions) and `open` (schema and row
//! count only).

use super::checksum::{self, ColumnSum};
use encbench_table::schema::{ColumnType, Field};
use encbench_table::table::{Cell, Table, Values};
use encbench_table::values;
use serde_json::{json, Value};
use std::cmp::Ordering;
use std::collections::HashMap;

/// The share of rows a picked filter aims to keep.
pub const TARGET_SELECTIVITY: f64 = 0.01;

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Op {
    /// As the worker and the output write it.
    pub fn as_str(self) -> &'static str {
        match self {
            Op::Eq => "==",
            Op::Ne => "!=",
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }

    fn keeps(self, order: Ordering) -> bool {
        match self {
            Op::Eq => order.is_eq(),
            Op::Ne => order.is_ne(),
            Op::Lt => order.is_lt(),
            Op::Le => order.is_le(),
            Op::Gt => order.is_gt(),
            Op::Ge => order.is_ge(),
        }
    }
}

/// A predicate on one column: `column op value`, nulls never kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter {
    /// The column's index.
    pub column: usize,
    pub op: Op,
    /// The value, held as the table holds the column's values.
    pub value: Literal,
    /// Why this predicate (`--where`, or what encbench looked for).
    pub why: String,
}

/// A filter's value.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    Int(i64),
    Float(f64),
    Bool(bool),
    Text(String),
}

/// One query.
#[derive(Debug, Clone, PartialEq)]
pub enum Query {
    Scan,
    Project(Vec<usize>),
    Filter(Filter),
    Take(Vec<usize>),
    Open,
}

impl Query {
    /// Its name: the record's `query`.
    pub fn name(&self) -> &'static str {
        match self {
            Query::Scan => "scan",
            Query::Project(_) => "project",
            Query::Filter(_) => "filter",
            Query::Take(_) => "take",
            Query::Open => "open",
        }
    }

    /// The request's `query` object for the engines worker.
    pub fn to_json(&self, table: &Table) -> Value {
        let names = |cols: &[usize]| -> Vec<&str> {
            cols.iter()
                .map(|&c| table.schema.fields[c].name.as_str())
                .collect()
        };
        match self {
            Query::Scan | Query::Open => json!({"kind": self.name()}),
            Query::Project(cols) => json!({"kind": "project", "columns": names(cols)}),
            Query::Take(rows) => json!({"kind": "take", "rows": rows}),
            Query::Filter(f) => json!({
                "kind": "filter",
                "column": table.schema.fields[f.column].name,
                "op": f.op.as_str(),
                "value": literal_json(&table.schema.fields[f.column], &f.value),
            }),
        }
    }

    /// The rows it keeps from `table` (every row for scan, project and open).
    pub fn rows(&self, table: &Table) -> Option<Vec<usize>> {
        match self {
            Query::Filter(f) => Some((0..table.rows()).filter(|&i| f.keeps(table, i)).collect()),
            Query::Take(rows) => Some(rows.clone()),
            _ => None,
        }
    }

    /// What the engine must answer: the rows kept and the checksum of the
    /// columns returned (none for `open`, which answers the row count).
    pub fn expected(&self, table: &Table) -> Expected {
        let every: Vec<usize> = (0..table.columns.len()).collect();
        let rows = self.rows(table);
        let count = rows.as_ref().map_or(table.rows(), Vec::len);
        let columns = match self {
            Query::Open => Vec::new(),
            Query::Project(cols) => cols.clone(),
            _ => every,
        };
        let sums = checksum::table_sums(table, &columns, rows.as_deref());
        Expected {
            rows: count,
            columns: columns
                .iter()
                .map(|&c| table.schema.fields[c].name.clone())
                .zip(sums)
                .collect(),
        }
    }

    /// The share of the table's rows it keeps.
    pub fn selectivity(&self, table: &Table) -> Option<f64> {
        match self {
            Query::Filter(_) | Query::Take(_) => {
                let kept = self.rows(table).map_or(0, |r| r.len());
                Some(kept as f64 / table.rows().max(1) as f64)
            }
            _ => None,
        }
    }

    /// One line saying what it reads, for the output.
    pub fn describe(&self, table: &Table) -> String {
        let name = |c: usize| table.schema.fields[c].name.as_str();
        match self {
            Query::Scan => "every column".into(),
            Query::Open => "the schema and row count".into(),
            Query::Project(cols) => {
                let names: Vec<&str> = cols.iter().map(|&c| name(c)).collect();
                format!("columns {}", names.join(", "))
            }
            Query::Take(rows) => format!("{} rows at seeded random positions", rows.len()),
            Query::Filter(f) => format!(
                "{} {} {} ({}; keeps {:.2} % of the rows)",
                name(f.column),
                f.op.as_str(),
                literal_json(&table.schema.fields[f.column], &f.value),
                f.why,
                100.0 * self.selectivity(table).unwrap_or(0.0)
            ),
        }
    }
}

/// What a query must answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Expected {
    /// Rows returned (for `open`, the row count known).
    pub rows: usize,
    /// Each returned column's name and checksum, in table order.
    pub columns: Vec<(String, ColumnSum)>,
}

impl Filter {
    /// Whether row `i` of `table` is kept.
    pub fn keeps(&self, table: &Table, i: usize) -> bool {
        let order = match (table.columns[self.column].cell(i), &self.value) {
            (Cell::Null, _) => return false,
            (Cell::Int(v), Literal::Int(w))
                if table.schema.fields[self.column].ty == ColumnType::UInt64 =>
            {
                (v as u64).cmp(&(*w as u64))
            }
            (Cell::Int(v), Literal::Int(w)) => v.cmp(w),
            // NaN matches nothing; -0.0 equals 0.0, as engines compare.
            (Cell::Float(v), Literal::Float(w)) => match v.partial_cmp(w) {
                Some(order) => order,
                None => return false,
            },
            (Cell::Bool(v), Literal::Bool(w)) => v.cmp(w),
            (Cell::Str(v), Literal::Text(w)) => v.as_bytes().cmp(w.as_bytes()),
            _ => return false,
        };
        self.op.keeps(order)
    }
}

/// The filter's value as the worker reads it: dates and timestamps as ISO
/// text, the rest as JSON numbers, strings and booleans.
fn literal_json(field: &Field, value: &Literal) -> Value {
    match (field.ty, value) {
        (ColumnType::Date, Literal::Int(days)) => json!(values::format_date(*days)),
        (ColumnType::Timestamp, Literal::Int(us)) => {
            json!(values::format_timestamp(*us, field.tz.is_some()))
        }
        (ColumnType::UInt64, Literal::Int(v)) => json!(*v as u64),
        (_, Literal::Int(v)) => json!(v),
        (_, Literal::Float(v)) => json!(v),
        (_, Literal::Bool(v)) => json!(v),
        (_, Literal::Text(v)) => json!(v),
    }
}

/// Whether a column of this type can be filtered on.
fn filterable(ty: ColumnType) -> bool {
    use ColumnType::*;
    matches!(
        ty,
        Int8 | Int16
            | Int32
            | Int64
            | UInt64
            | Float32
            | Float64
            | Bool
            | Date
            | Timestamp
            | String
            | Dictionary
    )
}

/// Parses `--where`: `COLUMN OP VALUE` with OP one of `== = != < <= > >=`;
/// the value is read as the column's type (dates `2013-01-05`, timestamps
/// `2013-01-05 05:00:00`).
pub fn parse_where(text: &str, table: &Table) -> Result<Filter, String> {
    const OPS: [(&str, Op); 7] = [
        ("==", Op::Eq),
        ("!=", Op::Ne),
        ("<=", Op::Le),
        (">=", Op::Ge),
        ("<", Op::Lt),
        (">", Op::Gt),
        ("=", Op::Eq),
    ];
    let (at, token, op) = OPS
        .iter()
        .filter_map(|(t, op)| text.find(t).map(|at| (at, *t, *op)))
        .min_by_key(|(at, t, _)| (*at, std::cmp::Reverse(t.len())))
        .ok_or_else(|| {
            format!("--where {text:?}: no comparison; write COLUMN OP VALUE with OP one of == != < <= > >=")
        })?;
    let name = text[..at].trim();
    let raw = text[at + token.len()..].trim();
    let raw = raw
        .strip_prefix('\'')
        .and_then(|r| r.strip_suffix('\''))
        .or_else(|| raw.strip_prefix('"').and_then(|r| r.strip_suffix('"')))
        .unwrap_or(raw);
    let column = table
        .schema
        .fields
        .iter()
        .position(|f| f.name == name)
        .ok_or_else(|| {
            let names: Vec<&str> = table
                .schema
                .fields
                .iter()
                .map(|f| f.name.as_str())
                .collect();
            format!(
                "--where: no column {name:?} (the columns are {})",
                names.join(", ")
            )
        })?;
    let ty = table.schema.fields[column].ty;
    if !filterable(ty) {
        return Err(format!(
            "--where: column {name:?} is {}; filters take integer, float, bool, date, timestamp or text columns",
            ty.as_str()
        ));
    }
    let bad = |what: &str| {
        format!(
            "--where: {raw:?} is not {what} (column {name:?} is {})",
            ty.as_str()
        )
    };
    let value = match ty {
        ColumnType::Float32 | ColumnType::Float64 => {
            Literal::Float(raw.parse().map_err(|_| bad("a number"))?)
        }
        ColumnType::UInt64 => {
            Literal::Int(raw.parse::<u64>().map_err(|_| bad("an unsigned integer"))? as i64)
        }
        ColumnType::Bool => Literal::Bool(match raw {
            "true" | "True" | "TRUE" => true,
            "false" | "False" | "FALSE" => false,
            _ => return Err(bad("true or false")),
        }),
        ColumnType::Date => {
            Literal::Int(values::parse_date(raw).ok_or_else(|| bad("a date (2013-01-05)"))?)
        }
        ColumnType::Timestamp => Literal::Int(
            values::parse_timestamp(raw).ok_or_else(|| bad("a timestamp (2013-01-05 05:00:00)"))?,
        ),
        ColumnType::String | ColumnType::Dictionary => Literal::Text(raw.to_string()),
        _ => Literal::Int(raw.parse().map_err(|_| bad("an integer"))?),
    };
    Ok(Filter {
        column,
        op,
        value,
        why: "--where".into(),
    })
}

/// A predicate that keeps about [`TARGET_SELECTIVITY`] of the rows, from
/// the data: on a sorted column a range (`<=` its 1 % value: zone maps can
/// skip the rest), else equality with a value of a low-cardinality column
/// whose share is nearest 1 %, else a range on any numeric column. The
/// first that lands within a factor of 2 of the target wins; else the
/// nearest. `None` when no column can be filtered on.
pub fn pick_filter(table: &Table) -> Option<Filter> {
    let n = table.rows();
    if n == 0 {
        return None;
    }
    let mut found: Vec<(Filter, f64)> = Vec::new();
    let fields = &table.schema.fields;
    let numeric = |ty: ColumnType| {
        filterable(ty)
            && !matches!(
                ty,
                ColumnType::Bool | ColumnType::String | ColumnType::Dictionary
            )
    };
    let share = |f: &Filter| (0..n).filter(|&i| f.keeps(table, i)).count() as f64 / n as f64;
    let consider = |f: Filter, found: &mut Vec<(Filter, f64)>| {
        let s = share(&f);
        if s > 0.0 {
            found.push((f, s));
        }
    };
    let quantile = |c: usize| -> Option<Literal> {
        let col = &table.columns[c];
        let at = ((n as f64) * TARGET_SELECTIVITY) as usize;
        match &col.values {
            Values::Int(v) => {
                let unsigned = fields[c].ty == ColumnType::UInt64;
                let mut present: Vec<i64> =
                    (0..n).filter(|&i| col.valid[i]).map(|i| v[i]).collect();
                match unsigned {
                    true => present.sort_unstable_by_key(|x| *x as u64),
                    false => present.sort_unstable(),
                }
                present
                    .get(at.min(present.len().saturating_sub(1)))
                    .map(|v| Literal::Int(*v))
            }
            Values::Float(v) => {
                let mut present: Vec<f64> = (0..n)
                    .filter(|&i| col.valid[i] && !v[i].is_nan())
                    .map(|i| v[i])
                    .collect();
                present.sort_unstable_by(f64::total_cmp);
                present
                    .get(at.min(present.len().saturating_sub(1)))
                    .map(|v| Literal::Float(*v))
            }
            _ => None,
        }
    };
    // Each numeric column's range `<=` its 1 % value: first those of
    // sorted columns, then (after the equalities) the rest.
    let (mut sorted, mut unsorted) = (Vec::new(), Vec::new());
    for (c, field) in fields.iter().enumerate() {
        let Some(value) = numeric(field.ty).then(|| quantile(c)).flatten() else {
            continue;
        };
        let (why, list) = match is_sorted(table, c) {
            true => (format!("column {:?} is sorted", field.name), &mut sorted),
            false => (
                format!("the 1 % value of column {:?}", field.name),
                &mut unsorted,
            ),
        };
        list.push(Filter {
            column: c,
            op: Op::Le,
            value,
            why,
        });
    }
    // 1. Sorted columns, ranges.
    for f in sorted {
        consider(f, &mut found);
    }
    // 2. Low-cardinality columns, equality.
    for (c, field) in fields.iter().enumerate() {
        if !filterable(field.ty) || matches!(field.ty, ColumnType::Float32 | ColumnType::Float64) {
            continue;
        }
        if let Some((value, distinct)) = nearest_share(table, c) {
            let why = format!("column {:?} has {distinct} distinct values", field.name);
            consider(
                Filter {
                    column: c,
                    op: Op::Eq,
                    value,
                    why,
                },
                &mut found,
            );
        }
    }
    // 3. Any numeric column, its 1 % value.
    for f in unsorted {
        consider(f, &mut found);
    }
    let off = |s: f64| (s / TARGET_SELECTIVITY).ln().abs();
    let close = found.iter().position(|(_, s)| off(*s) <= 2f64.ln());
    match close {
        Some(i) => Some(found.swap_remove(i).0),
        None => found
            .into_iter()
            .min_by(|a, b| off(a.1).total_cmp(&off(b.1)))
            .map(|(f, _)| f),
    }
}

/// Whether column `c` has no nulls, at least two values, and never decreases.
fn is_sorted(table: &Table, c: usize) -> bool {
    let col = &table.columns[c];
    if col.valid.iter().any(|v| !v) {
        return false;
    }
    match &col.values {
        Values::Int(v) if table.schema.fields[c].ty == ColumnType::UInt64 => {
            v.windows(2).all(|w| (w[0] as u64) <= (w[1] as u64)) && v.first() != v.last()
        }
        Values::Int(v) => v.windows(2).all(|w| w[0] <= w[1]) && v.first() != v.last(),
        Values::Float(v) => v.windows(2).all(|w| w[0] <= w[1]) && v.first() != v.last(),
        _ => false,
    }
}

/// In a column of at most a few hundred distinct values, the value whose
/// share of the rows is nearest the target, and how many distinct values
/// there are.
fn nearest_share(table: &Table, c: usize) -> Option<(Literal, usize)> {
    const MOST_DISTINCT: usize = 1000;
    let col = &table.columns[c];
    let mut counts: HashMap<Key<'_>, usize> = HashMap::new();
    for i in 0..table.rows() {
        let key = match col.cell(i) {
            Cell::Int(v) => Key::Int(v),
            Cell::Bool(v) => Key::Bool(v),
            Cell::Str(s) => Key::Str(s),
            Cell::Null | Cell::Float(_) => continue,
        };
        *counts.entry(key).or_default() += 1;
        if counts.len() > MOST_DISTINCT {
            return None;
        }
    }
    let target = TARGET_SELECTIVITY * table.rows() as f64;
    let distinct = counts.len();
    let off = |k: usize| (k as f64 / target).ln().abs();
    let (key, _) = counts
        .into_iter()
        // Ties go to the smaller value, so the pick does not depend on hashing.
        .min_by(|a, b| off(a.1).total_cmp(&off(b.1)).then_with(|| a.0.cmp(&b.0)))?;
    let value = match key {
        Key::Int(v) => Literal::Int(v),
        Key::Bool(v) => Literal::Bool(v),
        Key::Str(s) => Literal::Text(s.to_string()),
    };
    (distinct >= 2).then_some((value, distinct))
}

/// A value of a column counted by [`nearest_share`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Key<'a> {
    Int(i64),
    Bool(bool),
    Str(&'a str),
}

/// `k` distinct row positions of `rows`, drawn with `seed`, ascending.
pub fn take_positions(rows: usize, k: usize, seed: u64) -> Vec<usize> {
    if k >= rows {
        return (0..rows).collect();
    }
    let mut state = seed;
    let mut picked = std::collections::BTreeSet::new();
    while picked.len() < k {
        state = state.wrapping_add(1);
        picked.insert((checksum::splitmix64(state) % rows as u64) as usize);
    }
    picked.into_iter().collect()
}
