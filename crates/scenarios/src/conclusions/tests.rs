use super::*;
use encbench_record::{RowMeta, Verified};

/// A timed row of `scenario` whose samples spread ±`spread` around `median`.
fn row(codec: &str, dataset: &str, medium: Medium, median: f64, spread: f64) -> Record {
    let samples: Vec<f64> = (0..20)
        .map(|i| median + spread * ((i % 5) as f64 - 2.0) / 2.0)
        .collect();
    let summary = Sample::new(&samples).unwrap().summarize();
    let meta = RowMeta {
        scenario: "ints".into(),
        dataset: dataset.into(),
        codec: codec.into(),
        operation: "read".into(),
        medium,
        items: 1000,
        encoded_bytes: median as u64,
        ..RowMeta::default()
    };
    let check = Verified::equal("sum", &1, &1).unwrap().into();
    Record::new(meta, &check, &summary, 1, samples)
}

fn claim(threshold: f64, above: bool) -> Claim {
    Claim {
        scenario: "ints",
        question: "Is text 10× binary?",
        seed: Some("000"),
        seed_figure: Some("10.8×".into()),
        seed_value: Some(10.8),
        seed_items: Some((1000, "ints")),
        quantity: Quantity::Time,
        numerator: Pick::new(&["uniform-*"], &["text/*"], "read", WARM),
        denominator: Pick::new(&["uniform-*"], &["binary/*"], "read", WARM),
        threshold,
        above,
    }
}

fn rows(text: f64, spread: f64) -> Vec<Record> {
    vec![
        row(
            "text/slow",
            "uniform-1000",
            Medium::FileWarm,
            text * 3.0,
            spread,
        ),
        row("text/fast", "uniform-1000", Medium::FileWarm, text, spread),
        row("text/fast", "uniform-1000", Medium::Memory, 1.0, 0.0),
        row("binary/read", "uniform-1000", Medium::FileWarm, 100.0, 1.0),
        row("binary/read", "digits-1-1000", Medium::FileWarm, 1.0, 0.0),
    ]
}

#[test]
fn the_seed_s_yes_or_no_is_derived_from_its_figure() {
    assert_eq!(
        claim(10.0, true).seed_answer().as_deref(),
        Some("yes: 10.8×")
    );
    // The same figure against a claim it does not meet.
    assert_eq!(
        claim(20.0, true).seed_answer().as_deref(),
        Some("no: 10.8×")
    );
    assert_eq!(
        claim(5.0, false).seed_answer().as_deref(),
        Some("no: 10.8×")
    );
    // Every shipped claim with a seed figure answers with what the figure says.
    for c in claims() {
        if let (Some(answer), Some(v)) = (c.seed_answer(), c.seed_value) {
            let holds = if c.above {
                v >= c.threshold
            } else {
                v <= c.threshold
            };
            assert!(
                answer.starts_with(if holds { "yes: " } else { "no: " }),
                "{}: {answer}",
                c.question
            );
        }
    }
}

#[test]
fn a_tight_ratio_above_the_threshold_holds() {
    let c = claim(10.0, true).evaluate(&rows(1500.0, 10.0)).unwrap();
    assert_eq!(c.numerator.codec, "text/fast", "the fastest text row");
    assert_eq!(c.denominator.dataset, "uniform-1000");
    assert!((c.ratio - 15.0).abs() < 1e-9, "{}", c.ratio);
    assert!(c.ci_low <= 15.0 && 15.0 <= c.ci_high && c.ci_low > 14.0 && c.ci_high < 16.0);
    assert_eq!(c.verdict, Verdict::Holds);
    assert_eq!(c.ci_level, LEVEL);
    assert!(
        c.answer.contains("15.0×") && c.answer.ends_with("the claim holds"),
        "{}",
        c.answer
    );
    assert_eq!(c.claim, "time: text/fast ÷ binary/read ≥ 10.0×");
}

#[test]
fn a_tight_ratio_below_the_threshold_does_not_hold() {
    let c = claim(10.0, true).evaluate(&rows(500.0, 10.0)).unwrap();
    assert_eq!(c.verdict, Verdict::DoesNotHold);
    // The same figures against a claim of "at most 10×" hold.
    let c = claim(10.0, false).evaluate(&rows(500.0, 10.0)).unwrap();
    assert_eq!(c.verdict, Verdict::Holds);
}

#[test]
fn an_interval_straddling_the_threshold_is_inconclusive() {
    // Median ratio 10.2, but samples spread ±40 % around it.
    let c = claim(10.0, true).evaluate(&rows(1020.0, 800.0)).unwrap();
    assert!(c.ci_low < 10.0 && c.ci_high > 10.0, "{c:?}");
    assert_eq!(c.verdict, Verdict::Inconclusive);
    assert!(c.answer.ends_with("the claim inconclusive"), "{}", c.answer);
}

#[test]
fn a_claim_without_its_rows_is_not_answered() {
    let only_text: Vec<Record> = rows(1500.0, 10.0)
        .into_iter()
        .filter(|r| r.codec.starts_with("text/"))
        .collect();
    assert!(claim(10.0, true).evaluate(&only_text).is_none());
    assert!(conclude(&[]).is_empty());
}

#[test]
fn byte_ratios_are_exact() {
    let c = Claim {
        quantity: Quantity::Bytes,
        ..claim(10.0, true)
    }
    .evaluate(&rows(1500.0, 10.0))
    .unwrap();
    assert_eq!((c.ratio, c.ci_low, c.ci_high), (15.0, 15.0, 15.0));
    assert!(c.answer.contains("(exact)"), "{}", c.answer);
}

#[test]
fn every_claim_names_a_scenario_that_exists_and_a_seed_figure_from_the_table() {
    let names: Vec<&str> = crate::all().iter().map(|s| s.name()).collect();
    // Scenario `load` keeps its ratio claims beside its other answer.
    let claims = || claims().into_iter().chain(crate::load::claims());
    for c in claims() {
        assert!(names.contains(&c.scenario), "{}", c.scenario);
        assert_eq!(c.seed.is_some(), c.seed_value.is_some(), "{}", c.question);
        assert!(c.threshold > 0.0);
    }
    // Every scenario asks at least one question.
    for name in names {
        assert!(claims().any(|c| c.scenario == name), "{name} asks nothing");
    }
}

#[test]
fn an_answer_from_fewer_items_than_the_seed_s_says_so() {
    let rows = rows(1500.0, 10.0);
    let c = claim(10.0, true).evaluate(&rows).unwrap();
    // The rows hold 1000 items, as many as this claim's seed: nothing to say.
    assert!(!c.answer.contains("the seed measured"), "{}", c.answer);
    assert_eq!((c.items, c.seed_items), (Some(1000), Some(1000)));
    let mut larger = claim(10.0, true);
    larger.seed_items = Some((10_000_000, "ints"));
    let c = larger.evaluate(&rows).unwrap();
    assert!(
        c.answer.ends_with(
            " — at 1000 ints; the seed measured 10.0 M: `run ints --full` answers at its size"
        ),
        "{}",
        c.answer
    );
    assert_eq!((c.items, c.seed_items), (Some(1000), Some(10_000_000)));
}

#[test]
fn a_cold_claim_on_reads_that_may_have_hit_memory_gets_no_verdict() {
    let mut cold = claim(10.0, true);
    cold.numerator = Pick::new(&["uniform-*"], &["text/*"], "read", COLD);
    cold.denominator = Pick::new(&["uniform-*"], &["binary/*"], "read", COLD);
    let rows = |medium| {
        vec![
            row("text/fast", "uniform-1000", medium, 1500.0, 10.0),
            row("binary/read", "uniform-1000", medium, 100.0, 1.0),
        ]
    };
    let sure = cold.evaluate(&rows(Medium::FileCold)).unwrap();
    assert_eq!(sure.verdict, Verdict::Holds);
    let unsure = cold.evaluate(&rows(Medium::FileColdUnverified)).unwrap();
    assert_eq!(unsure.verdict, Verdict::Inconclusive, "{}", unsure.answer);
    assert!(
        unsure.answer.contains("file-cold-unverified"),
        "{}",
        unsure.answer
    );
}
