//! `cargo run --example mrtdump FILE`: the library's dump without the CLI.
use std::io::Write;
fn main() {
    let path = std::env::args().nth(1).unwrap_or_default();
    let mut r = match encbench_bgp::mrt::open(std::path::Path::new(&path)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{path}: {e}");
            std::process::exit(1);
        }
    };
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    if let Err(e) = encbench_bgp::dump::dump(&mut r, &mut out) {
        eprintln!("{path}: {e}");
        std::process::exit(1);
    }
    let _ = out.flush();
}
