//! The store's behaviour, each test run on SQLite and on PostgreSQL.

use super::*;
use encbench_record::*;
use encbench_stats::Sample;

fn doc_with(scale: f64, samples: usize) -> RunDocument {
    let samples: Vec<f64> = (0..samples).map(|i| (1000.0 + i as f64) * scale).collect();
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
        compatibility: vec![],
        notes: vec!["n".into()],
        recommendation: None,
    }
}

fn doc(scale: f64) -> RunDocument {
    doc_with(scale, 12)
}

/// A new, empty history on one of the two databases.
enum Fresh {
    Sqlite(tempfile::TempDir),
    #[cfg(feature = "postgres")]
    Postgres(pg_testing::TestDb),
}

impl Fresh {
    fn sqlite() -> Fresh {
        Fresh::Sqlite(tempfile::tempdir().unwrap())
    }

    /// The history's location; the same each call.
    fn at(&self) -> Location {
        match self {
            Fresh::Sqlite(dir) => Location::Sqlite(dir.path().join("deep/er/h.sqlite")),
            #[cfg(feature = "postgres")]
            Fresh::Postgres(db) => Location::Postgres(db.url.clone()),
        }
    }

    fn open(&self) -> Store {
        Store::open(&self.at()).unwrap()
    }
}

/// Each named test, `fn(&Fresh)`, once per database: `sqlite::name` and
/// `postgres::name`.
macro_rules! on_both {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $( #[test] fn $name() { super::$name(&super::Fresh::sqlite()); } )*
        }
        #[cfg(feature = "postgres")]
        mod postgres {
            $(
                #[test]
                fn $name() {
                    if let Some(db) = super::pg_testing::fresh_database() {
                        super::$name(&super::Fresh::Postgres(db));
                    }
                }
            )*
        }
    };
}

on_both!(
    a_run_round_trips_exactly,
    many_samples_round_trip_in_order,
    history_lists_newest_first_and_resolves_last,
    an_empty_history_lists_nothing,
    unknown_runs_are_clear_errors,
    the_same_run_is_found_not_stored_twice,
    the_schema_is_migrated_once,
    a_newer_schema_is_refused,
    concurrent_writers_all_land,
    reading_a_missing_history_creates_nothing,
);

fn a_run_round_trips_exactly(fresh: &Fresh) {
    let mut store = fresh.open();
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

fn many_samples_round_trip_in_order(fresh: &Fresh) {
    // More than one INSERT's worth of samples, and not a multiple of it.
    let original = doc_with(1.5, 2 * SAMPLES_PER_INSERT + 7);
    let mut store = fresh.open();
    let id = store.save(&original).unwrap();
    assert_eq!(
        store.samples(id, 0).unwrap(),
        original.results[0].samples_ns
    );
    assert_eq!(store.load("last").unwrap().1, original);
}

fn history_lists_newest_first_and_resolves_last(fresh: &Fresh) {
    let mut store = fresh.open();
    let a = store.save(&doc(1.0)).unwrap();
    let b = store.save(&doc(2.0)).unwrap();
    let list = store.list(10).unwrap();
    assert_eq!(list.iter().map(|r| r.id).collect::<Vec<_>>(), vec![b, a]);
    assert_eq!(list[0].scenarios, "ints");
    assert_eq!(list[0].results, 1);
    assert_eq!(list[0].failures, 0);
    assert_eq!(list[0].mode, "quick");
    assert_eq!(store.list(1).unwrap().len(), 1);
    assert_eq!(store.load("last").unwrap().0, b);
    assert_eq!(store.load("last~1").unwrap().0, a);
    // A second connection sees the same history (committed transactions).
    assert_eq!(fresh.open().list(1).unwrap()[0].id, b);
    assert_eq!(
        Store::open_existing(&fresh.at())
            .unwrap()
            .list(5)
            .unwrap()
            .len(),
        2
    );
}

fn an_empty_history_lists_nothing(fresh: &Fresh) {
    let mut store = fresh.open();
    assert!(store.list(10).unwrap().is_empty());
    assert!(store.find(&doc(1.0)).unwrap().is_none());
    assert!(store.samples(1, 0).unwrap().is_empty());
}

fn unknown_runs_are_clear_errors(fresh: &Fresh) {
    let mut store = fresh.open();
    let message = |store: &mut Store, r: &str| store.load(r).unwrap_err().to_string();
    assert!(message(&mut store, "last").contains("no run last"));
    assert!(message(&mut store, "42").contains("no run 42"));
    assert!(message(&mut store, "yesterday").contains("use a number"));
    assert!(message(&mut store, "last~-1").contains("use a number"));
    store.save(&doc(1.0)).unwrap();
    assert!(message(&mut store, "last~1").contains("no run last~1"));
}

fn the_same_run_is_found_not_stored_twice(fresh: &Fresh) {
    let mut store = fresh.open();
    let a = doc(1.0);
    let id = store.save(&a).unwrap();
    assert_eq!(store.find(&a).unwrap(), Some(id));
    assert_eq!(store.find(&doc(3.0)).unwrap(), None);
}

fn versions(store: &mut Store) -> Vec<i64> {
    store
        .query("SELECT version FROM schema_version ORDER BY version", &[])
        .unwrap()
        .into_iter()
        .map(|r| r[0].int().unwrap())
        .collect()
}

fn the_schema_is_migrated_once(fresh: &Fresh) {
    let mut store = fresh.open();
    store.save(&doc(1.0)).unwrap();
    drop(store);
    let mut again = fresh.open();
    let all: Vec<i64> = (1..=STORE_VERSION).collect();
    assert_eq!(versions(&mut again), all);
    assert_eq!(again.list(10).unwrap().len(), 1);
    for table in ["runs", "results", "samples", "schema_version"] {
        assert!(again.has_table(table).unwrap(), "{table}");
    }
}

fn a_newer_schema_is_refused(fresh: &Fresh) {
    let mut store = fresh.open();
    store
        .db
        .execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[Value::Int(STORE_VERSION + 1)],
        )
        .unwrap();
    drop(store);
    let e = Store::open(&fresh.at()).err().expect("newer schema");
    let message = e.to_string();
    assert!(message.contains("newer encbench"), "{message}");
    assert!(message.starts_with("history database "), "{message}");
}

fn concurrent_writers_all_land(fresh: &Fresh) {
    // Several machines writing into one history at once; they start on an
    // empty database, so their first opens race to create the schema too.
    let at = fresh.at();
    let ids: Vec<i64> = std::thread::scope(|s| {
        let writers: Vec<_> = (0..4)
            .map(|w| {
                let at = at.clone();
                s.spawn(move || {
                    let mut store = Store::open(&at).unwrap();
                    (0..3)
                        .map(|k| store.save(&doc(1.0 + f64::from(w * 3 + k))).unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        writers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    let mut unique = ids.clone();
    unique.sort_unstable();
    unique.dedup();
    assert_eq!(unique.len(), 12);
    let mut store = fresh.open();
    assert_eq!(store.list(100).unwrap().len(), 12);
    assert_eq!(
        versions(&mut store),
        (1..=STORE_VERSION).collect::<Vec<_>>()
    );
}

fn reading_a_missing_history_creates_nothing(fresh: &Fresh) {
    let at = fresh.at();
    let e = Store::open_existing(&at).err().expect("nothing stored yet");
    match &at {
        Location::Sqlite(path) => {
            assert!(matches!(e, StoreError::NoDatabase(_)), "{e}");
            assert!(e.to_string().starts_with("no history database at "));
            assert!(!path.parent().unwrap().exists());
        }
        Location::Postgres(url) => {
            assert!(matches!(e, StoreError::NoHistory(_)), "{e}");
            assert_eq!(
                e.to_string().split(" (").next().unwrap(),
                format!("no encbench history in {}", redact(url))
            );
            #[cfg(feature = "postgres")]
            {
                let mut raw = Store {
                    db: Box::new(backend::pg::Postgres::connect(url).unwrap()),
                    at: at.clone(),
                };
                assert!(!raw.has_table("schema_version").unwrap());
                assert!(!raw.has_table("runs").unwrap());
            }
        }
    }
    // Once created by a writing command, it opens and reads.
    let mut store = fresh.open();
    store.save(&doc(1.0)).unwrap();
    drop(store);
    let mut store = Store::open_existing(&at).unwrap();
    assert_eq!(store.list(10).unwrap().len(), 1);
}

// SQLite only: files and directories.

#[test]
fn an_unopenable_path_names_itself() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain-file");
    std::fs::write(&file, b"not a directory").unwrap();
    let err = Store::open(&Location::Sqlite(file.join("h.sqlite")))
        .err()
        .expect("cannot open under a file");
    assert!(err.to_string().contains("plain-file"), "{err}");
}

#[test]
fn a_history_from_before_schema_version_is_adopted() {
    // What encbench wrote before migrations were recorded: the version 1
    // tables and `PRAGMA user_version = 1`, with a run in them.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("old.sqlite");
    let old = doc(1.0);
    {
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch(&Dialect::Sqlite.render(MIGRATIONS[0]))
            .unwrap();
        conn.execute_batch("PRAGMA user_version = 1").unwrap();
        conn.execute(
            "INSERT INTO runs (date, mode, git_commit, encbench, scenarios, results, failures, document)
             VALUES ('d', 'quick', 'c', '0.1.0', 'ints', 1, 0, ?1)",
            [serde_json::to_string(&old).unwrap()],
        )
        .unwrap();
    }
    let mut store = Store::open_existing(&Location::Sqlite(path)).unwrap();
    assert_eq!(versions(&mut store), vec![1]);
    assert_eq!(store.load("last").unwrap(), (1, old));
    assert_eq!(store.save(&doc(2.0)).unwrap(), 2);
}

// PostgreSQL without a server: what a user sees for a bad URL or an
// unreachable one. The password never shows.

#[cfg(feature = "postgres")]
#[test]
fn an_unreachable_server_is_named_without_its_password() {
    // Port 1 on the loopback: refused at once.
    let url = "postgres://bench:s3cret@127.0.0.1:1/encbench?connect_timeout=5";
    for e in [
        Store::open(&Location::Postgres(url.into())).err(),
        Store::open_existing(&Location::Postgres(url.into())).err(),
    ] {
        let message = e.expect("no server there").to_string();
        assert!(
            message.starts_with(
                "history database postgres://bench:***@127.0.0.1:1/encbench?connect_timeout=5: cannot connect"
            ),
            "{message}"
        );
        assert!(!message.contains("s3cret"), "{message}");
    }
}

#[cfg(feature = "postgres")]
#[test]
fn a_malformed_url_is_named_without_its_password() {
    let url = "postgresql://bench:s3cret@db.example:notaport/encbench";
    let message = Store::open(&Location::Postgres(url.into()))
        .err()
        .expect("bad port")
        .to_string();
    assert!(
        message.starts_with(
            "history database postgresql://bench:***@db.example:notaport/encbench: not a usable PostgreSQL URL"
        ),
        "{message}"
    );
    assert!(!message.contains("s3cret"), "{message}");
}

#[cfg(not(feature = "postgres"))]
#[test]
fn without_the_feature_a_url_is_a_clear_error() {
    let message = Store::open(&Location::Postgres("postgres://u:pw@h/db".into()))
        .err()
        .expect("no postgres support")
        .to_string();
    assert_eq!(
        message,
        "postgres://u:***@h/db: this encbench was built without PostgreSQL support (cargo feature `postgres`)"
    );
}

#[test]
fn db_strings_name_a_file_or_a_server() {
    use std::ffi::OsStr;
    for url in [
        "postgres://u@h/db",
        "postgresql://u@h/db",
        "POSTGRES://h/db",
        "postgresql://%2Fvar%2Frun%2Fpostgresql/encbench",
    ] {
        assert_eq!(
            Location::parse(OsStr::new(url)),
            Location::Postgres(url.into()),
            "{url}"
        );
    }
    for path in [
        "h.sqlite",
        "/tmp/postgres://x",
        "postgres:/h/db",
        "./postgres",
    ] {
        assert_eq!(
            Location::parse(OsStr::new(path)),
            Location::Sqlite(path.into()),
            "{path}"
        );
    }
    assert_eq!(
        Location::parse(OsStr::new("h.sqlite")).path(),
        Some(Path::new("h.sqlite"))
    );
    assert_eq!(Location::parse(OsStr::new("postgres://h/db")).path(), None);
}

#[test]
fn passwords_are_redacted() {
    for (url, shown) in [
        ("postgres://u:pw@h:5432/db", "postgres://u:***@h:5432/db"),
        ("postgres://u@h/db", "postgres://u@h/db"),
        ("postgres://h/db", "postgres://h/db"),
        ("postgres://u:p@ss:w/rd@h/db", "postgres://u:***@h/db"),
        (
            "postgresql://u@h/db?sslmode=disable&password=pw&application_name=x",
            "postgresql://u@h/db?sslmode=disable&password=***&application_name=x",
        ),
        (
            "postgres://u:a%40b@%2Frun%2Fpg/db?PASSWORD=x",
            "postgres://u:***@%2Frun%2Fpg/db?PASSWORD=***",
        ),
    ] {
        assert_eq!(redact(url), shown, "{url}");
        assert_eq!(Location::Postgres(url.into()).to_string(), shown);
    }
}
