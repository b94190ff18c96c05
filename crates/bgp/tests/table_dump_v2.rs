//! TABLE_DUMP_V2 and BGP4MP_ET, which the shared files lack: hand-built
//! records, known lines, and (when Debian's `bgpdump` is installed) the
//! same text from bgpdump itself.

use encbench_bgp::dump::dump;
use encbench_bgp::model::*;
use encbench_bgp::mrt::MrtReader;
use encbench_bgp::smallvec::smallvec;
use encbench_bgp::wire::{encode_attributes, encode_update, AsSize};
use encbench_bgp::Asns;
use std::net::{Ipv4Addr, Ipv6Addr};
use std::process::Command;

fn record(out: &mut Vec<u8>, kind: u16, subtype: u16, body: &[u8]) {
    out.extend_from_slice(&1_500_000_000u32.to_be_bytes());
    out.extend_from_slice(&kind.to_be_bytes());
    out.extend_from_slice(&subtype.to_be_bytes());
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(body);
}

fn attrs(path: &[u32]) -> Attributes {
    Attributes {
        origin: Some(Origin::Igp),
        as_path: Some(smallvec![Segment {
            kind: SegmentKind::Sequence,
            asns: Asns::from_slice(path),
        }]),
        med: Some(7),
        local_pref: Some(100),
        communities: Some(smallvec![65000 << 16 | 1]),
        ..Attributes::default()
    }
}

fn rib_entry(body: &mut Vec<u8>, peer: u16, a: &Attributes) {
    let mut raw = Vec::new();
    encode_attributes(a, AsSize::Four, &mut raw).expect("encodes");
    body.extend_from_slice(&peer.to_be_bytes());
    body.extend_from_slice(&1_400_000_000u32.to_be_bytes());
    body.extend_from_slice(&(raw.len() as u16).to_be_bytes());
    body.extend_from_slice(&raw);
}

fn sample() -> Vec<u8> {
    let mut f = Vec::new();
    // PEER_INDEX_TABLE: an IPv4 peer with a 2-byte AS, an IPv6 peer with a 4-byte AS.
    let mut b = vec![10, 0, 0, 1, 0, 4];
    b.extend_from_slice(b"test");
    b.extend_from_slice(&2u16.to_be_bytes());
    b.extend_from_slice(&[0, 192, 0, 2, 1, 192, 0, 2, 1]);
    b.extend_from_slice(&64500u16.to_be_bytes());
    b.extend_from_slice(&[3, 192, 0, 2, 2]);
    b.extend_from_slice(&"2001:db8::2".parse::<Ipv6Addr>().unwrap().octets());
    b.extend_from_slice(&4_200_000_000u32.to_be_bytes());
    record(&mut f, 13, 1, &b);
    // RIB_IPV4_UNICAST 203.0.113.0/24 from both peers.
    let mut b = vec![0, 0, 0, 0, 24, 203, 0, 113, 0, 2];
    let mut a = attrs(&[64500, 3356, 15169]);
    a.next_hop = Some(Ipv4Addr::new(192, 0, 2, 1));
    rib_entry(&mut b, 0, &a);
    let mut a = attrs(&[4_200_000_000, 15169]);
    a.next_hop = Some(Ipv4Addr::new(192, 0, 2, 2));
    a.atomic_aggregate = true;
    a.aggregator = Some(Aggregator {
        asn: 15169,
        addr: Ipv4Addr::new(198, 51, 100, 9),
    });
    rib_entry(&mut b, 1, &a);
    record(&mut f, 13, 2, &b);
    // RIB_IPV6_UNICAST 2001:db8:100::/40, MP_REACH in the abbreviated RIB form.
    let mut b = vec![0, 0, 0, 1, 40, 0x20, 0x01, 0x0d, 0xb8, 0x01, 0, 1];
    let mut a = attrs(&[4_200_000_000, 6939]);
    let mut raw = Vec::new();
    encode_attributes(&a, AsSize::Four, &mut raw).expect("encodes");
    raw.extend_from_slice(&[0x80, 14, 17, 16]);
    raw.extend_from_slice(&"2001:db8::2".parse::<Ipv6Addr>().unwrap().octets());
    b.extend_from_slice(&1u16.to_be_bytes());
    b.extend_from_slice(&1_400_000_000u32.to_be_bytes());
    b.extend_from_slice(&(raw.len() as u16).to_be_bytes());
    b.extend_from_slice(&raw);
    record(&mut f, 13, 4, &b);
    // BGP4MP_ET MESSAGE_AS4: microseconds, then an UPDATE from an IPv4 peer.
    let mut b = 250_000u32.to_be_bytes().to_vec();
    b.extend_from_slice(&4_200_000_000u32.to_be_bytes());
    b.extend_from_slice(&64496u32.to_be_bytes());
    b.extend_from_slice(&[0, 0, 0, 1, 192, 0, 2, 2, 192, 0, 2, 254]);
    a.next_hop = Some(Ipv4Addr::new(192, 0, 2, 2));
    let u = Update {
        withdrawn: vec![Prefix::V4(Ipv4Addr::new(198, 18, 0, 0), 15)],
        attrs: a,
        nlri: smallvec![Prefix::V4(Ipv4Addr::new(100, 64, 0, 0), 10)],
    };
    encode_update(&u, AsSize::Four, &mut b).expect("encodes");
    record(&mut f, 17, 4, &b);
    f
}

const EXPECTED: &str = "\
TABLE_DUMP2|1500000000|B|192.0.2.1|64500|203.0.113.0/24|64500 3356 15169|IGP|192.0.2.1|100|7|65000:1|NAG||
TABLE_DUMP2|1500000000|B|2001:db8::2|4200000000|203.0.113.0/24|4200000000 15169|IGP|192.0.2.2|100|7|65000:1|AG|15169 198.51.100.9|
TABLE_DUMP2|1500000000|B|2001:db8::2|4200000000|2001:db8:100::/40|4200000000 6939|IGP|2001:db8::2|100|7|65000:1|NAG||
BGP4MP_ET|1500000000.250000|W|192.0.2.2|4200000000|198.18.0.0/15
BGP4MP_ET|1500000000.250000|A|192.0.2.2|4200000000|100.64.0.0/10|4200000000 6939|IGP|192.0.2.2|100|7|65000:1|NAG||
";

#[test]
fn table_dump_v2_and_extended_time_lines() {
    let input = sample();
    let mut got = Vec::new();
    let stats = dump(&mut MrtReader::new(&input[..]), &mut got).expect("decodes");
    assert_eq!(String::from_utf8_lossy(&got), EXPECTED);
    assert_eq!(stats.records, 4);
    assert_eq!(stats.lines, 5);
}

#[test]
fn debian_bgpdump_agrees_when_installed() {
    let dir = std::env::temp_dir().join(format!("encbench-bgp-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("sample.mrt");
    std::fs::write(&path, sample()).expect("temp file");
    let out = Command::new("bgpdump").arg("-m").arg(&path).output();
    let _ = std::fs::remove_dir_all(&dir);
    let Ok(out) = out else {
        eprintln!("skipping: bgpdump is not installed");
        return;
    };
    assert_eq!(String::from_utf8_lossy(&out.stdout), EXPECTED);
}

/// A 2-byte BGP4MP MESSAGE with AS4_PATH/AS4_AGGREGATOR and an AS_SET,
/// well-known communities and no ORIGIN or NEXT_HOP; a 4-byte one with
/// confederation segments; one with no attributes at all.
fn edge_cases() -> Vec<u8> {
    let seg = |kind, asns: &[u32]| Segment {
        kind,
        asns: Asns::from_slice(asns),
    };
    let prefix: Nlri = smallvec![Prefix::V4(Ipv4Addr::new(192, 168, 0, 0), 16)];
    let two_byte = Update {
        withdrawn: vec![],
        attrs: Attributes {
            as_path: Some(smallvec![
                seg(SegmentKind::Sequence, &[64496, 23456, 23456, 701]),
                seg(SegmentKind::Set, &[23456, 702]),
            ]),
            as4_path: Some(Box::new(smallvec![
                seg(SegmentKind::Sequence, &[196_608, 262_144, 701]),
                seg(SegmentKind::Set, &[327_680, 702]),
            ])),
            aggregator: Some(Aggregator {
                asn: 23456,
                addr: Ipv4Addr::new(10, 9, 8, 7),
            }),
            as4_aggregator: Some(Aggregator {
                asn: 327_680,
                addr: Ipv4Addr::new(10, 9, 8, 7),
            }),
            communities: Some(smallvec![
                0xffff_ff01,
                0xffff_ff02,
                0xffff_ff03,
                0xffff_0000,
                64496 << 16 | 7,
            ]),
            ..Attributes::default()
        },
        nlri: prefix.clone(),
    };
    let confed = Update {
        attrs: Attributes {
            origin: Some(Origin::Egp),
            next_hop: Some(Ipv4Addr::new(192, 0, 2, 9)),
            as_path: Some(smallvec![
                seg(SegmentKind::ConfedSequence, &[65001, 65002]),
                seg(SegmentKind::ConfedSet, &[65003, 65004]),
                seg(SegmentKind::Sequence, &[64496]),
            ]),
            ..Attributes::default()
        },
        nlri: prefix.clone(),
        ..Update::default()
    };
    let bare = Update {
        nlri: prefix,
        ..Update::default()
    };
    let mut f = Vec::new();
    for (subtype, size, u) in [
        (1, AsSize::Two, two_byte),
        (4, AsSize::Four, confed),
        (4, AsSize::Four, bare),
    ] {
        let mut b = Vec::new();
        if size == AsSize::Two {
            b.extend_from_slice(&64496u16.to_be_bytes());
            b.extend_from_slice(&64497u16.to_be_bytes());
        } else {
            b.extend_from_slice(&64496u32.to_be_bytes());
            b.extend_from_slice(&64497u32.to_be_bytes());
        }
        b.extend_from_slice(&[0, 0, 0, 1, 192, 0, 2, 9, 192, 0, 2, 254]);
        encode_update(&u, size, &mut b).expect("encodes");
        record(&mut f, 16, subtype, &b);
    }
    f
}

const EDGE_EXPECTED: &str = "\
BGP4MP|1500000000|A|192.0.2.9|64496|192.168.0.0/16|64496 196608 262144 701 {327680,702}|INCOMPLETE|255.255.255.255|0|0|no-export no-advertise local-AS 65535:0 64496:7|NAG|327680 10.9.8.7|
BGP4MP|1500000000|A|192.0.2.9|64496|192.168.0.0/16|(65001 65002) [65003,65004] 64496|EGP|192.0.2.9|0|0||NAG||
BGP4MP|1500000000|A|192.0.2.9|64496|192.168.0.0/16||INCOMPLETE|255.255.255.255|0|0||NAG||
";

#[test]
fn as4_merge_sets_confederations_and_well_known_communities() {
    let input = edge_cases();
    let mut got = Vec::new();
    dump(&mut MrtReader::new(&input[..]), &mut got).expect("decodes");
    let dir = std::env::temp_dir().join(format!("encbench-bgp-edge-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join("edge.mrt");
    std::fs::write(&path, &input).expect("temp file");
    let out = Command::new("bgpdump").arg("-m").arg(&path).output();
    let _ = std::fs::remove_dir_all(&dir);
    if let Ok(out) = out {
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            EDGE_EXPECTED,
            "bgpdump itself"
        );
    }
    assert_eq!(String::from_utf8_lossy(&got), EDGE_EXPECTED);
}
