//! Audits: `ContextAudit{…}`, `Audit{…}` with its `IndAud…` requests, and
//! the parameters an audit reply returns.

use super::desc::{service_state_kw, stream_mode_kw};
use super::events::bit_set;
use super::{Scope, TypeId, ABSENT, E, R};
use encbench_megaco::tokens::Kw;

/// `AuditDescriptor.auditToken` bits, in bit order.
const AUDIT_TOKENS: [Kw; 10] = [
    Kw::Mux,
    Kw::Modem,
    Kw::Media,
    Kw::Events,
    Kw::Signals,
    Kw::DigitMap,
    Kw::Stats,
    Kw::ObservedEvents,
    Kw::Packages,
    Kw::EventBuffer,
];

impl E<'_> {
    /// `CA{TP, EG, PR, IEPS, names…, PR=n, EGV=…, IEPS=…, ANSLgc|ORLgc}`.
    pub(super) fn context_audit(&mut self, ty: TypeId) -> R {
        self.kw(Kw::ContextAudit);
        self.open();
        let mut first = true;
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (slot @ 0..=3, ty) => {
                    self.take(ty)?;
                    self.item(&mut first);
                    self.kw([Kw::Topology, Kw::Emergency, Kw::Priority, Kw::Ieps][slot]);
                }
                (4, ty) => self.ind_aud_props(ty, &mut first)?,
                (5, ty) => {
                    let p = self.int(ty)?;
                    self.item(&mut first);
                    self.kw_eq(Kw::Priority);
                    self.num(p);
                }
                (6, ty) => {
                    let e = self.boolean(ty)?;
                    self.item(&mut first);
                    self.kw_eq(Kw::EmergencyValue);
                    self.kw(if e { Kw::Emergency } else { Kw::EmergencyOff });
                }
                (7, ty) => {
                    let on = self.boolean(ty)?;
                    self.item(&mut first);
                    self.kw_eq(Kw::Ieps);
                    self.kw(if on { Kw::On } else { Kw::Off });
                }
                (_, ty) => {
                    let (alt, ty) = self.choice(ty)?;
                    self.take(ty)?;
                    self.item(&mut first);
                    self.kw(if alt == 0 { Kw::AndLgc } else { Kw::OrLgc });
                }
            }
        }
        self.close();
        Ok(())
    }

    /// `IndAudPropertyParm`s as items: the name, and after it the
    /// property with its value when the request carries one (two items,
    /// as Erlang's `enc_IndAudPropertyParm` writes them).
    fn ind_aud_props(&mut self, ty: TypeId, first: &mut bool) -> R {
        let (n, elem) = self.seq_of(ty)?;
        for _ in 0..n {
            let seq = self.seq(elem)?;
            for _ in 0..seq.count {
                self.item(first);
                match self.field(seq)? {
                    (0, ty) => {
                        self.pkgd_name(ty, Scope::Property)?;
                    }
                    (_, ty) => self.property_parm(ty)?,
                }
            }
        }
        Ok(())
    }

    /// `AT{tokens…, requests…}`.
    pub(super) fn audit_descriptor(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Audit);
        self.open();
        let mut first = true;
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => self.audit_tokens(ty, &mut first)?,
                (_, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    for _ in 0..n {
                        self.item(&mut first);
                        self.ind_aud(elem)?;
                    }
                }
            }
        }
        self.close();
        Ok(())
    }

    fn audit_tokens(&mut self, ty: TypeId, first: &mut bool) -> R {
        let nbits = self.nodes.get(self.at).map_or(0, |n| n.b);
        let bits = self.string(ty)?;
        for (bit, k) in AUDIT_TOKENS.into_iter().enumerate() {
            if bit_set(bits, nbits, bit) {
                self.item(first);
                self.kw(k);
            }
        }
        Ok(())
    }

    fn ind_aud(&mut self, ty: TypeId) -> R {
        match self.choice(ty)? {
            (0, ty) => self.ind_aud_media(ty),
            (1, ty) => {
                let [id, name, stream] = self.fields::<3>(ty)?;
                let end = self.at;
                self.kw(Kw::Events);
                if id.0 != ABSENT {
                    self.at = id.0;
                    let id = self.int(id.1)?;
                    self.eq();
                    self.num(id);
                }
                self.open();
                self.named(name, Scope::Event, stream, (ABSENT, 0))?;
                self.close();
                self.at = end;
                Ok(())
            }
            (2, ty) => {
                let [name, stream] = self.fields::<2>(ty)?;
                let end = self.at;
                self.kw(Kw::EventBuffer);
                self.open();
                self.named(name, Scope::Event, stream, (ABSENT, 0))?;
                self.close();
                self.at = end;
                Ok(())
            }
            (3, ty) => {
                self.kw(Kw::Signals);
                self.open();
                match self.choice(ty)? {
                    (0, ty) => self.ind_aud_signal(ty)?,
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
                                    self.open();
                                    self.ind_aud_signal(ty)?;
                                    self.close();
                                }
                            }
                        }
                    }
                }
                self.close();
                Ok(())
            }
            (4, ty) => {
                self.kw(Kw::DigitMap);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    let (_, ty) = self.field(seq)?;
                    self.eq();
                    self.dialplan(ty)?;
                }
                Ok(())
            }
            (5, ty) => self.ind_aud_statistics(ty),
            (_, ty) => {
                self.kw(Kw::Packages);
                self.open();
                self.package_item(ty)?;
                self.close();
                Ok(())
            }
        }
    }

    fn ind_aud_signal(&mut self, ty: TypeId) -> R {
        let [name, stream, request] = self.fields::<3>(ty)?;
        let end = self.at;
        self.named(name, Scope::Signal, stream, request)?;
        self.at = end;
        Ok(())
    }

    /// `name[{ST=n, SPARQ=n}]`, each where it starts in the tape.
    fn named(
        &mut self,
        name: (usize, TypeId),
        scope: Scope,
        stream: (usize, TypeId),
        request: (usize, TypeId),
    ) -> R {
        self.at = name.0;
        self.pkgd_name(name.1, scope)?;
        let mut opened = false;
        for (k, (at, ty)) in [(Kw::Stream, stream), (Kw::RequestId, request)] {
            if at != ABSENT {
                self.at = at;
                let v = self.int(ty)?;
                self.lazy_item(&mut opened);
                self.kw_eq(k);
                self.num(v);
            }
        }
        if opened {
            self.close();
        }
        Ok(())
    }

    /// `SA{name}`.
    fn ind_aud_statistics(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Stats);
        self.open();
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            let (_, ty) = self.field(seq)?;
            self.pkgd_name(ty, Scope::Statistics)?;
        }
        self.close();
        Ok(())
    }

    fn ind_aud_media(&mut self, ty: TypeId) -> R {
        self.kw(Kw::Media);
        self.open();
        let mut first = true;
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.item(&mut first);
                    self.kw(Kw::TerminationState);
                    self.open();
                    let mut f = true;
                    let seq = self.seq(ty)?;
                    for _ in 0..seq.count {
                        match self.field(seq)? {
                            (0, ty) => self.ind_aud_props(ty, &mut f)?,
                            (slot @ (1 | 2), ty) => {
                                self.take(ty)?;
                                self.item(&mut f);
                                self.kw(if slot == 1 {
                                    Kw::Buffer
                                } else {
                                    Kw::ServiceStates
                                });
                            }
                            (_, ty) => {
                                let s = self.int(ty)?;
                                self.item(&mut f);
                                self.kw_eq(Kw::ServiceStates);
                                self.kw(service_state_kw(s));
                            }
                        }
                    }
                    self.close();
                }
                (_, ty) => match self.choice(ty)? {
                    (0, ty) => self.ind_aud_stream(ty, &mut first)?,
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
                                    (_, ty) => self.ind_aud_stream(ty, &mut true)?,
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

    /// `IndAudStreamParms`: items of the enclosing list.
    fn ind_aud_stream(&mut self, ty: TypeId, first: &mut bool) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.item(first);
                    self.kw(Kw::LocalControl);
                    self.open();
                    let mut f = true;
                    let seq = self.seq(ty)?;
                    for _ in 0..seq.count {
                        match self.field(seq)? {
                            (slot @ 0..=2, ty) => {
                                self.take(ty)?;
                                self.item(&mut f);
                                self.kw([Kw::Mode, Kw::ReservedValue, Kw::ReservedGroup][slot]);
                            }
                            (3, ty) => self.ind_aud_props(ty, &mut f)?,
                            (_, ty) => {
                                let m = self.int(ty)?;
                                self.item(&mut f);
                                self.kw_eq(Kw::Mode);
                                self.kw(stream_mode_kw(m));
                            }
                        }
                    }
                    self.close();
                }
                (3, ty) => {
                    self.item(first);
                    self.ind_aud_statistics(ty)?;
                }
                (_, ty) => return self.unsupported(ty), // local, remote
            }
        }
        Ok(())
    }

    /// `packageName-version`.
    fn package_item(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => self.package_name(ty)?,
                (_, ty) => {
                    let v = self.int(ty)?;
                    self.byte(b'-');
                    self.num(v);
                }
            }
        }
        Ok(())
    }

    pub(super) fn audit_return_parameter(&mut self, ty: TypeId) -> R {
        match self.choice(ty)? {
            (0, ty) => self.error_descriptor(ty),
            (1, ty) => self.media(ty),
            (4, ty) => self.events(ty),
            (5, ty) => self.event_buffer(ty),
            (6, ty) => self.signals(ty),
            (7, ty) => self.digit_map(ty),
            (8, ty) => self.observed_events(ty),
            (9, ty) => self.statistics(ty),
            (10, ty) => {
                self.kw(Kw::Packages);
                self.open();
                let (n, elem) = self.seq_of(ty)?;
                for i in 0..n {
                    if i > 0 {
                        self.sep();
                    }
                    self.package_item(elem)?;
                }
                self.close();
                Ok(())
            }
            (11, ty) => {
                // emptyDescriptors: the bare tokens.
                let mut first = true;
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => self.audit_tokens(ty, &mut first)?,
                        (_, ty) => return self.unsupported(ty),
                    }
                }
                Ok(())
            }
            (_, ty) => self.unsupported(ty), // modem, mux
        }
    }
}
