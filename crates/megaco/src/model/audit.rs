//! Audit requests (`Audit { … }`, the `IndAud…` types).

use super::*;
use serde::{Deserialize, Serialize};

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
