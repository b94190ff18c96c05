"""`engine_convert`: `file --convert FORMAT --engine spark|duckdb`. The
engine reads the input (a file, or a folder it reads itself, hive
partitions included), writes OUTPUT with the options encbench gives (the
same list `--emit spark` prints), and the written data is read back twice,
by the engine and by pyarrow; each side's row count and per-column checksum
(engines/checksum.py: the whole data, summed batch by batch) come back with
the source's as the engine read it, and encbench compares them before it
renames OUTPUT into place.

OUTPUT is a path in encbench's scratch folder beside the user's output
(never inside the input: encbench checks, and so does this). On any failure,
an interrupt, or encbench's own death (the watchdog below: Ctrl-C, kill),
whatever was written at OUTPUT is removed and the job cancelled."""

import os
import shutil
import sys
import threading
import time

import pyarrow as pa

from .common import NotMeasured, RequestError
from .writer import one_line

ENGINES = ("spark", "duckdb")
FORMATS = ("parquet", "orc", "jsonl", "csv")
INPUT_FORMATS = FORMATS
FAIL_ENV = "ENCBENCH_ENGINE_CONVERT_FAIL"  # tests: "after-write" fails the job once the data is written


def _remove(path):
    try:
        if os.path.isdir(path) and not os.path.islink(path):
            shutil.rmtree(path)
        elif os.path.lexists(path):
            os.remove(path)
    except OSError:
        pass


def _inside(a, b):
    """Whether path a is b or lies inside it (after resolving links)."""
    a, b = os.path.realpath(a), os.path.realpath(b)
    return a == b or a.startswith(b.rstrip(os.sep) + os.sep)


class Watchdog:
    """Ends the job when encbench, the parent, is gone: its Ctrl-C handler
    removes the scratch folder, but the engine (a JVM) would go on writing
    into it. Cancels the job, removes OUTPUT and exits the worker."""

    def __init__(self, output, cancel):
        self.output, self.cancel, self.parent = output, cancel, os.getppid()
        self.done = threading.Event()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self):
        while not self.done.wait(0.2):
            if os.getppid() != self.parent:
                try:
                    self.cancel()
                except Exception:
                    pass
                time.sleep(0.5)  # the cancelled tasks stop writing
                _remove(self.output)
                try:
                    os.rmdir(os.path.dirname(self.output))  # the scratch folder, if empty
                except OSError:
                    pass
                if "engines.spark_session" in sys.modules:  # its temporary folder too
                    sys.modules["engines.spark_session"].stop(fast=True)
                os._exit(1)

    def stop(self):
        self.done.set()


def disk_bytes(path):
    if os.path.isfile(path):
        return os.path.getsize(path), 1
    total = files = 0
    for root, _, names in os.walk(path):
        for n in names:
            total += os.path.getsize(os.path.join(root, n))
            files += not n.startswith((".", "_"))
    return total, files


ARROW_OF_KIND = {"int": pa.int64(), "bool": pa.bool_(), "float": pa.float64(), "float32": pa.float64(),
                 "text": pa.string()}


def kind_of_arrow(t):
    """The checksum kind of an Arrow type (DuckDB's results)."""
    if pa.types.is_dictionary(t):
        t = t.value_type
    if pa.types.is_integer(t):
        return "int"
    if pa.types.is_boolean(t):
        return "bool"
    if pa.types.is_float32(t):
        return "float32"
    if pa.types.is_floating(t) or pa.types.is_decimal(t):
        return "float"
    if pa.types.is_string(t) or pa.types.is_large_string(t) or pa.types.is_string_view(t) \
            or pa.types.is_binary(t) or pa.types.is_large_binary(t):
        return "text"
    if pa.types.is_date(t):
        return "date"
    if pa.types.is_timestamp(t):
        return "timestamp"
    if pa.types.is_time(t):
        return "time"
    if pa.types.is_duration(t) or t == pa.month_day_nano_interval():
        return "duration"
    return "count"


def pyarrow_batches(path, fmt, kinds, partition_by):
    """The written data read back by pyarrow's dataset reader, batch by
    batch: text formats with the types the kinds name (dates and
    timestamps as text, which the checksum parses), partition folders with
    the kinds' types."""
    import pyarrow.dataset as ds

    part = None
    if partition_by:
        fields = [(n, ARROW_OF_KIND.get(kinds[n], pa.string())) for n in partition_by]
        part = ds.partitioning(pa.schema(fields), flavor="hive")
    data = [n for n in kinds if n not in (partition_by or [])]
    typed = {n: ARROW_OF_KIND.get(kinds[n], pa.string()) for n in data}
    if fmt == "csv":
        import pyarrow.csv as pcsv
        f = ds.CsvFileFormat(convert_options=pcsv.ConvertOptions(
            column_types=typed, strings_can_be_null=True, quoted_strings_can_be_null=False))
    elif fmt == "jsonl":
        import pyarrow.json as pjson
        f = ds.JsonFileFormat(parse_options=pjson.ParseOptions(explicit_schema=pa.schema(list(typed.items()))))
    else:
        f = fmt
    return ds.dataset(path, format=f, partitioning=part).to_batches()


def engine_convert(req):
    engine, fmt = req.get("engine"), req.get("format")
    source, output = req.get("input"), req.get("output")
    if engine not in ENGINES:
        raise RequestError(f"engine_convert: the engine is one of {', '.join(ENGINES)}, not {engine!r}")
    if fmt not in FORMATS:
        raise RequestError(f"engine_convert: the format is one of {', '.join(FORMATS)}, not {fmt!r}")
    if req.get("input_format") not in INPUT_FORMATS:
        raise RequestError(f"engine_convert: the input format is one of {', '.join(INPUT_FORMATS)}, "
                           f"not {req.get('input_format')!r}")
    if not isinstance(source, str) or not os.path.exists(source):
        raise RequestError(f"no such file or folder: {source}")
    if not isinstance(output, str) or not output or os.path.lexists(output):
        raise RequestError(f"engine_convert: the output must be a new path, not {output!r}")
    if _inside(output, source) or _inside(source, output):
        raise RequestError(f"engine_convert: {output} is inside the input {source} (or holds it): never written")
    options = req.get("options") or []
    if not all(isinstance(o, list) and len(o) == 2 and all(isinstance(x, str) for x in o) for o in options):
        raise RequestError("engine_convert: options is a list of [key, value] strings")
    if engine == "spark":
        from . import spark_convert as impl
    else:
        from . import duckdb_convert as impl
    job = impl.Job(req)
    dog = Watchdog(output, job.cancel)
    try:
        answer = job.run(output)
        if os.environ.get(FAIL_ENV) == "after-write":
            raise RuntimeError(f"{FAIL_ENV}=after-write: the job fails once the data is written (a test)")
        began = time.perf_counter()
        kinds = answer.pop("kinds")
        rows, sums = job.read_back(output, kinds)
        answer.update(rows_engine=rows, checksum_engine=sums)
        rows, sums = _batches_sums(pyarrow_batches(output, fmt, kinds, req.get("partition_by")), kinds)
        answer.update(rows_pyarrow=rows, checksum_pyarrow=sums)
        answer["verify_s"] = answer.pop("source_check_s", 0.0) + time.perf_counter() - began
        answer["bytes"], answer["files"] = disk_bytes(output)
        return {"ok": True, **answer}
    except (KeyboardInterrupt, SystemExit):
        job.cancel()
        _remove(output)
        raise
    except (RequestError, NotMeasured):
        _remove(output)
        raise
    except BaseException as e:  # Py4J's errors, DuckDB's, a panic
        _remove(output)
        raise RequestError(f"engine_convert: {engine} failed: {_why(e)}; nothing was written") from None
    finally:
        dog.stop()


def _why(e):
    """One line: for a Java exception (Py4J), its first line and its root
    cause, not the JVM's stack."""
    text = str(e)
    if "Caused by:" not in text and "\tat " not in text:
        return one_line(e, 600)
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    head = next((ln for ln in lines if not ln.startswith("at ")), "")
    causes = [ln for ln in lines if ln.startswith("Caused by:")]
    text = " ".join(f"{type(e).__name__}: {head}{' ... ' + causes[-1] if causes else ''}".split())
    return text if len(text) <= 600 else text[:599] + "…"


def _batches_sums(batches, kinds):
    from .spark_checksum import batches_checksum
    return batches_checksum(batches, kinds)
