//! Megaco BER decoding (rasn and the tape) must return Ok or Err on any bytes, and whatever it
//! accepts and can re-encode must decode to the same message. Seed with the
//! lines of crates/megaco-asn1/tests/vectors/ber.txt (hex-decoded).
#![no_main]

use encbench_codecs::Codec;
use encbench_megaco_asn1::{Ber, TapeBer};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(message) = Ber.decode(bytes) {
        // rasn's decoder does not check every value range its encoder
        // enforces (a `priority` of 42 in INTEGER(0..15) decodes), so only
        // what re-encodes must round-trip.
        let mut out = Vec::new();
        if Ber.encode(&message, &mut out).is_ok() {
            assert_eq!(Ber.decode(&out).as_ref(), Ok(&message));
        }
    }
    // The tape decoder: whatever it accepts re-encodes and decodes to the
    // same tape; where rasn accepts too, both re-encode to the same bytes.
    if let Ok(tape) = TapeBer.decode(bytes) {
        let mut out = Vec::new();
        TapeBer.encode(&tape, &mut out).expect("a decoded tape encodes");
        assert_eq!(TapeBer.decode(&out).as_ref(), Ok(&tape));
        if let Ok(message) = Ber.decode(bytes) {
            let mut theirs = Vec::new();
            if Ber.encode(&message, &mut theirs).is_ok() {
                assert_eq!(theirs, out);
            }
        }
    }
});
