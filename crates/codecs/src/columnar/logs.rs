//! [`LogRecord`] as columns: the IPv4 address as one `UInt32` (network
//! order, so numeric order is address order), the time as a millisecond
//! timestamp, the optional referrer as a nullable string.

use super::{batch, check_schema, column, ArrowRecord};
use crate::records::LogRecord;
use crate::CodecError;
use arrow_array::{
    Array, ArrayRef, RecordBatch, StringArray, TimestampMillisecondArray, UInt16Array, UInt32Array,
    UInt64Array,
};
use arrow_schema::{DataType, Field, Schema, SchemaRef, TimeUnit};
use std::sync::{Arc, OnceLock};

impl ArrowRecord for LogRecord {
    fn arrow_schema() -> SchemaRef {
        static SCHEMA: OnceLock<SchemaRef> = OnceLock::new();
        SCHEMA
            .get_or_init(|| {
                Arc::new(Schema::new(vec![
                    Field::new(
                        "timestamp_ms",
                        DataType::Timestamp(TimeUnit::Millisecond, None),
                        false,
                    ),
                    Field::new("ip", DataType::UInt32, false),
                    Field::new("user_id", DataType::UInt64, false),
                    Field::new("method", DataType::Utf8, false),
                    Field::new("path", DataType::Utf8, false),
                    Field::new("status", DataType::UInt16, false),
                    Field::new("bytes", DataType::UInt64, false),
                    Field::new("referrer", DataType::Utf8, true),
                    Field::new("user_agent", DataType::Utf8, false),
                ]))
            })
            .clone()
    }

    fn to_batch(records: &[Self]) -> Result<RecordBatch, CodecError> {
        let columns: Vec<ArrayRef> = vec![
            Arc::new(TimestampMillisecondArray::from_iter_values(
                records.iter().map(|r| r.timestamp_ms),
            )),
            Arc::new(UInt32Array::from_iter_values(
                records.iter().map(|r| u32::from_be_bytes(r.ip)),
            )),
            Arc::new(UInt64Array::from_iter_values(
                records.iter().map(|r| r.user_id),
            )),
            Arc::new(StringArray::from_iter_values(
                records.iter().map(|r| &r.method),
            )),
            Arc::new(StringArray::from_iter_values(
                records.iter().map(|r| &r.path),
            )),
            Arc::new(UInt16Array::from_iter_values(
                records.iter().map(|r| r.status),
            )),
            Arc::new(UInt64Array::from_iter_values(
                records.iter().map(|r| r.bytes),
            )),
            Arc::new(
                records
                    .iter()
                    .map(|r| r.referrer.as_deref())
                    .collect::<StringArray>(),
            ),
            Arc::new(StringArray::from_iter_values(
                records.iter().map(|r| &r.user_agent),
            )),
        ];
        batch(Self::arrow_schema(), columns)
    }

    fn from_batch(batch: &RecordBatch, out: &mut Vec<Self>) -> Result<(), CodecError> {
        let schema = Self::arrow_schema();
        check_schema(&batch.schema(), &schema)?;
        let f = schema.fields();
        let timestamp: &TimestampMillisecondArray = column(batch, &f[0])?;
        let ip: &UInt32Array = column(batch, &f[1])?;
        let user_id: &UInt64Array = column(batch, &f[2])?;
        let method: &StringArray = column(batch, &f[3])?;
        let path: &StringArray = column(batch, &f[4])?;
        let status: &UInt16Array = column(batch, &f[5])?;
        let bytes: &UInt64Array = column(batch, &f[6])?;
        let referrer: &StringArray = column(batch, &f[7])?;
        let user_agent: &StringArray = column(batch, &f[8])?;
        // RecordBatch guarantees every column holds `num_rows` values.
        let rows = batch.num_rows();
        out.reserve(rows);
        for i in 0..rows {
            out.push(LogRecord {
                timestamp_ms: timestamp.value(i),
                ip: ip.value(i).to_be_bytes(),
                user_id: user_id.value(i),
                method: method.value(i).to_owned(),
                path: path.value(i).to_owned(),
                status: status.value(i),
                bytes: bytes.value(i),
                referrer: referrer.is_valid(i).then(|| referrer.value(i).to_owned()),
                user_agent: user_agent.value(i).to_owned(),
            });
        }
        Ok(())
    }
}
