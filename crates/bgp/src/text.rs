//! The table as `bgpdump -m` lines (one `A` line per prefix) and back.
//!
//! The text has no message boundaries, and prints an absent LOCAL_PREF or
//! MED as `0`; decoding regroups consecutive lines with the same attributes
//! and reads `0` as absent, so it round-trips tables that never carry a zero
//! there (the synthetic one does not).

use crate::dump::prefix_text;
use crate::model::{
    Aggregator, AsPath, Asns, Attributes, Communities, Nlri, Origin, Prefix, Segment, SegmentKind,
    Update,
};
use crate::table::{PEER_AS, PEER_IP, TIME};
use crate::wire::AsSize;
use crate::Error;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Appends one `A` line per announced prefix.
pub fn encode(updates: &[Update], out: &mut Vec<u8>) {
    let mut head = Vec::new();
    head.extend_from_slice(b"BGP4MP|");
    head.extend_from_slice(itoa::Buffer::new().format(TIME).as_bytes());
    head.extend_from_slice(format!("|A|{PEER_IP}|{PEER_AS}|").as_bytes());
    let mut tail = Vec::new();
    for u in updates {
        tail.clear();
        crate::dump::write_tail(
            &mut tail,
            &u.attrs,
            AsSize::Four,
            u.attrs.next_hop.map(IpAddr::V4),
        );
        for p in &u.nlri {
            out.extend_from_slice(&head);
            crate::dump::write_prefix(out, p);
            out.extend_from_slice(&tail);
        }
    }
}

/// Parses `A` lines back into UPDATEs; errors give the line and column.
pub fn decode(text: &[u8]) -> Result<Vec<Update>, Error> {
    let mut out: Vec<Update> = Vec::new();
    let mut last_tail: &[u8] = &[];
    let mut at = 0usize;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        let here = at;
        at += line.len() + 1;
        if line.is_empty() {
            continue;
        }
        let fail = |col: usize, what: &str| {
            Error::new(
                here + col,
                format!("line {}, column {}: {what}", i + 1, col + 1),
            )
        };
        // The prefix is field 6; everything after it is shared by a message's prefixes.
        let mut bars = line
            .iter()
            .enumerate()
            .filter(|(_, &b)| b == b'|')
            .map(|(j, _)| j);
        let (Some(_), Some(_), Some(_), Some(_), Some(p0), Some(p1)) = (
            bars.next(),
            bars.next(),
            bars.next(),
            bars.next(),
            bars.next(),
            bars.next(),
        ) else {
            return Err(fail(line.len(), "fewer than 6 fields"));
        };
        let prefix = parse_prefix(&line[p0 + 1..p1]).ok_or_else(|| fail(p0 + 1, "bad prefix"))?;
        let tail = &line[p1..];
        if tail == last_tail {
            if let Some(u) = out.last_mut() {
                u.nlri.push(prefix);
                continue;
            }
        }
        let attrs = parse_tail(tail).map_err(|(col, what)| fail(p1 + col, what))?;
        last_tail = tail;
        out.push(Update {
            withdrawn: Vec::new(),
            attrs,
            nlri: Nlri::from_buf_and_len([prefix; 4], 1),
        });
    }
    Ok(out)
}

fn field<'a>(
    it: &mut impl Iterator<Item = (usize, &'a [u8])>,
) -> Result<(usize, &'a str), (usize, &'static str)> {
    let (col, f) = it.next().ok_or((0, "missing field"))?;
    let s = std::str::from_utf8(f).map_err(|_| (col, "not UTF-8"))?;
    Ok((col, s))
}

/// Parses `|path|origin|hop|lp|med|communities|AG|aggregator|`; errors give the column.
fn parse_tail(tail: &[u8]) -> Result<Attributes, (usize, &'static str)> {
    let mut col = 0;
    let mut it = tail.split(|&b| b == b'|').map(|f| {
        let c = col;
        col += f.len() + 1;
        (c, f)
    });
    it.next(); // empty: the tail starts with a bar
    let mut a = Attributes::default();
    let (c, path) = field(&mut it)?;
    a.as_path = Some(parse_path(path).ok_or((c, "bad AS path"))?);
    let (c, origin) = field(&mut it)?;
    a.origin = Some(match origin {
        "IGP" => Origin::Igp,
        "EGP" => Origin::Egp,
        "INCOMPLETE" => Origin::Incomplete,
        _ => return Err((c, "bad origin")),
    });
    let (c, hop) = field(&mut it)?;
    a.next_hop = Some(hop.parse().map_err(|_| (c, "bad next hop"))?);
    let (c, lp) = field(&mut it)?;
    a.local_pref = Some(lp.parse::<u32>().map_err(|_| (c, "bad local pref"))?).filter(|&v| v != 0);
    let (c, med) = field(&mut it)?;
    a.med = Some(med.parse::<u32>().map_err(|_| (c, "bad MED"))?).filter(|&v| v != 0);
    let (c, comms) = field(&mut it)?;
    if !comms.is_empty() {
        let list = comms
            .split(' ')
            .map(|t| {
                match t {
                    "no-export" => return Some(0xffff_ff01),
                    "no-advertise" => return Some(0xffff_ff02),
                    "local-AS" => return Some(0xffff_ff03),
                    _ => {}
                }
                let (hi, lo) = t.split_once(':')?;
                Some(u32::from(hi.parse::<u16>().ok()?) << 16 | u32::from(lo.parse::<u16>().ok()?))
            })
            .collect::<Option<Communities>>()
            .ok_or((c, "bad community"))?;
        a.communities = Some(list);
    }
    let (c, ag) = field(&mut it)?;
    a.atomic_aggregate = match ag {
        "AG" => true,
        "NAG" => false,
        _ => return Err((c, "bad atomic aggregate flag")),
    };
    let (c, agg) = field(&mut it)?;
    if !agg.is_empty() {
        let (asn, addr) = agg.split_once(' ').ok_or((c, "bad aggregator"))?;
        a.aggregator = Some(Aggregator {
            asn: asn.parse().map_err(|_| (c, "bad aggregator AS"))?,
            addr: addr.parse().map_err(|_| (c, "bad aggregator address"))?,
        });
    }
    match it.next() {
        Some((_, b"")) if it.next().is_none() => Ok(a),
        _ => Err((col.saturating_sub(1), "extra fields")),
    }
}

/// `1 2 {3,4}` into segments (sequences and sets).
fn parse_path(s: &str) -> Option<AsPath> {
    let mut segs = AsPath::new();
    for tok in s.split(' ').filter(|t| !t.is_empty()) {
        if let Some(set) = tok.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
            let asns = set
                .split(',')
                .map(|a| a.parse().ok())
                .collect::<Option<Asns>>()?;
            segs.push(Segment {
                kind: SegmentKind::Set,
                asns,
            });
        } else {
            let asn = tok.parse().ok()?;
            match segs.last_mut() {
                Some(Segment {
                    kind: SegmentKind::Sequence,
                    asns,
                }) => asns.push(asn),
                _ => segs.push(Segment {
                    kind: SegmentKind::Sequence,
                    asns: Asns::from_slice(&[asn]),
                }),
            }
        }
    }
    Some(segs)
}

/// `10.0.0.0/8` or `2001:db8::/32`.
pub fn parse_prefix(b: &[u8]) -> Option<Prefix> {
    let s = std::str::from_utf8(b).ok()?;
    let (addr, len) = s.split_once('/')?;
    let len: u8 = len.parse().ok()?;
    if addr.contains(':') {
        let a: Ipv6Addr = addr.parse().ok()?;
        (len <= 128).then_some(Prefix::V6(a, len))
    } else {
        let a: Ipv4Addr = addr.parse().ok()?;
        (len <= 32).then_some(Prefix::V4(a, len))
    }
}

/// A prefix as text (re-exported for the JSON form).
pub fn prefix_string(p: &Prefix) -> String {
    prefix_text(p)
}
