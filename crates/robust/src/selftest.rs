//! A deliberately faulty decoder, listed only when `ENCBENCH_ROBUST_SELF_TEST`
//! is set, so tests can check that every kind of failure is caught and
//! classified by the parent instead of taking it down.

use crate::corpus::hostile;
use crate::target::{Target, Verdict};

/// Codec id of the faulty decoder.
pub const ID: &str = "selftest/faulty";

/// Whether the self-test job is listed.
pub fn enabled() -> bool {
    std::env::var_os("ENCBENCH_ROBUST_SELF_TEST").is_some()
}

/// Whose decoder it pretends to be: ours when the variable says `ours`
/// (to test the exit status), else a third party's.
pub fn decoder_crate() -> &'static str {
    match std::env::var("ENCBENCH_ROBUST_SELF_TEST").as_deref() {
        Ok("ours") => "encbench",
        _ => "self-test",
    }
}

/// Aborts, over-allocates, panics or hangs on four of the fixed inputs.
pub struct Faulty {
    seeds: Vec<Vec<u8>>,
}

impl Default for Faulty {
    fn default() -> Self {
        Faulty {
            seeds: vec![vec![1]],
        }
    }
}

impl Target for Faulty {
    fn seeds(&self) -> &[Vec<u8>] {
        &self.seeds
    }

    fn decode(&self, bytes: &[u8], _origin: Option<usize>) -> Verdict {
        if bytes == hostile(7) {
            std::process::abort();
        }
        if bytes == hostile(9) {
            // Far beyond the cap: the counting allocator refuses it.
            let v: Vec<u8> = Vec::with_capacity(1 << 40);
            std::hint::black_box(&v);
        }
        if bytes == hostile(8) {
            panic!("self-test panic");
        }
        if bytes == hostile(11) {
            loop {
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        }
        if bytes == [1] {
            Verdict::Equal
        } else {
            Verdict::Error
        }
    }
}
