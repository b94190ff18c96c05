//! Pretty and compact text encoders: one walk over the model, with the
//! token spelling and the white space chosen by the style. Both write into
//! the caller's buffer and never fail; text that the parser produced always
//! encodes to text it reads back as the same model.

mod audit;
mod desc;
mod events;

use crate::model::*;
use crate::tokens::Kw;

/// Appends the pretty (long tokens, indented) text of `m` to `out`.
pub fn encode_pretty(m: &MegacoMessage, out: &mut Vec<u8>) {
    W {
        out,
        pretty: true,
        indent: 0,
    }
    .message(m);
}

/// Appends the compact (short tokens, no white space) text of `m` to `out`.
pub fn encode_compact(m: &MegacoMessage, out: &mut Vec<u8>) {
    W {
        out,
        pretty: false,
        indent: 0,
    }
    .message(m);
}

/// The writer: output, style and (pretty only) indentation depth.
pub(crate) struct W<'o> {
    out: &'o mut Vec<u8>,
    pretty: bool,
    indent: usize,
}

impl W<'_> {
    fn kw(&mut self, k: Kw) {
        let s = if self.pretty { k.long() } else { k.short() };
        self.out.extend_from_slice(s.as_bytes());
    }

    fn s(&mut self, s: &str) {
        self.out.extend_from_slice(s.as_bytes());
    }

    fn eq(&mut self) {
        self.s(if self.pretty { " = " } else { "=" });
    }

    /// `token = `.
    fn kw_eq(&mut self, k: Kw) {
        self.kw(k);
        self.eq();
    }

    fn num(&mut self, n: impl itoa::Integer) {
        self.s(itoa::Buffer::new().format(n));
    }

    fn newline(&mut self) {
        self.out.push(b'\n');
        for _ in 0..self.indent {
            self.out.push(b'\t');
        }
    }

    /// Opens a `{ … }` list.
    fn open(&mut self) {
        if self.pretty {
            self.s(" {");
            self.indent += 1;
            self.newline();
        } else {
            self.out.push(b'{');
        }
    }

    /// Separates two list items.
    fn sep(&mut self) {
        self.out.push(b',');
        if self.pretty {
            self.newline();
        }
    }

    /// Writes `sep` unless this is the first item.
    fn item(&mut self, first: &mut bool) {
        if !*first {
            self.sep();
        }
        *first = false;
    }

    fn close(&mut self) {
        if self.pretty {
            self.indent = self.indent.saturating_sub(1);
            self.newline();
        }
        self.out.push(b'}');
    }

    /// `{ f(a), f(b), … }`.
    fn list<T>(&mut self, items: &[T], mut f: impl FnMut(&mut Self, &T)) {
        self.open();
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                self.sep();
            }
            f(self, x);
        }
        self.close();
    }

    /// A value: bare when it is all `SafeChar`s, quoted otherwise.
    fn value(&mut self, v: &str) {
        if !v.is_empty() && v.bytes().all(|b| crate::parse::SAFE[b as usize]) {
            self.s(v);
        } else {
            self.out.push(b'"');
            self.s(v);
            self.out.push(b'"');
        }
    }

    fn message(&mut self, m: &MegacoMessage) {
        let m = &m.mess;
        self.kw(Kw::Megacop);
        self.out.push(b'/');
        self.num(m.version);
        self.out.push(b' ');
        self.mid(&m.mid);
        self.out.push(b'\n');
        match &m.body {
            MessageBody::Error(e) => self.error(e),
            MessageBody::Transactions(ts) => {
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 && self.pretty {
                        self.out.push(b'\n');
                    }
                    self.transaction(t);
                }
            }
        }
    }

    fn mid(&mut self, mid: &Mid) {
        let port = match mid {
            Mid::Ip4 { address, port } => {
                self.out.push(b'[');
                for (i, b) in address.iter().enumerate() {
                    if i > 0 {
                        self.out.push(b'.');
                    }
                    self.num(*b);
                }
                self.out.push(b']');
                port
            }
            Mid::Ip6 { address, port } => {
                self.out.push(b'[');
                self.s(address);
                self.out.push(b']');
                port
            }
            Mid::DomainName { name, port } => {
                self.out.push(b'<');
                self.s(name);
                self.out.push(b'>');
                port
            }
            Mid::DeviceName(n) => return self.s(n),
            Mid::MtpAddress(hex) => {
                self.kw(Kw::Mtp);
                self.out.push(b'{');
                self.s(hex);
                return self.out.push(b'}');
            }
        };
        if let Some(p) = port {
            self.out.push(b':');
            self.num(*p);
        }
    }

    fn error(&mut self, e: &ErrorDescriptor) {
        self.kw_eq(Kw::Error);
        self.num(e.error_code);
        match &e.error_text {
            Some(t) => {
                self.s(if self.pretty { " { \"" } else { "{\"" });
                self.s(t);
                self.s(if self.pretty { "\" }" } else { "\"}" });
            }
            None => self.s(if self.pretty { " { }" } else { "{}" }),
        }
    }

    fn transaction(&mut self, t: &Transaction) {
        match t {
            Transaction::Request(r) => {
                self.kw_eq(Kw::Trans);
                self.num(r.transaction_id);
                self.list(&r.actions, W::action_request);
            }
            Transaction::Pending(id) => {
                self.kw_eq(Kw::Pending);
                self.num(*id);
                self.s(if self.pretty { " { }" } else { "{}" });
            }
            Transaction::Reply(r) => {
                self.kw_eq(Kw::Reply);
                self.segmented(r.transaction_id, r.segment_number, r.segmentation_complete);
                self.open();
                let mut first = true;
                if r.immediate_ack_required {
                    self.item(&mut first);
                    self.kw(Kw::ImmAckRequired);
                }
                match &r.result {
                    TransactionResult::Error(e) => {
                        self.item(&mut first);
                        self.error(e);
                    }
                    TransactionResult::ActionReplies(rs) => {
                        for a in rs {
                            self.item(&mut first);
                            self.action_reply(a);
                        }
                    }
                }
                self.close();
            }
            Transaction::ResponseAck(acks) => {
                self.kw(Kw::ResponseAck);
                self.list(acks, |w, a| {
                    w.num(a.first_ack);
                    if let Some(l) = a.last_ack {
                        w.out.push(b'-');
                        w.num(l);
                    }
                });
            }
            Transaction::SegmentReply(s) => {
                self.kw_eq(Kw::Segment);
                self.segmented(
                    s.transaction_id,
                    Some(s.segment_number),
                    s.segmentation_complete,
                );
            }
        }
    }

    /// `id[/segment[/END]]`.
    fn segmented(&mut self, id: u32, segment: Option<u16>, complete: bool) {
        self.num(id);
        if let Some(s) = segment {
            self.out.push(b'/');
            self.num(s);
            if complete {
                self.out.push(b'/');
                self.kw(Kw::End);
            }
        }
    }

    fn context_id(&mut self, c: ContextId) {
        self.kw_eq(Kw::Ctx);
        match c {
            ContextId::Id(n) => self.num(n),
            ContextId::Null => self.s("-"),
            ContextId::Choose => self.s("$"),
            ContextId::All => self.s("*"),
        }
    }

    fn action_request(&mut self, a: &ActionRequest) {
        self.context_id(a.context_id);
        self.open();
        let mut first = true;
        if let Some(c) = &a.context_request {
            self.context_props(c, &mut first);
        }
        if let Some(c) = &a.context_attr_audit {
            self.item(&mut first);
            self.context_audit(c);
        }
        for c in &a.command_requests {
            self.item(&mut first);
            if c.optional {
                self.s("O-");
            }
            if c.wildcard_return {
                self.s("W-");
            }
            self.command(&c.command);
        }
        self.close();
    }

    fn action_reply(&mut self, a: &ActionReply) {
        self.context_id(a.context_id);
        self.open();
        let mut first = true;
        if let Some(c) = &a.context_reply {
            self.context_props(c, &mut first);
        }
        for c in &a.command_replies {
            self.item(&mut first);
            self.command_reply(c);
        }
        if let Some(e) = &a.error_descriptor {
            self.item(&mut first);
            self.error(e);
        }
        self.close();
    }

    fn termination_ids(&mut self, ids: &[String]) {
        self.eq();
        if let [one] = ids {
            return self.s(one);
        }
        self.out.push(b'[');
        for (i, id) in ids.iter().enumerate() {
            if i > 0 {
                self.s(if self.pretty { ", " } else { "," });
            }
            self.s(id);
        }
        self.out.push(b']');
    }

    fn command(&mut self, c: &Command) {
        match c {
            Command::Add(r) | Command::Move(r) | Command::Modify(r) => {
                self.kw(match c {
                    Command::Add(_) => Kw::Add,
                    Command::Move(_) => Kw::Move,
                    _ => Kw::Modify,
                });
                self.termination_ids(&r.termination_ids);
                if !r.descriptors.is_empty() {
                    self.list(&r.descriptors, W::amm_descriptor);
                }
            }
            Command::Subtract(r) => {
                self.kw(Kw::Subtract);
                self.termination_ids(&r.termination_ids);
                if let Some(a) = &r.audit_descriptor {
                    self.open();
                    self.audit_descriptor(a);
                    self.close();
                }
            }
            Command::AuditCap(r) | Command::AuditValue(r) => {
                self.kw(if matches!(c, Command::AuditCap(_)) {
                    Kw::AuditCap
                } else {
                    Kw::AuditValue
                });
                self.termination_ids(&r.termination_ids);
                self.open();
                self.audit_descriptor(&r.audit_descriptor);
                self.close();
            }
            Command::Notify(r) => {
                self.kw(Kw::Notify);
                self.termination_ids(&r.termination_ids);
                self.open();
                self.observed_events(&r.observed_events);
                if let Some(e) = &r.error_descriptor {
                    self.sep();
                    self.error(e);
                }
                self.close();
            }
            Command::ServiceChange(r) => {
                self.kw(Kw::ServiceChange);
                self.termination_ids(&r.termination_ids);
                self.open();
                self.service_change_parm(&r.service_change_parms);
                self.close();
            }
        }
    }

    fn command_reply(&mut self, c: &CommandReply) {
        let (k, ids, audit) = match c {
            CommandReply::Add(r) => (Kw::Add, &r.termination_ids, &r.termination_audit),
            CommandReply::Move(r) => (Kw::Move, &r.termination_ids, &r.termination_audit),
            CommandReply::Modify(r) => (Kw::Modify, &r.termination_ids, &r.termination_audit),
            CommandReply::Subtract(r) => (Kw::Subtract, &r.termination_ids, &r.termination_audit),
            CommandReply::AuditCap(r) => (Kw::AuditCap, &r.termination_ids, &r.termination_audit),
            CommandReply::AuditValue(r) => {
                (Kw::AuditValue, &r.termination_ids, &r.termination_audit)
            }
            CommandReply::Notify(r) => {
                self.kw(Kw::Notify);
                self.termination_ids(&r.termination_ids);
                if let Some(e) = &r.error_descriptor {
                    self.open();
                    self.error(e);
                    self.close();
                }
                return;
            }
            CommandReply::ServiceChange(r) => {
                self.kw(Kw::ServiceChange);
                self.termination_ids(&r.termination_ids);
                match &r.result {
                    ServiceChangeResult::Error(e) => {
                        self.open();
                        self.error(e);
                        self.close();
                    }
                    ServiceChangeResult::Parms(p) if *p != ServiceChangeResParm::default() => {
                        self.open();
                        self.kw(Kw::Services);
                        self.open();
                        let mut first = true;
                        self.service_change_common(p, &mut first);
                        self.close();
                        self.close();
                    }
                    ServiceChangeResult::Parms(_) => {}
                }
                return;
            }
        };
        self.kw(k);
        self.termination_ids(ids);
        if !audit.is_empty() {
            self.list(audit, W::audit_return_parameter);
        }
    }
}
