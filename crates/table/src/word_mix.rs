//! The one step every row and dictionary hash of this crate folds a
//! 64-bit word in with; its own module so the Arrow mapping and the row
//! hashes share it without importing each other.

/// Folds one word into the running hash.
#[inline]
pub(crate) fn mix(h: &mut u64, word: u64) {
    let x = (*h ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    *h = x ^ (x >> 29);
}
