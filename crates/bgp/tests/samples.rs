//! The seeds handed to robustness corpora and fuzzers decode as meant.
use encbench_bgp::dump::dump;
use encbench_bgp::mrt::MrtReader;
use encbench_bgp::samples;
use encbench_bgp::wire::{decode_message, encode_update, AsSize, Message};

#[test]
fn sample_updates_round_trip() {
    let updates = samples::updates();
    assert_eq!(updates.len(), 5);
    for u in updates {
        let mut b = Vec::new();
        encode_update(&u, AsSize::Four, &mut b).expect("encodes");
        assert_eq!(decode_message(&b, AsSize::Four), Ok(Message::Update(u)));
    }
}

#[test]
fn sample_mrt_stream_dumps_every_record_kind() {
    let bytes = samples::mrt();
    let mut reader = MrtReader::new(&bytes[..]);
    let mut text = Vec::new();
    let stats = dump(&mut reader, &mut text).expect("sample decodes");
    let text = String::from_utf8(text).expect("utf-8");
    assert_eq!(reader.skipped(), 1, "the OSPF record");
    for kind in [
        "|A|",
        "|W|",
        "|STATE|",
        "TABLE_DUMP|",
        "TABLE_DUMP2|",
        "2001:db8:100::/40",
    ] {
        assert!(text.contains(kind), "no {kind} line in:\n{text}");
    }
    assert_eq!(stats.records, 14);
    // The 2-byte session's path, AS_TRANS replaced from AS4_PATH.
    assert!(
        text.contains("|64500|139.163.145.0/24|64496 86433 73858 43773 152678|"),
        "{text}"
    );
}
