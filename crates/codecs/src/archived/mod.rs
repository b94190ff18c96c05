//! rkyv: an archive laid out so it can be read in place. Three rows, never
//! mixed: full validated decoding into owned records ([`Rkyv`]), validated
//! in-place access ([`RkyvView`]), and unchecked in-place access
//! ([`RkyvViewUnchecked`]), which trusts its input.

mod digest;

use crate::matrix::RkyvRecord;
use crate::records::{digest_of, Digestible};
use crate::{Codec, CodecError, RecordView};
use rkyv::rancor::Error as RkyvError;
use rkyv::util::AlignedVec;
use rkyv::vec::ArchivedVec;

unit_codec!(
    /// rkyv 0.8: serialize into the reused buffer; decode = validate
    /// (bytecheck) then deserialize into owned records.
    Rkyv
);
unit_codec!(
    /// rkyv validated access: bytecheck the archive, then fold every field
    /// in place. No owned records are built.
    RkyvView
);
unit_codec!(
    /// rkyv unchecked access: no validation at all. Only ever given bytes
    /// [`Rkyv`] just wrote; its rows are labelled unchecked.
    RkyvViewUnchecked
);

/// Runs `read` on `bytes` at the alignment the archive's root needs; a
/// `Vec<u8>` from the allocator is 16-aligned in practice, so the copy into
/// an aligned buffer is the rare path.
fn with_aligned<T>(bytes: &[u8], read: impl FnOnce(&[u8]) -> T) -> T {
    if (bytes.as_ptr() as usize).is_multiple_of(16) {
        read(bytes)
    } else {
        let mut copy = AlignedVec::<16>::with_capacity(bytes.len());
        copy.extend_from_slice(bytes);
        read(&copy)
    }
}

impl<R: RkyvRecord + Send + Sync> Codec<Vec<R>> for Rkyv<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let buf = std::mem::take(out);
        *out = rkyv::api::high::to_bytes_in::<_, RkyvError>(value, buf)
            .map_err(|e| CodecError::library("rkyv", e))?;
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        with_aligned(bytes, |bytes| {
            rkyv::from_bytes::<Vec<R>, RkyvError>(bytes).map_err(|e| CodecError::library("rkyv", e))
        })
    }
}

impl<R: RkyvRecord + Send + Sync> RecordView<R> for RkyvView<R>
where
    R::Archived: Digestible,
{
    fn source(&self) -> &'static str {
        "record/rkyv"
    }

    fn visit(&self, bytes: &[u8]) -> Result<u64, CodecError> {
        with_aligned(bytes, |bytes| {
            let archived = rkyv::access::<ArchivedVec<R::Archived>, RkyvError>(bytes)
                .map_err(|e| CodecError::library("rkyv", e))?;
            Ok(digest_of(archived.as_slice()))
        })
    }
}

impl<R: RkyvRecord + Send + Sync> RecordView<R> for RkyvViewUnchecked<R>
where
    R::Archived: Digestible,
{
    fn source(&self) -> &'static str {
        "record/rkyv"
    }

    fn visit(&self, bytes: &[u8]) -> Result<u64, CodecError> {
        with_aligned(bytes, |bytes| {
            // SAFETY: `validates()` is false, so callers only pass bytes that
            // `Rkyv::encode` produced for this record type and that were
            // verified by a full decode first.
            let archived = unsafe { rkyv::access_unchecked::<ArchivedVec<R::Archived>>(bytes) };
            Ok(digest_of(archived.as_slice()))
        })
    }

    fn validates(&self) -> bool {
        false
    }
}
