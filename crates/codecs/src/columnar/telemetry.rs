//! [`Telemetry`] as columns: the eight readings as eight `Float64` columns
//! `reading_0`…`reading_7` and the four counters as four `Int32` columns.
//!
//! Separate columns rather than a `FixedSizeList<Float64, 8>`: each reading
//! is its own sensor channel, so each gets its own column chunk, encoding
//! and statistics (in Parquet a list is one leaf column with repetition
//! levels for every value, interleaving the channels); and decoding reads
//! plain value slices without list offsets.

use super::{batch, check_schema, column, ArrowRecord};
use crate::records::Telemetry;
use crate::CodecError;
use arrow_array::{
    ArrayRef, Float64Array, Int32Array, RecordBatch, TimestampMicrosecondArray, UInt32Array,
    UInt8Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef, TimeUnit};
use std::sync::{Arc, OnceLock};

const READINGS: usize = 8;
const COUNTERS: usize = 4;

impl ArrowRecord for Telemetry {
    fn arrow_schema() -> SchemaRef {
        static SCHEMA: OnceLock<SchemaRef> = OnceLock::new();
        SCHEMA
            .get_or_init(|| {
                let mut fields = vec![
                    Field::new(
                        "timestamp_us",
                        DataType::Timestamp(TimeUnit::Microsecond, None),
                        false,
                    ),
                    Field::new("sensor", DataType::UInt32, false),
                ];
                fields.extend(
                    (0..READINGS)
                        .map(|k| Field::new(format!("reading_{k}"), DataType::Float64, false)),
                );
                fields.extend(
                    (0..COUNTERS)
                        .map(|k| Field::new(format!("counter_{k}"), DataType::Int32, false)),
                );
                fields.push(Field::new("flags", DataType::UInt8, false));
                Arc::new(Schema::new(fields))
            })
            .clone()
    }

    fn to_batch(records: &[Self]) -> Result<RecordBatch, CodecError> {
        let mut columns: Vec<ArrayRef> = Vec::with_capacity(3 + READINGS + COUNTERS);
        columns.push(Arc::new(TimestampMicrosecondArray::from_iter_values(
            records.iter().map(|r| r.timestamp_us),
        )));
        columns.push(Arc::new(UInt32Array::from_iter_values(
            records.iter().map(|r| r.sensor),
        )));
        for k in 0..READINGS {
            columns.push(Arc::new(Float64Array::from_iter_values(
                records.iter().map(|r| r.readings[k]),
            )));
        }
        for k in 0..COUNTERS {
            columns.push(Arc::new(Int32Array::from_iter_values(
                records.iter().map(|r| r.counters[k]),
            )));
        }
        columns.push(Arc::new(UInt8Array::from_iter_values(
            records.iter().map(|r| r.flags),
        )));
        batch(Self::arrow_schema(), columns)
    }

    fn from_batch(batch: &RecordBatch, out: &mut Vec<Self>) -> Result<(), CodecError> {
        let schema = Self::arrow_schema();
        check_schema(&batch.schema(), &schema)?;
        let f = schema.fields();
        let timestamp: &TimestampMicrosecondArray = column(batch, &f[0])?;
        let sensor: &UInt32Array = column(batch, &f[1])?;
        let mut readings: [&[f64]; READINGS] = [&[]; READINGS];
        for (k, slot) in readings.iter_mut().enumerate() {
            *slot = &column::<Float64Array>(batch, &f[2 + k])?.values()[..];
        }
        let mut counters: [&[i32]; COUNTERS] = [&[]; COUNTERS];
        for (k, slot) in counters.iter_mut().enumerate() {
            *slot = &column::<Int32Array>(batch, &f[2 + READINGS + k])?.values()[..];
        }
        let flags: &UInt8Array = column(batch, &f[2 + READINGS + COUNTERS])?;
        // RecordBatch guarantees every column holds `num_rows` values.
        let rows = batch.num_rows();
        out.reserve(rows);
        for i in 0..rows {
            out.push(Telemetry {
                timestamp_us: timestamp.value(i),
                sensor: sensor.value(i),
                readings: readings.map(|c| c[i]),
                counters: counters.map(|c| c[i]),
                flags: flags.value(i),
            });
        }
        Ok(())
    }
}
