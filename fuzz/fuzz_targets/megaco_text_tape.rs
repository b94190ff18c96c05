//! The Megaco text tape decoder on arbitrary bytes: an error or a tape,
//! never a panic. A tape it makes encodes, in both spellings, to text it
//! reads back as the same tape; and it agrees with the general parser: what
//! one accepts the other accepts (but for what has no binary form, which
//! only the tape refuses), and both read the same values. Seed as
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
    for codec in [&TapeCompact as &dyn Codec<_>, &TapePretty] {
        let mut out = Vec::new();
        codec.encode(&tape, &mut out).expect("a decoded tape encodes");
        assert_eq!(codec.decode(&out).as_ref(), Ok(&tape));
        let back = encbench_megaco::parse(&out).expect("the tape's text parses");
        assert_eq!(back, model, "the text tape and the general parser read different values");
    }
});
