#!/usr/bin/env python3
"""encbench's engines worker: how long the engines users have (DuckDB,
polars, pyarrow, pandas, and the Vortex and Lance libraries' own readers)
take to read a file `encbench file` wrote; and, as the "writer" engine, how
long ORC's, Vortex's and Lance's own libraries take to write the table
(engines/writer.py).

Speaks the engines protocol of docs/workers.md ("The engines worker"): one
JSON object per line on stdin, one answer per line on stdout. `prepare` reads
the file once with one engine and query and answers the result's checksum
(engines/checksum.py); `run` times N more reads on this process's monotonic
clock, so process and pipe costs stay out of the samples. `convert` and
`to_arrow` stream an Arrow IPC file to ORC, Vortex or Lance and back, one
record batch at a time (engines/convert.py), untimed. Run it with the
interpreter of workers/python/.venv (workers/python/build.sh).
"""

import gc
import importlib
import json
import os
import platform
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from engines.checksum import ChecksumError  # noqa: E402
from engines.common import ENGINES, NotMeasured, RequestError, Spec  # noqa: E402

HIDE_ENV = "ENCBENCH_ENGINES_HIDE"
WRITER = "writer"  # the pseudo-engine of writes (engines/writer.py), not one of ENGINES

# engine name -> its module, or the reason it is missing; imported at hello
# (or first prepare), each guarded, so one broken library hides one engine.
_loaded = {}


def load(name):
    if name not in _loaded:
        hidden = {h.strip() for h in os.environ.get(HIDE_ENV, "").split(",") if h.strip()}
        if name in hidden:
            _loaded[name] = f"hidden by {HIDE_ENV}"
        else:
            try:
                _loaded[name] = importlib.import_module(f"engines.{name}_engine")
            except Exception as e:  # ImportError, or a library failing at import
                _loaded[name] = str(e).splitlines()[0] if str(e) else type(e).__name__
    return _loaded[name]


def hello():
    engines, missing = [], []
    for name in ENGINES:
        m = load(name)
        if isinstance(m, str):
            missing.append({"name": name, "why": m})
        else:
            engines.append({"name": name, "version": m.VERSION})
    from engines.writer import available  # pyarrow, once asked

    writers, writers_missing = available()
    return {"ok": True, "language": "python",
            "runtime": f"{platform.python_implementation()} {platform.python_version()}",
            "engines": engines, "missing": missing, "writers": writers, "writers_missing": writers_missing}


def one_line(e, limit=300):
    text = " ".join(f"{type(e).__name__}: {e}".split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def engine_call(spec, fn):
    """fn() (the engine's own prepare or read/query): an exception from the
    engine itself answers "not measured: <engine> failed to read it: ..."
    (a file the engine cannot read, e.g. polars on a zstd Avro file); the
    worker's own RequestError, ChecksumError and NotMeasured pass as they are,
    and so does a take past the table's end (a request error)."""
    try:
        return fn()
    except (NotMeasured, RequestError, ChecksumError, KeyboardInterrupt, SystemExit):
        raise
    except BaseException as e:  # pyo3's PanicException (a panic inside polars) is no Exception
        if spec.query == "take" and (isinstance(e, IndexError) or "OutOfBounds" in type(e).__name__):
            raise RequestError(f"engine {spec.engine}: take: {one_line(e)} (a position past the table's end?)") \
                from None
        raise NotMeasured(f"{spec.engine} failed to read it: {one_line(e)}") from None


class Current:
    """The prepared query: the plan and one result kept from its warm-up."""

    def __init__(self, req):
        from engines.checksum import table_checksum  # numpy, once an engine is used

        spec = Spec(req)
        if spec.engine not in ENGINES:
            raise RequestError(f"unknown engine {spec.engine!r} (expected one of {', '.join(ENGINES)})")
        mod = load(spec.engine)
        if isinstance(mod, str):
            raise NotMeasured(f"{spec.engine} is not available ({mod})")
        self.plan = plan = engine_call(spec, lambda: mod.prepare(spec))
        result = engine_call(spec, plan.fn)  # the warm-up, and the result the checksum covers
        self.reply = {"ok": True, "library": f"{mod.NAME} {mod.VERSION}", "how": plan.how}
        if getattr(plan, "note", None):  # e.g. Spark's JVM start, said once and never timed
            self.reply["note"] = plan.note
        if spec.query == "open":
            rows, ncols = result
            self.reply.update(rows=int(rows), columns=int(ncols), checksum=[])
        else:
            table = plan.arrow(result) if plan.arrow else result
            kinds = spec.result_kinds()
            for name in kinds:
                if name not in table.column_names:
                    raise RequestError(f"engine {spec.engine}: column {name!r} missing from the result")
            if spec.query == "take" and table.num_rows != len(spec.rows):
                raise RequestError(f"engine {spec.engine}: take asked {len(spec.rows)} rows and got "
                                   f"{table.num_rows} (a position past the table's end?)")
            self.reply.update(rows=table.num_rows, checksum=table_checksum(table, kinds, spec.engine))
        del result
        # Prepared state lives for the process: frozen, the collector skips it.
        gc.collect()
        gc.freeze()

    def run(self, iters):
        fn = self.plan.fn
        keep = None
        gc.collect()
        gc.disable()  # no collector pauses at arbitrary points inside the batch
        try:
            start = time.perf_counter_ns()
            for _ in range(iters):
                keep = fn()  # fully materialised; held until the next one replaces it
            ns = time.perf_counter_ns() - start
        finally:
            gc.enable()
        del keep
        return ns


def quiet_stderr():
    """The engines' own chatter on stderr (a panic's backtrace inside polars,
    progress bars) is not encbench's output: every failure comes back in an
    answer. ENCBENCH_ENGINES_STDERR=1 keeps it, for debugging."""
    if os.environ.get("ENCBENCH_ENGINES_STDERR") != "1":
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 2)
        os.close(devnull)


def main():
    quiet_stderr()
    # Prepared queries by id: encbench interleaves the rows it times, so a
    # run names the query it times. Without an id, the last one prepared.
    prepared = {}
    current = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            op = req.get("op") if isinstance(req, dict) else None
            if op == "hello":
                reply = hello()
            elif op == "prepare":
                current = None  # a failed prepare leaves nothing to run
                prepared.pop(req.get("id"), None)
                if isinstance(req, dict) and req.get("engine") == WRITER:
                    from engines.writer import Write

                    current = Write(req)
                else:
                    current = Current(req)
                if req.get("id") is not None:
                    prepared[req["id"]] = current
                reply = current.reply
            elif op == "forget":
                prepared.pop(req.get("id"), None)
                current = None
                gc.unfreeze()
                gc.collect()
                reply = {"ok": True}
            elif op == "run":
                iters = req.get("iters")
                query = prepared.get(req["id"]) if req.get("id") is not None else current
                if query is None:
                    reply = {"ok": False, "error": f"run: no prepared query {req.get('id')!r} (prepare first)"}
                elif not isinstance(iters, int) or isinstance(iters, bool) or iters < 1:
                    reply = {"ok": False, "error": f"run needs iters >= 1, got {iters!r}"}
                else:
                    reply = {"ok": True, "ns": query.run(iters)}
            elif op == "convert":
                from engines.convert import convert

                reply = convert(req)
            elif op == "to_arrow":
                from engines.convert import to_arrow

                reply = to_arrow(req)
            elif op == "engine_convert":
                from engines.engine_convert import engine_convert

                reply = engine_convert(req)
            elif op == "quit":
                return
            else:
                reply = {"ok": False, "error": f"unknown op {op!r}"}
        except (NotMeasured, RequestError, ChecksumError) as e:
            reply = {"ok": False, "error": str(e)}
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # every failure is an answer (a polars panic included)
            reply = {"ok": False, "error": " ".join(f"{type(e).__name__}: {e}".split())[:2000]}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()


def shutdown():
    """A Spark session, if one started, stops and its temporary folder goes
    (os._exit below skips atexit)."""
    if "engines.spark_session" in sys.modules:
        sys.modules["engines.spark_session"].stop(fast=True)


if __name__ == "__main__":
    try:
        main()
    finally:
        shutdown()
    # Skip C++ static destructors at teardown: pyarrow's (and DuckDB's) thread
    # pools can abort the process there (apache/arrow#34314).
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)
