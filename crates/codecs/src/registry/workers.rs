//! Codecs in other languages, run as worker processes.

use crate::{CodecInfo, Family, Input};

/// Codecs in the seeds' own languages, run as worker processes when their
/// toolchain was present at build time (C, Go) or is on PATH (Python).
pub const WORKER_CODECS: &[CodecInfo] = &[
    worker(
        "c/fscanf",
        Input::IntFile,
        "C: the seed's fscanf(\"%i\") loop",
    ),
    worker(
        "c/read-per-int",
        Input::IntFile,
        "C: read(2) of one int per call",
    ),
    worker(
        "c/read-chunked",
        Input::IntFile,
        "C: read(2) of 10,000 ints per call",
    ),
    worker("c/fread", Input::IntFile, "C: fread of one int per call"),
    worker(
        "c/atoi-fixed",
        Input::IntFile,
        "C: atoi over fixed-width 7-byte records, read 10,000 at a time",
    ),
    worker(
        "c/hand-rolled",
        Input::IntFile,
        "C: the seed's quick-and-dirty atoi over the same records",
    ),
    worker(
        "go/binary-write",
        Input::Int64,
        "Go: binary.Write into a new bytes.Buffer, binary.Read back",
    ),
    worker(
        "go/put-uint64",
        Input::Int64,
        "Go: binary.LittleEndian.PutUint64 into make([]byte, 8)",
    ),
    worker(
        "go/strconv",
        Input::Int64,
        "Go: strconv.Itoa to []byte, strconv.Atoi back",
    ),
    worker(
        "go/gob",
        Input::Int64,
        "Go: a new gob.Encoder and gob.Decoder per value",
    ),
    worker(
        "go/put-varint",
        Input::Int64,
        "Go: binary.PutVarint / binary.Varint",
    ),
    worker(
        "go/wkb-go-geom",
        Input::Geometry,
        "Go: WKB parsed by github.com/twpayne/go-geom (the seed's WKB library)",
    ),
    worker(
        "python/struct",
        Input::Int64,
        "Python: struct.pack('<q') / unpack",
    ),
    worker(
        "python/str-int",
        Input::Int64,
        "Python: str(v).encode() / int(b)",
    ),
    worker(
        "python/json",
        Input::Int64,
        "Python: json.dumps / json.loads",
    ),
    worker(
        "python/pickle",
        Input::Int64,
        "Python: pickle.dumps / pickle.loads",
    ),
    worker(
        "python/marshal",
        Input::Int64,
        "Python: marshal.dumps / marshal.loads",
    ),
    worker(
        "python/int-lines",
        Input::IntFile,
        "Python: sum(int(line) for line in file)",
    ),
    worker(
        "python/struct-unpack",
        Input::IntFile,
        "Python: struct.unpack of the whole binary file",
    ),
];

/// Each standard format the codec matrix reads across languages, and
/// encbench's own codec of it: the batch layout every worker codec of that
/// format writes and reads (`docs/workers.md`).
pub const STANDARD_FORMATS: &[(&str, &str)] = &[
    ("json", "record/json"),
    ("cbor", "record/cbor"),
    ("msgpack", "record/msgpack"),
    ("protobuf", "record/protobuf"),
    ("avro", "record/avro-container"),
    ("arrow-ipc", "record/arrow-ipc"),
    ("parquet", "record/parquet"),
    ("flatbuffers", "record/flatbuffers"),
    ("capnp", "record/capnp"),
    ("bson", "record/bson"),
];

/// A codec of a record worker, and the standard format it writes (`None`
/// for a language's own, such as gob or pickle).
#[derive(Debug, Clone, Copy)]
pub struct RecordWorkerCodec {
    /// What `list` shows.
    pub info: CodecInfo,
    /// A key of [`STANDARD_FORMATS`], or `None`.
    pub format: Option<&'static str>,
}

/// The codec matrix's record workers (`workers/go/records`,
/// `workers/java`, `workers/python/records_worker.py`), each under its format's family. A
/// test checks each worker offers exactly these, with these formats.
pub const RECORD_WORKER_CODECS: &[RecordWorkerCodec] = &[
    record_worker(
        "record-go/encoding-json",
        Some("json"),
        Family::Text,
        "Go encoding/json (reflection), one array",
    ),
    record_worker(
        "record-go/go-json",
        Some("json"),
        Family::Text,
        "Go goccy/go-json, the same JSON without encoding/json's reflection",
    ),
    record_worker(
        "record-go/gob",
        None,
        Family::SchemalessBinary,
        "Go encoding/gob: self-describing, Go only",
    ),
    record_worker(
        "record-go/msgpack",
        Some("msgpack"),
        Family::SchemalessBinary,
        "Go vmihailenco/msgpack: maps with string keys",
    ),
    record_worker(
        "record-go/cbor",
        Some("cbor"),
        Family::SchemalessBinary,
        "Go fxamacker/cbor: maps with text keys",
    ),
    record_worker(
        "record-go/bson",
        Some("bson"),
        Family::SchemalessBinary,
        "Go mongo-driver bson: one document {r: [...]}",
    ),
    record_worker(
        "record-go/protobuf",
        Some("protobuf"),
        Family::SchemaBinary,
        "Go google.golang.org/protobuf, generated from records.proto",
    ),
    record_worker(
        "record-go/avro",
        Some("avro"),
        Family::SchemaBinary,
        "Go hamba/avro: object container file, null codec",
    ),
    record_worker(
        "record-go/flatbuffers",
        Some("flatbuffers"),
        Family::SchemaBinary,
        "Go FlatBuffers (flatc-generated); decode copies out every field",
    ),
    record_worker(
        "record-go/capnp",
        Some("capnp"),
        Family::SchemaBinary,
        "Go Cap'n Proto (capnpc-go-generated); decode copies out every field",
    ),
    record_worker(
        "record-go/arrow-ipc",
        Some("arrow-ipc"),
        Family::Columnar,
        "Go apache/arrow-go IPC stream, one record batch",
    ),
    record_worker(
        "record-go/parquet",
        Some("parquet"),
        Family::Columnar,
        "Go apache/arrow-go Parquet (pqarrow), one row group",
    ),
    record_worker(
        "record-java/jackson-json",
        Some("json"),
        Family::Text,
        "Java Jackson databind JSON, one array",
    ),
    record_worker(
        "record-java/jackson-cbor",
        Some("cbor"),
        Family::SchemalessBinary,
        "Java Jackson CBOR: maps with text keys, float64",
    ),
    record_worker(
        "record-java/jackson-smile",
        None,
        Family::SchemalessBinary,
        "Java Jackson Smile: binary JSON, Jackson only",
    ),
    record_worker(
        "record-java/msgpack",
        Some("msgpack"),
        Family::SchemalessBinary,
        "Java msgpack-core: maps with string keys",
    ),
    record_worker(
        "record-java/kryo",
        None,
        Family::SchemalessBinary,
        "Java Kryo 5, registered classes: Java only",
    ),
    record_worker(
        "record-java/java-serialization",
        None,
        Family::SchemalessBinary,
        "Java built-in serialization (class-filtered): Java only, never decoded from foreign bytes",
    ),
    record_worker(
        "record-java/bson",
        Some("bson"),
        Family::SchemalessBinary,
        "Java org.mongodb bson: one document {r: [...]}",
    ),
    record_worker(
        "record-java/protobuf",
        Some("protobuf"),
        Family::SchemaBinary,
        "Java protobuf-java, generated from records.proto",
    ),
    record_worker(
        "record-java/avro",
        Some("avro"),
        Family::SchemaBinary,
        "Java Apache Avro: object container file, null codec",
    ),
    record_worker(
        "record-java/flatbuffers",
        Some("flatbuffers"),
        Family::SchemaBinary,
        "Java FlatBuffers (flatc-generated); decode copies out every field",
    ),
    record_worker(
        "record-java/arrow-ipc",
        Some("arrow-ipc"),
        Family::Columnar,
        "Java Apache Arrow IPC stream, one record batch",
    ),
    record_worker(
        "record-python/json",
        Some("json"),
        Family::Text,
        "Python json (standard library) over dicts built from dataclasses",
    ),
    record_worker(
        "record-python/orjson",
        Some("json"),
        Family::Text,
        "Python orjson, serialising the dataclasses itself",
    ),
    record_worker(
        "record-python/pickle",
        None,
        Family::SchemalessBinary,
        "Python pickle protocol 5: Python only, never decoded from foreign bytes",
    ),
    record_worker(
        "record-python/msgpack",
        Some("msgpack"),
        Family::SchemalessBinary,
        "Python msgpack: maps with string keys",
    ),
    record_worker(
        "record-python/cbor2",
        Some("cbor"),
        Family::SchemalessBinary,
        "Python cbor2: maps with text keys, float64",
    ),
    record_worker(
        "record-python/bson",
        Some("bson"),
        Family::SchemalessBinary,
        "Python pymongo bson: one document {r: [...]}",
    ),
    record_worker(
        "record-python/protobuf",
        Some("protobuf"),
        Family::SchemaBinary,
        "Python protobuf (upb), generated from records.proto",
    ),
    record_worker(
        "record-python/fastavro",
        Some("avro"),
        Family::SchemaBinary,
        "Python fastavro: object container file, null codec",
    ),
    record_worker(
        "record-python/arrow-ipc",
        Some("arrow-ipc"),
        Family::Columnar,
        "Python pyarrow IPC stream, one record batch",
    ),
    record_worker(
        "record-python/parquet",
        Some("parquet"),
        Family::Columnar,
        "Python pyarrow Parquet, one row group",
    ),
];

const fn record_worker(
    id: &'static str,
    format: Option<&'static str>,
    family: Family,
    summary: &'static str,
) -> RecordWorkerCodec {
    RecordWorkerCodec {
        info: CodecInfo::new(id, family, Input::Records, summary),
        format,
    }
}

const fn worker(id: &'static str, input: Input, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, Family::Worker, input, summary)
}
