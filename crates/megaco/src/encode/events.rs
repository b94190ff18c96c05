//! Events, signals, digit maps, observed events, statistics, packages
//! and service change parameters.

use super::W;
use crate::model::*;
use crate::tokens::Kw;

impl W<'_> {
    pub(super) fn events(&mut self, e: &EventsDescriptor) {
        self.kw(Kw::Events);
        if let Some(id) = e.request_id {
            self.eq();
            self.num(id);
            self.list(&e.event_list, W::requested_event);
        }
    }

    pub(super) fn requested_event(&mut self, e: &RequestedEvent) {
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

    pub(super) fn embed(
        &mut self,
        events: Option<&EventsDescriptor>,
        signals: Option<&[SignalRequest]>,
    ) {
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

    pub(super) fn signals(&mut self, v: &[SignalRequest]) {
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

    pub(super) fn signal(&mut self, s: &Signal) {
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

    pub(super) fn time(&mut self, t: &TimeNotation) {
        self.s(&t.date);
        self.out.push(b'T');
        self.s(&t.time);
    }

    pub(super) fn event_parms(&mut self, stream: Option<u16>, parms: &[PropertyParm]) {
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

    pub(super) fn event_buffer(&mut self, v: &[EventSpec]) {
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
