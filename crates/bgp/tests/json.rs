//! ExaBGP-style JSON input beyond what the encoder writes.

use encbench_bgp::json;
use encbench_bgp::model::Prefix;
use std::net::Ipv4Addr;

fn v4(s: &str) -> Prefix {
    let (a, l) = s.split_once('/').unwrap();
    Prefix::V4(a.parse().unwrap(), l.parse().unwrap())
}

#[test]
fn announce_with_two_next_hops_gives_one_update_per_hop() {
    let line = br#"{"exabgp":"5.0.0","time":1.0,"type":"update","neighbor":{"address":{"peer":"192.0.2.1"},"asn":{"peer":64500},"direction":"receive","message":{"update":{"attribute":{"origin":"igp","as-path":[64500,64501]},"announce":{"ipv4 unicast":{"198.51.100.1":[{"nlri":"10.0.0.0/24"}],"198.51.100.2":[{"nlri":"10.0.1.0/24"},{"nlri":"10.0.2.0/24"}]}},"withdraw":{"ipv4 unicast":[{"nlri":"10.9.0.0/16"}]}}}}}
"#;
    let got = json::decode(line).expect("decodes");
    assert_eq!(got.len(), 2);
    let hop = |i: usize| got[i].attrs.next_hop;
    assert_eq!(hop(0), Some(Ipv4Addr::new(198, 51, 100, 1)));
    assert_eq!(got[0].nlri.to_vec(), vec![v4("10.0.0.0/24")]);
    assert_eq!(got[0].withdrawn, vec![v4("10.9.0.0/16")]);
    assert_eq!(hop(1), Some(Ipv4Addr::new(198, 51, 100, 2)));
    assert_eq!(
        got[1].nlri.to_vec(),
        vec![v4("10.0.1.0/24"), v4("10.0.2.0/24")]
    );
    assert!(got[1].withdrawn.is_empty());
    assert_eq!(got[0].attrs.as_path, got[1].attrs.as_path);
    // Re-encoding gives one line per UPDATE, each with its own next hop.
    let mut again = Vec::new();
    json::encode(&got, &mut again);
    assert_eq!(json::decode(&again).expect("re-decodes"), got);
}
