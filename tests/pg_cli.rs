//! `--db postgres://…`: machines and CI runners storing into one history on
//! a PostgreSQL server, read back by `history`, `show`, `export` and
//! `compare`. Each test gets its own database on a real server (see
//! crates/store/src/pg_testing.rs); outside CI, without one, they skip.
#![cfg(feature = "postgres")]

#[path = "../crates/store/src/pg_testing.rs"]
mod pg_testing;

use assert_cmd::Command;
use predicates::prelude::*;

fn encbench() -> Command {
    let mut cmd = Command::cargo_bin("encbench").expect("binary builds");
    cmd.env_remove("ENCBENCH_DATA_DIR");
    // Never touch the real history: a run that forgets --db fails loudly.
    cmd.env(
        "ENCBENCH_DB",
        "/dev/null/encbench-tests-must-not-store/history.sqlite",
    );
    cmd
}

/// A tiny run, stored on the server.
fn run_into(url: &str, json: &std::path::Path) {
    encbench()
        .args([
            "run",
            "ints",
            "--codec",
            "text/hand-rolled,binary/read-whole",
            "--items",
            "300",
            "--samples",
            "4",
            "--quiet",
            "--db",
            url,
            "--json",
        ])
        .arg(json)
        .assert()
        .success()
        .stderr(predicate::str::contains("stored as run"))
        .stderr(predicate::str::contains(" in postgres://"));
}

#[test]
fn runs_store_into_a_server_and_read_back_across_it() {
    let Some(db) = pg_testing::fresh_database() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.json"), dir.path().join("b.json"));
    run_into(&db.url, &a);
    run_into(&db.url, &b);

    encbench()
        .args(["history", "--db", &db.url])
        .assert()
        .success()
        .stdout(predicate::str::contains("    2  "))
        .stdout(predicate::str::contains("    1  "))
        .stdout(predicate::str::contains("ints"));
    encbench()
        .args(["compare", "last~1", "last", "--db", &db.url])
        .assert()
        .success()
        .stdout(predicate::str::contains("run 1"))
        .stdout(predicate::str::contains("run 2"));
    encbench()
        .args(["show", "last", "--db", &db.url])
        .assert()
        .success()
        .stdout(predicate::str::contains("run 2"));
    // The runs side by side, one from the server and one from its file.
    encbench()
        .args(["report", "1", "last", "--db", &db.url])
        .assert()
        .success()
        .stdout(predicate::str::contains("[1] run 1: "))
        .stdout(predicate::str::contains("[2] run 2: "))
        .stdout(predicate::str::contains("answers per machine"));
    // ENCBENCH_DB names the server as well as --db does.
    let out = encbench()
        .env("ENCBENCH_DB", &db.url)
        .args(["export", "1", "--format", "json"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let exported: serde_json::Value = serde_json::from_slice(&out).unwrap();
    let ran: serde_json::Value = serde_json::from_slice(&std::fs::read(&a).unwrap()).unwrap();
    assert_eq!(exported["results"], ran["results"]);
    // Importing a run the server already holds stores nothing.
    encbench()
        .args(["import", "--db", &db.url])
        .arg(&b)
        .assert()
        .success()
        .stdout(predicate::str::contains("already in the history as run 2"));
}

#[test]
fn reading_an_empty_server_database_says_so_and_creates_nothing() {
    let Some(db) = pg_testing::fresh_database() else {
        return;
    };
    for _ in 0..2 {
        encbench()
            .args(["history", "--db", &db.url])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "error: no encbench history in postgres://",
            ));
    }
}

#[test]
fn an_unreachable_server_fails_fast_without_showing_the_password() {
    let url = "postgres://bench:s3cret@127.0.0.1:1/encbench";
    for args in [
        vec!["history", "--db", url],
        vec!["compare", "1", "2", "--db", url],
        vec![
            "run",
            "ints",
            "--items",
            "300",
            "--samples",
            "3",
            "--quiet",
            "--db",
            url,
        ],
    ] {
        encbench()
            .args(&args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(
                "error: history database postgres://bench:***@127.0.0.1:1/encbench: cannot connect",
            ))
            .stderr(predicate::str::contains("s3cret").not())
            .stderr(predicate::str::contains("panicked").not());
    }
}
