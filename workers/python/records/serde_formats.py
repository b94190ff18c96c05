"""The serde-shaped formats: JSON (stdlib json, orjson), MessagePack, CBOR,
BSON, and pickle. The batch is an array of maps keyed by the Rust field names
(BSON: one document `{"r": [...]}`), as serde writes it.

Each builder imports its library and returns the codec, so a missing library
removes one codec, not the worker.
"""

import io
import json
import pickle

from .codec import Codec, per_dataset
from .model import FROM_PLAIN, TO_PLAIN, Customer, LineItem, LogRecord, Order, Telemetry


def _plain_codec(name, fmt, dist, summary, dumps, loads, foreign_loads=None):
    """A codec over the plain form: records -> dicts -> library, and back."""

    def enc(ds):
        to_plain = TO_PLAIN[ds]
        return lambda recs: dumps([to_plain(r) for r in recs])

    def dec(ds, load):
        from_plain = FROM_PLAIN[ds]

        def decode(data):
            batch = load(data)
            if not isinstance(batch, list):
                raise ValueError(f"expected an array of records, found {type(batch).__name__}")
            return [from_plain(d) for d in batch]

        return decode

    return Codec(
        name, fmt, dist, summary,
        per_dataset(*(enc(ds) for ds in ("logs", "telemetry", "orders"))),
        per_dataset(*(dec(ds, loads) for ds in ("logs", "telemetry", "orders"))),
        None if foreign_loads is None else per_dataset(*(dec(ds, foreign_loads) for ds in ("logs", "telemetry", "orders"))),
    )


def stdlib_json():
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode
    return _plain_codec(
        "json", "json", f"stdlib:json:{json.__version__}", "stdlib json: one array of objects, UTF-8",
        lambda v: dumps(v).encode(), json.loads,
    )


def orjson_codec():
    import orjson

    # orjson serialises dataclasses (slots included) itself, field by field in
    # declaration order, tuples as arrays: no conversion to dicts on encode.
    def decode(ds):
        from_plain = FROM_PLAIN[ds]

        def go(data):
            batch = orjson.loads(data)
            if not isinstance(batch, list):
                raise ValueError(f"expected an array of records, found {type(batch).__name__}")
            return [from_plain(d) for d in batch]

        return go

    return Codec(
        "orjson", "json", "orjson", "orjson: dataclasses serialised natively, one array",
        per_dataset(orjson.dumps, orjson.dumps, orjson.dumps),
        per_dataset(decode("logs"), decode("telemetry"), decode("orders")),
    )


def msgpack_codec():
    import msgpack

    packer = msgpack.Packer(use_bin_type=True, use_single_float=False)
    return _plain_codec(
        "msgpack", "msgpack", "msgpack", "msgpack (C extension): an array of maps with string keys, floats as float64",
        packer.pack,
        # unpackb raises ExtraData on trailing bytes; its length limits default to
        # the input size, so a hostile length prefix cannot allocate past it.
        lambda b: msgpack.unpackb(b, raw=False, strict_map_key=True),
    )


def cbor2_codec():
    import cbor2

    def strict_loads(data):
        fp = io.BytesIO(data)
        value = cbor2.CBORDecoder(fp).decode()
        if fp.tell() != len(data):
            raise ValueError(f"{len(data) - fp.tell()} bytes after the CBOR item")
        return value

    # cbor2 writes every float as float64 (its non-canonical default), which
    # ciborium reads as f64; it reads the half/single floats ciborium writes.
    return _plain_codec(
        "cbor2", "cbor", "cbor2", "cbor2: an array of maps with text keys, floats as float64",
        cbor2.dumps, cbor2.loads, strict_loads,
    )


def bson_codec():
    import bson
    from bson.int64 import Int64

    # The Rust bson crate's serde layout: i64, u64 and u32 as int64, u16/u8/i32
    # as int32 (pymongo would pick int32 for any small int, so wrap).
    def logs(recs):
        return bson.encode({"r": [{
            "timestamp_ms": Int64(r.timestamp_ms), "ip": r.ip, "user_id": Int64(r.user_id),
            "method": r.method, "path": r.path, "status": r.status, "bytes": Int64(r.bytes),
            "referrer": r.referrer, "user_agent": r.user_agent,
        } for r in recs]})

    def telemetry(recs):
        return bson.encode({"r": [{
            "timestamp_us": Int64(r.timestamp_us), "sensor": Int64(r.sensor), "readings": r.readings,
            "counters": r.counters, "flags": r.flags,
        } for r in recs]})

    def orders(recs):
        out = []
        for r in recs:
            c = r.customer
            out.append({
                "id": Int64(r.id),
                "customer": {"id": Int64(c.id), "name": c.name, "email": c.email, "tags": c.tags},
                "items": [{"sku": i.sku, "quantity": Int64(i.quantity), "price_cents": Int64(i.price_cents),
                           "discount": i.discount} for i in r.items],
                "attributes": r.attributes,
                "note": r.note,
            })
        return bson.encode({"r": out})

    def dec(ds):
        from_plain = FROM_PLAIN[ds]

        def go(data):
            doc = bson.decode(data)
            batch = doc["r"]
            if not isinstance(batch, list):
                raise ValueError("`r` is not an array")
            return [from_plain(d) for d in batch]

        return go

    return Codec(
        "bson", "bson", "pymongo", "pymongo's bson (C extension): one document {r: [...]}, u64/u32/i64 as int64",
        per_dataset(logs, telemetry, orders),
        per_dataset(dec("logs"), dec("telemetry"), dec("orders")),
    )


def _refuse(_data):
    raise ValueError("pickle is Python's own format: foreign bytes are not unpickled (unsafe)")


def pickle_codec():
    dumps = pickle.dumps
    enc = lambda recs: dumps(recs, protocol=pickle.HIGHEST_PROTOCOL)  # noqa: E731
    return Codec(
        "pickle", None, f"stdlib:pickle:protocol {pickle.HIGHEST_PROTOCOL}", f"pickle protocol {pickle.HIGHEST_PROTOCOL} of the dataclass list (C pickler)",
        per_dataset(enc, enc, enc),
        per_dataset(pickle.loads, pickle.loads, pickle.loads),
        per_dataset(_refuse, _refuse, _refuse),
    )


BUILDERS = [
    ("json", stdlib_json),
    ("orjson", orjson_codec),
    ("msgpack", msgpack_codec),
    ("cbor2", cbor2_codec),
    ("bson", bson_codec),
    ("pickle", pickle_codec),
]

__all__ = ["BUILDERS", "LogRecord", "Telemetry", "Order", "Customer", "LineItem"]
