//! The typed Megaco message model.
//!
//! Its shape follows the ASN.1 module `MEDIA-GATEWAY-CONTROL-v3`
//! (MegacoMessage → Message → transactions → actions → commands →
//! descriptors) so that a text ↔ ASN.1 transform is a field-by-field walk.
//! Package, property, event and signal names stay text (as Erlang's text
//! records keep them), and SDP bodies stay their text lines. Where ASN.1 has
//! an `OPTIONAL` structure whose absence and emptiness the text cannot tell
//! apart, the model keeps a plain value (empty list, `false`) instead.

mod audit;
mod commands;
mod descriptors;
pub(crate) mod nested;

pub use audit::*;
pub use commands::*;
pub use descriptors::*;

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
