//! How far compressed input may inflate: the limit that opening a file
//! (`input`) applies and its error (`error`) states, in its own module so
//! neither imports the other.

/// Compressed input may inflate to at most this many times its size on
/// disk, or [`DECOMPRESSED_MIN_CAP`] when that is larger: real CSV and
/// logs compress 5 to 30 times, and the cap is checked as bytes come out,
/// so a bomb stops after at most the cap, using no memory for it.
pub const DECOMPRESSED_RATIO_CAP: u64 = 64;
/// See [`DECOMPRESSED_RATIO_CAP`].
pub const DECOMPRESSED_MIN_CAP: u64 = 1 << 30;

/// The most bytes a compressed input of `compressed` bytes may decompress to.
pub fn decompressed_cap(compressed: u64) -> u64 {
    compressed
        .saturating_mul(DECOMPRESSED_RATIO_CAP)
        .max(DECOMPRESSED_MIN_CAP)
}
