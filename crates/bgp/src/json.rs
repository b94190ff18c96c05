//! The table as ExaBGP-style JSON: one `update` object per line, with the
//! key names ExaBGP's JSON API uses (`neighbor`, `message.update.attribute`,
//! `announce` → `"ipv4 unicast"` → next hop → `[{"nlri": …}]`, `withdraw`).
//!
//! The AS path keeps sequences in `as-path` and one trailing AS_SET in
//! `as-set`; confederation segments, MP attributes and unknown attributes
//! are outside this form (the synthetic table has none).

use crate::model::{Aggregator, AsPath, Attributes, Origin, Prefix, Segment, SegmentKind, Update};
use crate::table::{PEER_AS, PEER_IP, TIME};
use crate::text::parse_prefix;
use crate::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr};

#[derive(Serialize, Deserialize)]
struct Line {
    exabgp: String,
    time: f64,
    #[serde(rename = "type")]
    kind: String,
    neighbor: Neighbor,
}

#[derive(Serialize, Deserialize)]
struct Neighbor {
    address: Address,
    asn: Asn,
    direction: String,
    message: Message,
}

#[derive(Serialize, Deserialize)]
struct Address {
    peer: IpAddr,
}

#[derive(Serialize, Deserialize)]
struct Asn {
    peer: u32,
}

#[derive(Serialize, Deserialize)]
struct Message {
    update: UpdateJson,
}

#[derive(Serialize, Deserialize, Default)]
struct UpdateJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    attribute: Option<AttrJson>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    announce: BTreeMap<String, BTreeMap<Ipv4Addr, Vec<Nlri>>>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    withdraw: BTreeMap<String, Vec<Nlri>>,
}

#[derive(Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
struct AttrJson {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    origin: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    as_path: Option<Vec<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    as_set: Option<Vec<u32>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    med: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    local_preference: Option<u32>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    atomic_aggregate: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    aggregator: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    community: Option<Vec<[u16; 2]>>,
}

/// `{"nlri": "10.0.0.0/24"}`.
#[derive(Serialize, Deserialize)]
struct Nlri {
    nlri: PrefixText,
}

struct PrefixText(Prefix);

impl Serialize for PrefixText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&crate::dump::prefix_text(&self.0))
    }
}

impl<'de> Deserialize<'de> for PrefixText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        parse_prefix(s.as_bytes())
            .map(PrefixText)
            .ok_or_else(|| serde::de::Error::custom(format!("bad prefix {s:?}")))
    }
}

const FAMILY: &str = "ipv4 unicast";

fn to_json(u: &Update) -> Line {
    let a = &u.attrs;
    let mut path = None;
    let mut set = None;
    for s in a.as_path.iter().flatten() {
        match s.kind {
            SegmentKind::Sequence => path.get_or_insert_with(Vec::new).extend_from_slice(&s.asns),
            _ => set = Some(s.asns.to_vec()),
        }
    }
    let attribute = AttrJson {
        origin: a.origin.map(|o| o.name().to_ascii_lowercase()),
        as_path: path,
        as_set: set,
        med: a.med,
        local_preference: a.local_pref,
        atomic_aggregate: a.atomic_aggregate,
        aggregator: a.aggregator.map(|g| format!("{}:{}", g.asn, g.addr)),
        community: a
            .communities
            .as_ref()
            .map(|cs| cs.iter().map(|c| [(c >> 16) as u16, *c as u16]).collect()),
    };
    let mut update = UpdateJson {
        attribute: Some(attribute),
        ..UpdateJson::default()
    };
    if !u.nlri.is_empty() {
        let hop = a.next_hop.unwrap_or(Ipv4Addr::UNSPECIFIED);
        let list = u
            .nlri
            .iter()
            .map(|p| Nlri {
                nlri: PrefixText(*p),
            })
            .collect();
        update
            .announce
            .insert(FAMILY.into(), BTreeMap::from([(hop, list)]));
    }
    if !u.withdrawn.is_empty() {
        let list = u
            .withdrawn
            .iter()
            .map(|p| Nlri {
                nlri: PrefixText(*p),
            })
            .collect();
        update.withdraw.insert(FAMILY.into(), list);
    }
    Line {
        exabgp: "5.0.0".into(),
        time: f64::from(TIME),
        kind: "update".into(),
        neighbor: Neighbor {
            address: Address {
                peer: IpAddr::V4(PEER_IP),
            },
            asn: Asn { peer: PEER_AS },
            direction: "receive".into(),
            message: Message { update },
        },
    }
}

/// One UPDATE carries one NEXT_HOP, so an `announce` naming several next hops
/// becomes one UPDATE per next hop (the first also carries the withdrawals).
fn from_json(line: Line) -> Result<Vec<Update>, String> {
    let j = line.neighbor.message.update;
    let mut a = Attributes::default();
    let mut u = Update::default();
    if let Some(x) = j.attribute {
        a.origin = match x.origin.as_deref() {
            None => None,
            Some("igp") => Some(Origin::Igp),
            Some("egp") => Some(Origin::Egp),
            Some("incomplete") => Some(Origin::Incomplete),
            Some(o) => return Err(format!("origin {o:?} unknown")),
        };
        let mut segs = AsPath::new();
        if let Some(p) = x.as_path {
            segs.push(Segment {
                kind: SegmentKind::Sequence,
                asns: p.into_iter().collect(),
            });
        }
        if let Some(s) = x.as_set {
            segs.push(Segment {
                kind: SegmentKind::Set,
                asns: s.into_iter().collect(),
            });
        }
        a.as_path = (!segs.is_empty()).then_some(segs);
        a.med = x.med;
        a.local_pref = x.local_preference;
        a.atomic_aggregate = x.atomic_aggregate;
        if let Some(g) = x.aggregator {
            let (asn, addr) = g.split_once(':').ok_or("aggregator without ':'")?;
            a.aggregator = Some(Aggregator {
                asn: asn.parse().map_err(|_| "bad aggregator AS")?,
                addr: addr.parse().map_err(|_| "bad aggregator address")?,
            });
        }
        a.communities = x.community.map(|cs| {
            cs.iter()
                .map(|[h, l]| u32::from(*h) << 16 | u32::from(*l))
                .collect()
        });
    }
    for (family, list) in j.withdraw {
        if family != FAMILY {
            return Err(format!("address family {family:?} not supported"));
        }
        u.withdrawn.extend(list.into_iter().map(|n| n.nlri.0));
    }
    let mut hops = Vec::new();
    for (family, by_hop) in j.announce {
        if family != FAMILY {
            return Err(format!("address family {family:?} not supported"));
        }
        hops.extend(by_hop);
    }
    let mut out = Vec::with_capacity(hops.len().max(1));
    let mut hops = hops.into_iter();
    match hops.next() {
        Some((hop, list)) => {
            u.attrs = Attributes {
                next_hop: Some(hop),
                ..a.clone()
            };
            u.nlri.extend(list.into_iter().map(|n| n.nlri.0));
        }
        None => u.attrs = a.clone(),
    }
    out.push(u);
    for (hop, list) in hops {
        out.push(Update {
            attrs: Attributes {
                next_hop: Some(hop),
                ..a.clone()
            },
            nlri: list.into_iter().map(|n| n.nlri.0).collect(),
            ..Update::default()
        });
    }
    Ok(out)
}

/// Appends one JSON object per UPDATE, newline-terminated.
pub fn encode(updates: &[Update], out: &mut Vec<u8>) {
    for u in updates {
        // Writing into a Vec cannot fail and every map key is a string.
        if serde_json::to_writer(&mut *out, &to_json(u)).is_ok() {
            out.push(b'\n');
        }
    }
}

/// Parses the lines back; errors give the line, column and byte offset.
pub fn decode(text: &[u8]) -> Result<Vec<Update>, Error> {
    let mut out = Vec::new();
    let mut at = 0usize;
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        let here = at;
        at += line.len() + 1;
        if line.is_empty() {
            continue;
        }
        let parsed: Line = serde_json::from_slice(line).map_err(|e| {
            Error::new(
                here + e.column().saturating_sub(1),
                format!("line {}, column {}: {e}", i + 1, e.column()),
            )
        })?;
        out.extend(
            from_json(parsed).map_err(|e| Error::new(here, format!("line {}: {e}", i + 1)))?,
        );
    }
    Ok(out)
}
