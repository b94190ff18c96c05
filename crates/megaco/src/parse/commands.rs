//! Commands and command replies.

use super::{Fail, P, R};
use crate::model::*;
use crate::tokens::Kw;

impl P<'_> {
    /// One termination id, or `[ id, id, … ]`.
    pub(super) fn termination_ids(&mut self) -> R<Vec<String>> {
        self.expect(b'=', "expected `=`")?;
        if self.eat(b'[') {
            self.nest()?;
            let mut ids = vec![self.text()?];
            while self.eat(b',') {
                ids.push(self.text()?);
            }
            self.expect(b']', "expected `,` or `]`")?;
            self.depth -= 1;
            Ok(ids)
        } else {
            Ok(vec![self.text()?])
        }
    }

    pub(super) fn command_request(&mut self, k: Kw, at: usize) -> R<Command> {
        let termination_ids = self.termination_ids()?;
        let has_body = self.peek() == Some(b'{');
        Ok(match k {
            Kw::Add | Kw::Move | Kw::Modify => {
                let mut descriptors = Vec::new();
                if has_body {
                    self.list1(|p| {
                        descriptors.push(p.amm_descriptor()?);
                        Ok(())
                    })?;
                }
                let r = AmmRequest {
                    termination_ids,
                    descriptors,
                };
                match k {
                    Kw::Add => Command::Add(r),
                    Kw::Move => Command::Move(r),
                    _ => Command::Modify(r),
                }
            }
            Kw::Subtract => {
                let mut audit_descriptor = None;
                if has_body {
                    self.list1(|p| {
                        let at = p.i;
                        if p.kw("expected `Audit`")? != Kw::Audit || audit_descriptor.is_some() {
                            return p.fail_at(at, "expected one `Audit` in a subtract");
                        }
                        audit_descriptor = Some(p.audit_descriptor()?);
                        Ok(())
                    })?;
                }
                Command::Subtract(SubtractRequest {
                    termination_ids,
                    audit_descriptor,
                })
            }
            Kw::AuditValue | Kw::AuditCap => {
                let mut audit_descriptor = None;
                self.list1(|p| {
                    let at = p.i;
                    if p.kw("expected `Audit`")? != Kw::Audit || audit_descriptor.is_some() {
                        return p.fail_at(at, "expected one `Audit` in an audit request");
                    }
                    audit_descriptor = Some(p.audit_descriptor()?);
                    Ok(())
                })?;
                let r = AuditRequest {
                    termination_ids,
                    audit_descriptor: audit_descriptor.unwrap_or_default(),
                };
                if k == Kw::AuditValue {
                    Command::AuditValue(r)
                } else {
                    Command::AuditCap(r)
                }
            }
            Kw::Notify => {
                let mut observed = None;
                let mut error_descriptor = None;
                self.list1(|p| {
                    let at = p.i;
                    match p.peek_kw() {
                        Some(Kw::ObservedEvents) if observed.is_none() => {
                            p.word()?;
                            observed = Some(p.observed_events()?);
                        }
                        Some(Kw::Error) if error_descriptor.is_none() => {
                            error_descriptor = Some(p.error_descriptor()?)
                        }
                        _ => return p.fail_at(at, "expected `ObservedEvents` or `Error` in a notify"),
                    }
                    Ok(())
                })?;
                let Some(observed_events) = observed else {
                    return self.fail_at(at, "a notify needs `ObservedEvents`");
                };
                Command::Notify(NotifyRequest {
                    termination_ids,
                    observed_events,
                    error_descriptor,
                })
            }
            Kw::ServiceChange => {
                let mut parms = None;
                self.list1(|p| {
                    let at = p.i;
                    if p.kw("expected `Services`")? != Kw::Services || parms.is_some() {
                        return p.fail_at(at, "expected one `Services` in a service change");
                    }
                    parms = Some(p.service_change_parm(at)?);
                    Ok(())
                })?;
                Command::ServiceChange(ServiceChangeRequest {
                    termination_ids,
                    service_change_parms: parms.ok_or(Fail {
                        at,
                        msg: "a service change needs `Services`",
                    })?,
                })
            }
            _ => return self.fail_at(at, "expected a command (Add, Move, Modify, Subtract, AuditValue, AuditCapability, Notify, ServiceChange)"),
        })
    }

    pub(super) fn command_reply(&mut self, k: Kw, at: usize) -> R<CommandReply> {
        let termination_ids = self.termination_ids()?;
        let has_body = self.peek() == Some(b'{');
        Ok(match k {
            Kw::Add | Kw::Move | Kw::Modify | Kw::Subtract | Kw::AuditValue | Kw::AuditCap => {
                let mut termination_audit = Vec::new();
                if has_body {
                    self.list1(|p| {
                        termination_audit.push(p.audit_return_parameter()?);
                        Ok(())
                    })?;
                }
                let r = AmmsReply {
                    termination_ids,
                    termination_audit,
                };
                match k {
                    Kw::Add => CommandReply::Add(r),
                    Kw::Move => CommandReply::Move(r),
                    Kw::Modify => CommandReply::Modify(r),
                    Kw::Subtract => CommandReply::Subtract(r),
                    _ => {
                        let r = AuditReply {
                            termination_ids: r.termination_ids,
                            termination_audit: r.termination_audit,
                        };
                        if k == Kw::AuditValue {
                            CommandReply::AuditValue(r)
                        } else {
                            CommandReply::AuditCap(r)
                        }
                    }
                }
            }
            Kw::Notify => {
                let mut error_descriptor = None;
                if has_body {
                    self.list1(|p| {
                        let at = p.i;
                        if p.peek_kw() != Some(Kw::Error) || error_descriptor.is_some() {
                            return p.fail_at(at, "expected one `Error` in a notify reply");
                        }
                        error_descriptor = Some(p.error_descriptor()?);
                        Ok(())
                    })?;
                }
                CommandReply::Notify(NotifyReply {
                    termination_ids,
                    error_descriptor,
                })
            }
            Kw::ServiceChange => {
                let mut result = None;
                if has_body {
                    self.list1(|p| {
                        let at = p.i;
                        if result.is_some() {
                            return p.fail_at(at, "expected one `Services` or `Error`");
                        }
                        result = Some(match p.peek_kw() {
                            Some(Kw::Error) => ServiceChangeResult::Error(p.error_descriptor()?),
                            Some(Kw::Services) => {
                                p.word()?;
                                ServiceChangeResult::Parms(p.service_change_res_parm()?)
                            }
                            _ => return p.fail_at(at, "expected `Services` or `Error`"),
                        });
                        Ok(())
                    })?;
                }
                CommandReply::ServiceChange(ServiceChangeReply {
                    termination_ids,
                    result: result
                        .unwrap_or_else(|| ServiceChangeResult::Parms(Default::default())),
                })
            }
            _ => return self.fail_at(at, "expected a command reply (Add, Move, Modify, Subtract, AuditValue, AuditCapability, Notify, ServiceChange)"),
        })
    }
}
