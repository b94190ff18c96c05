"""polars: lazy scans (scan_parquet, scan_ipc, scan_csv, scan_ndjson) where
polars has them, so projections, filters and row selections are pushed into
the reader; eager reads for the IPC stream and Avro. Compressed whole: polars'
read_csv and read_ndjson decompress gzip and zstd themselves (eagerly); no lz4,
nothing for the other formats."""

import datetime as dt
import operator

import polars as pl

from .common import NotMeasured, Plan, not_compressed

NAME = "polars"
VERSION = pl.__version__

OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
ROW = "__encbench_row"


# CSV and JSON Lines: the full schema from the kinds (schema=, no
# inference). Datetime("us") parses "Z"/"+01:00" offsets to their UTC instant.
POLARS_TYPE = {"int": pl.Int64, "bool": pl.Boolean, "float": pl.Float64, "float32": pl.Float64, "text": pl.String,
               "date": pl.Date, "timestamp": pl.Datetime("us"), "time": pl.String, "duration": pl.String,
               "count": pl.String}


def schema_of(spec):
    return {n: POLARS_TYPE[spec.kinds[n]] for n in spec.names}


def to_arrow(df):
    return df.to_arrow()


def filter_expr(spec, schema):
    """The comparison as a polars expression for a frame of `schema`:
    the literal in the column's own type (so scans can prune), text columns
    parsed for date/timestamp kinds; nulls and NaN never match."""
    c, v, kind = spec.column, spec.value, spec.kind
    t = schema[c]
    col = pl.col(c)
    lit = pl.lit(v)
    if kind in ("date", "timestamp", "time"):
        if t == pl.String:
            if kind == "date":
                col = col.str.to_date("%Y-%m-%d")
            elif kind == "timestamp":  # naive text is UTC, offsets converted: compare UTC instants
                col = col.str.to_datetime(time_unit="us", time_zone="UTC")
                lit = pl.lit(v.replace(tzinfo=dt.timezone.utc))
            else:
                col = col.str.to_time()
        elif isinstance(t, pl.Datetime):
            if not isinstance(v, dt.datetime):
                v = dt.datetime.combine(v, dt.time())
            lit = pl.lit(v, dtype=pl.Datetime(t.time_unit or "us"))
            if t.time_zone:
                lit = lit.dt.replace_time_zone("UTC").dt.convert_time_zone(t.time_zone)
        elif t == pl.Date and isinstance(v, dt.datetime):
            lit = pl.lit(v.date())
    e = OPS[spec.op](col, lit)
    if kind in ("float", "float32") and t.is_float():
        e = e & col.is_not_nan()  # polars orders NaN above every number; NaN is missing here
    return e


def _lazy_plan(spec, lf, s):
    """Queries over a LazyFrame factory `lf` (a fresh scan per run)."""
    q = spec.query
    if q == "scan":
        return Plan(lambda: lf().collect(), f"{s}.collect()", to_arrow)
    if q == "project":
        cols = spec.columns
        return Plan(lambda: lf().select(cols).collect(), f"{s}.select({cols!r}).collect()", to_arrow)
    if q == "filter":
        e = filter_expr(spec, lf().collect_schema())
        return Plan(lambda: lf().filter(e).collect(), f"{s}.filter({e}).collect()", to_arrow)
    if q == "take":
        rows = spec.rows
        return Plan(lambda: lf().with_row_index(ROW).filter(pl.col(ROW).is_in(rows)).drop(ROW).collect(),
                    f"{s}.with_row_index().filter(index.is_in(rows)).drop(index).collect()", to_arrow)

    def open_():
        f = lf()
        return f.select(pl.len()).collect().item(), len(f.collect_schema())
    return Plan(open_, f"{s}: .collect_schema(), .select(pl.len()).collect()")


def _eager_plan(spec, read, s, read_columns=None):
    """Queries over an eager reader `read` (no scan: read, then select)."""
    q = spec.query
    if q == "scan":
        return Plan(read, s, to_arrow)
    if q == "project":
        cols = spec.columns
        if read_columns is not None:
            return Plan(lambda: read_columns(cols), f"{s} with columns={cols!r}", to_arrow)
        return Plan(lambda: read().select(cols), f"{s}.select({cols!r})", to_arrow)
    if q == "filter":
        def run():
            df = read()
            return df.filter(filter_expr(spec, df.schema))
        return Plan(run, f"{s}.filter(<{spec.column} {spec.op} value>)", to_arrow)
    if q == "take":
        rows = spec.rows
        return Plan(lambda: read()[rows], f"{s}[rows]", to_arrow)

    def open_():
        return read().shape
    return Plan(open_, f"{s}.shape")


def prepare(spec):
    f, p, c = spec.format, spec.path, spec.compression
    if f == "parquet":
        not_compressed(spec, "polars")
        if spec.query == "scan":
            return Plan(lambda: pl.read_parquet(p), "pl.read_parquet(P)", to_arrow)
        return _lazy_plan(spec, lambda: pl.scan_parquet(p), "pl.scan_parquet(P)")
    if f == "arrow":
        not_compressed(spec, "polars")
        if spec.query == "scan":
            return Plan(lambda: pl.read_ipc(p), "pl.read_ipc(P)", to_arrow)
        return _lazy_plan(spec, lambda: pl.scan_ipc(p), "pl.scan_ipc(P)")
    if f == "arrow-stream":
        not_compressed(spec, "polars")
        return _eager_plan(spec, lambda: pl.read_ipc_stream(p), "pl.read_ipc_stream(P)",
                           lambda cols: pl.read_ipc_stream(p, columns=cols))
    if f == "avro":
        not_compressed(spec, "polars")
        return _eager_plan(spec, lambda: pl.read_avro(p), "pl.read_avro(P)",
                           lambda cols: pl.read_avro(p, columns=cols))
    if f in ("csv", "jsonl"):
        if c == "lz4":
            raise NotMeasured(f"polars does not read {f} compressed with lz4 (it decompresses gzip and zstd only)")
        sc = schema_of(spec)
        if f == "csv":
            if c == "none":
                if spec.query == "scan":
                    return Plan(lambda: pl.read_csv(p, schema=sc), "pl.read_csv(P, schema=<from the kinds>)", to_arrow)
                return _lazy_plan(spec, lambda: pl.scan_csv(p, schema=sc), "pl.scan_csv(P, schema=<from the kinds>)")
            # scan_csv does not decompress: read_csv does, eagerly
            return _eager_plan(spec, lambda: pl.read_csv(p, schema=sc),
                               f"pl.read_csv(P, schema=<from the kinds>) ({c} detected by polars)",
                               lambda cols: pl.read_csv(p, schema=sc, columns=cols))
        if c == "none":
            if spec.query == "scan":
                return Plan(lambda: pl.read_ndjson(p, schema=sc), "pl.read_ndjson(P, schema=<from the kinds>)", to_arrow)
            return _lazy_plan(spec, lambda: pl.scan_ndjson(p, schema=sc), "pl.scan_ndjson(P, schema=<from the kinds>)")
        return _eager_plan(spec, lambda: pl.read_ndjson(p, schema=sc),
                           f"pl.read_ndjson(P, schema=<from the kinds>) ({c} detected by polars)")
    raise NotMeasured(f"polars does not read {f}")
