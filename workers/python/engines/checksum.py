"""The result checksum of the engines worker; the Rust side computes the same.

For each column of a result (a pyarrow Table), with the column's canonical
kind K from the table's schema:

- nulls: the number of missing values. For kind "float" a NaN is missing too
  (pandas cannot tell NaN from null); for kind "int" a float NaN is missing
  (pandas turns a nullable int column into floats).
- hash: the wrapping (mod 2**64) sum over the non-missing values of
  splitmix64(key(v)), where

      splitmix64(x): z = x + 0x9E3779B97F4A7C15
                     z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
                     z = (z ^ (z >> 27)) * 0x94D049BB133111EB
                     return z ^ (z >> 31)          (all mod 2**64)

  and key(v) by kind:
  - int: the integer as int64, two's complement, read as uint64 (a uint64
    column: the raw value; bool: 0/1; an integral float: that integer).
  - bool: 1 for true, 0 for false.
  - float: the IEEE-754 bits of the value as float64 (float32 widened, an
    integer converted).
  - text: FNV-1a 64 of the UTF-8 bytes (offset 0xcbf29ce484222325, prime
    0x100000001b3); dictionary columns are decoded first.
  - date: days since 1970-01-01 (a timestamp floored to days; text parsed
    as YYYY-MM-DD).
  - timestamp: microseconds since 1970-01-01T00:00:00 UTC (finer units
    floored to µs; tz-aware: its UTC instant; naive: as is; text parsed
    ISO-8601, naive text read as UTC).
  - time: microseconds since midnight.
  - duration: microseconds (an interval: months as 30 days).
  - count: nothing hashed, hash 0 (only nulls compared).

The sum makes the checksum independent of row order. Values are decimal
strings in the protocol: u64 does not survive JSON floats.
"""

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

M64 = (1 << 64) - 1
FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
KINDS = ("int", "bool", "float", "float32", "text", "date", "timestamp", "time", "duration", "count")

_U = np.uint64
US_PER = {"s": 1_000_000, "ms": 1_000, "us": 1}  # "ns" is floor-divided by 1000
US_PER_DAY = 86_400_000_000


class ChecksumError(ValueError):
    pass


def splitmix64(x):
    """splitmix64 of a numpy uint64 array (wrapping arithmetic)."""
    with np.errstate(over="ignore"):
        z = x + _U(0x9E3779B97F4A7C15)
        z = (z ^ (z >> _U(30))) * _U(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> _U(27))) * _U(0x94D049BB133111EB)
        return z ^ (z >> _U(31))


def fnv1a64_bytes(b):
    """FNV-1a 64 of one bytes object (plain Python; the vectorised path's tail)."""
    h = FNV_OFFSET
    for c in b:
        h = ((h ^ c) * FNV_PRIME) & M64
    return h


def fnv1a64_array(arr):
    """FNV-1a 64 of every value of a large_string/large_binary array with no
    nulls, as uint64. Rows are sorted by length so the rows still being hashed
    at byte j are a prefix; the last few long rows finish in plain Python."""
    n = len(arr)
    out = np.empty(n, dtype=np.uint64)
    if n == 0:
        return out
    bufs = arr.buffers()
    offsets = np.frombuffer(bufs[1], dtype=np.int64)[arr.offset:arr.offset + n + 1]
    data = np.frombuffer(bufs[2], dtype=np.uint8) if bufs[2] is not None else np.empty(0, np.uint8)
    starts = offsets[:-1]
    lens = offsets[1:] - starts
    order = np.argsort(-lens, kind="stable")
    starts, lens = starts[order], lens[order]
    h = np.full(n, FNV_OFFSET, dtype=np.uint64)
    maxlen = int(lens[0])
    # active[j] = how many rows are longer than j (lens is descending)
    active = np.searchsorted(-lens, -np.arange(maxlen), side="left")
    prime = _U(FNV_PRIME)
    with np.errstate(over="ignore"):
        for j in range(maxlen):
            k = int(active[j])
            if k <= 4 and maxlen - j > 64:
                for i in range(k):  # a few long values: bytes in Python beat numpy calls per byte
                    s, ln = int(starts[i]), int(lens[i])
                    hv = int(h[i])
                    for c in data[s + j:s + ln].tobytes():
                        hv = ((hv ^ c) * FNV_PRIME) & M64
                    h[i] = hv
                break
            h[:k] ^= data[starts[:k] + j].astype(np.uint64)
            h[:k] *= prime
    out[order] = h
    return out


def _plain(arr):
    """One contiguous array, dictionaries decoded, extension types as storage."""
    if isinstance(arr, pa.ChunkedArray):
        chunks = [_plain(c) for c in arr.chunks]
        if not chunks:
            return pa.array([], type=_plain(pa.array([], type=arr.type)).type)
        return pa.concat_arrays(chunks) if len(chunks) > 1 else chunks[0]
    if isinstance(arr.type, pa.ExtensionType):
        arr = arr.storage
    if pa.types.is_dictionary(arr.type):
        arr = arr.dictionary_decode()
    return arr


def _ints(arr, fill=0):
    """int64-castable array → numpy int64 with nulls as `fill`; temporal
    values as their stored integers (days, units since epoch or midnight)."""
    t = arr.type
    if pa.types.is_temporal(t) and not pa.types.is_interval(t):
        arr = arr.view(pa.int32() if t.bit_width == 32 else pa.int64())
    return np.asarray(pc.fill_null(arr.cast(pa.int64()), fill).to_numpy(zero_copy_only=False), dtype=np.int64)


def _to_us(arr):
    """timestamp/duration/time of any unit → µs since its zero, floored."""
    unit = arr.type.unit
    v = _ints(arr)
    return v // 1000 if unit == "ns" else v * US_PER[unit]


def _text_valid(arr):
    return [s for s in arr.to_pylist() if s is not None]


def _parse_timestamps_us(strings):
    import pandas as pd
    s = pd.to_datetime(pd.Series(strings, dtype=object), format="ISO8601", utc=True)
    return s.dt.as_unit("us").astype("int64").to_numpy()


def _parse_timedeltas_us(strings):
    import pandas as pd
    s = pd.to_timedelta(pd.Series(strings, dtype=object))
    return s.dt.as_unit("us").astype("int64").to_numpy()


def column_keys(arr, kind):
    """(missing mask, uint64 keys of the non-missing values) of one column."""
    arr = _plain(arr)
    t = arr.type
    if pa.types.is_null(t):
        return np.ones(len(arr), dtype=bool), np.empty(0, dtype=np.uint64)
    missing = ~np.asarray(arr.is_valid().to_numpy(zero_copy_only=False), dtype=bool)
    valid = ~missing

    def bad():
        return ChecksumError(f"kind {kind}, the engine returned {t}")

    if kind == "int":
        if pa.types.is_floating(t):
            v = np.asarray(pc.fill_null(arr.cast(pa.float64()), 0.0).to_numpy(zero_copy_only=False))
            missing |= np.isnan(v)
            return missing, v[~missing].astype(np.int64).view(np.uint64)
        if pa.types.is_uint64(t):
            v = np.asarray(pc.fill_null(arr, 0).to_numpy(zero_copy_only=False), dtype=np.uint64)
            return missing, v[valid]
        if pa.types.is_integer(t) or pa.types.is_boolean(t) or pa.types.is_decimal(t) or pa.types.is_string(t) \
                or pa.types.is_large_string(t):
            return missing, _ints(arr)[valid].view(np.uint64)
        raise bad()
    if kind == "bool":
        if pa.types.is_boolean(t) or pa.types.is_integer(t):
            return missing, _ints(arr)[valid].view(np.uint64)
        if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_floating(t):
            return missing, _ints(arr.cast(pa.bool_()))[valid].view(np.uint64)
        raise bad()
    if kind == "float":
        if pa.types.is_floating(t) or pa.types.is_integer(t) or pa.types.is_decimal(t) \
                or pa.types.is_string(t) or pa.types.is_large_string(t):
            v = np.asarray(pc.fill_null(arr.cast(pa.float64()), 0.0).to_numpy(zero_copy_only=False), dtype=np.float64)
            missing |= np.isnan(v)
            return missing, v[~missing].view(np.uint64)
        raise bad()
    if kind == "float32":
        # Rounded to float32, then widened: a text format's shortest float32
        # digits, read back as float64, key as the float32 value they name.
        if pa.types.is_floating(t) or pa.types.is_integer(t) or pa.types.is_decimal(t) \
                or pa.types.is_string(t) or pa.types.is_large_string(t):
            v = np.asarray(pc.fill_null(arr.cast(pa.float64()), 0.0).to_numpy(zero_copy_only=False), dtype=np.float64)
            missing |= np.isnan(v)
            return missing, v[~missing].astype(np.float32).astype(np.float64).view(np.uint64)
        raise bad()
    if kind == "text":
        if pa.types.is_binary(t) or pa.types.is_large_binary(t) or pa.types.is_binary_view(t) \
                or pa.types.is_fixed_size_binary(t):
            arr = arr.cast(pa.large_binary())
        else:
            arr = arr.cast(pa.large_string())  # string views, and non-text types as Arrow writes them
        return missing, fnv1a64_array(arr.filter(pa.array(valid)))
    if kind == "date":
        if pa.types.is_date32(t):
            return missing, _ints(arr)[valid].view(np.uint64)
        if pa.types.is_date64(t):
            return missing, (_ints(arr)[valid] // 86_400_000).view(np.uint64)
        if pa.types.is_timestamp(t):
            return missing, (_to_us(arr)[valid] // US_PER_DAY).view(np.uint64)
        if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
            return missing, _ints(arr.cast(pa.string()).cast(pa.date32()))[valid].view(np.uint64)
        raise bad()
    if kind == "timestamp":
        if pa.types.is_timestamp(t):
            return missing, _to_us(arr)[valid].view(np.uint64)
        if pa.types.is_date32(t):
            return missing, (_ints(arr)[valid] * US_PER_DAY).view(np.uint64)
        if pa.types.is_date64(t):
            return missing, (_ints(arr)[valid] * 1000).view(np.uint64)
        if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
            return missing, _parse_timestamps_us(_text_valid(arr)).astype(np.int64).view(np.uint64)
        raise bad()
    if kind == "time":
        if pa.types.is_time(t):
            return missing, _to_us(arr)[valid].view(np.uint64)
        if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
            return missing, _parse_timedeltas_us(_text_valid(arr)).astype(np.int64).view(np.uint64)
        raise bad()
    if kind == "duration":
        if pa.types.is_duration(t):
            return missing, _to_us(arr)[valid].view(np.uint64)
        if t == pa.month_day_nano_interval():
            # DuckDB's INTERVAL: (months int32, days int32, nanoseconds int64) per value
            rec = np.frombuffer(arr.buffers()[1], dtype=np.dtype([("m", "<i4"), ("d", "<i4"), ("n", "<i8")]))
            rec = rec[arr.offset:arr.offset + len(arr)]
            us = (rec["m"].astype(np.int64) * 30 + rec["d"]) * US_PER_DAY + rec["n"] // 1000
            return missing, us[valid].view(np.uint64)
        if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t):
            return missing, _parse_timedeltas_us(_text_valid(arr)).astype(np.int64).view(np.uint64)
        raise bad()
    if kind == "count":
        return missing, np.empty(0, dtype=np.uint64)
    raise ChecksumError(f"unknown kind {kind!r} (expected one of {', '.join(KINDS)})")


def column_checksum(arr, kind):
    """(nulls, hash) of one column as Python ints."""
    missing, keys = column_keys(arr, kind)
    if kind == "count" or len(keys) == 0:
        return int(missing.sum()), 0
    return int(missing.sum()), int(np.sum(splitmix64(keys), dtype=np.uint64))


def table_checksum(table, kinds, engine):
    """The protocol's checksum list of a pyarrow Table; `kinds` maps the
    table's column names to kinds."""
    out = []
    for name, col in zip(table.column_names, table.columns):
        if name not in kinds:
            raise ChecksumError(f"engine {engine}: the result has a column {name!r} the table does not")
        try:
            nulls, h = column_checksum(col, kinds[name])
        except (ChecksumError, pa.ArrowInvalid, pa.ArrowNotImplementedError, ValueError) as e:
            raise ChecksumError(f"engine {engine}: column {name!r}: {e}") from None
        out.append({"name": name, "nulls": str(nulls), "hash": str(h)})
    return out
