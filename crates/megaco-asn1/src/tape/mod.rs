//! Purpose-built BER and aligned-PER codecs for the MEDIA-GATEWAY-CONTROL
//! modules, decoding into a [`Tape`] instead of rasn's structs.
//!
//! A tape is the decoded message as a flat list of typed nodes in document
//! order (simdjson's idea): every tag, length, constraint, presence bit and
//! choice index is checked while decoding, integers and enumerations are
//! parsed, and string contents are copied into one byte buffer. Decoding a
//! message costs two allocations (the node list and the byte buffer), where
//! rasn's structs cost about fifteen plus their drop. `tools/gen_schema.py`
//! writes, from the ASN.1, one decoder function per constructed type and
//! rule (`decode_v*.rs`) and a flat table of the module's types
//! (`schema_v*.rs`) that the encoders, `Display` and error messages read.
//!
//! The same message decoded from BER and from PER gives equal tapes, and a
//! tape encodes back to either rule: tests hold both to Erlang/OTP's bytes
//! for all 149 messages.

mod ber;
#[rustfmt::skip]
mod decode_v1;
#[rustfmt::skip]
mod decode_v2;
#[rustfmt::skip]
mod decode_v3;
mod per;
mod schema;
mod schema_v1;
mod schema_v2;
mod schema_v3;
mod text;

use crate::peek;
use encbench_codecs::{Codec, CodecError};
use schema::{Kind, Schema, TypeId};
use std::fmt;
pub use text::{TapeCompact, TapePretty};

/// Deepest nesting of constructed values accepted; the real messages reach
/// about 20, and the decoders recurse once per level.
const MAX_DEPTH: u32 = 64;

/// One decoded value. Constructed nodes are followed by their children.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    /// The value's type in the module's table.
    ty: TypeId,
    /// Field index within the parent `SEQUENCE` (0 elsewhere).
    slot: u16,
    /// `SEQUENCE`/`SEQUENCE OF`: number of children; `CHOICE`: the chosen
    /// alternative; `INTEGER`/`ENUMERATED`/`BOOLEAN`: the value; strings:
    /// offset of the contents in [`Tape::bytes`].
    a: u32,
    /// Strings: length in octets (`BIT STRING`: in bits).
    b: u32,
}

/// A Megaco message decoded by [`TapeBer`], [`TapePer`], [`TapeCompact`] or
/// [`TapePretty`]. Two tapes are equal when they hold the same values
/// ([`Tape::same_values`]), wherever each keeps its string bytes.
#[derive(Debug, Clone, Default)]
pub struct Tape {
    version: u8,
    nodes: Vec<Node>,
    bytes: Vec<u8>,
}

impl Tape {
    /// The ASN.1 module the message was decoded with (1, 2 or 3).
    pub fn module_version(&self) -> u8 {
        self.version
    }

    /// Number of decoded values (nodes).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// True for a tape no decoder has filled.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Whether both tapes hold the same values: the same nodes (type,
    /// component, value) and string contents, wherever each tape keeps its
    /// bytes (a text decoder may copy strings in another order).
    pub fn same_values(&self, other: &Tape) -> bool {
        let Ok(schema) = self.schema() else {
            return other.is_empty() && self.is_empty();
        };
        self.version == other.version
            && self.nodes.len() == other.nodes.len()
            && self.nodes.iter().zip(&other.nodes).all(|(x, y)| {
                if (x.ty, x.slot) != (y.ty, y.slot) {
                    return false;
                }
                match schema.kind(x.ty) {
                    kind @ (Kind::Octets { .. } | Kind::Ia5 { .. } | Kind::Oid | Kind::Bits) => {
                        x.b == y.b && self.string(*x, kind).ok() == other.string(*y, kind).ok()
                    }
                    _ => x.a == y.a,
                }
            })
    }

    fn schema(&self) -> Result<&'static Schema, CodecError> {
        module(self.version, 0).map(|m| m.schema)
    }

    /// Empties the tape for a message of `nodes_hint` values or so, whose
    /// strings fit in `input_len` octets.
    fn clear(&mut self, version: u8, input_len: usize, nodes_hint: usize) {
        self.version = version;
        self.nodes.clear();
        self.bytes.clear();
        // One allocation each for real messages; unusual ones grow.
        self.nodes.reserve(nodes_hint);
        self.bytes.reserve(input_len);
    }

    #[inline(always)]
    fn push(&mut self, ty: TypeId, slot: u16, a: u32, b: u32) -> usize {
        self.nodes.push(Node { ty, slot, a, b });
        self.nodes.len() - 1
    }

    /// Appends string contents and their node.
    #[inline]
    fn push_bytes(&mut self, ty: TypeId, slot: u16, contents: &[u8], b: u32) {
        let at = self.bytes.len() as u32;
        self.bytes.extend_from_slice(contents);
        self.push(ty, slot, at, b);
    }

    /// Appends a BIT STRING of `nbits` held in `octets`; the bits past the
    /// value in its last octet are kept as zeros, whatever the input had.
    fn push_bits(&mut self, ty: TypeId, slot: u16, octets: &[u8], nbits: usize) {
        self.push_bytes(ty, slot, octets, nbits as u32);
        if let Some(last) = self.bytes.last_mut().filter(|_| !nbits.is_multiple_of(8)) {
            *last &= 0xFFu8 << (8 - nbits % 8);
        }
    }

    fn node(&self, at: usize) -> Result<Node, CodecError> {
        self.nodes.get(at).copied().ok_or_else(|| {
            CodecError::invalid(at, "tape ends inside a value (not made by a decoder)")
        })
    }

    /// A string node's contents (`kind` says whether its length is in bits).
    fn string(&self, node: Node, kind: &Kind) -> Result<&[u8], CodecError> {
        let len = match kind {
            Kind::Bits => (node.b as usize).div_ceil(8),
            _ => node.b as usize,
        };
        let start = node.a as usize;
        self.bytes
            .get(start..start + len)
            .ok_or_else(|| CodecError::invalid(start, "tape string outside its byte buffer"))
    }
}

impl PartialEq for Tape {
    fn eq(&self, other: &Tape) -> bool {
        self.same_values(other)
    }
}

impl Eq for Tape {}

/// One module: its type table (for encoding and messages) and its
/// generated decoders.
struct Module {
    schema: &'static Schema,
    ber: fn(&mut ber::Decoder<'_>, usize, usize) -> Result<(), Box<CodecError>>,
    per: fn(&mut per::Decoder, &mut per::Bits<'_>) -> Result<(), Box<CodecError>>,
}

static MODULES: [Module; 3] = [
    Module {
        schema: &schema_v1::V1,
        ber: decode_v1::ber,
        per: decode_v1::per,
    },
    Module {
        schema: &schema_v2::V2,
        ber: decode_v2::ber,
        per: decode_v2::per,
    },
    Module {
        schema: &schema_v3::V3,
        ber: decode_v3::ber,
        per: decode_v3::per,
    },
];

fn module(version: u8, at: usize) -> Result<&'static Module, CodecError> {
    match version {
        1..=3 => Ok(&MODULES[usize::from(version) - 1]),
        _ => Err(CodecError::invalid(
            at,
            format!("Megaco version {version}: only the v1, v2 and v3 modules are known"),
        )),
    }
}

/// ASN.1 BER (definite lengths, as megaco's encoder writes), into a tape.
#[derive(Debug, Default, Clone, Copy)]
pub struct TapeBer;

/// ASN.1 aligned PER, as megaco's PER encoder writes it, into a tape.
#[derive(Debug, Default, Clone, Copy)]
pub struct TapePer;

/// Offsets, lengths and bit counts in a tape are u32: larger messages are
/// refused (Megaco's are a few KB).
fn check_size(bytes: &[u8]) -> Result<(), CodecError> {
    if bytes.len() > (u32::MAX / 8) as usize {
        return Err(CodecError::invalid(0, "message larger than 512 MiB"));
    }
    Ok(())
}

impl TapeBer {
    /// Decodes into `tape`, reusing its buffers.
    pub fn decode_into(&self, bytes: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
        check_size(bytes)?;
        let version = peek::ber_version(bytes)?;
        // Each value takes two octets at least (about three in practice).
        tape.clear(version, bytes.len(), bytes.len() / 2 + 8);
        ber::decode(module(version, 0)?, bytes, tape)
    }
}

impl TapePer {
    /// Decodes into `tape`, reusing its buffers.
    pub fn decode_into(&self, bytes: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
        check_size(bytes)?;
        let version = peek::per_version(bytes)?;
        // About one value per octet in the 149 messages.
        tape.clear(version, bytes.len(), bytes.len() + 8);
        per::decode(module(version, 0)?, bytes, tape)
    }
}

/// A fresh tape filled by `decode_into`.
fn fresh(
    decode_into: impl FnOnce(&mut Tape) -> Result<(), CodecError>,
) -> Result<Tape, CodecError> {
    let mut tape = Tape::default();
    decode_into(&mut tape)?;
    Ok(tape)
}

impl Codec<Tape> for TapeBer {
    fn encode(&self, value: &Tape, out: &mut Vec<u8>) -> Result<(), CodecError> {
        ber::encode(value.schema()?, value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Tape, CodecError> {
        fresh(|tape| self.decode_into(bytes, tape))
    }
}

impl Codec<Tape> for TapePer {
    fn encode(&self, value: &Tape, out: &mut Vec<u8>) -> Result<(), CodecError> {
        per::encode(value.schema()?, value, out)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Tape, CodecError> {
        fresh(|tape| self.decode_into(bytes, tape))
    }
}

/// ASN.1 value notation, roughly: `Message { version 1, mId ip4Address: … }`,
/// with octet strings in hex — for reading a tape and for test diffs.
impl fmt::Display for Tape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Ok(schema) = self.schema() else {
            return write!(f, "(empty tape)");
        };
        let mut at = 0;
        write_value(self, schema, &mut at, f)
    }
}

fn write_value(
    tape: &Tape,
    schema: &Schema,
    at: &mut usize,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    let Ok(node) = tape.node(*at) else {
        return write!(f, "…");
    };
    *at += 1;
    match schema.kind(node.ty) {
        Kind::Seq { fields, .. } => {
            write!(f, "{{")?;
            for i in 0..node.a {
                let slot = tape.node(*at).map(|n| n.slot).unwrap_or(0);
                let name = fields.get(usize::from(slot)).map_or("?", |x| x.name);
                write!(f, "{}{name} ", if i == 0 { " " } else { ", " })?;
                write_value(tape, schema, at, f)?;
            }
            write!(f, " }}")
        }
        Kind::SeqOf { .. } => {
            write!(f, "{{")?;
            for i in 0..node.a {
                write!(f, "{}", if i == 0 { " " } else { ", " })?;
                write_value(tape, schema, at, f)?;
            }
            write!(f, " }}")
        }
        Kind::Choice { alts, .. } => {
            let name = alts.get(node.a as usize).map_or("?", |x| x.name);
            write!(f, "{name}: ")?;
            write_value(tape, schema, at, f)
        }
        Kind::Enum { values, names, .. } => {
            let i = values.iter().position(|&v| v == node.a);
            write!(f, "{}", i.and_then(|i| names.get(i)).unwrap_or(&"?"))
        }
        Kind::Int { .. } => write!(f, "{}", node.a),
        Kind::Bool => write!(f, "{}", if node.a != 0 { "TRUE" } else { "FALSE" }),
        Kind::Null => write!(f, "NULL"),
        kind @ Kind::Ia5 { .. } => {
            let s = tape.string(node, kind).unwrap_or_default();
            write!(f, "{:?}", String::from_utf8_lossy(s))
        }
        kind @ (Kind::Octets { .. } | Kind::Oid | Kind::Bits) => {
            write!(f, "'")?;
            for b in tape.string(node, kind).unwrap_or_default() {
                write!(f, "{b:02X}")?;
            }
            write!(f, "'H")
        }
    }
}
