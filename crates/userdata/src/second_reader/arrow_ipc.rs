//! A second reader of Arrow IPC (file or stream) for the `original` row.
//! arrow-ipc is the only Rust reader of the format, and the table came
//! from it; here only the flatbuffer metadata is read with its generated
//! types, and the data layer — message framing, buffer offsets, body
//! compression, validity bitmaps, offsets, dictionary batches and deltas,
//! value widths and units, the view layouts (`Utf8View`, `BinaryView`:
//! inline values and prefixes, variadic data buffers) — is walked by this
//! file. Columns whose type it does not state as the table does (nested,
//! list views, unions, decimal, nanosecond timestamps, …) are skipped by
//! their buffer count and left to the first reader, and the proof names
//! them; a file it cannot walk at all (big-endian, a layout it cannot
//! count) is said to be so, and only its row count is read again.

use super::{float, lower_hex, uuid_of_bytes, Norm};
use arrow_ipc::{
    CompressionType, DateUnit, Endianness, Field, MessageHeader, MetadataVersion, Precision,
    TimeUnit, Type, UnionMode,
};
use encbench_table::schema::ColumnType;
use std::collections::{HashMap, VecDeque};
use std::io::Read as _;

/// Every row's values, `None` where this reader leaves the column to the
/// first.
pub(super) type Rows = Vec<Vec<Option<Norm>>>;

/// What the walk made of a file.
pub(super) enum Walked {
    /// Every row, as this reader states it.
    Rows(Rows),
    /// A file it cannot walk, and why (in words for the proof).
    Cannot(String),
}

/// How one top-level column is read.
#[derive(Clone, Copy)]
enum Read {
    /// Signed or unsigned integers of this many bytes (dates in days).
    Int {
        bytes: usize,
        signed: bool,
    },
    /// Floats of this many bytes (2, 4 or 8).
    Float(usize),
    Bool,
    /// Strings with 32- or 64-bit offsets.
    Text {
        large: bool,
    },
    /// Strings as views (`Utf8View`).
    TextView,
    /// Bytes with 32- or 64-bit offsets, as the table's lower-case hex.
    Bytes {
        large: bool,
    },
    /// Bytes as views (`BinaryView`), as hex.
    BytesView,
    /// Values of `width` bytes: hex, or a UUID's text.
    FixedBytes {
        width: usize,
        uuid: bool,
    },
    /// Timestamps and times of day (this many bytes) scaled to microseconds.
    Micros {
        bytes: usize,
        scale: i64,
    },
    /// Indices (signed, this many bytes) into dictionary `id`.
    Dictionary {
        id: i64,
        bytes: usize,
    },
    /// Left to the first reader: this many field nodes and buffers, and
    /// this many view columns inside (each adds its batch's count of data
    /// buffers).
    Skip {
        nodes: usize,
        buffers: usize,
        views: usize,
    },
}

/// The file's rows as this reader states them, or why it cannot walk it.
pub(super) fn rows(
    original: &[u8],
    types: &[ColumnType],
    max_rows: usize,
) -> Result<Walked, String> {
    let mut walk = Walk {
        types,
        max_rows,
        plan: None,
        dictionaries: HashMap::new(),
        rows: Vec::new(),
        cannot: None,
    };
    let cannot = |walk: Walk<'_>| Ok(Walked::Cannot(walk.cannot.unwrap_or_default()));
    if original.starts_with(b"ARROW1") {
        // A file is read as its footer indexes it: the schema there, then
        // each dictionary and then each record batch where its block says
        // it starts (a writer need not repeat the schema as a message
        // after the magic, and polars does not; a file's dictionaries hold
        // for all its batches, and polars writes them after the batches).
        let footer = footer(original)?;
        let schema = footer.schema().ok_or("footer: no schema")?;
        if walk.schema(&schema, footer.version())?.is_none() {
            return cannot(walk);
        }
        let mut dictionaries: Vec<i64> = footer
            .dictionaries()
            .into_iter()
            .flatten()
            .map(|b| b.offset())
            .collect();
        dictionaries.sort_unstable();
        let batches = footer.recordBatches().into_iter().flatten();
        for start in dictionaries.into_iter().chain(batches.map(|b| b.offset())) {
            let mut at = usize::try_from(start).map_err(|_| "footer: a negative block offset")?;
            let Some((meta, body)) = next_message(original, &mut at)? else {
                return Err(format!("footer: no message at byte {start}"));
            };
            if walk.message(meta, body)?.is_none() {
                return cannot(walk);
            }
        }
    } else {
        let mut at = 0;
        while let Some((meta, body)) = next_message(original, &mut at)? {
            if walk.message(meta, body)?.is_none() {
                return cannot(walk);
            }
        }
    }
    Ok(Walked::Rows(walk.rows))
}

/// The rows the file's record batches say they hold, from their headers
/// alone: for a file whose buffers this reader cannot walk.
pub(super) fn batch_rows(original: &[u8]) -> Result<usize, String> {
    let mut rows = 0usize;
    let mut add = |meta: &[u8]| -> Result<(), String> {
        let message = arrow_ipc::root_as_message(meta).map_err(|e| format!("message: {e}"))?;
        if let Some(batch) = message.header_as_record_batch() {
            let n = usize::try_from(batch.length()).map_err(|_| "negative row count")?;
            rows = rows.checked_add(n).ok_or("too many rows")?;
        }
        Ok(())
    };
    if original.starts_with(b"ARROW1") {
        let footer = footer(original)?;
        for block in footer.recordBatches().into_iter().flatten() {
            let mut at =
                usize::try_from(block.offset()).map_err(|_| "footer: a negative block offset")?;
            let (meta, _) = next_message(original, &mut at)?
                .ok_or_else(|| format!("footer: no message at byte {}", block.offset()))?;
            add(meta)?;
        }
    } else {
        let mut at = 0;
        while let Some((meta, _)) = next_message(original, &mut at)? {
            add(meta)?;
        }
    }
    Ok(rows)
}

/// An Arrow IPC file's footer: the flatbuffer before its length and the
/// closing magic.
fn footer(original: &[u8]) -> Result<arrow_ipc::Footer<'_>, String> {
    let end = original
        .len()
        .checked_sub(10)
        .filter(|&end| original[end + 4..] == *b"ARROW1")
        .ok_or("no footer: the file does not end with ARROW1")?;
    let len = i32::from_le_bytes([
        original[end],
        original[end + 1],
        original[end + 2],
        original[end + 3],
    ]);
    let start = usize::try_from(len)
        .ok()
        .and_then(|len| end.checked_sub(len))
        .ok_or("footer: its length runs past the start")?;
    arrow_ipc::root_as_footer(&original[start..end]).map_err(|e| format!("footer: {e}"))
}

/// The walk so far: the plan from the schema, each dictionary's values,
/// and the rows read.
struct Walk<'t> {
    types: &'t [ColumnType],
    max_rows: usize,
    plan: Option<Vec<Read>>,
    dictionaries: HashMap<i64, (Read, Vec<Norm>)>,
    rows: Rows,
    /// Why the file cannot be walked, once that is known.
    cannot: Option<String>,
}

impl Walk<'_> {
    /// Plans the columns from `schema` (of metadata `version`); `Ok(None)`
    /// when this reader cannot walk them, and why in `cannot`.
    fn schema(
        &mut self,
        schema: &arrow_ipc::Schema<'_>,
        version: MetadataVersion,
    ) -> Result<Option<()>, String> {
        if schema.endianness() != Endianness::Little {
            self.cannot = Some("a big-endian file".into());
            return Ok(None);
        }
        let fields: Vec<Field<'_>> = schema
            .fields()
            .map(|f| f.iter().collect())
            .unwrap_or_default();
        if fields.len() != self.types.len() {
            return Err(super::column_count_differs(fields.len(), self.types.len()));
        }
        let mut reads = Vec::new();
        let v5 = version >= MetadataVersion::V5;
        for (field, ty) in fields.iter().zip(self.types) {
            let Some(read) = plan_field(field, *ty, &mut self.dictionaries, v5) else {
                let name = field.name().unwrap_or("");
                self.cannot = Some(format!("the layout of column '{name}'"));
                return Ok(None);
            };
            reads.push(read);
        }
        self.plan = Some(reads);
        Ok(Some(()))
    }

    /// Reads one message; `Ok(None)` when this reader cannot walk it.
    fn message(&mut self, meta: &[u8], body: &[u8]) -> Result<Option<()>, String> {
        let message = arrow_ipc::root_as_message(meta).map_err(|e| format!("message: {e}"))?;
        match message.header_type() {
            MessageHeader::Schema => {
                let schema = message.header_as_schema().ok_or("schema: no header")?;
                return self.schema(&schema, message.version());
            }
            MessageHeader::DictionaryBatch => {
                let batch = message
                    .header_as_dictionary_batch()
                    .ok_or("dictionary: no header")?;
                let data = batch.data().ok_or("dictionary: no data")?;
                let Some((read, values)) = self.dictionaries.get_mut(&batch.id()) else {
                    // A dictionary of a column left to the first reader.
                    return Ok(Some(()));
                };
                let n = usize::try_from(data.length()).map_err(|_| "negative length")?;
                if n > body.len().saturating_mul(8) {
                    return Err(format!(
                        "a dictionary of {n} values in a body of {} bytes",
                        body.len()
                    ));
                }
                let mut columns = Columns::new(&data, body)?;
                let fresh = columns.column(*read, n, &HashMap::new())?;
                columns.all_counts_taken()?;
                if !batch.isDelta() {
                    values.clear();
                }
                values.extend(fresh.into_iter().flatten());
            }
            MessageHeader::RecordBatch => {
                let plan = self
                    .plan
                    .as_ref()
                    .ok_or("a record batch before the schema")?;
                let batch = message.header_as_record_batch().ok_or("batch: no header")?;
                let n = usize::try_from(batch.length()).map_err(|_| "negative row count")?;
                // The first reader read every row: more is a disagreement,
                // found before anything that size is allocated.
                let max_rows = self.max_rows;
                if self.rows.len().saturating_add(n) > max_rows {
                    return Err(format!(
                        "the second reader found more than {max_rows} rows, the table holds {max_rows}"
                    ));
                }
                let mut columns = Columns::new(&batch, body)?;
                let values: HashMap<i64, &Vec<Norm>> = self
                    .dictionaries
                    .iter()
                    .map(|(id, (_, v))| (*id, v))
                    .collect();
                let mut read: Vec<Vec<Option<Norm>>> = Vec::with_capacity(plan.len());
                for r in plan {
                    read.push(columns.column(*r, n, &values)?);
                }
                columns.all_counts_taken()?;
                for i in 0..n {
                    self.rows
                        .push(read.iter_mut().map(|c| c[i].take()).collect());
                }
            }
            _ => {}
        }
        Ok(Some(()))
    }
}

/// An encapsulated message: its flatbuffer metadata, then its body.
type Message<'a> = (&'a [u8], &'a [u8]);

/// The next encapsulated message; `None` at the end of the stream (end
/// marker, the file's footer, or no more bytes).
fn next_message<'a>(data: &'a [u8], at: &mut usize) -> Result<Option<Message<'a>>, String> {
    let word = |at: usize| -> Option<u32> {
        data.get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let Some(mut len) = word(*at) else {
        return Ok(None);
    };
    *at += 4;
    if len == 0xFFFF_FFFF {
        len = word(*at).ok_or("truncated message length")?;
        *at += 4;
    }
    if len == 0 {
        return Ok(None);
    }
    let meta = data
        .get(*at..*at + len as usize)
        .ok_or_else(|| format!("message at byte {at} runs past the end"))?;
    let message = arrow_ipc::root_as_message(meta).map_err(|e| format!("message: {e}"))?;
    let body_len = usize::try_from(message.bodyLength()).map_err(|_| "negative body length")?;
    let start = *at + len as usize;
    let body = data
        .get(start..start.saturating_add(body_len))
        .ok_or_else(|| format!("message body at byte {start} runs past the end"))?;
    *at = start + body_len;
    Ok(Some((meta, body)))
}

/// How a top-level field is read, registering the dictionary it uses;
/// `None` when its buffers cannot be counted.
fn plan_field(
    field: &Field<'_>,
    ty: ColumnType,
    dictionaries: &mut HashMap<i64, (Read, Vec<Norm>)>,
    v5: bool,
) -> Option<Read> {
    let layout = value_read(field, ty);
    if let Some(encoding) = field.dictionary() {
        let bytes = encoding
            .indexType()
            .map_or(4, |t| t.bitWidth() as usize / 8);
        if !matches!(bytes, 1 | 2 | 4 | 8) {
            return None;
        }
        let text = matches!(layout, Some(Read::Text { .. } | Read::TextView))
            && matches!(ty, ColumnType::String | ColumnType::Dictionary);
        return Some(match text {
            true => {
                dictionaries.insert(encoding.id(), (layout?, Vec::new()));
                Read::Dictionary {
                    id: encoding.id(),
                    bytes,
                }
            }
            // The indices are one node and two buffers; the values live
            // in dictionary batches this reader then ignores.
            false => Read::Skip {
                nodes: 1,
                buffers: 2,
                views: 0,
            },
        });
    }
    match layout {
        Some(read) => Some(read),
        None => {
            let (nodes, buffers, views) = count(field, v5)?;
            Some(Read::Skip {
                nodes,
                buffers,
                views,
            })
        }
    }
}

/// The read for a field's own values when it states them as `ty` does.
fn value_read(field: &Field<'_>, ty: ColumnType) -> Option<Read> {
    use ColumnType as T;
    match field.type_type() {
        Type::Int => {
            let int = field.type_as_int()?;
            let (bytes, signed) = (int.bitWidth() as usize / 8, int.is_signed());
            let fits = match (bytes, signed) {
                (1, true) => matches!(ty, T::Int8 | T::Int16 | T::Int32 | T::Int64),
                (2, true) | (1, false) => matches!(ty, T::Int16 | T::Int32 | T::Int64),
                (4, true) | (2, false) => matches!(ty, T::Int32 | T::Int64),
                (8, true) | (4, false) => ty == T::Int64,
                (8, false) => ty == T::UInt64,
                _ => false,
            };
            fits.then_some(Read::Int { bytes, signed })
        }
        Type::FloatingPoint => {
            let bytes = match field.type_as_floating_point()?.precision() {
                Precision::HALF => 2,
                Precision::SINGLE => 4,
                _ => 8,
            };
            matches!(
                (bytes, ty),
                (2 | 4, T::Float32 | T::Float64) | (8, T::Float64)
            )
            .then_some(Read::Float(bytes))
        }
        Type::Bool => (ty == T::Bool).then_some(Read::Bool),
        Type::Utf8 | Type::LargeUtf8 => {
            let large = field.type_type() == Type::LargeUtf8;
            matches!(ty, T::String | T::Dictionary).then_some(Read::Text { large })
        }
        Type::Utf8View => matches!(ty, T::String | T::Dictionary).then_some(Read::TextView),
        Type::Binary | Type::LargeBinary => {
            let large = field.type_type() == Type::LargeBinary;
            (ty == T::Binary).then_some(Read::Bytes { large })
        }
        Type::BinaryView => (ty == T::Binary).then_some(Read::BytesView),
        Type::FixedSizeBinary => {
            let width = usize::try_from(field.type_as_fixed_size_binary()?.byteWidth()).ok()?;
            match ty {
                T::Binary if width > 0 => Some(Read::FixedBytes { width, uuid: false }),
                T::Uuid if width == 16 => Some(Read::FixedBytes { width, uuid: true }),
                _ => None,
            }
        }
        Type::Date => {
            (field.type_as_date()?.unit() == DateUnit::DAY && ty == T::Date).then_some(Read::Int {
                bytes: 4,
                signed: true,
            })
        }
        Type::Timestamp => {
            let scale = micros_per(field.type_as_timestamp()?.unit())?;
            (ty == T::Timestamp).then_some(Read::Micros { bytes: 8, scale })
        }
        Type::Time => {
            let time = field.type_as_time()?;
            let (bytes, scale) = match (time.bitWidth(), time.unit()) {
                (32, TimeUnit::SECOND) => (4, 1_000_000),
                (32, TimeUnit::MILLISECOND) => (4, 1_000),
                (64, TimeUnit::MICROSECOND) => (8, 1),
                _ => return None,
            };
            (ty == T::Time).then_some(Read::Micros { bytes, scale })
        }
        Type::Duration => {
            let scale = micros_per(field.type_as_duration()?.unit())?;
            (ty == T::Duration).then_some(Read::Micros { bytes: 8, scale })
        }
        _ => None,
    }
}

/// Microseconds in one `unit` (none for nanoseconds: not read here).
fn micros_per(unit: TimeUnit) -> Option<i64> {
    match unit {
        TimeUnit::SECOND => Some(1_000_000),
        TimeUnit::MILLISECOND => Some(1_000),
        TimeUnit::MICROSECOND => Some(1),
        _ => None,
    }
}

/// Field nodes, buffers and view columns a field and its children take in
/// a batch, by the columnar format's layouts (`v5`: metadata version 5 or
/// later, where a union has no validity buffer); `None` for layouts not
/// counted here.
fn count(field: &Field<'_>, v5: bool) -> Option<(usize, usize, usize)> {
    let mut views = 0;
    let own = match field.type_type() {
        Type::Null => 0,
        Type::Int
        | Type::FloatingPoint
        | Type::Bool
        | Type::Date
        | Type::Time
        | Type::Timestamp
        | Type::Interval
        | Type::Duration
        | Type::Decimal
        | Type::FixedSizeBinary => 2,
        Type::Utf8 | Type::Binary | Type::LargeUtf8 | Type::LargeBinary => 3,
        // Validity and views; the data buffers are counted per batch.
        Type::Utf8View | Type::BinaryView => {
            views = 1;
            2
        }
        Type::List | Type::LargeList | Type::Map => 2,
        // Validity, offsets, sizes.
        Type::ListView | Type::LargeListView => 3,
        Type::FixedSizeList | Type::Struct_ => 1,
        // Type ids, and offsets when dense; validity before version 5.
        Type::Union => {
            let dense = field.type_as_union()?.mode() == UnionMode::Dense;
            usize::from(!v5) + 1 + usize::from(dense)
        }
        // Its run ends and values are its children.
        Type::RunEndEncoded => 0,
        _ => return None,
    };
    let (mut nodes, mut buffers) = (1, own);
    for child in field.children().iter().flat_map(|c| c.iter()) {
        // A dictionary-encoded child has the layout of its indices.
        let (n, b, v) = match child.dictionary() {
            Some(_) => (1, 2, 0),
            None => count(&child, v5)?,
        };
        nodes += n;
        buffers += b;
        views += v;
    }
    Some((nodes, buffers, views))
}

/// A batch's field nodes, buffers and view columns' data buffer counts,
/// taken in order.
struct Columns<'a> {
    nodes: Vec<(usize, usize)>,
    buffers: Vec<std::borrow::Cow<'a, [u8]>>,
    variadic: VecDeque<i64>,
    next_node: usize,
    next_buffer: usize,
}

impl<'a> Columns<'a> {
    fn new(batch: &arrow_ipc::RecordBatch<'_>, body: &'a [u8]) -> Result<Columns<'a>, String> {
        let codec = batch.compression().map(|c| c.codec());
        let nodes = batch
            .nodes()
            .map(|n| {
                n.iter()
                    .map(|n| (n.length() as usize, n.null_count() as usize))
                    .collect()
            })
            .unwrap_or_default();
        let mut buffers = Vec::new();
        for b in batch.buffers().iter().flat_map(|b| b.iter()) {
            let (start, len) = (b.offset() as usize, b.length() as usize);
            let raw = body
                .get(start..start.saturating_add(len))
                .ok_or_else(|| format!("a buffer at body byte {start} runs past the body"))?;
            buffers.push(decompress(raw, codec)?);
        }
        let variadic = batch
            .variadicBufferCounts()
            .map(|v| v.iter().collect())
            .unwrap_or_default();
        Ok(Columns {
            nodes,
            buffers,
            variadic,
            next_node: 0,
            next_buffer: 0,
        })
    }

    /// The next view column's count of data buffers.
    fn next_variadic(&mut self) -> Result<usize, String> {
        let count = self
            .variadic
            .pop_front()
            .ok_or("a view column without its count of data buffers")?;
        let left = self.buffers.len().saturating_sub(self.next_buffer);
        usize::try_from(count)
            .ok()
            .filter(|&c| c <= left)
            .ok_or_else(|| format!("a view column of {count} data buffers, {left} left"))
    }

    /// Every view column's count taken: one more is a batch the schema
    /// does not describe.
    fn all_counts_taken(&self) -> Result<(), String> {
        match self.variadic.len() {
            0 => Ok(()),
            n => Err(format!("{n} data buffer counts for no view column")),
        }
    }

    fn node(&mut self) -> Result<(usize, usize), String> {
        let n = *self
            .nodes
            .get(self.next_node)
            .ok_or("fewer field nodes than columns")?;
        self.next_node += 1;
        Ok(n)
    }

    /// The next `count` buffers.
    fn buffers(&mut self, count: usize) -> Result<&[std::borrow::Cow<'a, [u8]>], String> {
        let first = self.next_buffer;
        self.next_buffer += count;
        self.buffers
            .get(first..first + count)
            .ok_or_else(|| "fewer buffers than columns".into())
    }

    /// One column's `n` values (`None` where it is left to the first reader).
    fn column(
        &mut self,
        read: Read,
        n: usize,
        dictionaries: &HashMap<i64, &Vec<Norm>>,
    ) -> Result<Vec<Option<Norm>>, String> {
        if let Read::Skip {
            nodes,
            buffers,
            views,
        } = read
        {
            self.next_node += nodes;
            self.next_buffer += buffers;
            for _ in 0..views {
                self.next_buffer += self.next_variadic()?;
            }
            return Ok(vec![None; n]);
        }
        let (length, nulls) = self.node()?;
        if length < n {
            return Err(format!(
                "a column of {length} values in a batch of {n} rows"
            ));
        }
        // Validity, then values; strings and bytes: validity, offsets,
        // their bytes; views: validity, the views, the data buffers.
        let data_buffers = match read {
            Read::TextView | Read::BytesView => self.next_variadic()?,
            _ => 0,
        };
        let (validity, offsets, values, data): (&[u8], &[u8], &[u8], &[_]) = match read {
            Read::Text { .. } | Read::Bytes { .. } => match self.buffers(3)? {
                [v, o, b] => (v, o, b, &[]),
                _ => unreachable!("three buffers taken"),
            },
            _ => match self.buffers(2 + data_buffers)? {
                [v, b, data @ ..] => (v, &[], b, data),
                _ => unreachable!("two buffers and more taken"),
            },
        };
        let present =
            |i: usize| nulls == 0 || validity.get(i / 8).is_some_and(|b| b >> (i % 8) & 1 == 1);
        let fixed = |i: usize, width: usize| -> Result<&[u8], String> {
            values
                .get(i * width..(i + 1) * width)
                .ok_or_else(|| format!("value {i} past its buffer"))
        };
        let int = |b: &[u8], signed: bool| -> i128 {
            let mut wide = [0u8; 16];
            wide[..b.len()].copy_from_slice(b);
            if signed && b.last().is_some_and(|x| x & 0x80 != 0) {
                wide[b.len()..].fill(0xff);
            }
            i128::from_le_bytes(wide)
        };
        // The value of variable length `i`: between its offsets, or where
        // its view says (inline up to 12 bytes, else a data buffer's
        // bytes, whose first four the view repeats).
        let var = |i: usize, large: bool| -> Result<&[u8], String> {
            let w = if large { 8 } else { 4 };
            let at = |k: usize| -> Result<usize, String> {
                let b = offsets
                    .get(k * w..(k + 1) * w)
                    .ok_or("offset past its buffer")?;
                usize::try_from(int(b, true)).map_err(|_| "negative offset".into())
            };
            let (start, end) = (at(i)?, at(i + 1)?);
            values
                .get(start..end)
                .ok_or_else(|| "a value past its buffer".into())
        };
        let view = |i: usize| -> Result<&[u8], String> {
            let v = fixed(i, 16)?;
            let word = |k: usize| u32::from_le_bytes([v[k], v[k + 1], v[k + 2], v[k + 3]]);
            let len = usize::try_from(word(0)).map_err(|_| "a view's length")?;
            if len <= 12 {
                return Ok(&v[4..4 + len]);
            }
            let (index, offset) = (word(8) as usize, word(12) as usize);
            let buffer = data
                .get(index)
                .ok_or_else(|| format!("view {i}: data buffer {index} of {}", data.len()))?;
            let bytes = buffer
                .get(offset..offset.saturating_add(len))
                .ok_or_else(|| format!("view {i}: past data buffer {index}"))?;
            if bytes[..4] != v[4..8] {
                return Err(format!("view {i}: its prefix is not its value's"));
            }
            Ok(bytes)
        };
        let utf8 = |b: &[u8]| String::from_utf8(b.to_vec()).map_err(|e| e.to_string());
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            if !present(i) {
                out.push(Some(Norm::Null));
                continue;
            }
            let value = match read {
                Read::Int { bytes, signed } => Norm::Int(int(fixed(i, bytes)?, signed)),
                Read::Micros { bytes, scale } => {
                    Norm::Int(int(fixed(i, bytes)?, true) * i128::from(scale))
                }
                Read::Float(2) => {
                    let b = fixed(i, 2)?;
                    float(f64::from(half(u16::from_le_bytes([b[0], b[1]]))))
                }
                Read::Float(4) => float(f64::from(f32::from_le_bytes(
                    fixed(i, 4)?.try_into().map_err(|_| "float")?,
                ))),
                Read::Float(_) => float(f64::from_le_bytes(
                    fixed(i, 8)?.try_into().map_err(|_| "float")?,
                )),
                Read::Bool => {
                    Norm::Bool(values.get(i / 8).ok_or("bool past its buffer")? >> (i % 8) & 1 == 1)
                }
                Read::Text { large } => Norm::Text(utf8(var(i, large)?)?),
                Read::TextView => Norm::Text(utf8(view(i)?)?),
                Read::Bytes { large } => Norm::Text(lower_hex(var(i, large)?)),
                Read::BytesView => Norm::Text(lower_hex(view(i)?)),
                Read::FixedBytes { width, uuid: false } => Norm::Text(lower_hex(fixed(i, width)?)),
                Read::FixedBytes { width, uuid: true } => {
                    Norm::Text(uuid_of_bytes(fixed(i, width)?).ok_or("a UUID not of 16 bytes")?)
                }
                Read::Dictionary { id, bytes } => {
                    let key =
                        usize::try_from(int(fixed(i, bytes)?, true)).map_err(|_| "negative key")?;
                    let dictionary = dictionaries
                        .get(&id)
                        .ok_or_else(|| format!("no dictionary {id}"))?;
                    dictionary
                        .get(key)
                        .cloned()
                        .ok_or_else(|| format!("key {key} past dictionary {id}"))?
                }
                Read::Skip { .. } => unreachable!("skipped above"),
            };
            out.push(Some(value));
        }
        Ok(out)
    }
}

/// A body buffer as written: with compression, an 8-byte uncompressed
/// length (−1: stored as is) and then the compressed bytes.
fn decompress(
    raw: &[u8],
    codec: Option<CompressionType>,
) -> Result<std::borrow::Cow<'_, [u8]>, String> {
    let Some(codec) = codec else {
        return Ok(raw.into());
    };
    if raw.is_empty() {
        return Ok(raw.into());
    }
    let (head, data) = raw
        .split_at_checked(8)
        .ok_or("a compressed buffer without its length")?;
    let length = i64::from_le_bytes(head.try_into().map_err(|_| "length")?);
    if length == -1 {
        return Ok(data.into());
    }
    let length = usize::try_from(length).map_err(|_| "negative buffer length")?;
    // Memory grows with what decompresses, never with the recorded length
    // alone, and stops one byte past it.
    let limit = length as u64 + 1;
    let mut out = Vec::new();
    let read = match codec {
        CompressionType::LZ4_FRAME => lz4_flex::frame::FrameDecoder::new(data)
            .take(limit)
            .read_to_end(&mut out),
        CompressionType::ZSTD => {
            zstd::stream::read::Decoder::new(data).and_then(|d| d.take(limit).read_to_end(&mut out))
        }
        other => return Err(format!("body compression {other:?}")),
    };
    read.map_err(|e| format!("{codec:?}: {e}"))?;
    if out.len() != length {
        return Err(format!(
            "a buffer of {} bytes where {length} were recorded",
            out.len()
        ));
    }
    Ok(out.into())
}

/// An IEEE half-precision float's value.
fn half(bits: u16) -> f32 {
    let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exponent = i32::from((bits >> 10) & 0x1f);
    let fraction = f32::from(bits & 0x3ff);
    sign * match exponent {
        0 => fraction * 2f32.powi(-24),
        31 if fraction == 0.0 => f32::INFINITY,
        31 => f32::NAN,
        e => (1.0 + fraction / 1024.0) * 2f32.powi(e - 15),
    }
}
