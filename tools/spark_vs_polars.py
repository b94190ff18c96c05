#!/usr/bin/env python3
"""Spark (through `encbench file --convert parquet+zstd-3 --engine spark`)
against polars converting the same CSV (or folder of Parquet files) to
Parquet + zstd level 3 on this
machine: MB/s of input for each. Spark's JVM start is not counted (encbench
reports it apart); its time runs from the read (schema inference included)
to the end of the write, and the checks that follow are reported apart.
polars: scan_csv(...).sink_parquet(...), streaming, timed the same way.

    workers/python/.venv/bin/python tools/spark_vs_polars.py --make 5000000 /tmp/sp/big.csv
    workers/python/.venv/bin/python tools/spark_vs_polars.py /tmp/sp/big.csv

Outputs go beside the input (`*.polars.parquet`, `*.spark.parquet`) and
are removed at the end unless --keep.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import time

import polars as pl


def make(path, rows):
    """A CSV of `rows` rows: ints, a timestamp, floats, a category, text."""
    import numpy as np
    rng = np.random.default_rng(7)
    chunk = 1_000_000
    with open(path, "w") as f:
        f.write("id,at,price,qty,carrier,note\n")
        for start in range(0, rows, chunk):
            n = min(chunk, rows - start)
            ids = np.arange(start, start + n)
            at = (np.datetime64("2020-01-01T00:00:00") + rng.integers(0, 3 * 365 * 86400, n).astype("timedelta64[s]"))
            df = pl.DataFrame({
                "id": ids, "at": at.astype("datetime64[us]"),
                "price": np.round(rng.gamma(2.0, 30.0, n), 2), "qty": rng.integers(1, 50, n),
                "carrier": np.array(["AA", "DL", "UA", "WN", "B6", "AS", "NK"])[rng.integers(0, 7, n)],
                "note": np.char.add("order ", rng.integers(0, 100000, n).astype(str)),
            })
            f.write(df.write_csv(include_header=False))


def polars(src, out):
    began = time.perf_counter()
    if os.path.isdir(src):  # a folder of Parquet files (hive partitions read as columns)
        scan = pl.scan_parquet(os.path.join(src, "**", "*.parquet"), hive_partitioning=True)
    else:
        scan = pl.scan_csv(src)
    scan.sink_parquet(out, compression="zstd", compression_level=3)
    took = time.perf_counter() - began
    rows = pl.scan_parquet(out).select(pl.len()).collect().item()
    return took, rows, os.path.getsize(out)


def spark(encbench, src, out):
    began = time.perf_counter()
    done = subprocess.run([encbench, "file", src, "--convert", "parquet+zstd-3", "--engine", "spark", "-o", out],
                          capture_output=True, text=True)
    wall = time.perf_counter() - began
    if done.returncode != 0:
        sys.exit(f"encbench failed: {done.stderr}")
    text = done.stdout
    write = float(re.search(r"time: write ([\d.]+) s", text).group(1))
    checks = float(re.search(r"checks ([\d.]+) s", text).group(1))
    jvm = re.search(r"JVM start, not counted: ([\d.]+) s", text)
    rows = int(re.search(r", (\d+) rows", text).group(1))
    return write, checks, float(jvm.group(1)) if jvm else None, wall, rows, text


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv")
    ap.add_argument("--make", type=int, metavar="ROWS", help="write the CSV first")
    ap.add_argument("--encbench", default="target/release/encbench")
    ap.add_argument("--keep", action="store_true")
    a = ap.parse_args()
    if a.make:
        make(a.csv, a.make)
    if os.path.isdir(a.csv):
        mb = sum(os.path.getsize(os.path.join(r, n)) for r, _, ns in os.walk(a.csv) for n in ns) / 1e6
        base = a.csv.rstrip("/")
    else:
        mb = os.path.getsize(a.csv) / 1e6
        base = os.path.splitext(a.csv)[0]
    p_out, s_out = base + ".polars.parquet", base + ".spark.parquet"
    for p in (p_out, s_out):
        if os.path.exists(p):
            sys.exit(f"{p} exists: remove it first")
    try:
        p_s, p_rows, p_bytes = polars(a.csv, p_out)
        s_w, s_c, jvm, wall, s_rows, text = spark(a.encbench, a.csv, s_out)
    finally:
        if not a.keep:
            for p in (p_out, s_out):
                shutil.rmtree(p, ignore_errors=True) if os.path.isdir(p) else (os.path.exists(p) and os.remove(p))
    print(f"input: {a.csv}, {mb:.1f} MB, {p_rows} rows; {os.cpu_count()} CPUs")
    print(f"polars {pl.__version__}: scan_{'parquet' if os.path.isdir(a.csv) else 'csv'}().sink_parquet(zstd 3): {p_s:.2f} s = {mb / p_s:.1f} MB/s, "
          f"{p_bytes / 1e6:.1f} MB written")
    print(f"spark (encbench --engine spark, local[*]): read + write {s_w:.2f} s = {mb / s_w:.1f} MB/s; "
          f"checks (source and result checksummed, read back by Spark and pyarrow) {s_c:.2f} s; "
          f"JVM start, not counted: {jvm} s; whole command {wall:.1f} s; {s_rows} rows")
    print(f"spark's write time / polars': {s_w / p_s:.2f}x")
    print(text)


if __name__ == "__main__":
    main()
