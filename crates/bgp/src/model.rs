//! What a BGP UPDATE says, independent of how it is encoded: prefixes and
//! path attributes (RFC 4271, 4-byte ASNs per RFC 6793, COMMUNITIES per
//! RFC 1997, multiprotocol reach/unreach per RFC 4760).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The ASNs of one AS_PATH segment. Paths seldom pass eight ASNs, so most
/// live inline: a heap allocation per path would dominate decoding a table.
pub type Asns = SmallVec<[u32; 8]>;
/// AS_PATH segments: nearly always a single sequence, kept inline.
pub type AsPath = SmallVec<[Segment; 1]>;
/// COMMUNITIES values, `asn << 16 | value`; up to eight inline.
pub type Communities = SmallVec<[u32; 8]>;
/// An UPDATE's IPv4 announcements: most carry a handful, kept inline.
pub type Nlri = SmallVec<[Prefix; 4]>;

/// An IPv4 or IPv6 prefix. Bits past `len` are kept as they arrived, since
/// the wire allows them and bgpdump prints them unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Prefix {
    /// IPv4 address and length (0–32).
    V4(Ipv4Addr, u8),
    /// IPv6 address and length (0–128).
    V6(Ipv6Addr, u8),
}

impl Prefix {
    /// The prefix length in bits.
    pub fn len(&self) -> u8 {
        match *self {
            Prefix::V4(_, l) | Prefix::V6(_, l) => l,
        }
    }

    /// Whether this is the default route (`/0`).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// ORIGIN attribute values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Origin {
    /// Learned from an interior protocol (0).
    Igp,
    /// Learned from EGP (1).
    Egp,
    /// Learned some other way (2).
    Incomplete,
}

impl Origin {
    /// The wire value.
    pub fn code(self) -> u8 {
        match self {
            Origin::Igp => 0,
            Origin::Egp => 1,
            Origin::Incomplete => 2,
        }
    }

    /// From the wire value, if valid.
    pub fn from_code(code: u8) -> Option<Origin> {
        match code {
            0 => Some(Origin::Igp),
            1 => Some(Origin::Egp),
            2 => Some(Origin::Incomplete),
            _ => None,
        }
    }

    /// The word bgpdump prints.
    pub fn name(self) -> &'static str {
        match self {
            Origin::Igp => "IGP",
            Origin::Egp => "EGP",
            Origin::Incomplete => "INCOMPLETE",
        }
    }
}

/// AS_PATH segment types (RFC 4271 and RFC 5065 for confederations).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SegmentKind {
    /// Unordered set (1).
    Set,
    /// Ordered sequence (2).
    Sequence,
    /// Confederation sequence (3).
    ConfedSequence,
    /// Confederation set (4).
    ConfedSet,
}

impl SegmentKind {
    /// The wire value.
    pub fn code(self) -> u8 {
        match self {
            SegmentKind::Set => 1,
            SegmentKind::Sequence => 2,
            SegmentKind::ConfedSequence => 3,
            SegmentKind::ConfedSet => 4,
        }
    }

    /// From the wire value, if valid.
    pub fn from_code(code: u8) -> Option<SegmentKind> {
        match code {
            1 => Some(SegmentKind::Set),
            2 => Some(SegmentKind::Sequence),
            3 => Some(SegmentKind::ConfedSequence),
            4 => Some(SegmentKind::ConfedSet),
            _ => None,
        }
    }
}

/// One AS_PATH segment.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Segment {
    /// Set or sequence.
    pub kind: SegmentKind,
    /// The ASNs, always held as 4-byte numbers.
    #[serde(with = "compact")]
    pub asns: Asns,
}

/// AGGREGATOR (and AS4_AGGREGATOR).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Aggregator {
    /// The aggregating AS.
    pub asn: u32,
    /// The aggregating router.
    pub addr: Ipv4Addr,
}

/// MP_REACH_NLRI (RFC 4760).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MpReach {
    /// Address family (1 IPv4, 2 IPv6).
    pub afi: u16,
    /// Subsequent address family (1 unicast, 2 multicast).
    pub safi: u8,
    /// Next hop bytes as sent (for IPv6: global, optionally followed by link-local).
    pub next_hop: Vec<u8>,
    /// Reachable prefixes.
    pub nlri: Vec<Prefix>,
}

impl MpReach {
    /// The global IPv6 next hop, when there is one.
    pub fn next_hop_v6(&self) -> Option<Ipv6Addr> {
        let b: [u8; 16] = self.next_hop.get(..16)?.try_into().ok()?;
        Some(Ipv6Addr::from(b))
    }
}

/// MP_UNREACH_NLRI (RFC 4760).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MpUnreach {
    /// Address family.
    pub afi: u16,
    /// Subsequent address family.
    pub safi: u8,
    /// Withdrawn prefixes.
    pub withdrawn: Vec<Prefix>,
}

/// An attribute this crate does not interpret, kept byte for byte.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RawAttribute {
    /// Flag bits as received (the extended-length bit is recomputed on encode).
    pub flags: u8,
    /// Type code.
    pub code: u8,
    /// Value bytes.
    pub value: Vec<u8>,
}

/// The path attributes of one UPDATE.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attributes {
    /// ORIGIN (1).
    pub origin: Option<Origin>,
    /// AS_PATH (2); `None` when absent, which differs from an empty path.
    #[serde(with = "compact::opt")]
    pub as_path: Option<AsPath>,
    /// NEXT_HOP (3).
    pub next_hop: Option<Ipv4Addr>,
    /// MULTI_EXIT_DISC (4).
    pub med: Option<u32>,
    /// LOCAL_PREF (5).
    pub local_pref: Option<u32>,
    /// ATOMIC_AGGREGATE (6).
    pub atomic_aggregate: bool,
    /// AGGREGATOR (7).
    pub aggregator: Option<Aggregator>,
    /// COMMUNITIES (8), each `asn << 16 | value`.
    #[serde(with = "compact::opt")]
    pub communities: Option<Communities>,
    /// MP_REACH_NLRI (14). This and the next two are rare in IPv4 tables
    /// and boxed, keeping every decoded UPDATE small.
    pub mp_reach: Option<Box<MpReach>>,
    /// MP_UNREACH_NLRI (15).
    pub mp_unreach: Option<Box<MpUnreach>>,
    /// AS4_PATH (17), sent by 4-byte speakers over 2-byte sessions.
    #[serde(with = "compact::boxed")]
    pub as4_path: Option<Box<AsPath>>,
    /// AS4_AGGREGATOR (18).
    pub as4_aggregator: Option<Aggregator>,
    /// Everything else, in arrival order.
    pub unknown: Vec<RawAttribute>,
}

/// One UPDATE message.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Update {
    /// IPv4 withdrawn routes.
    pub withdrawn: Vec<Prefix>,
    /// Path attributes.
    pub attrs: Attributes,
    /// IPv4 announced prefixes.
    #[serde(with = "compact")]
    pub nlri: Nlri,
}

impl Update {
    /// Prefixes announced or withdrawn, IPv4 and multiprotocol together.
    pub fn prefix_count(&self) -> usize {
        self.withdrawn.len()
            + self.nlri.len()
            + self.attrs.mp_reach.as_ref().map_or(0, |m| m.nlri.len())
            + self
                .attrs
                .mp_unreach
                .as_ref()
                .map_or(0, |m| m.withdrawn.len())
    }
}

/// Serde for the inline vectors in the shape of a `Vec`. Decoding goes
/// through `Vec` because smallvec's own impl reserves whatever length an
/// (untrusted) CBOR header claims; serde's `Vec` caps that guess.
mod compact {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use smallvec::{Array, SmallVec};

    pub fn serialize<A, S>(v: &SmallVec<A>, s: S) -> Result<S::Ok, S::Error>
    where
        A: Array,
        A::Item: Serialize,
        S: Serializer,
    {
        v.as_slice().serialize(s)
    }

    pub fn deserialize<'de, A, D>(d: D) -> Result<SmallVec<A>, D::Error>
    where
        A: Array,
        A::Item: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(Vec::<A::Item>::deserialize(d)?.into_iter().collect())
    }

    pub mod boxed {
        use super::*;

        pub fn serialize<A, S>(v: &Option<Box<SmallVec<A>>>, s: S) -> Result<S::Ok, S::Error>
        where
            A: Array,
            A::Item: Serialize,
            S: Serializer,
        {
            v.as_deref().map(SmallVec::as_slice).serialize(s)
        }

        pub fn deserialize<'de, A, D>(d: D) -> Result<Option<Box<SmallVec<A>>>, D::Error>
        where
            A: Array,
            A::Item: Deserialize<'de>,
            D: Deserializer<'de>,
        {
            Ok(super::opt::deserialize(d)?.map(Box::new))
        }
    }

    pub mod opt {
        use super::*;

        pub fn serialize<A, S>(v: &Option<SmallVec<A>>, s: S) -> Result<S::Ok, S::Error>
        where
            A: Array,
            A::Item: Serialize,
            S: Serializer,
        {
            v.as_deref().serialize(s)
        }

        pub fn deserialize<'de, A, D>(d: D) -> Result<Option<SmallVec<A>>, D::Error>
        where
            A: Array,
            A::Item: Deserialize<'de>,
            D: Deserializer<'de>,
        {
            Ok(Option::<Vec<A::Item>>::deserialize(d)?.map(|v| v.into_iter().collect()))
        }
    }
}
