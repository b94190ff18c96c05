#!/usr/bin/env python3
"""encbench's Python worker: what a Python pipeline like seed 001's would use
(struct, json, str/int, pickle, marshal; numpy when installed), timed with
time.perf_counter_ns inside this process. Speaks encbench's worker protocol:
one JSON object per line on stdin and stdout."""

import json
import marshal
import pickle
import platform
import struct
import sys
import time

I64 = struct.Struct("<q")


def _numpy():
    try:
        import numpy  # noqa: F401

        return numpy
    except ImportError:
        return None


# Per-value codecs: (encode, decode) over one int.
VALUE_CODECS = {
    "python/struct": (I64.pack, lambda b: I64.unpack(b)[0]),
    "python/str-int": (lambda v: str(v).encode(), lambda b: int(b)),
    "python/json": (lambda v: json.dumps(v).encode(), lambda b: json.loads(b)),
    "python/pickle": (pickle.dumps, pickle.loads),
    "python/marshal": (marshal.dumps, marshal.loads),
}


def sum_lines(path):
    with open(path, "rb") as f:
        return sum(int(line) for line in f)


def sum_struct(path):
    with open(path, "rb") as f:
        data = f.read()
    if len(data) % 4:
        raise ValueError(f"{path}: {len(data)} bytes is not a whole number of int32s")
    return sum(struct.unpack(f"<{len(data) // 4}i", data))


# Whole-file readers over the ints scenario's files: (format, function).
FILE_CODECS = {
    "python/int-lines": ("text-lines", sum_lines),
    "python/struct-unpack": ("i32-le", sum_struct),
}

NP = _numpy()
if NP is not None:
    FILE_CODECS["python/numpy-fromfile"] = ("i32-le", lambda p: int(NP.fromfile(p, dtype="<i4").sum(dtype="int64")))
    FILE_CODECS["python/numpy-loadtxt"] = ("text-lines", lambda p: int(NP.loadtxt(p, dtype="int64").sum()))


class Prepared:
    def __init__(self, codec, path, fmt):
        self.codec = codec
        if codec in VALUE_CODECS:
            if fmt != "i64-le":
                raise ValueError(f"{codec} reads format i64-le, not {fmt!r}")
            with open(path, "rb") as f:
                data = f.read()
            if not data or len(data) % 8:
                raise ValueError(f"{path}: {len(data)} bytes is not a whole, non-empty number of int64s")
            self.values = [v for (v,) in I64.iter_unpack(data)]
            enc, dec = VALUE_CODECS[codec]
            # Every encoding, and what each decodes to, for encbench to compare itself
            # (decimal strings: JSON numbers are not 64-bit safe everywhere).
            encoded = [enc(v) for v in self.values]
            decoded = [str(dec(b)) for b in encoded]
            self.reply = {"ok": True, "items": len(self.values), "encoded_hex": [b.hex() for b in encoded], "decoded": decoded}
        elif codec in FILE_CODECS:
            want, fn = FILE_CODECS[codec]
            if fmt != want:
                raise ValueError(f"{codec} reads format {want}, not {fmt!r}")
            self.path, self.fn = path, fn
            self.reply = {"ok": True, "check": str(fn(path))}
        else:
            raise ValueError(f"unknown codec {codec}")

    def run(self, iters):
        if self.codec in VALUE_CODECS:
            enc, dec = VALUE_CODECS[self.codec]
            values, n, idx = self.values, len(self.values), 0
            start = time.perf_counter_ns()
            for _ in range(iters):
                dec(enc(values[idx]))
                idx += 1
                if idx == n:
                    idx = 0
            return time.perf_counter_ns() - start
        fn, path = self.fn, self.path
        start = time.perf_counter_ns()
        for _ in range(iters):
            fn(path)
        return time.perf_counter_ns() - start


def main():
    prepared = None
    for line in sys.stdin:
        try:
            req = json.loads(line)
            op = req.get("op")
            if op == "hello":
                runtime = f"{platform.python_implementation()} {platform.python_version()}"
                if NP is not None:
                    runtime += f", numpy {NP.__version__}"
                reply = {"ok": True, "language": "python", "runtime": runtime, "codecs": sorted([*VALUE_CODECS, *FILE_CODECS])}
            elif op == "prepare":
                prepared = None
                prepared = Prepared(req["codec"], req["input"], req.get("format", ""))
                reply = prepared.reply
            elif op == "run":
                iters = int(req.get("iters", 0))
                if prepared is None or iters < 1:
                    reply = {"ok": False, "error": "run needs a prepared codec and iters >= 1"}
                else:
                    reply = {"ok": True, "ns": prepared.run(iters)}
            elif op == "quit":
                return
            else:
                reply = {"ok": False, "error": f"unknown op {op!r}"}
        except Exception as e:  # every failure is reported, never a traceback on the protocol
            reply = {"ok": False, "error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
