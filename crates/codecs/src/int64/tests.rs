use crate::registry::int64_codecs;
use crate::CodecError;

const VALUES: [i64; 10] = [
    0,
    1,
    -1,
    63,
    -64,
    127,
    300,
    i64::MAX,
    i64::MIN,
    1_234_567_890_123,
];

#[test]
fn every_int64_codec_round_trips_edge_values() {
    for entry in int64_codecs() {
        let Some(build) = entry.build else { continue };
        let codec = build();
        let mut buf = Vec::new();
        for v in VALUES {
            buf.clear();
            codec.encode(&v, &mut buf).unwrap();
            assert_eq!(codec.decode(&buf), Ok(v), "{} on {v}", entry.info.id);
        }
        // The batch loop reports errors and runs cleanly on a ring of values.
        codec.roundtrip_batch(&VALUES, &mut buf, 25).unwrap();
    }
}

#[test]
fn every_int64_codec_rejects_empty_and_trailing_input_without_panicking() {
    for entry in int64_codecs() {
        let Some(build) = entry.build else { continue };
        let codec = build();
        assert!(
            codec.decode(&[]).is_err(),
            "{} accepted empty input",
            entry.info.id
        );
        let mut buf = Vec::new();
        codec.encode(&42, &mut buf).unwrap();
        buf.push(b'7');
        // Decimal text "427" is a different valid number; every other codec must refuse the extra byte.
        if !entry.info.id.starts_with("int64/decimal") {
            assert!(
                codec.decode(&buf).is_err(),
                "{} accepted a trailing byte",
                entry.info.id
            );
        }
        for garbage in [&[0xff_u8; 3][..], &[0x80; 12], b"12x"] {
            let _ = codec.decode(garbage); // must return, not panic
        }
    }
}

#[test]
fn known_encodings() {
    use crate::int64::{le_bytes::LeBytes, serde_dyn::SerdeDynWrite, varint::ZigzagLeb128};
    use crate::Codec;
    let mut buf = Vec::new();
    LeBytes.encode(&1, &mut buf).unwrap();
    assert_eq!(buf, [1, 0, 0, 0, 0, 0, 0, 0]);
    buf.clear();
    SerdeDynWrite.encode(&-2, &mut buf).unwrap();
    assert_eq!(buf, (-2i64).to_le_bytes());
    buf.clear();
    ZigzagLeb128.encode(&-1, &mut buf).unwrap();
    assert_eq!(buf, [1]);
    buf.clear();
    ZigzagLeb128.encode(&150, &mut buf).unwrap();
    assert_eq!(buf, [0xac, 0x02]);
    assert_eq!(
        ZigzagLeb128.decode(&[0x80, 0x80]),
        Err(CodecError::Truncated {
            offset: 2,
            needed: 1
        })
    );
    assert!(matches!(
        ZigzagLeb128.decode(&[0xff; 10]),
        Err(CodecError::Invalid { offset: 9, .. })
    ));
    assert_eq!(
        LeBytes.decode(&[1, 2, 3]),
        Err(CodecError::Truncated {
            offset: 0,
            needed: 8
        })
    );
}
