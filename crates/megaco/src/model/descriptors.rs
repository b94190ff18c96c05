//! Descriptors: media, events, signals, digit maps, statistics, packages.

use super::*;
use serde::{Deserialize, Serialize};

/// `MediaDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MediaDescriptor {
    /// `TerminationState { … }`.
    pub term_state: Option<TerminationStateDescriptor>,
    /// Stream parameters, if any.
    pub streams: Option<Streams>,
}

/// `MediaDescriptor.streams`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Streams {
    /// Stream parameters written directly in `Media { … }`.
    OneStream(StreamParms),
    /// `Stream = n { … }`, one or more.
    MultiStream(Vec<StreamDescriptor>),
}

/// `StreamDescriptor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreamDescriptor {
    /// Stream number.
    pub stream_id: u16,
    /// Its parameters.
    pub stream_parms: StreamParms,
}

/// `StreamParms`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StreamParms {
    /// `LocalControl { … }`.
    pub local_control: Option<LocalControlDescriptor>,
    /// `Local { SDP }`: the SDP's lines.
    pub local: Option<Vec<String>>,
    /// `Remote { SDP }`: the SDP's lines.
    pub remote: Option<Vec<String>>,
    /// `Statistics { … }` (version 3).
    pub statistics: Option<Vec<StatisticsParameter>>,
}

/// `LocalControlDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalControlDescriptor {
    /// `Mode = …`.
    pub stream_mode: Option<StreamMode>,
    /// `ReservedValue = ON|OFF`.
    pub reserve_value: Option<bool>,
    /// `ReservedGroup = ON|OFF`.
    pub reserve_group: Option<bool>,
    /// Package properties.
    pub property_parms: Vec<PropertyParm>,
}

/// `StreamMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum StreamMode {
    /// `SendOnly`.
    SendOnly,
    /// `ReceiveOnly`.
    RecvOnly,
    /// `SendReceive`.
    SendRecv,
    /// `Inactive`.
    Inactive,
    /// `Loopback`.
    LoopBack,
}

/// `TerminationStateDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TerminationStateDescriptor {
    /// Package properties.
    pub property_parms: Vec<PropertyParm>,
    /// `Buffer = OFF|LockStep`.
    pub event_buffer_control: Option<EventBufferControl>,
    /// `ServiceStates = …`.
    pub service_state: Option<ServiceState>,
}

/// `EventBufferControl`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventBufferControl {
    /// `OFF`.
    Off,
    /// `LockStep`.
    LockStep,
}

/// `ServiceState`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServiceState {
    /// `Test`.
    Test,
    /// `OutOfService`.
    OutOfSvc,
    /// `InService`.
    InSvc,
}

/// `PropertyParm` (also event, signal and context parameters):
/// `name = v`, `name > v`, `name = [a:b]`, `name = [a, b]`, `name = {a, b}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PropertyParm {
    /// `package/property` (or a bare parameter name).
    pub name: String,
    /// One value, or the list's values.
    pub value: Vec<String>,
    /// How the values relate to the name.
    pub extra_info: ExtraInfo,
}

/// `PropertyParm.extraInfo`, with plain `=` spelled out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExtraInfo {
    /// `name = value`.
    Equal,
    /// `name > v`, `name < v`, `name # v`.
    Relation(Relation),
    /// `name = [low:high]`.
    Range,
    /// `name = [a, b, …]`: all of them.
    SublistAnd,
    /// `name = {a, b, …}`: one of them.
    SublistOr,
}

/// `Relation`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relation {
    /// `>`.
    GreaterThan,
    /// `<`.
    SmallerThan,
    /// `#`.
    UnequalTo,
}

/// `EventsDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventsDescriptor {
    /// `= id` (absent in a bare `Events`).
    pub request_id: Option<u32>,
    /// Requested events.
    pub event_list: Vec<RequestedEvent>,
}

/// `RequestedEvent` (also `SecondRequestedEvent`; the text nests them alike).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedEvent {
    /// `package/event`.
    pub pkgd_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
    /// What to do when it fires.
    pub event_action: RequestedActions,
    /// Other parameters (`strict=exact`).
    pub ev_par_list: Vec<PropertyParm>,
}

/// `RequestedActions` (all fields default: ASN.1's absent `eventAction`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RequestedActions {
    /// `KeepActive`.
    pub keep_active: bool,
    /// `DigitMap = …`.
    pub event_dm: Option<DigitMapDescriptor>,
    /// `Embed { Events … }`.
    #[serde(deserialize_with = "super::nested::second_event")]
    pub second_event: Option<Box<EventsDescriptor>>,
    /// `Embed { Signals … }`.
    pub signals_descriptor: Option<Vec<SignalRequest>>,
    /// Notification behaviour (version 3).
    pub notify_behaviour: Option<NotifyBehaviour>,
    /// `ResetEventsDescriptor`.
    pub reset_event_flag: bool,
}

/// `NotifyBehaviour`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotifyBehaviour {
    /// `ImmediateNotify`.
    NotifyImmediate,
    /// `RegulatedNotify[ { Embed { … } }]`.
    NotifyRegulated(RegulatedEmbeddedDescriptor),
    /// `NeverNotify`.
    NeverNotify,
}

/// `RegulatedEmbeddedDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegulatedEmbeddedDescriptor {
    /// `Embed { Events … }`.
    #[serde(deserialize_with = "super::nested::second_event")]
    pub second_event: Option<Box<EventsDescriptor>>,
    /// `Embed { Signals … }`.
    pub signals_descriptor: Option<Vec<SignalRequest>>,
}

/// `EventSpec` (event buffer entries).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventSpec {
    /// `package/event`.
    pub event_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
    /// Other parameters.
    pub event_par_list: Vec<PropertyParm>,
}

/// `SignalRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SignalRequest {
    /// One signal.
    Signal(Signal),
    /// `SignalList = id { … }`.
    SeqSigList(SeqSigList),
}

/// `SeqSigList`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeqSigList {
    /// List id.
    pub id: u16,
    /// The signals, played in order.
    pub signal_list: Vec<Signal>,
}

/// `Signal`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signal {
    /// `package/signal`.
    pub signal_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
    /// `SignalType = …`.
    pub sig_type: Option<SignalType>,
    /// `Duration = n`.
    pub duration: Option<u16>,
    /// `NotifyCompletion = { … }`.
    pub notify_completion: Vec<NotifyCompletion>,
    /// `KeepActive`.
    pub keep_active: bool,
    /// Other parameters.
    pub sig_par_list: Vec<PropertyParm>,
    /// `SPADirection = …` (version 3).
    pub direction: Option<SignalDirection>,
    /// `SPARequestID = n` (version 3).
    pub request_id: Option<u32>,
    /// `Intersignal = n` (version 3).
    pub intersig_delay: Option<u16>,
}

/// `SignalType`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SignalType {
    /// `Brief`.
    Brief,
    /// `OnOff`.
    OnOff,
    /// `TimeOut`.
    TimeOut,
}

/// `NotifyCompletion` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum NotifyCompletion {
    /// `TimeOut`.
    OnTimeOut,
    /// `IntByEvent`.
    OnInterruptByEvent,
    /// `IntBySigDescr`.
    OnInterruptByNewSignalDescr,
    /// `OtherReason`.
    OtherReason,
    /// `Iteration`.
    OnIteration,
}

/// `SignalDirection`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SignalDirection {
    /// `Internal`.
    Internal,
    /// `External`.
    External,
    /// `Both`.
    Both,
}

/// `DigitMapDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigitMapDescriptor {
    /// `= name`.
    pub digit_map_name: Option<String>,
    /// `{ timers, body }`.
    pub digit_map_value: Option<DigitMapValue>,
}

/// `DigitMapValue`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigitMapValue {
    /// `T:n`.
    pub start_timer: Option<u8>,
    /// `S:n`.
    pub short_timer: Option<u8>,
    /// `L:n`.
    pub long_timer: Option<u8>,
    /// `Z:n`.
    pub duration_timer: Option<u8>,
    /// The digit map itself, as written (`(0s| 00s|…)`).
    pub digit_map_body: String,
}

/// `ObservedEventsDescriptor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObservedEventsDescriptor {
    /// Request id of the events descriptor that asked.
    pub request_id: u32,
    /// The events.
    pub observed_event_lst: Vec<ObservedEvent>,
}

/// `ObservedEvent`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObservedEvent {
    /// `package/event`.
    pub event_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
    /// Parameters.
    pub event_par_list: Vec<PropertyParm>,
    /// When it happened.
    pub time_notation: Option<TimeNotation>,
}

/// `StatisticsParameter`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatisticsParameter {
    /// `package/statistic`.
    pub stat_name: String,
    /// Its value(s); empty when only named.
    pub stat_value: Vec<String>,
}

/// `PackagesItem`: `name-version`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackagesItem {
    /// Package name.
    pub package_name: String,
    /// Package version.
    pub package_version: u8,
}
