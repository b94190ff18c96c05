//! Where the history lives: a SQLite file (the default) or a PostgreSQL
//! server shared by a team, named by `--db` / `ENCBENCH_DB`.

use std::ffi::OsStr;
use std::fmt;
use std::path::{Path, PathBuf};

/// A history database, as `--db` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// An embedded SQLite file (created on first write).
    Sqlite(PathBuf),
    /// A PostgreSQL server: a `postgres://` or `postgresql://` URL, as libpq
    /// and rust-postgres read it (user, password, host or socket directory,
    /// port, database, and `?key=value` parameters).
    Postgres(String),
}

impl Location {
    /// Reads `--db`: a `postgres://…` or `postgresql://…` URL names a
    /// server; anything else is a SQLite file path.
    pub fn parse(db: &OsStr) -> Location {
        if let Some(s) = db.to_str() {
            let lower = s.get(..13).unwrap_or(s).to_ascii_lowercase();
            if lower.starts_with("postgres://") || lower.starts_with("postgresql://") {
                return Location::Postgres(s.to_string());
            }
        }
        Location::Sqlite(PathBuf::from(db))
    }

    /// The file, for a SQLite history (commands check that they never
    /// write over it); `None` for a server.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Location::Sqlite(p) => Some(p),
            Location::Postgres(_) => None,
        }
    }
}

impl From<PathBuf> for Location {
    fn from(path: PathBuf) -> Self {
        Location::Sqlite(path)
    }
}

impl From<&Path> for Location {
    fn from(path: &Path) -> Self {
        Location::Sqlite(path.to_path_buf())
    }
}

/// The path, or the URL with any password replaced by `***`: this is what
/// messages print.
impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Sqlite(p) => write!(f, "{}", p.display()),
            Location::Postgres(url) => f.write_str(&redact(url)),
        }
    }
}

/// `url` without its password: the one in `user:password@` and any
/// `password=` parameter become `***`.
pub fn redact(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let mut out = format!("{scheme}://");
    // Credentials run to an '@'; to the last one before any parameters, in
    // case a password holds an unencoded '@' (hiding too much beats
    // showing part of a password).
    let at = rest.find('?').map_or(rest, |q| &rest[..q]).rfind('@');
    let rest = match at {
        Some(at) => {
            let creds = &rest[..at];
            match creds.split_once(':') {
                Some((user, _)) => out.push_str(&format!("{user}:***@")),
                None => out.push_str(&format!("{creds}@")),
            }
            &rest[at + 1..]
        }
        None => rest,
    };
    match rest.split_once('?') {
        None => out.push_str(rest),
        Some((base, query)) => {
            out.push_str(base);
            out.push('?');
            let params: Vec<String> = query
                .split('&')
                .map(|p| match p.split_once('=') {
                    Some((k, _)) if k.eq_ignore_ascii_case("password") => format!("{k}=***"),
                    _ => p.to_string(),
                })
                .collect();
            out.push_str(&params.join("&"));
        }
    }
    out
}
