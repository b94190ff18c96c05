#!/usr/bin/env python3
"""encbench's Python record worker: the record datasets (logs, telemetry,
orders) through Python's own libraries, and other languages' bytes decoded.

Speaks the record-worker protocol of docs/workers.md ("Record workers"): one
JSON object per line on stdin, one answer per line on stdout. Run it with the
interpreter of workers/python/.venv (workers/python/build.sh); a codec whose
library is missing is listed under `unavailable` in `hello`, not offered.
"""

import gc
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from records import load_codecs  # noqa: E402
from records.model import DATASETS, canonical_lines, load_jsonl, write_lines  # noqa: E402

WARMUP = 3  # untimed iterations before each timed run


def runtime():
    return f"{platform.python_implementation()} {platform.python_version()}"


# The records of the dataset being measured, by (dataset, input path).
LOADED = {}


class Prepared:
    """One codec and dataset: the native records and their encoding."""

    def __init__(self, codec, req):
        dataset = req.get("dataset")
        if dataset not in DATASETS:
            raise ValueError(f"unknown dataset {dataset!r} (expected one of {', '.join(DATASETS)})")
        self.codec, self.dataset = codec, dataset
        # One copy of a dataset per process, shared by every codec prepared on it.
        key = (dataset, req["input"])
        if key not in LOADED:
            LOADED.clear()
            LOADED[key] = load_jsonl(dataset, req["input"])
        self.records = LOADED[key]
        self.enc, self.dec = codec.encode[dataset], codec.decode[dataset]
        self.encoded = bytes(self.enc(self.records))
        with open(req["encoded_out"], "wb") as f:
            f.write(self.encoded)
        decoded = self.dec(self.encoded)
        got = canonical_lines(dataset, decoded, untyped_numbers(codec))
        write_lines(req["decoded_out"], got)
        want = canonical_lines(dataset, self.records)
        if len(got) != len(want):
            raise ValueError(f"decoded {len(got)} records, encoded {len(want)}")
        for k, (a, b) in enumerate(zip(got, want)):
            if a != b:
                raise ValueError(f"record {k + 1} differs after the round trip: {a} != {b}")
        self.reply = {"ok": True, "records": len(self.records), "encoded_bytes": len(self.encoded)}
        # What is built before timing lives for the whole process: frozen, the
        # collector's full passes skip it, so a timed operation pays for
        # scanning what it creates, not every dataset copy and codec prepared
        # beside it (a harness-sized cost that made samples swing several-fold).
        gc.collect()
        gc.freeze()

    def run(self, what, iters):
        if what == "encode":
            fn, arg = self.enc, self.records
        elif what == "decode":
            fn, arg = self.dec, self.encoded
        else:
            raise ValueError(f"run what={what!r}: expected encode or decode")
        sink = 0
        for _ in range(WARMUP):
            sink += len(fn(arg))
        # The cycle collector stays out of the batch and runs once after it,
        # timed and counted in the sample: the garbage the operations made is
        # still paid for, in one place every time, instead of wherever the
        # collector's thresholds happened to fall (reference counting frees
        # the rest as it goes, inside the batch).
        gc.collect()
        gc.disable()
        try:
            start = time.perf_counter_ns()
            for _ in range(iters):
                sink += len(fn(arg))  # the result is used, and dropped before the next
            gc.collect()
            ns = time.perf_counter_ns() - start
        finally:
            gc.enable()
        if sink < 0:  # never: keeps `sink` alive
            print(sink, file=sys.stderr)
        return ns


def untyped_numbers(codec):
    """JSON has one number type, so a whole float may come back as an integer."""
    return codec.format == "json"


def decode_foreign(codec, req):
    dataset = req.get("dataset")
    if dataset not in DATASETS:
        raise ValueError(f"unknown dataset {dataset!r} (expected one of {', '.join(DATASETS)})")
    with open(req["input"], "rb") as f:
        data = f.read()
    lines = canonical_lines(dataset, codec.foreign[dataset](data), untyped_numbers(codec))
    write_lines(req["decoded_out"], lines)
    return {"ok": True, "records": len(lines)}


def main():
    codecs, unavailable = load_codecs()
    # Every codec prepared in this process, by id: "run" names one (or means
    # the last prepared), so one process serves a whole dataset.
    prepared, by_codec = None, {}
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            op = req.get("op") if isinstance(req, dict) else None
            if op == "hello":
                reply = {"ok": True, "language": "python", "runtime": runtime(),
                         "codecs": [c.hello() for c in codecs.values()]}
                if unavailable:
                    reply["unavailable"] = unavailable
            elif op in ("prepare", "decode"):
                codec = codecs.get(req.get("codec"))
                if codec is None:
                    raise ValueError(f"unknown or unavailable codec {req.get('codec')!r}")
                if op == "prepare":
                    by_codec.pop(req.get("codec"), None)
                    prepared = None
                    prepared = Prepared(codec, req)
                    by_codec[req.get("codec")] = prepared
                    reply = prepared.reply
                else:
                    reply = decode_foreign(codec, req)
            elif op == "run":
                iters = req.get("iters")
                target = by_codec.get(req["codec"]) if req.get("codec") else prepared
                if target is None or not isinstance(iters, int) or iters < 1:
                    reply = {"ok": False, "error": "run needs a prepared codec and iters >= 1"}
                else:
                    reply = {"ok": True, "ns": target.run(req.get("what"), iters)}
            elif op == "quit":
                return
            else:
                reply = {"ok": False, "error": f"unknown op {op!r}"}
        except Exception as e:  # every failure is an answer, never a traceback on the protocol
            reply = {"ok": False, "error": f"{type(e).__name__}: {e}"[:2000]}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
    # Leave without running C++ static destructors: pyarrow's thread pools can
    # abort the process at interpreter teardown (apache/arrow#34314), turning a
    # clean quit into SIGABRT. Every answer and file is complete by now.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
