//! A second reader for the `original` row of a text input. The table was
//! built by encbench's reader (fields typed by `encbench_table::values`),
//! and the row's decode is that same reader: alone, it would verify itself.
//! Here the text is read again another way — fields split by the `csv`
//! crate as any program would, JSON Lines by `serde_json` into values,
//! plain lines by the standard library — and each field is turned into a
//! value by Rust's own parsers (`str::parse`, chrono), never the table's,
//! then compared with the table's cell: rows, order and values. A
//! columnar input kept as it is gets the same from another implementation
//! of its format (see [`check_columnar`]; Arrow IPC's is [`arrow_ipc`]).

use encbench_record::Verified;
use encbench_table::binary_input::{decode_avro_with_arrow, Kind};
use encbench_table::schema::{ColumnType, Field};
use encbench_table::sniff::Format;
use encbench_table::table::{Cell, Table};
use serde_json::Value;

/// What this reader takes for a missing value outside text columns: its
/// own list of the markers encbench documents, not the first reader's
/// constant, so that the two can disagree.
const NULL_MARKERS: [&str; 7] = ["NA", "N/A", "NaN", "nan", "NULL", "null", "None"];

/// One value as both readers can state it.
#[derive(Debug, Clone, PartialEq)]
enum Norm {
    Null,
    Int(i128),
    /// A float's bits, one pattern for every NaN.
    Float(u64),
    Bool(bool),
    Text(String),
    Json(Value),
}

/// One field as the second reader found it.
enum Raw<'a> {
    /// A CSV field or plain line (empty: nothing between the delimiters).
    Field(&'a str),
    /// A JSON value (absent keys are `Null`).
    Json(&'a Value),
}

/// Reads `original` again and compares it with `table`, cell by cell.
pub fn check(original: &[u8], format: Format, table: &Table) -> Result<Verified, String> {
    let text = std::str::from_utf8(original).map_err(|e| format!("not UTF-8: {e}"))?;
    let fields = &table.schema.fields;
    let mut from_file: Vec<Vec<Norm>> = Vec::new();
    match format {
        Format::Csv { delimiter, header } => {
            let mut reader = csv::ReaderBuilder::new()
                .delimiter(delimiter)
                .has_headers(header)
                .flexible(true)
                .from_reader(text.as_bytes());
            if header {
                let names = reader.headers().map_err(|e| format!("the header: {e}"))?;
                if let Some(difference) = header_differs(names, fields) {
                    return Err(difference);
                }
            }
            for (i, record) in reader.records().enumerate() {
                let record = record.map_err(|e| format!("record {}: {e}", i + 1))?;
                let blank = record.len() == 1 && record.get(0) == Some("");
                if blank && fields.len() != 1 {
                    continue;
                }
                let raw: Vec<Raw<'_>> = record.iter().map(Raw::Field).collect();
                from_file.push(row(&raw, fields, from_file.len())?);
            }
        }
        Format::Lines => {
            for line in text.lines() {
                from_file.push(row(&[Raw::Field(line)], fields, from_file.len())?);
            }
        }
        Format::JsonLines => {
            for (i, line) in text.lines().enumerate() {
                if line.trim().is_empty() {
                    continue;
                }
                let object: serde_json::Map<String, Value> = serde_json::from_str(line)
                    .map_err(|e| format!("line {}: not a JSON object ({e})", i + 1))?;
                // Every key is a column of the table: one it lacks is a
                // value the table lost.
                if let Some(key) = object
                    .keys()
                    .find(|k| !fields.iter().any(|f| &f.name == *k))
                {
                    return Err(format!(
                        "line {}: key {key:?} is not a column of the table",
                        i + 1
                    ));
                }
                let raw: Vec<Raw<'_>> = fields
                    .iter()
                    .map(|f| Raw::Json(object.get(&f.name).unwrap_or(&Value::Null)))
                    .collect();
                from_file.push(row(&raw, fields, from_file.len())?);
            }
        }
    }
    let from_table: Vec<Vec<Norm>> = (0..table.rows())
        .map(|r| {
            fields
                .iter()
                .zip(&table.columns)
                .map(|(f, c)| of_cell(c.cell(r), f.ty))
                .collect()
        })
        .collect();
    if let Some(difference) = first_difference(&from_file, &from_table, fields) {
        return Err(difference);
    }
    let what = format!(
        "and a second reader ({}, values by Rust's own parsers) read the same {} rows",
        match format {
            Format::Csv { .. } => "the csv crate's fields",
            Format::JsonLines => "serde_json values",
            Format::Lines => "the standard library's lines",
        },
        table.rows()
    );
    Verified::each(what, &from_file, &from_table).map_err(String::from)
}

/// For a columnar input's `original` row: the file read again by another
/// implementation, where one exists — Avro by Arrow's reader (`arrow-avro`)
/// against apache-avro's — and compared value by value on the columns both
/// readers type alike (a type one of them carries as text is left to the
/// first reader, and the proof names those columns). `None`: no second
/// reader for this format (every format has one now; the caller keeps
/// the case).
pub fn check_columnar(
    kind: Kind,
    original: &[u8],
    table: &Table,
    as_text: &[String],
) -> Option<Result<Verified, String>> {
    match kind {
        Kind::Avro => Some(
            decode_avro_with_arrow(original)
                .and_then(|(second, its_text)| compare_tables(&second, table, as_text, &its_text)),
        ),
        Kind::Parquet => Some(parquet_rows(original, table)),
        Kind::ArrowFile | Kind::ArrowStream => Some(arrow_rows(original, table)),
    }
}

/// Arrow IPC read again by [`arrow_ipc`]'s own walk of the buffers (view
/// columns included), compared on the columns it states as the table
/// types them; the others (unions, list views, nested, …) are named in the
/// proof as left to the first reader. A file it cannot walk at all has
/// only its row count read again, from its batches' headers, and the
/// proof says so and why.
fn arrow_rows(original: &[u8], table: &Table) -> Result<Verified, String> {
    let types: Vec<ColumnType> = table.schema.fields.iter().map(|f| f.ty).collect();
    match arrow_ipc::rows(original, &types, table.rows())? {
        arrow_ipc::Walked::Rows(from_file) => compared_rows(
            from_file,
            table,
            "encbench's own walk of the Arrow IPC buffers",
            "left to the first reader (types that walk does not state)",
        ),
        arrow_ipc::Walked::Cannot(why) => row_count_only(original, table, &why),
    }
}

/// An Arrow IPC file the walk cannot read (`why`): its batches' row
/// counts compared with the table's, every column named as unread.
fn row_count_only(original: &[u8], table: &Table, why: &str) -> Result<Verified, String> {
    let rows = arrow_ipc::batch_rows(original)?;
    // More rows than the table is a disagreement, found before anything
    // that size is allocated.
    if rows > table.rows() {
        return Err(format!(
            "the second reader found {rows} rows, the table holds {}",
            table.rows()
        ));
    }
    let reader = format!(
        "the row counts in the Arrow IPC batch headers only: encbench's own walk of the buffers does not read {why}"
    );
    compared_rows(
        vec![vec![None; table.schema.fields.len()]; rows],
        table,
        &reader,
        "not read by a second reader",
    )
}

/// Parquet read row by row through the crate's record API (its own column
/// readers and record assembly, not the Arrow reader the table came from),
/// compared on the columns whose values it states as the table types them;
/// a column it states otherwise (nanosecond timestamps, bytes, nested
/// values) or cannot read (INT96 timestamps, which it cuts to the
/// millisecond; intervals, which it does not convert) is left to the
/// first reader and named in the proof.
fn parquet_rows(original: &[u8], table: &Table) -> Result<Verified, String> {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    use parquet::schema::types::Type;
    let fields = &table.schema.fields;
    let reader = SerializedFileReader::new(bytes::Bytes::copy_from_slice(original))
        .map_err(|e| e.to_string())?;
    let root = reader.metadata().file_metadata().schema();
    if root.get_fields().len() != fields.len() {
        return Err(format!(
            "{} columns, the table has {}",
            root.get_fields().len(),
            fields.len()
        ));
    }
    let kept: Vec<usize> = (0..fields.len())
        .filter(|&c| record_api_reads(&root.get_fields()[c]))
        .collect();
    let mut from_file: Vec<Vec<Option<Norm>>> = Vec::with_capacity(table.rows());
    let mut second = "the parquet crate's record API";
    if kept.is_empty() {
        // No column it reads faithfully: only the footer's row count is
        // checked, and the proof says so.
        let rows = usize::try_from(reader.metadata().file_metadata().num_rows()).unwrap_or(0);
        from_file.resize(rows, vec![None; fields.len()]);
        second = "the row count in the Parquet footer";
    } else {
        let projection = Type::group_type_builder(root.name())
            .with_fields(kept.iter().map(|&c| root.get_fields()[c].clone()).collect())
            .build()
            .map_err(|e| e.to_string())?;
        let rows = reader
            .get_row_iter(Some(projection))
            .map_err(|e| e.to_string())?;
        // A value the record API meets and cannot convert is a panic in
        // that crate: an error here, never the user's crash.
        encbench_table::binary_input::quietly(|| {
            for (r, row) in rows.enumerate() {
                let row = row.map_err(|e| format!("row {}: {e}", r + 1))?;
                let mut values: Vec<Option<Norm>> = vec![None; fields.len()];
                let mut n = 0;
                for ((_, value), &c) in row.get_column_iter().zip(&kept) {
                    values[c] = of_parquet(value, fields[c].ty);
                    n += 1;
                }
                if n != kept.len() {
                    return Err(format!(
                        "row {}: {n} columns, {} expected",
                        r + 1,
                        kept.len()
                    ));
                }
                from_file.push(values);
            }
            Ok(())
        })
        .map_err(|panic| format!("the record API failed: {panic}"))??;
    }
    compared_rows(
        from_file,
        table,
        second,
        "stated otherwise or not read by that reader",
    )
}

/// Compares a second reader's rows on the columns it stated in every row.
fn compared_rows(
    from_file: Vec<Vec<Option<Norm>>>,
    table: &Table,
    reader: &str,
    why_left: &str,
) -> Result<Verified, String> {
    let columns = table.schema.fields.len();
    let compared: Vec<usize> = (0..columns)
        .filter(|&c| {
            from_file
                .iter()
                .all(|row| row.get(c).is_some_and(Option::is_some))
        })
        .collect();
    let picked: Vec<Vec<Norm>> = from_file
        .into_iter()
        .map(|row| compared.iter().filter_map(|&c| row[c].clone()).collect())
        .collect();
    on_columns(picked, table, &compared, reader, why_left)
}

/// Whether the record API reads the column `ty` faithfully: INT96 time
/// stamps it cuts to the millisecond, and intervals it does not convert
/// (it panics on them).
fn record_api_reads(ty: &parquet::schema::types::Type) -> bool {
    use parquet::basic::{ConvertedType, Type as Physical};
    if ty.is_group() {
        return ty.get_fields().iter().all(|f| record_api_reads(f));
    }
    let info = ty.get_basic_info();
    ty.get_physical_type() != Physical::INT96 && info.converted_type() != ConvertedType::INTERVAL
}

/// A record-API value as the table would hold it, or `None` where that
/// reader states it in another form than the column's type.
fn of_parquet(value: &parquet::record::Field, ty: ColumnType) -> Option<Norm> {
    use parquet::record::Field as P;
    use ColumnType as T;
    let int = |v: i128| Some(Norm::Int(v));
    match (value, ty) {
        (P::Null, _) => Some(Norm::Null),
        (P::Bool(b), T::Bool) => Some(Norm::Bool(*b)),
        (P::Byte(v), T::Int8 | T::Int16 | T::Int32 | T::Int64) => int((*v).into()),
        (P::Short(v), T::Int16 | T::Int32 | T::Int64) => int((*v).into()),
        (P::Int(v), T::Int32 | T::Int64) => int((*v).into()),
        (P::Long(v), T::Int64) => int((*v).into()),
        (P::UByte(v), T::Int16 | T::Int32 | T::Int64) => int((*v).into()),
        (P::UShort(v), T::Int32 | T::Int64) => int((*v).into()),
        (P::UInt(v), T::Int64) => int((*v).into()),
        (P::ULong(v), T::UInt64) => int((*v).into()),
        (P::Float16(v), T::Float32 | T::Float64) => Some(float(f64::from(*v))),
        (P::Float(v), T::Float32 | T::Float64) => Some(float(f64::from(*v))),
        (P::Double(v), T::Float64) => Some(float(*v)),
        (P::Date(days), T::Date) => int((*days).into()),
        (P::TimestampMillis(ms), T::Timestamp) => int(i128::from(*ms) * 1000),
        (P::TimestampMicros(us), T::Timestamp) => int((*us).into()),
        (P::TimeMillis(ms), T::Time) => int(i128::from(*ms) * 1000),
        (P::TimeMicros(us), T::Time) => int((*us).into()),
        (P::Str(s), T::String | T::Dictionary) => Some(Norm::Text(s.clone())),
        (P::Bytes(b), T::Uuid) => uuid_of_bytes(b.data()).map(Norm::Text),
        (P::Bytes(b), T::Binary) => Some(Norm::Text(lower_hex(b.data()))),
        (P::Decimal(d), T::Decimal) => {
            // Two's complement, big-endian, sign-extended to 128 bits.
            let bytes = d.data();
            if bytes.is_empty() || bytes.len() > 16 {
                return None;
            }
            let fill = if bytes[0] & 0x80 != 0 { 0xff } else { 0 };
            let mut wide = [fill; 16];
            wide[16 - bytes.len()..].copy_from_slice(bytes);
            let unscaled = i128::from_be_bytes(wide);
            let scale = u32::try_from(d.scale()).ok()?;
            let ten = 10i128.checked_pow(scale)?;
            let (whole, fraction) = (unscaled / ten, (unscaled % ten).unsigned_abs());
            let sign = if unscaled < 0 && whole == 0 { "-" } else { "" };
            let text = match scale {
                0 => whole.to_string(),
                s => format!("{sign}{whole}.{fraction:0>width$}", width = s as usize),
            };
            Some(Norm::Text(decimal(&text)))
        }
        _ => None,
    }
}

fn compare_tables(
    second: &Table,
    table: &Table,
    first_text: &[String],
    second_text: &[String],
) -> Result<Verified, String> {
    let (a, b) = (&second.schema.fields, &table.schema.fields);
    if a.len() != b.len() {
        return Err(column_count_differs(a.len(), b.len()));
    }
    let mut compared = Vec::new();
    for (c, (fa, fb)) in a.iter().zip(b).enumerate() {
        if fa.name != fb.name {
            return Err(format!(
                "column {}: the second reader names it '{}', the table '{}'",
                c + 1,
                fa.name,
                fb.name
            ));
        }
        let text = first_text.contains(&fb.name) || second_text.contains(&fa.name);
        let alike = fa.ty == fb.ty
            || matches!(
                (fa.ty, fb.ty),
                (
                    ColumnType::String | ColumnType::Dictionary,
                    ColumnType::String | ColumnType::Dictionary
                )
            );
        if alike && !text {
            compared.push(c);
        }
    }
    let from_file = norms(second, &compared);
    on_columns(
        from_file,
        table,
        &compared,
        "Arrow's Avro reader",
        "typed differently by the two readers",
    )
}

/// Each row's `columns` as the table holds them.
fn norms(t: &Table, columns: &[usize]) -> Vec<Vec<Norm>> {
    (0..t.rows())
        .map(|r| {
            columns
                .iter()
                .map(|&c| of_cell(t.columns[c].cell(r), t.schema.fields[c].ty))
                .collect()
        })
        .collect()
}

/// Compares what a second reader found in the `compared` columns with the
/// table, and words the proof: the reader, and the columns left to the
/// first reader (and why).
fn on_columns(
    from_file: Vec<Vec<Norm>>,
    table: &Table,
    compared: &[usize],
    reader: &str,
    why_left: &str,
) -> Result<Verified, String> {
    let fields = &table.schema.fields;
    let from_table = norms(table, compared);
    let named: Vec<Field> = compared.iter().map(|&c| fields[c].clone()).collect();
    if let Some(difference) = first_difference(&from_file, &from_table, &named) {
        return Err(difference);
    }
    let mut what = format!(
        "and a second reader ({reader}) read the same {} rows",
        table.rows()
    );
    if compared.len() < fields.len() {
        let left: Vec<&str> = (0..fields.len())
            .filter(|c| !compared.contains(c))
            .map(|c| fields[c].name.as_str())
            .collect();
        what.push_str(&format!(
            " ({} of {} columns; {} {why_left}, checked by the first only)",
            compared.len(),
            fields.len(),
            left.join(", ")
        ));
    }
    Verified::each(what, &from_file, &from_table).map_err(String::from)
}

fn first_difference(file: &[Vec<Norm>], table: &[Vec<Norm>], fields: &[Field]) -> Option<String> {
    for (r, (a, b)) in file.iter().zip(table).enumerate() {
        if let Some(c) = (0..fields.len()).find(|&c| a.get(c) != b.get(c)) {
            return Some(format!(
                "row {}, column '{}': the second reader has {}, the table {}",
                r + 1,
                fields[c].name,
                shown(a.get(c)),
                shown(b.get(c))
            ));
        }
    }
    (file.len() != table.len()).then(|| {
        format!(
            "the second reader found {} rows, the table holds {}",
            file.len(),
            table.len()
        )
    })
}

fn shown(v: Option<&Norm>) -> String {
    match v {
        None => "no field".into(),
        Some(Norm::Null) => "null".into(),
        Some(Norm::Int(i)) => i.to_string(),
        Some(Norm::Float(bits)) => format!("{:?}", f64::from_bits(*bits)),
        Some(Norm::Bool(b)) => b.to_string(),
        Some(Norm::Text(s)) => format!("{s:?}"),
        Some(Norm::Json(v)) => v.to_string(),
    }
}

fn row(raw: &[Raw<'_>], fields: &[Field], index: usize) -> Result<Vec<Norm>, String> {
    if raw.len() != fields.len() {
        return Err(format!(
            "row {}: {} fields, the table has {} columns",
            index + 1,
            raw.len(),
            fields.len()
        ));
    }
    raw.iter()
        .zip(fields)
        .map(|(r, f)| {
            of_raw(r, f).map_err(|e| format!("row {}, column '{}': {e}", index + 1, f.name))
        })
        .collect()
}

fn text_type(ty: ColumnType) -> bool {
    matches!(
        ty,
        ColumnType::String | ColumnType::Dictionary | ColumnType::Binary
    )
}

fn of_raw(raw: &Raw<'_>, field: &Field) -> Result<Norm, String> {
    let ty = field.ty;
    match raw {
        // CSV: an empty field is null, or the empty text where the column
        // is text and not nullable; a null marker is null outside text.
        Raw::Field("") if text_type(ty) && !field.nullable => Ok(Norm::Text(String::new())),
        Raw::Field("") => Ok(Norm::Null),
        Raw::Field(s) => text_or_null(s, ty),
        Raw::Json(Value::Null) => Ok(Norm::Null),
        Raw::Json(Value::String(s)) => text_or_null(s, ty),
        Raw::Json(Value::Bool(b)) if ty == ColumnType::Bool => Ok(Norm::Bool(*b)),
        Raw::Json(Value::Number(n)) => match ty {
            ColumnType::Float32 | ColumnType::Float64 => n
                .as_f64()
                .map(float)
                .ok_or_else(|| format!("{n} is not a float")),
            ColumnType::Decimal => Ok(Norm::Text(decimal(&n.to_string()))),
            t if text_type(t) => Ok(Norm::Text(n.to_string())),
            _ => n
                .as_i64()
                .map(i128::from)
                .or(n.as_u64().map(i128::from))
                .map(Norm::Int)
                .ok_or_else(|| format!("{n} is not an integer")),
        },
        Raw::Json(v) if ty == ColumnType::Json => Ok(Norm::Json(json(v))),
        Raw::Json(v) => Ok(Norm::Text(v.to_string())),
    }
}

/// A null marker (`NA`, `NULL`, …) is null outside text columns.
fn text_or_null(s: &str, ty: ColumnType) -> Result<Norm, String> {
    if !ty.is_text() && NULL_MARKERS.contains(&s) {
        return Ok(Norm::Null);
    }
    of_text(s, ty)
}

/// A field's text as a value of `ty`, by the standard library's and
/// chrono's parsers.
fn of_text(s: &str, ty: ColumnType) -> Result<Norm, String> {
    let bad = || format!("{s:?} is not {}", ty.as_str());
    Ok(match ty {
        ColumnType::Int8 | ColumnType::Int16 | ColumnType::Int32 | ColumnType::Int64 => {
            Norm::Int(s.parse::<i64>().map_err(|_| bad())?.into())
        }
        ColumnType::UInt64 => Norm::Int(s.parse::<u64>().map_err(|_| bad())?.into()),
        ColumnType::Float64 => float(s.parse::<f64>().map_err(|_| bad())?),
        ColumnType::Float32 => float(s.parse::<f32>().map_err(|_| bad())?.into()),
        ColumnType::Bool => match s.to_ascii_lowercase().as_str() {
            "true" => Norm::Bool(true),
            "false" => Norm::Bool(false),
            _ => return Err(bad()),
        },
        ColumnType::Date => {
            let d = chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| bad())?;
            Norm::Int((d - chrono::NaiveDate::default()).num_days().into())
        }
        ColumnType::Timestamp => {
            let body = s.replacen('T', " ", 1);
            // `Z`, an offset as pandas (`+01:00`) or DuckDB (`+00`) writes
            // one, or none (a wall-clock time, or UTC by the column's zone).
            let micros = match body.strip_suffix('Z') {
                Some(utc) => naive_micros(utc),
                None => chrono::DateTime::parse_from_str(&body, "%Y-%m-%d %H:%M:%S%.f%#z")
                    .map(|t| t.timestamp_micros())
                    .ok()
                    .or_else(|| naive_micros(&body)),
            };
            Norm::Int(micros.ok_or_else(bad)?.into())
        }
        ColumnType::Time => Norm::Int(clock_micros(s).ok_or_else(bad)?.into()),
        ColumnType::Duration => {
            // `[-][D day(s) ]HH:MM:SS[.f]`, read by chrono and str::parse.
            let (negative, body) = s.strip_prefix('-').map_or((false, s), |b| (true, b));
            let (days, clock) = match body.split_once(" day") {
                Some((d, rest)) => {
                    let rest = rest.strip_prefix("s ").or_else(|| rest.strip_prefix(' '));
                    (d.parse::<i64>().map_err(|_| bad())?, rest.ok_or_else(bad)?)
                }
                None => (0, body),
            };
            let clock = clock_micros(clock).ok_or_else(bad)?;
            let micros = i128::from(days) * 86_400_000_000 + i128::from(clock);
            Norm::Int(if negative { -micros } else { micros })
        }
        ColumnType::Uuid => Norm::Text(uuid_of_text(s).ok_or_else(bad)?),
        ColumnType::Binary => Norm::Text(hex_of_text(s).ok_or_else(bad)?),
        ColumnType::Decimal => Norm::Text(decimal(s)),
        ColumnType::Json => Norm::Json(json(&serde_json::from_str(s).map_err(|_| bad())?)),
        ColumnType::String | ColumnType::Dictionary => Norm::Text(s.to_string()),
    })
}

/// A UUID's `8-4-4-4-12` hex digits (either case) as the table states
/// one: in lower case. This reader's own rule, not the first's.
fn uuid_of_text(s: &str) -> Option<String> {
    let groups: Vec<&str> = s.split('-').collect();
    let shaped = groups.len() == 5
        && groups
            .iter()
            .zip([8, 4, 4, 4, 12])
            .all(|(g, width)| g.len() == width && g.bytes().all(|b| b.is_ascii_hexdigit()));
    shaped.then(|| s.to_ascii_lowercase())
}

/// 16 bytes as a UUID's text, `8-4-4-4-12` lower-case hex digits.
fn uuid_of_bytes(bytes: &[u8]) -> Option<String> {
    if bytes.len() != 16 {
        return None;
    }
    let hex = lower_hex(bytes);
    Some(format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    ))
}

/// Bytes spelled in hex (an even number of digits, either case) as the
/// table states them: in lower case.
fn hex_of_text(s: &str) -> Option<String> {
    let hex = s.len().is_multiple_of(2) && s.bytes().all(|b| b.is_ascii_hexdigit());
    hex.then(|| s.to_ascii_lowercase())
}

/// Bytes as two lower-case hex digits each.
fn lower_hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        out.push(char::from(DIGITS[usize::from(b >> 4)]));
        out.push(char::from(DIGITS[usize::from(b & 0x0f)]));
    }
    out
}

/// Where a CSV header names a column otherwise than the table, by the
/// first reader's documented rules for names: each trimmed, an empty one
/// `column_<n>`, a repeat of an earlier one `<name>_<k>`.
fn header_differs(header: &csv::StringRecord, fields: &[Field]) -> Option<String> {
    if header.len() != fields.len() {
        return Some(format!(
            "the header has {} names, the table {} columns",
            header.len(),
            fields.len()
        ));
    }
    for (i, (name, field)) in header.iter().zip(fields).enumerate() {
        let name = name.trim();
        let repeat = || {
            let suffix = field.name.strip_prefix(name)?.strip_prefix('_')?;
            let numbered = !suffix.is_empty() && suffix.bytes().all(|b| b.is_ascii_digit());
            let earlier = header.iter().take(i).any(|e| e.trim() == name);
            Some(numbered && earlier)
        };
        let same = match name {
            "" => field.name == format!("column_{}", i + 1),
            _ => field.name == name || repeat() == Some(true),
        };
        if !same {
            return Some(format!(
                "column {}: the header names it {name:?}, the table {:?}",
                i + 1,
                field.name
            ));
        }
    }
    None
}

/// `HH:MM:SS[.f]` as microseconds since midnight, by chrono.
fn clock_micros(s: &str) -> Option<i64> {
    let t = chrono::NaiveTime::parse_from_str(s, "%H:%M:%S%.f").ok()?;
    (t - chrono::NaiveTime::MIN).num_microseconds()
}

/// `YYYY-MM-DD HH:MM:SS[.f]` as microseconds since 1970.
fn naive_micros(s: &str) -> Option<i64> {
    chrono::NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M:%S%.f")
        .ok()
        .map(|t| t.and_utc().timestamp_micros())
}

fn of_cell(cell: Cell<'_>, ty: ColumnType) -> Norm {
    match cell {
        Cell::Null => Norm::Null,
        Cell::Int(v) if ty == ColumnType::UInt64 => Norm::Int((v as u64).into()),
        Cell::Int(v) => Norm::Int(v.into()),
        Cell::Float(v) => float(v),
        Cell::Bool(b) => Norm::Bool(b),
        Cell::Str(s) if ty == ColumnType::Decimal => Norm::Text(decimal(s)),
        Cell::Str(s) if ty == ColumnType::Json => Norm::Json(
            serde_json::from_str(s)
                .map(|v| json(&v))
                .unwrap_or(Value::Null),
        ),
        Cell::Str(s) => Norm::Text(s.to_string()),
    }
}

fn float(v: f64) -> Norm {
    Norm::Float(if v.is_nan() { f64::NAN } else { v }.to_bits())
}

/// A decimal's text without what does not change its value: a leading
/// `+`, leading zeros, trailing fraction zeros, the sign of zero.
fn decimal(s: &str) -> String {
    let (negative, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    let whole = whole.trim_start_matches('0');
    let fraction = fraction.trim_end_matches('0');
    let body = match (whole.is_empty(), fraction.is_empty()) {
        (true, true) => return "0".into(),
        (_, true) => whole.to_string(),
        (true, false) => format!("0.{fraction}"),
        (false, false) => format!("{whole}.{fraction}"),
    };
    if negative {
        format!("-{body}")
    } else {
        body
    }
}

/// Nested JSON compared by value: members that are null (or empty objects
/// once theirs are gone) are absent, and every number is a float, since a
/// nested column may widen integers to hold a list of mixed numbers.
fn json(v: &Value) -> Value {
    match v {
        Value::Object(members) => Value::Object(
            members
                .iter()
                .map(|(k, v)| (k.clone(), json(v)))
                .filter(|(_, v)| !v.is_null() && !matches!(v, Value::Object(m) if m.is_empty()))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(json).collect()),
        Value::Number(n) => n.as_f64().map_or(Value::Null, Value::from),
        other => other.clone(),
    }
}

mod arrow_ipc;
/// Why a second reading cannot be compared column by column.
fn column_count_differs(found: usize, table: usize) -> String {
    format!("the second reader found {found} columns, the table has {table}")
}

#[cfg(test)]
mod tests;
