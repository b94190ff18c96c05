//! Commands and command replies.

use super::*;
use serde::{Deserialize, Serialize};

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
