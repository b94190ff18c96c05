//! What the `file` tests share: the binary under test, kept away from the
//! real history, and running the Python that writes the files they read.

use assert_cmd::Command;

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

pub use encbench_table::testing::run_python;

/// The worker's Python and a fresh directory in which `script` has written
/// its files; `None` (the test says it was skipped) without the worker's
/// environment, which CI always builds.
// Not every test binary that shares this module writes files with Python.
#[allow(dead_code)]
pub fn written_by_python(script: &str) -> Option<(std::path::PathBuf, tempfile::TempDir)> {
    let python = encbench_table::testing::worker_python()?;
    let dir = tempfile::tempdir().unwrap();
    run_python(&python, dir.path(), script);
    Some((python, dir))
}
