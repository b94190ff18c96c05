"""What every engine shares: the parsed prepare request, the "not measured"
answer, and the filter value in Python's own types."""

import datetime as dt
import os

from .checksum import KINDS

ENGINES = ("duckdb", "polars", "pyarrow", "pandas", "vortex", "lance", "spark")
FORMATS = ("parquet", "arrow", "arrow-stream", "csv", "jsonl", "avro", "orc", "vortex", "lance")
# A Lance dataset is a directory (data files, manifests, transactions); every
# other format one file.
DIRECTORY_FORMATS = ("lance",)
COMPRESSIONS = ("none", "gzip", "zstd", "lz4")
QUERIES = ("scan", "project", "filter", "take", "open")
OPS = ("==", "!=", "<", "<=", ">", ">=")


class NotMeasured(Exception):
    """An engine × format × compression the engine cannot read: the Rust side
    turns the answer (it starts with "not measured:") into a skip note."""

    def __init__(self, why):
        super().__init__(f"not measured: {why}")


class RequestError(ValueError):
    """A bad request; its text is the whole answer."""


# Text formats carry no types: each engine reads them with explicit column
# types from the kinds (as a user who knows the schema does), so every
# engine reads the same typed values. The other formats carry their own.
TYPED_BY_KINDS = ("csv", "jsonl")


def typed_by_kinds(spec):
    return spec.format in TYPED_BY_KINDS


def null_token_columns(spec):
    """The columns where a null token (`null_tokens`: "NA", "NULL"... as R
    and others write a missing value) is null, like the empty field: in a CSV,
    every column whose kind is not text (a text column keeps the token as
    text). JSON Lines: none, no engine has a null-word option for JSON."""
    if spec.format != "csv" or not spec.null_tokens:
        return []
    return [n for n in spec.names if spec.kinds[n] != "text"]


def tokens_in_some_columns(spec):
    """Null tokens apply to some columns and not to the text ones: an engine
    whose null words hold for every column (DuckDB's nullstr, polars'
    null_values list, pyarrow's null_values) reads those columns as text and
    nulls the tokens before its own cast to the kind's type."""
    cols = null_token_columns(spec)
    return bool(cols) and len(cols) < len(spec.names)


class Plan:
    """A prepared query: `fn()` runs it once, fully materialised; `arrow(r)`
    turns its result into a pyarrow Table (outside timing); for "open",
    `fn()` returns (rows, columns)."""

    def __init__(self, fn, how, arrow=None):
        self.fn, self.how, self.arrow = fn, how, arrow


class Spec:
    def __init__(self, req):
        self.engine = req.get("engine")
        self.path = req.get("path")
        self.format = req.get("format")
        self.compression = req.get("compression", "none")
        if self.format not in FORMATS:
            raise RequestError(f"unknown format {self.format!r} (expected one of {', '.join(FORMATS)})")
        if self.compression not in COMPRESSIONS:
            raise RequestError(f"unknown compression {self.compression!r} (expected one of {', '.join(COMPRESSIONS)})")
        if not isinstance(self.path, str) or not self.path:
            raise RequestError("prepare needs a path")
        if self.format in DIRECTORY_FORMATS:
            if not os.path.isdir(self.path):
                raise RequestError(f"no such dataset directory: {self.path} ({self.format} is a directory)")
        elif not os.path.isfile(self.path):
            raise RequestError(f"no such file: {self.path}")
        tokens = req.get("null_tokens")
        tokens = [] if tokens is None else tokens
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise RequestError(f"null_tokens must be a list of strings, got {tokens!r}")
        # the empty field is null already; a token listed twice counts once
        self.null_tokens = [t for t in dict.fromkeys(tokens) if t != ""]
        cols = req.get("columns")
        if not isinstance(cols, list) or not cols:
            raise RequestError("prepare needs columns: [{name, kind}, ...], the table's schema")
        self.names, self.kinds = [], {}
        for c in cols:
            name, kind = (c.get("name"), c.get("kind")) if isinstance(c, dict) else (None, None)
            if not isinstance(name, str) or kind not in KINDS:
                raise RequestError(f"bad column {c!r}: needs a name and a kind (one of {', '.join(KINDS)})")
            self.names.append(name)
            self.kinds[name] = kind
        q = req.get("query")
        self.query = q.get("kind") if isinstance(q, dict) else None
        if self.query not in QUERIES:
            raise RequestError(f"unknown query {q!r} (kind one of {', '.join(QUERIES)})")
        if self.query == "project":
            self.columns = q.get("columns")
            if not isinstance(self.columns, list) or not self.columns:
                raise RequestError("project needs columns: a non-empty list of names")
            for c in self.columns:
                self._known(c)
        elif self.query == "filter":
            self.column, self.op = q.get("column"), q.get("op")
            self._known(self.column)
            if self.op not in OPS:
                raise RequestError(f"unknown filter op {self.op!r} (expected one of {' '.join(OPS)})")
            self.kind = self.kinds[self.column]
            self.value = filter_value(self.kind, q.get("value"))
        elif self.query == "take":
            rows = q.get("rows")
            if not isinstance(rows, list) or not all(isinstance(r, int) and not isinstance(r, bool) and r >= 0
                                                     for r in rows):
                raise RequestError("take needs rows: a list of 0-based positions")
            if any(a >= b for a, b in zip(rows, rows[1:])):
                raise RequestError("take rows must be ascending and distinct")
            self.rows = rows

    def _known(self, name):
        if name not in self.kinds:
            raise RequestError(f"unknown column {name!r} (the table has {', '.join(map(repr, self.names))})")

    def result_kinds(self):
        """The columns a result must have, in the table's order."""
        names = self.columns if self.query == "project" else self.names
        return {n: self.kinds[n] for n in names}


def filter_value(kind, v):
    """The JSON filter value as the Python value compared with the column:
    dates and timestamps from their ISO text (an aware timestamp becomes its
    naive UTC instant, the way the checksum reads naive ones)."""
    if v is None:
        raise RequestError("filter needs a value (nulls never match, so == null would match nothing)")
    if kind in ("date", "timestamp", "time") and not isinstance(v, str):
        raise RequestError(f"filter on a {kind} column needs an ISO string value, got {v!r}")
    try:
        if kind == "date":
            return dt.date.fromisoformat(v)
        if kind == "timestamp":
            t = dt.datetime.fromisoformat(v)
            if t.tzinfo is not None:
                t = t.astimezone(dt.timezone.utc).replace(tzinfo=None)
            return t
        if kind == "time":
            return dt.time.fromisoformat(v)
    except ValueError:
        raise RequestError(f"filter value {v!r} is not an ISO {kind}") from None
    if kind in ("int", "float", "float32") and (isinstance(v, bool) or not isinstance(v, (int, float))):
        raise RequestError(f"filter on a {kind} column needs a number, got {v!r}")
    if kind == "bool" and not isinstance(v, bool):
        raise RequestError(f"filter on a bool column needs true or false, got {v!r}")
    if kind == "text" and not isinstance(v, str):
        raise RequestError(f"filter on a text column needs a string, got {v!r}")
    return v


def not_compressed(spec, engine, why=""):
    """Raise NotMeasured unless the file is uncompressed."""
    if spec.compression != "none":
        raise NotMeasured(f"{engine} does not read {spec.format} compressed with {spec.compression}{why}")
