//! The history of runs. Every run is stored whole (its JSON document, raw
//! samples included) in one SQLite transaction, with its rows and samples
//! also spread into tables a person can query. WAL mode and transactions
//! keep the file consistent when a run is interrupted mid-write.

use encbench_record::RunDocument;
use rusqlite::{params, Connection, OpenFlags, OptionalExtension};
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;

/// Why the store could not do what was asked.
#[derive(Debug, Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("history database {path}: {source}")]
    Sqlite {
        /// The database file.
        path: PathBuf,
        /// SQLite's error.
        source: rusqlite::Error,
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

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY,
    date TEXT NOT NULL,
    mode TEXT NOT NULL,
    git_commit TEXT NOT NULL,
    encbench TEXT NOT NULL,
    scenarios TEXT NOT NULL,
    results INTEGER NOT NULL,
    failures INTEGER NOT NULL,
    document TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS results (
    run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    scenario TEXT NOT NULL,
    dataset TEXT NOT NULL,
    codec TEXT NOT NULL,
    operation TEXT NOT NULL,
    medium TEXT NOT NULL,
    compression TEXT NOT NULL,
    median_ns REAL NOT NULL,
    ci95_low_ns REAL NOT NULL,
    ci95_high_ns REAL NOT NULL,
    noisy INTEGER NOT NULL,
    PRIMARY KEY (run_id, idx)
);
CREATE TABLE IF NOT EXISTS samples (
    run_id INTEGER NOT NULL,
    result_idx INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    ns REAL NOT NULL,
    PRIMARY KEY (run_id, result_idx, seq),
    FOREIGN KEY (run_id, result_idx) REFERENCES results(run_id, idx) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS results_by_codec ON results(scenario, codec);
PRAGMA user_version = 1;
";

/// An open history database.
pub struct Store {
    conn: Connection,
    path: PathBuf,
}

impl Store {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<Self, StoreError> {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|source| StoreError::Dir {
                path: dir.to_path_buf(),
                source,
            })?;
        }
        let conn = Connection::open(path).map_err(|source| StoreError::Sqlite {
            path: path.to_path_buf(),
            source,
        })?;
        Self::prepare(conn, path)
    }

    /// Opens the database at `path` only if it exists: reading commands
    /// never create a file or a directory.
    pub fn open_existing(path: &Path) -> Result<Self, StoreError> {
        if !path.is_file() {
            return Err(StoreError::NoDatabase(path.to_path_buf()));
        }
        // No CREATE flag: a file removed since the check is an error, not a new database.
        let flags = OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_URI
            | OpenFlags::SQLITE_OPEN_NO_MUTEX;
        let conn =
            Connection::open_with_flags(path, flags).map_err(|source| StoreError::Sqlite {
                path: path.to_path_buf(),
                source,
            })?;
        Self::prepare(conn, path)
    }

    fn prepare(conn: Connection, path: &Path) -> Result<Self, StoreError> {
        let sql = |source| StoreError::Sqlite {
            path: path.to_path_buf(),
            source,
        };
        conn.busy_timeout(Duration::from_secs(10)).map_err(sql)?;
        conn.pragma_update(None, "journal_mode", "WAL")
            .map_err(sql)?;
        conn.pragma_update(None, "foreign_keys", "ON")
            .map_err(sql)?;
        conn.execute_batch(SCHEMA).map_err(sql)?;
        Ok(Store {
            conn,
            path: path.to_path_buf(),
        })
    }

    fn sql(&self) -> impl Fn(rusqlite::Error) -> StoreError + '_ {
        move |source| StoreError::Sqlite {
            path: self.path.clone(),
            source,
        }
    }

    /// Stores a run in one transaction and returns its id.
    pub fn save(&mut self, doc: &RunDocument) -> Result<i64, StoreError> {
        let path = self.path.clone();
        let sql = move |source| StoreError::Sqlite {
            path: path.clone(),
            source,
        };
        let json = serde_json::to_string(doc).map_err(StoreError::Serialize)?;
        let mut scenarios: Vec<&str> = Vec::new();
        for r in &doc.results {
            if !scenarios.contains(&r.scenario.as_str()) {
                scenarios.push(&r.scenario);
            }
        }
        let tx = self.conn.transaction().map_err(&sql)?;
        tx.execute(
            "INSERT INTO runs (date, mode, git_commit, encbench, scenarios, results, failures, document)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            params![
                doc.environment.date,
                doc.environment.mode,
                doc.environment.git_commit,
                doc.encbench,
                scenarios.join(","),
                doc.results.len() as i64,
                doc.failures.len() as i64,
                json
            ],
        )
        .map_err(&sql)?;
        let id = tx.last_insert_rowid();
        {
            let mut row = tx
                .prepare(
                    "INSERT INTO results (run_id, idx, scenario, dataset, codec, operation, medium, compression,
                     median_ns, ci95_low_ns, ci95_high_ns, noisy) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
                )
                .map_err(&sql)?;
            let mut sample = tx
                .prepare(
                    "INSERT INTO samples (run_id, result_idx, seq, ns) VALUES (?1, ?2, ?3, ?4)",
                )
                .map_err(&sql)?;
            for (idx, r) in doc.results.iter().enumerate() {
                row.execute(params![
                    id,
                    idx as i64,
                    r.scenario,
                    r.dataset,
                    r.codec,
                    r.operation,
                    r.medium.as_str(),
                    r.compression,
                    r.median_ns,
                    r.ci95_low_ns,
                    r.ci95_high_ns,
                    r.noisy
                ])
                .map_err(&sql)?;
                for (seq, ns) in r.samples_ns.iter().enumerate() {
                    sample
                        .execute(params![id, idx as i64, seq as i64, ns])
                        .map_err(&sql)?;
                }
            }
        }
        tx.commit().map_err(&sql)?;
        Ok(id)
    }

    /// The newest runs first, at most `limit`.
    pub fn list(&self, limit: usize) -> Result<Vec<RunSummary>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id, date, mode, git_commit, scenarios, results, failures FROM runs ORDER BY id DESC LIMIT ?1")
            .map_err(self.sql())?;
        let rows = stmt
            .query_map(params![limit as i64], |r| {
                Ok(RunSummary {
                    id: r.get(0)?,
                    date: r.get(1)?,
                    mode: r.get(2)?,
                    git_commit: r.get(3)?,
                    scenarios: r.get(4)?,
                    results: r.get(5)?,
                    failures: r.get(6)?,
                })
            })
            .map_err(self.sql())?;
        rows.collect::<Result<_, _>>().map_err(self.sql())
    }

    /// Loads a run by id, or the newest with `last` (also `last~1`, the one before).
    pub fn load(&self, reference: &str) -> Result<(i64, RunDocument), StoreError> {
        let id = self.resolve(reference)?;
        let json: Option<String> = self
            .conn
            .query_row(
                "SELECT document FROM runs WHERE id = ?1",
                params![id],
                |r| r.get(0),
            )
            .optional()
            .map_err(self.sql())?;
        let json = json.ok_or_else(|| StoreError::NoSuchRun(reference.to_string()))?;
        let doc =
            serde_json::from_str(&json).map_err(|source| StoreError::Corrupt { id, source })?;
        Ok((id, doc))
    }

    fn resolve(&self, reference: &str) -> Result<i64, StoreError> {
        let back = match reference {
            "last" => Some(0),
            r => r.strip_prefix("last~").and_then(|n| n.parse::<i64>().ok()),
        };
        if let Some(back) = back {
            return self
                .conn
                .query_row(
                    "SELECT id FROM runs ORDER BY id DESC LIMIT 1 OFFSET ?1",
                    params![back],
                    |r| r.get(0),
                )
                .optional()
                .map_err(self.sql())?
                .ok_or_else(|| StoreError::NoSuchRun(reference.to_string()));
        }
        reference.parse().map_err(|_| {
            StoreError::NoSuchRun(format!("'{reference}' (use a number, last or last~N)"))
        })
    }

    /// The stored run that is `doc` (same date, environment and rows), if
    /// any: importing the same file twice must not store it twice.
    pub fn find(&self, doc: &RunDocument) -> Result<Option<i64>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT id FROM runs WHERE date = ?1 AND results = ?2 ORDER BY id")
            .map_err(self.sql())?;
        let ids = stmt
            .query_map(
                params![doc.environment.date, doc.results.len() as i64],
                |r| r.get::<_, i64>(0),
            )
            .map_err(self.sql())?
            .collect::<Result<Vec<_>, _>>()
            .map_err(self.sql())?;
        for id in ids {
            let (_, stored) = self.load(&id.to_string())?;
            if stored.environment == doc.environment && stored.results == doc.results {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }

    /// Raw samples of one stored row, read back from the samples table.
    pub fn samples(&self, run: i64, result_idx: usize) -> Result<Vec<f64>, StoreError> {
        let mut stmt = self
            .conn
            .prepare("SELECT ns FROM samples WHERE run_id = ?1 AND result_idx = ?2 ORDER BY seq")
            .map_err(self.sql())?;
        let rows = stmt
            .query_map(params![run, result_idx as i64], |r| r.get(0))
            .map_err(self.sql())?;
        rows.collect::<Result<_, _>>().map_err(self.sql())
    }
}

#[cfg(test)]
mod tests;
