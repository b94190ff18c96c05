//! Tape → Megaco text, compact or pretty, as Erlang/OTP's text encoders
//! (`megaco_text_gen_v*.hrl`) write the same ASN.1 values: binary names
//! back through the resolver tables ([`super::names`]), termination ids
//! through [`super::termid`], SDP property groups as SDP lines.
//!
//! The walk follows the tape in document order, guided by the schema: each
//! function below knows which ASN.1 type it stands on, takes the node (the
//! tape must hold that very type there, or the tape was not made by a
//! decoder), and dispatches on field slots and alternative indices, which
//! are the same in the v1, v2 and v3 modules (later versions only append).
//! Where the text wants a later field first (a reply's segment number, a
//! command's `O-` prefix, an observed event's time stamp), the earlier
//! fields are stepped over with [`E::skip`] and visited afterwards. Output
//! goes straight into `out`; nothing is allocated per node.
//!
//! A value with no text form (a name the resolver tables lack, a
//! termination id outside the `[8, 8, 8]` levels, a modem descriptor) or a
//! tape no decoder made is a [`CodecError`] at the index of the tape node
//! where writing stopped, and leaves `out` as it was.
//!
//! The layout (pretty indentation, spacing) is that of the general model
//! encoder in `encbench_megaco` (`crates/megaco/src/encode`), whose compact
//! output is byte-identical to Erlang's.

mod audit;
mod desc;
mod events;

use super::super::schema::{Field, Kind, Schema, TypeId};
use super::super::{Node, Tape};
use super::names::{self, Scope};
use super::termid;
use encbench_codecs::CodecError;
use encbench_megaco::tokens::Kw;

/// Which spelling of the tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Style {
    Compact,
    Pretty,
}

/// Errors travel boxed so that results stay one register wide.
type R<T = ()> = Result<T, Box<CodecError>>;

pub(super) fn encode(tape: &Tape, style: Style, out: &mut Vec<u8>) -> Result<(), CodecError> {
    let schema = tape.schema()?;
    let start = out.len();
    let mut e = E {
        nodes: &tape.nodes,
        bytes: &tape.bytes,
        schema,
        version: tape.version,
        at: 0,
        out,
        pretty: style == Style::Pretty,
        indent: 0,
    };
    let result = e.message().and_then(|()| match e.at == e.nodes.len() {
        true => Ok(()),
        false => e.fail("tape holds values after the message (not made by a decoder)"),
    });
    result.map_err(|error| {
        out.truncate(start);
        *error
    })
}

/// The walk: the tape, where it stands, and the writer.
pub(super) struct E<'a> {
    nodes: &'a [Node],
    bytes: &'a [u8],
    schema: &'static Schema,
    version: u8,
    /// The next node to take.
    at: usize,
    out: &'a mut Vec<u8>,
    pretty: bool,
    /// Pretty only: the depth of `{ … }` nesting.
    indent: usize,
}

/// A `SEQUENCE` being read: how many fields the tape holds, and their types.
#[derive(Clone, Copy)]
struct Seq {
    count: u32,
    fields: &'static [Field],
}

const ABSENT: usize = usize::MAX;
const HEX: &[u8; 16] = b"0123456789ABCDEF";

// --- reading the tape ------------------------------------------------------

impl<'a> E<'a> {
    #[cold]
    fn fail<T>(&self, why: impl Into<String>) -> R<T> {
        Err(Box::new(CodecError::invalid(self.at, why)))
    }

    /// Takes the next node, which must be of type `ty`.
    #[inline]
    fn take(&mut self, ty: TypeId) -> R<Node> {
        match self.nodes.get(self.at) {
            Some(&node) if node.ty == ty => {
                self.at += 1;
                Ok(node)
            }
            Some(node) => self.fail(format!(
                "tape holds a {} where a {} belongs (not made by a decoder)",
                self.schema.name(node.ty),
                self.schema.name(ty)
            )),
            None => self.fail("tape ends inside a value (not made by a decoder)"),
        }
    }

    /// Takes a `SEQUENCE` node.
    #[inline]
    fn seq(&mut self, ty: TypeId) -> R<Seq> {
        let node = self.take(ty)?;
        match self.schema.kind(ty) {
            Kind::Seq { fields, .. } => Ok(Seq {
                count: node.a,
                fields,
            }),
            _ => self.fail("schema: not a SEQUENCE"),
        }
    }

    /// The slot and type of the next field of `seq`.
    #[inline]
    fn field(&self, seq: Seq) -> R<(usize, TypeId)> {
        let slot = match self.nodes.get(self.at) {
            Some(node) => usize::from(node.slot),
            None => return self.fail("tape ends inside a value (not made by a decoder)"),
        };
        match seq.fields.get(slot) {
            Some(f) => Ok((slot, f.ty)),
            None => self.fail("tape: no such field"),
        }
    }

    /// Takes a `SEQUENCE` and notes where each of its fields starts
    /// ([`ABSENT`] if missing), stepping over them all; for the types whose
    /// text wants its fields in another order.
    fn fields<const N: usize>(&mut self, ty: TypeId) -> R<[(usize, TypeId); N]> {
        let seq = self.seq(ty)?;
        let mut at = [(ABSENT, 0); N];
        for _ in 0..seq.count {
            let (slot, fty) = self.field(seq)?;
            match at.get_mut(slot) {
                Some(place) => *place = (self.at, fty),
                None => return self.unsupported(fty),
            }
            self.at = self.skip(self.at)?;
        }
        Ok(at)
    }

    /// Takes a `SEQUENCE OF` node: its element count and type.
    #[inline]
    fn seq_of(&mut self, ty: TypeId) -> R<(u32, TypeId)> {
        let node = self.take(ty)?;
        match self.schema.kind(ty) {
            Kind::SeqOf { elem } => Ok((node.a, *elem)),
            _ => self.fail("schema: not a SEQUENCE OF"),
        }
    }

    /// Takes a `CHOICE` node: the chosen alternative and its type.
    #[inline]
    fn choice(&mut self, ty: TypeId) -> R<(u32, TypeId)> {
        let node = self.take(ty)?;
        match self.schema.kind(ty) {
            Kind::Choice { alts, .. } => match alts.get(node.a as usize) {
                Some(alt) => Ok((node.a, alt.ty)),
                None => self.fail("tape: no such alternative"),
            },
            _ => self.fail("schema: not a CHOICE"),
        }
    }

    /// An `INTEGER`, `ENUMERATED` or `BOOLEAN` (0 or 1) value.
    #[inline]
    fn int(&mut self, ty: TypeId) -> R<u32> {
        Ok(self.take(ty)?.a)
    }

    fn boolean(&mut self, ty: TypeId) -> R<bool> {
        Ok(self.take(ty)?.a != 0)
    }

    /// A string's contents (a `BIT STRING`'s octets).
    #[inline]
    fn string(&mut self, ty: TypeId) -> R<&'a [u8]> {
        let node = self.take(ty)?;
        let len = match self.schema.kind(ty) {
            Kind::Bits => (node.b as usize).div_ceil(8),
            _ => node.b as usize,
        };
        let bytes = self.bytes;
        match bytes.get(node.a as usize..node.a as usize + len) {
            Some(s) => Ok(s),
            None => self.fail("tape string outside its byte buffer"),
        }
    }

    /// The node after the value that starts at `at`.
    fn skip(&self, mut at: usize) -> R<usize> {
        let mut pending = 1usize;
        while pending > 0 {
            let Some(node) = self.nodes.get(at) else {
                return self.fail("tape ends inside a value (not made by a decoder)");
            };
            at += 1;
            pending -= 1;
            match self.schema.kind(node.ty) {
                Kind::Seq { .. } | Kind::SeqOf { .. } => pending += node.a as usize,
                Kind::Choice { .. } => pending += 1,
                _ => {}
            }
        }
        Ok(at)
    }

    /// A value this encoder has no text for (none of the 149 messages has
    /// one, nor the model encoder).
    #[cold]
    fn unsupported<T>(&self, ty: TypeId) -> R<T> {
        self.fail(format!(
            "no text encoding written for {}",
            self.schema.name(ty)
        ))
    }

    /// A 4-octet name's text, per scope; returns the octets (a parameter's
    /// owner).
    fn pkgd_name(&mut self, ty: TypeId, scope: Scope) -> R<[u8; 4]> {
        let at = self.at;
        let id: [u8; 4] = match self.string(ty)?.try_into() {
            Ok(id) => id,
            Err(_) => return self.fail("PkgdName: not 4 octets"),
        };
        if !names::write_pkgd_name(self.version, scope, id, self.out) {
            self.at = at;
            return self.fail(format!(
                "{scope:?} name {:08X} has no text form in megaco's v{} tables",
                u32::from_be_bytes(id),
                self.version
            ));
        }
        Ok(id)
    }

    /// A 2-octet name: an event or signal parameter of `owner`.
    fn parameter_name(&mut self, ty: TypeId, scope: Scope, owner: [u8; 4]) -> R {
        let at = self.at;
        let id: [u8; 2] = match self.string(ty)?.try_into() {
            Ok(id) => id,
            Err(_) => return self.fail("Name: not 2 octets"),
        };
        if !names::write_parameter(self.version, scope, owner, id, self.out) {
            self.at = at;
            return self.fail(format!(
                "parameter {:04X} of {:08X} has no text form in megaco's v{} tables",
                u16::from_be_bytes(id),
                u32::from_be_bytes(owner),
                self.version
            ));
        }
        Ok(())
    }

    /// A digit map name (`Name`, 2 octets): `dialplanNN`.
    fn dialplan(&mut self, ty: TypeId) -> R {
        let at = self.at;
        let ok = match <[u8; 2]>::try_from(self.string(ty)?) {
            Ok(id) => names::write_dialplan(id, self.out),
            Err(_) => false,
        };
        if !ok {
            self.at = at;
            return self.fail("digit map name has no text form (dialplan and two digits)");
        }
        Ok(())
    }

    /// A package name (`Name`, 2 octets).
    fn package_name(&mut self, ty: TypeId) -> R {
        let at = self.at;
        let ok = match <[u8; 2]>::try_from(self.string(ty)?) {
            Ok(id) => names::write_package(self.version, id, self.out),
            Err(_) => false,
        };
        if !ok {
            self.at = at;
            return self.fail("package name has no text form in megaco's tables");
        }
        Ok(())
    }
}

// --- writing ---------------------------------------------------------------

/// How Erlang's encoder classes a value's characters (`classify_char`).
#[derive(Clone, Copy, PartialEq)]
enum Class {
    Bad,
    Safe,
    /// Allowed in a quoted string only (rest characters, white space).
    Quoted,
    Quote,
}

const CLASS: [Class; 256] = {
    let mut t = [Class::Bad; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = match b {
            b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => Class::Safe,
            b'+' | b'-' | b'&' | b'!' | b'_' | b'/' | b'\'' | b'?' | b'@' | b'^' | b'`' | b'~'
            | b'*' | b'$' | b'\\' | b'(' | b')' | b'%' | b'|' | b'.' => Class::Safe,
            b';' | b'[' | b']' | b'{' | b'}' | b':' | b',' | b'#' | b'<' | b'>' | b'=' | b' '
            | b'\t' => Class::Quoted,
            b'"' => Class::Quote,
            _ => Class::Bad,
        };
        c += 1;
    }
    t
};

impl E<'_> {
    #[inline]
    fn s(&mut self, s: &[u8]) {
        self.out.extend_from_slice(s);
    }

    #[inline]
    fn byte(&mut self, b: u8) {
        self.out.push(b);
    }

    #[inline]
    fn kw(&mut self, k: Kw) {
        let s = if self.pretty { k.long() } else { k.short() };
        self.out.extend_from_slice(s.as_bytes());
    }

    #[inline]
    fn eq(&mut self) {
        self.s(if self.pretty { b" = " } else { b"=" });
    }

    /// `token = `.
    #[inline]
    fn kw_eq(&mut self, k: Kw) {
        self.kw(k);
        self.eq();
    }

    #[inline]
    fn num(&mut self, n: u32) {
        self.s(itoa::Buffer::new().format(n).as_bytes());
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
            self.s(b" {");
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

    /// Before a list item: `sep` unless it is the first.
    #[inline]
    fn item(&mut self, first: &mut bool) {
        if !*first {
            self.sep();
        }
        *first = false;
    }

    /// Before an item of a list whose braces are written only when it has
    /// items (`al/of` or `al/of{strict=exact}`): opens it at the first.
    #[inline]
    fn lazy_item(&mut self, opened: &mut bool) {
        if *opened {
            self.sep();
        } else {
            self.open();
            *opened = true;
        }
    }

    fn close(&mut self) {
        if self.pretty {
            self.indent = self.indent.saturating_sub(1);
            self.newline();
        }
        self.out.push(b'}');
    }

    /// `{}` (compact) or ` { }` (pretty).
    fn empty_braces(&mut self) {
        self.s(if self.pretty { b" { }" } else { b"{}" });
    }

    /// A parameter value as Erlang's `enc_Value`: bare when all safe
    /// characters, quoted otherwise; a value that holds its own quotes
    /// goes as it is.
    fn value(&mut self, v: &[u8]) -> R {
        let (inner, quoted) = match v {
            [b'"', rest @ ..] => (rest, true),
            _ => (v, false),
        };
        let mut safe = true;
        for (i, &c) in inner.iter().enumerate() {
            match CLASS[usize::from(c)] {
                Class::Safe => {}
                Class::Quoted => safe = false,
                Class::Quote if quoted && i + 1 == inner.len() => {
                    // An explicitly quoted string: written as it is.
                    self.s(v);
                    return Ok(());
                }
                _ => return self.fail("value holds a character text cannot carry"),
            }
        }
        if quoted {
            return self.fail("value opens a quote it does not close");
        }
        if safe && !v.is_empty() {
            self.s(v);
        } else {
            self.byte(b'"');
            self.s(v);
            self.byte(b'"');
        }
        Ok(())
    }

    /// A quoted string (`enc_QUOTED_STRING`): quoted unless it already is.
    fn quoted(&mut self, v: &[u8]) -> R {
        if v.len() >= 2 && v[0] == b'"' && v[v.len() - 1] == b'"' {
            self.s(v);
        } else if v.contains(&b'"') {
            return self.fail("quoted string holds a quote");
        } else {
            self.byte(b'"');
            self.s(v);
            self.byte(b'"');
        }
        Ok(())
    }
}

// --- message, transactions, commands ----------------------------------------

impl E<'_> {
    fn message(&mut self) -> R {
        let seq = self.seq(self.schema.root)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (1, ty) => self.mess(ty)?,
                (_, ty) => return self.unsupported(ty), // authHeader
            }
        }
        Ok(())
    }

    fn mess(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let v = self.int(ty)?;
                    self.kw(Kw::Megacop);
                    self.byte(b'/');
                    self.num(v);
                    self.byte(b' ');
                }
                (1, ty) => {
                    self.mid(ty)?;
                    self.byte(b'\n');
                }
                (2, ty) => match self.choice(ty)? {
                    (0, ty) => self.error_descriptor(ty)?,
                    (_, ty) => {
                        let (n, elem) = self.seq_of(ty)?;
                        for i in 0..n {
                            if i > 0 && self.pretty {
                                self.byte(b'\n');
                            }
                            self.transaction(elem)?;
                        }
                    }
                },
                (_, ty) => return self.unsupported(ty),
            }
        }
        Ok(())
    }

    /// `MId` (and the same alternatives of `ServiceChangeAddress`, from 1).
    fn mid(&mut self, ty: TypeId) -> R {
        let (alt, ty) = self.choice(ty)?;
        self.mid_alt(alt, ty)
    }

    fn mid_alt(&mut self, alt: u32, ty: TypeId) -> R {
        match alt {
            0 | 2 => {
                // ip4Address [a.b.c.d]:port, domainName <name>:port
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => {
                            let s = self.string(ty)?;
                            if alt == 0 {
                                self.byte(b'[');
                                for (i, &b) in s.iter().enumerate() {
                                    if i > 0 {
                                        self.byte(b'.');
                                    }
                                    self.num(u32::from(b));
                                }
                                self.byte(b']');
                            } else {
                                self.byte(b'<');
                                self.s(s);
                                self.byte(b'>');
                            }
                        }
                        (_, ty) => {
                            let port = self.int(ty)?;
                            self.byte(b':');
                            self.num(port);
                        }
                    }
                }
                Ok(())
            }
            1 => {
                // ip6Address [v6]:port, in std's form (RFC 5952), which
                // every IPv6 text reader takes back.
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => {
                            let Ok(octets) = <[u8; 16]>::try_from(self.string(ty)?) else {
                                return self.fail("IP6Address: not 16 octets");
                            };
                            self.byte(b'[');
                            let addr = std::net::Ipv6Addr::from(octets);
                            // Writing into a Vec cannot fail.
                            let _ = std::io::Write::write_fmt(self.out, format_args!("{addr}"));
                            self.byte(b']');
                        }
                        (_, ty) => {
                            let port = self.int(ty)?;
                            self.byte(b':');
                            self.num(port);
                        }
                    }
                }
                Ok(())
            }
            3 => {
                let s = self.string(ty)?;
                self.s(s);
                Ok(())
            }
            _ => {
                // mtpAddress MTP{hex}
                let octets = self.string(ty)?;
                self.kw(Kw::Mtp);
                self.byte(b'{');
                for &o in octets {
                    self.byte(HEX[usize::from(o >> 4)]);
                    self.byte(HEX[usize::from(o & 15)]);
                }
                self.byte(b'}');
                Ok(())
            }
        }
    }

    fn error_descriptor(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let mut text = None;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let code = self.int(ty)?;
                    self.kw_eq(Kw::Error);
                    self.num(code);
                }
                (_, ty) => text = Some(self.string(ty)?),
            }
        }
        match text {
            Some(t) => {
                self.s(if self.pretty { b" { " } else { b"{" });
                self.quoted(t)?;
                self.s(if self.pretty { b" }" } else { b"}" });
            }
            None => self.empty_braces(),
        }
        Ok(())
    }

    fn transaction(&mut self, ty: TypeId) -> R {
        match self.choice(ty)? {
            (0, ty) => {
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => {
                            let id = self.int(ty)?;
                            self.kw_eq(Kw::Trans);
                            self.num(id);
                        }
                        (1, ty) => {
                            let (n, elem) = self.seq_of(ty)?;
                            self.open();
                            for i in 0..n {
                                if i > 0 {
                                    self.sep();
                                }
                                self.action_request(elem)?;
                            }
                            self.close();
                        }
                        (_, ty) => return self.unsupported(ty),
                    }
                }
                Ok(())
            }
            (1, ty) => {
                let [(at, ty)] = self.fields::<1>(ty)?;
                let end = self.at;
                self.at = at;
                let id = self.int(ty)?;
                self.at = end;
                self.kw_eq(Kw::Pending);
                self.num(id);
                self.empty_braces();
                Ok(())
            }
            (2, ty) => self.transaction_reply(ty),
            (3, ty) => {
                let (n, elem) = self.seq_of(ty)?;
                self.kw(Kw::ResponseAck);
                self.open();
                for i in 0..n {
                    if i > 0 {
                        self.sep();
                    }
                    let seq = self.seq(elem)?;
                    for _ in 0..seq.count {
                        match self.field(seq)? {
                            (0, ty) => {
                                let first = self.int(ty)?;
                                self.num(first);
                            }
                            (_, ty) => {
                                let last = self.int(ty)?;
                                self.byte(b'-');
                                self.num(last);
                            }
                        }
                    }
                }
                self.close();
                Ok(())
            }
            (_, ty) => {
                // segmentReply: SM=id/segment[/&]
                let seq = self.seq(ty)?;
                self.kw_eq(Kw::Segment);
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => {
                            let id = self.int(ty)?;
                            self.num(id);
                        }
                        (1, ty) => {
                            let s = self.int(ty)?;
                            self.byte(b'/');
                            self.num(s);
                        }
                        (_, ty) => {
                            self.take(ty)?;
                            self.byte(b'/');
                            self.kw(Kw::End);
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// `P=id[/segment[/END]]{[IA,] result}`: v3's segment fields come
    /// after the result in the tape, so when they are there the result is
    /// stepped over first.
    fn transaction_reply(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let (mut id, mut ack, mut segment, mut complete) = (0, false, None, false);
        let mut result = None;
        for i in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => id = self.int(ty)?,
                (1, ty) => {
                    self.take(ty)?;
                    ack = true;
                }
                (2, ty) => {
                    result = Some((self.at, ty));
                    if i + 1 == seq.count {
                        break; // the usual case: written where it stands
                    }
                    self.at = self.skip(self.at)?;
                }
                (3, ty) => segment = Some(self.int(ty)?),
                (_, ty) => {
                    self.take(ty)?;
                    complete = true;
                }
            }
        }
        let Some((at, result)) = result else {
            return self.fail("TransactionReply without its result (not made by a decoder)");
        };
        let end = self.at;
        self.kw_eq(Kw::Reply);
        self.num(id);
        if let Some(s) = segment {
            self.byte(b'/');
            self.num(s);
            if complete {
                self.byte(b'/');
                self.kw(Kw::End);
            }
        }
        self.open();
        let mut first = true;
        if ack {
            self.item(&mut first);
            self.kw(Kw::ImmAckRequired);
        }
        self.at = at;
        match self.choice(result)? {
            (0, ty) => {
                self.item(&mut first);
                self.error_descriptor(ty)?;
            }
            (_, ty) => {
                let (n, elem) = self.seq_of(ty)?;
                for _ in 0..n {
                    self.item(&mut first);
                    self.action_reply(elem)?;
                }
            }
        }
        self.close();
        self.at = self.at.max(end);
        Ok(())
    }

    fn context_id(&mut self, ty: TypeId) -> R {
        let id = self.int(ty)?;
        self.kw_eq(Kw::Ctx);
        match id {
            0 => self.byte(b'-'),
            0xFFFF_FFFE => self.byte(b'$'),
            0xFFFF_FFFF => self.byte(b'*'),
            n => self.num(n),
        }
        Ok(())
    }

    fn action_request(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let mut first = true;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.context_id(ty)?;
                    self.open();
                }
                (1, ty) => self.context_request(ty, &mut first)?,
                (2, ty) => {
                    self.item(&mut first);
                    self.context_audit(ty)?;
                }
                (_, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    for _ in 0..n {
                        self.item(&mut first);
                        self.command_request(elem)?;
                    }
                }
            }
        }
        self.close();
        Ok(())
    }

    /// `C=id{props, replies, error}`: the error is field 1 but written last.
    fn action_reply(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let mut first = true;
        let mut error = None;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    self.context_id(ty)?;
                    self.open();
                }
                (1, ty) => {
                    error = Some((self.at, ty));
                    self.at = self.skip(self.at)?;
                }
                (2, ty) => self.context_request(ty, &mut first)?,
                (_, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    for _ in 0..n {
                        self.item(&mut first);
                        self.command_reply(elem)?;
                    }
                }
            }
        }
        if let Some((at, ty)) = error {
            let end = self.at;
            self.at = at;
            self.item(&mut first);
            self.error_descriptor(ty)?;
            self.at = end;
        }
        self.close();
        Ok(())
    }

    /// `ContextRequest`: items of the enclosing action's list.
    fn context_request(&mut self, ty: TypeId, first: &mut bool) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let p = self.int(ty)?;
                    self.item(first);
                    self.kw_eq(Kw::Priority);
                    self.num(p);
                }
                (1, ty) => {
                    let e = self.boolean(ty)?;
                    self.item(first);
                    self.kw(if e { Kw::Emergency } else { Kw::EmergencyOff });
                }
                (2, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    if n > 0 {
                        self.item(first);
                        self.kw(Kw::Topology);
                        self.open();
                        for i in 0..n {
                            if i > 0 {
                                self.sep();
                            }
                            self.topology(elem)?;
                        }
                        self.close();
                    }
                }
                (3, ty) => {
                    let on = self.boolean(ty)?;
                    self.item(first);
                    self.kw_eq(Kw::Ieps);
                    self.kw(if on { Kw::On } else { Kw::Off });
                }
                (4, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    if n > 0 {
                        self.item(first);
                        self.kw(Kw::ContextAttr);
                        self.open();
                        for i in 0..n {
                            if i > 0 {
                                self.sep();
                            }
                            self.property_parm(elem)?;
                        }
                        self.close();
                    }
                }
                (5, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    if n > 0 {
                        self.item(first);
                        self.kw(Kw::ContextAttr);
                        self.open();
                        self.kw_eq(Kw::ContextList);
                        self.open();
                        for i in 0..n {
                            if i > 0 {
                                self.sep();
                            }
                            let id = self.int(elem)?;
                            self.num(id);
                        }
                        self.close();
                        self.close();
                    }
                }
                (_, ty) => return self.unsupported(ty),
            }
        }
        Ok(())
    }

    fn topology(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => self.termination_id(ty)?,
                (1, ty) => {
                    self.sep();
                    self.termination_id(ty)?;
                }
                (2, ty) => {
                    let d = self.int(ty)?;
                    self.sep();
                    self.kw(match d {
                        0 => Kw::Bothway,
                        1 => Kw::Isolate,
                        _ => Kw::Oneway,
                    });
                }
                (3, ty) => {
                    let s = self.int(ty)?;
                    self.sep();
                    self.kw_eq(Kw::Stream);
                    self.num(s);
                }
                (_, ty) => {
                    let x = self.int(ty)?;
                    self.sep();
                    self.kw(if x == 0 {
                        Kw::OnewayExternal
                    } else {
                        Kw::OnewayBoth
                    });
                }
            }
        }
        Ok(())
    }

    /// One `TerminationID`.
    fn termination_id(&mut self, ty: TypeId) -> R {
        let start = self.at;
        let seq = self.seq(ty)?;
        let mut wildcards = [0u8; 4];
        let mut count = 0;
        let mut id: &[u8] = &[];
        for _ in 0..seq.count {
            match self.field(seq)? {
                (0, ty) => {
                    let (n, elem) = self.seq_of(ty)?;
                    for _ in 0..n {
                        let w = self.string(elem)?;
                        match (wildcards.get_mut(count), w) {
                            (Some(place), &[w]) => *place = w,
                            _ => return self.fail("termination id: too many wildcards"),
                        }
                        count += 1;
                    }
                }
                (_, ty) => id = self.string(ty)?,
            }
        }
        if !termid::write_text(&wildcards[..count], id, self.out) {
            self.at = start;
            return self.fail("termination id has no text form under the [8,8,8] levels");
        }
        Ok(())
    }

    /// `=id` or `=[id, id]`: a `TerminationIDList`.
    fn termination_ids(&mut self, ty: TypeId) -> R {
        let (n, elem) = self.seq_of(ty)?;
        self.eq();
        if n == 1 {
            return self.termination_id(elem);
        }
        self.byte(b'[');
        for i in 0..n {
            if i > 0 {
                self.s(if self.pretty { b", " } else { b"," });
            }
            self.termination_id(elem)?;
        }
        self.byte(b']');
        Ok(())
    }

    /// `[O-][W-]command`: the flags follow the command in the tape, so
    /// when they are there the command is stepped over first.
    fn command_request(&mut self, ty: TypeId) -> R {
        let seq = self.seq(ty)?;
        let (_, command) = self.field(seq)?;
        if seq.count == 1 {
            return self.command(command);
        }
        let at = self.at;
        self.at = self.skip(at)?;
        for _ in 1..seq.count {
            match self.field(seq)? {
                (1, ty) => {
                    self.take(ty)?;
                    self.s(b"O-");
                }
                (_, ty) => {
                    self.take(ty)?;
                    self.s(b"W-");
                }
            }
        }
        let end = self.at;
        self.at = at;
        self.command(command)?;
        self.at = end;
        Ok(())
    }

    fn command(&mut self, ty: TypeId) -> R {
        let (alt, ty) = self.choice(ty)?;
        match alt {
            0..=2 => {
                self.kw([Kw::Add, Kw::Move, Kw::Modify][alt as usize]);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => self.termination_ids(ty)?,
                        (1, ty) => {
                            let (n, elem) = self.seq_of(ty)?;
                            if n > 0 {
                                self.open();
                                for i in 0..n {
                                    if i > 0 {
                                        self.sep();
                                    }
                                    self.amm_descriptor(elem)?;
                                }
                                self.close();
                            }
                        }
                        (_, ty) => return self.unsupported(ty),
                    }
                }
                Ok(())
            }
            3 => {
                self.kw(Kw::Subtract);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => self.termination_ids(ty)?,
                        (_, ty) => {
                            self.open();
                            self.audit_descriptor(ty)?;
                            self.close();
                        }
                    }
                }
                Ok(())
            }
            4 | 5 => {
                self.kw(if alt == 4 {
                    Kw::AuditCap
                } else {
                    Kw::AuditValue
                });
                self.audit_request(ty)
            }
            6 => {
                self.kw(Kw::Notify);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => {
                            self.termination_ids(ty)?;
                            self.open();
                        }
                        (1, ty) => self.observed_events(ty)?,
                        (_, ty) => {
                            self.sep();
                            self.error_descriptor(ty)?;
                        }
                    }
                }
                self.close();
                Ok(())
            }
            7 => {
                self.kw(Kw::ServiceChange);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => {
                            self.termination_ids(ty)?;
                            self.open();
                        }
                        (_, ty) => self.service_change_parm(ty)?,
                    }
                }
                self.close();
                Ok(())
            }
            _ => self.unsupported(ty),
        }
    }

    /// `=id{Audit{…}}`, or `=[ids]{…}` when v3's `terminationIDList` is
    /// there (it comes last in the tape).
    fn audit_request(&mut self, ty: TypeId) -> R {
        let [id, descriptor, list] = self.fields::<3>(ty)?;
        let end = self.at;
        if list.0 != ABSENT {
            self.at = list.0;
            self.termination_ids(list.1)?;
        } else {
            self.at = id.0;
            self.eq();
            self.termination_id(id.1)?;
        }
        if descriptor.0 != ABSENT {
            self.at = descriptor.0;
            self.open();
            self.audit_descriptor(descriptor.1)?;
            self.close();
        }
        self.at = end;
        Ok(())
    }

    fn command_reply(&mut self, ty: TypeId) -> R {
        let (alt, ty) = self.choice(ty)?;
        match alt {
            0..=3 => {
                self.kw([Kw::Add, Kw::Move, Kw::Modify, Kw::Subtract][alt as usize]);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => self.termination_ids(ty)?,
                        (_, ty) => self.termination_audit(ty)?,
                    }
                }
                Ok(())
            }
            4 | 5 => {
                self.kw(if alt == 4 {
                    Kw::AuditCap
                } else {
                    Kw::AuditValue
                });
                match self.choice(ty)? {
                    (2, ty) | (3, ty) => {
                        // auditResult (one id) / auditResultTermList (ids)
                        let seq = self.seq(ty)?;
                        for _ in 0..seq.count {
                            match self.field(seq)? {
                                (0, ty) => {
                                    if matches!(self.schema.kind(ty), Kind::SeqOf { .. }) {
                                        self.termination_ids(ty)?;
                                    } else {
                                        self.eq();
                                        self.termination_id(ty)?;
                                    }
                                }
                                (_, ty) => self.termination_audit(ty)?,
                            }
                        }
                        Ok(())
                    }
                    (_, ty) => self.unsupported(ty), // contextAuditResult, error
                }
            }
            6 => {
                self.kw(Kw::Notify);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => self.termination_ids(ty)?,
                        (_, ty) => {
                            self.open();
                            self.error_descriptor(ty)?;
                            self.close();
                        }
                    }
                }
                Ok(())
            }
            7 => {
                self.kw(Kw::ServiceChange);
                let seq = self.seq(ty)?;
                for _ in 0..seq.count {
                    match self.field(seq)? {
                        (0, ty) => self.termination_ids(ty)?,
                        (_, ty) => match self.choice(ty)? {
                            (0, ty) => {
                                self.open();
                                self.error_descriptor(ty)?;
                                self.close();
                            }
                            (_, ty) => self.service_change_res_parm(ty)?,
                        },
                    }
                }
                Ok(())
            }
            _ => self.unsupported(ty),
        }
    }

    /// `{param, …}` of a reply, when it has any.
    fn termination_audit(&mut self, ty: TypeId) -> R {
        let (n, elem) = self.seq_of(ty)?;
        if n == 0 {
            return Ok(());
        }
        self.open();
        for i in 0..n {
            if i > 0 {
                self.sep();
            }
            self.audit_return_parameter(elem)?;
        }
        self.close();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::TapeBer;
    use super::*;
    use encbench_codecs::Codec;

    /// Tapes no decoder made: every node of every message's BER tape
    /// changed one way at a time (another type, value, slot, string span),
    /// and every truncation. Encoding must refuse or succeed, never panic,
    /// and leave `out` as it was when it refuses.
    #[test]
    fn broken_tapes_are_errors_not_panics() {
        let mut out = Vec::new();
        let mut refused = 0;
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for v in crate::ber_vectors().iter().step_by(3) {
            let tape = TapeBer.decode(&v.bytes).expect("decodes");
            let types = tape.schema().expect("module").types.len() as u64;
            for i in 0..tape.nodes.len() {
                for change in 0..5 {
                    let mut t = tape.clone();
                    let r = next();
                    let node = &mut t.nodes[i];
                    match change {
                        0 => node.ty = (r % types) as TypeId,
                        1 => node.a = r as u32 % 8,
                        2 => node.a = r as u32,
                        3 => node.slot = (r % 12) as u16,
                        _ => node.b = r as u32 % 300,
                    }
                    for style in [Style::Compact, Style::Pretty] {
                        out.clear();
                        out.extend_from_slice(b"before");
                        if encode(&t, style, &mut out).is_err() {
                            assert_eq!(out, b"before");
                            refused += 1;
                        }
                    }
                }
                let mut t = tape.clone();
                t.nodes.truncate(i);
                out.clear();
                assert!(encode(&t, Style::Compact, &mut out).is_err());
                assert!(out.is_empty());
            }
        }
        assert!(refused > 1000, "{refused}");
    }
}
