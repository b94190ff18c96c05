use super::*;
use crate::{Codec, CodecError};

fn arrays() -> Vec<Vec<u8>> {
    vec![
        vec![],
        vec![0],
        vec![255, 0, 7],
        (0..=255).collect(),
        (0..5000).map(|i| (i * 31 % 256) as u8).collect(),
    ]
}

#[test]
fn byte_codecs_round_trip() {
    let codecs: [&dyn Codec<Vec<u8>>; 3] = [&CsvBytes, &LengthPrefixed, &BincodeBytes];
    for c in codecs {
        for a in arrays() {
            let mut buf = Vec::new();
            c.encode(&a, &mut buf).unwrap();
            assert_eq!(c.decode(&buf).unwrap(), a);
        }
    }
}

#[test]
fn csv_known_text_and_strings() {
    let mut buf = Vec::new();
    CsvBytes.encode(&vec![12, 0, 255], &mut buf).unwrap();
    assert_eq!(buf, b"12,0,255");
    assert_eq!(CsvStrings.decode(&buf).unwrap(), vec!["12", "0", "255"]);
    assert_eq!(CsvStrings.decode(b"").unwrap(), Vec::<String>::new());
    let mut again = Vec::new();
    CsvStrings
        .encode(&vec!["12".into(), "0".into(), "255".into()], &mut again)
        .unwrap();
    assert_eq!(again, buf);
}

#[test]
fn bad_input_is_an_error_with_an_offset() {
    assert!(matches!(
        CsvBytes.decode(b"1,2,256"),
        Err(CodecError::Invalid { offset: 4, .. })
    ));
    assert!(matches!(
        CsvBytes.decode(b"1,,2"),
        Err(CodecError::Invalid { offset: 2, .. })
    ));
    assert!(CsvBytes.decode(&[0xff, b',']).is_err());
    assert_eq!(
        LengthPrefixed.decode(&[5, 0, 0, 0, 1]),
        Err(CodecError::Truncated {
            offset: 4,
            needed: 5
        })
    );
    assert!(matches!(
        LengthPrefixed.decode(&[0, 0, 0, 0, 9]),
        Err(CodecError::Trailing {
            offset: 4,
            count: 1
        })
    ));
    assert!(LengthPrefixed.decode(&[0xff; 4]).is_err());
    assert!(BincodeBytes
        .decode(&[0xfb, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
        .is_err());
}
