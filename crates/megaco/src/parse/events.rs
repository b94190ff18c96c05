//! Events, signals, digit maps, observed events and event buffers.

use super::desc::time_notation;
use super::{Fail, P, R};
use crate::model::*;
use crate::tokens::Kw;

impl P<'_> {
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

    pub(super) fn requested_event(&mut self) -> R<RequestedEvent> {
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
    pub(super) fn embed(
        &mut self,
    ) -> R<(Option<Box<EventsDescriptor>>, Option<Vec<SignalRequest>>)> {
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

    pub(super) fn signal(&mut self) -> R<Signal> {
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
        if self.eat(b'=') && self.peek() != Some(b'{') {
            d.digit_map_name = Some(self.text()?);
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
    pub(super) fn event_parms(
        &mut self,
        stream: &mut Option<u16>,
        parms: &mut Vec<PropertyParm>,
    ) -> R<()> {
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
    pub(super) fn event_buffer(&mut self) -> R<Vec<EventSpec>> {
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
