//! The BGP-4 wire format: messages with their 19-byte header, UPDATE bodies,
//! path attributes and prefixes. Decoding is parameterised by the session's
//! AS number size; errors carry the byte offset from the message start.

use crate::model::*;
use crate::Error;
use std::net::{Ipv4Addr, Ipv6Addr};

/// Whether AS numbers in AS_PATH and AGGREGATOR take 2 or 4 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsSize {
    /// Pre-RFC 6793 sessions (and MRT TABLE_DUMP, BGP4MP_MESSAGE).
    Two,
    /// Sessions where both ends announced the 4-octet AS capability.
    Four,
}

/// The AS number 2-byte sessions put in place of one that does not fit (RFC 6793).
pub const AS_TRANS: u32 = 23456;
/// Header size: 16-byte marker, 2-byte length, 1-byte type.
pub const HEADER_LEN: usize = 19;
/// Largest message RFC 4271 allows.
pub const MAX_MESSAGE: usize = 4096;

/// Message types we tell apart.
// Boxing the UPDATE would add an allocation per message on the hot path.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// An UPDATE, decoded.
    Update(Update),
    /// OPEN, NOTIFICATION, KEEPALIVE, ROUTE-REFRESH or anything else: the type code.
    Other(u8),
}

/// A bounds-checked reader that knows where it is.
pub(crate) struct Cur<'a> {
    pub buf: &'a [u8],
    pub pos: usize,
    /// Offset of `buf[0]` in the caller's input, for error positions.
    pub base: usize,
}

impl<'a> Cur<'a> {
    pub fn new(buf: &'a [u8], base: usize) -> Self {
        Cur { buf, pos: 0, base }
    }

    #[inline]
    pub fn at(&self) -> usize {
        self.base + self.pos
    }

    #[inline]
    pub fn left(&self) -> usize {
        self.buf.len() - self.pos
    }

    pub fn err(&self, what: impl Into<String>) -> Error {
        Error::new(self.at(), what)
    }

    #[inline]
    pub fn take(&mut self, n: usize, what: &str) -> Result<&'a [u8], Error> {
        match self.buf.get(self.pos..self.pos.wrapping_add(n)) {
            Some(s) if self.pos.checked_add(n).is_some() => {
                self.pos += n;
                Ok(s)
            }
            _ => Err(self.short(n, what)),
        }
    }

    /// The error for a read past the end, kept out of line so the hot path stays small.
    #[cold]
    #[inline(never)]
    fn short(&self, n: usize, what: &str) -> Error {
        self.err(format!(
            "truncated {what}: needs {n} bytes, {} left",
            self.left()
        ))
    }

    /// A sub-reader over the next `n` bytes, keeping absolute offsets.
    #[inline]
    pub fn sub(&mut self, n: usize, what: &str) -> Result<Cur<'a>, Error> {
        let base = self.at();
        Ok(Cur::new(self.take(n, what)?, base))
    }

    #[inline]
    pub fn u8(&mut self, what: &str) -> Result<u8, Error> {
        Ok(self.take(1, what)?[0])
    }

    #[inline]
    pub fn u16(&mut self, what: &str) -> Result<u16, Error> {
        let b = self.take(2, what)?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    #[inline]
    pub fn u32(&mut self, what: &str) -> Result<u32, Error> {
        let b = self.take(4, what)?;
        Ok(u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    #[inline]
    pub fn ipv4(&mut self, what: &str) -> Result<Ipv4Addr, Error> {
        Ok(Ipv4Addr::from(self.u32(what)?))
    }

    pub fn ipv6(&mut self, what: &str) -> Result<Ipv6Addr, Error> {
        let b = self.take(16, what)?;
        let mut a = [0u8; 16];
        a.copy_from_slice(b);
        Ok(Ipv6Addr::from(a))
    }

    #[inline]
    pub fn asn(&mut self, size: AsSize, what: &str) -> Result<u32, Error> {
        match size {
            AsSize::Two => self.u16(what).map(u32::from),
            AsSize::Four => self.u32(what),
        }
    }
}

/// Decodes one whole message (header included); `buf` may hold trailing bytes.
pub fn decode_message(buf: &[u8], size: AsSize) -> Result<Message, Error> {
    let (len, kind) = message_header(buf)?;
    if kind != 2 {
        return Ok(Message::Other(kind));
    }
    decode_update_body(&buf[HEADER_LEN..len], HEADER_LEN, size).map(Message::Update)
}

/// Checks the 19-byte header at the start of `buf` (marker, a length that
/// fits in `buf`) and returns the message's length and type.
pub fn message_header(buf: &[u8]) -> Result<(usize, u8), Error> {
    let mut c = Cur::new(buf, 0);
    let marker = c.take(16, "message marker")?;
    if marker.iter().any(|&b| b != 0xff) {
        return Err(Error::new(0, "message marker is not all ones"));
    }
    let len = c.u16("message length")? as usize;
    if !(HEADER_LEN..=65535).contains(&len) || len > buf.len() {
        return Err(Error::new(
            16,
            format!(
                "message length {len} outside 19..={} (bytes available)",
                buf.len()
            ),
        ));
    }
    Ok((len, c.u8("message type")?))
}

/// Decodes an UPDATE body (after the header); `base` is its offset for errors.
pub fn decode_update_body(body: &[u8], base: usize, size: AsSize) -> Result<Update, Error> {
    let mut c = Cur::new(body, base);
    let wlen = c.u16("withdrawn routes length")? as usize;
    let mut w = c.sub(wlen, "withdrawn routes")?;
    let withdrawn = prefixes(&mut w, false)?;
    let alen = c.u16("path attribute length")? as usize;
    let mut a = c.sub(alen, "path attributes")?;
    let attrs = attributes(&mut a, size, false)?;
    let mut nlri = Nlri::with_capacity(count_prefixes(&c.buf[c.pos..]));
    while c.left() > 0 {
        nlri.push(prefix(&mut c, false)?);
    }
    Ok(Update {
        withdrawn,
        attrs,
        nlri,
    })
}

/// Reads prefixes until `c` is exhausted.
pub(crate) fn prefixes(c: &mut Cur<'_>, v6: bool) -> Result<Vec<Prefix>, Error> {
    let mut out = Vec::with_capacity(count_prefixes(&c.buf[c.pos..]));
    while c.left() > 0 {
        out.push(prefix(c, v6)?);
    }
    Ok(out)
}

/// How many prefixes `b` holds, by their length bytes alone; the exact
/// capacity saves the allocator work that dominates decoding. Never more
/// than `b.len()`, each prefix taking at least one byte.
fn count_prefixes(b: &[u8]) -> usize {
    let (mut i, mut n) = (0usize, 0usize);
    while let Some(&len) = b.get(i) {
        i += 1 + usize::from(len).div_ceil(8);
        n += 1;
    }
    n
}

/// One length-prefixed, minimal-bytes prefix.
#[inline]
pub(crate) fn prefix(c: &mut Cur<'_>, v6: bool) -> Result<Prefix, Error> {
    let at = c.at();
    let len = c.u8("prefix length")?;
    let max = if v6 { 128 } else { 32 };
    if len > max {
        return Err(Error::new(at, format!("prefix length {len} over {max}")));
    }
    let bytes = c.take(usize::from(len).div_ceil(8), "prefix")?;
    Ok(if v6 {
        let mut a = [0u8; 16];
        a[..bytes.len()].copy_from_slice(bytes);
        Prefix::V6(Ipv6Addr::from(a), len)
    } else {
        let mut a = [0u8; 4];
        a[..bytes.len()].copy_from_slice(bytes);
        Prefix::V4(Ipv4Addr::from(a), len)
    })
}

/// Decodes a block of path attributes. `abbreviated_mp` accepts the MRT
/// TABLE_DUMP_V2 form of MP_REACH_NLRI that holds only the next hop (RFC 6396 §4.3.4).
pub(crate) fn attributes(
    c: &mut Cur<'_>,
    size: AsSize,
    abbreviated_mp: bool,
) -> Result<Attributes, Error> {
    let mut a = Attributes::default();
    while c.left() > 0 {
        let start = c.at();
        let flags = c.u8("attribute flags")?;
        let code = c.u8("attribute type")?;
        let len = if flags & 0x10 != 0 {
            c.u16("attribute length")? as usize
        } else {
            c.u8("attribute length")? as usize
        };
        let mut v = c.sub(len, "attribute value")?;
        let fixed = |want: usize, name: &str| -> Result<(), Error> {
            if len == want {
                Ok(())
            } else {
                Err(Error::new(
                    start,
                    format!("{name} attribute length {len}, expected {want}"),
                ))
            }
        };
        match code {
            1 => {
                fixed(1, "ORIGIN")?;
                let o = v.u8("ORIGIN")?;
                a.origin =
                    Some(Origin::from_code(o).ok_or_else(|| {
                        Error::new(start + 3, format!("ORIGIN value {o} unknown"))
                    })?);
            }
            2 => a.as_path = Some(as_path(&mut v, size)?),
            3 => {
                fixed(4, "NEXT_HOP")?;
                a.next_hop = Some(v.ipv4("NEXT_HOP")?);
            }
            4 => {
                fixed(4, "MULTI_EXIT_DISC")?;
                a.med = Some(v.u32("MULTI_EXIT_DISC")?);
            }
            5 => {
                fixed(4, "LOCAL_PREF")?;
                a.local_pref = Some(v.u32("LOCAL_PREF")?);
            }
            6 => {
                fixed(0, "ATOMIC_AGGREGATE")?;
                a.atomic_aggregate = true;
            }
            7 => {
                fixed(if size == AsSize::Two { 6 } else { 8 }, "AGGREGATOR")?;
                a.aggregator = Some(Aggregator {
                    asn: v.asn(size, "AGGREGATOR AS")?,
                    addr: v.ipv4("AGGREGATOR address")?,
                });
            }
            8 => {
                if len % 4 != 0 {
                    return Err(Error::new(
                        start,
                        format!("COMMUNITIES attribute length {len} not a multiple of 4"),
                    ));
                }
                let mut list = Communities::with_capacity(len / 4);
                while v.left() > 0 {
                    list.push(v.u32("community")?);
                }
                a.communities = Some(list);
            }
            // VPN, labelled, flowspec and other families' NLRI are not plain
            // prefixes: keep those attributes raw (bgpdump -m skips them too).
            14 | 15 if other_family(code, v.buf, abbreviated_mp) => a.unknown.push(RawAttribute {
                flags: flags & !0x10,
                code,
                value: v.buf.to_vec(),
            }),
            14 => a.mp_reach = Some(Box::new(mp_reach(&mut v, abbreviated_mp)?)),
            15 => {
                let afi = v.u16("MP_UNREACH AFI")?;
                let safi = v.u8("MP_UNREACH SAFI")?;
                let withdrawn = prefixes(&mut v, afi == 2)?;
                a.mp_unreach = Some(Box::new(MpUnreach {
                    afi,
                    safi,
                    withdrawn,
                }));
            }
            17 => a.as4_path = Some(Box::new(as_path(&mut v, AsSize::Four)?)),
            18 => {
                fixed(8, "AS4_AGGREGATOR")?;
                a.as4_aggregator = Some(Aggregator {
                    asn: v.u32("AS4_AGGREGATOR AS")?,
                    addr: v.ipv4("AS4_AGGREGATOR address")?,
                });
            }
            _ => a.unknown.push(RawAttribute {
                flags: flags & !0x10,
                code,
                value: v.buf.to_vec(),
            }),
        }
    }
    Ok(a)
}

fn as_path(c: &mut Cur<'_>, size: AsSize) -> Result<AsPath, Error> {
    let mut segs = AsPath::new();
    while c.left() > 0 {
        let at = c.at();
        let kind = c.u8("AS_PATH segment type")?;
        let kind = SegmentKind::from_code(kind)
            .ok_or_else(|| Error::new(at, format!("AS_PATH segment type {kind} unknown")))?;
        let n = c.u8("AS_PATH segment length")? as usize;
        let width = if size == AsSize::Two { 2 } else { 4 };
        let mut body = c.sub(n * width, "AS_PATH segment")?;
        // At most 255, and the bytes for them are in hand.
        let mut asns = Asns::with_capacity(n);
        for _ in 0..n {
            asns.push(body.asn(size, "AS number")?);
        }
        segs.push(Segment { kind, asns });
    }
    Ok(segs)
}

/// Whether an MP_REACH value is TABLE_DUMP_V2's abbreviated form (RFC 6396
/// section 4.3.4): only the next hop length and next hop.
fn abbreviated(value: &[u8], allowed: bool) -> bool {
    allowed
        && value
            .first()
            .is_some_and(|&n| usize::from(n) + 1 == value.len())
}

/// Whether an MP_REACH (14) or MP_UNREACH (15) value is of a family kept raw.
fn other_family(code: u8, value: &[u8], abbreviated_mp: bool) -> bool {
    !(unicast_or_multicast(value) || code == 14 && abbreviated(value, abbreviated_mp))
}

/// Whether an MP_REACH/MP_UNREACH value starts with AFI 1 or 2 (IPv4, IPv6)
/// and SAFI 1 or 2 (unicast, multicast), whose NLRI are plain prefixes.
/// A value too short to say is decoded, so that it is reported as truncated.
fn unicast_or_multicast(value: &[u8]) -> bool {
    match value {
        [0, afi, safi, ..] => matches!((afi, safi), (1 | 2, 1 | 2)),
        [_, _, _, ..] => false,
        _ => true,
    }
}

fn mp_reach(v: &mut Cur<'_>, abbreviated_mp: bool) -> Result<MpReach, Error> {
    if abbreviated(v.buf, abbreviated_mp) {
        let nh_len = v.u8("MP_REACH next hop length")? as usize;
        let next_hop = v.take(nh_len, "MP_REACH next hop")?.to_vec();
        // The RIB entry's prefix says which family; 16 or 32 bytes means IPv6.
        let afi = if nh_len == 4 { 1 } else { 2 };
        return Ok(MpReach {
            afi,
            safi: 1,
            next_hop,
            nlri: Vec::new(),
        });
    }
    let afi = v.u16("MP_REACH AFI")?;
    let safi = v.u8("MP_REACH SAFI")?;
    let nh_len = v.u8("MP_REACH next hop length")? as usize;
    let next_hop = v.take(nh_len, "MP_REACH next hop")?.to_vec();
    // RFC 2858 subnetwork points of attachment; RFC 4760 reserved this byte as zero.
    let snpas = v.u8("MP_REACH reserved byte")?;
    for _ in 0..snpas {
        let n = v.u8("SNPA length")? as usize;
        v.take(n.div_ceil(2), "SNPA")?;
    }
    let nlri = prefixes(v, afi == 2)?;
    Ok(MpReach {
        afi,
        safi,
        next_hop,
        nlri,
    })
}

/// Appends a complete UPDATE message (header included) to `out`.
///
/// Fails, leaving `out` as it was, when a length does not fit its field: the
/// message over 65535 bytes (RFC 8654's extended maximum, which the decoder
/// also accepts; RFC 4271 peers take at most [`MAX_MESSAGE`]), an attribute
/// over 65535 bytes, or an MP_REACH next hop over 255. Error offsets count
/// from the start of this message.
pub fn encode_update(u: &Update, size: AsSize, out: &mut Vec<u8>) -> Result<(), Error> {
    let start = out.len();
    let r = encode_update_at(u, size, out, start);
    if r.is_err() {
        out.truncate(start);
    }
    r
}

fn encode_update_at(
    u: &Update,
    size: AsSize,
    out: &mut Vec<u8>,
    start: usize,
) -> Result<(), Error> {
    out.extend_from_slice(&[0xff; 16]);
    out.extend_from_slice(&[0, 0, 2]);
    let wpos = out.len();
    out.extend_from_slice(&[0, 0]);
    for p in &u.withdrawn {
        put_prefix(p, out);
    }
    patch_u16(out, wpos, start, "withdrawn routes")?;
    let apos = out.len();
    out.extend_from_slice(&[0, 0]);
    encode_attributes_at(&u.attrs, size, out, start)?;
    patch_u16(out, apos, start, "path attributes")?;
    for p in &u.nlri {
        put_prefix(p, out);
    }
    let total = out.len() - start;
    let total = u16::try_from(total).map_err(|_| {
        Error::new(
            16,
            format!("UPDATE of {total} bytes over the 65535-byte maximum"),
        )
    })?;
    out[start + 16..start + 18].copy_from_slice(&total.to_be_bytes());
    Ok(())
}

/// Bytes `p` takes on the wire.
pub fn prefix_wire_len(p: &Prefix) -> usize {
    1 + usize::from(p.len()).div_ceil(8)
}

/// Writes the length of what follows the 2-byte field at `at`; `start` is the message start.
fn patch_u16(out: &mut [u8], at: usize, start: usize, what: &str) -> Result<(), Error> {
    let n = out.len() - at - 2;
    let n = u16::try_from(n).map_err(|_| {
        Error::new(
            at - start,
            format!("{what} of {n} bytes over the 65535-byte maximum"),
        )
    })?;
    out[at..at + 2].copy_from_slice(&n.to_be_bytes());
    Ok(())
}

/// Appends a prefix in its minimal wire form.
pub fn put_prefix(p: &Prefix, out: &mut Vec<u8>) {
    let n = usize::from(p.len()).div_ceil(8);
    out.push(p.len());
    match p {
        Prefix::V4(a, _) => out.extend_from_slice(&a.octets()[..n.min(4)]),
        Prefix::V6(a, _) => out.extend_from_slice(&a.octets()[..n.min(16)]),
    }
}

/// Appends the attributes in type-code order, unknown ones last.
///
/// Fails, leaving `out` as it was, on an attribute over 65535 bytes or an
/// MP_REACH next hop over 255; error offsets count from the first attribute.
pub fn encode_attributes(a: &Attributes, size: AsSize, out: &mut Vec<u8>) -> Result<(), Error> {
    let start = out.len();
    let r = encode_attributes_at(a, size, out, start);
    if r.is_err() {
        out.truncate(start);
    }
    r
}

/// [`encode_attributes`] with error offsets counted from `start` in `out`.
fn encode_attributes_at(
    a: &Attributes,
    size: AsSize,
    out: &mut Vec<u8>,
    start: usize,
) -> Result<(), Error> {
    let attr = |out: &mut Vec<u8>, flags: u8, code: u8, value: &[u8]| {
        put_attr(out, flags, code, value).map_err(|n| {
            Error::new(
                out.len() - start,
                format!("attribute {code} of {n} bytes over the 65535-byte maximum"),
            )
        })
    };
    if let Some(o) = a.origin {
        attr(out, 0x40, 1, &[o.code()])?;
    }
    if let Some(p) = &a.as_path {
        let v = path_bytes(p, size);
        attr(out, 0x40, 2, &v)?;
    }
    if let Some(nh) = a.next_hop {
        attr(out, 0x40, 3, &nh.octets())?;
    }
    if let Some(m) = a.med {
        attr(out, 0x80, 4, &m.to_be_bytes())?;
    }
    if let Some(l) = a.local_pref {
        attr(out, 0x40, 5, &l.to_be_bytes())?;
    }
    if a.atomic_aggregate {
        attr(out, 0x40, 6, &[])?;
    }
    if let Some(g) = a.aggregator {
        let mut v = Vec::with_capacity(8);
        put_asn(&mut v, g.asn, size);
        v.extend_from_slice(&g.addr.octets());
        attr(out, 0xc0, 7, &v)?;
    }
    if let Some(cs) = &a.communities {
        let v: Vec<u8> = cs.iter().flat_map(|c| c.to_be_bytes()).collect();
        attr(out, 0xc0, 8, &v)?;
    }
    if let Some(m) = &a.mp_reach {
        let mut v = Vec::new();
        v.extend_from_slice(&m.afi.to_be_bytes());
        v.push(m.safi);
        let nh = u8::try_from(m.next_hop.len()).map_err(|_| {
            Error::new(
                out.len() - start,
                format!(
                    "MP_REACH next hop of {} bytes over the 255-byte maximum",
                    m.next_hop.len()
                ),
            )
        })?;
        v.push(nh);
        v.extend_from_slice(&m.next_hop);
        v.push(0);
        for p in &m.nlri {
            put_prefix(p, &mut v);
        }
        attr(out, 0x80, 14, &v)?;
    }
    if let Some(m) = &a.mp_unreach {
        let mut v = Vec::new();
        v.extend_from_slice(&m.afi.to_be_bytes());
        v.push(m.safi);
        for p in &m.withdrawn {
            put_prefix(p, &mut v);
        }
        attr(out, 0x80, 15, &v)?;
    }
    if let Some(p) = &a.as4_path {
        let v = path_bytes(p, AsSize::Four);
        attr(out, 0xc0, 17, &v)?;
    }
    if let Some(g) = a.as4_aggregator {
        let mut v = g.asn.to_be_bytes().to_vec();
        v.extend_from_slice(&g.addr.octets());
        attr(out, 0xc0, 18, &v)?;
    }
    for r in &a.unknown {
        attr(out, r.flags, r.code, &r.value)?;
    }
    Ok(())
}

fn put_asn(out: &mut Vec<u8>, asn: u32, size: AsSize) {
    match size {
        AsSize::Four => out.extend_from_slice(&asn.to_be_bytes()),
        AsSize::Two => {
            let short = u16::try_from(asn).unwrap_or(AS_TRANS as u16);
            out.extend_from_slice(&short.to_be_bytes());
        }
    }
}

/// AS_PATH value bytes; segments longer than 255 ASNs are split.
fn path_bytes(p: &[Segment], size: AsSize) -> Vec<u8> {
    let mut v = Vec::new();
    for s in p {
        let mut chunks = s.asns.chunks(255).peekable();
        if chunks.peek().is_none() {
            v.extend_from_slice(&[s.kind.code(), 0]);
        }
        for chunk in chunks {
            v.extend_from_slice(&[s.kind.code(), chunk.len() as u8]);
            for &asn in chunk {
                put_asn(&mut v, asn, size);
            }
        }
    }
    v
}

/// One attribute with the extended-length bit set only when needed;
/// `Err(length)` when the value does not fit even the extended length.
fn put_attr(out: &mut Vec<u8>, flags: u8, code: u8, value: &[u8]) -> Result<(), usize> {
    if let Ok(short) = u8::try_from(value.len()) {
        out.extend_from_slice(&[flags & !0x10, code, short]);
    } else {
        let long = u16::try_from(value.len()).map_err(|_| value.len())?;
        out.extend_from_slice(&[flags | 0x10, code]);
        out.extend_from_slice(&long.to_be_bytes());
    }
    out.extend_from_slice(value);
    Ok(())
}
