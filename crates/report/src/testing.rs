//! For tests that open a report in a real browser, here and in the
//! binary's tests: finding Chromium, and the flags it runs headless with.

use std::path::PathBuf;

/// Headless Chromium with nothing of its own running beside the page.
pub const HEADLESS_FLAGS: [&str; 7] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
];

/// Chromium, or `None` with the reason printed (never in CI, which installs it).
pub fn chromium_or_skip() -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|path| {
        ["chromium", "chromium-browser", "google-chrome"]
            .iter()
            .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
            .find(|p| p.is_file())
    });
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install chromium (see .ci/run)"
        );
        eprintln!("skipping: no chromium on PATH");
    }
    found
}
