"""polars: lazy scans (scan_parquet, scan_ipc, scan_csv, scan_ndjson) where
polars has them, so projections, filters and row selections are pushed into
the reader; eager reads for the IPC stream and Avro. Compressed whole: polars'
read_csv and read_ndjson decompress gzip and zstd themselves (eagerly); no lz4,
nothing for the other formats."""

import datetime as dt
import operator

import polars as pl

from .common import NotMeasured, Plan, not_compressed, null_token_columns, tokens_in_some_columns

NAME = "polars"
VERSION = pl.__version__

OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
ROW = "__encbench_row"


# CSV and JSON Lines: the full schema from the kinds (schema=, no
# inference). Datetime("us") parses "Z"/"+01:00" offsets to their UTC instant.
POLARS_TYPE = {"int": pl.Int64, "bool": pl.Boolean, "float": pl.Float64, "float32": pl.Float64, "text": pl.String,
               "date": pl.Date, "timestamp": pl.Datetime("us"), "time": pl.String, "duration": pl.String,
               "count": pl.String}


def schema_of(spec, as_text=()):
    return {n: pl.String if n in as_text else POLARS_TYPE[spec.kinds[n]] for n in spec.names}


def token_expr(name, kind, tokens):
    """A column read as String: the null tokens nulled, then polars' own
    conversion to the kind's type (strict: other text fails the read)."""
    c = pl.col(name)
    v = pl.when(c.is_in(tokens)).then(None).otherwise(c)
    if kind == "int":
        v = v.cast(pl.Int64)
    elif kind in ("float", "float32"):
        v = v.cast(pl.Float64)
    elif kind == "bool":
        v = v.str.to_lowercase().replace_strict({"true": True, "false": False}, return_dtype=pl.Boolean)
    elif kind == "date":
        v = v.str.to_date("%Y-%m-%d")
    elif kind == "timestamp":  # a UTC column: offsets applied, naive text UTC
        v = v.str.to_datetime(time_unit="us", time_zone="UTC")
    return v.alias(name)


def csv_reading(spec):
    """(schema, read_csv/scan_csv keywords, fix(frame, names) or None) for a CSV.
    Null tokens: polars' null_values is one word per column as a dict, or a
    list for every column; with a text column among the token columns, those
    are read as String and fix() nulls the tokens and converts them."""
    cols = null_token_columns(spec)
    if not tokens_in_some_columns(spec):
        kw = dict(null_values=spec.null_tokens) if cols else {}
        return schema_of(spec), kw, None
    exprs = {n: token_expr(n, spec.kinds[n], spec.null_tokens) for n in cols}

    def fix(frame, names=None):
        return frame.with_columns([e for n, e in exprs.items() if names is None or n in names])
    return schema_of(spec, set(cols)), {}, fix


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
            sc, kw, fix = csv_reading(spec)
            s, then = "schema=<from the kinds>" + (f", null_values={spec.null_tokens!r}" if kw else ""), ""
            if fix is None:
                fix = lambda frame, names=None: frame  # noqa: E731
            else:  # the token columns read as String, then nulled and converted
                s = "schema=<from the kinds, String for the non-text columns>"
                then = f".with_columns(<{spec.null_tokens!r} nulled, cast to the kinds' types>)"
            if c == "none":
                if spec.query == "scan":
                    return Plan(lambda: fix(pl.read_csv(p, schema=sc, **kw)), f"pl.read_csv(P, {s}){then}", to_arrow)
                return _lazy_plan(spec, lambda: fix(pl.scan_csv(p, schema=sc, **kw)), f"pl.scan_csv(P, {s}){then}")
            # scan_csv does not decompress: read_csv does, eagerly
            return _eager_plan(spec, lambda: fix(pl.read_csv(p, schema=sc, **kw)),
                               f"pl.read_csv(P, {s}){then} ({c} detected by polars)",
                               lambda cols: fix(pl.read_csv(p, schema=sc, columns=cols, **kw), cols))
        if c == "none":
            if spec.query == "scan":
                return Plan(lambda: pl.read_ndjson(p, schema=sc), "pl.read_ndjson(P, schema=<from the kinds>)", to_arrow)
            return _lazy_plan(spec, lambda: pl.scan_ndjson(p, schema=sc), "pl.scan_ndjson(P, schema=<from the kinds>)")
        return _eager_plan(spec, lambda: pl.read_ndjson(p, schema=sc),
                           f"pl.read_ndjson(P, schema=<from the kinds>) ({c} detected by polars)")
    if f in ("orc", "vortex", "lance"):
        # polars 1.44 has no scan_/read_ for any of them (only through
        # another library's reader: pyarrow's, or vortex's own to_polars)
        raise NotMeasured("polars has no ORC/Vortex/Lance reader")
    raise NotMeasured(f"polars does not read {f}")
