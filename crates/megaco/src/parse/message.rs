//! Message header, transactions, actions and commands.

use super::{number, Fail, P, R};
use crate::model::*;
use crate::tokens::Kw;

impl P<'_> {
    pub(super) fn message(&mut self) -> R<MegacoMessage> {
        self.ws();
        let at = self.i;
        let head = self.word()?;
        let (token, version) = split_once(head, b'/');
        if crate::tokens::lookup(token) != Some(Kw::Megacop) {
            return self.fail_at(at, "expected `MEGACO/<version>` or `!/<version>`");
        }
        let Some(version) = version.and_then(number::<u32>) else {
            return self.fail_at(at, "expected a version number after `MEGACO/`");
        };
        let mid = self.mid()?;
        let body = if self.peek_kw() == Some(Kw::Error) {
            MessageBody::Error(self.error_descriptor()?)
        } else {
            let mut transactions = Vec::new();
            while self.peek().is_some() {
                transactions.push(self.transaction()?);
            }
            if transactions.is_empty() {
                return self.fail("expected a transaction");
            }
            MessageBody::Transactions(transactions)
        };
        if self.peek().is_some() {
            return self.fail("expected the end of the message");
        }
        Ok(MegacoMessage {
            mess: Message { version, mid, body },
        })
    }

    /// `[a.b.c.d]:port`, `[v6]:port`, `<domain>:port`, `MTP{hex}` or a device name.
    pub(super) fn mid(&mut self) -> R<Mid> {
        match self.peek() {
            Some(b'[') => {
                self.i += 1;
                let at = self.i;
                let inside = self.raw_until(b']', "unterminated `[` address")?;
                let port = self.port()?;
                if inside.contains(&b':') {
                    let address = super::utf8(inside).ok_or(Fail {
                        at,
                        msg: "address is not UTF-8",
                    })?;
                    Ok(Mid::Ip6 { address, port })
                } else {
                    let address = ipv4(inside).ok_or(Fail {
                        at,
                        msg: "expected an IPv4 address",
                    })?;
                    Ok(Mid::Ip4 { address, port })
                }
            }
            Some(b'<') => {
                self.i += 1;
                let at = self.i;
                let inside = self.raw_until(b'>', "unterminated `<` domain name")?;
                if inside.is_empty() || !inside.iter().all(|b| super::SAFE[*b as usize]) {
                    return self.fail_at(at, "expected a domain name");
                }
                let name = super::ascii(inside);
                let port = self.port()?;
                Ok(Mid::DomainName { name, port })
            }
            _ => {
                let at = self.i;
                let w = self.word()?;
                if w.eq_ignore_ascii_case(b"MTP") && self.s.get(self.i) == Some(&b'{') {
                    self.i += 1;
                    let hex = self.raw_until(b'}', "unterminated `MTP{`")?;
                    if hex.is_empty() || !hex.iter().all(u8::is_ascii_hexdigit) {
                        return self.fail_at(at, "expected hex digits in `MTP{ }`");
                    }
                    return Ok(Mid::MtpAddress(super::ascii(hex)));
                }
                Ok(Mid::DeviceName(super::ascii(w)))
            }
        }
    }

    /// `:port` straight after an address, if present.
    pub(super) fn port(&mut self) -> R<Option<u16>> {
        if self.s.get(self.i) != Some(&b':') {
            return Ok(None);
        }
        self.i += 1;
        let start = self.i;
        while self.s.get(self.i).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
        }
        match number(&self.s[start..self.i]) {
            Some(p) => Ok(Some(p)),
            None => self.fail_at(start, "expected a port number"),
        }
    }

    pub(super) fn transaction(&mut self) -> R<Transaction> {
        let k = self.kw(
            "expected `Transaction`, `Reply`, `Pending`, `TransactionResponseAck` or `Segment`",
        )?;
        match k {
            Kw::Trans => {
                let transaction_id = self.eq_uint()?;
                let mut actions = Vec::new();
                self.list1(|p| {
                    actions.push(p.action_request()?);
                    Ok(())
                })?;
                Ok(Transaction::Request(TransactionRequest {
                    transaction_id,
                    actions,
                }))
            }
            Kw::Reply => self.reply(),
            Kw::Pending => {
                let id = self.eq_uint()?;
                self.list(|p| p.fail("a pending transaction has nothing between `{ }`"))?;
                Ok(Transaction::Pending(id))
            }
            Kw::ResponseAck => {
                let mut acks = Vec::new();
                self.list1(|p| {
                    let at = p.i;
                    let w = p.word()?;
                    let (first, last) = split_once(w, b'-');
                    let bad = Fail {
                        at,
                        msg: "expected a transaction id or `first-last`",
                    };
                    let first_ack = number(first).ok_or(bad)?;
                    let last_ack = match last {
                        Some(l) => Some(number(l).ok_or(Fail {
                            at,
                            msg: "expected a transaction id or `first-last`",
                        })?),
                        None => None,
                    };
                    acks.push(TransactionAck {
                        first_ack,
                        last_ack,
                    });
                    Ok(())
                })?;
                Ok(Transaction::ResponseAck(acks))
            }
            Kw::Segment => {
                self.expect(b'=', "expected `=`")?;
                let (transaction_id, segment, complete) = self.segmented_id()?;
                let Some(segment_number) = segment else {
                    return self.fail("expected `/segment number` after the transaction id");
                };
                Ok(Transaction::SegmentReply(SegmentReply {
                    transaction_id,
                    segment_number,
                    segmentation_complete: complete,
                }))
            }
            _ => self.fail(
                "expected `Transaction`, `Reply`, `Pending`, `TransactionResponseAck` or `Segment`",
            ),
        }
    }

    /// `id[/segment[/END]]`, one word.
    pub(super) fn segmented_id(&mut self) -> R<(u32, Option<u16>, bool)> {
        self.ws();
        let at = self.i;
        let w = self.word()?;
        let bad = || Fail {
            at,
            msg: "expected `id`, `id/segment` or `id/segment/END`",
        };
        let mut parts = w.split(|&b| b == b'/');
        let id = parts.next().and_then(number).ok_or_else(bad)?;
        let segment = match parts.next() {
            Some(s) => Some(number(s).ok_or_else(bad)?),
            None => None,
        };
        let complete = match parts.next() {
            Some(e) if crate::tokens::lookup(e) == Some(Kw::End) => true,
            Some(_) => return Err(bad()),
            None => false,
        };
        if parts.next().is_some() {
            return Err(bad());
        }
        Ok((id, segment, complete))
    }

    pub(super) fn reply(&mut self) -> R<Transaction> {
        self.expect(b'=', "expected `=`")?;
        let (transaction_id, segment_number, segmentation_complete) = self.segmented_id()?;
        let mut immediate_ack_required = false;
        let mut error = None;
        let mut replies = Vec::new();
        self.list1(|p| {
            let at = p.i;
            match p.peek_kw() {
                Some(Kw::ImmAckRequired) if !immediate_ack_required && replies.is_empty() => {
                    p.word()?;
                    immediate_ack_required = true;
                }
                Some(Kw::Error) if error.is_none() && replies.is_empty() => {
                    error = Some(p.error_descriptor()?)
                }
                Some(Kw::Ctx) if error.is_none() => replies.push(p.action_reply()?),
                _ => return p.fail_at(at, "expected `Context` or `Error` in a reply"),
            }
            Ok(())
        })?;
        let result = match error {
            Some(e) => TransactionResult::Error(e),
            None if replies.is_empty() => {
                return self.fail("a reply needs a `Context` or an `Error`")
            }
            None => TransactionResult::ActionReplies(replies),
        };
        Ok(Transaction::Reply(TransactionReply {
            transaction_id,
            immediate_ack_required,
            segment_number,
            segmentation_complete,
            result,
        }))
    }

    /// `Context = id`.
    pub(super) fn context_id(&mut self) -> R<ContextId> {
        let at = self.i;
        if self.kw("expected `Context`")? != Kw::Ctx {
            return self.fail_at(at, "expected `Context`");
        }
        self.expect(b'=', "expected `=`")?;
        self.ws();
        let at = self.i;
        Ok(match self.word()? {
            b"-" => ContextId::Null,
            b"$" => ContextId::Choose,
            b"*" => ContextId::All,
            w => ContextId::Id(number(w).ok_or(Fail {
                at,
                msg: "expected a context id (number, `-`, `$` or `*`)",
            })?),
        })
    }

    /// `Error = code { ["text"] }`, the `Error` token included.
    pub(super) fn error_descriptor(&mut self) -> R<ErrorDescriptor> {
        self.word()?;
        let error_code = self.eq_uint()?;
        self.expect(b'{', "expected `{`")?;
        let error_text = if self.peek() == Some(b'"') {
            Some(self.quoted()?)
        } else {
            None
        };
        self.expect(b'}', "expected `}` after the error text")?;
        Ok(ErrorDescriptor {
            error_code,
            error_text,
        })
    }

    pub(super) fn action_request(&mut self) -> R<ActionRequest> {
        let context_id = self.context_id()?;
        let mut ctx = ContextRequest::default();
        let mut has_ctx = false;
        let mut audit = None;
        let mut command_requests = Vec::new();
        self.list(|p| {
            let at = p.i;
            let (optional, wildcard_return, word) = p.command_word()?;
            let Some(k) = crate::tokens::lookup(word) else {
                return p.fail_at(at, "expected a command or context property");
            };
            if !(optional || wildcard_return) && p.context_property(k, &mut ctx)? {
                has_ctx = true;
            } else if k == Kw::ContextAudit && !(optional || wildcard_return) {
                audit = Some(p.context_audit()?);
            } else {
                let command = p.command_request(k, at)?;
                command_requests.push(CommandRequest {
                    command,
                    optional,
                    wildcard_return,
                });
            }
            Ok(())
        })?;
        Ok(ActionRequest {
            context_id,
            context_request: has_ctx.then_some(ctx),
            context_attr_audit: audit,
            command_requests,
        })
    }

    /// A command word with its `O-` / `W-` prefixes taken off.
    pub(super) fn command_word(&mut self) -> R<(bool, bool, &[u8])> {
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

    pub(super) fn action_reply(&mut self) -> R<ActionReply> {
        let context_id = self.context_id()?;
        let mut ctx = ContextRequest::default();
        let mut has_ctx = false;
        let mut error_descriptor = None;
        let mut command_replies = Vec::new();
        self.list(|p| {
            let at = p.i;
            let k = p.peek_kw();
            if k == Some(Kw::Error) && error_descriptor.is_none() {
                error_descriptor = Some(p.error_descriptor()?);
                return Ok(());
            }
            let Some(k) = k else {
                return p.fail_at(at, "expected a command reply or context property");
            };
            p.word()?;
            if p.context_property(k, &mut ctx)? {
                has_ctx = true;
            } else {
                command_replies.push(p.command_reply(k, at)?);
            }
            Ok(())
        })?;
        Ok(ActionReply {
            context_id,
            error_descriptor,
            context_reply: has_ctx.then_some(ctx),
            command_replies,
        })
    }
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
    let mut out = [0u8; 4];
    let mut parts = s.split(|&b| b == b'.');
    for o in &mut out {
        *o = number(parts.next()?)?;
    }
    parts.next().is_none().then_some(out)
}
