"""Schema formats: Protocol Buffers (google.protobuf, the generated
`records_pb2` of encbench's records.proto) and Avro (fastavro, an object
container file with the null codec and the .avsc schemas of the Rust side).

Mappings follow the Rust codecs: the IPv4 address is a fixed32 read
big-endian in protobuf and a fixed(4) in Avro; u64 travels as an Avro long by
bit-cast (values above i64::MAX come out negative on the wire, as in Rust).
"""

import io
import json
import pathlib

from .codec import Codec, per_dataset
from .model import Customer, LineItem, LogRecord, Order, Telemetry

REPO = pathlib.Path(__file__).resolve().parents[3]
AVRO_DIR = REPO / "crates" / "codecs" / "src" / "avro"
AVRO_FILES = {"logs": "log_record.avsc", "telemetry": "telemetry.avsc", "orders": "order.avsc"}

# --- protobuf -----------------------------------------------------------------


def protobuf_codec():
    from . import records_pb2 as pb

    def ip_word(ip):
        return (ip[0] << 24) | (ip[1] << 16) | (ip[2] << 8) | ip[3]

    def enc_logs(recs):
        batch = pb.LogBatch()
        add = batch.records.add
        for r in recs:
            add(timestamp_ms=r.timestamp_ms, ip=ip_word(r.ip), user_id=r.user_id, method=r.method,
                path=r.path, status=r.status, bytes=r.bytes, referrer=r.referrer, user_agent=r.user_agent)
        return batch.SerializeToString(deterministic=True)

    def dec_logs(data):
        out = []
        for m in pb.LogBatch.FromString(data).records:
            w = m.ip
            out.append(LogRecord(
                m.timestamp_ms, (w >> 24, (w >> 16) & 255, (w >> 8) & 255, w & 255), m.user_id, m.method,
                m.path, m.status, m.bytes, m.referrer if m.HasField("referrer") else None, m.user_agent,
            ))
        return out

    def enc_telemetry(recs):
        batch = pb.TelemetryBatch()
        add = batch.records.add
        for r in recs:
            add(timestamp_us=r.timestamp_us, sensor=r.sensor, readings=r.readings, counters=r.counters, flags=r.flags)
        return batch.SerializeToString(deterministic=True)

    def dec_telemetry(data):
        return [
            Telemetry(m.timestamp_us, m.sensor, list(m.readings), list(m.counters), m.flags)
            for m in pb.TelemetryBatch.FromString(data).records
        ]

    def enc_orders(recs):
        batch = pb.OrderBatch()
        add = batch.records.add
        for r in recs:
            c = r.customer
            m = add(id=r.id, attributes=r.attributes, note=r.note)
            m.customer.SetInParent()  # present even when every field is a default
            mc = m.customer
            mc.id = c.id
            mc.name = c.name
            if c.email is not None:
                mc.email = c.email
            mc.tags.extend(c.tags)
            add_item = m.items.add
            for i in r.items:
                add_item(sku=i.sku, quantity=i.quantity, price_cents=i.price_cents, discount=i.discount)
        # deterministic: map entries in key order, as prost's BTreeMap writes them
        return batch.SerializeToString(deterministic=True)

    def dec_orders(data):
        out = []
        for m in pb.OrderBatch.FromString(data).records:
            if m.HasField("customer"):
                c = m.customer
                customer = Customer(c.id, c.name, c.email if c.HasField("email") else None, list(c.tags))
            else:
                customer = None  # the check rejects it, as the Rust decoder does
            out.append(Order(
                m.id, customer,
                [LineItem(i.sku, i.quantity, i.price_cents, i.discount if i.HasField("discount") else None)
                 for i in m.items],
                dict(m.attributes),
                m.note if m.HasField("note") else None,
            ))
        return out

    return Codec(
        "protobuf", "protobuf", "protobuf",
        "google.protobuf (upb) with protoc-generated records_pb2: LogBatch/TelemetryBatch/OrderBatch",
        per_dataset(enc_logs, enc_telemetry, enc_orders),
        per_dataset(dec_logs, dec_telemetry, dec_orders),
    )


# --- Avro ---------------------------------------------------------------------

U64_TOP = 1 << 63
U64_WRAP = 1 << 64
U64_MASK = U64_WRAP - 1


def fastavro_codec():
    import fastavro

    schemas = {}
    for ds, name in AVRO_FILES.items():
        path = AVRO_DIR / name
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as e:
            raise ImportError(f"the Avro schema {path} is not readable: {e}") from None
        schemas[ds] = fastavro.parse_schema(json.loads(text))

    def s64(v):  # u64 -> Avro long, as Rust's bitcast_u64
        return v - U64_WRAP if v >= U64_TOP else v

    def write(ds, rows):
        buf = io.BytesIO()
        fastavro.writer(buf, schemas[ds], rows, codec="null")
        return buf.getvalue()

    def read(ds, data, foreign):
        # Foreign files: resolve the writer's schema against ours, so a file
        # with another layout is rejected, not read as something else.
        return fastavro.reader(io.BytesIO(data), reader_schema=schemas[ds] if foreign else None)

    def enc_logs(recs):
        return write("logs", [{
            "timestamp_ms": r.timestamp_ms, "ip": bytes(r.ip), "user_id": s64(r.user_id), "method": r.method,
            "path": r.path, "status": r.status, "bytes": s64(r.bytes), "referrer": r.referrer,
            "user_agent": r.user_agent,
        } for r in recs])

    def dec_logs(data, foreign=False):
        return [LogRecord(
            d["timestamp_ms"], tuple(d["ip"]), d["user_id"] & U64_MASK, d["method"], d["path"], d["status"],
            d["bytes"] & U64_MASK, d["referrer"], d["user_agent"],
        ) for d in read("logs", data, foreign)]

    def enc_telemetry(recs):
        return write("telemetry", [{
            "timestamp_us": r.timestamp_us, "sensor": r.sensor, "readings": r.readings,
            "counters": r.counters, "flags": r.flags,
        } for r in recs])

    def dec_telemetry(data, foreign=False):
        return [Telemetry(d["timestamp_us"], d["sensor"], d["readings"], d["counters"], d["flags"])
                for d in read("telemetry", data, foreign)]

    def enc_orders(recs):
        rows = []
        for r in recs:
            c = r.customer
            rows.append({
                "id": s64(r.id),
                "customer": {"id": s64(c.id), "name": c.name, "email": c.email, "tags": c.tags},
                "items": [{"sku": i.sku, "quantity": i.quantity, "price_cents": i.price_cents,
                           "discount": i.discount} for i in r.items],
                "attributes": r.attributes,
                "note": r.note,
            })
        return write("orders", rows)

    def dec_orders(data, foreign=False):
        out = []
        for d in read("orders", data, foreign):
            c = d["customer"]
            out.append(Order(
                d["id"] & U64_MASK,
                Customer(c["id"] & U64_MASK, c["name"], c["email"], c["tags"]),
                [LineItem(i["sku"], i["quantity"], i["price_cents"], i["discount"]) for i in d["items"]],
                d["attributes"],
                d["note"],
            ))
        return out

    return Codec(
        "fastavro", "avro", "fastavro",
        "fastavro: object container file, null codec, schemas from crates/codecs/src/avro/*.avsc",
        per_dataset(enc_logs, enc_telemetry, enc_orders),
        per_dataset(dec_logs, dec_telemetry, dec_orders),
        per_dataset(*(lambda b, f=f: f(b, True) for f in (dec_logs, dec_telemetry, dec_orders))),
    )


BUILDERS = [
    ("protobuf", protobuf_codec),
    ("fastavro", fastavro_codec),
]
