//! The codec matrix: whole batches of typed records, and zero-copy views.

use super::Entry;
#[cfg(feature = "zero-copy")]
use crate::archived::{Rkyv, RkyvView, RkyvViewUnchecked};
#[cfg(feature = "asn1")]
use crate::asn1::{Aper, Ber, Coer, Der, Uper};
#[cfg(feature = "avro")]
use crate::avro::{AvroContainer, AvroDatum};
#[cfg(feature = "columnar")]
use crate::columnar::{ArrowIpc, Parquet};
#[cfg(feature = "schema-binary")]
use crate::derived::{Borsh, Speedy, Wincode};
use crate::matrix::MatrixRecord;
#[cfg(feature = "protobuf")]
use crate::protobuf::Protobuf;
#[cfg(feature = "simd-json")]
use crate::serde_codecs::SimdJson;
use crate::serde_codecs::{Bincode, Bitcode, Csv, Json, JsonLines, Postcard, Ron};
#[cfg(feature = "self-describing")]
use crate::serde_codecs::{Bson, Cbor, MessagePack, MessagePackCompact};
use crate::{Codec, CodecInfo, Family, Input, Ops, RecordView, TableFormat};

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
