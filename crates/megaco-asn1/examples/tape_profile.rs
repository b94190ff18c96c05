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

/// Per round, 20 passes of each decoder in turn, then of the tokenizer
/// over each text; the median over `rounds` of each one's time ÷ the BER
/// tape decoder's in the same round.
fn ratios(sets: &[Subject], rounds: usize) {
    let timed = |work: &dyn Fn()| {
        let start = Instant::now();
        for _ in 0..20 {
            work();
        }
        start.elapsed().as_secs_f64()
    };
    let texts = &sets[1..];
    let mut per_round = vec![Vec::new(); 2 * texts.len()];
    for _ in 0..rounds.max(1) {
        let ber = timed(&|| {
            sets[0].1.decode_each(&sets[0].2).expect("decodes");
        });
        for (k, (_, codec, inputs)) in texts.iter().enumerate() {
            let decode = timed(&|| {
                codec.decode_each(inputs).expect("decodes");
            });
            let tokenize = timed(&|| {
                for m in inputs {
                    std::hint::black_box(tokens(std::hint::black_box(m)));
                }
            });
            per_round[k].push(decode / ber);
            per_round[texts.len() + k].push(tokenize / ber);
        }
    }
    let names = texts
        .iter()
        .map(|s| format!("{} decode", s.0))
        .chain(texts.iter().map(|s| format!("{} tokens only", s.0)));
    for (name, mut r) in names.zip(per_round) {
        r.sort_by(f64::total_cmp);
        let at = |q: f64| r[((r.len() - 1) as f64 * q) as usize];
        println!(
            "{name:<20} ÷ BER tape decode: median {:.2}× (quartiles {:.2}–{:.2}) over {} rounds",
            at(0.5),
            at(0.25),
            at(0.75),
            r.len()
        );
    }
}

/// Byte classes for [`tokens`]: a word's byte, a one-byte token, white space.
const WORD: u8 = 0;
const PUNCT: u8 = 1;
const SPACE: u8 = 2;

static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = if matches!(c, b' ' | b'\t' | b'\r' | b'\n') {
            SPACE
        } else if matches!(c, b'{' | b'}' | b',' | b'=' | b':' | b'[' | b']' | b'"') {
            PUNCT
        } else {
            WORD
        };
        b += 1;
    }
    t
};

/// How many tokens `text` holds: runs of white space skipped, a word
/// running to the next white space or `{ } , = : [ ] "`, any other byte
/// one token. No keyword, value or tape: what any text decoder must do at
/// the least, one table look-up a byte.
fn tokens(text: &[u8]) -> usize {
    let class = |i: usize| text.get(i).map(|&b| CLASS[usize::from(b)]);
    let (mut i, mut n) = (0, 0);
    loop {
        while class(i) == Some(SPACE) {
            i += 1;
        }
        match class(i) {
            None => return n,
            Some(WORD) => {
                while class(i) == Some(WORD) {
                    i += 1;
                }
            }
            Some(_) => i += 1,
        }
        n += 1;
    }
}
