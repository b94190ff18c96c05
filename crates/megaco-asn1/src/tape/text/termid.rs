//! Termination ids between text (`11111111/00000000/$`, `ROOT`) and the
//! ASN.1 `TerminationID` (wildcard octets, id octets), as Erlang/OTP's
//! `megaco_binary_term_id_gen` converts them with its default level
//! configuration `[8, 8, 8]`.
//!
//! Under that configuration a text id is up to three `/`-separated levels,
//! one id octet each, written as binary digits:
//! - a level without wildcard has exactly 8 digits;
//! - a level may end in `$` (choose) or `*` (all) after 0 to 7 digits; its
//!   remaining bits are 0 in the id octet, and one wildcard octet says
//!   where: bit 7 all/choose, bit 6 "recursive" (every later bit too), bits
//!   0–5 the position of the first wildcarded bit counted from the id's
//!   last bit (23 = the first bit);
//! - the text may stop after a level that ends in a wildcard: the missing
//!   levels are 0 octets and the wildcard is recursive, except on the last
//!   level, where Erlang writes it without the flag;
//! - `ROOT` (any case: Erlang's scanner lowercases it) is no wildcard and
//!   eight `FF` octets.
//!
//! Erlang's own binary → text direction loses information (it decodes the
//! wildcard `07` of `11111111/00000000/$` as `11111111/00000000$/00000000`),
//! so [`write_text`] is written as the exact inverse of the encoder instead:
//! what it writes converts back to the same octets, and every text Erlang's
//! encoder accepts comes back as it was (with `ROOT` as `root`, as Erlang's
//! text encoder writes it).

/// A `TerminationID` in binary form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct BinaryTermId {
    /// `WildcardField`s (one octet each); `wildcards[..wildcard_count]`.
    pub wildcards: [u8; 4],
    pub wildcard_count: u8,
    /// The id octets: `id[..id_len]`.
    pub id: [u8; 8],
    pub id_len: u8,
}

/// The `[8, 8, 8]` configuration: three one-octet levels.
const LEVELS: usize = 3;
const ROOT_ID: [u8; 8] = [0xFF; 8];
/// Wildcard octet bits.
const ALL: u8 = 0x80;
const RECURSIVE: u8 = 0x40;
const POSITION: u8 = 0x3F;

/// Each octet as its 8 binary digits, so that a level is one copy.
const DIGITS: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut bit = 0;
        while bit < 8 {
            t[b][bit] = b'0' + ((b >> (7 - bit)) & 1) as u8;
            bit += 1;
        }
        b += 1;
    }
    t
};

/// Converts a text termination id; `None` when it has no binary form under
/// the `[8, 8, 8]` configuration.
pub(crate) fn from_text(text: &[u8]) -> Option<BinaryTermId> {
    if let Some(t) = three_levels(text) {
        return Some(t);
    }
    let mut t = BinaryTermId::default();
    if text.eq_ignore_ascii_case(b"root") {
        t.id = ROOT_ID;
        t.id_len = 8;
        return Some(t);
    }
    t.id_len = LEVELS as u8;
    let mut levels = text.split(|&c| c == b'/');
    for level in 0..LEVELS {
        let Some(digits) = levels.next() else {
            // Fewer levels: only after one that ended in a wildcard.
            return None;
        };
        let (wildcard, digits) = match digits.split_last() {
            Some((&b'$', rest)) => (Some(0), rest),
            Some((&b'*', rest)) => (Some(ALL), rest),
            _ => (None, digits),
        };
        let mut octet = 0u8;
        for &c in digits {
            octet = (octet << 1) | binary_digit(c)?;
        }
        let Some(kind) = wildcard else {
            if digits.len() != 8 {
                return None;
            }
            t.id[level] = octet;
            continue;
        };
        if digits.len() > 7 {
            return None;
        }
        let bits_after = 8 * (LEVELS - 1 - level) as u8;
        t.id[level] = octet.checked_shl(8 - digits.len() as u32).unwrap_or(0);
        let last = levels.clone().next().is_none();
        let recursive = if last && bits_after > 0 { RECURSIVE } else { 0 };
        t.wildcards[usize::from(t.wildcard_count)] =
            kind | recursive | (7 - digits.len() as u8 + bits_after);
        t.wildcard_count += 1;
        if last {
            // The levels not written are 0 octets (already).
            return Some(t);
        }
    }
    // More than three levels.
    levels.next().is_none().then_some(t)
}

/// Length of the usual id, [`three_levels`].
pub(crate) const THREE_LEVELS_LEN: usize = 3 * 8 + 2;

/// The usual id, three full levels (`01010101/…/…`, exactly
/// [`THREE_LEVELS_LEN`] bytes), eight digits at a time.
pub(crate) fn three_levels(text: &[u8]) -> Option<BinaryTermId> {
    let [_, _, _, _, _, _, _, _, b'/', _, _, _, _, _, _, _, _, b'/', _, _, _, _, _, _, _, _] = text
    else {
        return None;
    };
    let mut t = BinaryTermId::default();
    t.id[..LEVELS].copy_from_slice(&[
        octet_of_digits(&text[..8])?,
        octet_of_digits(&text[9..17])?,
        octet_of_digits(&text[18..])?,
    ]);
    t.id_len = LEVELS as u8;
    Some(t)
}

/// Eight binary digits as one octet (first digit the high bit), all at
/// once: each digit's low bit moved to its place by one multiplication.
fn octet_of_digits(digits: &[u8]) -> Option<u8> {
    let v = u64::from_be_bytes(digits.try_into().ok()?);
    if v & 0xFEFE_FEFE_FEFE_FEFE != 0x3030_3030_3030_3030 {
        return None;
    }
    let bits = v & 0x0101_0101_0101_0101;
    Some((bits.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8)
}

fn binary_digit(c: u8) -> Option<u8> {
    match c {
        b'0' => Some(0),
        b'1' => Some(1),
        _ => None,
    }
}

/// Writes the text of a binary termination id; false when it has none.
pub(crate) fn write_text(wildcards: &[u8], id: &[u8], out: &mut Vec<u8>) -> bool {
    if wildcards.is_empty() && id == ROOT_ID {
        out.extend_from_slice(b"root");
        return true;
    }
    if id.len() != LEVELS {
        return false;
    }
    // Each level's wildcard (its octet), checked first so that a refused id
    // writes nothing.
    let mut at_level = [None; LEVELS];
    let mut levels = LEVELS;
    let mut next_level = 0;
    for (i, &w) in wildcards.iter().enumerate() {
        let position = usize::from(w & POSITION);
        if position >= 8 * LEVELS {
            return false;
        }
        let level = LEVELS - 1 - position / 8;
        let digits = 7 - position % 8;
        // Erlang writes the wildcards in level order, at most one a level;
        // a recursive one ends the text, and is never on the last level.
        let recursive = w & RECURSIVE != 0;
        let last = i + 1 == wildcards.len();
        if level < next_level || recursive && (!last || level == LEVELS - 1) {
            return false;
        }
        next_level = level + 1;
        // The wildcarded bits and the levels a recursive wildcard covers are 0.
        if id[level] & (0xFF >> digits) != 0 {
            return false;
        }
        if recursive {
            if id[level + 1..].iter().any(|&b| b != 0) {
                return false;
            }
            levels = level + 1;
        }
        at_level[level] = Some((w, digits));
    }
    for level in 0..levels {
        if level > 0 {
            out.push(b'/');
        }
        let (digits, wildcard) = match at_level[level] {
            Some((w, digits)) => (digits, Some(if w & ALL != 0 { b'*' } else { b'$' })),
            None => (8, None),
        };
        out.extend_from_slice(&DIGITS[usize::from(id[level])][..digits]);
        out.extend(wildcard);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_digits_at_once_read_as_one_at_a_time() {
        for b in 0..=255u8 {
            assert_eq!(octet_of_digits(&DIGITS[usize::from(b)]), Some(b));
            for at in 0..8 {
                for bad in [b'2', b'/', b'$', b'0' - 1, b'1' | 0x80] {
                    let mut d = DIGITS[usize::from(b)];
                    d[at] = bad;
                    assert_eq!(octet_of_digits(&d), None, "{:?}", d);
                }
            }
        }
        let id = from_text(b"10000001/00000000/11111110").expect("an id");
        assert_eq!(
            (id.id_len, &id.id[..3], id.wildcard_count),
            (3, &[0x81, 0, 0xFE][..], 0)
        );
        assert_eq!(
            from_text(b"10000001/00000000/1111111$").map(|t| t.wildcard_count),
            Some(1)
        );
        assert_eq!(from_text(b"10000001/0000000/111111110"), None);
    }

    fn binary(wildcards: &[u8], id: &[u8]) -> BinaryTermId {
        let mut t = BinaryTermId {
            wildcard_count: wildcards.len() as u8,
            id_len: id.len() as u8,
            ..BinaryTermId::default()
        };
        t.wildcards[..wildcards.len()].copy_from_slice(wildcards);
        t.id[..id.len()].copy_from_slice(id);
        t
    }

    fn text_of(t: &BinaryTermId) -> Option<String> {
        let mut out = Vec::new();
        let wildcards = &t.wildcards[..usize::from(t.wildcard_count)];
        let ok = write_text(wildcards, &t.id[..usize::from(t.id_len)], &mut out);
        assert!(ok || out.is_empty(), "a refused id wrote {out:?}");
        ok.then(|| String::from_utf8(out).unwrap())
    }

    /// What `megaco_binary_term_id:encode([8,8,8], …)` answered for each
    /// (erl, megaco 4.4.2).
    const ERLANG: &[(&str, &[u8], &[u8])] = &[
        ("root", &[], &[0xFF; 8]),
        ("$", &[0x57], &[0, 0, 0]),
        ("*", &[0xD7], &[0, 0, 0]),
        ("11111111/00000000/00000000", &[], &[0xFF, 0, 0]),
        ("11111111/00000000/$", &[0x07], &[0xFF, 0, 0]),
        ("11111111/00000000/*", &[0x87], &[0xFF, 0, 0]),
        ("11111111/$", &[0x4F], &[0xFF, 0, 0]),
        ("11111111/*", &[0xCF], &[0xFF, 0, 0]),
        ("1111$", &[0x53], &[0xF0, 0, 0]),
        ("1111*/0000$/1$", &[0x93, 0x0B, 0x06], &[0xF0, 0, 0x80]),
        ("11111111/0000$/00000000", &[0x0B], &[0xFF, 0, 0]),
        ("$/00000000/00000000", &[0x17], &[0, 0, 0]),
        ("11111111/00000000/0000000$", &[0x00], &[0xFF, 0, 0]),
        ("11111111/0000000$", &[0x48], &[0xFF, 0, 0]),
    ];

    #[test]
    fn erlang_answers_both_ways() {
        for &(text, wildcards, id) in ERLANG {
            let t = binary(wildcards, id);
            assert_eq!(from_text(text.as_bytes()), Some(t), "{text}");
            assert_eq!(text_of(&t).as_deref(), Some(text), "{text}");
        }
        assert_eq!(from_text(b"ROOT"), Some(binary(&[], &[0xFF; 8])));
    }

    #[test]
    fn erlang_refusals() {
        for text in [
            "1111$/00000000",
            "0/1/1",
            "11111111/00000000/0000000",
            "11111111/00000000/00000000/1",
            "1$/1",
            "11111111/00000000",
            "11111111/00000000/00000000/",
            "11111111//00000000",
            "11111111/00000000/00000002",
            "11111111$/00000000/00000000",
            "1$1/00000000/00000000",
            "",
            "a",
        ] {
            assert_eq!(from_text(text.as_bytes()), None, "{text}");
        }
    }

    /// Every termination id of the 149 messages, from Erlang's BER tapes:
    /// written as text, it converts back to the same octets and is the
    /// text Erlang's compact encoding of the message holds, in order.
    #[test]
    fn every_id_of_the_149_messages() {
        use crate::tape::{Kind, TapeBer};
        use encbench_codecs::Codec;
        let compact = crate::compact_vectors();
        let mut seen = 0;
        let mut wildcarded = 0;
        for v in crate::ber_vectors() {
            let tape = TapeBer.decode(&v.bytes).expect("Erlang's BER decodes");
            let schema = tape.schema().expect("a module");
            let text = compact
                .iter()
                .find(|c| c.name == v.name)
                .expect("message in the compact vectors");
            let mut rest = &text.bytes[..];
            let nodes = &tape.nodes;
            for (i, node) in nodes.iter().enumerate() {
                if schema.name(node.ty) != "TerminationID" {
                    continue;
                }
                // { wildcard SEQUENCE OF (n octets), id }
                let n = nodes[i + 1].a as usize;
                let string = |at: usize| {
                    let n = nodes[at];
                    tape.string(n, schema.kind(n.ty))
                        .expect("in the buffer")
                        .to_vec()
                };
                let wildcards: Vec<u8> = (0..n).map(|k| string(i + 2 + k)[0]).collect();
                let id = string(i + 2 + n);
                assert!(matches!(
                    schema.kind(nodes[i + 2 + n].ty),
                    Kind::Octets { .. }
                ));
                let binary = binary(&wildcards, &id);
                let text = text_of(&binary).unwrap_or_else(|| panic!("{}: {binary:?}", v.name));
                assert_eq!(
                    from_text(text.as_bytes()),
                    Some(binary),
                    "{}: {text}",
                    v.name
                );
                let at = rest
                    .windows(text.len())
                    .position(|w| w == text.as_bytes())
                    .unwrap_or_else(|| panic!("{}: {text} not in Erlang's text", v.name));
                rest = &rest[at + text.len()..];
                seen += 1;
                wildcarded += usize::from(n > 0);
            }
        }
        assert!(
            seen > 300 && wildcarded > 0,
            "{seen} ids, {wildcarded} wildcarded"
        );
    }

    #[test]
    fn every_written_text_converts_back() {
        // All one- and two-wildcard octets over a few ids: whatever is
        // written must give the same octets back.
        let ids: [[u8; 3]; 4] = [[0, 0, 0], [0xFF, 0, 0], [0xF0, 0, 0x80], [0x80, 0x80, 0x80]];
        let mut written = 0;
        for id in ids {
            for a in 0..=255u8 {
                for b in std::iter::once(None).chain((0..=255u8).map(Some)) {
                    let ws: Vec<u8> = std::iter::once(a).chain(b).collect();
                    let t = binary(&ws, &id);
                    if let Some(text) = text_of(&t) {
                        assert_eq!(from_text(text.as_bytes()), Some(t), "{text}");
                        written += 1;
                    }
                }
            }
        }
        assert!(written > 100, "{written}");
        assert_eq!(text_of(&binary(&[], &[0, 0])), None);
        assert_eq!(text_of(&binary(&[0x57], &[0, 1, 0])), None);
        assert_eq!(text_of(&binary(&[0x17, 0x17], &[0, 0, 0])), None);
    }
}
