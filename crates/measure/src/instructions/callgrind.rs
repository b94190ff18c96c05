//! Callgrind's client requests: a magic instruction sequence that does
//! nothing on a real CPU and that valgrind recognises as a call into the
//! tool. Written out here because the crates that wrap them build C code
//! against valgrind's headers, which a machine without valgrind lacks.

/// `VG_USERREQ__RUNNING_ON_VALGRIND`.
const RUNNING_ON_VALGRIND: usize = 0x1001;
/// Callgrind's requests start at `VG_USERREQ_TOOL_BASE('C','T')`.
const BASE: usize = ((b'C' as usize) << 24) | ((b'T' as usize) << 16);
const ZERO_STATS: usize = BASE + 1;
const DUMP_STATS_AT: usize = BASE + 3;
const START_INSTRUMENTATION: usize = BASE + 4;
const STOP_INSTRUMENTATION: usize = BASE + 5;

/// Sends one request; returns `default` when not under valgrind.
#[cfg(target_arch = "x86_64")]
fn request(code: usize, arg: usize, default: usize) -> usize {
    let args: [usize; 6] = [code, arg, 0, 0, 0, 0];
    let mut result = default;
    // SAFETY: the rotations of rdi by 3+13+61+51 = 128 bits leave it as it
    // was, and `xchg rbx, rbx` changes nothing: natively the sequence is a
    // no-op; under valgrind it reads the six words `args` points to.
    unsafe {
        std::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            inout("rdx") result,
            in("rax") args.as_ptr(),
            options(nostack),
        );
    }
    result
}

#[cfg(target_arch = "aarch64")]
fn request(code: usize, arg: usize, default: usize) -> usize {
    let args: [usize; 6] = [code, arg, 0, 0, 0, 0];
    let mut result = default;
    // SAFETY: as on x86-64: rotations summing to 128 bits and `orr x10,
    // x10, x10` are a no-op natively.
    unsafe {
        std::arch::asm!(
            "ror x12, x12, #3",
            "ror x12, x12, #13",
            "ror x12, x12, #51",
            "ror x12, x12, #61",
            "orr x10, x10, x10",
            inout("x3") result,
            in("x4") args.as_ptr(),
            options(nostack),
        );
    }
    result
}

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn request(_code: usize, _arg: usize, default: usize) -> usize {
    default
}

/// Whether this process runs under valgrind.
pub fn running_on_valgrind() -> bool {
    request(RUNNING_ON_VALGRIND, 0, 0) > 0
}

/// Resets Callgrind's counters.
pub fn zero_stats() {
    request(ZERO_STATS, 0, 0);
}

/// Writes Callgrind's counters to the next dump file, labelled, and resets them.
pub fn dump_stats_at(label: &str) {
    let mut c = Vec::with_capacity(label.len() + 1);
    c.extend(label.bytes().filter(|b| *b != 0));
    c.push(0);
    request(DUMP_STATS_AT, c.as_ptr() as usize, 0);
}

/// Turns instrumentation on (everything before ran at valgrind's core speed).
pub fn start_instrumentation() {
    request(START_INSTRUMENTATION, 0, 0);
}

/// Turns instrumentation off again.
pub fn stop_instrumentation() {
    request(STOP_INSTRUMENTATION, 0, 0);
}

/// The `totals:` count (instructions, `Ir`) of one Callgrind dump.
pub fn totals(dump: &str) -> Option<u64> {
    dump.lines()
        .find_map(|l| l.strip_prefix("totals:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
}
