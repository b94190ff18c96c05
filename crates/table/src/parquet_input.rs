//! A Parquet file read through arrow-rs, with what that reader leaves out
//! put back, so that a file's values and types come through whole:
//! - an INTERVAL's months: the reader keeps its days and milliseconds
//!   only, so a second pass over the same rows reads the months, and the
//!   column becomes Arrow's month-day-nano interval;
//! - a zone the writer's Arrow schema gives (pyarrow's `timestamp('s',
//!   tz)`, stored as UTC milliseconds): the reader drops it when the units
//!   differ, and it is put back (the instants are unchanged);
//! - a UUID column: marked with Arrow's `arrow.uuid` extension name, so it
//!   is shown in its usual text form.

use arrow_array::cast::AsArray;
use arrow_array::types::{IntervalDayTimeType, IntervalYearMonthType};
use arrow_array::{Array, ArrayRef, IntervalMonthDayNanoArray, RecordBatch};
use arrow_buffer::IntervalMonthDayNano;
use arrow_schema::{DataType, Field, FieldRef, Fields, IntervalUnit, Schema};
use parquet::arrow::arrow_reader::{
    ArrowReaderMetadata, ArrowReaderOptions, ParquetRecordBatchReader,
    ParquetRecordBatchReaderBuilder, RowSelection,
};
use parquet::arrow::ProjectionMask;
use parquet::basic::{ConvertedType, LogicalType};
use parquet::file::metadata::ParquetMetaData;
use parquet::file::reader::ChunkReader;
use std::sync::Arc;

/// The metadata key Arrow's extension types are named under.
pub const EXTENSION_NAME: &str = "ARROW:extension:name";
/// Arrow's canonical UUID extension (16 bytes per value).
pub const UUID_EXTENSION: &str = "arrow.uuid";

/// An opened Parquet source (a file or bytes), `open` giving a fresh handle
/// for each pass over it.
pub struct ParquetInput<T: ChunkReader + 'static> {
    open: Box<dyn Fn() -> Result<T, String>>,
    meta: ArrowReaderMetadata,
    /// The columns with their zones, UUIDs and intervals put back.
    fields: Fields,
    /// The top-level INTERVAL columns, and the reader of their months.
    intervals: Vec<usize>,
    months: Option<ArrowReaderMetadata>,
}

/// Which rows a pass reads: the same for every pass over the file.
#[derive(Default, Clone)]
pub struct Plan {
    pub row_groups: Option<Vec<usize>>,
    pub selection: Option<RowSelection>,
    pub batch_size: Option<usize>,
}

impl<T: ChunkReader + 'static> ParquetInput<T> {
    pub fn open(open: impl Fn() -> Result<T, String> + 'static) -> Result<Self, String> {
        let meta = ArrowReaderMetadata::load(&open()?, ArrowReaderOptions::new())
            .map_err(|e| e.to_string())?;
        let roots = meta.metadata().file_metadata().schema_descr().root_schema();
        let hint = writer_schema(meta.metadata());
        let mut fields: Vec<FieldRef> = meta.schema().fields().iter().cloned().collect();
        let mut intervals = Vec::new();
        for (i, (field, column)) in fields.iter_mut().zip(roots.get_fields()).enumerate() {
            let info = column.get_basic_info();
            let is_interval = !column.is_group()
                && info.converted_type() == ConvertedType::INTERVAL
                && matches!(field.data_type(), DataType::Interval(IntervalUnit::DayTime));
            let is_uuid = !column.is_group()
                && matches!(info.logical_type_ref(), Some(LogicalType::Uuid))
                && matches!(field.data_type(), DataType::FixedSizeBinary(16));
            if is_interval {
                intervals.push(i);
                *field = retyped(field, DataType::Interval(IntervalUnit::MonthDayNano));
            } else if is_uuid {
                let mut metadata = field.metadata().clone();
                metadata.insert(EXTENSION_NAME.to_string(), UUID_EXTENSION.to_string());
                *field = Arc::new(field.as_ref().clone().with_metadata(metadata));
            } else if let Some(zone) = hinted_zone(field, hint.as_ref().map(|h| h.fields())) {
                *field = retyped(field, zone);
            }
        }
        let months = match intervals.is_empty() {
            true => None,
            false => {
                let supplied: Vec<FieldRef> = meta
                    .schema()
                    .fields()
                    .iter()
                    .enumerate()
                    .map(|(i, f)| match intervals.contains(&i) {
                        true => retyped(f, DataType::Interval(IntervalUnit::YearMonth)),
                        false => f.clone(),
                    })
                    .collect();
                let options =
                    ArrowReaderOptions::new().with_schema(Arc::new(Schema::new(supplied)));
                Some(
                    ArrowReaderMetadata::try_new(meta.metadata().clone(), options)
                        .map_err(|e| format!("reading the months of its intervals: {e}"))?,
                )
            }
        };
        Ok(ParquetInput {
            open: Box::new(open),
            meta,
            fields: fields.into(),
            intervals,
            months,
        })
    }

    pub fn metadata(&self) -> &Arc<ParquetMetaData> {
        self.meta.metadata()
    }

    /// The file's columns, as the batches hold them.
    pub fn fields(&self) -> &Fields {
        &self.fields
    }

    /// The rows `plan` picks, a batch at a time.
    pub fn batches(&self, plan: &Plan) -> Result<Batches, String> {
        let reader = |meta: &ArrowReaderMetadata, columns: Option<&[usize]>| {
            let mut builder =
                ParquetRecordBatchReaderBuilder::new_with_metadata((self.open)()?, meta.clone());
            if let Some(columns) = columns {
                let descr = meta.metadata().file_metadata().schema_descr();
                let roots = columns.iter().copied();
                builder = builder.with_projection(ProjectionMask::roots(descr, roots));
            }
            if let Some(groups) = &plan.row_groups {
                builder = builder.with_row_groups(groups.clone());
            }
            if let Some(selection) = &plan.selection {
                builder = builder.with_row_selection(selection.clone());
            }
            if let Some(rows) = plan.batch_size {
                builder = builder.with_batch_size(rows);
            }
            builder.build().map_err(|e| e.to_string())
        };
        let months = match &self.months {
            Some(meta) => Some(reader(meta, Some(&self.intervals))?),
            None => None,
        };
        Ok(Batches {
            main: reader(&self.meta, None)?,
            months,
            schema: Arc::new(Schema::new(self.fields.clone())),
            intervals: self.intervals.clone(),
        })
    }
}

/// The batches of one pass, each with its columns as [`ParquetInput::fields`] states them.
pub struct Batches {
    main: ParquetRecordBatchReader,
    months: Option<ParquetRecordBatchReader>,
    schema: Arc<Schema>,
    intervals: Vec<usize>,
}

impl Iterator for Batches {
    type Item = Result<RecordBatch, String>;

    fn next(&mut self) -> Option<Self::Item> {
        let batch = match self.main.next()? {
            Ok(batch) => batch,
            Err(e) => return Some(Err(e.to_string())),
        };
        let months = match self.months.as_mut().map(|m| m.next()) {
            None => None,
            Some(Some(Ok(months))) if months.num_rows() == batch.num_rows() => Some(months),
            Some(Some(Err(e))) => return Some(Err(e.to_string())),
            Some(_) => return Some(Err("the pass over its intervals' months lost step".into())),
        };
        Some(self.combined(batch, months))
    }
}

impl Batches {
    fn combined(
        &self,
        batch: RecordBatch,
        months: Option<RecordBatch>,
    ) -> Result<RecordBatch, String> {
        let mut columns: Vec<ArrayRef> = batch.columns().to_vec();
        if let Some(months) = months {
            for (k, &c) in self.intervals.iter().enumerate() {
                let rest = columns[c].as_primitive::<IntervalDayTimeType>();
                let months = months.column(k).as_primitive::<IntervalYearMonthType>();
                let values = rest.values().iter().zip(months.values()).map(|(r, &m)| {
                    IntervalMonthDayNano::new(m, r.days, i64::from(r.milliseconds) * 1_000_000)
                });
                let whole = IntervalMonthDayNanoArray::new(values.collect(), rest.nulls().cloned());
                columns[c] = Arc::new(whole);
            }
        }
        // A zone put back changes the type's zone, not the values.
        for (column, field) in columns.iter_mut().zip(self.schema.fields()) {
            if column.data_type() != field.data_type() {
                *column = arrow_cast::cast(column, field.data_type()).map_err(|e| e.to_string())?;
            }
        }
        RecordBatch::try_new(self.schema.clone(), columns).map_err(|e| e.to_string())
    }
}

fn retyped(field: &FieldRef, ty: DataType) -> FieldRef {
    Arc::new(field.as_ref().clone().with_data_type(ty))
}

/// The Arrow schema the writer embedded (`ARROW:schema`), if any and readable.
fn writer_schema(meta: &ParquetMetaData) -> Option<Schema> {
    use base64::Engine;
    let encoded = meta
        .file_metadata()
        .key_value_metadata()?
        .iter()
        .find(|kv| kv.key == parquet::arrow::ARROW_SCHEMA_META_KEY)?
        .value
        .as_deref()?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(encoded)
        .ok()?;
    // An IPC message, after a continuation marker and length when present.
    let message = match bytes.get(..4) {
        Some([0xff, 0xff, 0xff, 0xff]) => bytes.get(8..)?,
        _ => &bytes[..],
    };
    let schema = arrow_ipc::root_as_message(message)
        .ok()?
        .header_as_schema()?;
    arrow_ipc::convert::try_fb_to_schema(schema).ok()
}

/// A UTC timestamp column whose writer gave it a zone the reader did not
/// keep: its type with that zone.
fn hinted_zone(field: &Field, hint: Option<&Fields>) -> Option<DataType> {
    let DataType::Timestamp(unit, Some(read)) = field.data_type() else {
        return None;
    };
    let (_, hinted) = hint?.find(field.name())?;
    match hinted.data_type() {
        DataType::Timestamp(_, Some(zone)) if zone != read => {
            Some(DataType::Timestamp(*unit, Some(zone.clone())))
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use parquet::data_type::{FixedLenByteArray, FixedLenByteArrayType};
    use parquet::file::writer::SerializedFileWriter;

    /// Parquet as DuckDB writes an INTERVAL and a UUID, in two row groups
    /// of `rows` each: row `i`'s interval is `i % 3` months, `i` days and
    /// `i` ms (row 2 is null); its UUID's bytes are `i, i+1, …`.
    fn duckdb_like(rows: usize) -> bytes::Bytes {
        let schema = parquet::schema::parser::parse_message_type(
            "message m { optional fixed_len_byte_array(12) iv (INTERVAL); \
             required fixed_len_byte_array(16) u (UUID); }",
        )
        .unwrap();
        let mut out = Vec::new();
        let mut writer =
            SerializedFileWriter::new(&mut out, Arc::new(schema), Default::default()).unwrap();
        for group in 0..2 {
            let ids: Vec<usize> = (group * rows..(group + 1) * rows).collect();
            let mut rg = writer.next_row_group().unwrap();
            let mut column = rg.next_column().unwrap().unwrap();
            let present: Vec<FixedLenByteArray> = ids
                .iter()
                .filter(|&&i| i != 2)
                .map(|&i| {
                    let words = [(i % 3) as u32, i as u32, i as u32];
                    words
                        .iter()
                        .flat_map(|w| w.to_le_bytes())
                        .collect::<Vec<u8>>()
                        .into()
                })
                .collect();
            let defined: Vec<i16> = ids.iter().map(|&i| i16::from(i != 2)).collect();
            column
                .typed::<FixedLenByteArrayType>()
                .write_batch(&present, Some(&defined), None)
                .unwrap();
            column.close().unwrap();
            let mut column = rg.next_column().unwrap().unwrap();
            let uuids: Vec<FixedLenByteArray> = ids
                .iter()
                .map(|&i| (0..16).map(|k| (i + k) as u8).collect::<Vec<u8>>().into())
                .collect();
            column
                .typed::<FixedLenByteArrayType>()
                .write_batch(&uuids, None, None)
                .unwrap();
            column.close().unwrap();
            rg.close().unwrap();
        }
        writer.close().unwrap();
        out.into()
    }

    #[test]
    fn intervals_keep_their_months_and_uuids_are_named_whatever_rows_are_read() {
        let bytes = duckdb_like(5);
        let input = ParquetInput::open(move || Ok(bytes.clone())).unwrap();
        assert_eq!(
            input.fields()[0].data_type(),
            &DataType::Interval(IntervalUnit::MonthDayNano)
        );
        assert_eq!(
            input.fields()[1].metadata().get(EXTENSION_NAME).unwrap(),
            UUID_EXTENSION
        );
        let plans = [
            Plan::default(),
            // Batches that cross row groups, and a selection of rows.
            Plan {
                batch_size: Some(3),
                selection: Some(RowSelection::from_consecutive_ranges(
                    [1..4, 6..9].into_iter(),
                    10,
                )),
                ..Plan::default()
            },
            Plan {
                row_groups: Some(vec![1]),
                ..Plan::default()
            },
        ];
        let expected_rows = [
            (0..10).collect::<Vec<usize>>(),
            vec![1, 2, 3, 6, 7, 8],
            (5..10).collect(),
        ];
        for (plan, expected) in plans.iter().zip(expected_rows) {
            let mut seen = Vec::new();
            for batch in input.batches(plan).unwrap() {
                let batch = batch.unwrap();
                let iv = batch
                    .column(0)
                    .as_primitive::<arrow_array::types::IntervalMonthDayNanoType>();
                for r in 0..batch.num_rows() {
                    seen.push(iv.is_valid(r).then(|| iv.value(r)));
                }
            }
            let want: Vec<Option<IntervalMonthDayNano>> = expected
                .iter()
                .map(|&i| {
                    (i != 2).then(|| {
                        IntervalMonthDayNano::new((i % 3) as i32, i as i32, i as i64 * 1_000_000)
                    })
                })
                .collect();
            assert_eq!(seen, want);
        }
    }

    #[test]
    fn a_zone_the_writer_gave_is_put_back() {
        use arrow_array::TimestampMillisecondArray;
        use arrow_schema::TimeUnit;
        // As pyarrow writes `timestamp('s', tz)`: UTC milliseconds, and its
        // own Arrow schema beside them, in seconds and with the zone.
        let stored = DataType::Timestamp(TimeUnit::Millisecond, Some("UTC".into()));
        let schema = Arc::new(Schema::new(vec![Field::new("t", stored, false)]));
        let values = TimestampMillisecondArray::from(vec![0, 86_400_000]).with_timezone("UTC");
        let batch = RecordBatch::try_new(schema.clone(), vec![Arc::new(values)]).unwrap();
        let zoned = DataType::Timestamp(TimeUnit::Second, Some("Asia/Tokyo".into()));
        let hint =
            parquet::arrow::encode_arrow_schema(&Schema::new(vec![Field::new("t", zoned, false)]));
        let properties = parquet::file::properties::WriterProperties::builder()
            .set_key_value_metadata(Some(vec![parquet::file::metadata::KeyValue::new(
                parquet::arrow::ARROW_SCHEMA_META_KEY.to_string(),
                hint,
            )]))
            .build();
        let options = parquet::arrow::arrow_writer::ArrowWriterOptions::new()
            .with_properties(properties)
            .with_skip_arrow_metadata(true);
        let mut out = Vec::new();
        let mut writer =
            parquet::arrow::ArrowWriter::try_new_with_options(&mut out, schema, options).unwrap();
        writer.write(&batch).unwrap();
        writer.close().unwrap();
        let bytes = bytes::Bytes::from(out);
        let input = ParquetInput::open(move || Ok(bytes.clone())).unwrap();
        // Stored as UTC milliseconds: the zone comes back, on the same instants.
        let DataType::Timestamp(_, Some(zone)) = input.fields()[0].data_type() else {
            panic!("{:?}", input.fields()[0]);
        };
        assert_eq!(zone.as_ref(), "Asia/Tokyo");
        let batch = input
            .batches(&Plan::default())
            .unwrap()
            .next()
            .unwrap()
            .unwrap();
        let seconds = arrow_cast::cast(
            batch.column(0),
            &DataType::Timestamp(arrow_schema::TimeUnit::Second, None),
        )
        .unwrap();
        let seconds = seconds.as_primitive::<arrow_array::types::TimestampSecondType>();
        assert_eq!(seconds.values().to_vec(), vec![0, 86_400]);
    }
}
