//! Megaco text tokens: every keyword in its long (pretty) and short
//! (compact) form, and a case-insensitive lookup from a scanned word.
//! (Generated once from RFC 3525's token list; edit by hand.)

/// A keyword of the text encoding.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kw {
    /// `Add` / `A`.
    Add,
    /// `ANSLgc` / `ANSLgc`.
    AndLgc,
    /// `Audit` / `AT`.
    Audit,
    /// `AuditCapability` / `AC`.
    AuditCap,
    /// `AuditValue` / `AV`.
    AuditValue,
    /// `Authentication` / `AU`.
    Auth,
    /// `Both` / `B`.
    Both,
    /// `Bothway` / `BW`.
    Bothway,
    /// `Brief` / `BR`.
    Brief,
    /// `Buffer` / `BF`.
    Buffer,
    /// `Context` / `C`.
    Ctx,
    /// `ContextAudit` / `CA`.
    ContextAudit,
    /// `ContextAttr` / `CT`.
    ContextAttr,
    /// `ContextList` / `CLT`.
    ContextList,
    /// `DigitMap` / `DM`.
    DigitMap,
    /// `SPADirection` / `SPADI`.
    Direction,
    /// `Discard` / `DS`.
    Discard,
    /// `Disconnected` / `DC`.
    Disconnected,
    /// `Delay` / `DL`.
    Delay,
    /// `Duration` / `DR`.
    Duration,
    /// `Embed` / `EM`.
    Embed,
    /// `Emergency` / `EG`.
    Emergency,
    /// `EmergencyOff` / `EGO`.
    EmergencyOff,
    /// `EmergencyValue` / `EGV`.
    EmergencyValue,
    /// `Error` / `ER`.
    Error,
    /// `EventBuffer` / `EB`.
    EventBuffer,
    /// `Events` / `E`.
    Events,
    /// `External` / `EX`.
    External,
    /// `Failover` / `FL`.
    Failover,
    /// `Forced` / `FO`.
    Forced,
    /// `Graceful` / `GR`.
    Graceful,
    /// `H221` / `H221`.
    H221,
    /// `H223` / `H223`.
    H223,
    /// `H226` / `H226`.
    H226,
    /// `HandOff` / `HO`.
    HandOff,
    /// `IEPSCall` / `IEPS`.
    Ieps,
    /// `ImmAckRequired` / `IA`.
    ImmAckRequired,
    /// `Inactive` / `IN`.
    Inactive,
    /// `Internal` / `IT`.
    Internal,
    /// `Intersignal` / `SPAIS`.
    IntsigDelay,
    /// `IntByEvent` / `IBE`.
    IntByEvent,
    /// `IntBySigDescr` / `IBS`.
    IntBySigDescr,
    /// `Isolate` / `IS`.
    Isolate,
    /// `InService` / `IV`.
    InSvc,
    /// `Iteration` / `IR`.
    Iteration,
    /// `KeepActive` / `KA`.
    KeepActive,
    /// `Local` / `L`.
    Local,
    /// `LocalControl` / `O`.
    LocalControl,
    /// `LockStep` / `SP`.
    LockStep,
    /// `Loopback` / `LB`.
    Loopback,
    /// `Media` / `M`.
    Media,
    /// `MEGACO` / `!`.
    Megacop,
    /// `Segment` / `SM`.
    Segment,
    /// `Method` / `MT`.
    Method,
    /// `MgcIdToTry` / `MG`.
    MgcId,
    /// `Mode` / `MO`.
    Mode,
    /// `Modify` / `MF`.
    Modify,
    /// `Modem` / `MD`.
    Modem,
    /// `Move` / `MV`.
    Move,
    /// `MTP` / `MTP`.
    Mtp,
    /// `Mux` / `MX`.
    Mux,
    /// `NeverNotify` / `NBNN`.
    NeverNotify,
    /// `Notify` / `N`.
    Notify,
    /// `NotifyCompletion` / `NC`.
    NotifyCompletion,
    /// `ImmediateNotify` / `NBIN`.
    ImmediateNotify,
    /// `RegulatedNotify` / `NBRN`.
    RegulatedNotify,
    /// `Nx64Kservice` / `N64`.
    Nx64k,
    /// `ObservedEvents` / `OE`.
    ObservedEvents,
    /// `OFF` / `OFF`.
    Off,
    /// `Oneway` / `OW`.
    Oneway,
    /// `OnewayBoth` / `OWB`.
    OnewayBoth,
    /// `OnewayExternal` / `OWE`.
    OnewayExternal,
    /// `OnOff` / `OO`.
    OnOff,
    /// `ORLgc` / `ORLgc`.
    OrLgc,
    /// `ON` / `ON`.
    On,
    /// `OtherReason` / `OR`.
    OtherReason,
    /// `OutOfService` / `OS`.
    OutOfSvc,
    /// `Packages` / `PG`.
    Packages,
    /// `Pending` / `PN`.
    Pending,
    /// `Priority` / `PR`.
    Priority,
    /// `Profile` / `PF`.
    Profile,
    /// `Reason` / `RE`.
    Reason,
    /// `ReceiveOnly` / `RC`.
    RecvOnly,
    /// `Reply` / `P`.
    Reply,
    /// `ResetEventsDescriptor` / `RSE`.
    ResetEventsDescriptor,
    /// `Restart` / `RS`.
    Restart,
    /// `Remote` / `R`.
    Remote,
    /// `SPARequestID` / `SPARQ`.
    RequestId,
    /// `ReservedGroup` / `RG`.
    ReservedGroup,
    /// `ReservedValue` / `RV`.
    ReservedValue,
    /// `END` / `&`.
    End,
    /// `SendOnly` / `SO`.
    SendOnly,
    /// `SendReceive` / `SR`.
    SendRecv,
    /// `Services` / `SV`.
    Services,
    /// `ServiceStates` / `SI`.
    ServiceStates,
    /// `ServiceChange` / `SC`.
    ServiceChange,
    /// `ServiceChangeAddress` / `AD`.
    ServiceChangeAddress,
    /// `ServiceChangeInc` / `SIC`.
    ServiceChangeInc,
    /// `SignalList` / `SL`.
    SignalList,
    /// `Signals` / `SG`.
    Signals,
    /// `SignalType` / `SY`.
    SignalType,
    /// `Statistics` / `SA`.
    Stats,
    /// `Stream` / `ST`.
    Stream,
    /// `Subtract` / `S`.
    Subtract,
    /// `SynchISDN` / `SN`.
    SynchIsdn,
    /// `TerminationState` / `TS`.
    TerminationState,
    /// `Test` / `TE`.
    Test,
    /// `TimeOut` / `TO`.
    TimeOut,
    /// `Topology` / `TP`.
    Topology,
    /// `Transaction` / `T`.
    Trans,
    /// `TransactionResponseAck` / `K`.
    ResponseAck,
    /// `V18` / `V18`.
    V18,
    /// `V22` / `V22`.
    V22,
    /// `V22b` / `V22b`.
    V22bis,
    /// `V32` / `V32`.
    V32,
    /// `V32b` / `V32b`.
    V32bis,
    /// `V34` / `V34`.
    V34,
    /// `V76` / `V76`.
    V76,
    /// `V90` / `V90`.
    V90,
    /// `V91` / `V91`.
    V91,
    /// `Version` / `V`.
    Version,
}

impl Kw {
    /// The pretty (long) spelling.
    pub fn long(self) -> &'static str {
        match self {
            Kw::Add => "Add",
            Kw::AndLgc => "ANSLgc",
            Kw::Audit => "Audit",
            Kw::AuditCap => "AuditCapability",
            Kw::AuditValue => "AuditValue",
            Kw::Auth => "Authentication",
            Kw::Both => "Both",
            Kw::Bothway => "Bothway",
            Kw::Brief => "Brief",
            Kw::Buffer => "Buffer",
            Kw::Ctx => "Context",
            Kw::ContextAudit => "ContextAudit",
            Kw::ContextAttr => "ContextAttr",
            Kw::ContextList => "ContextList",
            Kw::DigitMap => "DigitMap",
            Kw::Direction => "SPADirection",
            Kw::Discard => "Discard",
            Kw::Disconnected => "Disconnected",
            Kw::Delay => "Delay",
            Kw::Duration => "Duration",
            Kw::Embed => "Embed",
            Kw::Emergency => "Emergency",
            Kw::EmergencyOff => "EmergencyOff",
            Kw::EmergencyValue => "EmergencyValue",
            Kw::Error => "Error",
            Kw::EventBuffer => "EventBuffer",
            Kw::Events => "Events",
            Kw::External => "External",
            Kw::Failover => "Failover",
            Kw::Forced => "Forced",
            Kw::Graceful => "Graceful",
            Kw::H221 => "H221",
            Kw::H223 => "H223",
            Kw::H226 => "H226",
            Kw::HandOff => "HandOff",
            Kw::Ieps => "IEPSCall",
            Kw::ImmAckRequired => "ImmAckRequired",
            Kw::Inactive => "Inactive",
            Kw::Internal => "Internal",
            Kw::IntsigDelay => "Intersignal",
            Kw::IntByEvent => "IntByEvent",
            Kw::IntBySigDescr => "IntBySigDescr",
            Kw::Isolate => "Isolate",
            Kw::InSvc => "InService",
            Kw::Iteration => "Iteration",
            Kw::KeepActive => "KeepActive",
            Kw::Local => "Local",
            Kw::LocalControl => "LocalControl",
            Kw::LockStep => "LockStep",
            Kw::Loopback => "Loopback",
            Kw::Media => "Media",
            Kw::Megacop => "MEGACO",
            Kw::Segment => "Segment",
            Kw::Method => "Method",
            Kw::MgcId => "MgcIdToTry",
            Kw::Mode => "Mode",
            Kw::Modify => "Modify",
            Kw::Modem => "Modem",
            Kw::Move => "Move",
            Kw::Mtp => "MTP",
            Kw::Mux => "Mux",
            Kw::NeverNotify => "NeverNotify",
            Kw::Notify => "Notify",
            Kw::NotifyCompletion => "NotifyCompletion",
            Kw::ImmediateNotify => "ImmediateNotify",
            Kw::RegulatedNotify => "RegulatedNotify",
            Kw::Nx64k => "Nx64Kservice",
            Kw::ObservedEvents => "ObservedEvents",
            Kw::Off => "OFF",
            Kw::Oneway => "Oneway",
            Kw::OnewayBoth => "OnewayBoth",
            Kw::OnewayExternal => "OnewayExternal",
            Kw::OnOff => "OnOff",
            Kw::OrLgc => "ORLgc",
            Kw::On => "ON",
            Kw::OtherReason => "OtherReason",
            Kw::OutOfSvc => "OutOfService",
            Kw::Packages => "Packages",
            Kw::Pending => "Pending",
            Kw::Priority => "Priority",
            Kw::Profile => "Profile",
            Kw::Reason => "Reason",
            Kw::RecvOnly => "ReceiveOnly",
            Kw::Reply => "Reply",
            Kw::ResetEventsDescriptor => "ResetEventsDescriptor",
            Kw::Restart => "Restart",
            Kw::Remote => "Remote",
            Kw::RequestId => "SPARequestID",
            Kw::ReservedGroup => "ReservedGroup",
            Kw::ReservedValue => "ReservedValue",
            Kw::End => "END",
            Kw::SendOnly => "SendOnly",
            Kw::SendRecv => "SendReceive",
            Kw::Services => "Services",
            Kw::ServiceStates => "ServiceStates",
            Kw::ServiceChange => "ServiceChange",
            Kw::ServiceChangeAddress => "ServiceChangeAddress",
            Kw::ServiceChangeInc => "ServiceChangeInc",
            Kw::SignalList => "SignalList",
            Kw::Signals => "Signals",
            Kw::SignalType => "SignalType",
            Kw::Stats => "Statistics",
            Kw::Stream => "Stream",
            Kw::Subtract => "Subtract",
            Kw::SynchIsdn => "SynchISDN",
            Kw::TerminationState => "TerminationState",
            Kw::Test => "Test",
            Kw::TimeOut => "TimeOut",
            Kw::Topology => "Topology",
            Kw::Trans => "Transaction",
            Kw::ResponseAck => "TransactionResponseAck",
            Kw::V18 => "V18",
            Kw::V22 => "V22",
            Kw::V22bis => "V22b",
            Kw::V32 => "V32",
            Kw::V32bis => "V32b",
            Kw::V34 => "V34",
            Kw::V76 => "V76",
            Kw::V90 => "V90",
            Kw::V91 => "V91",
            Kw::Version => "Version",
        }
    }

    /// The compact (short) spelling.
    pub fn short(self) -> &'static str {
        match self {
            Kw::Add => "A",
            Kw::AndLgc => "ANSLgc",
            Kw::Audit => "AT",
            Kw::AuditCap => "AC",
            Kw::AuditValue => "AV",
            Kw::Auth => "AU",
            Kw::Both => "B",
            Kw::Bothway => "BW",
            Kw::Brief => "BR",
            Kw::Buffer => "BF",
            Kw::Ctx => "C",
            Kw::ContextAudit => "CA",
            Kw::ContextAttr => "CT",
            Kw::ContextList => "CLT",
            Kw::DigitMap => "DM",
            Kw::Direction => "SPADI",
            Kw::Discard => "DS",
            Kw::Disconnected => "DC",
            Kw::Delay => "DL",
            Kw::Duration => "DR",
            Kw::Embed => "EM",
            Kw::Emergency => "EG",
            Kw::EmergencyOff => "EGO",
            Kw::EmergencyValue => "EGV",
            Kw::Error => "ER",
            Kw::EventBuffer => "EB",
            Kw::Events => "E",
            Kw::External => "EX",
            Kw::Failover => "FL",
            Kw::Forced => "FO",
            Kw::Graceful => "GR",
            Kw::H221 => "H221",
            Kw::H223 => "H223",
            Kw::H226 => "H226",
            Kw::HandOff => "HO",
            Kw::Ieps => "IEPS",
            Kw::ImmAckRequired => "IA",
            Kw::Inactive => "IN",
            Kw::Internal => "IT",
            Kw::IntsigDelay => "SPAIS",
            Kw::IntByEvent => "IBE",
            Kw::IntBySigDescr => "IBS",
            Kw::Isolate => "IS",
            Kw::InSvc => "IV",
            Kw::Iteration => "IR",
            Kw::KeepActive => "KA",
            Kw::Local => "L",
            Kw::LocalControl => "O",
            Kw::LockStep => "SP",
            Kw::Loopback => "LB",
            Kw::Media => "M",
            Kw::Megacop => "!",
            Kw::Segment => "SM",
            Kw::Method => "MT",
            Kw::MgcId => "MG",
            Kw::Mode => "MO",
            Kw::Modify => "MF",
            Kw::Modem => "MD",
            Kw::Move => "MV",
            Kw::Mtp => "MTP",
            Kw::Mux => "MX",
            Kw::NeverNotify => "NBNN",
            Kw::Notify => "N",
            Kw::NotifyCompletion => "NC",
            Kw::ImmediateNotify => "NBIN",
            Kw::RegulatedNotify => "NBRN",
            Kw::Nx64k => "N64",
            Kw::ObservedEvents => "OE",
            Kw::Off => "OFF",
            Kw::Oneway => "OW",
            Kw::OnewayBoth => "OWB",
            Kw::OnewayExternal => "OWE",
            Kw::OnOff => "OO",
            Kw::OrLgc => "ORLgc",
            Kw::On => "ON",
            Kw::OtherReason => "OR",
            Kw::OutOfSvc => "OS",
            Kw::Packages => "PG",
            Kw::Pending => "PN",
            Kw::Priority => "PR",
            Kw::Profile => "PF",
            Kw::Reason => "RE",
            Kw::RecvOnly => "RC",
            Kw::Reply => "P",
            Kw::ResetEventsDescriptor => "RSE",
            Kw::Restart => "RS",
            Kw::Remote => "R",
            Kw::RequestId => "SPARQ",
            Kw::ReservedGroup => "RG",
            Kw::ReservedValue => "RV",
            Kw::End => "&",
            Kw::SendOnly => "SO",
            Kw::SendRecv => "SR",
            Kw::Services => "SV",
            Kw::ServiceStates => "SI",
            Kw::ServiceChange => "SC",
            Kw::ServiceChangeAddress => "AD",
            Kw::ServiceChangeInc => "SIC",
            Kw::SignalList => "SL",
            Kw::Signals => "SG",
            Kw::SignalType => "SY",
            Kw::Stats => "SA",
            Kw::Stream => "ST",
            Kw::Subtract => "S",
            Kw::SynchIsdn => "SN",
            Kw::TerminationState => "TS",
            Kw::Test => "TE",
            Kw::TimeOut => "TO",
            Kw::Topology => "TP",
            Kw::Trans => "T",
            Kw::ResponseAck => "K",
            Kw::V18 => "V18",
            Kw::V22 => "V22",
            Kw::V22bis => "V22b",
            Kw::V32 => "V32",
            Kw::V32bis => "V32b",
            Kw::V34 => "V34",
            Kw::V76 => "V76",
            Kw::V90 => "V90",
            Kw::V91 => "V91",
            Kw::Version => "V",
        }
    }
}

/// Longest keyword spelling, in bytes.
const MAX_LEN: usize = 22;

/// The keyword `word` spells, ignoring ASCII case (tokens are case-insensitive).
pub fn lookup(word: &[u8]) -> Option<Kw> {
    if word.len() > MAX_LEN {
        return None;
    }
    let mut buf = [0u8; MAX_LEN];
    for (b, w) in buf.iter_mut().zip(word) {
        *b = w.to_ascii_lowercase();
    }
    Some(match &buf[..word.len()] {
        b"!" => Kw::Megacop,
        b"&" => Kw::End,
        b"a" => Kw::Add,
        b"b" => Kw::Both,
        b"c" => Kw::Ctx,
        b"e" => Kw::Events,
        b"k" => Kw::ResponseAck,
        b"l" => Kw::Local,
        b"m" => Kw::Media,
        b"n" => Kw::Notify,
        b"o" => Kw::LocalControl,
        b"p" => Kw::Reply,
        b"r" => Kw::Remote,
        b"s" => Kw::Subtract,
        b"t" => Kw::Trans,
        b"v" => Kw::Version,
        b"ac" => Kw::AuditCap,
        b"ad" => Kw::ServiceChangeAddress,
        b"at" => Kw::Audit,
        b"au" => Kw::Auth,
        b"av" => Kw::AuditValue,
        b"bf" => Kw::Buffer,
        b"br" => Kw::Brief,
        b"bw" => Kw::Bothway,
        b"ca" => Kw::ContextAudit,
        b"ct" => Kw::ContextAttr,
        b"dc" => Kw::Disconnected,
        b"dl" => Kw::Delay,
        b"dm" => Kw::DigitMap,
        b"dr" => Kw::Duration,
        b"ds" => Kw::Discard,
        b"eb" => Kw::EventBuffer,
        b"eg" => Kw::Emergency,
        b"em" => Kw::Embed,
        b"er" => Kw::Error,
        b"ex" => Kw::External,
        b"fl" => Kw::Failover,
        b"fo" => Kw::Forced,
        b"gr" => Kw::Graceful,
        b"ho" => Kw::HandOff,
        b"ia" => Kw::ImmAckRequired,
        b"in" => Kw::Inactive,
        b"ir" => Kw::Iteration,
        b"is" => Kw::Isolate,
        b"it" => Kw::Internal,
        b"iv" => Kw::InSvc,
        b"ka" => Kw::KeepActive,
        b"lb" => Kw::Loopback,
        b"md" => Kw::Modem,
        b"mf" => Kw::Modify,
        b"mg" => Kw::MgcId,
        b"mo" => Kw::Mode,
        b"mt" => Kw::Method,
        b"mv" => Kw::Move,
        b"mx" => Kw::Mux,
        b"nc" => Kw::NotifyCompletion,
        b"oe" => Kw::ObservedEvents,
        b"on" => Kw::On,
        b"oo" => Kw::OnOff,
        b"or" => Kw::OtherReason,
        b"os" => Kw::OutOfSvc,
        b"ow" => Kw::Oneway,
        b"pf" => Kw::Profile,
        b"pg" => Kw::Packages,
        b"pn" => Kw::Pending,
        b"pr" => Kw::Priority,
        b"rc" => Kw::RecvOnly,
        b"re" => Kw::Reason,
        b"rg" => Kw::ReservedGroup,
        b"rs" => Kw::Restart,
        b"rv" => Kw::ReservedValue,
        b"sa" => Kw::Stats,
        b"sc" => Kw::ServiceChange,
        b"sg" => Kw::Signals,
        b"si" => Kw::ServiceStates,
        b"sl" => Kw::SignalList,
        b"sm" => Kw::Segment,
        b"sn" => Kw::SynchIsdn,
        b"so" => Kw::SendOnly,
        b"sp" => Kw::LockStep,
        b"sr" => Kw::SendRecv,
        b"st" => Kw::Stream,
        b"sv" => Kw::Services,
        b"sy" => Kw::SignalType,
        b"te" => Kw::Test,
        b"to" => Kw::TimeOut,
        b"tp" => Kw::Topology,
        b"ts" => Kw::TerminationState,
        b"add" => Kw::Add,
        b"clt" => Kw::ContextList,
        b"ego" => Kw::EmergencyOff,
        b"egv" => Kw::EmergencyValue,
        b"end" => Kw::End,
        b"ibe" => Kw::IntByEvent,
        b"ibs" => Kw::IntBySigDescr,
        b"mtp" => Kw::Mtp,
        b"mux" => Kw::Mux,
        b"n64" => Kw::Nx64k,
        b"off" => Kw::Off,
        b"owb" => Kw::OnewayBoth,
        b"owe" => Kw::OnewayExternal,
        b"rse" => Kw::ResetEventsDescriptor,
        b"sic" => Kw::ServiceChangeInc,
        b"v18" => Kw::V18,
        b"v22" => Kw::V22,
        b"v32" => Kw::V32,
        b"v34" => Kw::V34,
        b"v76" => Kw::V76,
        b"v90" => Kw::V90,
        b"v91" => Kw::V91,
        b"both" => Kw::Both,
        b"h221" => Kw::H221,
        b"h223" => Kw::H223,
        b"h226" => Kw::H226,
        b"ieps" => Kw::Ieps,
        b"mode" => Kw::Mode,
        b"move" => Kw::Move,
        b"nbin" => Kw::ImmediateNotify,
        b"nbnn" => Kw::NeverNotify,
        b"nbrn" => Kw::RegulatedNotify,
        b"test" => Kw::Test,
        b"v22b" => Kw::V22bis,
        b"v32b" => Kw::V32bis,
        b"audit" => Kw::Audit,
        b"brief" => Kw::Brief,
        b"delay" => Kw::Delay,
        b"embed" => Kw::Embed,
        b"error" => Kw::Error,
        b"local" => Kw::Local,
        b"media" => Kw::Media,
        b"modem" => Kw::Modem,
        b"onoff" => Kw::OnOff,
        b"orlgc" => Kw::OrLgc,
        b"reply" => Kw::Reply,
        b"spadi" => Kw::Direction,
        b"spais" => Kw::IntsigDelay,
        b"sparq" => Kw::RequestId,
        b"anslgc" => Kw::AndLgc,
        b"buffer" => Kw::Buffer,
        b"events" => Kw::Events,
        b"forced" => Kw::Forced,
        b"megaco" => Kw::Megacop,
        b"method" => Kw::Method,
        b"modify" => Kw::Modify,
        b"notify" => Kw::Notify,
        b"oneway" => Kw::Oneway,
        b"reason" => Kw::Reason,
        b"remote" => Kw::Remote,
        b"stream" => Kw::Stream,
        b"bothway" => Kw::Bothway,
        b"context" => Kw::Ctx,
        b"discard" => Kw::Discard,
        b"handoff" => Kw::HandOff,
        b"isolate" => Kw::Isolate,
        b"pending" => Kw::Pending,
        b"profile" => Kw::Profile,
        b"restart" => Kw::Restart,
        b"segment" => Kw::Segment,
        b"signals" => Kw::Signals,
        b"timeout" => Kw::TimeOut,
        b"version" => Kw::Version,
        b"digitmap" => Kw::DigitMap,
        b"duration" => Kw::Duration,
        b"external" => Kw::External,
        b"failover" => Kw::Failover,
        b"graceful" => Kw::Graceful,
        b"iepscall" => Kw::Ieps,
        b"inactive" => Kw::Inactive,
        b"internal" => Kw::Internal,
        b"lockstep" => Kw::LockStep,
        b"loopback" => Kw::Loopback,
        b"packages" => Kw::Packages,
        b"priority" => Kw::Priority,
        b"sendonly" => Kw::SendOnly,
        b"services" => Kw::Services,
        b"subtract" => Kw::Subtract,
        b"topology" => Kw::Topology,
        b"emergency" => Kw::Emergency,
        b"inservice" => Kw::InSvc,
        b"iteration" => Kw::Iteration,
        b"synchisdn" => Kw::SynchIsdn,
        b"auditvalue" => Kw::AuditValue,
        b"intbyevent" => Kw::IntByEvent,
        b"keepactive" => Kw::KeepActive,
        b"mgcidtotry" => Kw::MgcId,
        b"onewayboth" => Kw::OnewayBoth,
        b"signallist" => Kw::SignalList,
        b"signaltype" => Kw::SignalType,
        b"statistics" => Kw::Stats,
        b"contextattr" => Kw::ContextAttr,
        b"contextlist" => Kw::ContextList,
        b"eventbuffer" => Kw::EventBuffer,
        b"intersignal" => Kw::IntsigDelay,
        b"nevernotify" => Kw::NeverNotify,
        b"otherreason" => Kw::OtherReason,
        b"receiveonly" => Kw::RecvOnly,
        b"sendreceive" => Kw::SendRecv,
        b"transaction" => Kw::Trans,
        b"contextaudit" => Kw::ContextAudit,
        b"disconnected" => Kw::Disconnected,
        b"emergencyoff" => Kw::EmergencyOff,
        b"localcontrol" => Kw::LocalControl,
        b"nx64kservice" => Kw::Nx64k,
        b"outofservice" => Kw::OutOfSvc,
        b"spadirection" => Kw::Direction,
        b"sparequestid" => Kw::RequestId,
        b"intbysigdescr" => Kw::IntBySigDescr,
        b"reservedgroup" => Kw::ReservedGroup,
        b"reservedvalue" => Kw::ReservedValue,
        b"servicechange" => Kw::ServiceChange,
        b"servicestates" => Kw::ServiceStates,
        b"authentication" => Kw::Auth,
        b"emergencyvalue" => Kw::EmergencyValue,
        b"immackrequired" => Kw::ImmAckRequired,
        b"observedevents" => Kw::ObservedEvents,
        b"onewayexternal" => Kw::OnewayExternal,
        b"auditcapability" => Kw::AuditCap,
        b"immediatenotify" => Kw::ImmediateNotify,
        b"regulatednotify" => Kw::RegulatedNotify,
        b"notifycompletion" => Kw::NotifyCompletion,
        b"servicechangeinc" => Kw::ServiceChangeInc,
        b"terminationstate" => Kw::TerminationState,
        b"emergencyofftoken" => Kw::EmergencyOff,
        b"servicechangeaddress" => Kw::ServiceChangeAddress,
        b"reseteventsdescriptor" => Kw::ResetEventsDescriptor,
        b"transactionresponseack" => Kw::ResponseAck,
        _ => return None,
    })
}
