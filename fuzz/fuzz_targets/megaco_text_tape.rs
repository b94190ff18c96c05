//! The Megaco text tape decoder on arbitrary bytes: an error or a tape,
//! never a panic. A tape it makes encodes, in both spellings, to text it
//! reads back as the same tape; and it agrees with the general parser: what
//! one accepts the other accepts (but for what has no binary form, which
//! only the tape refuses), and both read the same values (compared as
//! tapes), and BER reads back each tape it makes. Seed as
//! megaco_text.
#![no_main]

use encbench_codecs::Codec;
use encbench_megaco_asn1::{TapeBer, TapeCompact, TapePretty};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let general = encbench_megaco::parse(bytes);
    let Ok(tape) = TapeCompact.decode(bytes) else {
        return;
    };
    let model = match general {
        Ok(model) => model,
        // The general parser holds quoted and SDP text as Rust strings;
        // the tape's OCTET STRINGs take any byte (its IA5Strings do not).
        Err(e) if e.to_string().contains("is not UTF-8") => return,
        Err(e) => panic!("the general parser refuses what the text tape reads: {e}"),
    };
    // BER's checks (IA5 characters among them) hold for what the text let in.
    let mut ber = Vec::new();
    TapeBer
        .encode(&tape, &mut ber)
        .expect("a decoded tape encodes to BER");
    assert!(
        TapeBer
            .decode(&ber)
            .is_ok_and(|back| back.same_values(&tape)),
        "the BER tape refuses or changes what the text tape read"
    );
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
        codec
            .encode(&tape, &mut out)
            .expect("a decoded tape encodes");
        assert_eq!(codec.decode(&out).as_ref(), Ok(&tape));
    }
});
