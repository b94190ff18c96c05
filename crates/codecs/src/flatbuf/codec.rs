//! The `record/flatbuffers` codec.

use super::{verified_root, Builder, FlatRecord};
use crate::{Codec, CodecError};
use std::marker::PhantomData;
use std::sync::Mutex;

/// FlatBuffers batch codec.
///
/// Encoding reuses one builder (behind a mutex; the codec is shared by
/// reference) and copies the finished buffer into `out`. The buffer is
/// size-prefixed (FlatBuffers' own 4-byte length prefix, as for streams):
/// a bare buffer records no overall length, so a cut that only loses
/// trailing alignment padding, or bytes appended after it, would go
/// unnoticed. Decoding checks the prefix against the input's length, runs
/// the verifier, then copies every record out into owned values.
pub struct FlatBuffers<R> {
    builder: Mutex<Builder>,
    _records: PhantomData<fn() -> R>,
}

impl<R> Default for FlatBuffers<R> {
    fn default() -> Self {
        FlatBuffers {
            builder: Mutex::new(Builder::default()),
            _records: PhantomData,
        }
    }
}

impl<R: FlatRecord> Codec<Vec<R>> for FlatBuffers<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        // A panic mid-build poisons the lock; the builder is reset below anyway.
        let mut builder = self.builder.lock().unwrap_or_else(|e| e.into_inner());
        builder.fbb.reset();
        builder.offsets.clear();
        R::build_batch(&mut builder, value);
        out.extend_from_slice(builder.fbb.finished_data());
        Ok(())
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        Ok(R::read_batch(verified_root(bytes)?))
    }
}
