//! Decimal and zigzag-varint integer decoding: any bytes give a value or an
//! error, never a panic, and a value re-encodes to an accepted input.
#![no_main]

use encbench_codecs::int64::{decimal::DecimalItoa, varint::ZigzagLeb128};
use encbench_codecs::Codec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let mut buf = Vec::new();
    for codec in [&DecimalItoa as &dyn Codec<i64>, &ZigzagLeb128] {
        if let Ok(value) = codec.decode(bytes) {
            buf.clear();
            codec
                .encode(&value, &mut buf)
                .expect("a decoded value encodes");
            assert_eq!(codec.decode(&buf), Ok(value));
        }
    }
});
