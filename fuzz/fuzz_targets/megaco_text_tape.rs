//! The Megaco text tape decoder on arbitrary bytes: an error or a tape,
//! never a panic. A tape it makes encodes, in both spellings, to text it
//! reads back as the same tape; and it agrees with the general parser: what
//! one accepts the other accepts (but for what has no binary form, which
//! only the tape refuses), and both read the same values (compared as
//! tapes). Seed as
//! megaco_text.
#![no_main]

use encbench_codecs::Codec;
use encbench_megaco_asn1::{TapeCompact, TapePretty};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let general = encbench_megaco::parse(bytes);
    let Ok(tape) = TapeCompact.decode(bytes) else {
        return;
    };
    let model = general.expect("the general parser reads what the text tape reads");
    // Compared as tapes: bare audit tokens keep no order in ASN.1.
    let mut canonical = Vec::new();
    encbench_megaco::encode_compact(&model, &mut canonical);
    assert_eq!(
        TapeCompact.decode(&canonical).as_ref(),
        Ok(&tape),
        "the text tape and the general parser read different values"
    );
    for codec in [&TapeCompact as &dyn Codec<_>, &TapePretty] {
        let mut out = Vec::new();
        codec.encode(&tape, &mut out).expect("a decoded tape encodes");
        assert_eq!(codec.decode(&out).as_ref(), Ok(&tape));
    }
});
