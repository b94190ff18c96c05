use super::*;
use encbench_record::*;
use encbench_stats::Sample;

pub(crate) fn document() -> RunDocument {
    let samples = vec![
        1_000_000.0,
        1_010_000.0,
        990_000.0,
        1_000_000.0,
        1_005_000.0,
        995_000.0,
    ];
    let summary = Sample::new(&samples).unwrap().summarize();
    let meta = RowMeta {
        scenario: "ints".into(),
        dataset: "uniform-1000".into(),
        codec: "text/fscanf".into(),
        operation: "read".into(),
        medium: Medium::FileWarm,
        items: 1000,
        logical_bytes: 4000,
        encoded_bytes: 6890,
        seed_reference: Some(SeedReference {
            seed: "000".into(),
            value: 6000.0,
            unit: "ms".into(),
            note: "fscanf; Pentium 4".into(),
            items: Some(10_000_000),
        }),
        ..Default::default()
    };
    let engine = EngineInfo {
        timer_resolution_ns: 10.0,
        timer_cost_ns: 20.0,
        empty_body_ns: 0.25,
        min_sample_ns: 2e6,
    };
    let environment = Environment {
        cpu_model: "Test CPU".into(),
        logical_cores: 2,
        os: "TestOS".into(),
        kernel: "1.0".into(),
        arch: "x86_64".into(),
        target_features: vec!["sse2".into()],
        cpu_features: vec!["sse4.1".into(), "avx2".into()],
        rustc: "rustc 1.0".into(),
        profile: "release".into(),
        encbench_version: "0.1.0".into(),
        git_commit: "abc1234".into(),
        date: "2026-11-22T00:00:00Z".into(),
        mode: "quick".into(),
        engine,
        data_dir: None,
        steadiness: Vec::new(),
        instruction_counter: None,
    };
    let meta_row = Record::new(
        meta.clone(),
        &Verified::equal("sum", &1, &1).unwrap().into(),
        &summary,
        3,
        samples,
    );
    RunDocument {
        encbench: "0.1.0".into(),
        schema: SCHEMA_VERSION,
        environment,
        results: vec![meta_row.clone()],
        failures: vec![Failure::new(
            &RowMeta {
                codec: "text/atoi".into(),
                ..meta
            },
            "verification failed: sum 1, expected 2",
        )],
        comparisons: vec![Comparison {
            scenario: "ints".into(),
            label: "a ÷ b".into(),
            value: 12.5,
            unit: "×".into(),
            seed_value: Some(240.0),
            note: "why".into(),
        }],
        conclusions: vec![conclusion(&meta_row)],
        compatibility: vec![],
        notes: vec!["wkb: corpus missing".into()],
        recommendation: None,
    }
}

/// A `load` run of two rows that keep no raw samples: an open-loop latency
/// row whose p50 is `p50_ns` with an interval of ±`half_pct` % (from every
/// message's latency), and Erlang's mstone row, one figure `mstone_ns`.
pub(crate) fn latency_document(p50_ns: f64, half_pct: f64, mstone_ns: f64) -> RunDocument {
    let mut doc = document();
    let meta = |dataset: &str, codec: &str, operation: &str| RowMeta {
        scenario: "load".into(),
        dataset: dataset.into(),
        codec: codec.into(),
        operation: operation.into(),
        medium: Medium::Memory,
        items: 1,
        ..Default::default()
    };
    let check: Check = Verified::equal("round trip", &1, &1).unwrap().into();
    let half = p50_ns * half_pct / 100.0;
    let latency = LoadRow {
        threads: 2,
        messages_per_s: 1e5,
        offered_per_s: Some(1e5),
        latency: Some(LoadLatency {
            count: 200_000,
            p50_ns,
            p50_ci_ns: (p50_ns - half, p50_ns + half),
            p99_ns: p50_ns * 4.0,
            p999_ns: p50_ns * 9.0,
            min_ns: p50_ns / 2.0,
            max_ns: p50_ns * 20.0,
            mean_ns: p50_ns * 1.2,
        }),
        ..LoadRow::default()
    };
    let mstone = LoadRow {
        threads: 2,
        messages_per_s: 1e9 / mstone_ns,
        window_ns: vec![mstone_ns],
        mstone: Some(12_345),
        ..LoadRow::default()
    };
    doc.results = vec![
        Record::load(
            meta("megaco/offered-80%", "megaco/ber-tape", "open-loop"),
            &check,
            latency,
        ),
        Record::load(
            meta("megaco/mstone", "erlang/megaco-ber", "mstone"),
            &check,
            mstone,
        ),
    ];
    doc
}

/// A verdict on the document's one row against a binary row it lacks.
fn conclusion(row: &Record) -> Conclusion {
    let numerator = RowRef::of(row);
    Conclusion {
        scenario: "ints".into(),
        question: "Is text 10× binary?".into(),
        claim: "time: text/fscanf ÷ binary/read-chunked ≥ 10×".into(),
        seed: Some("000".into()),
        seed_answer: Some("yes: 240×".into()),
        seed_value: Some(240.0),
        items: None,
        seed_items: None,
        quantity: Quantity::Time,
        denominator: RowRef {
            codec: "binary/read-chunked".into(),
            ..numerator.clone()
        },
        numerator,
        ratio: 12.5,
        ci_low: 11.0,
        ci_high: 14.0,
        ci_level: 0.95,
        threshold: 10.0,
        above: true,
        verdict: Verdict::Holds,
        answer: "text/fscanf read file-warm takes 12.5× the time of binary/read-chunked read file-warm: the claim holds".into(),
    }
}

#[test]
fn the_answers_come_last_in_the_terminal_and_first_in_html() {
    let doc = document();
    let text = crate::terminal::render(&doc);
    let answers = text.find("━━ answers ━━").expect("summary in the terminal");
    assert!(answers > text.find("━━ ints ━━").unwrap());
    assert!(text.contains("✓ holds"), "{text}");
    assert!(text.contains("12.5× [11.0–14.0] (claim ≥ 10×; seed 000: 240×) text/fscanf ÷ binary/read-chunked, read file-warm"), "{text}");
    // Measured at fewer items than the seed: the line says both sizes.
    let mut smaller = doc.conclusions[0].clone();
    smaller.items = Some(1_000_000);
    smaller.seed_items = Some(10_000_000);
    assert_eq!(
        crate::summary::claim_and_seed(&smaller),
        "claim ≥ 10×; seed 000: 240× at 10.0 M; here 1.00 M"
    );
    assert!(
        text.contains("1 hold · 0 do not hold · 0 inconclusive"),
        "{text}"
    );
    let html = String::from_utf8(Html.serialize(&doc).unwrap()).unwrap();
    let first = html.find("id=\"answers\"").expect("answers section");
    assert!(first < html.find("class=\"environment\"").unwrap());
    assert!(html.contains("href=\"#answer-0\"") && html.contains("id=\"answer-0\""));
    // The evidence names the row the run has, with its median.
    assert!(
        html.contains("text/fscanf read file-warm (uniform-1000): median"),
        "{html}"
    );
    // Markdown opens with the same answers.
    let md = String::from_utf8(Markdown.serialize(&doc).unwrap()).unwrap();
    assert!(
        md.starts_with("# encbench results\n\n## Answers\n\n1 hold"),
        "{md}"
    );
    assert!(
        md.contains("| ✓ holds | ints | Is text 10× binary? | 12.5× [11.0–14.0] |"),
        "{md}"
    );
    // No conclusions: no summary at all.
    let none = RunDocument {
        conclusions: vec![],
        compatibility: vec![],
        ..doc
    };
    assert!(!crate::terminal::render(&none).contains("answers"));
}

#[test]
fn json_export_round_trips() {
    let doc = document();
    let bytes = Json.serialize(&doc).unwrap();
    let back: RunDocument = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(back, doc);
}

#[test]
fn csv_has_a_header_and_one_row_per_result() {
    let text = String::from_utf8(Csv.serialize(&document()).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("scenario,dataset,codec,operation,medium"));
    assert!(
        lines[1].starts_with(
            "ints,uniform-1000,text/fscanf,read,file-warm,none,rust,1000,4000,6890,3,6,1000000,"
        ),
        "{}",
        lines[1]
    );
    assert!(
        lines[1].ends_with(",000,6000,ms,fscanf; Pentium 4,,,,,,,,,,abc1234"),
        "{}",
        lines[1]
    );
}

#[test]
fn csv_carries_instruction_counts_and_load_figures_by_name() {
    let mut doc = document();
    let r = &mut doc.results[0];
    r.instructions_per_op = Some(1234.5);
    r.threads = Some(2);
    r.messages_per_s = Some(250_000.0);
    r.p99_ns = Some(8000.0);
    r.errors = Some(3);
    let text = Csv.serialize(&doc).unwrap();
    let mut reader = csv::Reader::from_reader(text.as_slice());
    let header = reader.headers().unwrap().clone();
    let row = reader.records().next().unwrap().unwrap();
    let cell = |name: &str| &row[header.iter().position(|h| h == name).unwrap()];
    assert_eq!(cell("instructions_per_op"), "1234.5");
    assert_eq!(cell("threads"), "2");
    assert_eq!(cell("messages_per_s"), "250000");
    assert_eq!(cell("p99_ns"), "8000");
    assert_eq!(cell("errors"), "3");
    assert_eq!(cell("offered_per_s"), "");
    assert_eq!(cell("git_commit"), "abc1234");
}

#[test]
fn terminal_shows_instructions_per_op_only_when_counted() {
    let mut doc = document();
    assert!(!terminal::render(&doc).contains("instr/op"));
    doc.results[0].instructions_per_op = Some(31_400.0);
    let text = terminal::render(&doc);
    assert!(
        text.contains("instr/op") && text.contains("31.4 k"),
        "{text}"
    );
}

#[test]
fn markdown_and_terminal_show_rows_seed_comparisons_and_failures() {
    let doc = document();
    let md = String::from_utf8(Markdown.serialize(&doc).unwrap()).unwrap();
    let term = terminal::render(&doc);
    for text in [&md, &term] {
        assert!(text.contains("text/fscanf"), "{text}");
        assert!(text.contains("1.00 ms"), "{text}");
        assert!(text.contains("6000 ms"), "{text}");
        assert!(text.contains("(600 ns/item)"), "{text}");
        assert!(text.contains("12.5×"), "{text}");
        assert!(text.contains("(seed: 240×)"), "{text}");
        assert!(text.contains("text/atoi"), "{text}");
        assert!(text.contains("corpus missing"), "{text}");
        assert!(text.contains("Test CPU"), "{text}");
    }
    assert!(md.contains("| codec | op | medium |"));
}

#[test]
fn units_pick_the_right_magnitude() {
    assert_eq!(units::duration(0.314), "0.314 ns");
    assert_eq!(units::duration(1234.0), "1.23 µs");
    assert_eq!(units::duration(61_234_567.0), "61.2 ms");
    assert_eq!(units::duration(6.0e9), "6.00 s");
    assert_eq!(units::bytes(999.0), "999 B");
    assert_eq!(units::bytes(6_890_000.0), "6.89 MB");
    assert_eq!(units::rate(5200.0), "5.20 GB/s");
    assert_eq!(units::rate(112.0), "112 MB/s");
}

#[test]
fn robust_rows_render_as_an_outcome_table_with_findings_flagged() {
    let mut doc = document();
    let row = |codec: &str, krate: &str, panics: u64| {
        let mut outcomes = std::collections::BTreeMap::new();
        for (k, v) in [
            ("ok-equal", 1),
            ("ok-different", 2),
            ("error", 7),
            ("panic", panics),
        ] {
            outcomes.insert(k.to_string(), v);
        }
        Record::robust(
            RowMeta {
                scenario: "robust".into(),
                dataset: "telemetry-12".into(),
                codec: codec.into(),
                operation: "robust".into(),
                items: 1,
                ..Default::default()
            },
            RobustRow {
                inputs: 10 + panics,
                outcomes,
                decoder_crate: krate.into(),
                error_ns: vec![100.0, 200.0],
                error_ns_per_byte: Some(1.5),
            },
        )
    };
    doc.results = vec![
        row("record/parquet", "parquet", 2),
        row("wkb/slice", "encbench", 0),
    ];
    let text = terminal::render(&doc);
    assert!(
        text.contains("over-alloc") && text.contains("error cost"),
        "{text}"
    );
    let parquet = text.lines().find(|l| l.contains("record/parquet")).unwrap();
    assert!(
        parquet.contains("finding in parquet") && parquet.contains("1.50 ns/B"),
        "{parquet}"
    );
    let ours = text.lines().find(|l| l.contains("wkb/slice")).unwrap();
    assert!(
        !ours.contains("finding") && !ours.contains("FAILED"),
        "{ours}"
    );
    assert!(robust::has_failures(&doc.results[0]) && !robust::has_failures(&doc.results[1]));
    // Nothing to compare for a robustness row: neither flagged nor counted as a short interval.
    assert!(
        !text.contains("unverified") && !text.contains("too few samples"),
        "{text}"
    );
}

/// A second row of `document()`'s scenario with `check` and only `samples`.
fn with_row(check: Check, samples: Vec<f64>) -> RunDocument {
    let mut doc = document();
    let summary = Sample::new(&samples).unwrap().summarize();
    let meta = RowMeta {
        scenario: "ints".into(),
        dataset: "uniform-1000".into(),
        codec: "reference/child".into(),
        operation: "dump".into(),
        medium: Medium::Memory,
        items: 1,
        ..Default::default()
    };
    doc.results
        .push(Record::new(meta, &check, &summary, 1, samples));
    doc
}

#[test]
fn unverified_and_lossy_rows_are_flagged_with_their_reason_everywhere() {
    let unverified = with_row(
        Check::Unverified {
            reason: "the child prints nothing to compare".into(),
        },
        vec![10.0; 8],
    );
    let md = String::from_utf8(Markdown.serialize(&unverified).unwrap()).unwrap();
    let csv = String::from_utf8(Csv.serialize(&unverified).unwrap()).unwrap();
    for text in [terminal::render(&unverified), md] {
        assert!(text.contains("unverified"), "{text}");
        assert!(
            text.contains(
                "reference/child dump (memory, uniform-1000): the child prints nothing to compare"
            ),
            "{text}"
        );
    }
    assert!(
        csv.contains(",false,unverified,the child prints nothing to compare,"),
        "{csv}"
    );
    assert!(csv.contains(",true,verified,sum,"), "{csv}");

    let lossy = with_row(
        Check::Lossy {
            proof: Verified::equal("routes", &1, &1).unwrap(),
            loss: "message boundaries".into(),
        },
        vec![10.0; 8],
    );
    let text = terminal::render(&lossy);
    assert!(text.contains("≈ lossy: reference/child dump"), "{text}");
    assert!(
        text.contains("routes (lossy: message boundaries)"),
        "{text}"
    );
}

#[test]
fn intervals_below_95_percent_say_their_coverage() {
    // Three samples: the interval is [min, max], which covers 75 %.
    let doc = with_row(
        Verified::equal("x", &1, &1).unwrap().into(),
        vec![10.0, 11.0, 12.0],
    );
    let text = terminal::render(&doc);
    assert!(text.contains("(75% CI)"), "{text}");
    assert!(
        text.contains("1 of 2 rows have too few samples for a 95% interval"),
        "{text}"
    );
    // The six-sample row reaches 95 % and carries no label.
    assert_eq!(text.matches("% CI)").count(), 1, "{text}");
    let csv = String::from_utf8(Csv.serialize(&doc).unwrap()).unwrap();
    assert!(csv.lines().nth(2).unwrap().contains(",0.75,"), "{csv}");
}
