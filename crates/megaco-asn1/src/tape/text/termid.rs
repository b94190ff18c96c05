//! Termination ids between text (`11111111/00000000/$`, `ROOT`) and the
//! ASN.1 `TerminationID` (wildcard octets, id octets), as Erlang/OTP's
//! `megaco_binary_term_id_gen` converts them with its default level
//! configuration `[8, 8, 8]`. STUB: to be written.
#![allow(dead_code, unused_variables)]

/// A `TerminationID` in binary form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct BinaryTermId {
    /// `WildcardField`s (one octet each); `wildcards[..wildcard_count]`.
    pub wildcards: [u8; 4],
    pub wildcard_count: u8,
    /// The id octets: `id[..id_len]`.
    pub id: [u8; 8],
    pub id_len: u8,
}

/// Converts a text termination id; `None` when it has no binary form under
/// the `[8, 8, 8]` configuration.
pub(crate) fn from_text(text: &[u8]) -> Option<BinaryTermId> {
    None
}

/// Writes the text of a binary termination id; false when it has none.
pub(crate) fn write_text(wildcards: &[u8], id: &[u8], out: &mut Vec<u8>) -> bool {
    false
}
