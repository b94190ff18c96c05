//! Readers of the decimal text file, from the seed's `fscanf("%i")` to a
//! SIMD parser. Each sums the values and rejects malformed input with the
//! byte offset where parsing stopped (except `atoi`, which, like the seed's
//! loop, has no way to report an error: verification catches a wrong sum).

use super::{read_c_bytes, CBytes, Source};
use crate::CodecError;

mod atoi;
#[cfg(feature = "fast-int")]
mod atoi_simd;
mod bufread;
mod fscanf;
mod hand_rolled;
mod strtol;

#[cfg(feature = "fast-int")]
pub use self::atoi_simd::AtoiSimd;
pub use atoi::Atoi;
pub use bufread::BufReadParse;
pub use fscanf::Fscanf;
pub use hand_rolled::{hand_rolled_sum, HandRolled};
pub use strtol::Strtol;

/// Loads the whole source as NUL-terminated bytes, borrowing when already in memory.
fn with_bytes<T>(
    source: Source<'_>,
    parse: impl FnOnce(&CBytes) -> Result<T, CodecError>,
) -> Result<T, CodecError> {
    match source {
        Source::File(path) => parse(&read_c_bytes(path)?),
        Source::Memory(bytes) => parse(bytes),
    }
}
