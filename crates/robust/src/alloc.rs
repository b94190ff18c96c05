//! A global allocator that can cap what one decode may hold.
//!
//! The binary installs [`CountingAlloc`]; it is the system allocator plus one
//! relaxed load per call while disarmed (every command but the robust
//! worker), so `run`'s timings do not pay for the counting. Armed (around one
//! decode in the worker), it counts bytes in use since arming and refuses a
//! request that would exceed the cap: it writes a marker line naming the
//! input to stderr and returns null, so an infallible allocation aborts the
//! child (the parent reads the marker: `over-allocation`), and a fallible
//! one (`try_reserve`) lets the decoder fail cleanly (`error`).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicIsize, AtomicUsize, Ordering::Relaxed};

static ARMED: AtomicBool = AtomicBool::new(false);
static IN_USE: AtomicIsize = AtomicIsize::new(0);
static CAP: AtomicIsize = AtomicIsize::new(isize::MAX);
static INPUT: AtomicUsize = AtomicUsize::new(0);

/// The marker's fixed start; the parent looks for it.
pub const MARKER: &str = "encbench-robust: over-allocation input=";

/// The system allocator with an optional cap on bytes in use.
pub struct CountingAlloc;

/// Starts counting from zero for input `index`, refusing beyond `cap` bytes.
pub fn arm(index: usize, cap: usize) {
    INPUT.store(index, Relaxed);
    IN_USE.store(0, Relaxed);
    CAP.store(isize::try_from(cap).unwrap_or(isize::MAX), Relaxed);
    ARMED.store(true, Relaxed);
}

/// Bytes allocated and not freed since [`arm`] (net: memory allocated
/// before arming and freed after it counts negative). A soak reads it to
/// see whether live heap grows.
pub fn in_use() -> isize {
    IN_USE.load(Relaxed)
}

/// Stops counting.
pub fn disarm() {
    ARMED.store(false, Relaxed);
}

/// Whether `size` more bytes fit under the cap; reports and refuses if not.
fn reserve(size: usize) -> bool {
    let size = isize::try_from(size).unwrap_or(isize::MAX);
    let before = IN_USE.fetch_add(size, Relaxed);
    if before.saturating_add(size) <= CAP.load(Relaxed) {
        return true;
    }
    IN_USE.fetch_sub(size, Relaxed);
    report(size as usize);
    false
}

fn release(size: usize) {
    IN_USE.fetch_sub(isize::try_from(size).unwrap_or(isize::MAX), Relaxed);
}

/// Writes `MARKER<index> bytes=<size>` with no allocation (we are inside the allocator).
fn report(size: usize) {
    let mut line = [0u8; 128];
    let mut len = 0;
    let mut put = |bytes: &[u8]| {
        for &b in bytes {
            if len < line.len() {
                line[len] = b;
                len += 1;
            }
        }
    };
    put(MARKER.as_bytes());
    put(digits(INPUT.load(Relaxed), &mut [0; 20]));
    put(b" bytes=");
    put(digits(size, &mut [0; 20]));
    put(b"\n");
    // SAFETY: writes `len` initialised bytes of a stack buffer to fd 2.
    unsafe {
        libc::write(2, line.as_ptr().cast(), len);
    }
}

fn digits(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return &buf[i..];
        }
    }
}

// SAFETY: every call is forwarded to `System` with the caller's layout; the
// cap only ever turns a request into a null return, which callers handle.
unsafe impl GlobalAlloc for CountingAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let armed = ARMED.load(Relaxed);
        if armed && !reserve(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc(layout);
        if armed && p.is_null() {
            release(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let armed = ARMED.load(Relaxed);
        if armed && !reserve(layout.size()) {
            return std::ptr::null_mut();
        }
        let p = System.alloc_zeroed(layout);
        if armed && p.is_null() {
            release(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout);
        if ARMED.load(Relaxed) {
            release(layout.size());
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let armed = ARMED.load(Relaxed);
        let grow = new_size.saturating_sub(layout.size());
        if armed && grow > 0 && !reserve(grow) {
            return std::ptr::null_mut();
        }
        let p = System.realloc(ptr, layout, new_size);
        if armed {
            if p.is_null() {
                release(grow);
            } else if grow == 0 {
                release(layout.size() - new_size);
            }
        }
        p
    }
}

/// Caps the child's address space too, so memory taken outside Rust's
/// allocator (mmap, C libraries) cannot take the machine down.
pub fn limit_address_space(bytes: u64) {
    let limit = libc::rlimit {
        rlim_cur: bytes as libc::rlim_t,
        rlim_max: bytes as libc::rlim_t,
    };
    // SAFETY: setrlimit reads a valid struct; failure only leaves the limit unset.
    unsafe {
        libc::setrlimit(libc::RLIMIT_AS, &limit);
    }
}
