//! Per-message encode and decode times of the BER and PER codecs over
//! Erlang's 149 vectors, for the README's figures. A quick look, not the
//! harness: scenario `megaco` measures these rows properly.
//!
//! cargo run --release -p encbench-megaco-asn1 --example megaco_asn1_bench

use encbench_codecs::Codec;
use encbench_megaco_asn1::{ber_vectors, per_vectors, Ber, Per, VersionedMessage};
use std::hint::black_box;
use std::time::Instant;

fn time(name: &str, codec: &dyn Codec<VersionedMessage>, inputs: Vec<Vec<u8>>) {
    let messages: Vec<VersionedMessage> = inputs
        .iter()
        .map(|b| codec.decode(b).expect("vector decodes"))
        .collect();
    let rounds = 2000;
    let n = (rounds * inputs.len()) as f64;
    let mut best_dec = f64::MAX;
    let mut best_enc = f64::MAX;
    let mut buf = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..rounds {
            codec.decode_each(&inputs).expect("decodes");
        }
        best_dec = best_dec.min(start.elapsed().as_secs_f64() * 1e6 / n);
        let start = Instant::now();
        for _ in 0..rounds {
            for m in &messages {
                buf.clear();
                codec.encode(m, &mut buf).expect("encodes");
                black_box(&buf);
            }
        }
        best_enc = best_enc.min(start.elapsed().as_secs_f64() * 1e6 / n);
    }
    println!("{name}: decode {best_dec:.3} µs/message, encode {best_enc:.3} µs/message (best of 5 × {rounds} passes over {} messages)", inputs.len());
}

fn main() {
    time(
        "BER",
        &Ber,
        ber_vectors().into_iter().map(|v| v.bytes).collect(),
    );
    time(
        "PER",
        &Per,
        per_vectors().into_iter().map(|v| v.bytes).collect(),
    );
}
