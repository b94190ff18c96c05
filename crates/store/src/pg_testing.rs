//! A fresh PostgreSQL database for each test, on a real server: the one
//! `ENCBENCH_TEST_PG_URL` names (CI starts it, see `.ci/run`), else a
//! throwaway cluster this harness starts with Debian's `initdb` and
//! `pg_ctl` on a unix socket in a temporary directory, stopped and removed
//! when the last test using it ends. As root (PostgreSQL refuses to run as
//! root) the cluster runs as the `postgres` user the Debian package creates.
//! Where no server can be had the test says why and skips its PostgreSQL
//! half, except under CI, where that is a failure.
//!
//! Shared by the store's tests and the CLI's (`#[path]`).
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};

/// An empty database of its own, dropped (with the cluster, if this was
/// the last test on it) when the test ends.
pub struct TestDb {
    /// The database, as `--db` takes it.
    pub url: String,
    admin: String,
    name: String,
    _cluster: Option<Arc<Cluster>>,
}

impl Drop for TestDb {
    fn drop(&mut self) {
        if let Ok(mut admin) = postgres::Client::connect(&self.admin, postgres::NoTls) {
            let _ = admin.batch_execute(&format!(
                "DROP DATABASE IF EXISTS {} WITH (FORCE)",
                self.name
            ));
        }
    }
}

/// A new empty database, or `None` (having said why) where no PostgreSQL
/// server can be had and this is not CI.
pub fn fresh_database() -> Option<TestDb> {
    let (admin, cluster) = match server() {
        Ok(server) => server,
        Err(why) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must test the PostgreSQL store (.ci/run installs and starts it): {why}"
            );
            eprintln!("skipping the PostgreSQL half of this test: {why}");
            return None;
        }
    };
    static COUNTER: AtomicUsize = AtomicUsize::new(0);
    let name = format!(
        "encbench_test_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    );
    let mut client = postgres::Client::connect(&admin, postgres::NoTls)
        .unwrap_or_else(|e| panic!("test server {admin}: {e:?}"));
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .unwrap_or_else(|e| panic!("test server {admin}: CREATE DATABASE: {e:?}"));
    let sep = if admin.contains('?') { '&' } else { '?' };
    Some(TestDb {
        url: format!("{admin}{sep}dbname={name}"),
        admin,
        name,
        _cluster: cluster,
    })
}

/// The server's URL (to a database tests may create databases from).
fn server() -> Result<(String, Option<Arc<Cluster>>), String> {
    if let Some(url) = std::env::var("ENCBENCH_TEST_PG_URL")
        .ok()
        .filter(|u| !u.is_empty())
    {
        return Ok((url, None));
    }
    static CLUSTER: Mutex<Weak<Cluster>> = Mutex::new(Weak::new());
    let mut shared = CLUSTER.lock().unwrap_or_else(|p| p.into_inner());
    if let Some(cluster) = shared.upgrade() {
        return Ok((cluster.url.clone(), Some(cluster)));
    }
    let cluster = Arc::new(Cluster::start()?);
    *shared = Arc::downgrade(&cluster);
    Ok((cluster.url.clone(), Some(cluster)))
}

/// A throwaway server: its data and socket in one temporary directory.
struct Cluster {
    dir: tempfile::TempDir,
    bin: PathBuf,
    run_as: Option<&'static str>,
    url: String,
}

impl Cluster {
    fn start() -> Result<Cluster, String> {
        let bin = bindir().ok_or(
            "no PostgreSQL server (initdb, pg_ctl) on PATH or in /usr/lib/postgresql/*/bin; \
             install Debian's postgresql, or set ENCBENCH_TEST_PG_URL",
        )?;
        let run_as = if is_root() {
            if !user_exists("postgres") {
                return Err(
                    "running as root, which PostgreSQL refuses, and there is no \
                            `postgres` user to run the server as; set ENCBENCH_TEST_PG_URL"
                        .into(),
                );
            }
            Some("postgres")
        } else {
            None
        };
        // A short path: a unix socket's must fit in about 100 bytes.
        let dir = tempfile::Builder::new()
            .prefix("encbench-pg-")
            .tempdir_in("/tmp")
            .map_err(|e| format!("temporary directory: {e}"))?;
        let cluster = Cluster {
            url: format!("postgres://encbench@{}/postgres", encode(dir.path())),
            dir,
            bin,
            run_as,
        };
        if let Some(user) = run_as {
            cluster.run(Command::new("chown").arg(user).arg(cluster.dir.path()))?;
        }
        let data = cluster.dir.path().join("data");
        cluster.run(cluster.command("initdb").arg("-D").arg(&data).args([
            "-U",
            "encbench",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        ]))?;
        let started = cluster.run(
            cluster
                .command("pg_ctl")
                .arg("-D")
                .arg(&data)
                .arg("-l")
                .arg(cluster.dir.path().join("log"))
                .arg("-o")
                .arg(format!(
                    "-k {} -c listen_addresses='' -F",
                    cluster.dir.path().display()
                ))
                .args(["-w", "start"]),
        );
        if let Err(e) = started {
            let log = std::fs::read_to_string(cluster.dir.path().join("log")).unwrap_or_default();
            return Err(format!("{e}\n{log}"));
        }
        Ok(cluster)
    }

    fn command(&self, tool: &str) -> Command {
        let program = self.bin.join(tool);
        match self.run_as {
            Some(user) => {
                let mut c = Command::new("runuser");
                c.args(["-u", user, "--"]).arg(program);
                c
            }
            None => Command::new(program),
        }
    }

    fn run(&self, command: &mut Command) -> Result<(), String> {
        let out = command.output().map_err(|e| format!("{command:?}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{command:?}: {}\n{}{}",
                out.status,
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.path().join("data");
        let _ = self.run(self.command("pg_ctl").arg("-D").arg(&data).args([
            "-m",
            "immediate",
            "-w",
            "stop",
        ]));
    }
}

/// Where `initdb` and `pg_ctl` are: on PATH, else the newest of Debian's
/// `/usr/lib/postgresql/<version>/bin`.
fn bindir() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .find(|d| d.join("initdb").is_file() && d.join("pg_ctl").is_file())
    });
    on_path.or_else(|| {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .filter_map(|e| {
                let e = e.ok()?;
                let version = e.file_name().to_str()?.parse().ok()?;
                let bin = e.path().join("bin");
                bin.join("initdb").is_file().then_some((version, bin))
            })
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

fn user_exists(user: &str) -> bool {
    Command::new("id")
        .arg("-u")
        .arg(user)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A socket directory as a URL's host: percent-encoded.
fn encode(path: &Path) -> String {
    path.to_string_lossy()
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}
