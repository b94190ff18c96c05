//! Verification as a value: a timed row can only be recorded from a
//! [`Check`], and the only way to hold a [`Verified`] proof is to run one of
//! its comparisons. So a record that says `verified` says so because a
//! comparison ran and passed, not because a flag defaulted to true.
//!
//! ```compile_fail,E0451
//! // A proof cannot be made up: its field is private to this crate.
//! let forged = encbench_record::Verified { what: String::from("nothing") };
//! ```
//!
//! ```compile_fail,E0639
//! // Nor can a record be assembled around the constructor.
//! let r = encbench_record::Record { verified: true, ..todo!() };
//! ```

use serde::{Deserialize, Serialize};
use std::fmt;

/// Proof that a row's output was compared with what it should be, and equal.
#[derive(Debug, Clone, PartialEq)]
pub struct Verified {
    what: String,
}

/// A comparison that failed: what was compared and how it differed.
#[derive(Debug, Clone, PartialEq)]
pub struct Mismatch(pub String);

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "verification failed: {}", self.0)
    }
}

impl std::error::Error for Mismatch {}

impl From<Mismatch> for String {
    fn from(m: Mismatch) -> String {
        m.to_string()
    }
}

impl Verified {
    /// Compares `actual` with `expected`; `what` names what was compared
    /// ("decode(encode(records)) == records, 2000 records").
    pub fn equal<T: PartialEq + ?Sized>(
        what: impl Into<String>,
        expected: &T,
        actual: &T,
    ) -> Result<Verified, Mismatch> {
        Self::judged(what.into(), expected == actual, || "values differ".into())
    }

    /// Like [`Verified::equal`] for values small enough to print in the error.
    pub fn equal_shown<T: PartialEq + fmt::Debug + ?Sized>(
        what: impl Into<String>,
        expected: &T,
        actual: &T,
    ) -> Result<Verified, Mismatch> {
        Self::judged(what.into(), expected == actual, || {
            format!("got {actual:?}, expected {expected:?}")
        })
    }

    /// The proof when `equal`, else the mismatch `how` describes.
    fn judged(
        what: String,
        equal: bool,
        how: impl FnOnce() -> String,
    ) -> Result<Verified, Mismatch> {
        if equal {
            Ok(Verified { what })
        } else {
            Err(Mismatch(format!("{what}: {}", how())))
        }
    }

    /// Compares two byte strings; a difference names its first offset.
    pub fn bytes(
        what: impl Into<String>,
        expected: &[u8],
        actual: &[u8],
    ) -> Result<Verified, Mismatch> {
        let what = what.into();
        match first_difference(expected, actual) {
            None => Ok(Verified { what }),
            Some(at) => Err(Mismatch(format!(
                "{what}: differs at byte {at} ({} bytes, expected {})",
                actual.len(),
                expected.len()
            ))),
        }
    }

    /// Compares two sequences item by item without collecting them; a
    /// difference names the first differing index.
    pub fn each<T: PartialEq>(
        what: impl Into<String>,
        expected: impl IntoIterator<Item = T>,
        actual: impl IntoIterator<Item = T>,
    ) -> Result<Verified, Mismatch> {
        let what = what.into();
        let mut expected = expected.into_iter();
        let mut actual = actual.into_iter();
        let mut index = 0u64;
        loop {
            match (expected.next(), actual.next()) {
                (None, None) => return Ok(Verified { what }),
                (Some(e), Some(a)) if e == a => index += 1,
                (Some(_), Some(_)) => {
                    return Err(Mismatch(format!("{what}: item {index} differs")))
                }
                (Some(_), None) => {
                    return Err(Mismatch(format!(
                        "{what}: only {index} items, more expected"
                    )))
                }
                (None, Some(_)) => {
                    return Err(Mismatch(format!(
                        "{what}: more than the {index} expected items"
                    )))
                }
            }
        }
    }

    /// Both checks passed: one proof naming both.
    pub fn and(self, other: Verified) -> Verified {
        Verified {
            what: format!("{}; {}", self.what, other.what),
        }
    }

    /// What was compared.
    pub fn what(&self) -> &str {
        &self.what
    }
}

fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    match a.iter().zip(b).position(|(x, y)| x != y) {
        Some(at) => Some(at),
        None if a.len() == b.len() => None,
        None => Some(a.len().min(b.len())),
    }
}

/// How a row's output was checked before it was timed: what every timed
/// row must be built from.
#[derive(Debug, Clone, PartialEq)]
pub enum Check {
    /// Compared and equal.
    Verified(Verified),
    /// Compared under a declared, documented loss (float rounding, say).
    Lossy {
        /// The comparison that passed, modulo the loss.
        proof: Verified,
        /// What is lost.
        loss: String,
    },
    /// Not compared, and why: shown in every output beside the row.
    Unverified {
        /// Why no comparison is possible.
        reason: String,
    },
}

impl From<Verified> for Check {
    fn from(v: Verified) -> Check {
        Check::Verified(v)
    }
}

impl Check {
    /// The serialized form a record carries.
    pub fn to_verification(&self) -> Verification {
        match self {
            Check::Verified(v) => Verification {
                status: VerificationStatus::Verified,
                detail: v.what.clone(),
            },
            Check::Lossy { proof, loss } => Verification {
                status: VerificationStatus::Lossy,
                detail: format!("{} (lossy: {loss})", proof.what),
            },
            Check::Unverified { reason } => Verification {
                status: VerificationStatus::Unverified,
                detail: reason.clone(),
            },
        }
    }
}

/// What a record says about its check (the JSON form of a [`Check`]).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Verification {
    /// `verified`, `lossy` or `unverified`.
    pub status: VerificationStatus,
    /// What was compared, or why nothing was.
    pub detail: String,
}

/// Outcome of a row's check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VerificationStatus {
    /// Output compared with the expected value and equal.
    Verified,
    /// Equal up to a declared loss.
    Lossy,
    /// Not compared (the reason is in `detail`).
    Unverified,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_values_give_a_proof_naming_the_comparison() {
        let v = Verified::equal("sum", &5, &5).unwrap();
        assert_eq!(v.what(), "sum");
        let e = Verified::equal_shown("sum", &5, &6).unwrap_err();
        assert_eq!(e.to_string(), "verification failed: sum: got 6, expected 5");
    }

    #[test]
    fn byte_mismatch_names_the_first_differing_offset() {
        assert!(Verified::bytes("dump", b"abc", b"abc").is_ok());
        let e = Verified::bytes("dump", b"abcd", b"abXd").unwrap_err();
        assert!(e.0.contains("differs at byte 2"), "{e}");
        let e = Verified::bytes("dump", b"abc", b"ab").unwrap_err();
        assert!(
            e.0.contains("differs at byte 2 (2 bytes, expected 3)"),
            "{e}"
        );
    }

    #[test]
    fn each_compares_lengths_and_items() {
        assert!(Verified::each("v", [1, 2, 3], [1, 2, 3]).is_ok());
        assert!(Verified::each("v", [1, 2, 3], [1, 9, 3])
            .unwrap_err()
            .0
            .contains("item 1 differs"));
        assert!(Verified::each("v", [1, 2], [1, 2, 3]).is_err());
        assert!(Verified::each("v", [1, 2, 3], [1, 2]).is_err());
    }

    #[test]
    fn checks_serialize_with_their_status() {
        let v = Verified::equal("x", &1, &1).unwrap();
        let lossy = Check::Lossy {
            proof: v.clone(),
            loss: "f32 rounding".into(),
        };
        assert_eq!(lossy.to_verification().status, VerificationStatus::Lossy);
        let json = serde_json::to_string(&Check::from(v).to_verification()).unwrap();
        assert_eq!(json, r#"{"status":"verified","detail":"x"}"#);
    }
}
