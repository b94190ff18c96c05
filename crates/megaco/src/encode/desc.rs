//! Descriptors, context properties and parameter values.

use super::W;
use crate::model::*;
use crate::tokens::Kw;

impl W<'_> {
    pub(super) fn context_props(&mut self, c: &ContextRequest, first: &mut bool) {
        if let Some(p) = c.priority {
            self.item(first);
            self.kw_eq(Kw::Priority);
            self.num(p);
        }
        if let Some(e) = c.emergency {
            self.item(first);
            self.kw(if e { Kw::Emergency } else { Kw::EmergencyOff });
        }
        if !c.topology_req.is_empty() {
            self.item(first);
            self.kw(Kw::Topology);
            self.list(&c.topology_req, |w, t| {
                w.s(&t.termination_from);
                w.sep();
                w.s(&t.termination_to);
                w.sep();
                w.kw(match t.topology_direction {
                    TopologyDirection::Bothway => Kw::Bothway,
                    TopologyDirection::Isolate => Kw::Isolate,
                    TopologyDirection::Oneway => Kw::Oneway,
                });
                if let Some(s) = t.stream_id {
                    w.sep();
                    w.kw_eq(Kw::Stream);
                    w.num(s);
                }
                if let Some(x) = t.topology_direction_extension {
                    w.sep();
                    w.kw(match x {
                        TopologyDirectionExtension::OnewayBoth => Kw::OnewayBoth,
                        TopologyDirectionExtension::OnewayExternal => Kw::OnewayExternal,
                    });
                }
            });
        }
        if let Some(i) = c.ieps_call_ind {
            self.item(first);
            self.kw_eq(Kw::Ieps);
            self.kw(if i { Kw::On } else { Kw::Off });
        }
        if !c.context_prop.is_empty() {
            self.item(first);
            self.kw(Kw::ContextAttr);
            self.list(&c.context_prop, W::property_parm);
        }
        if !c.context_list.is_empty() {
            self.item(first);
            self.kw(Kw::ContextAttr);
            self.open();
            self.kw_eq(Kw::ContextList);
            self.list(&c.context_list, |w, id| w.num(*id));
            self.close();
        }
    }

    pub(super) fn amm_descriptor(&mut self, d: &AmmDescriptor) {
        match d {
            AmmDescriptor::Media(m) => self.media(m),
            AmmDescriptor::Events(e) => self.events(e),
            AmmDescriptor::EventBuffer(v) => self.event_buffer(v),
            AmmDescriptor::Signals(s) => self.signals(s),
            AmmDescriptor::DigitMap(d) => self.digit_map(d),
            AmmDescriptor::Audit(a) => self.audit_descriptor(a),
            AmmDescriptor::Statistics(s) => self.statistics(s),
        }
    }

    pub(super) fn audit_return_parameter(&mut self, a: &AuditReturnParameter) {
        match a {
            AuditReturnParameter::Error(e) => self.error(e),
            AuditReturnParameter::Media(m) => self.media(m),
            AuditReturnParameter::Events(e) => self.events(e),
            AuditReturnParameter::EventBuffer(v) => self.event_buffer(v),
            AuditReturnParameter::Signals(s) => self.signals(s),
            AuditReturnParameter::DigitMap(d) => self.digit_map(d),
            AuditReturnParameter::ObservedEvents(o) => self.observed_events(o),
            AuditReturnParameter::Statistics(s) => self.statistics(s),
            AuditReturnParameter::Packages(p) => self.packages(p),
            AuditReturnParameter::Empty(t) => self.kw(audit_kw(*t)),
        }
    }

    pub(super) fn media(&mut self, m: &MediaDescriptor) {
        self.kw(Kw::Media);
        self.open();
        let mut first = true;
        if let Some(ts) = &m.term_state {
            self.item(&mut first);
            self.kw(Kw::TerminationState);
            self.open();
            let mut f = true;
            for p in &ts.property_parms {
                self.item(&mut f);
                self.property_parm(p);
            }
            if let Some(b) = ts.event_buffer_control {
                self.item(&mut f);
                self.kw_eq(Kw::Buffer);
                self.kw(match b {
                    EventBufferControl::Off => Kw::Off,
                    EventBufferControl::LockStep => Kw::LockStep,
                });
            }
            if let Some(s) = ts.service_state {
                self.item(&mut f);
                self.kw_eq(Kw::ServiceStates);
                self.kw(service_state_kw(s));
            }
            self.close();
        }
        match &m.streams {
            Some(Streams::OneStream(s)) => self.stream_parms(s, &mut first),
            Some(Streams::MultiStream(v)) => {
                for s in v {
                    self.item(&mut first);
                    self.kw_eq(Kw::Stream);
                    self.num(s.stream_id);
                    self.open();
                    let mut f = true;
                    self.stream_parms(&s.stream_parms, &mut f);
                    self.close();
                }
            }
            None => {}
        }
        self.close();
    }

    pub(super) fn stream_parms(&mut self, s: &StreamParms, first: &mut bool) {
        if let Some(lc) = &s.local_control {
            self.item(first);
            self.kw(Kw::LocalControl);
            self.open();
            let mut f = true;
            if let Some(m) = lc.stream_mode {
                self.item(&mut f);
                self.kw_eq(Kw::Mode);
                self.kw(stream_mode_kw(m));
            }
            for (k, v) in [
                (Kw::ReservedValue, lc.reserve_value),
                (Kw::ReservedGroup, lc.reserve_group),
            ] {
                if let Some(v) = v {
                    self.item(&mut f);
                    self.kw_eq(k);
                    self.kw(if v { Kw::On } else { Kw::Off });
                }
            }
            for p in &lc.property_parms {
                self.item(&mut f);
                self.property_parm(p);
            }
            self.close();
        }
        for (k, sdp) in [(Kw::Local, &s.local), (Kw::Remote, &s.remote)] {
            if let Some(lines) = sdp {
                self.item(first);
                self.kw(k);
                self.sdp(lines);
            }
        }
        if let Some(st) = &s.statistics {
            self.item(first);
            self.statistics(st);
        }
    }

    /// SDP lines, each ended by a line break (CRLF in compact, as Erlang writes).
    pub(super) fn sdp(&mut self, lines: &[String]) {
        self.s(if self.pretty { " {\n" } else { "{\n" });
        for l in lines {
            self.s(l);
            self.s(if self.pretty { "\n" } else { "\r\n" });
        }
        if self.pretty {
            for _ in 0..self.indent {
                self.out.push(b'\t');
            }
        }
        self.out.push(b'}');
    }

    pub(super) fn property_parm(&mut self, p: &PropertyParm) {
        self.s(&p.name);
        self.parm_value(p);
    }

    pub(super) fn parm_value(&mut self, p: &PropertyParm) {
        let values = |w: &mut Self, sep: &str| {
            for (i, v) in p.value.iter().enumerate() {
                if i > 0 {
                    w.s(sep);
                }
                w.value(v);
            }
        };
        match p.extra_info {
            ExtraInfo::Equal => {
                self.out.push(b'=');
                values(self, "");
            }
            ExtraInfo::Relation(r) => {
                self.out.push(match r {
                    Relation::GreaterThan => b'>',
                    Relation::SmallerThan => b'<',
                    Relation::UnequalTo => b'#',
                });
                values(self, "");
            }
            ExtraInfo::Range => {
                self.s("=[");
                values(self, ":");
                self.out.push(b']');
            }
            ExtraInfo::SublistAnd => {
                self.s("=[");
                values(self, ",");
                self.out.push(b']');
            }
            ExtraInfo::SublistOr => {
                self.s("={");
                values(self, ",");
                self.out.push(b'}');
            }
        }
    }
}

pub(super) fn audit_kw(t: AuditToken) -> Kw {
    match t {
        AuditToken::Mux => Kw::Mux,
        AuditToken::Modem => Kw::Modem,
        AuditToken::Media => Kw::Media,
        AuditToken::Events => Kw::Events,
        AuditToken::Signals => Kw::Signals,
        AuditToken::DigitMap => Kw::DigitMap,
        AuditToken::Statistics => Kw::Stats,
        AuditToken::ObservedEvents => Kw::ObservedEvents,
        AuditToken::Packages => Kw::Packages,
        AuditToken::EventBuffer => Kw::EventBuffer,
    }
}

pub(super) fn stream_mode_kw(m: StreamMode) -> Kw {
    match m {
        StreamMode::SendOnly => Kw::SendOnly,
        StreamMode::RecvOnly => Kw::RecvOnly,
        StreamMode::SendRecv => Kw::SendRecv,
        StreamMode::Inactive => Kw::Inactive,
        StreamMode::LoopBack => Kw::Loopback,
    }
}

pub(super) fn service_state_kw(s: ServiceState) -> Kw {
    match s {
        ServiceState::Test => Kw::Test,
        ServiceState::OutOfSvc => Kw::OutOfSvc,
        ServiceState::InSvc => Kw::InSvc,
    }
}
