//! `parquet + tuned`: what the sample chooses, and the file it writes.

use super::encoding::Choice;
use super::tuning::{pick_level, tune, Level, Setting};
use super::TunedParquet;
use crate::tables::TableCodec;
use arrow_array::builder::{Int32Builder, ListBuilder};
use arrow_array::{ArrayRef, Float64Array, Int64Array, RecordBatch, StringArray, StructArray};
use arrow_schema::{DataType, Field, Schema};
use bytes::Bytes;
use encbench_table::schema::{ColumnType, Field as TField, Schema as TSchema};
use encbench_table::table::{Cell, Table};
use parquet::basic::Encoding;
use parquet::file::metadata::ParquetMetaDataReader;
use std::sync::Arc;
use std::time::Duration;

const ROWS: usize = 50_000;

/// A pseudo-random index: no period for zstd to find.
fn scrambled(i: usize) -> usize {
    let mut x = (i as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    x ^= x >> 31;
    (x.wrapping_mul(0xBF58_476D_1CE4_E5B9) >> 33) as usize
}

/// An id, a noisy smooth float, a float of three values, a text of five
/// values, a text of urls sharing prefixes.
fn batch() -> RecordBatch {
    let schema = Arc::new(Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("smooth", DataType::Float64, false),
        Field::new("price", DataType::Float64, false),
        Field::new("carrier", DataType::Utf8, false),
        Field::new("url", DataType::Utf8, false),
    ]));
    let carriers = ["UA", "AA", "B6", "DL", "EV"];
    let columns: Vec<ArrayRef> = vec![
        Arc::new(Int64Array::from_iter_values(
            (0..ROWS as i64).map(|i| 7_000_000 + i),
        )),
        Arc::new(Float64Array::from_iter_values(
            (0..ROWS).map(|i| (i as f64 / 5000.0).sin() * 1000.0 + i as f64 * 1e-3),
        )),
        Arc::new(Float64Array::from_iter_values(
            (0..ROWS).map(|i| [9.99, 19.5, 4.25][(i * 31) % 3]),
        )),
        Arc::new(StringArray::from_iter_values(
            (0..ROWS).map(|i| carriers[scrambled(i) % 5]),
        )),
        Arc::new(StringArray::from_iter_values((0..ROWS).map(|i| {
            format!("https://example.org/flights/2024/{:08}", i * 13)
        }))),
    ];
    RecordBatch::try_new(schema, columns).unwrap()
}

#[test]
fn each_column_gets_the_encoding_its_sample_writes_smallest() {
    let b = batch();
    let p = tune(&b.schema(), std::slice::from_ref(&b), ROWS).unwrap();
    assert_eq!(p.sample_rows, ROWS);
    assert_eq!(p.choice("id"), Some(Choice::Delta), "a monotonic integer");
    assert_eq!(p.choice("smooth"), Some(Choice::ByteStreamSplit));
    assert_eq!(p.choice("price"), Some(Choice::Dictionary), "three values");
    assert_eq!(p.choice("carrier"), Some(Choice::Dictionary), "five values");
    let url = p.choice("url").unwrap();
    assert!(
        matches!(url, Choice::DeltaByteArray | Choice::DeltaLength),
        "unique texts sharing prefixes: {url:?}"
    );
    // Every chosen encoding is no larger than the dictionary on the sample.
    for c in &p.columns {
        if let Setting::Chosen {
            bytes, dictionary, ..
        } = c.setting
        {
            assert!(bytes <= dictionary, "{}: {bytes} > {dictionary}", c.name);
        }
    }
    let encodings = &p.steps[0];
    assert_eq!(encodings.what, "encodings");
    assert!(encodings.gain() > 0, "{encodings:?}");
    assert_eq!(p.levels.len(), 5);
    assert!(p.levels.iter().any(|l| l.level == p.level));
}

#[test]
fn an_unsupported_type_is_not_measured_and_the_file_still_writes() {
    let mut list = ListBuilder::new(Int32Builder::new());
    for i in 0..1000 {
        list.values().append_value(i);
        list.values().append_value(i * 2);
        list.append(i % 5 != 0);
    }
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..1000));
    let inner = Arc::new(StructArray::from(vec![(
        Arc::new(Field::new("x", DataType::Int64, false)),
        ids.clone(),
    )])) as ArrayRef;
    let flags: ArrayRef = Arc::new(arrow_array::BooleanArray::from_iter(
        (0..1000).map(|i| Some(i % 3 == 0)),
    ));
    let list: ArrayRef = Arc::new(list.finish());
    let b = RecordBatch::try_from_iter(vec![
        ("id", ids),
        ("tags", list),
        ("point", inner),
        ("flag", flags),
    ])
    .unwrap();
    let p = tune(&b.schema(), std::slice::from_ref(&b), 1000).unwrap();
    for name in ["tags", "point", "flag"] {
        let c = p.columns.iter().find(|c| c.name == name).unwrap();
        let Setting::NotMeasured(why) = &c.setting else {
            panic!("{name}: {:?}", c.setting)
        };
        assert!(!why.is_empty());
    }
    assert!(matches!(
        &p.columns[1].setting,
        Setting::NotMeasured(why) if why.contains("nested")
    ));
    assert_eq!(p.choice("id"), Some(Choice::Delta));
    // And the prescription writes the file.
    let mut out = Vec::new();
    let mut w =
        parquet::arrow::ArrowWriter::try_new(&mut out, b.schema(), Some(p.properties().unwrap()))
            .unwrap();
    w.write(&b).unwrap();
    w.close().unwrap();
    assert!(!out.is_empty());
}

fn level(level: i32, bytes: u64, write_ms: u64) -> Level {
    Level {
        level,
        bytes,
        write: Duration::from_millis(write_ms),
        read: Duration::from_millis(1),
    }
}

/// The level rule: a higher level is kept unless it is no smaller, or
/// more than 2x slower for under 2 % fewer bytes.
#[test]
fn a_level_twice_as_slow_for_a_sliver_is_not_kept() {
    let levels = [
        level(1, 1000, 10),
        level(3, 950, 12),  // 5 % smaller: kept
        level(6, 940, 30),  // 1 % smaller, 2.5x slower: not kept
        level(9, 900, 40),  // 5.3 % smaller than 3: kept however slow
        level(12, 905, 41), // larger: not kept
    ];
    assert_eq!(levels[pick_level(&levels)].level, 9);
    let flat = [level(1, 1000, 10), level(3, 1000, 11), level(6, 999, 50)];
    assert_eq!(pick_level(&flat), 0);
    let cheap = [level(1, 1000, 10), level(3, 995, 15)];
    assert_eq!(
        pick_level(&cheap),
        1,
        "0.5 % smaller at 1.5x the time: kept"
    );
}

fn table() -> Table {
    let schema = TSchema {
        fields: vec![
            TField::new("id", ColumnType::Int64, false),
            TField::new("carrier", ColumnType::String, false),
            TField::new("smooth", ColumnType::Float64, true),
        ],
    };
    let mut t = Table::new(schema, ROWS);
    let carriers = ["UA", "AA", "B6", "DL", "EV"];
    for i in 0..ROWS {
        let smooth = match i % 97 {
            0 => Cell::Null,
            _ => Cell::Float((i as f64 / 5000.0).sin() * 1000.0 + i as f64 * 1e-3),
        };
        t.push_row(&[Cell::Int(i as i64), Cell::Str(carriers[i % 5]), smooth])
            .unwrap();
    }
    t
}

/// The file written carries what the prescription names, and reads back.
#[test]
fn the_tuned_file_is_what_the_prescription_names_and_reads_back() {
    let table = table();
    let codec = TunedParquet::default();
    let mut out = Vec::new();
    codec.encode(&table, &mut out).unwrap();
    let p = codec.handle().get().expect("chosen on the first encode");
    assert_eq!(codec.decode(&out, &table.schema).unwrap(), table);
    let metadata = ParquetMetaDataReader::new()
        .parse_and_finish(&Bytes::from(out.clone()))
        .unwrap();
    let group = metadata.row_group(0);
    assert_eq!(group.num_rows() as usize, ROWS);
    for chunk in group.columns() {
        let name = chunk.column_path().string();
        assert!(
            matches!(chunk.compression(), parquet::basic::Compression::ZSTD(_)),
            "{name}"
        );
        let encodings: Vec<Encoding> = chunk.encodings().collect();
        match p.choice(&name).unwrap() {
            Choice::Dictionary => assert!(
                chunk.dictionary_page_offset().is_some(),
                "{name}: {encodings:?}"
            ),
            c => {
                let want: Encoding = c.parquet_name().unwrap().parse().unwrap();
                assert!(encodings.contains(&want), "{name}: {encodings:?}");
                assert!(chunk.dictionary_page_offset().is_none(), "{name}");
            }
        }
    }
    for chunk in group.columns() {
        assert_eq!(chunk.column_index_offset().is_some(), p.page_index);
    }
    // A second encode writes with the same choice, byte for byte.
    let mut again = Vec::new();
    codec.encode(&table, &mut again).unwrap();
    assert_eq!(again, out);
}

/// One page per column: no page index (it would repeat the chunk
/// statistics); more pages than that: an index.
#[test]
fn the_page_index_is_written_where_a_column_has_several_pages() {
    let b = batch();
    let small = b.slice(0, 1000);
    let p = tune(&small.schema(), std::slice::from_ref(&small), 1000).unwrap();
    assert!(!p.page_index, "{:?}", p.steps);
    let step = p.steps.iter().find(|s| s.what == "page index").unwrap();
    assert!(step.setting.starts_with("off"), "{step:?}");
    assert!(step.after <= step.before, "{step:?}");
    let p = tune(&b.schema(), std::slice::from_ref(&b), 1 << 20).unwrap();
    assert!(
        p.page_index,
        "a 1 Mi-row group has many pages: {:?}",
        p.steps
    );
}
