"""DuckDB: SQL over read_parquet, read_csv, read_json (and read_avro when the
avro extension is already installed), on one in-memory connection reused by
every query, each result fetched to Arrow. Compressed whole: read_csv and
read_json decompress gzip and zstd themselves; no lz4. No Arrow IPC reader:
that needs a community extension, and the worker never downloads."""

import datetime as dt

import duckdb

from .common import NotMeasured, Plan, not_compressed, null_token_columns, tokens_in_some_columns

NAME = "duckdb"
VERSION = duckdb.__version__

_con = None
_avro = None  # None: loaded; else why not
# The vortex and lance extensions, likewise loaded only if already installed.
_ext = {}


def con():
    """The one connection: UTC, so TIMESTAMPTZ compares and converts as UTC
    instants; known extensions never auto-installed (no network)."""
    global _con, _avro
    if _con is None:
        _con = duckdb.connect(":memory:")
        _con.execute("SET autoinstall_known_extensions = false")
        _con.execute("SET TimeZone = 'UTC'")
        try:
            _con.execute("LOAD avro")  # only an extension already installed: LOAD never downloads
        except duckdb.Error as e:
            _avro = str(e).splitlines()[0]
        for name in ("vortex", "lance"):
            try:
                _con.execute(f"LOAD {name}")
                _ext[name] = None
            except duckdb.Error as e:
                _ext[name] = str(e).splitlines()[0]
    return _con


CAST_TEXT = {"date": "DATE", "timestamp": "TIMESTAMPTZ", "time": "TIME"}

# CSV and JSON Lines: the column types from the kinds. TIMESTAMPTZ, not
# TIMESTAMP: DuckDB's TIMESTAMP drops a "Z"/"+01:00" offset without applying
# it; TIMESTAMPTZ applies it, and reads naive text as UTC (TimeZone = 'UTC').
SQL_TYPE = {"int": "BIGINT", "bool": "BOOLEAN", "float": "DOUBLE", "float32": "DOUBLE", "text": "VARCHAR",
            "date": "DATE", "timestamp": "TIMESTAMPTZ", "time": "VARCHAR", "duration": "VARCHAR",
            "count": "VARCHAR"}


def ident(name):
    return '"' + name.replace('"', '""') + '"'


def text(s):
    return "'" + s.replace("'", "''") + "'"


def literal(v):
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v) if v == v and abs(v) != float("inf") else f"{text(repr(v))}::DOUBLE"
    if isinstance(v, dt.datetime):
        return f"TIMESTAMP {text(v.isoformat(sep=' '))}"
    if isinstance(v, dt.date):
        return f"DATE {text(v.isoformat())}"
    if isinstance(v, dt.time):
        return f"TIME {text(v.isoformat())}"
    return text(v)


def columns_struct(spec, as_text=()):
    return "{" + ", ".join(f"{text(n)}: '{'VARCHAR' if n in as_text else SQL_TYPE[spec.kinds[n]]}'"
                           for n in spec.names) + "}"


def csv_source(spec):
    """read_csv with the dialect given. Null tokens: nullstr holds for every
    column, so with a text column among them the other columns are read as
    VARCHAR, the tokens nulled and the text cast to the kind's type (DuckDB's
    own CAST, as the reader's), the text columns untouched."""
    p, c = text(spec.path), spec.compression
    tokens, as_text, nullstr = spec.null_tokens, (), ""
    cols = null_token_columns(spec)
    if tokens_in_some_columns(spec):
        as_text = set(cols)
    elif cols:
        nullstr = ", nullstr = [" + ", ".join(map(text, [""] + tokens)) + "]"
    src = (f"read_csv({p}, header = true, delim = ',', quote = '\"', escape = '\"', auto_detect = false, "
           f"allow_quoted_nulls = false{nullstr}, compression = '{c}', columns = {columns_struct(spec, as_text)})")
    if not as_text:
        return src
    listed = ", ".join(map(text, tokens))

    def column(n):
        c, t = ident(n), SQL_TYPE[spec.kinds[n]]
        if n not in as_text:
            return c
        nulled = f"CASE WHEN {c} IN ({listed}) THEN NULL ELSE {c} END"
        return f"{nulled if t == 'VARCHAR' else f'CAST({nulled} AS {t})'} AS {c}"
    return f"(SELECT {', '.join(map(column, spec.names))} FROM {src})"


def source(spec):
    f, c, p = spec.format, spec.compression, text(spec.path)
    if f in ("arrow", "arrow-stream"):
        raise NotMeasured("duckdb does not read Arrow IPC (that needs its nanoarrow community extension, "
                          "not installed; the worker never downloads)")
    if f in ("csv", "jsonl") and c == "lz4":
        raise NotMeasured(f"duckdb does not read {f} compressed with lz4 (read_{'csv' if f == 'csv' else 'json'} "
                          "decompresses gzip and zstd only)")
    if f == "parquet":
        not_compressed(spec, "duckdb")
        return f"read_parquet({p})"
    if f == "csv":
        # a quoted "" is an empty string; only an empty field is null. The
        # dialect given, not sniffed (auto_detect = false): the sniffer would
        # also guess one date format for every column from any of them.
        return csv_source(spec)
    if f == "jsonl":
        return f"read_json({p}, format = 'newline_delimited', compression = '{c}', columns = {columns_struct(spec)})"
    if f == "avro":
        not_compressed(spec, "duckdb")
        con()
        if _avro is not None:
            raise NotMeasured(f"duckdb does not read avro here (its avro extension is not installed: {_avro})")
        return f"read_avro({p})"
    if f == "orc":
        raise NotMeasured("duckdb has no ORC reader")
    if f in ("vortex", "lance"):
        not_compressed(spec, "duckdb")
        con()
        if _ext[f] is not None:
            raise NotMeasured(f"duckdb does not read {f} here (its {f} extension is not installed: {_ext[f]})")
        # read_vortex(P); a Lance dataset through the extension's replacement scan
        return f"read_vortex({p})" if f == "vortex" else p
    raise NotMeasured(f"duckdb does not read {f}")


def prepare(spec):
    src = source(spec)
    db = con()
    q = spec.query

    def short(sql):  # `how` names the file P
        return sql.replace(text(spec.path), "P")

    def sql_plan(sql):
        return Plan(lambda: db.sql(sql).to_arrow_table(), f'con.sql("{short(sql)}").to_arrow_table()')

    if q == "scan":
        return sql_plan(f"SELECT * FROM {src}")
    if q == "project":
        return sql_plan(f"SELECT {', '.join(map(ident, spec.columns))} FROM {src}")
    if q == "filter":
        types = dict((r[0], r[1]) for r in db.execute(f"DESCRIBE SELECT * FROM {src}").fetchall())
        c = ident(spec.column)
        lhs, rhs = c, literal(spec.value)
        if types.get(spec.column) == "VARCHAR" and spec.kind in CAST_TEXT:
            # the reader left the column as text: compare as the kind's type
            # (TIMESTAMPTZ: naive text is UTC here, offsets are honoured)
            lhs, rhs = f"CAST({c} AS {CAST_TEXT[spec.kind]})", f"CAST({rhs} AS {CAST_TEXT[spec.kind]})"
        cond = f"{lhs} {'=' if spec.op == '==' else spec.op} {rhs}"
        if spec.kind in ("float", "float32") and types.get(spec.column) in ("FLOAT", "DOUBLE"):
            cond += f" AND NOT isnan({c})"  # DuckDB orders NaN above every number; NaN is missing here
        return sql_plan(f"SELECT * FROM {src} WHERE {cond}")
    if q == "take":
        rows = ", ".join(map(str, spec.rows)) or "NULL"
        if spec.format == "parquet":
            # the reader's own row numbers: a filter on them skips row groups
            inner = src[:-1] + ", file_row_number = true)"
            return sql_plan(f"SELECT * EXCLUDE (file_row_number) FROM {inner} "
                            f"WHERE file_row_number IN ({rows}) ORDER BY file_row_number")
        # no row numbers from the reader: number the rows of a scan (insertion
        # order is preserved, DuckDB's default, so they are the file's order)
        return sql_plan(f"SELECT * EXCLUDE (__encbench_row) FROM (SELECT *, row_number() OVER () - 1 AS "
                        f"__encbench_row FROM {src}) WHERE __encbench_row IN ({rows}) ORDER BY __encbench_row")

    def open_():
        ncols = len(db.execute(f"DESCRIBE SELECT * FROM {src}").fetchall())
        return db.execute(f"SELECT count(*) FROM {src}").fetchall()[0][0], ncols
    return Plan(open_, short(f'con.execute("DESCRIBE SELECT * FROM {src}"), con.execute("SELECT count(*) FROM {src}")'))
