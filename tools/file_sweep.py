#!/usr/bin/env python3
"""A reproducible sweep of `encbench file` over files written by the tools
people use, checking the goals of issue 49:

  1. no recommendation dominated in its own table (an eligible row of
     `recommendation.costs` no worse on stored_bytes, write_ns (0 when
     absent) and read_ns than the pick, and better on one);
  2. no recommendation over 1.5x the input's size whose reads are not at
     least 2x faster than the input's (its `original` row in `costs`);
  3. no conversion (parquet+zstd-3, arrow+lz4, avro+zstd-3, jsonl) that says
     "identical" while a reference reader (pyarrow, polars, DuckDB, pandas,
     fastavro) reads values other than the ones it reads from the source;
  4. quick mode on every input of at most 100 MB in under 30 s and 300 MB
     of RSS (the child's own peak, from wait4).

    python3 tools/file_sweep.py                    # the whole sweep (~200 files)
    python3 tools/file_sweep.py --quick-check      # a handful of files
    python3 tools/file_sweep.py --limit 40 --keep /tmp/sweep
    python3 tools/file_sweep.py --encbench target/debug/encbench --quick-check

The files are generated here, seeded (the same files on every run): about 34
tables (ints of every width, floats with NaN and -0.0, text with empties and
nulls, pandas categories, booleans, dates, naive and zoned timestamps, a
column of null type, `Solar.R`, decimals, lists, structs and maps; from one
row to 1 M rows), each written by a rotating subset of pandas, polars,
DuckDB, pyarrow and fastavro as CSV, JSON Lines, Parquet (default codec and
zstd), Feather / Arrow IPC files, Arrow IPC streams with zstd buffers and
Avro. The libraries are pinned in tools/sweep-requirements.txt; the script
builds its own venv under ~/.cache/encbench/sweep-venv on first use (or runs
under --python). Exit status 1 when a goal fails.

Representation differences (a pandas category read back as text, a
timestamp's unit, a zone name replaced by UTC, a float32 written as its
shortest text, CSV's empty field read as '' by pyarrow's CSV reader) are
reported apart from value changes, which are failures."""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REQUIREMENTS = os.path.join(ROOT, "tools", "sweep-requirements.txt")
VENV = os.path.join(os.path.expanduser("~"), ".cache", "encbench", "sweep-venv")

TARGETS = ["parquet+zstd-3", "arrow+lz4", "avro+zstd-3", "jsonl"]
TIME_LIMIT_S = 30.0
RSS_LIMIT_MB = 300.0
SIZE_LIMIT_B = 100 * 1000 * 1000
COMPARE_ROWS = 100_000  # larger tables are compared on every k-th row


def fatal(e):
    """Whether `e` should stop the sweep (an interrupt); a library's panic
    (pyo3's PanicException is a BaseException) is caught like an error."""
    return isinstance(e, (KeyboardInterrupt, SystemExit))


# ---------------------------------------------------------------- the venv

def ensure_python(args):
    """Re-executes this script under the sweep's interpreter, building the
    venv first when it is missing or older than the requirements."""
    if os.environ.get("ENCBENCH_SWEEP_CHILD") == "1":
        return
    if args.python:
        python = args.python
    else:
        with open(REQUIREMENTS, "rb") as f:
            want = hashlib.sha256(f.read()).hexdigest()
        stamp = os.path.join(VENV, "requirements.sha256")
        python = os.path.join(VENV, "bin", "python")
        have = open(stamp).read().strip() if os.path.exists(stamp) else None
        if have != want or not os.path.exists(python):
            print(f"building the sweep's venv in {VENV} ...", file=sys.stderr)
            subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", "--upgrade", "pip"],
                           check=True)
            subprocess.run([python, "-m", "pip", "install", "-q", "-r", REQUIREMENTS],
                           check=True)
            with open(stamp, "w") as f:
                f.write(want + "\n")
    env = dict(os.environ, ENCBENCH_SWEEP_CHILD="1")
    os.execve(python, [python, os.path.abspath(__file__)] + sys.argv[1:], env)


# ---------------------------------------------------------------- the tables

def make_tables(rng_seed=49):
    """(name, pyarrow.Table, options) for every table of the sweep."""
    import datetime as dt
    import decimal
    import numpy as np
    import pyarrow as pa

    tables = []

    def rng(name):
        h = int(hashlib.sha256(f"{rng_seed}/{name}".encode()).hexdigest()[:8], 16)
        return np.random.default_rng(h)

    def mask(r, n, p):
        return r.random(n) < p

    def ints(r, n, lo, hi, typ, nulls=0.0):
        dtype = "uint64" if hi > 2**63 - 1 else "int64"
        v = r.integers(lo, hi, n, endpoint=True, dtype=dtype)
        return pa.array(v, typ, mask=mask(r, n, nulls) if nulls else None)

    def floats(r, n, nan=0.0, nulls=0.0, typ=pa.float64(), scale=100.0, digits=None):
        v = r.normal(0, scale, n)
        if digits is not None:
            v = np.round(v, digits)
        if nan:
            v[mask(r, n, nan)] = np.nan
        return pa.array(v.astype(typ.to_pandas_dtype()), typ,
                        mask=mask(r, n, nulls) if nulls else None)

    words = ["alpha", "beta", "gamma", "delta", "épée", "naïve", "東京", "smile 😀",
             "a,b", 'quote "q"', "line\nbreak", "tab\tsep", " padded ", "x" * 40]

    def strings(r, n, empties=0.05, nulls=0.05, pool=None, long=0):
        pool = pool or words
        out = []
        for i in range(n):
            x = r.random()
            if x < nulls:
                out.append(None)
            elif x < nulls + empties:
                out.append("")
            elif long:
                out.append(" ".join(pool[int(j)] for j in r.integers(0, len(pool), long)))
            else:
                out.append(f"{pool[int(r.integers(len(pool)))]}-{int(r.integers(0, 10**6))}")
        return pa.array(out, pa.string())

    def cats(r, n, values, nulls=0.0):
        idx = r.integers(0, len(values), n)
        m = mask(r, n, nulls) if nulls else None
        return pa.DictionaryArray.from_arrays(pa.array(idx, pa.int8() if len(values) < 128 else pa.int16(), mask=m),
                                              pa.array(values, pa.string()))

    def bools(r, n, nulls=0.0):
        return pa.array(r.random(n) < 0.4, pa.bool_(), mask=mask(r, n, nulls) if nulls else None)

    def dates(r, n, nulls=0.0):
        d = r.integers(-2000, 25000, n)
        return pa.array(d.astype("int32"), pa.int32(),
                        mask=mask(r, n, nulls) if nulls else None).cast(pa.date32())

    def stamps(r, n, unit="us", tz=None, nulls=0.0, start=1_500_000_000, span=200_000_000):
        secs = r.integers(start, start + span, n)
        frac = {"s": 1, "ms": 1000, "us": 10**6, "ns": 10**9}[unit]
        v = secs * frac
        if unit in ("ms", "us"):
            v = v + r.integers(0, frac, n)
        if unit == "ns":  # whole microseconds, as pandas writes them
            v = v + r.integers(0, 10**6, n) * 1000
        return pa.array(v, pa.int64(), mask=mask(r, n, nulls) if nulls else None).cast(
            pa.timestamp(unit, tz))

    def decimals(r, n, p, s, nulls=0.0):
        q = decimal.Decimal(1).scaleb(-s)
        vals = []
        lim = 10 ** min(p - s, 12)
        for x in r.random(n) * lim * 2 - lim:
            vals.append(decimal.Decimal(repr(float(x))).quantize(q))
        m = mask(r, n, nulls) if nulls else None
        if m is not None:
            vals = [None if mm else v for v, mm in zip(vals, m)]
        return pa.array(vals, pa.decimal128(p, s))

    def allnull(n):
        return pa.nulls(n)

    def lists(r, n, typ="int", nulls=0.1):
        out = []
        for i in range(n):
            if r.random() < nulls:
                out.append(None)
                continue
            k = int(r.integers(0, 5))
            if typ == "int":
                out.append([int(x) for x in r.integers(-1000, 1000, k)])
            else:
                out.append([words[int(x)] for x in r.integers(0, 6, k)])
        return pa.array(out, pa.list_(pa.int64() if typ == "int" else pa.string()))

    def structs(r, n, nulls=0.1):
        out = []
        for i in range(n):
            if r.random() < nulls:
                out.append(None)
            else:
                out.append({"a": int(r.integers(0, 100)),
                            "b": None if r.random() < 0.2 else words[int(r.integers(0, 6))],
                            "d": dt.date(2020, 1, 1) + dt.timedelta(days=int(r.integers(0, 900)))})
        return pa.array(out, pa.struct([("a", pa.int32()), ("b", pa.string()), ("d", pa.date32())]))

    def maps(r, n, nulls=0.1):
        out = []
        for i in range(n):
            if r.random() < nulls:
                out.append(None)
            else:
                keys = r.choice(["x", "y", "z", "w"], int(r.integers(0, 4)), replace=False)
                out.append([(str(k), int(r.integers(0, 50))) for k in keys])
        return pa.array(out, pa.map_(pa.string(), pa.int64()))

    def list_structs(r, n):
        out = []
        for i in range(n):
            out.append([{"k": words[int(r.integers(0, 4))], "v": float(np.round(r.normal(), 3))}
                        for _ in range(int(r.integers(0, 3)))])
        return pa.array(out, pa.list_(pa.struct([("k", pa.string()), ("v", pa.float64())])))

    def add(name, n, cols, **opts):
        r = rng(name)
        arrays = {}
        for cname, fn in cols:
            arrays[cname] = fn(r, n)
        tables.append((name, pa.table(arrays), opts))

    C = "low,medium,high".split(",")
    carriers = ["UA", "AA", "B6", "DL", "EV", "MQ", "US", "WN", "VX", "FL", "AS", "9E"]
    airports = ["EWR", "LGA", "JFK", "IAH", "MIA", "ATL", "ORD", "LAX", "SFO", "BOS"]

    add("airquality", 153, [
        ("Ozone", lambda r, n: ints(r, n, 1, 168, pa.int64(), 0.24)),
        ("Solar.R", lambda r, n: ints(r, n, 7, 334, pa.int64(), 0.05)),
        ("Wind", lambda r, n: floats(r, n, scale=3.5, digits=1)),
        ("Temp", lambda r, n: ints(r, n, 56, 97, pa.int64())),
        ("Month", lambda r, n: ints(r, n, 5, 9, pa.int64())),
        ("Day", lambda r, n: ints(r, n, 1, 31, pa.int64()))])
    add("iris", 150, [
        ("sepal.length", lambda r, n: floats(r, n, scale=1, digits=1)),
        ("sepal.width", lambda r, n: floats(r, n, scale=1, digits=1)),
        ("petal_length", lambda r, n: floats(r, n, scale=1, digits=1)),
        ("petal_width", lambda r, n: floats(r, n, scale=1, digits=1)),
        ("species", lambda r, n: cats(r, n, ["setosa", "versicolor", "virginica"]))])
    add("tiny", 3, [
        ("id", lambda r, n: ints(r, n, 0, 9, pa.int64())),
        ("name", lambda r, n: pa.array(["a", "", None])),
        ("x", lambda r, n: pa.array([1.5, float("nan"), None])),
        ("ok", lambda r, n: pa.array([True, None, False]))])
    add("one_row", 1, [
        ("id", lambda r, n: pa.array([7], pa.int64())),
        ("label", lambda r, n: pa.array(["only"])),
        ("day", lambda r, n: dates(r, n)),
        ("at", lambda r, n: stamps(r, n, "us", "UTC"))])
    add("flights", 60_000, [
        ("year", lambda r, n: ints(r, n, 2013, 2013, pa.int16())),
        ("month", lambda r, n: ints(r, n, 1, 12, pa.int8())),
        ("day", lambda r, n: ints(r, n, 1, 31, pa.int8())),
        ("dep_time", lambda r, n: ints(r, n, 1, 2359, pa.int32(), 0.025)),
        ("dep_delay", lambda r, n: floats(r, n, nulls=0.025, scale=40, digits=0)),
        ("carrier", lambda r, n: cats(r, n, carriers)),
        ("flight", lambda r, n: ints(r, n, 1, 6000, pa.int32())),
        ("tailnum", lambda r, n: strings(r, n, 0.0, 0.01, ["N14228", "N24211", "N619AA", "N804JB"])),
        ("origin", lambda r, n: cats(r, n, airports[:3])),
        ("dest", lambda r, n: cats(r, n, airports)),
        ("distance", lambda r, n: ints(r, n, 80, 4983, pa.int32())),
        ("time_hour", lambda r, n: stamps(r, n, "us", "UTC", span=30_000_000))])
    add("nulltype", 500, [
        ("id", lambda r, n: ints(r, n, 0, 10**6, pa.int64())),
        ("name", lambda r, n: strings(r, n)),
        ("empty", lambda r, n: allnull(n)),
        ("value", lambda r, n: floats(r, n, nan=0.05))],
        combos=[("pandas", "parquet"), ("pandas", "parquet-zstd"), ("pandas", "feather"),
                ("pyarrow", "parquet"), ("polars", "parquet"), ("fastavro", "avro"),
                ("pandas", "csv"), ("polars", "ipc-stream-zstd")])
    add("nulltype_wide", 20_000, [
        ("id", lambda r, n: ints(r, n, 0, 10**9, pa.int64())),
        ("nothing", lambda r, n: allnull(n)),
        ("also nothing", lambda r, n: allnull(n)),
        ("kind", lambda r, n: cats(r, n, C, 0.1))],
        combos=[("pandas", "parquet"), ("duckdb", "parquet"), ("pyarrow", "feather"),
                ("polars", "jsonl"), ("fastavro", "avro-zstd")])
    add("strings", 20_000, [
        ("s", lambda r, n: strings(r, n, 0.1, 0.1)),
        ("t", lambda r, n: strings(r, n, 0.3, 0.0)),
        ("u", lambda r, n: strings(r, n, 0.0, 0.3)),
        ("n", lambda r, n: ints(r, n, 0, 100, pa.int32()))])
    add("ints", 100_000, [
        ("i8", lambda r, n: ints(r, n, -128, 127, pa.int8(), 0.01)),
        ("i16", lambda r, n: ints(r, n, -32768, 32767, pa.int16())),
        ("i32", lambda r, n: ints(r, n, -2**31, 2**31 - 1, pa.int32(), 0.02)),
        ("i64", lambda r, n: ints(r, n, -2**63, 2**63 - 1, pa.int64())),
        ("u8", lambda r, n: ints(r, n, 0, 255, pa.uint8())),
        ("u16", lambda r, n: ints(r, n, 0, 65535, pa.uint16(), 0.05)),
        ("u32", lambda r, n: ints(r, n, 0, 2**32 - 1, pa.uint32())),
        ("u64", lambda r, n: ints(r, n, 0, 2**64 - 1, pa.uint64()))])
    add("floats", 100_000, [
        ("f64nan", lambda r, n: floats(r, n, nan=0.05)),
        ("f64null", lambda r, n: floats(r, n, nulls=0.05, digits=3)),
        ("f32", lambda r, n: floats(r, n, typ=pa.float32())),
        ("special", lambda r, n: pa.array(
            [[0.0, -0.0, 1e-300, 1e300, 2.5][i % 5] for i in range(n)], pa.float64()))])
    add("timestamps", 30_000, [
        ("naive_us", lambda r, n: stamps(r, n, "us", None, 0.02)),
        ("naive_ns", lambda r, n: stamps(r, n, "ns", None)),
        ("utc_ms", lambda r, n: stamps(r, n, "ms", "UTC", 0.02)),
        ("paris", lambda r, n: stamps(r, n, "us", "Europe/Paris")),
        ("ny_ns", lambda r, n: stamps(r, n, "ns", "America/New_York")),
        ("day", lambda r, n: dates(r, n, 0.05))])
    add("decimals", 10_000, [
        ("price", lambda r, n: decimals(r, n, 10, 2, 0.05)),
        ("rate", lambda r, n: decimals(r, n, 38, 10)),
        ("qty", lambda r, n: ints(r, n, 1, 1000, pa.int32()))])
    add("bools", 50_000, [
        ("flag", lambda r, n: bools(r, n, 0.1)),
        ("strict", lambda r, n: bools(r, n)),
        ("n", lambda r, n: ints(r, n, 0, 3, pa.int8()))])
    add("categories", 200_000, [
        ("level", lambda r, n: cats(r, n, C)),
        ("region", lambda r, n: cats(r, n, ["north", "south", "east", "west", ""], 0.05)),
        ("status", lambda r, n: cats(r, n, ["ok", "error", "retry"], 0.01)),
        ("count", lambda r, n: ints(r, n, 0, 5000, pa.int32()))])
    add("events", 5_000, [
        ("id", lambda r, n: ints(r, n, 0, 10**9, pa.int64())),
        ("tags", lambda r, n: lists(r, n, "str")),
        ("attrs", lambda r, n: structs(r, n)),
        ("counts", lambda r, n: maps(r, n)),
        ("at", lambda r, n: stamps(r, n, "us", "UTC"))], nested=True)
    add("nested_lists", 20_000, [
        ("ids", lambda r, n: lists(r, n, "int")),
        ("pairs", lambda r, n: list_structs(r, n)),
        ("meta", lambda r, n: structs(r, n, 0.0)),
        ("n", lambda r, n: ints(r, n, 0, 9, pa.int16()))], nested=True)
    add("records_maps", 3_000, [
        ("user", lambda r, n: structs(r, n, 0.05)),
        ("props", lambda r, n: maps(r, n, 0.0)),
        ("score", lambda r, n: floats(r, n, digits=2))], nested=True)
    wide = [(f"c{i:02d}", [
        lambda r, n: ints(r, n, 0, 1000, pa.int32(), 0.05),
        lambda r, n: floats(r, n, digits=2),
        lambda r, n: strings(r, n, 0.02, 0.02),
        lambda r, n: cats(r, n, C),
        lambda r, n: bools(r, n),
        lambda r, n: dates(r, n)][i % 6]) for i in range(60)]
    add("wide", 2_000, wide)
    add("sensor_1m", 1_000_000, [
        ("at", lambda r, n: stamps(r, n, "ms", "UTC")),
        ("sensor", lambda r, n: ints(r, n, 0, 500, pa.int16())),
        ("value", lambda r, n: floats(r, n, typ=pa.float32(), scale=10))],
        combos=[("pyarrow", "parquet"), ("polars", "ipc-stream-zstd"),
                ("fastavro", "avro-zstd"), ("duckdb", "csv"), ("pandas", "parquet-zstd")])
    add("ledger", 300_000, [
        ("day", lambda r, n: dates(r, n)),
        ("amount", lambda r, n: decimals(r, n, 12, 2)),
        ("account", lambda r, n: cats(r, n, [f"ACC{i:03d}" for i in range(40)])),
        ("memo", lambda r, n: strings(r, n, 0.2, 0.1))],
        combos=[("duckdb", "parquet-zstd"), ("pyarrow", "ipc-stream-zstd"),
                ("polars", "parquet"), ("pandas", "csv-gz"), ("fastavro", "avro-deflate")])
    add("pandas_nullable", 10_000, [
        ("a", lambda r, n: ints(r, n, 0, 100, pa.int64(), 0.1)),
        ("b", lambda r, n: bools(r, n, 0.1)),
        ("c", lambda r, n: strings(r, n, 0.05, 0.05)),
        ("d", lambda r, n: floats(r, n, nulls=0.1, digits=2))], pandas_nullable=True)
    add("dotted_names", 1_000, [
        ("Solar.R", lambda r, n: ints(r, n, 7, 334, pa.int64(), 0.05)),
        ("a.b.c", lambda r, n: floats(r, n, digits=2)),
        ("with space", lambda r, n: strings(r, n)),
        ("naïve", lambda r, n: ints(r, n, 0, 9, pa.int8()))])
    add("sparse", 40_000, [
        ("i", lambda r, n: ints(r, n, 0, 100, pa.int32(), 0.95)),
        ("f", lambda r, n: floats(r, n, nulls=0.95)),
        ("s", lambda r, n: strings(r, n, 0.0, 0.95)),
        ("t", lambda r, n: stamps(r, n, "us", "UTC", 0.95)),
        ("b", lambda r, n: bools(r, n, 0.95))])
    add("binary", 2_000, [
        ("blob", lambda r, n: pa.array([bytes(r.integers(0, 256, int(r.integers(0, 20))).astype("uint8"))
                                        for _ in range(n)], pa.binary())),
        ("id", lambda r, n: ints(r, n, 0, 10**6, pa.int64()))])
    add("times", 3_000, [
        ("tod", lambda r, n: pa.array(r.integers(0, 86400 * 10**6, n), pa.int64()).cast(pa.time64("us"))),
        ("span", lambda r, n: pa.array(r.integers(-10**12, 10**12, n), pa.int64()).cast(pa.duration("us"))),
        ("n", lambda r, n: ints(r, n, 0, 9, pa.int32()))])
    add("empty_text", 1_000, [
        ("all_empty", lambda r, n: pa.array([""] * n)),
        ("all_null_text", lambda r, n: pa.array([None] * n, pa.string())),
        ("mixed", lambda r, n: strings(r, n, 0.5, 0.5)),
        ("id", lambda r, n: ints(r, n, 0, 99, pa.int32()))])
    add("long_text", 2_000, [
        ("body", lambda r, n: strings(r, n, 0.01, 0.01, long=300)),
        ("n", lambda r, n: ints(r, n, 0, 9, pa.int32()))])
    add("geo", 100_000, [
        ("lat", lambda r, n: floats(r, n, scale=30, digits=6)),
        ("lon", lambda r, n: floats(r, n, scale=60, digits=6)),
        ("place", lambda r, n: cats(r, n, [f"place {i}" for i in range(200)]))])
    add("logs", 150_000, [
        ("at", lambda r, n: stamps(r, n, "us", "UTC")),
        ("level", lambda r, n: cats(r, n, ["DEBUG", "INFO", "WARN", "ERROR"])),
        ("msg", lambda r, n: strings(r, n, 0.0, 0.0)),
        ("status", lambda r, n: ints(r, n, 100, 599, pa.int16())),
        ("bytes", lambda r, n: ints(r, n, 0, 10**7, pa.int64(), 0.01))])
    add("counts_1m", 1_000_000, [
        ("k", lambda r, n: ints(r, n, 0, 10**6, pa.int32())),
        ("v", lambda r, n: ints(r, n, 0, 9, pa.int8()))],
        combos=[("polars", "parquet"), ("duckdb", "parquet"), ("pyarrow", "feather"),
                ("polars", "csv"), ("pyarrow", "ipc-stream-zstd")])
    add("small_mixed", 500, [
        ("id", lambda r, n: ints(r, n, 0, 500, pa.int16())),
        ("name", lambda r, n: strings(r, n)),
        ("score", lambda r, n: floats(r, n, nan=0.1, digits=1)),
        ("when", lambda r, n: stamps(r, n, "s", None))])
    add("zoned", 10_000, [
        ("paris", lambda r, n: stamps(r, n, "us", "Europe/Paris", 0.05)),
        ("tokyo", lambda r, n: stamps(r, n, "ms", "Asia/Tokyo")),
        ("local", lambda r, n: stamps(r, n, "us", None))])
    add("taxi", 250_000, [
        ("pickup", lambda r, n: stamps(r, n, "us", None, span=3_000_000)),
        ("dropoff", lambda r, n: stamps(r, n, "us", None, span=3_000_000)),
        ("passengers", lambda r, n: ints(r, n, 0, 6, pa.int64(), 0.02)),
        ("distance", lambda r, n: floats(r, n, scale=5, digits=2)),
        ("fare", lambda r, n: floats(r, n, nan=0.01, scale=20, digits=2)),
        ("payment", lambda r, n: cats(r, n, ["card", "cash", "no charge", "dispute"])),
        ("zone", lambda r, n: ints(r, n, 1, 265, pa.int32()))])
    add("survey", 5_000, [(f"q{i}", lambda r, n: cats(r, n, ["yes", "no", "maybe", "n/a"], 0.1))
                          for i in range(12)])
    add("unicode", 3_000, [
        ("text", lambda r, n: strings(r, n, 0.05, 0.05, pool=["東京", "😀😀", "Ünïcödé", "ελληνικά", "עברית", "\u0000nul"])),
        ("n", lambda r, n: ints(r, n, 0, 9, pa.int8()))])
    return tables


# ------------------------------------------------------------- the writers

COMBOS = [
    ("pandas", "csv"), ("polars", "parquet"), ("fastavro", "avro"), ("duckdb", "jsonl"),
    ("pyarrow", "ipc-stream-zstd"), ("pandas", "parquet"), ("polars", "csv"),
    ("duckdb", "parquet"), ("pyarrow", "feather"), ("fastavro", "avro-zstd"),
    ("pandas", "jsonl"), ("polars", "ipc"), ("duckdb", "csv"), ("pyarrow", "parquet-zstd"),
    ("polars", "avro"), ("pandas", "feather"), ("polars", "ipc-stream-zstd"),
    ("duckdb", "parquet-zstd"), ("pyarrow", "csv"), ("fastavro", "avro-deflate"),
    ("pandas", "parquet-zstd"), ("polars", "jsonl-zst"), ("pyarrow", "parquet"),
    ("fastavro", "avro-snappy"), ("pandas", "csv-gz"), ("polars", "jsonl"),
]
PER_TABLE = 6
EXT = {"csv": ".csv", "csv-gz": ".csv.gz", "jsonl": ".jsonl", "jsonl-zst": ".jsonl.zst",
       "parquet": ".parquet", "parquet-zstd": ".zstd.parquet", "feather": ".feather",
       "ipc": ".arrow", "ipc-stream-zstd": ".arrows", "avro": ".avro",
       "avro-zstd": ".zstd.avro", "avro-deflate": ".deflate.avro", "avro-snappy": ".snappy.avro"}


def source_format(kind):
    return {"csv": "csv", "csv-gz": "csv", "jsonl": "jsonl", "jsonl-zst": "jsonl",
            "parquet": "parquet", "parquet-zstd": "parquet", "feather": "arrow-file",
            "ipc": "arrow-file", "ipc-stream-zstd": "arrow-stream"}.get(kind, "avro")


def is_nested(typ):
    import pyarrow as pa
    return pa.types.is_nested(typ)


def flat(t):
    """The table without its nested columns (CSV has none)."""
    keep = [i for i, f in enumerate(t.schema) if not is_nested(f.type)]
    return t.select(keep)


def to_pandas(t, opts):
    df = t.to_pandas()
    if opts.get("pandas_nullable"):
        df = df.convert_dtypes()
    return df


def avro_schema(t, name):
    import pyarrow as pa
    import re
    counter = [0]

    def valid(n):
        return re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n) is not None

    def typ(at, fname):
        if pa.types.is_null(at):
            return "null"
        if pa.types.is_boolean(at):
            return "boolean"
        if pa.types.is_uint64(at):
            return {"type": "bytes", "logicalType": "decimal", "precision": 20, "scale": 0}
        if pa.types.is_integer(at):
            return "int" if at.bit_width <= 16 or (at.bit_width == 32 and pa.types.is_signed_integer(at)) else "long"
        if pa.types.is_floating(at):
            return "float" if at.bit_width == 32 else "double"
        if pa.types.is_dictionary(at):
            return "string"  # symbols are filled in by the caller when valid
        if pa.types.is_string(at) or pa.types.is_large_string(at):
            return "string"
        if pa.types.is_binary(at):
            return "bytes"
        if pa.types.is_date(at):
            return {"type": "int", "logicalType": "date"}
        if pa.types.is_timestamp(at):
            return {"type": "long", "logicalType":
                    "timestamp-micros" if at.tz else "local-timestamp-micros"}
        if pa.types.is_time(at):
            return {"type": "long", "logicalType": "time-micros"}
        if pa.types.is_duration(at):
            return "long"
        if pa.types.is_decimal(at):
            return {"type": "bytes", "logicalType": "decimal",
                    "precision": at.precision, "scale": at.scale}
        if pa.types.is_map(at):
            return {"type": "map", "values": nullable(typ(at.item_type, fname))}
        if pa.types.is_list(at):
            return {"type": "array", "items": nullable(typ(at.value_type, fname))}
        if pa.types.is_struct(at):
            counter[0] += 1
            return {"type": "record", "name": f"r{counter[0]}_{re.sub(r'[^A-Za-z0-9_]', '_', fname)}",
                    "fields": [{"name": f.name, "type": nullable(typ(f.type, f.name))}
                               for f in at]}
        raise ValueError(f"no Avro type for {at}")

    def nullable(s):
        return s if s == "null" else ["null", s]

    fields = []
    for f in t.schema:
        s = typ(f.type, f.name)
        if pa.types.is_dictionary(f.type):
            symbols = t.column(f.name).combine_chunks().dictionary.to_pylist()
            if all(valid(x) for x in symbols):
                counter[0] += 1
                s = {"type": "enum", "name": f"e{counter[0]}", "symbols": symbols}
        fields.append({"name": f.name, "type": nullable(s)})
    return {"type": "record", "name": name, "fields": fields}


def avro_records(t):
    import datetime as dt
    import pyarrow as pa
    cols = {}
    for f in t.schema:
        vals = t.column(f.name).to_pylist()
        if pa.types.is_duration(f.type):
            vals = [None if v is None else (v.days * 86400 + v.seconds) * 10**6 + v.microseconds
                    if isinstance(v, dt.timedelta) else int(v.value // 1000) for v in vals]
        elif pa.types.is_timestamp(f.type) and f.type.unit == "ns":
            vals = [None if v is None else v.to_pydatetime() for v in vals]
        cols[f.name] = vals

    def fix(at, v):
        if v is None:
            return None
        if pa.types.is_map(at):
            return {k: fix(at.item_type, x) for k, x in v}
        if pa.types.is_list(at):
            return [fix(at.value_type, x) for x in v]
        if pa.types.is_struct(at):
            return {f.name: fix(f.type, v.get(f.name)) for f in at}
        if pa.types.is_uint64(at):
            return decimal.Decimal(v)
        return v
    import decimal
    names = list(cols)
    todo = [n for n in names if is_nested(t.schema.field(n).type) or pa.types.is_uint64(t.schema.field(n).type)]
    for i in range(t.num_rows):
        row = {n: cols[n][i] for n in names}
        for n in todo:
            row[n] = fix(t.schema.field(n).type, row[n])
        yield row


def write(writer, kind, name, t, opts, path):
    """Writes `t` as `writer` writes `kind`; raises when it cannot."""
    import pyarrow as pa
    if kind.startswith("csv"):
        t = flat(t)
    if writer == "pandas":
        df = to_pandas(t, opts)
        if kind == "csv":
            df.to_csv(path, index=False)
        elif kind == "csv-gz":
            df.to_csv(path, index=False, compression="gzip")
        elif kind == "jsonl":
            df.to_json(path, orient="records", lines=True, date_format="iso", date_unit="us")
        elif kind == "parquet":
            df.to_parquet(path, index=False)
        elif kind == "parquet-zstd":
            df.to_parquet(path, index=False, compression="zstd")
        elif kind == "feather":
            df.to_feather(path)
        else:
            raise ValueError(kind)
    elif writer == "polars":
        import polars as pl
        df = pl.from_arrow(t)
        if kind == "csv":
            df.write_csv(path)
        elif kind == "jsonl":
            df.write_ndjson(path)
        elif kind == "jsonl-zst":
            try:
                from compression import zstd
            except ImportError:
                from backports import zstd
            with zstd.open(path, "wb") as f:
                df.write_ndjson(f)
        elif kind == "parquet":
            df.write_parquet(path)
        elif kind == "ipc":
            df.write_ipc(path)
        elif kind == "ipc-stream-zstd":
            df.write_ipc_stream(path, compression="zstd")
        elif kind == "avro":
            df.write_avro(path)
        else:
            raise ValueError(kind)
    elif writer == "duckdb":
        import duckdb
        con = duckdb.connect()
        con.register("t", t)
        fmt = {"csv": "FORMAT csv, HEADER", "jsonl": "FORMAT json",
               "parquet": "FORMAT parquet", "parquet-zstd": "FORMAT parquet, COMPRESSION zstd"}[kind]
        con.execute(f"COPY (FROM t) TO '{path}' ({fmt})")
        con.close()
    elif writer == "pyarrow":
        import pyarrow.csv as pcsv
        import pyarrow.feather as feather
        import pyarrow.parquet as pq
        if kind == "csv":
            pcsv.write_csv(t, path)
        elif kind == "parquet":
            pq.write_table(t, path)
        elif kind == "parquet-zstd":
            pq.write_table(t, path, compression="zstd")
        elif kind == "feather":
            feather.write_feather(t, path)
        elif kind == "ipc-stream-zstd":
            with pa.OSFile(path, "wb") as sink:
                with pa.ipc.new_stream(sink, t.schema,
                                       options=pa.ipc.IpcWriteOptions(compression="zstd")) as w:
                    for b in t.to_batches(max_chunksize=64 * 1024):
                        w.write_batch(b)
        else:
            raise ValueError(kind)
    elif writer == "fastavro":
        import fastavro
        codec = {"avro": "null", "avro-zstd": "zstandard", "avro-deflate": "deflate",
                 "avro-snappy": "snappy"}[kind]
        schema = fastavro.parse_schema(avro_schema(t, name))
        with open(path, "wb") as f:
            fastavro.writer(f, schema, avro_records(t), codec=codec)
    else:
        raise ValueError(writer)


def combos_for(i, name, t, opts):
    if "combos" in opts:
        return opts["combos"]
    out, j = [], 0
    while len(out) < PER_TABLE and j < len(COMBOS):
        c = COMBOS[(i * PER_TABLE + j) % len(COMBOS)]
        j += 1
        if opts.get("nested") and c[1].startswith("csv"):
            continue
        out.append(c)
    return out


def generate(directory, quick_check, limit):
    """Writes every file; returns a list of dicts describing them."""
    tables = make_tables()
    if quick_check:
        keep = {"airquality", "nulltype", "events", "timestamps", "dotted_names", "tiny"}
        tables = [x for x in tables if x[0] in keep]
    files, skipped = [], []
    for i, (name, t, opts) in enumerate(tables):
        combos = combos_for(i, name, t, opts)
        if quick_check:
            combos = combos[:2]
        for writer, kind in combos:
            if limit and len(files) >= limit:
                return files, skipped
            path = os.path.join(directory, f"{name}.{writer}{EXT[kind]}")
            try:
                write(writer, kind, name, t, opts, path)
            except BaseException as e:  # a writer that cannot write this table
                if fatal(e):
                    raise
                skipped.append((name, writer, kind, f"{type(e).__name__}: {str(e)[:160]}"))
                if os.path.exists(path):
                    os.remove(path)
                continue
            files.append({"table": name, "writer": writer, "kind": kind, "path": path,
                          "format": source_format(kind), "rows": t.num_rows,
                          "bytes": os.path.getsize(path)})
    return files, skipped


# ------------------------------------------------------------ running encbench

def run_child(cmd, timeout):
    """(exit code, wall seconds, max RSS in MB, stdout, stderr) of one child.

    The peak RSS comes from /usr/bin/time, which forks the child from its
    own small image: a child forked from this Python process would carry the
    parent's resident pages into its ru_maxrss (Linux keeps the high-water
    mark across execve), hundreds of MB once pandas and pyarrow are loaded."""
    timer = shutil.which("time", path="/usr/bin:/bin")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile("r", suffix=".rss") as rssf:
        full = [timer, "-f", "%M", "-o", rssf.name] + cmd if timer else cmd
        start = time.monotonic()
        p = subprocess.Popen(full, stdout=out, stderr=err, stdin=subprocess.DEVNULL,
                             start_new_session=True)
        try:
            pid, status, ru = os.wait4(p.pid, 0) if timeout is None else _wait(p, timeout)
        finally:
            p.returncode = 0
        wall = time.monotonic() - start
        rc = os.waitstatus_to_exitcode(status)
        rss = ru.ru_maxrss / 1024.0
        if timer:
            lines = [x for x in open(rssf.name).read().split() if x.strip()]
            try:
                rss = int(lines[-1]) / 1024.0
            except (IndexError, ValueError):
                pass
        out.seek(0)
        err.seek(0)
        return (rc, wall, rss, out.read().decode("utf-8", "replace"),
                err.read().decode("utf-8", "replace"))


def _wait(p, timeout):
    deadline = time.monotonic() + timeout
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            return pid, status, ru
        if time.monotonic() > deadline:
            import signal
            os.killpg(p.pid, signal.SIGKILL)  # the timer and the child under it
            return os.wait4(p.pid, 0)
        time.sleep(0.02)


def row_key(r):
    return (r.get("codec"), r.get("compression"))


def trip(r):
    return (r["stored_bytes"], r.get("write_ns") or 0, r["read_ns"])


def check_recommendation(doc):
    """(dominated_by or None, oversize or None, pick summary)."""
    rec = doc.get("recommendation")
    if not rec:
        return "no recommendation in the record", None, None
    costs = rec.get("costs") or []
    picks = [r for r in costs if row_key(r) == (rec["codec"], rec["compression"])]
    if not picks:
        picks = [r for r in costs if r.get("codec") == rec["codec"]]
    if len(picks) != 1:
        return f"the pick {rec['codec']}+{rec['compression']} is not one row of costs", None, None
    pick = picks[0]
    dominated = None
    for r in costs:
        if r is pick or r.get("excluded"):
            continue
        a, b = trip(r), trip(pick)
        if all(x <= y for x, y in zip(a, b)) and any(x < y for x, y in zip(a, b)):
            dominated = (f"{r['codec']}+{r['compression']} ({fmt_trip(a)}) beats "
                         f"{pick['codec']}+{pick['compression']} ({fmt_trip(b)})")
            break
    oversize = None
    orig = [r for r in costs if r.get("codec") == "original"]
    if orig and pick is not orig[0]:
        o = orig[0]
        ratio = pick["stored_bytes"] / max(o["stored_bytes"], 1)
        speed = o["read_ns"] / max(pick["read_ns"], 1e-9)
        if ratio > 1.5 and speed < 2.0:
            oversize = (f"{pick['codec']}+{pick['compression']} is {ratio:.2f}x the input's "
                        f"size ({pick['stored_bytes']:,} vs {o['stored_bytes']:,} B), reads only "
                        f"{speed:.2f}x faster ({pick['read_ns'] / 1e6:.2f} vs {o['read_ns'] / 1e6:.2f} ms)")
    summary = f"{rec['codec']}+{rec['compression']}"
    return dominated, oversize, summary


def fmt_trip(t):
    return f"{t[0]:,} B, write {t[1] / 1e6:.2f} ms, read {t[2] / 1e6:.2f} ms"


# ---------------------------------------------------------- reference readers

NAN = ("nan",)
# Text pandas' and pyarrow's CSV readers take for a missing value by default.
CSV_NA = {"", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND",
          "1.#QNAN", "<NA>", "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null"}
NEGZERO = ("-0.0",)
EMPTY_OBJ = ("obj", ())


def canon(v, pandas_nan=False):
    """A value as a comparable Python value (see the module's notes)."""
    import datetime as dt
    import decimal
    import math
    import uuid
    import numpy as np
    import pandas as pd
    if v is None or v is pd.NA or v is pd.NaT:
        return None
    t = type(v)
    if t is bool or isinstance(v, np.bool_):
        return ("bool", bool(v))
    if t is int or isinstance(v, np.integer):
        return int(v)
    if t is float or isinstance(v, np.floating):
        v = float(v)
        if v != v:
            return None if pandas_nan else NAN
        if v == 0 and math.copysign(1, v) < 0:
            return NEGZERO
        if math.isinf(v):
            return ("inf", v > 0)
        return v
    if t is str:
        return v
    if isinstance(v, decimal.Decimal):
        return NAN if v.is_nan() else v
    if isinstance(v, (bytes, bytearray, memoryview)):
        return ("bytes", bytes(v).hex())
    if isinstance(v, pd.Timestamp):
        return ("tsz" if v.tzinfo is not None else "ts", int(v.value))
    if isinstance(v, dt.datetime):
        if v.tzinfo is not None and v.utcoffset() is not None:
            d = v - dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)
            return ("tsz", ((d.days * 86400 + d.seconds) * 10**6 + d.microseconds) * 1000)
        d = v - dt.datetime(1970, 1, 1)
        return ("ts", ((d.days * 86400 + d.seconds) * 10**6 + d.microseconds) * 1000)
    if isinstance(v, dt.date):
        return ("date", v.isoformat())
    if isinstance(v, dt.time):
        return ("time", v.replace(tzinfo=None).isoformat(timespec="microseconds"))
    if isinstance(v, pd.Timedelta):
        return ("dur", int(v.value))
    if isinstance(v, dt.timedelta):
        return ("dur", ((v.days * 86400 + v.seconds) * 10**6 + v.microseconds) * 1000)
    if isinstance(v, np.datetime64):
        if np.isnat(v):
            return None
        return ("ts", int(v.astype("datetime64[ns]").astype(np.int64)))
    if isinstance(v, np.timedelta64):
        if np.isnat(v):
            return None
        return ("dur", int(v.astype("timedelta64[ns]").astype(np.int64)))
    if isinstance(v, uuid.UUID):
        return str(v)
    if isinstance(v, dict):
        if set(v) == {"key", "value"} and isinstance(v["key"], list) and isinstance(v["value"], list):
            return canon(list(zip(v["key"], v["value"])), pandas_nan)
        items = [(str(k), canon(x, pandas_nan)) for k, x in v.items()]
        items = [(k, x) for k, x in items if x is not None and x != EMPTY_OBJ]
        return ("obj", tuple(sorted(items, key=lambda kv: kv[0])))
    if isinstance(v, (list, tuple, np.ndarray)):
        lst = list(v)
        if lst and all(isinstance(x, tuple) and len(x) == 2 for x in lst):
            return canon(dict(lst), pandas_nan)
        if lst and all(isinstance(x, dict) and set(x) == {"key", "value"} for x in lst):
            return canon({x["key"]: x["value"] for x in lst}, pandas_nan)
        return ("list", tuple(canon(x, pandas_nan) for x in lst))
    return ("other", repr(v))


def loose(c):
    """`canon`'s value with its representation forgotten: numbers as
    decimals, timestamps as instants whatever the zone or unit, text parsed
    as the number, date, timestamp or boolean it spells."""
    import datetime as dt
    import decimal
    if c is None:
        return None
    if isinstance(c, bool):
        return ("N", decimal.Decimal(int(c)))
    if isinstance(c, (int, float, decimal.Decimal)):
        try:
            return ("N", decimal.Decimal(repr(c) if isinstance(c, float) else c).normalize())
        except Exception:
            return ("N", c)
    if isinstance(c, str):
        s = c.strip()
        low = s.lower()
        if low in ("true", "false"):
            return ("N", decimal.Decimal(int(low == "true")))
        if low in ("nan",):
            return NAN
        try:
            return ("N", decimal.Decimal(s).normalize())
        except Exception:
            pass
        try:
            return ("time", dt.time.fromisoformat(s).isoformat(timespec="microseconds"))
        except Exception:
            pass
        try:
            x = dt.datetime.fromisoformat(s.replace("Z", "+00:00"))
            if len(s) == 10:
                return ("T", loose(("ts", canon(x)[1]))[1])
            return ("T", canon(x)[1])
        except Exception:
            pass
        return s
    tag = c[0]
    if tag in ("ts", "tsz"):
        return ("T", c[1])
    if tag == "date":
        d = dt.date.fromisoformat(c[1]) - dt.date(1970, 1, 1)
        return ("T", d.days * 86400 * 10**9)
    if tag == "bool":
        return ("N", decimal.Decimal(int(c[1])))
    if tag == "dur":  # a span as an integer of microseconds (Parquet without Arrow's schema)
        return ("N", (decimal.Decimal(c[1]) / 1000).normalize())
    if tag == "bytes":
        return c[1]
    if tag == "list":
        if not c[1]:
            return ("O", ())
        return ("L", tuple(loose(x) for x in c[1]))
    if tag == "obj":
        return ("O", tuple((k, loose(x)) for k, x in c[1]))
    if tag == "time":
        return ("time", c[1])
    return c


def f32_equal(a, b):
    import numpy as np
    try:
        fa, fb = float(a), float(b)
    except Exception:
        return False
    return float(np.float32(fa)) == float(np.float32(fb))


class Read:
    """One library's reading of one file: names, types, columns of raw values."""

    def __init__(self, names, types, columns, nrows, pandas_nan=False):
        self.names, self.types, self.columns, self.nrows = names, types, columns, nrows
        self.pandas_nan = pandas_nan


def rows_to_check(n):
    step = max(1, -(-n // COMPARE_ROWS))
    return list(range(0, n, step)), step


def read_with(lib, fmt, path):
    """Reads `path` (format `fmt`) with `lib`; None when `lib` has no
    reader for that format."""
    import pyarrow as pa
    if lib == "pyarrow":
        if fmt == "csv":
            import pyarrow.csv as pcsv
            t = pcsv.read_csv(path, parse_options=pcsv.ParseOptions(newlines_in_values=True))
        elif fmt == "jsonl":
            import pyarrow.json as pjson
            t = pjson.read_json(path)
        elif fmt == "parquet":
            import pyarrow.parquet as pq
            t = pq.read_table(path)
        elif fmt in ("arrow-file", "arrow"):
            with pa.memory_map(path) as src:
                try:
                    t = pa.ipc.open_file(src).read_all()
                except pa.ArrowInvalid:
                    src.seek(0)
                    t = pa.ipc.open_stream(src).read_all()
        elif fmt == "arrow-stream":
            with pa.memory_map(path) as src:
                t = pa.ipc.open_stream(src).read_all()
        else:
            return None
        idx, step = rows_to_check(t.num_rows)
        cols = [t.column(i).to_pylist() for i in range(t.num_columns)]
        if step > 1:
            cols = [[c[i] for i in idx] for c in cols]
        return Read(t.column_names, [str(f.type) for f in t.schema], cols, t.num_rows)
    if lib == "polars":
        import polars as pl
        if fmt == "csv":
            df = pl.read_csv(path)
        elif fmt == "jsonl":
            if path.endswith(".zst"):
                try:
                    from compression import zstd
                except ImportError:
                    from backports import zstd
                with zstd.open(path, "rb") as f:
                    df = pl.read_ndjson(f.read())
            else:
                df = pl.read_ndjson(path)
        elif fmt == "parquet":
            df = pl.read_parquet(path)
        elif fmt in ("arrow-file", "arrow"):
            df = pl.read_ipc(path)
        elif fmt == "arrow-stream":
            df = pl.read_ipc_stream(path)
        elif fmt == "avro":
            df = pl.read_avro(path)
        else:
            return None
        idx, _ = rows_to_check(df.height)
        return Read(df.columns, [str(t) for t in df.dtypes],
                    [s.gather(idx).to_list() for s in df.get_columns()], df.height)
    if lib == "duckdb":
        import duckdb
        fn = {"csv": "read_csv", "jsonl": "read_json", "parquet": "read_parquet"}.get(fmt)
        if fn is None:
            return None
        con = duckdb.connect()
        extra = ", format='newline_delimited'" if fmt == "jsonl" else ""
        rel = con.sql(f"SELECT * FROM {fn}('{path}'{extra})")
        names, types = rel.columns, [str(t) for t in rel.types]
        rows = rel.fetchall()
        con.close()
        idx, _ = rows_to_check(len(rows))
        cols = [[rows[i][j] for i in idx] for j in range(len(names))]
        return Read(names, types, cols, len(rows))
    if lib == "pandas":
        import pandas as pd
        if fmt == "csv":
            df = pd.read_csv(path)
        elif fmt == "jsonl":
            # precise_float: the default parser rounds 0.943 to 0.9430000000000001
            df = pd.read_json(path, lines=True, precise_float=True)
        elif fmt == "parquet":
            df = pd.read_parquet(path)
        elif fmt in ("arrow-file", "arrow"):
            df = pd.read_feather(path)
        elif fmt == "arrow-stream":
            with pa.memory_map(path) as src:
                df = pa.ipc.open_stream(src).read_all().to_pandas()
        else:
            return None
        idx, _ = rows_to_check(len(df))
        return Read([str(c) for c in df.columns], [str(t) for t in df.dtypes],
                    [df.iloc[idx, j].tolist() for j in range(df.shape[1])], len(df),
                    pandas_nan=True)
    if lib == "fastavro":
        if fmt != "avro":
            return None
        import fastavro
        with open(path, "rb") as f:
            rd = fastavro.reader(f)
            schema = rd.writer_schema
            recs = list(rd)
        names = [fl["name"] for fl in schema["fields"]]
        types = [json.dumps(fl["type"])[:60] for fl in schema["fields"]]
        idx, _ = rows_to_check(len(recs))
        cols = [[recs[i].get(n) for i in idx] for n in names]
        return Read(names, types, cols, len(recs))
    raise ValueError(lib)


OUTPUT_READERS = {
    "parquet+zstd-3": ("parquet", ["pyarrow", "polars", "duckdb", "pandas"]),
    "arrow+lz4": ("arrow", ["pyarrow", "polars", "pandas"]),
    "avro+zstd-3": ("avro", ["fastavro", "polars"]),
    "jsonl": ("jsonl", ["pyarrow", "polars", "duckdb", "pandas"]),
}
# Who reads the source when the reader itself has no reader for its format.
FALLBACK = {"avro": "fastavro", "csv": "pyarrow", "jsonl": "pyarrow", "parquet": "pyarrow",
            "arrow-file": "pyarrow", "arrow-stream": "pyarrow"}


def compare(src, out, src_fmt, target, loss, noted_text):
    """(value changes, representation notes): each a list of strings."""
    changes, notes = [], []
    pandas_nan = src.pandas_nan or out.pandas_nan
    if src.nrows != out.nrows:
        changes.append(f"{src.nrows} rows in the source, {out.nrows} read back")
        return changes, notes
    out_by_name = {n: i for i, n in enumerate(out.names)}
    used = set()
    for si, name in enumerate(src.names):
        oi = out_by_name.get(name)
        if oi is None:
            # a renamed column: the one output column at the same place
            # whose name encbench's output names beside the source's
            cand = out.names[si] if si < len(out.names) else None
            if cand is not None and cand not in src.names:
                if name in noted_text and cand in noted_text:
                    notes.append(("renamed, noted", f"'{name}' -> '{cand}'"))
                else:
                    changes.append(f"column '{name}' written as '{cand}' with no note")
                oi = si
            else:
                changes.append(f"column '{name}' missing from the output")
                continue
        used.add(oi)
        if src.types[si] != out.types[oi]:
            notes.append((f"type {src.types[si]} -> {out.types[oi]}", f"'{name}'"))
        first, count, kinds = None, 0, {}
        for r, (a, b) in enumerate(zip(src.columns[si], out.columns[oi])):
            ca, cb = canon(a, pandas_nan), canon(b, pandas_nan)
            if ca == cb:
                continue
            why = None
            if src_fmt == "csv" and cb is None and (ca == "" or ca == NAN):
                why = "csv: an empty field or NaN text, null after conversion (documented)"
            elif src_fmt == "csv" and ca is None and cb == "":
                why = "csv: an empty field read as null by this reader, '' in the output"
            elif src_fmt == "csv" and cb is None and isinstance(ca, str) and ca in CSV_NA:
                why = f"csv: the text {ca!r}, missing after conversion (documented)"
            elif isinstance(ca, tuple) and ca[0] == "bytes" and isinstance(cb, str) and cb == ca[1]:
                why = "bytes written as their hex text (documented for CSV and JSON Lines)"
            elif src_fmt == "csv" and ca is None and isinstance(cb, str) and cb in CSV_NA:
                why = f"csv: the text {cb!r} read as missing by this CSV reader"
            elif target == "jsonl" and loss and "NaN" in loss and cb is None and (
                    ca == NAN or (isinstance(ca, tuple) and ca[0] == "inf")):
                why = "jsonl: NaN/Inf written as null (declared)"
            elif loose(ca) == loose(cb):
                why = "representation"
            elif f32_equal(a, b) and not isinstance(ca, tuple) and not isinstance(cb, tuple):
                why = "float32 value as its shortest text"
            if why:
                k = kinds.setdefault(why, [0, f"{short(a)} -> {short(b)}"])
                k[0] += 1
                continue
            count += 1
            if first is None:
                first = (r, a, b)
        for why, (v, example) in kinds.items():
            notes.append((f"values: {why}", f"'{name}' {v}x, e.g. {example}"))
        if count:
            r, a, b = first
            changes.append(f"column '{name}': {count} value(s) differ; first at checked row {r}: "
                           f"source {short(a)}, read back {short(b)}")
    extra = [n for i, n in enumerate(out.names) if i not in used]
    if extra:
        changes.append(f"columns only in the output: {extra}")
    return changes, notes


def short(v):
    s = repr(v)
    return s if len(s) <= 60 else s[:57] + "..."


def check_conversion(f, target, out_path, stdout, stderr):
    """Every reference reader's verdict on one conversion."""
    out_fmt, libs = OUTPUT_READERS[target]
    m = stdout.split("identical but for ", 1)
    loss = m[1].strip() if len(m) == 2 else None
    noted = stdout + stderr
    results = []
    for lib in libs:
        try:
            out = read_with(lib, out_fmt, out_path)
        except BaseException as e:
            if fatal(e):
                raise
            results.append((lib, "cannot read output", [f"{type(e).__name__}: {str(e)[:200]}"], []))
            continue
        src_lib = lib
        try:
            src = read_with(lib, f["format"], f["path"])
        except BaseException as e:
            if fatal(e):
                raise
            src = None
        if src is None:
            src_lib = FALLBACK[f["format"]]
            try:
                src = read_with(src_lib, f["format"], f["path"])
            except BaseException as e:
                if fatal(e):
                    raise
                results.append((lib, "cannot read source", [f"{src_lib}: {type(e).__name__}: {str(e)[:200]}"], []))
                continue
        changes, notes = compare(src, out, f["format"], target, loss, noted)
        tag = lib if src_lib == lib else f"{lib} (source by {src_lib})"
        results.append((tag, "differs" if changes else "same", changes, notes))
    return results


# ---------------------------------------------------------------- the sweep

def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--encbench", default=os.path.join(ROOT, "target", "release", "encbench"))
    ap.add_argument("--python", help="an interpreter with tools/sweep-requirements.txt installed")
    ap.add_argument("--limit", type=int, default=0, help="at most N files")
    ap.add_argument("--quick-check", action="store_true", help="a handful of files")
    ap.add_argument("--keep", metavar="DIR", help="write the files there and keep them")
    ap.add_argument("--no-convert", action="store_true", help="only the quick runs (goals 1, 2, 4)")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per child run")
    ap.add_argument("--json", metavar="PATH", help="also write every finding as JSON")
    args = ap.parse_args()
    ensure_python(args)
    encbench = os.path.abspath(args.encbench)
    if not os.access(encbench, os.X_OK):
        sys.exit(f"no encbench binary at {encbench} (cargo build --release, or --encbench)")

    t0 = time.monotonic()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        work = os.path.abspath(args.keep)
    else:
        work = tempfile.mkdtemp(prefix="encbench-sweep-")
    try:
        return sweep(args, encbench, work, t0)
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


def sweep(args, encbench, work, t0):
    import importlib.metadata as md
    versions = ", ".join(f"{p} {md.version(p)}" for p in
                         ["pandas", "polars", "duckdb", "pyarrow", "fastavro"])
    print(f"writers and readers: {versions}")
    gen_dir = os.path.join(work, "in")
    conv_dir = os.path.join(work, "out")
    os.makedirs(gen_dir, exist_ok=True)
    os.makedirs(conv_dir, exist_ok=True)
    files, skipped = generate(gen_dir, args.quick_check, args.limit)
    gen_s = time.monotonic() - t0
    by_writer = {}
    for f in files:
        by_writer[f["writer"]] = by_writer.get(f["writer"], 0) + 1
    print(f"{len(files)} files written in {gen_s:.0f} s ("
          + ", ".join(f"{w} {n}" for w, n in sorted(by_writer.items())) + f"); "
          f"{sum(f['bytes'] for f in files) / 1e6:.1f} MB in all, largest "
          f"{max(f['bytes'] for f in files) / 1e6:.1f} MB")
    for s in skipped:
        print(f"  not written: {s[0]} by {s[1]} as {s[2]}: {s[3]}")

    g1, g2, g4, runs_failed = [], [], [], []
    conv_failed, g3, reader_trouble, repr_notes = [], [], [], {}
    per_file = []
    for n, f in enumerate(files, 1):
        label = f"{os.path.basename(f['path'])}"
        jpath = os.path.join(work, "rec.json")
        if os.path.exists(jpath):
            os.remove(jpath)
        cmd = [encbench, "file", f["path"], "--quiet", "--no-store", "--json", jpath, "--force"]
        rc, wall, rss, out, err = run_child(cmd, args.timeout)
        entry = {"file": label, "writer": f["writer"], "bytes": f["bytes"], "rows": f["rows"],
                 "quick_s": round(wall, 2), "quick_rss_mb": round(rss, 1), "rc": rc}
        pick = None
        if rc != 0:
            runs_failed.append((label, f["writer"], f"exit {rc}: {(err or out).strip()[-300:]}"))
        else:
            try:
                with open(jpath) as fh:
                    doc = json.load(fh)
                if n == 1 or "commit" not in globals():
                    env = doc.get("environment", {})
                    globals()["commit"] = env.get("git_commit")
                    print(f"encbench {env.get('encbench_version')} at {env.get('git_commit')}, "
                          f"{env.get('profile')}, mode {env.get('mode')}", flush=True)
                dominated, oversize, pick = check_recommendation(doc)
                if dominated:
                    g1.append((label, f["writer"], dominated))
                if oversize:
                    g2.append((label, f["writer"], oversize))
            except Exception as e:
                runs_failed.append((label, f["writer"], f"results record unreadable: {e}"))
        killed = rc < 0 or wall >= args.timeout
        if f["bytes"] <= SIZE_LIMIT_B and (killed or wall >= TIME_LIMIT_S or rss >= RSS_LIMIT_MB):
            what = f"{wall:.1f} s, {rss:.0f} MB RSS" + (f", killed ({rc})" if killed else "")
            g4.append((label, f["writer"], what))
        entry["pick"] = pick
        conv_s = 0.0
        if not args.no_convert:
            for target in TARGETS:
                ext = {"parquet+zstd-3": ".parquet", "arrow+lz4": ".arrow",
                       "avro+zstd-3": ".avro", "jsonl": ".jsonl"}[target]
                o = os.path.join(conv_dir, os.path.basename(f["path"]) + "." + target.replace("+", "_") + ext)
                crc, cwall, crss, cout, cerr = run_child(
                    [encbench, "file", f["path"], "--quiet", "--no-store", "--convert", target,
                     "-o", o, "--force"], args.timeout)
                conv_s += cwall
                if crc != 0:
                    conv_failed.append((label, f["writer"], target, (cerr or cout).strip()[-300:]))
                    continue
                if "identical" not in cout:
                    conv_failed.append((label, f["writer"], target, f"no 'identical' in: {cout.strip()[-200:]}"))
                    continue
                for lib, verdict, changes, notes in check_conversion(f, target, o, cout, cerr):
                    if verdict == "differs":
                        g3.append((label, f["writer"], f"{target} read by {lib}", changes))
                    elif verdict != "same":
                        reader_trouble.append((label, f["writer"], f"{target} {verdict} by {lib}", changes))
                    for kind, detail in notes:
                        key = (lib.split(" ")[0], target, kind)
                        repr_notes.setdefault(key, []).append(f"{label} {detail}")
                if not args.keep:
                    os.remove(o)
        entry["convert_s"] = round(conv_s, 2)
        per_file.append(entry)
        print(f"[{n}/{len(files)}] {label:<44} {f['bytes'] / 1e6:8.2f} MB  quick {wall:6.1f} s "
              f"{rss:6.0f} MB  -> {pick or 'exit ' + str(rc):<22} convert {conv_s:5.1f} s", flush=True)

    total = time.monotonic() - t0
    print()
    print(f"total {total:.0f} s for {len(files)} files (writing them {gen_s:.0f} s, quick runs "
          f"{sum(e['quick_s'] for e in per_file):.0f} s, conversions "
          f"{sum(e.get('convert_s', 0) for e in per_file):.0f} s, the rest reading and comparing)")
    print()
    print("slowest quick runs:")
    for e in sorted(per_file, key=lambda e: -e["quick_s"])[:10]:
        print(f"  {e['file']:<44} {e['bytes'] / 1e6:8.2f} MB {e['rows']:>9} rows  "
              f"{e['quick_s']:6.1f} s {e['quick_rss_mb']:6.0f} MB")
    print("largest RSS:")
    for e in sorted(per_file, key=lambda e: -e["quick_rss_mb"])[:5]:
        print(f"  {e['file']:<44} {e['bytes'] / 1e6:8.2f} MB  {e['quick_s']:6.1f} s {e['quick_rss_mb']:6.0f} MB")

    n_conv = 0 if args.no_convert else len(files) * len(TARGETS)
    goals = [
        ("1 recommendation dominated in its own table", g1, len(files) - len(runs_failed)),
        ("2 over 1.5x the input without 2x faster reads", g2, len(files) - len(runs_failed)),
        ("3 'identical' but a reader reads other values (conversions)",
         sorted({(x[0], x[2].split(" read by ")[0]) for x in g3}), n_conv - len(conv_failed)),
        (f"4 quick run >= {TIME_LIMIT_S:.0f} s or >= {RSS_LIMIT_MB:.0f} MB (or killed), inputs <= 100 MB",
         g4, sum(1 for f in files if f["bytes"] <= SIZE_LIMIT_B)),
        ("  quick runs that stopped with an error (every file must be measured)", runs_failed,
         len(files)),
    ]
    print()
    print(f"{'goal':<72} {'fails':>6} {'of':>6}")
    for name, fails, of in goals:
        print(f"{name:<72} {len(fails):>6} {of:>6}")
    print(f"{'(conversions that failed)':<72} {len(conv_failed):>6} {n_conv:>6}")
    print(f"{'(reader could not read an output or its source)':<72} {len(reader_trouble):>6}")
    for title, items in [("goal 1", g1), ("goal 2", g2), ("goal 4", g4),
                         ("quick runs that failed", runs_failed)]:
        if items:
            print(f"\n{title}:")
            for it in items[:40]:
                print(f"  {it[0]} ({it[1]}): {it[2]}")
    if g3:
        print("\ngoal 3 (value changes behind 'identical'):")
        for label, writer, what, changes in g3[:80]:
            print(f"  {label} ({writer}), {what}:")
            for c in changes[:6]:
                print(f"      {c}")
    if conv_failed:
        print("\nconversions that failed:")
        for it in conv_failed[:40]:
            print(f"  {it[0]} ({it[1]}) -> {it[2]}: {it[3]}")
    if reader_trouble:
        print("\nreaders that could not read:")
        for label, writer, what, changes in reader_trouble[:40]:
            print(f"  {label} ({writer}), {what}: {'; '.join(changes)[:300]}")
    if repr_notes:
        print("\nrepresentation differences (not failures), by reader, target and kind:")
        ranked = sorted(repr_notes.items(), key=lambda kv: -len(kv[1]))
        values = [x for x in ranked if not x[0][2].startswith("type ")]
        types = [x for x in ranked if x[0][2].startswith("type ")]
        print(f"  ({len(types)} kinds of column type change across formats, {sum(len(x[1]) for x in types)} "
              f"columns in all; the 12 commonest follow the value kinds)")
        for (lib, target, what), labels in values[:50] + types[:12]:
            print(f"  {len(labels):>4}x {lib:<8} {target:<15} {what[:80]}\n          e.g. {labels[0][:150]}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"files": per_file, "goal1": g1, "goal2": g2, "goal3": g3, "goal4": g4,
                       "runs_failed": runs_failed, "conversions_failed": conv_failed,
                       "reader_trouble": reader_trouble, "skipped": skipped,
                       "representation": [[*k, v] for k, v in repr_notes.items()]}, fh, indent=1,
                      default=str)
    failed = any(fails for _, fails, _ in goals)
    print("\n" + ("FAIL: a goal is not met" if failed else "every goal met"))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
