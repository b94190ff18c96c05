//! Any bytes as a BGP message, read with 2- and 4-byte AS numbers: Ok or an
//! error inside the input, and whatever decodes re-encodes to bytes that
//! decode to the same UPDATE.
#![no_main]

use encbench_bgp::wire::{decode_message, encode_update, AsSize, Message};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|bytes: &[u8]| {
    for size in [AsSize::Two, AsSize::Four] {
        match decode_message(bytes, size) {
            Ok(Message::Update(u)) => {
                let mut again = Vec::new();
                // Only when the re-encoding fits its length fields; and 2-byte
                // sessions turn large ASNs into AS_TRANS, so only 4-byte ones compare.
                if encode_update(&u, size, &mut again).is_ok() && size == AsSize::Four {
                    assert_eq!(decode_message(&again, size), Ok(Message::Update(u)));
                }
            }
            Ok(Message::Other(_)) => {}
            Err(e) => assert!(e.offset <= bytes.len() as u64, "{e}"),
        }
    }
});
