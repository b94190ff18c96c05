//! `ContextAudit { … }` and `Audit { … }`.

use super::desc::{audit_kw, service_state_kw, stream_mode_kw};
use super::W;
use crate::model::*;
use crate::tokens::Kw;

impl W<'_> {
    pub(super) fn context_audit(&mut self, a: &ContextAttrAuditRequest) {
        self.kw(Kw::ContextAudit);
        self.open();
        let mut f = true;
        for (on, k) in [
            (a.topology, Kw::Topology),
            (a.emergency, Kw::Emergency),
            (a.priority, Kw::Priority),
            (a.ieps_call, Kw::Ieps),
        ] {
            if on {
                self.item(&mut f);
                self.kw(k);
            }
        }
        for name in &a.context_prop_aud {
            self.item(&mut f);
            self.s(name);
        }
        if let Some(p) = a.sel_priority {
            self.item(&mut f);
            self.kw_eq(Kw::Priority);
            self.num(p);
        }
        if let Some(e) = a.sel_emergency {
            self.item(&mut f);
            self.kw_eq(Kw::EmergencyValue);
            self.kw(if e { Kw::Emergency } else { Kw::EmergencyOff });
        }
        if let Some(i) = a.sel_ieps {
            self.item(&mut f);
            self.kw_eq(Kw::Ieps);
            self.kw(if i { Kw::On } else { Kw::Off });
        }
        if let Some(l) = a.sel_logic {
            self.item(&mut f);
            self.kw(match l {
                SelectLogic::And => Kw::AndLgc,
                SelectLogic::Or => Kw::OrLgc,
            });
        }
        self.close();
    }

    pub(super) fn audit_descriptor(&mut self, a: &AuditDescriptor) {
        self.kw(Kw::Audit);
        self.open();
        let mut f = true;
        for t in &a.audit_token {
            self.item(&mut f);
            self.kw(audit_kw(*t));
        }
        for p in &a.audit_property_token {
            self.item(&mut f);
            self.ind_aud(p);
        }
        self.close();
    }

    pub(super) fn ind_aud(&mut self, p: &IndAuditParameter) {
        match p {
            IndAuditParameter::Media(m) => self.ind_aud_media(m),
            IndAuditParameter::Events(e) => {
                self.kw(Kw::Events);
                if let Some(id) = e.request_id {
                    self.eq();
                    self.num(id);
                }
                self.open();
                self.named(&e.pkgd_name, e.stream_id, None);
                self.close();
            }
            IndAuditParameter::EventBuffer(e) => {
                self.kw(Kw::EventBuffer);
                self.open();
                self.named(&e.event_name, e.stream_id, None);
                self.close();
            }
            IndAuditParameter::Signals(s) => {
                self.kw(Kw::Signals);
                self.open();
                match s {
                    IndAudSignalsDescriptor::Signal(s) => {
                        self.named(&s.signal_name, s.stream_id, s.signal_request_id)
                    }
                    IndAudSignalsDescriptor::SeqSigList { id, signal } => {
                        self.kw_eq(Kw::SignalList);
                        self.num(*id);
                        if let Some(s) = signal {
                            self.open();
                            self.named(&s.signal_name, s.stream_id, s.signal_request_id);
                            self.close();
                        }
                    }
                }
                self.close();
            }
            IndAuditParameter::DigitMap(name) => {
                self.kw(Kw::DigitMap);
                if let Some(n) = name {
                    self.eq();
                    self.s(n);
                }
            }
            IndAuditParameter::Statistics(name) => {
                self.kw(Kw::Stats);
                self.open();
                self.s(name);
                self.close();
            }
            IndAuditParameter::Packages(p) => {
                self.kw(Kw::Packages);
                self.open();
                self.package_item(p);
                self.close();
            }
        }
    }

    /// `name[ { Stream = n, SPARequestID = n } ]`.
    pub(super) fn named(&mut self, name: &str, stream: Option<u16>, request: Option<u32>) {
        self.s(name);
        if stream.is_none() && request.is_none() {
            return;
        }
        self.open();
        let mut f = true;
        if let Some(s) = stream {
            self.item(&mut f);
            self.kw_eq(Kw::Stream);
            self.num(s);
        }
        if let Some(r) = request {
            self.item(&mut f);
            self.kw_eq(Kw::RequestId);
            self.num(r);
        }
        self.close();
    }

    pub(super) fn ind_aud_media(&mut self, m: &IndAudMediaDescriptor) {
        self.kw(Kw::Media);
        self.open();
        let mut f = true;
        if let Some(ts) = &m.term_state {
            self.item(&mut f);
            self.kw(Kw::TerminationState);
            self.open();
            let mut g = true;
            self.ind_aud_props(&ts.property_parms, &mut g);
            if ts.event_buffer_control {
                self.item(&mut g);
                self.kw(Kw::Buffer);
            }
            if ts.service_state {
                self.item(&mut g);
                self.kw(Kw::ServiceStates);
            }
            if let Some(s) = ts.service_state_sel {
                self.item(&mut g);
                self.kw_eq(Kw::ServiceStates);
                self.kw(service_state_kw(s));
            }
            self.close();
        }
        match &m.streams {
            Some(IndAudStreams::OneStream(s)) => self.ind_aud_stream(s, &mut f),
            Some(IndAudStreams::MultiStream(v)) => {
                for (id, s) in v {
                    self.item(&mut f);
                    self.kw_eq(Kw::Stream);
                    self.num(*id);
                    self.open();
                    let mut g = true;
                    self.ind_aud_stream(s, &mut g);
                    self.close();
                }
            }
            None => {}
        }
        self.close();
    }

    pub(super) fn ind_aud_stream(&mut self, s: &IndAudStreamParms, f: &mut bool) {
        if let Some(lc) = &s.local_control {
            self.item(f);
            self.kw(Kw::LocalControl);
            self.open();
            let mut g = true;
            for (on, k) in [
                (lc.stream_mode, Kw::Mode),
                (lc.reserve_value, Kw::ReservedValue),
                (lc.reserve_group, Kw::ReservedGroup),
            ] {
                if on {
                    self.item(&mut g);
                    self.kw(k);
                }
            }
            self.ind_aud_props(&lc.property_parms, &mut g);
            if let Some(m) = lc.stream_mode_sel {
                self.item(&mut g);
                self.kw_eq(Kw::Mode);
                self.kw(stream_mode_kw(m));
            }
            self.close();
        }
        if let Some(name) = &s.statistics {
            self.item(f);
            self.kw(Kw::Stats);
            self.open();
            self.s(name);
            self.close();
        }
    }

    pub(super) fn ind_aud_props(&mut self, v: &[IndAudPropertyParm], f: &mut bool) {
        for p in v {
            self.item(f);
            match &p.prop_parms {
                Some(pp) => self.property_parm(pp),
                None => self.s(&p.name),
            }
        }
    }
}
