//! `record/avro-container` over user tables (`encbench file`): an Apache
//! Avro object container file with a record schema made from the
//! inferred one: nullable columns are `["null", T]` unions, dates and
//! timestamps use the `date` and `timestamp-micros` logical types (a
//! timestamp without a zone `local-timestamp-micros`), names
//! are made into Avro identifiers. Written and read as `apache_avro::Value`s.

use crate::tables::streaming::{Batches, ReadBack, Visit, READ_BATCH_ROWS};
use crate::tables::{identifiers, Prepared, TableCodec};
use apache_avro::types::Value;
use encbench_table::nested::Shape;
use encbench_table::schema::{ColumnType, Schema};
use encbench_table::table::{Cell, Table};
use encbench_table::{error::codec, Error};

/// Avro container file, its blocks compressed by one of Avro's codecs
/// (`null` unless named).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct AvroTable {
    codec: AvroCodec,
}

/// An Avro block codec ([`apache_avro::Codec`] is not `Copy` on every
/// feature set, so the setting is kept as this and made when writing).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
enum AvroCodec {
    #[default]
    Null,
    Deflate(u8),
    Snappy,
    Zstandard(u8),
    Bzip2(u8),
    Xz(u8),
}

impl AvroTable {
    /// Avro with blocks compressed as `compressor` (an id: `zstd-3`) says:
    /// gzip-N is Avro's `deflate` (the same compression without gzip's
    /// header), at the levels miniz offers (1, 6, 9).
    pub fn with_compressor(compressor: &str) -> Result<AvroTable, String> {
        use crate::tables::native::{bad_level, family_level, not_offered};
        let level = |l: Option<i32>, default: i32, max: i32| {
            let l = l.unwrap_or(default);
            match (1..=max).contains(&l) {
                true => Ok(l as u8),
                false => Err(bad_level(
                    "Avro",
                    compressor,
                    format!("level {l} is outside 1..={max}"),
                )),
            }
        };
        let codec = match family_level(compressor) {
            ("gzip", l) => match l.unwrap_or(6) {
                l @ (1 | 6 | 9) => AvroCodec::Deflate(l as u8),
                l => {
                    return Err(bad_level(
                        "Avro",
                        compressor,
                        format!("its deflate codec takes levels 1, 6 and 9, not {l}"),
                    ))
                }
            },
            ("snappy", None) => AvroCodec::Snappy,
            ("zstd", l) => AvroCodec::Zstandard(level(l, 3, 22)?),
            ("bzip2", l) => AvroCodec::Bzip2(level(l, 9, 9)?),
            ("xz", l) => AvroCodec::Xz(level(l, 6, 9)?),
            _ => {
                return Err(not_offered(
                    "Avro",
                    compressor,
                    "deflate, snappy, zstandard, bzip2 and xz",
                ))
            }
        };
        Ok(AvroTable { codec })
    }

    fn codec(&self) -> apache_avro::Codec {
        use apache_avro::{Bzip2Settings, Codec, DeflateSettings, XzSettings, ZstandardSettings};
        use miniz_oxide::deflate::CompressionLevel as Deflate;
        match self.codec {
            AvroCodec::Null => Codec::Null,
            AvroCodec::Deflate(l) => Codec::Deflate(DeflateSettings::new(match l {
                1 => Deflate::BestSpeed,
                9 => Deflate::BestCompression,
                _ => Deflate::DefaultLevel,
            })),
            AvroCodec::Snappy => Codec::Snappy,
            AvroCodec::Zstandard(l) => Codec::Zstandard(ZstandardSettings::new(l)),
            AvroCodec::Bzip2(l) => Codec::Bzip2(Bzip2Settings::new(l)),
            AvroCodec::Xz(l) => Codec::Xz(XzSettings::new(l)),
        }
    }
}

/// The Avro schema written for a table of `schema`, as JSON (what a
/// fastavro or Java reader of the file would declare).
pub fn schema_json(schema: &Schema) -> Option<String> {
    avro_schema(schema)
        .ok()
        .and_then(|s| serde_json::to_string(&s).ok())
}

fn avro_schema(schema: &Schema) -> Result<apache_avro::Schema, Error> {
    let names = identifiers(schema);
    let (mut records, mut fixed) = (0, 0);
    let fields: Vec<serde_json::Value> = schema
        .fields
        .iter()
        .zip(&names)
        .map(|(f, name)| {
            let ty = match f.ty {
                ColumnType::Int8 | ColumnType::Int16 | ColumnType::Int32 => {
                    serde_json::json!("int")
                }
                // Avro has no span of time but its month-day-millisecond
                // `duration`: a long of microseconds.
                ColumnType::Int64 | ColumnType::Duration => serde_json::json!("long"),
                // Avro has no unsigned type: an exact decimal of 20 digits.
                ColumnType::UInt64 => {
                    serde_json::json!({"type": "bytes", "logicalType": "decimal", "precision": 20, "scale": 0})
                }
                ColumnType::Float32 => serde_json::json!("float"),
                ColumnType::Float64 => serde_json::json!("double"),
                ColumnType::Bool => serde_json::json!("boolean"),
                // An instant (a zone) or a wall-clock time (none).
                ColumnType::Timestamp if f.tz.is_some() => {
                    serde_json::json!({"type": "long", "logicalType": "timestamp-micros"})
                }
                ColumnType::Timestamp => {
                    serde_json::json!({"type": "long", "logicalType": "local-timestamp-micros"})
                }
                ColumnType::Date => serde_json::json!({"type": "int", "logicalType": "date"}),
                ColumnType::Time => {
                    serde_json::json!({"type": "long", "logicalType": "time-micros"})
                }
                ColumnType::Json => match &f.shape {
                    Some(shape) => nested_type(shape, &mut records),
                    None => serde_json::json!("string"),
                },
                ColumnType::Decimal => match f.decimal {
                    Some((p, s)) => serde_json::json!({"type": "bytes", "logicalType": "decimal", "precision": p, "scale": s}),
                    None => serde_json::json!("string"),
                },
                // A fixed size is a named `fixed` type (`Fixed1`, `Fixed2`, …).
                ColumnType::Binary => match f.width {
                    Some(size) => {
                        fixed += 1;
                        serde_json::json!({"type": "fixed", "name": format!("Fixed{fixed}"), "size": size})
                    }
                    None => serde_json::json!("bytes"),
                },
                ColumnType::Uuid => serde_json::json!({"type": "string", "logicalType": "uuid"}),
                ColumnType::String | ColumnType::Dictionary => serde_json::json!("string"),
            };
            let ty = if f.nullable {
                serde_json::json!(["null", ty])
            } else {
                ty
            };
            serde_json::json!({"name": name, "type": ty})
        })
        .collect();
    let record = serde_json::json!({"type": "record", "name": "Row", "fields": fields});
    apache_avro::Schema::parse(&record).map_err(|e| codec("avro", e))
}

/// The Avro type of a nested shape: records (named `Nested1`, `Nested2`, …,
/// members as Avro identifiers, in the shape's order), arrays, maps, and
/// `["null", T]` at every nested position; values that mix types (and
/// shapes Avro has no type for) are their JSON text.
fn nested_type(shape: &Shape, records: &mut usize) -> serde_json::Value {
    let nullable = |t| serde_json::json!(["null", t]);
    match shape {
        Shape::Bool => serde_json::json!("boolean"),
        Shape::Int => serde_json::json!("long"),
        Shape::Float => serde_json::json!("double"),
        Shape::Leaf(leaf) => leaf.avro_type(),
        Shape::List(item) => {
            serde_json::json!({"type": "array", "items": nullable(nested_type(item, records))})
        }
        Shape::Map(item) => {
            serde_json::json!({"type": "map", "values": nullable(nested_type(item, records))})
        }
        Shape::Struct(members) if !members.is_empty() => {
            *records += 1;
            let name = format!("Nested{records}");
            let fields: Vec<serde_json::Value> = member_names(members)
                .into_iter()
                .zip(members)
                .map(|(n, (_, s))| serde_json::json!({"name": n, "type": nullable(nested_type(s, records)), "default": null}))
                .collect();
            serde_json::json!({"type": "record", "name": name, "fields": fields})
        }
        _ => serde_json::json!("string"),
    }
}

/// A struct's member names as unique Avro identifiers, in order.
fn member_names(members: &[(String, Shape)]) -> Vec<String> {
    let schema = Schema {
        fields: members
            .iter()
            .map(|(n, _)| encbench_table::schema::Field::new(n.clone(), ColumnType::String, true))
            .collect(),
    };
    identifiers(&schema)
}

/// A nested value (canonical, not null) as the Avro value of its shape.
fn nested_value(shape: &Shape, v: &serde_json::Value) -> Result<Value, String> {
    let wrap = |shape: &Shape, v: Option<&serde_json::Value>| match v {
        None | Some(serde_json::Value::Null) => Ok(Value::Union(0, Box::new(Value::Null))),
        Some(v) => nested_value(shape, v).map(|x| Value::Union(1, Box::new(x))),
    };
    let wrong = || format!("a nested value does not fit its shape {}", shape.describe());
    Ok(match (shape, v) {
        (Shape::Bool, serde_json::Value::Bool(b)) => Value::Boolean(*b),
        (Shape::Int, serde_json::Value::Number(n)) => Value::Long(n.as_i64().ok_or_else(wrong)?),
        (Shape::Float, serde_json::Value::Number(n)) => {
            Value::Double(n.as_f64().ok_or_else(wrong)?)
        }
        (Shape::List(item), serde_json::Value::Array(xs)) => Value::Array(
            xs.iter()
                .map(|x| wrap(item, Some(x)))
                .collect::<Result<_, _>>()?,
        ),
        (Shape::Map(item), serde_json::Value::Object(m)) => Value::Map(
            m.iter()
                .map(|(k, x)| wrap(item, Some(x)).map(|x| (k.clone(), x)))
                .collect::<Result<_, _>>()?,
        ),
        (Shape::Struct(members), serde_json::Value::Object(m)) if !members.is_empty() => {
            Value::Record(
                member_names(members)
                    .into_iter()
                    .zip(members)
                    .map(|(n, (key, s))| wrap(s, m.get(key)).map(|x| (n, x)))
                    .collect::<Result<_, _>>()?,
            )
        }
        (Shape::Str, serde_json::Value::String(s)) => Value::String(s.clone()),
        (Shape::Leaf(leaf), v) => leaf.to_avro(v)?,
        (
            Shape::Str | Shape::Bool | Shape::Int | Shape::Float | Shape::List(_) | Shape::Map(_),
            _,
        ) => return Err(wrong()),
        (_, v) => Value::String(v.to_string()),
    })
}

fn value(cell: Cell<'_>, ty: ColumnType) -> Result<Value, Error> {
    let narrow =
        |v: i64| i32::try_from(v).map_err(|_| codec("avro", format!("{v} overflows an Avro int")));
    Ok(match (cell, ty) {
        (Cell::Null, _) => Value::Null,
        (Cell::Int(v), ColumnType::Int64 | ColumnType::Duration) => Value::Long(v),
        (Cell::Int(v), ColumnType::UInt64) => Value::Decimal(apache_avro::Decimal::from(
            i128::from(v as u64).to_be_bytes(),
        )),
        (Cell::Int(v), ColumnType::Timestamp) => Value::TimestampMicros(v),
        (Cell::Int(v), ColumnType::Date) => Value::Date(narrow(v)?),
        (Cell::Int(v), ColumnType::Time) => Value::TimeMicros(v),
        (Cell::Int(v), _) => Value::Int(narrow(v)?),
        (Cell::Float(v), ColumnType::Float32) => Value::Float(v as f32),
        (Cell::Float(v), _) => Value::Double(v),
        (Cell::Bool(v), _) => Value::Boolean(v),
        (Cell::Str(v), _) => Value::String(v.to_string()),
    })
}

impl TableCodec for AvroTable {
    fn id(&self) -> &'static str {
        "avro"
    }
    fn summary(&self) -> &'static str {
        "Apache Avro container file, record schema from the inferred one (apache-avro Values)"
    }
    fn extension(&self) -> &'static str {
        "avro"
    }
    fn nests_natively(&self) -> bool {
        true
    }
    fn compressed(&self, compressor: &str) -> Option<Result<Box<dyn TableCodec>, String>> {
        Some(AvroTable::with_compressor(compressor).map(|c| Box::new(c) as Box<dyn TableCodec>))
    }
    fn renamed(&self, schema: &Schema) -> Vec<(String, String)> {
        renamed(schema)
    }
    fn prepare<'c>(&'c self, schema: &Schema) -> Result<Box<dyn Prepared + 'c>, Error> {
        Ok(Box::new(Ready {
            codec: *self,
            avro: avro_schema(schema)?,
            names: identifiers(schema),
            schema: schema.clone(),
        }))
    }
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        let avro = avro_schema(&table.schema)?;
        let names = identifiers(&table.schema);
        encode_with(self, &avro, &names, table, out)
    }
    fn decode(&self, bytes: &[u8], schema: &Schema) -> Result<Table, Error> {
        decode(bytes, &avro_schema(schema)?, schema)
    }
    fn write_stream(
        &self,
        schema: &Schema,
        _rows: usize,
        batches: &mut Batches<'_>,
        out: &mut (dyn std::io::Write + Send),
    ) -> Result<(), Error> {
        let avro = avro_schema(schema)?;
        let names = identifiers(schema);
        let mut writer = apache_avro::Writer::builder()
            .schema(&avro)
            .codec(self.codec())
            .writer(out)
            .build()
            .map_err(|e| codec("avro", e))?;
        for batch in batches {
            append_rows(&mut writer, &batch?, &names)?;
        }
        writer
            .into_inner()
            .map(|_| ())
            .map_err(|e| codec("avro", e))
    }
    fn read_stream(
        &self,
        schema: &Schema,
        input: &ReadBack<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), Error> {
        let reader = apache_avro::Reader::new(input.reader()?).map_err(|e| codec("avro", e))?;
        check_written_schema(reader.writer_schema(), &avro_schema(schema)?, schema)?;
        let mut table = Table::new(schema.clone(), 0);
        for (r, record) in reader.enumerate() {
            push_record(&mut table, record, r)?;
            if table.rows() == READ_BATCH_ROWS {
                visit(std::mem::replace(&mut table, Table::new(schema.clone(), 0)))?;
            }
        }
        visit(table)
    }
}

/// Avro with its schema built (see `TableCodec::prepare`); the reader still
/// parses the schema each file carries, as any reader of the format must.
struct Ready {
    codec: AvroTable,
    avro: apache_avro::Schema,
    names: Vec<String>,
    schema: Schema,
}

impl Prepared for Ready {
    fn encode(&self, table: &Table, out: &mut Vec<u8>) -> Result<(), Error> {
        encode_with(&self.codec, &self.avro, &self.names, table, out)
    }
    fn decode(&self, bytes: &[u8]) -> Result<Table, Error> {
        decode(bytes, &self.avro, &self.schema)
    }
}

/// One container file of every row of `table`.
fn encode_with(
    format: &AvroTable,
    avro: &apache_avro::Schema,
    names: &[String],
    table: &Table,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let mut writer = apache_avro::Writer::builder()
        .schema(avro)
        .codec(format.codec())
        .writer(out)
        .build()
        .map_err(|e| codec("avro", e))?;
    append_rows(&mut writer, table, names)?;
    writer
        .into_inner()
        .map(|_| ())
        .map_err(|e| codec("avro", e))
}

fn decode(bytes: &[u8], avro: &apache_avro::Schema, schema: &Schema) -> Result<Table, Error> {
    let reader = apache_avro::Reader::new(bytes).map_err(|e| codec("avro", e))?;
    check_written_schema(reader.writer_schema(), avro, schema)?;
    let mut table = Table::new(schema.clone(), 0);
    for (r, record) in reader.enumerate() {
        push_record(&mut table, record, r)?;
    }
    Ok(table)
}

/// Checks that a file's own schema is the one written for `schema`: each
/// column under its Avro name (see [`renamed`]) and of its Avro type, so
/// a column written under another name or type is an error naming it,
/// even where its values (all null, say) would read back the same.
fn check_written_schema(
    written: &apache_avro::Schema,
    expected: &apache_avro::Schema,
    schema: &Schema,
) -> Result<(), Error> {
    use apache_avro::Schema as S;
    if written == expected {
        return Ok(());
    }
    let (S::Record(file), S::Record(ours)) = (written, expected) else {
        return Err(codec("avro", "the file's schema is not a record"));
    };
    if file.fields.len() != ours.fields.len() {
        return Err(codec(
            "avro",
            format!(
                "the file's schema has {} fields, expected {}",
                file.fields.len(),
                ours.fields.len()
            ),
        ));
    }
    let shown = |s: &S| serde_json::to_string(s).unwrap_or_else(|_| "?".into());
    for ((f, o), column) in file.fields.iter().zip(&ours.fields).zip(&schema.fields) {
        if f.name != o.name {
            return Err(codec(
                "avro",
                format!(
                    "column '{}' is named '{}' in the file, expected '{}'",
                    column.name, f.name, o.name
                ),
            ));
        }
        if f.schema != o.schema {
            return Err(codec(
                "avro",
                format!(
                    "column '{}' is {} in the file, expected {}",
                    column.name,
                    shown(&f.schema),
                    shown(&o.schema)
                ),
            ));
        }
    }
    Err(codec("avro", "the file's schema is not the one written"))
}

/// The columns whose names Avro cannot hold, each with the name it is
/// written under (`Solar.R` → `Solar_R`: see [`identifiers`]), in order.
pub fn renamed(schema: &Schema) -> Vec<(String, String)> {
    schema
        .fields
        .iter()
        .zip(identifiers(schema))
        .filter(|(f, name)| f.name != *name)
        .map(|(f, name)| (f.name.clone(), name))
        .collect()
}

/// Writes every row of `table` as a record.
fn append_rows<W: std::io::Write>(
    writer: &mut apache_avro::Writer<'_, W>,
    table: &Table,
    names: &[String],
) -> Result<(), Error> {
    for i in 0..table.rows() {
        let mut fields = Vec::with_capacity(names.len());
        for ((col, field), name) in table.columns.iter().zip(&table.schema.fields).zip(names) {
            let v = match (&field.shape, field.ty, col.cell(i)) {
                (Some(shape), ColumnType::Json, Cell::Str(text)) => {
                    let parsed: serde_json::Value =
                        serde_json::from_str(text).map_err(|e| codec("avro", e))?;
                    nested_value(shape, &parsed).map_err(|e| codec("avro", e))?
                }
                (_, ColumnType::Decimal, Cell::Str(text)) if field.decimal.is_some() => {
                    let scale = field.decimal.map_or(0, |(_, s)| s);
                    let unscaled = encbench_table::values::decimal_unscaled(text, scale)
                        .ok_or_else(|| {
                            codec(
                                "avro",
                                format!("'{text}' is not a decimal at scale {scale}"),
                            )
                        })?;
                    Value::Decimal(apache_avro::Decimal::from(unscaled.to_be_bytes()))
                }
                (_, ColumnType::Binary, Cell::Str(text)) => {
                    let bytes = encbench_table::values::hex_bytes(text)
                        .ok_or_else(|| codec("avro", format!("'{text}' is not bytes in hex")))?;
                    field
                        .check_fixed_size(bytes.len())
                        .map_err(|e| codec("avro", e))?;
                    match field.width {
                        Some(_) => Value::Fixed(bytes.len(), bytes),
                        None => Value::Bytes(bytes),
                    }
                }
                (_, ColumnType::Timestamp, Cell::Int(v)) if field.tz.is_none() => {
                    Value::LocalTimestampMicros(v)
                }
                (_, ty, cell) => value(cell, ty)?,
            };
            let v = match (field.nullable, v) {
                (true, Value::Null) => Value::Union(0, Box::new(Value::Null)),
                (true, v) => Value::Union(1, Box::new(v)),
                (false, v) => v,
            };
            fields.push((name.clone(), v));
        }
        writer
            .append_value(Value::Record(fields))
            .map_err(|e| codec("avro", e))?;
    }
    Ok(())
}

/// Appends record `r` (0-based) read back to `table`.
fn push_record(
    table: &mut Table,
    record: Result<Value, apache_avro::Error>,
    r: usize,
) -> Result<(), Error> {
    let Value::Record(fields) = record.map_err(|e| codec("avro", e))? else {
        return Err(codec("avro", format!("record {}: not a record", r + 1)));
    };
    let cells: Vec<Value> = fields
        .into_iter()
        .map(|(_, v)| match v {
            Value::Union(_, inner) => *inner,
            v => v,
        })
        .collect();
    // Nested columns come back as their canonical JSON text.
    let nested: Vec<Option<String>> = table
        .schema
        .fields
        .iter()
        .zip(&cells)
        .map(|(f, v)| match (&f.shape, f.ty, v) {
            (Some(shape), ColumnType::Json, v) if *v != Value::Null => {
                encbench_table::nested_avro::to_json(shape, v)
                    .map(|j| Some(j.to_string()))
                    .map_err(|e| codec("avro", format!("record {}: {e}", r + 1)))
            }
            (_, ColumnType::Uuid, Value::Uuid(u)) => Ok(Some(u.hyphenated().to_string())),
            (_, ColumnType::Binary, Value::Bytes(b) | Value::Fixed(_, b)) => {
                Ok(Some(encbench_table::values::hex_text(b)))
            }
            // Decimals come back as their text at the column's scale.
            (_, ColumnType::Decimal, Value::Decimal(d)) => {
                let scale = f.decimal.map_or(0, |(_, s)| s);
                encbench_table::values::avro_decimal(d)
                    .map(|u| Some(encbench_table::values::decimal_text(u, scale)))
                    .ok_or_else(|| {
                        codec("avro", format!("record {}: a decimal over 128 bits", r + 1))
                    })
            }
            _ => Ok(None),
        })
        .collect::<Result<_, _>>()?;
    let row: Vec<Cell<'_>> = cells
        .iter()
        .zip(&nested)
        .map(|(v, text)| match (v, text) {
            (_, Some(text)) => Cell::Str(text),
            (v, None) => match v {
                Value::Int(x) | Value::Date(x) => Cell::Int(i64::from(*x)),
                Value::Long(x)
                | Value::TimestampMicros(x)
                | Value::LocalTimestampMicros(x)
                | Value::TimeMicros(x) => Cell::Int(*x),
                // A uint64 column's decimal(20, 0); its bits as the table holds them.
                Value::Decimal(d) => encbench_table::values::avro_decimal(d)
                    .and_then(|u| u64::try_from(u).ok())
                    .map_or(Cell::Null, |u| Cell::Int(u as i64)),
                Value::Double(x) => Cell::Float(*x),
                Value::Float(x) => Cell::Float(f64::from(*x)),
                Value::Boolean(x) => Cell::Bool(*x),
                Value::String(x) => Cell::Str(x),
                _ => Cell::Null,
            },
        })
        .collect();
    table
        .push_row(&row)
        .map_err(|e| codec("avro", format!("record {}: {e}", r + 1)))
}
