//! Megaco text tokens: every keyword in its long (pretty) and short
//! (compact) form, from RFC 3525's token list, and a case-insensitive
//! lookup from a scanned word.

/// Declares [`Kw`] with its two spellings, one line per keyword.
macro_rules! keywords {
    ($($name:ident $long:literal $short:literal,)*) => {
        /// A keyword of the text encoding (variant names follow RFC 3525's token names).
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub enum Kw {
            $($name,)*
        }

        /// Every keyword with its long and short spelling.
        const TABLE: &[(Kw, &str, &str)] = &[$((Kw::$name, $long, $short),)*];
    };
}

keywords! {
    Add "Add" "A",
    AndLgc "ANSLgc" "ANSLgc",
    Audit "Audit" "AT",
    AuditCap "AuditCapability" "AC",
    AuditValue "AuditValue" "AV",
    Auth "Authentication" "AU",
    Both "Both" "B",
    Bothway "Bothway" "BW",
    Brief "Brief" "BR",
    Buffer "Buffer" "BF",
    Ctx "Context" "C",
    ContextAudit "ContextAudit" "CA",
    ContextAttr "ContextAttr" "CT",
    ContextList "ContextList" "CLT",
    DigitMap "DigitMap" "DM",
    Direction "SPADirection" "SPADI",
    Discard "Discard" "DS",
    Disconnected "Disconnected" "DC",
    Delay "Delay" "DL",
    Duration "Duration" "DR",
    Embed "Embed" "EM",
    Emergency "Emergency" "EG",
    EmergencyOff "EmergencyOff" "EGO",
    EmergencyValue "EmergencyValue" "EGV",
    Error "Error" "ER",
    EventBuffer "EventBuffer" "EB",
    Events "Events" "E",
    External "External" "EX",
    Failover "Failover" "FL",
    Forced "Forced" "FO",
    Graceful "Graceful" "GR",
    H221 "H221" "H221",
    H223 "H223" "H223",
    H226 "H226" "H226",
    HandOff "HandOff" "HO",
    Ieps "IEPSCall" "IEPS",
    ImmAckRequired "ImmAckRequired" "IA",
    Inactive "Inactive" "IN",
    Internal "Internal" "IT",
    IntsigDelay "Intersignal" "SPAIS",
    IntByEvent "IntByEvent" "IBE",
    IntBySigDescr "IntBySigDescr" "IBS",
    Isolate "Isolate" "IS",
    InSvc "InService" "IV",
    Iteration "Iteration" "IR",
    KeepActive "KeepActive" "KA",
    Local "Local" "L",
    LocalControl "LocalControl" "O",
    LockStep "LockStep" "SP",
    Loopback "Loopback" "LB",
    Media "Media" "M",
    Megacop "MEGACO" "!",
    Segment "Segment" "SM",
    Method "Method" "MT",
    MgcId "MgcIdToTry" "MG",
    Mode "Mode" "MO",
    Modify "Modify" "MF",
    Modem "Modem" "MD",
    Move "Move" "MV",
    Mtp "MTP" "MTP",
    Mux "Mux" "MX",
    NeverNotify "NeverNotify" "NBNN",
    Notify "Notify" "N",
    NotifyCompletion "NotifyCompletion" "NC",
    ImmediateNotify "ImmediateNotify" "NBIN",
    RegulatedNotify "RegulatedNotify" "NBRN",
    Nx64k "Nx64Kservice" "N64",
    ObservedEvents "ObservedEvents" "OE",
    Off "OFF" "OFF",
    Oneway "Oneway" "OW",
    OnewayBoth "OnewayBoth" "OWB",
    OnewayExternal "OnewayExternal" "OWE",
    OnOff "OnOff" "OO",
    OrLgc "ORLgc" "ORLgc",
    On "ON" "ON",
    OtherReason "OtherReason" "OR",
    OutOfSvc "OutOfService" "OS",
    Packages "Packages" "PG",
    Pending "Pending" "PN",
    Priority "Priority" "PR",
    Profile "Profile" "PF",
    Reason "Reason" "RE",
    RecvOnly "ReceiveOnly" "RC",
    Reply "Reply" "P",
    ResetEventsDescriptor "ResetEventsDescriptor" "RSE",
    Restart "Restart" "RS",
    Remote "Remote" "R",
    RequestId "SPARequestID" "SPARQ",
    ReservedGroup "ReservedGroup" "RG",
    ReservedValue "ReservedValue" "RV",
    End "END" "&",
    SendOnly "SendOnly" "SO",
    SendRecv "SendReceive" "SR",
    Services "Services" "SV",
    ServiceStates "ServiceStates" "SI",
    ServiceChange "ServiceChange" "SC",
    ServiceChangeAddress "ServiceChangeAddress" "AD",
    ServiceChangeInc "ServiceChangeInc" "SIC",
    SignalList "SignalList" "SL",
    Signals "Signals" "SG",
    SignalType "SignalType" "SY",
    Stats "Statistics" "SA",
    Stream "Stream" "ST",
    Subtract "Subtract" "S",
    SynchIsdn "SynchISDN" "SN",
    TerminationState "TerminationState" "TS",
    Test "Test" "TE",
    TimeOut "TimeOut" "TO",
    Topology "Topology" "TP",
    Trans "Transaction" "T",
    ResponseAck "TransactionResponseAck" "K",
    V18 "V18" "V18",
    V22 "V22" "V22",
    V22bis "V22b" "V22b",
    V32 "V32" "V32",
    V32bis "V32b" "V32b",
    V34 "V34" "V34",
    V76 "V76" "V76",
    V90 "V90" "V90",
    V91 "V91" "V91",
    Version "Version" "V",
}

/// Erlang's scanner also takes this spelling of `EmergencyOff`.
const ALIASES: &[(Kw, &str)] = &[(Kw::EmergencyOff, "EmergencyOffToken")];

impl Kw {
    /// The pretty (long) spelling.
    pub fn long(self) -> &'static str {
        TABLE[self as usize].1
    }

    /// The compact (short) spelling.
    pub fn short(self) -> &'static str {
        TABLE[self as usize].2
    }
}

/// Longest spelling we look up, in bytes (longer words are never keywords).
const MAX_LEN: usize = 24;

/// Slots of the open-addressing table (a power of two, about four per spelling).
const SLOTS: usize = 1024;

/// A word of up to [`MAX_LEN`] bytes, ASCII letters in lower case, as
/// little-endian words, zero-padded: equal keys are words equal but for case.
type Key = [u64; MAX_LEN / 8];

/// Each byte of `x` in ASCII lower case (other bytes kept), eight at a time:
/// a byte is an upper-case letter when adding `0x80 - b'A'` to its low seven
/// bits carries into the top bit and adding `0x80 - b'Z' - 1` does not, and
/// its top bit is clear.
const fn lower(x: u64) -> u64 {
    const ONES: u64 = u64::MAX / 255;
    let low7 = x & (0x7F * ONES);
    let from_a = low7.wrapping_add((0x80 - b'A' as u64) * ONES);
    let past_z = low7.wrapping_add((0x80 - b'Z' as u64 - 1) * ONES);
    let upper = (from_a ^ past_z) & !x & (0x80 * ONES);
    x | (upper >> 2)
}

/// Up to eight bytes as a little-endian word, zero-padded, with at most
/// three loads and no loop: keywords are short, and this is per word.
#[inline]
const fn load(b: &[u8]) -> u64 {
    let n = b.len();
    if n >= 8 {
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]])
    } else if n >= 4 {
        // Two overlapping four-byte loads.
        let lo = u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as u64;
        let hi = u32::from_le_bytes([b[n - 4], b[n - 3], b[n - 2], b[n - 1]]) as u64;
        lo | hi << (8 * (n - 4))
    } else if n > 0 {
        b[0] as u64 | (b[n / 2] as u64) << (8 * (n / 2)) | (b[n - 1] as u64) << (8 * (n - 1))
    } else {
        0
    }
}

/// The key of `word` (at most [`MAX_LEN`] bytes).
#[inline]
const fn key(word: &[u8]) -> Key {
    let mut key = [0u64; MAX_LEN / 8];
    let mut k = 0;
    while k * 8 < word.len() {
        let (_, rest) = word.split_at(k * 8);
        key[k] = lower(load(rest));
        k += 1;
    }
    key
}

/// The slot a key hashes to.
#[inline]
const fn slot(key: &Key, len: usize) -> usize {
    let mixed = key[0] ^ key[1].rotate_left(21) ^ key[2].rotate_left(42) ^ len as u64;
    (mixed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SLOTS
}

/// One spelling in the table; `len` 0 marks an empty slot.
#[derive(Clone, Copy)]
struct Entry {
    key: Key,
    len: u8,
    kw: Kw,
}

/// Every spelling in a hash table, built by the compiler: lookup is one
/// hash and (almost always) one comparison of three words, the parser's
/// hottest path.
static INDEX: [Entry; SLOTS] = {
    let mut slots = [Entry {
        key: [0; MAX_LEN / 8],
        len: 0,
        kw: Kw::Add,
    }; SLOTS];
    let mut t = 0;
    while t < TABLE.len() + ALIASES.len() {
        let (kw, spellings): (Kw, [&str; 2]) = if t < TABLE.len() {
            (TABLE[t].0, [TABLE[t].1, TABLE[t].2])
        } else {
            let (kw, s) = ALIASES[t - TABLE.len()];
            (kw, [s, s])
        };
        let mut w = 0;
        while w < 2 {
            let s = spellings[w].as_bytes();
            assert!(!s.is_empty() && s.len() <= MAX_LEN);
            let key = key(s);
            let mut i = slot(&key, s.len());
            loop {
                let e = slots[i];
                if e.len == 0 {
                    slots[i] = Entry {
                        key,
                        len: s.len() as u8,
                        kw,
                    };
                    break;
                }
                // `ON` is both spellings of one keyword: kept once.
                if e.len as usize == s.len()
                    && e.key[0] == key[0]
                    && e.key[1] == key[1]
                    && e.key[2] == key[2]
                {
                    break;
                }
                i = (i + 1) % SLOTS;
            }
            w += 1;
        }
        t += 1;
    }
    slots
};

/// Marks a pair of bytes that spells no keyword in [`SHORT`].
const NO_KEYWORD: u8 = u8::MAX;

/// Every spelling of one or two ASCII bytes, in every case, indexed by its
/// bytes (`first * 128 + second`, `second` 0 for one byte): most compact
/// keywords are one or two letters, and this finds them in one load.
static SHORT: [u8; 128 * 128] = {
    assert!(TABLE.len() < NO_KEYWORD as usize);
    let mut short = [NO_KEYWORD; 128 * 128];
    let mut t = 0;
    while t < TABLE.len() {
        let mut w = 0;
        while w < 2 {
            let s = if w == 0 { TABLE[t].1 } else { TABLE[t].2 }.as_bytes();
            if s.len() <= 2 {
                // Each letter in either case: up to four spellings.
                let mut variant = 0;
                while variant < 4 {
                    let mut at = 0;
                    let mut k = 0;
                    while k < s.len() {
                        let b = s[k];
                        let b = if variant >> k & 1 == 1 {
                            b.to_ascii_uppercase()
                        } else {
                            b.to_ascii_lowercase()
                        };
                        at = at * 128 + b as usize;
                        k += 1;
                    }
                    if s.len() == 1 {
                        at *= 128;
                    }
                    short[at] = t as u8;
                    variant += 1;
                }
            }
            w += 1;
        }
        t += 1;
    }
    short
};

/// The keyword `word` spells, ignoring ASCII case (tokens are case-insensitive).
#[inline]
pub fn lookup(word: &[u8]) -> Option<Kw> {
    match *word {
        [] => return None,
        [a] if a < 128 && a != 0 => return short(usize::from(a) * 128),
        [a, b] if a < 128 && b < 128 && a != 0 && b != 0 => {
            return short(usize::from(a) * 128 + usize::from(b))
        }
        _ if word.len() > MAX_LEN => return None,
        _ => {}
    }
    let key = key(word);
    let mut i = slot(&key, word.len());
    loop {
        let e = &INDEX[i];
        if usize::from(e.len) == word.len() && e.key == key {
            return Some(e.kw);
        }
        if e.len == 0 {
            return None;
        }
        i = (i + 1) % SLOTS;
    }
}

/// The keyword at `at` in [`SHORT`].
#[inline]
fn short(at: usize) -> Option<Kw> {
    let t = *SHORT.get(at)?;
    TABLE.get(usize::from(t)).map(|e| e.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_order_matches_the_enum_and_spellings_are_unique() {
        for (i, (k, _, _)) in TABLE.iter().enumerate() {
            assert_eq!(*k as usize, i);
        }
        let mut seen = std::collections::HashMap::new();
        for (k, long, short) in TABLE {
            for s in [long, short] {
                let prev = seen.insert(s.to_ascii_lowercase(), *k);
                assert!(
                    prev.is_none() || prev == Some(*k),
                    "{s} spells two keywords"
                );
                assert!(s.len() <= MAX_LEN);
            }
        }
    }

    #[test]
    fn lower_folds_exactly_the_ascii_capitals() {
        for b in 0..=255u8 {
            let folded = lower(u64::from_le_bytes([
                b,
                b'Q',
                b'@',
                b'[',
                0x80 | b'A',
                b'z',
                b'`',
                b'Z',
            ]));
            let want = u64::from_le_bytes([
                b.to_ascii_lowercase(),
                b'q',
                b'@',
                b'[',
                0x80 | b'A',
                b'z',
                b'`',
                b'z',
            ]);
            assert_eq!(folded, want, "byte {b:#04x}");
        }
    }

    #[test]
    fn every_spelling_is_found_under_any_case() {
        let spellings = TABLE
            .iter()
            .flat_map(|&(k, long, short)| [(long, k), (short, k)])
            .chain(ALIASES.iter().map(|&(k, s)| (s, k)));
        for (s, k) in spellings {
            assert_eq!(lookup(s.as_bytes()), Some(k), "{s}");
            assert_eq!(lookup(s.to_ascii_uppercase().as_bytes()), Some(k), "{s}");
            assert_eq!(lookup(s.to_ascii_lowercase().as_bytes()), Some(k), "{s}");
        }
    }

    #[test]
    fn lookup_ignores_case_and_knows_both_forms() {
        assert_eq!(lookup(b"TRANSACTION"), Some(Kw::Trans));
        assert_eq!(lookup(b"t"), Some(Kw::Trans));
        assert_eq!(lookup(b"sPaDi"), Some(Kw::Direction));
        assert_eq!(lookup(b"EmergencyOffToken"), Some(Kw::EmergencyOff));
        assert_eq!(lookup(b"&"), Some(Kw::End));
        assert_eq!(lookup(b"tdmc/gain"), None);
        assert_eq!(lookup(b""), None);
        assert_eq!(lookup(&[b'a'; 100]), None);
        // Bytes that differ from a spelling's only in bit 5 but are not
        // letters: `!` is 0x21, 0x01 is not it.
        assert_eq!(lookup(b"\x01"), None);
        assert_eq!(lookup(b"\0"), None);
        assert_eq!(lookup(b"t\0"), None);
        assert_eq!(lookup(b"\xd4"), None);
        assert_eq!(lookup(b"mF"), Some(Kw::Modify));
        assert_eq!(lookup(b"zz"), None);
        assert_eq!(lookup(b"!"), Some(Kw::Megacop));
        assert_eq!(lookup(b"tRANSACTIOn"), Some(Kw::Trans));
        assert_eq!(lookup(b"transactio"), None);
        assert_eq!(lookup(b"transactionn"), None);
    }
}
