//! Shape checks: streams and files whose columns are missing, mistyped,
//! nullable where the records are not, or framed wrongly must give an
//! error. (Round trips and hostile bytes are covered by `records::tests`.)

use super::{downcast, ArrowIpc, ArrowRecord, Parquet};
use crate::records::fixtures::{logs, orders};
use crate::records::{LogRecord, Order};
use crate::{Codec, CodecError};
use arrow_array::{Array, ArrayRef, Int64Array, RecordBatch, StringArray};
use arrow_ipc::writer::StreamWriter;
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::ArrowWriter;
use std::sync::Arc;

fn ipc(batch: &RecordBatch) -> Vec<u8> {
    let mut out = Vec::new();
    let mut writer = StreamWriter::try_new(&mut out, &batch.schema()).expect("writer");
    writer.write(batch).expect("write");
    writer.finish().expect("finish");
    drop(writer);
    out
}

fn parquet(batch: &RecordBatch) -> Vec<u8> {
    let mut out = Vec::new();
    let mut writer = ArrowWriter::try_new(&mut out, batch.schema(), None).expect("writer");
    writer.write(batch).expect("write");
    writer.close().expect("close");
    out
}

/// `batch` with column `name` replaced by `field` and `array`, or dropped.
fn replace(batch: &RecordBatch, name: &str, new: Option<(Field, ArrayRef)>) -> RecordBatch {
    let mut fields = Vec::new();
    let mut columns = Vec::new();
    for (field, column) in batch.schema().fields().iter().zip(batch.columns()) {
        if field.name() == name {
            if let Some((f, a)) = &new {
                fields.push(f.clone());
                columns.push(a.clone());
            }
        } else {
            fields.push(field.as_ref().clone());
            columns.push(column.clone());
        }
    }
    RecordBatch::try_new(Arc::new(Schema::new(fields)), columns).expect("batch")
}

/// Both codecs must reject `batch` with an error naming `what`.
fn rejected<R: ArrowRecord + Send + Sync + std::fmt::Debug>(batch: &RecordBatch, what: &str) {
    for (codec, bytes) in [
        (&ArrowIpc::<R>::default() as &dyn Codec<Vec<R>>, ipc(batch)),
        (&Parquet::<R>::default(), parquet(batch)),
    ] {
        let error = codec.decode(&bytes).expect_err(what);
        assert!(error.to_string().contains(what), "{error}");
    }
}

#[test]
fn a_missing_column_is_an_error() {
    let batch = LogRecord::to_batch(&logs()).expect("batch");
    rejected::<LogRecord>(&replace(&batch, "referrer", None), "`referrer` is missing");
}

#[test]
fn a_column_of_the_wrong_type_is_an_error() {
    let batch = LogRecord::to_batch(&logs()).expect("batch");
    let n = batch.num_rows() as i64;
    let wrong = (
        Field::new("ip", DataType::Int64, false),
        Arc::new(Int64Array::from_iter_values(0..n)) as ArrayRef,
    );
    rejected::<LogRecord>(&replace(&batch, "ip", Some(wrong)), "column `ip`");
}

#[test]
fn nulls_where_the_records_have_none_are_an_error() {
    let batch = LogRecord::to_batch(&logs()).expect("batch");
    let methods: StringArray = (0..batch.num_rows())
        .map(|i| (i != 3).then_some("GET"))
        .collect();
    let nullable = (
        Field::new("method", DataType::Utf8, true),
        Arc::new(methods) as ArrayRef,
    );
    rejected::<LogRecord>(
        &replace(&batch, "method", Some(nullable)),
        "column `method`",
    );
    // The check behind every downcast, should a library hand one over.
    let with_null = StringArray::from(vec![Some("a"), None]);
    let error = downcast::<StringArray>(&with_null, "x", false).expect_err("null");
    assert!(error.to_string().contains("2 nulls") || error.to_string().contains("1 nulls"));
    assert!(downcast::<Int64Array>(&with_null, "x", true).is_err());
}

#[test]
fn nested_types_are_checked_too() {
    let batch = Order::to_batch(&orders()).expect("batch");
    // The same customer struct, but with `email` declared not null is a
    // different type: rejected by name before any row is read.
    let customer = batch.column_by_name("customer").expect("customer").clone();
    let as_string = (
        Field::new("customer", DataType::Utf8, false),
        Arc::new(StringArray::from_iter_values(
            (0..customer.len()).map(|_| "x"),
        )) as ArrayRef,
    );
    rejected::<Order>(
        &replace(&batch, "customer", Some(as_string)),
        "column `customer`",
    );
}

#[test]
fn a_repeated_map_key_is_an_error() {
    use arrow_array::builder::{MapBuilder, MapFieldNames, StringBuilder};
    let batch = Order::to_batch(&orders()[..1]).expect("batch");
    let names = MapFieldNames {
        entry: "entries".into(),
        key: "keys".into(),
        value: "values".into(),
    };
    let mut builder = MapBuilder::new(Some(names), StringBuilder::new(), StringBuilder::new())
        .with_values_field(Field::new("values", DataType::Utf8, false))
        .with_keys_field(Field::new("keys", DataType::Utf8, false));
    for value in ["a", "b"] {
        builder.keys().append_value("k");
        builder.values().append_value(value);
    }
    builder.append(true).expect("append");
    let map = builder.finish();
    // Match the schema's field exactly (keys sorted), so only the key repeats.
    let field = Order::arrow_schema()
        .field_with_name("attributes")
        .expect("field")
        .clone();
    let map = arrow_array::MapArray::try_new(
        match field.data_type() {
            DataType::Map(entry, _) => entry.clone(),
            other => panic!("{other}"),
        },
        map.offsets().clone(),
        map.entries().clone(),
        None,
        true,
    )
    .expect("map");
    rejected::<Order>(
        &replace(&batch, "attributes", Some((field, Arc::new(map)))),
        "repeated",
    );
}

#[test]
fn a_stream_must_end_with_its_end_marker_and_nothing_after() {
    let codec = ArrowIpc::<LogRecord>::default();
    let mut bytes = Vec::new();
    codec.encode(&logs(), &mut bytes).expect("encode");
    assert_eq!(codec.decode(&bytes).expect("decode"), logs());
    // Cut exactly between the record batch and the end-of-stream marker:
    // the reader alone would call that a complete stream.
    let cut = &bytes[..bytes.len() - 8];
    assert!(matches!(
        codec.decode(cut),
        Err(CodecError::Truncated { .. })
    ));
    let mut longer = bytes.clone();
    longer.extend_from_slice(&[0; 8]);
    assert!(matches!(
        codec.decode(&longer),
        Err(CodecError::Trailing { .. })
    ));
    // An empty batch round-trips, and a stream with the batch cut off is
    // not mistaken for it.
    let empty: Vec<LogRecord> = Vec::new();
    bytes.clear();
    codec.encode(&empty, &mut bytes).expect("encode");
    assert_eq!(codec.decode(&bytes).expect("decode"), empty);
}

#[test]
fn parquet_files_are_one_row_group_without_compression() {
    use parquet::file::reader::{FileReader, SerializedFileReader};
    let codec = Parquet::<Order>::default();
    let mut bytes = Vec::new();
    codec.encode(&orders(), &mut bytes).expect("encode");
    let file = SerializedFileReader::new(bytes::Bytes::from(bytes)).expect("file");
    let meta = file.metadata();
    assert_eq!(meta.num_row_groups(), 1);
    for column in meta.row_group(0).columns() {
        assert_eq!(
            column.compression(),
            parquet::basic::Compression::UNCOMPRESSED
        );
    }
}

#[test]
fn list_item_and_map_entry_names_do_not_count_but_struct_field_names_do() {
    use arrow_schema::Fields;
    let list = |item: &str| DataType::List(Arc::new(Field::new(item, DataType::Utf8, false)));
    assert!(super::same_type(&list("item"), &list("element")));
    assert!(!super::same_type(
        &list("item"),
        &DataType::List(Arc::new(Field::new("item", DataType::Utf8, true)))
    ));
    let map = |k: &str, v: &str| {
        let entries = Fields::from(vec![
            Field::new(k, DataType::Utf8, false),
            Field::new(v, DataType::Utf8, false),
        ]);
        DataType::Map(
            Arc::new(Field::new("entries", DataType::Struct(entries), false)),
            true,
        )
    };
    assert!(super::same_type(
        &map("keys", "values"),
        &map("key", "value")
    ));
    let person =
        |name: &str| DataType::Struct(Fields::from(vec![Field::new(name, DataType::Utf8, false)]));
    assert!(super::same_type(&person("name"), &person("name")));
    assert!(!super::same_type(&person("name"), &person("nick")));
}
