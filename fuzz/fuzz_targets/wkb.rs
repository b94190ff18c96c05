//! The two WKB parsers must agree on every input: the same geometry, or
//! both an error. Seed with ../shared/data/wkb/go-geom-corpus.
#![no_main]

use encbench_codecs::wkb::{generic::GenericReadWkb, slice::SliceWkb};
use encbench_codecs::Codec;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    let slice = SliceWkb.decode(bytes);
    let generic = GenericReadWkb.decode(bytes);
    assert_eq!(slice.is_ok(), generic.is_ok(), "parsers disagree");
    if let (Ok(a), Ok(b)) = (slice, generic) {
        assert_eq!(a, b);
    }
});
