//! The two views of `record/flatbuffers` bytes: verified and unchecked.

use super::{schema, verified_root, FlatRecord};
use crate::records::Digest;
use crate::{CodecError, RecordView};
use std::marker::PhantomData;

/// Reads `record/flatbuffers` bytes in place: checks the size prefix and
/// runs the verifier (as the codec's decoder does), then reads every field
/// of every record without copying any of them out.
pub struct FlatBuffersView<R>(PhantomData<fn() -> R>);

impl<R> Default for FlatBuffersView<R> {
    fn default() -> Self {
        FlatBuffersView(PhantomData)
    }
}

impl<R: FlatRecord> RecordView<R> for FlatBuffersView<R> {
    fn source(&self) -> &'static str {
        "record/flatbuffers"
    }

    fn visit(&self, bytes: &[u8]) -> Result<u64, CodecError> {
        let batch = verified_root(bytes)?;
        let mut digest = Digest::default();
        R::visit_batch(batch, &mut digest);
        Ok(digest.finish())
    }
}

/// Reads `record/flatbuffers` bytes in place WITHOUT the verifier
/// (`flatbuffers::size_prefixed_root_unchecked`; the size prefix is not
/// checked either): the fast path FlatBuffers offers for buffers you
/// produced yourself.
///
/// It trusts its input. Given bytes that are not a valid buffer it may
/// panic or read out of bounds (undefined behaviour), so it must only ever
/// see bytes `record/flatbuffers` just wrote; [`RecordView::validates`] is
/// false so the harness and the tests never give it anything else, and its
/// rows are labelled unchecked.
pub struct FlatBuffersViewUnchecked<R>(PhantomData<fn() -> R>);

impl<R> Default for FlatBuffersViewUnchecked<R> {
    fn default() -> Self {
        FlatBuffersViewUnchecked(PhantomData)
    }
}

impl<R: FlatRecord> RecordView<R> for FlatBuffersViewUnchecked<R> {
    fn source(&self) -> &'static str {
        "record/flatbuffers"
    }

    fn visit(&self, bytes: &[u8]) -> Result<u64, CodecError> {
        // SAFETY: not guaranteed by the signature: this view is only given
        // bytes that `record/flatbuffers` wrote (see `validates` and the
        // type's documentation).
        let batch = unsafe { flatbuffers::size_prefixed_root_unchecked::<schema::Batch>(bytes) };
        let mut digest = Digest::default();
        R::visit_batch(batch, &mut digest);
        Ok(digest.finish())
    }

    fn validates(&self) -> bool {
        false
    }
}
