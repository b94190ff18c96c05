"""The "writer" engine: a table written by each format's own maintained
library (ORC: pyarrow.orc; Vortex: vortex-data; Lance: pylance), at the
library's default settings or tuned ones, then read back by the format's
reference reader for the checksum.

`prepare` reads encbench's Arrow IPC file into a pyarrow Table (outside
timing), writes OUTPUT once (which must not exist) and reads it back;
`run` times N writes of the same table, each to a fresh scratch path beside
OUTPUT, removed after each write (untimed), so the timed work is exactly
the library's write call."""

import gc
import os
import shutil
import tempfile
import time

import pyarrow as pa
import pyarrow.ipc as ipc

from .checksum import KINDS, table_checksum
from .common import NotMeasured, RequestError

FORMATS = ("orc", "vortex", "lance")
SETTINGS = ("default", "tuned")

# Lance's newest stable data storage version in pylance 14.0.2 (what
# data_storage_version=None, i.e. "stable", writes), named explicitly when tuned.
LANCE_TUNED_VERSION = "2.2"
# ORC's own writers (Java, C++ orc::WriterOptions) use dictionary encoding
# for a string column whose distinct/total ratio is at most 0.8; pyarrow's
# default 0.0 turns string dictionaries off.
ORC_DICTIONARY_THRESHOLD = 0.8


def one_line(e, limit=300):
    text = " ".join(f"{type(e).__name__}: {e}".split())
    text = text.split(" Backtrace:")[0]  # Vortex's errors carry a Rust backtrace
    return text if len(text) <= limit else text[:limit - 1] + "…"


def disk_bytes(path):
    """The bytes on disk of a file, or of every file under a directory."""
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(d, f)) for d, _, files in os.walk(path) for f in files)
    return os.path.getsize(path)


def remove(path):
    if os.path.isdir(path) and not os.path.islink(path):
        shutil.rmtree(path)
    elif os.path.lexists(path):
        os.remove(path)


def plain_dictionaries(table):
    """Dictionary columns cast to their value type (a reader's decoded view)."""
    cols = [c.cast(c.type.value_type) if pa.types.is_dictionary(c.type) else c for c in table.columns]
    if all(a is b for a, b in zip(cols, table.columns)):
        return table
    return pa.table(cols, names=table.column_names)


class Format:
    """One format's library: `write(table, path)` (the timed call),
    `read(path)` (its reference reader, a pyarrow Table), `how`, `settings`."""

    file_version = None

    def prepare_table(self, table):
        """The table as this writer takes it (outside timing)."""
        return table


class Orc(Format):
    def __init__(self, tuned):
        import pyarrow.orc as orc
        self.orc = orc
        self.library = f"pyarrow {pa.__version__}"
        defaults = ("file_version='0.12', stripe_size=67108864 (64 MiB), batch_size=1024, "
                    "compression_block_size=65536, compression_strategy='speed', row_index_stride=10000, "
                    "no bloom filters")
        if tuned:
            self.kw = dict(compression="zstd", dictionary_key_size_threshold=ORC_DICTIONARY_THRESHOLD)
            self.settings = (f"tuned: compression='zstd' (pyarrow's default zstd level), "
                             f"dictionary_key_size_threshold={ORC_DICTIONARY_THRESHOLD} (ORC's own writers' "
                             f"default: string dictionaries where distinct/total <= 0.8); pyarrow's defaults "
                             f"otherwise: {defaults}")
            self.how = (f"pyarrow.orc.write_table(t, P, compression='zstd', "
                        f"dictionary_key_size_threshold={ORC_DICTIONARY_THRESHOLD})")
        else:
            self.kw = {}
            self.settings = (f"pyarrow.orc.write_table defaults: compression='uncompressed', "
                             f"dictionary_key_size_threshold=0.0 (no string dictionaries), {defaults}")
            self.how = "pyarrow.orc.write_table(t, P)"

    def prepare_table(self, table):
        return plain_dictionaries(table)  # pyarrow's ORC writer takes no dictionary type

    def write(self, table, path):
        self.orc.write_table(table, path, **self.kw)

    def read(self, path):
        return self.orc.read_table(path)


class Vortex(Format):
    def __init__(self, tuned):
        import vortex as vx
        self.vx = vx
        self.library = f"vortex-data {vx.__version__}"
        if tuned:
            self.options = vx.io.VortexWriteOptions.compact()
            self.settings = ("tuned: VortexWriteOptions.compact() (the compact strategy: smaller files over "
                             "read throughput and latency), the default edition")
            self.how = "vortex.io.VortexWriteOptions.compact().write(t, P)"
        else:
            self.options = vx.io.VortexWriteOptions.default()
            self.settings = ("vortex.io.write defaults: VortexWriteOptions.default() (balances size, read "
                             "throughput and latency), the default edition")
            self.how = "vortex.io.write(t, P)"

    def write(self, table, path):
        self.options.write(table, path)

    def read(self, path):
        return self.vx.open(path).to_arrow().read_all()


class Lance(Format):
    def __init__(self, tuned):
        import lance
        self.lance = lance
        self.library = f"pylance {lance.__version__}"
        self.tuned = tuned
        if tuned:
            self.kw = dict(data_storage_version=LANCE_TUNED_VERSION)
            self.settings = (f"tuned: data_storage_version='{LANCE_TUNED_VERSION}' (the newest stable), every "
                             "column's field metadata lance-encoding:compression='zstd' (Lance's default "
                             "compression level); write_dataset's defaults otherwise (max_rows_per_file=1048576, "
                             "max_rows_per_group=1024)")
            self.how = (f"lance.write_dataset(t, P, data_storage_version='{LANCE_TUNED_VERSION}'), t's fields with "
                        "metadata {'lance-encoding:compression': 'zstd'}")
        else:
            self.kw = {}
            self.settings = ("lance.write_dataset defaults: data_storage_version=None (the latest stable, "
                             "written as file_version says), Lance's default per-column encodings, "
                             "max_rows_per_file=1048576, max_rows_per_group=1024")
            self.how = "lance.write_dataset(t, P)"

    def prepare_table(self, table):
        if not self.tuned:
            return table
        fields = [f.with_metadata({**(f.metadata or {}), b"lance-encoding:compression": b"zstd"})
                  for f in table.schema]
        return table.cast(pa.schema(fields, metadata=table.schema.metadata))

    def write(self, table, path):
        ds = self.lance.write_dataset(table, path, **self.kw)
        self.file_version = ds.data_storage_version

    def read(self, path):
        return self.lance.dataset(path).to_table()


LIBRARIES = {"orc": Orc, "vortex": Vortex, "lance": Lance}
READER = {"orc": "pyarrow.orc.read_table(P)", "vortex": "vortex.open(P).to_arrow().read_all()",
          "lance": "lance.dataset(P).to_table()"}


def available():
    """(writers, missing): each format's library and version, or why not."""
    found, missing = [], []
    for fmt, cls in LIBRARIES.items():
        try:
            lib = cls(False)
            name, version = lib.library.rsplit(" ", 1)
            found.append({"format": fmt, "library": name, "version": version})
        except Exception as e:  # ImportError, or a library failing at import
            missing.append({"format": fmt, "why": str(e).splitlines()[0] if str(e) else type(e).__name__})
    return found, missing


def columns_of(req):
    cols = req.get("columns")
    if not isinstance(cols, list) or not cols:
        raise RequestError("prepare needs columns: [{name, kind}, ...], the table's schema")
    kinds = {}
    for c in cols:
        name, kind = (c.get("name"), c.get("kind")) if isinstance(c, dict) else (None, None)
        if not isinstance(name, str) or kind not in KINDS:
            raise RequestError(f"bad column {c!r}: needs a name and a kind (one of {', '.join(KINDS)})")
        kinds[name] = kind
    return kinds


class Write:
    """A prepared write: the table in memory, the library at its settings."""

    def __init__(self, req):
        fmt, path, q = req.get("format"), req.get("path"), req.get("query")
        if fmt not in FORMATS:
            raise RequestError(f"the writer writes {', '.join(FORMATS)}, not {fmt!r}")
        if req.get("compression", "none") != "none":
            raise RequestError(f"the writer writes no whole-file compression, got {req.get('compression')!r}")
        if not isinstance(q, dict) or q.get("kind") != "write":
            raise RequestError(f"the writer's query is {{\"kind\":\"write\",\"input\":..,\"settings\":..}}, got {q!r}")
        settings, source = q.get("settings"), q.get("input")
        if settings not in SETTINGS:
            raise RequestError(f"unknown write settings {settings!r} (expected one of {', '.join(SETTINGS)})")
        if not isinstance(path, str) or not path:
            raise RequestError("prepare needs a path (the output)")
        if os.path.lexists(path):
            raise RequestError(f"the output exists already: {path} (the writer writes a new file or directory)")
        parent = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(parent):
            raise RequestError(f"no such directory for the output: {parent}")
        if not isinstance(source, str) or not os.path.isfile(source):
            raise RequestError(f"no such file: {source} (the write's input, an Arrow IPC file)")
        kinds = columns_of(req)
        try:
            lib = LIBRARIES[fmt](settings == "tuned")
        except ImportError as e:
            raise NotMeasured(f"the {fmt} writer is not available ({str(e).splitlines()[0]})") from None
        try:
            with pa.memory_map(source) as src:
                table = ipc.open_file(src).read_all()
        except (pa.ArrowInvalid, OSError) as e:
            raise RequestError(f"the input is no Arrow IPC file: {source}: {one_line(e)}") from None
        for name in kinds:
            if name not in table.column_names:
                raise RequestError(f"column {name!r} is not in the input (it has {', '.join(table.column_names)})")
        self.fmt, self.lib, self.path = fmt, lib, path
        try:
            self.table = lib.prepare_table(table)
        except Exception as e:
            raise NotMeasured(f"{fmt} cannot take this table: {one_line(e)}") from None
        del table
        try:
            lib.write(self.table, path)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:  # pyo3's PanicException too
            try:
                remove(path)
            except OSError:
                pass
            raise NotMeasured(self.refusal(e)) from None
        try:
            back = lib.read(path)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as e:
            raise NotMeasured(f"{fmt}: {lib.library} failed to read back what it wrote: {one_line(e)}") from None
        for name in kinds:
            if name not in back.column_names:
                raise RequestError(f"writer {fmt}: column {name!r} missing from what {READER[fmt]} read back")
        self.reply = {"ok": True, "rows": back.num_rows, "checksum": table_checksum(back, kinds, f"writer {fmt}"),
                      "bytes": disk_bytes(path), "library": lib.library, "how": lib.how, "settings": lib.settings,
                      "file_version": lib.file_version, "read_back": READER[fmt]}
        del back
        gc.collect()
        gc.freeze()

    def refusal(self, e):
        """Why the write failed: the first column the library refuses alone
        (its type), else the library's own message."""
        scratch = tempfile.mkdtemp(prefix="encbench-write-probe-")
        try:
            for k, name in enumerate(self.table.column_names):
                one = self.table.select([k]).slice(0, 16)
                try:
                    self.lib.write(one, os.path.join(scratch, f"c{k}"))
                except (KeyboardInterrupt, SystemExit):
                    raise
                except BaseException as ce:
                    t = self.table.schema.field(k).type
                    return f"{self.fmt} cannot hold column {name!r} ({t}): {one_line(ce)}"
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
        return f"{self.fmt}: {self.lib.library} failed to write it: {one_line(e)}"

    def run(self, iters):
        """N writes, each to a fresh scratch path beside the output; only the
        write call is timed (the removal after it is not)."""
        d, base = os.path.split(os.path.abspath(self.path))
        write, table = self.lib.write, self.table
        total = 0
        gc.collect()
        gc.disable()
        try:
            for k in range(iters):
                scratch = os.path.join(d, f".{base}.encbench-run-{os.getpid()}-{k}")
                remove(scratch)
                try:
                    start = time.perf_counter_ns()
                    write(table, scratch)
                    total += time.perf_counter_ns() - start
                finally:
                    remove(scratch)
        finally:
            gc.enable()
        return total
