//! WKB by direct slice reads: bounds-checked `from_le_bytes`/`from_be_bytes`
//! on a cursor, with every count checked against the bytes that remain.

use super::{
    check_type, write, wrong_member, ByteOrder, Coord, Geometry, Line, COORD_SIZE, NESTED_MIN,
    NESTED_POINT,
};
use crate::{Codec, CodecError};

/// WKB parsed with direct slice reads.
#[derive(Debug, Default, Clone, Copy)]
pub struct SliceWkb;

impl Codec<Geometry> for SliceWkb {
    fn encode(&self, value: &Geometry, out: &mut Vec<u8>) -> Result<(), CodecError> {
        write(value, ByteOrder::Little, out);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Geometry, CodecError> {
        let mut cursor = Cursor { buf: bytes, pos: 0 };
        let geometry = cursor.geometry()?;
        CodecError::check_consumed(cursor.pos, bytes.len())?;
        Ok(geometry)
    }
}

struct Cursor<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], CodecError> {
        let field = self
            .buf
            .get(self.pos..self.pos + N)
            .ok_or(CodecError::Truncated {
                offset: self.pos,
                needed: N,
            })?;
        self.pos += N;
        let mut out = [0u8; N];
        out.copy_from_slice(field);
        Ok(out)
    }

    fn u32(&mut self, order: ByteOrder) -> Result<u32, CodecError> {
        let b = self.take::<4>()?;
        Ok(match order {
            ByteOrder::Little => u32::from_le_bytes(b),
            ByteOrder::Big => u32::from_be_bytes(b),
        })
    }

    fn f64(&mut self, order: ByteOrder) -> Result<f64, CodecError> {
        let b = self.take::<8>()?;
        Ok(match order {
            ByteOrder::Little => f64::from_le_bytes(b),
            ByteOrder::Big => f64::from_be_bytes(b),
        })
    }

    /// Reads a count and rejects it if `count × min_size` exceeds what remains.
    fn count(&mut self, order: ByteOrder, min_size: usize) -> Result<usize, CodecError> {
        let at = self.pos;
        let count = self.u32(order)? as usize;
        let remaining = self.buf.len() - self.pos;
        if count.saturating_mul(min_size) > remaining {
            return Err(CodecError::invalid(
                at,
                format!(
                    "count {count} needs at least {} bytes but only {remaining} remain",
                    count.saturating_mul(min_size)
                ),
            ));
        }
        Ok(count)
    }

    fn coord(&mut self, order: ByteOrder) -> Result<Coord, CodecError> {
        Ok(Coord {
            x: self.f64(order)?,
            y: self.f64(order)?,
        })
    }

    /// Reads a whole run of coordinates from one bounds check.
    fn line(&mut self, order: ByteOrder) -> Result<Line, CodecError> {
        let n = self.count(order, COORD_SIZE)?;
        let end = self.pos + n * COORD_SIZE; // `count` proved these bytes exist
        let raw = &self.buf[self.pos..end];
        self.pos = end;
        let read = match order {
            ByteOrder::Little => f64::from_le_bytes,
            ByteOrder::Big => f64::from_be_bytes,
        };
        let word = |b: &[u8]| read([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]]);
        Ok(raw
            .chunks_exact(COORD_SIZE)
            .map(|c| Coord {
                x: word(&c[..8]),
                y: word(&c[8..]),
            })
            .collect())
    }

    /// Reads a count, then that many items into a vector sized once
    /// (safe: `count` bounded it by the bytes that remain).
    fn many<T>(
        &mut self,
        order: ByteOrder,
        min_size: usize,
        mut item: impl FnMut(&mut Self) -> Result<T, CodecError>,
    ) -> Result<Vec<T>, CodecError> {
        let n = self.count(order, min_size)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self)?);
        }
        Ok(out)
    }

    fn rings(&mut self, order: ByteOrder) -> Result<Vec<Line>, CodecError> {
        self.many(order, 4, |c| c.line(order))
    }

    /// Byte order and type code of the geometry starting here.
    fn header(&mut self) -> Result<(ByteOrder, u32, usize), CodecError> {
        let flag_at = self.pos;
        let order = ByteOrder::from_flag(self.take::<1>()?[0], flag_at)?;
        let type_at = self.pos;
        let code = check_type(self.u32(order)?, type_at)?;
        Ok((order, code, type_at))
    }

    /// Header of a Multi* member, which must be of type `want`.
    fn member(&mut self, want: u32) -> Result<ByteOrder, CodecError> {
        let (order, code, at) = self.header()?;
        if code != want {
            return Err(wrong_member(at, want, code));
        }
        Ok(order)
    }

    fn geometry(&mut self) -> Result<Geometry, CodecError> {
        let (order, code, _) = self.header()?;
        Ok(match code {
            1 => Geometry::Point(self.coord(order)?),
            2 => Geometry::LineString(self.line(order)?),
            3 => Geometry::Polygon(self.rings(order)?),
            4 => Geometry::MultiPoint(self.many(order, NESTED_POINT, |c| {
                let o = c.member(1)?;
                c.coord(o)
            })?),
            5 => Geometry::MultiLineString(self.many(order, NESTED_MIN, |c| {
                let o = c.member(2)?;
                c.line(o)
            })?),
            _ => Geometry::MultiPolygon(self.many(order, NESTED_MIN, |c| {
                let o = c.member(3)?;
                c.rings(o)
            })?),
        })
    }
}
