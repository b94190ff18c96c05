"""The DuckDB side of `engine_convert` (engines/engine_convert.py), on one
machine: `COPY (SELECT * FROM <reader>) TO OUTPUT (FORMAT .., <options>,
PARTITION_BY (..))`, the input read by read_parquet / read_csv / read_json
(a folder: every data file under it, hive partitions on), then OUTPUT read
back the same way. Checksums over DuckDB's Arrow record batches, streamed."""

import os
import time

import duckdb

from .spark_checksum import batches_checksum

EXT = {"parquet": "parquet", "orc": None, "jsonl": "json", "csv": "csv"}
READER = {"parquet": "read_parquet", "jsonl": "read_json", "csv": "read_csv"}
BATCH = 64 * 1024


def text(s):
    return "'" + s.replace("'", "''") + "'"


def ident(name):
    return '"' + name.replace('"', '""') + '"'


def source(path, fmt):
    """The reader of a file, or of every data file in a folder."""
    if fmt == "orc":
        raise ValueError("DuckDB has no ORC reader")
    if os.path.isdir(path):
        pattern = os.path.join(path, "**", f"*.{EXT[fmt]}*")
        return f"{READER[fmt]}({text(pattern)}, hive_partitioning = true)"
    return f"{READER[fmt]}({text(path)})"


class Job:
    def __init__(self, req):
        self.req = req
        self.con = duckdb.connect(":memory:")
        self.con.execute("SET autoinstall_known_extensions = false")
        self.con.execute("SET TimeZone = 'UTC'")

    def _sums(self, sql, kinds=None):
        reader = self.con.sql(sql).fetch_record_batch(BATCH)
        if kinds is None:
            from .engine_convert import kind_of_arrow
            kinds = {f.name: kind_of_arrow(f.type) for f in reader.schema}
        rows, sums = batches_checksum(reader, kinds)
        return rows, sums, kinds

    def run(self, output):
        req = self.req
        fmt, parts = req["format"], req.get("partition_by") or []
        if fmt == "orc":
            raise ValueError("DuckDB writes no ORC (its COPY formats: parquet, csv, json)")
        src = source(req["input"], req["input_format"])
        opts = [f"FORMAT {EXT[fmt]}"] + [f"{k} {v}" for k, v in req.get("options") or []]
        if parts:
            opts.append(f"PARTITION_BY ({', '.join(map(ident, parts))})")
        sql = f"COPY (SELECT * FROM {src}) TO {text(output)} ({', '.join(opts)})"
        began = time.perf_counter()
        self.con.execute(sql)
        write_s = time.perf_counter() - began
        began = time.perf_counter()
        rows, sums, kinds = self._sums(f"SELECT * FROM {src}")
        how = sql.replace(text(req["input"]), "INPUT").replace(text(output), "OUTPUT")
        return {"engine": "duckdb", "library": f"duckdb {duckdb.__version__}", "how": how, "kinds": kinds,
                "write_s": write_s, "source_check_s": time.perf_counter() - began,
                "rows_source": rows, "checksum_source": sums, "schema": list(kinds)}

    def read_back(self, output, kinds):
        rows, sums, _ = self._sums(f"SELECT * FROM {source(output, self.req['format'])}", kinds)
        return rows, sums

    def cancel(self):
        self.con.interrupt()
