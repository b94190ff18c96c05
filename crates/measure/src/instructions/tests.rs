use super::*;

#[test]
fn a_pair_of_regions_gives_one_operation_less_the_loop() {
    let text = "\
10\t1500\tengine/empty-body
20\t1530\tengine/empty-body
10\t31000\tints/u/x/decode/memory
20\t61030\tints/u/x/decode/memory
1\t5000000\tints/u/slow/decode/memory
";
    let counts = parse_counts(text).unwrap();
    assert_eq!(counts.empty_body, 3.0);
    assert_eq!(counts.per_op["ints/u/x/decode/memory"], 3003.0 - 3.0);
    // A lone region of one slow operation: its count, less the loop.
    assert_eq!(
        counts.per_op["ints/u/slow/decode/memory"],
        5_000_000.0 - 3.0
    );
}

#[test]
fn a_row_counted_twice_keeps_its_first_count() {
    let text = "4\t400\tk\n8\t800\tk\n4\t800\tk\n8\t1600\tk\n";
    assert_eq!(parse_counts(text).unwrap().per_op["k"], 100.0);
}

#[test]
fn a_malformed_counts_file_is_refused_with_its_line() {
    let err = parse_counts("10\t100\tk\n0\t5\tk\n").unwrap_err();
    assert!(err.contains("line 2") && err.contains("\"0\""), "{err}");
    let err = parse_counts("10\t100\n").unwrap_err();
    assert!(err.contains("line 1: expected 3 fields"), "{err}");
    let err = parse_counts("10\tmany\tk\n").unwrap_err();
    assert!(err.contains("\"many\" is not a count"), "{err}");
}

#[test]
fn a_count_that_went_down_is_an_error_never_zero() {
    // The region of 2n operations counted fewer than the region of n.
    let err = parse_counts("10\t5000\tk\n20\t4000\tk\n").unwrap_err();
    assert!(
        err.contains("lines 1 and 2") && err.contains("k: 20 operations counted 4000"),
        "{err}"
    );
    // The empty body's own difference, negative.
    let err =
        parse_counts("10\t1500\tengine/empty-body\n20\t1400\tengine/empty-body\n").unwrap_err();
    assert!(err.contains("engine/empty-body"), "{err}");
    // A row below the empty loop.
    let text = "\
10\t1500\tengine/empty-body
20\t1550\tengine/empty-body
10\t100\tk
20\t120\tk
";
    let err = parse_counts(text).unwrap_err();
    assert!(
        err.contains("k: 2 instructions per operation, fewer than the empty loop's 5"),
        "{err}"
    );
}

#[test]
fn callgrind_totals_are_read_from_a_dump() {
    let dump = "version: 1\ncreator: callgrind-3.19.0\nevents: Ir\nsummary: 99\ntotals: 70002\n";
    assert_eq!(callgrind::totals(dump), Some(70002));
    assert_eq!(callgrind::totals("events: Ir\n"), None);
}

#[test]
fn natively_no_valgrind_is_detected() {
    // `cargo test` does not run under valgrind (the counting test below
    // starts its own child under it).
    if std::env::var_os(CHILD_ENV).is_none() {
        assert!(!callgrind::running_on_valgrind());
    }
}

/// Exactly 3 instructions per add: add, decrement, branch.
#[inline(always)]
fn adds(n: u64) -> u64 {
    let mut x = 0u64;
    let mut left = n;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: register arithmetic only.
    unsafe {
        std::arch::asm!(
            "2:",
            "add {x}, 1",
            "dec {left}",
            "jnz 2b",
            x = inout(reg) x,
            left = inout(reg) left,
            options(nomem, nostack),
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: register arithmetic only.
    unsafe {
        std::arch::asm!(
            "2:",
            "add {x}, {x}, #1",
            "subs {left}, {left}, #1",
            "b.ne 2b",
            x = inout(reg) x,
            left = inout(reg) left,
            options(nomem, nostack),
        );
    }
    x + left
}

const ADDS: u64 = 1000;

/// In the parent, starts this test again as a counting child; in the
/// child, counts the engine's empty body and a routine of 1000 adds.
#[test]
fn a_loop_of_known_length_counts_three_instructions_an_add() {
    if std::env::var_os(CHILD_ENV).is_some() {
        let mut child = counting_child().expect("started as a counting child");
        let mut empty: Routine<'_> = crate::repeat(|| ());
        child.count(EMPTY_BODY_KEY, &mut empty).unwrap();
        let mut routine: Routine<'_> = crate::repeat(|| adds(ADDS));
        child.count("adds", &mut routine).unwrap();
        return;
    }
    let counter = match Counter::probe() {
        Ok(c) => c,
        // CI installs valgrind: there the count must happen.
        Err(e) if std::env::var_os("CI").is_none() => {
            eprintln!("skipped: {e}");
            return;
        }
        Err(e) => panic!("{e}"),
    };
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let out = counter
        .child_command(&exe, dir.path())
        .args([
            "--exact",
            "instructions::tests::a_loop_of_known_length_counts_three_instructions_an_add",
            "--test-threads=1",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "child: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let counts = read_counts(dir.path()).unwrap();
    let per_op = counts.per_op["adds"];
    eprintln!(
        "{}: {per_op} per op, loop {}",
        counter.describe(),
        counts.empty_body
    );
    let want = 3.0 * ADDS as f64;
    assert!(
        (per_op - want).abs() <= want * 0.01,
        "{per_op} instructions per op, want {want} ± 1 % (loop: {})",
        counts.empty_body
    );
}
