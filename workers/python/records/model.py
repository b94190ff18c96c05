"""The record types as Python objects, and the canonical JSON Lines form.

One `@dataclass(slots=True)` per Rust type of
`crates/codecs/src/records/types.rs`, with the same field names and order.
Python values: integers are `int` (u64 included), `ip` a tuple of 4 ints
(Rust's `[u8; 4]`), `readings`/`counters`/`tags`/`items` lists, `attributes`
a dict whose keys are kept sorted (Rust's `BTreeMap`), an absent optional
`None`.

`from_plain`/`to_plain` convert between a record and the plain
dict/list/tuple form that the serde-style formats (JSON, MessagePack, CBOR)
carry; they are part of those codecs' timed work. `check` validates a
decoded record against the Rust types (ranges, lengths, presence) and
returns its canonical plain form: it runs untimed, on `prepare` and on
foreign bytes, so hostile input gives an error instead of a wrong line.
"""

import json
import math
from dataclasses import dataclass


@dataclass(slots=True)
class LogRecord:
    timestamp_ms: int
    ip: tuple
    user_id: int
    method: str
    path: str
    status: int
    bytes: int
    referrer: "str | None"
    user_agent: str


@dataclass(slots=True)
class Telemetry:
    timestamp_us: int
    sensor: int
    readings: list
    counters: list
    flags: int


@dataclass(slots=True)
class Customer:
    id: int
    name: str
    email: "str | None"
    tags: list


@dataclass(slots=True)
class LineItem:
    sku: str
    quantity: int
    price_cents: int
    discount: "float | None"


@dataclass(slots=True)
class Order:
    id: int
    customer: Customer
    items: list
    attributes: dict
    note: "str | None"


DATASETS = ("logs", "telemetry", "orders")

# --- plain (serde-shaped) form: dicts with the Rust field names ---------------


def log_from_plain(d):
    return LogRecord(
        d["timestamp_ms"], tuple(d["ip"]), d["user_id"], d["method"], d["path"], d["status"],
        d["bytes"], d.get("referrer"), d["user_agent"],
    )


def log_to_plain(r):
    return {
        "timestamp_ms": r.timestamp_ms, "ip": r.ip, "user_id": r.user_id, "method": r.method,
        "path": r.path, "status": r.status, "bytes": r.bytes, "referrer": r.referrer,
        "user_agent": r.user_agent,
    }


def telemetry_from_plain(d):
    return Telemetry(d["timestamp_us"], d["sensor"], list(d["readings"]), list(d["counters"]), d["flags"])


def telemetry_to_plain(r):
    return {
        "timestamp_us": r.timestamp_us, "sensor": r.sensor, "readings": r.readings,
        "counters": r.counters, "flags": r.flags,
    }


def order_from_plain(d):
    c = d["customer"]
    return Order(
        d["id"],
        Customer(c["id"], c["name"], c.get("email"), list(c["tags"])),
        [LineItem(i["sku"], i["quantity"], i["price_cents"], i.get("discount")) for i in d["items"]],
        dict(d["attributes"]),
        d.get("note"),
    )


def order_to_plain(r):
    c = r.customer
    return {
        "id": r.id,
        "customer": {"id": c.id, "name": c.name, "email": c.email, "tags": c.tags},
        "items": [
            {"sku": i.sku, "quantity": i.quantity, "price_cents": i.price_cents, "discount": i.discount}
            for i in r.items
        ],
        "attributes": r.attributes,
        "note": r.note,
    }


FROM_PLAIN = {"logs": log_from_plain, "telemetry": telemetry_from_plain, "orders": order_from_plain}
TO_PLAIN = {"logs": log_to_plain, "telemetry": telemetry_to_plain, "orders": order_to_plain}
TYPES = {"logs": LogRecord, "telemetry": Telemetry, "orders": Order}

# --- validation and the canonical form -----------------------------------------

U8, U16, U32, U64 = (1 << 8) - 1, (1 << 16) - 1, (1 << 32) - 1, (1 << 64) - 1
I32, I64 = (-(1 << 31), (1 << 31) - 1), (-(1 << 63), (1 << 63) - 1)


def _int(v, lo, hi, what):
    if isinstance(v, bool) or not isinstance(v, int):
        raise ValueError(f"{what}: expected an integer, found {type(v).__name__}")
    v = int(v)
    if not lo <= v <= hi:
        raise ValueError(f"{what}: {v} is out of range [{lo}, {hi}]")
    return v


def _float(v, what, lenient):
    # JSON has one number type: a JSON writer may give an integral float as an
    # integer (Go writes 1.0 as 1), and serde_json reads that into f64, so a
    # JSON decode is `lenient`. Every other format types its numbers: an
    # integer where a float was written is a decoder that changed the value's
    # type, and fails the check.
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise ValueError(f"{what}: expected a number, found {type(v).__name__}")
    if isinstance(v, int) and not lenient:
        raise ValueError(f"{what}: expected a float, found the integer {v} (the decoder changed its type)")
    v = float(v)
    if not math.isfinite(v):
        raise ValueError(f"{what}: {v} is not finite (JSON cannot carry it)")
    return v


def _str(v, what):
    if not isinstance(v, str):
        raise ValueError(f"{what}: expected a string, found {type(v).__name__}")
    return str(v)


def _opt(v, check, what):
    return None if v is None else check(v, what)


def _list(v, what, n=None):
    if not isinstance(v, (list, tuple)):
        raise ValueError(f"{what}: expected a list, found {type(v).__name__}")
    if n is not None and len(v) != n:
        raise ValueError(f"{what}: expected {n} items, found {len(v)}")
    return v


def _check_log(r, lenient=False):
    if not isinstance(r, LogRecord):
        raise ValueError(f"expected a LogRecord, found {type(r).__name__}")
    return {
        "timestamp_ms": _int(r.timestamp_ms, *I64, "timestamp_ms"),
        "ip": [_int(b, 0, U8, "ip") for b in _list(r.ip, "ip", 4)],
        "user_id": _int(r.user_id, 0, U64, "user_id"),
        "method": _str(r.method, "method"),
        "path": _str(r.path, "path"),
        "status": _int(r.status, 0, U16, "status"),
        "bytes": _int(r.bytes, 0, U64, "bytes"),
        "referrer": _opt(r.referrer, _str, "referrer"),
        "user_agent": _str(r.user_agent, "user_agent"),
    }


def _check_telemetry(r, lenient=False):
    if not isinstance(r, Telemetry):
        raise ValueError(f"expected a Telemetry, found {type(r).__name__}")
    return {
        "timestamp_us": _int(r.timestamp_us, *I64, "timestamp_us"),
        "sensor": _int(r.sensor, 0, U32, "sensor"),
        "readings": [_float(x, "readings", lenient) for x in _list(r.readings, "readings", 8)],
        "counters": [_int(x, *I32, "counters") for x in _list(r.counters, "counters", 4)],
        "flags": _int(r.flags, 0, U8, "flags"),
    }


def _check_order(r, lenient=False):
    if not isinstance(r, Order):
        raise ValueError(f"expected an Order, found {type(r).__name__}")
    c = r.customer
    if not isinstance(c, Customer):
        raise ValueError("customer: missing or not a Customer")
    items = []
    for i in _list(r.items, "items"):
        if not isinstance(i, LineItem):
            raise ValueError("items: expected LineItems")
        items.append({
            "sku": _str(i.sku, "sku"),
            "quantity": _int(i.quantity, 0, U32, "quantity"),
            "price_cents": _int(i.price_cents, *I64, "price_cents"),
            "discount": None if i.discount is None else _float(i.discount, "discount", lenient),
        })
    if not isinstance(r.attributes, dict):
        raise ValueError("attributes: expected a map")
    attributes = {_str(k, "attributes key"): _str(v, "attributes value") for k, v in sorted(r.attributes.items())}
    return {
        "id": _int(r.id, 0, U64, "id"),
        "customer": {
            "id": _int(c.id, 0, U64, "customer.id"),
            "name": _str(c.name, "customer.name"),
            "email": _opt(c.email, _str, "customer.email"),
            "tags": [_str(t, "customer.tags") for t in _list(c.tags, "customer.tags")],
        },
        "items": items,
        "attributes": attributes,
        "note": _opt(r.note, _str, "note"),
    }


CHECK = {"logs": _check_log, "telemetry": _check_telemetry, "orders": _check_order}


def canonical_line(dataset, record, lenient=False):
    """One record as canonical JSON (no newline): field names of types.rs, floats
    in Python's shortest round-trip repr (`-0.0` kept), None as null, UTF-8.
    `lenient`: an integer stands for an integral float (records decoded from JSON)."""
    return json.dumps(CHECK[dataset](record, lenient), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def canonical_lines(dataset, records, lenient=False):
    out = []
    for k, r in enumerate(records):
        try:
            out.append(canonical_line(dataset, r, lenient))
        except (ValueError, TypeError, AttributeError) as e:
            raise ValueError(f"record {k + 1}: {e}") from None
    return out


def load_jsonl(dataset, path):
    """Reads canonical JSON Lines into native records (untimed), checking each."""
    if dataset not in FROM_PLAIN:
        raise ValueError(f"unknown dataset {dataset!r} (expected one of {', '.join(DATASETS)})")
    from_plain = FROM_PLAIN[dataset]
    records = []
    with open(path, "rb") as f:
        for n, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                r = from_plain(json.loads(line))
                if dataset == "orders":
                    r.attributes = dict(sorted(r.attributes.items()))
                CHECK[dataset](r)
            except (ValueError, TypeError, KeyError, AttributeError) as e:
                raise ValueError(f"{path}:{n}: {type(e).__name__}: {e}") from None
            records.append(r)
    return records


def write_lines(path, lines):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in lines:
            f.write(line)
            f.write("\n")
