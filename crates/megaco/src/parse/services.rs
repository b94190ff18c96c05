//! Statistics, packages and service change parameters.

use super::desc::time_notation;
use super::{number, Fail, P, R};
use crate::model::*;
use crate::tokens::Kw;

impl P<'_> {
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
    pub(super) fn service_change_common(&mut self, r: &mut ServiceChangeResParm) -> R<()> {
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
