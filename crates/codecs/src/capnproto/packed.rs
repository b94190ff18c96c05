//! The `record/capnp-packed` codec.

use super::{build, capnp_error, check_rest, packed_options, schema, CapnpRecord};
use crate::{Codec, CodecError};
use capnp::{message, serialize_packed};
use std::marker::PhantomData;
use std::sync::atomic::AtomicU32;

/// Cap'n Proto batch codec, packed encoding (`serialize_packed`): zero
/// bytes squeezed out, so smaller, but the reader must unpack into owned
/// segments before reading (no zero-copy view). Decoding's traversal limit
/// is [`packed_options`].
pub struct CapnpPacked<R> {
    first_segment_words: AtomicU32,
    _records: PhantomData<fn() -> R>,
}

impl<R> Default for CapnpPacked<R> {
    fn default() -> Self {
        CapnpPacked {
            first_segment_words: AtomicU32::new(message::SUGGESTED_FIRST_SEGMENT_WORDS),
            _records: PhantomData,
        }
    }
}

impl<R: CapnpRecord> Codec<Vec<R>> for CapnpPacked<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let message = build(value, &self.first_segment_words)?;
        serialize_packed::write_message(out, &message).map_err(capnp_error)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        let mut rest = bytes;
        let message = serialize_packed::read_message(&mut rest, packed_options(bytes.len()))
            .map_err(capnp_error)?;
        check_rest(bytes, rest)?;
        let batch = message
            .get_root::<schema::batch::Reader>()
            .map_err(capnp_error)?;
        R::read_batch(batch).map_err(capnp_error)
    }
}
