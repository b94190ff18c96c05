//! Per-message encode and decode times of our BER and PER codecs (rasn's
//! and the purpose-built tape ones) and of the text tape codecs (compact
//! and pretty) over the 149 messages, beside Erlang/OTP megaco's own
//! (through the Erlang worker, timed by its own clock), with the ratio, and
//! each tape codec against the BER tape (timed in alternation with it). A
//! quick look for the README's figures, best of 5 passes; scenario
//! `megaco` measures with the harness.
//!
//! cargo run --release -p encbench-megaco-asn1 --example megaco_asn1_bench [-- --no-erlang]

use encbench_codecs::Codec;
use encbench_megaco_asn1::{
    ber_vectors, compact_vectors, per_vectors, Ber, Per, Tape, TapeBer, TapeCompact, TapePer,
    TapePretty,
};
use encbench_workers::{Kind, Worker};
use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

const PASSES: usize = 500;

/// Best of 5 runs of `pass` (one pass over all 149 messages), in µs per message.
fn best(mut pass: impl FnMut()) -> f64 {
    (0..5)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..PASSES {
                pass();
            }
            start.elapsed().as_secs_f64() * 1e6 / (PASSES * 149) as f64
        })
        .fold(f64::MAX, f64::min)
}

fn ours<T>(codec: &dyn Codec<T>, inputs: &[Vec<u8>]) -> (f64, f64) {
    let messages: Vec<T> = inputs
        .iter()
        .map(|b| codec.decode(b).expect("vector decodes"))
        .collect();
    let decode = best(|| codec.decode_each(inputs).expect("decodes"));
    let mut buf = Vec::new();
    let encode = best(|| {
        for m in &messages {
            buf.clear();
            codec.encode(m, &mut buf).expect("encodes");
            black_box(&buf);
        }
    });
    (encode, decode)
}

fn erlang(id: &str, messages: &std::path::Path) -> Result<f64, String> {
    let (mut worker, _) = Worker::start(Kind::Erlang)?;
    worker.prepare(id, messages, "megaco-msgs")?;
    worker.run(149 * 50)?; // warm-up
    let mut best = f64::MAX;
    for _ in 0..5 {
        let took = worker.run((PASSES * 149) as u64)?;
        best = best.min(took.as_secs_f64() * 1e6 / (PASSES * 149) as f64);
    }
    Ok(best)
}

fn main() {
    let data = std::env::var_os("ENCBENCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/data"));
    let messages = data.join("megaco/time_test.msgs");
    let no_erlang = std::env::args().any(|a| a == "--no-erlang");
    let ber: Vec<Vec<u8>> = ber_vectors().into_iter().map(|v| v.bytes).collect();
    let per: Vec<Vec<u8>> = per_vectors().into_iter().map(|v| v.bytes).collect();
    let compact = erlang_compact();
    // Pretty text as the tape encoder writes it from the BER tapes.
    let pretty: Vec<Vec<u8>> = ber
        .iter()
        .map(|b| {
            let tape: Tape = TapeBer.decode(b).expect("vector decodes");
            let mut out = Vec::new();
            TapePretty.encode(&tape, &mut out).expect("encodes");
            out
        })
        .collect();
    // (our name, Erlang's codecs to compare with, our times)
    let sets = [
        ("ber", ["ber", "ber-native"], ours(&Ber, &ber)),
        ("per", ["per", "per-native"], ours(&Per, &per)),
        ("ber-tape", ["ber", "ber-native"], ours(&TapeBer, &ber)),
        ("per-tape", ["per", "per-native"], ours(&TapePer, &per)),
        (
            "compact-tape",
            ["compact", ""],
            ours(&TapeCompact, &compact),
        ),
        ("pretty-tape", ["pretty", ""], ours(&TapePretty, &pretty)),
    ];
    println!("µs per message, best of 5 × {PASSES} passes over 149 messages");
    println!(
        "{:<13} {:<7} {:>8} {:>14} {:>8} {:>14} {:>8}",
        "codec", "op", "rust", "erlang", "ratio", "erlang native", "ratio"
    );
    for (name, [plain, native], (encode, decode)) in sets {
        for (op, rust) in [("encode", encode), ("decode", decode)] {
            let theirs = |variant: &str| {
                if variant.is_empty() || no_erlang {
                    return ("-".into(), "-".into());
                }
                match erlang(&format!("megaco/erlang-{variant}-{op}"), &messages) {
                    Ok(us) => (format!("{us:.3}"), format!("{:.2}×", us / rust)),
                    Err(why) => {
                        eprintln!("erlang {variant} {op}: {why}");
                        ("-".into(), "-".into())
                    }
                }
            };
            let (e, r) = theirs(plain);
            let (en, rn) = theirs(native);
            println!("{name:<13} {op:<7} {rust:>8.3} {e:>14} {r:>8} {en:>14} {rn:>8}");
        }
    }
    // The ratios, measured apart from the table above: each tape codec
    // right after the BER tape, round after round, so that a change of
    // the machine's speed between codecs does not show up as a ratio.
    let mut tapes = [
        passes(&TapeBer, ber.clone()),
        passes(&TapePer, per.clone()),
        passes(&TapeCompact, compact.clone()),
        passes(&TapePretty, pretty.clone()),
    ];
    println!("\ntape codecs against the BER tape (time ÷ BER tape's time; median of {ROUNDS} rounds, each codec right after the BER tape)");
    let encode = against_ber(&mut tapes, |p| &mut p.encode);
    let decode = against_ber(&mut tapes, |p| &mut p.decode);
    for (name, (e, d)) in ["per-tape", "compact-tape", "pretty-tape"]
        .iter()
        .zip(encode.iter().zip(&decode))
    {
        println!("{name:<13} encode {e:>5.2}×  decode {d:>5.2}×");
    }
}

/// Rounds of [`against_ber`].
const ROUNDS: usize = 30;

/// One pass of a codec's encode and of its decode over all 149 messages.
struct Passes {
    encode: Box<dyn FnMut()>,
    decode: Box<dyn FnMut()>,
}

fn passes(codec: &'static dyn Codec<Tape>, inputs: Vec<Vec<u8>>) -> Passes {
    let tapes: Vec<Tape> = inputs
        .iter()
        .map(|b| codec.decode(b).expect("vector decodes"))
        .collect();
    let mut buf = Vec::new();
    Passes {
        encode: Box::new(move || {
            for t in &tapes {
                buf.clear();
                codec.encode(t, &mut buf).expect("encodes");
                black_box(&buf);
            }
        }),
        decode: Box::new(move || {
            codec.decode_each(&inputs).expect("decodes");
        }),
    }
}

/// For each codec after the first, the median over [`ROUNDS`] rounds of
/// its time for 100 passes of `op` ÷ the first codec's, measured just
/// before it in the same round. Long enough that the switch between
/// codecs (caches and branch predictors warming up again, about 4 % of
/// a 20-pass measurement) is lost in it.
fn against_ber(
    codecs: &mut [Passes],
    op: impl Fn(&mut Passes) -> &mut Box<dyn FnMut()>,
) -> Vec<f64> {
    let timed = |p: &mut Passes| {
        let pass = op(p);
        let start = Instant::now();
        for _ in 0..100 {
            pass();
        }
        start.elapsed().as_secs_f64()
    };
    let (first, rest) = codecs.split_at_mut(1);
    let mut ratios = vec![Vec::with_capacity(ROUNDS); rest.len()];
    for _ in 0..ROUNDS {
        for (codec, ratios) in rest.iter_mut().zip(&mut ratios) {
            let base = timed(&mut first[0]);
            ratios.push(timed(codec) / base);
        }
    }
    ratios
        .into_iter()
        .map(|mut r| {
            r.sort_by(f64::total_cmp);
            r[r.len() / 2]
        })
        .collect()
}

/// Erlang's compact text of each message.
fn erlang_compact() -> Vec<Vec<u8>> {
    compact_vectors().into_iter().map(|v| v.bytes).collect()
}
