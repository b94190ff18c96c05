//! One tape decoder over the 149 messages, PASSES times: a steady workload
//! to run under `valgrind --tool=callgrind` when tuning a decoder. With
//! `ratio`, times the compact and pretty text decoders against the BER
//! tape decoder in alternation, round after round, and prints the median
//! of the per-round ratios: this machine changes speed for seconds at a
//! time, and a ratio within one round is immune to that.
//!
//! cargo build --release -p encbench-megaco-asn1 --example tape_profile
//! valgrind --tool=callgrind target/release/examples/tape_profile compact 200
//! target/release/examples/tape_profile ratio 200

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, Tape, TapeBer, TapeCompact, TapePretty};
use std::time::Instant;

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
    if which == "ratio" {
        let sets: [Subject; 3] = [
            ("ber", &TapeBer, ber.clone()),
            ("compact", &TapeCompact, text(&TapeCompact)),
            ("pretty", &TapePretty, text(&TapePretty)),
        ];
        return ratios(&sets, passes);
    }
    let (codec, inputs): (&dyn Codec<Tape>, Vec<Vec<u8>>) = match which.as_str() {
        "ber" => (&TapeBer, ber.clone()),
        "compact" => (&TapeCompact, text(&TapeCompact)),
        "pretty" => (&TapePretty, text(&TapePretty)),
        other => panic!("ber, compact, pretty or ratio, not {other}"),
    };
    let bytes: usize = inputs.iter().map(Vec::len).sum();
    let nodes: usize = inputs
        .iter()
        .map(|b| codec.decode(b).expect("decodes").len())
        .sum();
    for _ in 0..passes {
        codec.decode_each(&inputs).expect("decodes");
    }
    eprintln!("{which}: {passes} passes, {bytes} bytes and {nodes} values per pass");
}

/// A decoder, by name, and the messages it decodes.
type Subject<'a> = (&'a str, &'a dyn Codec<Tape>, Vec<Vec<u8>>);

/// Per round, 20 passes of each decoder in turn; the median over `rounds`
/// of each text decoder's time ÷ the BER tape's in the same round.
fn ratios(sets: &[Subject], rounds: usize) {
    let mut per_round = vec![Vec::new(); sets.len()];
    for _ in 0..rounds.max(1) {
        let times: Vec<f64> = sets
            .iter()
            .map(|(_, codec, inputs)| {
                let start = Instant::now();
                for _ in 0..20 {
                    codec.decode_each(inputs).expect("decodes");
                }
                start.elapsed().as_secs_f64()
            })
            .collect();
        for (k, t) in times.iter().enumerate() {
            per_round[k].push(t / times[0]);
        }
    }
    for ((name, _, _), mut r) in sets.iter().zip(per_round).skip(1) {
        r.sort_by(f64::total_cmp);
        let at = |q: f64| r[((r.len() - 1) as f64 * q) as usize];
        println!(
            "{name:<8} decode ÷ BER tape decode: median {:.2}× (quartiles {:.2}–{:.2}) over {} rounds",
            at(0.5),
            at(0.25),
            at(0.75),
            r.len()
        );
    }
}
