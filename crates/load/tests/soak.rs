//! A soak of a few seconds tells a leaking codec from a steady one. Its own
//! test binary: the counting allocator is process-wide, and no other test
//! may allocate beside the soak it watches.

use encbench_load::soak::{soak, SoakConfig, Verdict};
use encbench_load::{Mix, Workload};
use encbench_robust::alloc::{self, CountingAlloc};
use std::time::Duration;

#[global_allocator]
static ALLOCATOR: CountingAlloc = CountingAlloc;

/// Echoes the request; when `leak`, also keeps 4 KiB per request forever.
struct Echo {
    leak: bool,
}

impl Workload for Echo {
    fn serve(&self, request: &[u8], reply: &mut Vec<u8>) -> Result<(), String> {
        reply.clear();
        reply.extend_from_slice(request);
        if self.leak {
            // Written, so the pages are resident too.
            std::mem::forget(vec![reply.len() as u8 | 1; 4096]);
        }
        Ok(())
    }
}

fn heap() -> i64 {
    alloc::in_use() as i64
}

fn soak_for(leak: bool) -> encbench_load::SoakResult {
    let good: Vec<Vec<u8>> = (0..50u32).map(|i| i.to_le_bytes().to_vec()).collect();
    let mix = Mix::clean(&good).expect("mix");
    let config = SoakConfig {
        threads: 2,
        duration: Duration::from_secs(2),
        window: Duration::from_millis(100),
        heap: Some(heap),
    };
    alloc::arm(0, usize::MAX);
    let r = soak(&Echo { leak }, &mix, config).expect("soaks");
    alloc::disarm();
    r
}

#[test]
fn a_leaking_codec_is_flagged_growing_and_a_steady_one_is_not() {
    // Even a slow machine leaks megabytes in two seconds at 4 KiB a message.
    let leaky = soak_for(true);
    assert!(leaky.windows.len() >= 5, "{} windows", leaky.windows.len());
    assert_eq!(leaky.verdict(), Verdict::Growing, "{:?}", leaky.heap);
    assert!(!leaky.interrupted);
    let steady = soak_for(false);
    assert_eq!(
        steady.verdict(),
        Verdict::Steady,
        "{:?} {:?}",
        steady.heap,
        steady.rss
    );
    assert_eq!(steady.tally.errors, 0);
}
