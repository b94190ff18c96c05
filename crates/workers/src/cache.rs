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
    /// Build steps: program (a path with `/` is inside the entry), arguments,
    /// directory inside the entry.
    steps: &'static [(&'static str, &'static [&'static str], &'static str)],
    /// The file inside the entry that the worker runs (built or a script).
    pub product: &'static str,
}

/// What provides a program a worker or peer needs, and how each platform
/// installs it.
struct Provider {
    program: &'static str,
    /// What the user installs, in words.
    name: &'static str,
    debian: &'static str,
    fedora: Option<&'static str>,
    macos: Option<&'static str>,
}

const PROVIDERS: &[Provider] = &[
    Provider {
        program: "cc",
        name: "a C compiler",
        debian: "gcc",
        fedora: Some("gcc"),
        macos: None, // the Xcode command-line tools, below
    },
    Provider {
        program: "go",
        name: "Go",
        debian: "golang-go",
        fedora: Some("golang"),
        macos: Some("go"),
    },
    Provider {
        program: "python3",
        name: "Python 3.10+ with its venv module",
        debian: "python3-venv",
        fedora: Some("python3"),
        macos: Some("python"),
    },
    Provider {
        program: "java",
        name: "a JDK 17+ and Maven",
        debian: "default-jdk-headless maven",
        fedora: Some("java-17-openjdk-devel maven"),
        macos: Some("openjdk maven"),
    },
    Provider {
        program: "mvn",
        name: "Maven",
        debian: "maven",
        fedora: Some("maven"),
        macos: Some("maven"),
    },
    Provider {
        program: "escript",
        name: "Erlang/OTP with its megaco application",
        debian: "erlang-base erlang-asn1 erlang-megaco",
        fedora: Some("erlang"),
        macos: Some("erlang"),
    },
    Provider {
        program: "bgpdump",
        name: "bgpdump",
        debian: "bgpdump",
        fedora: None,
        macos: None,
    },
];

fn provider(program: &str) -> Option<&'static Provider> {
    PROVIDERS.iter().find(|p| p.program == program)
}

/// One line with the commands that install these programs on
/// Debian/Ubuntu, Fedora and macOS; `None` when there is nothing to say.
pub fn install_line(programs: &[&str]) -> Option<String> {
    let mut wanted: Vec<&Provider> = Vec::new();
    for p in programs.iter().filter_map(|p| provider(p)) {
        // A JDK line already brings Maven.
        let covered = p.program == "mvn" && programs.contains(&"java");
        if !covered && !wanted.iter().any(|w| w.program == p.program) {
            wanted.push(p);
        }
    }
    if wanted.is_empty() {
        return None;
    }
    let join = |f: fn(&Provider) -> Option<&'static str>| {
        wanted
            .iter()
            .filter_map(|p| f(p))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut line = format!(
        "to add the skipped rows, install {}: Debian/Ubuntu: sudo apt install {}",
        wanted.iter().map(|p| p.name).collect::<Vec<_>>().join(", "),
        join(|p| Some(p.debian))
    );
    let fedora = join(|p| p.fedora);
    if !fedora.is_empty() {
        line.push_str(&format!("; Fedora: sudo dnf install {fedora}"));
    }
    let mut macos = join(|p| p.macos);
    if wanted.iter().any(|p| p.program == "cc") {
        macos = format!(
            "xcode-select --install{}",
            match macos.is_empty() {
                true => String::new(),
                false => format!(" and brew install {macos}"),
            }
        );
    } else if !macos.is_empty() {
        macos = format!("brew install {macos}");
    }
    if !macos.is_empty() {
        line.push_str(&format!("; macOS: {macos}"));
    }
    if wanted.iter().any(|p| p.program == "bgpdump") {
        line.push_str("; elsewhere bgpdump is built from its source (github.com/RIPE-NCC/bgpdump)");
    }
    Some(line)
}

pub(crate) const C: Recipe = Recipe {
    name: "c",
    what: "the C worker",
    files: embedded::C_FILES,
    hash: embedded::C_HASH,
    needs: &["cc"],
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
    steps: &[],
    product: "workers/python/worker.py",
};

pub(crate) const ERLANG_SEED: Recipe = Recipe {
    name: "erlang",
    what: "the Erlang worker",
    files: embedded::ERLANG_FILES,
    hash: embedded::ERLANG_HASH,
    needs: &["escript"],
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
        let name = provider(lacking).map_or(*lacking, |p| p.name);
        Some(format!(
            "{} skipped: `{lacking}` not found; install {name} (the run's closing notes say how)",
            self.what
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
        let prefix = format!(".{}-{}.building-", self.name, self.hash);
        remove_abandoned(&cache.join("workers"), &prefix);
        let building = cache
            .join("workers")
            .join(format!("{prefix}{}", std::process::id()));
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

/// Removes the temporary build directories (`<prefix><pid>`) that a build
/// interrupted by Ctrl-C or a crash left in `dir`: those whose process is
/// gone. Where that cannot be told (no `/proc`), they are left alone.
fn remove_abandoned(dir: &Path, prefix: &str) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name.strip_prefix(prefix) else {
            continue;
        };
        if !Path::new("/proc").join(pid).exists() {
            let _ = std::fs::remove_dir_all(entry.path());
        }
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
