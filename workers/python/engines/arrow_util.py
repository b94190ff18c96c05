"""pyarrow pieces the pyarrow and pandas engines share: filter expressions
pushed into the Parquet reader, filters over a read table, and take over a
sequence of record batches."""

import datetime as dt

import pyarrow as pa
import pyarrow.compute as pc

from .common import RequestError

COMPARE = {"==": pc.equal, "!=": pc.not_equal, "<": pc.less, "<=": pc.less_equal,
           ">": pc.greater, ">=": pc.greater_equal}


def is_text(t):
    return pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t)


def scalar_for(value, t):
    """The filter value as a scalar the column of type `t` compares with
    (naive timestamps are UTC instants for a tz-aware column)."""
    if pa.types.is_timestamp(t):
        if not isinstance(value, dt.datetime) and isinstance(value, dt.date):
            value = dt.datetime.combine(value, dt.time())
        return pa.scalar(value, type=t)
    if pa.types.is_date(t):
        if isinstance(value, dt.datetime):
            value = value.date()
        return pa.scalar(value, type=t)
    if pa.types.is_time(t):
        return pa.scalar(value, type=t)
    return pa.scalar(value)


def filter_expression(spec, schema):
    """A dataset expression for pq.read_table(filters=...): the file's own
    column type, so the reader can prune row groups by statistics."""
    t = schema.field(spec.column).type
    field = pc.field(spec.column)
    e = COMPARE[spec.op](field, scalar_for(spec.value, t))
    if spec.kind in ("float", "float32") and pa.types.is_floating(t):
        e = pc.and_kleene(e, pc.invert(pc.is_nan(field)))  # NaN is missing: it never matches
    return e


def _parse_text(col, kind):
    if kind == "date":
        return col.cast(pa.string()).cast(pa.date32())
    if kind == "time":
        return col.cast(pa.string()).cast(pa.time64("us"))
    try:
        return col.cast(pa.string()).cast(pa.timestamp("us"))
    except (pa.ArrowInvalid, pa.ArrowNotImplementedError):  # offsets such as "Z" or "+00:00"
        return col.cast(pa.string()).cast(pa.timestamp("us", tz="UTC"))


def filter_table(table, spec):
    """Read-then-filter: the rows of `table` where the comparison holds;
    nulls (and NaN for kind float) never match."""
    col = table[spec.column]
    if pa.types.is_dictionary(col.type):
        col = col.cast(col.type.value_type)
    if spec.kind in ("date", "timestamp", "time") and is_text(col.type):
        col = _parse_text(col, spec.kind)
    mask = COMPARE[spec.op](col, scalar_for(spec.value, col.type))
    if spec.kind in ("float", "float32") and pa.types.is_floating(col.type):
        mask = pc.and_kleene(mask, pc.invert(pc.is_nan(col)))
    return table.filter(mask)  # a null mask entry drops the row


def take_batches(batches, rows, schema):
    """The rows at ascending positions `rows` from an iterator of record
    batches, reading no batch past the last one asked for."""
    want = iter(rows)
    nxt = next(want, None)
    start, parts = 0, []
    for b in batches:
        if nxt is None:
            break
        end = start + b.num_rows
        local = []
        while nxt is not None and nxt < end:
            local.append(nxt - start)
            nxt = next(want, None)
        if local:
            parts.append(b.take(pa.array(local, type=pa.int64())))
        start = end
    if nxt is not None:
        raise RequestError(f"take: row {nxt} is past the table's {start} rows")
    return pa.Table.from_batches(parts, schema=schema)
