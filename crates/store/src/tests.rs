use super::*;
use encbench_record::*;
use encbench_stats::Sample;

fn doc(scale: f64) -> RunDocument {
    let samples: Vec<f64> = (0..12).map(|i| (1000.0 + f64::from(i)) * scale).collect();
    let summary = Sample::new(&samples).unwrap().summarize();
    let meta = RowMeta {
        scenario: "ints".into(),
        dataset: "uniform-10".into(),
        codec: "text/fscanf".into(),
        operation: "read".into(),
        medium: Medium::FileWarm,
        items: 10,
        logical_bytes: 40,
        encoded_bytes: 60,
        ..Default::default()
    };
    let engine = EngineInfo {
        timer_resolution_ns: 20.0,
        timer_cost_ns: 25.0,
        empty_body_ns: 0.24,
        min_sample_ns: 2e6,
    };
    RunDocument {
        encbench: "0.1.0".into(),
        schema: SCHEMA_VERSION,
        environment: Environment::capture(&BuildInfo::default(), "quick", engine, None),
        results: vec![Record::new(
            meta,
            &Verified::equal("sum", &1, &1).unwrap().into(),
            &summary,
            5,
            samples,
        )],
        failures: vec![],
        comparisons: vec![],
        conclusions: vec![],
        notes: vec!["n".into()],
        recommendation: None,
    }
}

#[test]
fn a_run_round_trips_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut store = Store::open(&dir.path().join("deep/er/h.sqlite")).unwrap();
    let original = doc(1.0);
    let id = store.save(&original).unwrap();
    let (loaded_id, loaded) = store.load(&id.to_string()).unwrap();
    assert_eq!(loaded_id, id);
    assert_eq!(loaded, original);
    assert_eq!(
        serde_json::to_string(&loaded).unwrap(),
        serde_json::to_string(&original).unwrap()
    );
    assert_eq!(
        store.samples(id, 0).unwrap(),
        original.results[0].samples_ns
    );
}

#[test]
fn history_lists_newest_first_and_resolves_last() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("h.sqlite");
    let mut store = Store::open(&path).unwrap();
    let a = store.save(&doc(1.0)).unwrap();
    let b = store.save(&doc(2.0)).unwrap();
    let list = store.list(10).unwrap();
    assert_eq!(list.iter().map(|r| r.id).collect::<Vec<_>>(), vec![b, a]);
    assert_eq!(list[0].scenarios, "ints");
    assert_eq!(list[0].results, 1);
    assert_eq!(store.load("last").unwrap().0, b);
    assert_eq!(store.load("last~1").unwrap().0, a);
    // A second connection sees the same history (WAL, committed transactions).
    assert_eq!(Store::open(&path).unwrap().list(1).unwrap()[0].id, b);
}

#[test]
fn unknown_runs_are_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(&dir.path().join("h.sqlite")).unwrap();
    assert!(store
        .load("last")
        .unwrap_err()
        .to_string()
        .contains("no run last"));
    assert!(store
        .load("42")
        .unwrap_err()
        .to_string()
        .contains("no run 42"));
    assert!(store
        .load("yesterday")
        .unwrap_err()
        .to_string()
        .contains("use a number"));
}

#[test]
fn an_unopenable_path_names_itself() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let err = Store::open(&file.join("h.sqlite"))
        .err()
        .expect("cannot open under a file");
    assert!(err.to_string().contains("plain-file"), "{err}");
}

#[test]
fn reading_a_missing_database_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("missing/dir/h.sqlite");
    let e = Store::open_existing(&path).err().unwrap();
    assert!(matches!(e, StoreError::NoDatabase(_)), "{e}");
    assert!(e.to_string().starts_with("no history database at "));
    assert!(!dir.path().join("missing").exists());
    // Once created by a writing command, it opens and reads.
    let mut store = Store::open(&path).unwrap();
    store.save(&doc(1.0)).unwrap();
    drop(store);
    let store = Store::open_existing(&path).unwrap();
    assert_eq!(store.list(10).unwrap().len(), 1);
}
