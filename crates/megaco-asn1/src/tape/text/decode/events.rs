//! Events, embedded events and signals, signals, observed events and the
//! event buffer.

use super::{Seq, D, R};
use crate::tape::schema::TypeId;
use crate::tape::text::names::Scope;
use encbench_megaco::tokens::Kw;

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

impl<const V: u8> D<'_, V> {
    /// The keyword the next word spells if it is one of `known`.
    fn peek_kw_in(&mut self, known: &[Kw]) -> Option<Kw> {
        self.peek_kw().filter(|k| known.contains(k))
    }

    /// `Events[ = id { … }]` (token read) as `EventsDescriptor` (or, when
    /// `second`, `SecondEventsDescriptor`) `ty`.
    pub(super) fn events(&mut self, ty: TypeId, slot: u16) -> R {
        self.events_of(ty, slot, false)
    }

    fn events_of(&mut self, ty: TypeId, slot: u16, second: bool) -> R {
        let mut e = self.seq(ty, slot);
        if self.eat(b'=') {
            let f = self.field(&mut e, 0)?;
            let at = self.i;
            let id = self.uint()?;
            self.int(f, 0, id, at)?;
            let f = self.field(&mut e, 1)?;
            self.list_of(f, 1, |d, elem, _| d.requested_event(elem, second))?;
        }
        self.close(e)
    }

    /// `name[{ … }]` as `RequestedEvent` (or `SecondRequestedEvent`) `ty`.
    fn requested_event(&mut self, ty: TypeId, second: bool) -> R {
        self.ws();
        let at = self.i;
        let name = self.word()?;
        let mut e = self.seq(ty, 0);
        let f = self.field(&mut e, 0)?;
        let owner = self.pkgd_name(f, 0, Scope::Event, name, at)?;
        if self.peek() == Some(b'{') {
            // RequestedActions and SecondRequestedActions number their
            // components alike up to the embedded events, which only the
            // first has.
            let (signals, notify, reset) = if second { (2, 3, 4) } else { (3, 4, 5) };
            let mut actions: Option<Seq> = None;
            self.list1(|d| {
                let at = d.i;
                let k = d.peek_kw_in(&EVENT_KWS);
                if k.is_none() || k == Some(Kw::Stream) {
                    // The actions so far are one value in ASN.1: closed
                    // before the event's other components.
                    if let Some(a) = actions.take() {
                        d.close(a)?;
                    }
                }
                if k.is_none() {
                    let elem = d.list_elem(&mut e, 3)?;
                    return d.event_parameter(elem, owner);
                }
                if k == Some(Kw::Stream) {
                    d.word()?;
                    let f = d.field(&mut e, 1)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = d.uint()?;
                    return d.int(f, 1, v, at);
                }
                d.word()?;
                let a = match &mut actions {
                    Some(a) => a,
                    None if Self::has(&e, 2) => {
                        return d.fail_at(at, "event actions are not supported on both sides of an event parameter or stream")
                    }
                    None => {
                        let t = d.field(&mut e, 2)?;
                        actions.insert(d.seq(t, 2))
                    }
                };
                match k {
                    Some(Kw::KeepActive) => {
                        let f = d.field(a, 0)?;
                        d.boolean(f, 0, true);
                        Ok(())
                    }
                    Some(Kw::DigitMap) => {
                        let f = d.field(a, 1)?;
                        d.event_dm(f, 1)
                    }
                    Some(Kw::Embed) if !second => d.embed(a, signals),
                    Some(Kw::ImmediateNotify) => {
                        let f = d.field(a, notify)?;
                        let t = d.choice(f, notify, 0)?;
                        d.null(t, 0);
                        Ok(())
                    }
                    Some(Kw::NeverNotify) => {
                        let f = d.field(a, notify)?;
                        let t = d.choice(f, notify, 2)?;
                        d.null(t, 2);
                        Ok(())
                    }
                    Some(Kw::RegulatedNotify) => {
                        let f = d.field(a, notify)?;
                        let t = d.choice(f, notify, 1)?;
                        let mut r = d.seq(t, 1);
                        if d.peek() == Some(b'{') {
                            d.list1(|d| {
                                let at = d.i;
                                if d.kw("expected `Embed`")? != Kw::Embed || r.n > 0 {
                                    return d.fail_at(at, "expected one `Embed`");
                                }
                                d.embed(&mut r, 1)
                            })?;
                        }
                        d.close(r)
                    }
                    Some(Kw::ResetEventsDescriptor) => {
                        let f = d.field(a, reset)?;
                        d.null(f, reset);
                        Ok(())
                    }
                    _ => d.fail_at(at, "expected an event parameter"),
                }
            })?;
            if let Some(a) = actions {
                self.close(a)?;
            }
        }
        self.close(e)
    }

    /// `{ [Signals …][, Events …] }` after `Embed`, into `seq`: signals as
    /// component `signals`, the events as the component before it.
    fn embed(&mut self, seq: &mut Seq, signals: u16) -> R {
        let events = signals - 1;
        self.list1(|d| {
            let at = d.i;
            match d.kw("expected `Signals` or `Events`")? {
                Kw::Signals if !Self::has(seq, events) => {
                    let f = d.field(seq, signals)?;
                    d.signals(f, signals)
                }
                Kw::Events => {
                    let f = d.field(seq, events)?;
                    d.events_of(f, events, true)
                }
                _ => d.fail_at(at, "expected `Signals` then `Events` in `Embed`"),
            }
        })
    }

    /// A requested event's digit map, as `EventDM` choice `ty`.
    fn event_dm(&mut self, ty: TypeId, slot: u16) -> R {
        if self.eat(b'=') {
            self.ws();
            let at = self.i;
            let name = self.word()?;
            let t = self.choice(ty, slot, 0)?;
            return self.digit_map_name(t, 0, name, at);
        }
        let t = self.choice(ty, slot, 1)?;
        self.digit_map_value(t, 1)
    }

    /// `name=value` of event `owner` as `EventParameter` `ty`.
    fn event_parameter(&mut self, ty: TypeId, owner: [u8; 4]) -> R {
        self.parameter(ty, Scope::Event, owner)
    }

    /// An event's or signal's parameter as `EventParameter` or
    /// `SigParameter` `ty`, its name resolved relative to `owner`.
    fn parameter(&mut self, ty: TypeId, scope: Scope, owner: [u8; 4]) -> R {
        self.ws();
        let at = self.i;
        let name = self.word()?;
        let Some(id) = crate::tape::text::names::parameter(V, scope, owner, name) else {
            return self.fail_at(
                at,
                format!(
                    "parameter `{}` of {scope:?} {:02X?} is not in Megaco v{}'s binary name tables",
                    String::from_utf8_lossy(name),
                    owner,
                    V
                ),
            );
        };
        let mut p = self.seq(ty, 0);
        let f = self.field(&mut p, 0)?;
        self.string(f, 0, &id, at)?;
        let f = self.field(&mut p, 1)?;
        let extra = self.parm_value(f, 1)?;
        if let Some((alt, v)) = extra {
            let f = self.field(&mut p, 2)?;
            let t = self.choice(f, 2, alt)?;
            if alt == 0 {
                self.enumerated(t, 0, v);
            } else {
                self.boolean(t, alt, v != 0);
            }
        }
        self.close(p)
    }

    /// `Signals[ { … }]` (token read) as `SignalsDescriptor` `ty`.
    pub(super) fn signals(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "SignalsDescriptor");
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        let mut n = 0;
        if self.peek() == Some(b'{') {
            self.list1(|d| {
                n += 1;
                if d.peek_kw() == Some(Kw::SignalList) {
                    d.word()?;
                    let t = d.choice(elem, 0, 1)?;
                    let mut l = d.seq(t, 1);
                    let f = d.field(&mut l, 0)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let id = d.uint()?;
                    d.int(f, 0, id, at)?;
                    let f = d.field(&mut l, 1)?;
                    d.list_of(f, 1, |d, s, slot| d.signal(s, slot))?;
                    d.close(l)
                } else {
                    let t = d.choice(elem, 0, 0)?;
                    d.signal(t, 0)
                }
            })?;
        }
        self.tape.nodes[node].a = n;
        Ok(())
    }

    /// `name[{ … }]` as `Signal` `ty`.
    fn signal(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "Signal");
        self.ws();
        let at = self.i;
        let name = self.word()?;
        let mut s = self.seq(ty, slot);
        let f = self.field(&mut s, 0)?;
        let owner = self.pkgd_name(f, 0, Scope::Signal, name, at)?;
        if self.peek() == Some(b'{') {
            self.list1(|d| {
                let at = d.i;
                let Some(k) = d.peek_kw_in(&SIGNAL_KWS) else {
                    let elem = d.list_elem(&mut s, 6)?;
                    return d.parameter(elem, Scope::Signal, owner);
                };
                d.word()?;
                match k {
                    Kw::Stream | Kw::Duration | Kw::RequestId | Kw::IntsigDelay => {
                        let slot = match k {
                            Kw::Stream => 1,
                            Kw::Duration => 3,
                            Kw::RequestId => 8,
                            _ => 9,
                        };
                        let f = d.field(&mut s, slot)?;
                        d.expect(b'=', "expected `=`")?;
                        let at = d.i;
                        let v = d.uint()?;
                        d.int(f, slot, v, at)
                    }
                    Kw::SignalType => {
                        let f = d.field(&mut s, 2)?;
                        d.expect(b'=', "expected `=`")?;
                        let at = d.i;
                        let v = match d.kw("expected a signal type")? {
                            Kw::Brief => 0,
                            Kw::OnOff => 1,
                            Kw::TimeOut => 2,
                            _ => return d.fail_at(at, "expected `Brief`, `OnOff` or `TimeOut`"),
                        };
                        d.enumerated(f, 2, v);
                        Ok(())
                    }
                    Kw::NotifyCompletion => {
                        let f = d.field(&mut s, 4)?;
                        d.expect(b'=', "expected `=`")?;
                        let mut bits = 0u8;
                        d.list1(|d| {
                            let at = d.i;
                            // NotifyCompletion's named bits, most significant first.
                            let bit = match d.kw("expected a notification reason")? {
                                Kw::TimeOut => 0,
                                Kw::IntByEvent => 1,
                                Kw::IntBySigDescr => 2,
                                Kw::OtherReason => 3,
                                Kw::Iteration => 4,
                                _ => return d.fail_at(at, "expected a notification reason"),
                            };
                            bits |= 0x80 >> bit;
                            Ok(())
                        })?;
                        d.named_bits(f, 4, bits)
                    }
                    Kw::KeepActive => {
                        let f = d.field(&mut s, 5)?;
                        d.boolean(f, 5, true);
                        Ok(())
                    }
                    Kw::Direction => {
                        let f = d.field(&mut s, 7)?;
                        d.expect(b'=', "expected `=`")?;
                        let at = d.i;
                        let v = match d.kw("expected a signal direction")? {
                            Kw::Internal => 0,
                            Kw::External => 1,
                            Kw::Both => 3,
                            _ => return d.fail_at(at, "expected `Internal`, `External` or `Both`"),
                        };
                        d.enumerated(f, 7, v);
                        Ok(())
                    }
                    _ => d.fail_at(at, "expected a signal parameter"),
                }
            })?;
        }
        self.close(s)
    }

    /// A `BIT STRING` of named bits held in one octet, most significant
    /// first, trailing zero bits dropped (as BER's named-bit rule wants).
    pub(super) fn named_bits(&mut self, ty: TypeId, slot: u16, bits: u8) -> R {
        let nbits = 8 - bits.trailing_zeros().min(8) as usize;
        let octets: &[u8] = if nbits == 0 {
            &[]
        } else {
            std::slice::from_ref(&bits)
        };
        self.tape.push_bits(ty, slot, octets, nbits);
        Ok(())
    }

    /// `= id { [time:]name[{…}], … }` after `ObservedEvents`, as
    /// `ObservedEventsDescriptor` `ty`.
    pub(super) fn observed_events(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "ObservedEventsDescriptor");
        let mut o = self.seq(ty, slot);
        let f = self.field(&mut o, 0)?;
        self.expect(b'=', "expected `=`")?;
        let at = self.i;
        let id = self.uint()?;
        self.int(f, 0, id, at)?;
        let f = self.field(&mut o, 1)?;
        self.list_of(f, 1, |d, elem, _| {
            d.ws();
            let at = d.i;
            let mut e = d.seq(elem, 0);
            // A time stamp comes first in text, last in ASN.1: checked
            // here, written last.
            let save = d.i;
            let first = d.word()?;
            let (stamp, name) = if d.eat(b':') {
                d.i = save;
                let stamp = d.time_stamp()?;
                d.expect(b':', "expected `:` after the time stamp")?;
                d.ws();
                (Some(stamp), d.word()?)
            } else {
                (None, first)
            };
            let f = d.field(&mut e, 0)?;
            let owner = d.pkgd_name(f, 0, Scope::Event, name, at)?;
            if d.peek() == Some(b'{') {
                d.event_parms(&mut e, owner, 1, 2)?;
            }
            if let Some((w, at)) = stamp {
                d.empty_lists_before(&mut e, 3)?;
                let f = d.field(&mut e, 3)?;
                d.time_notation_of(f, 3, w, at)?;
            }
            d.close(e)
        })?;
        self.close(o)
    }

    /// `{ Stream = n | name=value, … }` into `e`: the stream as component
    /// `stream`, the parameters as list component `parms`.
    fn event_parms(&mut self, e: &mut Seq, owner: [u8; 4], stream: u16, parms: u16) -> R {
        self.list1(|d| {
            if d.peek_kw_in(&[Kw::Stream]).is_some() {
                d.word()?;
                let f = d.field(e, stream)?;
                d.expect(b'=', "expected `=`")?;
                let at = d.i;
                let v = d.uint()?;
                return d.int(f, stream, v, at);
            }
            let elem = d.list_elem(e, parms)?;
            d.event_parameter(elem, owner)
        })
    }

    /// `{ name[{…}], … }` after `EventBuffer`, as `EventBufferDescriptor`.
    pub(super) fn event_buffer(&mut self, ty: TypeId, slot: u16) -> R {
        self.list_of(ty, slot, |d, elem, _| {
            d.ws();
            let at = d.i;
            let name = d.word()?;
            let mut e = d.seq(elem, 0);
            let f = d.field(&mut e, 0)?;
            let owner = d.pkgd_name(f, 0, Scope::Event, name, at)?;
            if d.peek() == Some(b'{') {
                d.event_parms(&mut e, owner, 1, 2)?;
            }
            d.close(e)
        })
    }
}
