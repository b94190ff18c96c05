//! `cargo run --release --example wire_decode [PREFIXES]`: best-of-20 wire
//! decode time of the synthetic table, with and without freeing the result
//! inside the timed region (a quick check; the scenario is the measurement
//! of record).
use encbench_bgp::table;
use std::time::Instant;

fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let t = table::full_table(n, 1);
    let bytes = table::encode_wire(&t).expect("the synthetic table encodes");
    let (mut best, mut best_kept) = (f64::MAX, f64::MAX);
    for _ in 0..20 {
        let start = Instant::now();
        let back = table::decode_wire(&bytes).expect("decodes");
        std::hint::black_box(back);
        best = best.min(start.elapsed().as_secs_f64());
        let start = Instant::now();
        let back = table::decode_wire(&bytes).expect("decodes");
        best_kept = best_kept.min(start.elapsed().as_secs_f64());
        drop(std::hint::black_box(back));
    }
    println!(
        "{n} prefixes, {} bytes: decode+free best {:.2} ms ({:.1} M prefixes/s); decode alone {:.2} ms ({:.1} M prefixes/s)",
        bytes.len(),
        best * 1e3,
        n as f64 / best / 1e6,
        best_kept * 1e3,
        n as f64 / best_kept / 1e6
    );
}
