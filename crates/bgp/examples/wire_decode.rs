//! `cargo run --release --example wire_decode [PREFIXES]`: best-of-50 wire
//! decode time of the synthetic table (a quick check; the scenario is the
//! measurement of record).
use encbench_bgp::table;
use std::time::Instant;
fn main() {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let t = table::full_table(n, 1);
    let bytes = table::encode_wire(&t);
    let mut best = f64::MAX;
    for _ in 0..50 {
        let start = Instant::now();
        let back = table::decode_wire(&bytes).expect("decodes");
        std::hint::black_box(back);
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{n} prefixes, {} bytes: best {:.2} ms, {:.1} M prefixes/s",
        bytes.len(),
        best * 1e3,
        n as f64 / best / 1e6
    );
}
