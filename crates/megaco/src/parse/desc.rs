//! Descriptors: media, events, signals, digit maps, observed events,
//! statistics, packages, service change parameters and property values.

use super::{Fail, P, R};
use crate::model::*;
use crate::tokens::Kw;

impl P<'_> {
    /// A descriptor of Add, Move or Modify.
    pub(super) fn amm_descriptor(&mut self) -> R<AmmDescriptor> {
        let at = self.i;
        Ok(match self.kw("expected a descriptor")? {
            Kw::Media => AmmDescriptor::Media(self.media()?),
            Kw::Events => AmmDescriptor::Events(self.events()?),
            Kw::EventBuffer => AmmDescriptor::EventBuffer(self.event_buffer()?),
            Kw::Signals => AmmDescriptor::Signals(self.signals()?),
            Kw::DigitMap => AmmDescriptor::DigitMap(self.digit_map()?),
            Kw::Audit => AmmDescriptor::Audit(self.audit_descriptor()?),
            Kw::Stats => AmmDescriptor::Statistics(self.statistics()?),
            Kw::Modem | Kw::Mux => return self.fail_at(at, "Modem and Mux descriptors are not supported"),
            _ => return self.fail_at(at, "expected a descriptor (Media, Events, EventBuffer, Signals, DigitMap, Audit, Statistics)"),
        })
    }

    /// A descriptor in a command reply; a bare name is an empty descriptor.
    pub(super) fn audit_return_parameter(&mut self) -> R<AuditReturnParameter> {
        let at = self.i;
        let k = self.peek_kw();
        if k == Some(Kw::Error) {
            return Ok(AuditReturnParameter::Error(self.error_descriptor()?));
        }
        self.word()?;
        let next = self.peek();
        let open = next == Some(b'{');
        let eq = next == Some(b'=');
        use AuditReturnParameter as A;
        Ok(match k {
            Some(Kw::Media) if open => A::Media(self.media()?),
            Some(Kw::Events) if eq => A::Events(self.events()?),
            Some(Kw::EventBuffer) if open => A::EventBuffer(self.event_buffer()?),
            Some(Kw::Signals) if open => A::Signals(self.signals()?),
            Some(Kw::DigitMap) if open || eq => A::DigitMap(self.digit_map()?),
            Some(Kw::ObservedEvents) if eq => A::ObservedEvents(self.observed_events()?),
            Some(Kw::Stats) if open => A::Statistics(self.statistics()?),
            Some(Kw::Packages) if open => A::Packages(self.packages()?),
            Some(k) => match audit_token(k) {
                Some(t) if !open && !eq => A::Empty(t),
                _ => return self.fail_at(at, "expected a descriptor in a command reply"),
            },
            None => return self.fail_at(at, "expected a descriptor in a command reply"),
        })
    }

    /// `Media { … }` after the token.
    pub(super) fn media(&mut self) -> R<MediaDescriptor> {
        let mut m = MediaDescriptor::default();
        let mut one = StreamParms::default();
        let mut has_one = false;
        let mut multi = Vec::new();
        self.list1(|p| {
            let at = p.i;
            match p.kw("expected a media descriptor part")? {
                Kw::TerminationState if m.term_state.is_none() => {
                    m.term_state = Some(p.termination_state()?)
                }
                Kw::Stream => {
                    let stream_id = p.eq_uint()?;
                    let mut stream_parms = StreamParms::default();
                    p.list1(|p| {
                        let at = p.i;
                        let k = p.kw("expected LocalControl, Local, Remote or Statistics")?;
                        p.stream_parm(k, at, &mut stream_parms)
                    })?;
                    multi.push(StreamDescriptor {
                        stream_id,
                        stream_parms,
                    });
                }
                k => {
                    p.stream_parm(k, at, &mut one)?;
                    has_one = true;
                }
            }
            Ok(())
        })?;
        m.streams = match (has_one, multi.is_empty()) {
            (true, true) => Some(Streams::OneStream(one)),
            (false, false) => Some(Streams::MultiStream(multi)),
            (false, true) => None,
            (true, false) => {
                return self
                    .fail("a media descriptor mixes `Stream = n` with bare stream parameters")
            }
        };
        Ok(m)
    }

    pub(super) fn stream_parm(&mut self, k: Kw, at: usize, s: &mut StreamParms) -> R<()> {
        match k {
            Kw::LocalControl if s.local_control.is_none() => {
                s.local_control = Some(self.local_control()?)
            }
            Kw::Local if s.local.is_none() => s.local = Some(self.sdp()?),
            Kw::Remote if s.remote.is_none() => s.remote = Some(self.sdp()?),
            Kw::Stats if s.statistics.is_none() => s.statistics = Some(self.statistics()?),
            _ => {
                return self.fail_at(
                    at,
                    "expected one each of LocalControl, Local, Remote, Statistics",
                )
            }
        }
        Ok(())
    }

    /// `{ SDP }`: the lines between the braces, as Erlang's parser cuts
    /// them: a line ends at CR or LF, white space before a line's name and
    /// blank lines are dropped.
    pub(super) fn sdp(&mut self) -> R<Vec<String>> {
        self.expect(b'{', "expected `{`")?;
        let at = self.i;
        let body = self.raw_until(b'}', "unterminated SDP: no `}`")?;
        let mut lines = Vec::new();
        for line in body.split(|&b| b == b'\n' || b == b'\r') {
            let line = line.trim_ascii_start();
            if line.is_empty() {
                continue;
            }
            lines.push(super::utf8(line).ok_or(Fail {
                at,
                msg: "SDP is not UTF-8",
            })?);
        }
        Ok(lines)
    }

    pub(super) fn local_control(&mut self) -> R<LocalControlDescriptor> {
        let mut lc = LocalControlDescriptor::default();
        self.list1(|p| {
            let at = p.i;
            match p.peek_kw_in(&[Kw::Mode, Kw::ReservedValue, Kw::ReservedGroup]) {
                Some(Kw::Mode) if lc.stream_mode.is_none() => {
                    p.word()?;
                    lc.stream_mode = Some(p.stream_mode()?);
                }
                Some(Kw::ReservedValue) if lc.reserve_value.is_none() => {
                    p.word()?;
                    lc.reserve_value = Some(p.on_off()?);
                }
                Some(Kw::ReservedGroup) if lc.reserve_group.is_none() => {
                    p.word()?;
                    lc.reserve_group = Some(p.on_off()?);
                }
                Some(_) => return p.fail_at(at, "expected a local control property"),
                None => lc.property_parms.push(p.property_parm()?),
            }
            Ok(())
        })?;
        Ok(lc)
    }

    /// `= SendOnly|ReceiveOnly|SendReceive|Inactive|Loopback`.
    pub(super) fn stream_mode(&mut self) -> R<StreamMode> {
        self.expect(b'=', "expected `=`")?;
        let at = self.i;
        Ok(match self.kw("expected a stream mode")? {
            Kw::SendOnly => StreamMode::SendOnly,
            Kw::RecvOnly => StreamMode::RecvOnly,
            Kw::SendRecv => StreamMode::SendRecv,
            Kw::Inactive => StreamMode::Inactive,
            Kw::Loopback => StreamMode::LoopBack,
            _ => return self.fail_at(at, "expected a stream mode"),
        })
    }

    /// `= ON|OFF`.
    pub(super) fn on_off(&mut self) -> R<bool> {
        let at = self.i;
        match self.eq_kw("expected `ON` or `OFF`")? {
            Kw::On => Ok(true),
            Kw::Off => Ok(false),
            _ => self.fail_at(at, "expected `ON` or `OFF`"),
        }
    }

    /// `= Test|OutOfService|InService`.
    pub(super) fn service_state(&mut self) -> R<ServiceState> {
        let at = self.i;
        Ok(match self.eq_kw("expected a service state")? {
            Kw::Test => ServiceState::Test,
            Kw::OutOfSvc => ServiceState::OutOfSvc,
            Kw::InSvc => ServiceState::InSvc,
            _ => return self.fail_at(at, "expected a service state"),
        })
    }

    pub(super) fn termination_state(&mut self) -> R<TerminationStateDescriptor> {
        let mut ts = TerminationStateDescriptor::default();
        self.list1(|p| {
            let at = p.i;
            match p.peek_kw_in(&[Kw::ServiceStates, Kw::Buffer]) {
                Some(Kw::ServiceStates) if ts.service_state.is_none() => {
                    p.word()?;
                    ts.service_state = Some(p.service_state()?);
                }
                Some(Kw::Buffer) if ts.event_buffer_control.is_none() => {
                    p.word()?;
                    let at = p.i;
                    ts.event_buffer_control =
                        Some(match p.eq_kw("expected `OFF` or `LockStep`")? {
                            Kw::Off => EventBufferControl::Off,
                            Kw::LockStep => EventBufferControl::LockStep,
                            _ => return p.fail_at(at, "expected `OFF` or `LockStep`"),
                        });
                }
                Some(_) => return p.fail_at(at, "expected a termination state property"),
                None => ts.property_parms.push(p.property_parm()?),
            }
            Ok(())
        })?;
        Ok(ts)
    }

    /// `name` followed by its value part.
    pub(super) fn property_parm(&mut self) -> R<PropertyParm> {
        let name = self.text()?;
        self.parm_value(name)
    }

    /// `= v`, `> v`, `< v`, `# v`, `= [a:b]`, `= [a, b]`, `= {a, b}`.
    pub(super) fn parm_value(&mut self, name: String) -> R<PropertyParm> {
        let relation = match self.peek() {
            Some(b'=') => None,
            Some(b'>') => Some(Relation::GreaterThan),
            Some(b'<') => Some(Relation::SmallerThan),
            Some(b'#') => Some(Relation::UnequalTo),
            _ => return self.fail("expected `=`, `>`, `<` or `#` after a parameter name"),
        };
        self.i += 1;
        if let Some(r) = relation {
            let v = self.value()?;
            return Ok(PropertyParm {
                name,
                value: vec![v],
                extra_info: ExtraInfo::Relation(r),
            });
        }
        let (value, extra_info) = match self.peek() {
            Some(b'[') => {
                self.i += 1;
                let first = self.value()?;
                if self.eat(b':') {
                    let second = self.value()?;
                    self.expect(b']', "expected `]` after a range")?;
                    (vec![first, second], ExtraInfo::Range)
                } else {
                    let mut v = vec![first];
                    while self.eat(b',') {
                        v.push(self.value()?);
                    }
                    self.expect(b']', "expected `,` or `]`")?;
                    (v, ExtraInfo::SublistAnd)
                }
            }
            Some(b'{') => {
                let mut v = Vec::new();
                self.list1(|p| {
                    v.push(p.value()?);
                    Ok(())
                })?;
                (v, ExtraInfo::SublistOr)
            }
            _ => (vec![self.value()?], ExtraInfo::Equal),
        };
        Ok(PropertyParm {
            name,
            value,
            extra_info,
        })
    }
}

/// The bare audit token a keyword names, if it names one.
pub(super) fn audit_token(k: Kw) -> Option<AuditToken> {
    Some(match k {
        Kw::Mux => AuditToken::Mux,
        Kw::Modem => AuditToken::Modem,
        Kw::Media => AuditToken::Media,
        Kw::Events => AuditToken::Events,
        Kw::Signals => AuditToken::Signals,
        Kw::DigitMap => AuditToken::DigitMap,
        Kw::Stats => AuditToken::Statistics,
        Kw::ObservedEvents => AuditToken::ObservedEvents,
        Kw::Packages => AuditToken::Packages,
        Kw::EventBuffer => AuditToken::EventBuffer,
        _ => return None,
    })
}

/// `yyyymmddThhmmssss`: 8 digits, `T`, 8 digits.
pub(super) fn time_notation(w: &[u8]) -> Option<TimeNotation> {
    if w.len() != 17 || !w[8].eq_ignore_ascii_case(&b'T') {
        return None;
    }
    let (date, time) = (&w[..8], &w[9..]);
    if !date.iter().chain(time).all(u8::is_ascii_digit) {
        return None;
    }
    Some(TimeNotation {
        date: super::ascii(date),
        time: super::ascii(time),
    })
}
