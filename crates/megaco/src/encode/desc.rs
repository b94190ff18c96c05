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

    fn media(&mut self, m: &MediaDescriptor) {
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

    fn stream_parms(&mut self, s: &StreamParms, first: &mut bool) {
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
    fn sdp(&mut self, lines: &[String]) {
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

    fn parm_value(&mut self, p: &PropertyParm) {
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

    fn events(&mut self, e: &EventsDescriptor) {
        self.kw(Kw::Events);
        if let Some(id) = e.request_id {
            self.eq();
            self.num(id);
            self.list(&e.event_list, W::requested_event);
        }
    }

    fn requested_event(&mut self, e: &RequestedEvent) {
        self.s(&e.pkgd_name);
        let a = &e.event_action;
        if e.stream_id.is_none() && e.ev_par_list.is_empty() && *a == RequestedActions::default() {
            return;
        }
        self.open();
        let mut f = true;
        if let Some(s) = e.stream_id {
            self.item(&mut f);
            self.kw_eq(Kw::Stream);
            self.num(s);
        }
        for p in &e.ev_par_list {
            self.item(&mut f);
            self.property_parm(p);
        }
        if a.keep_active {
            self.item(&mut f);
            self.kw(Kw::KeepActive);
        }
        if let Some(d) = &a.event_dm {
            self.item(&mut f);
            self.digit_map(d);
        }
        if a.second_event.is_some() || a.signals_descriptor.is_some() {
            self.item(&mut f);
            self.embed(a.second_event.as_deref(), a.signals_descriptor.as_deref());
        }
        match &a.notify_behaviour {
            Some(NotifyBehaviour::NotifyImmediate) => {
                self.item(&mut f);
                self.kw(Kw::ImmediateNotify);
            }
            Some(NotifyBehaviour::NeverNotify) => {
                self.item(&mut f);
                self.kw(Kw::NeverNotify);
            }
            Some(NotifyBehaviour::NotifyRegulated(r)) => {
                self.item(&mut f);
                self.kw(Kw::RegulatedNotify);
                if r.second_event.is_some() || r.signals_descriptor.is_some() {
                    self.open();
                    self.embed(r.second_event.as_deref(), r.signals_descriptor.as_deref());
                    self.close();
                }
            }
            None => {}
        }
        if a.reset_event_flag {
            self.item(&mut f);
            self.kw(Kw::ResetEventsDescriptor);
        }
        self.close();
    }

    fn embed(&mut self, events: Option<&EventsDescriptor>, signals: Option<&[SignalRequest]>) {
        self.kw(Kw::Embed);
        self.open();
        let mut f = true;
        if let Some(s) = signals {
            self.item(&mut f);
            self.signals(s);
        }
        if let Some(e) = events {
            self.item(&mut f);
            self.events(e);
        }
        self.close();
    }

    fn signals(&mut self, v: &[SignalRequest]) {
        self.kw(Kw::Signals);
        if v.is_empty() {
            return;
        }
        self.list(v, |w, s| match s {
            SignalRequest::Signal(s) => w.signal(s),
            SignalRequest::SeqSigList(l) => {
                w.kw_eq(Kw::SignalList);
                w.num(l.id);
                w.list(&l.signal_list, W::signal);
            }
        });
    }

    fn signal(&mut self, s: &Signal) {
        self.s(&s.signal_name);
        let bare = s.stream_id.is_none()
            && s.sig_type.is_none()
            && s.duration.is_none()
            && s.notify_completion.is_empty()
            && !s.keep_active
            && s.sig_par_list.is_empty()
            && s.direction.is_none()
            && s.request_id.is_none()
            && s.intersig_delay.is_none();
        if bare {
            return;
        }
        self.open();
        let mut f = true;
        if let Some(v) = s.stream_id {
            self.item(&mut f);
            self.kw_eq(Kw::Stream);
            self.num(v);
        }
        if let Some(t) = s.sig_type {
            self.item(&mut f);
            self.kw_eq(Kw::SignalType);
            self.kw(match t {
                SignalType::Brief => Kw::Brief,
                SignalType::OnOff => Kw::OnOff,
                SignalType::TimeOut => Kw::TimeOut,
            });
        }
        if let Some(d) = s.duration {
            self.item(&mut f);
            self.kw_eq(Kw::Duration);
            self.num(d);
        }
        if !s.notify_completion.is_empty() {
            self.item(&mut f);
            self.kw_eq(Kw::NotifyCompletion);
            self.list(&s.notify_completion, |w, n| {
                w.kw(match n {
                    NotifyCompletion::OnTimeOut => Kw::TimeOut,
                    NotifyCompletion::OnInterruptByEvent => Kw::IntByEvent,
                    NotifyCompletion::OnInterruptByNewSignalDescr => Kw::IntBySigDescr,
                    NotifyCompletion::OtherReason => Kw::OtherReason,
                    NotifyCompletion::OnIteration => Kw::Iteration,
                })
            });
        }
        if s.keep_active {
            self.item(&mut f);
            self.kw(Kw::KeepActive);
        }
        for p in &s.sig_par_list {
            self.item(&mut f);
            self.property_parm(p);
        }
        if let Some(d) = s.direction {
            self.item(&mut f);
            self.kw_eq(Kw::Direction);
            self.kw(match d {
                SignalDirection::Internal => Kw::Internal,
                SignalDirection::External => Kw::External,
                SignalDirection::Both => Kw::Both,
            });
        }
        if let Some(r) = s.request_id {
            self.item(&mut f);
            self.kw_eq(Kw::RequestId);
            self.num(r);
        }
        if let Some(d) = s.intersig_delay {
            self.item(&mut f);
            self.kw_eq(Kw::IntsigDelay);
            self.num(d);
        }
        self.close();
    }

    pub(super) fn digit_map(&mut self, d: &DigitMapDescriptor) {
        self.kw(Kw::DigitMap);
        if let Some(n) = &d.digit_map_name {
            self.eq();
            self.s(n);
        }
        let Some(v) = &d.digit_map_value else {
            return;
        };
        self.open();
        for (c, t) in [
            ("T:", v.start_timer),
            ("S:", v.short_timer),
            ("L:", v.long_timer),
            ("Z:", v.duration_timer),
        ] {
            if let Some(t) = t {
                self.s(c);
                self.num(t);
                self.sep();
            }
        }
        self.s(&v.digit_map_body);
        self.close();
    }

    pub(super) fn observed_events(&mut self, o: &ObservedEventsDescriptor) {
        self.kw_eq(Kw::ObservedEvents);
        self.num(o.request_id);
        self.list(&o.observed_event_lst, |w, e| {
            if let Some(t) = &e.time_notation {
                w.time(t);
                w.out.push(b':');
            }
            w.s(&e.event_name);
            w.event_parms(e.stream_id, &e.event_par_list);
        });
    }

    fn time(&mut self, t: &TimeNotation) {
        self.s(&t.date);
        self.out.push(b'T');
        self.s(&t.time);
    }

    fn event_parms(&mut self, stream: Option<u16>, parms: &[PropertyParm]) {
        if stream.is_none() && parms.is_empty() {
            return;
        }
        self.open();
        let mut f = true;
        if let Some(s) = stream {
            self.item(&mut f);
            self.kw_eq(Kw::Stream);
            self.num(s);
        }
        for p in parms {
            self.item(&mut f);
            self.property_parm(p);
        }
        self.close();
    }

    fn event_buffer(&mut self, v: &[EventSpec]) {
        self.kw(Kw::EventBuffer);
        self.list(v, |w, e| {
            w.s(&e.event_name);
            w.event_parms(e.stream_id, &e.event_par_list);
        });
    }

    pub(super) fn statistics(&mut self, v: &[StatisticsParameter]) {
        self.kw(Kw::Stats);
        self.list(v, |w, s| {
            w.s(&s.stat_name);
            match s.stat_value.as_slice() {
                [] => {}
                [one] => {
                    w.eq();
                    w.value(one);
                }
                many => {
                    w.eq();
                    w.out.push(b'[');
                    for (i, v) in many.iter().enumerate() {
                        if i > 0 {
                            w.out.push(b',');
                        }
                        w.value(v);
                    }
                    w.out.push(b']');
                }
            }
        });
    }

    pub(super) fn packages(&mut self, v: &[PackagesItem]) {
        self.kw(Kw::Packages);
        self.list(v, W::package_item);
    }

    pub(super) fn package_item(&mut self, p: &PackagesItem) {
        self.s(&p.package_name);
        self.out.push(b'-');
        self.num(p.package_version);
    }

    pub(super) fn service_change_parm(&mut self, p: &ServiceChangeParm) {
        self.kw(Kw::Services);
        self.open();
        self.kw_eq(Kw::Method);
        self.kw(match p.method {
            ServiceChangeMethod::Failover => Kw::Failover,
            ServiceChangeMethod::Forced => Kw::Forced,
            ServiceChangeMethod::Graceful => Kw::Graceful,
            ServiceChangeMethod::Restart => Kw::Restart,
            ServiceChangeMethod::Disconnected => Kw::Disconnected,
            ServiceChangeMethod::HandOff => Kw::HandOff,
        });
        let mut first = false;
        let common = ServiceChangeResParm {
            mgc_id: p.mgc_id.clone(),
            address: p.address.clone(),
            version: p.version,
            profile: p.profile.clone(),
            time_stamp: p.time_stamp.clone(),
        };
        self.service_change_common(&common, &mut first);
        if let Some(r) = &p.reason {
            self.item(&mut first);
            self.kw_eq(Kw::Reason);
            self.out.push(b'"');
            self.s(r);
            self.out.push(b'"');
        }
        if let Some(d) = p.delay {
            self.item(&mut first);
            self.kw_eq(Kw::Delay);
            self.num(d);
        }
        if p.incomplete {
            self.item(&mut first);
            self.kw(Kw::ServiceChangeInc);
        }
        self.close();
    }

    pub(super) fn service_change_common(&mut self, p: &ServiceChangeResParm, first: &mut bool) {
        if let Some(a) = &p.address {
            self.item(first);
            self.kw_eq(Kw::ServiceChangeAddress);
            match a {
                ServiceChangeAddress::Port(n) => self.num(*n),
                ServiceChangeAddress::Mid(m) => self.mid(m),
            }
        }
        if let Some(v) = p.version {
            self.item(first);
            self.kw_eq(Kw::Version);
            self.num(v);
        }
        if let Some(pr) = &p.profile {
            self.item(first);
            self.kw_eq(Kw::Profile);
            self.s(pr);
        }
        if let Some(m) = &p.mgc_id {
            self.item(first);
            self.kw_eq(Kw::MgcId);
            self.mid(m);
        }
        if let Some(t) = &p.time_stamp {
            self.item(first);
            self.time(t);
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
