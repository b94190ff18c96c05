use super::*;
use encbench_table::load::Loaded;

fn loaded(text: &str, suffix: &str) -> Loaded {
    crate::load_tests::read(text, suffix).unwrap()
}

const CSV: &str = "\
id,price,ok,day,at,name,amount,tags
1,1.50,true,2024-02-29,2024-02-29T10:00:00.5Z,\"a, b\",12.10,\"{\"\"k\"\": [1, 2.5]}\"
-2,inf,FALSE,1970-01-01,1970-01-01 00:00:00,NA,-0.5,\"{\"\"k\"\": []}\"
3,NA,,2000-01-01,2000-01-01 00:00:01,,0,
";

#[test]
fn a_typed_csv_reads_the_same_through_the_second_reader() {
    let l = loaded(CSV, ".csv");
    let proof = check(&l.original, l.format, &l.table).unwrap();
    assert!(
        proof.what().contains("the csv crate's fields"),
        "{}",
        proof.what()
    );
    assert!(proof.what().contains("3 rows"), "{}", proof.what());
}

/// Offsets as pandas (`+01:00`) and DuckDB (`+00`) write them, read by
/// chrono as the parser reads them by hand: the same instants.
#[test]
fn timestamps_with_offsets_read_the_same_through_the_second_reader() {
    let csv =
        "at\n2024-01-01 00:00:00+01:00\n2024-01-01 00:00:00.25+00\n2024-01-01T05:30:00-0530\n";
    let l = loaded(csv, ".csv");
    assert_eq!(l.table.schema.fields[0].ty, ColumnType::Timestamp);
    check(&l.original, l.format, &l.table).unwrap();
    assert_eq!(
        of_text("2024-01-01 00:00:00+01:00", ColumnType::Timestamp).unwrap(),
        of_text("2023-12-31T23:00:00Z", ColumnType::Timestamp).unwrap()
    );
    assert!(of_text("2024-01-01 00:00:00+1", ColumnType::Timestamp).is_err());
}

#[test]
fn json_lines_and_plain_lines_read_the_same_too() {
    let jsonl = "{\"a\": 1, \"b\": 2.5, \"c\": \"x\", \"d\": {\"e\": [1, null]}}\n\n{\"a\": null, \"b\": -0.0, \"c\": \"NA\", \"d\": null, \"z\": true}\n";
    let l = loaded(jsonl, ".jsonl");
    check(&l.original, l.format, &l.table).unwrap();
    let l = loaded("first line\n\n  third, with spaces  \r\nlast", ".txt");
    check(&l.original, l.format, &l.table).unwrap();
}

#[test]
fn a_table_that_changed_a_value_a_row_or_a_type_is_caught_by_name() {
    let l = loaded(CSV, ".csv");
    // A value the first reader got wrong.
    let mut wrong = l.table.clone();
    wrong.columns[1].values = match &wrong.columns[1].values {
        encbench_table::table::Values::Float(v) => {
            let mut v = v.clone();
            v[0] = 1.05;
            encbench_table::table::Values::Float(v)
        }
        other => panic!("price is {other:?}"),
    };
    let err = check(&l.original, l.format, &wrong).unwrap_err();
    assert_eq!(
        err,
        "row 1, column 'price': the second reader has 1.5, the table 1.05"
    );
    // A row lost.
    let mut short = l.table.clone();
    short.truncate_to(2);
    let err = check(&l.original, l.format, &short).unwrap_err();
    assert_eq!(err, "the second reader found 3 rows, the table holds 2");
    // Text that is not the column's type.
    let edited = CSV.replace("1.50", "1.5x");
    let err = check(edited.as_bytes(), l.format, &l.table).unwrap_err();
    assert_eq!(err, "row 1, column 'price': \"1.5x\" is not float64");
}

#[test]
fn decimals_compare_by_value_and_nested_json_without_nulls() {
    assert_eq!(decimal("+012.3400"), "12.34");
    assert_eq!(decimal("-0.000"), "0");
    assert_eq!(decimal("-.5"), "-0.5");
    assert_eq!(decimal("100"), "100");
    let a = json(&serde_json::json!({"k": [1, 2.5], "n": null, "o": {"p": null}}));
    assert_eq!(a, json(&serde_json::json!({"k": [1.0, 2.5]})));
}

/// The table written as Arrow IPC by arrow-rs: a file, or a stream with
/// LZ4-compressed buffers.
fn arrow_ipc_bytes(table: &Table, stream: bool) -> Vec<u8> {
    use ::arrow_ipc::writer::{FileWriter, IpcWriteOptions, StreamWriter};
    let batch = encbench_table::arrow::to_batch(table).unwrap();
    let mut out = Vec::new();
    match stream {
        false => {
            let mut w = FileWriter::try_new(&mut out, &batch.schema()).unwrap();
            w.write(&batch).unwrap();
            w.finish().unwrap();
        }
        true => {
            let options = IpcWriteOptions::default()
                .try_with_compression(Some(::arrow_ipc::CompressionType::LZ4_FRAME))
                .unwrap();
            let mut w =
                StreamWriter::try_new_with_options(&mut out, &batch.schema(), options).unwrap();
            w.write(&batch).unwrap();
            w.write(&batch.slice(1, 2)).unwrap();
            w.finish().unwrap();
        }
    }
    out
}

#[test]
fn arrow_ipc_is_read_again_by_its_own_walk_and_a_changed_value_is_named() {
    let table = loaded(CSV, ".csv").table;
    let bytes = arrow_ipc_bytes(&table, false);
    let proof = check_columnar(Kind::ArrowFile, &bytes, &table, &[])
        .expect("a second reader")
        .unwrap();
    let what = proof.what();
    assert!(
        what.contains("(encbench's own walk of the Arrow IPC buffers) read the same 3 rows"),
        "{what}"
    );
    // Every column here is one it states (pyarrow's nested files, where
    // columns are skipped by their buffers, are in tests/file_cli.rs).
    assert!(!what.contains("left to the first reader"), "{what}");

    let mut changed = table.clone();
    if let encbench_table::table::Values::Int(v) = &mut changed.columns[0].values {
        v[1] = 7;
    }
    let err = check_columnar(Kind::ArrowFile, &bytes, &changed, &[])
        .expect("a second reader")
        .unwrap_err();
    assert_eq!(
        err,
        "row 2, column 'id': the second reader has -2, the table 7"
    );

    // A stream of two batches, compressed: five rows, in order.
    let mut twice = table.clone();
    for r in 1..3 {
        let cells: Vec<Cell<'_>> = table.columns.iter().map(|c| c.cell(r)).collect();
        twice.push_row(&cells).unwrap();
    }
    let stream = arrow_ipc_bytes(&table, true);
    check_columnar(Kind::ArrowStream, &stream, &twice, &[])
        .expect("a second reader")
        .unwrap();
    let err = check_columnar(Kind::ArrowStream, &stream, &table, &[])
        .expect("a second reader")
        .unwrap_err();
    assert_eq!(
        err,
        "the second reader found more than 3 rows, the table holds 3"
    );
}

#[test]
fn truncated_or_altered_arrow_ipc_is_an_error_not_a_panic() {
    let table = loaded(CSV, ".csv").table;
    let bytes = arrow_ipc_bytes(&table, true);
    for cut in (0..bytes.len()).step_by(7) {
        // Whatever the cut leaves, an answer: rows, an error or no reading.
        let _ = check_columnar(Kind::ArrowStream, &bytes[..cut], &table, &[]);
    }
    // And whatever one wrong byte says (lengths, widths, offsets, keys).
    for at in 0..bytes.len() {
        for flip in [0x01, 0x80, 0xff] {
            let mut hostile = bytes.clone();
            hostile[at] ^= flip;
            let _ = check_columnar(Kind::ArrowStream, &hostile, &table, &[]);
        }
    }
    let err = check_columnar(Kind::ArrowStream, &bytes[..bytes.len() / 2], &table, &[])
        .expect("a second reader")
        .unwrap_err();
    assert!(err.contains("runs past the end"), "{err}");
}

#[test]
fn an_arrow_file_is_read_through_its_footer_whatever_follows_the_magic() {
    let table = loaded(CSV, ".csv").table;
    let mut bytes = arrow_ipc_bytes(&table, false);
    // Polars writes no schema message after the magic: the footer's schema
    // and blocks are the file. Here the schema message is overwritten with
    // the bytes polars puts there, which are not a message.
    let len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    let pattern = [0x04, 0, 0, 0, 0xf2, 0xff, 0xff, 0xff];
    for (k, b) in bytes[8..16 + len].iter_mut().enumerate() {
        *b = pattern[k % pattern.len()];
    }
    let proof = check_columnar(Kind::ArrowFile, &bytes, &table, &[])
        .expect("a second reader")
        .unwrap();
    assert!(
        proof.what().contains("read the same 3 rows"),
        "{}",
        proof.what()
    );
    // A footer cut or altered is an error or no reading, never a panic.
    for cut in 0..bytes.len() {
        let _ = check_columnar(Kind::ArrowFile, &bytes[..cut], &table, &[]);
    }
    for at in bytes.len().saturating_sub(200)..bytes.len() {
        let mut hostile = bytes.clone();
        hostile[at] ^= 0xff;
        let _ = check_columnar(Kind::ArrowFile, &hostile, &table, &[]);
    }
    let err = check_columnar(Kind::ArrowFile, &bytes[..bytes.len() - 3], &table, &[])
        .expect("a second reader")
        .unwrap_err();
    assert!(err.contains("does not end with ARROW1"), "{err}");
}

/// pandas' all-missing column, of Arrow's null type, as pyarrow writes it
/// to Parquet and Feather: the table holds nulls, and the second readers
/// (the record API, the IPC walk) read the same nulls.
#[test]
fn a_null_typed_column_reads_the_same_nulls_through_the_second_readers() {
    let Some(python) = encbench_table::testing::worker_python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    encbench_table::testing::run_python(
        &python,
        dir.path(),
        "import pyarrow as pa, pyarrow.parquet as pq, pyarrow.feather as pf\n\
         t = pa.table({'a': [1, 2], 'n': pa.nulls(2)})\n\
         pq.write_table(t, 't.parquet')\n\
         pf.write_feather(t, 't.arrow', compression='uncompressed')\n",
    );
    for (file, kind) in [("t.parquet", Kind::Parquet), ("t.arrow", Kind::ArrowFile)] {
        let path = dir.path().join(file);
        let read = encbench_table::binary_input::read(&path, kind, u64::MAX).unwrap();
        assert_eq!(read.table.columns[1].cell(0), Cell::Null, "{file}");
        assert_eq!(read.table.columns[1].cell(1), Cell::Null, "{file}");
        let bytes = std::fs::read(&path).unwrap();
        let as_text: Vec<String> = read.as_text.iter().map(|(n, _)| n.clone()).collect();
        match check_columnar(kind, &bytes, &read.table, &as_text) {
            None | Some(Ok(_)) => {}
            Some(Err(e)) => panic!("{file}: {e}"),
        }
    }
}

/// The header is read again and compared by name: a column renamed, or two
/// swapped, is caught even where every value still reads.
#[test]
fn a_csv_whose_header_names_differ_is_caught_by_name() {
    let l = loaded("a,b\n1,2\n3,4\n", ".csv");
    check(&l.original, l.format, &l.table).unwrap();
    let renamed = check(b"a,c\n1,2\n3,4\n", l.format, &l.table).unwrap_err();
    assert_eq!(
        renamed,
        "column 2: the header names it \"c\", the table \"b\""
    );
    let swapped = check(b"b,a\n1,2\n3,4\n", l.format, &l.table).unwrap_err();
    assert_eq!(
        swapped,
        "column 1: the header names it \"b\", the table \"a\""
    );
    let wider = check(b"a,b,c\n1,2\n3,4\n", l.format, &l.table).unwrap_err();
    assert_eq!(wider, "the header has 3 names, the table 2 columns");
    // The first reader's names for blank, padded and repeated headers are
    // the header's too.
    let l = loaded(" x ,,x,x\n1,2,3,4\n", ".csv");
    let names: Vec<&str> = l
        .table
        .schema
        .fields
        .iter()
        .map(|f| f.name.as_str())
        .collect();
    assert_eq!(names, ["x", "column_2", "x_2", "x_3"]);
    check(&l.original, l.format, &l.table).unwrap();
    // A repeat suffix where nothing repeats is a difference.
    let mut table = l.table.clone();
    table.schema.fields[0].name = "x_2".into();
    let err = check(&l.original, l.format, &table).unwrap_err();
    assert_eq!(
        err,
        "column 1: the header names it \"x\", the table \"x_2\""
    );
}

/// A key the schema lacks is a value the table does not hold: refused.
#[test]
fn a_json_lines_key_outside_the_schema_is_refused() {
    let l = loaded("{\"a\": 1}\n{\"a\": 2}\n", ".jsonl");
    check(&l.original, l.format, &l.table).unwrap();
    let err = check(
        b"{\"a\": 1}\n{\"a\": 2, \"extra\": \"lost\"}\n",
        l.format,
        &l.table,
    )
    .unwrap_err();
    assert_eq!(err, "line 2: key \"extra\" is not a column of the table");
    // A key absent from a line is null, as before.
    let l = loaded("{\"a\": 1, \"b\": 2}\n{\"a\": 2}\n", ".jsonl");
    check(&l.original, l.format, &l.table).unwrap();
}

/// UUIDs, hex and null markers by this reader's own rules.
#[test]
fn uuids_hex_and_null_markers_are_read_by_the_second_reader_s_own_rules() {
    let id = "00112233-4455-6677-8899-AABBCCDDEEFF";
    assert_eq!(
        of_text(id, ColumnType::Uuid).unwrap(),
        Norm::Text(id.to_ascii_lowercase())
    );
    for bad in [
        "00112233445566778899aabbccddeeff",
        "0011223-34455-6677-8899-aabbccddeeff",
        "00112233-4455-6677-8899-aabbccddeefg",
        "{00112233-4455-6677-8899-aabbccddee}",
    ] {
        assert!(of_text(bad, ColumnType::Uuid).is_err(), "{bad}");
    }
    let bytes: Vec<u8> = (0..16).map(|i| i * 0x11).collect();
    assert_eq!(
        uuid_of_bytes(&bytes).as_deref(),
        Some("00112233-4455-6677-8899-aabbccddeeff")
    );
    assert_eq!(uuid_of_bytes(&bytes[..15]), None);
    assert_eq!(
        of_text("00FFa0", ColumnType::Binary).unwrap(),
        Norm::Text("00ffa0".into())
    );
    assert!(of_text("0ff", ColumnType::Binary).is_err());
    assert!(of_text("zz", ColumnType::Binary).is_err());
    assert_eq!(lower_hex(&[0, 0x9f, 0xff]), "009fff");
    assert_eq!(text_or_null("NA", ColumnType::Int64).unwrap(), Norm::Null);
    assert_eq!(
        text_or_null("NA", ColumnType::String).unwrap(),
        Norm::Text("NA".into())
    );
    // A UUID column (text inputs are typed so by a schema, not inferred):
    // the file's digits in either case read as the table's, one changed
    // digit is caught.
    let lower = id.to_ascii_lowercase();
    let mut l = loaded(&format!("id\n{lower}\n"), ".csv");
    l.table.schema.fields[0].ty = ColumnType::Uuid;
    check(format!("id\n{id}\n").as_bytes(), l.format, &l.table).unwrap();
    let edited = format!("id\n{}\n", id.replace("FF", "FE"));
    let err = check(edited.as_bytes(), l.format, &l.table).unwrap_err();
    assert_eq!(
        err,
        format!(
            "row 1, column 'id': the second reader has \"{}\", the table \"{lower}\"",
            lower.replace("ff", "fe")
        )
    );
}

/// `batch` written as an Arrow IPC file, or as a zstd stream of it twice.
fn arrow_ipc_of(batch: &arrow_array::RecordBatch, stream: bool) -> Vec<u8> {
    use ::arrow_ipc::writer::{FileWriter, IpcWriteOptions, StreamWriter};
    let mut out = Vec::new();
    match stream {
        false => {
            let mut w = FileWriter::try_new(&mut out, &batch.schema()).unwrap();
            w.write(batch).unwrap();
            w.finish().unwrap();
        }
        true => {
            let options = IpcWriteOptions::default()
                .try_with_compression(Some(::arrow_ipc::CompressionType::ZSTD))
                .unwrap();
            let mut w =
                StreamWriter::try_new_with_options(&mut out, &batch.schema(), options).unwrap();
            w.write(batch).unwrap();
            w.write(batch).unwrap();
            w.finish().unwrap();
        }
    }
    out
}

/// The table encbench's first reader makes of `bytes`, and the columns it
/// carries as text.
fn first_reading(bytes: &[u8], kind: Kind) -> (Table, Vec<String>) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("t.arrow");
    std::fs::write(&path, bytes).unwrap();
    let read = encbench_table::binary_input::read(&path, kind, u64::MAX).unwrap();
    let as_text = read.as_text.iter().map(|(n, _)| n.clone()).collect();
    (read.table, as_text)
}

/// A batch of view columns (strings inline and in several data buffers,
/// bytes, a dictionary of string views as polars writes categoricals), a
/// sparse union and plain integers; `long` is row 2's long string.
fn view_batch(long: &str) -> arrow_array::RecordBatch {
    use arrow_array::builder::{BinaryViewBuilder, StringViewBuilder};
    use arrow_array::types::Int32Type;
    use arrow_array::{Array, DictionaryArray, Int32Array, Int64Array, StringArray, UnionArray};
    use arrow_schema::{DataType, Field, UnionFields};
    use std::sync::Arc;
    // Small blocks: the long values land in more than one data buffer.
    let mut s = StringViewBuilder::new().with_fixed_block_size(48);
    for v in [
        Some("short"),
        Some(long),
        None,
        Some("thirteen byte"),
        Some(""),
    ] {
        s.append_option(v);
    }
    let mut b = BinaryViewBuilder::new().with_fixed_block_size(32);
    for v in [
        Some(&b"\x00\xff"[..]),
        Some(&[0xab; 20][..]),
        None,
        Some(b"twelve bytes"),
        Some(b"thirteen byte"),
    ] {
        b.append_option(v);
    }
    let values = arrow_array::StringViewArray::from(vec!["red", "a colour named at length"]);
    let keys = Int32Array::from(vec![Some(1), Some(0), None, Some(1), Some(0)]);
    let d = DictionaryArray::<Int32Type>::try_new(keys, Arc::new(values)).unwrap();
    let fields = UnionFields::try_new(
        [0, 1],
        [
            Field::new("i", DataType::Int32, true),
            Field::new("t", DataType::Utf8, true),
        ],
    )
    .unwrap();
    let u = UnionArray::try_new(
        fields,
        vec![0i8, 1, 0, 1, 0].into(),
        None,
        vec![
            Arc::new(Int32Array::from(vec![1, 0, 3, 0, 5])) as Arc<dyn Array>,
            Arc::new(StringArray::from(vec!["", "two", "", "four", ""])),
        ],
    )
    .unwrap();
    let n = Int64Array::from(vec![Some(1), Some(-2), None, Some(4), Some(5)]);
    arrow_array::RecordBatch::try_from_iter([
        ("s", Arc::new(s.finish()) as Arc<dyn Array>),
        ("b", Arc::new(b.finish())),
        ("d", Arc::new(d)),
        ("u", Arc::new(u)),
        ("n", Arc::new(n)),
    ])
    .unwrap()
}

/// View columns get a second reading of their own (the walk reads views,
/// inline and in data buffers), a union is named as left to the first
/// reader, and a value the first reader changed is caught.
#[test]
fn arrow_view_columns_are_read_again_and_a_changed_value_is_caught() {
    let long = "a string longer than twelve bytes, in a data buffer";
    let batch = view_batch(long);
    for (stream, kind) in [(false, Kind::ArrowFile), (true, Kind::ArrowStream)] {
        let bytes = arrow_ipc_of(&batch, stream);
        let (table, as_text) = first_reading(&bytes, kind);
        let rows = table.rows();
        let proof = check_columnar(kind, &bytes, &table, &as_text)
            .expect("a second reader")
            .unwrap();
        assert_eq!(
            proof.what(),
            format!(
                "and a second reader (encbench's own walk of the Arrow IPC buffers) read the same {rows} rows (4 of 5 columns; u left to the first reader (types that walk does not state), checked by the first only)"
            ),
            "{kind:?}"
        );
        // The same file with one long string changed: the table the first
        // reader would have made had it misread that value.
        let changed = long.replace("longer", "LONGER");
        let (wrong, _) = first_reading(&arrow_ipc_of(&view_batch(&changed), stream), kind);
        let err = check_columnar(kind, &bytes, &wrong, &as_text)
            .expect("a second reader")
            .unwrap_err();
        assert_eq!(
            err,
            format!("row 2, column 's': the second reader has {long:?}, the table {changed:?}"),
            "{kind:?}"
        );
    }
}

/// A view whose prefix disagrees with its data, or points past its
/// buffers, is an error of the second reading, never a panic.
#[test]
fn altered_views_are_errors_not_panics() {
    let long = "a string longer than twelve bytes, in a data buffer";
    let bytes = arrow_ipc_of(&view_batch(long), false);
    let (table, as_text) = first_reading(&bytes, Kind::ArrowFile);
    let at = bytes
        .windows(long.len())
        .position(|w| w == long.as_bytes())
        .unwrap();
    let mut edited = bytes.clone();
    edited[at] = b'A';
    let err = check_columnar(Kind::ArrowFile, &edited, &table, &as_text)
        .expect("a second reader")
        .unwrap_err();
    assert_eq!(err, "view 1: its prefix is not its value's");
    for at in 0..bytes.len() {
        let mut hostile = bytes.clone();
        hostile[at] ^= 0x80;
        let _ = check_columnar(Kind::ArrowFile, &hostile, &table, &as_text);
    }
}

/// A file the walk cannot read has its row count read again, and the
/// proof says that is all and names every column.
#[test]
fn a_file_the_walk_cannot_read_says_only_its_rows_were_counted() {
    let table = loaded(CSV, ".csv").table;
    let bytes = arrow_ipc_bytes(&table, false);
    assert_eq!(arrow_ipc::batch_rows(&bytes).unwrap(), 3);
    let proof = row_count_only(&bytes, &table, "a big-endian file").unwrap();
    assert_eq!(
        proof.what(),
        "and a second reader (the row counts in the Arrow IPC batch headers only: encbench's own walk of the buffers does not read a big-endian file) read the same 3 rows (0 of 8 columns; id, price, ok, day, at, name, amount, tags not read by a second reader, checked by the first only)"
    );
    let mut short = table.clone();
    short.truncate_to(2);
    let err = row_count_only(&bytes, &short, "a big-endian file").unwrap_err();
    assert_eq!(err, "the second reader found 3 rows, the table holds 2");
    let stream = arrow_ipc_bytes(&table, true);
    assert_eq!(arrow_ipc::batch_rows(&stream).unwrap(), 5);
}

/// polars writes strings as views and categoricals as dictionaries of
/// them: both are read again, and a changed value is caught.
#[test]
fn a_polars_string_view_file_is_read_again_and_a_changed_value_is_caught() {
    let Some(python) = encbench_table::testing::worker_python() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    encbench_table::testing::run_python(
        &python,
        dir.path(),
        "import polars as pl, pyarrow.ipc as ipc\n\
         for name, third in [('t.arrow', 'x'), ('changed.arrow', 'y')]:\n\
         \x20   pl.DataFrame({'s': ['short', 'a string longer than twelve bytes', third],\n\
         \x20                 'c': pl.Series(['x', 'a longer category name', None], dtype=pl.Categorical),\n\
         \x20                 'n': [1, None, 3]}).write_ipc(name)\n\
         assert str(ipc.open_file('t.arrow').schema.field('s').type) == 'string_view'\n",
    );
    let bytes = std::fs::read(dir.path().join("t.arrow")).unwrap();
    let (table, as_text) = first_reading(&bytes, Kind::ArrowFile);
    let proof = check_columnar(Kind::ArrowFile, &bytes, &table, &as_text)
        .expect("a second reader")
        .unwrap();
    assert!(
        proof
            .what()
            .ends_with("(encbench's own walk of the Arrow IPC buffers) read the same 3 rows"),
        "{}",
        proof.what()
    );
    let changed = std::fs::read(dir.path().join("changed.arrow")).unwrap();
    let (wrong, _) = first_reading(&changed, Kind::ArrowFile);
    let err = check_columnar(Kind::ArrowFile, &bytes, &wrong, &as_text)
        .expect("a second reader")
        .unwrap_err();
    assert_eq!(
        err,
        "row 3, column 's': the second reader has \"x\", the table \"y\""
    );
}
