//! The SIMD parsers of the ints text against the checked scalar loop: on any
//! bytes, every parser this CPU runs returns exactly the scalar result (the
//! same sum, or the same error at the same offset).
#![no_main]

use encbench_codecs::intfile::simd::Isa;
use encbench_codecs::intfile::text::hand_rolled_sum;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let want = hand_rolled_sum(bytes);
    for isa in Isa::ALL {
        if let Some(got) = isa.sum(bytes) {
            assert_eq!(got, want, "{isa:?}");
        }
    }
});
