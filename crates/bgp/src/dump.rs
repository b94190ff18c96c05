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
        if line.buf.len() >= 1 << 16 {
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
                let w = |p: &Prefix, line: &mut Line| line.withdraw(&ctx, p);
                for p in &u.withdrawn {
                    w(p, line);
                }
                if let Some(mp) = &u.attrs.mp_unreach {
                    for p in &mp.withdrawn {
                        w(p, line);
                    }
                }
                let v4_hop = Some(u.attrs.next_hop.map_or(NO_NEXT_HOP, IpAddr::V4));
                if !u.nlri.is_empty() {
                    let tail = line.tail(&u.attrs, m.as_size, v4_hop);
                    for p in &u.nlri {
                        line.route(&ctx, "A", p, &tail);
                    }
                    line.tails = tail;
                }
                if let Some(mp) = &u.attrs.mp_reach {
                    let tail = line.tail(&u.attrs, m.as_size, mp_hop(&mp.next_hop));
                    for p in &mp.nlri {
                        line.route(&ctx, "A", p, &tail);
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

#[derive(Default)]
struct Line {
    buf: Vec<u8>,
    /// Scratch for the attribute fields shared by all prefixes of a message.
    tails: Vec<u8>,
    lines: u64,
}

impl Line {
    fn flush<W: Write>(&mut self, out: &mut W) -> io::Result<u64> {
        out.write_all(&self.buf)?;
        self.buf.clear();
        Ok(std::mem::take(&mut self.lines))
    }

    fn head(&mut self, p: &Peer, kind: &str, prefix: &Prefix) {
        let b = &mut self.buf;
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
        write_prefix(b, prefix);
        self.lines += 1;
    }

    fn withdraw(&mut self, p: &Peer, prefix: &Prefix) {
        self.head(p, "W", prefix);
        self.buf.push(b'\n');
    }

    fn route(&mut self, p: &Peer, kind: &str, prefix: &Prefix, tail: &[u8]) {
        self.head(p, kind, prefix);
        self.buf.extend_from_slice(tail);
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
        self.route(&peer, "B", prefix, &tail);
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

fn ipv4(b: &mut Vec<u8>, a: Ipv4Addr) {
    let o = a.octets();
    num(b, o[0]);
    for x in &o[1..] {
        b.push(b'.');
        num(b, *x);
    }
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
    // Rust's Display already follows RFC 5952, including `::ffff:a.b.c.d`.
    let _ = write!(b, "{a}");
}

fn ip(b: &mut Vec<u8>, a: IpAddr) {
    match a {
        IpAddr::V4(a) => ipv4(b, a),
        IpAddr::V6(a) => ipv6(b, a),
    }
}

pub(crate) fn write_prefix(b: &mut Vec<u8>, p: &Prefix) {
    match *p {
        Prefix::V4(a, l) => {
            ipv4(b, a);
            b.push(b'/');
            num(b, l);
        }
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
