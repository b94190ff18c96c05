"""pyarrow: Parquet, ORC (pyarrow.orc), Arrow IPC (file and stream), CSV and
JSON Lines; no Avro, Vortex or Lance reader. A file compressed whole is decompressed by pyarrow's own
pa.input_stream(compression=...): streamed for the stream formats, into
memory first for the random-access ones (Parquet, IPC file)."""

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.csv as pcsv
import pyarrow.dataset as pads
import pyarrow.ipc as ipc
import pyarrow.json as pjson
import pyarrow.parquet as pq

from .arrow_util import filter_expression, filter_table, take_batches
from .common import NotMeasured, Plan, RequestError, null_token_columns, tokens_in_some_columns

try:  # pyarrow builds without ORC exist (Windows wheels): then ORC is not measured
    import pyarrow.orc as orc
    _orc_missing = None
except ImportError as e:
    orc, _orc_missing = None, str(e).splitlines()[0] if str(e) else "ImportError"

NAME = "pyarrow"
VERSION = pa.__version__


def _codec(spec):
    return None if spec.compression == "none" else spec.compression


def random_access(spec):
    """A callable opening the file for a reader that seeks; its text for `how`."""
    p, c = spec.path, _codec(spec)
    if c is None:
        if spec.format in ("parquet", "orc"):
            return (lambda: p), "P"
        return (lambda: pa.memory_map(p)), "pa.memory_map(P)"
    return (lambda: pa.BufferReader(pa.input_stream(p, compression=c).read_buffer()),
            f"pa.BufferReader(pa.input_stream(P, compression={c!r}).read_buffer())")


def streaming(spec):
    p, c = spec.path, _codec(spec)
    if c is None:
        if spec.format == "arrow-stream":
            return (lambda: pa.memory_map(p)), "pa.memory_map(P)"
        return (lambda: p), "P"
    return (lambda: pa.input_stream(p, compression=c)), f"pa.input_stream(P, compression={c!r})"


# CSV: column_types from the kinds. A timestamp stays text: pyarrow's CSV
# timestamp[us] rejects a "Z"/"+01:00" offset and timestamp[us, tz] requires
# one, and the kind does not say which the column has (the checksum and the
# filter parse the text).
CSV_TYPE = {"int": pa.int64(), "bool": pa.bool_(), "float": pa.float64(), "float32": pa.float64(),
            "text": pa.string(), "date": pa.date32(), "timestamp": pa.string(), "time": pa.string(),
            "duration": pa.string(), "count": pa.string()}
# JSON Lines: explicit_schema from the kinds. timestamp[us] parses offsets to
# their UTC instant; a date stays text (pyarrow's JSON reader makes date32
# only of numbers); a count column (nested values, any JSON) is inferred.
JSON_TYPE = dict(CSV_TYPE, date=pa.string(), timestamp=pa.timestamp("us"))


def csv_options(spec, include=None):
    # null is an empty field (pyarrow's default list also turns "NA", "null",
    # "NaN"... into nulls), and the null tokens where they apply; a quoted ""
    # stays an empty string. null_values holds for every column (string
    # columns too, strings_can_be_null=True keeping their empty field null):
    # with a text column among the token columns, those are read as string
    # and fix_tokens() nulls the tokens and casts them.
    cols, as_text = null_token_columns(spec), ()
    if tokens_in_some_columns(spec):
        as_text = set(cols)
    null_values = [""] + spec.null_tokens if cols and not as_text else [""]
    return pcsv.ConvertOptions(null_values=null_values, strings_can_be_null=True, quoted_strings_can_be_null=False,
                               include_columns=include or [],
                               column_types={n: pa.string() if n in as_text else CSV_TYPE[spec.kinds[n]]
                                             for n in spec.names})


def csv_how(o):
    return f"null_values={o.null_values!r}, column_types=<from the kinds>"


def token_how(spec):
    if not tokens_in_some_columns(spec):
        return ""
    return f", then <{spec.null_tokens!r} nulled, cast to the kinds' types> in the non-text columns"


def fix_tokens(spec, read):
    """read() with the token columns read as string (csv_options): the tokens
    nulled, then pyarrow's own cast to the column's type. Else read itself."""
    if not tokens_in_some_columns(spec):
        return read
    cols = null_token_columns(spec)
    tokens = pa.array(spec.null_tokens, pa.string())
    null = pa.scalar(None, pa.string())

    def fixed():
        t = read()
        for n in cols:
            i = t.schema.get_field_index(n)
            if i >= 0:
                c = t.column(i)
                c = pc.if_else(pc.is_in(c, value_set=tokens), null, c).cast(CSV_TYPE[spec.kinds[n]])
                t = t.set_column(i, n, c)
        return t
    return fixed


def json_options(spec):
    fields = [(n, JSON_TYPE[spec.kinds[n]]) for n in spec.names if spec.kinds[n] != "count"]
    return pjson.ParseOptions(explicit_schema=pa.schema(fields), unexpected_field_behavior="infer")


def prepare(spec):
    q, f = spec.query, spec.format
    if f == "avro":
        raise NotMeasured("pyarrow has no Avro reader")
    if f == "vortex":
        raise NotMeasured("pyarrow has no Vortex reader (Vortex's own reader is the vortex engine)")
    if f == "lance":
        raise NotMeasured("pyarrow has no Lance reader (pylance's is the lance engine)")
    if f == "orc":
        return _orc_plan(spec)
    if f == "parquet":
        src, s = random_access(spec)
        if q == "scan":
            return Plan(lambda: pq.read_table(src()), f"pq.read_table({s})")
        if q == "project":
            cols = spec.columns
            return Plan(lambda: pq.read_table(src(), columns=cols), f"pq.read_table({s}, columns={cols!r})")
        if q == "filter":
            e = filter_expression(spec, pq.read_schema(src()))
            return Plan(lambda: pq.read_table(src(), filters=e), f"pq.read_table({s}, filters={e})")
        if q == "take":
            rows = spec.rows

            def take():
                pf = pq.ParquetFile(src())
                md = pf.metadata
                groups, local, base, kept, k = [], [], 0, 0, 0
                for g in range(md.num_row_groups):  # only the row groups holding an asked row are read
                    n = md.row_group(g).num_rows
                    if k < len(rows) and rows[k] < base + n:
                        groups.append(g)
                        while k < len(rows) and rows[k] < base + n:
                            local.append(kept + rows[k] - base)  # position in the groups read
                            k += 1
                        kept += n
                    base += n
                if k < len(rows):
                    raise RequestError(f"take: row {rows[k]} is past the table's {base} rows")
                return pf.read_row_groups(groups).take(pa.array(local, type=pa.int64()))

            return Plan(take, f"pq.ParquetFile({s}).read_row_groups(<groups holding the rows>).take(<local rows>)")
        pf_open = lambda: pq.ParquetFile(src())  # noqa: E731

        def open_():
            pf = pf_open()
            return pf.metadata.num_rows, len(pf.schema_arrow)
        return Plan(open_, f"pq.ParquetFile({s}): .metadata.num_rows, .schema_arrow")
    if f == "arrow":
        src, s = random_access(spec)
        if q == "open":
            def open_():
                r = ipc.open_file(src())
                return r.count_rows(), len(r.schema)
            return Plan(open_, f"ipc.open_file({s}): .count_rows(), .schema")
        if q == "take":
            rows = spec.rows

            def take():
                r = ipc.open_file(src())
                return take_batches((r.get_batch(i) for i in range(r.num_record_batches)), rows, r.schema)
            return Plan(take, f"ipc.open_file({s}).get_batch(i) up to the last row, .take(<local rows>)")
        return _ipc_plan(spec, lambda **kw: ipc.open_file(src(), **kw).read_all(), f"ipc.open_file({s}")
    if f == "arrow-stream":
        src, s = streaming(spec)
        if q == "open":
            def open_():
                r = ipc.open_stream(src())
                return sum(b.num_rows for b in r), len(r.schema)
            return Plan(open_, f"ipc.open_stream({s}): .schema, sum of batch num_rows (the stream has no index)")
        if q == "take":
            rows = spec.rows

            def take():
                r = ipc.open_stream(src())
                return take_batches(r, rows, r.schema)
            return Plan(take, f"ipc.open_stream({s}) batches up to the last row, .take(<local rows>)")
        return _ipc_plan(spec, lambda **kw: ipc.open_stream(src(), **kw).read_all(), f"ipc.open_stream({s}")
    if f == "csv":
        src, s = streaming(spec)
        if q == "project":
            o = csv_options(spec, spec.columns)
            return Plan(fix_tokens(spec, lambda: pcsv.read_csv(src(), convert_options=o)),
                        f"pcsv.read_csv({s}, convert_options=ConvertOptions(include_columns={spec.columns!r}, "
                        f"{csv_how(o)})){token_how(spec)}")
        if q == "open":
            o = csv_options(spec)

            def open_():
                r = pcsv.open_csv(src(), convert_options=o)
                return sum(b.num_rows for b in r), len(r.schema)
            return Plan(open_, f"pcsv.open_csv({s}): .schema, sum of batch num_rows")
        o = csv_options(spec)
        return _read_then(spec, fix_tokens(spec, lambda: pcsv.read_csv(src(), convert_options=o)),
                          f"pcsv.read_csv({s}, convert_options=ConvertOptions({csv_how(o)})){token_how(spec)}")
    if f == "jsonl":
        src, s = streaming(spec)
        o = json_options(spec)
        s = f"pjson.read_json({s}, parse_options=ParseOptions(explicit_schema=<from the kinds>))"
        if q == "open":
            def open_():
                t = pjson.read_json(src(), parse_options=o)
                return t.num_rows, t.num_columns
            return Plan(open_, f"{s}: .num_rows, .num_columns (JSON has no header)")
        return _read_then(spec, lambda: pjson.read_json(src(), parse_options=o), s)
    raise NotMeasured(f"pyarrow does not read {f}")


def _orc_plan(spec):
    """pyarrow.orc: read_table(columns=) reads only those columns' streams;
    a filter runs in pyarrow.dataset's ORC scanner (uncompressed file; the
    expression in the file's own types), a take reads, then takes."""
    if orc is None:
        raise NotMeasured(f"pyarrow has no ORC reader here ({_orc_missing})")
    q, p = spec.query, spec.path
    src, s = random_access(spec)
    if q == "scan":
        return Plan(lambda: orc.read_table(src()), f"orc.read_table({s})")
    if q == "project":
        cols = spec.columns
        return Plan(lambda: orc.read_table(src(), columns=cols), f"orc.read_table({s}, columns={cols!r})")
    if q == "open":
        def open_():
            o = orc.ORCFile(src())
            return o.nrows, len(o.schema)
        return Plan(open_, f"orc.ORCFile({s}): .nrows, .schema")
    if q == "filter" and spec.compression == "none":
        e = filter_expression(spec, orc.ORCFile(p).schema)
        return Plan(lambda: pads.dataset(p, format="orc").to_table(filter=e),
                    f'pyarrow.dataset.dataset(P, format="orc").to_table(filter={e})')
    return _read_then(spec, lambda: orc.read_table(src()), f"orc.read_table({s})")


def _ipc_plan(spec, read, s):
    if spec.query == "scan":
        return Plan(lambda: read(), f"{s}).read_all()")
    if spec.query == "project":
        # IPC has per-column buffers: the reader skips the others (included_fields)
        schema = read().schema  # the file's own field order (untimed)
        idx = [schema.get_field_index(c) for c in spec.columns]
        if -1 in idx:
            raise RequestError(f"column {spec.columns[idx.index(-1)]!r} is not in the file")
        o = ipc.IpcReadOptions(included_fields=idx)
        return Plan(lambda: read(options=o), f"{s}, options=IpcReadOptions(included_fields={idx})).read_all()")
    return _read_then(spec, read, f"{s}).read_all()")


def _read_then(spec, read, s):
    """The queries a reader without pushdown answers after reading everything."""
    q = spec.query
    if q == "scan":
        return Plan(read, s)
    if q == "project":
        cols = spec.columns
        return Plan(lambda: read().select(cols), f"{s}.select({cols!r})")
    if q == "filter":
        return Plan(lambda: filter_table(read(), spec), f"{s}.filter({spec.column} {spec.op} value)")
    if q == "take":
        idx = pa.array(spec.rows, type=pa.int64())
        return Plan(lambda: read().take(idx), f"{s}.take(rows)")
    raise NotMeasured(f"pyarrow: no {q} for {spec.format}")
