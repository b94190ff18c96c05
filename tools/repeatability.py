#!/usr/bin/env python3
"""How well a run repeats: runs `encbench run` (quick, every scenario) twice
back to back, matches the rows of the two runs, and prints the share whose
medians moved by no more than 5 % and 10 %, with the rows that moved most;
and, for runs made with `--instructions`, the share of counted rows whose
instructions per operation moved by no more than 0.5 %.

    python3 tools/repeatability.py                 # two quick runs
    python3 tools/repeatability.py --instructions  # … each with --instructions
    python3 tools/repeatability.py a.json b.json   # two runs already made (--json)

Run it on an idle machine: any other load shows up as change."""

import json
import os
import subprocess
import sys
import tempfile
from collections import Counter

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BAND = 5.0
INSTRUCTIONS_BAND = 0.5


def key(r):
    return (r["scenario"], r["dataset"], r["codec"], r["operation"], r["medium"], r["compression"])


def run_twice(extra):
    subprocess.run(["cargo", "build", "--release", "--quiet"], cwd=ROOT, check=True)
    exe = os.path.join(ROOT, "target", "release", "encbench")
    tmp = tempfile.mkdtemp(prefix="encbench-repeat-")
    paths = []
    for name in ("a.json", "b.json"):
        path = os.path.join(tmp, name)
        print(f"$ encbench run --no-store --quiet --json {path}", file=sys.stderr)
        # Exit status 1 means a row failed; the comparison still applies to the rest.
        subprocess.run([exe, "run", "--no-store", "--quiet", "--json", path] + extra, cwd=ROOT,
                       stdout=subprocess.DEVNULL)
        paths.append(path)
    return paths


def main():
    files = [a for a in sys.argv[1:] if not a.startswith("--")]
    flags = [a for a in sys.argv[1:] if a.startswith("--")]
    paths = files[:2] if len(files) >= 2 else run_twice(flags)
    runs = []
    for p in paths:
        with open(p) as f:
            runs.append({key(r): r for r in json.load(f)["results"]})
    for p in paths:
        with open(p) as f:
            probes = json.load(f)["environment"].get("steadiness", [])
        if probes:
            print(os.path.basename(p) + " machine steadiness: " + ", ".join(
                f"{s['at']} {s['median_ns'] / 1e6:.3f} ms, slowest tenth +{(s['p90_ns'] / s['p10_ns'] - 1) * 100:.0f} %"
                for s in probes if s["p10_ns"] > 0))
    a, b = runs
    common = [k for k in a if k in b]
    moved = []
    for k in common:
        change = (b[k]["median_ns"] / a[k]["median_ns"] - 1) * 100
        moved.append((abs(change), change, k))
    for band in (BAND, 2 * BAND):
        within = sum(1 for m in moved if m[0] <= band)
        print(f"{within} of {len(common)} rows ({within / max(len(common), 1) * 100:.1f} %) within ±{band:g} %")
    counted = [(abs(b[k]["instructions_per_op"] / a[k]["instructions_per_op"] - 1) * 100, k)
               for k in common
               if a[k].get("instructions_per_op") and b[k].get("instructions_per_op")]
    if counted:
        same = sum(1 for m, _ in counted if m <= INSTRUCTIONS_BAND)
        print(f"instructions: {same} of {len(counted)} counted rows ({same / len(counted) * 100:.1f} %) "
              f"within ±{INSTRUCTIONS_BAND:g} %")
        for m, k in sorted(counted, reverse=True)[:5]:
            if m > INSTRUCTIONS_BAND:
                print(f"  {m:7.2f} %  {' '.join(k)}")
    outside = Counter(k[0] for m, _, k in moved if m > BAND)
    if outside:
        print("beyond ±5 % by scenario: " + ", ".join(f"{s} {n}" for s, n in outside.most_common()))
    for m, change, k in sorted(moved, reverse=True)[:15]:
        print(f"  {change:+7.1f} %  {' '.join(k)}")


if __name__ == "__main__":
    main()
