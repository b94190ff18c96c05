"""Columnar formats (pyarrow): an Arrow IPC stream of one record batch, and one
Parquet file (uncompressed, one row group), with the Arrow schemas of
`crates/codecs/src/columnar/{logs,telemetry,orders}.rs`:

- logs: timestamp_ms Timestamp(ms), ip UInt32 (the address read big-endian),
  user_id UInt64, status UInt16, bytes UInt64, referrer nullable Utf8;
- telemetry: timestamp_us Timestamp(us), sensor UInt32, reading_0..7 Float64,
  counter_0..3 Int32, flags UInt8;
- orders: customer Struct{id, name, email?, tags List<item Utf8>},
  items List<item Struct{sku, quantity UInt32, price_cents Int64, discount?}>,
  attributes Map<keys Utf8, values Utf8> flagged keys-sorted, note?.

Everything not marked `?` is not null. Encoding builds the columns from the
dataclasses; decoding validates the batch fully (`validate(full=True)`, as
arrow-rs validates what it reads) and materialises every record.
"""

import pyarrow as pa
import pyarrow.ipc
import pyarrow.parquet as pq

from .codec import Codec, per_dataset
from .model import Customer, LineItem, LogRecord, Order, Telemetry


def _f(name, type_, nullable=False):
    return pa.field(name, type_, nullable=nullable)


LOGS = pa.schema([
    _f("timestamp_ms", pa.timestamp("ms")), _f("ip", pa.uint32()), _f("user_id", pa.uint64()),
    _f("method", pa.utf8()), _f("path", pa.utf8()), _f("status", pa.uint16()), _f("bytes", pa.uint64()),
    _f("referrer", pa.utf8(), True), _f("user_agent", pa.utf8()),
])
TELEMETRY = pa.schema(
    [_f("timestamp_us", pa.timestamp("us")), _f("sensor", pa.uint32())]
    + [_f(f"reading_{k}", pa.float64()) for k in range(8)]
    + [_f(f"counter_{k}", pa.int32()) for k in range(4)]
    + [_f("flags", pa.uint8())]
)
TAGS = pa.list_(_f("item", pa.utf8()))
CUSTOMER_FIELDS = [_f("id", pa.uint64()), _f("name", pa.utf8()), _f("email", pa.utf8(), True), _f("tags", TAGS)]
ITEM_FIELDS = [_f("sku", pa.utf8()), _f("quantity", pa.uint32()), _f("price_cents", pa.int64()),
               _f("discount", pa.float64(), True)]
ITEMS = pa.list_(_f("item", pa.struct(ITEM_FIELDS)))
ATTRIBUTES = pa.map_(_f("keys", pa.utf8()), _f("values", pa.utf8()), keys_sorted=True)
ORDERS = pa.schema([
    _f("id", pa.uint64()), _f("customer", pa.struct(CUSTOMER_FIELDS)), _f("items", ITEMS),
    _f("attributes", ATTRIBUTES), _f("note", pa.utf8(), True),
])
SCHEMAS = {"logs": LOGS, "telemetry": TELEMETRY, "orders": ORDERS}


def _offsets(lengths):
    out, total = [0], 0
    for n in lengths:
        total += n
        out.append(total)
    return pa.array(out, pa.int32())


# --- dataclasses -> record batch ----------------------------------------------


def logs_batch(recs):
    return pa.RecordBatch.from_arrays([
        pa.array([r.timestamp_ms for r in recs], pa.timestamp("ms")),
        pa.array([(a << 24) | (b << 16) | (c << 8) | d for a, b, c, d in (r.ip for r in recs)], pa.uint32()),
        pa.array([r.user_id for r in recs], pa.uint64()),
        pa.array([r.method for r in recs], pa.utf8()),
        pa.array([r.path for r in recs], pa.utf8()),
        pa.array([r.status for r in recs], pa.uint16()),
        pa.array([r.bytes for r in recs], pa.uint64()),
        pa.array([r.referrer for r in recs], pa.utf8()),
        pa.array([r.user_agent for r in recs], pa.utf8()),
    ], schema=LOGS)


def telemetry_batch(recs):
    readings = list(zip(*(r.readings for r in recs))) if recs else [()] * 8
    counters = list(zip(*(r.counters for r in recs))) if recs else [()] * 4
    return pa.RecordBatch.from_arrays(
        [pa.array([r.timestamp_us for r in recs], pa.timestamp("us")),
         pa.array([r.sensor for r in recs], pa.uint32())]
        + [pa.array(col, pa.float64()) for col in readings]
        + [pa.array(col, pa.int32()) for col in counters]
        + [pa.array([r.flags for r in recs], pa.uint8())],
        schema=TELEMETRY,
    )


def orders_batch(recs):
    customers = [r.customer for r in recs]
    tags = pa.ListArray.from_arrays(
        _offsets(len(c.tags) for c in customers),
        pa.array([t for c in customers for t in c.tags], pa.utf8()), type=TAGS)
    customer = pa.StructArray.from_arrays([
        pa.array([c.id for c in customers], pa.uint64()),
        pa.array([c.name for c in customers], pa.utf8()),
        pa.array([c.email for c in customers], pa.utf8()),
        tags,
    ], fields=CUSTOMER_FIELDS)
    flat = [i for r in recs for i in r.items]
    item_values = pa.StructArray.from_arrays([
        pa.array([i.sku for i in flat], pa.utf8()),
        pa.array([i.quantity for i in flat], pa.uint32()),
        pa.array([i.price_cents for i in flat], pa.int64()),
        pa.array([i.discount for i in flat], pa.float64()),
    ], fields=ITEM_FIELDS)
    items = pa.ListArray.from_arrays(_offsets(len(r.items) for r in recs), item_values, type=ITEMS)
    # attributes dicts are kept in key order, as the keys-sorted flag promises
    attributes = pa.MapArray.from_arrays(
        _offsets(len(r.attributes) for r in recs),
        pa.array([k for r in recs for k in r.attributes], pa.utf8()),
        pa.array([v for r in recs for v in r.attributes.values()], pa.utf8()),
        type=ATTRIBUTES)
    return pa.RecordBatch.from_arrays([
        pa.array([r.id for r in recs], pa.uint64()), customer, items, attributes,
        pa.array([r.note for r in recs], pa.utf8()),
    ], schema=ORDERS)


# --- record batch -> dataclasses ----------------------------------------------


def _ints(col):  # a timestamp column as its int64 values
    return col.view(pa.int64()).to_pylist()


def logs_records(b):
    c = b.columns
    ips = [(w >> 24, (w >> 16) & 255, (w >> 8) & 255, w & 255) for w in c[1].to_pylist()]
    return list(map(LogRecord, _ints(c[0]), ips, *(col.to_pylist() for col in c[2:])))


def telemetry_records(b):
    c = b.columns
    readings = [list(t) for t in zip(*(col.to_pylist() for col in c[2:10]))]
    counters = [list(t) for t in zip(*(col.to_pylist() for col in c[10:14]))]
    return list(map(Telemetry, _ints(c[0]), c[1].to_pylist(), readings, counters, c[14].to_pylist()))


def _split(offsets, values):
    o = offsets.to_pylist()
    return [values[o[k]:o[k + 1]] for k in range(len(o) - 1)]


def orders_records(b):
    ids, customer, items, attributes, note = b.columns
    cid, name, email, tags = customer.flatten()
    tag_lists = _split(tags.offsets, tags.values.to_pylist())
    customers = list(map(Customer, cid.to_pylist(), name.to_pylist(), email.to_pylist(), tag_lists))
    line_items = list(map(LineItem, *(col.to_pylist() for col in items.values.flatten())))
    item_lists = _split(items.offsets, line_items)
    o = attributes.offsets.to_pylist()
    keys, values = attributes.keys.to_pylist(), attributes.items.to_pylist()
    maps = [dict(zip(keys[o[k]:o[k + 1]], values[o[k]:o[k + 1]])) for k in range(len(o) - 1)]
    return list(map(Order, ids.to_pylist(), customers, item_lists, maps, note.to_pylist()))


TO_BATCH = {"logs": logs_batch, "telemetry": telemetry_batch, "orders": orders_batch}
FROM_BATCH = {"logs": logs_records, "telemetry": telemetry_records, "orders": orders_records}


def _check_nulls(batch, schema):
    """pyarrow keeps a field's not-null flag without enforcing it: reject nulls
    where the schema has none, at every level, as the Rust decoder does."""

    def walk(arr, field, path):
        if not field.nullable and arr.null_count:
            raise ValueError(f"`{path}` is not nullable but holds {arr.null_count} nulls")
        t = field.type
        if pa.types.is_struct(t):
            for k, child in enumerate(arr.flatten()):
                walk(child, t.field(k), f"{path}.{t.field(k).name}")
        elif pa.types.is_map(t):
            walk(arr.keys, t.key_field, f"{path}.keys")
            walk(arr.items, t.item_field, f"{path}.values")
        elif pa.types.is_list(t):
            walk(arr.flatten(), t.value_field, f"{path}[]")

    for arr, field in zip(batch.columns, schema):
        walk(arr, field, field.name)


def _conform(batch, ds):
    """A foreign batch checked against our schema: names, types and nullability;
    child field names (a map's keys/values, a list's item) may differ and are
    renamed by a cast. Returns the batch in our schema."""
    schema = SCHEMAS[ds]
    if batch.schema.names != schema.names:
        raise ValueError(f"expected columns {schema.names}, found {batch.schema.names}")
    if not batch.schema.equals(schema):
        for got, want in zip(batch.schema, schema):
            if got.nullable != want.nullable or not _same_shape(got.type, want.type):
                raise ValueError(f"column `{want.name}`: expected {want.type} "
                                 f"({'nullable' if want.nullable else 'not null'}), found {got.type} "
                                 f"({'nullable' if got.nullable else 'not null'})")
        batch = batch.cast(schema)
    _check_nulls(batch, schema)
    return batch


def _same_shape(a, b):
    """Types equal up to child field names and the map keys-sorted flag."""
    if pa.types.is_map(a) and pa.types.is_map(b):
        return _same_shape(a.key_type, b.key_type) and _same_shape(a.item_type, b.item_type)
    if pa.types.is_list(a) and pa.types.is_list(b):
        return _same_shape(a.value_type, b.value_type)
    if pa.types.is_struct(a) and pa.types.is_struct(b):
        return a.num_fields == b.num_fields and all(
            x.name == y.name and x.nullable == y.nullable and _same_shape(x.type, y.type)
            for x, y in zip(a, b))
    return a.equals(b)


# --- the containers -----------------------------------------------------------


def ipc_encode(ds):
    to_batch, schema = TO_BATCH[ds], SCHEMAS[ds]

    def go(recs):
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, schema) as writer:
            writer.write_batch(to_batch(recs))
        return sink.getvalue().to_pybytes()

    return go


def ipc_decode(ds, foreign=False):
    from_batch, schema = FROM_BATCH[ds], SCHEMAS[ds]

    def go(data):
        source = pa.BufferReader(pa.py_buffer(data))
        reader = pa.ipc.open_stream(source)
        out = []
        for batch in reader:
            batch.validate(full=True)
            if foreign:
                batch = _conform(batch, ds)
            elif not batch.schema.equals(schema):
                raise ValueError(f"unexpected schema {batch.schema}")
            out.extend(from_batch(batch))
        if source.tell() != len(data):  # pyarrow stops at the end-of-stream marker
            raise ValueError(f"{len(data) - source.tell()} bytes after the IPC end-of-stream marker")
        return out

    return go


def parquet_encode(ds):
    to_batch = TO_BATCH[ds]

    def go(recs):
        table = pa.Table.from_batches([to_batch(recs)])
        sink = pa.BufferOutputStream()
        # use_compliant_nested_type=False: a list's element is named `item`, as
        # parquet-rs writes it (a map's group stays key_value/key/value: pyarrow
        # has no option for it; the embedded Arrow schema says keys/values)
        pq.write_table(table, sink, compression="NONE", row_group_size=max(1, len(recs)),
                       use_compliant_nested_type=False)
        return sink.getvalue().to_pybytes()

    return go


def parquet_decode(ds, foreign=False):
    from_batch, schema = FROM_BATCH[ds], SCHEMAS[ds]

    def go(data):
        table = pq.read_table(pa.py_buffer(data))
        out = []
        for batch in table.to_batches():
            batch.validate(full=True)
            if foreign:
                batch = _conform(batch, ds)
            elif not batch.schema.equals(schema):
                raise ValueError(f"unexpected schema {batch.schema}")
            out.extend(from_batch(batch))
        return out

    return go


def _codec(name, summary, enc, dec):
    return Codec(
        name, name, "pyarrow", summary,
        per_dataset(*(enc(ds) for ds in ("logs", "telemetry", "orders"))),
        per_dataset(*(dec(ds) for ds in ("logs", "telemetry", "orders"))),
        per_dataset(*(dec(ds, True) for ds in ("logs", "telemetry", "orders"))),
    )


def arrow_ipc_codec():
    return _codec("arrow-ipc", "pyarrow: an IPC stream of one record batch, encbench's Arrow schema",
                  ipc_encode, ipc_decode)


def parquet_codec():
    return _codec("parquet", "pyarrow.parquet: one file, one row group, uncompressed, default encodings",
                  parquet_encode, parquet_decode)


BUILDERS = [
    ("arrow-ipc", arrow_ipc_codec),
    ("parquet", parquet_codec),
]
