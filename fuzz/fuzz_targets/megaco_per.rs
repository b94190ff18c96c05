//! Megaco aligned-PER decoding (rasn and the tape) must return Ok or Err on any bytes, and whatever it
//! accepts and can re-encode must decode to the same message. Seed with the
//! lines of crates/megaco-asn1/tests/vectors/per.txt (hex-decoded).
#![no_main]

use encbench_codecs::Codec;
use encbench_megaco_asn1::{Per, TapePer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(message) = Per.decode(bytes) {
        // rasn's decoders do not check every constraint its encoders
        // enforce (see megaco_ber), so only what re-encodes must round-trip.
        let mut out = Vec::new();
        if Per.encode(&message, &mut out).is_ok() {
            assert_eq!(Per.decode(&out).as_ref(), Ok(&message));
        }
    }
    // The tape decoder: whatever it accepts re-encodes and decodes to the
    // same tape; where rasn accepts too, both re-encode to the same bytes.
    if let Ok(tape) = TapePer.decode(bytes) {
        let mut out = Vec::new();
        TapePer.encode(&tape, &mut out).expect("a decoded tape encodes");
        assert_eq!(TapePer.decode(&out).as_ref(), Ok(&tape));
        if let Ok(message) = Per.decode(bytes) {
            let mut theirs = Vec::new();
            if Per.encode(&message, &mut theirs).is_ok() {
                assert_eq!(theirs, out);
            }
        }
    }
});
