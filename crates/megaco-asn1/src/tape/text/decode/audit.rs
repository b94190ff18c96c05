//! Audit descriptors, their individual audit items, and the context audit.

use super::{number, D, R};
use crate::tape::schema::TypeId;
use crate::tape::text::names::{self, Scope};
use encbench_megaco::tokens::Kw;

/// The `AuditDescriptor.auditToken` bit a bare descriptor name stands for.
pub(super) fn audit_token_bit(k: Kw) -> Option<u16> {
    Some(match k {
        Kw::Mux => 0,
        Kw::Modem => 1,
        Kw::Media => 2,
        Kw::Events => 3,
        Kw::Signals => 4,
        Kw::DigitMap => 5,
        Kw::Stats => 6,
        Kw::ObservedEvents => 7,
        Kw::Packages => 8,
        Kw::EventBuffer => 9,
        _ => return None,
    })
}

impl<const V: u8> D<'_, V> {
    /// An `AuditDescriptor` `ty` of only the tokens in `bits` (bit 0 the
    /// first named bit).
    pub(super) fn audit_tokens(&mut self, ty: TypeId, slot: u16, bits: u16) -> R {
        let mut a = self.seq(ty, slot);
        let f = self.field(&mut a, 0)?;
        self.token_bits(f, 0, bits);
        self.close(a)
    }

    /// Named bits `bits` (bit `n` is named bit `n`) as a `BIT STRING`,
    /// trailing zero bits dropped.
    fn token_bits(&mut self, ty: TypeId, slot: u16, bits: u16) {
        let nbits = if bits == 0 {
            0
        } else {
            16 - bits.leading_zeros() as usize
        };
        // Named bit n is the n-th from the most significant end.
        let mut wire = 0u16;
        for n in 0..16 {
            if bits & (1 << n) != 0 {
                wire |= 0x8000 >> n;
            }
        }
        let octets = wire.to_be_bytes();
        self.tape
            .push_bits(ty, slot, &octets[..nbits.div_ceil(8)], nbits);
    }

    /// `Audit { … }` (token read) as `AuditDescriptor` `ty`; may be empty.
    pub(super) fn audit_descriptor(&mut self, ty: TypeId, slot: u16) -> R {
        let ty = known!(self, ty, "AuditDescriptor");
        let mut a = self.seq(ty, slot);
        let mut tokens = 0u16;
        let mut items: Option<(usize, u32)> = None;
        self.list(|d| {
            let at = d.i;
            let k = d.kw("expected an audit item")?;
            let next = d.peek();
            if next != Some(b'{') && next != Some(b'=') {
                return match audit_token_bit(k) {
                    Some(bit) => {
                        tokens |= 1 << bit;
                        Ok(())
                    }
                    None => d.fail_at(at, "expected an audit item"),
                };
            }
            let elem = match &mut items {
                Some((_, n)) => {
                    *n += 1;
                    d.member(d.member(a.ty, 1)?, 0)?
                }
                None => {
                    let list = d.field(&mut a, 1)?;
                    items = Some((d.tape.push(list, 1, 0, 0), 1));
                    d.member(list, 0)?
                }
            };
            d.ind_audit_parameter(elem, k, at)
        })?;
        if let Some((node, n)) = items {
            self.tape.nodes[node].a = n;
        }
        if tokens != 0 {
            // The tokens come first in ASN.1; close() puts them there.
            let f = self.field(&mut a, 0)?;
            self.token_bits(f, 0, tokens);
        }
        self.close(a)
    }

    /// One individual audit item (keyword `k` read) as `IndAuditParameter`.
    fn ind_audit_parameter(&mut self, ty: TypeId, k: Kw, at: usize) -> R {
        match k {
            Kw::Media => {
                let t = self.choice(ty, 0, 0)?;
                self.ind_aud_media(t)
            }
            Kw::Events => {
                let t = self.choice(ty, 0, 1)?;
                let mut e = self.seq(t, 1);
                if self.eat(b'=') {
                    let f = self.field(&mut e, 0)?;
                    let at = self.i;
                    let v = self.uint()?;
                    self.int(f, 0, v, at)?;
                }
                self.expect(b'{', "expected `{`")?;
                self.one_named(&mut e, Scope::Event, 1, 2, None)?;
                self.expect(b'}', "expected `}` after one name")?;
                self.close(e)
            }
            Kw::EventBuffer => {
                let t = self.choice(ty, 0, 2)?;
                let mut e = self.seq(t, 2);
                self.expect(b'{', "expected `{`")?;
                self.one_named(&mut e, Scope::Event, 0, 1, None)?;
                self.expect(b'}', "expected `}` after one name")?;
                self.close(e)
            }
            Kw::Signals => {
                let t = self.choice(ty, 0, 3)?;
                self.expect(b'{', "expected `{`")?;
                if self.peek_kw() == Some(Kw::SignalList) {
                    self.word()?;
                    let l = self.choice(t, 3, 1)?;
                    let mut s = self.seq(l, 1);
                    let f = self.field(&mut s, 0)?;
                    self.expect(b'=', "expected `=`")?;
                    let at = self.i;
                    let id = self.uint()?;
                    self.int(f, 0, id, at)?;
                    if self.eat(b'{') {
                        let f = self.field(&mut s, 1)?;
                        let mut one = self.seq(f, 1);
                        self.one_named(&mut one, Scope::Signal, 0, 1, Some(2))?;
                        self.close(one)?;
                        self.expect(b'}', "expected `}` after one signal")?;
                    }
                    self.close(s)?;
                } else {
                    let l = self.choice(t, 3, 0)?;
                    let mut one = self.seq(l, 0);
                    self.one_named(&mut one, Scope::Signal, 0, 1, Some(2))?;
                    self.close(one)?;
                }
                self.expect(b'}', "expected `}` after one signal")
            }
            Kw::DigitMap => {
                let t = self.choice(ty, 0, 4)?;
                let mut dm = self.seq(t, 4);
                self.expect(b'=', "expected `=`")?;
                self.ws();
                let at = self.i;
                let name = self.word()?;
                let f = self.field(&mut dm, 0)?;
                self.digit_map_name(f, 0, name, at)?;
                self.close(dm)
            }
            Kw::Stats => {
                let t = self.choice(ty, 0, 5)?;
                self.one_stat(t, 5)
            }
            Kw::Packages => {
                let t = self.choice(ty, 0, 6)?;
                self.expect(b'{', "expected `{`")?;
                self.ws();
                let at = self.i;
                let w = self.word()?;
                let Some(dash) = w.iter().rposition(|&b| b == b'-') else {
                    return self.fail_at(at, "expected `package-version`");
                };
                let (Some(id), Some(version)) =
                    (names::package(V, &w[..dash]), number(&w[dash + 1..]))
                else {
                    return self.fail_at(
                        at,
                        "expected `package-version` of a package in the binary name tables",
                    );
                };
                let mut p = self.seq(t, 6);
                let f = self.field(&mut p, 0)?;
                self.string(f, 0, &id, at)?;
                let f = self.field(&mut p, 1)?;
                self.int(f, 1, version, at)?;
                self.close(p)?;
                self.expect(b'}', "expected `}`")
            }
            _ => self.fail_at(at, "expected an audit item"),
        }
    }

    /// `{ name }` of a statistic as `IndAudStatisticsDescriptor` `ty`.
    fn one_stat(&mut self, ty: TypeId, slot: u16) -> R {
        self.expect(b'{', "expected `{`")?;
        self.ws();
        let at = self.i;
        let name = self.word()?;
        let mut s = self.seq(ty, slot);
        let f = self.field(&mut s, 0)?;
        self.pkgd_name(f, 0, Scope::Statistics, name, at)?;
        self.close(s)?;
        self.expect(b'}', "expected `}` after one name")
    }

    /// `name[ { Stream = n[, SPARequestID = n] } ]` into `seq`: the name as
    /// component `name`, the stream as `stream`, the request id (signals
    /// only) as `request`.
    fn one_named(
        &mut self,
        seq: &mut super::Seq,
        scope: Scope,
        name: u16,
        stream: u16,
        request: Option<u16>,
    ) -> R {
        self.ws();
        let at = self.i;
        let text = self.word()?;
        let f = self.field(seq, name)?;
        self.pkgd_name(f, name, scope, text, at)?;
        if self.peek() == Some(b'{') {
            self.list1(|d| {
                let at = d.i;
                let slot = match (d.kw("expected `Stream` or `SPARequestID`")?, request) {
                    (Kw::Stream, _) => stream,
                    (Kw::RequestId, Some(r)) => r,
                    _ => return d.fail_at(at, "expected `Stream` or `SPARequestID`"),
                };
                let f = d.field(seq, slot)?;
                d.expect(b'=', "expected `=`")?;
                let at = d.i;
                let v = d.uint()?;
                d.int(f, slot, v, at)
            })?;
        }
        Ok(())
    }

    /// `Media { … }` in an audit, as `IndAudMediaDescriptor` `ty`.
    fn ind_aud_media(&mut self, ty: TypeId) -> R {
        let mut m = self.seq(ty, 0);
        let mut one: Option<super::Seq> = None;
        let mut multi: Option<(usize, u32)> = None;
        self.list1(|d| {
            let at = d.i;
            match d.kw("expected a media audit item")? {
                Kw::TerminationState => {
                    let f = d.field(&mut m, 0)?;
                    d.ind_aud_term_state(f)
                }
                Kw::Stream => {
                    if one.is_some() {
                        return d.fail_at(
                            at,
                            "a media audit mixes `Stream = n` with bare stream items",
                        );
                    }
                    let elem = match &mut multi {
                        Some((_, n)) => {
                            *n += 1;
                            d.member(d.member(d.member(m.ty, 1)?, 1)?, 0)?
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
                        let k = d.kw("expected `LocalControl` or `Statistics`")?;
                        d.ind_aud_stream_parm(k, at, &mut parms)
                    })?;
                    d.close(parms)?;
                    d.close(sd)
                }
                k => {
                    if multi.is_some() {
                        return d.fail_at(
                            at,
                            "a media audit mixes `Stream = n` with bare stream items",
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
                    d.ind_aud_stream_parm(k, at, parms)
                }
            }
        })?;
        if let Some(s) = one.take() {
            self.close(s)?;
        }
        if let Some((node, n)) = multi {
            self.tape.nodes[node].a = n;
        }
        self.close(m)
    }

    /// `LocalControl { … }` or `Statistics { name }` of an audited stream,
    /// into `IndAudStreamParms` `s`.
    fn ind_aud_stream_parm(&mut self, k: Kw, at: usize, s: &mut super::Seq) -> R {
        match k {
            Kw::LocalControl => {
                let f = self.field(s, 0)?;
                let mut lc = self.seq(f, 0);
                // A bare name just read, waiting for its `name=value`.
                let mut bare: Option<usize> = None;
                self.list1(|d| {
                    let at = d.i;
                    let k = d.peek_kw();
                    let known = matches!(k, Some(Kw::Mode | Kw::ReservedValue | Kw::ReservedGroup));
                    if !known {
                        return d.ind_aud_local_property(&mut lc, &mut bare);
                    }
                    bare = None;
                    d.word()?;
                    let eq = d.peek() == Some(b'=');
                    match (k, eq) {
                        (Some(Kw::Mode), true) => {
                            let f = d.field(&mut lc, 4)?;
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
                            d.enumerated(f, 4, v);
                            Ok(())
                        }
                        (Some(k), false) => {
                            let slot = match k {
                                Kw::Mode => 0,
                                Kw::ReservedValue => 1,
                                _ => 2,
                            };
                            let f = d.field(&mut lc, slot)?;
                            d.null(f, slot);
                            Ok(())
                        }
                        _ => d.fail_at(at, "expected a local control audit item"),
                    }
                })?;
                self.close(lc)
            }
            Kw::Stats => {
                let f = self.field(s, 3)?;
                self.one_stat(f, 3)
            }
            _ => self.fail_at(at, "expected `LocalControl` or `Statistics`"),
        }
    }

    /// A property in an audited local control. Erlang's parser pairs a
    /// bare `name` with the `name=value` right after it: one
    /// `IndAudPropertyParm` holding both, as its binary encoders see it.
    fn ind_aud_local_property(&mut self, lc: &mut super::Seq, bare: &mut Option<usize>) -> R {
        let at = self.i;
        let name = self.word()?;
        let with_value = matches!(self.peek(), Some(b'=' | b'>' | b'<' | b'#'));
        self.i = at;
        match bare.take() {
            // The element is the last thing on the tape: extend it.
            Some(node) if with_value => {
                let ty = self.tape.nodes[node].ty;
                let t = self.member(ty, 1)?;
                self.tape.nodes[node].a += 1;
                self.property_parm(t, 1)
            }
            _ => {
                let elem = self.list_elem(lc, 3)?;
                let node = self.tape.nodes.len();
                self.ind_aud_property(elem)?;
                if !with_value {
                    *bare = Some(node);
                }
                let _ = name;
                Ok(())
            }
        }
    }

    /// `name` or `name <value part>` as `IndAudPropertyParm` `ty`.
    fn ind_aud_property(&mut self, ty: TypeId) -> R {
        self.ws();
        let at = self.i;
        let name = self.word()?;
        let mut p = self.seq(ty, 0);
        let f = self.field(&mut p, 0)?;
        self.pkgd_name(f, 0, Scope::Property, name, at)?;
        if matches!(self.peek(), Some(b'=' | b'>' | b'<' | b'#')) {
            // The value part is a whole PropertyParm of the same name.
            let t = self.field(&mut p, 1)?;
            self.i = at;
            self.property_parm(t, 1)?;
        }
        self.close(p)
    }

    /// `TerminationState { … }` in an audit.
    fn ind_aud_term_state(&mut self, ty: TypeId) -> R {
        let mut ts = self.seq(ty, 0);
        self.list1(|d| {
            let at = d.i;
            let k = d.peek_kw();
            if !matches!(k, Some(Kw::ServiceStates | Kw::Buffer)) {
                let elem = d.list_elem(&mut ts, 0)?;
                return d.ind_aud_property(elem);
            }
            d.word()?;
            let eq = d.peek() == Some(b'=');
            match (k, eq) {
                (Some(Kw::ServiceStates), true) => {
                    let f = d.field(&mut ts, 3)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = match d.kw("expected a service state")? {
                        Kw::Test => 0,
                        Kw::OutOfSvc => 1,
                        Kw::InSvc => 2,
                        _ => return d.fail_at(at, "expected a service state"),
                    };
                    d.enumerated(f, 3, v);
                    Ok(())
                }
                (Some(Kw::ServiceStates), false) => {
                    let f = d.field(&mut ts, 2)?;
                    d.null(f, 2);
                    Ok(())
                }
                (Some(Kw::Buffer), false) => {
                    let f = d.field(&mut ts, 1)?;
                    d.null(f, 1);
                    Ok(())
                }
                _ => d.fail_at(at, "expected a termination state audit item"),
            }
        })?;
        self.close(ts)
    }

    /// `ContextAudit { … }` (token read) as `ContextAttrAuditRequest` `ty`.
    pub(super) fn context_audit(&mut self, ty: TypeId, slot: u16) -> R {
        let mut a = self.seq(ty, slot);
        self.list1(|d| {
            let at = d.i;
            let k = d.peek_kw().filter(|k| {
                matches!(
                    k,
                    Kw::Topology
                        | Kw::Emergency
                        | Kw::Priority
                        | Kw::Ieps
                        | Kw::EmergencyValue
                        | Kw::AndLgc
                        | Kw::OrLgc
                )
            });
            let Some(k) = k else {
                let elem = d.list_elem(&mut a, 4)?;
                let mut p = d.seq(elem, 0);
                d.ws();
                let at = d.i;
                let name = d.word()?;
                let f = d.field(&mut p, 0)?;
                d.pkgd_name(f, 0, Scope::Property, name, at)?;
                return d.close(p);
            };
            d.word()?;
            let eq = d.peek() == Some(b'=');
            match (k, eq) {
                (Kw::Topology, false)
                | (Kw::Emergency, false)
                | (Kw::Priority, false)
                | (Kw::Ieps, false) => {
                    let slot = match k {
                        Kw::Topology => 0,
                        Kw::Emergency => 1,
                        Kw::Priority => 2,
                        _ => 3,
                    };
                    // A flag asked for twice is asked for once.
                    if Self::has(&a, slot) {
                        return Ok(());
                    }
                    let f = d.field(&mut a, slot)?;
                    d.null(f, slot);
                    Ok(())
                }
                (Kw::Priority, true) => {
                    let f = d.field(&mut a, 5)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = d.uint()?;
                    d.int(f, 5, v, at)
                }
                (Kw::EmergencyValue, true) => {
                    let f = d.field(&mut a, 6)?;
                    d.expect(b'=', "expected `=`")?;
                    let at = d.i;
                    let v = match d.kw("expected `Emergency` or `EmergencyOff`")? {
                        Kw::Emergency => true,
                        Kw::EmergencyOff => false,
                        _ => return d.fail_at(at, "expected `Emergency` or `EmergencyOff`"),
                    };
                    d.boolean(f, 6, v);
                    Ok(())
                }
                (Kw::Ieps, true) => {
                    let f = d.field(&mut a, 7)?;
                    let v = d.on_off()?;
                    d.boolean(f, 7, v);
                    Ok(())
                }
                (Kw::AndLgc | Kw::OrLgc, false) => {
                    let f = d.field(&mut a, 8)?;
                    let alt = u16::from(k == Kw::OrLgc);
                    let t = d.choice(f, 8, alt)?;
                    d.null(t, alt);
                    Ok(())
                }
                _ => d.fail_at(at, "expected a context audit item"),
            }
        })?;
        self.close(a)
    }
}
