"""Vortex (vortex-data): its own reader of Vortex files, and nothing else.
Every query opens the file (vx.open reads the footer) and scans it to Arrow:
the projection, the filter expression and the row indices are pushed into
the scan (VortexFile.to_arrow(projection, expr=, indices=)); `open` is the
footer's row count and schema. No whole-file compression."""

import datetime as dt

import pyarrow as pa
import vortex as vx
import vortex.expr as ve

from .arrow_util import filter_table
from .common import NotMeasured, Plan, RequestError, not_compressed

NAME = "vortex"
VERSION = vx.__version__

OPS = {"==": ve.eq, "!=": ve.not_eq, "<": ve.lt, "<=": ve.lt_eq, ">": ve.gt, ">=": ve.gt_eq}


def filter_expr(spec, vxf):
    """The comparison as a Vortex expression, the literal in the column's own
    dtype (Vortex compares equal dtypes only), or None where the value does
    not fit that dtype (an int column and 0.5: filtered after the read).
    Vortex orders floats totally (NaN == NaN, NaN above +inf, -NaN below
    -inf), so a float column's NaN is excluded by -inf <= c <= +inf."""
    names, dtypes = vxf.dtype.names(), vxf.dtype.fields()
    if spec.column not in names:
        raise RequestError(f"column {spec.column!r} is not in the file")
    dtype = dtypes[names.index(spec.column)]
    t = dtype.to_arrow_type()
    v = spec.value
    if pa.types.is_integer(t) and isinstance(v, float):
        if not v.is_integer():
            return None
        v = int(v)
    elif pa.types.is_floating(t) and isinstance(v, int) and not isinstance(v, bool):
        v = float(v)
    elif pa.types.is_timestamp(t):
        if not isinstance(v, dt.datetime):
            v = dt.datetime.combine(v, dt.time())
        if t.tz is not None:
            v = v.replace(tzinfo=dt.timezone.utc)  # the filter value is a naive UTC instant
    elif pa.types.is_date(t) and isinstance(v, dt.datetime):
        v = v.date()
    col = ve.column(spec.column)
    e = OPS[spec.op](col, ve.literal(dtype, v))
    if pa.types.is_floating(t) and spec.kind in ("float", "float32"):
        e = e & ve.lt_eq(col, ve.literal(dtype, float("inf"))) & ve.gt_eq(col, ve.literal(dtype, float("-inf")))
    return e


def prepare(spec):
    f, p, q = spec.format, spec.path, spec.query
    if f != "vortex":
        raise NotMeasured("the vortex reader reads Vortex files only")
    not_compressed(spec, "vortex")
    if q == "scan":
        return Plan(lambda: vx.open(p).to_arrow().read_all(), "vx.open(P).to_arrow().read_all()")
    if q == "project":
        cols = spec.columns
        return Plan(lambda: vx.open(p).to_arrow(cols).read_all(), f"vx.open(P).to_arrow({cols!r}).read_all()")
    if q == "filter":
        e = filter_expr(spec, vx.open(p))
        if e is None:
            return Plan(lambda: filter_table(vx.open(p).to_arrow().read_all(), spec),
                        f"vx.open(P).to_arrow().read_all(), then .filter({spec.column} {spec.op} value) "
                        "(the value is not of the column's type)")
        return Plan(lambda: vx.open(p).to_arrow(expr=e).read_all(), f"vx.open(P).to_arrow(expr={e}).read_all()")
    if q == "take":
        rows = spec.rows
        n = len(vx.open(p))
        if rows and rows[-1] >= n:
            raise RequestError(f"take: row {rows[-1]} is past the table's {n} rows")
        idx = vx.array(pa.array(rows, type=pa.uint64()))
        return Plan(lambda: vx.open(p).to_arrow(indices=idx).read_all(),
                    "vx.open(P).to_arrow(indices=vx.array(rows)).read_all()")

    def open_():
        vxf = vx.open(p)
        return len(vxf), len(vxf.dtype.names())
    return Plan(open_, "vx.open(P): len(file), .dtype.names() (the footer)")
