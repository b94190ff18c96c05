//! The one thing every attacked decoder implements, apart from the list
//! that names them (`targets`), so the decoders defined beside that list
//! (`bgp`, `selftest`) need not import it.

/// What a decode returned (a panic is caught one level up).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The value the input was derived from.
    Equal,
    /// Some other value.
    Different,
    /// An error.
    Error,
}

/// A decoder with the valid encodings its corpus starts from.
pub trait Target {
    /// The valid encodings.
    fn seeds(&self) -> &[Vec<u8>];
    /// Decodes `bytes`, comparing with seed `origin`'s value when there is one.
    fn decode(&self, bytes: &[u8], origin: Option<usize>) -> Verdict;
}
