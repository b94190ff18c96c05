//! `parquet + tuned`: the writer's settings chosen on the user's rows, as
//! BtrBlocks chooses its encodings: every option is written on a sample
//! and the bytes (and, for the zstd level, the time) decide. Each step
//! starts from the settings the steps before kept, so its gain is its own:
//!
//! 1. each column's encoding (dictionary, PLAIN, DELTA_BINARY_PACKED,
//!    BYTE_STREAM_SPLIT, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY: the
//!    smallest of those its type allows, see `encoding`);
//! 2. the zstd level (1, 3, 6, 9, 12: see [`pick_level`] for the rule);
//! 3. rows per data page (20,000, the writers' default, or 100,000 when
//!    that is at least 1 % smaller: finer pages serve the page index);
//! 4. the page index (column and offset index), on for readers that skip
//!    pages by it, unless the file holds one page per column (then it
//!    would repeat the chunk statistics); its cost is measured and shown;
//! 5. a sort key (a low-cardinality or time column), measured and named
//!    but not applied by encbench: its row-by-row check needs the input's
//!    order (the write calls it prints for other writers can apply it).
//!
//! Row groups stay at 1 Mi rows / 64 MiB: larger groups only shrink a
//! file, and the sample holds fewer rows than one group, so it cannot
//! measure them.

use super::encoding::{candidates, choose_among, first_rows, text_candidates, Choice, SAMPLE_ROWS};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, SchemaRef};
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::{ParquetError, Result};
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterPropertiesBuilder};
use parquet::schema::types::ColumnPath;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// zstd levels tried, lowest first.
pub const LEVELS: [i32; 5] = [1, 3, 6, 9, 12];
/// The level the steps before the level step write at (the usual default).
const START_LEVEL: i32 = 3;
/// Rows per data page: the writers' default (parquet-rs, pyarrow,
/// parquet-java) and the larger size tried.
pub const PAGE_ROWS: [usize; 2] = [20_000, 100_000];
/// Bytes per data page: every writer's default, kept.
pub const PAGE_BYTES: usize = 1024 * 1024;
/// Rows per row group (pyarrow's and parquet-rs's default).
pub const GROUP_ROWS: usize = 1024 * 1024;
/// A row group closes at this many bytes even with fewer rows.
pub const GROUP_BYTES: usize = 64 << 20;
/// A sort key is named when it makes the sample at least this much smaller.
const SORT_GAIN: f64 = 0.02;
/// Sort keys tried at most (the fewest distinct values first).
const SORT_TRIES: usize = 4;

/// What the sample chose, and what each choice gained.
#[derive(Debug, Clone, PartialEq)]
pub struct Prescription {
    /// Rows the choices were measured on.
    pub sample_rows: usize,
    pub level: i32,
    pub row_group_rows: usize,
    pub page_rows: usize,
    pub page_bytes: usize,
    pub page_index: bool,
    /// Every top-level column, in schema order.
    pub columns: Vec<Column>,
    /// The settings in the order they were chosen, each with its bytes.
    pub steps: Vec<Step>,
    /// Every zstd level tried.
    pub levels: Vec<Level>,
    /// A sort key that made the sample smaller (not applied by encbench).
    pub sort: Option<Sort>,
    /// How long choosing took.
    pub took: Duration,
}

/// One column's encoding.
#[derive(Debug, Clone, PartialEq)]
pub struct Column {
    pub name: String,
    pub setting: Setting,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Setting {
    /// Chosen: the encoding, its bytes on the sample, and the dictionary's
    /// (the writers' default) for comparison.
    Chosen {
        choice: Choice,
        bytes: f64,
        dictionary: f64,
    },
    /// Left at the writer's default (a dictionary), and why.
    NotMeasured(String),
}

/// One setting's gain: the sample's bytes with the steps before, and with it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub what: &'static str,
    pub setting: String,
    pub before: u64,
    pub after: u64,
}

impl Step {
    /// Bytes saved (negative: what the setting costs).
    pub fn gain(&self) -> i64 {
        self.before as i64 - self.after as i64
    }
    /// The gain as a share of the bytes before, in %.
    pub fn gain_pct(&self) -> f64 {
        self.gain() as f64 / self.before.max(1) as f64 * 100.0
    }
}

/// A zstd level tried: the sample's bytes, its write and read time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Level {
    pub level: i32,
    pub bytes: u64,
    pub write: Duration,
    pub read: Duration,
}

/// A sort key measured on the sample.
#[derive(Debug, Clone, PartialEq)]
pub struct Sort {
    pub column: String,
    /// Its index among the top-level columns.
    pub index: usize,
    pub before: u64,
    pub after: u64,
}

impl Prescription {
    /// The writer's settings this prescription names.
    pub fn properties(&self) -> Result<WriterProperties> {
        let mut builder = base(self.level, self.page_rows, self.page_index)?
            .set_max_row_group_row_count(Some(self.row_group_rows))
            .set_max_row_group_bytes(Some(GROUP_BYTES));
        builder = with_columns(builder, &self.columns);
        Ok(builder.build())
    }

    /// The encoding chosen for `name`, if one was.
    pub fn choice(&self, name: &str) -> Option<Choice> {
        self.columns.iter().find_map(|c| match &c.setting {
            Setting::Chosen { choice, .. } if c.name == name => Some(*choice),
            _ => None,
        })
    }
}

/// zstd at `level`, `page_rows` per data page, the page index on or off.
fn base(level: i32, page_rows: usize, page_index: bool) -> Result<WriterPropertiesBuilder> {
    Ok(WriterProperties::builder()
        .set_compression(Compression::ZSTD(ZstdLevel::try_new(level)?))
        .set_data_page_size_limit(PAGE_BYTES)
        .set_data_page_row_count_limit(page_rows)
        .set_statistics_enabled(if page_index {
            EnabledStatistics::Page
        } else {
            EnabledStatistics::Chunk
        }))
}

fn with_columns(
    mut builder: WriterPropertiesBuilder,
    columns: &[Column],
) -> WriterPropertiesBuilder {
    for c in columns {
        if let Setting::Chosen { choice, .. } = c.setting {
            builder = choice.apply(builder, ColumnPath::from(c.name.as_str()));
        }
    }
    builder
}

/// Why a column of `data_type` has no encodings to choose from.
fn not_measured(data_type: &DataType) -> String {
    use DataType::*;
    match data_type {
        Struct(_)
        | List(_)
        | LargeList(_)
        | FixedSizeList(_, _)
        | Map(_, _)
        | ListView(_)
        | LargeListView(_) => format!(
            "a nested column ({data_type}): its leaves are left at the writer's default (a dictionary)"
        ),
        Boolean => "booleans are bit-packed (RLE) by every writer: nothing to choose".into(),
        Null => "a column of nulls only: nothing to choose".into(),
        other => format!("{other}: no encodings tried for this type; left at the writer's default"),
    }
}

/// Chooses every setting on the first [`SAMPLE_ROWS`] rows of `sample`;
/// `group_rows`: rows of the file's first row group where fewer than a
/// full one (a dictionary is paid once per group).
pub fn tune(schema: &SchemaRef, sample: &[RecordBatch], group_rows: usize) -> Result<Prescription> {
    let started = Instant::now();
    let batches = first_batches(sample, SAMPLE_ROWS);
    let rows: usize = batches.iter().map(|b| b.num_rows()).sum();
    let group_rows = group_rows.min(GROUP_ROWS).max(rows);
    let start = Compression::ZSTD(ZstdLevel::try_new(START_LEVEL)?);
    let columns = choose_columns(schema, &batches, start, group_rows)?;
    let size = |level, page_rows, index, columns: &[Column], batches: &[RecordBatch]| {
        let props = with_columns(base(level, page_rows, index)?, columns).build();
        written(schema, batches, props).map(|(bytes, _)| bytes.len() as u64)
    };
    let mut steps = Vec::new();
    let defaults = size(START_LEVEL, PAGE_ROWS[0], true, &[], &batches)?;
    let encoded = size(START_LEVEL, PAGE_ROWS[0], true, &columns, &batches)?;
    steps.push(Step {
        what: "encodings",
        setting: "per column (above)".into(),
        before: defaults,
        after: encoded,
    });
    let mut levels = Vec::new();
    for level in LEVELS {
        levels.push(timed_level(schema, &batches, level, &columns)?);
    }
    let level = levels[pick_level(&levels)];
    let start_bytes = levels
        .iter()
        .find(|l| l.level == START_LEVEL)
        .map_or(encoded, |l| l.bytes);
    steps.push(Step {
        what: "zstd level",
        setting: format!("{} (against {START_LEVEL})", level.level),
        before: start_bytes,
        after: level.bytes,
    });
    let larger = size(level.level, PAGE_ROWS[1], true, &columns, &batches)?;
    let page_rows = match (larger as f64) <= level.bytes as f64 * 0.99 {
        true => PAGE_ROWS[1],
        false => PAGE_ROWS[0],
    };
    let paged = if page_rows == PAGE_ROWS[1] {
        larger
    } else {
        level.bytes
    };
    steps.push(Step {
        what: "data pages",
        setting: format!(
            "{page_rows} rows (tried {} and {}; the larger only when ≥ 1 % smaller)",
            PAGE_ROWS[0], PAGE_ROWS[1]
        ),
        before: level.bytes,
        after: paged,
    });
    let unindexed = size(level.level, page_rows, false, &columns, &batches)?;
    // One page per column chunk: the index would repeat the chunk's statistics.
    let page_index = group_rows > page_rows;
    steps.push(match page_index {
        true => Step {
            what: "page index",
            setting: "on (column and offset index, for readers that skip pages)".into(),
            before: unindexed,
            after: paged,
        },
        false => Step {
            what: "page index",
            setting: format!(
                "off (the file's {group_rows} rows make one page per column: the index would repeat the chunk statistics)"
            ),
            before: paged,
            after: unindexed,
        },
    });
    let written = if page_index { paged } else { unindexed };
    let sort = best_sort(schema, &batches, written, &|b: &[RecordBatch]| {
        size(level.level, page_rows, page_index, &columns, b)
    })?;
    Ok(Prescription {
        sample_rows: rows,
        level: level.level,
        row_group_rows: GROUP_ROWS,
        page_rows,
        page_bytes: PAGE_BYTES,
        page_index,
        columns,
        steps,
        levels,
        sort,
        took: started.elapsed(),
    })
}

/// The level kept, as an index into `levels` (ascending levels): from the
/// lowest, each higher level replaces the one kept unless it is no
/// smaller, or it writes more than twice as slowly for under 2 % fewer
/// bytes. A level twice as slow for a sliver of the bytes costs every
/// future write for almost nothing.
pub fn pick_level(levels: &[Level]) -> usize {
    let mut kept = 0;
    for (i, l) in levels.iter().enumerate().skip(1) {
        let k = &levels[kept];
        let gain = 1.0 - l.bytes as f64 / k.bytes.max(1) as f64;
        let slower = l.write.as_secs_f64() / k.write.as_secs_f64().max(1e-9);
        if gain > 0.0 && !(slower > 2.0 && gain < 0.02) {
            kept = i;
        }
    }
    kept
}

/// The first `rows` rows of `batches`, as batches.
fn first_batches(batches: &[RecordBatch], rows: usize) -> Vec<RecordBatch> {
    let mut left = rows;
    let mut out = Vec::new();
    for b in batches {
        if left == 0 {
            break;
        }
        let take = left.min(b.num_rows());
        out.push(b.slice(0, take));
        left -= take;
    }
    out
}

/// Each column's encoding, on as many threads as cores.
fn choose_columns(
    schema: &SchemaRef,
    batches: &[RecordBatch],
    compression: Compression,
    group_rows: usize,
) -> Result<Vec<Column>> {
    let fields: Vec<(usize, &Field)> = schema
        .fields()
        .iter()
        .map(|f| f.as_ref())
        .enumerate()
        .collect();
    let queue = Mutex::new(fields.into_iter());
    let chosen = Mutex::new(Vec::new());
    let work = || -> Result<()> {
        loop {
            let next = queue.lock().map_err(|_| poisoned())?.next();
            let Some((i, field)) = next else {
                return Ok(());
            };
            let setting = setting(
                field,
                &first_rows(batches, i, SAMPLE_ROWS),
                compression,
                group_rows,
            )?;
            chosen.lock().map_err(|_| poisoned())?.push((
                i,
                Column {
                    name: field.name().clone(),
                    setting,
                },
            ));
        }
    };
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|s| {
        let others: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        let mut outcome = work();
        for other in others {
            outcome = outcome.and(other.join().unwrap_or_else(|_| Err(poisoned())));
        }
        outcome
    })?;
    let mut chosen = chosen.into_inner().map_err(|_| poisoned())?;
    chosen.sort_by_key(|(i, _)| *i);
    Ok(chosen.into_iter().map(|(_, c)| c).collect())
}

fn setting(
    field: &Field,
    parts: &[ArrayRef],
    compression: Compression,
    group_rows: usize,
) -> Result<Setting> {
    let numeric = candidates(field.data_type());
    let among = if numeric.is_empty() {
        text_candidates(field.data_type())
    } else {
        numeric
    };
    if among.is_empty() {
        return Ok(Setting::NotMeasured(not_measured(field.data_type())));
    }
    if parts.iter().all(|p| p.is_empty()) {
        return Ok(Setting::NotMeasured("no rows in the sample".into()));
    }
    let (choice, sizes) = choose_among(field, parts, compression, group_rows, among)?;
    let size_of = |c: Choice| sizes.iter().find(|(s, _)| *s == c).map_or(0.0, |(_, b)| *b);
    Ok(Setting::Chosen {
        choice,
        bytes: size_of(choice),
        dictionary: size_of(Choice::Dictionary),
    })
}

/// The sample written at `level` (best of two writes and two reads).
fn timed_level(
    schema: &SchemaRef,
    batches: &[RecordBatch],
    level: i32,
    columns: &[Column],
) -> Result<Level> {
    let mut best = (Duration::MAX, Duration::MAX, 0);
    for _ in 0..2 {
        let props = with_columns(base(level, PAGE_ROWS[0], true)?, columns).build();
        let (bytes, write) = written(schema, batches, props)?;
        let len = bytes.len() as u64;
        let started = Instant::now();
        let reader =
            ParquetRecordBatchReaderBuilder::try_new(bytes::Bytes::from(bytes))?.build()?;
        for batch in reader {
            std::hint::black_box(batch?);
        }
        best = (best.0.min(write), best.1.min(started.elapsed()), len);
    }
    Ok(Level {
        level,
        bytes: best.2,
        write: best.0,
        read: best.1,
    })
}

/// `batches` written with `props` in one file, and how long that took.
fn written(
    schema: &SchemaRef,
    batches: &[RecordBatch],
    props: WriterProperties,
) -> Result<(Vec<u8>, Duration)> {
    let started = Instant::now();
    let mut out = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut out, schema.clone(), Some(props))?;
    for b in batches {
        writer.write(b)?;
    }
    writer.close()?;
    Ok((out, started.elapsed()))
}

/// The sort key that makes the sample smallest, when one makes it at
/// least [`SORT_GAIN`] smaller. Tried: columns of integers, text, dates
/// or times whose sample holds at most a tenth as many distinct values
/// as rows (time columns whatever their count), the fewest distinct first.
fn best_sort(
    schema: &SchemaRef,
    batches: &[RecordBatch],
    unsorted: u64,
    size: &dyn Fn(&[RecordBatch]) -> Result<u64>,
) -> Result<Option<Sort>> {
    use DataType::*;
    let Some(all) = concatenated(schema, batches)? else {
        return Ok(None);
    };
    let rows = all.num_rows();
    let mut tried = Vec::new();
    for (i, field) in schema.fields().iter().enumerate() {
        let time = matches!(field.data_type(), Date32 | Date64 | Timestamp(_, _));
        let keyed = time
            || matches!(
                field.data_type(),
                Int8 | Int16
                    | Int32
                    | Int64
                    | UInt8
                    | UInt16
                    | UInt32
                    | UInt64
                    | Utf8
                    | LargeUtf8
                    | Dictionary(_, _)
            );
        if !keyed {
            continue;
        }
        let sorted = arrow_select::take::take(all.column(i), &sort_indices(all.column(i))?, None)
            .map_err(arrow)?;
        let distinct = arrow_ord::partition::partition(&[sorted])
            .map_err(arrow)?
            .len();
        if distinct >= 2 && (time || distinct * 10 <= rows) {
            tried.push((distinct, i));
        }
    }
    tried.sort_unstable();
    let mut best: Option<Sort> = None;
    for (_, i) in tried.into_iter().take(SORT_TRIES) {
        let order = sort_indices(all.column(i))?;
        let sorted = arrow_select::take::take_record_batch(&all, &order).map_err(arrow)?;
        let after = size(std::slice::from_ref(&sorted))?;
        if (after as f64) <= unsorted as f64 * (1.0 - SORT_GAIN)
            && best.as_ref().is_none_or(|b| after < b.after)
        {
            best = Some(Sort {
                column: schema.field(i).name().clone(),
                index: i,
                before: unsorted,
                after,
            });
        }
    }
    Ok(best)
}

fn sort_indices(column: &ArrayRef) -> Result<arrow_array::UInt32Array> {
    arrow_ord::sort::sort_to_indices(column, None, None).map_err(arrow)
}

fn concatenated(schema: &SchemaRef, batches: &[RecordBatch]) -> Result<Option<RecordBatch>> {
    if batches.iter().all(|b| b.num_rows() == 0) {
        return Ok(None);
    }
    arrow_select::concat::concat_batches(schema, batches)
        .map(Some)
        .map_err(arrow)
}

fn arrow(e: arrow_schema::ArrowError) -> ParquetError {
    ParquetError::ArrowError(e.to_string())
}

/// What a trial thread's panic becomes.
fn poisoned() -> ParquetError {
    ParquetError::General("a column's encoding trial panicked".into())
}
