//! MP_REACH/MP_UNREACH of families whose NLRI are not plain prefixes (VPN,
//! labelled, flowspec, L2VPN) stay raw attributes, and a dump shows what
//! Debian's `bgpdump -m` shows for them; a record that does not decode is
//! reported and skipped by `dump_skipping_bad`.

use encbench_bgp::dump::{dump, dump_skipping_bad};
use encbench_bgp::mrt::MrtReader;
use encbench_bgp::wire::{decode_message, encode_update, AsSize, Message};

fn attr(flags: u8, code: u8, v: &[u8]) -> Vec<u8> {
    let mut a = vec![flags, code, v.len() as u8];
    a.extend_from_slice(v);
    a
}

fn update(withdrawn: &[u8], attrs: &[u8], nlri: &[u8]) -> Vec<u8> {
    let mut b = vec![0xff; 16];
    let len = 19 + 4 + withdrawn.len() + attrs.len() + nlri.len();
    b.extend_from_slice(&(len as u16).to_be_bytes());
    b.push(2);
    b.extend_from_slice(&(withdrawn.len() as u16).to_be_bytes());
    b.extend_from_slice(withdrawn);
    b.extend_from_slice(&(attrs.len() as u16).to_be_bytes());
    b.extend_from_slice(attrs);
    b.extend_from_slice(nlri);
    b
}

/// A BGP4MP MESSAGE_AS4 record from AS 64500 at 192.0.2.1.
fn record(out: &mut Vec<u8>, msg: &[u8]) {
    let mut b = Vec::new();
    b.extend_from_slice(&64500u32.to_be_bytes());
    b.extend_from_slice(&64501u32.to_be_bytes());
    b.extend_from_slice(&[0, 0, 0, 1, 192, 0, 2, 1, 192, 0, 2, 2]);
    b.extend_from_slice(msg);
    out.extend_from_slice(&1_400_000_000u32.to_be_bytes());
    out.extend_from_slice(&[0, 16, 0, 4]);
    out.extend_from_slice(&(b.len() as u32).to_be_bytes());
    out.extend_from_slice(&b);
}

fn common() -> Vec<u8> {
    let mut a = attr(0x40, 1, &[0]);
    let mut path = vec![2, 2];
    path.extend_from_slice(&64500u32.to_be_bytes());
    path.extend_from_slice(&3356u32.to_be_bytes());
    a.extend(attr(0x40, 2, &path));
    a
}

/// A VPNv4 route (AFI 1, SAFI 128): label, route distinguisher 0:64500:1, 10.1.2.0/24.
const VPN_NLRI: [u8; 15] = [112, 0, 1, 1, 0, 0, 0, 0, 0xfb, 0xf4, 0, 1, 10, 1, 2];

/// The UPDATEs of the test file, in order: VPN reach with an IPv4 NLRI beside
/// it, VPN unreach with an IPv4 withdrawal, an L2VPN (AFI 25, SAFI 65) reach, a plain one.
fn messages() -> Vec<Vec<u8>> {
    let nh = attr(0x40, 3, &[192, 0, 2, 1]);
    let mut reach = vec![0, 1, 128, 12, 0, 0, 0, 0, 0, 0, 0, 0, 192, 0, 2, 9, 0];
    reach.extend_from_slice(&VPN_NLRI);
    let mut unreach = vec![0, 1, 128];
    unreach.extend_from_slice(&VPN_NLRI);
    let mut l2 = vec![0, 25, 65, 4, 192, 0, 2, 9, 0, 0, 17];
    l2.extend_from_slice(&[0; 17]);
    let a = common();
    vec![
        update(
            &[],
            &[&a[..], &nh, &attr(0x80, 14, &reach)].concat(),
            &[8, 10],
        ),
        update(&[16, 172, 16], &attr(0x80, 15, &unreach), &[]),
        update(&[], &[&a[..], &attr(0x80, 14, &l2)].concat(), &[]),
        update(&[], &[&a[..], &nh].concat(), &[24, 203, 0, 113]),
    ]
}

/// What `/usr/bin/bgpdump -m` (Debian's bgpdump 1.6) printed for the file
/// `messages` make: the VPN and L2VPN routes are left out, the rest shown.
const BGPDUMP: &str = "\
BGP4MP|1400000000|A|192.0.2.1|64500|10.0.0.0/8|64500 3356|IGP|192.0.2.1|0|0||NAG||
BGP4MP|1400000000|W|192.0.2.1|64500|172.16.0.0/16
BGP4MP|1400000000|A|192.0.2.1|64500|203.0.113.0/24|64500 3356|IGP|192.0.2.1|0|0||NAG||
";

#[test]
fn other_families_stay_raw_and_round_trip() {
    for (i, m) in messages().iter().enumerate() {
        let Ok(Message::Update(u)) = decode_message(m, AsSize::Four) else {
            panic!("message {i} does not decode");
        };
        assert!(u.attrs.mp_reach.is_none() && u.attrs.mp_unreach.is_none());
        let raw: Vec<u8> = u.attrs.unknown.iter().map(|r| r.code).collect();
        assert_eq!(raw, [vec![14], vec![15], vec![14], vec![]][i]);
        let mut again = Vec::new();
        encode_update(&u, AsSize::Four, &mut again).expect("encodes");
        // The MP attribute is last in each, so even the bytes come back.
        assert_eq!(&again, m, "message {i}");
    }
}

#[test]
fn dump_matches_bgpdump_on_other_families() {
    let mut file = Vec::new();
    for m in messages() {
        record(&mut file, &m);
    }
    let mut out = Vec::new();
    let stats = dump(&mut MrtReader::new(&file[..]), &mut out).expect("decodes");
    assert_eq!(String::from_utf8_lossy(&out), BGPDUMP);
    assert_eq!((stats.records, stats.lines, stats.bad), (4, 3, 0));
}

#[test]
fn a_bad_record_is_reported_and_skipped() {
    let m = messages();
    let mut file = Vec::new();
    record(&mut file, &m[0]);
    let bad_at = file.len() as u64;
    // An IPv4 NLRI of length 33, after the MRT, BGP4MP and BGP headers and 17 attribute bytes.
    record(&mut file, &update(&[], &common(), &[33, 1, 2, 3, 4, 5]));
    record(&mut file, &m[3]);
    let mut out = Vec::new();
    let mut seen = Vec::new();
    let stats = dump_skipping_bad(&mut MrtReader::new(&file[..]), &mut out, &mut |at, e| {
        seen.push((at, e.to_string()))
    })
    .expect("only a body is bad");
    let want = format!(
        "prefix length 33 over 32 at byte {}",
        bad_at + 12 + 20 + 19 + 4 + 17
    );
    assert_eq!(seen, vec![(bad_at, want)]);
    assert_eq!((stats.records, stats.lines, stats.bad), (3, 2, 1));
    let text = String::from_utf8_lossy(&out);
    assert!(text.ends_with("|203.0.113.0/24|64500 3356|IGP|192.0.2.1|0|0||NAG||\n"));
    // The strict dump stops there, with the lines before it.
    let mut out = Vec::new();
    let e = dump(&mut MrtReader::new(&file[..]), &mut out).unwrap_err();
    assert!(e.to_string().starts_with("prefix length 33 over 32"));
    assert_eq!(out.iter().filter(|&&b| b == b'\n').count(), 1);
}
