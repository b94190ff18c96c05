//! UPDATE encode/decode: known-answer bytes, round trips, AS4 handling.

use encbench_bgp::dump::merge_as4;
use encbench_bgp::model::*;
use encbench_bgp::smallvec::smallvec;
use encbench_bgp::wire::{decode_message, encode_update, AsSize, Message};
use encbench_bgp::Asns;
use std::net::{Ipv4Addr, Ipv6Addr};

fn seq(asns: &[u32]) -> Segment {
    Segment {
        kind: SegmentKind::Sequence,
        asns: Asns::from_slice(asns),
    }
}

fn hand_built() -> Update {
    Update {
        withdrawn: vec![Prefix::V4(Ipv4Addr::new(10, 1, 0, 0), 16)],
        attrs: Attributes {
            origin: Some(Origin::Igp),
            as_path: Some(smallvec![seq(&[65001, 4_200_000_000])]),
            next_hop: Some(Ipv4Addr::new(192, 0, 2, 1)),
            med: Some(5),
            communities: Some(smallvec![65001 << 16 | 100]),
            ..Attributes::default()
        },
        nlri: smallvec![Prefix::V4(Ipv4Addr::new(198, 51, 100, 0), 24)],
    }
}

#[test]
fn hand_built_update_has_known_bytes() {
    let mut got = Vec::new();
    encode_update(&hand_built(), AsSize::Four, &mut got).expect("encodes");
    let mut want = vec![0xff; 16];
    want.extend_from_slice(&[0x00, 0x44, 0x02]); // length 68, UPDATE
    want.extend_from_slice(&[0x00, 0x03, 16, 10, 1]); // withdrawn 10.1.0.0/16
    want.extend_from_slice(&[0x00, 0x26]); // 38 bytes of attributes
    want.extend_from_slice(&[0x40, 1, 1, 0]); // ORIGIN IGP
    want.extend_from_slice(&[
        0x40, 2, 10, 2, 2, 0x00, 0x00, 0xfd, 0xe9, 0xfa, 0x56, 0xea, 0x00,
    ]);
    want.extend_from_slice(&[0x40, 3, 4, 192, 0, 2, 1]); // NEXT_HOP
    want.extend_from_slice(&[0x80, 4, 4, 0, 0, 0, 5]); // MED 5
    want.extend_from_slice(&[0xc0, 8, 4, 0xfd, 0xe9, 0x00, 0x64]); // 65001:100
    want.extend_from_slice(&[24, 198, 51, 100]); // 198.51.100.0/24
    assert_eq!(got, want);
    assert_eq!(
        decode_message(&got, AsSize::Four),
        Ok(Message::Update(hand_built()))
    );
}

fn round_trip(u: &Update, size: AsSize) {
    let mut bytes = Vec::new();
    encode_update(u, size, &mut bytes).expect("encodes");
    assert_eq!(decode_message(&bytes, size), Ok(Message::Update(u.clone())));
}

#[test]
fn ipv6_multiprotocol_attributes_round_trip() {
    let global: Ipv6Addr = "2001:db8::1".parse().unwrap();
    let link: Ipv6Addr = "fe80::1".parse().unwrap();
    let mut next_hop = global.octets().to_vec();
    next_hop.extend_from_slice(&link.octets());
    let u = Update {
        attrs: Attributes {
            origin: Some(Origin::Incomplete),
            as_path: Some(smallvec![
                seq(&[64496, 131072]),
                Segment {
                    kind: SegmentKind::Set,
                    asns: smallvec![1, 2],
                },
            ]),
            mp_reach: Some(Box::new(MpReach {
                afi: 2,
                safi: 1,
                next_hop,
                nlri: vec![
                    Prefix::V6("2001:db8:100::".parse().unwrap(), 40),
                    Prefix::V6(Ipv6Addr::UNSPECIFIED, 0),
                    Prefix::V6("2001:db8:1:2:3:4:5:6".parse().unwrap(), 128),
                ],
            })),
            mp_unreach: Some(Box::new(MpUnreach {
                afi: 2,
                safi: 1,
                withdrawn: vec![Prefix::V6("2a00::".parse().unwrap(), 12)],
            })),
            local_pref: Some(100),
            atomic_aggregate: true,
            aggregator: Some(Aggregator {
                asn: 4_000_000_000,
                addr: Ipv4Addr::new(10, 0, 0, 1),
            }),
            unknown: vec![RawAttribute {
                flags: 0xc0,
                code: 32,
                value: vec![0; 300],
            }],
            ..Attributes::default()
        },
        ..Update::default()
    };
    round_trip(&u, AsSize::Four);
    assert_eq!(
        u.attrs.mp_reach.as_ref().and_then(|m| m.next_hop_v6()),
        Some(global)
    );
}

#[test]
fn two_byte_sessions_carry_as4_path_and_aggregator() {
    let u = Update {
        attrs: Attributes {
            as_path: Some(smallvec![seq(&[64496, 23456, 23456])]),
            aggregator: Some(Aggregator {
                asn: 23456,
                addr: Ipv4Addr::new(10, 0, 0, 1),
            }),
            as4_path: Some(Box::new(smallvec![seq(&[196_608, 262_144])])),
            as4_aggregator: Some(Aggregator {
                asn: 262_144,
                addr: Ipv4Addr::new(10, 0, 0, 1),
            }),
            communities: Some(smallvec![]),
            ..Attributes::default()
        },
        nlri: smallvec![
            Prefix::V4(Ipv4Addr::new(0, 0, 0, 0), 0),
            Prefix::V4(Ipv4Addr::new(255, 255, 255, 255), 32),
        ],
        ..Update::default()
    };
    round_trip(&u, AsSize::Two);
    // The same path read as a 4-byte session would be misparsed, and says so.
    let mut bytes = Vec::new();
    encode_update(&u, AsSize::Two, &mut bytes).expect("encodes");
    let e = decode_message(&bytes, AsSize::Four).unwrap_err();
    assert_eq!(
        e.to_string(),
        "truncated AS_PATH segment: needs 12 bytes, 6 left at byte 28"
    );
}

#[test]
fn as4_path_merges_per_rfc_6793() {
    let path = vec![seq(&[100, 200, 23456, 23456])];
    let p4 = vec![seq(&[70000, 80000])];
    assert_eq!(
        merge_as4(&path, &p4),
        vec![seq(&[100, 200]), seq(&[70000, 80000])]
    );
    // An AS4_PATH longer than the AS_PATH is ignored.
    assert_eq!(merge_as4(&p4, &path), p4);
}

#[test]
fn non_update_messages_are_told_apart() {
    let mut keepalive = vec![0xff; 16];
    keepalive.extend_from_slice(&[0, 19, 4]);
    assert_eq!(
        decode_message(&keepalive, AsSize::Two),
        Ok(Message::Other(4))
    );
}

#[test]
fn errors_name_the_problem_and_offset() {
    let mut bytes = Vec::new();
    encode_update(&hand_built(), AsSize::Four, &mut bytes).expect("encodes");
    bytes[0] = 0;
    assert_eq!(
        decode_message(&bytes, AsSize::Four)
            .unwrap_err()
            .to_string(),
        "message marker is not all ones at byte 0"
    );
    bytes[0] = 0xff;
    bytes[29] = 5; // ORIGIN value
    assert_eq!(
        decode_message(&bytes, AsSize::Four)
            .unwrap_err()
            .to_string(),
        "ORIGIN value 5 unknown at byte 29"
    );
    bytes[29] = 0;
    let mut cut = bytes[..60].to_vec();
    cut[17] = 60;
    assert_eq!(
        decode_message(&cut, AsSize::Four).unwrap_err().to_string(),
        "truncated path attributes: needs 38 bytes, 34 left at byte 26"
    );
    bytes[64] = 33; // NLRI prefix length
    assert_eq!(
        decode_message(&bytes, AsSize::Four)
            .unwrap_err()
            .to_string(),
        "prefix length 33 over 32 at byte 64"
    );
}

#[test]
fn lengths_that_do_not_fit_are_errors_not_truncations() {
    let big = |n: usize| encbench_bgp::model::RawAttribute {
        flags: 0xc0,
        code: 99,
        value: vec![7; n],
    };
    let enc = |u: &Update| {
        let mut b = vec![1, 2, 3];
        let r = encode_update(u, AsSize::Four, &mut b).map_err(|e| e.to_string());
        // A failed encoding leaves the buffer as it was.
        assert!(r.is_ok() || b == [1, 2, 3]);
        r
    };
    // An attribute of 65536 bytes cannot say its length.
    let mut u = Update::default();
    u.attrs.unknown.push(big(65536));
    assert_eq!(
        enc(&u),
        Err("attribute 99 of 65536 bytes over the 65535-byte maximum at byte 23".into())
    );
    // Two attributes that each fit but together overflow the path attribute length.
    let mut u = Update::default();
    u.attrs.unknown = vec![big(40000), big(40000)];
    assert_eq!(
        enc(&u),
        Err("path attributes of 80008 bytes over the 65535-byte maximum at byte 21".into())
    );
    // Attributes that fit but, with the NLRI, make a message over 65535 bytes.
    let mut u = Update::default();
    u.attrs.unknown = vec![big(65000)];
    u.nlri = std::iter::repeat_n(Prefix::V4(Ipv4Addr::new(10, 0, 0, 0), 24), 200).collect();
    assert_eq!(
        enc(&u),
        Err("UPDATE of 65827 bytes over the 65535-byte maximum at byte 16".into())
    );
    // An MP_REACH next hop of 256 bytes.
    let mut u = Update::default();
    u.attrs.mp_reach = Some(Box::new(encbench_bgp::MpReach {
        afi: 2,
        safi: 1,
        next_hop: vec![0; 256],
        nlri: Vec::new(),
    }));
    assert_eq!(
        enc(&u),
        Err("MP_REACH next hop of 256 bytes over the 255-byte maximum at byte 23".into())
    );
    // Just under the limits still encodes and round-trips.
    let mut u = Update::default();
    u.attrs.unknown = vec![big(65535 - 19 - 4 - 4)];
    round_trip(&u, AsSize::Four);
}
