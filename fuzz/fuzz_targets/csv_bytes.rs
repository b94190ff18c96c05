//! Comma-separated decimal bytes (seed 001's text format): any input gives
//! bytes or an error, and accepted bytes round-trip.
#![no_main]

use encbench_codecs::byte_array::CsvBytes;
use encbench_codecs::Codec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(value) = CsvBytes.decode(bytes) {
        let mut buf = Vec::new();
        CsvBytes
            .encode(&value, &mut buf)
            .expect("decoded bytes encode");
        assert_eq!(CsvBytes.decode(&buf), Ok(value));
    }
});
