//! Reads the `version` field at the start of an encoded `MegacoMessage`
//! without decoding the rest, to pick the ASN.1 module to decode it with.
//!
//! The three modules agree on everything before that field (the
//! `MegacoMessage` and `AuthenticationHeader` types, and `Message` up to
//! `version`), so one reader serves all of them. Erlang's megaco is told
//! the version by its caller instead; peeking keeps one codec for the set.

use crate::bits::Bits;
use encbench_codecs::CodecError;

/// The version field of a BER `MegacoMessage`.
pub(crate) fn ber_version(bytes: &[u8]) -> Result<u8, CodecError> {
    let mut r = Octets { bytes, pos: 0 };
    r.tag(0x30, "MegacoMessage SEQUENCE")?;
    r.length()?;
    if r.next_is(0xA0) {
        // authHeader [0]: skip its contents whole.
        r.pos += 1;
        let at = r.pos;
        let len = r.length()?.ok_or_else(|| {
            CodecError::invalid(at, "indefinite length on authHeader (not supported here)")
        })?;
        r.skip(len)?;
    }
    r.tag(0xA1, "mess [1]")?;
    r.length()?;
    r.tag(0x80, "version [0] INTEGER")?;
    let at = r.pos;
    if r.length()? != Some(1) {
        return Err(CodecError::invalid(
            at,
            "version INTEGER(0..99) is not one octet",
        ));
    }
    let at = r.pos;
    let version = r.byte()?;
    known(version, at)
}

/// The version field of an aligned-PER `MegacoMessage`.
pub(crate) fn per_version(bytes: &[u8]) -> Result<u8, CodecError> {
    let mut r = Bits::new(bytes);
    if r.read(1)? == 1 {
        // AuthenticationHeader: two SIZE(4) octet strings (octet-aligned),
        // then SIZE(12..32): a 5-bit length offset, then aligned octets.
        r.align();
        r.octets(8)?;
        let len = 12 + r.read(5)? as usize;
        r.align();
        r.octets(len)?;
    }
    // Message's extension bit, then version INTEGER(0..99) in 7 bits.
    r.read(1)?;
    let at = r.offset();
    let version = r.read(7)? as u8;
    known(version, at)
}

fn known(version: u8, at: usize) -> Result<u8, CodecError> {
    if (1..=3).contains(&version) {
        Ok(version)
    } else {
        Err(CodecError::invalid(
            at,
            format!("Megaco version {version}: only the v1, v2 and v3 modules are known"),
        ))
    }
}

/// A bounds-checked cursor over BER octets.
struct Octets<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl Octets<'_> {
    fn byte(&mut self) -> Result<u8, CodecError> {
        let b = *self.bytes.get(self.pos).ok_or(CodecError::Truncated {
            offset: self.pos,
            needed: 1,
        })?;
        self.pos += 1;
        Ok(b)
    }

    fn next_is(&self, tag: u8) -> bool {
        self.bytes.get(self.pos) == Some(&tag)
    }

    fn tag(&mut self, want: u8, what: &str) -> Result<(), CodecError> {
        let at = self.pos;
        let got = self.byte()?;
        if got == want {
            Ok(())
        } else {
            Err(CodecError::invalid(
                at,
                format!("expected {what} (tag 0x{want:02X}), found 0x{got:02X}"),
            ))
        }
    }

    /// A definite length, or `None` for the indefinite form.
    fn length(&mut self) -> Result<Option<usize>, CodecError> {
        let at = self.pos;
        let first = self.byte()?;
        match first {
            0..=0x7F => Ok(Some(usize::from(first))),
            0x80 => Ok(None),
            0x81..=0x84 => {
                let mut len = 0usize;
                for _ in 0..(first & 0x7F) {
                    len = (len << 8) | usize::from(self.byte()?);
                }
                Ok(Some(len))
            }
            _ => Err(CodecError::invalid(
                at,
                format!("length of {} octets is too long", first & 0x7F),
            )),
        }
    }

    fn skip(&mut self, len: usize) -> Result<(), CodecError> {
        if len > self.bytes.len() - self.pos {
            return Err(CodecError::Truncated {
                offset: self.pos,
                needed: len,
            });
        }
        self.pos += len;
        Ok(())
    }
}
