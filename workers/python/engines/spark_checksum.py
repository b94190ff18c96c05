"""The engines worker's checksum (engines/checksum.py) of a whole Spark
DataFrame, computed where the data is: `mapInArrow` hands each partition's
Arrow batches to a Python worker, which sums them to one row per column;
the driver adds those up (missing values add, hashes wrap mod 2^64). Memory
stays one batch per executor core, never the data, and the rows are never
collected.

The kinds come from Spark's own types (kinds_of), so the source as Spark
read it, the written data read back by Spark, and the same read back by
pyarrow are keyed alike."""

import functools

import pyarrow as pa

M64 = (1 << 64) - 1
ROWS = "\x00rows"  # the row count's entry, a name no column has

# Spark type name (DataType.typeName()) -> checksum kind. Decimals key as
# their float64 value; nested and other types compare their nulls only.
KIND_OF_TYPE = {
    "byte": "int", "short": "int", "integer": "int", "long": "int",
    "boolean": "bool", "float": "float32", "double": "float", "decimal": "float",
    "string": "text", "varchar": "text", "char": "text", "binary": "text",
    "date": "date", "timestamp": "timestamp", "timestamp_ntz": "timestamp",
}


def kind_of(data_type):
    name = data_type.typeName()
    if name in KIND_OF_TYPE:
        return KIND_OF_TYPE[name]
    if "interval" in name and "day" in name.replace("daytime", "day"):
        return "duration"
    return "count"


def kinds_of(schema):
    """{column: kind} of a Spark StructType, in its order."""
    return {f.name: kind_of(f.dataType) for f in schema.fields}


def _partition_sums(kinds, batches):
    """One partition's batches summed: (name, nulls, hash) per column, plus
    the row count. Runs in Spark's Python workers."""
    from engines.checksum import column_checksum

    sums, rows = {}, 0
    for b in batches:
        rows += b.num_rows
        for name, col in zip(b.schema.names, b.columns):
            nulls, h = column_checksum(col, kinds[name])
            n, g = sums.get(name, (0, 0))
            sums[name] = (n + nulls, (g + h) & M64)
    names = [ROWS] + list(sums)
    yield pa.RecordBatch.from_pydict({
        "name": names,
        "nulls": [rows] + [sums[n][0] for n in sums],
        "hash": ["0"] + [str(sums[n][1]) for n in sums],
    })


def frame_checksum(df, kinds):
    """(rows, checksum list as the protocol has it) of DataFrame `df`."""
    parts = df.mapInArrow(functools.partial(_partition_sums, kinds), "name string, nulls long, hash string")
    rows, sums = 0, {n: (0, 0) for n in df.columns}
    for r in parts.collect():  # a few rows per partition
        if r["name"] == ROWS:
            rows += r["nulls"]
            continue
        n, g = sums[r["name"]]
        sums[r["name"]] = (n + r["nulls"], (g + int(r["hash"])) & M64)
    return rows, [{"name": n, "nulls": str(v[0]), "hash": str(v[1])} for n, v in sums.items()]


def batches_checksum(batches, kinds):
    """The same over an iterator of pyarrow record batches (a reader that
    is not Spark: pyarrow's dataset, DuckDB's record batch reader)."""
    from engines.checksum import column_checksum

    rows, sums = 0, {n: (0, 0) for n in kinds}
    for b in batches:
        rows += b.num_rows
        for name, col in zip(b.schema.names, b.columns):
            if name not in kinds:
                raise ValueError(f"column {name!r} read back is not in the source")
            nulls, h = column_checksum(col, kinds[name])
            n, g = sums[name]
            sums[name] = (n + nulls, (g + h) & M64)
    return rows, [{"name": n, "nulls": str(v[0]), "hash": str(v[1])} for n, v in sums.items()]
