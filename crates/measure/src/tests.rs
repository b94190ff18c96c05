use super::*;
use std::cell::Cell;
use std::time::Duration;

fn tiny_config() -> Config {
    Config {
        warmup: Duration::from_millis(5),
        target_sample: Duration::from_micros(200),
        min_samples: 10,
        max_samples: 12,
        group_budget: Duration::from_millis(20),
        resolution_factor: 1000,
    }
}

fn spin(n: u64) {
    for i in 0..n {
        std::hint::black_box(i);
    }
}

#[test]
fn timer_probe_is_sane() {
    let t = probe_timer();
    assert!(t.resolution_ns > 0.0 && t.resolution_ns < 1e6, "{t:?}");
    assert!(t.cost_ns > 0.0 && t.cost_ns < 1e5, "{t:?}");
}

#[test]
fn samples_are_taken_for_every_variant_and_batches_meet_the_floor() {
    let timer = probe_timer();
    let config = tiny_config();
    let mut variants = vec![
        Variant::new("a", repeat(|| std::hint::black_box(3u64).pow(3))),
        Variant::new("b", repeat(|| std::hint::black_box(5u64).pow(5))),
    ];
    let out = measure_interleaved(&mut variants, &config, &timer, None, &mut |_| {});
    assert_eq!(out.len(), 2);
    for m in out {
        let m = m.expect("measured");
        assert!(m.per_op_ns.len() >= config.min_samples);
        assert!(m.per_op_ns.len() <= config.max_samples);
        // Batch was grown well past 1 for such a cheap body.
        assert!(m.batch > 100, "batch {}", m.batch);
        assert!(m.warmup_iters >= m.batch);
    }
}

#[test]
fn variants_are_interleaved_not_run_in_blocks() {
    let timer = probe_timer();
    let config = tiny_config();
    let log = std::cell::RefCell::new(Vec::new());
    let mut variants = vec![
        Variant::new(
            "a",
            Box::new(|n: u64| {
                spin(n);
                log.borrow_mut().push('a');
                Ok(())
            }) as Routine,
        ),
        Variant::new(
            "b",
            Box::new(|n: u64| {
                spin(n);
                log.borrow_mut().push('b');
                Ok(())
            }) as Routine,
        ),
    ];
    let _ = measure_interleaved(&mut variants, &config, &timer, Some(4), &mut |_| {});
    drop(variants);
    let log = log.into_inner();
    // After the warm-up phase (all a's, then all b's) the samples alternate.
    let tail: String = log[log.len() - 8..].iter().collect();
    assert_eq!(tail, "abbaabba");
}

#[test]
fn a_failing_variant_reports_its_error_and_the_others_go_on() {
    let timer = probe_timer();
    let config = tiny_config();
    let calls = Cell::new(0);
    let mut variants = vec![
        Variant::new("ok", repeat(|| 1 + 1)),
        Variant::new(
            "flaky",
            Box::new(|_n: u64| {
                calls.set(calls.get() + 1);
                if calls.get() > 3 {
                    Err("went bad".to_string())
                } else {
                    std::thread::sleep(Duration::from_micros(300));
                    Ok(())
                }
            }) as Routine,
        ),
    ];
    let out = measure_interleaved(&mut variants, &config, &timer, None, &mut |_| {});
    assert!(out[0].is_ok());
    let err = out[1].as_ref().expect_err("flaky must fail");
    assert!(err.contains("flaky") && err.contains("went bad"), "{err}");
}

#[test]
fn samples_override_sets_the_count() {
    let timer = probe_timer();
    let mut variants = vec![Variant::new("a", repeat(|| 0u8))];
    let out = measure_interleaved(&mut variants, &tiny_config(), &timer, Some(3), &mut |_| {});
    assert_eq!(out[0].as_ref().map(|m| m.per_op_ns.len()), Ok(3));
}

#[test]
fn empty_body_costs_less_than_one_clock_read() {
    // An engine that read the clock per iteration could never report an
    // empty body below the cost of one clock read; batching must. Other
    // tests share these two cores, so the best of three attempts counts.
    let timer = probe_timer();
    let best = (0..3)
        .map(|_| measure_overhead(&tiny_config(), &timer).empty_body_ns)
        .fold(f64::INFINITY, f64::min);
    assert!(
        best < timer.cost_ns,
        "empty body {best} ns vs clock read {} ns",
        timer.cost_ns
    );
}

#[test]
fn a_routine_that_ignores_iters_still_terminates() {
    let timer = probe_timer();
    let mut variants = vec![Variant::new("lazy", Box::new(|_n: u64| Ok(())) as Routine)];
    let out = measure_interleaved(&mut variants, &tiny_config(), &timer, Some(2), &mut |_| {});
    assert_eq!(out[0].as_ref().map(|m| m.batch), Ok(1 << 40));
}

#[test]
fn setup_runs_untimed_before_every_single_operation_sample() {
    let timer = probe_timer();
    let prepared = Cell::new(0u32);
    let ran = Cell::new(0u32);
    let mut variants = vec![Variant::with_setup(
        "cold",
        Box::new(|| {
            prepared.set(prepared.get() + 1);
            std::thread::sleep(Duration::from_millis(3)); // must not show in the samples
            Ok(())
        }),
        Box::new(|n: u64| {
            assert_eq!(n, 1, "a prepared sample is one operation");
            assert_eq!(prepared.get(), ran.get() + 1, "setup before each operation");
            ran.set(ran.get() + 1);
            Ok(())
        }) as Routine,
    )];
    let out = measure_interleaved(&mut variants, &tiny_config(), &timer, Some(5), &mut |_| {});
    drop(variants);
    let m = out[0].as_ref().expect("measured");
    assert_eq!(m.batch, 1);
    assert_eq!(ran.get(), 6); // one warm-up + five samples
    assert!(
        m.per_op_ns.iter().all(|ns| *ns < 3e6),
        "setup time leaked into {:?}",
        m.per_op_ns
    );
}

#[test]
fn a_refusing_setup_fails_the_variant_with_its_reason() {
    let timer = probe_timer();
    let calls = Cell::new(0);
    let mut variants = vec![Variant::with_setup(
        "cold",
        Box::new(|| {
            calls.set(calls.get() + 1);
            if calls.get() > 2 {
                Err("still resident".to_string())
            } else {
                Ok(())
            }
        }),
        Box::new(|_n: u64| Ok(())) as Routine,
    )];
    let out = measure_interleaved(&mut variants, &tiny_config(), &timer, Some(5), &mut |_| {});
    let err = out[0].as_ref().expect_err("must fail");
    assert!(err.contains("still resident"), "{err}");
}

#[test]
fn self_timed_variants_report_their_own_clock_not_ours() {
    let timer = probe_timer();
    let mut variants = vec![Variant::self_timed(
        "worker",
        Box::new(|iters: u64| {
            std::thread::sleep(Duration::from_micros(200)); // the "pipe": must not be counted
            Ok(Duration::from_nanos(3 * iters))
        }),
    )];
    let out = measure_interleaved(&mut variants, &tiny_config(), &timer, Some(4), &mut |_| {});
    let m = out[0].as_ref().expect("measured");
    assert!(
        m.per_op_ns.iter().all(|ns| (*ns - 3.0).abs() < 1e-9),
        "{:?}",
        m.per_op_ns
    );
    // Calibration grew the batch on the reported time, not the wall time.
    assert!(m.batch > 1000, "batch {}", m.batch);
}

#[test]
fn a_call_made_outside_that_lasted_the_warm_up_is_the_warm_up() {
    let timer = probe_timer();
    let config = tiny_config();
    let calls = Cell::new(0u64);
    let counted = |name: &'static str| {
        let calls = &calls;
        Variant::new(
            name,
            Box::new(move |n: u64| {
                calls.set(calls.get() + n);
                spin(n);
                Ok(())
            }),
        )
    };
    // Its check already ran one operation for longer than warm-up and a
    // sample's minimum: no warm-up call, the three samples of one op each.
    let mut slow = counted("checked");
    slow.ran_once = Some(config.warmup * 2);
    let mut variants = vec![slow];
    let out = measure_interleaved(&mut variants, &config, &timer, Some(3), &mut |_| {});
    let m = out.into_iter().next().unwrap().expect("measured");
    assert_eq!((m.batch, m.warmup_iters, m.per_op_ns.len()), (1, 0, 3));
    assert_eq!(calls.get(), 3);
    // A shorter outside call does not count: the routine warms up as usual.
    calls.set(0);
    let mut quick = counted("checked briefly");
    quick.ran_once = Some(Duration::from_micros(1));
    let mut variants = vec![quick];
    let out = measure_interleaved(&mut variants, &config, &timer, Some(3), &mut |_| {});
    let m = out.into_iter().next().unwrap().expect("measured");
    assert!(m.warmup_iters > 0);
    assert_eq!(calls.get(), m.warmup_iters + 3 * m.batch);
}
