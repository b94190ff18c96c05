//! Records what the binary was built from, for the environment block of every run.

use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(cmd).args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let commit =
        output("git", &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    let commit = if dirty {
        format!("{commit}-dirty")
    } else {
        commit
    };
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let rustc_version = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    let profile = std::env::var("PROFILE").unwrap_or_else(|_| "unknown".into());
    println!("cargo:rustc-env=ENCBENCH_GIT_COMMIT={commit}");
    println!("cargo:rustc-env=ENCBENCH_RUSTC={rustc_version}");
    println!("cargo:rustc-env=ENCBENCH_PROFILE={profile}");
    // Rebuild when the checked-out commit or the index moves.
    for path in [".git/HEAD", ".git/index"] {
        if std::path::Path::new(path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
    // `encbench bgp dump` is timed as a child process against `bgpdump -m`,
    // so start-up counts. As a PIE the binary carries ~41,000 relative
    // relocations that the dynamic loader applies at every start, dirtying
    // ~150 pages of .data.rel.ro: ~0.3 ms of a ~2 ms run on the smallest MRT
    // file. A position-dependent executable needs none. Binaries only (not
    // tests, libraries or proc-macros); the cc driver rustc links with
    // honours the last of its `-pie` and this flag. Costs the executable's
    // own address randomisation (libraries, stack and heap keep theirs).
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    static_libgcc_eh();
    println!("cargo:rerun-if-changed=build.rs");
}

/// On glibc targets std takes its unwinder from the shared libgcc_s, and
/// loading it is another library to map plus its constructor, which runs
/// CPUID ~10 times (each a VM exit, ~4 us, on virtual machines): ~0.1 ms of
/// every start. Linking libgcc's static unwinder instead, as `gcc
/// -static-libgcc` and Rust's own `crt-static` mode do, drops the library.
/// Skipped, leaving the default, when the C compiler does not say where
/// `libgcc_eh.a` is.
fn static_libgcc_eh() {
    let var = |k: &str| std::env::var(k).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux"
        || var("CARGO_CFG_TARGET_ENV") != "gnu"
        || var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|f| f == "crt-static")
        || var("TARGET") != var("HOST")
    {
        return;
    }
    println!("cargo:rerun-if-env-changed=CC");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let Some(path) = output(&cc, &["-print-file-name=libgcc_eh.a"]) else {
        return;
    };
    let path = std::path::Path::new(&path);
    if let (true, Some(dir)) = (path.is_absolute() && path.is_file(), path.parent()) {
        println!("cargo:rustc-link-search=native={}", dir.display());
        println!("cargo:rustc-link-lib=static:-bundle=gcc_eh");
    }
}
