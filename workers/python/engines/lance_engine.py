"""Lance (pylance): its own reader of Lance datasets (a directory), and
nothing else. Every query opens the dataset (lance.dataset(P) reads the
latest manifest) and reads to Arrow: to_table(columns=...), to_table(filter=
"<SQL predicate>") (pushed into Lance's scanner), take(rows); `open` is
count_rows() and the schema. No whole-file compression."""

import datetime as dt

import lance
import pyarrow as pa

from .common import NotMeasured, Plan, RequestError, not_compressed

NAME = "lance"
VERSION = lance.__version__

SQL_OPS = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def ident(name):
    return "`" + name.replace("`", "``") + "`"


def literal(v):
    """The filter value as Lance SQL (DataFusion's dialect) renders it."""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, dt.datetime):  # a naive UTC instant; a zoned column compares as UTC
        return f"TIMESTAMP '{v.isoformat(sep=' ')}'"
    if isinstance(v, dt.date):
        return f"DATE '{v.isoformat()}'"
    if isinstance(v, dt.time):
        return f"TIME '{v.isoformat()}'"
    return "'" + v.replace("'", "''") + "'"


def predicate(spec):
    c = ident(spec.column)
    sql = f"{c} {SQL_OPS[spec.op]} {literal(spec.value)}"
    if spec.kind in ("float", "float32"):
        sql += f" AND NOT isnan({c})"  # DataFusion orders NaN above every number; NaN is missing here
    return sql


def prepare(spec):
    f, p, q = spec.format, spec.path, spec.query
    if f != "lance":
        raise NotMeasured("the lance reader reads Lance datasets only")
    not_compressed(spec, "lance")
    if q == "scan":
        return Plan(lambda: lance.dataset(p).to_table(), "lance.dataset(P).to_table()")
    if q == "project":
        cols = spec.columns
        return Plan(lambda: lance.dataset(p).to_table(columns=cols), f"lance.dataset(P).to_table(columns={cols!r})")
    if q == "filter":
        sql = predicate(spec)
        if spec.kind in ("float", "float32"):
            t = lance.dataset(p).schema.field(spec.column).type
            if not pa.types.is_floating(t):  # isnan() needs a float column
                sql = f"{ident(spec.column)} {SQL_OPS[spec.op]} {literal(spec.value)}"
        return Plan(lambda: lance.dataset(p).to_table(filter=sql), f'lance.dataset(P).to_table(filter="{sql}")')
    if q == "take":
        rows = spec.rows
        n = lance.dataset(p).count_rows()
        if rows and rows[-1] >= n:
            raise RequestError(f"take: row {rows[-1]} is past the table's {n} rows")
        return Plan(lambda: lance.dataset(p).take(rows), "lance.dataset(P).take(rows)")

    def open_():
        ds = lance.dataset(p)
        return ds.count_rows(), len(ds.schema)
    return Plan(open_, "lance.dataset(P): .count_rows(), .schema")
