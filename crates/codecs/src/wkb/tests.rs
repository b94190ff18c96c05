use super::generic::GenericReadWkb;
use super::slice::SliceWkb;
use super::{write, ByteOrder, Coord, Geometry};
use crate::{Codec, CodecError};
use std::path::PathBuf;

fn c(x: f64, y: f64) -> Coord {
    Coord { x, y }
}

fn samples() -> Vec<Geometry> {
    let ring = vec![c(0.0, 0.0), c(4.0, 0.0), c(4.0, 4.0), c(0.0, 0.0)];
    vec![
        Geometry::Point(c(1.5, -2.25)),
        Geometry::Point(c(f64::NAN, f64::NAN)),
        Geometry::LineString(vec![c(1.0, 2.0), c(3.0, 4.0)]),
        Geometry::LineString(vec![]),
        Geometry::Polygon(vec![ring.clone(), ring.clone()]),
        Geometry::MultiPoint(vec![c(1.0, 1.0), c(-1.0, -0.0)]),
        Geometry::MultiLineString(vec![vec![c(0.0, 1.0)], vec![]]),
        Geometry::MultiPolygon(vec![vec![ring.clone()], vec![]]),
    ]
}

fn parsers() -> [Box<dyn Codec<Geometry>>; 2] {
    [Box::new(GenericReadWkb), Box::new(SliceWkb)]
}

#[test]
fn both_parsers_round_trip_every_type_in_both_byte_orders() {
    for g in samples() {
        for order in [ByteOrder::Little, ByteOrder::Big] {
            let mut bytes = Vec::new();
            write(&g, order, &mut bytes);
            for p in parsers() {
                assert_eq!(p.decode(&bytes).as_ref(), Ok(&g), "{order:?}");
            }
        }
    }
}

#[test]
fn known_point_bytes() {
    // POINT(1 2), little-endian.
    let mut bytes = vec![1, 1, 0, 0, 0];
    bytes.extend(1.0f64.to_le_bytes());
    bytes.extend(2.0f64.to_le_bytes());
    for p in parsers() {
        assert_eq!(p.decode(&bytes), Ok(Geometry::Point(c(1.0, 2.0))));
    }
}

fn corpus_dir() -> Option<PathBuf> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/wkb/go-geom-corpus");
    dir.is_dir().then_some(dir)
}

#[test]
fn all_48_real_files_parse_identically_and_re_encode_byte_for_byte() {
    let Some(dir) = corpus_dir() else {
        // CI always has ../shared; a developer without it is told rather than silently passing.
        assert!(
            std::env::var_os("CI").is_none(),
            "shared data missing in CI"
        );
        eprintln!("skipping: no ../shared/data/wkb beside the repository");
        return;
    };
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert_eq!(files.len(), 48);
    let mut types = std::collections::BTreeMap::new();
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        let a = GenericReadWkb
            .decode(&bytes)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let b = SliceWkb.decode(&bytes).unwrap();
        assert_eq!(a, b, "{}", path.display());
        let mut again = Vec::new();
        write(&a, ByteOrder::Little, &mut again);
        assert_eq!(
            again,
            bytes,
            "{} does not re-encode identically",
            path.display()
        );
        *types.entry(a.type_code()).or_insert(0) += 1;
    }
    assert_eq!(types.values().copied().collect::<Vec<_>>(), vec![8; 6]);
}

#[test]
fn malformed_inputs_fail_with_offsets_in_both_parsers() {
    let mut polygon = Vec::new();
    write(&samples()[4], ByteOrder::Little, &mut polygon);
    let mut huge_count = vec![1, 2, 0, 0, 0];
    huge_count.extend(u32::MAX.to_le_bytes());
    let mut huge_multi = vec![1, 6, 0, 0, 0];
    huge_multi.extend(0x7fff_ffffu32.to_le_bytes());
    let mut wrong_member = vec![1, 4, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0, 0];
    wrong_member.extend([0; 4]);
    let cases: Vec<(&str, Vec<u8>)> = vec![
        ("empty", vec![]),
        ("bad byte order", vec![7, 1, 0, 0, 0]),
        ("unknown type", vec![1, 99, 0, 0, 0]),
        ("z type", vec![1, 0xe9, 0x03, 0, 0]),
        ("collection", vec![1, 7, 0, 0, 0]),
        ("truncated polygon", polygon[..polygon.len() - 3].to_vec()),
        ("huge point count", huge_count),
        ("huge polygon count", huge_multi),
        ("wrong member type", wrong_member),
        ("trailing byte", [polygon.clone(), vec![0]].concat()),
    ];
    for (name, bytes) in cases {
        for p in parsers() {
            let err = p.decode(&bytes).expect_err(name);
            let offset = match &err {
                CodecError::Truncated { offset, .. }
                | CodecError::Invalid { offset, .. }
                | CodecError::Trailing { offset, .. } => *offset,
                other => panic!("{name}: unexpected {other:?}"),
            };
            assert!(offset <= bytes.len(), "{name}: offset {offset}");
            assert!(err.to_string().contains("offset"), "{name}: {err}");
        }
    }
}

#[test]
fn every_prefix_of_a_real_geometry_is_rejected_without_panic() {
    let mut bytes = Vec::new();
    write(&samples()[7], ByteOrder::Big, &mut bytes);
    for cut in 0..bytes.len() {
        for p in parsers() {
            assert!(p.decode(&bytes[..cut]).is_err(), "prefix {cut} accepted");
        }
    }
}
