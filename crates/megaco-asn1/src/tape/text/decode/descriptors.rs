//! Descriptors of Add, Move and Modify and of replies: media and its
//! streams, properties, SDP, statistics, packages and digit maps.

use super::{number, Seq, D, R};
use crate::tape::schema::TypeId;
use crate::tape::text::names::{self, Scope};
use encbench_megaco::tokens::Kw;

impl<const V: u8> D<'_, V> {
    /// One descriptor of an Add, Move or Modify as `AmmDescriptor` `ty`.
    pub(super) fn amm_descriptor(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "AmmDescriptor");
        let at = self.i;
        let (alt, k) = match self.kw("expected a descriptor")? {
            Kw::Media => (0, Kw::Media),
            Kw::Events => (3, Kw::Events),
            Kw::EventBuffer => (4, Kw::EventBuffer),
            Kw::Signals => (5, Kw::Signals),
            Kw::DigitMap => (6, Kw::DigitMap),
            Kw::Audit => (7, Kw::Audit),
            Kw::Stats => (8, Kw::Stats),
            Kw::Modem | Kw::Mux => {
                return self.fail_at(at, "Modem and Mux descriptors are not supported")
            }
            _ => return self.fail_at(at, "expected a descriptor (Media, Events, EventBuffer, Signals, DigitMap, Audit, Statistics)"),
        };
        let t = self.choice(ty, 0, alt)?;
        self.descriptor(k, t, alt)
    }

    /// The descriptor keyword `k` starts (token read), as type `ty`.
    fn descriptor(&mut self, k: Kw, ty: TypeId, slot: u16) -> R {
        match k {
            Kw::Media => self.media(ty, slot),
            Kw::Events => self.events(ty, slot),
            Kw::EventBuffer => self.event_buffer(ty, slot),
            Kw::Signals => self.signals(ty, slot),
            Kw::DigitMap => self.digit_map(ty, slot),
            Kw::Audit => self.audit_descriptor(ty, slot),
            Kw::Stats => self.statistics(ty, slot),
            Kw::ObservedEvents => self.observed_events(ty, slot),
            Kw::Packages => self.packages(ty, slot),
            _ => self.fail("expected a descriptor"),
        }
    }

    /// `{ descriptor, … }` of a command reply, as `TerminationAudit` `ty`.
    /// Bare descriptor names gather, as Erlang's parser gathers them, into
    /// one `emptyDescriptors` after the other descriptors.
    pub(super) fn termination_audit(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "TerminationAudit");
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        let mut n = 0;
        let mut tokens = 0u16;
        self.list(|d| {
            let at = d.i;
            if let Some(bit) = d.bare_audit_token() {
                tokens |= 1 << bit;
                return Ok(());
            }
            d.i = at;
            n += 1;
            d.audit_return_parameter(elem)
        })?;
        if tokens != 0 {
            let t = self.choice(elem, 0, 11)?;
            self.audit_tokens(t, 11, tokens)?;
            n += 1;
        }
        self.tape.nodes[node].a = n;
        Ok(())
    }

    /// The audit token bit of a descriptor name standing alone (consumed),
    /// or `None` (position then unspecified).
    fn bare_audit_token(&mut self) -> Option<u16> {
        let k = self.peek_kw()?;
        let bit = super::audit::audit_token_bit(k)?;
        self.word().ok()?;
        let next = self.peek();
        (next != Some(b'{') && next != Some(b'=')).then_some(bit)
    }

    /// A descriptor in a command reply (`AuditReturnParameter` `ty`).
    fn audit_return_parameter(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "AuditReturnParameter");
        let at = self.i;
        let k = self.peek_kw();
        if k == Some(Kw::Error) {
            let t = self.choice(ty, 0, 0)?;
            return self.error_descriptor(t, 0);
        }
        self.word()?;
        let next = self.peek();
        let open = next == Some(b'{');
        let eq = next == Some(b'=');
        let alt = match k {
            Some(Kw::Media) if open => 1,
            Some(Kw::Events) if eq => 4,
            Some(Kw::EventBuffer) if open => 5,
            Some(Kw::Signals) if open => 6,
            Some(Kw::DigitMap) if open || eq => 7,
            Some(Kw::ObservedEvents) if eq => 8,
            Some(Kw::Stats) if open => 9,
            Some(Kw::Packages) if open => 10,
            _ => return self.fail_at(at, "expected a descriptor in a command reply"),
        };
        let t = self.choice(ty, 0, alt)?;
        self.descriptor(k.unwrap_or(Kw::Media), t, alt)
    }

    /// `AuditValue`/`AuditCapability` reply as `AuditReply` choice `ty`.
    pub(super) fn audit_reply(&mut self, ty: TypeId, slot: u16) -> R {
        self.expect(b'=', "expected `=`")?;
        let save = self.i;
        if self.peek_kw() == Some(Kw::Ctx) {
            return self.fail_at(save, "a context audit reply has no binary form here");
        }
        self.i = save;
        let list = self.peek() == Some(b'[');
        let alt = if list { 3 } else { 2 };
        let t = self.choice(ty, slot, alt)?;
        let mut r = self.seq(t, alt);
        let f = self.field(&mut r, 0)?;
        if list {
            self.i = save;
            self.termination_ids_after_eq(f, 0)?;
        } else {
            self.termination_id(f, 0)?;
        }
        let f = self.field(&mut r, 1)?;
        if self.peek() == Some(b'{') {
            self.termination_audit(f, 1)?;
        } else {
            self.tape.push(f, 1, 0, 0);
        }
        self.close(r)
    }

    /// `Media { … }` (token read) as `MediaDescriptor` `ty`.
    fn media(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "MediaDescriptor");
        let mut m = self.seq(ty, slot);
        // One stream's parameters given bare, or `Stream = n { … }`s.
        let mut one: Option<Seq> = None;
        let mut multi: Option<(usize, u32)> = None;
        self.list1(|d| {
            let at = d.i;
            let k = d.kw("expected a media descriptor part")?;
            if k == Kw::TerminationState {
                if let Some(s) = one.take() {
                    d.close(s)?;
                }
                let f = d.field(&mut m, 0)?;
                return d.termination_state(f, 0);
            }
            if k == Kw::Stream {
                if one.is_some() {
                    return d.fail_at(
                        at,
                        "a media descriptor mixes `Stream = n` with bare stream parameters",
                    );
                }
                let elem = match &mut multi {
                    Some((_, n)) => {
                        *n += 1;
                        let streams = d.member(m.ty, 1)?;
                        d.member(d.member(streams, 1)?, 0)?
                    }
                    None => {
                        let streams = d.field(&mut m, 1)?;
                        let list = d.choice(streams, 1, 1)?;
                        multi = Some((d.tape.push(list, 1, 0, 0), 1));
                        d.member(list, 0)?
                    }
                };
                let mut sd = d.seq(elem, 0);
                let f = d.field(&mut sd, 0)?;
                d.expect(b'=', "expected `=`")?;
                let at = d.i;
                let id = d.uint()?;
                d.int(f, 0, id, at)?;
                let f = d.field(&mut sd, 1)?;
                let mut parms = d.seq(f, 1);
                d.list1(|d| {
                    let at = d.i;
                    let k = d.kw("expected LocalControl, Local, Remote or Statistics")?;
                    d.stream_parm(k, at, &mut parms)
                })?;
                d.close(parms)?;
                return d.close(sd);
            }
            if multi.is_some() {
                return d.fail_at(
                    at,
                    "a media descriptor mixes `Stream = n` with bare stream parameters",
                );
            }
            let parms = match &mut one {
                Some(p) => p,
                None => {
                    let streams = d.field(&mut m, 1)?;
                    let t = d.choice(streams, 1, 0)?;
                    one.insert(d.seq(t, 0))
                }
            };
            d.stream_parm(k, at, parms)
        })?;
        if let Some(s) = one.take() {
            self.close(s)?;
        }
        if let Some((node, n)) = multi {
            self.tape.nodes[node].a = n;
        }
        self.close(m)
    }

    /// One part of `StreamParms` `s`, its keyword `k` read.
    fn stream_parm(&mut self, k: Kw, at: usize, s: &mut Seq) -> R {
        s.ty = known!(self, s.ty, "StreamParms");
        let slot = match k {
            Kw::LocalControl => 0,
            Kw::Local => 1,
            Kw::Remote => 2,
            Kw::Stats => 3,
            _ => return self.fail_at(at, "expected LocalControl, Local, Remote or Statistics"),
        };
        let f = self.field(s, slot)?;
        match slot {
            0 => self.local_control(f),
            1 | 2 => self.sdp(f, slot),
            _ => self.statistics(f, 3),
        }
    }

    /// `{ SDP }` as `LocalRemoteDescriptor` `ty`: each `name=value` line a
    /// property of SDP's native package, a `v=` line starting a group.
    fn sdp(&mut self, ty: TypeId, slot: u16) -> R {
        self.expect(b'{', "expected `{`")?;
        let at = self.i;
        let body = self.raw_until(b'}', "unterminated SDP: no `}`")?;
        let mut l = self.seq(ty, slot);
        let groups_ty = self.field(&mut l, 0)?;
        let groups = self.tape.push(groups_ty, 0, 0, 0);
        let group_ty = self.member(groups_ty, 0)?;
        let parm_ty = self.member(group_ty, 0)?;
        let mut group: Option<usize> = None;
        let mut i = 0;
        while i < body.len() {
            // Skip white space and line ends before a name.
            while i < body.len() && matches!(body[i], b' ' | b'\t' | b'\r' | b'\n') {
                i += 1;
            }
            if i == body.len() {
                break;
            }
            let name_start = i;
            let line_end = memchr::memchr2(b'\r', b'\n', &body[i..]).map_or(body.len(), |n| i + n);
            let line = &body[i..line_end];
            let Some(eq) = memchr::memchr(b'=', line).filter(|&eq| eq > 0) else {
                return self.fail_at(at + name_start, "an SDP line that is not `name=value` has no binary form (no property to hold it)");
            };
            let (name, value) = (&line[..eq], &line[eq + 1..]);
            i = line_end;
            if group.is_none() || (name == b"v" && group.is_some_and(|g| self.tape.nodes[g].a > 0))
            {
                self.tape.nodes[groups].a += 1;
                group = Some(self.tape.push(group_ty, 0, 0, 0));
            }
            if let Some(g) = group {
                self.tape.nodes[g].a += 1;
            }
            self.pkgd_parm(parm_ty, name, value, at + name_start)?;
        }
        self.close(l)
    }

    /// A `PropertyParm` of one value, no extra information.
    fn pkgd_parm(&mut self, ty: TypeId, name: &[u8], value: &[u8], at: usize) -> R {
        let mut p = self.seq(ty, 0);
        let f = self.field(&mut p, 0)?;
        self.pkgd_name(f, 0, Scope::Property, name, at)?;
        let f = self.field(&mut p, 1)?;
        self.tape.push(f, 1, 1, 0);
        let elem = self.member(f, 0)?;
        self.string(elem, 0, value, at)?;
        self.close(p)
    }

    /// A package item's text name as its 4-octet `PkgdName`.
    pub(super) fn pkgd_name(
        &mut self,
        ty: TypeId,
        slot: u16,
        scope: Scope,
        text: &[u8],
        at: usize,
    ) -> R<[u8; 4]> {
        let Some(id) = names::pkgd_name(V, scope, text) else {
            return self.fail_at(at, unknown_name(scope, text, V));
        };
        self.string(ty, slot, &id, at)?;
        Ok(id)
    }

    /// `LocalControl { … }` as `LocalControlDescriptor` `ty`.
    fn local_control(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "LocalControlDescriptor");
        let mut lc = self.seq(ty, 0);
        self.list1(|d| {
            let at = d.i;
            match d.peek_kw() {
                Some(Kw::Mode) => {
                    d.word()?;
                    let f = d.field(&mut lc, 0)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = match d.kw("expected a stream mode")? {
                        Kw::SendOnly => 0,
                        Kw::RecvOnly => 1,
                        Kw::SendRecv => 2,
                        Kw::Inactive => 3,
                        Kw::Loopback => 4,
                        _ => return d.fail_at(at, "expected a stream mode"),
                    };
                    d.enumerated(f, 0, v);
                    Ok(())
                }
                Some(k @ (Kw::ReservedValue | Kw::ReservedGroup)) => {
                    d.word()?;
                    let slot = if k == Kw::ReservedValue { 1 } else { 2 };
                    let f = d.field(&mut lc, slot)?;
                    let v = d.on_off()?;
                    d.boolean(f, slot, v);
                    Ok(())
                }
                _ => {
                    let _ = at;
                    let elem = d.list_elem(&mut lc, 3)?;
                    d.property_parm(elem, 0)
                }
            }
        })?;
        self.close(lc)
    }

    /// `TerminationState { … }` as `TerminationStateDescriptor` `ty`.
    fn termination_state(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "TerminationStateDescriptor");
        let mut ts = self.seq(ty, slot);
        self.list1(|d| match d.peek_kw() {
            Some(Kw::ServiceStates) => {
                d.word()?;
                let f = d.field(&mut ts, 2)?;
                d.expect(b'=', "expected `=`")?;
                let at = d.i;
                let v = match d.kw("expected a service state")? {
                    Kw::Test => 0,
                    Kw::OutOfSvc => 1,
                    Kw::InSvc => 2,
                    _ => return d.fail_at(at, "expected a service state"),
                };
                d.enumerated(f, 2, v);
                Ok(())
            }
            Some(Kw::Buffer) => {
                d.word()?;
                let f = d.field(&mut ts, 1)?;
                d.expect(b'=', "expected `=`")?;
                let at = d.i;
                let v = match d.kw("expected `OFF` or `LockStep`")? {
                    Kw::Off => 0,
                    Kw::LockStep => 1,
                    _ => return d.fail_at(at, "expected `OFF` or `LockStep`"),
                };
                d.enumerated(f, 1, v);
                Ok(())
            }
            _ => {
                let elem = d.list_elem(&mut ts, 0)?;
                d.property_parm(elem, 0)
            }
        })?;
        self.close(ts)
    }

    /// `name` and its value part as `PropertyParm` `ty`: `= v`, `> v`,
    /// `< v`, `# v`, `= [a:b]` (range), `= [a, b]` and `= {a, b}` (sublists).
    pub(super) fn property_parm(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "PropertyParm");
        self.ws();
        let at = self.i;
        let name = self.word()?;
        let mut p = self.seq(ty, slot);
        let f = self.field(&mut p, 0)?;
        self.pkgd_name(f, 0, Scope::Property, name, at)?;
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

    /// The value part of a parameter as `Value`-like list `ty`; returns its
    /// extra information: (0, relation) or (1, range) or (2, and-sublist).
    pub(super) fn parm_value(&mut self, ty: TypeId, slot: u16) -> R<Option<(u16, u32)>> {
        let relation = match self.peek() {
            Some(b'=') => None,
            Some(b'>') => Some(0),
            Some(b'<') => Some(1),
            Some(b'#') => Some(2),
            _ => return self.fail("expected `=`, `>`, `<` or `#` after a parameter name"),
        };
        self.i += 1;
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        let mut n = 0;
        let mut one = |d: &mut Self| -> R {
            let at = d.i;
            let v = d.value()?;
            n += 1;
            d.string(elem, 0, v, at)
        };
        let extra = if let Some(r) = relation {
            one(self)?;
            Some((0, r))
        } else {
            match self.peek() {
                Some(b'[') => {
                    self.i += 1;
                    one(self)?;
                    if self.eat(b':') {
                        one(self)?;
                        self.expect(b']', "expected `]` after a range")?;
                        Some((1, 1))
                    } else {
                        while self.eat(b',') {
                            one(self)?;
                        }
                        self.expect(b']', "expected `,` or `]`")?;
                        Some((2, 1))
                    }
                }
                Some(b'{') => {
                    self.list1(|d| one(d))?;
                    Some((2, 0))
                }
                _ => {
                    one(self)?;
                    None
                }
            }
        };
        self.tape.nodes[node].a = n;
        Ok(extra)
    }

    /// `{ name[=value], … }` after `Statistics`, as `StatisticsDescriptor`.
    fn statistics(&mut self, ty: TypeId, slot: u16) -> R {
        self.list_of(ty, slot, |d, elem, _| {
            d.ws();
            let at = d.i;
            let name = d.word()?;
            let mut s = d.seq(elem, 0);
            let f = d.field(&mut s, 0)?;
            d.pkgd_name(f, 0, Scope::Statistics, name, at)?;
            if d.eat(b'=') {
                let f = d.field(&mut s, 1)?;
                let node = d.tape.push(f, 1, 0, 0);
                let v = d.member(f, 0)?;
                let mut n = 0;
                if d.eat(b'[') {
                    loop {
                        let at = d.i;
                        let x = d.value()?;
                        d.string(v, 0, x, at)?;
                        n += 1;
                        if !d.eat(b',') {
                            break;
                        }
                    }
                    d.expect(b']', "expected `,` or `]`")?;
                } else {
                    let at = d.i;
                    let x = d.value()?;
                    d.string(v, 0, x, at)?;
                    n = 1;
                }
                d.tape.nodes[node].a = n;
            }
            d.close(s)
        })
    }

    /// `{ name-version, … }` after `Packages`, as `PackagesDescriptor`.
    fn packages(&mut self, ty: TypeId, slot: u16) -> R {
        self.list_of(ty, slot, |d, elem, _| {
            d.ws();
            let at = d.i;
            let w = d.word()?;
            let Some(dash) = w.iter().rposition(|&b| b == b'-') else {
                return d.fail_at(at, "expected `package-version`");
            };
            let Some(version) = number(&w[dash + 1..]) else {
                return d.fail_at(at, "expected `package-version`");
            };
            let Some(id) = names::package(V, &w[..dash]) else {
                return d.fail_at(at, "a package the binary name tables do not know");
            };
            let mut p = d.seq(elem, 0);
            let f = d.field(&mut p, 0)?;
            d.string(f, 0, &id, at)?;
            let f = d.field(&mut p, 1)?;
            d.int(f, 1, version, at)?;
            d.close(p)
        })
    }

    /// `DigitMap = name`, `DigitMap { value }` or both, as
    /// `DigitMapDescriptor` `ty`.
    fn digit_map(&mut self, ty: TypeId, slot: u16) -> R {
        let mut dm = self.seq(ty, slot);
        if self.eat(b'=') && self.peek() != Some(b'{') {
            let at = self.i;
            let name = self.word()?;
            let f = self.field(&mut dm, 0)?;
            self.digit_map_name(f, 0, name, at)?;
        }
        if self.peek() != Some(b'{') {
            if !Self::has(&dm, 0) {
                return self.fail("expected a digit map name or `{`");
            }
            return self.close(dm);
        }
        let f = self.field(&mut dm, 1)?;
        self.digit_map_value(f, 1)?;
        self.close(dm)
    }

    /// A digit map's name as its 2-octet `Name`: `dialplanNN`.
    pub(super) fn digit_map_name(&mut self, ty: TypeId, slot: u16, name: &[u8], at: usize) -> R {
        let Some(id) = names::dialplan(name) else {
            return self.fail_at(
                at,
                "a digit map name has a binary form only as `dialplan` and two digits",
            );
        };
        self.string(ty, slot, &id, at)
    }

    /// `{ [T:n,] [S:n,] [L:n,] [Z:n,] body }` as `DigitMapValue` `ty`.
    pub(super) fn digit_map_value(&mut self, ty: TypeId, slot: u16) -> R {
        self.open_brace()?;
        let mut v = self.seq(ty, slot);
        loop {
            self.ws();
            let (Some(&t), Some(b':')) = (self.s.get(self.i), self.s.get(self.i + 1)) else {
                break;
            };
            let slot = match t.to_ascii_uppercase() {
                b'T' => 0,
                b'S' => 1,
                b'L' => 2,
                b'Z' => 4,
                _ => return self.fail("expected a digit map timer (T, S, L or Z)"),
            };
            self.i += 2;
            let f = self.field(&mut v, slot)?;
            let at = self.i;
            let n = self.uint()?;
            self.int(f, slot, n, at)?;
            self.expect(b',', "expected `,` after a digit map timer")?;
        }
        self.ws();
        let at = self.i;
        let body: &[u8] = if self.s.get(self.i) == Some(&b'(') {
            let inner = self.raw_until(b')', "unterminated digit map: no `)`")?;
            &self.s[at..at + inner.len() + 1]
        } else {
            self.word()?
        };
        let f = self.field(&mut v, 3)?;
        self.string(f, 3, body, at)?;
        self.expect(b'}', "expected `}` after the digit map")?;
        self.depth -= 1;
        self.close(v)
    }
}

#[cold]
fn unknown_name(scope: Scope, text: &[u8], version: u8) -> String {
    format!(
        "{scope:?} `{}` is not in Megaco v{version}'s binary name tables, so it has no binary form",
        String::from_utf8_lossy(text)
    )
}
