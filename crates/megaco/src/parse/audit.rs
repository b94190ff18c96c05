//! Context properties, `ContextAudit` and the `Audit { … }` descriptor.

use super::desc::audit_token;
use super::{P, R};
use crate::model::*;
use crate::tokens::Kw;

impl P<'_> {
    /// Reads a context property whose token `k` was just consumed; false
    /// (nothing read) when `k` is not one.
    pub(super) fn context_property(&mut self, k: Kw, ctx: &mut ContextRequest) -> R<bool> {
        let at = self.i;
        match k {
            Kw::Priority if ctx.priority.is_none() => ctx.priority = Some(self.eq_uint()?),
            Kw::Emergency | Kw::EmergencyOff if ctx.emergency.is_none() => {
                ctx.emergency = Some(k == Kw::Emergency)
            }
            Kw::Ieps if ctx.ieps_call_ind.is_none() => ctx.ieps_call_ind = Some(self.on_off()?),
            Kw::Topology => self.topology(&mut ctx.topology_req)?,
            Kw::ContextAttr => self.list1(|p| {
                if p.peek_kw() == Some(Kw::ContextList) {
                    p.word()?;
                    p.expect(b'=', "expected `=`")?;
                    p.list1(|p| {
                        ctx.context_list.push(p.uint()?);
                        Ok(())
                    })
                } else {
                    ctx.context_prop.push(p.property_parm()?);
                    Ok(())
                }
            })?,
            Kw::Priority | Kw::Emergency | Kw::EmergencyOff | Kw::Ieps => {
                return self.fail_at(at, "context property given twice")
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `{ from, to, direction[, Stream = n][, extension], … }`.
    pub(super) fn topology(&mut self, out: &mut Vec<TopologyRequest>) -> R<()> {
        self.expect(b'{', "expected `{`")?;
        self.nest()?;
        loop {
            let termination_from = self.text()?;
            self.expect(b',', "expected `,` in a topology triple")?;
            let termination_to = self.text()?;
            self.expect(b',', "expected `,` in a topology triple")?;
            let mut t = TopologyRequest {
                termination_from,
                termination_to,
                topology_direction: TopologyDirection::Oneway,
                stream_id: None,
                topology_direction_extension: None,
            };
            let mut direction = false;
            // Direction, stream and extension follow in any order, each once,
            // until the next triple or the closing brace.
            loop {
                let at = self.i;
                match self.peek_kw() {
                    Some(k @ (Kw::Bothway | Kw::Isolate | Kw::Oneway)) if !direction => {
                        self.word()?;
                        direction = true;
                        t.topology_direction = match k {
                            Kw::Bothway => TopologyDirection::Bothway,
                            Kw::Isolate => TopologyDirection::Isolate,
                            _ => TopologyDirection::Oneway,
                        };
                    }
                    Some(k @ (Kw::OnewayExternal | Kw::OnewayBoth))
                        if t.topology_direction_extension.is_none() =>
                    {
                        self.word()?;
                        t.topology_direction_extension = Some(if k == Kw::OnewayBoth {
                            TopologyDirectionExtension::OnewayBoth
                        } else {
                            TopologyDirectionExtension::OnewayExternal
                        });
                    }
                    Some(Kw::Stream) if t.stream_id.is_none() => {
                        self.word()?;
                        t.stream_id = Some(self.eq_uint()?);
                    }
                    _ if !direction && t.topology_direction_extension.is_none() => {
                        return self.fail_at(at, "expected a topology direction")
                    }
                    _ => break,
                }
                if !self.eat(b',') {
                    break;
                }
            }
            out.push(t);
            if self.eat(b'}') {
                break;
            }
            if self.peek().is_none() {
                return self.fail("expected `}` after the topology");
            }
        }
        self.depth -= 1;
        Ok(())
    }

    /// `{ … }` after `ContextAudit`.
    pub(super) fn context_audit(&mut self) -> R<ContextAttrAuditRequest> {
        let mut a = ContextAttrAuditRequest::default();
        self.list1(|p| {
            let at = p.i;
            let k = p.peek_kw_in(&[
                Kw::Topology,
                Kw::Emergency,
                Kw::Priority,
                Kw::Ieps,
                Kw::EmergencyValue,
                Kw::AndLgc,
                Kw::OrLgc,
            ]);
            if k.is_none() {
                a.context_prop_aud.push(p.text()?);
                return Ok(());
            }
            p.word()?;
            let eq = p.peek() == Some(b'=');
            match k {
                Some(Kw::Topology) if !eq => a.topology = true,
                Some(Kw::Emergency) if !eq => a.emergency = true,
                Some(Kw::Priority) if !eq => a.priority = true,
                Some(Kw::Ieps) if !eq => a.ieps_call = true,
                Some(Kw::Priority) if a.sel_priority.is_none() => {
                    a.sel_priority = Some(p.eq_uint()?)
                }
                Some(Kw::Ieps) if a.sel_ieps.is_none() => a.sel_ieps = Some(p.on_off()?),
                Some(Kw::EmergencyValue) if eq && a.sel_emergency.is_none() => {
                    let at = p.i;
                    a.sel_emergency =
                        Some(match p.eq_kw("expected `Emergency` or `EmergencyOff`")? {
                            Kw::Emergency => true,
                            Kw::EmergencyOff => false,
                            _ => return p.fail_at(at, "expected `Emergency` or `EmergencyOff`"),
                        });
                }
                Some(Kw::AndLgc) if !eq && a.sel_logic.is_none() => {
                    a.sel_logic = Some(SelectLogic::And)
                }
                Some(Kw::OrLgc) if !eq && a.sel_logic.is_none() => {
                    a.sel_logic = Some(SelectLogic::Or)
                }
                _ => return p.fail_at(at, "expected a context audit item"),
            }
            Ok(())
        })?;
        Ok(a)
    }

    /// `{ … }` after `Audit` (may be empty).
    pub(super) fn audit_descriptor(&mut self) -> R<AuditDescriptor> {
        let mut a = AuditDescriptor::default();
        self.list(|p| {
            let at = p.i;
            let k = p.kw("expected an audit item")?;
            let next = p.peek();
            if next != Some(b'{') && next != Some(b'=') {
                return match audit_token(k) {
                    Some(t) => {
                        a.audit_token.push(t);
                        Ok(())
                    }
                    None => p.fail_at(at, "expected an audit item"),
                };
            }
            let item = match k {
                Kw::Media => IndAuditParameter::Media(p.ind_aud_media()?),
                Kw::Events => {
                    let request_id = if p.eat(b'=') { Some(p.uint()?) } else { None };
                    let (pkgd_name, stream_id) = p.one_named()?;
                    IndAuditParameter::Events(IndAudEventsDescriptor {
                        request_id,
                        pkgd_name,
                        stream_id,
                    })
                }
                Kw::EventBuffer => {
                    let (event_name, stream_id) = p.one_named()?;
                    IndAuditParameter::EventBuffer(IndAudEventSpec {
                        event_name,
                        stream_id,
                    })
                }
                Kw::Signals => IndAuditParameter::Signals(p.ind_aud_signals()?),
                Kw::DigitMap => {
                    p.expect(b'=', "expected `=`")?;
                    IndAuditParameter::DigitMap(Some(p.text()?))
                }
                Kw::Stats => IndAuditParameter::Statistics(p.one_name()?),
                Kw::Packages => {
                    p.expect(b'{', "expected `{`")?;
                    let item = p.package_item()?;
                    p.expect(b'}', "expected `}`")?;
                    IndAuditParameter::Packages(item)
                }
                _ => return p.fail_at(at, "expected an audit item"),
            };
            a.audit_property_token.push(item);
            Ok(())
        })?;
        Ok(a)
    }

    /// `{ name }`.
    pub(super) fn one_name(&mut self) -> R<String> {
        self.expect(b'{', "expected `{`")?;
        let name = self.text()?;
        self.expect(b'}', "expected `}` after one name")?;
        Ok(name)
    }

    /// `{ name[ { Stream = n } ] }`.
    pub(super) fn one_named(&mut self) -> R<(String, Option<u16>)> {
        self.expect(b'{', "expected `{`")?;
        let s = self.ind_aud_signal()?;
        self.expect(b'}', "expected `}` after one name")?;
        if s.signal_request_id.is_some() {
            return self.fail("`SPARequestID` only belongs to a signal");
        }
        Ok((s.signal_name, s.stream_id))
    }

    /// `name[ { Stream = n[, SPARequestID = n] } ]`.
    pub(super) fn ind_aud_signal(&mut self) -> R<IndAudSignal> {
        let mut s = IndAudSignal {
            signal_name: self.text()?,
            stream_id: None,
            signal_request_id: None,
        };
        if self.peek() == Some(b'{') {
            self.list1(|p| {
                let at = p.i;
                match p.kw("expected `Stream` or `SPARequestID`")? {
                    Kw::Stream if s.stream_id.is_none() => s.stream_id = Some(p.eq_uint()?),
                    Kw::RequestId if s.signal_request_id.is_none() => {
                        s.signal_request_id = Some(p.eq_uint()?)
                    }
                    _ => return p.fail_at(at, "expected `Stream` or `SPARequestID`"),
                }
                Ok(())
            })?;
        }
        Ok(s)
    }

    pub(super) fn ind_aud_signals(&mut self) -> R<IndAudSignalsDescriptor> {
        self.expect(b'{', "expected `{`")?;
        let d = if self.peek_kw() == Some(Kw::SignalList) {
            self.word()?;
            let id = self.eq_uint()?;
            let signal = if self.eat(b'{') {
                let s = self.ind_aud_signal()?;
                self.expect(b'}', "expected `}` after one signal")?;
                Some(s)
            } else {
                None
            };
            IndAudSignalsDescriptor::SeqSigList { id, signal }
        } else {
            IndAudSignalsDescriptor::Signal(self.ind_aud_signal()?)
        };
        self.expect(b'}', "expected `}` after one signal")?;
        Ok(d)
    }

    pub(super) fn ind_aud_media(&mut self) -> R<IndAudMediaDescriptor> {
        let mut m = IndAudMediaDescriptor::default();
        let mut one = IndAudStreamParms::default();
        let mut has_one = false;
        let mut multi = Vec::new();
        self.list1(|p| {
            let at = p.i;
            match p.kw("expected a media audit item")? {
                Kw::TerminationState if m.term_state.is_none() => {
                    m.term_state = Some(p.ind_aud_term_state()?)
                }
                Kw::Stream => {
                    let id = p.eq_uint()?;
                    let mut s = IndAudStreamParms::default();
                    p.list1(|p| {
                        let at = p.i;
                        let k = p.kw("expected `LocalControl` or `Statistics`")?;
                        p.ind_aud_stream_parm(k, at, &mut s)
                    })?;
                    multi.push((id, s));
                }
                k => {
                    p.ind_aud_stream_parm(k, at, &mut one)?;
                    has_one = true;
                }
            }
            Ok(())
        })?;
        m.streams = match (has_one, multi.is_empty()) {
            (true, true) => Some(IndAudStreams::OneStream(one)),
            (false, false) => Some(IndAudStreams::MultiStream(multi)),
            (false, true) => None,
            (true, false) => {
                return self.fail("a media audit mixes `Stream = n` with bare stream items")
            }
        };
        Ok(m)
    }

    pub(super) fn ind_aud_stream_parm(
        &mut self,
        k: Kw,
        at: usize,
        s: &mut IndAudStreamParms,
    ) -> R<()> {
        match k {
            Kw::LocalControl if s.local_control.is_none() => {
                let mut lc = IndAudLocalControl::default();
                self.list1(|p| {
                    let at = p.i;
                    let k = p.peek_kw_in(&[Kw::Mode, Kw::ReservedValue, Kw::ReservedGroup]);
                    if k.is_none() {
                        lc.property_parms.push(p.ind_aud_property()?);
                        return Ok(());
                    }
                    p.word()?;
                    let eq = p.peek() == Some(b'=');
                    match k {
                        Some(Kw::Mode) if eq && lc.stream_mode_sel.is_none() => {
                            lc.stream_mode_sel = Some(p.stream_mode()?)
                        }
                        Some(Kw::Mode) if !eq => lc.stream_mode = true,
                        Some(Kw::ReservedValue) if !eq => lc.reserve_value = true,
                        Some(Kw::ReservedGroup) if !eq => lc.reserve_group = true,
                        _ => return p.fail_at(at, "expected a local control audit item"),
                    }
                    Ok(())
                })?;
                s.local_control = Some(lc);
            }
            Kw::Stats if s.statistics.is_none() => s.statistics = Some(self.one_name()?),
            _ => return self.fail_at(at, "expected `LocalControl` or `Statistics`, each once"),
        }
        Ok(())
    }

    /// `name` or `name <value part>`.
    pub(super) fn ind_aud_property(&mut self) -> R<IndAudPropertyParm> {
        let name = self.text()?;
        let prop_parms = match self.peek() {
            Some(b'=' | b'>' | b'<' | b'#') => Some(self.parm_value(name.clone())?),
            _ => None,
        };
        Ok(IndAudPropertyParm { name, prop_parms })
    }

    pub(super) fn ind_aud_term_state(&mut self) -> R<IndAudTerminationState> {
        let mut ts = IndAudTerminationState::default();
        self.list1(|p| {
            let at = p.i;
            let k = p.peek_kw_in(&[Kw::ServiceStates, Kw::Buffer]);
            if k.is_none() {
                ts.property_parms.push(p.ind_aud_property()?);
                return Ok(());
            }
            p.word()?;
            let eq = p.peek() == Some(b'=');
            match k {
                Some(Kw::ServiceStates) if eq && ts.service_state_sel.is_none() => {
                    ts.service_state_sel = Some(p.service_state()?)
                }
                Some(Kw::ServiceStates) if !eq => ts.service_state = true,
                Some(Kw::Buffer) if !eq => ts.event_buffer_control = true,
                _ => return p.fail_at(at, "expected a termination state audit item"),
            }
            Ok(())
        })?;
        Ok(ts)
    }
}
