//! Aligned PER (X.691) for the tape, for what these modules use: extension
//! bits and bitmaps, extension additions as open types, constrained whole
//! numbers, unconstrained lengths below 16K, 8-bit IA5 characters.

use super::schema::{bits_for, Kind, Schema, TypeId};
// The generated decoders name it through this module.
use super::{Tape, MAX_DEPTH};
pub(crate) use crate::bits::Bits;
use encbench_codecs::CodecError;

/// State of one PER decode, and the helpers the generated per-type
/// functions (`decode_v*.rs`) call for leaves, extensions and errors.
pub(super) struct Decoder {
    schema: &'static Schema,
    pub(super) tape: Tape,
    depth: u32,
    /// Nodes allowed in all: NULLs take no bits, so input size alone does
    /// not bound the tape.
    budget: usize,
}

pub(super) fn decode(
    module: &'static super::Module,
    input: &[u8],
    tape: &mut Tape,
) -> Result<(), CodecError> {
    // The decoder owns the tape while it runs: one indirection less per value.
    let mut d = Decoder {
        schema: module.schema,
        tape: std::mem::take(tape),
        depth: 0,
        budget: 16 * input.len() + 256,
    };
    let mut r = Bits::new(input);
    let result = (module.per)(&mut d, &mut r).map_err(|e| *e);
    *tape = d.tape;
    result?;
    CodecError::check_consumed(r.bit.div_ceil(8), input.len())
}

impl Decoder {
    #[cold]
    #[inline(never)]
    fn fail(&self, r: &Bits<'_>, ty: TypeId, why: &str) -> CodecError {
        self.fail_at(r.offset(), ty, why)
    }

    /// An error at the octet where the offending field starts.
    #[cold]
    #[inline(never)]
    fn fail_at(&self, at: usize, ty: TypeId, why: &str) -> CodecError {
        CodecError::invalid(at, format!("{}: {why}", self.schema.name(ty)))
    }

    #[cold]
    #[inline(never)]
    fn not_ia5(&self, ty: TypeId) -> String {
        format!("{}: not an IA5 character", self.schema.name(ty))
    }

    #[cold]
    #[inline(never)]
    pub(super) fn unknown_alternative(&self, ty: TypeId, r: &Bits<'_>) -> CodecError {
        self.fail(r, ty, "an extension alternative this module does not know")
    }

    #[cold]
    #[inline(never)]
    pub(super) fn bad_index(&self, ty: TypeId, r: &Bits<'_>, n: u64) -> CodecError {
        self.fail(r, ty, &format!("alternative index {n} out of range"))
    }

    #[inline(always)]
    pub(super) fn enter(&mut self, ty: TypeId, r: &Bits<'_>) -> Result<(), CodecError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.fail(r, ty, "nested too deeply"));
        }
        Ok(())
    }

    #[inline(always)]
    pub(super) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Called per `SEQUENCE OF` element, whose count the input states.
    #[inline(always)]
    pub(super) fn spend(&self, ty: TypeId, r: &Bits<'_>) -> Result<(), CodecError> {
        if self.tape.nodes.len() >= self.budget {
            return Err(self.fail(r, ty, "more values than the input can hold"));
        }
        Ok(())
    }

    #[inline(always)]
    pub(super) fn int(
        &mut self,
        r: &mut Bits<'_>,
        ty: TypeId,
        slot: u16,
        lo: u32,
        hi: u32,
    ) -> Result<(), CodecError> {
        let at = r.offset();
        let v = u64::from(lo) + r.constrained(u64::from(hi - lo) + 1)?;
        if v > u64::from(hi) {
            return Err(self.fail_at(at, ty, "value outside its range"));
        }
        self.tape.push(ty, slot, v as u32, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn enumerated(
        &mut self,
        r: &mut Bits<'_>,
        ty: TypeId,
        slot: u16,
        ext: bool,
        root: usize,
        values: &[u32],
    ) -> Result<(), CodecError> {
        let at = r.offset();
        let index = if ext && r.read(1)? == 1 {
            root + r.small()?
        } else {
            let i = r.constrained(root as u64)? as usize;
            if i >= root {
                return Err(self.fail_at(at, ty, "enumeration index out of range"));
            }
            i
        };
        let Some(&v) = values.get(index) else {
            return Err(self.fail_at(at, ty, "an enumeration this module does not know"));
        };
        self.tape.push(ty, slot, v, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn boolean(
        &mut self,
        r: &mut Bits<'_>,
        ty: TypeId,
        slot: u16,
    ) -> Result<(), CodecError> {
        let v = r.read(1)?;
        self.tape.push(ty, slot, v, 0);
        Ok(())
    }

    #[inline(always)]
    pub(super) fn null(&mut self, ty: TypeId, slot: u16) {
        self.tape.push(ty, slot, 0, 0);
    }

    /// OCTET STRING or IA5String (8-bit characters in the aligned variant).
    #[inline(always)]
    pub(super) fn string(
        &mut self,
        r: &mut Bits<'_>,
        ty: TypeId,
        slot: u16,
        lo: u32,
        hi: u32,
        ia5: bool,
    ) -> Result<(), CodecError> {
        let start = r.offset();
        let len = if hi == u32::MAX {
            r.length()?
        } else if lo == hi {
            lo as usize
        } else {
            lo as usize + r.constrained(u64::from(hi - lo) + 1)? as usize
        };
        if len < lo as usize || len > hi as usize {
            return Err(self.fail_at(start, ty, "size outside its constraint"));
        }
        let at = r.offset();
        if lo == hi && len <= 2 {
            // Fixed sizes of at most two octets are not aligned.
            let mut buf = [0u8; 2];
            for b in &mut buf[..len] {
                *b = r.read(8)? as u8;
            }
            self.push_string(ty, slot, &buf[..len], ia5, at)
        } else {
            r.align();
            let bytes = r.octets(len)?;
            self.push_string(ty, slot, bytes, ia5, at)
        }
    }

    #[inline(always)]
    fn push_string(
        &mut self,
        ty: TypeId,
        slot: u16,
        bytes: &[u8],
        ia5: bool,
        at: usize,
    ) -> Result<(), CodecError> {
        if let Some(i) = bytes.iter().position(|&c| c >= 0x80).filter(|_| ia5) {
            return Err(CodecError::invalid(at + i, self.not_ia5(ty)));
        }
        self.tape.push_bytes(ty, slot, bytes, bytes.len() as u32);
        Ok(())
    }

    pub(super) fn oid(
        &mut self,
        r: &mut Bits<'_>,
        ty: TypeId,
        slot: u16,
    ) -> Result<(), CodecError> {
        let len = r.length()?;
        let bytes = r.octets(len)?;
        self.tape.push_bytes(ty, slot, bytes, len as u32);
        Ok(())
    }

    pub(super) fn bits(
        &mut self,
        r: &mut Bits<'_>,
        ty: TypeId,
        slot: u16,
    ) -> Result<(), CodecError> {
        let nbits = r.length()?;
        let bytes = r.octets(nbits.div_ceil(8))?;
        // The value ends inside its last octet; the next one starts there.
        r.bit -= (8 - nbits % 8) % 8;
        self.tape.push_bits(ty, slot, bytes, nbits);
        Ok(())
    }

    /// A `SEQUENCE`'s extension additions: the sender's count of them, a
    /// presence bit each, then each present one as an open type, decoded by
    /// `addition(decoder, its reader, index)` (false: unknown here, skipped).
    /// Returns how many were decoded.
    pub(super) fn additions(
        &mut self,
        r: &mut Bits<'_>,
        mut addition: impl FnMut(&mut Self, &mut Bits<'_>, usize) -> Result<bool, Box<CodecError>>,
    ) -> Result<u32, Box<CodecError>> {
        let n = r.small_length()?;
        let mut present = 0u64;
        let mut beyond = 0;
        for j in 0..n {
            let bit = r.read(1)?;
            match j {
                0..64 => present |= u64::from(bit) << j,
                _ => beyond += bit,
            }
        }
        let mut count = 0;
        for j in 0..n.min(64) {
            if present >> j & 1 == 0 {
                continue;
            }
            let mut sub = self.open_type(r)?;
            if addition(self, &mut sub, j)? {
                count += 1;
            }
        }
        for _ in 0..beyond {
            self.open_type(r)?;
        }
        Ok(count)
    }

    /// An open type: a length determinant and that many octets, read as
    /// their own aligned input.
    pub(super) fn open_type<'a>(&self, r: &mut Bits<'a>) -> Result<Bits<'a>, CodecError> {
        let len = r.length()?;
        let base = r.offset();
        let data = r.octets(len)?;
        Ok(Bits { data, base, bit: 0 })
    }
}

// ---------------------------------------------------------------- encoding

/// Writes bits, most significant first.
#[derive(Default)]
struct Writer {
    out: Vec<u8>,
    bit: usize,
}

impl Writer {
    /// The low `count` bits of `value`, most significant first, as many
    /// at a time as the current octet has room for.
    fn write(&mut self, value: u64, count: u32) {
        let mut left = count;
        while left > 0 {
            let used = (self.bit % 8) as u32;
            if used == 0 {
                self.out.push(0);
            }
            let room = 8 - used;
            let take = room.min(left);
            let chunk = (value >> (left - take)) & ((1u64 << take) - 1);
            let last = self.out.len() - 1;
            self.out[last] |= (chunk as u8) << (room - take);
            self.bit += take as usize;
            left -= take;
        }
    }

    fn align(&mut self) {
        self.bit = self.bit.next_multiple_of(8);
    }

    fn octets(&mut self, bytes: &[u8]) {
        self.align();
        self.out.extend_from_slice(bytes);
        self.bit += bytes.len() * 8;
    }

    fn set(&mut self, bit: usize) {
        self.out[bit / 8] |= 0x80 >> (bit % 8);
    }

    fn constrained(&mut self, value: u64, range: u64) {
        match range {
            0 | 1 => {}
            2..=255 => self.write(value, bits_for(range - 1)),
            256 => {
                self.align();
                self.write(value, 8);
            }
            257..=65536 => {
                self.align();
                self.write(value, 16);
            }
            _ => {
                let max = u64::from(bits_for(range - 1).div_ceil(8));
                let len = u64::from(bits_for(value).div_ceil(8)).max(1);
                self.write(len - 1, bits_for(max - 1));
                self.align();
                self.write(value, 8 * len as u32);
            }
        }
    }

    fn length(&mut self, len: usize) -> Result<(), CodecError> {
        self.align();
        match len {
            0..=0x7F => self.write(len as u64, 8),
            0x80..=0x3FFF => self.write(0x8000 | len as u64, 16),
            _ => {
                return Err(CodecError::invalid(
                    len,
                    "length of 16K or more (fragmentation not supported)",
                ))
            }
        }
        Ok(())
    }

    fn small_length(&mut self, n: usize) -> Result<(), CodecError> {
        if (1..=64).contains(&n) {
            self.write(n as u64 - 1, 7);
            return Ok(());
        }
        self.write(1, 1);
        self.length(n)
    }

    fn small(&mut self, value: usize) -> Result<(), CodecError> {
        if value < 64 {
            self.write(value as u64, 7);
            return Ok(());
        }
        self.write(1, 1);
        let octets = bits_for(value as u64).div_ceil(8) as usize;
        self.length(octets)?;
        self.write(value as u64, 8 * octets as u32);
        Ok(())
    }

    /// An index among `root` root items (an extension bit first when
    /// `ext`), or past them an extension item's normally small index.
    fn index(&mut self, index: usize, root: usize, ext: bool) -> Result<(), CodecError> {
        if index < root {
            if ext {
                self.write(0, 1);
            }
            self.constrained(index as u64, root as u64);
            return Ok(());
        }
        self.write(1, 1);
        self.small(index - root)
    }

    /// `sub`'s complete encoding as an open type: its length, then its
    /// octets; the emptied buffer is handed back for the next one.
    fn open_type(&mut self, mut sub: Writer) -> Result<Vec<u8>, CodecError> {
        if sub.out.is_empty() {
            sub.out.push(0);
        }
        self.length(sub.out.len())?;
        self.octets(&sub.out);
        sub.out.clear();
        Ok(sub.out)
    }

    /// The complete encoding: whole octets, at least one.
    fn finish(mut self) -> Vec<u8> {
        if self.out.is_empty() {
            self.out.push(0);
        }
        self.out
    }
}

struct Encoder<'t> {
    schema: &'static Schema,
    tape: &'t Tape,
    at: usize,
    /// Emptied buffers of finished open types, for the next ones.
    spare: Vec<Vec<u8>>,
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
        spare: Vec::new(),
    };
    // Into the caller's buffer when it is empty (the usual case), else
    // after what it holds: PER counts bits from the encoding's start.
    let in_place = out.is_empty();
    let mut w = Writer {
        out: match in_place {
            true => std::mem::take(out),
            false => Vec::new(),
        },
        bit: 0,
    };
    match (e.value(&mut w, schema.root), in_place) {
        (Ok(()), true) => *out = w.finish(),
        (Ok(()), false) => out.extend_from_slice(&w.finish()),
        // The buffer comes back empty, as it was given.
        (Err(e), true) => {
            w.out.clear();
            *out = w.out;
            return Err(e);
        }
        (Err(e), false) => return Err(e),
    }
    Ok(())
}

impl Encoder<'_> {
    /// A writer for an open type, on a spare buffer when there is one.
    fn sub(&mut self) -> Writer {
        Writer {
            out: self.spare.pop().unwrap_or_default(),
            bit: 0,
        }
    }

    fn value(&mut self, w: &mut Writer, ty: TypeId) -> Result<(), CodecError> {
        let node = self.tape.node(self.at)?;
        self.at += 1;
        match *self.schema.kind(ty) {
            Kind::Seq { ext, root, fields } => {
                let root = usize::from(root);
                let ext_bit = w.bit;
                if ext {
                    w.write(0, 1);
                }
                // Presence bits are reserved now and set as components come.
                let map = w.bit;
                let optionals = fields[..root].iter().filter(|f| f.optional).count();
                w.write(0, optionals as u32);
                let mut additions = Vec::new();
                for _ in 0..node.a {
                    let slot = usize::from(self.tape.node(self.at)?.slot);
                    let field = fields
                        .get(slot)
                        .ok_or_else(|| CodecError::invalid(self.at, "tape: no such component"))?;
                    if slot >= root {
                        let mut sub = self.sub();
                        self.value(&mut sub, field.ty)?;
                        additions.push((slot - root, sub));
                        continue;
                    }
                    if field.optional {
                        w.set(map + fields[..slot].iter().filter(|f| f.optional).count());
                    }
                    self.value(w, field.ty)?;
                }
                if !additions.is_empty() {
                    w.set(ext_bit);
                    let known = fields.len() - root;
                    w.small_length(known)?;
                    let map = w.bit;
                    w.write(0, known as u32);
                    for (j, _) in &additions {
                        w.set(map + j);
                    }
                    for (_, sub) in additions {
                        let spare = w.open_type(sub)?;
                        self.spare.push(spare);
                    }
                }
            }
            Kind::Choice { ext, root, alts } => {
                let n = node.a as usize;
                let alt = alts
                    .get(n)
                    .ok_or_else(|| CodecError::invalid(self.at, "tape: no such alternative"))?;
                w.index(n, usize::from(root), ext)?;
                if n < usize::from(root) {
                    self.value(w, alt.ty)?;
                } else {
                    let mut sub = self.sub();
                    self.value(&mut sub, alt.ty)?;
                    let spare = w.open_type(sub)?;
                    self.spare.push(spare);
                }
            }
            Kind::SeqOf { elem } => {
                w.length(node.a as usize)?;
                for _ in 0..node.a {
                    self.value(w, elem)?;
                }
            }
            Kind::Enum {
                ext, root, values, ..
            } => {
                let index = values
                    .iter()
                    .position(|&v| v == node.a)
                    .ok_or_else(|| CodecError::invalid(self.at, "tape: no such enumeration"))?;
                w.index(index, usize::from(root), ext)?;
            }
            Kind::Int { lo, hi } => w.constrained(u64::from(node.a - lo), u64::from(hi - lo) + 1),
            Kind::Bool => w.write(u64::from(node.a), 1),
            Kind::Null => {}
            ref kind @ (Kind::Octets { lo, hi } | Kind::Ia5 { lo, hi }) => {
                let bytes = self.tape.string(node, kind)?;
                let len = bytes.len() as u64;
                if hi == u32::MAX {
                    w.length(bytes.len())?;
                } else if lo != hi {
                    w.constrained(len - u64::from(lo), u64::from(hi - lo) + 1);
                }
                if lo == hi && len <= 2 {
                    for &b in bytes {
                        w.write(u64::from(b), 8);
                    }
                } else {
                    w.octets(bytes);
                }
            }
            ref kind @ Kind::Oid => {
                let bytes = self.tape.string(node, kind)?;
                w.length(bytes.len())?;
                w.octets(bytes);
            }
            ref kind @ Kind::Bits => {
                let nbits = node.b as usize;
                let bytes = self.tape.string(node, kind)?;
                w.length(nbits)?;
                w.octets(bytes);
                // Only `nbits` of the last octet belong to the value.
                w.bit -= (8 - nbits % 8) % 8;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_back(write: impl FnOnce(&mut Writer)) -> (Vec<u8>, Bits<'static>) {
        let mut w = Writer::default();
        write(&mut w);
        let bytes = w.finish();
        let data: &'static [u8] = Box::leak(bytes.clone().into_boxed_slice());
        (
            bytes,
            Bits {
                data,
                base: 0,
                bit: 0,
            },
        )
    }

    #[test]
    fn normally_small_lengths_round_trip_both_forms() {
        for n in [1, 2, 63, 64, 65, 100, 300] {
            let (bytes, mut r) = read_back(|w| w.small_length(n).unwrap());
            assert_eq!(r.small_length().unwrap(), n, "{n}: {bytes:02X?}");
        }
        // 1..=64: a 0 bit and n - 1 in six bits.
        assert_eq!(read_back(|w| w.small_length(64).unwrap()).0, [0x7E]);
        // 65: a 1 bit, then an aligned length determinant of 65.
        assert_eq!(read_back(|w| w.small_length(65).unwrap()).0, [0x80, 65]);
    }

    #[test]
    fn constrained_whole_numbers_at_each_range_boundary() {
        for (value, range, bytes) in [
            (5u64, 8u64, vec![0xA0]),
            (200, 255, vec![200]),
            (255, 256, vec![255]),
            (258, 65536, vec![0x01, 0x02]),
            (0, 1 << 32, vec![0x00, 0x00]),
            (0x0102_0304, 1 << 32, vec![0xC0, 1, 2, 3, 4]),
        ] {
            let (got, mut r) = read_back(|w| w.constrained(value, range));
            assert_eq!(got, bytes, "{value} in 0..{range}");
            assert_eq!(r.constrained(range).unwrap(), value);
        }
    }
}
