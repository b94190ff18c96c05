//! Megaco text tokens: every keyword in its long (pretty) and short
//! (compact) form, from RFC 3525's token list, and a case-insensitive
//! lookup from a scanned word.

use std::sync::OnceLock;

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

/// A case-insensitive hash: ASCII letters fold to lower case.
fn hash(word: &[u8]) -> usize {
    word.iter().fold(word.len(), |h, &b| {
        h.wrapping_mul(31).wrapping_add(usize::from(b | 0x20))
    })
}

/// Every spelling in a hash table, built once: lookup is one hash and
/// (almost always) one comparison, the parser's hottest path.
fn index() -> &'static [Option<(&'static str, Kw)>] {
    static INDEX: OnceLock<Vec<Option<(&'static str, Kw)>>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut slots = vec![None; SLOTS];
        let spellings = TABLE
            .iter()
            .flat_map(|&(k, long, short)| [(long, k), (short, k)])
            .chain(ALIASES.iter().map(|&(k, s)| (s, k)));
        for (s, k) in spellings {
            let mut i = hash(s.as_bytes()) % SLOTS;
            loop {
                match slots[i] {
                    None => {
                        slots[i] = Some((s, k));
                        break;
                    }
                    Some((t, _)) if t.eq_ignore_ascii_case(s) => break, // `ON` is both spellings
                    Some(_) => i = (i + 1) % SLOTS,
                }
            }
        }
        slots
    })
}

/// The keyword `word` spells, ignoring ASCII case (tokens are case-insensitive).
pub fn lookup(word: &[u8]) -> Option<Kw> {
    if word.is_empty() || word.len() > MAX_LEN {
        return None;
    }
    let slots = index();
    let mut i = hash(word) % SLOTS;
    loop {
        match slots[i] {
            None => return None,
            Some((s, k)) if s.as_bytes().eq_ignore_ascii_case(word) => return Some(k),
            Some(_) => i = (i + 1) % SLOTS,
        }
    }
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
    fn lookup_ignores_case_and_knows_both_forms() {
        assert_eq!(lookup(b"TRANSACTION"), Some(Kw::Trans));
        assert_eq!(lookup(b"t"), Some(Kw::Trans));
        assert_eq!(lookup(b"sPaDi"), Some(Kw::Direction));
        assert_eq!(lookup(b"EmergencyOffToken"), Some(Kw::EmergencyOff));
        assert_eq!(lookup(b"&"), Some(Kw::End));
        assert_eq!(lookup(b"tdmc/gain"), None);
        assert_eq!(lookup(b""), None);
        assert_eq!(lookup(&[b'a'; 100]), None);
    }
}
