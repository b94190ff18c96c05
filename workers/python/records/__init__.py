"""encbench's Python record worker: the record types, and the codecs by format
family (serde_formats, schema_formats, columnar). See records_worker.py."""

import importlib

# (module, codec names it builds): a module whose library is missing removes
# its codecs from `hello` with the reason, and nothing else.
FAMILIES = [
    ("serde_formats", ["json", "orjson", "msgpack", "cbor2", "bson", "pickle"]),
    ("schema_formats", ["protobuf", "fastavro"]),
    ("columnar", ["arrow-ipc", "parquet"]),
]


def load_codecs():
    """Returns ({codec id: Codec}, [{"id", "reason"}] for the unavailable ones)."""
    codecs, unavailable = {}, []
    for module, names in FAMILIES:
        try:
            builders = importlib.import_module(f"{__name__}.{module}").BUILDERS
        except Exception as e:  # ImportError, or a library that fails to initialise
            unavailable += [{"id": f"record-python/{n}", "reason": f"{type(e).__name__}: {e}"} for n in names]
            continue
        for name, build in builders:
            try:
                codec = build()
                codec.library()  # the distribution must be installed
            except Exception as e:
                unavailable.append({"id": f"record-python/{name}", "reason": f"{type(e).__name__}: {e}"})
                continue
            codecs[codec.id] = codec
    return codecs, unavailable
