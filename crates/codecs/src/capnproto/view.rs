//! The `record/capnp-view` view.

use super::{aligned, capnp_error, check_rest, flat_options, schema, CapnpRecord};
use crate::records::Digest;
use crate::{CodecError, RecordView};
use capnp::serialize;
use std::marker::PhantomData;

/// Reads `record/capnp` bytes in place: a reader over the input itself
/// (`read_message_from_flat_slice_no_alloc`: not even the segment table is
/// copied), every field of every record read through the generated
/// accessors, bounds-checked as always in Cap'n Proto, with the same
/// traversal limit as the decoder. Text is checked to be UTF-8, as an
/// application asking for `&str` would.
pub struct CapnpView<R>(PhantomData<fn() -> R>);

impl<R> Default for CapnpView<R> {
    fn default() -> Self {
        CapnpView(PhantomData)
    }
}

impl<R: CapnpRecord> RecordView<R> for CapnpView<R> {
    fn source(&self) -> &'static str {
        "record/capnp"
    }

    fn visit(&self, bytes: &[u8]) -> Result<u64, CodecError> {
        aligned(bytes, |bytes| {
            let mut rest = bytes;
            let message = serialize::read_message_from_flat_slice_no_alloc(
                &mut rest,
                flat_options(bytes.len()),
            )
            .map_err(capnp_error)?;
            check_rest(bytes, rest)?;
            let batch = message
                .get_root::<schema::batch::Reader>()
                .map_err(capnp_error)?;
            let mut digest = Digest::default();
            R::visit_batch(batch, &mut digest).map_err(capnp_error)?;
            Ok(digest.finish())
        })
    }
}
