use super::*;
use encbench_stats::Sample;

fn checked() -> Check {
    Verified::equal("the test's sum", &1, &1).unwrap().into()
}

fn meta() -> RowMeta {
    RowMeta {
        scenario: "ints".into(),
        dataset: "uniform".into(),
        codec: "binary/read-whole".into(),
        operation: "read".into(),
        medium: Medium::FileWarm,
        items: 1000,
        logical_bytes: 4000,
        encoded_bytes: 4000,
        seed_reference: None,
        ..Default::default()
    }
}

#[test]
fn record_derives_throughput_from_the_median() {
    let samples = vec![1000.0, 1000.0, 1000.0, 1000.0];
    let summary = Sample::new(&samples).unwrap().summarize();
    let r = Record::new(meta(), &checked(), &summary, 7, samples.clone());
    assert_eq!(r.median_ns, 1000.0);
    // 1000 items per µs = 1e9 items/s; 4000 B per µs = 4000 MB/s.
    assert!((r.items_per_sec - 1e9).abs() < 1e-3);
    assert!((r.logical_mb_per_s - 4000.0).abs() < 1e-9);
    assert_eq!(r.ns_per_item(), 1.0);
    assert_eq!(r.batch, 7);
    assert!(!r.noisy);
    assert!(r.verified);
    let v = r.verification.as_ref().unwrap();
    assert_eq!(
        (v.status, v.detail.as_str()),
        (VerificationStatus::Verified, "the test's sum")
    );
    assert_eq!(r.ci_level, Some(summary.ci.coverage));
    assert!(r.ci_level.unwrap() < 0.95, "four samples cannot reach 95 %");
    assert_eq!(r.samples_ns, samples);
}

#[test]
fn medium_serializes_as_documented() {
    assert_eq!(
        serde_json::to_string(&Medium::FileWarm).unwrap(),
        "\"file-warm\""
    );
    assert_eq!(
        serde_json::to_string(&Medium::Memory).unwrap(),
        "\"memory\""
    );
    assert_eq!(Medium::FileCold.as_str(), "file-cold");
}

#[test]
fn document_round_trips_through_json() {
    let samples = vec![10.0, 12.0, 11.0];
    let summary = Sample::new(&samples).unwrap().summarize();
    let engine = EngineInfo {
        timer_resolution_ns: 20.0,
        timer_cost_ns: 20.0,
        empty_body_ns: 0.3,
        min_sample_ns: 2e6,
    };
    let doc = RunDocument {
        encbench: "0.1.0".into(),
        schema: SCHEMA_VERSION,
        environment: Environment::capture(&BuildInfo::default(), "quick", engine, None),
        results: vec![Record::new(meta(), &checked(), &summary, 1, samples)],
        failures: vec![Failure::new(&meta(), "mismatch")],
        comparisons: vec![],
        conclusions: vec![],
        compatibility: vec![],
        notes: vec!["a note".into()],
        recommendation: None,
    };
    let json = serde_json::to_string(&doc).unwrap();
    let back: RunDocument = serde_json::from_str(&json).unwrap();
    assert_eq!(back, doc);
    assert!(json.contains("\"ci95_low_ns\""));
    assert!(json.contains("\"seed_reference\":null"));
    // Only `encbench file` writes a recommendation; other runs carry no key.
    assert!(!json.contains("recommendation"));
    let advised = RunDocument {
        recommendation: Some(crate::Recommendation {
            codec: "parquet".into(),
            compression: "zstd-3".into(),
            objective: "size".into(),
            link_mb_per_s: None,
            bandwidth_mb_per_s: None,
            bandwidth_source: None,
            reason: "smallest.".into(),
            readers: vec!["python".into()],
            excluded: vec!["postcard".into()],
            reads_per_write: None,
            keep_margin: None,
            costs: Vec::new(),
        }),
        ..doc
    };
    let json = serde_json::to_value(&advised).unwrap();
    assert_eq!(json["recommendation"]["compression"], "zstd-3");
    assert!(json["recommendation"].get("link_mb_per_s").is_none());
    let back: RunDocument = serde_json::from_value(json).unwrap();
    assert_eq!(back, advised);
}

#[test]
fn robust_fields_are_absent_from_timed_rows_and_round_trip_on_robust_rows() {
    let samples = vec![1000.0, 1100.0, 900.0];
    let summary = Sample::new(&samples).unwrap().summarize();
    let timed = Record::new(meta(), &checked(), &summary, 1, samples);
    let json = serde_json::to_value(&timed).unwrap();
    for key in ["inputs", "outcomes", "decoder_crate", "error_ns_per_byte"] {
        assert!(json.get(key).is_none(), "{key} in a timed row");
    }
    // Rows written before these fields existed still load.
    let back: Record = serde_json::from_value(json).unwrap();
    assert_eq!(back, timed);

    let outcomes: BTreeMap<String, u64> = [("error".to_string(), 3), ("panic".to_string(), 1)]
        .into_iter()
        .collect();
    let robust = Record::robust(
        RowMeta {
            operation: "robust".into(),
            items: 1,
            ..meta()
        },
        RobustRow {
            inputs: 4,
            outcomes: outcomes.clone(),
            decoder_crate: "parquet".into(),
            error_ns: vec![500.0, 700.0, 600.0],
            error_ns_per_byte: Some(2.5),
        },
    );
    assert_eq!(robust.median_ns, 600.0);
    assert_eq!((robust.samples, robust.samples_ns.len()), (3, 0));
    assert!(!robust.verified);
    let back: Record = serde_json::from_str(&serde_json::to_string(&robust).unwrap()).unwrap();
    assert_eq!(back.outcomes, Some(outcomes));
    assert_eq!(back.inputs, Some(4));
    assert_eq!(back.decoder_crate.as_deref(), Some("parquet"));

    // No clean rejection at all: zeros, not infinities (JSON has none).
    let empty = Record::robust(meta(), RobustRow::default());
    assert_eq!((empty.median_ns, empty.items_per_sec), (0.0, 0.0));
}

#[test]
fn an_unverified_check_is_recorded_as_such_with_its_reason() {
    let samples = vec![10.0, 11.0, 12.0, 10.0, 11.0, 12.0, 10.0, 11.0, 12.0, 10.0];
    let summary = Sample::new(&samples).unwrap().summarize();
    let check = Check::Unverified {
        reason: "the child's output is not captured".into(),
    };
    let r = Record::new(meta(), &check, &summary, 1, samples);
    assert!(!r.verified);
    let v = r.verification.clone().unwrap();
    assert_eq!(v.status, VerificationStatus::Unverified);
    assert_eq!(v.detail, "the child's output is not captured");
    assert!(r.ci_level.unwrap() >= 0.95);
    // A document written before `verification` and `ci_level` existed still loads.
    let mut json = serde_json::to_value(&r).unwrap();
    let fields = json.as_object_mut().unwrap();
    fields.remove("verification");
    fields.remove("ci_level");
    let old: Record = serde_json::from_value(json).unwrap();
    assert_eq!((old.verification, old.ci_level), (None, None));
}

#[test]
fn a_lossy_check_counts_as_verified_and_names_the_loss() {
    let samples = vec![10.0, 11.0, 12.0];
    let summary = Sample::new(&samples).unwrap().summarize();
    let check = Check::Lossy {
        proof: Verified::equal("rounded values", &1.5, &1.5).unwrap(),
        loss: "f64 to f32".into(),
    };
    let r = Record::new(meta(), &check, &summary, 1, samples);
    assert!(r.verified);
    let v = r.verification.unwrap();
    assert_eq!(v.status, VerificationStatus::Lossy);
    assert!(v.detail.contains("f64 to f32"), "{}", v.detail);
}

#[test]
fn load_rows_summarise_windows_or_latency_and_other_rows_lack_the_fields() {
    let samples = vec![1000.0, 1100.0, 900.0];
    let summary = Sample::new(&samples).unwrap().summarize();
    let json = serde_json::to_value(Record::new(meta(), &checked(), &summary, 1, samples)).unwrap();
    for key in [
        "threads",
        "messages_per_s",
        "bad_fraction",
        "p99_ns",
        "errors",
        "soak",
    ] {
        assert!(json.get(key).is_none(), "{key} in a timed row");
    }
    let closed = Record::load(
        meta(),
        &checked(),
        LoadRow {
            threads: 2,
            messages_per_s: 1e6,
            bad_fraction: 0.01,
            errors: Some(12),
            window_ns: vec![1000.0, 1010.0, 990.0, 1000.0],
            ..LoadRow::default()
        },
    );
    assert_eq!((closed.median_ns, closed.items_per_sec), (1000.0, 1e6));
    assert_eq!(
        (closed.threads, closed.errors, closed.p50_ns),
        (Some(2), Some(12), None)
    );
    let open = Record::load(
        meta(),
        &checked(),
        LoadRow {
            threads: 2,
            messages_per_s: 5e5,
            offered_per_s: Some(5e5),
            latency: Some(LoadLatency {
                count: 1000,
                p50_ns: 2000.0,
                p50_ci_ns: (1900.0, 2100.0),
                p99_ns: 9000.0,
                p999_ns: 20_000.0,
                min_ns: 800.0,
                max_ns: 1e6,
                mean_ns: 2500.0,
            }),
            ..LoadRow::default()
        },
    );
    assert_eq!(
        (open.median_ns, open.max_ns, open.p99_ns),
        (2000.0, 1e6, Some(9000.0))
    );
    assert!(open.samples_ns.is_empty() && open.samples == 1000);
    let back: Record = serde_json::from_value(serde_json::to_value(&open).unwrap()).unwrap();
    assert_eq!(back, open);
}
