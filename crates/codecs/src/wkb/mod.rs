//! OGC Well-Known Binary, parsed two ways for seed 003's second experiment:
//! a generic reader that pulls each field through `std::io::Read` (the Rust
//! cousin of Go's reflection-based `binary.Read`), and direct slice reads.
//! Both share this geometry model and the writer, and both refuse to
//! allocate more than the input could possibly describe.

pub mod generic;
pub mod slice;
mod writer;

pub use writer::write;

/// One XY position.
#[derive(Debug, Clone, Copy)]
pub struct Coord {
    /// X (longitude).
    pub x: f64,
    /// Y (latitude).
    pub y: f64,
}

impl PartialEq for Coord {
    /// Bitwise: an empty point's NaN equals itself, and -0.0 differs from 0.0,
    /// which is what a lossless round trip must preserve.
    fn eq(&self, other: &Self) -> bool {
        self.x.to_bits() == other.x.to_bits() && self.y.to_bits() == other.y.to_bits()
    }
}

/// A ring or line: a list of positions.
pub type Line = Vec<Coord>;

/// The six geometry types of WKB (ISO codes 1–6, XY only).
#[derive(Debug, Clone, PartialEq)]
pub enum Geometry {
    /// Type 1. An empty point is written as NaN, NaN.
    Point(Coord),
    /// Type 2.
    LineString(Line),
    /// Type 3: outer ring first, then holes.
    Polygon(Vec<Line>),
    /// Type 4.
    MultiPoint(Vec<Coord>),
    /// Type 5.
    MultiLineString(Vec<Line>),
    /// Type 6.
    MultiPolygon(Vec<Vec<Line>>),
}

impl Geometry {
    /// Number of positions, for throughput figures.
    pub fn coord_count(&self) -> usize {
        match self {
            Geometry::Point(_) => 1,
            Geometry::LineString(l) | Geometry::MultiPoint(l) => l.len(),
            Geometry::Polygon(rings) | Geometry::MultiLineString(rings) => {
                rings.iter().map(Vec::len).sum()
            }
            Geometry::MultiPolygon(polys) => polys.iter().flatten().map(Vec::len).sum(),
        }
    }

    /// The WKB type code.
    pub fn type_code(&self) -> u32 {
        match self {
            Geometry::Point(_) => 1,
            Geometry::LineString(_) => 2,
            Geometry::Polygon(_) => 3,
            Geometry::MultiPoint(_) => 4,
            Geometry::MultiLineString(_) => 5,
            Geometry::MultiPolygon(_) => 6,
        }
    }
}

/// Byte order flag of a WKB geometry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ByteOrder {
    /// XDR, flag 0.
    Big,
    /// NDR, flag 1.
    Little,
}

impl ByteOrder {
    pub(crate) fn from_flag(flag: u8, offset: usize) -> Result<Self, crate::CodecError> {
        match flag {
            0 => Ok(ByteOrder::Big),
            1 => Ok(ByteOrder::Little),
            other => Err(crate::CodecError::invalid(
                offset,
                format!("byte-order flag must be 0 or 1, found {other}"),
            )),
        }
    }
}

/// Checks a geometry type code and says plainly what is unsupported.
pub(crate) fn check_type(code: u32, offset: usize) -> Result<u32, crate::CodecError> {
    match code {
        1..=6 => Ok(code),
        7 => Err(crate::CodecError::invalid(
            offset,
            "GeometryCollection (type 7) is not supported",
        )),
        c if c & 0xE000_0000 != 0 => Err(crate::CodecError::invalid(
            offset,
            format!("EWKB flags in type 0x{c:08x} (Z/M/SRID) are not supported"),
        )),
        c if (1001..=3007).contains(&c) => Err(crate::CodecError::invalid(
            offset,
            format!("type {c} has Z or M coordinates; only XY is supported"),
        )),
        c => Err(crate::CodecError::invalid(
            offset,
            format!("unknown geometry type {c}"),
        )),
    }
}

/// A Multi* container holding a member of the wrong type.
pub(crate) fn wrong_member(offset: usize, want: u32, found: u32) -> crate::CodecError {
    crate::CodecError::invalid(
        offset,
        format!(
            "a type-{} collection may only hold type-{want} members, found type {found}",
            want + 3
        ),
    )
}

/// Smallest encoded size of one element counted by a type's element count,
/// used to reject counts the remaining bytes cannot hold.
pub(crate) const COORD_SIZE: usize = 16;
/// A nested geometry needs at least its header (1 + 4) plus a 4-byte count.
pub(crate) const NESTED_MIN: usize = 9;
/// A point inside a MultiPoint: header and one coordinate.
pub(crate) const NESTED_POINT: usize = 5 + COORD_SIZE;

/// Never reserve more than this many elements up front from a count the
/// input claims; growth beyond it is paid for by bytes actually read.
pub(crate) const MAX_PREALLOC: usize = 4096;

#[cfg(test)]
mod tests;
