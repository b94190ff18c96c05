//! Hostile input: every truncation and many bit flips of the real messages,
//! random bytes, deep nesting and huge numbers give `Ok` or an error, never
//! a panic; and whatever parses re-encodes to text that parses the same.

mod common;

use encbench_megaco::{encode_compact, encode_pretty, parse, MegacoMessage};

/// When `bytes` parses, both encodings of the result must parse back to it.
fn check(bytes: &[u8]) {
    if let Ok(m) = parse(bytes) {
        stable(&m, bytes);
    }
}

fn stable(m: &MegacoMessage, from: &[u8]) {
    for encode in [encode_pretty, encode_compact] {
        let mut out = Vec::new();
        encode(m, &mut out);
        match parse(&out) {
            Ok(back) => assert_eq!(&back, m, "from {:?}", from.escape_ascii().to_string()),
            Err(e) => panic!(
                "re-encoding of {:?} does not parse: {e}\n{}",
                from.escape_ascii().to_string(),
                out.escape_ascii()
            ),
        }
    }
}

/// Pretty and compact forms of every message.
fn forms() -> Vec<Vec<u8>> {
    let Some(msgs) = common::messages() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for m in msgs {
        out.push(m.text.clone());
        let mut c = Vec::new();
        encode_compact(&parse(&m.text).unwrap(), &mut c);
        out.push(c);
    }
    out
}

#[test]
fn every_truncation_of_every_message_is_handled() {
    for bytes in forms() {
        for cut in 0..bytes.len() {
            check(&bytes[..cut]);
        }
    }
}

#[test]
fn bit_flips_are_handled() {
    for bytes in forms().iter().step_by(3) {
        let mut flipped = bytes.clone();
        for i in 0..flipped.len() {
            for pattern in [0x01, 0x20, 0x80, 0xff] {
                flipped[i] ^= pattern;
                check(&flipped);
                flipped[i] ^= pattern;
            }
        }
    }
}

#[test]
fn random_bytes_and_random_token_soup_are_handled() {
    // A fixed xorshift stream, so a failure reproduces.
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let pieces: [&[u8]; 24] = [
        b"!/1 [1.2.3.4] ",
        b"MEGACO/3 <a>:1\n",
        b"T=1",
        b"P=2/3/&",
        b"C=-",
        b"C=$",
        b"{",
        b"}",
        b",",
        b"=",
        b"A=x",
        b"MF=[a,b]",
        b"M",
        b"O",
        b"L{v=0\n}",
        b"E=1",
        b"al/on",
        b"SG",
        b"DM=d{(1x)}",
        b"ER=5{\"t\"}",
        b"K{1-2}",
        b"EM",
        b"[1:2]",
        b"\"q",
    ];
    for _ in 0..20_000 {
        let len = (next() % 64) as usize;
        let random: Vec<u8> = (0..len).map(|_| next() as u8).collect();
        check(&random);
        let mut soup = b"!/1 [1.2.3.4] ".to_vec();
        for _ in 0..(next() % 24) {
            soup.extend_from_slice(pieces[(next() % 24) as usize]);
        }
        check(&soup);
    }
}

#[test]
fn deep_nesting_is_refused_not_overflowing_the_stack() {
    let mut text = b"!/3 [1.2.3.4] T=1{C=-{MF=x{E=1{al/on{NBRN{EM{E=2{".to_vec();
    for _ in 0..100_000 {
        text.extend_from_slice(b"a/b{NBRN{EM{E=2{");
    }
    let e = parse(&text).unwrap_err();
    assert!(e.message.starts_with("nesting too deep"), "{e}");
    // The same with plain braces and brackets.
    let braces = [b"!/1 [1.2.3.4] T=1".as_slice(), &[b'{'; 1_000_000]].concat();
    assert!(parse(&braces).is_err());
    let brackets = [b"!/1 [1.2.3.4] T=1{C=1{A=".as_slice(), &[b'['; 1_000_000]].concat();
    assert!(parse(&brackets).is_err());
}

#[test]
fn nesting_up_to_the_limit_round_trips() {
    // Twelve embedded event levels: deeper than any real message, within the cap.
    let mut text = b"!/3 [1.2.3.4] T=1{C=-{MF=x{E=1{".to_vec();
    for _ in 0..5 {
        text.extend_from_slice(b"a/b{NBRN{EM{E=2{");
    }
    text.extend_from_slice(b"a/b");
    text.extend_from_slice(&[b'}'; 5 * 4 + 4]);
    let m = parse(&text).unwrap_or_else(|e| panic!("{e}"));
    stable(&m, &text);
}

#[test]
fn huge_numbers_are_errors_at_the_number_not_overflows() {
    // (text, where the error must point)
    for (text, at) in [
        (
            "!/99999999999999999999999 [1.2.3.4] T=1{C=-{N=x{OE=1{a/b}}}}",
            "!/9",
        ),
        ("!/1 [1.2.3.4]:99999 T=1{C=-{N=x{OE=1{a/b}}}}", "99999"),
        (
            "!/1 [1.2.3.4] T=4294967296{C=-{N=x{OE=1{a/b}}}}",
            "4294967296",
        ),
        (
            "!/1 [1.2.3.4] T=1{C=99999999999999999999{N=x{OE=1{a/b}}}}",
            "999",
        ),
        ("!/1 [1.2.3.4] P=1/65536{C=1{N=x}}", "1/65536"),
        ("!/1 [1.2.3.4] T=1{C=1{PR=65536,N=x{OE=1{a/b}}}}", "65536"),
        ("!/1 [1.2.3.4] P=1{C=1{A=x{PG{nt-256}}}}", "nt-256"),
        ("!/1 [1.2.3.4] T=1{C=1{A=x{DM=d{T:256,(1)}}}}", "256"),
        ("!/1 [1.2.3.4] K{1-99999999999999999999}", "1-9"),
    ] {
        let e = parse(text.as_bytes()).unwrap_err();
        assert_eq!(e.offset, text.find(at).unwrap(), "{text}: {e}");
    }
    assert!(parse(b"!/1 [1.2.3.4] T=4294967295{C=4294967295{N=x{OE=1{a/b}}}}").is_ok());
}
