//! WKB through `std::io::Read`: every field is pulled from a `dyn Read` with
//! `byteorder`, the way Go's `binary.Read` pulls fields through an
//! `io.Reader`. It cannot see how many bytes remain, so it bounds
//! pre-allocation instead and lets a short input fail at its end.

use super::{check_type, write, wrong_member, ByteOrder, Coord, Geometry, Line, MAX_PREALLOC};
use crate::{Codec, CodecError};
use byteorder::{BigEndian, LittleEndian, ReadBytesExt};
use std::io::{self, Read};

/// WKB parsed field by field through a `dyn Read`.
#[derive(Debug, Default, Clone, Copy)]
pub struct GenericReadWkb;

impl Codec<Geometry> for GenericReadWkb {
    fn encode(&self, value: &Geometry, out: &mut Vec<u8>) -> Result<(), CodecError> {
        write(value, ByteOrder::Little, out);
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Geometry, CodecError> {
        let mut source = bytes;
        let mut reader = Fields {
            // Opaque to the optimiser: every field read is a real dynamic call.
            inner: std::hint::black_box(&mut source),
            pos: 0,
        };
        let geometry = reader.geometry()?;
        let used = reader.pos;
        let mut probe = [0u8; 1];
        if reader
            .inner
            .read(&mut probe)
            .map_err(|e| CodecError::invalid(used, e.to_string()))?
            > 0
        {
            return Err(CodecError::Trailing {
                offset: used,
                count: bytes.len() - used,
            });
        }
        Ok(geometry)
    }
}

struct Fields<'r> {
    inner: &'r mut dyn Read,
    pos: usize,
}

impl Fields<'_> {
    /// Runs one field read, turning EOF into a positioned `Truncated`.
    fn field<T>(
        &mut self,
        size: usize,
        read: impl FnOnce(&mut dyn Read) -> io::Result<T>,
    ) -> Result<T, CodecError> {
        match read(&mut *self.inner) {
            Ok(v) => {
                self.pos += size;
                Ok(v)
            }
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => Err(CodecError::Truncated {
                offset: self.pos,
                needed: size,
            }),
            Err(e) => Err(CodecError::invalid(self.pos, e.to_string())),
        }
    }

    fn u8(&mut self) -> Result<u8, CodecError> {
        self.field(1, |r| r.read_u8())
    }

    fn u32(&mut self, order: ByteOrder) -> Result<u32, CodecError> {
        self.field(4, |r| match order {
            ByteOrder::Little => r.read_u32::<LittleEndian>(),
            ByteOrder::Big => r.read_u32::<BigEndian>(),
        })
    }

    fn f64(&mut self, order: ByteOrder) -> Result<f64, CodecError> {
        self.field(8, |r| match order {
            ByteOrder::Little => r.read_f64::<LittleEndian>(),
            ByteOrder::Big => r.read_f64::<BigEndian>(),
        })
    }

    fn coord(&mut self, order: ByteOrder) -> Result<Coord, CodecError> {
        Ok(Coord {
            x: self.f64(order)?,
            y: self.f64(order)?,
        })
    }

    /// Reads a count and collects that many items, reserving at most MAX_PREALLOC up front.
    fn many<T>(
        &mut self,
        order: ByteOrder,
        mut item: impl FnMut(&mut Self) -> Result<T, CodecError>,
    ) -> Result<Vec<T>, CodecError> {
        let n = self.u32(order)? as usize;
        let mut out = Vec::with_capacity(n.min(MAX_PREALLOC));
        for _ in 0..n {
            out.push(item(self)?);
        }
        Ok(out)
    }

    fn line(&mut self, order: ByteOrder) -> Result<Line, CodecError> {
        self.many(order, |f| f.coord(order))
    }

    fn rings(&mut self, order: ByteOrder) -> Result<Vec<Line>, CodecError> {
        self.many(order, |f| f.line(order))
    }

    fn header(&mut self) -> Result<(ByteOrder, u32, usize), CodecError> {
        let flag_at = self.pos;
        let order = ByteOrder::from_flag(self.u8()?, flag_at)?;
        let type_at = self.pos;
        let code = check_type(self.u32(order)?, type_at)?;
        Ok((order, code, type_at))
    }

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
            4 => Geometry::MultiPoint(self.many(order, |f| {
                let o = f.member(1)?;
                f.coord(o)
            })?),
            5 => Geometry::MultiLineString(self.many(order, |f| {
                let o = f.member(2)?;
                f.line(o)
            })?),
            _ => Geometry::MultiPolygon(self.many(order, |f| {
                let o = f.member(3)?;
                f.rings(o)
            })?),
        })
    }
}
