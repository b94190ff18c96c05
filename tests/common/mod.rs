//! What the `file` tests share: the binary under test, kept away from the
//! real history, and running the Python that writes the files they read.

use assert_cmd::Command;
use std::path::Path;

pub fn encbench() -> Command {
    let mut cmd = Command::cargo_bin("encbench").expect("binary builds");
    // Never touch the real history: a run that forgets --no-store fails loudly.
    cmd.env(
        "ENCBENCH_DB",
        "/dev/null/encbench-tests-must-not-store/history.sqlite",
    );
    cmd
}

/// Few samples, lz4 only: these tests check behaviour, not speed.
pub const TINY: [&str; 5] = ["--samples", "2", "--compress", "lz4", "--no-store"];

/// Runs `script` in `dir` and returns what it printed; a failing script
/// fails the test with its error.
pub fn run_python(python: &Path, dir: &Path, script: &str) -> String {
    let out = std::process::Command::new(python)
        .arg("-c")
        .arg(script)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{script}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}
