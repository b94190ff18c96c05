//! One tape decoder over the 149 messages, PASSES times: a steady workload
//! to run under `valgrind --tool=callgrind` when tuning a decoder.
//!
//! cargo build --release -p encbench-megaco-asn1 --example tape_profile
//! valgrind --tool=callgrind target/release/examples/tape_profile compact 200

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, Tape, TapeBer, TapeCompact, TapePretty};

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "compact".into());
    let passes: usize = args.next().and_then(|p| p.parse().ok()).unwrap_or(200);
    let ber: Vec<Vec<u8>> = ber_vectors().into_iter().map(|v| v.bytes).collect();
    let text = |codec: &dyn Codec<Tape>| -> Vec<Vec<u8>> {
        ber.iter()
            .map(|b| {
                let tape = TapeBer.decode(b).expect("vector decodes");
                let mut out = Vec::new();
                codec.encode(&tape, &mut out).expect("encodes");
                out
            })
            .collect()
    };
    let (codec, inputs): (&dyn Codec<Tape>, Vec<Vec<u8>>) = match which.as_str() {
        "ber" => (&TapeBer, ber.clone()),
        "compact" => (&TapeCompact, text(&TapeCompact)),
        "pretty" => (&TapePretty, text(&TapePretty)),
        other => panic!("ber, compact or pretty, not {other}"),
    };
    let bytes: usize = inputs.iter().map(Vec::len).sum();
    let nodes: usize = inputs
        .iter()
        .map(|b| codec.decode(b).expect("decodes").len())
        .sum();
    eprintln!("{nodes} nodes");
    for _ in 0..passes {
        codec.decode_each(&inputs).expect("decodes");
    }
    eprintln!("{which}: {passes} passes, {bytes} bytes and {nodes} values per pass");
}
