"""Tests of the Python record worker (records_worker.py and the records package).

Run from the repository root, after workers/python/build.sh:

    workers/python/.venv/bin/python -m unittest discover -s workers/python/tests
"""

import json
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
PYDIR = HERE.parent
TESTDATA = PYDIR.parent / "testdata"
sys.path.insert(0, str(PYDIR))

from records import FAMILIES, load_codecs  # noqa: E402
from records.model import DATASETS, canonical_lines, load_jsonl  # noqa: E402

CODECS, UNAVAILABLE = load_codecs()
ALL_NAMES = [n for _, names in FAMILIES for n in names]

# codec name -> the file name of the Rust-written batch of its format
RUST_FILE = {
    "json": "json", "orjson": "json", "msgpack": "msgpack", "cbor2": "cbor", "bson": "bson",
    "protobuf": "protobuf", "fastavro": "avro", "arrow-ipc": "arrow-ipc", "parquet": "parquet",
}

# (codec, dataset) pairs whose encoding is byte-identical to the Rust codec's.
# Not identical, and why: cbor2 telemetry (ciborium writes each float in its
# shortest lossless width, cbor2 always float64); fastavro (random sync
# marker, schema JSON in the header); arrow-ipc (buffer padding/alignment);
# parquet (writer metadata, page layout).
BYTE_IDENTICAL = [(c, ds) for c in ("json", "orjson", "msgpack", "bson", "protobuf") for ds in DATASETS] + [
    ("cbor2", "logs"), ("cbor2", "orders"),
]


def fixture(ds):
    return TESTDATA / f"records-{ds}.jsonl"


def fixture_lines(ds):
    return [line for line in fixture(ds).read_text(encoding="utf-8").splitlines() if line.strip()]


def codec(name):
    cid = f"record-python/{name}"
    if cid not in CODECS:
        raise unittest.SkipTest(f"{cid} unavailable: {UNAVAILABLE}")
    return CODECS[cid]


class Canonical(unittest.TestCase):
    def test_canonical_form_is_the_fixture_text(self):
        # serde_json and the canonical writer agree to the byte on the fixtures
        # (escapes, UTF-8, -0.0, 1e+300, 2.2250738585072014e-308, i32::MIN)
        for ds in DATASETS:
            with self.subTest(ds):
                self.assertEqual(canonical_lines(ds, load_jsonl(ds, fixture(ds))), fixture_lines(ds))

    def test_a_float_turned_integer_fails_unless_the_format_is_json(self):
        records = load_jsonl("telemetry", fixture("telemetry"))
        changed = records[0]
        changed.readings = [int(x) if float(x).is_integer() else x for x in changed.readings]
        changed.readings[0] = 2  # an integer where the float 2.0 was
        with self.assertRaisesRegex(ValueError, r"record 1: readings: expected a float, found the integer 2"):
            canonical_lines("telemetry", [changed])
        # JSON has one number type: there, 2 is the float 2.0.
        self.assertIn('"readings":[2.0,', canonical_lines("telemetry", [changed], lenient=True)[0])

    def test_every_codec_is_available(self):
        self.assertEqual(UNAVAILABLE, [])
        self.assertEqual(sorted(CODECS), sorted(f"record-python/{n}" for n in ALL_NAMES))


class RoundTrip(unittest.TestCase):
    def test_every_codec_round_trips_every_fixture(self):
        for name in ALL_NAMES:
            c = codec(name)
            for ds in DATASETS:
                with self.subTest(codec=name, dataset=ds):
                    records = load_jsonl(ds, fixture(ds))
                    data = c.encode[ds](records)
                    self.assertIsInstance(data, bytes)
                    decoded = c.decode[ds](data)
                    got, want = canonical_lines(ds, decoded), fixture_lines(ds)
                    self.assertEqual(len(got), len(want))
                    for k, (a, b) in enumerate(zip(got, want)):
                        self.assertEqual(a, b, f"record {k + 1}")
                    # the native objects, not dicts
                    self.assertIs(type(decoded[0]), type(records[0]))


class CrossLanguage(unittest.TestCase):
    def test_rust_bytes_decode_to_the_fixture_records(self):
        for name, file in RUST_FILE.items():
            c = codec(name)
            for ds in DATASETS:
                with self.subTest(codec=name, dataset=ds):
                    data = (TESTDATA / "rust" / ds / file).read_bytes()
                    self.assertEqual(canonical_lines(ds, c.foreign[ds](data)), fixture_lines(ds))

    def test_encodings_byte_identical_to_rust(self):
        for name, ds in BYTE_IDENTICAL:
            with self.subTest(codec=name, dataset=ds):
                data = codec(name).encode[ds](load_jsonl(ds, fixture(ds)))
                self.assertEqual(data, (TESTDATA / "rust" / ds / RUST_FILE[name]).read_bytes())

    def test_damaged_rust_bytes_never_crash(self):
        # every prefix step and some byte flips: records or an exception, nothing else
        for name, file in RUST_FILE.items():
            c = codec(name)
            for ds in DATASETS:
                data = (TESTDATA / "rust" / ds / file).read_bytes()
                cases = [data[:k] for k in range(0, len(data), max(1, len(data) // 40))]
                cases += [data + b"\0", b"\xff" * 32]
                for k in range(0, len(data), max(1, len(data) // 40)):
                    cases.append(data[:k] + bytes([data[k] ^ 0x5A]) + data[k + 1:])
                for b in cases:
                    try:
                        canonical_lines(ds, c.foreign[ds](b))
                    except Exception:
                        pass
                # trailing bytes are rejected, as the Rust decoders reject them
                # (protobuf has no framing; a Parquet file is read from its footer)
                if name not in ("protobuf", "parquet"):
                    with self.subTest(codec=name, dataset=ds, case="trailing byte"):
                        with self.assertRaises(Exception):
                            c.foreign[ds](data + b"\0")


class Protocol(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = pathlib.Path(self.tmp.name)
        self.proc = subprocess.Popen(
            [sys.executable, str(PYDIR / "records_worker.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
        )

    def tearDown(self):
        self.proc.stdin.close()  # EOF ends the worker if it is still running
        self.proc.wait(timeout=30)
        self.proc.stdout.close()
        self.tmp.cleanup()

    def ask(self, req):
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        self.assertTrue(line, f"no answer to {req}")
        return json.loads(line)

    def test_hello(self):
        r = self.ask({"op": "hello"})
        self.assertTrue(r["ok"])
        self.assertEqual(r["language"], "python")
        self.assertRegex(r["runtime"], r"^\w+ \d+\.\d+\.\d+")
        ids = {c["id"]: c for c in r["codecs"]}
        self.assertEqual(ids["record-python/orjson"]["format"], "json")
        self.assertIsNone(ids["record-python/pickle"]["format"])
        self.assertRegex(ids["record-python/orjson"]["library"], r"^orjson \d")
        for c in r["codecs"]:
            self.assertTrue(c["id"].startswith("record-python/") and c["library"] and c["summary"])

    def test_prepare_run_decode_quit(self):
        for name in ALL_NAMES:
            for ds in DATASETS:
                with self.subTest(codec=name, dataset=ds):
                    enc, dec = self.dir / f"{name}-{ds}.bin", self.dir / f"{name}-{ds}.jsonl"
                    r = self.ask({"op": "prepare", "codec": f"record-python/{name}", "dataset": ds,
                                  "input": str(fixture(ds)), "encoded_out": str(enc), "decoded_out": str(dec)})
                    self.assertEqual(r, {"ok": True, "records": len(fixture_lines(ds)),
                                         "encoded_bytes": enc.stat().st_size})
                    self.assertEqual(dec.read_text(encoding="utf-8").splitlines(), fixture_lines(ds))
                    for what in ("encode", "decode"):
                        r = self.ask({"op": "run", "what": what, "iters": 2})
                        self.assertTrue(r["ok"], r)
                        self.assertGreater(r["ns"], 0)
                    if name in RUST_FILE:
                        out = self.dir / f"x-{name}-{ds}.jsonl"
                        r = self.ask({"op": "decode", "codec": f"record-python/{name}", "dataset": ds,
                                      "input": str(TESTDATA / "rust" / ds / RUST_FILE[name]), "decoded_out": str(out)})
                        self.assertEqual(r, {"ok": True, "records": len(fixture_lines(ds))})
                        self.assertEqual(out.read_text(encoding="utf-8").splitlines(), fixture_lines(ds))
        self.proc.stdin.write('{"op":"quit"}\n')
        self.proc.stdin.flush()
        self.assertEqual(self.proc.wait(timeout=30), 0)

    def test_errors_are_answers(self):
        garbage = self.dir / "garbage"
        garbage.write_bytes(bytes(range(256)) * 4)
        for name in ALL_NAMES:
            with self.subTest(codec=name):
                r = self.ask({"op": "decode", "codec": f"record-python/{name}", "dataset": "orders",
                              "input": str(garbage), "decoded_out": str(self.dir / "out.jsonl")})
                self.assertFalse(r["ok"])
                self.assertIsInstance(r["error"], str)
        for req in (
            {"op": "run", "what": "encode", "iters": 1},  # nothing prepared
            {"op": "prepare", "codec": "record-python/nope", "dataset": "logs"},
            {"op": "prepare", "codec": "record-python/json", "dataset": "nope", "input": str(fixture("logs")),
             "encoded_out": str(self.dir / "e"), "decoded_out": str(self.dir / "d")},
            {"op": "decode", "codec": "record-python/json", "dataset": "logs", "input": str(self.dir / "missing"),
             "decoded_out": str(self.dir / "d")},
            {"op": "frobnicate"},
        ):
            with self.subTest(req=req):
                self.assertFalse(self.ask(req)["ok"])
        self.proc.stdin.write("not json\n")
        self.proc.stdin.flush()
        self.assertFalse(json.loads(self.proc.stdout.readline())["ok"])
        self.assertTrue(self.ask({"op": "hello"})["ok"])  # still alive


if __name__ == "__main__":
    unittest.main()
