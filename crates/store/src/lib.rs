//! The history of runs. Every run is stored whole (its JSON document, raw
//! samples included) in one transaction, with its rows and samples also
//! spread into tables a person can query. The history is an embedded SQLite
//! file by default (WAL mode and transactions keep it consistent when a run
//! is interrupted mid-write), or a PostgreSQL server that a team's machines
//! and CI runners all write into: the same schema, migrations and
//! statements on both.

mod backend;
mod location;

pub use location::{redact, Location};

use backend::{Backend, Cell, Dialect, Rows, Value};
use encbench_record::RunDocument;
use rusqlite::{Connection, OpenFlags};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// Why the store could not do what was asked.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database refused, or could not be reached.
    #[error("history database {at}: {message}")]
    Database {
        /// The file, or the server's URL without its password.
        at: String,
        /// The database's message.
        message: String,
    },
    /// The directory for the database could not be created.
    #[error("cannot create {path}: {source}")]
    Dir {
        /// The directory.
        path: PathBuf,
        /// The OS error.
        source: std::io::Error,
    },
    /// A read-only command was pointed at a database that does not exist.
    #[error("no history database at {0} (nothing has been stored there; `encbench run` and `encbench file` create it, or pass --db)")]
    NoDatabase(PathBuf),
    /// A read-only command was pointed at a server database without encbench's tables.
    #[error("no encbench history in {0} (nothing has been stored there; `encbench run --db URL` and `encbench file --db URL` create its tables)")]
    NoHistory(String),
    /// A `postgres://` URL given to a build without the `postgres` feature.
    #[error("{0}: this encbench was built without PostgreSQL support (cargo feature `postgres`)")]
    NoPostgres(String),
    /// No run with that id.
    #[error("no run {0} in the history (see `encbench history`)")]
    NoSuchRun(String),
    /// A stored document no longer parses.
    #[error("run {id} in the history is unreadable: {source}")]
    Corrupt {
        /// The run id.
        id: i64,
        /// The parse error.
        source: serde_json::Error,
    },
    /// The document could not be serialized.
    #[error("cannot serialize the run: {0}")]
    Serialize(serde_json::Error),
}

/// One line of `encbench history`.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    /// Run id.
    pub id: i64,
    /// Start of the run.
    pub date: String,
    /// quick or full.
    pub mode: String,
    /// Source commit.
    pub git_commit: String,
    /// Scenarios in the run, comma-separated.
    pub scenarios: String,
    /// Timed rows.
    pub results: i64,
    /// Failed rows.
    pub failures: i64,
}

/// The default database: `$XDG_DATA_HOME/encbench/history.sqlite`, else
/// `~/.local/share/encbench/history.sqlite`, else `./encbench-history.sqlite`.
pub fn default_path() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("encbench/history.sqlite");
    }
    match std::env::var_os("HOME").filter(|h| !h.is_empty()) {
        Some(home) => PathBuf::from(home).join(".local/share/encbench/history.sqlite"),
        None => PathBuf::from("encbench-history.sqlite"),
    }
}

/// The schema, one migration per version, each applied once and recorded
/// in `schema_version`, the same way on both databases. Column types are
/// written as `{ID}`, `{INT}`, `{REAL}` and `{BOOL}` (see
/// `Dialect::render`); everything else is SQL both accept. Version 1 is
/// the schema SQLite histories had before `schema_version` existed (every
/// statement is IF NOT EXISTS, so they adopt it unchanged).
const MIGRATIONS: &[&str] = &["
CREATE TABLE IF NOT EXISTS runs (
    id {ID},
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    git_commit TEXT NOT NULL,
    encbench TEXT NOT NULL,
    scenarios TEXT NOT NULL,
    results {INT} NOT NULL,
    failures {INT} NOT NULL,
    document TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    run_id {INT} NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    idx {INT} NOT NULL,
    scenario TEXT NOT NULL,
    dataset TEXT NOT NULL,
    codec TEXT NOT NULL,
    operation TEXT NOT NULL,
    medium TEXT NOT NULL,
    compression TEXT NOT NULL,
    median_ns {REAL} NOT NULL,
    ci95_low_ns {REAL} NOT NULL,
    ci95_high_ns {REAL} NOT NULL,
    noisy {BOOL} NOT NULL,
    PRIMARY KEY (run_id, idx)
);
CREATE TABLE IF NOT EXISTS samples (
    run_id {INT} NOT NULL,
    result_idx {INT} NOT NULL,
    seq {INT} NOT NULL,
    ns {REAL} NOT NULL,
    PRIMARY KEY (run_id, result_idx, seq),
    FOREIGN KEY (run_id, result_idx) REFERENCES results(run_id, idx) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS results_by_codec ON results(scenario, codec);
"];

/// The schema version this encbench writes.
pub const STORE_VERSION: i64 = MIGRATIONS.len() as i64;

/// Serializes concurrent migrations on one PostgreSQL database (an
/// arbitrary constant: "encbench" in ASCII).
const MIGRATION_LOCK: i64 = 0x656e_6362_656e_6368;

/// Samples per INSERT statement: 2 parameters each, well under both
/// databases' limits, and one round trip per 500 samples on a server.
const SAMPLES_PER_INSERT: usize = 500;

/// An open history database.
pub struct Store {
    db: Box<dyn Backend>,
    at: Location,
}

impl Store {
    /// Opens the history at `at`, creating the file (and its directory) or
    /// the server's tables if needed.
    pub fn open(at: &Location) -> Result<Self, StoreError> {
        match at {
            Location::Sqlite(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|source| StoreError::Dir {
                        path: dir.to_path_buf(),
                        source,
                    })?;
                }
                patiently(|| {
                    let conn = Connection::open(path).map_err(|e| sqlite_error(path, e))?;
                    Self::sqlite(conn, path)
                })
            }
            Location::Postgres(url) => Self::postgres(url, true),
        }
    }

    /// Opens the history at `at` only if it exists: reading commands never
    /// create a file, a directory or a server's tables.
    pub fn open_existing(at: &Location) -> Result<Self, StoreError> {
        match at {
            Location::Sqlite(path) => {
                if !path.is_file() {
                    return Err(StoreError::NoDatabase(path.to_path_buf()));
                }
                // No CREATE flag: a file removed since the check is an error, not a new database.
                let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
                    | OpenFlags::SQLITE_OPEN_URI
                    | OpenFlags::SQLITE_OPEN_NO_MUTEX;
                patiently(|| {
                    let conn = Connection::open_with_flags(path, flags)
                        .map_err(|e| sqlite_error(path, e))?;
                    Self::sqlite(conn, path)
                })
            }
            Location::Postgres(url) => Self::postgres(url, false),
        }
    }

    fn sqlite(conn: Connection, path: &Path) -> Result<Self, StoreError> {
        let err = |e| sqlite_error(path, e);
        conn.busy_timeout(Duration::from_secs(10)).map_err(err)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(err)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(err)?;
        let mut store = Store {
            db: Box::new(backend::sqlite::Sqlite(conn)),
            at: Location::Sqlite(path.to_path_buf()),
        };
        store.migrate()?;
        Ok(store)
    }

    #[cfg(feature = "postgres")]
    fn postgres(url: &str, create: bool) -> Result<Self, StoreError> {
        let at = Location::Postgres(url.to_string());
        let db = backend::pg::Postgres::connect(url).map_err(|message| StoreError::Database {
            at: at.to_string(),
            message,
        })?;
        let mut store = Store {
            db: Box::new(db),
            at,
        };
        if !create && !store.has_table("schema_version")? {
            return Err(StoreError::NoHistory(store.at.to_string()));
        }
        store.migrate()?;
        Ok(store)
    }

    #[cfg(not(feature = "postgres"))]
    fn postgres(url: &str, _create: bool) -> Result<Self, StoreError> {
        Err(StoreError::NoPostgres(redact(url)))
    }

    /// Where this history is.
    pub fn location(&self) -> &Location {
        &self.at
    }

    fn fail(&self, message: String) -> StoreError {
        StoreError::Database {
            at: self.at.to_string(),
            message,
        }
    }

    fn query(&mut self, sql: &str, params: &[Value<'_>]) -> Result<Rows, StoreError> {
        self.db.query(sql, params).map_err(|m| self.fail(m))
    }

    /// Runs `work` in one transaction: all of it is stored, or none.
    fn transaction<T>(
        &mut self,
        work: impl FnOnce(&mut dyn Backend) -> Result<T, String>,
    ) -> Result<T, StoreError> {
        let begin = self.db.dialect().begin();
        self.db.batch(begin).map_err(|m| self.fail(m))?;
        match work(self.db.as_mut()).and_then(|v| self.db.batch("COMMIT").map(|()| v)) {
            Ok(v) => Ok(v),
            Err(m) => {
                let _ = self.db.batch("ROLLBACK");
                Err(self.fail(m))
            }
        }
    }

    fn has_table(&mut self, name: &str) -> Result<bool, StoreError> {
        let sql = self.db.dialect().table_exists();
        let rows = self.query(sql, &[Value::Text(name)])?;
        let n = first(rows)
            .and_then(|c| c.int())
            .map_err(|m| self.fail(m))?;
        Ok(n > 0)
    }

    /// Brings the schema to [`STORE_VERSION`]. Up to date, it only reads
    /// (a read-only database user can still run `history` and `compare`);
    /// otherwise the missing migrations run in one transaction, one
    /// process at a time.
    fn migrate(&mut self) -> Result<(), StoreError> {
        const CURRENT: &str = "SELECT COALESCE(MAX(version), 0) FROM schema_version";
        if self.has_table("schema_version")? {
            let rows = self.query(CURRENT, &[])?;
            let version = first(rows)
                .and_then(|c| c.int())
                .map_err(|m| self.fail(m))?;
            if version == STORE_VERSION {
                return Ok(());
            }
        }
        let dialect = self.db.dialect();
        self.transaction(|db| {
            if dialect == Dialect::Postgres {
                db.execute("SELECT pg_advisory_xact_lock($1)", &[Value::Int(MIGRATION_LOCK)])?;
            }
            db.batch(&dialect.render(
                "CREATE TABLE IF NOT EXISTS schema_version (version {INT} NOT NULL)",
            ))?;
            let version = first(db.query(CURRENT, &[])?)?.int()?;
            if version > STORE_VERSION {
                return Err(format!(
                    "written by a newer encbench (schema version {version}; this one knows up to {STORE_VERSION}): upgrade encbench to use it"
                ));
            }
            for (done, migration) in MIGRATIONS.iter().enumerate().skip(version as usize) {
                db.batch(&dialect.render(migration))?;
                db.execute(
                    "INSERT INTO schema_version (version) VALUES ($1)",
                    &[Value::Int(done as i64 + 1)],
                )?;
            }
            Ok(())
        })
    }

    /// Stores a run in one transaction and returns its id.
    pub fn save(&mut self, doc: &RunDocument) -> Result<i64, StoreError> {
        let json = serde_json::to_string(doc).map_err(StoreError::Serialize)?;
        let mut scenarios: Vec<&str> = Vec::new();
        for r in &doc.results {
            if !scenarios.contains(&r.scenario.as_str()) {
                scenarios.push(&r.scenario);
            }
        }
        let scenarios = scenarios.join(",");
        self.transaction(|db| {
            let rows = db.query(
                "INSERT INTO runs (date, mode, git_commit, encbench, scenarios, results, failures, document)
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id",
                &[
                    Value::Text(&doc.environment.date),
                    Value::Text(&doc.environment.mode),
                    Value::Text(&doc.environment.git_commit),
                    Value::Text(&doc.encbench),
                    Value::Text(&scenarios),
                    Value::Int(doc.results.len() as i64),
                    Value::Int(doc.failures.len() as i64),
                    Value::Text(&json),
                ],
            )?;
            let id = first(rows)?.int()?;
            for (idx, r) in doc.results.iter().enumerate() {
                db.execute(
                    "INSERT INTO results (run_id, idx, scenario, dataset, codec, operation, medium, compression,
                     median_ns, ci95_low_ns, ci95_high_ns, noisy) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)",
                    &[
                        Value::Int(id),
                        Value::Int(idx as i64),
                        Value::Text(&r.scenario),
                        Value::Text(&r.dataset),
                        Value::Text(&r.codec),
                        Value::Text(&r.operation),
                        Value::Text(r.medium.as_str()),
                        Value::Text(&r.compression),
                        Value::Real(r.median_ns),
                        Value::Real(r.ci95_low_ns),
                        Value::Real(r.ci95_high_ns),
                        Value::Bool(r.noisy),
                    ],
                )?;
                for (chunk_no, chunk) in r.samples_ns.chunks(SAMPLES_PER_INSERT).enumerate() {
                    let first_seq = chunk_no * SAMPLES_PER_INSERT;
                    let mut params = vec![Value::Int(id), Value::Int(idx as i64)];
                    for (k, ns) in chunk.iter().enumerate() {
                        params.push(Value::Int((first_seq + k) as i64));
                        params.push(Value::Real(*ns));
                    }
                    db.execute(&samples_insert(chunk.len()), &params)?;
                }
            }
            Ok(id)
        })
    }

    /// The newest runs first, at most `limit`.
    pub fn list(&mut self, limit: usize) -> Result<Vec<RunSummary>, StoreError> {
        let rows = self.query(
            "SELECT id, date, mode, git_commit, scenarios, results, failures FROM runs ORDER BY id DESC LIMIT $1",
            &[Value::Int(i64::try_from(limit).unwrap_or(i64::MAX))],
        )?;
        rows.into_iter()
            .map(|row| {
                let mut cells = row.into_iter();
                let mut next = || cells.next().unwrap_or(Cell::Null);
                Ok(RunSummary {
                    id: next().int()?,
                    date: next().text()?,
                    mode: next().text()?,
                    git_commit: next().text()?,
                    scenarios: next().text()?,
                    results: next().int()?,
                    failures: next().int()?,
                })
            })
            .collect::<Result<_, String>>()
            .map_err(|m| self.fail(m))
    }

    /// Loads a run by id, or the newest with `last` (also `last~1`, the one before).
    pub fn load(&mut self, reference: &str) -> Result<(i64, RunDocument), StoreError> {
        let id = self.resolve(reference)?;
        let rows = self.query("SELECT document FROM runs WHERE id = $1", &[Value::Int(id)])?;
        let Some(cell) = rows.into_iter().next().and_then(|r| r.into_iter().next()) else {
            return Err(StoreError::NoSuchRun(reference.to_string()));
        };
        let json = cell.text().map_err(|m| self.fail(m))?;
        let doc =
            serde_json::from_str(&json).map_err(|source| StoreError::Corrupt { id, source })?;
        Ok((id, doc))
    }

    fn resolve(&mut self, reference: &str) -> Result<i64, StoreError> {
        let back = match reference {
            "last" => Some(0),
            r => r.strip_prefix("last~").and_then(|n| n.parse::<i64>().ok()),
        };
        if let Some(back) = back.filter(|b| *b >= 0) {
            let rows = self.query(
                "SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET $1",
                &[Value::Int(back)],
            )?;
            return match rows.into_iter().next().and_then(|r| r.into_iter().next()) {
                Some(cell) => cell.int().map_err(|m| self.fail(m)),
                None => Err(StoreError::NoSuchRun(reference.to_string())),
            };
        }
        reference.parse().map_err(|_| {
            StoreError::NoSuchRun(format!("'{reference}' (use a number, last or last~N)"))
        })
    }

    /// The stored run that is `doc` (same date, environment and rows), if
    /// any: importing the same file twice must not store it twice.
    pub fn find(&mut self, doc: &RunDocument) -> Result<Option<i64>, StoreError> {
        let rows = self.query(
            "SELECT id FROM runs WHERE date = $1 AND results = $2 ORDER BY id",
            &[
                Value::Text(&doc.environment.date),
                Value::Int(doc.results.len() as i64),
            ],
        )?;
        let ids = rows
            .into_iter()
            .map(|r| first(vec![r]).and_then(|c| c.int()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|m| self.fail(m))?;
        for id in ids {
            let (_, stored) = self.load(&id.to_string())?;
            if stored.environment == doc.environment && stored.results == doc.results {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }

    /// Raw samples of one stored row, read back from the samples table.
    pub fn samples(&mut self, run: i64, result_idx: usize) -> Result<Vec<f64>, StoreError> {
        let rows = self.query(
            "SELECT ns FROM samples WHERE run_id = $1 AND result_idx = $2 ORDER BY seq",
            &[Value::Int(run), Value::Int(result_idx as i64)],
        )?;
        rows.into_iter()
            .map(|r| first(vec![r]).and_then(|c| c.real()))
            .collect::<Result<_, _>>()
            .map_err(|m| self.fail(m))
    }
}

/// How long opening a SQLite history waits out other writers' locks.
const OPEN_PATIENCE: Duration = Duration::from_secs(10);

/// Runs `open` again while SQLite answers "database is locked", for up to
/// [`OPEN_PATIENCE`]. Some locks are refused at once rather than waited
/// for by the busy timeout: switching a new file to WAL, or a read
/// transaction that would have to become a write, while another
/// connection is creating the same history.
fn patiently(open: impl Fn() -> Result<Store, StoreError>) -> Result<Store, StoreError> {
    let start = std::time::Instant::now();
    loop {
        match open() {
            Err(StoreError::Database { message, .. })
                if message.contains("database is locked") && start.elapsed() < OPEN_PATIENCE =>
            {
                std::thread::sleep(Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

fn sqlite_error(path: &Path, e: rusqlite::Error) -> StoreError {
    StoreError::Database {
        at: path.display().to_string(),
        message: backend::chain(&e),
    }
}

/// The first column of the first row.
fn first(rows: Rows) -> Result<Cell, String> {
    rows.into_iter()
        .next()
        .and_then(|r| r.into_iter().next())
        .ok_or_else(|| "the database returned no row".to_string())
}

/// `INSERT INTO samples` of `n` samples of one row: `$1` the run, `$2` the
/// row, then each sample's sequence number and time.
fn samples_insert(n: usize) -> String {
    let mut sql = String::from("INSERT INTO samples (run_id, result_idx, seq, ns) VALUES ");
    for k in 0..n {
        if k > 0 {
            sql.push_str(", ");
        }
        sql.push_str(&format!("($1, $2, ${}, ${})", 3 + 2 * k, 4 + 2 * k));
    }
    sql
}

#[cfg(all(test, feature = "postgres"))]
mod pg_testing;
#[cfg(test)]
mod tests;
