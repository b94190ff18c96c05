//! Descriptors of commands: media (with SDP), properties and their values,
//! statistics, service change parameters.

use super::{Scope, TypeId, E, R};
use encbench_megaco::tokens::Kw;

impl E<'_> {
    pub(super) fn amm_descriptor(&mut self, ty: TypeId) -> R {
        match self.choice(ty)? {
            (0, ty) => self.media(ty),
            (3, ty) => self.events(ty),
            (4, ty) => self.event_buffer(ty),
            (5, ty) => self.signals(ty),
            (6, ty) => self.digit_map(ty),
            (7, ty) => {
                self.audit_descriptor(ty)?;
                Ok(())
            }
            (8, ty) => self.statistics(ty),
            (_, ty) => self.unsupported(ty), // modem, mux
        }
    }

    pub(super) fn media(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Media);
        self.open();
        let mut first = true;
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.item(&mut first);
                    self.termination_state(ty)?;
                }
                (_, ty) => match self.choice(ty)? {
                    (0, ty) => self.stream_parms(ty, &mut first)?,
                    (_, ty) => {
                        let (n, elem) = self.seq_of(ty)?;
                        for _ in 0..n {
                            self.item(&mut first);
                            let seq = self.seq(elem)?;
                            for _ in 0..seq.count {
                                match self.field(seq)? {
                                    (0, ty) => {
                                        let id = self.int(ty)?;
                                        self.kw_eq(Kw::Stream);
                                        self.num(id);
                                        self.open();
                                    }
                                    (_, ty) => self.stream_parms(ty, &mut true)?,
                                }
                            }
                            self.close();
                        }
                    }
                },
            }
        }
        self.close();
        Ok(())
    }

    fn termination_state(&mut self, ty: TypeId) -> R {
        self.kw(Kw::TerminationState);
        self.open();
        let mut first = true;
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => self.property_parms(ty, &mut first)?,
                (1, ty) => {
                    let b = self.int(ty)?;
                    self.item(&mut first);
                    self.kw_eq(Kw::Buffer);
                    self.kw(if b == 0 { Kw::Off } else { Kw::LockStep });
                }
                (2, ty) => {
                    let s = self.int(ty)?;
                    self.item(&mut first);
                    self.kw_eq(Kw::ServiceStates);
                    self.kw(service_state_kw(s));
                }
                (_, ty) => return self.unsupported(ty),
            }
        }
        self.close();
        Ok(())
    }

    /// `StreamParms`: items of the enclosing list.
    fn stream_parms(&mut self, ty: TypeId, first: &mut bool) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.item(first);
                    self.local_control(ty)?;
                }
                (slot @ (1 | 2), ty) => {
                    self.item(first);
                    self.kw(if slot == 1 { Kw::Local } else { Kw::Remote });
                    self.sdp(ty)?;
                }
                (_, ty) => {
                    self.item(first);
                    self.statistics(ty)?;
                }
            }
        }
        Ok(())
    }

    fn local_control(&mut self, ty: TypeId) -> R {
        self.kw(Kw::LocalControl);
        self.open();
        let mut first = true;
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let m = self.int(ty)?;
                    self.item(&mut first);
                    self.kw_eq(Kw::Mode);
                    self.kw(stream_mode_kw(m));
                }
                (slot @ (1 | 2), ty) => {
                    let on = self.boolean(ty)?;
                    self.item(&mut first);
                    self.kw_eq(if slot == 1 {
                        Kw::ReservedValue
                    } else {
                        Kw::ReservedGroup
                    });
                    self.kw(if on { Kw::On } else { Kw::Off });
                }
                (_, ty) => self.property_parms(ty, &mut first)?,
            }
        }
        self.close();
        Ok(())
    }

    /// `LocalRemoteDescriptor`: each property group as SDP lines
    /// (`v=0`), each ended by CRLF, laid out as Erlang's encoders write
    /// them: `{` LF lines `}` in compact, ` { ` LF lines LF indent `}` in
    /// pretty.
    fn sdp(&mut self, ty: TypeId) -> R {
        self.s(if self.pretty { b" { \n" } else { b"{\n" });
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            let (_, ty) = self.field(seq)?;
            let (groups, group) = self.seq_of(ty)?;
            for _ in 0..groups {
                let (n, parm) = self.seq_of(group)?;
                for _ in 0..n {
                    self.sdp_line(parm)?;
                }
            }
        }
        if self.pretty {
            self.newline();
        }
        self.byte(b'}');
        Ok(())
    }

    /// `name=value` of one SDP property (exactly one value, no extra info),
    /// with `}` escaped as Erlang's `enc_OCTET_STRING` does.
    fn sdp_line(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.pkgd_name(ty, Scope::Property)?;
                    self.byte(b'=');
                }
                (1, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    if n != 1 {
                        return self.fail("SDP property without exactly one value");
                    }
                    let v = self.string(elem)?;
                    for &c in v {
                        if c == b'}' {
                            self.byte(b'\\');
                        }
                        self.byte(c);
                    }
                }
                (_, ty) => return self.unsupported(ty),
            }
        }
        self.s(b"\r\n");
        Ok(())
    }

    /// The properties of a `SEQUENCE OF PropertyParm`, as items.
    fn property_parms(&mut self, ty: TypeId, first: &mut bool) -> R {
        let (n, elem) = self.seq_of(ty)?;
        for _ in 0..n {
            self.item(first);
            self.property_parm(elem)?;
        }
        Ok(())
    }

    pub(super) fn property_parm(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let mut values = None;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.pkgd_name(ty, Scope::Property)?;
                }
                (1, ty) => {
                    values = Some((self.at, ty));
                    self.at = self.skip(self.at)?;
                }
                (_, ty) => return self.parm_values(values, Some(ty)),
            }
        }
        self.parm_values(values, None)
    }

    /// A parameter's values and extra info (`enc_propertyParmValues`):
    /// `=v`, `>v` `<v` `#v`, `=[lo:hi]`, `=[a,b]` (all of), `={a,b}` (one
    /// of). `values` is where the `SEQUENCE OF` value list starts; the
    /// tape stands on the extra info (of type `extra`), if any.
    pub(super) fn parm_values(
        &mut self,
        values: Option<(usize, TypeId)>,
        extra: Option<TypeId>,
    ) -> R {
        let Some((at, list)) = values else {
            return self.fail("parameter without values (not made by a decoder)");
        };
        // (opening, separator, closing), as Erlang writes each form.
        let (open, sep, close): (&[u8], &[u8], &[u8]) = match extra {
            None => (b"=", b"", b""),
            Some(ty) => match self.choice(ty)? {
                (0, ty) => match self.int(ty)? {
                    0 => (b">", b"", b""),
                    1 => (b"<", b"", b""),
                    _ => (b"#", b"", b""),
                },
                (1, ty) => {
                    if !self.boolean(ty)? {
                        return self.fail("range FALSE has no text form");
                    }
                    (b"=[", b":", b"]")
                }
                (_, ty) => match self.boolean(ty)? {
                    true => (b"=[", b",", b"]"),
                    false => (b"={", b",", b"}"),
                },
            },
        };
        let end = self.at;
        self.at = at;
        let (n, elem) = self.seq_of(list)?;
        let single = open.len() == 1;
        if single && n != 1 || open == b"=[" && sep == b":" && n != 2 {
            return self.fail("parameter value count does not fit its extra info");
        }
        self.s(open);
        for i in 0..n {
            if i > 0 {
                self.s(sep);
            }
            let v = self.string(elem)?;
            self.value(v)?;
        }
        self.s(close);
        self.at = self.at.max(end);
        Ok(())
    }

    pub(super) fn statistics(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Stats);
        self.open();
        let (n, elem) = self.seq_of(ty)?;
        for i in 0..n {
            if i > 0 {
                self.sep();
            }
            let seq = self.seq(elem)?;
            for _ in 0..seq.count {
                match self.field(seq)? {
                    (0, ty) => {
                        self.pkgd_name(ty, Scope::Statistics)?;
                    }
                    (_, ty) => {
                        let (n, elem) = self.seq_of(ty)?;
                        if n > 0 {
                            self.eq();
                        }
                        if n > 1 {
                            self.byte(b'[');
                        }
                        for i in 0..n {
                            if i > 0 {
                                self.byte(b',');
                            }
                            let v = self.string(elem)?;
                            self.value(v)?;
                        }
                        if n > 1 {
                            self.byte(b']');
                        }
                    }
                }
            }
        }
        self.close();
        Ok(())
    }

    /// `SV{MT=…, AD=…, V=…, PF=…, MG=…, time, RE="…", DL=…, SIC}`: the text
    /// order is not the fields' order.
    pub(super) fn service_change_parm(&mut self, ty: TypeId) -> R {
        let f = self.fields::<11>(ty)?;
        let end = self.at;
        self.kw(Kw::Services);
        self.open();
        for (slot, &(at, ty)) in f.iter().enumerate() {
            if at != super::ABSENT && matches!(slot, 8 | 9) {
                self.at = at;
                return self.unsupported(ty); // nonStandardData, serviceChangeInfo
            }
        }
        let (at, ty) = f[0];
        if at == super::ABSENT {
            return self.fail("ServiceChangeParm without its method (not made by a decoder)");
        }
        self.at = at;
        let method = self.int(ty)?;
        self.kw_eq(Kw::Method);
        self.kw(match method {
            0 => Kw::Failover,
            1 => Kw::Forced,
            2 => Kw::Graceful,
            3 => Kw::Restart,
            4 => Kw::Disconnected,
            _ => Kw::HandOff,
        });
        let mut first = false;
        self.service_change_common([f[1], f[2], f[3], f[6], f[7]], &mut first)?;
        if f[4].0 != super::ABSENT {
            self.at = f[4].0;
            let (n, elem) = self.seq_of(f[4].1)?;
            if n != 1 {
                // Erlang's text encoders write one reason (`enc_Value`'s
                // single string) and its parsers read one.
                return self.fail("service change reason without exactly one value");
            }
            let reason = self.string(elem)?;
            self.item(&mut first);
            self.kw_eq(Kw::Reason);
            self.quoted(reason)?;
        }
        if f[5].0 != super::ABSENT {
            self.at = f[5].0;
            let d = self.int(f[5].1)?;
            self.item(&mut first);
            self.kw_eq(Kw::Delay);
            self.num(d);
        }
        if f[10].0 != super::ABSENT {
            self.item(&mut first);
            self.kw(Kw::ServiceChangeInc);
        }
        self.close();
        self.at = end;
        Ok(())
    }

    /// A reply's `SV{…}`, written only when it has parameters.
    pub(super) fn service_change_res_parm(&mut self, ty: TypeId) -> R {
        let f = self.fields::<5>(ty)?;
        if f.iter().all(|&(at, _)| at == super::ABSENT) {
            return Ok(());
        }
        let end = self.at;
        self.open();
        self.kw(Kw::Services);
        self.open();
        let mut first = true;
        self.service_change_common([f[1], f[2], f[3], f[0], f[4]], &mut first)?;
        self.close();
        self.close();
        self.at = end;
        Ok(())
    }

    /// Address, version, profile, MGC id, time stamp (each where it starts
    /// in the tape, or absent), in this order.
    fn service_change_common(&mut self, f: [(usize, TypeId); 5], first: &mut bool) -> R {
        let [address, version, profile, mgc, time] = f;
        if address.0 != super::ABSENT {
            self.at = address.0;
            self.item(first);
            self.kw_eq(Kw::ServiceChangeAddress);
            match self.choice(address.1)? {
                (0, ty) => {
                    let port = self.int(ty)?;
                    self.num(port);
                }
                (alt, ty) => self.mid_alt(alt - 1, ty)?,
            }
        }
        if version.0 != super::ABSENT {
            self.at = version.0;
            let v = self.int(version.1)?;
            self.item(first);
            self.kw_eq(Kw::Version);
            self.num(v);
        }
        if profile.0 != super::ABSENT {
            self.at = profile.0;
            let seq = self.seq(profile.1)?;
            self.item(first);
            self.kw_eq(Kw::Profile);
            for _ in 0..seq.count {
                let (_, ty) = self.field(seq)?;
                let name = self.string(ty)?;
                self.s(name);
            }
        }
        if mgc.0 != super::ABSENT {
            self.at = mgc.0;
            self.item(first);
            self.kw_eq(Kw::MgcId);
            self.mid(mgc.1)?;
        }
        if time.0 != super::ABSENT {
            self.at = time.0;
            self.item(first);
            self.time(time.1)?;
        }
        Ok(())
    }

    /// `TimeNotation`: `date T time`.
    pub(super) fn time(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        for i in 0..seq.count {
            let (_, ty) = self.field(seq)?;
            if i > 0 {
                self.byte(b'T');
            }
            let s = self.string(ty)?;
            self.s(s);
        }
        Ok(())
    }
}

pub(super) fn stream_mode_kw(m: u32) -> Kw {
    match m {
        0 => Kw::SendOnly,
        1 => Kw::RecvOnly,
        2 => Kw::SendRecv,
        3 => Kw::Inactive,
        _ => Kw::Loopback,
    }
}

pub(super) fn service_state_kw(s: u32) -> Kw {
    match s {
        0 => Kw::Test,
        1 => Kw::OutOfSvc,
        _ => Kw::InSvc,
    }
}
