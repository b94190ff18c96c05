//! A seeded synthetic full IPv4 routing table, shaped like a default-free
//! zone feed from one eBGP peer, and packed into UPDATEs of at most 4096
//! bytes the way a router sends a table after a session comes up.
//!
//! Shape (ranges from public routing-table reports): prefix lengths about
//! /24 55%, /23 8%, /22 10%, /21 5%, /20 7%, /19 8%, /16 6%, 1% spread over
//! the rest; AS paths of mean length about 4.4; about six prefixes per
//! distinct attribute set, most sets small and a few large.

use crate::model::{
    Aggregator, AsPath, Asns, Attributes, Nlri, Origin, Prefix, Segment, SegmentKind, Update,
};
use crate::wire::{self, AsSize, MAX_MESSAGE};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::net::Ipv4Addr;

/// The peer the table is learned from (shared by the text and JSON encodings).
pub const PEER_AS: u32 = 64_496;
/// The peer's address, also every route's next hop.
pub const PEER_IP: Ipv4Addr = Ipv4Addr::new(192, 0, 2, 1);
/// Timestamp the text encoding prints on every line.
pub const TIME: u32 = 1_700_000_000;

/// (prefix length, weight in per mille).
const LENGTHS: &[(u8, u32)] = &[
    (24, 550),
    (23, 80),
    (22, 100),
    (21, 50),
    (20, 70),
    (19, 80),
    (16, 60),
    (18, 3),
    (17, 3),
    (15, 1),
    (14, 1),
    (13, 1),
];

/// AS path length (after the peer's own AS) and weight; mean path ≈ 4.4 with the peer AS.
const PATH_LENGTHS: &[(usize, u32)] = &[
    (1, 80),
    (2, 250),
    (3, 300),
    (4, 200),
    (5, 100),
    (6, 45),
    (7, 15),
    (8, 10),
];

fn pick<T: Copy>(rng: &mut ChaCha8Rng, table: &[(T, u32)]) -> T {
    let total: u32 = table.iter().map(|(_, w)| w).sum();
    let mut x = rng.random_range(0..total);
    for &(v, w) in table {
        if x < w {
            return v;
        }
        x -= w;
    }
    table[table.len() - 1].0
}

/// `n` distinct prefixes grouped by attribute set: the table before packing.
pub fn routes(n: usize, seed: u64) -> Vec<(Attributes, Vec<Prefix>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut seen = HashSet::with_capacity(n);
    let mut prefixes = Vec::with_capacity(n);
    while prefixes.len() < n {
        let len = pick(&mut rng, LENGTHS);
        // Unicast space only: first octet 1..=223, skipping 10 and 127.
        let first: u32 = rng.random_range(1..=223);
        if first == 10 || first == 127 {
            continue;
        }
        let addr = (first << 24 | rng.random_range(0..1u32 << 24)) & (u32::MAX << (32 - len));
        if seen.insert((addr, len)) {
            prefixes.push(Prefix::V4(Ipv4Addr::from(addr), len));
        }
    }
    let mut out = Vec::new();
    let mut rest = &prefixes[..];
    // A pool of origin ASes and transit paths, so paths share tails as in real tables.
    let transits: Vec<u32> = (0..400).map(|_| rng.random_range(1..400_000)).collect();
    while !rest.is_empty() {
        // Mostly small sets (mean ≈ 4), one in ten large (mean ≈ 24): overall ≈ 6.
        let size = if rng.random_ratio(1, 10) {
            rng.random_range(1..=47)
        } else {
            rng.random_range(1..=7)
        };
        let (take, tail) = rest.split_at(size.min(rest.len()));
        rest = tail;
        out.push((attributes(&mut rng, &transits), take.to_vec()));
    }
    out
}

fn attributes(rng: &mut ChaCha8Rng, transits: &[u32]) -> Attributes {
    let hops = pick(rng, PATH_LENGTHS);
    let mut asns = Asns::from_slice(&[PEER_AS]);
    for i in 0..hops {
        asns.push(if i + 1 == hops {
            rng.random_range(1..400_000)
        } else {
            transits[rng.random_range(0..transits.len())]
        });
    }
    if rng.random_ratio(1, 10) {
        // Prepending, as origins do for traffic engineering.
        let last = asns[asns.len() - 1];
        let extra = rng.random_range(1..=3);
        asns.extend(std::iter::repeat_n(last, extra));
    }
    let origin_asn = asns[asns.len() - 1];
    Attributes {
        origin: Some(pick(
            rng,
            &[(Origin::Igp, 90), (Origin::Incomplete, 8), (Origin::Egp, 2)],
        )),
        as_path: Some(AsPath::from_buf([Segment {
            kind: SegmentKind::Sequence,
            asns,
        }])),
        next_hop: Some(PEER_IP),
        med: rng.random_ratio(3, 10).then(|| rng.random_range(1..1000)),
        local_pref: None,
        atomic_aggregate: rng.random_ratio(3, 100),
        aggregator: rng.random_ratio(5, 100).then(|| Aggregator {
            asn: origin_asn,
            addr: Ipv4Addr::from(rng.random::<u32>()),
        }),
        communities: rng.random_ratio(1, 2).then(|| {
            let n = rng.random_range(1..=8);
            (0..n)
                .map(|_| (PEER_AS & 0xffff) << 16 | rng.random_range(1..1000))
                .collect()
        }),
        ..Attributes::default()
    }
}

/// Packs attribute sets into UPDATEs of at most [`MAX_MESSAGE`] bytes.
pub fn pack(routes: Vec<(Attributes, Vec<Prefix>)>) -> Vec<Update> {
    let mut out = Vec::new();
    let mut scratch = Vec::new();
    for (attrs, prefixes) in routes {
        scratch.clear();
        // Attributes that do not encode, or leave no room, still make UPDATEs:
        // encoding those reports the problem.
        let _ = wire::encode_attributes(&attrs, AsSize::Four, &mut scratch);
        let room = (MAX_MESSAGE - wire::HEADER_LEN - 4).saturating_sub(scratch.len());
        let mut nlri = Nlri::new();
        let mut used = 0;
        for p in prefixes {
            let n = wire::prefix_wire_len(&p);
            if used + n > room {
                out.push(Update {
                    withdrawn: Vec::new(),
                    attrs: attrs.clone(),
                    nlri: std::mem::take(&mut nlri),
                });
                used = 0;
            }
            used += n;
            nlri.push(p);
        }
        out.push(Update {
            withdrawn: Vec::new(),
            attrs,
            nlri,
        });
    }
    out
}

/// The whole table: `n` prefixes, packed.
pub fn full_table(n: usize, seed: u64) -> Vec<Update> {
    pack(routes(n, seed))
}

/// Every (prefix, attributes) pair in order: what any encoding of the table must preserve.
pub fn flatten(updates: &[Update]) -> impl Iterator<Item = (&Prefix, &Attributes)> {
    updates
        .iter()
        .flat_map(|u| u.nlri.iter().map(move |p| (p, &u.attrs)))
}

/// Whether two tables announce the same routes in the same order
/// (message boundaries may differ: the text form does not keep them).
pub fn same_routes(a: &[Update], b: &[Update]) -> bool {
    flatten(a).eq(flatten(b))
}

/// Prefix count of a table.
pub fn prefix_count(updates: &[Update]) -> usize {
    updates.iter().map(Update::prefix_count).sum()
}

/// The table as one stream of UPDATE messages; fails on an UPDATE whose
/// lengths do not fit their fields (see [`wire::encode_update`]).
pub fn encode_wire(updates: &[Update]) -> Result<Vec<u8>, crate::Error> {
    let mut out = Vec::new();
    for u in updates {
        let at = out.len() as u64;
        wire::encode_update(u, AsSize::Four, &mut out).map_err(|e| e.shifted(at))?;
    }
    Ok(out)
}

/// Messages in a stream, by their length fields alone (an exact capacity
/// keeps the output allocation small); at most one per 19 bytes of input.
fn count_messages(b: &[u8]) -> usize {
    let (mut at, mut n) = (0usize, 0usize);
    while let Some(l) = b.get(at + 16..at + 18) {
        let len = usize::from(u16::from_be_bytes([l[0], l[1]]));
        if len < wire::HEADER_LEN {
            break;
        }
        at += len;
        n += 1;
    }
    n
}

/// Decodes a stream of UPDATE messages (4-byte ASNs); errors carry the stream offset.
pub fn decode_wire(mut bytes: &[u8]) -> Result<Vec<Update>, crate::Error> {
    let mut out = Vec::with_capacity(count_messages(bytes));
    let mut at = 0usize;
    while !bytes.is_empty() {
        let (len, kind) = wire::message_header(bytes).map_err(|e| e.shifted(at as u64))?;
        if kind != 2 {
            return Err(crate::Error::new(
                at + 18,
                format!("message type {kind} in an UPDATE stream"),
            ));
        }
        out.push(wire::decode_update_body(
            &bytes[wire::HEADER_LEN..len],
            at + wire::HEADER_LEN,
            AsSize::Four,
        )?);
        bytes = &bytes[len..];
        at += len;
    }
    Ok(out)
}
