//! The table as CBOR (RFC 8949) through serde: the model's own structure,
//! addresses as byte arrays, one array of UPDATEs.

use crate::model::Update;
use crate::Error;

/// Appends the table as one CBOR array.
pub fn encode(updates: &[Update], out: &mut Vec<u8>) {
    // Writing into a Vec cannot fail.
    let _ = ciborium::into_writer(updates, out);
}

/// Decodes a CBOR array of UPDATEs; errors carry the byte offset where ciborium knows it.
pub fn decode(bytes: &[u8]) -> Result<Vec<Update>, Error> {
    ciborium::from_reader(bytes).map_err(|e| match e {
        ciborium::de::Error::Io(e) => {
            Error::new(bytes.len(), format!("CBOR input ended early: {e}"))
        }
        ciborium::de::Error::Syntax(at) => Error::new(at, "CBOR syntax error"),
        ciborium::de::Error::Semantic(at, what) => Error::new(
            at.unwrap_or(0),
            format!("CBOR value does not fit the model: {what}"),
        ),
        ciborium::de::Error::RecursionLimitExceeded => Error::new(0, "CBOR nesting too deep"),
    })
}
