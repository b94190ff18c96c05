"""Tests of the spark engine and of engine_convert (Spark and DuckDB), through
the engines worker's protocol. One worker, so one SparkSession (its JVM
start costs seconds), for the whole file.

    workers/python/.venv/bin/python -m unittest workers/python/tests/test_spark_engine.py

Skipped, with the reason, where pyspark does not import (CI builds the venv
with it, and a JDK).
"""

import os
import pathlib
import sys
import tempfile
import unittest

import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import test_engines_worker as base  # noqa: E402  (its table, files, reference checksum and queries)

try:
    from engines import spark_session
    WHY_NOT = spark_session.java_missing()
except ImportError as e:
    WHY_NOT = f"pyspark does not import: {e}"
if WHY_NOT and os.environ.get("CI") == "true":
    raise RuntimeError(f"CI builds the venv with pyspark and installs a JDK: {WHY_NOT}")


def listing(root):
    """Every file under root with its size and mtime: what "untouched" means."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for n in names:
            st = os.stat(os.path.join(dirpath, n))
            out[os.path.relpath(os.path.join(dirpath, n), root)] = (st.st_size, st.st_mtime_ns)
    return out


def partitioned(root, rows=300):
    """A hive-partitioned Parquet dataset written by pyarrow: year=/kind= folders."""
    t = pa.table({
        "id": pa.array(range(rows), pa.int64()),
        "v": pa.array([None if i % 17 == 0 else i / 7 for i in range(rows)], pa.float64()),
        "s": pa.array([f"word {i % 13}, \"q\"" for i in range(rows)], pa.string()),
        "year": pa.array([2020 + i % 3 for i in range(rows)], pa.int64()),
        "kind": pa.array(["ab"[i % 2] for i in range(rows)], pa.string()),
    })
    ds.write_dataset(t, root, format="parquet", partitioning=["year", "kind"], partitioning_flavor="hive")
    return t


@unittest.skipIf(WHY_NOT is not None, WHY_NOT or "")
class SparkEngine(unittest.TestCase):
    check_queries = base.EnginesWorker.check_queries

    @classmethod
    def setUpClass(cls):
        cls.w = base.Worker()
        cls.hello = cls.w.ask({"op": "hello"})
        cls.tmp = tempfile.TemporaryDirectory()

    @classmethod
    def tearDownClass(cls):
        cls.w.close()
        cls.tmp.cleanup()

    def ask(self, req):
        return self.w.ask(req)

    def test_0_hello_and_the_jvm_start_said_once(self):
        self.assertIn("spark", [e["name"] for e in self.hello["engines"]], self.hello["missing"])
        first = self.ask(base.prepare("spark", "parquet", {"kind": "open"}))
        self.assertTrue(first["ok"], first)
        second = self.ask(base.prepare("spark", "parquet", {"kind": "open"}))
        notes = [r.get("note") for r in (first, second)]
        if notes[0] is not None:  # the session may have started in an earlier test
            self.assertRegex(notes[0], r"^Spark's JVM start, not counted: \d+\.\d s$")
        self.assertIsNone(notes[1])

    def test_every_format_spark_reads(self):
        for fmt in ("parquet", "csv", "jsonl"):
            with self.subTest(format=fmt):
                self.check_queries("spark", fmt)
        # pyarrow writes a zoned timestamp as ORC's "timestamp with local time
        # zone", a type Spark 4.0 cannot parse: the engine says so...
        r = self.ask(base.prepare("spark", "orc", {"kind": "scan"}))
        self.assertFalse(r["ok"])
        self.assertIn("not measured: spark failed to read it", r["error"])
        self.assertIn("timestamp with local time zone", r["error"])
        # ...and reads the same instants stored as ORC's plain timestamp.
        import pyarrow.orc as orc
        naive = base.TABLE.set_column(4, "ts", base.TABLE["ts"].cast(pa.timestamp("us")))
        path = os.path.join(self.tmp.name, "naive.orc")
        orc.write_table(naive, path, stripe_size=4096)
        self.check_queries("spark", "orc", path=path)

    def test_gzip_csv_and_what_spark_does_not_read(self):
        r = self.ask(base.prepare("spark", "csv", {"kind": "scan"}, "gzip"))
        self.assertTrue(r["ok"], r)
        self.assertEqual(base.got_checksum(r), base.ref_checksum(base.TABLE))
        for fmt, c, why in (("avro", "none", "needs the spark-avro package"), ("arrow", "none", "Arrow IPC"),
                            ("csv", "zstd", "compressed whole with zstd"), ("lance", "none", "lance")):
            with self.subTest(format=fmt, compression=c):
                r = self.ask(base.prepare("spark", fmt, {"kind": "scan"}, c))
                self.assertFalse(r["ok"])
                self.assertTrue(r["error"].startswith("not measured: "), r["error"])
                self.assertIn(why, r["error"])

    def convert(self, engine, source, output, fmt="parquet", options=(), parts=(), input_format="parquet"):
        return self.ask({"op": "engine_convert", "engine": engine, "input": str(source),
                         "input_format": input_format, "format": fmt, "options": [list(o) for o in options],
                         "read_options": [], "partition_by": list(parts), "output": str(output)})

    def assert_same(self, r, rows):
        self.assertTrue(r["ok"], r)
        self.assertEqual((r["rows_source"], r["rows_engine"], r["rows_pyarrow"]), (rows, rows, rows))
        by_name = {c["name"]: c for c in r["checksum_source"]}
        for side in ("checksum_engine", "checksum_pyarrow"):
            self.assertEqual({c["name"]: c for c in r[side]}, by_name, side)

    def test_spark_converts_a_partitioned_dataset_and_leaves_the_input_as_it_was(self):
        root = pathlib.Path(self.tmp.name) / "spark"
        src = root / "in"
        t = partitioned(src)
        before = listing(src)
        out = root / "out"
        r = self.convert("spark", src, out, options=[("compression", "zstd"),
                                                    ("parquet.compression.codec.zstd.level", "3")],
                         parts=["year", "kind"])
        self.assert_same(r, t.num_rows)
        self.assertEqual(listing(src), before)
        self.assertEqual(sorted(p.name for p in out.iterdir() if p.is_dir()), ["year=2020", "year=2021", "year=2022"])
        files = [p for p in out.rglob("*.parquet")]
        self.assertTrue(files and all(".zstd." in p.name for p in files), files)
        self.assertEqual(pq.ParquetFile(files[0]).metadata.row_group(0).column(0).compression, "ZSTD")
        # read back independently, value by value
        back = ds.dataset(out, partitioning="hive").to_table().sort_by("id")
        self.assertEqual(back["v"].to_pylist(), t["v"].to_pylist())
        self.assertEqual(back["s"].to_pylist(), t["s"].to_pylist())
        self.assertEqual(back["year"].cast(pa.int64()).to_pylist(), t["year"].to_pylist())
        # an existing output is never written over, a path inside the input never written
        r = self.convert("spark", src, out)
        self.assertFalse(r["ok"])
        self.assertIn("must be a new path", r["error"])
        r = self.convert("spark", src, src / "inside")
        self.assertFalse(r["ok"])
        self.assertIn("inside the input", r["error"])
        self.assertEqual(listing(src), before)

    def test_a_failing_job_leaves_nothing(self):
        root = pathlib.Path(self.tmp.name) / "fail"
        src = root / "in"
        partitioned(src)
        (src / "year=2020" / "kind=a" / "broken.parquet").write_bytes(b"PAR1 not a parquet file at all PAR1")
        for engine in ("spark", "duckdb"):
            with self.subTest(engine=engine):
                out = root / f"out-{engine}"
                r = self.convert(engine, src, out, parts=["year", "kind"])
                self.assertFalse(r["ok"])
                self.assertIn(f"{engine} failed", r["error"])
                self.assertIn("nothing was written", r["error"])
                self.assertFalse(out.exists())
        self.assertEqual(sorted(p.name for p in root.iterdir()), ["in"])
        # A malformed CSV row fails the read (FAILFAST, as encbench asks), not a row of nulls.
        bad = root / "bad.csv"
        bad.write_text("a,b\n1,x\n2,y,z\n3,w\n")
        r = self.ask({"op": "engine_convert", "engine": "spark", "input": str(bad), "input_format": "csv",
                      "format": "parquet", "options": [], "partition_by": [], "output": str(root / "bad.parquet"),
                      "read_options": [["header", "true"], ["inferSchema", "true"], ["mode", "FAILFAST"]]})
        self.assertFalse(r["ok"])
        self.assertIn("MALFORMED_CSV_RECORD", r["error"])
        self.assertNotIn("\tat ", r["error"])
        self.assertEqual(sorted(p.name for p in root.iterdir()), ["bad.csv", "in"])

    def test_spark_writes_orc_json_lines_and_csv(self):
        root = pathlib.Path(self.tmp.name) / "formats"
        t = partitioned(root / "in", rows=120)
        for fmt, options in (("orc", [("compression", "zstd")]), ("jsonl", [("compression", "gzip")]),
                             ("csv", [("header", "true"), ("escape", '"'), ("compression", "none")])):
            with self.subTest(format=fmt):
                r = self.convert("spark", root / "in", root / f"out.{fmt}", fmt, options, ["year", "kind"])
                self.assert_same(r, t.num_rows)

    def test_duckdb_converts_the_same_dataset(self):
        root = pathlib.Path(self.tmp.name) / "duckdb"
        t = partitioned(root / "in")
        before = listing(root / "in")
        r = self.convert("duckdb", root / "in", root / "out", options=[("COMPRESSION", "zstd")],
                         parts=["year", "kind"])
        self.assert_same(r, t.num_rows)
        self.assertEqual(listing(root / "in"), before)
        r = self.convert("duckdb", root / "in", root / "one.parquet", options=[("COMPRESSION", "zstd")])
        self.assert_same(r, t.num_rows)
        self.assertEqual(pq.read_table(root / "one.parquet").num_rows, t.num_rows)


if __name__ == "__main__":
    unittest.main()
