//! The HTML report in a real browser: headless Chromium renders it, the
//! charts are in the DOM, and the screenshot is not blank. CI installs
//! Debian's chromium; elsewhere the test says it was skipped.

use assert_cmd::Command;
use encbench_report::testing::{chromium_or_skip, HEADLESS_FLAGS};
use std::path::Path;
use std::time::Duration;

fn headless(browser: &Path, profile: &Path) -> Command {
    let mut cmd = Command::new(browser);
    cmd.args(HEADLESS_FLAGS)
        .args(["--disable-quic", "--hide-scrollbars"])
        .arg(format!("--user-data-dir={}", profile.display()))
        .timeout(Duration::from_secs(120));
    cmd
}

#[test]
fn report_renders_in_headless_chromium() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let html = dir.path().join("report.html");
    Command::cargo_bin("encbench")
        .unwrap()
        .env(
            "ENCBENCH_DB",
            "/dev/null/encbench-tests-must-not-store/history.sqlite",
        )
        .args([
            "run",
            "ints",
            "int-codecs",
            "--items",
            "300",
            "--samples",
            "3",
            "--quiet",
            "--no-store",
            "--html",
        ])
        .arg(&html)
        .arg("--json")
        .arg(dir.path().join("run.json"))
        .assert()
        .success();
    let url = format!("file://{}", html.display());

    let dom = headless(&browser, &dir.path().join("profile-dom"))
        .arg("--dump-dom")
        .arg(&url)
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.contains("encbench report"), "DOM:\n{dom}");
    let charts = dom.matches("class=\"chart\"").count();
    assert!(charts >= 2, "expected a chart per scenario, found {charts}");
    assert!(dom.matches("<svg").count() >= 2);
    assert!(dom.contains("<rect"), "bars missing from the DOM");
    assert!(dom.contains("text/fscanf") && dom.contains("6000 ms"));

    // The answers are the first screen: a laptop-sized window shows verdict badges.
    let first = dir.path().join("first-screen.png");
    headless(&browser, &dir.path().join("profile-first"))
        .arg(format!("--screenshot={}", first.display()))
        .arg("--window-size=1280,800")
        .arg(&url)
        .assert()
        .success();
    let pixels = png_pixels(&first);
    let badges: [[u8; 3]; 3] = [[0xda, 0xfb, 0xe1], [0xfb, 0xe4, 0xf6], [0xff, 0xf3, 0xc4]];
    let badge_pixels = pixels
        .iter()
        .filter(|p| {
            badges
                .iter()
                .any(|b| b.iter().zip(p.iter()).all(|(x, y)| x.abs_diff(*y) <= 3))
        })
        .count();
    assert!(
        badge_pixels > 200,
        "no verdict badges on the first screen ({badge_pixels} badge pixels)"
    );
    assert!(dom.contains("id=\"answers\"") && dom.contains("href=\"#answer-0\""));

    let shot = dir.path().join("report.png");
    headless(&browser, &dir.path().join("profile-shot"))
        .arg(format!("--screenshot={}", shot.display()))
        .arg("--window-size=1100,1500")
        .arg(&url)
        .assert()
        .success();
    let pixels = png_pixels(&shot);
    let non_white = pixels
        .iter()
        .filter(|p| p.iter().take(3).any(|c| *c < 235))
        .count();
    let mut colours: Vec<&[u8]> = pixels.iter().step_by(97).map(|p| p.as_slice()).collect();
    colours.sort();
    colours.dedup();
    assert!(
        non_white * 100 > pixels.len(),
        "screenshot is nearly blank: {non_white} of {} pixels",
        pixels.len()
    );
    assert!(
        colours.len() > 8,
        "screenshot has only {} colours",
        colours.len()
    );
}

#[test]
fn multi_machine_report_renders_in_headless_chromium() {
    let Some(browser) = chromium_or_skip() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let encbench = || {
        let mut cmd = Command::cargo_bin("encbench").unwrap();
        cmd.env(
            "ENCBENCH_DB",
            "/dev/null/encbench-tests-must-not-store/history.sqlite",
        );
        cmd
    };
    let here = dir.path().join("here.json");
    encbench()
        .args([
            "run",
            "ints",
            "--codec",
            "text/hand-rolled,binary/read-whole",
        ])
        .args([
            "--items",
            "300",
            "--samples",
            "4",
            "--quiet",
            "--no-store",
            "--json",
        ])
        .arg(&here)
        .assert()
        .success();
    let mut doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&here).unwrap()).unwrap();
    doc["environment"]["cpu_model"] = "Elsewhere CPU 9000".into();
    let there = dir.path().join("there.json");
    std::fs::write(&there, serde_json::to_vec(&doc).unwrap()).unwrap();
    let page = dir.path().join("machines.html");
    encbench()
        .arg("report")
        .arg(&here)
        .arg(&there)
        .arg("--html")
        .arg(&page)
        .assert()
        .success();
    let dom = headless(&browser, &dir.path().join("profile"))
        .arg("--dump-dom")
        .arg(format!("file://{}", page.display()))
        .output()
        .unwrap();
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert!(dom.contains("answers per machine"), "DOM:\n{dom}");
    assert!(dom.contains("Elsewhere CPU 9000") && dom.contains("[2] "));
    assert!(dom.contains("class=\"verdict "), "{dom}");
    assert!(dom.contains("id=\"q-0\""), "{dom}");
}

/// The pixels of a PNG file, each as its colour channels.
fn png_pixels(path: &Path) -> Vec<Vec<u8>> {
    let decoder = png::Decoder::new(std::fs::File::open(path).unwrap());
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let channels = info.color_type.samples();
    buf[..info.buffer_size()]
        .chunks(channels)
        .map(|p| p.to_vec())
        .collect()
}
