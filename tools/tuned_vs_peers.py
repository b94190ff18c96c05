"""Tuned Parquet against pyarrow's, polars' and DuckDB's default files.

For each input, `encbench file INPUT --convert parquet+tuned` writes the
tuned file and says which zstd level it chose; the table it wrote is then
written by pyarrow, polars and DuckDB with their own defaults but zstd at
that level (the same codec), and every file is scanned whole by pyarrow
(best of five). Sizes and times are of this run, on this machine.

    workers/python/.venv/bin/python tools/tuned_vs_peers.py [--encbench BIN]
        [--flights ROWS] [INPUT ...]

Without inputs: tests/data/public/*.csv and a generated flights-like CSV
(`--flights` rows, 2,000,000 by default; 0 for none). Run from the
repository root; scratch files go to a temporary folder, removed at the end.
"""

import argparse
import glob
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

import duckdb
import polars as pl
import pyarrow.parquet as pq


def flights_csv(path, rows):
    """A flights-like table: date, carrier, flight, origin and destination,
    scheduled time, delays, distance; seeded, so every run writes the same."""
    rng = random.Random(51)
    carriers = ["AA", "DL", "UA", "WN", "B6", "AS", "NK", "F9", "HA", "OO"]
    airports = [f"{a}{b}{c}" for a in "ABDLMOS" for b in "AEFLST" for c in "ADKLOX"][:120]
    with open(path, "w") as f:
        f.write("date,carrier,flight,origin,dest,sched_dep,dep_delay,arr_delay,distance,cancelled\n")
        for i in range(rows):
            day = 1 + i * 365 // rows
            c = rng.randrange(len(carriers))
            o, d = rng.sample(airports, 2)
            delay = int(rng.expovariate(1 / 15)) - 5
            cancelled = rng.random() < 0.02
            f.write(
                f"2024-{1 + (day - 1) // 31 % 12:02d}-{1 + (day - 1) % 28:02d},{carriers[c]},"
                f"{100 * c + rng.randrange(100)},{o},{d},{rng.randrange(5, 23):02d}:{rng.choice([0, 15, 30, 45]):02d},"
                f"{'' if cancelled else delay},{'' if cancelled else delay + rng.randrange(-15, 20)},"
                f"{rng.randrange(100, 3000)},{str(cancelled).lower()}\n"
            )


def scan(path):
    """Best of five full reads by pyarrow, ms."""
    times = []
    for _ in range(5):
        started = time.perf_counter()
        pq.read_table(path)
        times.append((time.perf_counter() - started) * 1e3)
    return min(times)


def size(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(p) for p in glob.glob(os.path.join(path, "*")))
    return os.path.getsize(path)


def compare(encbench, source, scratch):
    name = os.path.basename(source)
    tuned = os.path.join(scratch, name + ".tuned.parquet")
    out = subprocess.run(
        [encbench, "file", source, "--convert", "parquet+tuned", "-o", tuned, "--force"],
        capture_output=True, text=True, check=True,
    ).stdout
    level = int(re.search(r"zstd level: (\d+)", out).group(1))
    table = pq.read_table(tuned)
    files = {"tuned": tuned}
    files["pyarrow"] = os.path.join(scratch, name + ".pyarrow.parquet")
    pq.write_table(table, files["pyarrow"], compression="zstd", compression_level=level)
    files["polars"] = os.path.join(scratch, name + ".polars.parquet")
    pl.read_parquet(tuned).write_parquet(files["polars"], compression="zstd", compression_level=level)
    files["duckdb"] = os.path.join(scratch, name + ".duckdb.parquet")
    duckdb.sql(
        f"COPY (SELECT * FROM read_parquet('{tuned}')) TO '{files['duckdb']}' "
        f"(FORMAT PARQUET, COMPRESSION ZSTD, COMPRESSION_LEVEL {level})"
    )
    sizes = {k: size(v) for k, v in files.items()}
    scans = {k: scan(v) for k, v in files.items()}
    peers = min(sizes[k] for k in ("pyarrow", "polars", "duckdb"))
    fastest = min(scans[k] for k in ("pyarrow", "polars", "duckdb"))
    return dict(name=name, rows=table.num_rows, level=level, sizes=sizes, scans=scans,
                vs_smallest=sizes["tuned"] / peers - 1, scan_vs_fastest=scans["tuned"] / fastest - 1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inputs", nargs="*")
    parser.add_argument("--encbench", default=None)
    parser.add_argument("--flights", type=int, default=2_000_000)
    args = parser.parse_args()
    encbench = args.encbench or next(
        (p for p in ("target/release/encbench", "target/debug/encbench") if os.path.exists(p)), None)
    if encbench is None:
        sys.exit("build encbench first (cargo build --release)")
    with tempfile.TemporaryDirectory() as scratch:
        inputs = args.inputs or sorted(glob.glob("tests/data/public/*.csv"))
        if not args.inputs and args.flights:
            path = os.path.join(scratch, f"flights-{args.flights}.csv")
            flights_csv(path, args.flights)
            inputs.append(path)
        results = [compare(encbench, i, scratch) for i in inputs]
    head = f"{'table':<28}{'rows':>9}{'zstd':>5}" + "".join(
        f"{k + ' B':>12}" for k in ("tuned", "pyarrow", "polars", "duckdb")) + f"{'vs smallest':>12}{'scan ms t/p/pl/d':>26}{'scan vs fastest':>16}"
    print(head)
    for r in results:
        s, t = r["sizes"], r["scans"]
        print(f"{r['name']:<28}{r['rows']:>9}{r['level']:>5}"
              + "".join(f"{s[k]:>12}" for k in ("tuned", "pyarrow", "polars", "duckdb"))
              + f"{r['vs_smallest'] * 100:>+11.1f}%"
              + f"{'/'.join(f'{t[k]:.1f}' for k in ('tuned', 'pyarrow', 'polars', 'duckdb')):>26}"
              + f"{r['scan_vs_fastest'] * 100:>+15.1f}%")
    print(f"median size against the smallest default: {statistics.median(r['vs_smallest'] for r in results) * 100:+.1f} %")


if __name__ == "__main__":
    main()
