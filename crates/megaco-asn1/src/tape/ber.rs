//! BER for the tape: definite lengths, AUTOMATIC TAGS (a component's tag is
//! `[position]`, implicit except around a `CHOICE`, which it wraps).

use super::schema::{be_uint, bits_for, Kind, Schema, TypeId};
use super::{Node, Tape, MAX_DEPTH};
use encbench_codecs::CodecError;

const CONTEXT: u8 = 0x80;
const CONSTRUCTED: u8 = 0x20;

/// A tag as read: class and constructed bits, and the number.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct Tag {
    pub(super) bits: u8,
    pub(super) number: u32,
}

fn universal(kind: &Kind) -> Tag {
    let (bits, number) = match kind {
        Kind::Seq { .. } | Kind::SeqOf { .. } => (CONSTRUCTED, 16),
        Kind::Int { .. } => (0, 2),
        Kind::Bool => (0, 1),
        Kind::Null => (0, 5),
        Kind::Octets { .. } => (0, 4),
        Kind::Ia5 { .. } => (0, 22),
        Kind::Bits => (0, 3),
        Kind::Oid => (0, 6),
        Kind::Enum { .. } => (0, 10),
        // A CHOICE has no tag of its own; callers never ask.
        Kind::Choice { .. } => (CONSTRUCTED, 0),
    };
    Tag { bits, number }
}

/// The `[number]` tag of a component of this kind: implicit, or the
/// constructed wrapper of a CHOICE.
fn context_tag(kind: &Kind, number: u32) -> Tag {
    let constructed = matches!(
        kind,
        Kind::Seq { .. } | Kind::SeqOf { .. } | Kind::Choice { .. }
    );
    Tag {
        bits: CONTEXT | if constructed { CONSTRUCTED } else { 0 },
        number,
    }
}

/// State of one BER decode, and the helpers the generated per-type
/// functions (`decode_v*.rs`) call: headers, leaves, errors.
pub(super) struct Decoder<'a> {
    module: &'static super::Module,
    input: &'a [u8],
    pub(super) tape: Tape,
    depth: u32,
}

pub(super) fn decode(
    module: &'static super::Module,
    input: &[u8],
    tape: &mut Tape,
) -> Result<(), CodecError> {
    // The decoder owns the tape while it runs: one indirection less per value.
    let mut d = Decoder {
        module,
        input,
        tape: std::mem::take(tape),
        depth: 0,
    };
    let result = d.message();
    *tape = d.tape;
    result
}

impl Decoder<'_> {
    fn message(&mut self) -> Result<(), CodecError> {
        let mut pos = 0;
        let (tag, len) = self.header(&mut pos, self.input.len())?;
        let want = Tag {
            bits: CONSTRUCTED,
            number: 16,
        };
        if tag != want {
            return Err(self.mismatch(self.module.schema.root, want, tag, 0));
        }
        (self.module.ber)(self, pos, pos + len).map_err(|e| *e)?;
        CodecError::check_consumed(pos + len, self.input.len())
    }
}

impl Decoder<'_> {
    #[inline]
    fn byte(&self, pos: usize, end: usize) -> Result<u8, CodecError> {
        if pos < end {
            Ok(self.input[pos])
        } else {
            Err(CodecError::Truncated {
                offset: pos,
                needed: 1,
            })
        }
    }

    /// Reads a tag and a definite length; returns them, leaving `pos` at
    /// the contents, which must fit before `end`.
    #[inline(always)]
    pub(super) fn header(&self, pos: &mut usize, end: usize) -> Result<(Tag, usize), CodecError> {
        let first = self.byte(*pos, end)?;
        *pos += 1;
        let mut number = u32::from(first & 0x1F);
        if number == 0x1F {
            number = self.long_tag(pos, end)?;
        }
        let at = *pos;
        let lead = self.byte(at, end)?;
        *pos += 1;
        let len = if lead < 0x80 {
            usize::from(lead)
        } else if lead == 0x81 && *pos < end {
            *pos += 1;
            usize::from(self.input[*pos - 1])
        } else {
            self.long_length(lead, pos, end)?
        };
        if len > end - *pos {
            return Err(CodecError::Truncated {
                offset: *pos,
                needed: len,
            });
        }
        let tag = Tag {
            bits: first & 0xE0,
            number,
        };
        Ok((tag, len))
    }

    #[cold]
    fn long_tag(&self, pos: &mut usize, end: usize) -> Result<u32, CodecError> {
        let mut number = 0u32;
        loop {
            let b = self.byte(*pos, end)?;
            *pos += 1;
            if number > 0x00FF_FFFF {
                return Err(CodecError::invalid(*pos - 1, "tag number too large"));
            }
            number = (number << 7) | u32::from(b & 0x7F);
            if b & 0x80 == 0 {
                return Ok(number);
            }
        }
    }

    fn long_length(&self, lead: u8, pos: &mut usize, end: usize) -> Result<usize, CodecError> {
        let at = *pos - 1;
        match lead {
            0x80 => Err(CodecError::invalid(
                at,
                "indefinite length (not supported: megaco writes definite lengths)",
            )),
            0x81..=0x84 => {
                let mut len = 0usize;
                for _ in 0..(lead & 0x7F) {
                    len = (len << 8) | usize::from(self.byte(*pos, end)?);
                    *pos += 1;
                }
                Ok(len)
            }
            _ => Err(CodecError::invalid(at, "length field longer than 4 octets")),
        }
    }

    /// The header inside a CHOICE's explicit `[n]` wrapper (`s`, `len`):
    /// the alternative's, which must fill the wrapper exactly.
    #[inline(always)]
    pub(super) fn wrapped(
        &self,
        ty: TypeId,
        s: usize,
        len: usize,
    ) -> Result<(Tag, usize, usize, usize), CodecError> {
        let mut p = s;
        let (tag, inner) = self.header(&mut p, s + len)?;
        if p + inner != s + len {
            return Err(self.fail(ty, p + inner, "bytes after the chosen alternative"));
        }
        Ok((tag, s, p, inner))
    }

    #[inline]
    pub(super) fn enter(&mut self, ty: TypeId, at: usize) -> Result<(), CodecError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(ty, at, "nested too deeply"));
        }
        Ok(())
    }

    #[inline]
    pub(super) fn leave(&mut self) {
        self.depth -= 1;
    }

    #[inline]
    fn contents(&self, s: usize, len: usize) -> &[u8] {
        &self.input[s..s + len]
    }

    #[inline(always)]
    pub(super) fn int(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
        lo: u32,
        hi: u32,
    ) -> Result<(), CodecError> {
        let v = self.integer(ty, s, len)?;
        if !(u64::from(lo)..=u64::from(hi)).contains(&v) {
            return Err(self.fail(ty, s, "value outside its range"));
        }
        self.tape.push(ty, slot, v as u32, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn enumerated(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
        values: &[u32],
    ) -> Result<(), CodecError> {
        let v = self.integer(ty, s, len)?;
        if !values.iter().any(|&x| u64::from(x) == v) {
            return Err(self.fail(ty, s, "not one of its enumerations"));
        }
        self.tape.push(ty, slot, v as u32, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn boolean(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
    ) -> Result<(), CodecError> {
        if len != 1 {
            return Err(self.fail(ty, s, "BOOLEAN is not one octet"));
        }
        let v = u32::from(self.input[s] != 0);
        self.tape.push(ty, slot, v, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn null(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
    ) -> Result<(), CodecError> {
        if len != 0 {
            return Err(self.fail(ty, s, "NULL with contents"));
        }
        self.tape.push(ty, slot, 0, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn octets(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
        lo: u32,
        hi: u32,
    ) -> Result<(), CodecError> {
        if !(lo as usize..=hi as usize).contains(&len) {
            return Err(self.fail(ty, s, "size outside its constraint"));
        }
        self.tape
            .push_bytes(ty, slot, &self.input[s..s + len], len as u32);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn ia5(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
        lo: u32,
        hi: u32,
    ) -> Result<(), CodecError> {
        if let Some(i) = self.contents(s, len).iter().position(|&c| c >= 0x80) {
            return Err(self.fail(ty, s + i, "not an IA5 character"));
        }
        self.octets(ty, slot, s, len, lo, hi)
    }

    pub(super) fn oid(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
    ) -> Result<(), CodecError> {
        self.tape
            .push_bytes(ty, slot, &self.input[s..s + len], len as u32);
        Ok(())
    }

    pub(super) fn bits(
        &mut self,
        ty: TypeId,
        slot: u16,
        s: usize,
        len: usize,
    ) -> Result<(), CodecError> {
        let Some((&unused, bits)) = self.input[s..s + len].split_first() else {
            return Err(self.fail(ty, s, "BIT STRING without its unused-bits octet"));
        };
        if unused > 7 || (bits.is_empty() && unused != 0) {
            return Err(self.fail(ty, s, "BIT STRING with more unused bits than it has"));
        }
        self.tape
            .push_bits(ty, slot, bits, bits.len() * 8 - usize::from(unused));
        Ok(())
    }

    /// A non-negative INTEGER or ENUMERATED of at most 5 octets (u32 range).
    #[inline(always)]
    fn integer(&self, ty: TypeId, s: usize, len: usize) -> Result<u64, CodecError> {
        match self.contents(s, len) {
            [] => Err(self.fail(ty, s, "INTEGER without contents")),
            [first, ..] if first & 0x80 != 0 => Err(self.fail(ty, s, "negative value")),
            [0, second, ..] if second & 0x80 == 0 => {
                Err(self.fail(ty, s, "INTEGER not in its shortest form"))
            }
            c if c.len() > 5 => Err(self.fail(ty, s, "INTEGER too large")),
            c => Ok(be_uint(c)),
        }
    }

    #[cold]
    #[inline(never)]
    pub(super) fn mismatch(&self, ty: TypeId, want: Tag, tag: Tag, at: usize) -> CodecError {
        let reason = format!(
            "{}: expected {}, found {}",
            self.module.schema.name(ty),
            describe(want),
            describe(tag)
        );
        CodecError::invalid(at, reason)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn unexpected(&self, ty: TypeId, tag: Tag, at: usize) -> CodecError {
        if let Kind::Seq { fields, .. } = self.module.schema.kind(ty) {
            if let Some(field) = fields.get(tag.number as usize) {
                let want = context_tag(self.module.schema.kind(field.ty), tag.number);
                return self.mismatch(field.ty, want, tag, at);
            }
        }
        CodecError::invalid(
            at,
            format!(
                "{}: unexpected {}",
                self.module.schema.name(ty),
                describe(tag)
            ),
        )
    }

    #[cold]
    #[inline(never)]
    pub(super) fn no_alternative(&self, ty: TypeId, tag: Tag, at: usize) -> CodecError {
        let Kind::Choice { ext, alts, .. } = self.module.schema.kind(ty) else {
            return self.fail(ty, at, "not a CHOICE");
        };
        if let Some(alt) = alts.get(tag.number as usize) {
            let want = context_tag(self.module.schema.kind(alt.ty), tag.number);
            return self.mismatch(alt.ty, want, tag, at);
        }
        let what = if *ext && tag.bits & 0xC0 == CONTEXT {
            "an extension alternative this module does not know"
        } else {
            "no such alternative"
        };
        CodecError::invalid(
            at,
            format!(
                "{}: {} is {what}",
                self.module.schema.name(ty),
                describe(tag)
            ),
        )
    }

    #[cold]
    #[inline(never)]
    pub(super) fn out_of_order(&self, ty: TypeId, at: usize) -> CodecError {
        self.fail(ty, at, "component out of order or repeated")
    }

    #[cold]
    #[inline(never)]
    pub(super) fn missing(&self, ty: TypeId, seen: u64, at: usize) -> CodecError {
        let name = match self.module.schema.kind(ty) {
            Kind::Seq { fields, .. } => fields
                .iter()
                .enumerate()
                .find(|(i, f)| !f.optional && seen >> i & 1 == 0)
                .map_or("?", |(_, f)| f.name),
            _ => "?",
        };
        self.fail(ty, at, &format!("component {name} missing"))
    }

    #[cold]
    #[inline(never)]
    fn fail(&self, ty: TypeId, at: usize, why: &str) -> CodecError {
        CodecError::invalid(at, format!("{}: {why}", self.module.schema.name(ty)))
    }
}

fn describe(tag: Tag) -> String {
    let class = match tag.bits & 0xC0 {
        0x00 => "UNIVERSAL ",
        0x40 => "APPLICATION ",
        0x80 => "",
        _ => "PRIVATE ",
    };
    let form = if tag.bits & CONSTRUCTED != 0 {
        "constructed"
    } else {
        "primitive"
    };
    format!("[{class}{}] {form}", tag.number)
}

// ---------------------------------------------------------------- encoding

struct Encoder<'t> {
    schema: &'static Schema,
    tape: &'t Tape,
    at: usize,
}

pub(super) fn encode(
    schema: &'static Schema,
    tape: &Tape,
    out: &mut Vec<u8>,
) -> Result<(), CodecError> {
    let mut e = Encoder {
        schema,
        tape,
        at: 0,
    };
    e.value(schema.root, None, out)
}

impl Encoder<'_> {
    fn next(&mut self) -> Result<Node, CodecError> {
        let node = self.tape.node(self.at)?;
        self.at += 1;
        Ok(node)
    }

    fn value(&mut self, ty: TypeId, ctx: Option<u32>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let kind = self.schema.kind(ty);
        if let Kind::Choice { alts, .. } = kind {
            let node = self.next()?;
            let n = node.a as usize;
            let alt = alts
                .get(n)
                .ok_or_else(|| CodecError::invalid(self.at, "tape: no such alternative"))?;
            return match ctx {
                Some(number) => {
                    let start = open(out, CONTEXT | CONSTRUCTED, number);
                    self.value(alt.ty, Some(n as u32), out)?;
                    close(out, start);
                    Ok(())
                }
                None => self.value(alt.ty, Some(n as u32), out),
            };
        }
        let tag = match ctx {
            Some(number) => context_tag(kind, number),
            None => universal(kind),
        };
        let node = self.next()?;
        let start = open(out, tag.bits, tag.number);
        match *kind {
            Kind::Seq { fields, .. } => {
                for _ in 0..node.a {
                    let slot = self.tape.node(self.at)?.slot;
                    let field = fields
                        .get(usize::from(slot))
                        .ok_or_else(|| CodecError::invalid(self.at, "tape: no such component"))?;
                    self.value(field.ty, Some(u32::from(slot)), out)?;
                }
            }
            Kind::SeqOf { elem } => {
                for _ in 0..node.a {
                    self.value(elem, None, out)?;
                }
            }
            Kind::Int { .. } | Kind::Enum { .. } => {
                let v = node.a;
                // Shortest two's complement of a non-negative value.
                let octets = (bits_for(u64::from(v)) + 1).div_ceil(8).max(1) as usize;
                out.extend_from_slice(&u64::from(v).to_be_bytes()[8 - octets..]);
            }
            Kind::Bool => out.push(if node.a != 0 { 0xFF } else { 0 }),
            Kind::Null => {}
            Kind::Octets { .. } | Kind::Ia5 { .. } | Kind::Oid => {
                out.extend_from_slice(self.tape.string(node, kind)?);
            }
            Kind::Bits => {
                out.push(((8 - node.b % 8) % 8) as u8);
                out.extend_from_slice(self.tape.string(node, kind)?);
            }
            Kind::Choice { .. } => unreachable!("handled above"),
        }
        close(out, start);
        Ok(())
    }
}

/// Writes a tag and a one-octet length placeholder; returns where the
/// contents start.
fn open(out: &mut Vec<u8>, bits: u8, number: u32) -> usize {
    if number < 31 {
        out.push(bits | number as u8);
    } else {
        out.push(bits | 0x1F);
        let groups = bits_for(u64::from(number)).div_ceil(7);
        for g in (0..groups).rev() {
            let more = if g == 0 { 0 } else { 0x80 };
            out.push(more | ((number >> (7 * g)) & 0x7F) as u8);
        }
    }
    out.push(0);
    out.len()
}

/// Fills in the length of the contents written since `start`, widening the
/// placeholder for long forms.
fn close(out: &mut Vec<u8>, start: usize) {
    let len = out.len() - start;
    if len < 0x80 {
        out[start - 1] = len as u8;
        return;
    }
    let octets = bits_for(len as u64).div_ceil(8) as usize;
    out[start - 1] = 0x80 | octets as u8;
    let tail = out.len();
    out.resize(tail + octets, 0);
    out.copy_within(start..tail, start + octets);
    out[start..start + octets].copy_from_slice(&(len as u32).to_be_bytes()[4 - octets..]);
}
