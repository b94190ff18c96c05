//! Builds the C and Go workers (the seed worker and the record worker) from `workers/` when their compilers exist,
//! and tells the library where they are — or why they are missing.
//!
//! It also embeds every worker's sources (and the schemas they share with
//! the Rust codecs) in the library, so an installed binary, far from its
//! checkout, can build them into the user's cache on first use.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let root = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default())
        .join("../../workers");
    let out = PathBuf::from(std::env::var("OUT_DIR").unwrap_or_default());
    println!("cargo:rerun-if-changed=build.rs");
    for f in [
        "c/worker.c",
        "go/main.go",
        "go/codecs.go",
        "go/wkb.go",
        "go/go.mod",
        "go/go.sum",
        "go/records",
        "go/cmd/records",
    ] {
        println!("cargo:rerun-if-changed={}", root.join(f).display());
    }
    embed_sources(&root.join(".."), &out);
    report("C", build_c(&root, &out));
    report("GO", build_go(&root, &out, ".", "encbench-go-worker"));
    report(
        "GO_RECORDS",
        build_go(&root, &out, "./cmd/records", "encbench-go-records-worker"),
    );
}

fn report(name: &str, outcome: Result<PathBuf, String>) {
    match outcome {
        Ok(path) => {
            println!("cargo:rustc-env=ENCBENCH_{name}_WORKER={}", path.display());
            println!("cargo:rustc-env=ENCBENCH_{name}_WORKER_MISSING=");
        }
        Err(why) => {
            println!("cargo:rustc-env=ENCBENCH_{name}_WORKER=");
            println!(
                "cargo:rustc-env=ENCBENCH_{name}_WORKER_MISSING={}",
                why.replace('\n', " ")
            );
            println!("cargo:warning=encbench {name} worker not built: {why}");
        }
    }
}

fn run(cmd: &mut Command) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("{:?}: {e}", cmd.get_program()))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr)
            .lines()
            .take(3)
            .collect::<Vec<_>>()
            .join(" | "))
    }
}

fn build_c(root: &Path, out: &Path) -> Result<PathBuf, String> {
    let exe = out.join("encbench-c-worker");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    run(Command::new(&cc)
        .args(["-O2", "-Wall", "-o"])
        .arg(&exe)
        .arg(root.join("c/worker.c")))
    .map_err(|e| format!("{cc} failed: {e}"))?;
    Ok(exe)
}

fn build_go(root: &Path, out: &Path, package: &str, name: &str) -> Result<PathBuf, String> {
    let exe = out.join(name);
    run(Command::new("go").arg("version"))
        .map_err(|_| "go not found when encbench was built".to_string())?;
    run(Command::new("go")
        .arg("build")
        .arg("-o")
        .arg(&exe)
        .arg(package)
        .current_dir(root.join("go")))
    .map_err(|e| format!("go build failed: {e}"))?;
    Ok(exe)
}

/// The source files of each worker, relative to the repository root, in a
/// stable order.
const SOURCES: [(&str, &[&str]); 5] = [
    ("C", &["workers/c/worker.c"]),
    ("GO", &["workers/go"]),
    ("JAVA", &["workers/java/pom.xml", "workers/java/src/main"]),
    (
        "PYTHON",
        &[
            "workers/python/requirements.txt",
            "workers/python/records_worker.py",
            "workers/python/worker.py",
            "workers/python/records",
            "workers/python/engines_worker.py",
            "workers/python/engines",
        ],
    ),
    (
        "ERLANG",
        &[
            "workers/erlang/megaco_worker.escript",
            "workers/erlang/megaco_common.hrl",
        ],
    ),
];

/// Writes `sources.rs`: per worker, its files as `include_bytes!` and a
/// hash of them all (FNV-1a over paths and contents), which names its
/// cache entry.
fn embed_sources(repo: &Path, out: &Path) {
    let mut code = String::new();
    // The schemas the record workers read at run time (ENCBENCH_ROOT).
    let shared = files_under(repo, "crates/codecs/src/avro");
    for (name, roots) in SOURCES {
        let mut files: Vec<String> = roots.iter().flat_map(|r| files_under(repo, r)).collect();
        if name != "C" && name != "ERLANG" {
            files.extend(shared.iter().cloned());
        }
        files.sort();
        files.dedup();
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut fnv = |bytes: &[u8]| {
            for b in bytes {
                hash ^= u64::from(*b);
                hash = hash.wrapping_mul(0x0100_0000_01b3);
            }
        };
        code.push_str(&format!(
            "pub(crate) const {name}_FILES: &[(&str, &[u8])] = &[\n"
        ));
        for f in &files {
            let path = repo.join(f);
            fnv(f.as_bytes());
            fnv(&std::fs::read(&path).unwrap_or_default());
            let abs = path.canonicalize().unwrap_or(path);
            code.push_str(&format!(
                "    ({f:?}, include_bytes!({:?})),\n",
                abs.display().to_string()
            ));
        }
        code.push_str("];\n");
        code.push_str(&format!(
            "pub(crate) const {name}_HASH: &str = \"{hash:016x}\";\n"
        ));
    }
    for dir in [
        "workers/java/src/main",
        "workers/python/records",
        "workers/python/engines",
        "workers/erlang",
        "crates/codecs/src/avro",
    ] {
        println!("cargo:rerun-if-changed={}", repo.join(dir).display());
    }
    for f in [
        "workers/java/pom.xml",
        "workers/python/requirements.txt",
        "workers/python/records_worker.py",
        "workers/python/engines_worker.py",
        "workers/python/worker.py",
    ] {
        println!("cargo:rerun-if-changed={}", repo.join(f).display());
    }
    if let Err(e) = std::fs::write(out.join("sources.rs"), code) {
        println!("cargo:warning=encbench: cannot write the embedded worker sources: {e}");
    }
}

/// The files at `rel` (a file, or a directory walked recursively), as
/// paths relative to `repo`; build outputs, caches and tests left out.
fn files_under(repo: &Path, rel: &str) -> Vec<String> {
    let path = repo.join(rel);
    if path.is_file() {
        return vec![rel.to_string()];
    }
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(&path) else {
        return out;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let skip = name.starts_with('.')
            || matches!(name.as_str(), "target" | "__pycache__" | "tests")
            || name.ends_with("_test.go")
            || name.ends_with(".pyc");
        if !skip {
            out.extend(files_under(repo, &format!("{rel}/{name}")));
        }
    }
    out
}
