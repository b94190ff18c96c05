//! The `record/capnp` codec (standard unpacked framing).

use super::{aligned, build, capnp_error, check_rest, flat_options, schema, CapnpRecord};
use crate::{Codec, CodecError};
use capnp::{message, serialize};
use std::marker::PhantomData;
use std::sync::atomic::AtomicU32;

/// Cap'n Proto batch codec, standard (unpacked) stream framing.
///
/// Encoding builds a fresh message per call (its first segment sized from
/// the largest message so far) and writes it with `serialize::write_message`
/// into `out`. Decoding reads the message in place with
/// `serialize::read_message_from_flat_slice` (see [`flat_options`] for the
/// traversal limit), rejects trailing bytes, then copies every record out
/// into owned values.
pub struct Capnp<R> {
    first_segment_words: AtomicU32,
    _records: PhantomData<fn() -> R>,
}

impl<R> Default for Capnp<R> {
    fn default() -> Self {
        Capnp {
            first_segment_words: AtomicU32::new(message::SUGGESTED_FIRST_SEGMENT_WORDS),
            _records: PhantomData,
        }
    }
}

impl<R: CapnpRecord> Codec<Vec<R>> for Capnp<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        let message = build(value, &self.first_segment_words)?;
        serialize::write_message(out, &message).map_err(capnp_error)
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        aligned(bytes, |bytes| {
            let mut rest = bytes;
            let message =
                serialize::read_message_from_flat_slice(&mut rest, flat_options(bytes.len()))
                    .map_err(capnp_error)?;
            check_rest(bytes, rest)?;
            let batch = message
                .get_root::<schema::batch::Reader>()
                .map_err(capnp_error)?;
            R::read_batch(batch).map_err(capnp_error)
        })
    }
}
