//! Megaco BER decoding must return Ok or Err on any bytes, and whatever it
//! accepts must re-encode and decode to the same message. Seed with the
//! lines of crates/megaco-asn1/tests/vectors/ber.txt (hex-decoded).
#![no_main]

use encbench_codecs::Codec;
use encbench_megaco_asn1::Ber;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    if let Ok(message) = Ber.decode(bytes) {
        let mut out = Vec::new();
        Ber.encode(&message, &mut out).expect("a decoded message encodes");
        assert_eq!(Ber.decode(&out).as_ref(), Ok(&message));
    }
});
