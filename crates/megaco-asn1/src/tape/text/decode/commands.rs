//! Commands, command replies, context properties and service changes.

use super::{number, Seq, D, R};
use crate::tape::schema::TypeId;
use crate::tape::text::termid;
use encbench_megaco::tokens::Kw;

impl<'a, const V: u8> D<'a, V> {
    /// One termination id as `TerminationID` type `ty`, component `slot`,
    /// through the binary term id mapping.
    pub(super) fn termination_id(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "TerminationID");
        self.ws();
        let at = self.i;
        // The usual id is read where it lies, without a word scan first;
        // anything else (or a longer word) goes the general way.
        let end = at + termid::THREE_LEVELS_LEN;
        let usual = self
            .s
            .get(at..end)
            .and_then(termid::three_levels)
            .filter(|_| {
                !self
                    .s
                    .get(end)
                    .is_some_and(|&b| super::SAFE[usize::from(b)])
            });
        let id = if let Some(id) = usual {
            self.i = end;
            Some(id)
        } else {
            termid::from_text(self.word()?)
        };
        let Some(id) = id else {
            return self.fail_at(
                at,
                "termination id has no binary form (levels of 8 binary digits, `$` or `*`, or ROOT)",
            );
        };
        let mut t = self.seq(ty, slot);
        let list = self.field(&mut t, 0)?;
        let node = self.tape.push(list, 0, u32::from(id.wildcard_count), 0);
        let _ = node;
        let elem = self.member(list, 0)?;
        for w in &id.wildcards[..usize::from(id.wildcard_count)] {
            self.string(elem, 0, std::slice::from_ref(w), at)?;
        }
        let f = self.field(&mut t, 1)?;
        self.string(f, 1, &id.id[..usize::from(id.id_len)], at)?;
        self.close(t)
    }

    /// `= id` or `= [ id, id, … ]` as `TerminationIDList` type `ty`.
    fn termination_ids(&mut self, ty: TypeId, slot: u16) -> R {
        self.expect(b'=', "expected `=`")?;
        self.termination_ids_after_eq(ty, slot)
    }

    /// `id` or `[ id, id, … ]` as `TerminationIDList` type `ty`.
    pub(super) fn termination_ids_after_eq(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "TerminationIDList");
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        let mut n = 1;
        if self.eat(b'[') {
            self.termination_id(elem, 0)?;
            while self.eat(b',') {
                self.termination_id(elem, 0)?;
                n += 1;
            }
            self.expect(b']', "expected `,` or `]`")?;
        } else {
            self.termination_id(elem, 0)?;
        }
        self.tape.nodes[node].a = n;
        Ok(())
    }

    /// A command request (keyword `k` read) as `CommandRequest` type `ty`.
    pub(super) fn command_request(
        &mut self,
        ty: TypeId,
        k: Kw,
        optional: bool,
        wildcard: bool,
        at: usize,
    ) -> R {
        let ty = known!(self, ty, "CommandRequest");
        let mut c = self.seq(ty, 0);
        let cmd = self.field(&mut c, 0)?;
        let alt = match k {
            Kw::Add => 0,
            Kw::Move => 1,
            Kw::Modify => 2,
            Kw::Subtract => 3,
            Kw::AuditCap => 4,
            Kw::AuditValue => 5,
            Kw::Notify => 6,
            Kw::ServiceChange => 7,
            _ => return self.fail_at(at, "expected a command (Add, Move, Modify, Subtract, AuditValue, AuditCapability, Notify, ServiceChange)"),
        };
        let t = self.choice(cmd, 0, alt)?;
        let mut r = self.seq(t, alt);
        match alt {
            0..=2 => {
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                let list = self.field(&mut r, 1)?;
                let node = self.tape.push(list, 1, 0, 0);
                let elem = self.member(list, 0)?;
                let mut n = 0;
                if self.peek() == Some(b'{') {
                    self.list1(|d| {
                        n += 1;
                        d.amm_descriptor(elem)
                    })?;
                }
                self.tape.nodes[node].a = n;
            }
            3 => {
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                if self.peek() == Some(b'{') {
                    self.list1(|d| {
                        let at = d.i;
                        if d.kw("expected `Audit`")? != Kw::Audit || Self::has(&r, 1) {
                            return d.fail_at(at, "expected one `Audit` in a subtract");
                        }
                        let f = d.field(&mut r, 1)?;
                        d.audit_descriptor(f, 1)
                    })?;
                }
            }
            4 | 5 => {
                // One termination id; a list (v3) goes whole to
                // terminationIDList, and its first to terminationID.
                self.expect(b'=', "expected `=`")?;
                if self.peek() == Some(b'[') {
                    let f = self.field(&mut r, 2)?;
                    let list = self.tape.nodes.len();
                    self.termination_ids_after_eq(f, 2)?;
                    let first = list + 1;
                    let end = self.subtree_end(first);
                    let f = self.field(&mut r, 0)?;
                    let _ = f;
                    for k in first..end {
                        let node = self.tape.nodes[k];
                        self.tape.nodes.push(node);
                    }
                } else {
                    let f = self.field(&mut r, 0)?;
                    self.termination_id(f, 0)?;
                }
                self.list1(|d| {
                    let at = d.i;
                    if d.kw("expected `Audit`")? != Kw::Audit || Self::has(&r, 1) {
                        return d.fail_at(at, "expected one `Audit` in an audit request");
                    }
                    let f = d.field(&mut r, 1)?;
                    d.audit_descriptor(f, 1)
                })?;
            }
            6 => {
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                self.list1(|d| {
                    let at = d.i;
                    match d.peek_kw() {
                        Some(Kw::ObservedEvents) if !Self::has(&r, 1) => {
                            d.word()?;
                            let f = d.field(&mut r, 1)?;
                            d.observed_events(f, 1)
                        }
                        Some(Kw::Error) if !Self::has(&r, 2) => {
                            let f = d.field(&mut r, 2)?;
                            d.error_descriptor(f, 2)
                        }
                        _ => d.fail_at(at, "expected `ObservedEvents` or `Error` in a notify"),
                    }
                })?;
                if !Self::has(&r, 1) {
                    return self.fail_at(at, "a notify needs `ObservedEvents`");
                }
            }
            _ => {
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                self.list1(|d| {
                    let at = d.i;
                    if d.kw("expected `Services`")? != Kw::Services || Self::has(&r, 1) {
                        return d.fail_at(at, "expected one `Services` in a service change");
                    }
                    let f = d.field(&mut r, 1)?;
                    d.service_change_parm(f, 1, at)
                })?;
                if !Self::has(&r, 1) {
                    return self.fail_at(at, "a service change needs `Services`");
                }
            }
        }
        self.close(r)?;
        if optional {
            let f = self.field(&mut c, 1)?;
            self.null(f, 1);
        }
        if wildcard {
            let f = self.field(&mut c, 2)?;
            self.null(f, 2);
        }
        self.close(c)
    }

    /// A command reply (keyword `k` read) as `CommandReply` type `ty`.
    pub(super) fn command_reply(&mut self, ty: TypeId, k: Kw, at: usize) -> R {
        let ty = known!(self, ty, "CommandReply");
        let alt = match k {
            Kw::Add => 0,
            Kw::Move => 1,
            Kw::Modify => 2,
            Kw::Subtract => 3,
            Kw::AuditCap => 4,
            Kw::AuditValue => 5,
            Kw::Notify => 6,
            Kw::ServiceChange => 7,
            _ => return self.fail_at(at, "expected a command reply (Add, Move, Modify, Subtract, AuditValue, AuditCapability, Notify, ServiceChange)"),
        };
        let t = self.choice(ty, 0, alt)?;
        match alt {
            0..=3 => {
                let mut r = self.seq(t, alt);
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                if self.peek() == Some(b'{') {
                    let f = self.field(&mut r, 1)?;
                    self.termination_audit(f, 1)?;
                }
                self.close(r)
            }
            4 | 5 => self.audit_reply(t, alt),
            6 => {
                let mut r = self.seq(t, alt);
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                if self.peek() == Some(b'{') {
                    self.list1(|d| {
                        let at = d.i;
                        if d.peek_kw() != Some(Kw::Error) || Self::has(&r, 1) {
                            return d.fail_at(at, "expected one `Error` in a notify reply");
                        }
                        let f = d.field(&mut r, 1)?;
                        d.error_descriptor(f, 1)
                    })?;
                }
                self.close(r)
            }
            _ => {
                let mut r = self.seq(t, alt);
                let f = self.field(&mut r, 0)?;
                self.termination_ids(f, 0)?;
                let result = self.field(&mut r, 1)?;
                if self.peek() == Some(b'{') {
                    let mut done = false;
                    self.list1(|d| {
                        let at = d.i;
                        if done {
                            return d.fail_at(at, "expected one `Services` or `Error`");
                        }
                        done = true;
                        match d.peek_kw() {
                            Some(Kw::Error) => {
                                let e = d.choice(result, 1, 0)?;
                                d.error_descriptor(e, 0)
                            }
                            Some(Kw::Services) => {
                                d.word()?;
                                let p = d.choice(result, 1, 1)?;
                                let mut s = d.seq(p, 1);
                                d.list1(|d| d.service_change_common(&mut s, 0))?;
                                d.close(s)
                            }
                            _ => d.fail_at(at, "expected `Services` or `Error`"),
                        }
                    })?;
                } else {
                    let p = self.choice(result, 1, 1)?;
                    let s = self.seq(p, 1);
                    self.close(s)?;
                }
                self.close(r)
            }
        }
    }

    /// The `{ … }` of `Services` in a request, as `ServiceChangeParm`.
    fn service_change_parm(&mut self, ty: TypeId, slot: u16, at: usize) -> R {
        let mut s = self.seq(ty, slot);
        self.list1(|d| {
            let at = d.i;
            match d.peek_kw() {
                Some(Kw::Method) if !Self::has(&s, 0) => {
                    d.word()?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = match d.kw("expected a service change method")? {
                        Kw::Failover => 0,
                        Kw::Forced => 1,
                        Kw::Graceful => 2,
                        Kw::Restart => 3,
                        Kw::Disconnected => 4,
                        Kw::HandOff => 5,
                        _ => return d.fail_at(at, "expected a service change method"),
                    };
                    let f = d.field(&mut s, 0)?;
                    d.enumerated(f, 0, v);
                    Ok(())
                }
                Some(Kw::Reason) if !Self::has(&s, 4) => {
                    d.word()?;
                    d.expect(b'=', "expected `=`")?;
                    let f = d.field(&mut s, 4)?;
                    d.value_list(f, 4)
                }
                Some(Kw::Delay) if !Self::has(&s, 5) => {
                    d.word()?;
                    let f = d.field(&mut s, 5)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = d.uint()?;
                    d.int(f, 5, v, at)
                }
                Some(Kw::ServiceChangeInc) => {
                    d.word()?;
                    let f = d.field(&mut s, 10)?;
                    d.null(f, 10);
                    Ok(())
                }
                _ => {
                    let _ = at;
                    d.service_change_common(&mut s, 1)
                }
            }
        })?;
        if !Self::has(&s, 0) {
            return self.fail_at(at, "a service change request needs `Method`");
        }
        if !Self::has(&s, 4) {
            return self.fail_at(at, "a service change request needs `Reason`");
        }
        self.close(s)
    }

    /// Address, MgcIdToTry, Version, Profile or a time stamp, into
    /// `ServiceChangeParm` (`shift` 1) or `ServiceChangeResParm` (0),
    /// whose components sit at different places.
    fn service_change_common(&mut self, s: &mut Seq, shift: u16) -> R {
        // (address, mgcId, version, profile, time stamp) components.
        let [address, mgc, version, profile, stamp] = if shift == 1 {
            [1, 6, 2, 3, 7]
        } else {
            [1, 0, 2, 3, 4]
        };
        self.ws();
        let at = self.i;
        match self.peek_kw() {
            Some(Kw::ServiceChangeAddress) => {
                self.word()?;
                self.expect(b'=', "expected `=`")?;
                self.ws();
                let save = self.i;
                let w = self.word()?;
                let f = self.field(s, address)?;
                match number(w) {
                    Some(port) if self.s.get(self.i) != Some(&b':') => {
                        let t = self.choice(f, address, 0)?;
                        self.int(t, 0, port, save)
                    }
                    _ => {
                        self.i = save;
                        self.mid_in(f, address, 1)
                    }
                }
            }
            Some(Kw::MgcId) => {
                self.word()?;
                self.expect(b'=', "expected `=`")?;
                let f = self.field(s, mgc)?;
                self.mid(f, mgc)
            }
            Some(Kw::Version) => {
                self.word()?;
                let f = self.field(s, version)?;
                self.expect(b'=', "expected `=`")?;
                let at = self.i;
                let v = self.uint()?;
                self.int(f, version, v, at)
            }
            Some(Kw::Profile) => {
                self.word()?;
                self.expect(b'=', "expected `=`")?;
                self.ws();
                let at = self.i;
                let w = self.word()?;
                let f = self.field(s, profile)?;
                let mut p = self.seq(f, profile);
                let n = self.field(&mut p, 0)?;
                self.string(n, 0, w, at)?;
                self.close(p)
            }
            Some(_) => self.fail_at(at, "expected a service change parameter"),
            None => {
                let f = self.field(s, stamp)?;
                self.time_notation(f, stamp)
            }
        }
    }

    /// `yyyymmddThhmmssss` as `TimeNotation` type `ty`.
    pub(super) fn time_notation(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "TimeNotation");
        let (w, at) = self.time_stamp()?;
        self.time_notation_of(ty, slot, w, at)
    }

    /// A time stamp `yyyymmddThhmmssss`, checked, and where it starts.
    pub(super) fn time_stamp(&mut self) -> R<(&'a [u8], usize)> {
        self.ws();
        let at = self.i;
        // Where it lies: the stamp's own checks end the word, unless a
        // longer word goes on.
        let end = at + 17;
        let w = match self.s.get(at..end) {
            Some(w)
                if is_time_stamp(w)
                    && !self
                        .s
                        .get(end)
                        .is_some_and(|&b| super::SAFE[usize::from(b)]) =>
            {
                self.i = end;
                w
            }
            _ => self.word()?,
        };
        if !is_time_stamp(w) {
            return self.fail_at(at, "expected a time stamp `yyyymmddThhmmssss`");
        }
        Ok((w, at))
    }

    /// The time stamp `w` (checked by [`D::time_stamp`]) as
    /// `TimeNotation` type `ty`.
    pub(super) fn time_notation_of(&mut self, ty: TypeId, slot: u16, w: &[u8], at: usize) -> R {
        let ty = known!(self, ty, "TimeNotation");
        let mut t = self.seq(ty, slot);
        let f = self.field(&mut t, 0)?;
        self.string(f, 0, &w[..8], at)?;
        let f = self.field(&mut t, 1)?;
        self.string(f, 1, &w[9..], at)?;
        self.close(t)
    }

    /// A `MId` whose alternatives start at `shift` in choice `ty` (the
    /// service change address puts a port first).
    fn mid_in(&mut self, ty: TypeId, slot: u16, shift: u16) -> R {
        let before = self.tape.nodes.len();
        self.mid(ty, slot)?;
        // mid() wrote the choice with the MId alternative numbers; move
        // them to this choice's, and the alternative's slot with them.
        let alt = self.tape.nodes[before].a as u16 + shift;
        let t = self.member(ty, alt)?;
        self.tape.nodes[before].a = u32::from(alt);
        let value = &mut self.tape.nodes[before + 1];
        value.slot = alt;
        value.ty = t;
        Ok(())
    }

    /// `Priority`, `Emergency`, `IEPSCall`, `Topology` or `ContextAttr`
    /// (keyword `k` read) into `ContextRequest` `c`.
    pub(super) fn context_property(&mut self, k: Kw, c: &mut Seq, at: usize) -> R {
        c.ty = known!(self, c.ty, "ContextRequest");
        match k {
            Kw::Priority => {
                let f = self.field(c, 0)?;
                self.expect(b'=', "expected `=`")?;
                let at = self.i;
                let v = self.uint()?;
                self.int(f, 0, v, at)
            }
            Kw::Emergency | Kw::EmergencyOff => {
                let f = self.field(c, 1)?;
                self.boolean(f, 1, k == Kw::Emergency);
                Ok(())
            }
            Kw::Ieps => {
                let f = self.field(c, 3)?;
                let v = self.on_off()?;
                self.boolean(f, 3, v);
                Ok(())
            }
            Kw::Topology => {
                let f = self.field(c, 2)?;
                self.topology(f, 2)
            }
            Kw::ContextAttr => self.list1(|d| {
                if d.peek_kw() == Some(Kw::ContextList) {
                    d.word()?;
                    d.expect(b'=', "expected `=`")?;
                    let f = d.field(c, 5)?;
                    d.list_of(f, 5, |d, ty, slot| {
                        let at = d.i;
                        let v = d.uint()?;
                        d.int(ty, slot, v, at)
                    })
                } else {
                    let elem = d.list_elem(c, 4)?;
                    d.property_parm(elem, 0)
                }
            }),
            _ => self.fail_at(at, "expected a context property"),
        }
    }

    /// `= ON` or `= OFF`.
    pub(super) fn on_off(&mut self) -> R<bool> {
        self.expect(b'=', "expected `=`")?;
        let at = self.i;
        match self.kw("expected `ON` or `OFF`")? {
            Kw::On => Ok(true),
            Kw::Off => Ok(false),
            _ => self.fail_at(at, "expected `ON` or `OFF`"),
        }
    }

    /// `{ from, to, direction[, Stream = n][, extension], … }` as the
    /// `SEQUENCE OF TopologyRequest` type `ty`.
    fn topology(&mut self, ty: TypeId, slot: u16) -> R {
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        self.open_brace()?;
        let mut n = 0;
        loop {
            let mut t = self.seq(elem, 0);
            let f = self.field(&mut t, 0)?;
            self.termination_id(f, 0)?;
            self.expect(b',', "expected `,` in a topology triple")?;
            let f = self.field(&mut t, 1)?;
            self.termination_id(f, 1)?;
            self.expect(b',', "expected `,` in a topology triple")?;
            loop {
                let at = self.i;
                match self.peek_kw() {
                    Some(k @ (Kw::Bothway | Kw::Isolate | Kw::Oneway)) if !Self::has(&t, 2) => {
                        self.word()?;
                        let f = self.field(&mut t, 2)?;
                        let v = match k {
                            Kw::Bothway => 0,
                            Kw::Isolate => 1,
                            _ => 2,
                        };
                        self.enumerated(f, 2, v);
                    }
                    Some(k @ (Kw::OnewayExternal | Kw::OnewayBoth)) if !Self::has(&t, 4) => {
                        self.word()?;
                        let f = self.field(&mut t, 4)?;
                        self.enumerated(f, 4, u32::from(k == Kw::OnewayBoth));
                    }
                    Some(Kw::Stream) if !Self::has(&t, 3) => {
                        self.word()?;
                        let f = self.field(&mut t, 3)?;
                        self.expect(b'=', "expected `=`")?;
                        let at = self.i;
                        let v = self.uint()?;
                        self.int(f, 3, v, at)?;
                    }
                    _ if !Self::has(&t, 2) && !Self::has(&t, 4) => {
                        return self.fail_at(at, "expected a topology direction")
                    }
                    _ => break,
                }
                if !self.eat(b',') {
                    break;
                }
            }
            if !Self::has(&t, 2) {
                // The extension stands for the direction `oneway` it extends.
                let f = self.field(&mut t, 2)?;
                self.enumerated(f, 2, 2);
            }
            self.close(t)?;
            n += 1;
            if self.eat(b'}') {
                break;
            }
            if self.peek().is_none() {
                return self.fail("expected `}` after the topology");
            }
        }
        self.depth -= 1;
        self.tape.nodes[node].a = n;
        Ok(())
    }

    /// One value or `{ v, v, … }` as a `Value` (`SEQUENCE OF OCTET STRING`).
    pub(super) fn value_list(&mut self, ty: TypeId, slot: u16) -> R {
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        if self.peek() == Some(b'{') {
            let mut n = 0;
            self.list1(|d| {
                let at = d.i;
                let v = d.value()?;
                n += 1;
                d.string(elem, 0, v, at)
            })?;
            self.tape.nodes[node].a = n;
        } else {
            let at = self.i;
            let v = self.value()?;
            self.string(elem, 0, v, at)?;
            self.tape.nodes[node].a = 1;
        }
        Ok(())
    }
}

/// `yyyymmddThhmmssss`: eight digits, `T` in either case, eight digits.
fn is_time_stamp(w: &[u8]) -> bool {
    /// Eight ASCII digits: each byte 0x30 to 0x39, tested on all eight at
    /// once (adding 6 to a digit's low nibble does not carry out of it).
    fn digits(eight: &[u8]) -> bool {
        let Ok(bytes) = <[u8; 8]>::try_from(eight) else {
            return false;
        };
        let v = u64::from_le_bytes(bytes);
        let ones = u64::MAX / 255;
        v & (0xF0 * ones) == 0x30 * ones && (v + 6 * ones) & (0xF0 * ones) == 0x30 * ones
    }
    w.len() == 17 && w[8].eq_ignore_ascii_case(&b'T') && digits(&w[..8]) && digits(&w[9..])
}

#[cfg(test)]
mod tests {
    use super::is_time_stamp;

    #[test]
    fn a_time_stamp_is_eight_digits_t_eight_digits() {
        assert!(is_time_stamp(b"19990729T22000000"));
        assert!(is_time_stamp(b"19990729t22000000"));
        assert!(!is_time_stamp(b"19990729T2200000"));
        assert!(!is_time_stamp(b"19990729X22000000"));
        // Every byte in every digit position: only 0 to 9 pass.
        for at in (0..17).filter(|&k| k != 8) {
            for b in 0..=255u8 {
                let mut w = *b"19990729T22000000";
                w[at] = b;
                assert_eq!(
                    is_time_stamp(&w),
                    b.is_ascii_digit(),
                    "byte {b:#04x} at {at}"
                );
            }
        }
    }
}
