//! Workers built on first use into the user's cache, from the sources
//! embedded in the binary: an installed encbench needs no checkout, and a
//! newcomer's first `encbench run` does the set-up it can by itself.
//!
//! Each worker's entry is `<cache>/workers/<name>-<hash of its sources>`,
//! laid out like the repository (so the workers find the shared schemas
//! under it, as `ENCBENCH_ROOT`). It is built in a temporary directory
//! beside it and renamed into place when complete, so an interrupted or
//! failed build never leaves an entry that looks ready.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Mutex, OnceLock};

mod embedded {
    include!(concat!(env!("OUT_DIR"), "/sources.rs"));
}

/// How to build one worker from its embedded sources.
pub struct Recipe {
    /// The cache entry's name (before the hash), and the worker's name in messages.
    pub name: &'static str,
    /// What the user reads: "the Java record worker".
    pub what: &'static str,
    files: &'static [(&'static str, &'static [u8])],
    hash: &'static str,
    /// Programs the build and the worker need on PATH.
    needs: &'static [&'static str],
    /// What to install when one is missing, per platform.
    pub install: &'static str,
    /// Build steps: program (a path with `/` is inside the entry), arguments,
    /// directory inside the entry.
    steps: &'static [(&'static str, &'static [&'static str], &'static str)],
    /// The file inside the entry that the worker runs (built or a script).
    pub product: &'static str,
}

const JDK: &str = "a JDK 17+ and Maven (Debian/Ubuntu: sudo apt install default-jdk-headless maven; Fedora: sudo dnf install java-17-openjdk-devel maven; macOS: brew install openjdk maven)";
const PYTHON: &str = "Python 3.10+ with its venv module (Debian/Ubuntu: sudo apt install python3-venv; Fedora: sudo dnf install python3; macOS: brew install python)";
const GO: &str =
    "Go (Debian/Ubuntu: sudo apt install golang-go; Fedora: sudo dnf install golang; macOS: brew install go)";
const CC: &str = "a C compiler (Debian/Ubuntu: sudo apt install gcc; Fedora: sudo dnf install gcc; macOS: xcode-select --install)";
/// Erlang stays a system package: nothing to build, only to install (the
/// run's closing notes give the command per platform, once).
const ERLANG: &str = "Erlang/OTP with its megaco application";

pub(crate) const C: Recipe = Recipe {
    name: "c",
    what: "the C worker",
    files: embedded::C_FILES,
    hash: embedded::C_HASH,
    needs: &["cc"],
    install: CC,
    steps: &[(
        "cc",
        &["-O2", "-o", "encbench-c-worker", "workers/c/worker.c"],
        ".",
    )],
    product: "encbench-c-worker",
};

pub(crate) const GO_SEED: Recipe = Recipe {
    name: "go",
    what: "the Go worker",
    files: embedded::GO_FILES,
    hash: embedded::GO_HASH,
    needs: &["go"],
    install: GO,
    steps: &[(
        "go",
        &["build", "-o", "encbench-go-worker", "."],
        "workers/go",
    )],
    product: "workers/go/encbench-go-worker",
};

pub(crate) const GO_RECORDS: Recipe = Recipe {
    name: "go-records",
    what: "the Go record worker",
    files: embedded::GO_FILES,
    hash: embedded::GO_HASH,
    needs: &["go"],
    install: GO,
    steps: &[(
        "go",
        &["build", "-o", "encbench-go-records-worker", "./cmd/records"],
        "workers/go",
    )],
    product: "workers/go/encbench-go-records-worker",
};

pub(crate) const JAVA_RECORDS: Recipe = Recipe {
    name: "java-records",
    what: "the Java record worker",
    files: embedded::JAVA_FILES,
    hash: embedded::JAVA_HASH,
    needs: &["java", "mvn"],
    install: JDK,
    steps: &[(
        "mvn",
        &["-q", "-B", "-Dstyle.color=never", "-DskipTests", "package"],
        "workers/java",
    )],
    product: "workers/java/target/encbench-records-worker.jar",
};

pub(crate) const PYTHON_RECORDS: Recipe = Recipe {
    name: "python-records",
    what: "the Python record worker",
    files: embedded::PYTHON_FILES,
    hash: embedded::PYTHON_HASH,
    needs: &["python3"],
    install: PYTHON,
    steps: &[
        ("python3", &["-m", "venv", "venv"], "."),
        (
            "venv/bin/python",
            &[
                "-m",
                "pip",
                "install",
                "--disable-pip-version-check",
                "--quiet",
                "-r",
                "workers/python/requirements.txt",
            ],
            ".",
        ),
    ],
    product: "venv/bin/python",
};

pub(crate) const PYTHON_SEED: Recipe = Recipe {
    name: "python",
    what: "the Python worker",
    files: embedded::PYTHON_FILES,
    hash: embedded::PYTHON_HASH,
    needs: &["python3"],
    install: PYTHON,
    steps: &[],
    product: "workers/python/worker.py",
};

pub(crate) const ERLANG_SEED: Recipe = Recipe {
    name: "erlang",
    what: "the Erlang worker",
    files: embedded::ERLANG_FILES,
    hash: embedded::ERLANG_HASH,
    needs: &["escript"],
    install: ERLANG,
    steps: &[],
    product: "workers/erlang/megaco_worker.escript",
};

/// Where built workers are kept: `$ENCBENCH_CACHE_DIR`, else
/// `$XDG_CACHE_HOME/encbench`, else `~/.cache/encbench`.
pub fn cache_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("ENCBENCH_CACHE_DIR") {
        return Some(PathBuf::from(dir));
    }
    if let Some(dir) = var("XDG_CACHE_HOME") {
        return Some(PathBuf::from(dir).join("encbench"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".cache/encbench"))
}

/// The first `program` on `path` (a PATH-like list), as a file.
pub(crate) fn which_in(program: &str, path: Option<&OsString>) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|d| d.join(program))
        .find(|p| p.is_file())
}

impl Recipe {
    /// The entry this recipe builds in `cache`.
    pub fn entry(&self, cache: &Path) -> PathBuf {
        cache
            .join("workers")
            .join(format!("{}-{}", self.name, self.hash))
    }

    /// The first program this worker needs that `path` lacks, as the one
    /// line a skipped row shows.
    pub fn missing(&self, path: Option<&OsString>) -> Option<String> {
        let lacking = self.needs.iter().find(|p| which_in(p, path).is_none())?;
        Some(format!(
            "{} skipped: `{lacking}` not found; install {}",
            self.what, self.install
        ))
    }

    /// The ready entry in `cache`, built now when it is not there yet
    /// (`announce` hears one line before a build starts). `path` is the
    /// PATH the toolchain is looked for on and the build runs with.
    pub fn ensure(
        &self,
        cache: &Path,
        path: Option<&OsString>,
        announce: &mut dyn FnMut(&str),
    ) -> Result<PathBuf, String> {
        let entry = self.entry(cache);
        if entry.join(self.product).is_file() && entry.join(COMPLETE).is_file() {
            return Ok(entry);
        }
        if let Some(why) = self.missing(path) {
            return Err(why);
        }
        if !self.steps.is_empty() {
            announce(&format!(
                "encbench: building {} into {} (first use; once per version)",
                self.what,
                entry.display()
            ));
        }
        let building = cache.join("workers").join(format!(
            ".{}-{}.building-{}",
            self.name,
            self.hash,
            std::process::id()
        ));
        let built = self.build_in(&building, path);
        let done = built.and_then(|()| match std::fs::rename(&building, &entry) {
            Ok(()) => Ok(()),
            // Another encbench finished the same build first: use its entry.
            Err(_) if entry.join(COMPLETE).is_file() => Ok(()),
            Err(e) => Err(format!(
                "cannot move the build into {}: {e}",
                entry.display()
            )),
        });
        let _ = std::fs::remove_dir_all(&building);
        done.map(|()| entry)
            .map_err(|e| format!("{} skipped: its build failed: {e}", self.what))
    }

    fn build_in(&self, dir: &Path, path: Option<&OsString>) -> Result<(), String> {
        let _ = std::fs::remove_dir_all(dir);
        for (rel, bytes) in self.files {
            let file = dir.join(rel);
            if let Some(parent) = file.parent() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| format!("{}: {e}", parent.display()))?;
            }
            std::fs::write(&file, bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        }
        for (program, args, at) in self.steps {
            let program = match program.contains('/') {
                true => dir.join(program),
                false => which_in(program, path).unwrap_or_else(|| PathBuf::from(program)),
            };
            let mut cmd = Command::new(&program);
            cmd.args(*args).current_dir(dir.join(at));
            if let Some(path) = path {
                cmd.env("PATH", path);
            }
            let out = cmd
                .output()
                .map_err(|e| format!("{}: {e}", program.display()))?;
            if !out.status.success() {
                let mut said = String::from_utf8_lossy(&out.stderr).into_owned();
                said.push_str(&String::from_utf8_lossy(&out.stdout));
                let tail: Vec<&str> = said.lines().filter(|l| !l.trim().is_empty()).collect();
                return Err(format!(
                    "{} {} ({}): {}",
                    program.display(),
                    args.join(" "),
                    out.status,
                    tail[tail.len().saturating_sub(3)..].join(" | ")
                ));
            }
        }
        if !dir.join(self.product).is_file() {
            return Err(format!("{} was not produced", self.product));
        }
        std::fs::write(dir.join(COMPLETE), self.hash).map_err(|e| e.to_string())
    }
}

/// The file that marks an entry complete.
const COMPLETE: &str = ".complete";

/// `recipe`'s entry in the user's cache, built once per process at most
/// (a failed build is not retried for every dataset).
pub(crate) fn ensure_cached(recipe: &'static Recipe) -> Result<PathBuf, String> {
    static DONE: OnceLock<Mutex<HashMap<&'static str, Result<PathBuf, String>>>> = OnceLock::new();
    let done = DONE.get_or_init(Default::default);
    let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(outcome) = done.get(recipe.name) {
        return outcome.clone();
    }
    let outcome = match cache_dir() {
        None => Err(format!(
            "{} skipped: no cache directory to build it in (set ENCBENCH_CACHE_DIR or HOME)",
            recipe.what
        )),
        Some(cache) => recipe.ensure(&cache, std::env::var_os("PATH").as_ref(), &mut |line| {
            eprintln!("{line}")
        }),
    };
    done.insert(recipe.name, outcome.clone());
    outcome
}
