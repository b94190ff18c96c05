use super::*;

#[test]
fn targets_name_the_engines_codecs_and_refuse_what_they_cannot_write() {
    let t = Target::parse("parquet+zstd-3", Engine::Spark).unwrap();
    assert_eq!(
        (t.format, t.codec.as_str(), t.level),
        ("parquet", "zstd", Some(3))
    );
    assert_eq!(t.label(), "parquet + zstd-3");
    assert_eq!(
        spark_write_options(&t),
        [
            ("compression".to_string(), "zstd".to_string()),
            ("parquet.compression.codec.zstd.level".into(), "3".into())
        ]
    );
    assert_eq!(
        duckdb_copy_options(&t),
        [
            ("COMPRESSION".to_string(), "zstd".to_string()),
            ("COMPRESSION_LEVEL".into(), "3".into())
        ]
    );
    let plain = Target::parse("parquet", Engine::Duckdb).unwrap();
    assert_eq!(duckdb_copy_options(&plain)[0].1, "uncompressed");
    assert_eq!(
        Target::parse("json+gzip", Engine::Spark).unwrap().format,
        "jsonl"
    );
    assert_eq!(
        Target::parse("parquet+lz4", Engine::Spark).unwrap().codec,
        "lz4_raw"
    );
    // A malformed row fails the read instead of becoming nulls.
    assert!(spark_read_options("csv").contains(&("mode".into(), "FAILFAST".into())));
    assert!(spark_read_options("jsonl").contains(&("mode".into(), "FAILFAST".into())));
    let csv = Target::parse("csv", Engine::Spark).unwrap();
    assert_eq!(
        spark_write_options(&csv)[0],
        ("header".into(), "true".into())
    );
    assert!(Target::parse("orc", Engine::Duckdb)
        .unwrap_err()
        .contains("no ORC"));
    assert!(Target::parse("avro", Engine::Spark).is_err());
    assert!(Target::parse("csv+zstd", Engine::Spark).is_err());
    assert!(Target::parse("parquet+gzip-6", Engine::Spark)
        .unwrap_err()
        .contains("only zstd takes a level"));
}

#[test]
fn a_folder_of_hive_partitions_is_read_as_one_dataset() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("data");
    for (y, m) in [("2023", "1"), ("2024", "2")] {
        let d = root.join(format!("year={y}")).join(format!("month={m}"));
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("part-0.parquet"), b"PAR1").unwrap();
    }
    std::fs::write(root.join("_SUCCESS"), b"").unwrap();
    let input = inspect(&root).unwrap();
    assert_eq!(input.format, "parquet");
    assert_eq!(input.partition_by, ["year", "month"]);
    assert_eq!((input.files, input.bytes), (2, 8));
    std::fs::write(root.join("notes.txt"), b"x").unwrap();
    assert!(inspect(&root).unwrap_err().contains("notes.txt"));
    let file = dir.path().join("a.csv.gz");
    std::fs::write(&file, b"").unwrap();
    assert_eq!(inspect(&file).unwrap().format, "csv");
    assert!(inspect(&dir.path().join("missing")).is_err());
}

#[test]
fn the_output_never_lies_inside_the_input_nor_replaces_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("in");
    std::fs::create_dir(&input).unwrap();
    assert!(refusal(&input, &input.join("out"), true)
        .unwrap()
        .contains("inside the input"));
    assert!(refusal(&input, &input, true).is_some());
    assert!(refusal(&input.join("x.parquet"), dir.path(), true)
        .unwrap()
        .contains("holds the input"));
    let out = dir.path().join("out");
    assert_eq!(refusal(&input, &out, false), None);
    std::fs::create_dir(&out).unwrap();
    assert!(refusal(&input, &out, false).unwrap().contains("--force"));
    assert_eq!(refusal(&input, &out, true), None);
    assert!(refusal(&input, &dir.path().join("no/out"), true)
        .unwrap()
        .contains("does not exist"));
}

#[test]
fn a_reply_whose_read_back_differs_is_refused() {
    let t = Target::parse("parquet", Engine::Spark).unwrap();
    let sums = |h: &str| json!([{"name": "a", "nulls": "0", "hash": h}]);
    let mut reply = json!({
        "rows_source": 3, "rows_engine": 3, "rows_pyarrow": 3,
        "checksum_source": sums("7"), "checksum_engine": sums("7"), "checksum_pyarrow": sums("7"),
        "library": "pyspark 4.0.5", "bytes": 10, "files": 1,
    });
    let done = check(&reply, &t, Vec::new()).unwrap();
    assert_eq!((done.rows, done.columns, done.jvm_start_s), (3, 1, None));
    reply["checksum_pyarrow"] = sums("8");
    assert!(check(&reply, &t, Vec::new())
        .unwrap_err()
        .contains("read back by pyarrow, column \"a\" differs"));
    reply["rows_engine"] = json!(2);
    assert!(check(&reply, &t, Vec::new())
        .unwrap_err()
        .contains("2 rows where the source has 3"));
}
