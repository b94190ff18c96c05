//! The Avro codecs: extremes round-trip, the bytes are plain Avro of the
//! documented types, values the records cannot hold are errors, hostile
//! lengths are refused, and no input panics.

use super::*;
use crate::records::fixtures::{every_cut_and_flip, logs, orders, telemetry};
use crate::records::{LogRecord, Order, Telemetry};
use apache_avro::types::Value;

/// Avro's zigzag varint, for hand-made inputs.
fn long(n: i64, out: &mut Vec<u8>) {
    let mut z = ((n << 1) ^ (n >> 63)) as u64;
    while z >= 0x80 {
        out.push(z as u8 | 0x80);
        z >>= 7;
    }
    out.push(z as u8);
}

fn encoded<R: AvroRecord>(codec: &dyn Codec<Vec<R>>, value: &Vec<R>) -> Vec<u8> {
    let mut buf = Vec::new();
    codec.encode(value, &mut buf).unwrap();
    buf
}

/// A datum of `records` written from generic values against `R`'s batch schema.
fn datum_of<R: AvroRecord>(records: Vec<Value>) -> Vec<u8> {
    GenericDatumWriter::builder(&R::schemas().batch)
        .build()
        .unwrap()
        .write_value_to_vec(Value::Array(records))
        .unwrap()
}

fn field<'v>(record: &'v Value, name: &str) -> &'v Value {
    let Value::Record(fields) = record else {
        panic!("not a record: {record:?}")
    };
    &fields.iter().find(|(n, _)| n == name).unwrap().1
}

/// The first record of a batch datum, read back as generic values.
fn first_as_value<R: AvroRecord>(bytes: &[u8]) -> Value {
    let value = GenericDatumReader::builder(&R::schemas().batch)
        .build()
        .unwrap()
        .read_value(&mut &bytes[..])
        .unwrap();
    let Value::Array(mut records) = value else {
        panic!("not an array")
    };
    records.swap_remove(0)
}

fn telemetry_value(readings: usize, counters: usize, flags: i32) -> Value {
    Value::Record(vec![
        ("timestamp_us".into(), Value::Long(1)),
        ("sensor".into(), Value::Long(2)),
        (
            "readings".into(),
            Value::Array(vec![Value::Double(0.5); readings]),
        ),
        (
            "counters".into(),
            Value::Array(vec![Value::Int(-3); counters]),
        ),
        ("flags".into(), Value::Int(flags)),
    ])
}

#[test]
fn the_schemas_parse_and_the_allocation_cap_is_set() {
    for json in [LOG_RECORD_SCHEMA, TELEMETRY_SCHEMA, ORDER_SCHEMA] {
        Schema::parse_str(json).unwrap();
    }
    let _ = AvroDatum::<LogRecord>::default();
    assert_eq!(
        apache_avro::util::max_allocation_bytes(usize::MAX),
        MAX_ALLOCATION_BYTES
    );
}

#[test]
fn extremes_round_trip_both_ways() {
    let mut l = logs();
    l[0].user_id = u64::MAX;
    l[0].bytes = 1 << 63;
    l[0].timestamp_ms = i64::MIN;
    l[0].status = u16::MAX;
    let mut t = telemetry();
    t[0].sensor = u32::MAX;
    t[0].flags = u8::MAX;
    let mut o = orders();
    o[0].id = u64::MAX;
    o[0].customer.id = u64::MAX;
    o[1].items[0].quantity = u32::MAX;
    o[1].note = Some(String::new());
    o[2].attributes.insert(String::new(), String::new());
    let datum = (
        AvroDatum::<LogRecord>::default(),
        AvroDatum::<Telemetry>::default(),
        AvroDatum::<Order>::default(),
    );
    let container = (
        AvroContainer::<LogRecord>::default(),
        AvroContainer::<Telemetry>::default(),
        AvroContainer::<Order>::default(),
    );
    assert_eq!(datum.0.decode(&encoded(&datum.0, &l)), Ok(l.clone()));
    assert_eq!(datum.1.decode(&encoded(&datum.1, &t)), Ok(t.clone()));
    assert_eq!(datum.2.decode(&encoded(&datum.2, &o)), Ok(o.clone()));
    assert_eq!(container.0.decode(&encoded(&container.0, &l)), Ok(l));
    assert_eq!(container.1.decode(&encoded(&container.1, &t)), Ok(t));
    assert_eq!(container.2.decode(&encoded(&container.2, &o)), Ok(o));
}

#[test]
fn the_datum_is_plain_avro_of_the_documented_types() {
    let mut l = logs();
    l[0].user_id = u64::MAX;
    l[0].ip = [10, 0, 0, 1];
    let record = first_as_value::<LogRecord>(&encoded(&AvroDatum::default(), &l));
    assert_eq!(field(&record, "user_id"), &Value::Long(-1)); // bit-cast
    assert_eq!(field(&record, "ip"), &Value::Fixed(4, vec![10, 0, 0, 1]));
    assert_eq!(field(&record, "status"), &Value::Int(404));
    assert_eq!(
        field(&record, "referrer"),
        &Value::Union(
            1,
            Box::new(Value::String("https://example.org/ünïcode".into()))
        )
    );

    let record = first_as_value::<Telemetry>(&encoded(&AvroDatum::default(), &telemetry()));
    let Value::Array(readings) = field(&record, "readings") else {
        panic!("readings")
    };
    assert_eq!(readings.len(), 8);
    assert_eq!(field(&record, "sensor"), &Value::Long(0));
}

#[test]
fn out_of_range_values_are_errors_not_truncations() {
    let codec = AvroDatum::<Telemetry>::default();
    assert!(codec
        .decode(&datum_of::<Telemetry>(vec![telemetry_value(8, 4, 255)]))
        .is_ok());
    let err = codec
        .decode(&datum_of::<Telemetry>(vec![telemetry_value(8, 4, 256)]))
        .unwrap_err();
    assert!(err.to_string().contains("256"), "{err}");
    assert!(codec
        .decode(&datum_of::<Telemetry>(vec![telemetry_value(8, 4, -1)]))
        .is_err());
}

#[test]
fn fixed_size_arrays_need_their_exact_count() {
    let codec = AvroDatum::<Telemetry>::default();
    for (readings, counters) in [(7, 4), (9, 4), (0, 4), (8, 3), (8, 5)] {
        let bytes = datum_of::<Telemetry>(vec![telemetry_value(readings, counters, 1)]);
        assert!(codec.decode(&bytes).is_err(), "{readings}/{counters}");
    }
}

#[test]
fn a_repeated_map_key_is_an_error() {
    let mut o = orders();
    o.truncate(1);
    o[0].attributes = [("key_x", "1"), ("key_y", "2")]
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .into();
    let codec = AvroDatum::<Order>::default();
    let mut bytes = encoded(&codec, &o);
    let at = bytes.windows(5).position(|w| w == b"key_y").unwrap();
    bytes[at + 4] = b'x';
    let err = codec.decode(&bytes).unwrap_err();
    assert!(err.to_string().contains("repeated"), "{err}");
}

#[test]
fn a_hostile_length_is_refused_before_allocating() {
    // One record: timestamp, ip, user_id, then a method "string" of 1 GiB.
    let mut bytes = Vec::new();
    long(1, &mut bytes);
    long(0, &mut bytes);
    bytes.extend([0; 4]);
    long(0, &mut bytes);
    long(1 << 30, &mut bytes);
    let err = AvroDatum::<LogRecord>::default()
        .decode(&bytes)
        .unwrap_err();
    assert!(err.to_string().contains("allocate"), "{err}");

    // A container header claiming 2^40 metadata entries.
    let mut bytes = b"Obj\x01".to_vec();
    long(1 << 40, &mut bytes);
    assert!(AvroContainer::<LogRecord>::default()
        .decode(&bytes)
        .is_err());

    // An array claiming 2^60 records holding one: no reservation from the count.
    let mut bytes = Vec::new();
    long(1 << 60, &mut bytes);
    bytes.extend(&encoded(&AvroDatum::default(), &logs()[..1].to_vec())[1..]);
    assert!(AvroDatum::<LogRecord>::default().decode(&bytes).is_err());
}

#[test]
fn trailing_bytes_are_errors() {
    let codec = AvroDatum::<Order>::default();
    let mut bytes = encoded(&codec, &orders());
    bytes.push(0);
    assert!(matches!(
        codec.decode(&bytes),
        Err(CodecError::Trailing { count: 1, .. })
    ));
    let codec = AvroContainer::<Order>::default();
    let mut bytes = encoded(&codec, &orders());
    bytes.push(0); // a block of zero records: apache_avro stops there
    assert!(codec.decode(&bytes).is_err());
}

#[test]
fn a_container_of_another_record_type_is_an_error() {
    let bytes = encoded(&AvroContainer::default(), &telemetry());
    let err = AvroContainer::<LogRecord>::default()
        .decode(&bytes)
        .unwrap_err();
    assert!(err.to_string().contains("schema"), "{err}");
}

#[test]
fn a_container_cut_inside_a_block_header_is_an_error() {
    // Enough records for several 16 kB blocks.
    let records: Vec<LogRecord> = (0..40).flat_map(|_| logs()).collect();
    let codec = AvroContainer::<LogRecord>::default();
    let bytes = encoded(&codec, &records);
    let marker = &bytes[bytes.len() - 16..];
    let ends: Vec<usize> = bytes
        .windows(16)
        .enumerate()
        .filter(|(_, w)| *w == marker)
        .map(|(i, _)| i + 16)
        .collect();
    assert!(
        ends.len() >= 3,
        "expected several blocks, got {}",
        ends.len() - 1
    );
    for &end in &ends {
        let whole = codec.decode(&bytes[..end]).unwrap();
        assert_eq!(whole[..], records[..whole.len()]);
        // The block count is a 2-byte varint here; cuts inside the next
        // block's header (count, size) must not pass for a shorter file.
        for cut in end + 1..(end + 4).min(bytes.len()) {
            assert!(codec.decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
    }
}

#[test]
fn no_cut_or_flipped_byte_panics() {
    fn check<R: AvroRecord + Clone + PartialEq + std::fmt::Debug>(value: Vec<R>) {
        let datum = AvroDatum::<R>::default();
        // No prefix of a non-empty batch's datum is a valid datum.
        let decoded = every_cut_and_flip(&datum, &encoded(&datum, &value));
        assert!(
            decoded.is_empty(),
            "datum cuts decoded: {:?}",
            decoded.iter().map(|(cut, _)| cut).collect::<Vec<_>>()
        );
        let container = AvroContainer::<R>::default();
        let bytes = encoded(&container, &value);
        for (cut, v) in every_cut_and_flip(&container, &bytes) {
            // Only a cut after the header or a sync marker is a valid file.
            assert!(
                bytes[..cut].ends_with(&bytes[bytes.len() - 16..]),
                "cut {cut}"
            );
            assert!(
                v.len() < value.len() && v[..] == value[..v.len()],
                "cut {cut}"
            );
        }
    }
    check(logs());
    check(telemetry());
    check(orders());
}

#[test]
fn a_hostile_header_schema_is_refused_before_reading_data() {
    // A header declaring a fixed of 2^40 bytes: apache_avro's reader sizes a
    // fixed's buffer from the schema without its allocation cap, and would
    // abort the process on the first object. The decoder compares schemas first.
    let schema = br#"{"type":"fixed","name":"F","size":1099511627776}"#;
    let mut bytes = b"Obj\x01".to_vec();
    long(1, &mut bytes);
    long("avro.schema".len() as i64, &mut bytes);
    bytes.extend(b"avro.schema");
    long(schema.len() as i64, &mut bytes);
    bytes.extend(schema);
    long(0, &mut bytes);
    let marker = [7u8; 16];
    bytes.extend(marker);
    long(1, &mut bytes); // one object
    long(4, &mut bytes); // in 4 bytes
    bytes.extend([1, 2, 3, 4]);
    bytes.extend(marker);
    let err = AvroContainer::<LogRecord>::default()
        .decode(&bytes)
        .unwrap_err();
    assert!(err.to_string().contains("schema"), "{err}");
}

#[test]
fn bytes_of_a_fixed_size_are_avros_fixed_and_read_back() {
    use crate::tables::TableCodec;
    use encbench_table::table::Cell;
    let table = encbench_table::testing::fixed_size_table(&[Some("0a000001"), None]);
    let schema = crate::avro::table::schema_json(&table.schema).unwrap();
    assert!(
        schema.contains(r#""type":["null",{"type":"fixed","name":"Fixed1","size":4}]"#),
        "{schema}"
    );
    let codec = crate::avro::table::AvroTable::default();
    let mut bytes = Vec::new();
    codec.encode(&table, &mut bytes).unwrap();
    let back = codec.decode(&bytes, &table.schema).unwrap();
    assert_eq!(back.columns[0].cell(0), Cell::Str("0a000001"));
    assert_eq!(back.columns[0].cell(1), Cell::Null);
    let bad = encbench_table::testing::fixed_size_table(&[Some("0a000001"), Some("0a")]);
    let error = codec.encode(&bad, &mut Vec::new()).unwrap_err().to_string();
    assert!(
        error.contains("column 'ip': a value of 1 byte where its fixed size is 4 bytes"),
        "{error}"
    );
}

/// A column Avro cannot name (`Solar.R`) is written as `Solar_R` and
/// said so; the read-back checks each column under its written name and
/// type, so a file written under another name or type is refused, naming
/// the column, even where every value would read back the same.
#[test]
fn renamed_columns_are_listed_and_read_back_only_under_their_written_name() {
    use crate::tables::TableCodec;
    use encbench_table::schema::{ColumnType, Field, Schema};
    use encbench_table::table::{Cell, Table};
    let table_of = |name: &str, ty: ColumnType| {
        let schema = Schema {
            fields: vec![
                Field::new("Ozone", ColumnType::Int64, true),
                Field::new(name, ty, true),
            ],
        };
        let mut t = Table::new(schema, 2);
        t.push_row(&[Cell::Int(41), Cell::Null]).unwrap();
        t.push_row(&[Cell::Null, Cell::Null]).unwrap();
        t
    };
    let table = table_of("Solar.R", ColumnType::Int64);
    let codec = crate::avro::table::AvroTable::default();
    assert_eq!(
        codec.renamed(&table.schema),
        [("Solar.R".to_string(), "Solar_R".to_string())]
    );
    let mut bytes = Vec::new();
    codec.encode(&table, &mut bytes).unwrap();
    assert_eq!(codec.decode(&bytes, &table.schema).unwrap(), table);

    // The same values under another Avro name: refused.
    let mut other = Vec::new();
    codec
        .encode(&table_of("SolarR", ColumnType::Int64), &mut other)
        .unwrap();
    let error = codec.decode(&other, &table.schema).unwrap_err().to_string();
    assert!(
        error.contains("column 'Solar.R' is named 'SolarR' in the file, expected 'Solar_R'"),
        "{error}"
    );
    // Or of another type (every value null, so the rows alone agree).
    let mut retyped = Vec::new();
    codec
        .encode(&table_of("Solar.R", ColumnType::String), &mut retyped)
        .unwrap();
    let error = codec
        .decode(&retyped, &table.schema)
        .unwrap_err()
        .to_string();
    assert!(
        error.contains(
            r#"column 'Solar.R' is ["null","string"] in the file, expected ["null","long"]"#
        ),
        "{error}"
    );
    // A table with no such name is written as it is.
    assert!(codec
        .renamed(&table_of("Solar_R", ColumnType::Int64).schema)
        .is_empty());
}
