"""The Spark side of `engine_convert` (engines/engine_convert.py): read the
input with spark.read (a folder's hive partitions discovered by Spark),
write it with DataFrameWriter and the options encbench gives, partitioned
as the input was, then read the result back with Spark. Checksums run in
Spark's Python workers (engines/spark_checksum.py), over the whole data."""

import time

from . import spark_session
from .spark_checksum import frame_checksum, kinds_of

SPARK_FORMAT = {"parquet": "parquet", "orc": "orc", "jsonl": "json", "csv": "csv"}
TEXT = ("csv", "jsonl")


class Job:
    def __init__(self, req):
        from .common import RequestError
        if spark_session.java_missing():
            raise RequestError(f"engine_convert: spark cannot start: {spark_session.java_missing()}")
        self.req = req
        self.session = None

    def _read(self, path, fmt, schema=None, options=()):
        r = self.session.read.format(SPARK_FORMAT[fmt])
        if schema is not None:
            r = r.schema(schema)
        return r.options(**dict(options)).load(path)

    def run(self, output):
        req = self.req
        fresh = spark_session.start_seconds() is None
        self.session = spark_session.session(req.get("master"))
        spark_session.start_note()  # said here, in the answer, instead
        src_fmt = req["input_format"]
        self.read_options = req.get("read_options") or []
        # Timed from the read: a CSV's schema inference reads the data once
        # more there, part of the conversion's cost.
        began = time.perf_counter()
        src = self._read(req["input"], src_fmt, options=self.read_options)
        self.schema = src.schema
        fmt, parts = req["format"], req.get("partition_by") or []
        w = src.write.format(SPARK_FORMAT[fmt]).options(**dict(req.get("options") or [])).mode("errorifexists")
        if parts:
            w = w.partitionBy(*parts)
        w.save(output)
        write_s = time.perf_counter() - began
        kinds = kinds_of(src.schema)
        began = time.perf_counter()
        rows, sums = frame_checksum(src, kinds)
        how = (f"spark.read.format({SPARK_FORMAT[src_fmt]!r}).load(INPUT).write.format({SPARK_FORMAT[fmt]!r})"
               f".options(<options>){'.partitionBy(' + ', '.join(map(repr, parts)) + ')' if parts else ''}"
               ".mode('errorifexists').save(OUTPUT)")
        return {"engine": "spark", "library": f"pyspark {spark_session.VERSION}", "how": how,
                "master": spark_session._state["master"], "kinds": kinds,
                "jvm_start_s": spark_session.start_seconds(), "jvm_started": fresh,
                "write_s": write_s, "source_check_s": time.perf_counter() - began,
                "rows_source": rows, "checksum_source": sums, "schema": [f.name for f in src.schema.fields]}

    def read_back(self, output, kinds):
        fmt = self.req["format"]
        # Text formats read back with the source's schema (as written, no
        # inference); Parquet and ORC with their own.
        schema = self.schema if fmt in TEXT else None
        options = [("header", "true"), ("escape", '"')] if fmt == "csv" else []
        return frame_checksum(self._read(output, fmt, schema, options), kinds)

    def cancel(self):
        if self.session is not None:
            self.session.sparkContext.cancelAllJobs()
