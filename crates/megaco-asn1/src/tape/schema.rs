//! The shape of a MEDIA-GATEWAY-CONTROL module as the tape codecs read it:
//! a flat table of types, each referring to others by index, generated
//! from the ASN.1 by `tools/gen_schema.py` (files `schema_v{1,2,3}.rs`).

/// Index of a type in [`Schema::types`].
pub(crate) type TypeId = u16;

/// One ASN.1 module, flattened.
pub(crate) struct Schema {
    /// `MegacoMessage`.
    pub root: TypeId,
    pub types: &'static [Type],
}

/// A named type or an anonymous one (named `Parent.field`).
pub(crate) struct Type {
    pub name: &'static str,
    pub kind: Kind,
}

/// What the codecs need of a type. Every module is AUTOMATIC TAGS: a
/// component's BER tag is its position, and its PER form follows from the
/// kind and constraints alone.
pub(crate) enum Kind {
    /// `SEQUENCE`: `fields[..root]` are the root components, the rest
    /// extension additions (always optional).
    Seq {
        ext: bool,
        root: u16,
        fields: &'static [Field],
    },
    /// `CHOICE`: `alts[..root]` are root alternatives, the rest additions.
    Choice {
        ext: bool,
        root: u16,
        alts: &'static [Alt],
    },
    /// `SEQUENCE OF` (unconstrained size in these modules).
    SeqOf {
        elem: TypeId,
    },
    /// `ENUMERATED`: `values[..root]` are the root values in ascending order
    /// (their PER index), the rest additions in order of definition.
    Enum {
        ext: bool,
        root: u16,
        values: &'static [u32],
        names: &'static [&'static str],
    },
    /// `INTEGER (lo..hi)`.
    Int {
        lo: u32,
        hi: u32,
    },
    /// `OCTET STRING (SIZE (lo..hi))`; `hi == u32::MAX`: no upper bound.
    Octets {
        lo: u32,
        hi: u32,
    },
    /// `IA5String (SIZE (lo..hi))`, as [`Kind::Octets`].
    Ia5 {
        lo: u32,
        hi: u32,
    },
    /// `BIT STRING` with named bits, no size constraint.
    Bits,
    /// `OBJECT IDENTIFIER`, kept as its content octets.
    Oid,
    Bool,
    Null,
}

/// A `SEQUENCE` component.
pub(crate) struct Field {
    pub name: &'static str,
    pub ty: TypeId,
    pub optional: bool,
}

/// A `CHOICE` alternative.
pub(crate) struct Alt {
    pub name: &'static str,
    pub ty: TypeId,
}

impl Schema {
    pub(crate) fn kind(&self, ty: TypeId) -> &'static Kind {
        &self.types[usize::from(ty)].kind
    }

    pub(crate) fn name(&self, ty: TypeId) -> &'static str {
        self.types[usize::from(ty)].name
    }
}

pub(crate) use crate::bits::{be_uint, bits_for};
