//! Megaco text → tape, in one pass: a scanner over the bytes and a
//! recursive descent that follows RFC 3525's grammar and writes each value
//! straight into the tape as the ASN.1 module types it, the way the BER and
//! PER tape decoders do. Tokens are matched in either spelling and any case.
//!
//! Text does not fix the order of a descriptor's items, ASN.1 does: items
//! are written as they come, and a `SEQUENCE` whose components arrived out
//! of order is put in order when it closes (rare: real encoders write the
//! ASN.1 order). The type of every node comes from the module's table (the
//! field of its parent), so a construct the message's version lacks is
//! refused where it appears.
//!
//! The decoder is built once per module version (`D<V>`), so its table is
//! a constant; each rule that reads one ASN.1 type checks it was given
//! that type (`known!`), after which the look-ups of the type's
//! components and constraints fold away, as in the generated BER and PER
//! decoders.

/// `ty`, checked to be the type named `name` in module `V` (the decoder's
/// version, in scope where this is used), as a constant: past
/// this, every look-up of its components, constraints and mandatory fields
/// folds away, as in the generated BER and PER decoders.
macro_rules! known {
    ($d:expr, $ty:expr, $name:literal) => {{
        let want: $crate::tape::schema::TypeId = const {
            $crate::tape::text::decode::type_named($crate::tape::text::decode::schema_of(V), $name)
        };
        $d.known($ty, want)?;
        want
    }};
}

mod audit;
mod commands;
mod descriptors;
mod events;
mod message;

use super::super::schema::{Field, Kind, Schema, TypeId};
use super::super::{Node, Tape, MAX_DEPTH, MODULES};
use encbench_codecs::CodecError;
use encbench_megaco::tokens::{self, Kw};

/// A failure: where, and what was expected.
#[derive(Debug)]
pub(super) struct Fail {
    at: usize,
    msg: std::borrow::Cow<'static, str>,
}

type R<T = ()> = Result<T, Box<Fail>>;

/// The table of module version `v` (1, 2 or 3), read by the compiler
/// wherever the decoder is instantiated, so that the types it reads fold
/// away.
pub(super) const fn schema_of(v: u8) -> &'static Schema {
    MODULES[v as usize - 1].schema
}

/// The type named `name` in `schema`, found by the compiler.
pub(super) const fn type_named(schema: &Schema, name: &str) -> TypeId {
    let mut t = 0;
    while t < schema.types.len() {
        let have = schema.types[t].name.as_bytes();
        let want = name.as_bytes();
        if have.len() == want.len() {
            let mut k = 0;
            while k < want.len() && have[k] == want[k] {
                k += 1;
            }
            if k == want.len() {
                return t as TypeId;
            }
        }
        t += 1;
    }
    panic!("a type the text decoder reads is missing from a module")
}

/// Room for every module's types in [`mandatory_of`]'s table.
const MAX_TYPES: usize = 256;
const _: () = assert!(
    schema_of(1).types.len() <= MAX_TYPES
        && schema_of(2).types.len() <= MAX_TYPES
        && schema_of(3).types.len() <= MAX_TYPES
);

/// Each `SEQUENCE` type's mandatory components (a bit per field) in
/// `schema`, worked out by the compiler.
const fn mandatory_of(schema: &Schema) -> [u64; MAX_TYPES] {
    let mut table = [0u64; MAX_TYPES];
    let mut t = 0;
    while t < schema.types.len() && t < MAX_TYPES {
        if let Kind::Seq { fields, .. } = &schema.types[t].kind {
            let mut k = 0;
            while k < fields.len() && k < 64 {
                if !fields[k].optional {
                    table[t] |= 1 << k;
                }
                k += 1;
            }
        }
        t += 1;
    }
    table
}

/// Whether [`D::on_top`] checks that components go to the innermost open
/// `SEQUENCE` (a check of the grammar rules, not of the input).
const TRACK_NESTING: bool = cfg!(debug_assertions);

pub(in super::super) fn decode(src: &[u8], tape: &mut Tape) -> Result<(), CodecError> {
    let mut d = D::<1> {
        s: src,
        i: 0,
        depth: 0,
        tape: std::mem::take(tape),
        open: 0,
        nodes: Vec::new(),
        last_kw: (usize::MAX, 0, None),
    };
    // The header names the module; the rest is read by the decoder built
    // for that module.
    let (result, filled) = match d.header() {
        Err(f) => (Err(f), d.tape),
        Ok((1, at)) => d.rest(at),
        Ok((2, at)) => d.into_module::<2>().rest(at),
        Ok((_, at)) => d.into_module::<3>().rest(at),
    };
    *tape = filled;
    result.map_err(|f| located(src, &f))
}

/// The error with its line and column, worked out only now.
#[cold]
fn located(src: &[u8], f: &Fail) -> CodecError {
    let at = f.at.min(src.len());
    let line = 1 + src[..at].iter().filter(|&&b| b == b'\n').count();
    let column = 1 + at
        - src[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
    CodecError::invalid(at, format!("line {line}, column {column}: {}", f.msg))
}

/// RFC 3525 `SafeChar`: what a bare word may hold.
static SAFE: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'+' | b'-'
                    | b'&'
                    | b'!'
                    | b'_'
                    | b'/'
                    | b'\''
                    | b'?'
                    | b'@'
                    | b'^'
                    | b'`'
                    | b'~'
                    | b'*'
                    | b'$'
                    | b'\\'
                    | b'('
                    | b')'
                    | b'%'
                    | b'|'
                    | b'.'
            );
        c += 1;
    }
    t
};

/// The decoder for module version `V`: input and cursor, and the tape
/// being filled.
pub(super) struct D<'a, const V: u8> {
    s: &'a [u8],
    i: usize,
    depth: u32,
    tape: Tape,
    /// How many `SEQUENCE`s are open: only the innermost takes components,
    /// since an inner one closes before its parent takes another. Counted
    /// in debug builds (every test), where a rule that breaks this is an
    /// error; release builds trust the rules, as the generated BER and
    /// PER decoders do.
    open: u32,
    /// Room to put components in order: allocated only by the rare
    /// message whose components come out of order.
    nodes: Vec<Node>,
    /// The last keyword looked up: (start, end, keyword).
    last_kw: (usize, usize, Option<Kw>),
}

/// A `SEQUENCE` being filled: its node, its type, how deep it is among
/// the open ones, and its components so far (`given` has a bit for each,
/// `last` is the latest one's field and first node). Its components are
/// the subtrees after its node; where they start is worked out again only
/// when they must be moved (rare).
pub(super) struct Seq {
    node: usize,
    ty: TypeId,
    level: u32,
    n: usize,
    given: u64,
    last: (u16, u32),
    in_order: bool,
    /// Whether the components before the latest one are in order: then
    /// closing only has to move the latest one back (the usual disorder:
    /// text writes a signal's parameters or a reply's error last).
    in_order_but_last: bool,
}

// The scanner.
impl<'a, const V: u8> D<'a, V> {
    const SCHEMA: &'static Schema = schema_of(V);
    /// Each `SEQUENCE` type's mandatory components, a bit each.
    const MANDATORY: [u64; MAX_TYPES] = mandatory_of(schema_of(V));

    /// Refuses `ty` unless it is the type `want` (see `known!`).
    #[inline(always)]
    fn known(&self, ty: TypeId, want: TypeId) -> R {
        if ty != want {
            return self.not_the_type(ty, want);
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn not_the_type<T>(&self, ty: TypeId, want: TypeId) -> R<T> {
        let (have, want) = (Self::SCHEMA.name(ty), Self::SCHEMA.name(want));
        self.fail(format!("internal: {have} read where {want} belongs"))
    }

    /// The same decoder, for module version `W`.
    fn into_module<const W: u8>(self) -> D<'a, W> {
        D {
            s: self.s,
            i: self.i,
            depth: self.depth,
            tape: self.tape,
            open: self.open,
            nodes: self.nodes,
            last_kw: self.last_kw,
        }
    }

    /// Reads the message after its header, then gives back the tape.
    fn rest(mut self, at: usize) -> (R, Tape) {
        let result = self.body(at);
        (result, self.tape)
    }

    #[cold]
    fn fail<T>(&self, msg: impl Into<std::borrow::Cow<'static, str>>) -> R<T> {
        self.fail_at(self.i, msg)
    }

    #[cold]
    fn fail_at<T>(&self, at: usize, msg: impl Into<std::borrow::Cow<'static, str>>) -> R<T> {
        Err(Box::new(Fail {
            at,
            msg: msg.into(),
        }))
    }

    /// Skips white space, line ends and `;` comments.
    #[inline]
    fn ws(&mut self) {
        while let Some(&b) = self.s.get(self.i) {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.i += 1,
                b';' => {
                    while self.s.get(self.i).is_some_and(|&b| b != b'\n') {
                        self.i += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// The next significant byte, not consumed.
    #[inline]
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    /// Consumes `c` if it comes next.
    #[inline]
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8, msg: &'static str) -> R {
        if self.eat(c) {
            Ok(())
        } else {
            self.fail(msg)
        }
    }

    /// A bare word (one or more `SafeChar`s).
    #[inline]
    fn word(&mut self) -> R<&'a [u8]> {
        self.ws();
        let start = self.i;
        // A word is mostly read right after its keyword was peeked at.
        let end = if self.last_kw.0 == start {
            self.last_kw.1
        } else {
            safe_end(self.s, start)
        };
        if end == start {
            return self.fail("expected a name or value");
        }
        self.i = end;
        Ok(&self.s[start..end])
    }

    /// The keyword the next word spells and where the word ends, without
    /// moving; the last answer is kept, as a peek is mostly followed by a
    /// read of the same word.
    #[inline]
    fn keyword_ahead(&mut self) -> (Option<Kw>, usize) {
        let save = self.i;
        self.ws();
        let start = self.i;
        self.i = save;
        if self.last_kw.0 == start {
            return (self.last_kw.2, self.last_kw.1);
        }
        let end = safe_end(self.s, start);
        let k = if end > start {
            tokens::lookup(&self.s[start..end])
        } else {
            None
        };
        self.last_kw = (start, end, k);
        (k, end)
    }

    /// A keyword; `msg` says what was expected.
    fn kw(&mut self, msg: &'static str) -> R<Kw> {
        match self.keyword_ahead() {
            (Some(k), end) => {
                self.i = end;
                Ok(k)
            }
            (None, _) => {
                self.ws();
                self.fail(msg)
            }
        }
    }

    /// The keyword the next word spells, not consumed.
    #[inline]
    fn peek_kw(&mut self) -> Option<Kw> {
        self.keyword_ahead().0
    }

    /// `"…"`: the bytes between the quotes.
    fn quoted(&mut self) -> R<&'a [u8]> {
        self.expect(b'"', "expected a quoted string")?;
        let start = self.i;
        let Some(len) = memchr::memchr(b'"', &self.s[start..]) else {
            return self.fail_at(start - 1, "unterminated quoted string");
        };
        self.i = start + len + 1;
        Ok(&self.s[start..start + len])
    }

    /// A value: a quoted string (without its quotes) or a bare word.
    fn value(&mut self) -> R<&'a [u8]> {
        if self.peek() == Some(b'"') {
            self.quoted()
        } else {
            self.word()
        }
    }

    /// An unsigned decimal word.
    fn uint(&mut self) -> R<u32> {
        self.ws();
        let at = self.i;
        // Digits read where they lie, in one pass; a word that goes on
        // past them is read whole (and refused). One pass, not a scan and
        // then `number`: this is on every id and count (about 1 % of a
        // compact message's instructions).
        let (n, end) = self.digits(at);
        let ends = !self.s.get(end).is_some_and(|&b| SAFE[usize::from(b)]);
        if end > at && ends {
            if let Ok(n) = u32::try_from(n) {
                self.i = end;
                return Ok(n);
            }
        }
        let w = self.word()?;
        number(w).ok_or_else(|| self.bad_number(at))
    }

    /// The decimal digits at `at`, up to 11 of them (one more than a u32
    /// has, so that a longer run is seen), read where they lie: their
    /// value and where they end.
    #[inline(always)]
    fn digits(&self, at: usize) -> (u64, usize) {
        let mut n = 0u64;
        let mut end = at;
        while let Some(&b) = self.s.get(end).filter(|b| b.is_ascii_digit()) {
            n = n * 10 + u64::from(b - b'0');
            end += 1;
            if end - at > 10 {
                break;
            }
        }
        (n, end)
    }

    #[cold]
    fn bad_number(&self, at: usize) -> Box<Fail> {
        Box::new(Fail {
            at,
            msg: "expected an unsigned 32-bit number".into(),
        })
    }

    /// `{`, counting the nesting.
    fn open_brace(&mut self) -> R {
        self.expect(b'{', "expected `{`")?;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail("nested too deeply");
        }
        Ok(())
    }

    /// `{ item, item, … }`, possibly empty; `item` reads one.
    fn list(&mut self, item: impl FnMut(&mut Self) -> R) -> R {
        self.open_brace()?;
        if !self.eat(b'}') {
            self.items(item)?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// Like [`D::list`], with at least one item.
    fn list1(&mut self, item: impl FnMut(&mut Self) -> R) -> R {
        let at = self.i;
        self.open_brace()?;
        if self.eat(b'}') {
            return self.fail_at(at, "expected at least one item between `{ }`");
        }
        self.items(item)?;
        self.depth -= 1;
        Ok(())
    }

    /// `item, item, … }` after a list's `{`.
    #[inline(always)]
    fn items(&mut self, mut item: impl FnMut(&mut Self) -> R) -> R {
        loop {
            item(self)?;
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    return Ok(());
                }
                _ => return self.fail("expected `,` or `}`"),
            }
        }
    }

    /// Bytes up to the first unescaped `end`, consumed with it.
    fn raw_until(&mut self, end: u8, msg: &'static str) -> R<&'a [u8]> {
        let start = self.i;
        let mut j = start;
        while let Some(k) = self
            .s
            .get(j..)
            .and_then(|rest| memchr::memchr2(end, b'\\', rest))
        {
            j += k;
            if self.s[j] == end {
                self.i = j + 1;
                return Ok(&self.s[start..j]);
            }
            j += 2;
        }
        self.fail_at(start, msg)
    }
}

/// Where the run of `SafeChar`s at `start` ends.
#[inline]
fn safe_end(s: &[u8], start: usize) -> usize {
    let rest = s.get(start..).unwrap_or_default();
    start
        + rest
            .iter()
            .position(|&b| !SAFE[usize::from(b)])
            .unwrap_or(rest.len())
}

/// Decimal digits into a u32, refusing overflow and anything else.
pub(super) fn number(w: &[u8]) -> Option<u32> {
    if w.is_empty() || w.len() > 10 {
        return None;
    }
    let mut n: u64 = 0;
    for &b in w {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(b - b'0');
    }
    u32::try_from(n).ok()
}

// The tape side: nodes typed by the module's table.
impl<const V: u8> D<'_, V> {
    /// The type of field `slot` of `SEQUENCE` type `ty`, or of alternative
    /// `slot` of `CHOICE` type `ty`, or the element of `SEQUENCE OF` `ty`;
    /// refused where this version's module lacks it.
    #[inline(always)]
    fn member(&self, ty: TypeId, slot: u16) -> R<TypeId> {
        let found = match Self::SCHEMA.kind(ty) {
            Kind::Seq { fields, .. } => fields.get(usize::from(slot)).map(|f| f.ty),
            Kind::Choice { alts, .. } => alts.get(usize::from(slot)).map(|a| a.ty),
            Kind::SeqOf { elem } => Some(*elem),
            _ => None,
        };
        match found {
            Some(t) => Ok(t),
            None => self.not_in_version(ty),
        }
    }

    #[cold]
    fn not_in_version<T>(&self, ty: TypeId) -> R<T> {
        self.fail(format!(
            "{} has no such component in Megaco v{}",
            Self::SCHEMA.name(ty),
            V
        ))
    }

    /// The components of `SEQUENCE` type `ty` (none for other types): a
    /// constant wherever `ty` is one.
    #[inline(always)]
    fn fields(ty: TypeId) -> &'static [Field] {
        match Self::SCHEMA.kind(ty) {
            Kind::Seq { fields, .. } => fields,
            _ => &[],
        }
    }

    /// Opens `SEQUENCE` type `ty` as component `slot` of its parent.
    #[inline(always)]
    fn seq(&mut self, ty: TypeId, slot: u16) -> Seq {
        let node = self.tape.push(ty, slot, 0, 0);
        if TRACK_NESTING {
            self.open += 1;
        }
        Seq {
            node,
            ty,
            level: self.open,
            n: 0,
            given: 0,
            last: (0, 0),
            in_order: true,
            in_order_but_last: true,
        }
    }

    /// Starts component `slot` of `seq`; returns its type. A component
    /// given twice is refused.
    #[inline(always)]
    fn field(&mut self, seq: &mut Seq, slot: u16) -> R<TypeId> {
        let Some(f) = Self::fields(seq.ty).get(usize::from(slot)) else {
            return self.not_in_version(seq.ty);
        };
        let bit = 1u64 << (slot & 63);
        if seq.given & bit != 0 {
            return self.duplicate(seq.ty, slot);
        }
        if slot >= 64 {
            return self.fail("internal: a SEQUENCE component past the 64th");
        }
        self.on_top(seq)?;
        seq.in_order_but_last = seq.in_order;
        if seq.last.0 > slot {
            seq.in_order = false;
        }
        seq.given |= bit;
        seq.last = (slot, self.tape.nodes.len() as u32);
        seq.n += 1;
        Ok(f.ty)
    }

    /// Refuses to add to `seq` while an inner `SEQUENCE` is still open:
    /// their components would interleave on the tape.
    #[inline(always)]
    fn on_top(&self, seq: &Seq) -> R {
        if TRACK_NESTING && seq.level != self.open {
            return self.fail("internal: components of two SEQUENCEs interleaved");
        }
        Ok(())
    }

    #[cold]
    fn duplicate<T>(&self, ty: TypeId, slot: u16) -> R<T> {
        let name = match Self::SCHEMA.kind(ty) {
            Kind::Seq { fields, .. } => fields.get(usize::from(slot)).map_or("?", |f| f.name),
            _ => "?",
        };
        self.fail(format!("{name} given twice in {}", Self::SCHEMA.name(ty)))
    }

    /// The index after the subtree starting at node `at`.
    fn subtree_end(&self, at: usize) -> usize {
        let mut pending = 1usize;
        let mut k = at;
        while pending > 0 && k < self.tape.nodes.len() {
            let node = self.tape.nodes[k];
            pending -= 1;
            pending += match Self::SCHEMA.kind(node.ty) {
                Kind::Seq { .. } | Kind::SeqOf { .. } => node.a as usize,
                Kind::Choice { .. } => 1,
                _ => 0,
            };
            k += 1;
        }
        k
    }

    /// Whether component `slot` has been given.
    fn has(seq: &Seq, slot: u16) -> bool {
        slot < 64 && seq.given & (1u64 << slot) != 0
    }

    /// One more element of the `SEQUENCE OF` component `slot` of `seq`,
    /// opening the list on its first element; returns the element type.
    /// Elements may come between other components in text: the list is
    /// moved to the end before it grows.
    fn list_elem(&mut self, seq: &mut Seq, slot: u16) -> R<TypeId> {
        if !Self::has(seq, slot) {
            let list = self.field(seq, slot)?;
            self.tape.push(list, slot, 1, 0);
            return self.member(list, 0);
        }
        self.on_top(seq)?;
        let head = if seq.last.0 == slot {
            seq.last.1 as usize
        } else {
            self.move_last(seq, slot)?
        };
        self.tape.nodes[head].a += 1;
        let list = self.tape.nodes[head].ty;
        self.member(list, 0)
    }

    /// Closes `seq`: counts its components, adds an empty list for each
    /// mandatory `SEQUENCE OF` not given, refuses other missing mandatory
    /// components (named), and puts the components in ASN.1 order.
    #[inline(always)]
    fn close(&mut self, mut seq: Seq) -> R {
        if self.missing(&seq, 64) != 0 {
            self.complete(&mut seq)?;
        }
        self.on_top(&seq)?;
        self.tape.nodes[seq.node].a = seq.n as u32;
        if !seq.in_order {
            if seq.in_order_but_last {
                self.move_back_last(&seq);
            } else {
                self.reorder(&seq);
            }
        }
        if TRACK_NESTING {
            self.open -= 1;
        }
        Ok(())
    }

    /// Gives `seq` its missing mandatory lists, empty, or refuses it for
    /// the first other mandatory component it lacks.
    #[cold]
    #[inline(never)]
    fn complete(&mut self, seq: &mut Seq) -> R {
        self.empty_lists_before(seq, 64)?;
        let missing = self.missing(seq, 64);
        if missing != 0 {
            let f = &Self::fields(seq.ty)[missing.trailing_zeros() as usize];
            return self.fail(format!(
                "{} needs its {}",
                Self::SCHEMA.name(seq.ty),
                f.name
            ));
        }
        Ok(())
    }

    /// The mandatory components of `seq` before field `below` not given
    /// yet, a bit each.
    #[inline(always)]
    fn missing(&self, seq: &Seq, below: u16) -> u64 {
        let before = 1u64
            .checked_shl(u32::from(below))
            .map_or(u64::MAX, |b| b - 1);
        Self::MANDATORY
            .get(usize::from(seq.ty))
            .copied()
            .unwrap_or(0)
            & !seq.given
            & before
    }

    /// Adds an empty list for each mandatory `SEQUENCE OF` of `seq` before
    /// field `below` not given yet: called before a later component is
    /// written, it keeps the components in order (a text event without
    /// parameters has an empty list before its time stamp in ASN.1).
    #[inline]
    fn empty_lists_before(&mut self, seq: &mut Seq, below: u16) -> R {
        let mut missing = self.missing(seq, below);
        while missing != 0 {
            let slot = missing.trailing_zeros() as u16;
            missing &= missing - 1;
            let ty = Self::fields(seq.ty)[usize::from(slot)].ty;
            if let Kind::SeqOf { .. } = Self::SCHEMA.kind(ty) {
                self.field(seq, slot)?;
                self.tape.push(ty, slot, 0, 0);
            }
        }
        Ok(())
    }

    /// The components of `seq` so far, as (field, first node, end), in
    /// the order they are on the tape: each starts where the one before
    /// ends, and its first node carries its field.
    fn parts(&self, seq: &Seq) -> ([(u16, u32, u32); 64], usize) {
        let mut parts = [(0u16, 0u32, 0u32); 64];
        let mut at = seq.node + 1;
        let mut n = 0;
        // A component started but not written would end the walk early,
        // never panic: components are written as soon as they start.
        while let (Some(part), Some(node)) = (parts.get_mut(n), self.tape.nodes.get(at)) {
            if n == seq.n {
                break;
            }
            // The last component runs to the end of the tape: no need to
            // walk it (it may be a long list of command replies).
            let end = if n + 1 == seq.n && at == seq.last.1 as usize {
                self.tape.nodes.len()
            } else {
                self.subtree_end(at)
            };
            *part = (node.slot, at as u32, end as u32);
            at = end;
            n += 1;
        }
        (parts, n)
    }

    /// Moves the list that is component `slot` of `seq` after its other
    /// components, so that it can grow (text may put other components
    /// between its elements); returns where its head is now.
    #[cold]
    #[inline(never)]
    fn move_last(&mut self, seq: &mut Seq, slot: u16) -> R<usize> {
        let (parts, n) = self.parts(seq);
        let parts = &parts[..n];
        let Some(&(_, start, end)) = parts.iter().find(|p| p.0 == slot) else {
            return self.fail("internal: a list not found among its SEQUENCE's components");
        };
        let len = (end - start) as usize;
        self.tape.nodes[start as usize..].rotate_left(len);
        let head = self.tape.nodes.len() - len;
        seq.last = (slot, head as u32);
        let mut order = parts.iter().map(|p| p.0).filter(|&f| f != slot);
        let first = order.next();
        let others = order.try_fold(first, |prev, f| (prev < Some(f)).then_some(Some(f)));
        seq.in_order_but_last = others.is_some();
        seq.in_order = others.is_some_and(|last| last < Some(slot));
        Ok(head)
    }

    /// Moves the latest component of `seq`, which runs to the end of the
    /// tape, back before the first component with a later field: the
    /// others are in order already.
    fn move_back_last(&mut self, seq: &Seq) {
        let (slot, start) = (seq.last.0, seq.last.1 as usize);
        let mut at = seq.node + 1;
        while at < start && self.tape.nodes[at].slot < slot {
            at = self.subtree_end(at);
        }
        let (at, end) = (at.min(start), self.tape.nodes.len());
        if start <= end {
            self.tape.nodes[at..].rotate_right(end - start);
        }
    }

    /// Rewrites the components of `seq` in field order (a time stamp
    /// written first in text is last in ASN.1). Rare, and kept out of
    /// line: its scratch array would otherwise burden every `close`.
    #[cold]
    #[inline(never)]
    fn reorder(&mut self, seq: &Seq) {
        let (mut parts, n) = self.parts(seq);
        let parts = &mut parts[..n];
        let Some(&(_, first, _)) = parts.first() else {
            return;
        };
        let first = first as usize;
        parts.sort_unstable_by_key(|p| p.0);
        self.nodes.clear();
        self.nodes.extend_from_slice(&self.tape.nodes[first..]);
        let mut at = first;
        for &(_, s, e) in parts.iter() {
            let (s, e) = (s as usize - first, e as usize - first);
            self.tape.nodes[at..at + e - s].copy_from_slice(&self.nodes[s..e]);
            at += e - s;
        }
    }

    /// A `CHOICE` of type `ty` as component `slot`, alternative `alt`;
    /// returns the alternative's type.
    #[inline(always)]
    fn choice(&mut self, ty: TypeId, slot: u16, alt: u16) -> R<TypeId> {
        let t = self.member(ty, alt)?;
        self.tape.push(ty, slot, u32::from(alt), 0);
        Ok(t)
    }

    /// An `INTEGER`, checked against its range.
    #[inline(always)]
    fn int(&mut self, ty: TypeId, slot: u16, v: u32, at: usize) -> R {
        if let Kind::Int { lo, hi } = Self::SCHEMA.kind(ty) {
            if v < *lo || v > *hi {
                return self.out_of_range(ty, v, at);
            }
        }
        self.tape.push(ty, slot, v, 0);
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn out_of_range(&self, ty: TypeId, v: u32, at: usize) -> R {
        let (lo, hi) = match Self::SCHEMA.kind(ty) {
            Kind::Int { lo, hi } => (*lo, *hi),
            _ => (0, u32::MAX),
        };
        let name = Self::SCHEMA.name(ty);
        self.fail_at(at, format!("{v} is outside {name}'s range {lo}..{hi}"))
    }

    /// An `ENUMERATED` value (its ASN.1 number).
    #[inline]
    fn enumerated(&mut self, ty: TypeId, slot: u16, v: u32) {
        self.tape.push(ty, slot, v, 0);
    }

    /// `BOOLEAN`.
    #[inline]
    fn boolean(&mut self, ty: TypeId, slot: u16, v: bool) {
        self.tape.push(ty, slot, u32::from(v), 0);
    }

    /// `NULL`.
    #[inline]
    fn null(&mut self, ty: TypeId, slot: u16) {
        self.tape.push(ty, slot, 0, 0);
    }

    /// An `OCTET STRING` or `IA5String`, its size checked, and an
    /// `IA5String`'s characters (below 0x80, as the BER and PER tapes
    /// check them).
    #[inline(always)]
    fn string(&mut self, ty: TypeId, slot: u16, contents: &[u8], at: usize) -> R {
        let (lo, hi, ia5) = match Self::SCHEMA.kind(ty) {
            Kind::Octets { lo, hi } => (*lo, *hi, false),
            Kind::Ia5 { lo, hi } => (*lo, *hi, true),
            _ => (0, u32::MAX, false),
        };
        let len = contents.len() as u32;
        if len < lo || len > hi {
            return self.bad_size(ty, (lo, hi), len, at);
        }
        // `is_ascii` tests a word at a time for a high bit.
        if ia5 && !contents.is_ascii() {
            return self.not_ia5(ty, contents, at);
        }
        // The usual lengths (a termination id level, a package name, an
        // IPv4 address) copied as fixed-size values, not through a call
        // to memcpy: the BER decoder's fixed SIZE constraints give it the
        // same.
        match *contents {
            [a, b, c] => self.tape.push_bytes(ty, slot, &[a, b, c], len),
            [a, b, c, d] => self.tape.push_bytes(ty, slot, &[a, b, c, d], len),
            _ => self.tape.push_bytes(ty, slot, contents, len),
        }
        Ok(())
    }

    /// An `IA5String` holding a byte of 0x80 or more: the error names the
    /// byte and where it is (within the input when `contents` is part of it).
    #[cold]
    #[inline(never)]
    fn not_ia5(&self, ty: TypeId, contents: &[u8], at: usize) -> R {
        let i = contents.iter().position(|&c| c >= 0x80).unwrap_or(0);
        let start = (contents.as_ptr() as usize).wrapping_sub(self.s.as_ptr() as usize);
        let pos = match start.checked_add(contents.len()) {
            Some(end) if end <= self.s.len() => start + i,
            _ => at,
        };
        let name = Self::SCHEMA.name(ty);
        let byte = contents.get(i).copied().unwrap_or(0);
        self.fail_at(
            pos,
            format!("{name} is an IA5String: byte {byte:#04x} is not an IA5 character"),
        )
    }

    #[cold]
    #[inline(never)]
    fn bad_size(&self, ty: TypeId, (lo, hi): (u32, u32), len: u32, at: usize) -> R {
        let name = Self::SCHEMA.name(ty);
        self.fail_at(at, format!("{name} takes {lo} to {hi} octets, not {len}"))
    }
}
