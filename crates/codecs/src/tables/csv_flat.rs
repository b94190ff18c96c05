//! CSV has no nesting: a nested column whose shape is an object is spread
//! over dotted columns, one per leaf (`actor.id`, `actor.login`; arrays and
//! values that mix types stay JSON text in their leaf column), and a
//! nullable one gets a presence column under its own name (`1` when the
//! object is there, empty when it is null). The layout follows from the
//! schema alone, so a streamed file's header is known before its rows.
//! Reading back puts the objects together again from the leaves.

use encbench_table::load::parse_table;
use encbench_table::nested::Shape;
use encbench_table::schema::{ColumnType, Field, Schema};
use encbench_table::sniff::Format;
use encbench_table::table::{text_of, Cell, Table};
use encbench_table::{error::codec, Error};
use serde_json::{Map, Value};

/// One CSV column of the flat layout.
enum Flat {
    /// A column of the table as it is.
    Plain(usize),
    /// Whether nullable nested column `usize` is present.
    Presence(usize),
    /// A leaf of nested column `column`: its member path and shape.
    Leaf {
        column: usize,
        path: Vec<String>,
        shape: Shape,
    },
}

/// The flat layout of `schema`: its CSV columns, names and types.
pub(crate) struct Layout {
    columns: Vec<Flat>,
    /// The header and the typed schema of the flat columns.
    pub(crate) flat: Schema,
}

impl Layout {
    pub(crate) fn of(schema: &Schema) -> Layout {
        let mut columns = Vec::new();
        let mut fields = Vec::new();
        for (i, f) in schema.fields.iter().enumerate() {
            match (&f.shape, f.ty) {
                (Some(Shape::Struct(members)), ColumnType::Json) if !members.is_empty() => {
                    if f.nullable {
                        columns.push(Flat::Presence(i));
                        fields.push(Field::new(f.name.clone(), ColumnType::Int8, true));
                    }
                    let mut leaves = Vec::new();
                    collect_leaves(members, &mut Vec::new(), &mut leaves);
                    for (path, shape) in leaves {
                        let name = format!("{}.{}", f.name, path.join("."));
                        fields.push(leaf_field(name, &shape));
                        columns.push(Flat::Leaf {
                            column: i,
                            path,
                            shape,
                        });
                    }
                }
                _ => {
                    columns.push(Flat::Plain(i));
                    fields.push(f.clone());
                }
            }
        }
        Layout {
            columns,
            flat: Schema { fields },
        }
    }

    /// Whether any column is spread (else the CSV is the table's own).
    pub(crate) fn spreads(&self) -> bool {
        self.columns.iter().any(|c| !matches!(c, Flat::Plain(_)))
    }

    /// Row `i` of `table` as the flat layout's fields.
    pub(crate) fn row(&self, table: &Table, i: usize, out: &mut Vec<String>) -> Result<(), Error> {
        out.clear();
        let mut parsed: Vec<Option<Value>> = vec![None; table.columns.len()];
        for flat in &self.columns {
            match flat {
                Flat::Plain(c) => {
                    out.push(text_of(table.columns[*c].cell(i), &table.schema.fields[*c]))
                }
                Flat::Presence(c) => out.push(match table.columns[*c].cell(i) {
                    Cell::Null => String::new(),
                    _ => "1".into(),
                }),
                Flat::Leaf {
                    column,
                    path,
                    shape,
                } => {
                    if parsed[*column].is_none() {
                        if let Cell::Str(text) = table.columns[*column].cell(i) {
                            parsed[*column] =
                                Some(serde_json::from_str(text).map_err(|e| codec("csv", e))?);
                        }
                    }
                    let value = parsed[*column]
                        .as_ref()
                        .and_then(|v| path.iter().try_fold(v, |v, key| v.get(key)));
                    out.push(match (value, shape) {
                        (None | Some(Value::Null), _) => String::new(),
                        (Some(Value::String(s)), Shape::Str | Shape::Leaf(_)) => s.clone(),
                        (Some(Value::Bool(b)), Shape::Bool) => b.to_string(),
                        (Some(Value::Number(n)), Shape::Int | Shape::Float) => n.to_string(),
                        (Some(v), _) => v.to_string(),
                    });
                }
            }
        }
        Ok(())
    }

    /// The table of `schema` from a table of the flat layout.
    pub(crate) fn gather(&self, flat: &Table, schema: &Schema) -> Result<Table, Error> {
        let rows = flat.rows();
        let mut table = Table::new(schema.clone(), rows);
        let mut objects: Vec<Option<Map<String, Value>>> = vec![None; schema.fields.len()];
        let spread = self.spread_columns(schema);
        for r in 0..rows {
            let mut cells: Vec<Option<Cell<'_>>> = vec![None; schema.fields.len()];
            for (k, flat_col) in self.columns.iter().enumerate() {
                let cell = flat.columns[k].cell(r);
                match flat_col {
                    Flat::Plain(c) => cells[*c] = Some(cell),
                    Flat::Presence(c) => {
                        if cell != Cell::Null {
                            objects[*c].get_or_insert_with(Map::new);
                        }
                    }
                    Flat::Leaf { column, path, .. } => {
                        let value = match cell {
                            Cell::Null => continue,
                            Cell::Int(v) => Value::from(v),
                            Cell::Float(v) => Value::from(v),
                            Cell::Bool(v) => Value::Bool(v),
                            Cell::Str(s) if flat.schema.fields[k].ty == ColumnType::Json => {
                                serde_json::from_str(s).map_err(|e| codec("csv", e))?
                            }
                            Cell::Str(s) => Value::String(s.to_string()),
                        };
                        insert(objects[*column].get_or_insert_with(Map::new), path, value);
                    }
                }
            }
            // Taken, so the next row starts with no objects.
            let texts: Vec<Option<String>> = objects
                .iter_mut()
                .zip(&schema.fields)
                .map(|(o, f)| match (o.take(), f.nullable) {
                    (Some(o), _) => Some(Value::Object(o).to_string()),
                    // A column that cannot be null had an object with no members left.
                    (None, false) => Some("{}".to_string()),
                    (None, true) => None,
                })
                .collect();
            let row: Vec<Cell<'_>> = cells
                .iter()
                .zip(&texts)
                .zip(&spread)
                .map(|((cell, text), spread)| match (spread, text) {
                    (true, Some(t)) => Cell::Str(t),
                    (true, None) => Cell::Null,
                    (false, _) => cell.unwrap_or(Cell::Null),
                })
                .collect();
            table
                .push_row(&row)
                .map_err(|e| codec("csv", format!("row {}: {e}", r + 1)))?;
        }
        Ok(table)
    }

    fn spread_columns(&self, schema: &Schema) -> Vec<bool> {
        let mut spread = vec![false; schema.fields.len()];
        for c in &self.columns {
            if let Flat::Presence(i) | Flat::Leaf { column: i, .. } = c {
                spread[*i] = true;
            }
        }
        spread
    }
}

/// Reads CSV text in the flat layout of `schema` (header included).
pub(crate) fn decode(text: &str, schema: &Schema) -> Result<Table, Error> {
    let format = Format::Csv {
        delimiter: b',',
        header: true,
    };
    let layout = Layout::of(schema);
    check_header(text, &layout.flat)?;
    if !layout.spreads() {
        return parse_table(text, format, schema);
    }
    let flat = parse_table(text, format, &layout.flat)?;
    layout.gather(&flat, schema)
}

/// Checks that the header names the flat columns of the layout, in order:
/// the rows are read by position, so a column written under another name
/// would otherwise read back unnoticed. (A header of another width is the
/// reader's error, with the counts.)
fn check_header(text: &str, flat: &Schema) -> Result<(), Error> {
    let mut reader = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let Some(header) = reader.records().next() else {
        return Ok(());
    };
    let header = header.map_err(|e| codec("csv", format!("its header: {e}")))?;
    if header.len() != flat.fields.len() {
        return Ok(());
    }
    for (c, (name, field)) in header.iter().zip(&flat.fields).enumerate() {
        if name != field.name {
            return Err(codec(
                "csv",
                format!(
                    "column {} is named '{name}' in the header, expected '{}'",
                    c + 1,
                    field.name
                ),
            ));
        }
    }
    Ok(())
}

fn collect_leaves(
    members: &[(String, Shape)],
    prefix: &mut Vec<String>,
    out: &mut Vec<(Vec<String>, Shape)>,
) {
    for (name, shape) in members {
        prefix.push(name.clone());
        match shape {
            Shape::Struct(inner) if !inner.is_empty() => collect_leaves(inner, prefix, out),
            s => out.push((prefix.clone(), s.clone())),
        }
        prefix.pop();
    }
}

/// The typed CSV column of a leaf: scalars as themselves, the rest as JSON text.
fn leaf_field(name: String, shape: &Shape) -> Field {
    let ty = match shape {
        Shape::Int => ColumnType::Int64,
        Shape::Float => ColumnType::Float64,
        Shape::Bool => ColumnType::Bool,
        // A typed leaf (date, timestamp, time, decimal) as the text the nested value holds.
        Shape::Str | Shape::Leaf(_) => ColumnType::String,
        _ => ColumnType::Json,
    };
    Field::new(name, ty, true)
}

fn insert(object: &mut Map<String, Value>, path: &[String], value: Value) {
    match path {
        [] => {}
        [last] => {
            object.insert(last.clone(), value);
        }
        [first, rest @ ..] => {
            let inner = object
                .entry(first.clone())
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(m) = inner {
                insert(m, rest, value);
            }
        }
    }
}
