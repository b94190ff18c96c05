//! The `bgpdump -m` one-line-per-route text, written into a reused buffer.
//!
//! Lines (fields `|`-separated): `BGP4MP|time|A|peer|peer AS|prefix|AS path|
//! origin|next hop|local pref|MED|communities|AG or NAG|aggregator|`, `W`
//! lines with the first six fields, `STATE|peer|peer AS|old|new`, and
//! `TABLE_DUMP`/`TABLE_DUMP2` `B` lines shaped like `A` lines.

use crate::model::{Asns, Attributes, Origin, Prefix, Segment, SegmentKind};
use crate::mrt::{MrtReader, Record, RibRoute};
use crate::wire::{AsSize, Message, AS_TRANS};
use crate::Error;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why a dump stopped.
#[derive(Debug, thiserror::Error)]
pub enum DumpError {
    /// The input was malformed.
    #[error("{0}")]
    Decode(#[from] Error),
    /// Writing the output failed (a closed pipe included).
    #[error("{0}")]
    Write(#[from] io::Error),
}

/// Lines are handed to the writer once this many bytes are buffered.
const FLUSH_AT: usize = 1 << 14;

/// Counts from one dump.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct DumpStats {
    /// MRT records read.
    pub records: u64,
    /// Lines written.
    pub lines: u64,
    /// Records of types not decoded.
    pub skipped: u64,
    /// Records that did not decode, skipped by [`dump_skipping_bad`].
    pub bad: u64,
}

/// Receives a skipped record's stream offset and why it did not decode.
pub type Report<'a> = &'a mut dyn FnMut(u64, &Error);

/// Streams every record of `reader` to `out` as `bgpdump -m` lines,
/// stopping at the first record that does not decode.
pub fn dump<R: Read, W: Write>(
    reader: &mut MrtReader<R>,
    out: &mut W,
) -> Result<DumpStats, DumpError> {
    run(reader, out, None)
}

/// Like [`dump`], but a record whose framing is sound and whose body does
/// not decode is handed to `report` (with the record's stream offset) and
/// skipped, and the dump goes on; only a record that cannot be framed (cut
/// short, over the length cap, a read error) stops it. [`DumpStats::bad`]
/// counts the skipped records.
pub fn dump_skipping_bad<R: Read, W: Write>(
    reader: &mut MrtReader<R>,
    out: &mut W,
    report: Report<'_>,
) -> Result<DumpStats, DumpError> {
    run(reader, out, Some(report))
}

fn run<R: Read, W: Write>(
    reader: &mut MrtReader<R>,
    out: &mut W,
    report: Option<Report<'_>>,
) -> Result<DumpStats, DumpError> {
    let mut line = Line::default();
    let mut stats = DumpStats::default();
    let result = dump_into(reader, out, &mut line, &mut stats, report);
    // Lines before a bad record are still written, as bgpdump does.
    stats.lines += line.flush(out)?;
    stats.skipped = reader.skipped();
    result.map(|()| stats)
}

fn dump_into<R: Read, W: Write>(
    reader: &mut MrtReader<R>,
    out: &mut W,
    line: &mut Line,
    stats: &mut DumpStats,
    mut report: Option<Report<'_>>,
) -> Result<(), DumpError> {
    loop {
        let start = reader.offset();
        let r = match reader.next_record() {
            Ok(None) => return Ok(()),
            Ok(Some((h, rec))) => {
                stats.records += 1;
                record(line, h.time, rec)
            }
            Err(e) => Err(e),
        };
        if let Err(e) = r {
            // Skippable only when the whole record was read past.
            match report.as_deref_mut() {
                Some(report) if reader.offset() > start => {
                    stats.bad += 1;
                    report(start, &e);
                }
                _ => return Err(e.into()),
            }
        }
        if line.buf.len() >= FLUSH_AT {
            stats.lines += line.flush(out)?;
        }
    }
}

/// Appends the lines of one record.
fn record(line: &mut Line, time: u32, rec: Record<'_>) -> Result<(), Error> {
    match rec {
        Record::Message(m) => {
            if let Message::Update(u) = m.decode()? {
                let ctx = Peer {
                    time,
                    micros: m.micros,
                    ip: m.peer_ip,
                    asn: m.peer_as,
                    tag: bgp4mp_tag(m.micros),
                };
                let mp_withdrawn = u
                    .attrs
                    .mp_unreach
                    .as_ref()
                    .map_or(&[][..], |mp| &mp.withdrawn);
                if !u.withdrawn.is_empty() || !mp_withdrawn.is_empty() {
                    line.set_head(&ctx, "W");
                    for p in u.withdrawn.iter().chain(mp_withdrawn) {
                        line.route(p, b"\n");
                    }
                }
                let mp_nlri = u.attrs.mp_reach.as_ref().map_or(&[][..], |mp| &mp.nlri);
                if !u.nlri.is_empty() || !mp_nlri.is_empty() {
                    line.set_head(&ctx, "A");
                }
                if !u.nlri.is_empty() {
                    let v4_hop = Some(u.attrs.next_hop.map_or(NO_NEXT_HOP, IpAddr::V4));
                    let tail = line.tail(&u.attrs, m.as_size, v4_hop);
                    for p in &u.nlri {
                        line.route(p, &tail);
                    }
                    line.tails = tail;
                }
                if let Some(mp) = &u.attrs.mp_reach {
                    let tail = line.tail(&u.attrs, m.as_size, mp_hop(&mp.next_hop));
                    for p in &mp.nlri {
                        line.route(p, &tail);
                    }
                    line.tails = tail;
                }
            }
        }
        Record::State(s) => {
            let b = &mut line.buf;
            b.extend_from_slice(bgp4mp_tag(s.micros).as_bytes());
            b.push(b'|');
            write_time(b, time, s.micros);
            b.extend_from_slice(b"|STATE|");
            ip(b, s.peer_ip);
            b.push(b'|');
            num(b, s.peer_as);
            b.push(b'|');
            num(b, s.old);
            b.push(b'|');
            num(b, s.new);
            b.push(b'\n');
            line.lines += 1;
        }
        Record::TableDump(p, r) => line.rib("TABLE_DUMP", time, &p, &r)?,
        Record::Rib(p, routes) => {
            for r in &routes {
                line.rib("TABLE_DUMP2", time, &p, r)?;
            }
        }
        Record::PeerIndex | Record::Skipped => {}
    }
    Ok(())
}

/// The fields every line of one record shares.
struct Peer {
    time: u32,
    micros: Option<u32>,
    ip: IpAddr,
    asn: u32,
    tag: &'static str,
}

struct Line {
    buf: Vec<u8>,
    /// `tag|time|kind|peer|peer AS|`, shared by the lines of one message.
    head: Vec<u8>,
    /// Scratch for the attribute fields shared by all prefixes of a message.
    tails: Vec<u8>,
    lines: u64,
}

impl Default for Line {
    fn default() -> Self {
        Line {
            // Flushed once past FLUSH_AT: room for that and the last record's lines.
            buf: Vec::with_capacity(FLUSH_AT + (1 << 12)),
            head: Vec::with_capacity(64),
            tails: Vec::with_capacity(256),
            lines: 0,
        }
    }
}

impl Line {
    fn flush<W: Write>(&mut self, out: &mut W) -> io::Result<u64> {
        out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(std::mem::take(&mut self.lines))
    }

    /// Sets the fields before the prefix for the lines that follow.
    fn set_head(&mut self, p: &Peer, kind: &str) {
        let b = &mut self.head;
        b.clear();
        b.extend_from_slice(p.tag.as_bytes());
        b.push(b'|');
        write_time(b, p.time, p.micros);
        b.push(b'|');
        b.extend_from_slice(kind.as_bytes());
        b.push(b'|');
        ip(b, p.ip);
        b.push(b'|');
        num(b, p.asn);
        b.push(b'|');
    }

    /// One line: the head, `prefix`, then `tail` (which ends the line).
    fn route(&mut self, prefix: &Prefix, tail: &[u8]) {
        self.buf.extend_from_slice(&self.head);
        write_prefix(&mut self.buf, prefix);
        self.buf.extend_from_slice(tail);
        self.lines += 1;
    }

    fn rib(
        &mut self,
        tag: &'static str,
        time: u32,
        prefix: &Prefix,
        r: &RibRoute<'_>,
    ) -> Result<(), Error> {
        let attrs = r.decode_attrs()?;
        let hop = match prefix {
            Prefix::V6(..) => attrs.mp_reach.as_ref().and_then(|m| mp_hop(&m.next_hop)),
            Prefix::V4(..) => Some(attrs.next_hop.map_or(NO_NEXT_HOP, IpAddr::V4)),
        };
        let tail = self.tail(&attrs, r.as_size, hop);
        let peer = Peer {
            time,
            micros: None,
            ip: r.peer_ip,
            asn: r.peer_as,
            tag,
        };
        self.set_head(&peer, "B");
        self.route(prefix, &tail);
        self.tails = tail;
        Ok(())
    }

    /// The attribute fields, built once per message and shared by its
    /// prefixes, in the reused scratch buffer (the caller hands it back).
    fn tail(&mut self, a: &Attributes, size: AsSize, hop: Option<IpAddr>) -> Vec<u8> {
        let mut t = std::mem::take(&mut self.tails);
        t.clear();
        write_tail(&mut t, a, size, hop);
        t
    }
}

/// `|path|origin|hop|lp|med|communities|AG|aggregator|\n`, absent numbers as `0`.
pub(crate) fn write_tail(t: &mut Vec<u8>, a: &Attributes, size: AsSize, hop: Option<IpAddr>) {
    t.push(b'|');
    if let Some(path) = &a.as_path {
        match (&a.as4_path, size) {
            (Some(p4), AsSize::Two) => write_path(t, &merge_as4(path, p4)),
            _ => write_path(t, path),
        }
    }
    t.push(b'|');
    // bgpdump's defaults for an absent ORIGIN.
    t.extend_from_slice(a.origin.unwrap_or(Origin::Incomplete).name().as_bytes());
    t.push(b'|');
    if let Some(h) = hop {
        ip(t, h);
    }
    t.push(b'|');
    num(t, a.local_pref.unwrap_or(0));
    t.push(b'|');
    num(t, a.med.unwrap_or(0));
    t.push(b'|');
    if let Some(cs) = &a.communities {
        for (i, &c) in cs.iter().enumerate() {
            if i > 0 {
                t.push(b' ');
            }
            match well_known(c) {
                Some(name) => t.extend_from_slice(name.as_bytes()),
                None => {
                    num(t, c >> 16);
                    t.push(b':');
                    num(t, c & 0xffff);
                }
            }
        }
    }
    t.push(b'|');
    t.extend_from_slice(if a.atomic_aggregate { b"AG|" } else { b"NAG|" });
    let aggregator = match (a.aggregator, a.as4_aggregator, size) {
        (Some(g), Some(g4), AsSize::Two) if g.asn == AS_TRANS => Some(g4),
        (g, _, _) => g,
    };
    if let Some(g) = aggregator {
        num(t, g.asn);
        t.push(b' ');
        ip(t, IpAddr::V4(g.addr));
    }
    t.extend_from_slice(b"|\n");
}

/// RFC 1997's well-known communities, by the names bgpdump prints.
pub(crate) fn well_known(c: u32) -> Option<&'static str> {
    match c {
        0xffff_ff01 => Some("no-export"),
        0xffff_ff02 => Some("no-advertise"),
        0xffff_ff03 => Some("local-AS"),
        _ => None,
    }
}

/// The next hop bgpdump prints for an IPv4 route without NEXT_HOP (its INADDR_NONE).
const NO_NEXT_HOP: IpAddr = IpAddr::V4(Ipv4Addr::BROADCAST);

/// BGP4MP_ET records say so in their tag.
fn bgp4mp_tag(micros: Option<u32>) -> &'static str {
    if micros.is_some() {
        "BGP4MP_ET"
    } else {
        "BGP4MP"
    }
}

/// `seconds` or, for extended-time records, `seconds.micros` with six digits.
fn write_time(b: &mut Vec<u8>, time: u32, micros: Option<u32>) {
    num(b, time);
    if let Some(us) = micros {
        let digits = itoa::Buffer::new().format(us).len();
        b.push(b'.');
        b.extend(std::iter::repeat_n(b'0', 6usize.saturating_sub(digits)));
        num(b, us);
    }
}

/// The IPv4 or global IPv6 next hop of an MP_REACH_NLRI.
fn mp_hop(nh: &[u8]) -> Option<IpAddr> {
    match nh.len() {
        4 => Some(IpAddr::V4(Ipv4Addr::new(nh[0], nh[1], nh[2], nh[3]))),
        16 | 32 => {
            let b: [u8; 16] = nh[..16].try_into().ok()?;
            Some(IpAddr::V6(Ipv6Addr::from(b)))
        }
        _ => None,
    }
}

/// Number of ASNs a path counts for in RFC 6793's merge (a set counts once,
/// confederation segments not at all).
fn path_len(p: &[Segment]) -> usize {
    p.iter()
        .map(|s| match s.kind {
            SegmentKind::Sequence => s.asns.len(),
            SegmentKind::Set => 1,
            _ => 0,
        })
        .sum()
}

/// AS_PATH and AS4_PATH combined per RFC 6793 §4.2.3: the leading ASNs the
/// AS4_PATH lacks come from AS_PATH; a longer AS4_PATH is ignored.
pub fn merge_as4(path: &[Segment], p4: &[Segment]) -> Vec<Segment> {
    let (n, n4) = (path_len(path), path_len(p4));
    if n < n4 {
        return path.to_vec();
    }
    let mut keep = n - n4;
    let mut out = Vec::new();
    for s in path {
        if keep == 0 {
            break;
        }
        match s.kind {
            SegmentKind::Sequence => {
                let k = keep.min(s.asns.len());
                out.push(Segment {
                    kind: s.kind,
                    asns: Asns::from_slice(&s.asns[..k]),
                });
                keep -= k;
            }
            SegmentKind::Set => {
                out.push(s.clone());
                keep -= 1;
            }
            _ => out.push(s.clone()),
        }
    }
    out.extend(p4.iter().cloned());
    out
}

fn write_path(b: &mut Vec<u8>, path: &[Segment]) {
    for (i, s) in path.iter().enumerate() {
        if i > 0 {
            b.push(b' ');
        }
        let (open, sep, close) = match s.kind {
            SegmentKind::Sequence => (None, b' ', None),
            SegmentKind::Set => (Some(b'{'), b',', Some(b'}')),
            SegmentKind::ConfedSequence => (Some(b'('), b' ', Some(b')')),
            SegmentKind::ConfedSet => (Some(b'['), b',', Some(b']')),
        };
        b.extend(open);
        for (j, asn) in s.asns.iter().enumerate() {
            if j > 0 {
                b.push(sep);
            }
            num(b, *asn);
        }
        b.extend(close);
    }
}

fn num(b: &mut Vec<u8>, n: impl itoa::Integer) {
    b.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
}

/// Decimal digits of every byte value, padded to 3, and how many count.
const OCTETS: [([u8; 3], u8); 256] = {
    let mut t = [([0u8; 3], 0u8); 256];
    let mut i = 0;
    while i < 256 {
        let (h, d, u) = ((i / 100) as u8, (i / 10 % 10) as u8, (i % 10) as u8);
        t[i] = if i >= 100 {
            ([b'0' + h, b'0' + d, b'0' + u], 3)
        } else if i >= 10 {
            ([b'0' + d, b'0' + u, 0], 2)
        } else {
            ([b'0' + u, 0, 0], 1)
        };
        i += 1;
    }
    t
};

/// Appends the digits of `x` at `s[n..]` (with up to two bytes of slack
/// after them) and returns the new end.
fn octet(s: &mut [u8; 22], n: usize, x: u8) -> usize {
    let (digits, len) = OCTETS[usize::from(x)];
    s[n..n + 3].copy_from_slice(&digits);
    n + usize::from(len)
}

/// A dotted quad, and optionally `/len`, built on the stack with
/// fixed-size copies and appended at once.
fn ipv4_slash(b: &mut Vec<u8>, a: Ipv4Addr, len: Option<u8>) {
    // `255.255.255.255/128` is 19 bytes; the last copy may run 2 past.
    let mut s = [0u8; 22];
    let [w, x, y, z] = a.octets();
    let mut n = octet(&mut s, 0, w);
    for x in [x, y, z] {
        s[n] = b'.';
        n = octet(&mut s, n + 1, x);
    }
    if let Some(l) = len {
        s[n] = b'/';
        n = octet(&mut s, n + 1, l);
    }
    b.extend_from_slice(&s[..n]);
}

fn ipv4(b: &mut Vec<u8>, a: Ipv4Addr) {
    ipv4_slash(b, a, None);
}

/// IPv6 the way glibc's `inet_ntop` prints it (RFC 5952 plus `::a.b.c.d`).
fn ipv6(b: &mut Vec<u8>, a: Ipv6Addr) {
    let s = a.segments();
    if s[..6] == [0; 6] && s[6] != 0 {
        b.extend_from_slice(b"::");
        ipv4(
            b,
            Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8),
        );
        return;
    }
    if s[..5] == [0; 5] && s[5] == 0xffff {
        b.extend_from_slice(b"::ffff:");
        ipv4(
            b,
            Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8),
        );
        return;
    }
    // RFC 5952, as Rust's Display writes it too: the first longest run of
    // two or more zero groups becomes `::`; hex digits lower case. Built on
    // the stack (core::fmt cost more than the rest of such a line).
    let (mut run_at, mut run_len, mut at, mut len) = (0, 0, 0, 0);
    for (i, &g) in s.iter().enumerate() {
        if g == 0 {
            if len == 0 {
                at = i;
            }
            len += 1;
            if len > run_len {
                (run_at, run_len) = (at, len);
            }
        } else {
            len = 0;
        }
    }
    let mut t = [0u8; 40];
    let mut n = 0;
    let groups = |t: &mut [u8; 40], n: &mut usize, gs: &[u16]| {
        for (i, &g) in gs.iter().enumerate() {
            if i > 0 {
                t[*n] = b':';
                *n += 1;
            }
            let digits = (16 - g.leading_zeros()).div_ceil(4).max(1);
            for d in (0..digits).rev() {
                t[*n] = b"0123456789abcdef"[usize::from(g >> (4 * d)) & 0xf];
                *n += 1;
            }
        }
    };
    if run_len > 1 {
        groups(&mut t, &mut n, &s[..run_at]);
        t[n..n + 2].copy_from_slice(b"::");
        n += 2;
        groups(&mut t, &mut n, &s[run_at + run_len..]);
    } else {
        groups(&mut t, &mut n, &s);
    }
    b.extend_from_slice(&t[..n]);
}

fn ip(b: &mut Vec<u8>, a: IpAddr) {
    match a {
        IpAddr::V4(a) => ipv4(b, a),
        IpAddr::V6(a) => ipv6(b, a),
    }
}

pub(crate) fn write_prefix(b: &mut Vec<u8>, p: &Prefix) {
    match *p {
        Prefix::V4(a, l) => ipv4_slash(b, a, Some(l)),
        Prefix::V6(a, l) => {
            ipv6(b, a);
            b.push(b'/');
            num(b, l);
        }
    }
}

/// A prefix as `bgpdump` prints it (`10.0.0.0/8`, `2001:db8::/32`).
pub fn prefix_text(p: &Prefix) -> String {
    let mut b = Vec::new();
    write_prefix(&mut b, p);
    String::from_utf8_lossy(&b).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_matches_display_outside_the_ipv4_compatible_form() {
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut fixed = vec![
            Ipv6Addr::UNSPECIFIED,
            Ipv6Addr::LOCALHOST,
            "::ffff:192.0.2.1".parse().unwrap(),
            "2001:db8::".parse().unwrap(),
            "2001:db8:0:1:0:0:0:1".parse().unwrap(),
            "2001:0:0:1:0:0:1:1".parse().unwrap(),
            "1:0:1:0:1:0:1:0".parse().unwrap(),
            "fe80::1:0:0:0".parse().unwrap(),
        ];
        for _ in 0..20_000 {
            let mut g = [0u16; 8];
            for v in &mut g {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Mostly zeros and short groups, to exercise the runs.
                *v = match x % 4 {
                    0 | 1 => 0,
                    2 => (x >> 8) as u16 & 0xff,
                    _ => (x >> 16) as u16,
                };
            }
            fixed.push(Ipv6Addr::from(g));
        }
        for a in fixed {
            let s = a.segments();
            if s[..6] == [0; 6] && s[6] != 0 {
                continue; // glibc's ::a.b.c.d, tested with the dump files
            }
            let mut b = Vec::new();
            ipv6(&mut b, a);
            assert_eq!(String::from_utf8(b).unwrap(), a.to_string());
        }
    }

    #[test]
    fn table_driven_ipv4_and_prefixes_match_display() {
        for x in 0..=255u8 {
            for a in [
                Ipv4Addr::new(x, 0, 255, x),
                Ipv4Addr::new(255, x, x, 9),
                Ipv4Addr::new(10, 99, 100, x),
            ] {
                let mut b = Vec::new();
                ipv4(&mut b, a);
                assert_eq!(b, a.to_string().as_bytes());
                let l = x % 33;
                assert_eq!(prefix_text(&Prefix::V4(a, l)), format!("{a}/{l}"));
            }
        }
    }
}
