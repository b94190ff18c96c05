use super::{encode, CBytes, Format, Source, SourceKind};
use crate::registry::int_readers;
use crate::CodecError;

fn values() -> Vec<i32> {
    // Zero, one digit to six digits, and a run long enough to cross a 40 KB chunk.
    let mut v = vec![0, 7, 42, 999_999, 123_456, 10];
    v.extend((0..25_000).map(|i| (i * 7919) % 1_000_000));
    v
}

#[test]
fn every_reader_sums_every_medium_correctly() {
    let values = values();
    let expected: i64 = values.iter().map(|&v| i64::from(v)).sum();
    let dir = tempfile::tempdir().unwrap();
    for entry in int_readers() {
        let Some(build) = entry.build else { continue };
        let reader = build();
        if let Some(why) = reader.unavailable() {
            eprintln!("{}: not run here: {why}", entry.info.id);
            continue;
        }
        let bytes = encode(&values, reader.format());
        let path = dir.path().join(entry.info.id.replace('/', "_"));
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(
            reader.sum(Source::File(&path)),
            Ok(expected),
            "{} file",
            entry.info.id
        );
        if reader.supports(SourceKind::Memory) {
            let mem = CBytes::new(bytes);
            assert_eq!(
                reader.sum(Source::Memory(&mem)),
                Ok(expected),
                "{} memory",
                entry.info.id
            );
        }
        let empty = CBytes::new(Vec::new());
        if reader.supports(SourceKind::Memory) {
            assert_eq!(
                reader.sum(Source::Memory(&empty)),
                Ok(0),
                "{} empty",
                entry.info.id
            );
        }
    }
}

#[test]
fn text_encoding_is_one_decimal_per_line() {
    assert_eq!(encode(&[0, 12, 345], Format::TextLines), b"0\n12\n345\n");
    assert_eq!(
        encode(&[1, -1], Format::BinaryLe),
        [1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff]
    );
}

#[test]
fn checked_text_readers_report_the_offset_of_garbage() {
    let bad = CBytes::new(b"12\n34\nx5\n".to_vec());
    let dir = tempfile::tempdir().unwrap();
    let bad_path = dir.path().join("bad.txt");
    std::fs::write(&bad_path, bad.as_slice()).unwrap();
    for entry in int_readers() {
        let Some(build) = entry.build else { continue };
        let reader = build();
        if reader.format() != Format::TextLines
            || entry.info.id == "text/atoi"
            || reader.unavailable().is_some()
        {
            continue;
        }
        let source = if reader.supports(SourceKind::Memory) {
            Source::Memory(&bad)
        } else {
            Source::File(&bad_path)
        };
        let err = reader.sum(source).expect_err(entry.info.id);
        match err {
            CodecError::Invalid { offset, .. } => assert_eq!(offset, 6, "{}: {err}", entry.info.id),
            other => panic!("{}: {other:?}", entry.info.id),
        }
    }
}

#[test]
fn binary_readers_reject_a_partial_value() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd");
    std::fs::write(&path, [1, 0, 0, 0, 2, 0]).unwrap();
    for entry in int_readers() {
        let Some(build) = entry.build else { continue };
        let reader = build();
        if reader.format() != Format::BinaryLe {
            continue;
        }
        match reader.sum(Source::File(&path)) {
            Err(CodecError::Truncated {
                offset: 4,
                needed: 4,
            }) => {}
            other => panic!("{}: {other:?}", entry.info.id),
        }
    }
}

#[test]
fn missing_file_is_an_io_error_naming_the_path() {
    for entry in int_readers() {
        let Some(build) = entry.build else { continue };
        let err = build()
            .sum(Source::File(std::path::Path::new("/nonexistent/ints.bin")))
            .expect_err(entry.info.id);
        assert!(
            err.to_string().contains("/nonexistent/ints.bin"),
            "{}: {err}",
            entry.info.id
        );
    }
}

#[test]
fn writers_match_the_reference_encoding_into_a_reused_buffer() {
    let mut values = values();
    values.extend([-1, i32::MIN, i32::MAX, -100_000_000]);
    let mut out = b"stale bytes".to_vec();
    super::write_text_itoa(&values, &mut out);
    assert_eq!(out, encode(&values, Format::TextLines));
    super::write_binary(&values, &mut out);
    assert_eq!(out, encode(&values, Format::BinaryLe));
    crate::int64::swar::write_lines(&values, &mut out);
    assert_eq!(out, encode(&values, Format::TextLines));
}
