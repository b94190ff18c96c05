//! Descriptors: media, events, signals, digit maps, observed events,
//! statistics, packages, service change parameters and property values.

use super::{number, Fail, P, R};
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
    fn media(&mut self) -> R<MediaDescriptor> {
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

    fn stream_parm(&mut self, k: Kw, at: usize, s: &mut StreamParms) -> R<()> {
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

    /// `{ SDP }`: the lines between the braces, line ends and blank lines dropped.
    fn sdp(&mut self) -> R<Vec<String>> {
        self.expect(b'{', "expected `{`")?;
        let at = self.i;
        let body = self.raw_until(b'}', "unterminated SDP: no `}`")?;
        let mut lines = Vec::new();
        for line in body.split(|&b| b == b'\n') {
            let line = line.strip_suffix(b"\r").unwrap_or(line);
            if line.iter().all(|b| b.is_ascii_whitespace()) {
                continue;
            }
            lines.push(super::utf8(line).ok_or(Fail {
                at,
                msg: "SDP is not UTF-8",
            })?);
        }
        Ok(lines)
    }

    fn local_control(&mut self) -> R<LocalControlDescriptor> {
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

    fn termination_state(&mut self) -> R<TerminationStateDescriptor> {
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

    /// `Events[ = id { … }]` after the token.
    pub(super) fn events(&mut self) -> R<EventsDescriptor> {
        if !self.eat(b'=') {
            return Ok(EventsDescriptor::default());
        }
        let request_id = Some(self.uint()?);
        let mut event_list = Vec::new();
        self.list1(|p| {
            event_list.push(p.requested_event()?);
            Ok(())
        })?;
        Ok(EventsDescriptor {
            request_id,
            event_list,
        })
    }

    fn requested_event(&mut self) -> R<RequestedEvent> {
        let mut e = RequestedEvent {
            pkgd_name: self.text()?,
            stream_id: None,
            event_action: RequestedActions::default(),
            ev_par_list: Vec::new(),
        };
        if self.peek() != Some(b'{') {
            return Ok(e);
        }
        self.list1(|p| {
            let at = p.i;
            let a = &mut e.event_action;
            match p.peek_kw_in(&EVENT_KWS) {
                Some(Kw::Stream) if e.stream_id.is_none() => {
                    p.word()?;
                    e.stream_id = Some(p.eq_uint()?);
                }
                Some(Kw::KeepActive) if !a.keep_active => {
                    p.word()?;
                    a.keep_active = true;
                }
                Some(Kw::DigitMap) if a.event_dm.is_none() => {
                    p.word()?;
                    a.event_dm = Some(p.digit_map()?);
                }
                Some(Kw::Embed) if a.second_event.is_none() && a.signals_descriptor.is_none() => {
                    p.word()?;
                    (a.second_event, a.signals_descriptor) = p.embed()?;
                }
                Some(Kw::ImmediateNotify) if a.notify_behaviour.is_none() => {
                    p.word()?;
                    a.notify_behaviour = Some(NotifyBehaviour::NotifyImmediate);
                }
                Some(Kw::NeverNotify) if a.notify_behaviour.is_none() => {
                    p.word()?;
                    a.notify_behaviour = Some(NotifyBehaviour::NeverNotify);
                }
                Some(Kw::RegulatedNotify) if a.notify_behaviour.is_none() => {
                    p.word()?;
                    let mut r = RegulatedEmbeddedDescriptor::default();
                    if p.peek() == Some(b'{') {
                        p.list1(|p| {
                            let at = p.i;
                            if p.kw("expected `Embed`")? != Kw::Embed || r != Default::default() {
                                return p.fail_at(at, "expected one `Embed`");
                            }
                            (r.second_event, r.signals_descriptor) = p.embed()?;
                            Ok(())
                        })?;
                    }
                    a.notify_behaviour = Some(NotifyBehaviour::NotifyRegulated(r));
                }
                Some(Kw::ResetEventsDescriptor) if !a.reset_event_flag => {
                    p.word()?;
                    a.reset_event_flag = true;
                }
                Some(_) => return p.fail_at(at, "expected an event parameter"),
                None => e.ev_par_list.push(p.property_parm()?),
            }
            Ok(())
        })?;
        Ok(e)
    }

    /// `{ [Signals …][, Events …] }` after `Embed`.
    #[allow(clippy::type_complexity)]
    fn embed(&mut self) -> R<(Option<Box<EventsDescriptor>>, Option<Vec<SignalRequest>>)> {
        let (mut events, mut signals) = (None, None);
        self.list1(|p| {
            let at = p.i;
            match p.kw("expected `Signals` or `Events`")? {
                Kw::Signals if signals.is_none() && events.is_none() => {
                    signals = Some(p.signals()?)
                }
                Kw::Events if events.is_none() => events = Some(Box::new(p.events()?)),
                _ => return p.fail_at(at, "expected `Signals` then `Events` in `Embed`"),
            }
            Ok(())
        })?;
        Ok((events, signals))
    }

    /// `Signals[ { … }]` after the token.
    pub(super) fn signals(&mut self) -> R<Vec<SignalRequest>> {
        let mut v = Vec::new();
        if self.peek() == Some(b'{') {
            self.list1(|p| {
                if p.peek_kw() == Some(Kw::SignalList) {
                    p.word()?;
                    let id = p.eq_uint()?;
                    let mut signal_list = Vec::new();
                    p.list1(|p| {
                        signal_list.push(p.signal()?);
                        Ok(())
                    })?;
                    v.push(SignalRequest::SeqSigList(SeqSigList { id, signal_list }));
                } else {
                    v.push(SignalRequest::Signal(p.signal()?));
                }
                Ok(())
            })?;
        }
        Ok(v)
    }

    fn signal(&mut self) -> R<Signal> {
        let mut s = Signal {
            signal_name: self.text()?,
            stream_id: None,
            sig_type: None,
            duration: None,
            notify_completion: Vec::new(),
            keep_active: false,
            sig_par_list: Vec::new(),
            direction: None,
            request_id: None,
            intersig_delay: None,
        };
        if self.peek() != Some(b'{') {
            return Ok(s);
        }
        self.list1(|p| {
            let at = p.i;
            match p.peek_kw_in(&SIGNAL_KWS) {
                Some(Kw::Stream) if s.stream_id.is_none() => {
                    p.word()?;
                    s.stream_id = Some(p.eq_uint()?);
                }
                Some(Kw::SignalType) if s.sig_type.is_none() => {
                    p.word()?;
                    let at = p.i;
                    s.sig_type = Some(match p.eq_kw("expected a signal type")? {
                        Kw::Brief => SignalType::Brief,
                        Kw::OnOff => SignalType::OnOff,
                        Kw::TimeOut => SignalType::TimeOut,
                        _ => return p.fail_at(at, "expected `Brief`, `OnOff` or `TimeOut`"),
                    });
                }
                Some(Kw::Duration) if s.duration.is_none() => {
                    p.word()?;
                    s.duration = Some(p.eq_uint()?);
                }
                Some(Kw::NotifyCompletion) if s.notify_completion.is_empty() => {
                    p.word()?;
                    p.expect(b'=', "expected `=`")?;
                    p.list1(|p| {
                        let at = p.i;
                        s.notify_completion
                            .push(match p.kw("expected a notification reason")? {
                                Kw::TimeOut => NotifyCompletion::OnTimeOut,
                                Kw::IntByEvent => NotifyCompletion::OnInterruptByEvent,
                                Kw::IntBySigDescr => NotifyCompletion::OnInterruptByNewSignalDescr,
                                Kw::OtherReason => NotifyCompletion::OtherReason,
                                Kw::Iteration => NotifyCompletion::OnIteration,
                                _ => return p.fail_at(at, "expected a notification reason"),
                            });
                        Ok(())
                    })?;
                }
                Some(Kw::KeepActive) if !s.keep_active => {
                    p.word()?;
                    s.keep_active = true;
                }
                Some(Kw::Direction) if s.direction.is_none() => {
                    p.word()?;
                    let at = p.i;
                    s.direction = Some(match p.eq_kw("expected a signal direction")? {
                        Kw::Internal => SignalDirection::Internal,
                        Kw::External => SignalDirection::External,
                        Kw::Both => SignalDirection::Both,
                        _ => return p.fail_at(at, "expected `Internal`, `External` or `Both`"),
                    });
                }
                Some(Kw::RequestId) if s.request_id.is_none() => {
                    p.word()?;
                    s.request_id = Some(p.eq_uint()?);
                }
                Some(Kw::IntsigDelay) if s.intersig_delay.is_none() => {
                    p.word()?;
                    s.intersig_delay = Some(p.eq_uint()?);
                }
                Some(_) => return p.fail_at(at, "expected a signal parameter"),
                None => s.sig_par_list.push(p.property_parm()?),
            }
            Ok(())
        })?;
        Ok(s)
    }

    /// `DigitMap = name`, `DigitMap = name { value }` or `DigitMap { value }`
    /// after the token.
    pub(super) fn digit_map(&mut self) -> R<DigitMapDescriptor> {
        let mut d = DigitMapDescriptor::default();
        if self.eat(b'=') {
            if self.peek() != Some(b'{') {
                d.digit_map_name = Some(self.text()?);
            }
        }
        if self.peek() != Some(b'{') {
            if d.digit_map_name.is_none() {
                return self.fail("expected a digit map name or `{`");
            }
            return Ok(d);
        }
        self.i += 1;
        let mut v = DigitMapValue::default();
        loop {
            self.ws();
            let (Some(&t), Some(b':')) = (self.s.get(self.i), self.s.get(self.i + 1)) else {
                break;
            };
            let slot = match t.to_ascii_uppercase() {
                b'T' => &mut v.start_timer,
                b'S' => &mut v.short_timer,
                b'L' => &mut v.long_timer,
                b'Z' => &mut v.duration_timer,
                _ => return self.fail("expected a digit map timer (T, S, L or Z)"),
            };
            if slot.is_some() {
                return self.fail("digit map timer given twice");
            }
            self.i += 2;
            *slot = Some(self.uint()?);
            self.expect(b',', "expected `,` after a digit map timer")?;
        }
        let at = self.i;
        let body = if self.s.get(self.i) == Some(&b'(') {
            let inner = self.raw_until(b')', "unterminated digit map: no `)`")?;
            &self.s[at..at + inner.len() + 1]
        } else {
            self.word()?
        };
        v.digit_map_body = super::utf8(body).ok_or(Fail {
            at,
            msg: "digit map is not UTF-8",
        })?;
        self.expect(b'}', "expected `}` after the digit map")?;
        d.digit_map_value = Some(v);
        Ok(d)
    }

    /// `= id { [time:]name[{…}], … }` after `ObservedEvents`.
    pub(super) fn observed_events(&mut self) -> R<ObservedEventsDescriptor> {
        let request_id = self.eq_uint()?;
        let mut observed_event_lst = Vec::new();
        self.list1(|p| {
            p.ws();
            let at = p.i;
            let first = p.word()?;
            let (time_notation, event_name) = if p.eat(b':') {
                (
                    Some(time_notation(first).ok_or(Fail {
                        at,
                        msg: "expected a time stamp `yyyymmddThhmmssss`",
                    })?),
                    p.text()?,
                )
            } else {
                (None, super::ascii(first))
            };
            let mut e = ObservedEvent {
                event_name,
                stream_id: None,
                event_par_list: Vec::new(),
                time_notation,
            };
            if p.peek() == Some(b'{') {
                p.event_parms(&mut e.stream_id, &mut e.event_par_list)?;
            }
            observed_event_lst.push(e);
            Ok(())
        })?;
        Ok(ObservedEventsDescriptor {
            request_id,
            observed_event_lst,
        })
    }

    /// `{ Stream = n | name=value, … }`.
    fn event_parms(&mut self, stream: &mut Option<u16>, parms: &mut Vec<PropertyParm>) -> R<()> {
        self.list1(|p| {
            let at = p.i;
            match p.peek_kw_in(&[Kw::Stream]) {
                Some(Kw::Stream) if stream.is_none() => {
                    p.word()?;
                    *stream = Some(p.eq_uint()?);
                }
                Some(_) => return p.fail_at(at, "expected an event parameter"),
                None => parms.push(p.property_parm()?),
            }
            Ok(())
        })
    }

    /// `{ name[{…}], … }` after `EventBuffer`.
    fn event_buffer(&mut self) -> R<Vec<EventSpec>> {
        let mut v = Vec::new();
        self.list1(|p| {
            let mut e = EventSpec {
                event_name: p.text()?,
                stream_id: None,
                event_par_list: Vec::new(),
            };
            if p.peek() == Some(b'{') {
                p.event_parms(&mut e.stream_id, &mut e.event_par_list)?;
            }
            v.push(e);
            Ok(())
        })?;
        Ok(v)
    }

    /// `{ name[=value], … }` after `Statistics`.
    pub(super) fn statistics(&mut self) -> R<Vec<StatisticsParameter>> {
        let mut v = Vec::new();
        self.list1(|p| {
            let stat_name = p.text()?;
            let mut stat_value = Vec::new();
            if p.eat(b'=') {
                if p.eat(b'[') {
                    stat_value.push(p.value()?);
                    while p.eat(b',') {
                        stat_value.push(p.value()?);
                    }
                    p.expect(b']', "expected `,` or `]`")?;
                } else {
                    stat_value.push(p.value()?);
                }
            }
            v.push(StatisticsParameter {
                stat_name,
                stat_value,
            });
            Ok(())
        })?;
        Ok(v)
    }

    /// `{ name-version, … }` after `Packages`.
    pub(super) fn packages(&mut self) -> R<Vec<PackagesItem>> {
        let mut v = Vec::new();
        self.list1(|p| {
            v.push(p.package_item()?);
            Ok(())
        })?;
        Ok(v)
    }

    pub(super) fn package_item(&mut self) -> R<PackagesItem> {
        self.ws();
        let at = self.i;
        let w = self.word()?;
        let bad = Fail {
            at,
            msg: "expected `package-version`",
        };
        let Some(dash) = w.iter().rposition(|&b| b == b'-') else {
            return Err(bad);
        };
        let package_version = number(&w[dash + 1..]).ok_or(bad)?;
        Ok(PackagesItem {
            package_name: super::ascii(&w[..dash]),
            package_version,
        })
    }

    /// `{ … }` after `Services` in a request.
    pub(super) fn service_change_parm(&mut self, at: usize) -> R<ServiceChangeParm> {
        let mut method = None;
        let mut r = ServiceChangeResParm::default();
        let (mut reason, mut delay, mut incomplete) = (None, None, false);
        self.list1(|p| {
            let at = p.i;
            match p.peek_kw() {
                Some(Kw::Method) if method.is_none() => {
                    p.word()?;
                    let at = p.i;
                    method = Some(match p.eq_kw("expected a service change method")? {
                        Kw::Failover => ServiceChangeMethod::Failover,
                        Kw::Forced => ServiceChangeMethod::Forced,
                        Kw::Graceful => ServiceChangeMethod::Graceful,
                        Kw::Restart => ServiceChangeMethod::Restart,
                        Kw::Disconnected => ServiceChangeMethod::Disconnected,
                        Kw::HandOff => ServiceChangeMethod::HandOff,
                        _ => return p.fail_at(at, "expected a service change method"),
                    });
                }
                Some(Kw::Reason) if reason.is_none() => {
                    p.word()?;
                    p.expect(b'=', "expected `=`")?;
                    reason = Some(p.value()?);
                }
                Some(Kw::Delay) if delay.is_none() => {
                    p.word()?;
                    delay = Some(p.eq_uint()?);
                }
                Some(Kw::ServiceChangeInc) if !incomplete => {
                    p.word()?;
                    incomplete = true;
                }
                _ => p.service_change_common(&mut r)?,
            }
            let _ = at;
            Ok(())
        })?;
        Ok(ServiceChangeParm {
            method: method.ok_or(Fail {
                at,
                msg: "a service change request needs `Method`",
            })?,
            address: r.address,
            version: r.version,
            profile: r.profile,
            reason,
            delay,
            mgc_id: r.mgc_id,
            time_stamp: r.time_stamp,
            incomplete,
        })
    }

    /// `{ … }` after `Services` in a reply.
    pub(super) fn service_change_res_parm(&mut self) -> R<ServiceChangeResParm> {
        let mut r = ServiceChangeResParm::default();
        self.list1(|p| p.service_change_common(&mut r))?;
        Ok(r)
    }

    /// Address, MgcIdToTry, Version, Profile or a time stamp.
    fn service_change_common(&mut self, r: &mut ServiceChangeResParm) -> R<()> {
        self.ws();
        let at = self.i;
        match self.peek_kw() {
            Some(Kw::ServiceChangeAddress) if r.address.is_none() => {
                self.word()?;
                self.expect(b'=', "expected `=`")?;
                self.ws();
                let save = self.i;
                let w = self.word()?;
                r.address = Some(match number(w) {
                    Some(port) if self.s.get(self.i) != Some(&b':') => {
                        ServiceChangeAddress::Port(port)
                    }
                    _ => {
                        self.i = save;
                        ServiceChangeAddress::Mid(self.mid()?)
                    }
                });
            }
            Some(Kw::MgcId) if r.mgc_id.is_none() => {
                self.word()?;
                self.expect(b'=', "expected `=`")?;
                r.mgc_id = Some(self.mid()?);
            }
            Some(Kw::Version) if r.version.is_none() => {
                self.word()?;
                r.version = Some(self.eq_uint()?);
            }
            Some(Kw::Profile) if r.profile.is_none() => {
                self.word()?;
                self.expect(b'=', "expected `=`")?;
                r.profile = Some(self.text()?);
            }
            Some(_) => return self.fail_at(at, "expected a service change parameter"),
            None if r.time_stamp.is_none() => {
                let w = self.word()?;
                r.time_stamp = Some(time_notation(w).ok_or(Fail {
                    at,
                    msg: "expected a service change parameter",
                })?);
            }
            None => return self.fail_at(at, "expected a service change parameter"),
        }
        Ok(())
    }
}

/// Keywords with a meaning inside a requested event's `{ }`; any other
/// word there (even `ds`, compact `Discard`) names a parameter.
const EVENT_KWS: [Kw; 8] = [
    Kw::Stream,
    Kw::KeepActive,
    Kw::DigitMap,
    Kw::Embed,
    Kw::ImmediateNotify,
    Kw::NeverNotify,
    Kw::RegulatedNotify,
    Kw::ResetEventsDescriptor,
];

/// Keywords with a meaning inside a signal's `{ }`.
const SIGNAL_KWS: [Kw; 8] = [
    Kw::Stream,
    Kw::SignalType,
    Kw::Duration,
    Kw::NotifyCompletion,
    Kw::KeepActive,
    Kw::Direction,
    Kw::RequestId,
    Kw::IntsigDelay,
];

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
fn time_notation(w: &[u8]) -> Option<TimeNotation> {
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
