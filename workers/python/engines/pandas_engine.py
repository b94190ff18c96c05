"""pandas: read_parquet (its pyarrow engine), read_feather (the Arrow IPC file
format), read_csv and read_json(lines=True); no Avro or IPC stream reader.
Compressed whole: CSV and JSON Lines through pandas' own compression=
(gzip always; zstd only with the zstandard package; no lz4)."""

import importlib.util
import operator

import pandas as pd
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from .arrow_util import filter_expression
from .common import NotMeasured, Plan, not_compressed

NAME = "pandas"
VERSION = pd.__version__

OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
NAN_TEXT = ["NaN", "nan", "-NaN", "-nan"]


def csv_na(spec):
    """null is an empty field and nothing else (pandas' default list also
    reads "NA", "null", "None", "n/a"... as missing); a float column's NaN text
    is NaN (without it, keep_default_na=False would leave the column text)."""
    return dict(keep_default_na=False,
                na_values={n: [""] + NAN_TEXT if k in ("float", "float32") else [""] for n, k in spec.kinds.items()})


def to_arrow(df):
    return pa.Table.from_pandas(df, preserve_index=False)


def _compression(spec):
    c = spec.compression
    if c == "none":
        return None
    if c == "lz4":
        raise NotMeasured(f"pandas does not read {spec.format} compressed with lz4 (no lz4 in pandas' compression=)")
    if c == "zstd" and importlib.util.find_spec("zstandard") is None:
        raise NotMeasured(f"pandas does not read {spec.format} compressed with zstd here "
                          "(pandas needs the zstandard package, which requirements.txt does not install)")
    return c


def filter_frame(df, spec):
    """Read-then-filter with pandas' boolean masks: missing values (None,
    NaN, NaT) never match; date/timestamp text is parsed first."""
    s, v = df[spec.column], spec.value
    if spec.kind in ("date", "timestamp"):
        utc = spec.kind == "timestamp"
        if pd.api.types.is_datetime64_any_dtype(s):
            pass
        elif pd.api.types.is_string_dtype(s):
            s = pd.to_datetime(s, format="ISO8601", utc=utc)
        else:  # datetime.date objects, as pyarrow's date32 arrives
            s = pd.to_datetime(s)
        v = pd.Timestamp(v)
        if getattr(s.dtype, "tz", None) is not None:
            v = v.tz_localize("UTC")
    mask = s.notna()
    hit = pd.Series(False, index=s.index)
    hit[mask] = OPS[spec.op](s[mask], v)
    return df[hit.to_numpy(dtype=bool)]


def prepare(spec):
    q, f, p = spec.query, spec.format, spec.path
    if f == "avro":
        raise NotMeasured("pandas has no Avro reader")
    if f == "arrow-stream":
        raise NotMeasured("pandas has no reader for the Arrow IPC stream format (read_feather reads the IPC file format)")
    if f == "parquet":
        not_compressed(spec, "pandas", " (read_parquet has no compression=)")
        if q == "scan":
            return Plan(lambda: pd.read_parquet(p), "pd.read_parquet(P)", to_arrow)
        if q == "project":
            cols = spec.columns
            return Plan(lambda: pd.read_parquet(p, columns=cols), f"pd.read_parquet(P, columns={cols!r})", to_arrow)
        if q == "filter":
            e = filter_expression(spec, pq.read_schema(p))
            return Plan(lambda: pd.read_parquet(p, filters=e), f"pd.read_parquet(P, filters={e})", to_arrow)
        if q == "take":
            rows = spec.rows
            return Plan(lambda: pd.read_parquet(p).iloc[rows], "pd.read_parquet(P).iloc[rows]", to_arrow)
        # pandas has no schema-only read: columns=[] reads no column data but
        # keeps the row count, its cheapest path. The column count comes from
        # the file's Arrow schema, read outside timing.
        ncols = len(pq.read_schema(p))
        return Plan(lambda: (len(pd.read_parquet(p, columns=[])), ncols),
                    "len(pd.read_parquet(P, columns=[])); columns from the file's schema (untimed)")
    if f == "arrow":
        not_compressed(spec, "pandas", " (read_feather needs the IPC file itself)")
        if q == "open":
            # no schema-only read either: one column gives the row count.
            schema = ipc.open_file(p).schema
            first, ncols = schema.names[0], len(schema)
            return Plan(lambda: (len(pd.read_feather(p, columns=[first])), ncols),
                        f"len(pd.read_feather(P, columns=[{first!r}])); columns from the file's schema (untimed)")
        if q == "project":
            cols = spec.columns
            return Plan(lambda: pd.read_feather(p, columns=cols), f"pd.read_feather(P, columns={cols!r})", to_arrow)
        return _read_then(spec, lambda: pd.read_feather(p), "pd.read_feather(P)")
    if f == "csv":
        c = _compression(spec)
        na = csv_na(spec)
        if q == "project":
            cols = spec.columns
            return Plan(lambda: pd.read_csv(p, usecols=cols, compression=c, **na),
                        f"pd.read_csv(P, usecols={cols!r}, compression={c!r}, keep_default_na=False, na_values='' (+ NaN in float columns))",
                        to_arrow)
        if q == "open":
            # the row count needs a scan; one column of it is pandas' cheapest
            def open_():
                ncols = len(pd.read_csv(p, nrows=0, compression=c).columns)
                return len(pd.read_csv(p, usecols=[0], compression=c, **na)), ncols
            return Plan(open_, f"len(pd.read_csv(P, usecols=[0], compression={c!r})) + "
                               f"pd.read_csv(P, nrows=0).columns")
        return _read_then(spec, lambda: pd.read_csv(p, compression=c, **na),
                          f"pd.read_csv(P, compression={c!r}, keep_default_na=False, na_values='' (+ NaN in float columns))")
    if f == "jsonl":
        c = _compression(spec)
        if q == "open":
            return Plan(lambda: pd.read_json(p, lines=True, compression=c, precise_float=True).shape,
                        f"pd.read_json(P, lines=True, compression={c!r}, precise_float=True).shape")
        return _read_then(spec, lambda: pd.read_json(p, lines=True, compression=c, precise_float=True),
                          f"pd.read_json(P, lines=True, compression={c!r}, precise_float=True)")
    raise NotMeasured(f"pandas does not read {f}")


def _read_then(spec, read, s):
    q = spec.query
    if q == "scan":
        return Plan(read, s, to_arrow)
    if q == "project":
        cols = spec.columns
        return Plan(lambda: read()[cols], f"{s}[{cols!r}]", to_arrow)
    if q == "filter":
        return Plan(lambda: filter_frame(read(), spec), f"{s}[mask: {spec.column} {spec.op} value]", to_arrow)
    if q == "take":
        rows = spec.rows
        return Plan(lambda: read().iloc[rows], f"{s}.iloc[rows]", to_arrow)
    raise NotMeasured(f"pandas: no {q} for {spec.format}")
