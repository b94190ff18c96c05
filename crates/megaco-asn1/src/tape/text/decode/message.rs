//! The message, its transactions and actions.

use super::{number, Seq, D, R};
use crate::tape::schema::TypeId;
use encbench_megaco::tokens::{self, Kw};

/// Context ids text spells with a sign (RFC 3525 `ContextID`).
const CONTEXT_NULL: u32 = 0;
const CONTEXT_CHOOSE: u32 = 0xFFFF_FFFE;
const CONTEXT_ALL: u32 = 0xFFFF_FFFF;

impl<const V: u8> D<'_, V> {
    /// `MEGACO/v`: the module version (1, 2 or 3), and where it was read.
    pub(super) fn header(&mut self) -> R<(u8, usize)> {
        self.ws();
        let at = self.i;
        // The compact `!/1 ` in one look; any other spelling goes the
        // general way below.
        if let Some(&[b'!', b'/', digit @ b'1'..=b'3', end]) = self.s.get(at..at + 4) {
            if !super::SAFE[usize::from(end)] {
                self.i = at + 3;
                return Ok((digit - b'0', at));
            }
        }
        if self.peek_kw() == Some(Kw::Auth) {
            return self.fail("an authentication header has no text form here");
        }
        let head = self.word()?;
        let (token, version) = split_once(head, b'/');
        if tokens::lookup(token) != Some(Kw::Megacop) {
            return self.fail_at(at, "expected `MEGACO/<version>` or `!/<version>`");
        }
        let Some(version) = version.and_then(number) else {
            return self.fail_at(at, "expected a version number after `MEGACO/`");
        };
        let version = version.min(255) as u8;
        if let Err(e) = crate::tape::module(version, at) {
            return self.fail_at(at, e.to_string());
        }
        Ok((version, at))
    }

    /// `mId body` after the header of module `V` (read at `at`): the rest
    /// of the input.
    pub(super) fn body(&mut self, at: usize) -> R {
        let len = self.s.len();
        // About one value per three octets of compact text in the real
        // messages (fewer in pretty).
        self.tape.clear(V, len, len / 2 + 16);
        let root = Self::SCHEMA.root;
        let mut top = self.seq(root, 0);
        let ty = self.field(&mut top, 1)?;
        let mut mess = self.seq(ty, 1);
        let t = self.field(&mut mess, 0)?;
        self.int(t, 0, u32::from(V), at)?;
        let t = self.field(&mut mess, 1)?;
        self.mid(t, 1)?;
        let body = self.field(&mut mess, 2)?;
        if self.peek_kw() == Some(Kw::Error) {
            let e = self.choice(body, 2, 0)?;
            self.error_descriptor(e, 0)?;
        } else {
            let list_ty = self.choice(body, 2, 1)?;
            let list = self.tape.push(list_ty, 1, 0, 0);
            let elem = self.member(list_ty, 0)?;
            let mut n = 0;
            while self.peek().is_some() {
                self.transaction(elem)?;
                n += 1;
            }
            if n == 0 {
                return self.fail("expected a transaction");
            }
            self.tape.nodes[list].a = n;
        }
        self.close(mess)?;
        self.close(top)?;
        if self.peek().is_some() {
            return self.fail("expected the end of the message");
        }
        Ok(())
    }

    /// `[a.b.c.d]:port`, `[v6]:port`, `<domain>:port`, `MTP{hex}` or a
    /// device name, as `MId` choice `ty`.
    #[inline(always)]
    pub(super) fn mid(&mut self, ty: TypeId, slot: u16) -> R {
        match self.peek() {
            Some(b'[') => {
                self.i += 1;
                let at = self.i;
                // The usual `[a.b.c.d]` in one pass.
                if let Some((addr, len)) = self.s.get(at..).and_then(ipv4_prefix) {
                    if self.s.get(at + len) == Some(&b']') {
                        self.i = at + len + 1;
                        let t = self.choice(ty, slot, 0)?;
                        return self.address(t, 0, &addr);
                    }
                }
                let inside = self.raw_until(b']', "unterminated `[` address")?;
                if inside.contains(&b':') {
                    let Some(addr) = std::str::from_utf8(inside)
                        .ok()
                        .and_then(|s| s.parse::<std::net::Ipv6Addr>().ok())
                    else {
                        return self.fail_at(
                            at,
                            "expected an IPv6 address (its binary form is 16 octets)",
                        );
                    };
                    let t = self.choice(ty, slot, 1)?;
                    self.address(t, 1, &addr.octets())
                } else {
                    let Some(addr) = ipv4(inside) else {
                        return self.fail_at(at, "expected an IPv4 address");
                    };
                    let t = self.choice(ty, slot, 0)?;
                    self.address(t, 0, &addr)
                }
            }
            Some(b'<') => {
                self.i += 1;
                let at = self.i;
                let inside = self.raw_until(b'>', "unterminated `<` domain name")?;
                if inside.is_empty() || !inside.iter().all(|b| super::SAFE[usize::from(*b)]) {
                    return self.fail_at(at, "expected a domain name");
                }
                let t = self.choice(ty, slot, 2)?;
                let mut d = self.seq(t, 2);
                let name = self.field(&mut d, 0)?;
                self.string(name, 0, inside, at)?;
                self.port(&mut d)?;
                self.close(d)
            }
            _ => {
                let at = self.i;
                let w = self.word()?;
                if w.eq_ignore_ascii_case(b"MTP") && self.s.get(self.i) == Some(&b'{') {
                    self.i += 1;
                    let hex = self.raw_until(b'}', "unterminated `MTP{`")?;
                    let Some(octets) = hex_octets(hex) else {
                        return self.fail_at(at, "expected 4 to 8 hex digits in `MTP{ }`");
                    };
                    let t = self.choice(ty, slot, 4)?;
                    return self.string(t, 4, &octets.0[..octets.1], at);
                }
                let t = self.choice(ty, slot, 3)?;
                self.string(t, 3, w, at)
            }
        }
    }

    /// An IP4Address or IP6Address: the octets, then `:port` if present.
    #[inline(always)]
    fn address(&mut self, ty: TypeId, slot: u16, octets: &[u8]) -> R {
        let at = self.i;
        let mut a = self.seq(ty, slot);
        let t = self.field(&mut a, 0)?;
        self.string(t, 0, octets, at)?;
        self.port(&mut a)?;
        self.close(a)
    }

    /// `:port` straight after an address, as field 1 of `seq`.
    #[inline(always)]
    fn port(&mut self, seq: &mut Seq) -> R {
        if self.s.get(self.i) != Some(&b':') {
            return Ok(());
        }
        self.i += 1;
        let start = self.i;
        // Digits read where they lie, as `uint` reads them: every message
        // has a port.
        let (p, end) = self.digits(start);
        self.i = end;
        let Some(p) = u32::try_from(p)
            .ok()
            .filter(|_| (1..=10).contains(&(end - start)))
        else {
            return self.fail_at(start, "expected a port number");
        };
        let t = self.field(seq, 1)?;
        self.int(t, 1, p, start)
    }

    /// One `Transaction` (choice `ty`).
    fn transaction(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "Transaction");
        const MSG: &str =
            "expected `Transaction`, `Reply`, `Pending`, `TransactionResponseAck` or `Segment`";
        let at = self.i;
        match self.kw(MSG)? {
            Kw::Trans => {
                let t = self.choice(ty, 0, 0)?;
                let mut req = self.seq(t, 0);
                let id = self.field(&mut req, 0)?;
                self.expect(b'=', "expected `=`")?;
                let at = self.i;
                let v = self.uint()?;
                self.int(id, 0, v, at)?;
                let list = self.field(&mut req, 1)?;
                self.list_of(list, 1, Self::action_request)?;
                self.close(req)
            }
            Kw::Reply => {
                let t = self.choice(ty, 0, 2)?;
                self.reply(t)
            }
            Kw::Pending => {
                let t = self.choice(ty, 0, 1)?;
                let mut p = self.seq(t, 1);
                let id = self.field(&mut p, 0)?;
                self.expect(b'=', "expected `=`")?;
                let at = self.i;
                let v = self.uint()?;
                self.int(id, 0, v, at)?;
                self.list(|d| d.fail("a pending transaction has nothing between `{ }`"))?;
                self.close(p)
            }
            Kw::ResponseAck => {
                let t = self.choice(ty, 0, 3)?;
                self.list_of(t, 3, |d, ack, _| {
                    let at = d.i;
                    let w = d.word()?;
                    let (first, last) = split_once(w, b'-');
                    let mut a = d.seq(ack, 0);
                    let Some(first) = number(first) else {
                        return d.fail_at(at, "expected a transaction id or `first-last`");
                    };
                    let t = d.field(&mut a, 0)?;
                    d.int(t, 0, first, at)?;
                    if let Some(last) = last {
                        let Some(last) = number(last) else {
                            return d.fail_at(at, "expected a transaction id or `first-last`");
                        };
                        let t = d.field(&mut a, 1)?;
                        d.int(t, 1, last, at)?;
                    }
                    d.close(a)
                })
            }
            Kw::Segment => {
                let t = self.choice(ty, 0, 4)?;
                let mut s = self.seq(t, 4);
                self.expect(b'=', "expected `=`")?;
                let (id, segment, complete, at) = self.segmented_id()?;
                let Some(segment) = segment else {
                    return self.fail("expected `/segment number` after the transaction id");
                };
                let f = self.field(&mut s, 0)?;
                self.int(f, 0, id, at)?;
                let f = self.field(&mut s, 1)?;
                self.int(f, 1, segment, at)?;
                if complete {
                    let f = self.field(&mut s, 2)?;
                    self.null(f, 2);
                }
                self.close(s)
            }
            _ => self.fail_at(at, MSG),
        }
    }

    /// `{ item, … }` (at least one) as `SEQUENCE OF` type `ty`,
    /// component `slot`; `item` reads one element of the given type.
    pub(super) fn list_of(
        &mut self,
        ty: TypeId,
        slot: u16,
        mut item: impl FnMut(&mut Self, TypeId, u16) -> R,
    ) -> R {
        let node = self.tape.push(ty, slot, 0, 0);
        let elem = self.member(ty, 0)?;
        let mut n = 0;
        self.list1(|d| {
            n += 1;
            item(d, elem, 0)
        })?;
        self.tape.nodes[node].a = n;
        Ok(())
    }

    /// `id[/segment[/END]]`, one word; also where it started.
    fn segmented_id(&mut self) -> R<(u32, Option<u32>, bool, usize)> {
        self.ws();
        let at = self.i;
        let w = self.word()?;
        let bad = |d: &Self| d.fail_at(at, "expected `id`, `id/segment` or `id/segment/END`");
        let mut parts = w.split(|&b| b == b'/');
        let Some(id) = parts.next().and_then(number) else {
            return bad(self);
        };
        let segment = match parts.next() {
            Some(s) => match number(s) {
                Some(n) => Some(n),
                None => return bad(self),
            },
            None => None,
        };
        let complete = match parts.next() {
            Some(e) if tokens::lookup(e) == Some(Kw::End) => true,
            Some(_) => return bad(self),
            None => false,
        };
        if parts.next().is_some() {
            return bad(self);
        }
        Ok((id, segment, complete, at))
    }

    /// `Reply = id[/seg[/END]] { [ImmAckRequired,] (Error | Context…) }`.
    fn reply(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "TransactionReply");
        let mut r = self.seq(ty, 2);
        self.expect(b'=', "expected `=`")?;
        let (id, segment, complete, at) = self.segmented_id()?;
        let f = self.field(&mut r, 0)?;
        self.int(f, 0, id, at)?;
        let result = self.field(&mut r, 2)?;
        let mut replies: Option<usize> = None;
        let mut errored = false;
        let mut n = 0u32;
        self.list1(|d| {
            let at = d.i;
            match d.peek_kw() {
                Some(Kw::ImmAckRequired) if replies.is_none() && !errored => {
                    d.word()?;
                    // ASN.1 puts it before the result: written now, ordered at close.
                    let f = d.field(&mut r, 1)?;
                    d.null(f, 1);
                    Ok(())
                }
                Some(Kw::Error) if replies.is_none() && !errored => {
                    errored = true;
                    let e = d.choice(result, 2, 0)?;
                    d.error_descriptor(e, 0)
                }
                Some(Kw::Ctx) if !errored => {
                    let elem = match replies {
                        Some(_) => d.member(d.member(result, 1)?, 0)?,
                        None => {
                            let list = d.choice(result, 2, 1)?;
                            replies = Some(d.tape.push(list, 1, 0, 0));
                            d.member(list, 0)?
                        }
                    };
                    n += 1;
                    d.action_reply(elem)
                }
                _ => d.fail_at(at, "expected `Context` or `Error` in a reply"),
            }
        })?;
        match replies {
            Some(node) => self.tape.nodes[node].a = n,
            None if !errored => return self.fail("a reply needs a `Context` or an `Error`"),
            None => {}
        }
        if let Some(segment) = segment {
            let f = self.field(&mut r, 3)?;
            self.int(f, 3, segment, at)?;
        }
        if complete {
            let f = self.field(&mut r, 4)?;
            self.null(f, 4);
        }
        self.close(r)
    }

    /// `Context = id` as the `ContextID` of type `ty`, component 0.
    fn context_id(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "ContextID");
        let at = self.i;
        if self.kw("expected `Context`")? != Kw::Ctx {
            return self.fail_at(at, "expected `Context`");
        }
        self.expect(b'=', "expected `=`")?;
        self.ws();
        let at = self.i;
        let v = match self.word()? {
            b"-" => CONTEXT_NULL,
            b"$" => CONTEXT_CHOOSE,
            b"*" => CONTEXT_ALL,
            w => match number(w) {
                Some(v) if v != CONTEXT_NULL && v != CONTEXT_CHOOSE && v != CONTEXT_ALL => v,
                _ => {
                    return self.fail_at(at, "expected a context id: 1 to 4294967293, or `-`, `$` or `*` (0, 4294967294 and 4294967295 are reserved for these)")
                }
            },
        };
        self.int(ty, 0, v, at)
    }

    /// `Error = code { ["text"] }`, the `Error` token included, as
    /// `ErrorDescriptor` type `ty`, component `slot`.
    pub(super) fn error_descriptor(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "ErrorDescriptor");
        self.word()?;
        let mut e = self.seq(ty, slot);
        self.expect(b'=', "expected `=`")?;
        let at = self.i;
        let code = self.uint()?;
        let f = self.field(&mut e, 0)?;
        self.int(f, 0, code, at)?;
        self.expect(b'{', "expected `{`")?;
        if self.peek() == Some(b'"') {
            let at = self.i;
            let text = self.quoted()?;
            let f = self.field(&mut e, 1)?;
            self.string(f, 1, text, at)?;
        }
        self.expect(b'}', "expected `}` after the error text")?;
        self.close(e)
    }

    /// `Context = id { … }` in a request, as `ActionRequest` type `ty`.
    fn action_request(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "ActionRequest");
        let mut a = self.seq(ty, slot);
        let f = self.field(&mut a, 0)?;
        self.context_id(f)?;
        let mut ctx: Option<Seq> = None;
        let mut commands: Option<(usize, u32)> = None;
        self.list(|d| {
            let at = d.i;
            let (optional, wildcard, word) = d.command_word()?;
            let Some(k) = tokens::lookup(word) else {
                return d.fail_at(at, "expected a command or context property");
            };
            if !(optional || wildcard) && is_context_property(k) {
                let c = match &mut ctx {
                    Some(c) => c,
                    None => {
                        let t = d.field(&mut a, 1)?;
                        ctx.insert(d.seq(t, 1))
                    }
                };
                // Context properties are one contiguous value: text puts
                // them before the commands, as ASN.1 does.
                if commands.is_some() {
                    return d.fail_at(at, "context properties come before the commands");
                }
                return d.context_property(k, c, at);
            }
            if let Some(c) = ctx.take() {
                d.close(c)?;
            }
            if k == Kw::ContextAudit && !(optional || wildcard) {
                if commands.is_some() {
                    return d.fail_at(at, "a context audit comes before the commands");
                }
                let t = d.field(&mut a, 2)?;
                return d.context_audit(t, 2);
            }
            let elem = match commands {
                Some(_) => d.member(d.member(a.ty, 3)?, 0)?,
                None => {
                    let list = d.field(&mut a, 3)?;
                    commands = Some((d.tape.push(list, 3, 0, 0), 0));
                    d.member(list, 0)?
                }
            };
            if let Some(c) = &mut commands {
                c.1 += 1;
            }
            d.command_request(elem, k, optional, wildcard, at)
        })?;
        if let Some(c) = ctx.take() {
            self.close(c)?;
        }
        if let Some((node, n)) = commands {
            self.tape.nodes[node].a = n;
        }
        self.close(a)
    }

    /// A command word with its `O-` / `W-` prefixes taken off.
    pub(super) fn command_word(&mut self) -> R<(bool, bool, &'_ [u8])> {
        let mut w = self.word()?;
        let (mut optional, mut wildcard) = (false, false);
        while w.len() > 2 && w[1] == b'-' {
            match w[0] {
                b'O' | b'o' if !optional => optional = true,
                b'W' | b'w' if !wildcard => wildcard = true,
                _ => break,
            }
            w = &w[2..];
        }
        Ok((optional, wildcard, w))
    }

    /// `Context = id { … }` in a reply, as `ActionReply` type `ty`.
    fn action_reply(&mut self, ty: TypeId) -> R {
        let ty = known!(self, ty, "ActionReply");
        let mut a = self.seq(ty, 0);
        let f = self.field(&mut a, 0)?;
        self.context_id(f)?;
        let mut ctx: Option<Seq> = None;
        let mut replies: Option<(usize, u32)> = None;
        self.list(|d| {
            let at = d.i;
            let k = d.peek_kw();
            if k == Some(Kw::Error) && !Self::has(&a, 1) {
                // The context properties end here: one value in ASN.1.
                if let Some(c) = ctx.take() {
                    d.close(c)?;
                }
                let f = d.field(&mut a, 1)?;
                return d.error_descriptor(f, 1);
            }
            let Some(k) = k else {
                return d.fail_at(at, "expected a command reply or context property");
            };
            d.word()?;
            if is_context_property(k) {
                let c = match &mut ctx {
                    Some(c) => c,
                    None if Self::has(&a, 2) => return d.fail_at(
                        at,
                        "context properties are not supported on both sides of an error descriptor",
                    ),
                    None => {
                        let t = d.field(&mut a, 2)?;
                        ctx.insert(d.seq(t, 2))
                    }
                };
                if replies.is_some() {
                    return d.fail_at(at, "context properties come before the command replies");
                }
                return d.context_property(k, c, at);
            }
            if let Some(c) = ctx.take() {
                d.close(c)?;
            }
            let elem = match replies {
                Some(_) => d.member(d.member(a.ty, 3)?, 0)?,
                None => {
                    let list = d.field(&mut a, 3)?;
                    replies = Some((d.tape.push(list, 3, 0, 0), 0));
                    d.member(list, 0)?
                }
            };
            if let Some(r) = &mut replies {
                r.1 += 1;
            }
            d.command_reply(elem, k, at)
        })?;
        if let Some(c) = ctx.take() {
            self.close(c)?;
        }
        if let Some((node, n)) = replies {
            self.tape.nodes[node].a = n;
        }
        self.close(a)
    }
}

/// Whether keyword `k` starts a context property (`ContextRequest`).
fn is_context_property(k: Kw) -> bool {
    matches!(
        k,
        Kw::Priority | Kw::Emergency | Kw::EmergencyOff | Kw::Ieps | Kw::Topology | Kw::ContextAttr
    )
}

/// Splits at the first `sep`.
pub(super) fn split_once(w: &[u8], sep: u8) -> (&[u8], Option<&[u8]>) {
    match w.iter().position(|&b| b == sep) {
        Some(i) => (&w[..i], Some(&w[i + 1..])),
        None => (w, None),
    }
}

/// `a.b.c.d`, each 0–255.
fn ipv4(s: &[u8]) -> Option<[u8; 4]> {
    ipv4_prefix(s).and_then(|(octets, len)| (len == s.len()).then_some(octets))
}

/// The IPv4 address `s` starts with, as [`ipv4`] reads it, and its length.
fn ipv4_prefix(s: &[u8]) -> Option<([u8; 4], usize)> {
    // As the general parser reads them: each octet 1 to 10 digits (leading
    // zeros allowed) worth at most 255.
    let mut out = [0u8; 4];
    let mut k = 0;
    let mut n = 0u64;
    let mut digits = 0;
    let mut len = 0;
    for &b in s {
        match b {
            b'0'..=b'9' if digits < 10 => {
                n = n * 10 + u64::from(b - b'0');
                digits += 1;
            }
            b'.' if digits > 0 && k < 3 => {
                out[k] = u8::try_from(n).ok()?;
                (k, n, digits) = (k + 1, 0, 0);
            }
            b'0'..=b'9' | b'.' => return None,
            _ => break,
        }
        len += 1;
    }
    if digits == 0 || k != 3 {
        return None;
    }
    out[3] = u8::try_from(n).ok()?;
    Some((out, len))
}

/// 4 to 8 hex digits (an even count) as 2 to 4 octets.
fn hex_octets(hex: &[u8]) -> Option<([u8; 4], usize)> {
    if !(4..=8).contains(&hex.len()) || !hex.len().is_multiple_of(2) {
        return None;
    }
    let mut out = [0u8; 4];
    for (k, pair) in hex.chunks(2).enumerate() {
        let s = std::str::from_utf8(pair).ok()?;
        out[k] = u8::from_str_radix(s, 16).ok()?;
    }
    Some((out, hex.len() / 2))
}

#[cfg(test)]
mod tests {
    use super::{ipv4, ipv4_prefix};

    #[test]
    fn ipv4_takes_four_octets_up_to_255() {
        assert_eq!(ipv4(b"125.125.125.111"), Some([125, 125, 125, 111]));
        assert_eq!(ipv4(b"0.0.0.0"), Some([0; 4]));
        assert_eq!(ipv4(b"255.001.10.9"), Some([255, 1, 10, 9]));
        assert_eq!(ipv4(b"0000000255.0123.1.2"), Some([255, 123, 1, 2]));
        assert_eq!(ipv4_prefix(b"1.2.3.4]:55"), Some(([1, 2, 3, 4], 7)));
        assert_eq!(ipv4_prefix(b"1.2.3.4.5]"), None);
        assert_eq!(ipv4_prefix(b"1.2.3]"), None);
        for bad in [
            &b""[..],
            b"1.2.3",
            b"1.2.3.4.5",
            b"256.1.1.1",
            b"1.2.3.256",
            b"1..3.4",
            b".1.2.3",
            b"1.2.3.",
            b"00000000001.2.3.4",
            b"9999999999.2.3.4",
            b"1.2.3.4a",
            b"1.2.-3.4",
        ] {
            assert_eq!(ipv4(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }
}
