//! The typed Megaco message model.
//!
//! Its shape follows the ASN.1 module `MEDIA-GATEWAY-CONTROL-v3`
//! (MegacoMessage → Message → transactions → actions → commands →
//! descriptors) so that a text ↔ ASN.1 transform is a field-by-field walk.
//! Package, property, event and signal names stay text (as Erlang's text
//! records keep them), and SDP bodies stay their text lines. Where ASN.1 has
//! an `OPTIONAL` structure whose absence and emptiness the text cannot tell
//! apart, the model keeps a plain value (empty list, `false`) instead.

use serde::{Deserialize, Serialize};

/// A whole message (ASN.1 `MegacoMessage`; the authentication header is not modelled).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MegacoMessage {
    /// The message proper.
    pub mess: Message,
}

/// `Message`: protocol version, sender and body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Message {
    /// `MEGACO/<version>`.
    pub version: u32,
    /// The sender's identity.
    pub mid: Mid,
    /// An error or the transactions.
    pub body: MessageBody,
}

/// `MId`: who sent the message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mid {
    /// `[a.b.c.d]:port`.
    Ip4 {
        /// The four address bytes.
        address: [u8; 4],
        /// `:port`, if given.
        port: Option<u16>,
    },
    /// `[v6 text]:port` (the address is kept as written).
    Ip6 {
        /// The address text between the brackets.
        address: String,
        /// `:port`, if given.
        port: Option<u16>,
    },
    /// `<domain.name>:port`.
    DomainName {
        /// The name between the angle brackets.
        name: String,
        /// `:port`, if given.
        port: Option<u16>,
    },
    /// A device name (a bare path name).
    DeviceName(String),
    /// `MTP{hex}`: the hex digits as written.
    MtpAddress(String),
}

/// `Message.messageBody`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum MessageBody {
    /// A message-level error.
    Error(ErrorDescriptor),
    /// One or more transactions.
    Transactions(Vec<Transaction>),
}

/// `ErrorDescriptor`: `Error = code { "text" }`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorDescriptor {
    /// The error code.
    pub error_code: u16,
    /// The quoted text, if any.
    pub error_text: Option<String>,
}

/// `Transaction`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Transaction {
    /// `Transaction = id { actions }`.
    Request(TransactionRequest),
    /// `Pending = id { }`.
    Pending(u32),
    /// `Reply = id[/segment[/END]] { … }`.
    Reply(TransactionReply),
    /// `TransactionResponseAck { first[-last], … }`.
    ResponseAck(Vec<TransactionAck>),
    /// `Segment = id/segment[/END]`.
    SegmentReply(SegmentReply),
}

/// `TransactionRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransactionRequest {
    /// Transaction id.
    pub transaction_id: u32,
    /// At least one action.
    pub actions: Vec<ActionRequest>,
}

/// `TransactionReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransactionReply {
    /// Transaction id.
    pub transaction_id: u32,
    /// `ImmAckRequired` was given.
    pub immediate_ack_required: bool,
    /// Segment number (version 3 segmentation).
    pub segment_number: Option<u16>,
    /// `/END`: the last segment.
    pub segmentation_complete: bool,
    /// An error or the action replies.
    pub result: TransactionResult,
}

/// `TransactionReply.transactionResult`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TransactionResult {
    /// The whole transaction failed.
    Error(ErrorDescriptor),
    /// One reply per action.
    ActionReplies(Vec<ActionReply>),
}

/// `TransactionAck`: one id or an inclusive range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransactionAck {
    /// First acknowledged id.
    pub first_ack: u32,
    /// Last acknowledged id of a range.
    pub last_ack: Option<u32>,
}

/// `SegmentReply`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SegmentReply {
    /// Transaction id.
    pub transaction_id: u32,
    /// Segment number.
    pub segment_number: u16,
    /// `/END`.
    pub segmentation_complete: bool,
}

/// `ContextID`, with the text's three special values spelled out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContextId {
    /// A numbered context.
    Id(u32),
    /// `-`: the null context.
    Null,
    /// `$`: choose one.
    Choose,
    /// `*`: all contexts.
    All,
}

/// `ActionRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRequest {
    /// The context.
    pub context_id: ContextId,
    /// Context properties to set (priority, emergency, topology …).
    pub context_request: Option<ContextRequest>,
    /// `ContextAudit { … }`.
    pub context_attr_audit: Option<ContextAttrAuditRequest>,
    /// The commands, in order.
    pub command_requests: Vec<CommandRequest>,
}

/// `ActionReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionReply {
    /// The context.
    pub context_id: ContextId,
    /// An error for the whole action.
    pub error_descriptor: Option<ErrorDescriptor>,
    /// Context properties reported back.
    pub context_reply: Option<ContextRequest>,
    /// The command replies, in order.
    pub command_replies: Vec<CommandReply>,
}

/// `ContextRequest` (also used for `contextReply`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContextRequest {
    /// `Priority = n`.
    pub priority: Option<u16>,
    /// `Emergency` (true) or `EmergencyOff` (false).
    pub emergency: Option<bool>,
    /// `Topology { … }`.
    pub topology_req: Vec<TopologyRequest>,
    /// `IEPSCall = ON|OFF`.
    pub ieps_call_ind: Option<bool>,
    /// `ContextAttr { properties }`.
    pub context_prop: Vec<PropertyParm>,
    /// `ContextAttr { ContextList = { ids } }`.
    pub context_list: Vec<u32>,
}

/// `TopologyRequest`: one triple.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TopologyRequest {
    /// From this termination …
    pub termination_from: String,
    /// … to this one.
    pub termination_to: String,
    /// Media flow direction.
    pub topology_direction: TopologyDirection,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
    /// `OnewayExternal` / `OnewayBoth` (version 3).
    pub topology_direction_extension: Option<TopologyDirectionExtension>,
}

/// `TopologyRequest.topologyDirection`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TopologyDirection {
    /// `Bothway`.
    Bothway,
    /// `Isolate`.
    Isolate,
    /// `Oneway`.
    Oneway,
}

/// `TopologyRequest.topologyDirectionExtension`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TopologyDirectionExtension {
    /// `OnewayExternal`.
    OnewayExternal,
    /// `OnewayBoth`.
    OnewayBoth,
}

/// `ContextAttrAuditRequest`: what `ContextAudit { … }` asks for.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ContextAttrAuditRequest {
    /// `Topology`.
    pub topology: bool,
    /// `Emergency`.
    pub emergency: bool,
    /// `Priority`.
    pub priority: bool,
    /// `IEPSCall`.
    pub ieps_call: bool,
    /// Package properties named bare (`tdmc/gain`).
    pub context_prop_aud: Vec<String>,
    /// `Priority = n`.
    pub sel_priority: Option<u16>,
    /// `EmergencyValue = Emergency|EmergencyOff`.
    pub sel_emergency: Option<bool>,
    /// `IEPSCall = ON|OFF`.
    pub sel_ieps: Option<bool>,
    /// `ANSLgc` / `ORLgc`.
    pub sel_logic: Option<SelectLogic>,
}

/// `SelectLogic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SelectLogic {
    /// `ANSLgc`.
    And,
    /// `ORLgc`.
    Or,
}

/// `CommandRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommandRequest {
    /// The command.
    pub command: Command,
    /// `O-` prefix.
    pub optional: bool,
    /// `W-` prefix.
    pub wildcard_return: bool,
}

/// `Command`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// `Add`.
    Add(AmmRequest),
    /// `Move`.
    Move(AmmRequest),
    /// `Modify`.
    Modify(AmmRequest),
    /// `Subtract`.
    Subtract(SubtractRequest),
    /// `AuditCapability`.
    AuditCap(AuditRequest),
    /// `AuditValue`.
    AuditValue(AuditRequest),
    /// `Notify`.
    Notify(NotifyRequest),
    /// `ServiceChange`.
    ServiceChange(ServiceChangeRequest),
}

/// `AmmRequest`: Add, Move or Modify.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmmRequest {
    /// One termination id, or a `[ … ]` list.
    pub termination_ids: Vec<String>,
    /// The descriptors, in order.
    pub descriptors: Vec<AmmDescriptor>,
}

/// `AmmDescriptor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AmmDescriptor {
    /// `Media { … }`.
    Media(MediaDescriptor),
    /// `Events[ = id { … }]`.
    Events(EventsDescriptor),
    /// `EventBuffer { … }`.
    EventBuffer(Vec<EventSpec>),
    /// `Signals[ { … }]`.
    Signals(Vec<SignalRequest>),
    /// `DigitMap …`.
    DigitMap(DigitMapDescriptor),
    /// `Audit { … }`.
    Audit(AuditDescriptor),
    /// `Statistics { … }` (version 3).
    Statistics(Vec<StatisticsParameter>),
}

/// `SubtractRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubtractRequest {
    /// Terminations to subtract.
    pub termination_ids: Vec<String>,
    /// `Audit { … }`, if given.
    pub audit_descriptor: Option<AuditDescriptor>,
}

/// `AuditRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditRequest {
    /// Terminations to audit.
    pub termination_ids: Vec<String>,
    /// What to audit.
    pub audit_descriptor: AuditDescriptor,
}

/// `NotifyRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotifyRequest {
    /// Notifying terminations.
    pub termination_ids: Vec<String>,
    /// What was observed.
    pub observed_events: ObservedEventsDescriptor,
    /// An error to report with it.
    pub error_descriptor: Option<ErrorDescriptor>,
}

/// `ServiceChangeRequest`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceChangeRequest {
    /// Affected terminations (`root` for the whole gateway).
    pub termination_ids: Vec<String>,
    /// `Services { … }`.
    pub service_change_parms: ServiceChangeParm,
}

/// `ServiceChangeParm`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceChangeParm {
    /// `Method = …` (required).
    pub method: ServiceChangeMethod,
    /// `ServiceChangeAddress = …`.
    pub address: Option<ServiceChangeAddress>,
    /// `Version = n`.
    pub version: Option<u32>,
    /// `Profile = name/version`.
    pub profile: Option<String>,
    /// `Reason = "…"`.
    pub reason: Option<String>,
    /// `Delay = n`.
    pub delay: Option<u32>,
    /// `MgcIdToTry = mid`.
    pub mgc_id: Option<Mid>,
    /// `yyyymmddThhmmssss`.
    pub time_stamp: Option<TimeNotation>,
    /// `ServiceChangeInc` (version 3).
    pub incomplete: bool,
}

/// `ServiceChangeMethod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServiceChangeMethod {
    /// `Failover`.
    Failover,
    /// `Forced`.
    Forced,
    /// `Graceful`.
    Graceful,
    /// `Restart`.
    Restart,
    /// `Disconnected`.
    Disconnected,
    /// `HandOff`.
    HandOff,
}

/// `ServiceChangeAddress`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServiceChangeAddress {
    /// A bare port number.
    Port(u16),
    /// A full address.
    Mid(Mid),
}

/// `ServiceChangeResParm`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceChangeResParm {
    /// `MgcIdToTry = mid`.
    pub mgc_id: Option<Mid>,
    /// `ServiceChangeAddress = …`.
    pub address: Option<ServiceChangeAddress>,
    /// `Version = n`.
    pub version: Option<u32>,
    /// `Profile = name/version`.
    pub profile: Option<String>,
    /// A time stamp.
    pub time_stamp: Option<TimeNotation>,
}

/// `TimeNotation`: `date T time`, both kept as their 8 digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TimeNotation {
    /// `yyyymmdd`.
    pub date: String,
    /// `hhmmssss`.
    pub time: String,
}

/// `CommandReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandReply {
    /// `Add`.
    Add(AmmsReply),
    /// `Move`.
    Move(AmmsReply),
    /// `Modify`.
    Modify(AmmsReply),
    /// `Subtract`.
    Subtract(AmmsReply),
    /// `AuditCapability`.
    AuditCap(AuditReply),
    /// `AuditValue`.
    AuditValue(AuditReply),
    /// `Notify`.
    Notify(NotifyReply),
    /// `ServiceChange`.
    ServiceChange(ServiceChangeReply),
}

/// `AmmsReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmmsReply {
    /// The terminations replied for.
    pub termination_ids: Vec<String>,
    /// Descriptors reported back (empty: none).
    pub termination_audit: Vec<AuditReturnParameter>,
}

/// `AuditReply` (the `auditResult` / `auditResultTermList` forms).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditReply {
    /// The audited terminations.
    pub termination_ids: Vec<String>,
    /// What the audit returned.
    pub termination_audit: Vec<AuditReturnParameter>,
}

/// `NotifyReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NotifyReply {
    /// The notifying terminations.
    pub termination_ids: Vec<String>,
    /// An error, if the notify failed.
    pub error_descriptor: Option<ErrorDescriptor>,
}

/// `ServiceChangeReply`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServiceChangeReply {
    /// The terminations.
    pub termination_ids: Vec<String>,
    /// An error or the parameters.
    pub result: ServiceChangeResult,
}

/// `ServiceChangeResult`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ServiceChangeResult {
    /// Refused.
    Error(ErrorDescriptor),
    /// Accepted, with these parameters.
    Parms(ServiceChangeResParm),
}

/// `AuditReturnParameter`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum AuditReturnParameter {
    /// `Error = …`.
    Error(ErrorDescriptor),
    /// `Media { … }`.
    Media(MediaDescriptor),
    /// `Events = id { … }`.
    Events(EventsDescriptor),
    /// `EventBuffer { … }`.
    EventBuffer(Vec<EventSpec>),
    /// `Signals { … }`.
    Signals(Vec<SignalRequest>),
    /// `DigitMap …`.
    DigitMap(DigitMapDescriptor),
    /// `ObservedEvents = id { … }`.
    ObservedEvents(ObservedEventsDescriptor),
    /// `Statistics { … }`.
    Statistics(Vec<StatisticsParameter>),
    /// `Packages { … }`.
    Packages(Vec<PackagesItem>),
    /// A descriptor named bare (`Media`, `DigitMap` …): ASN.1 `emptyDescriptors`.
    Empty(AuditToken),
}

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

/// `AuditDescriptor`: bare tokens and detailed (`IndAud…`) requests.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuditDescriptor {
    /// Descriptors named bare, in order.
    pub audit_token: Vec<AuditToken>,
    /// Detailed requests (version 2+).
    pub audit_property_token: Vec<IndAuditParameter>,
}

/// `AuditDescriptor.auditToken` bits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum AuditToken {
    /// `Mux`.
    Mux,
    /// `Modem`.
    Modem,
    /// `Media`.
    Media,
    /// `Events`.
    Events,
    /// `Signals`.
    Signals,
    /// `DigitMap`.
    DigitMap,
    /// `Statistics`.
    Statistics,
    /// `ObservedEvents`.
    ObservedEvents,
    /// `Packages`.
    Packages,
    /// `EventBuffer`.
    EventBuffer,
}

/// `IndAuditParameter`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IndAuditParameter {
    /// `Media { … }`.
    Media(IndAudMediaDescriptor),
    /// `Events[ = id] { pkg/event[{Stream = n}] }`.
    Events(IndAudEventsDescriptor),
    /// `EventBuffer { pkg/event[{Stream = n}] }`.
    EventBuffer(IndAudEventSpec),
    /// `Signals { … }`.
    Signals(IndAudSignalsDescriptor),
    /// `DigitMap = name`.
    DigitMap(Option<String>),
    /// `Statistics { pkg/stat }`.
    Statistics(String),
    /// `Packages { name-version }`.
    Packages(PackagesItem),
}

/// `IndAudMediaDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudMediaDescriptor {
    /// `TerminationState { … }`.
    pub term_state: Option<IndAudTerminationState>,
    /// Stream parts.
    pub streams: Option<IndAudStreams>,
}

/// `IndAudMediaDescriptor.streams`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IndAudStreams {
    /// Written directly inside `Media { … }`.
    OneStream(IndAudStreamParms),
    /// `Stream = n { … }`.
    MultiStream(Vec<(u16, IndAudStreamParms)>),
}

/// `IndAudStreamParms`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudStreamParms {
    /// `LocalControl { … }`.
    pub local_control: Option<IndAudLocalControl>,
    /// `Statistics { pkg/stat }`.
    pub statistics: Option<String>,
}

/// `IndAudLocalControlDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudLocalControl {
    /// `Mode`.
    pub stream_mode: bool,
    /// `ReservedValue`.
    pub reserve_value: bool,
    /// `ReservedGroup`.
    pub reserve_group: bool,
    /// Properties, named bare or with a value to match.
    pub property_parms: Vec<IndAudPropertyParm>,
    /// `Mode = …` (version 3 selection).
    pub stream_mode_sel: Option<StreamMode>,
}

/// `IndAudTerminationStateDescriptor`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudTerminationState {
    /// Properties, named bare or with a value to match.
    pub property_parms: Vec<IndAudPropertyParm>,
    /// `Buffer`.
    pub event_buffer_control: bool,
    /// `ServiceStates`.
    pub service_state: bool,
    /// `ServiceStates = …` (version 3 selection).
    pub service_state_sel: Option<ServiceState>,
}

/// `IndAudPropertyParm`: a name, or a name with a value to select on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudPropertyParm {
    /// `package/property`.
    pub name: String,
    /// `= value` (version 3 selection).
    pub prop_parms: Option<PropertyParm>,
}

/// `IndAudEventsDescriptor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudEventsDescriptor {
    /// `= id`.
    pub request_id: Option<u32>,
    /// `package/event`.
    pub pkgd_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
}

/// `IndAudEventBufferDescriptor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudEventSpec {
    /// `package/event`.
    pub event_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
}

/// `IndAudSignalsDescriptor`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IndAudSignalsDescriptor {
    /// One signal.
    Signal(IndAudSignal),
    /// `SignalList = id[ { signal }]`.
    SeqSigList {
        /// List id.
        id: u16,
        /// The signal, if named.
        signal: Option<IndAudSignal>,
    },
}

/// `IndAudSignal`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IndAudSignal {
    /// `package/signal`.
    pub signal_name: String,
    /// `Stream = n`.
    pub stream_id: Option<u16>,
    /// `SPARequestID = n` (version 3).
    pub signal_request_id: Option<u32>,
}
