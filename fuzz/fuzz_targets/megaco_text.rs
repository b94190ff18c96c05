//! The Megaco text parser on arbitrary bytes: an error or a message, never
//! a panic; and a message it reads must re-encode, pretty and compact, to
//! text it reads back as the same message. Seed with the decoded messages
//! of ../shared/data/megaco/time_test.msgs (or the crate's samples).
#![no_main]

use encbench_megaco::{encode_compact, encode_pretty, parse};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let Ok(m) = parse(bytes) else {
        return;
    };
    for encode in [encode_pretty, encode_compact] {
        let mut out = Vec::new();
        encode(&m, &mut out);
        let back = parse(&out).expect("re-encoded text parses");
        assert_eq!(back, m, "re-encoded text parses to another message");
    }
});
