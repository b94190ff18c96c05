"""pandas: read_parquet (its pyarrow engine), read_orc (pyarrow.orc),
read_feather (the Arrow IPC file format), read_csv and read_json(lines=True);
no Avro, IPC stream, Vortex or Lance reader.
Compressed whole: CSV and JSON Lines through pandas' own compression=
(gzip; zstd through the zstandard package; no lz4)."""

import operator

import pandas as pd
import pyarrow as pa
import pyarrow.ipc as ipc
import pyarrow.parquet as pq

from .arrow_util import filter_expression
from .common import NotMeasured, Plan, not_compressed, null_token_columns

NAME = "pandas"
VERSION = pd.__version__

OPS = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge}
NAN_TEXT = ["NaN", "nan", "-NaN", "-nan"]


def csv_na(spec):
    """null is an empty field (pandas' default list also reads "NA", "null",
    "None", "n/a"... as missing), and a null token in the columns it applies
    to (na_values per column: a text column keeps the token); a float
    column's NaN text is NaN (without it, keep_default_na=False would leave
    the column text)."""
    tokens = set(null_token_columns(spec))

    def na(n, k):
        words = [""] + (NAN_TEXT if k in ("float", "float32") else [])
        return words + [t for t in spec.null_tokens if t not in words] if n in tokens else words
    return dict(keep_default_na=False, na_values={n: na(n, k) for n, k in spec.kinds.items()})


# CSV and JSON Lines: the column types from the kinds, pandas' nullable
# dtypes (an int column with an empty field stays integers). Dates and
# timestamps are parsed, not given a dtype (pandas has no datetime dtype= at
# read time): read_csv's parse_dates with the ISO format; read_json reads them
# as text, then pd.to_datetime (utc=True: offsets applied, naive text UTC).
PANDAS_DTYPE = {"int": "Int64", "bool": "boolean", "float": "float64", "float32": "float64", "text": "string",
                "time": "string", "duration": "string", "count": "string"}
DATE_FORMAT = {"date": "%Y-%m-%d", "timestamp": "ISO8601"}


def csv_types(spec, names=None):
    """read_csv keywords typing the columns `names` (all by default)."""
    names = spec.names if names is None else names
    dates = [n for n in names if spec.kinds[n] in DATE_FORMAT]
    out = dict(dtype={n: PANDAS_DTYPE[spec.kinds[n]] for n in names if n not in dates})
    if dates:
        out.update(parse_dates=dates, date_format={n: DATE_FORMAT[spec.kinds[n]] for n in dates})
    return out


def read_json_typed(spec, p, c):
    """pd.read_json, then the kinds' types. dtype=False: pandas' own
    conversion off (with a dtype dict it still turns columns named like
    dates, "timestamp", "x_at"..., into datetimes, and the only switch for
    that, convert_dates=, is deprecated in pandas 3); then astype and
    pd.to_datetime, part of the timed read."""
    dtypes = {n: PANDAS_DTYPE[k] for n, k in spec.kinds.items() if k not in DATE_FORMAT}
    dates = [(n, k) for n, k in spec.kinds.items() if k in DATE_FORMAT]

    def read():
        df = pd.read_json(p, lines=True, compression=c, precise_float=True, dtype=False)
        df = df.astype({n: t for n, t in dtypes.items() if n in df.columns})
        for n, k in dates:
            if n in df.columns:
                df[n] = pd.to_datetime(df[n], format=DATE_FORMAT[k], utc=k == "timestamp")
        return df
    return read


def to_arrow(df):
    return pa.Table.from_pandas(df, preserve_index=False)


def _compression(spec):
    c = spec.compression
    if c == "none":
        return None
    if c == "lz4":
        raise NotMeasured(f"pandas does not read {spec.format} compressed with lz4 (no lz4 in pandas' compression=)")
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
    if f in ("vortex", "lance"):
        raise NotMeasured(f"pandas has no {f.capitalize()} reader")
    if f == "orc":
        not_compressed(spec, "pandas", " (read_orc has no compression=)")
        if q == "project":
            cols = spec.columns
            return Plan(lambda: pd.read_orc(p, columns=cols), f"pd.read_orc(P, columns={cols!r})", to_arrow)
        if q == "open":
            # no schema-only read: one column gives the row count; the
            # column count from the file's schema, untimed
            import pyarrow.orc as orc
            schema = orc.ORCFile(p).schema
            first, ncols = schema.names[0], len(schema)
            return Plan(lambda: (len(pd.read_orc(p, columns=[first])), ncols),
                        f"len(pd.read_orc(P, columns=[{first!r}])); columns from the file's schema (untimed)")
        return _read_then(spec, lambda: pd.read_orc(p), "pd.read_orc(P)")
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
        how = ("keep_default_na=False, na_values='' (+ NaN in float columns"
               + (f", + {spec.null_tokens!r} in the non-text columns" if null_token_columns(spec) else "")
               + "), dtype=/parse_dates= from the kinds")
        if q == "project":
            cols = spec.columns
            typed = csv_types(spec, cols)
            return Plan(lambda: pd.read_csv(p, usecols=cols, compression=c, **na, **typed),
                        f"pd.read_csv(P, usecols={cols!r}, compression={c!r}, {how})", to_arrow)
        if q == "open":
            # the row count needs a scan; one column of it is pandas' cheapest
            typed = csv_types(spec, spec.names[:1])

            def open_():
                ncols = len(pd.read_csv(p, nrows=0, compression=c).columns)
                return len(pd.read_csv(p, usecols=[0], compression=c, **na, **typed)), ncols
            return Plan(open_, f"len(pd.read_csv(P, usecols=[0], compression={c!r})) + "
                               f"pd.read_csv(P, nrows=0).columns")
        typed = csv_types(spec)
        return _read_then(spec, lambda: pd.read_csv(p, compression=c, **na, **typed),
                          f"pd.read_csv(P, compression={c!r}, {how})")
    if f == "jsonl":
        c = _compression(spec)
        read = read_json_typed(spec, p, c)
        how = (f"pd.read_json(P, lines=True, compression={c!r}, precise_float=True, dtype=False)"
               ".astype(<from the kinds>), pd.to_datetime(<dates, timestamps>)")
        if q == "open":  # the shape needs no types: the plain read
            return Plan(lambda: pd.read_json(p, lines=True, compression=c, precise_float=True, dtype=False).shape,
                        f"pd.read_json(P, lines=True, compression={c!r}, precise_float=True, dtype=False).shape")
        return _read_then(spec, read, how)
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
