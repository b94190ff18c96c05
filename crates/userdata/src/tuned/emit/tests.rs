//! The calls' text for a prescription made by hand: each names what the
//! prescription names, as its writer spells it, and says what it cannot.

use super::*;
use encbench_codecs::columnar::tuning::{Column, Sort};
use encbench_codecs::columnar::Choice;
use std::time::Duration;

fn chosen(name: &str, choice: Choice) -> Column {
    Column {
        name: name.into(),
        setting: Setting::Chosen {
            choice,
            bytes: 10.0,
            dictionary: 20.0,
        },
    }
}

fn prescription(sort: bool) -> Prescription {
    Prescription {
        sample_rows: 1000,
        level: 6,
        row_group_rows: 1 << 20,
        page_rows: 20_000,
        page_bytes: 1 << 20,
        page_index: true,
        columns: vec![
            chosen("id", Choice::Delta),
            chosen("carrier", Choice::Dictionary),
            chosen("smooth", Choice::ByteStreamSplit),
            Column {
                name: "tags".into(),
                setting: Setting::NotMeasured("a nested column".into()),
            },
        ],
        steps: Vec::new(),
        levels: Vec::new(),
        sort: sort.then(|| Sort {
            column: "carrier".into(),
            index: 1,
            before: 100,
            after: 90,
        }),
        took: Duration::ZERO,
    }
}

#[test]
fn pyarrow_names_every_setting() {
    let text = pyarrow(&prescription(true));
    for part in [
        "table = table.sort_by(\"carrier\")",
        "compression=\"zstd\"",
        "compression_level=6",
        "use_dictionary=[\"carrier\", \"tags\"]",
        "column_encoding={\"id\": \"DELTA_BINARY_PACKED\", \"smooth\": \"BYTE_STREAM_SPLIT\"}",
        "row_group_size=1048576",
        "max_rows_per_page=20000",
        "write_page_index=True",
        "sorting_columns=[pq.SortingColumn(1)]",
    ] {
        assert!(text.contains(part), "{part} missing from\n{text}");
    }
    assert!(!pyarrow(&prescription(false)).contains("sort"));
}

#[test]
fn polars_passes_the_rest_through_pyarrow() {
    let text = polars(&prescription(false));
    assert!(text.contains("use_pyarrow=True"), "{text}");
    assert!(
        text.contains("\"column_encoding\": {\"id\": \"DELTA_BINARY_PACKED\""),
        "{text}"
    );
    assert!(text.contains("\"write_page_index\": True"), "{text}");
    // polars passes these itself: not again in pyarrow_options.
    assert!(!text.contains("\"compression_level\""), "{text}");
    assert!(text.contains("# polars' own writer"), "{text}");
}

#[test]
fn duckdb_says_what_it_cannot_name() {
    let text = duckdb(&prescription(true));
    assert!(
        text.starts_with("COPY (SELECT * FROM tbl ORDER BY \"carrier\") TO 'out.parquet' (FORMAT PARQUET, COMPRESSION ZSTD, COMPRESSION_LEVEL 6, ROW_GROUP_SIZE 1048576, PARQUET_VERSION V2);"),
        "{text}"
    );
    assert!(text.contains("-- DuckDB chooses each column's encoding itself"));
}

#[test]
fn spark_turns_dictionaries_off_per_column() {
    let text = spark(&prescription(true));
    for part in [
        ".sortWithinPartitions(\"carrier\")",
        ".option(\"compression\", \"zstd\")",
        ".option(\"parquet.compression.codec.zstd.level\", \"6\")",
        ".option(\"parquet.enable.dictionary#id\", \"false\")",
        ".option(\"parquet.enable.dictionary#smooth\", \"false\")",
        ".option(\"parquet.writer.version\", \"PARQUET_2_0\")",
        ".parquet(\"out.parquet\"))",
        "# Written otherwise here: smooth (BYTE_STREAM_SPLIT).",
    ] {
        assert!(text.contains(part), "{part} missing from\n{text}");
    }
    assert!(!text.contains("dictionary#carrier"));
}

#[test]
fn names_are_quoted_for_each_language() {
    let mut p = prescription(false);
    p.columns[0].name = "say \"hi\"".into();
    p.sort = Some(Sort {
        column: "say \"hi\"".into(),
        index: 0,
        before: 2,
        after: 1,
    });
    assert!(pyarrow(&p).contains(r#""say \"hi\"": "DELTA_BINARY_PACKED""#));
    assert!(duckdb(&p).contains(r#"ORDER BY "say ""hi""""#));
}
