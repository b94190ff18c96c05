//! Comma-separated decimal bytes (seed 001's text format): any input gives
//! bytes or an error, accepted bytes round-trip, and every SIMD decoder this
//! CPU runs returns exactly what the scalar decoder returns (the same bytes,
//! or the same error at the same offset).
#![no_main]

use encbench_codecs::byte_array::{simd, CsvBytes};
use encbench_codecs::Codec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let want = CsvBytes.decode(bytes);
    for isa in simd::Isa::ALL {
        if let Some(got) = simd::decode(isa, bytes) {
            assert_eq!(got, want, "{isa:?}");
        }
    }
    if let Ok(value) = want {
        let mut buf = Vec::new();
        CsvBytes
            .encode(&value, &mut buf)
            .expect("decoded bytes encode");
        assert_eq!(CsvBytes.decode(&buf), Ok(value));
    }
});
