//! Small valid inputs that exercise every decoded feature: UPDATEs (IPv4
//! and IPv6, 4-byte ASNs, AS4_PATH, communities, withdrawals, an unknown
//! attribute) and an MRT stream holding each record type the reader knows.
//! Seeds for robustness corpora and fuzzing.

use crate::model::*;
use crate::table;
use crate::wire::{encode_attributes, encode_update, AsSize};
use smallvec::smallvec;
use std::net::{Ipv4Addr, Ipv6Addr};

fn seq(asns: &[u32]) -> AsPath {
    smallvec![Segment {
        kind: SegmentKind::Sequence,
        asns: Asns::from_slice(asns),
    }]
}

fn v4(a: [u8; 4], len: u8) -> Prefix {
    Prefix::V4(Ipv4Addr::from(a), len)
}

fn v6(segments: [u16; 8], len: u8) -> Prefix {
    let [a, b, c, d, e, f, g, h] = segments;
    Prefix::V6(Ipv6Addr::new(a, b, c, d, e, f, g, h), len)
}

/// UPDATEs for a 4-byte-AS session: two from the synthetic table, one IPv6
/// announcement and withdrawal, one withdrawal-only, one with a long path,
/// an AS_SET, an aggregator and an attribute this crate does not interpret.
pub fn updates() -> Vec<Update> {
    let mut out: Vec<Update> = table::full_table(12, 3).into_iter().take(2).collect();
    out.push(Update {
        attrs: Attributes {
            origin: Some(Origin::Igp),
            as_path: Some(seq(&[64496, 4_200_000_000])),
            communities: Some(smallvec![64496 << 16 | 7, 0xffff_ff01]),
            mp_reach: Some(Box::new(MpReach {
                afi: 2,
                safi: 1,
                next_hop: Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 1)
                    .octets()
                    .to_vec(),
                nlri: vec![v6([0x2001, 0xdb8, 0x100, 0, 0, 0, 0, 0], 40)],
            })),
            mp_unreach: Some(Box::new(MpUnreach {
                afi: 2,
                safi: 1,
                withdrawn: vec![v6([0x2001, 0xdb8, 0x200, 0, 0, 0, 0, 0], 48)],
            })),
            ..Attributes::default()
        },
        ..Update::default()
    });
    out.push(Update {
        withdrawn: vec![v4([198, 18, 0, 0], 15), v4([0, 0, 0, 0], 0)],
        ..Update::default()
    });
    out.push(Update {
        withdrawn: Vec::new(),
        attrs: Attributes {
            origin: Some(Origin::Incomplete),
            as_path: Some(smallvec![
                Segment {
                    kind: SegmentKind::Sequence,
                    asns: (1..=12).collect(),
                },
                Segment {
                    kind: SegmentKind::Set,
                    asns: Asns::from_slice(&[65001, 65002]),
                },
            ]),
            next_hop: Some(Ipv4Addr::new(192, 0, 2, 9)),
            med: Some(5),
            local_pref: Some(200),
            atomic_aggregate: true,
            aggregator: Some(Aggregator {
                asn: 65002,
                addr: Ipv4Addr::new(198, 51, 100, 1),
            }),
            unknown: vec![RawAttribute {
                flags: 0xc0,
                code: 32,
                value: vec![0, 0, 0xfb, 0xf0, 0, 0, 0, 1, 0, 0, 0, 2],
            }],
            ..Attributes::default()
        },
        nlri: smallvec![v4([203, 0, 113, 0], 24), v4([100, 64, 0, 0], 10)],
    });
    out
}

fn record(out: &mut Vec<u8>, kind: u16, subtype: u16, body: &[u8]) {
    out.extend_from_slice(&1_500_000_000u32.to_be_bytes());
    out.extend_from_slice(&kind.to_be_bytes());
    out.extend_from_slice(&subtype.to_be_bytes());
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(body);
}

/// BGP4MP peer and local AS (2 or 4 bytes), interface, AFI 1, both addresses.
fn bgp4mp_head(as4: bool) -> Vec<u8> {
    let mut b = Vec::new();
    if as4 {
        b.extend_from_slice(&4_200_000_000u32.to_be_bytes());
        b.extend_from_slice(&64496u32.to_be_bytes());
    } else {
        b.extend_from_slice(&64500u16.to_be_bytes());
        b.extend_from_slice(&64496u16.to_be_bytes());
    }
    b.extend_from_slice(&[0, 0, 0, 1, 192, 0, 2, 2, 192, 0, 2, 254]);
    b
}

/// An uncompressed MRT stream: BGP4MP MESSAGE_AS4 with each of
/// [`updates`], a 2-byte MESSAGE with AS4_PATH, STATE_CHANGE and STATE_CHANGE_AS4, a
/// KEEPALIVE, TABLE_DUMP, TABLE_DUMP_V2 PEER_INDEX_TABLE with RIB_IPV4 and
/// RIB_IPV6 entries, and a record of a type the reader skips.
pub fn mrt() -> Vec<u8> {
    let mut f = Vec::new();
    for u in updates() {
        let mut b = bgp4mp_head(true);
        encode_update(&u, AsSize::Four, &mut b).expect("fixed sample fits its length fields");
        record(&mut f, 16, 4, &b);
    }
    // A 2-byte session: large ASNs become AS_TRANS, the real path rides in AS4_PATH.
    let mut two = updates().swap_remove(0);
    two.attrs.as4_path = two.attrs.as_path.clone().map(Box::new);
    let mut b = bgp4mp_head(false);
    encode_update(&two, AsSize::Two, &mut b).expect("fixed sample fits its length fields");
    record(&mut f, 16, 1, &b);
    let mut b = bgp4mp_head(false);
    b.extend_from_slice(&[0, 1, 0, 2]);
    record(&mut f, 16, 0, &b);
    let mut b = bgp4mp_head(true);
    b.extend_from_slice(&[0, 5, 0, 6]);
    record(&mut f, 16, 5, &b);
    let mut b = bgp4mp_head(true);
    b.extend_from_slice(&[0xff; 16]);
    b.extend_from_slice(&[0, 19, 4]);
    record(&mut f, 16, 4, &b);

    let attrs = Attributes {
        origin: Some(Origin::Igp),
        as_path: Some(seq(&[64500, 3356, 15169])),
        next_hop: Some(Ipv4Addr::new(192, 0, 2, 1)),
        med: Some(7),
        communities: Some(smallvec![65000 << 16 | 1]),
        ..Attributes::default()
    };
    let mut raw = Vec::new();
    encode_attributes(&attrs, AsSize::Two, &mut raw).expect("fixed sample fits its length fields");
    // TABLE_DUMP AFI_IPV4: view, sequence, prefix, status, time, peer, attributes.
    let mut b = vec![0, 0, 0, 1, 203, 0, 113, 0, 24, 1];
    b.extend_from_slice(&1_400_000_000u32.to_be_bytes());
    b.extend_from_slice(&[192, 0, 2, 1]);
    b.extend_from_slice(&64500u16.to_be_bytes());
    b.extend_from_slice(&(raw.len() as u16).to_be_bytes());
    b.extend_from_slice(&raw);
    record(&mut f, 12, 1, &b);

    // PEER_INDEX_TABLE: collector id, empty view name, one IPv4 peer with a 4-byte AS.
    let mut b = vec![10, 0, 0, 1, 0, 0, 0, 1, 0x02, 192, 0, 2, 1, 192, 0, 2, 1];
    b.extend_from_slice(&64500u32.to_be_bytes());
    record(&mut f, 13, 1, &b);
    raw.clear();
    encode_attributes(&attrs, AsSize::Four, &mut raw).expect("fixed sample fits its length fields");
    let entry = |b: &mut Vec<u8>, raw: &[u8]| {
        b.extend_from_slice(&[0, 0]);
        b.extend_from_slice(&1_400_000_000u32.to_be_bytes());
        b.extend_from_slice(&(raw.len() as u16).to_be_bytes());
        b.extend_from_slice(raw);
    };
    let mut b = vec![0, 0, 0, 0, 22, 198, 51, 100, 0, 1];
    entry(&mut b, &raw);
    record(&mut f, 13, 2, &b);
    // RIB_IPV6_UNICAST with MP_REACH in the abbreviated RIB form (next hop only).
    let mut b = vec![0, 0, 0, 1, 32, 0x20, 0x01, 0x0d, 0xb8, 0, 1];
    raw.extend_from_slice(&[0x80, 14, 17, 16, 0x20, 0x01, 0x0d, 0xb8]);
    raw.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    entry(&mut b, &raw);
    record(&mut f, 13, 4, &b);
    // OSPFv2, which the reader skips.
    record(&mut f, 11, 0, &[1, 2, 3, 4]);
    f
}
