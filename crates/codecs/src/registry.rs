//! The one list of codecs, read top to bottom. Adding a codec: write its
//! file, add one line here. A line with `feature = "…"` compiles the codec
//! only with that cargo feature; without it the codec still shows in
//! `list`, marked disabled.

#[cfg(feature = "zero-copy")]
use crate::archived::{Rkyv, RkyvView, RkyvViewUnchecked};
#[cfg(feature = "asn1")]
use crate::asn1::{Aper, Ber, Coer, Der, Uper};
#[cfg(feature = "avro")]
use crate::avro::{AvroContainer, AvroDatum};
use crate::byte_array::{simd as simd_bytes, BincodeBytes, CsvBytes, CsvStrings, LengthPrefixed};
#[cfg(feature = "columnar")]
use crate::columnar::{ArrowIpc, Parquet};
#[cfg(feature = "schema-binary")]
use crate::derived::{Borsh, Speedy, Wincode};
use crate::intfile::{binary, simd, text, IntSumReader};
use crate::matrix::MatrixRecord;
#[cfg(feature = "protobuf")]
use crate::protobuf::Protobuf;
#[cfg(feature = "simd-json")]
use crate::serde_codecs::SimdJson;
use crate::serde_codecs::{Bincode, Bitcode, Csv, Json, JsonLines, Postcard, Ron};
#[cfg(feature = "self-describing")]
use crate::serde_codecs::{Bson, Cbor, MessagePack, MessagePackCompact};
use crate::wkb::{generic::GenericReadWkb, slice::SliceWkb, Geometry};
use crate::{int64, Codec, CodecInfo, Family, RecordView};

/// A codec's description and, when compiled in, its constructor.
pub struct Entry<C: ?Sized> {
    /// What `list` shows.
    pub info: CodecInfo,
    /// `None` when its cargo feature is off.
    pub build: Option<fn() -> Box<C>>,
}

impl<C: ?Sized> Entry<C> {
    /// True when the codec is compiled in.
    pub fn enabled(&self) -> bool {
        self.build.is_some()
    }
}

macro_rules! entry {
    // A constructor generic over the record type as well as the codec type.
    ($make:ident, $id:literal, $family:ident, $summary:literal, $ty:ty, record = $r:ty $(, feature = $feature:literal)?) => {{
        let info = CodecInfo {
            id: $id,
            family: Family::$family,
            summary: $summary,
            feature: None $(.or(Some($feature)))?,
        };
        $(#[cfg(not(feature = $feature))] let build: Option<fn() -> Box<_>> = None;)?
        $(#[cfg(feature = $feature)])? let build: Option<fn() -> Box<_>> = Some($make::<$r, $ty>);
        Entry { info, build }
    }};
    ($make:ident, $id:literal, $family:ident, $summary:literal, $ty:path $(, feature = $feature:literal)?) => {{
        let info = CodecInfo {
            id: $id,
            family: Family::$family,
            summary: $summary,
            feature: None $(.or(Some($feature)))?,
        };
        $(#[cfg(not(feature = $feature))] let build: Option<fn() -> Box<_>> = None;)?
        $(#[cfg(feature = $feature)])? let build: Option<fn() -> Box<_>> = Some($make::<$ty>);
        Entry { info, build }
    }};
}

fn int64_codec<T: Codec<i64> + Default + 'static>() -> Box<dyn Codec<i64>> {
    Box::new(T::default())
}

fn wkb_codec<T: Codec<Geometry> + Default + 'static>() -> Box<dyn Codec<Geometry>> {
    Box::new(T::default())
}

fn bytes_codec<T: Codec<Vec<u8>> + Default + 'static>() -> Box<dyn Codec<Vec<u8>>> {
    Box::new(T::default())
}

fn strings_codec<T: Codec<Vec<String>> + Default + 'static>() -> Box<dyn Codec<Vec<String>>> {
    Box::new(T::default())
}

fn int_reader<T: IntSumReader + Default + 'static>() -> Box<dyn IntSumReader> {
    Box::new(T::default())
}

/// One int64 per operation (seed 003).
pub fn int64_codecs() -> Vec<Entry<dyn Codec<i64>>> {
    vec![
        entry!(
            int64_codec,
            "int64/serde-dyn-write",
            SchemaBinary,
            "serde+bincode through dyn Write/Read, fresh buffer per call (Go binary.Write)",
            int64::serde_dyn::SerdeDynWrite
        ),
        entry!(
            int64_codec,
            "int64/le-bytes",
            RawBinary,
            "to_le_bytes into a reused buffer (Go PutUint64)",
            int64::le_bytes::LeBytes
        ),
        entry!(
            int64_codec,
            "int64/decimal-itoa",
            Text,
            "itoa into a reused buffer, str::parse back (Go strconv)",
            int64::decimal::DecimalItoa
        ),
        entry!(
            int64_codec,
            "int64/decimal-swar",
            Text,
            "hand-written SWAR formatter (8 digits per register, no table), str::parse back",
            int64::swar::DecimalSwar
        ),
        entry!(
            int64_codec,
            "int64/decimal-alloc",
            Text,
            "to_string + owned String per parse, allocating like Go strconv",
            int64::decimal::DecimalAlloc
        ),
        entry!(
            int64_codec,
            "int64/cbor-per-call",
            SchemalessBinary,
            "CBOR (ciborium), encoder built per value (Go gob)",
            int64::self_describing::CborPerCall,
            feature = "self-describing"
        ),
        entry!(
            int64_codec,
            "int64/msgpack-per-call",
            SchemalessBinary,
            "MessagePack (rmp-serde), serializer built per value",
            int64::self_describing::MsgpackPerCall,
            feature = "self-describing"
        ),
        entry!(
            int64_codec,
            "int64/zigzag-leb128",
            SchemaBinary,
            "zigzag + LEB128 varint (protobuf sint64)",
            int64::varint::ZigzagLeb128
        ),
    ]
}

/// WKB parsers (seed 003).
pub fn wkb_codecs() -> Vec<Entry<dyn Codec<Geometry>>> {
    vec![
        entry!(
            wkb_codec,
            "wkb/read-generic",
            Geometry,
            "field by field through dyn Read + byteorder (Go binary.Read)",
            GenericReadWkb
        ),
        entry!(
            wkb_codec,
            "wkb/slice",
            Geometry,
            "direct bounds-checked slice reads",
            SliceWkb
        ),
    ]
}

/// Integer-file readers (seed 000).
pub fn int_readers() -> Vec<Entry<dyn IntSumReader>> {
    vec![
        entry!(
            int_reader,
            "text/fscanf",
            Text,
            "C fscanf(\"%i\") per value on a FILE*",
            text::Fscanf
        ),
        entry!(
            int_reader,
            "text/bufread-parse",
            Text,
            "BufReader::read_line + str::parse per line",
            text::BufReadParse
        ),
        entry!(
            int_reader,
            "text/strtol",
            Text,
            "whole-file read, C strtol loop",
            text::Strtol
        ),
        entry!(
            int_reader,
            "text/atoi",
            Text,
            "whole-file read, C atoi per line, unchecked (the seed's variant)",
            text::Atoi
        ),
        entry!(
            int_reader,
            "text/hand-rolled",
            Text,
            "whole-file read, the seed's digit loop (checked)",
            text::HandRolled
        ),
        entry!(
            int_reader,
            "text/atoi-simd",
            Text,
            "whole-file read, atoi_simd per line",
            text::AtoiSimd,
            feature = "fast-int"
        ),
        entry!(
            int_reader,
            "text/simd-sse41",
            Text,
            "whole-file read, hand-written SSSE3/SSE4.1 parser (64-byte blocks, pmaddubsw)",
            simd::SimdSse41
        ),
        entry!(
            int_reader,
            "text/simd-avx2",
            Text,
            "whole-file read, hand-written AVX2 parser (64-byte blocks, vpmaddubsw)",
            simd::SimdAvx2
        ),
        entry!(
            int_reader,
            "text/simd-avx512",
            Text,
            "whole-file read, hand-written AVX-512 BW parser (mask registers, 8 lanes)",
            simd::SimdAvx512
        ),
        entry!(
            int_reader,
            "text/simd-neon",
            Text,
            "whole-file read, hand-written aarch64 NEON parser",
            simd::SimdNeon
        ),
        entry!(
            int_reader,
            "text/simd-mmap",
            Text,
            "mmap the text file, the widest SIMD parser the CPU runs on the mapping (no copy)",
            simd::SimdMmap
        ),
        entry!(
            int_reader,
            "binary/read-per-int",
            RawBinary,
            "one read(2) per value (the seed's 12 s loop)",
            binary::ReadPerInt
        ),
        entry!(
            int_reader,
            "binary/fread",
            RawBinary,
            "stdio fread of one value at a time",
            binary::FreadPerInt
        ),
        entry!(
            int_reader,
            "binary/read-chunked",
            RawBinary,
            "read(2) in 40 KB chunks (the seed's 25 ms loop)",
            binary::ReadChunked
        ),
        entry!(
            int_reader,
            "binary/read-whole",
            RawBinary,
            "one read of the whole file, then sum",
            binary::ReadWhole
        ),
        entry!(
            int_reader,
            "binary/mmap",
            RawBinary,
            "mmap the file, sum the mapping",
            binary::Mmap
        ),
    ]
}

/// A byte array (seed 001), decoded to bytes. The SIMD rows are listed on
/// every machine; scenarios skip those whose instruction set the CPU lacks
/// ([`Codec::unavailable`]).
pub fn byte_array_codecs() -> Vec<Entry<dyn Codec<Vec<u8>>>> {
    vec![
        entry!(
            bytes_codec,
            "text/csv-bytes",
            Text,
            "comma-separated decimals, split and parsed into bytes",
            CsvBytes
        ),
        entry!(
            bytes_codec,
            "text/csv-bytes-simd-sse41",
            Text,
            "comma-separated decimals, hand-written SSSE3/SSE4.1 decoder (64-byte blocks, pmaddubsw)",
            simd_bytes::CsvBytesSse41
        ),
        entry!(
            bytes_codec,
            "text/csv-bytes-simd-avx2",
            Text,
            "comma-separated decimals, hand-written AVX2 decoder (64-byte blocks, vpmaddubsw)",
            simd_bytes::CsvBytesAvx2
        ),
        entry!(
            bytes_codec,
            "text/csv-bytes-simd-avx512",
            Text,
            "comma-separated decimals, hand-written AVX-512 BW decoder (mask registers)",
            simd_bytes::CsvBytesAvx512
        ),
        entry!(
            bytes_codec,
            "text/csv-bytes-simd-neon",
            Text,
            "comma-separated decimals, hand-written aarch64 NEON decoder",
            simd_bytes::CsvBytesNeon
        ),
        entry!(
            bytes_codec,
            "binary/length-prefixed",
            RawBinary,
            "u32 length + raw bytes",
            LengthPrefixed
        ),
        entry!(
            bytes_codec,
            "binary/bincode",
            SchemaBinary,
            "bincode 2 Vec<u8> (varint length + bytes)",
            BincodeBytes
        ),
    ]
}

/// A byte array (seed 001), decoded only as far as strings.
pub fn byte_string_codecs() -> Vec<Entry<dyn Codec<Vec<String>>>> {
    vec![entry!(
        strings_codec,
        "text/csv-strings",
        Text,
        "comma-separated decimals, split into owned strings only",
        CsvStrings
    )]
}

fn record_codec<R, T: Codec<Vec<R>> + Default + 'static>() -> Box<dyn Codec<Vec<R>>> {
    Box::new(T::default())
}

/// Whole batches of typed records (the codec matrix), for any record type.
pub fn record_codecs<R: MatrixRecord>() -> Vec<Entry<dyn Codec<Vec<R>>>> {
    vec![
        entry!(
            record_codec,
            "record/json",
            Text,
            "serde_json, one array",
            Json<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/simd-json",
            Text,
            "JSON decoded by simd-json (copies the input: it parses in place)",
            SimdJson<R>,
            record = R,
            feature = "simd-json"
        ),
        entry!(
            record_codec,
            "record/json-lines",
            Text,
            "serde_json, one object per line",
            JsonLines<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/ron",
            Text,
            "RON (ron crate, serde): Rust's data syntax",
            Ron<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/csv",
            Text,
            "CSV (csv crate, serde), header line; flat records only",
            Csv<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/msgpack",
            SchemalessBinary,
            "MessagePack (rmp-serde), field names kept",
            MessagePack<R>,
            record = R,
            feature = "self-describing"
        ),
        entry!(
            record_codec,
            "record/msgpack-compact",
            SchemalessBinary,
            "MessagePack (rmp-serde), structs as arrays",
            MessagePackCompact<R>,
            record = R,
            feature = "self-describing"
        ),
        entry!(
            record_codec,
            "record/cbor",
            SchemalessBinary,
            "CBOR (ciborium)",
            Cbor<R>,
            record = R,
            feature = "self-describing"
        ),
        entry!(
            record_codec,
            "record/bson",
            SchemalessBinary,
            "BSON (bson crate, serde), the batch as one document",
            Bson<R>,
            record = R,
            feature = "self-describing"
        ),
        entry!(
            record_codec,
            "record/bincode",
            SchemaBinary,
            "bincode 2 via serde, varint integers",
            Bincode<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/bitcode",
            SchemaBinary,
            "bitcode via serde, bit-packed",
            Bitcode<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/borsh",
            SchemaBinary,
            "borsh derives: fixed-width little-endian, u32 lengths",
            Borsh<R>,
            record = R,
            feature = "schema-binary"
        ),
        entry!(
            record_codec,
            "record/speedy",
            SchemaBinary,
            "speedy derives: sized first, written in place",
            Speedy<R>,
            record = R,
            feature = "schema-binary"
        ),
        entry!(
            record_codec,
            "record/wincode",
            SchemaBinary,
            "wincode derives: bincode-1 layout, in-place reads",
            Wincode<R>,
            record = R,
            feature = "schema-binary"
        ),
        entry!(
            record_codec,
            "record/rkyv",
            SchemaBinary,
            "rkyv archive, validated (bytecheck) then deserialized",
            Rkyv<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_codec,
            "record/postcard",
            SchemaBinary,
            "postcard, varint integers, no field names",
            Postcard<R>,
            record = R
        ),
        entry!(
            record_codec,
            "record/arrow-ipc",
            Columnar,
            "Arrow IPC stream (arrow-ipc), one RecordBatch, read back validated",
            ArrowIpc<R>,
            record = R,
            feature = "columnar"
        ),
        entry!(
            record_codec,
            "record/parquet",
            Columnar,
            "Parquet (ArrowWriter), one row group, uncompressed, default encodings",
            Parquet<R>,
            record = R,
            feature = "columnar"
        ),
        entry!(
            record_codec,
            "record/flatbuffers",
            SchemaBinary,
            "FlatBuffers (flatc-generated), one reused builder; decode verifies, then copies out",
            crate::flatbuf::FlatBuffers<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_codec,
            "record/capnp",
            SchemaBinary,
            "Cap'n Proto (capnpc-generated), unpacked stream framing; decode copies out",
            crate::capnproto::Capnp<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_codec,
            "record/capnp-packed",
            SchemaBinary,
            "Cap'n Proto, packed encoding (zero bytes squeezed out)",
            crate::capnproto::CapnpPacked<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_codec,
            "record/asn1-ber",
            SchemaBinary,
            "ASN.1 BER (rasn), tag-length-value per field",
            Ber<R>,
            record = R,
            feature = "asn1"
        ),
        entry!(
            record_codec,
            "record/asn1-der",
            SchemaBinary,
            "ASN.1 DER (rasn), canonical BER",
            Der<R>,
            record = R,
            feature = "asn1"
        ),
        entry!(
            record_codec,
            "record/asn1-per",
            SchemaBinary,
            "ASN.1 aligned PER (rasn), bit-packed by constraints",
            Aper<R>,
            record = R,
            feature = "asn1"
        ),
        entry!(
            record_codec,
            "record/asn1-uper",
            SchemaBinary,
            "ASN.1 unaligned PER (rasn), bit-packed, no padding",
            Uper<R>,
            record = R,
            feature = "asn1"
        ),
        entry!(
            record_codec,
            "record/asn1-coer",
            SchemaBinary,
            "ASN.1 canonical OER (rasn), fixed-width constrained integers",
            Coer<R>,
            record = R,
            feature = "asn1"
        ),
        entry!(
            record_codec,
            "record/protobuf",
            SchemaBinary,
            "Protocol Buffers (prost), hand-written proto3 messages, repeated records",
            Protobuf<R>,
            record = R,
            feature = "protobuf"
        ),
        entry!(
            record_codec,
            "record/avro-datum",
            SchemaBinary,
            "Avro (apache-avro) binary datum: one array of records, schema known to both sides",
            AvroDatum<R>,
            record = R,
            feature = "avro"
        ),
        entry!(
            record_codec,
            "record/avro-container",
            SchemaBinary,
            "Avro object container file (apache-avro Writer/Reader): schema in the header, null codec",
            AvroContainer<R>,
            record = R,
            feature = "avro"
        ),
    ]
}

#[allow(dead_code)] // unused when every view's feature is off
fn record_view<R, T: RecordView<R> + Default + 'static>() -> Box<dyn RecordView<R>> {
    Box::new(T::default())
}

/// Zero-copy views of record batches, each reading one codec's bytes in place.
pub fn record_views<R: MatrixRecord>() -> Vec<Entry<dyn RecordView<R>>> {
    vec![
        entry!(
            record_view,
            "record/rkyv-view",
            SchemaBinary,
            "rkyv archive validated, then every field read in place",
            RkyvView<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_view,
            "record/flatbuffers-view",
            SchemaBinary,
            "FlatBuffers in place: verifier, then every field read where it lies",
            crate::flatbuf::FlatBuffersView<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_view,
            "record/rkyv-view-unchecked",
            SchemaBinary,
            "rkyv archive read in place without validation (trusted input only)",
            RkyvViewUnchecked<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_view,
            "record/flatbuffers-view-unchecked",
            SchemaBinary,
            "FlatBuffers in place, no verifier (trusts its input: unchecked)",
            crate::flatbuf::FlatBuffersViewUnchecked<R>,
            record = R,
            feature = "zero-copy"
        ),
        entry!(
            record_view,
            "record/capnp-view",
            SchemaBinary,
            "Cap'n Proto in place: bounds-checked reader over the input, every field read",
            crate::capnproto::CapnpView<R>,
            record = R,
            feature = "zero-copy"
        ),
    ]
}

/// Compressors (levels are chosen by the scenario and appear in `compression`).
pub const COMPRESSORS: &[CodecInfo] = &[
    CodecInfo {
        id: "compress/gzip",
        family: Family::Compression,
        summary: "DEFLATE in gzip framing (flate2); command zcat",
        feature: None,
    },
    CodecInfo {
        id: "compress/zstd",
        family: Family::Compression,
        summary: "Zstandard (reference C library); command zstd -dc",
        feature: None,
    },
    CodecInfo {
        id: "compress/lz4",
        family: Family::Compression,
        summary: "LZ4 frames (lz4_flex); command lz4 -dc",
        feature: None,
    },
    CodecInfo {
        id: "compress/xz",
        family: Family::Compression,
        summary: "LZMA2 in xz framing (liblzma); command xzcat",
        feature: None,
    },
    CodecInfo {
        id: "compress/bzip2",
        family: Family::Compression,
        summary: "Burrows-Wheeler (bzip2); command bzcat",
        feature: None,
    },
    CodecInfo {
        id: "compress/snappy",
        family: Family::Compression,
        summary: "Snappy frames (snap)",
        feature: None,
    },
    CodecInfo {
        id: "compress/brotli",
        family: Family::Compression,
        summary: "Brotli (brotli crate), 22-bit window",
        feature: None,
    },
];

/// Ways of reading a file, measured by the I/O scenarios (`logs`, `read-sizes`).
pub const IO_STRATEGIES: &[CodecInfo] = &[
    io(
        "lines/count",
        "in-process: read (1 MiB), decompress if needed, count newlines",
    ),
    io(
        "lines/shell",
        "the seed's pipeline: cat/zcat/… < file | wc -l, two processes, no shell",
    ),
    io("read/syscall-90b", "read(2) of one 90-byte line at a time"),
    io("read/chunk-4k", "read(2) in 4 KiB chunks"),
    io("read/chunk-16k", "read(2) in 16 KiB chunks"),
    io("read/chunk-64k", "read(2) in 64 KiB chunks"),
    io("read/chunk-256k", "read(2) in 256 KiB chunks"),
    io("read/chunk-1m", "read(2) in 1 MiB chunks"),
    io("read/chunk-4m", "read(2) in 4 MiB chunks"),
    io("read/chunk-16m", "read(2) in 16 MiB chunks"),
    io(
        "read/bufread-lines",
        "BufReader (8 KiB) read_until per line",
    ),
    io("read/whole", "std::fs::read of the whole file"),
    io("read/mmap", "mmap the file, count over the mapping"),
];

/// Codecs in the seeds' own languages, run as worker processes when their
/// toolchain was present at build time (C, Go) or is on PATH (Python).
pub const WORKER_CODECS: &[CodecInfo] = &[
    worker("c/fscanf", "C: the seed's fscanf(\"%i\") loop"),
    worker("c/read-per-int", "C: read(2) of one int per call"),
    worker("c/read-chunked", "C: read(2) of 10,000 ints per call"),
    worker("c/fread", "C: fread of one int per call"),
    worker(
        "c/atoi-fixed",
        "C: atoi over fixed-width 7-byte records, read 10,000 at a time",
    ),
    worker(
        "c/hand-rolled",
        "C: the seed's quick-and-dirty atoi over the same records",
    ),
    worker(
        "go/binary-write",
        "Go: binary.Write into a new bytes.Buffer, binary.Read back",
    ),
    worker(
        "go/put-uint64",
        "Go: binary.LittleEndian.PutUint64 into make([]byte, 8)",
    ),
    worker(
        "go/strconv",
        "Go: strconv.Itoa to []byte, strconv.Atoi back",
    ),
    worker("go/gob", "Go: a new gob.Encoder and gob.Decoder per value"),
    worker("go/put-varint", "Go: binary.PutVarint / binary.Varint"),
    worker(
        "go/wkb-go-geom",
        "Go: WKB parsed by github.com/twpayne/go-geom (the seed's WKB library)",
    ),
    worker("python/struct", "Python: struct.pack('<q') / unpack"),
    worker("python/str-int", "Python: str(v).encode() / int(b)"),
    worker("python/json", "Python: json.dumps / json.loads"),
    worker("python/pickle", "Python: pickle.dumps / pickle.loads"),
    worker("python/marshal", "Python: marshal.dumps / marshal.loads"),
    worker(
        "python/int-lines",
        "Python: sum(int(line) for line in file)",
    ),
    worker(
        "python/struct-unpack",
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
        info: CodecInfo {
            id,
            family,
            summary,
            feature: None,
        },
        format,
    }
}

const fn worker(id: &'static str, summary: &'static str) -> CodecInfo {
    CodecInfo {
        id,
        family: Family::Worker,
        summary,
        feature: None,
    }
}

const fn io(id: &'static str, summary: &'static str) -> CodecInfo {
    CodecInfo {
        id,
        family: Family::Io,
        summary,
        feature: None,
    }
}

/// Scenario `bgp`: the routing table's encodings and `bgp dump` against bgpdump.
pub const BGP_CODECS: &[CodecInfo] = &[
    bgp(
        "bgp/wire",
        Family::SchemaBinary,
        "BGP-4 UPDATE messages (RFC 4271, 4-byte ASNs), ≤ 4096 bytes each",
    ),
    bgp(
        "bgp/text-bgpdump",
        Family::Text,
        "one `bgpdump -m` line per prefix",
    ),
    bgp(
        "bgp/json-exabgp",
        Family::Text,
        "ExaBGP-style JSON, one update object per line (serde_json)",
    ),
    bgp(
        "bgp/cbor",
        Family::SchemalessBinary,
        "the UPDATE model as CBOR (ciborium)",
    ),
    bgp(
        "bgp-dump/encbench",
        Family::Text,
        "`encbench bgp dump FILE` as a child process: MRT to bgpdump -m text",
    ),
    bgp(
        "bgp-dump/encbench-in-process",
        Family::Text,
        "the same dump in-process, without process start-up",
    ),
    bgp(
        "bgp-dump/bgpdump-m",
        Family::Worker,
        "C: Debian's `bgpdump -m FILE` as a child process",
    ),
];

const fn bgp(id: &'static str, family: Family, summary: &'static str) -> CodecInfo {
    CodecInfo {
        id,
        family,
        summary,
        feature: None,
    }
}

/// Reference points measured beside codecs; not encodings.
pub const REFERENCES: &[CodecInfo] = &[CodecInfo {
    id: "reference/memcpy",
    family: Family::Reference,
    summary: "copy the binary bytes into a reused buffer: the memory-bandwidth ceiling",
    feature: None,
}];

/// Writers of the integer file (seed 000, the write side), in memory.
pub const INT_WRITERS: &[CodecInfo] = &[
    CodecInfo {
        id: "text/itoa-write",
        family: Family::Text,
        summary: "itoa per value, appended with a newline to a Vec",
        feature: None,
    },
    CodecInfo {
        id: "text/swar-write",
        family: Family::Text,
        summary: "hand-written SWAR formatter, 8 digits per register, one 8-byte store per line",
        feature: None,
    },
    CodecInfo {
        id: "binary/le-write",
        family: Family::RawBinary,
        summary: "to_le_bytes of each value into a preallocated buffer",
        feature: None,
    },
];

/// Every codec's description, compiled in or not, with whether it is enabled.
pub fn catalog() -> Vec<(CodecInfo, bool)> {
    let mut all: Vec<(CodecInfo, bool)> = Vec::new();
    all.extend(int_readers().iter().map(|e| (e.info, e.enabled())));
    all.extend(int64_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(wkb_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(byte_string_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(
        record_codecs::<crate::records::Telemetry>()
            .iter()
            .map(|e| (e.info, e.enabled())),
    );
    all.extend(
        record_views::<crate::records::Telemetry>()
            .iter()
            .map(|e| (e.info, e.enabled())),
    );
    all.extend(byte_array_codecs().iter().map(|e| (e.info, e.enabled())));
    all.extend(COMPRESSORS.iter().map(|i| (*i, true)));
    all.extend(IO_STRATEGIES.iter().map(|i| (*i, true)));
    all.extend(WORKER_CODECS.iter().map(|i| (*i, true)));
    all.extend(RECORD_WORKER_CODECS.iter().map(|c| (c.info, true)));
    all.extend(REFERENCES.iter().map(|i| (*i, true)));
    all.extend(INT_WRITERS.iter().map(|i| (*i, true)));
    all.extend(BGP_CODECS.iter().map(|i| (*i, true)));
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_namespaced() {
        let catalog = catalog();
        let mut ids: Vec<&str> = catalog.iter().map(|(i, _)| i.id).collect();
        ids.sort_unstable();
        let before = ids.len();
        ids.dedup();
        assert_eq!(ids.len(), before, "duplicate codec id");
        assert!(catalog
            .iter()
            .all(|(i, _)| i.id.contains('/') && !i.summary.is_empty()));
    }

    #[test]
    fn feature_gated_codecs_are_listed_whether_or_not_compiled_in() {
        let catalog = catalog();
        let cbor = catalog
            .iter()
            .find(|(i, _)| i.id == "int64/cbor-per-call")
            .expect("listed");
        assert_eq!(cbor.0.feature, Some("self-describing"));
        assert_eq!(cbor.1, cfg!(feature = "self-describing"));
        let simd = catalog
            .iter()
            .find(|(i, _)| i.id == "text/atoi-simd")
            .expect("listed");
        assert_eq!(simd.0.feature, Some("fast-int"));
        assert_eq!(simd.1, cfg!(feature = "fast-int"));
        // Codecs without a feature are always enabled.
        assert!(catalog
            .iter()
            .filter(|(i, _)| i.feature.is_none())
            .all(|(_, on)| *on));
    }
}
