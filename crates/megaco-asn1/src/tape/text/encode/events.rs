//! Events, signals, digit maps and observed events.

use super::{Scope, TypeId, ABSENT, E, R};
use encbench_megaco::tokens::Kw;

impl E<'_> {
    /// `E[=id{event, …}]`.
    pub(super) fn events(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Events);
        let seq = self.seq(ty)?;
        let mut id = false;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let n = self.int(ty)?;
                    self.eq();
                    self.num(n);
                    id = true;
                }
                (_, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    // Without a request id the text has no list.
                    if !id && n > 0 {
                        return self.fail("events descriptor with events but no request id");
                    }
                    if id {
                        self.open();
                        for i in 0..n {
                            if i > 0 {
                                self.sep();
                            }
                            self.requested_event(elem)?;
                        }
                        self.close();
                    }
                }
            }
        }
        Ok(())
    }

    /// `name[{ST=n, params…, actions…}]` (`RequestedEvent` and
    /// `SecondRequestedEvent`): the parameters come after the actions in
    /// the tape but before them in the text.
    fn requested_event(&mut self, ty: TypeId) -> R {
        let [name, stream, actions, params] = self.fields::<4>(ty)?;
        let end = self.at;
        self.at = name.0;
        let owner = self.pkgd_name(name.1, Scope::Event)?;
        let mut opened = false;
        if stream.0 != ABSENT {
            self.at = stream.0;
            let s = self.int(stream.1)?;
            self.lazy_item(&mut opened);
            self.kw_eq(Kw::Stream);
            self.num(s);
        }
        if params.0 != ABSENT {
            self.at = params.0;
            self.event_parameters(params.1, owner, &mut opened)?;
        }
        if actions.0 != ABSENT {
            self.at = actions.0;
            self.requested_actions(actions.1, &mut opened)?;
        }
        if opened {
            self.close();
        }
        self.at = end;
        Ok(())
    }

    /// The `EventParameter`s of event `owner`, as lazily opened items.
    fn event_parameters(&mut self, ty: TypeId, owner: [u8; 4], opened: &mut bool) -> R {
        let (n, elem) = self.seq_of(ty)?;
        for _ in 0..n {
            self.lazy_item(opened);
            self.parameter(elem, Scope::Event, owner)?;
        }
        Ok(())
    }

    /// An `EventParameter` or `SigParameter` (name, values, extra info).
    fn parameter(&mut self, ty: TypeId, scope: Scope, owner: [u8; 4]) -> R {
        let seq = self.seq(ty)?;
        let mut values = None;
        let mut digits = false;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let start = self.out.len();
                    self.parameter_name(ty, scope, owner)?;
                    digits = scope == Scope::Event && self.out[start..] == *b"ds";
                }
                (1, ty) => {
                    values = Some((self.at, ty));
                    self.at = self.skip(self.at)?;
                }
                (_, ty) => return self.parm_values(values, Some(ty)),
            }
        }
        match values {
            Some((at, list)) if digits => self.digit_string(at, list),
            _ => self.parm_values(values, None),
        }
    }

    /// An event parameter `ds` with one value and no extra info: Erlang's
    /// `enc_eventOther` writes it as a digit string, always quoted
    /// (`ds="916135551212"`), whatever its characters.
    fn digit_string(&mut self, at: usize, list: TypeId) -> R {
        let end = self.at;
        self.at = at;
        let (n, elem) = self.seq_of(list)?;
        if n != 1 {
            self.at = end;
            return self.parm_values(Some((at, list)), None);
        }
        let v = self.string(elem)?;
        self.s(b"=\"");
        self.s(v);
        self.byte(b'"');
        self.at = end;
        Ok(())
    }

    /// `RequestedActions` / `SecondRequestedActions`: `KA`, `DM…`,
    /// `EM{…}`, `NBIN`/`NBNN`/`NBRN[{EM{…}}]`, `RSE`. The second form
    /// lacks the embedded events (field 2), so its later fields sit one
    /// slot lower.
    fn requested_actions(&mut self, ty: TypeId, opened: &mut bool) -> R {
        let second = self.schema.name(ty) == "SecondRequestedActions";
        let f = self.fields::<6>(ty)?;
        let end = self.at;
        let [keep, dm, embedded, signals, notify, reset] = match second {
            false => f,
            true => [f[0], f[1], (ABSENT, 0), f[2], f[3], f[4]],
        };
        if keep.0 != ABSENT {
            self.at = keep.0;
            if self.boolean(keep.1)? {
                self.lazy_item(opened);
                self.kw(Kw::KeepActive);
            }
        }
        if dm.0 != ABSENT {
            self.at = dm.0;
            self.lazy_item(opened);
            self.kw(Kw::DigitMap);
            match self.choice(dm.1)? {
                (0, ty) => {
                    self.eq();
                    self.dialplan(ty)?;
                }
                (_, ty) => self.digit_map_value(ty)?,
            }
        }
        if embedded.0 != ABSENT || signals.0 != ABSENT {
            self.lazy_item(opened);
            self.embed(embedded, signals)?;
        }
        if notify.0 != ABSENT {
            self.at = notify.0;
            self.lazy_item(opened);
            match self.choice(notify.1)? {
                (0, ty) => {
                    self.take(ty)?;
                    self.kw(Kw::ImmediateNotify);
                }
                (1, ty) => {
                    self.kw(Kw::RegulatedNotify);
                    let [events, signals] = self.fields::<2>(ty)?;
                    if events.0 != ABSENT || signals.0 != ABSENT {
                        self.open();
                        self.embed(events, signals)?;
                        self.close();
                    }
                }
                (_, ty) => {
                    self.take(ty)?;
                    self.kw(Kw::NeverNotify);
                }
            }
        }
        if reset.0 != ABSENT {
            self.lazy_item(opened);
            self.kw(Kw::ResetEventsDescriptor);
        }
        self.at = end;
        Ok(())
    }

    /// `EM{SG{…}, E=…{…}}`: signals first, as Erlang writes it.
    fn embed(&mut self, events: (usize, TypeId), signals: (usize, TypeId)) -> R {
        self.kw(Kw::Embed);
        self.open();
        let mut first = true;
        if signals.0 != ABSENT {
            self.at = signals.0;
            self.item(&mut first);
            self.signals(signals.1)?;
        }
        if events.0 != ABSENT {
            self.at = events.0;
            self.item(&mut first);
            self.events(events.1)?;
        }
        self.close();
        Ok(())
    }

    /// `SG[{signal, SL=id{…}, …}]`.
    pub(super) fn signals(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Signals);
        let (n, elem) = self.seq_of(ty)?;
        if n == 0 {
            return Ok(());
        }
        self.open();
        for i in 0..n {
            if i > 0 {
                self.sep();
            }
            match self.choice(elem)? {
                (0, ty) => self.signal(ty)?,
                (_, ty) => {
                    let seq = self.seq(ty)?;
                    for _ in 0..seq.count {
                        match self.field(seq)? {
                            (0, ty) => {
                                let id = self.int(ty)?;
                                self.kw_eq(Kw::SignalList);
                                self.num(id);
                            }
                            (_, ty) => {
                                let (n, elem) = self.seq_of(ty)?;
                                self.open();
                                for i in 0..n {
                                    if i > 0 {
                                        self.sep();
                                    }
                                    self.signal(elem)?;
                                }
                                self.close();
                            }
                        }
                    }
                }
            }
        }
        self.close();
        Ok(())
    }

    /// `name[{ST, SY, DR, NC, KA, params…, SPADI, SPARQ, SPAIS}]`.
    fn signal(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let mut opened = false;
        let mut owner = [0; 4];
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => owner = self.pkgd_name(ty, Scope::Signal)?,
                (1, ty) => {
                    let s = self.int(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::Stream);
                    self.num(s);
                }
                (2, ty) => {
                    let t = self.int(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::SignalType);
                    self.kw(match t {
                        0 => Kw::Brief,
                        1 => Kw::OnOff,
                        _ => Kw::TimeOut,
                    });
                }
                (3, ty) => {
                    let d = self.int(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::Duration);
                    self.num(d);
                }
                (4, ty) => {
                    let nbits = self.nodes.get(self.at).map_or(0, |n| n.b);
                    let bits = self.string(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::NotifyCompletion);
                    self.open();
                    let mut first = true;
                    for (bit, k) in [
                        Kw::TimeOut,
                        Kw::IntByEvent,
                        Kw::IntBySigDescr,
                        Kw::OtherReason,
                        Kw::Iteration,
                    ]
                    .into_iter()
                    .enumerate()
                    {
                        if bit_set(bits, nbits, bit) {
                            self.item(&mut first);
                            self.kw(k);
                        }
                    }
                    self.close();
                }
                (5, ty) => {
                    if self.boolean(ty)? {
                        self.lazy_item(&mut opened);
                        self.kw(Kw::KeepActive);
                    }
                }
                (6, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    for _ in 0..n {
                        self.lazy_item(&mut opened);
                        self.parameter(elem, Scope::Signal, owner)?;
                    }
                }
                (7, ty) => {
                    let d = self.int(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::Direction);
                    self.kw(match d {
                        0 => Kw::Internal,
                        1 => Kw::External,
                        _ => Kw::Both,
                    });
                }
                (8, ty) => {
                    let r = self.int(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::RequestId);
                    self.num(r);
                }
                (_, ty) => {
                    let d = self.int(ty)?;
                    self.lazy_item(&mut opened);
                    self.kw_eq(Kw::IntsigDelay);
                    self.num(d);
                }
            }
        }
        if opened {
            self.close();
        }
        Ok(())
    }

    /// `DM[=name][{T:…, S:…, L:…, Z:…, body}]`.
    pub(super) fn digit_map(&mut self, ty: TypeId) -> R {
        self.kw(Kw::DigitMap);
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.eq();
                    self.dialplan(ty)?;
                }
                (_, ty) => self.digit_map_value(ty)?,
            }
        }
        Ok(())
    }

    /// `{T:n, S:n, L:n, Z:n, body}`: the duration timer (`Z`) is the last
    /// field in the tape, after the body.
    fn digit_map_value(&mut self, ty: TypeId) -> R {
        let f = self.fields::<5>(ty)?;
        let end = self.at;
        self.open();
        for (prefix, (at, ty)) in [(b"T:", f[0]), (b"S:", f[1]), (b"L:", f[2]), (b"Z:", f[4])] {
            if at != ABSENT {
                self.at = at;
                let t = self.int(ty)?;
                self.s(prefix);
                self.num(t);
                self.sep();
            }
        }
        let (at, ty) = f[3];
        if at == ABSENT {
            return self.fail("digit map value without its body (not made by a decoder)");
        }
        self.at = at;
        let body = self.string(ty)?;
        self.s(body);
        self.close();
        self.at = end;
        Ok(())
    }

    /// `OE=id{[date T time:]name[{ST=n, params}], …}`.
    pub(super) fn observed_events(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let id = self.int(ty)?;
                    self.kw_eq(Kw::ObservedEvents);
                    self.num(id);
                }
                (_, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    self.open();
                    for i in 0..n {
                        if i > 0 {
                            self.sep();
                        }
                        self.observed_event(elem)?;
                    }
                    self.close();
                }
            }
        }
        Ok(())
    }

    /// The time stamp is the last field in the tape and the first in text.
    fn observed_event(&mut self, ty: TypeId) -> R {
        let [name, stream, params, time] = self.fields::<4>(ty)?;
        let end = self.at;
        if time.0 != ABSENT {
            self.at = time.0;
            self.time(time.1)?;
            self.byte(b':');
        }
        self.named_event(name, stream, params)?;
        self.at = end;
        Ok(())
    }

    /// `name[{ST=n, params}]` of an observed event or an event spec.
    fn named_event(
        &mut self,
        name: (usize, TypeId),
        stream: (usize, TypeId),
        params: (usize, TypeId),
    ) -> R {
        self.at = name.0;
        let owner = self.pkgd_name(name.1, Scope::Event)?;
        let mut opened = false;
        if stream.0 != ABSENT {
            self.at = stream.0;
            let s = self.int(stream.1)?;
            self.lazy_item(&mut opened);
            self.kw_eq(Kw::Stream);
            self.num(s);
        }
        if params.0 != ABSENT {
            self.at = params.0;
            self.event_parameters(params.1, owner, &mut opened)?;
        }
        if opened {
            self.close();
        }
        Ok(())
    }

    /// `EB{name[{…}], …}`.
    pub(super) fn event_buffer(&mut self, ty: TypeId) -> R {
        self.kw(Kw::EventBuffer);
        self.open();
        let (n, elem) = self.seq_of(ty)?;
        for i in 0..n {
            if i > 0 {
                self.sep();
            }
            let [name, stream, params] = self.fields::<3>(elem)?;
            let end = self.at;
            self.named_event(name, stream, params)?;
            self.at = end;
        }
        self.close();
        Ok(())
    }
}

/// Bit `bit` (0 = the first, most significant) of a `BIT STRING` of
/// `nbits` bits.
pub(super) fn bit_set(octets: &[u8], nbits: u32, bit: usize) -> bool {
    bit < nbits as usize
        && octets
            .get(bit / 8)
            .is_some_and(|o| o & (0x80 >> (bit % 8)) != 0)
}
