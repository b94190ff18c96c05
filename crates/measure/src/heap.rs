//! A heap whose behaviour does not depend on what ran before.
//!
//! glibc's malloc serves large blocks (128 KiB and up, at first) with
//! fresh `mmap`s, page-faulted on every use, then raises that threshold to
//! the size of the largest such block freed; and it returns the top of the
//! heap to the kernel whenever more than 128 KiB lies free there. So
//! whether a row that allocates a 200 KB output pays page faults on every
//! iteration depended on which rows ran before it in the same process:
//! two runs of the same row differed by up to 17× (seen on `scaling`
//! decodes and on decompressions). Fixed thresholds make every row see the
//! steady state a long-running program reaches anyway: blocks below
//! 32 MiB come from the heap and freed memory stays there for reuse.

/// Fixes the allocator's thresholds (glibc only; elsewhere a no-op).
/// Returns whether they were set.
pub fn steady() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        // SAFETY: mallopt only changes tunables; called before timing starts.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20) == 1
                && libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30) == 1
                && libc::mallopt(libc::M_TOP_PAD, 16 << 20) == 1
        }
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        false
    }
}
