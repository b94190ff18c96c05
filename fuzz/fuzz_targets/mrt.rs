//! Any bytes as an MRT stream, dumped as `bgpdump -m` text: Ok or an error
//! inside the input. Seed with decompressed ../shared/data/bgp files.
#![no_main]

use encbench_bgp::dump::{dump, DumpError};
use encbench_bgp::mrt::MrtReader;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    match dump(&mut MrtReader::new(bytes), &mut std::io::sink()) {
        Ok(_) => {}
        Err(DumpError::Decode(e)) => assert!(e.offset <= bytes.len() as u64, "{e}"),
        Err(DumpError::Write(e)) => panic!("sink failed: {e}"),
    }
});
