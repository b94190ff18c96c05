//! Bytes of a standard format written in one language and read in another,
//! compared with the records they were written from.

use serde::{Deserialize, Serialize};

/// One writer/reader pair of one standard format on one dataset.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Compatibility {
    /// The dataset (`logs-2000`, …).
    pub dataset: String,
    /// The standard format (`protobuf`, `avro`, `arrow-ipc`, …).
    pub format: String,
    /// Who wrote the bytes: a codec id (`record/protobuf`, `record-go/protobuf`).
    pub encoder: String,
    /// The writer's language.
    pub encoder_language: String,
    /// Who read them.
    pub decoder: String,
    /// The reader's language.
    pub decoder_language: String,
    /// What came back.
    pub outcome: Outcome,
    /// For `differs`, the first difference (record, field, both values);
    /// for `fails`, the reader's error; empty for `same`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
}

/// How the reader's records compare with the source records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// Every record equal, floats bit for bit.
    Same,
    /// Read, but some value differs.
    Differs,
    /// The reader refused the bytes.
    Fails,
}

impl Outcome {
    /// The word outputs print.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Same => "same",
            Outcome::Differs => "differs",
            Outcome::Fails => "fails",
        }
    }
}
