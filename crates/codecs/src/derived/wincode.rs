//! wincode: bincode-1-compatible layout (fixed-width integers, u64
//! lengths) written and read in place through its derives.

use crate::matrix::{WincodeConfig, WincodeRecord};
use crate::{Codec, CodecError};

unit_codec!(
    /// wincode 0.6 via its derives. Preallocation from a length prefix is
    /// capped at 64 MiB (the crate's default of 4 MiB rejects the full-mode
    /// batches); `deserialize_exact` rejects trailing bytes.
    Wincode
);

/// The configuration both directions use.
pub(crate) const CONFIG: WincodeConfig =
    wincode::config::Configuration::default().with_preallocation_size_limit::<{ 64 << 20 }>();

impl<R: WincodeRecord + Send + Sync> Codec<Vec<R>> for Wincode<R> {
    fn encode(&self, value: &Vec<R>, out: &mut Vec<u8>) -> Result<(), CodecError> {
        wincode::config::serialize_into(out, value, CONFIG)
            .map_err(|e| CodecError::library("wincode", e))
    }

    fn decode(&self, bytes: &[u8]) -> Result<Vec<R>, CodecError> {
        wincode::config::deserialize_exact(bytes, CONFIG)
            .map_err(|e| CodecError::library("wincode", e))
    }
}
