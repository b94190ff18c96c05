//! The 149 real messages: each parses, and its pretty, compact and CBOR
//! encodings decode back to the same model.

mod common;

use encbench_megaco::{codec, encode_compact, encode_pretty, parse};

#[test]
fn all_149_messages_round_trip_through_every_codec() {
    let Some(msgs) = common::messages() else {
        return;
    };
    assert_eq!(msgs.len(), 149);
    let mut failures = Vec::new();
    for m in &msgs {
        let model = match parse(&m.text) {
            Ok(model) => model,
            Err(e) => {
                failures.push(format!("{}: {e}", m.name));
                continue;
            }
        };
        for (id, c) in codec::all() {
            let mut buf = Vec::new();
            c.encode(&model, &mut buf).unwrap();
            match c.decode(&buf) {
                Ok(back) if back == model => {}
                Ok(back) => failures.push(format!(
                    "{} via {id}: model changed\n{model:?}\n{back:?}\n{}",
                    m.name,
                    String::from_utf8_lossy(&buf)
                )),
                Err(e) => failures.push(format!(
                    "{} via {id}: {e}\n{}",
                    m.name,
                    String::from_utf8_lossy(&buf)
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn compact_is_smaller_than_pretty_for_every_message() {
    let Some(msgs) = common::messages() else {
        return;
    };
    for m in &msgs {
        let model = parse(&m.text).unwrap();
        let (mut p, mut c) = (Vec::new(), Vec::new());
        encode_pretty(&model, &mut p);
        encode_compact(&model, &mut c);
        assert!(
            c.len() < p.len(),
            "{}: compact {} ≥ pretty {}",
            m.name,
            c.len(),
            p.len()
        );
    }
}
