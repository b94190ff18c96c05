"""Streaming conversions between Arrow IPC files and ORC, Vortex and Lance,
for files larger than memory: memory stays bounded by one record batch (the
libraries' own buffers aside), never the whole file.

`convert` reads encbench's Arrow IPC file batch by batch and writes OUTPUT
with the format's own library at the same settings as the writer engine's
write query (engines/writer.py: the same library classes and keywords):
ORC through pyarrow.orc.ORCWriter one batch at a time, Vortex and Lance
from a pyarrow RecordBatchReader (vortex.io.write and lance.write_dataset
both stream one). `to_arrow` reads such a file with the format's reference
reader batch by batch (ORC: one stripe at a time; Vortex: VortexFile.to_arrow(),
a RecordBatchReader; Lance: LanceDataset.to_batches()) and writes an Arrow
IPC file. OUTPUT must not exist and nothing partial is left there on a
failure."""

import os
import types

import pyarrow as pa
import pyarrow.ipc as ipc

from .common import NotMeasured, RequestError
from .writer import FORMATS, LIBRARIES, SETTINGS, Write, disk_bytes, one_line, remove

PROBE_ROWS = 16  # rows of the first batch the refusal probe writes per column


def _output(path):
    if not isinstance(path, str) or not path:
        raise RequestError("needs an output path")
    if os.path.lexists(path):
        raise RequestError(f"the output exists already: {path}")
    parent = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(parent):
        raise RequestError(f"no such directory for the output: {parent}")
    return path


def _format(op, fmt):
    if fmt not in FORMATS:
        raise RequestError(f"{op}: the format is one of {', '.join(FORMATS)}, not {fmt!r}")
    return fmt


def _open_ipc(source):
    if not isinstance(source, str) or not os.path.isfile(source):
        raise RequestError(f"no such file: {source} (the input, an Arrow IPC file)")
    src = pa.memory_map(source)  # mapped pages: the page cache's, read one batch at a time
    try:
        return src, ipc.open_file(src)
    except (pa.ArrowInvalid, OSError) as e:
        src.close()
        raise RequestError(f"the input is no Arrow IPC file: {source}: {one_line(e)}") from None


class _Batches:
    """The IPC file's batches, one at a time, cast to the writer's schema
    (dictionary columns decoded for ORC, Lance's tuned field metadata); counts
    the rows that went through."""

    def __init__(self, f, target):
        self.f, self.target, self.rows = f, target, 0

    def __iter__(self):
        for k in range(self.f.num_record_batches):
            b = self.f.get_batch(k)
            if not b.schema.equals(self.target, check_metadata=True):
                b = b.cast(self.target)
            self.rows += b.num_rows
            yield b

    def reader(self):
        return pa.RecordBatchReader.from_batches(self.target, iter(self))


def _write_orc(lib, batches, path):
    with lib.orc.ORCWriter(path, **lib.kw) as w:
        for b in batches:
            w.write(pa.Table.from_batches([b]))


def _write_vortex(lib, batches, path):
    lib.options.write(batches.reader(), path)  # streams a RecordBatchReader


def _write_lance(lib, batches, path):
    ds = lib.lance.write_dataset(batches.reader(), path, **lib.kw)
    lib.file_version = ds.data_storage_version


STREAM_WRITE = {"orc": _write_orc, "vortex": _write_vortex, "lance": _write_lance}
CONVERT_HOW = {
    "orc": "pyarrow.orc.ORCWriter(P, **settings).write(batch) per IPC record batch",
    "vortex": "VortexWriteOptions.<settings>().write(pyarrow.RecordBatchReader over the IPC batches, P)",
    "lance": "lance.write_dataset(pyarrow.RecordBatchReader over the IPC batches, P, **settings)",
}


def convert(req):
    fmt = _format("convert", req.get("format"))
    settings, source = req.get("settings"), req.get("input")
    if settings not in SETTINGS:
        raise RequestError(f"unknown settings {settings!r} (expected one of {', '.join(SETTINGS)})")
    path = _output(req.get("output"))
    try:
        lib = LIBRARIES[fmt](settings == "tuned")
    except ImportError as e:
        raise NotMeasured(f"the {fmt} writer is not available ({str(e).splitlines()[0]})") from None
    src, f = _open_ipc(source)
    try:
        try:  # the writer's own table preparation, on the schema alone
            target = lib.prepare_table(f.schema.empty_table()).schema
        except Exception as e:
            raise NotMeasured(f"{fmt} cannot take this table: {one_line(e)}") from None
        batches = _Batches(f, target)
        try:
            STREAM_WRITE[fmt](lib, batches, path)
        except (KeyboardInterrupt, SystemExit):
            _discard(path)
            raise
        except BaseException as e:  # pyo3's PanicException too
            _discard(path)
            raise NotMeasured(_refusal(fmt, lib, f, e)) from None
        try:
            size = disk_bytes(path)
        except OSError as e:
            _discard(path)
            raise NotMeasured(f"{fmt}: {lib.library} wrote nothing at {path}: {one_line(e)}") from None
    finally:
        src.close()
    try:
        sums = checksums(req, fmt, source, path)
    except (KeyboardInterrupt, SystemExit):
        _discard(path)
        raise
    except BaseException as e:
        _discard(path)
        raise RequestError(f"convert: {fmt}: reading back {path} failed: {one_line(e)}") from None
    return {"ok": True, "rows": batches.rows, "bytes": size, "library": lib.library, "how": CONVERT_HOW[fmt],
            "settings": lib.settings, "file_version": lib.file_version, **sums}


class _Sums:
    """A checksum (engines/checksum.py) summed over record batches: missing
    values add up and the hashes wrap, so a file read batch by batch sums
    to the checksum of the whole."""

    def __init__(self, kinds):
        self.kinds, self.sums = kinds, {}

    def add(self, batch):
        from .checksum import column_checksum
        for name, col in zip(batch.schema.names, batch.columns):
            if name not in self.kinds:
                raise RequestError(f"column {name!r} is not in the request's columns")
            nulls, h = column_checksum(col, self.kinds[name])
            n, g = self.sums.get(name, (0, 0))
            self.sums[name] = (n + nulls, (g + h) % (1 << 64))

    def answer(self):
        return [{"name": n, "nulls": str(v[0]), "hash": str(v[1])} for n, v in self.sums.items()]


def checksums(req, fmt, source, path):
    """When the request gives `columns` ({name, kind}): the checksum of the
    Arrow input's batches and of the written file read back by the format's
    reference reader, batch by batch (encbench compares the two)."""
    columns = req.get("columns")
    if not columns:
        return {}
    kinds = {c["name"]: c["kind"] for c in columns}
    before, after = _Sums(kinds), _Sums(kinds)
    with open(source, "rb") as src:
        f = ipc.open_file(src)
        for k in range(f.num_record_batches):
            before.add(f.get_batch(k))
    _, batches = STREAM_READ[fmt](path)
    rows = 0
    for b in batches:
        after.add(b)
        rows += b.num_rows
    return {"checksum_in": before.answer(), "checksum": after.answer(), "rows_back": rows}


def _discard(path):
    try:
        remove(path)
    except OSError:
        pass


def _refusal(fmt, lib, f, e):
    """The writer's own refusal (the first column the library refuses alone),
    over the first rows of the input only."""
    try:
        head = (pa.Table.from_batches([f.get_batch(0).slice(0, PROBE_ROWS)]) if f.num_record_batches
                else f.schema.empty_table())
        table = lib.prepare_table(head)
    except Exception:
        return f"{fmt}: {lib.library} failed to write it: {one_line(e)}"
    return Write.refusal(types.SimpleNamespace(table=table, lib=lib, fmt=fmt), e)


def _read_orc(path):
    import pyarrow.orc as orc
    f = orc.ORCFile(path)
    return f.schema, (f.read_stripe(i) for i in range(f.nstripes))


def _read_vortex(path):
    import vortex as vx
    r = vx.open(path).to_arrow()  # a RecordBatchReader over the file's chunks
    return r.schema, iter(r)


def _read_lance(path):
    import lance
    ds = lance.dataset(path)
    return ds.schema, ds.to_batches()


STREAM_READ = {"orc": _read_orc, "vortex": _read_vortex, "lance": _read_lance}
READER_HOW = {"orc": "pyarrow.orc.ORCFile(P).read_stripe(i)", "vortex": "vortex.open(P).to_arrow()",
              "lance": "lance.dataset(P).to_batches()"}


def to_arrow(req):
    fmt = _format("to_arrow", req.get("format"))
    source = req.get("input")
    if fmt == "lance":
        if not isinstance(source, str) or not os.path.isdir(source):
            raise RequestError(f"no such dataset directory: {source}")
    elif not isinstance(source, str) or not os.path.isfile(source):
        raise RequestError(f"no such file: {source}")
    path = _output(req.get("output"))
    rows = 0
    try:
        try:
            schema, batches = STREAM_READ[fmt](source)
        except ImportError as e:
            raise NotMeasured(f"the {fmt} reader is not available ({str(e).splitlines()[0]})") from None
        # Dictionary columns decoded: a reader's batches may each carry their
        # own dictionary, which an IPC file (one dictionary per column) cannot.
        schema = pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                            for f in schema], metadata=schema.metadata)
        with ipc.new_file(path, schema) as w:
            for b in batches:
                if not b.schema.equals(schema):
                    b = b.cast(schema)
                w.write_batch(b)
                rows += b.num_rows
    except (NotMeasured, RequestError):
        _discard(path)
        raise
    except (KeyboardInterrupt, SystemExit):
        _discard(path)
        raise
    except BaseException as e:
        _discard(path)
        raise RequestError(f"to_arrow: {fmt}: {READER_HOW[fmt]} failed to read {source}: {one_line(e)}") from None
    return {"ok": True, "rows": rows, "schema": schema.names, "how": READER_HOW[fmt]}
