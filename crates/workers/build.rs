//! Builds the C and Go workers (the seed worker and the record worker) from `workers/` when their compilers exist,
//! and tells the library where they are — or why they are missing.

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
