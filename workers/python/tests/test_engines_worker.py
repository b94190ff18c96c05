"""Tests of the engines worker (engines_worker.py and the engines package).

Run from the repository root, after workers/python/build.sh:

    workers/python/.venv/bin/python -m unittest discover -s workers/python/tests

One small table is written in every format; each engine reads it through the
worker's protocol, and the checksums are compared with a plain-Python
reference implementation of the definition (no numpy), so the vectorised one
is checked independently.
"""

import csv
import datetime as dt
import gzip
import json
import math
import os
import pathlib
import struct
import subprocess
import sys
import tempfile
import unittest

import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

HERE = pathlib.Path(__file__).resolve().parent
PYDIR = HERE.parent
WORKER = PYDIR / "engines_worker.py"
sys.path.insert(0, str(PYDIR))

from engines import checksum  # noqa: E402

M64 = (1 << 64) - 1
N = 200
UTC = dt.timezone.utc
SCHEMA = [("i", "int"), ("f", "float"), ("s", "text"), ("d", "date"), ("ts", "timestamp"), ("b", "bool")]
COLUMNS = [{"name": n, "kind": k} for n, k in SCHEMA]
KINDS = dict(SCHEMA)
ENGINES = ("duckdb", "polars", "pyarrow", "pandas", "vortex", "lance")
# The engines reading text and the other general formats (vortex and lance
# read their own format only).
BASE_ENGINES = ENGINES[:4]
FORMATS = ("parquet", "arrow", "arrow-stream", "csv", "jsonl", "avro", "orc", "vortex", "lance")
WRITTEN = ("orc", "vortex", "lance")  # by each format's own library (the "writer" engine)

# Uncompressed engine × format pairs the worker does not measure, and why.
NOT_MEASURED = {
    ("duckdb", "arrow"), ("duckdb", "arrow-stream"),  # no nanoarrow extension offline
    ("duckdb", "avro"),  # the avro extension is not installed (the worker never downloads)
    ("pyarrow", "avro"), ("pandas", "avro"), ("pandas", "arrow-stream"),
    ("duckdb", "orc"), ("duckdb", "vortex"), ("duckdb", "lance"),  # no ORC reader; extensions not installed
    ("polars", "orc"), ("polars", "vortex"), ("polars", "lance"),
    ("pyarrow", "vortex"), ("pyarrow", "lance"), ("pandas", "vortex"), ("pandas", "lance"),
} | {(e, f) for e in ("vortex", "lance") for f in FORMATS if f != e}
# Which engines read each written format.
READERS = {f: [e for e in ENGINES if (e, f) not in NOT_MEASURED] for f in WRITTEN}


def not_measured_prefix(engine):
    return f"not measured: the {engine} reader " if engine in ("vortex", "lance") else f"not measured: {engine} "


# --- the reference checksum, plain Python -----------------------------------

def ref_splitmix64(x):
    z = (x + 0x9E3779B97F4A7C15) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def ref_fnv1a64(b):
    h = 0xCBF29CE484222325
    for c in b:
        h = ((h ^ c) * 0x100000001B3) & M64
    return h


def ref_key(kind, v):
    if kind == "int":
        return v & M64
    if kind == "bool":
        return 1 if v else 0
    if kind == "float":
        return struct.unpack("<Q", struct.pack("<d", v))[0]
    if kind == "text":
        return ref_fnv1a64(v.encode("utf-8"))
    if kind == "date":
        return (v - dt.date(1970, 1, 1)).days & M64
    if kind == "timestamp":
        return ((v - dt.datetime(1970, 1, 1, tzinfo=UTC)) // dt.timedelta(microseconds=1)) & M64
    raise AssertionError(kind)


def ref_checksum(table, kinds=KINDS):
    """{name: (nulls, hash)} of a pyarrow table, as the definition says."""
    out = {}
    for name in table.column_names:
        kind, nulls, h = kinds[name], 0, 0
        for v in table[name].to_pylist():
            if v is None or (isinstance(v, float) and math.isnan(v)):
                nulls += 1
            else:
                h = (h + ref_splitmix64(ref_key(kind, v))) & M64
        out[name] = (str(nulls), str(h))
    return out


def got_checksum(reply):
    return {c["name"]: (c["nulls"], c["hash"]) for c in reply["checksum"]}


# --- the table and its files ------------------------------------------------

def make_table():
    i, f, s, d, ts, b = [], [], [], [], [], []
    words = ["alpha", "béta", "gamma, with a comma", 'say "hi"', "NA", "null", "数据", "x" * 90]
    for r in range(N):
        i.append(None if r % 17 == 3 else (r * 7919) % 1000 - 500)
        f.append(None if r % 13 == 5 else (float("nan") if r % 11 == 2 else (r - 100) / 8 + 0.1))
        s.append(None if r % 9 == 4 else f"{words[r % len(words)]}{r}")
        d.append(None if r % 19 == 7 else dt.date(2013, 1, 1) + dt.timedelta(days=r % 40))
        micro = 123456 if r % 3 == 0 else 0
        ts.append(None if r % 23 == 11 else dt.datetime(2013, 1, 1, 5, tzinfo=UTC)
                  + dt.timedelta(hours=r * 5, microseconds=micro))
        b.append(None if r % 7 == 6 else r % 2 == 0)
    return pa.table({
        "i": pa.array(i, pa.int64()), "f": pa.array(f, pa.float64()), "s": pa.array(s, pa.string()),
        "d": pa.array(d, pa.date32()), "ts": pa.array(ts, pa.timestamp("us", tz="UTC")),
        "b": pa.array(b, pa.bool_()),
    })


def text_row(row):
    """A row's values as the CSV and JSON files write them (None stays None)."""
    out = []
    for (name, kind), v in zip(SCHEMA, row):
        if v is None:
            out.append(None)
        elif kind == "float":
            out.append("NaN" if math.isnan(v) else repr(v))
        elif kind == "bool":
            out.append("true" if v else "false")
        elif kind == "timestamp":
            out.append(v.replace(tzinfo=None).isoformat(sep=" "))
        elif kind == "date":
            out.append(v.isoformat())
        else:
            out.append(str(v) if kind == "int" else v)
    return out


def write_files(table, d):
    paths = {}
    p = os.path.join(d, "t.parquet")
    pq.write_table(table, p, row_group_size=64)  # several row groups: take crosses them
    paths["parquet"] = p
    p = os.path.join(d, "t.arrow")
    with ipc.new_file(p, table.schema) as w:
        w.write_table(table, max_chunksize=50)
    paths["arrow"] = p
    p = os.path.join(d, "t.arrows")
    with ipc.new_stream(p, table.schema) as w:
        w.write_table(table, max_chunksize=50)
    paths["arrow-stream"] = p
    rows = list(zip(*[table[n].to_pylist() for n, _ in SCHEMA]))
    p = os.path.join(d, "t.csv")
    with open(p, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow([n for n, _ in SCHEMA])
        for row in rows:
            w.writerow(["" if v is None else v for v in text_row(row)])  # null: an empty field
    paths["csv"] = p
    p = os.path.join(d, "t.jsonl")
    with open(p, "w", encoding="utf-8") as f:
        for row in rows:
            obj = {}
            for (name, kind), v, t in zip(SCHEMA, row, text_row(row)):
                if kind in ("int", "bool", "text") or v is None:
                    obj[name] = v
                elif kind == "float":
                    obj[name] = None if math.isnan(v) else v  # JSON has no NaN
                else:
                    obj[name] = t
            f.write(json.dumps(obj, ensure_ascii=False) + "\n")
    paths["jsonl"] = p
    import fastavro
    schema = {"type": "record", "name": "t", "fields": [
        {"name": "i", "type": ["null", "long"]}, {"name": "f", "type": ["null", "double"]},
        {"name": "s", "type": ["null", "string"]},
        {"name": "d", "type": ["null", {"type": "int", "logicalType": "date"}]},
        {"name": "ts", "type": ["null", {"type": "long", "logicalType": "timestamp-micros"}]},
        {"name": "b", "type": ["null", "boolean"]}]}
    p = os.path.join(d, "t.avro")
    with open(p, "wb") as f:
        fastavro.writer(f, fastavro.parse_schema(schema), [dict(zip(table.column_names, r)) for r in rows])
    paths["avro"] = p
    # ORC, Vortex and Lance by their own libraries, at their defaults (the
    # writer engine's tests write them through the worker, default and tuned)
    import lance
    import pyarrow.orc as orc
    import vortex
    paths["orc"] = os.path.join(d, "t.orc")
    orc.write_table(table, paths["orc"], stripe_size=4096)  # small stripes: a take crosses them
    paths["vortex"] = os.path.join(d, "t.vortex")
    vortex.io.write(table, paths["vortex"])
    paths["lance"] = os.path.join(d, "t.lance")
    lance.write_dataset(table, paths["lance"], max_rows_per_group=64, max_rows_per_file=128)  # two data files
    for fmt in ("csv", "jsonl", "parquet", "orc"):
        data = open(paths[fmt], "rb").read()
        with open(paths[fmt] + ".gz", "wb") as f:
            f.write(gzip.compress(data))
        for c in ("zstd", "lz4"):
            with pa.output_stream(paths[fmt] + "." + c, compression=c) as f:
                f.write(data)
    return paths


TMP = tempfile.TemporaryDirectory()
TABLE = make_table()
PATHS = write_files(TABLE, TMP.name)


def compressed_path(fmt, c):
    return PATHS[fmt] + {"none": "", "gzip": ".gz", "zstd": ".zstd", "lz4": ".lz4"}[c]


class Worker:
    def __init__(self, env=None):
        self.proc = subprocess.Popen([sys.executable, str(WORKER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, encoding="utf-8", env=env)

    def ask(self, req):
        self.proc.stdin.write((req if isinstance(req, str) else json.dumps(req)) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, f"no answer to {req}"
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=30)
        self.proc.stdout.close()


def prepare(engine, fmt, query, compression="none", path=None, columns=COLUMNS, null_tokens=None):
    req = {"op": "prepare", "engine": engine, "format": fmt, "compression": compression,
           "path": path or compressed_path(fmt, compression), "query": query, "columns": columns}
    if null_tokens is not None:
        req["null_tokens"] = null_tokens
    return req


def ok_rows(pred, column):
    return [k for k, v in enumerate(TABLE[column].to_pylist())
            if v is not None and not (isinstance(v, float) and math.isnan(v)) and pred(v)]


TAKE = [0, 5, 63, 64, 130, 199]
FILTERS = [  # (query, the reference rows)
    ({"kind": "filter", "column": "i", "op": ">=", "value": 0}, ok_rows(lambda v: v >= 0, "i")),
    ({"kind": "filter", "column": "f", "op": "!=", "value": 0.1}, ok_rows(lambda v: v != 0.1, "f")),
    ({"kind": "filter", "column": "s", "op": "==", "value": "alpha0"}, ok_rows(lambda v: v == "alpha0", "s")),
    ({"kind": "filter", "column": "d", "op": "<", "value": "2013-01-05"},
     ok_rows(lambda v: v < dt.date(2013, 1, 5), "d")),
    ({"kind": "filter", "column": "ts", "op": ">", "value": "2013-02-01 05:00:00"},
     ok_rows(lambda v: v > dt.datetime(2013, 2, 1, 5, tzinfo=UTC), "ts")),
    ({"kind": "filter", "column": "b", "op": "==", "value": True}, ok_rows(lambda v: v is True, "b")),
]


class Checksum(unittest.TestCase):
    def test_known_answers(self):
        import numpy as np
        z = checksum.splitmix64(np.array([0, 1], dtype=np.uint64))
        self.assertEqual([int(x) for x in z], [0xE220A8397B1DCDAF, 0x910A2DEC89025CC1])
        self.assertEqual(ref_splitmix64(0), 0xE220A8397B1DCDAF)
        self.assertEqual(checksum.fnv1a64_bytes(b""), 0xCBF29CE484222325)
        self.assertEqual(checksum.fnv1a64_bytes(b"a"), 0xAF63DC4C8601EC8C)
        got = checksum.fnv1a64_array(pa.array(["", "a"], pa.large_string()))
        self.assertEqual([int(x) for x in got], [0xCBF29CE484222325, 0xAF63DC4C8601EC8C])

    def test_vectorised_text_hash_matches_plain_python(self):
        # lengths 0..300 and a long one: the numpy prefix and the Python tail
        values = ["é" * (k % 7) + "x" * k for k in range(300)] + ["long" * 5000]
        arr = pa.array(values, pa.large_string()).slice(1)  # a sliced array: offsets start mid-buffer
        got = [int(x) for x in checksum.fnv1a64_array(arr)]
        self.assertEqual(got, [ref_fnv1a64(v.encode()) for v in values[1:]])

    def test_table_checksum_is_the_reference(self):
        got = {c["name"]: (c["nulls"], c["hash"]) for c in checksum.table_checksum(TABLE, KINDS, "test")}
        self.assertEqual(got, ref_checksum(TABLE))

    def test_other_types_reach_the_same_keys(self):
        base = checksum.column_checksum(pa.array([1, None, -3], pa.int64()), "int")
        self.assertEqual(checksum.column_checksum(pa.array([1.0, float("nan"), -3.0]), "int"), base)
        self.assertEqual(checksum.column_checksum(pa.array(["1", None, "-3"]), "int"), base)
        d = checksum.column_checksum(pa.array([dt.date(2013, 1, 5), None], pa.date32()), "date")
        self.assertEqual(checksum.column_checksum(pa.array(["2013-01-05", None]), "date"), d)
        self.assertEqual(checksum.column_checksum(
            pa.array([dt.datetime(2013, 1, 5, 23), None], pa.timestamp("ns")), "date"), d)
        t = checksum.column_checksum(pa.array([dt.datetime(2013, 1, 5, 5), None], pa.timestamp("us")), "timestamp")
        for text in ("2013-01-05 05:00:00", "2013-01-05T05:00:00Z", "2013-01-05T06:00:00+01:00"):
            self.assertEqual(checksum.column_checksum(pa.array([text, None]), "timestamp"), t)
        self.assertEqual(checksum.column_checksum(
            pa.array([dt.datetime(2013, 1, 5, 5), None], pa.timestamp("s", tz="UTC")), "timestamp"), t)
        f = checksum.column_checksum(pa.array([1.5, None], pa.float32()), "float")
        self.assertEqual(f, checksum.column_checksum(pa.array([1.5, None], pa.float64()), "float"))
        self.assertEqual(checksum.column_checksum(pa.array(["a", "b", "a"]).dictionary_encode(), "text"),
                         checksum.column_checksum(pa.array(["a", "b", "a"]), "text"))
        tm = checksum.column_checksum(pa.array([dt.time(5, 0, 1, 250)], pa.time64("ns")), "time")
        self.assertEqual(tm, (0, ref_splitmix64(5 * 3600 * 10**6 + 10**6 + 250)))
        self.assertEqual(checksum.column_checksum(pa.array(["05:00:01.000250"]), "time"), tm)
        du = checksum.column_checksum(pa.array([dt.timedelta(days=-12, seconds=58733, microseconds=575689)],
                                               pa.duration("us")), "duration")
        self.assertEqual(checksum.column_checksum(pa.array(["-12 days +16:18:53.575689"]), "duration"), du)
        self.assertEqual(checksum.column_checksum(pa.array([b"x", None]), "count"), (1, 0))


class EnginesWorker(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.w = Worker()
        cls.hello = cls.w.ask({"op": "hello"})

    @classmethod
    def tearDownClass(cls):
        cls.w.close()

    def ask(self, req):
        return self.w.ask(req)

    def measured(self, engine, fmt):
        if engine not in {e["name"] for e in self.hello["engines"]}:
            self.skipTest(f"{engine} missing: {self.hello['missing']}")
        return (engine, fmt) not in NOT_MEASURED

    def test_hello(self):
        r = self.hello
        self.assertTrue(r["ok"])
        self.assertEqual(r["language"], "python")
        self.assertRegex(r["runtime"], r"^CPython \d+\.\d+\.\d+$")
        # spark last, tested on its own (tests/test_spark_engine.py)
        self.assertEqual([e["name"] for e in r["engines"]] + [m["name"] for m in r["missing"]],
                         list(ENGINES) + ["spark"])
        self.assertEqual(r["missing"], [])

    def check_queries(self, engine, fmt, compression="none", path=None):
        want = ref_checksum(TABLE)

        def prepare(engine, fmt, query, compression):
            return globals()["prepare"](engine, fmt, query, compression, path=path)
        r = self.ask(prepare(engine, fmt, {"kind": "scan"}, compression))
        self.assertTrue(r["ok"], r)
        self.assertEqual(r["rows"], N)
        self.assertEqual(got_checksum(r), want)
        self.assertEqual([c["name"] for c in r["checksum"]], [n for n, _ in SCHEMA])
        self.assertTrue(r["library"].startswith(engine + " "), r["library"])
        self.assertTrue(r["how"])
        r = self.ask(prepare(engine, fmt, {"kind": "project", "columns": ["s", "i"]}, compression))
        self.assertTrue(r["ok"], r)
        self.assertEqual(got_checksum(r), {k: want[k] for k in ("s", "i")})
        r = self.ask(prepare(engine, fmt, {"kind": "take", "rows": TAKE}, compression))
        self.assertTrue(r["ok"], r)
        self.assertEqual(r["rows"], len(TAKE))
        self.assertEqual(got_checksum(r), ref_checksum(TABLE.take(TAKE)))
        for q, rows in FILTERS:
            with self.subTest(filter=q):
                r = self.ask(prepare(engine, fmt, q, compression))
                self.assertTrue(r["ok"], r)
                self.assertEqual(r["rows"], len(rows))
                self.assertEqual(got_checksum(r), ref_checksum(TABLE.take(rows)))
        r = self.ask(prepare(engine, fmt, {"kind": "open"}, compression))
        self.assertTrue(r["ok"], r)
        self.assertEqual((r["rows"], r["columns"], r["checksum"]), (N, len(SCHEMA), []))

    def test_every_engine_and_format(self):
        for engine in ENGINES:
            for fmt in FORMATS:
                with self.subTest(engine=engine, format=fmt):
                    if self.measured(engine, fmt):
                        self.check_queries(engine, fmt)
                    else:
                        for q in ({"kind": "scan"}, {"kind": "open"}):
                            r = self.ask(prepare(engine, fmt, q))
                            self.assertFalse(r["ok"])
                            self.assertTrue(r["error"].startswith(not_measured_prefix(engine)), r["error"])

    def test_compressed_whole(self):
        measured = {  # (engine, format): the compressions it reads
            ("duckdb", "csv"): {"gzip", "zstd"}, ("duckdb", "jsonl"): {"gzip", "zstd"},
            ("polars", "csv"): {"gzip", "zstd"}, ("polars", "jsonl"): {"gzip", "zstd"},
            ("pyarrow", "csv"): {"gzip", "zstd", "lz4"}, ("pyarrow", "jsonl"): {"gzip", "zstd", "lz4"},
            ("pyarrow", "parquet"): {"gzip", "zstd", "lz4"},
            ("pandas", "csv"): {"gzip", "zstd"}, ("pandas", "jsonl"): {"gzip", "zstd"},
        }
        for engine in BASE_ENGINES:
            for fmt in ("csv", "jsonl", "parquet"):
                for c in ("gzip", "zstd", "lz4"):
                    with self.subTest(engine=engine, format=fmt, compression=c):
                        if c in measured.get((engine, fmt), ()):
                            if c == "gzip":
                                self.check_queries(engine, fmt, c)
                            else:
                                r = self.ask(prepare(engine, fmt, {"kind": "scan"}, c))
                                self.assertTrue(r["ok"], r)
                                self.assertEqual(got_checksum(r), ref_checksum(TABLE))
                        else:
                            r = self.ask(prepare(engine, fmt, {"kind": "scan"}, c))
                            self.assertFalse(r["ok"])
                            self.assertTrue(r["error"].startswith(f"not measured: {engine} does not read {fmt} "
                                                                  f"compressed with {c}"), r["error"])

    def test_bad_requests_name_the_problem(self):
        for engine in ENGINES:
            with self.subTest(engine=engine):
                r = self.ask(prepare(engine, "parquet", {"kind": "project", "columns": ["s", "nope"]}))
                self.assertFalse(r["ok"])
                self.assertIn("'nope'", r["error"])
                r = self.ask(prepare(engine, "parquet", {"kind": "filter", "column": "nada", "op": "==",
                                                         "value": 1}))
                self.assertFalse(r["ok"])
                self.assertIn("'nada'", r["error"])
                missing = os.path.join(TMP.name, "no-such.parquet")
                r = self.ask(prepare(engine, "parquet", {"kind": "scan"}, path=missing))
                self.assertFalse(r["ok"])
                self.assertIn(missing, r["error"])
        r = self.ask(prepare("duckdb", "parquet", {"kind": "filter", "column": "d", "op": "~", "value": 1}))
        self.assertFalse(r["ok"])
        r = self.ask(prepare("duckdb", "parquet", {"kind": "filter", "column": "d", "op": "==", "value": "soon"}))
        self.assertIn("'soon' is not an ISO date", r["error"])
        r = self.ask(prepare("pyarrow", "parquet", {"kind": "take", "rows": [3, 1]}))
        self.assertFalse(r["ok"])
        r = self.ask(prepare("pyarrow", "parquet", {"kind": "take", "rows": [N]}))
        self.assertFalse(r["ok"])
        self.assertFalse(self.ask("not json")["ok"])
        self.assertFalse(self.ask({"op": "dance"})["ok"])
        self.assertTrue(self.ask({"op": "hello"})["ok"])  # the loop survives

    def test_run(self):
        for engine in ENGINES:
            with self.subTest(engine=engine):
                r = self.ask(prepare(engine, engine if engine in ("vortex", "lance") else "parquet", {"kind": "scan"}))
                self.assertTrue(r["ok"], r)
                r = self.ask({"op": "run", "iters": 3})
                self.assertTrue(r["ok"], r)
                self.assertIsInstance(r["ns"], int)
                self.assertGreater(r["ns"], 0)
        self.assertFalse(self.ask({"op": "run", "iters": 0})["ok"])
        self.assertFalse(self.ask(prepare("pyarrow", "parquet", {"kind": "bogus"}))["ok"])
        r = self.ask({"op": "run", "iters": 1})  # the failed prepare left nothing current
        self.assertFalse(r["ok"])
        self.assertIn("prepare", r["error"])


def write_request(fmt, path, source, settings, columns=COLUMNS, id=None):
    return {"op": "prepare", "id": id, "engine": "writer", "format": fmt, "path": path, "compression": "none",
            "query": {"kind": "write", "input": source, "settings": settings}, "columns": columns}


def ipc_file(table, path, max_chunksize=50):
    with ipc.new_file(path, table.schema) as w:
        w.write_table(table, max_chunksize=max_chunksize)
    return path


class Writes(EnginesWorker):
    """The writer engine: the test table, from an Arrow IPC file with a
    dictionary column (as encbench writes text), written by each format's own
    library at default and tuned settings and read back."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dir = tempfile.mkdtemp(prefix="writes-", dir=TMP.name)
        dictionary = TABLE.set_column(2, "s", TABLE["s"].dictionary_encode())
        cls.source = ipc_file(dictionary, os.path.join(cls.dir, "in.arrow"))
        cls.written = {}
        for fmt in WRITTEN:
            for settings in ("default", "tuned"):
                out = os.path.join(cls.dir, f"t-{settings}.{fmt}")
                cls.written[fmt, settings] = (out, cls.w.ask(write_request(fmt, out, cls.source, settings,
                                                                           id=f"{fmt}-{settings}")))

    def test_hello_lists_the_writers(self):
        self.assertEqual([w["format"] for w in self.hello["writers"]], list(WRITTEN))
        self.assertEqual([w["library"] for w in self.hello["writers"]], ["pyarrow", "vortex-data", "pylance"])
        self.assertEqual(self.hello["writers_missing"], [])

    def test_the_write_reads_back_the_table(self):
        want = ref_checksum(TABLE)
        sizes = {}
        for (fmt, settings), (out, r) in self.written.items():
            with self.subTest(format=fmt, settings=settings):
                self.assertTrue(r["ok"], r)
                self.assertEqual(r["rows"], N)
                self.assertEqual(got_checksum(r), want)
                self.assertEqual([c["name"] for c in r["checksum"]], [n for n, _ in SCHEMA])
                self.assertEqual(os.path.isdir(out), fmt == "lance")
                on_disk = (sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs)
                           if fmt == "lance" else os.path.getsize(out))
                self.assertEqual(r["bytes"], on_disk)
                sizes[fmt, settings] = on_disk
                self.assertRegex(r["library"], {"orc": r"^pyarrow \d", "vortex": r"^vortex-data \d",
                                                "lance": r"^pylance \d"}[fmt])
                self.assertTrue(r["how"] and r["settings"])
                self.assertIn("tuned" if settings == "tuned" else "defaults", r["settings"])
                if fmt == "lance":
                    major, minor = map(int, r["file_version"].split(".")[:2])
                    self.assertGreaterEqual((major, minor), (2, 1))
                else:
                    self.assertIsNone(r["file_version"])
        for fmt in ("orc", "vortex"):  # tuned is the smaller here (Lance's zstd pays off on larger pages)
            self.assertLess(sizes[fmt, "tuned"], sizes[fmt, "default"], fmt)

    def test_every_reader_of_each_written_format(self):
        for (fmt, settings), (out, r) in self.written.items():
            self.assertTrue(r["ok"], r)
            self.assertTrue(READERS[fmt])
            for engine in READERS[fmt]:
                with self.subTest(format=fmt, settings=settings, engine=engine):
                    self.check_queries(engine, fmt, path=out)

    def test_run_times_fresh_writes_and_leaves_nothing(self):
        before = sorted(os.listdir(self.dir))
        for (fmt, settings), (out, r) in self.written.items():
            with self.subTest(format=fmt, settings=settings):
                self.assertTrue(r["ok"], r)
                size = r["bytes"]
                r = self.ask({"op": "run", "id": f"{fmt}-{settings}", "iters": 3})
                self.assertTrue(r["ok"], r)
                self.assertIsInstance(r["ns"], int)
                self.assertGreater(r["ns"], 0)
                self.assertEqual(sorted(os.listdir(self.dir)), before)  # no scratch left, the output kept
                self.assertEqual(self.written[fmt, settings][1]["bytes"], size)

    def test_an_existing_output_is_refused(self):
        for fmt in WRITTEN:
            with self.subTest(format=fmt):
                out, _ = self.written[fmt, "default"]
                stamp = os.path.getmtime(out)
                r = self.ask(write_request(fmt, out, self.source, "default"))
                self.assertFalse(r["ok"])
                self.assertIn("exists already", r["error"])
                self.assertEqual(os.path.getmtime(out), stamp)
                r = self.ask(prepare("vortex" if fmt == "vortex" else "lance" if fmt == "lance" else "pyarrow",
                                     fmt, {"kind": "scan"}, path=out))
                self.assertTrue(r["ok"], r)  # still the file it was

    def test_a_type_the_format_cannot_hold_is_not_measured(self):
        table = pa.table({"i": pa.array([1, None, 3], pa.int64()),
                          "u": pa.array([1, 2**63 + 5, None], pa.uint64()),
                          "du": pa.array([dt.timedelta(seconds=3), None, dt.timedelta(days=-1)], pa.duration("us")),
                          "iv": pa.array([(1, 2, 3), None, (0, 0, 1)], pa.month_day_nano_interval())})
        kinds = [{"name": "i", "kind": "int"}, {"name": "u", "kind": "int"}, {"name": "du", "kind": "duration"},
                 {"name": "iv", "kind": "duration"}]
        for fmt, cols, refused in (("orc", ["i", "u"], "'u' (uint64)"), ("vortex", ["i", "du"], "'du' (duration[us])"),
                                   ("lance", ["i", "iv"], "'iv' (month_day_nano_interval)")):
            with self.subTest(format=fmt):
                src = ipc_file(table.select(cols), os.path.join(self.dir, f"refused-{fmt}.arrow"))
                out = os.path.join(self.dir, f"refused.{fmt}")
                r = self.ask(write_request(fmt, out, src, "default", [c for c in kinds if c["name"] in cols]))
                self.assertFalse(r["ok"])
                self.assertTrue(r["error"].startswith(f"not measured: {fmt} cannot hold column {refused}: "),
                                r["error"])
                self.assertNotIn("\n", r["error"])
                self.assertFalse(os.path.lexists(out))
                os.remove(src)
        self.assertTrue(self.ask({"op": "hello"})["ok"])  # the worker lives on

    def test_bad_write_requests(self):
        out = os.path.join(self.dir, "bad.orc")
        for req, text in ((write_request("parquet", out, self.source, "default"), "writes orc, vortex, lance"),
                          (write_request("orc", out, self.source, "fast"), "unknown write settings"),
                          (write_request("orc", out, os.path.join(self.dir, "nope.arrow"), "default"), "no such file"),
                          (write_request("orc", out, PATHS["parquet"], "default"), "no Arrow IPC file"),
                          (write_request("orc", out, self.source, "default", [{"name": "zz", "kind": "int"}]),
                           "'zz'")):
            with self.subTest(text=text):
                r = self.ask(req)
                self.assertFalse(r["ok"])
                self.assertIn(text, r["error"])
        self.assertFalse(os.path.lexists(out))
        r = self.ask({"op": "run", "iters": 1})  # the failed prepare left nothing current
        self.assertFalse(r["ok"])

    def test_pyarrow_reads_zstd_orc(self):
        r = self.ask(prepare("pyarrow", "orc", {"kind": "scan"}, "zstd"))
        self.assertTrue(r["ok"], r)
        self.assertEqual(got_checksum(r), ref_checksum(TABLE))
        for engine in ("pandas", "vortex", "lance"):
            r = self.ask(prepare(engine, "orc", {"kind": "scan"}, "zstd"))
            self.assertFalse(r["ok"])
            self.assertTrue(r["error"].startswith("not measured:"), r["error"])

    # the inherited engine × format tests need not run twice
    test_every_engine_and_format = test_compressed_whole = test_bad_requests_name_the_problem = None
    test_run = test_hello = None


def nan_free(col):
    """A column's values, NaN as the string "NaN" (NaN equals nothing)."""
    return ["NaN" if isinstance(v, float) and math.isnan(v) else v for v in col.to_pylist()]


class Conversions(unittest.TestCase):
    """convert and to_arrow: the test table's IPC file (a dictionary column,
    several batches) streamed to each format at both settings, read back by
    the reference reader, and streamed back to an IPC file."""

    @classmethod
    def setUpClass(cls):
        cls.w = Worker()
        cls.dir = tempfile.mkdtemp(prefix="conversions-", dir=TMP.name)
        dictionary = TABLE.set_column(2, "s", TABLE["s"].dictionary_encode())
        cls.source = ipc_file(dictionary, os.path.join(cls.dir, "in.arrow"))
        cls.converted = {}
        for fmt in WRITTEN:
            for settings in ("default", "tuned"):
                out = os.path.join(cls.dir, f"c-{settings}.{fmt}")
                cls.converted[fmt, settings] = (out, cls.w.ask({"op": "convert", "input": cls.source, "format": fmt,
                                                                "settings": settings, "output": out}))

    @classmethod
    def tearDownClass(cls):
        cls.w.close()

    def assertSameTable(self, got):
        self.assertEqual(got.column_names, TABLE.column_names)
        self.assertEqual(got.num_rows, N)
        for name in TABLE.column_names:
            col = got[name]
            if pa.types.is_dictionary(col.type):
                col = col.cast(col.type.value_type)
            self.assertEqual(nan_free(col.cast(TABLE[name].type)), nan_free(TABLE[name]), name)

    @staticmethod
    def reference_read(fmt, path):
        if fmt == "orc":
            import pyarrow.orc as orc
            return orc.read_table(path)
        if fmt == "vortex":
            import vortex
            return vortex.open(path).to_arrow().read_all()
        import lance
        return lance.dataset(path).to_table()

    def test_convert_reads_back_the_table(self):
        for (fmt, settings), (out, r) in self.converted.items():
            with self.subTest(format=fmt, settings=settings):
                self.assertTrue(r["ok"], r)
                self.assertEqual(r["rows"], N)
                self.assertEqual(os.path.isdir(out), fmt == "lance")
                on_disk = (sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(out) for f in fs)
                           if fmt == "lance" else os.path.getsize(out))
                self.assertEqual(r["bytes"], on_disk)
                self.assertRegex(r["library"], {"orc": r"^pyarrow \d", "vortex": r"^vortex-data \d",
                                                "lance": r"^pylance \d"}[fmt])
                self.assertIn("tuned" if settings == "tuned" else "defaults", r["settings"])
                if fmt == "lance":
                    self.assertRegex(r["file_version"], r"^2\.")
                else:
                    self.assertIsNone(r["file_version"])
                self.assertSameTable(self.reference_read(fmt, out))
        for fmt in ("orc", "vortex"):  # the tuned settings are the write query's
            self.assertLess(self.converted[fmt, "tuned"][1]["bytes"], self.converted[fmt, "default"][1]["bytes"])

    def test_with_columns_the_read_back_checksum_equals_the_inputs(self):
        for fmt in WRITTEN:
            with self.subTest(format=fmt):
                out = os.path.join(self.dir, f"sums.{fmt}")
                r = self.w.ask({"op": "convert", "input": self.source, "format": fmt, "settings": "tuned",
                                "output": out, "columns": COLUMNS})
                self.assertTrue(r["ok"], r)
                self.assertEqual(r["rows_back"], N)
                self.assertEqual(r["checksum"], r["checksum_in"])
                self.assertEqual([c["name"] for c in r["checksum"]], TABLE.column_names)

    def test_the_same_settings_as_the_write_query(self):
        for (fmt, settings), (out, r) in self.converted.items():
            with self.subTest(format=fmt, settings=settings):
                path = os.path.join(self.dir, f"w-{settings}.{fmt}")
                w = self.w.ask(write_request(fmt, path, self.source, settings))
                self.assertTrue(w["ok"], w)
                self.assertEqual((r["library"], r["settings"], r["file_version"]),
                                 (w["library"], w["settings"], w["file_version"]))

    def test_to_arrow_gives_back_the_table(self):
        for (fmt, settings), (out, r) in self.converted.items():
            with self.subTest(format=fmt, settings=settings):
                self.assertTrue(r["ok"], r)
                back = os.path.join(self.dir, f"back-{settings}-{fmt}.arrow")
                a = self.w.ask({"op": "to_arrow", "input": out, "format": fmt, "output": back})
                self.assertTrue(a["ok"], a)
                self.assertEqual(a["rows"], N)
                self.assertEqual(a["schema"], TABLE.column_names)
                with pa.memory_map(back) as src:
                    self.assertSameTable(ipc.open_file(src).read_all())

    def test_an_existing_output_is_refused_and_untouched(self):
        for fmt in WRITTEN:
            with self.subTest(format=fmt):
                out, _ = self.converted[fmt, "default"]
                before = sorted(os.listdir(out)) if fmt == "lance" else None
                stamp = os.path.getmtime(out)
                r = self.w.ask({"op": "convert", "input": self.source, "format": fmt, "settings": "tuned",
                                "output": out})
                self.assertFalse(r["ok"])
                self.assertEqual(r["error"], f"the output exists already: {out}")
                self.assertEqual(os.path.getmtime(out), stamp)
                if fmt == "lance":
                    self.assertEqual(sorted(os.listdir(out)), before)
                self.assertSameTable(self.reference_read(fmt, out))
                r = self.w.ask({"op": "to_arrow", "input": out, "format": fmt, "output": self.source})
                self.assertFalse(r["ok"])
                self.assertEqual(r["error"], f"the output exists already: {self.source}")
        with pa.memory_map(self.source) as src:
            self.assertSameTable(ipc.open_file(src).read_all())

    def test_a_failing_convert_leaves_nothing(self):
        table = pa.table({"i": pa.array(range(300), pa.int64()),
                          "u": pa.array([k if k % 5 else None for k in range(300)], pa.uint64()),
                          "du": pa.array([dt.timedelta(seconds=k) for k in range(300)], pa.duration("us")),
                          "iv": pa.array([(1, 2, k) for k in range(300)], pa.month_day_nano_interval())})
        for fmt, cols, refused in (("orc", ["i", "u"], "'u' (uint64)"), ("vortex", ["i", "du"], "'du' (duration[us])"),
                                   ("lance", ["i", "iv"], "'iv' (month_day_nano_interval)")):
            for settings in ("default", "tuned"):
                with self.subTest(format=fmt, settings=settings):
                    src = ipc_file(table.select(cols), os.path.join(self.dir, f"refused-{fmt}.arrow"))
                    out = os.path.join(self.dir, f"refused.{fmt}")
                    r = self.w.ask({"op": "convert", "input": src, "format": fmt, "settings": settings,
                                    "output": out})
                    self.assertFalse(r["ok"])
                    self.assertTrue(r["error"].startswith(f"not measured: {fmt} cannot hold column {refused}: "),
                                    r["error"])
                    self.assertNotIn("\n", r["error"])
                    self.assertFalse(os.path.lexists(out))
                    os.remove(src)

    def test_bad_requests(self):
        out = os.path.join(self.dir, "bad.orc")
        for req, text in (({"op": "convert", "input": self.source, "format": "parquet", "settings": "default",
                            "output": out}, "orc, vortex, lance"),
                          ({"op": "convert", "input": self.source, "format": "orc", "settings": "fast",
                            "output": out}, "unknown settings"),
                          ({"op": "convert", "input": os.path.join(self.dir, "nope.arrow"), "format": "orc",
                            "settings": "default", "output": out}, "no such file"),
                          ({"op": "convert", "input": PATHS["parquet"], "format": "orc", "settings": "default",
                            "output": out}, "no Arrow IPC file"),
                          ({"op": "to_arrow", "input": PATHS["parquet"], "format": "orc", "output": out},
                           "failed to read"),
                          ({"op": "to_arrow", "input": PATHS["parquet"], "format": "lance", "output": out},
                           "no such dataset directory")):
            with self.subTest(text=text):
                r = self.w.ask(req)
                self.assertFalse(r["ok"])
                self.assertIn(text, r["error"])
                self.assertFalse(os.path.lexists(out))
        self.assertTrue(self.w.ask({"op": "hello"})["ok"])  # the worker lives on


# CSV and JSON Lines carry no types: the engines read them with the kinds'
# types. Text that looks like a date ("2012/01/01", kind text) stays that
# text; ints, floats (12.8), ISO dates and timestamps (naive, "Z", "+01:00")
# are those values; an empty field (JSON null) is null.
TYPED_SCHEMA = [("s", "text"), ("i", "int"), ("f", "float"), ("d", "date"), ("ts", "timestamp"),
                ("tz", "timestamp"), ("b", "bool")]
TYPED_KINDS = dict(TYPED_SCHEMA)
TYPED_ROWS = [  # as written: text (None is an empty field, JSON null)
    ("2012/01/01", "1", "12.8", "2012-01-01", "2012-01-01 05:00:00", "2012-01-01 05:00:00Z", "true"),
    ("2015/12/31", "-3", "0.1", "2015-12-31", "2015-12-31 23:59:59.123456", "2015-12-31 23:59:59.5+01:00", "false"),
    (None, None, None, None, None, None, None),
    # 2**53 - 1: pandas' JSON reader makes floats of an int column with nulls
    ("2016/02/29", "9007199254740991", "-1e300", "2016-02-29", "2016-02-29 00:00:00.5", "2016-02-29 00:00:00-02:30",
     "true"),
    ("1970/01/01", "0", "3", "1970-01-01", "1969-12-31 23:59:59.999999", "1970-01-01 00:00:00Z", "false"),
]


def typed_table():
    """The reference values of TYPED_ROWS, typed by the kinds."""
    def value(kind, t):
        if t is None:
            return None
        if kind == "int":
            return int(t)
        if kind == "float":
            return float(t)
        if kind == "bool":
            return t == "true"
        if kind == "date":
            return dt.date.fromisoformat(t)
        if kind == "timestamp":
            v = dt.datetime.fromisoformat(t.replace("Z", "+00:00"))
            return v.replace(tzinfo=UTC) if v.tzinfo is None else v.astimezone(UTC)
        return t
    cols = list(zip(*TYPED_ROWS))
    return pa.table({n: pa.array([value(k, t) for t in col]) for (n, k), col in zip(TYPED_SCHEMA, cols)})


def write_typed_files(d):
    csv_path, jsonl_path = os.path.join(d, "typed.csv"), os.path.join(d, "typed.jsonl")
    with open(csv_path, "w", encoding="utf-8", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow([n for n, _ in TYPED_SCHEMA])
        for row in TYPED_ROWS:
            w.writerow(["" if t is None else t for t in row])
    with open(jsonl_path, "w", encoding="utf-8") as f:
        for row in TYPED_ROWS:
            obj = {}
            for (n, k), t in zip(TYPED_SCHEMA, row):
                if t is None or k in ("text", "date", "timestamp"):
                    obj[n] = t
                else:
                    obj[n] = json.loads(t)  # numbers and bools as JSON writes them
            f.write(json.dumps(obj) + "\n")
    return {"csv": csv_path, "jsonl": jsonl_path}


class TypedByKinds(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.w = Worker()
        cls.paths = write_typed_files(TMP.name)
        cls.table = typed_table()
        cls.columns = [{"name": n, "kind": k} for n, k in TYPED_SCHEMA]

    @classmethod
    def tearDownClass(cls):
        cls.w.close()

    def test_the_reference_table(self):
        self.assertEqual(self.table["i"][3].as_py(), 9007199254740991)
        self.assertEqual(self.table["tz"][3].as_py(), dt.datetime(2016, 2, 29, 2, 30, tzinfo=UTC))

    def test_every_engine_reads_the_kinds_types(self):
        want = ref_checksum(self.table, TYPED_KINDS)
        for fmt in ("csv", "jsonl"):
            for engine in BASE_ENGINES:
                with self.subTest(engine=engine, format=fmt):
                    r = self.w.ask(prepare(engine, fmt, {"kind": "scan"}, path=self.paths[fmt],
                                           columns=self.columns))
                    self.assertTrue(r["ok"], r)
                    self.assertEqual(r["rows"], len(TYPED_ROWS))
                    self.assertEqual(got_checksum(r), want)
                    for q, rows in (({"kind": "filter", "column": "s", "op": "==", "value": "2012/01/01"}, [0]),
                                    ({"kind": "filter", "column": "d", "op": ">=", "value": "2015-12-31"}, [1, 3]),
                                    ({"kind": "filter", "column": "tz", "op": "<", "value": "2015-12-31 23:00:00"},
                                     [0, 1, 4]),
                                    ({"kind": "take", "rows": [1, 2]}, [1, 2])):
                        r = self.w.ask(prepare(engine, fmt, q, path=self.paths[fmt], columns=self.columns))
                        self.assertTrue(r["ok"], (q, r))
                        self.assertEqual(got_checksum(r), ref_checksum(self.table.take(rows), TYPED_KINDS), q)

    def test_an_engine_failing_to_read_is_not_measured(self):
        p = os.path.join(TMP.name, "bad-int.csv")
        with open(p, "w", encoding="utf-8") as f:
            f.write("i\n1\nabc\n")
        for engine in BASE_ENGINES:
            with self.subTest(engine=engine):
                r = self.w.ask(prepare(engine, "csv", {"kind": "scan"}, path=p, columns=[{"name": "i", "kind": "int"}]))
                self.assertFalse(r["ok"])
                self.assertTrue(r["error"].startswith(f"not measured: {engine} failed to read it: "), r["error"])
                self.assertNotIn("\n", r["error"])


# A user's own CSV as R writes it: NA (and other null words) for a missing
# value in typed columns; in a text column the same words are text.
NULL_TOKENS = ["NA", "N/A", "NaN", "nan", "NULL", "null", "None"]
TOKEN_SCHEMA = [("s", "text"), ("i", "int"), ("f", "float"), ("d", "date"), ("ts", "timestamp"), ("b", "bool"),
                ("tm", "time"), ("tz", "timestamp")]
TOKEN_KINDS = dict(TOKEN_SCHEMA)
TOKEN_ROWS = [  # as written; the reference: the tokens null outside s, an empty field null everywhere
    ("NA", "1", "1.5", "2012-01-01", "2012-01-01 05:00:00", "true", "05:00:01", "2012-01-01 05:00:00Z"),
    ("x", "NA", "NA", "NA", "NA", "NA", "NA", "NA"),
    ("", "N/A", "null", "NULL", "None", "", "", "None"),
    ("NULL", "3", "nan", "2013-02-03", "2013-02-03 04:05:06", "false", "NA", "2013-02-03 04:05:06Z"),
    ("null", "-2", "NaN", "NA", "2014-01-01 00:00:00.5", "NULL", "23:59:59.5", "2014-01-01 00:00:00+01:00"),
]


def token_table(schema):
    def value(kind, t):
        if t == "" or (kind != "text" and t in NULL_TOKENS):
            return None
        if kind == "int":
            return int(t)
        if kind == "float":
            return float(t)
        if kind == "bool":
            return t == "true"
        if kind == "date":
            return dt.date.fromisoformat(t)
        if kind == "timestamp":
            v = dt.datetime.fromisoformat(t.replace("Z", "+00:00"))
            return v.replace(tzinfo=UTC) if v.tzinfo is None else v.astimezone(UTC)
        return t
    idx = [k for k, (n, _) in enumerate(TOKEN_SCHEMA) if n in dict(schema)]
    return pa.table({TOKEN_SCHEMA[k][0]: pa.array([value(TOKEN_SCHEMA[k][1], r[k]) for r in TOKEN_ROWS])
                     for k in idx if TOKEN_SCHEMA[k][1] != "time"})


class NullTokens(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.w = Worker()

    @classmethod
    def tearDownClass(cls):
        cls.w.close()

    def write(self, name, schema, compression=None):
        idx = [k for k, (n, _) in enumerate(TOKEN_SCHEMA) if n in dict(schema)]
        p = os.path.join(TMP.name, name)
        with open(p, "w", encoding="utf-8", newline="") as f:
            w = csv.writer(f, lineterminator="\n")
            w.writerow([TOKEN_SCHEMA[k][0] for k in idx])
            for row in TOKEN_ROWS:
                w.writerow([row[k] for k in idx])
        if compression:
            with open(p, "rb") as f:
                data = f.read()
            p += ".zst"
            with pa.output_stream(p, compression="zstd") as f:
                f.write(data)
        return p, [{"name": TOKEN_SCHEMA[k][0], "kind": TOKEN_SCHEMA[k][1]} for k in idx]

    def check(self, path, columns, compression="none"):
        table = token_table([(c["name"], c["kind"]) for c in columns])
        kinds = {c["name"]: c["kind"] for c in columns}
        ref = ref_checksum(table, kinds)
        if "tm" in kinds:  # the time column: its non-null values, by the worker's own checksum
            tm = [None if t in NULL_TOKENS or t == "" else t for t in (r[6] for r in TOKEN_ROWS)]
            c = checksum.column_checksum(pa.array(tm, pa.string()), "time")
            ref["tm"] = (str(c[0]), str(c[1]))
        for engine in BASE_ENGINES:
            with self.subTest(engine=engine, path=path):
                r = self.w.ask(prepare(engine, "csv", {"kind": "scan"}, compression, path=path, columns=columns,
                                       null_tokens=NULL_TOKENS))
                self.assertTrue(r["ok"], r)
                self.assertEqual(r["rows"], len(TOKEN_ROWS))
                self.assertEqual(got_checksum(r), ref)
                ints = table["i"].to_pylist()
                for q, rows in (({"kind": "filter", "column": "i", "op": "!=", "value": 2},
                                 [k for k, v in enumerate(ints) if v is not None and v != 2]),
                                ({"kind": "filter", "column": "i", "op": ">=", "value": -10},
                                 [k for k, v in enumerate(ints) if v is not None]),
                                ({"kind": "filter", "column": "d", "op": "<", "value": "2013-01-01"}, [0]),
                                ({"kind": "take", "rows": [1, 2]}, [1, 2])):
                    r = self.w.ask(prepare(engine, "csv", q, compression, path=path, columns=columns,
                                           null_tokens=NULL_TOKENS))
                    self.assertTrue(r["ok"], (q, r))
                    self.assertEqual(r["rows"], len(rows), q)
                    want = ref_checksum(table.take(rows), kinds)
                    self.assertEqual({k: v for k, v in got_checksum(r).items() if k != "tm"}, want, q)
                if "s" in kinds:
                    r = self.w.ask(prepare(engine, "csv", {"kind": "filter", "column": "s", "op": "==", "value": "NA"},
                                           compression, path=path, columns=columns, null_tokens=NULL_TOKENS))
                    self.assertTrue(r["ok"], r)
                    self.assertEqual(r["rows"], 1)
                r = self.w.ask(prepare(engine, "csv", {"kind": "project", "columns": ["i", "f"]}, compression,
                                       path=path, columns=columns, null_tokens=NULL_TOKENS))
                self.assertTrue(r["ok"], r)
                self.assertEqual(got_checksum(r), {k: ref[k] for k in ("i", "f")})

    def test_tokens_are_null_outside_text_columns(self):
        self.check(*self.write("tokens.csv", TOKEN_SCHEMA))

    def test_tokens_without_a_text_column(self):  # the engines' own all-column null words
        self.check(*self.write("tokens-typed.csv", TOKEN_SCHEMA[1:]))

    def test_tokens_in_a_compressed_csv(self):  # polars' eager read_csv, pandas' zstandard
        self.check(*self.write("tokens.csv", TOKEN_SCHEMA, compression="zstd"), compression="zstd")

    def test_without_tokens_na_is_no_int(self):
        p, columns = self.write("tokens.csv", TOKEN_SCHEMA)
        for engine in BASE_ENGINES:
            with self.subTest(engine=engine):
                r = self.w.ask(prepare(engine, "csv", {"kind": "scan"}, path=p, columns=columns))
                self.assertFalse(r["ok"])
                self.assertTrue(r["error"].startswith(f"not measured: {engine} failed to read it: "), r["error"])
                r = self.w.ask(prepare(engine, "csv", {"kind": "scan"}, path=p, columns=columns, null_tokens=[]))
                self.assertFalse(r["ok"])

    def test_json_lines_ignore_tokens(self):
        paths = write_typed_files(TMP.name)
        columns = [{"name": n, "kind": k} for n, k in TYPED_SCHEMA]
        want = ref_checksum(typed_table(), TYPED_KINDS)
        for engine in BASE_ENGINES:
            with self.subTest(engine=engine):
                r = self.w.ask(prepare(engine, "jsonl", {"kind": "scan"}, path=paths["jsonl"], columns=columns,
                                       null_tokens=NULL_TOKENS))
                self.assertTrue(r["ok"], r)
                self.assertEqual(got_checksum(r), want)

    def test_bad_tokens(self):
        p, columns = self.write("tokens.csv", TOKEN_SCHEMA)
        r = self.w.ask(prepare("pyarrow", "csv", {"kind": "scan"}, path=p, columns=columns, null_tokens="NA"))
        self.assertFalse(r["ok"])
        self.assertIn("null_tokens", r["error"])


class Hidden(unittest.TestCase):
    def test_hide_env_reports_engines_missing(self):
        env = dict(os.environ, ENCBENCH_ENGINES_HIDE="pandas, duckdb")
        w = Worker(env)
        try:
            r = w.ask({"op": "hello"})
            self.assertEqual([e["name"] for e in r["engines"]], ["polars", "pyarrow", "vortex", "lance", "spark"])
            self.assertEqual(r["missing"], [{"name": "duckdb", "why": "hidden by ENCBENCH_ENGINES_HIDE"},
                                            {"name": "pandas", "why": "hidden by ENCBENCH_ENGINES_HIDE"}])
            r = w.ask(prepare("pandas", "parquet", {"kind": "scan"}))
            self.assertFalse(r["ok"])
            self.assertTrue(r["error"].startswith("not measured: pandas is not available (hidden by"), r)
            self.assertTrue(w.ask(prepare("pyarrow", "parquet", {"kind": "scan"}))["ok"])
            w.proc.stdin.write(json.dumps({"op": "quit"}) + "\n")
            w.proc.stdin.flush()
            self.assertEqual(w.proc.wait(timeout=30), 0)
        finally:
            w.close()


if __name__ == "__main__":
    unittest.main()
