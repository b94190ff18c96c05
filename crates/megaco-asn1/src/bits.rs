//! A most-significant-first bit reader and the two integer helpers the
//! BER and PER code share, below both the tape decoders and the version
//! peek, so neither reaches into the other for them.

use encbench_codecs::CodecError;

/// The unsigned big-endian number in `octets` (at most eight).
pub(crate) fn be_uint(octets: &[u8]) -> u64 {
    octets.iter().fold(0, |v, &b| (v << 8) | u64::from(b))
}

/// Number of bits that hold `x` (0 for 0).
pub(crate) fn bits_for(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// Reads bits, most significant first. `base` is the byte offset of `data`
/// in the whole message, for error offsets inside open types.
pub(crate) struct Bits<'a> {
    pub(crate) data: &'a [u8],
    pub(crate) base: usize,
    pub(crate) bit: usize,
}

impl<'a> Bits<'a> {
    /// A reader at the start of a whole message.
    pub(crate) fn new(data: &'a [u8]) -> Self {
        Bits {
            data,
            base: 0,
            bit: 0,
        }
    }

    pub(crate) fn offset(&self) -> usize {
        self.base + self.bit / 8
    }

    fn short(&self, bits: usize) -> CodecError {
        CodecError::Truncated {
            offset: self.offset(),
            needed: bits.div_ceil(8),
        }
    }

    /// Up to 32 bits.
    #[inline(always)]
    pub(crate) fn read(&mut self, count: u32) -> Result<u32, CodecError> {
        if count == 0 {
            return Ok(0);
        }
        let count = count as usize;
        if self.bit + count > self.data.len() * 8 {
            return Err(self.short(count));
        }
        let first = self.bit / 8;
        // Five octets cover any 32-bit field at any bit offset; eight are
        // read at once where the input has them.
        let word = match self.data[first..].first_chunk::<8>() {
            Some(chunk) => u64::from_be_bytes(*chunk),
            None => {
                let mut window = [0u8; 8];
                let avail = (self.data.len() - first).min(5);
                window[..avail].copy_from_slice(&self.data[first..first + avail]);
                u64::from_be_bytes(window)
            }
        };
        let shift = 64 - (self.bit % 8) - count;
        self.bit += count;
        Ok(((word >> shift) & ((1u64 << count) - 1)) as u32)
    }

    pub(crate) fn align(&mut self) {
        self.bit = self.bit.next_multiple_of(8);
    }

    /// `len` whole octets from an aligned position.
    #[inline]
    pub(crate) fn octets(&mut self, len: usize) -> Result<&'a [u8], CodecError> {
        let start = self.bit / 8;
        let bytes = self
            .data
            .get(start..start + len)
            .ok_or_else(|| self.short(len * 8))?;
        self.bit += len * 8;
        Ok(bytes)
    }

    /// A constrained whole number in `0..range` (a constant at most call
    /// sites, so inlining leaves one arm).
    #[inline(always)]
    pub(super) fn constrained(&mut self, range: u64) -> Result<u64, CodecError> {
        match range {
            0 | 1 => Ok(0),
            2..=255 => self.read(bits_for(range - 1)).map(u64::from),
            256 => {
                self.align();
                self.read(8).map(u64::from)
            }
            257..=65536 => {
                self.align();
                self.read(16).map(u64::from)
            }
            _ => {
                // Length in octets (1..=max) first, then the octets.
                let max = u64::from(bits_for(range - 1).div_ceil(8));
                let len = 1 + self.read(bits_for(max - 1))? as usize;
                self.align();
                self.octets(len).map(be_uint)
            }
        }
    }

    /// An unconstrained length determinant below 16K.
    #[inline(always)]
    pub(super) fn length(&mut self) -> Result<usize, CodecError> {
        self.align();
        let at = self.offset();
        let first = self.read(8)? as usize;
        match first {
            0..=0x7F => Ok(first),
            0x80..=0xBF => Ok(((first & 0x3F) << 8) | self.read(8)? as usize),
            _ => Err(CodecError::invalid(
                at,
                "fragmented length (16K or more; not supported)",
            )),
        }
    }

    /// A normally small length (extension bitmap sizes): 1..=64 in seven
    /// bits, else a length determinant holding it.
    pub(super) fn small_length(&mut self) -> Result<usize, CodecError> {
        if self.read(1)? == 0 {
            return self.read(6).map(|v| v as usize + 1);
        }
        self.length()
    }

    /// A normally small non-negative whole number (choice and enumeration
    /// extension indexes).
    pub(super) fn small(&mut self) -> Result<usize, CodecError> {
        if self.read(1)? == 0 {
            return self.read(6).map(|v| v as usize);
        }
        let len = self.length()?;
        let at = self.offset();
        let octets = self.octets(len)?;
        if octets.len() > 4 {
            return Err(CodecError::invalid(at, "extension index too large"));
        }
        Ok(be_uint(octets) as usize)
    }
}
