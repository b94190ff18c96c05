//! Each column's encoding, as the written file's footer records it
//! (issue 51), and the file read back as written.

use super::encoding::{choose, written_size, Choice, SAMPLE_ROWS};
use super::ParquetTable;
use crate::tables::TableCodec;
use arrow_array::{ArrayRef, Float64Array};
use arrow_schema::{DataType, Field as ArrowField};
use bytes::Bytes;
use encbench_table::schema::{ColumnType, Field, Schema};
use encbench_table::table::{Cell, Table};
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::file::metadata::{ColumnChunkMetaData, ParquetMetaDataReader};
use std::sync::Arc;

const ROWS: usize = 100_000;

fn zstd3() -> Compression {
    Compression::ZSTD(ZstdLevel::try_new(3).unwrap())
}

/// A smooth series: BYTE_STREAM_SPLIT groups its slowly changing high bytes.
fn smooth(i: usize) -> f64 {
    (i as f64 / 5000.0).sin() * 1000.0 + i as f64 * 1e-3
}

/// A monotonic id, a low-cardinality text, a smooth float, a float of few
/// values: rows `rows` of them.
fn rows(rows: std::ops::Range<usize>) -> Table {
    let schema = Schema {
        fields: vec![
            Field::new("id", ColumnType::Int64, false),
            Field::new("carrier", ColumnType::String, false),
            Field::new("smooth", ColumnType::Float64, true),
            Field::new("price", ColumnType::Float64, false),
        ],
    };
    let carriers = ["UA", "AA", "B6", "DL", "EV"];
    let mut t = Table::new(schema, rows.len());
    for i in rows {
        let smooth = if i % 97 == 0 {
            Cell::Null
        } else {
            Cell::Float(smooth(i))
        };
        t.push_row(&[
            Cell::Int(1_000_000 + i as i64),
            Cell::Str(carriers[(i * 7 + i / 3) % carriers.len()]),
            smooth,
            Cell::Float([9.99, 19.5, 4.25][(i * 31) % 3]),
        ])
        .unwrap();
    }
    t
}

fn table() -> Table {
    rows(0..ROWS)
}

fn codec() -> ParquetTable {
    ParquetTable::default().with_compressor("zstd-3").unwrap()
}

/// The file `--convert` writes: the table streamed in batches of 8 Ki rows.
fn streamed(table: &Table) -> Vec<u8> {
    let mut batches = (0..table.rows())
        .step_by(8192)
        .map(|from| Ok(rows(from..(from + 8192).min(table.rows()))));
    let mut out = Vec::new();
    codec()
        .write_stream(&table.schema, table.rows(), &mut batches, &mut out)
        .unwrap();
    out
}

/// Each column's first chunk, by name.
fn chunks(file: &[u8]) -> Vec<(String, ColumnChunkMetaData)> {
    let metadata = ParquetMetaDataReader::new()
        .parse_and_finish(&Bytes::copy_from_slice(file))
        .unwrap();
    let group = metadata.row_group(0);
    group
        .columns()
        .iter()
        .map(|c| (c.column_path().string(), c.clone()))
        .collect()
}

fn chunk(file: &[u8], name: &str) -> ColumnChunkMetaData {
    chunks(file).into_iter().find(|(n, _)| n == name).unwrap().1
}

fn has(chunk: &ColumnChunkMetaData, encoding: Encoding) -> bool {
    chunk.encodings().any(|e| e == encoding)
}

fn dictionary(chunk: &ColumnChunkMetaData) -> bool {
    chunk.dictionary_page_offset().is_some() && has(chunk, Encoding::RLE_DICTIONARY)
}

#[test]
fn a_monotonic_integer_column_gets_a_delta_encoding() {
    for file in [streamed(&table()), {
        let mut out = Vec::new();
        codec().encode(&table(), &mut out).unwrap();
        out
    }] {
        let id = chunk(&file, "id");
        assert!(has(&id, Encoding::DELTA_BINARY_PACKED), "{id:?}");
        assert!(!dictionary(&id), "no dictionary to overflow: {id:?}");
        // 100,000 ids in a few hundred bytes, not 8 bytes each.
        assert!(id.compressed_size() < 10_000, "{}", id.compressed_size());
    }
}

#[test]
fn a_low_cardinality_text_column_keeps_its_dictionary() {
    let carrier = chunk(&streamed(&table()), "carrier");
    assert!(dictionary(&carrier), "{carrier:?}");
}

/// The rule, both ways: BYTE_STREAM_SPLIT where the sample shows it
/// smallest, a dictionary where that is smaller.
#[test]
fn a_float_column_is_split_by_bytes_only_where_that_is_smaller() {
    let file = streamed(&table());
    let smooth = chunk(&file, "smooth");
    assert!(has(&smooth, Encoding::BYTE_STREAM_SPLIT), "{smooth:?}");
    assert!(!dictionary(&smooth));
    let price = chunk(&file, "price");
    assert!(dictionary(&price), "three prices: {price:?}");
    assert!(!has(&price, Encoding::BYTE_STREAM_SPLIT));
}

/// The choice is the smallest of the candidates' sizes, measured here.
#[test]
fn the_choice_is_the_smallest_candidate() {
    let field = ArrowField::new("v", DataType::Float64, false);
    let sizes = |values: Vec<f64>| {
        let parts = vec![Arc::new(Float64Array::from(values)) as ArrayRef];
        let size = |c| written_size(&field, &parts, c, zstd3(), 1.0).unwrap();
        let all = [Choice::Dictionary, Choice::Plain, Choice::ByteStreamSplit].map(size);
        (choose(&field, &parts, zstd3(), SAMPLE_ROWS).unwrap(), all)
    };
    let (choice, [dict, plain, split]) = sizes((0..SAMPLE_ROWS).map(smooth).collect());
    assert_eq!(choice, Choice::ByteStreamSplit);
    assert!(split < dict.min(plain), "{split} {dict} {plain}");
    let (choice, [dict, plain, split]) =
        sizes((0..SAMPLE_ROWS).map(|i| (i % 3) as f64 + 0.5).collect());
    assert_eq!(choice, Choice::Dictionary);
    assert!(dict <= plain.min(split), "{dict} {plain} {split}");
}

#[test]
fn the_file_reads_back_identical() {
    let table = table();
    let codec = codec();
    for file in [streamed(&table), {
        let mut out = Vec::new();
        codec.encode(&table, &mut out).unwrap();
        out
    }] {
        assert_eq!(codec.decode(&file, &table.schema).unwrap(), table);
    }
}

#[test]
fn an_empty_table_is_written_and_read() {
    let empty = Table::new(table().schema, 0);
    let mut out = Vec::new();
    codec().encode(&empty, &mut out).unwrap();
    assert_eq!(codec().decode(&out, &empty.schema).unwrap().rows(), 0);
}

/// A layout copied from a file without dictionaries is not re-chosen.
#[test]
fn a_copied_layout_without_dictionaries_stays_plain() {
    let plain = ParquetTable::default().with_layout(1 << 20, false);
    let mut out = Vec::new();
    plain.encode(&table(), &mut out).unwrap();
    for (name, c) in chunks(&out) {
        assert!(!dictionary(&c), "{name}");
        assert!(!has(&c, Encoding::DELTA_BINARY_PACKED), "{name}");
    }
}
