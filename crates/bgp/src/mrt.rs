//! A streaming MRT (RFC 6396) reader: BGP4MP messages and state changes
//! (with their AS4 and extended-timestamp variants), TABLE_DUMP and
//! TABLE_DUMP_V2 RIB records. Other record types are skipped and counted.
//! Error offsets count bytes of the (decompressed) MRT stream.

use crate::model::{Attributes, Prefix};
use crate::wire::{self, AsSize, Cur, Message};
use crate::Error;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::net::{IpAddr, Ipv4Addr};
use std::path::Path;

/// Records claiming more than this are rejected before any body is read;
/// the largest real ones (TABLE_DUMP_V2 entries for thousands of peers) are far below.
pub const MAX_RECORD: u32 = 16 << 20;

/// Bodies up to this size are read into a buffer sized from the header;
/// larger claims grow it only as bytes arrive.
const SMALL_RECORD: u32 = 1 << 16;

/// Decompressed bytes buffered ahead of the record reader.
const DECODED_BUF: usize = 1 << 14;

const TABLE_DUMP: u16 = 12;
const TABLE_DUMP_V2: u16 = 13;
const BGP4MP: u16 = 16;
const BGP4MP_ET: u16 = 17;

/// The 12-byte record header, plus where the record starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Seconds since the epoch.
    pub time: u32,
    /// Record type.
    pub kind: u16,
    /// Record subtype.
    pub subtype: u16,
    /// Body length.
    pub len: u32,
    /// Offset of the header in the stream.
    pub offset: u64,
}

/// A BGP message seen by a collector (BGP4MP MESSAGE / MESSAGE_AS4 / *_LOCAL).
#[derive(Debug, Clone)]
pub struct Bgp4mpMessage<'a> {
    /// Microseconds after the header's second (BGP4MP_ET records only).
    pub micros: Option<u32>,
    /// Peer AS.
    pub peer_as: u32,
    /// Collector AS.
    pub local_as: u32,
    /// Peer address.
    pub peer_ip: IpAddr,
    /// Collector address.
    pub local_ip: IpAddr,
    /// AS number size of the session.
    pub as_size: AsSize,
    /// The BGP message, header included.
    pub message: &'a [u8],
    /// Stream offset of `message`.
    pub message_offset: u64,
}

impl Bgp4mpMessage<'_> {
    /// Decodes the carried message; error offsets are stream offsets.
    pub fn decode(&self) -> Result<Message, Error> {
        wire::decode_message(self.message, self.as_size).map_err(|e| e.shifted(self.message_offset))
    }
}

/// A peer's finite-state-machine transition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateChange {
    /// Microseconds after the header's second (BGP4MP_ET records only).
    pub micros: Option<u32>,
    /// Peer AS.
    pub peer_as: u32,
    /// Peer address.
    pub peer_ip: IpAddr,
    /// State before (1 Idle … 6 Established).
    pub old: u16,
    /// State after.
    pub new: u16,
}

/// A route in a RIB dump: TABLE_DUMP entry or one TABLE_DUMP_V2 RIB entry.
#[derive(Debug, Clone)]
pub struct RibRoute<'a> {
    /// Peer address.
    pub peer_ip: IpAddr,
    /// Peer AS.
    pub peer_as: u32,
    /// When the route was learned.
    pub originated: u32,
    /// AS size of the attribute block.
    pub as_size: AsSize,
    /// Raw path attributes.
    pub attrs: &'a [u8],
    /// Stream offset of `attrs`.
    pub attrs_offset: u64,
    /// TABLE_DUMP_V2's abbreviated MP_REACH_NLRI form is allowed.
    pub v2: bool,
}

impl RibRoute<'_> {
    /// Decodes the attributes; error offsets are stream offsets.
    pub fn decode_attrs(&self) -> Result<Attributes, Error> {
        let mut c = Cur::new(self.attrs, 0);
        wire::attributes(&mut c, self.as_size, self.v2).map_err(|e| e.shifted(self.attrs_offset))
    }
}

/// A TABLE_DUMP_V2 peer (from PEER_INDEX_TABLE).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Peer {
    /// Peer BGP identifier.
    pub bgp_id: Ipv4Addr,
    /// Peer address.
    pub ip: IpAddr,
    /// Peer AS.
    pub asn: u32,
}

/// One decoded record.
#[derive(Debug, Clone)]
pub enum Record<'a> {
    /// BGP4MP message.
    Message(Bgp4mpMessage<'a>),
    /// BGP4MP state change.
    State(StateChange),
    /// A legacy TABLE_DUMP entry: one prefix, one route.
    TableDump(Prefix, RibRoute<'a>),
    /// A TABLE_DUMP_V2 RIB record: one prefix, a route per peer.
    Rib(Prefix, Vec<RibRoute<'a>>),
    /// PEER_INDEX_TABLE (the reader keeps the peers; see [`MrtReader::peers`]).
    PeerIndex,
    /// A type this reader does not decode.
    Skipped,
}

/// Reads records one at a time from any byte stream.
pub struct MrtReader<R> {
    inner: R,
    buf: Vec<u8>,
    offset: u64,
    peers: Vec<Peer>,
    skipped: u64,
    compression: Option<&'static str>,
}

/// Opens a file, decompressing it when it starts with the gzip or bzip2
/// magic bytes (the compressions RIPE RIS and RouteViews ship). zstd and xz
/// files are recognised and refused with a clear error rather than read as MRT.
pub fn open(path: &Path) -> io::Result<MrtReader<Box<dyn Read>>> {
    let mut file = BufReader::with_capacity(1 << 16, File::open(path)?);
    let head = file.fill_buf()?;
    let compression = if head.starts_with(&[0x1f, 0x8b]) {
        Some("gzip")
    } else if head.starts_with(b"BZh") {
        Some("bzip2")
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) || head.starts_with(b"\xfd7zXZ\0") {
        let name = if head[0] == 0x28 { "zstd" } else { "xz" };
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("unsupported compression: {name} (decompress it first, or use gzip or bzip2)"),
        ));
    } else {
        None
    };
    let inner: Box<dyn Read> = match compression {
        Some("gzip") => Box::new(BufReader::with_capacity(
            DECODED_BUF,
            flate2::bufread::MultiGzDecoder::new(file),
        )),
        Some(_) => Box::new(BufReader::with_capacity(
            DECODED_BUF,
            bzip2::bufread::MultiBzDecoder::new(file),
        )),
        None => Box::new(file),
    };
    let mut reader = MrtReader::new(inner);
    reader.compression = compression;
    Ok(reader)
}

impl<R: Read> MrtReader<R> {
    /// A reader over an uncompressed MRT stream.
    pub fn new(inner: R) -> Self {
        MrtReader {
            inner,
            buf: Vec::new(),
            offset: 0,
            peers: Vec::new(),
            skipped: 0,
            compression: None,
        }
    }

    /// The compression [`open`] found ("gzip", "bzip2"); `None` for a plain
    /// stream. Error offsets count bytes of the decompressed stream.
    pub fn compression(&self) -> Option<&'static str> {
        self.compression
    }

    /// Bytes of the (decompressed) stream read past: where the next record starts.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Records of types this reader does not decode, so far.
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Peers of the last PEER_INDEX_TABLE.
    pub fn peers(&self) -> &[Peer] {
        &self.peers
    }

    /// The next record, `None` at a clean end of stream.
    pub fn next_record(&mut self) -> Result<Option<(Header, Record<'_>)>, Error> {
        let start = self.offset;
        let mut head = [0u8; 12];
        let got = read_full(&mut self.inner, &mut head).map_err(|e| io_error(start, e))?;
        if got == 0 {
            return Ok(None);
        }
        if got < 12 {
            return Err(
                Error::new(0, format!("truncated MRT header: {got} of 12 bytes")).shifted(start),
            );
        }
        let h = Header {
            time: u32::from_be_bytes([head[0], head[1], head[2], head[3]]),
            kind: u16::from_be_bytes([head[4], head[5]]),
            subtype: u16::from_be_bytes([head[6], head[7]]),
            len: u32::from_be_bytes([head[8], head[9], head[10], head[11]]),
            offset: start,
        };
        if h.len > MAX_RECORD {
            return Err(Error::new(
                8,
                format!("MRT record length {} over the {MAX_RECORD}-byte cap", h.len),
            )
            .shifted(start));
        }
        self.buf.clear();
        let n = if h.len <= SMALL_RECORD {
            // Nearly every record: one sized read, no end-of-stream probing.
            self.buf.resize(h.len as usize, 0);
            let n =
                read_full(&mut self.inner, &mut self.buf).map_err(|e| io_error(start + 12, e))?;
            self.buf.truncate(n);
            n
        } else {
            // Grows with the bytes that actually arrive, not with the claimed length.
            (&mut self.inner)
                .take(u64::from(h.len))
                .read_to_end(&mut self.buf)
                .map_err(|e| io_error(start + 12, e))?
        };
        if n < h.len as usize {
            return Err(Error::new(
                12 + n,
                format!(
                    "truncated MRT record: header says {} bytes, {n} present",
                    h.len
                ),
            )
            .shifted(start));
        }
        self.offset = start + 12 + u64::from(h.len);
        let body_at = (start + 12) as usize;
        let rec = parse(&h, &self.buf, body_at, &mut self.peers)?;
        if matches!(rec, Record::Skipped) {
            self.skipped += 1;
        }
        Ok(Some((h, rec)))
    }
}

fn io_error(at: u64, e: io::Error) -> Error {
    Error::new(0, format!("read error: {e}")).shifted(at)
}

/// Reads until `buf` is full or the stream ends; returns the bytes read.
fn read_full(r: &mut impl Read, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

fn ip(c: &mut Cur<'_>, v6: bool, what: &str) -> Result<IpAddr, Error> {
    Ok(if v6 {
        IpAddr::V6(c.ipv6(what)?)
    } else {
        IpAddr::V4(c.ipv4(what)?)
    })
}

fn afi_is_v6(c: &Cur<'_>, afi: u16) -> Result<bool, Error> {
    match afi {
        1 => Ok(false),
        2 => Ok(true),
        _ => Err(c.err(format!("address family {afi} unknown"))),
    }
}

fn parse<'a>(
    h: &Header,
    body: &'a [u8],
    base: usize,
    peers: &mut Vec<Peer>,
) -> Result<Record<'a>, Error> {
    let mut c = Cur::new(body, base);
    match (h.kind, h.subtype) {
        (BGP4MP | BGP4MP_ET, sub @ (0 | 1 | 4 | 5 | 6 | 7)) => {
            let micros = if h.kind == BGP4MP_ET {
                Some(c.u32("microsecond timestamp")?)
            } else {
                None
            };
            let size = if matches!(sub, 4 | 5 | 7) {
                AsSize::Four
            } else {
                AsSize::Two
            };
            let peer_as = c.asn(size, "peer AS")?;
            let local_as = c.asn(size, "local AS")?;
            c.u16("interface index")?;
            let afi = c.u16("address family")?;
            let v6 = afi_is_v6(&c, afi)?;
            let peer_ip = ip(&mut c, v6, "peer address")?;
            let local_ip = ip(&mut c, v6, "local address")?;
            if matches!(sub, 0 | 5) {
                let old = c.u16("old state")?;
                let new = c.u16("new state")?;
                return Ok(Record::State(StateChange {
                    micros,
                    peer_as,
                    peer_ip,
                    old,
                    new,
                }));
            }
            let message_offset = c.at() as u64;
            Ok(Record::Message(Bgp4mpMessage {
                micros,
                peer_as,
                local_as,
                peer_ip,
                local_ip,
                as_size: size,
                message: &body[c.pos..],
                message_offset,
            }))
        }
        (TABLE_DUMP, afi @ (1 | 2)) => {
            let v6 = afi == 2;
            c.u16("view number")?;
            c.u16("sequence number")?;
            let at = c.at();
            let addr = ip(&mut c, v6, "prefix")?;
            let len = c.u8("prefix length")?;
            let prefix = match addr {
                IpAddr::V4(a) if len <= 32 => Prefix::V4(a, len),
                IpAddr::V6(a) if len <= 128 => Prefix::V6(a, len),
                _ => return Err(Error::new(at, format!("prefix length {len} too long"))),
            };
            c.u8("status")?;
            let originated = c.u32("originated time")?;
            let peer_ip = ip(&mut c, v6, "peer address")?;
            let peer_as = u32::from(c.u16("peer AS")?);
            let alen = c.u16("attribute length")? as usize;
            let attrs_offset = c.at() as u64;
            let attrs = c.take(alen, "attributes")?;
            Ok(Record::TableDump(
                prefix,
                RibRoute {
                    peer_ip,
                    peer_as,
                    originated,
                    as_size: AsSize::Two,
                    attrs,
                    attrs_offset,
                    v2: false,
                },
            ))
        }
        (TABLE_DUMP_V2, 1) => {
            c.u32("collector BGP ID")?;
            let name_len = c.u16("view name length")? as usize;
            c.take(name_len, "view name")?;
            let count = c.u16("peer count")? as usize;
            peers.clear();
            // Each peer entry is at least 9 bytes; the capacity follows the bytes present.
            peers.reserve(count.min(c.left() / 9));
            for _ in 0..count {
                let kind = c.u8("peer type")?;
                let bgp_id = c.ipv4("peer BGP ID")?;
                let ip = ip(&mut c, kind & 1 != 0, "peer address")?;
                let asn = if kind & 2 != 0 {
                    c.u32("peer AS")?
                } else {
                    u32::from(c.u16("peer AS")?)
                };
                peers.push(Peer { bgp_id, ip, asn });
            }
            Ok(Record::PeerIndex)
        }
        (TABLE_DUMP_V2, sub @ 2..=5) => {
            c.u32("sequence number")?;
            let prefix = wire::prefix(&mut c, sub >= 4)?;
            let count = c.u16("entry count")? as usize;
            // An entry is at least 8 bytes.
            let mut routes = Vec::with_capacity(count.min(c.left() / 8));
            for _ in 0..count {
                let at = c.at();
                let index = c.u16("peer index")? as usize;
                let peer = *peers.get(index).ok_or_else(|| {
                    Error::new(
                        at,
                        format!(
                            "peer index {index} not in the {}-peer index table",
                            peers.len()
                        ),
                    )
                })?;
                let originated = c.u32("originated time")?;
                let alen = c.u16("attribute length")? as usize;
                let attrs_offset = c.at() as u64;
                let attrs = c.take(alen, "attributes")?;
                routes.push(RibRoute {
                    peer_ip: peer.ip,
                    peer_as: peer.asn,
                    originated,
                    as_size: AsSize::Four,
                    attrs,
                    attrs_offset,
                    v2: true,
                });
            }
            Ok(Record::Rib(prefix, routes))
        }
        _ => Ok(Record::Skipped),
    }
}
