#!/usr/bin/env python3
"""Runs six encbench rows and the same six routines under criterion
(benches/agree.rs), and prints encbench's median beside criterion's.

    python3 tools/agree.py            # builds, runs both, prints the table
    python3 tools/agree.py --quick    # shorter criterion runs

Both harnesses time the same code on the same data; a difference beyond
+-10 % means one of them measures something else, and is worth a look.
Run it on an idle machine: both are sensitive to other load."""

import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# (criterion id, encbench scenario, codec, operation, dataset predicate)
ROWS = [
    ("ints/text/hand-rolled/read/memory", "ints", "text/hand-rolled", "read",
     lambda r: r["medium"] == "memory"),
    ("int-codecs/int64/le-bytes/roundtrip", "int-codecs", "int64/le-bytes", "roundtrip",
     lambda r: True),
    ("wkb/wkb/slice/decode/generated", "wkb", "wkb/slice", "decode",
     lambda r: r["dataset"].startswith("generated")),
    ("codecs/record/json/decode/logs", "codecs", "record/json", "decode",
     lambda r: r["dataset"].startswith("logs") and r["compression"] == "none"),
    ("codecs/record/bitcode/decode/logs", "codecs", "record/bitcode", "decode",
     lambda r: r["dataset"].startswith("logs") and r["compression"] == "none"),
    ("megaco/megaco/ber-tape/decode/per-message", "megaco", "megaco/ber-tape", "decode",
     lambda r: "whole set" not in r["dataset"]),
]


def run(cmd, **kw):
    print("$", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, cwd=ROOT, check=True, **kw)


def criterion_medians(quick):
    args = ["cargo", "bench", "--bench", "agree", "--"]
    if quick:
        args += ["--warm-up-time", "1", "--measurement-time", "2"]
    run(args, stdout=sys.stderr)
    medians = {}
    base = os.path.join(ROOT, "target", "criterion")
    for dirpath, _, files in os.walk(base):
        if dirpath.endswith(os.path.join("new")) and "benchmark.json" in files:
            with open(os.path.join(dirpath, "benchmark.json")) as f:
                full_id = json.load(f)["full_id"]
            with open(os.path.join(dirpath, "estimates.json")) as f:
                est = json.load(f)["median"]
            medians[full_id] = (est["point_estimate"],
                                est["confidence_interval"]["lower_bound"],
                                est["confidence_interval"]["upper_bound"])
    return medians


def encbench_rows():
    run(["cargo", "build", "--release", "--quiet"])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "agree.json")
        scenarios = sorted({r[1] for r in ROWS})
        codecs = ",".join(r[2] for r in ROWS)
        run([os.path.join(ROOT, "target", "release", "encbench"), "run", *scenarios,
             "--codec", codecs, "--no-store", "--json", out], stdout=subprocess.DEVNULL)
        with open(out) as f:
            return json.load(f)["results"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true", help="shorter criterion runs")
    args = ap.parse_args()
    results = encbench_rows()
    medians = criterion_medians(args.quick)
    print(f"{'row':44} {'encbench median [95% CI]':>34} {'criterion median [95% CI]':>34} {'diff':>7}")
    worst = 0.0
    for cid, scenario, codec, op, keep in ROWS:
        mine = [r for r in results
                if r["scenario"] == scenario and r["codec"] == codec and r["operation"] == op and keep(r)]
        theirs = medians.get(cid)
        if not mine or theirs is None:
            print(f"{cid:44} missing ({'encbench' if not mine else 'criterion'})")
            continue
        r = mine[0]
        diff = (r["median_ns"] / theirs[0] - 1) * 100
        worst = max(worst, abs(diff))
        print(f"{cid:44} {fmt(r['median_ns'], r['ci95_low_ns'], r['ci95_high_ns']):>34}"
              f" {fmt(*theirs):>34} {diff:+6.1f}%")
    print(f"largest difference: {worst:.1f}%")


def fmt(median, low, high):
    for unit, scale in (("s", 1e9), ("ms", 1e6), ("µs", 1e3), ("ns", 1.0)):
        if median >= scale or unit == "ns":
            return f"{median / scale:.4g} {unit} [{low / scale:.4g}, {high / scale:.4g}]"
    return ""


if __name__ == "__main__":
    main()
