//! Codecs of single values and of the integer file: seeds 000, 001, 003.

use super::Entry;
use crate::byte_array::{simd as simd_bytes, BincodeBytes, CsvBytes, CsvStrings, LengthPrefixed};
use crate::intfile::{binary, simd, text, IntSumReader};
use crate::wkb::{generic::GenericReadWkb, slice::SliceWkb, Geometry};
use crate::{int64, Codec, CodecInfo, Family, Input, Ops};

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
