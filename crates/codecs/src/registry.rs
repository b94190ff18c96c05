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
use crate::{int64, Codec, CodecInfo, Family, Input, Ops, RecordView, TableFormat};

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
    ($make:ident, $input:ident, $id:literal, $family:ident, $summary:literal, $ty:ty, record = $r:ty
        $(, feature = $feature:literal)? $(; $($key:ident = $val:expr),+)?) => {{
        let info = CodecInfo::new($id, Family::$family, Input::$input, $summary)
            $(.feature($feature))? $($(.$key($val))+)?;
        $(#[cfg(not(feature = $feature))] let build: Option<fn() -> Box<_>> = None;)?
        $(#[cfg(feature = $feature)])? let build: Option<fn() -> Box<_>> = Some($make::<$r, $ty>);
        Entry { info, build }
    }};
    ($make:ident, $input:ident, $id:literal, $family:ident, $summary:literal, $ty:path
        $(, feature = $feature:literal)? $(; $($key:ident = $val:expr),+)?) => {{
        let info = CodecInfo::new($id, Family::$family, Input::$input, $summary)
            $(.feature($feature))? $($(.$key($val))+)?;
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
            Int64,
            "int64/serde-dyn-write",
            SchemaBinary,
            "serde+bincode through dyn Write/Read, fresh buffer per call (Go binary.Write)",
            int64::serde_dyn::SerdeDynWrite;
            decoder = "bincode"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/le-bytes",
            RawBinary,
            "to_le_bytes into a reused buffer (Go PutUint64)",
            int64::le_bytes::LeBytes;
            decoder = "encbench"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/decimal-itoa",
            Text,
            "itoa into a reused buffer, str::parse back (Go strconv)",
            int64::decimal::DecimalItoa;
            decoder = "encbench"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/decimal-swar",
            Text,
            "hand-written SWAR formatter (8 digits per register, no table), str::parse back",
            int64::swar::DecimalSwar;
            decoder = "encbench"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/decimal-alloc",
            Text,
            "to_string + owned String per parse, allocating like Go strconv",
            int64::decimal::DecimalAlloc;
            decoder = "encbench"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/cbor-per-call",
            SchemalessBinary,
            "CBOR (ciborium), encoder built per value (Go gob)",
            int64::self_describing::CborPerCall,
            feature = "self-describing";
            decoder = "ciborium"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/msgpack-per-call",
            SchemalessBinary,
            "MessagePack (rmp-serde), serializer built per value",
            int64::self_describing::MsgpackPerCall,
            feature = "self-describing";
            decoder = "rmp-serde"
        ),
        entry!(
            int64_codec,
            Int64,
            "int64/zigzag-leb128",
            SchemaBinary,
            "zigzag + LEB128 varint (protobuf sint64)",
            int64::varint::ZigzagLeb128;
            decoder = "encbench"
        ),
    ]
}

/// WKB parsers (seed 003).
pub fn wkb_codecs() -> Vec<Entry<dyn Codec<Geometry>>> {
    vec![
        entry!(
            wkb_codec,
            Geometry,
            "wkb/read-generic",
            Geometry,
            "field by field through dyn Read + byteorder (Go binary.Read)",
            GenericReadWkb;
            decoder = "encbench"
        ),
        entry!(
            wkb_codec,
            Geometry,
            "wkb/slice",
            Geometry,
            "direct bounds-checked slice reads",
            SliceWkb;
            decoder = "encbench"
        ),
    ]
}

/// Integer-file readers (seed 000).
pub fn int_readers() -> Vec<Entry<dyn IntSumReader>> {
    vec![
        entry!(
            int_reader,
            IntFile,
            "text/fscanf",
            Text,
            "C fscanf(\"%i\") per value on a FILE*",
            text::Fscanf;
            ops = Ops::DECODE, decoder = "libc"
        ),
        entry!(
            int_reader,
            IntFile,
            "text/bufread-parse",
            Text,
            "BufReader::read_line + str::parse per line",
            text::BufReadParse;
            ops = Ops::DECODE, decoder = "std"
        ),
        entry!(
            int_reader,
            IntFile,
            "text/strtol",
            Text,
            "whole-file read, C strtol loop",
            text::Strtol;
            ops = Ops::DECODE, decoder = "libc"
        ),
        entry!(
            int_reader,
            IntFile,
            "text/atoi",
            Text,
            "whole-file read, C atoi per line, unchecked (the seed's variant)",
            text::Atoi;
            ops = Ops::DECODE, decoder = "libc"
        ),
        entry!(
            int_reader,
            IntFile,
            "text/hand-rolled",
            Text,
            "whole-file read, the seed's digit loop (checked)",
            text::HandRolled;
            decoder = "encbench", ops = Ops::DECODE
        ),
        entry!(
            int_reader,
            IntFile,
            "text/atoi-simd",
            Text,
            "whole-file read, atoi_simd per line",
            text::AtoiSimd,
            feature = "fast-int";
            ops = Ops::DECODE, decoder = "atoi_simd"
        ),
        entry!(
            int_reader,
            IntFile,
            "text/simd-sse41",
            Text,
            "whole-file read, hand-written SSSE3/SSE4.1 parser (64-byte blocks, pmaddubsw)",
            simd::SimdSse41;
            decoder = "encbench", ops = Ops::DECODE
        ),
        entry!(
            int_reader,
            IntFile,
            "text/simd-avx2",
            Text,
            "whole-file read, hand-written AVX2 parser (64-byte blocks, vpmaddubsw)",
            simd::SimdAvx2;
            decoder = "encbench", ops = Ops::DECODE
        ),
        entry!(
            int_reader,
            IntFile,
            "text/simd-avx512",
            Text,
            "whole-file read, hand-written AVX-512 BW parser (mask registers, 8 lanes)",
            simd::SimdAvx512;
            decoder = "encbench", ops = Ops::DECODE
        ),
        entry!(
            int_reader,
            IntFile,
            "text/simd-neon",
            Text,
            "whole-file read, hand-written aarch64 NEON parser",
            simd::SimdNeon;
            decoder = "encbench", ops = Ops::DECODE
        ),
        entry!(
            int_reader,
            IntFile,
            "text/simd-mmap",
            Text,
            "mmap the text file, the widest SIMD parser the CPU runs on the mapping (no copy)",
            simd::SimdMmap;
            ops = Ops::DECODE, decoder = "encbench"
        ),
        entry!(
            int_reader,
            IntFile,
            "binary/read-per-int",
            RawBinary,
            "one read(2) per value (the seed's 12 s loop)",
            binary::ReadPerInt;
            ops = Ops::DECODE, decoder = "encbench"
        ),
        entry!(
            int_reader,
            IntFile,
            "binary/fread",
            RawBinary,
            "stdio fread of one value at a time",
            binary::FreadPerInt;
            ops = Ops::DECODE, decoder = "encbench"
        ),
        entry!(
            int_reader,
            IntFile,
            "binary/read-chunked",
            RawBinary,
            "read(2) in 40 KB chunks (the seed's 25 ms loop)",
            binary::ReadChunked;
            ops = Ops::DECODE, decoder = "encbench"
        ),
        entry!(
            int_reader,
            IntFile,
            "binary/read-whole",
            RawBinary,
            "one read of the whole file, then sum",
            binary::ReadWhole;
            ops = Ops::DECODE, decoder = "encbench"
        ),
        entry!(
            int_reader,
            IntFile,
            "binary/mmap",
            RawBinary,
            "mmap the file, sum the mapping",
            binary::Mmap;
            ops = Ops::DECODE, decoder = "encbench"
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
            ByteArray,
            "text/csv-bytes",
            Text,
            "comma-separated decimals, split and parsed into bytes",
            CsvBytes;
            decoder = "encbench"
        ),
        entry!(
            bytes_codec,
            ByteArray,
            "text/csv-bytes-simd-sse41",
            Text,
            "comma-separated decimals, hand-written SSSE3/SSE4.1 decoder (64-byte blocks, pmaddubsw)",
            simd_bytes::CsvBytesSse41;
            decoder = "encbench"
        ),
        entry!(
            bytes_codec,
            ByteArray,
            "text/csv-bytes-simd-avx2",
            Text,
            "comma-separated decimals, hand-written AVX2 decoder (64-byte blocks, vpmaddubsw)",
            simd_bytes::CsvBytesAvx2;
            decoder = "encbench"
        ),
        entry!(
            bytes_codec,
            ByteArray,
            "text/csv-bytes-simd-avx512",
            Text,
            "comma-separated decimals, hand-written AVX-512 BW decoder (mask registers)",
            simd_bytes::CsvBytesAvx512;
            decoder = "encbench"
        ),
        entry!(
            bytes_codec,
            ByteArray,
            "text/csv-bytes-simd-neon",
            Text,
            "comma-separated decimals, hand-written aarch64 NEON decoder",
            simd_bytes::CsvBytesNeon;
            decoder = "encbench"
        ),
        entry!(
            bytes_codec,
            ByteArray,
            "binary/length-prefixed",
            RawBinary,
            "u32 length + raw bytes",
            LengthPrefixed;
            decoder = "encbench"
        ),
        entry!(
            bytes_codec,
            ByteArray,
            "binary/bincode",
            SchemaBinary,
            "bincode 2 Vec<u8> (varint length + bytes)",
            BincodeBytes;
            decoder = "bincode"
        ),
    ]
}

/// A byte array (seed 001), decoded only as far as strings.
pub fn byte_string_codecs() -> Vec<Entry<dyn Codec<Vec<String>>>> {
    vec![entry!(
    strings_codec,
        ByteArray,
    "text/csv-strings",
    Text,
    "comma-separated decimals, split into owned strings only",
    CsvStrings;
        decoder = "encbench"
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
            Records,
            "record/json",
            Text,
            "serde_json, one array",
            Json<R>,
            record = R;
            decoder = "serde_json"
        ),
        entry!(
            record_codec,
            Records,
            "record/simd-json",
            Text,
            "JSON decoded by simd-json (copies the input: it parses in place)",
            SimdJson<R>,
            record = R,
            feature = "simd-json";
            decoder = "simd-json"
        ),
        entry!(
            record_codec,
            Records,
            "record/json-lines",
            Text,
            "serde_json, one object per line",
            JsonLines<R>,
            record = R;
            decoder = "serde_json", table = TableFormat::JsonLines
        ),
        entry!(
            record_codec,
            Records,
            "record/ron",
            Text,
            "RON (ron crate, serde): Rust's data syntax",
            Ron<R>,
            record = R;
            decoder = "ron"
        ),
        entry!(
            record_codec,
            Records,
            "record/csv",
            Text,
            "CSV (csv crate, serde), header line; flat records only",
            Csv<R>,
            record = R;
            decoder = "csv", table = TableFormat::Csv
        ),
        entry!(
            record_codec,
            Records,
            "record/msgpack",
            SchemalessBinary,
            "MessagePack (rmp-serde), field names kept",
            MessagePack<R>,
            record = R,
            feature = "self-describing";
            decoder = "rmp-serde", table = TableFormat::MessagePack
        ),
        entry!(
            record_codec,
            Records,
            "record/msgpack-compact",
            SchemalessBinary,
            "MessagePack (rmp-serde), structs as arrays",
            MessagePackCompact<R>,
            record = R,
            feature = "self-describing";
            decoder = "rmp-serde"
        ),
        entry!(
            record_codec,
            Records,
            "record/cbor",
            SchemalessBinary,
            "CBOR (ciborium)",
            Cbor<R>,
            record = R,
            feature = "self-describing";
            decoder = "ciborium", table = TableFormat::Cbor
        ),
        entry!(
            record_codec,
            Records,
            "record/bson",
            SchemalessBinary,
            "BSON (bson crate, serde), the batch as one document",
            Bson<R>,
            record = R,
            feature = "self-describing";
            decoder = "bson"
        ),
        entry!(
            record_codec,
            Records,
            "record/bincode",
            SchemaBinary,
            "bincode 2 via serde, varint integers",
            Bincode<R>,
            record = R;
            decoder = "bincode", table = TableFormat::Bincode
        ),
        entry!(
            record_codec,
            Records,
            "record/bitcode",
            SchemaBinary,
            "bitcode via serde, bit-packed",
            Bitcode<R>,
            record = R;
            decoder = "bitcode"
        ),
        entry!(
            record_codec,
            Records,
            "record/borsh",
            SchemaBinary,
            "borsh derives: fixed-width little-endian, u32 lengths",
            Borsh<R>,
            record = R,
            feature = "schema-binary";
            decoder = "borsh"
        ),
        entry!(
            record_codec,
            Records,
            "record/speedy",
            SchemaBinary,
            "speedy derives: sized first, written in place",
            Speedy<R>,
            record = R,
            feature = "schema-binary";
            decoder = "speedy"
        ),
        entry!(
            record_codec,
            Records,
            "record/wincode",
            SchemaBinary,
            "wincode derives: bincode-1 layout, in-place reads",
            Wincode<R>,
            record = R,
            feature = "schema-binary";
            decoder = "wincode"
        ),
        entry!(
            record_codec,
            Records,
            "record/rkyv",
            SchemaBinary,
            "rkyv archive, validated (bytecheck) then deserialized",
            Rkyv<R>,
            record = R,
            feature = "zero-copy";
            decoder = "rkyv"
        ),
        entry!(
            record_codec,
            Records,
            "record/postcard",
            SchemaBinary,
            "postcard, varint integers, no field names",
            Postcard<R>,
            record = R;
            decoder = "postcard", table = TableFormat::Postcard
        ),
        entry!(
            record_codec,
            Records,
            "record/arrow-ipc",
            Columnar,
            "Arrow IPC stream (arrow-ipc), one RecordBatch, read back validated",
            ArrowIpc<R>,
            record = R,
            feature = "columnar";
            decoder = "arrow-ipc", table = TableFormat::ArrowIpc
        ),
        entry!(
            record_codec,
            Records,
            "record/parquet",
            Columnar,
            "Parquet (ArrowWriter), one row group, uncompressed, default encodings",
            Parquet<R>,
            record = R,
            feature = "columnar";
            decoder = "parquet", table = TableFormat::Parquet
        ),
        entry!(
            record_codec,
            Records,
            "record/flatbuffers",
            SchemaBinary,
            "FlatBuffers (flatc-generated), one reused builder; decode verifies, then copies out",
            crate::flatbuf::FlatBuffers<R>,
            record = R,
            feature = "zero-copy";
            decoder = "flatbuffers"
        ),
        entry!(
            record_codec,
            Records,
            "record/capnp",
            SchemaBinary,
            "Cap'n Proto (capnpc-generated), unpacked stream framing; decode copies out",
            crate::capnproto::Capnp<R>,
            record = R,
            feature = "zero-copy";
            decoder = "capnp"
        ),
        entry!(
            record_codec,
            Records,
            "record/capnp-packed",
            SchemaBinary,
            "Cap'n Proto, packed encoding (zero bytes squeezed out)",
            crate::capnproto::CapnpPacked<R>,
            record = R,
            feature = "zero-copy";
            decoder = "capnp"
        ),
        entry!(
            record_codec,
            Records,
            "record/asn1-ber",
            SchemaBinary,
            "ASN.1 BER (rasn), tag-length-value per field",
            Ber<R>,
            record = R,
            feature = "asn1";
            decoder = "rasn"
        ),
        entry!(
            record_codec,
            Records,
            "record/asn1-der",
            SchemaBinary,
            "ASN.1 DER (rasn), canonical BER",
            Der<R>,
            record = R,
            feature = "asn1";
            decoder = "rasn"
        ),
        entry!(
            record_codec,
            Records,
            "record/asn1-per",
            SchemaBinary,
            "ASN.1 aligned PER (rasn), bit-packed by constraints",
            Aper<R>,
            record = R,
            feature = "asn1";
            decoder = "rasn"
        ),
        entry!(
            record_codec,
            Records,
            "record/asn1-uper",
            SchemaBinary,
            "ASN.1 unaligned PER (rasn), bit-packed, no padding",
            Uper<R>,
            record = R,
            feature = "asn1";
            decoder = "rasn"
        ),
        entry!(
            record_codec,
            Records,
            "record/asn1-coer",
            SchemaBinary,
            "ASN.1 canonical OER (rasn), fixed-width constrained integers",
            Coer<R>,
            record = R,
            feature = "asn1";
            decoder = "rasn"
        ),
        entry!(
            record_codec,
            Records,
            "record/protobuf",
            SchemaBinary,
            "Protocol Buffers (prost), hand-written proto3 messages, repeated records",
            Protobuf<R>,
            record = R,
            feature = "protobuf";
            decoder = "prost", table = TableFormat::Protobuf
        ),
        entry!(
            record_codec,
            Records,
            "record/avro-datum",
            SchemaBinary,
            "Avro (apache-avro) binary datum: one array of records, schema known to both sides",
            AvroDatum<R>,
            record = R,
            feature = "avro";
            decoder = "apache-avro"
        ),
        entry!(
            record_codec,
            Records,
            "record/avro-container",
            SchemaBinary,
            "Avro object container file (apache-avro Writer/Reader): schema in the header, null codec",
            AvroContainer<R>,
            record = R,
            feature = "avro";
            decoder = "apache-avro", table = TableFormat::Avro
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
            Records,
            "record/rkyv-view",
            SchemaBinary,
            "rkyv archive validated, then every field read in place",
            RkyvView<R>,
            record = R,
            feature = "zero-copy";
            decoder = "rkyv", ops = Ops::VIEW
        ),
        entry!(
            record_view,
            Records,
            "record/flatbuffers-view",
            SchemaBinary,
            "FlatBuffers in place: verifier, then every field read where it lies",
            crate::flatbuf::FlatBuffersView<R>,
            record = R,
            feature = "zero-copy";
            decoder = "flatbuffers", ops = Ops::VIEW
        ),
        entry!(
            record_view,
            Records,
            "record/rkyv-view-unchecked",
            SchemaBinary,
            "rkyv archive read in place without validation (trusted input only)",
            RkyvViewUnchecked<R>,
            record = R,
            feature = "zero-copy";
            ops = Ops::VIEW, decoder = "rkyv"
        ),
        entry!(
            record_view,
            Records,
            "record/flatbuffers-view-unchecked",
            SchemaBinary,
            "FlatBuffers in place, no verifier (trusts its input: unchecked)",
            crate::flatbuf::FlatBuffersViewUnchecked<R>,
            record = R,
            feature = "zero-copy";
            ops = Ops::VIEW, decoder = "flatbuffers"
        ),
        entry!(
            record_view,
            Records,
            "record/capnp-view",
            SchemaBinary,
            "Cap'n Proto in place: bounds-checked reader over the input, every field read",
            crate::capnproto::CapnpView<R>,
            record = R,
            feature = "zero-copy";
            decoder = "capnp", ops = Ops::VIEW
        ),
    ]
}

/// Compressors (levels are chosen by the scenario and appear in `compression`).
pub const COMPRESSORS: &[CodecInfo] = &[
    CodecInfo::new(
        "compress/gzip",
        Family::Compression,
        Input::Encoded,
        "DEFLATE in gzip framing (flate2); command zcat",
    ),
    CodecInfo::new(
        "compress/zstd",
        Family::Compression,
        Input::Encoded,
        "Zstandard (reference C library); command zstd -dc",
    ),
    CodecInfo::new(
        "compress/lz4",
        Family::Compression,
        Input::Encoded,
        "LZ4 frames (lz4_flex); command lz4 -dc",
    ),
    CodecInfo::new(
        "compress/xz",
        Family::Compression,
        Input::Encoded,
        "LZMA2 in xz framing (liblzma); command xzcat",
    ),
    CodecInfo::new(
        "compress/bzip2",
        Family::Compression,
        Input::Encoded,
        "Burrows-Wheeler (bzip2); command bzcat",
    ),
    CodecInfo::new(
        "compress/snappy",
        Family::Compression,
        Input::Encoded,
        "Snappy frames (snap)",
    ),
    CodecInfo::new(
        "compress/brotli",
        Family::Compression,
        Input::Encoded,
        "Brotli (brotli crate), 22-bit window",
    ),
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

const fn io(id: &'static str, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, Family::Io, Input::File, summary).ops(Ops::DECODE)
}

/// Scenario `bgp`: the routing table's encodings and `bgp dump` against bgpdump.
pub const BGP_CODECS: &[CodecInfo] = &[
    bgp(
        "bgp/wire",
        Family::SchemaBinary,
        "BGP-4 UPDATE messages (RFC 4271, 4-byte ASNs), ≤ 4096 bytes each",
    )
    .decoder("encbench"),
    bgp(
        "bgp/text-bgpdump",
        Family::Text,
        "one `bgpdump -m` line per prefix",
    )
    .decoder("encbench"),
    bgp(
        "bgp/json-exabgp",
        Family::Text,
        "ExaBGP-style JSON, one update object per line (serde_json)",
    )
    .decoder("serde_json"),
    bgp(
        "bgp/cbor",
        Family::SchemalessBinary,
        "the UPDATE model as CBOR (ciborium)",
    )
    .decoder("ciborium"),
    bgp(
        "bgp-dump/encbench",
        Family::Text,
        "`encbench bgp dump FILE` as a child process: MRT to bgpdump -m text",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp-dump/encbench-in-process",
        Family::Text,
        "the same dump in-process, without process start-up",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp-dump/bgpdump-m",
        Family::Worker,
        "C: Debian's `bgpdump -m FILE` as a child process",
    )
    .ops(Ops::DECODE),
];

/// Our BGP decoders attacked by `robust` on their own (the rows of `bgp`
/// measure them through the encodings above).
pub const BGP_DECODERS: &[CodecInfo] = &[
    bgp(
        "bgp/update",
        Family::SchemaBinary,
        "BGP-4 UPDATE message parser (RFC 4271, 4-byte AS numbers)",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp/update-as2",
        Family::SchemaBinary,
        "BGP-4 UPDATE message parser, 2-byte AS numbers (pre-RFC 6793 speakers)",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
    bgp(
        "bgp/mrt",
        Family::SchemaBinary,
        "MRT reader (RFC 6396): TABLE_DUMP_V2 RIBs and BGP4MP updates",
    )
    .ops(Ops::DECODE)
    .decoder("encbench"),
];

/// Scenario `megaco`: the text model's codecs (`crates/megaco`), ours in
/// ASN.1 (`crates/megaco-asn1`), and Erlang/OTP's own in the Erlang worker.
pub const MEGACO_CODECS: &[CodecInfo] = &[
    megaco(
        "megaco/pretty",
        Family::Text,
        "Megaco pretty text (long tokens, indented): hand-written parser and encoder",
    )
    .decoder("encbench"),
    megaco(
        "megaco/compact",
        Family::Text,
        "Megaco compact text (short tokens, no white space): same parser, compact encoder",
    )
    .decoder("encbench"),
    megaco(
        "megaco/cbor",
        Family::SchemalessBinary,
        "the Megaco message model as CBOR (ciborium via serde)",
    )
    .decoder("ciborium"),
    megaco(
        "megaco/postcard",
        Family::SchemaBinary,
        "the Megaco message model as postcard (serde, varints, no field names)",
    )
    .decoder("postcard"),
    megaco(
        "megaco/ber",
        Family::SchemaBinary,
        "Megaco in ASN.1 BER (rasn, MEDIA-GATEWAY-CONTROL v1-v3 as Erlang's megaco ships them)",
    )
    .decoder("rasn"),
    megaco(
        "megaco/per",
        Family::SchemaBinary,
        "Megaco in ASN.1 aligned PER (rasn, same modules)",
    )
    .decoder("rasn"),
    megaco(
        "megaco/ber-tape",
        Family::SchemaBinary,
        "Megaco in ASN.1 BER, purpose-built: decoders generated per type from the same modules, into a flat tape",
    )
    .decoder("encbench"),
    megaco(
        "megaco/per-tape",
        Family::SchemaBinary,
        "Megaco in ASN.1 aligned PER, purpose-built, into the same tape",
    )
    .decoder("encbench"),
    megaco(
        "megaco/erlang-pretty",
        Family::Worker,
        "Erlang/OTP megaco: pretty text encoder and decoder",
    ),
    megaco(
        "megaco/erlang-compact",
        Family::Worker,
        "Erlang/OTP megaco: compact text encoder and decoder",
    ),
    megaco(
        "megaco/erlang-ber",
        Family::Worker,
        "Erlang/OTP megaco: BER with the text-name transformation",
    ),
    megaco(
        "megaco/erlang-per",
        Family::Worker,
        "Erlang/OTP megaco: aligned PER with the text-name transformation",
    ),
    megaco(
        "megaco/erlang-ber-native",
        Family::Worker,
        "Erlang/OTP megaco: BER on wire-form values (native)",
    ),
    megaco(
        "megaco/erlang-per-native",
        Family::Worker,
        "Erlang/OTP megaco: aligned PER on wire-form values (native)",
    ),
];

const fn megaco(id: &'static str, family: Family, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, family, Input::Megaco, summary)
}

const fn bgp(id: &'static str, family: Family, summary: &'static str) -> CodecInfo {
    CodecInfo::new(id, family, Input::Bgp, summary)
}

/// Reference points measured beside codecs; not encodings.
pub const REFERENCES: &[CodecInfo] = &[CodecInfo::new(
    "reference/memcpy",
    Family::Reference,
    Input::IntFile,
    "copy the binary bytes into a reused buffer: the memory-bandwidth ceiling",
)];

/// Writers of the integer file (seed 000, the write side), in memory.
pub const INT_WRITERS: &[CodecInfo] = &[
    CodecInfo::new(
        "text/itoa-write",
        Family::Text,
        Input::IntFile,
        "itoa per value, appended with a newline to a Vec",
    )
    .ops(Ops::ENCODE),
    CodecInfo::new(
        "text/swar-write",
        Family::Text,
        Input::IntFile,
        "hand-written SWAR formatter, 8 digits per register, one 8-byte store per line",
    )
    .ops(Ops::ENCODE),
    CodecInfo::new(
        "binary/le-write",
        Family::RawBinary,
        Input::IntFile,
        "to_le_bytes of each value into a preallocated buffer",
    )
    .ops(Ops::ENCODE),
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
    all.extend(BGP_DECODERS.iter().map(|i| (*i, true)));
    all.extend(MEGACO_CODECS.iter().map(|i| (*i, true)));
    all
}

/// The entry of `id`, compiled in or not.
pub fn find(id: &str) -> Option<CodecInfo> {
    catalog().into_iter().map(|(i, _)| i).find(|i| i.id == id)
}

/// The formats `encbench file` offers for user tables, each with the
/// entry that offers it, in [`TableFormat`] order.
pub fn table_formats() -> Vec<(TableFormat, CodecInfo)> {
    let mut formats: Vec<(TableFormat, CodecInfo)> = catalog()
        .into_iter()
        .filter_map(|(info, _)| Some((info.table?, info)))
        .collect();
    formats.sort_by_key(|(format, _)| *format);
    formats
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
    fn every_rust_decoder_names_the_library_that_decodes() {
        let foreign = |id: &str| RECORD_WORKER_CODECS.iter().any(|c| c.info.id == id);
        for (info, _) in catalog() {
            let ours = !matches!(
                info.family,
                Family::Worker | Family::Io | Family::Compression | Family::Reference
            ) && !foreign(info.id);
            if ours && (info.ops.decode || info.ops.view) {
                assert!(!info.decoder.is_empty(), "{}: no `decoder`", info.id);
            }
        }
        assert_eq!(find("record/parquet").map(|i| i.decoder), Some("parquet"));
        assert_eq!(find("megaco/ber-tape").map(|i| i.decoder), Some("encbench"));
        assert_eq!(find("no/such"), None);
    }

    #[test]
    fn what_each_entry_takes_and_does() {
        let info = |id| find(id).unwrap_or_else(|| panic!("{id}"));
        assert_eq!(info("record/json").input, Input::Records);
        assert_eq!(info("record/rkyv-view").ops, Ops::VIEW);
        assert_eq!(info("text/fscanf").ops, Ops::DECODE);
        assert_eq!(info("text/itoa-write").ops, Ops::ENCODE);
        assert_eq!(info("go/strconv").input, Input::Int64);
        assert_eq!(info("c/fscanf").input, Input::IntFile);
        assert_eq!(info("megaco/erlang-per").input, Input::Megaco);
        // `file` formats are offered once each, by record codecs.
        let formats = table_formats();
        assert_eq!(formats.len(), 10);
        assert!(formats.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(formats.iter().all(|(_, i)| i.input == Input::Records));
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
