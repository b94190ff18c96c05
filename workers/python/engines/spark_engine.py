"""Spark (PySpark, local mode): spark.read.parquet / csv / json / orc, each
query's result collected to the driver as Arrow (DataFrame.toArrow(), so
materialised as the other engines' results are). One SparkSession for the
worker's life (engines/spark_session.py), started outside every timing; its
start is reported once in the first answer's `note`.

What Spark cannot do here: Arrow IPC (no reader), Avro (needs the
spark-avro package, and the worker never downloads), Vortex, Lance; files
compressed whole except gzip (Hadoop picks a codec by the file's extension,
and its zstd and LZ4 codecs need the native Hadoop library or frame LZ4
differently). Take: Parquet has a real positional read
(`_metadata.row_index`); other formats number the rows of a scan in file
order (row_number over monotonically_increasing_id, one partition), the
rows then checked like every answer."""

import datetime as dt

from . import spark_session
from .common import NotMeasured, Plan, null_token_columns

if spark_session.java_missing():  # the engine is missing, with why (hello)
    raise ImportError(spark_session.java_missing())

NAME = "spark"
VERSION = spark_session.VERSION
ROW = "__encbench_row"

# CSV and JSON Lines: the schema from the kinds, as every engine reads them
# (no inference). TIMESTAMP applies "Z"/"+01:00" offsets and reads naive
# text in the session's time zone, UTC.
SQL_TYPE = {"int": "BIGINT", "bool": "BOOLEAN", "float": "DOUBLE", "float32": "DOUBLE", "text": "STRING",
            "date": "DATE", "timestamp": "TIMESTAMP", "time": "STRING", "duration": "STRING", "count": "STRING"}
OPS = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def ident(name):
    return "`" + name.replace("`", "``") + "`"


def text(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'"


def ddl(spec, as_text=()):
    return ", ".join(f"{ident(n)} {'STRING' if n in as_text else SQL_TYPE[spec.kinds[n]]}" for n in spec.names)


def reader(spec):
    """(a function returning a fresh DataFrame of the file, how it reads)."""
    f, c, p = spec.format, spec.compression, spec.path
    if f in ("arrow", "arrow-stream"):
        raise NotMeasured("spark has no Arrow IPC file reader")
    if f == "avro":
        raise NotMeasured("not read by spark: needs the spark-avro package (not bundled; the worker never downloads)")
    if f in ("vortex", "lance"):
        raise NotMeasured(f"spark has no {f} reader")
    if c != "none" and not (c == "gzip" and p.endswith(".gz")):
        raise NotMeasured(f"spark does not read {f} compressed whole with {c} (Hadoop's codecs: gzip by its .gz "
                          "name; zstd and LZ4 need the native Hadoop library)")
    if c != "none" and f in ("parquet", "orc"):
        raise NotMeasured(f"spark does not read a {f} file compressed whole")
    s = spark_session.session()
    if f == "parquet":
        return lambda: s.read.parquet(p), "spark.read.parquet(P)"
    if f == "orc":
        return lambda: s.read.orc(p), "spark.read.orc(P)"
    if f == "csv":
        opts = {"header": "true", "sep": ",", "quote": '"', "escape": '"', "mode": "FAILFAST"}
        cols = null_token_columns(spec)
        if not cols:
            schema = ddl(spec)
            return (lambda: s.read.schema(schema).options(**opts).csv(p),
                    "spark.read.schema(<from the kinds>).options(header, FAILFAST).csv(P)")
        # Spark's nullValue is one word for every column: the token columns
        # are read as STRING, the tokens nulled, then cast (ANSI: a word that
        # is not the type fails the read).
        schema = ddl(spec, as_text=set(cols))
        listed = ", ".join(map(text, spec.null_tokens))

        def column(n):
            c = ident(n)
            if n not in cols:
                return c
            nulled = f"CASE WHEN {c} IN ({listed}) THEN NULL ELSE {c} END"
            t = SQL_TYPE[spec.kinds[n]]
            return f"{nulled if t == 'STRING' else f'CAST({nulled} AS {t})'} AS {c}"
        exprs = [column(n) for n in spec.names]
        return (lambda: s.read.schema(schema).options(**opts).csv(p).selectExpr(*exprs),
                "spark.read.schema(<kinds, STRING where null tokens>).options(header, FAILFAST).csv(P)"
                ".selectExpr(<tokens nulled, cast to the kinds' types>)")
    schema = ddl(spec)
    return (lambda: s.read.schema(schema).option("mode", "FAILFAST").json(p),
            "spark.read.schema(<from the kinds>).json(P)")


def literal(v, spark_type):
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and (v != v or abs(v) == float("inf")):
            return f"CAST({text(repr(v))} AS DOUBLE)"
        return repr(v)
    if isinstance(v, dt.datetime):
        kw = "TIMESTAMP_NTZ" if spark_type == "timestamp_ntz" else "TIMESTAMP"
        return f"{kw} {text(v.isoformat(sep=' '))}"
    if isinstance(v, dt.date):
        return f"DATE {text(v.isoformat())}"
    if isinstance(v, dt.time):
        return text(v.isoformat())
    return text(v)


def condition(spec, df):
    """The comparison in Spark SQL, the literal in the column's type; nulls
    never match, and NaN (Spark orders it above every number, and NaN = NaN
    holds) is missing here."""
    field = df.schema[spec.column]
    t = field.dataType.typeName()
    c = ident(spec.column)
    value = spec.value
    if t == "date" and isinstance(value, dt.datetime):
        value = value.date()
    if t in ("timestamp", "timestamp_ntz") and not isinstance(value, dt.datetime) and isinstance(value, dt.date):
        value = dt.datetime.combine(value, dt.time())
    cond = f"{c} {OPS[spec.op]} {literal(value, t)}"
    if t in ("float", "double"):
        cond += f" AND NOT isnan({c})"
    return cond


def to_arrow(df):
    return df.toArrow()


def prepare(spec):
    read, how = reader(spec)
    q = spec.query
    note = spec_note()
    if q == "scan":
        return _plan(lambda: read().toArrow(), f"{how}.toArrow()", note)
    if q == "project":
        cols = spec.columns
        return _plan(lambda: read().select(*map(ident, cols)).toArrow(), f"{how}.select({cols!r}).toArrow()", note)
    if q == "filter":
        cond = condition(spec, read())
        return _plan(lambda: read().where(cond).toArrow(), f'{how}.where("{cond}").toArrow()', note)
    if q == "take":
        rows = ", ".join(map(str, spec.rows)) or "NULL"
        if spec.format == "parquet":
            def take():
                df = read()
                return (df.select("*", "_metadata.row_index").where(f"row_index IN ({rows})")
                        .orderBy("row_index").drop("row_index").toArrow())
            return _plan(take, f"{how}.where(_metadata.row_index IN (rows)).orderBy(row_index).toArrow()", note)

        def numbered():
            from pyspark.sql import Window, functions as F
            df = read()
            w = Window.orderBy(F.monotonically_increasing_id())
            return (df.withColumn(ROW, F.row_number().over(w) - 1).where(f"{ROW} IN ({rows})")
                    .orderBy(ROW).drop(ROW).toArrow())
        return _plan(numbered, f"{how}: row_number() OVER (ORDER BY monotonically_increasing_id()) - 1 "
                     "IN (rows), one partition, then .toArrow()", note)

    def open_():
        df = read()
        return df.count(), len(df.columns)
    return _plan(open_, f"{how}: .count(), len(.columns)", note)


def spec_note():
    return spark_session.start_note()


def _plan(fn, how, note):
    p = Plan(fn, how)
    p.note = note
    return p
