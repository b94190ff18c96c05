//! Encodes a [`Geometry`] as WKB in either byte order.

use super::{ByteOrder, Coord, Geometry, Line};

struct Out<'a> {
    buf: &'a mut Vec<u8>,
    order: ByteOrder,
}

impl Out<'_> {
    fn u32(&mut self, v: u32) {
        let bytes = match self.order {
            ByteOrder::Little => v.to_le_bytes(),
            ByteOrder::Big => v.to_be_bytes(),
        };
        self.buf.extend_from_slice(&bytes);
    }

    fn coord(&mut self, c: &Coord) {
        for v in [c.x, c.y] {
            let bytes = match self.order {
                ByteOrder::Little => v.to_le_bytes(),
                ByteOrder::Big => v.to_be_bytes(),
            };
            self.buf.extend_from_slice(&bytes);
        }
    }

    fn header(&mut self, type_code: u32) {
        self.buf.push(match self.order {
            ByteOrder::Big => 0,
            ByteOrder::Little => 1,
        });
        self.u32(type_code);
    }

    fn len(&mut self, n: usize) {
        self.u32(u32::try_from(n).unwrap_or(u32::MAX));
    }

    fn line(&mut self, line: &Line) {
        self.len(line.len());
        line.iter().for_each(|c| self.coord(c));
    }

    fn rings(&mut self, rings: &[Line]) {
        self.len(rings.len());
        rings.iter().for_each(|r| self.line(r));
    }
}

/// Appends `geometry` to `buf` in `order` (nested geometries use the same order).
pub fn write(geometry: &Geometry, order: ByteOrder, buf: &mut Vec<u8>) {
    let mut out = Out { buf, order };
    out.header(geometry.type_code());
    match geometry {
        Geometry::Point(c) => out.coord(c),
        Geometry::LineString(l) => out.line(l),
        Geometry::Polygon(rings) => out.rings(rings),
        Geometry::MultiPoint(points) => {
            out.len(points.len());
            for p in points {
                out.header(1);
                out.coord(p);
            }
        }
        Geometry::MultiLineString(lines) => {
            out.len(lines.len());
            for l in lines {
                out.header(2);
                out.line(l);
            }
        }
        Geometry::MultiPolygon(polys) => {
            out.len(polys.len());
            for p in polys {
                out.header(3);
                out.rings(p);
            }
        }
    }
}
