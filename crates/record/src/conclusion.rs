//! A scenario's question and this run's answer to it, as data: the verdict
//! every output leads with, and what a multi-machine report lines up.

use crate::{Medium, Record};
use serde::{Deserialize, Serialize};

/// Identifies one row of a run (the fields `compare` matches rows on).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RowRef {
    /// Scenario name.
    pub scenario: String,
    /// Dataset name.
    pub dataset: String,
    /// Codec id.
    pub codec: String,
    /// Operation (`read`, `decode`, …).
    pub operation: String,
    /// Where the bytes were.
    pub medium: Medium,
    /// Compressor id or `none`.
    pub compression: String,
}

impl RowRef {
    /// The reference to `r`.
    pub fn of(r: &Record) -> Self {
        RowRef {
            scenario: r.scenario.clone(),
            dataset: r.dataset.clone(),
            codec: r.codec.clone(),
            operation: r.operation.clone(),
            medium: r.medium,
            compression: r.compression.clone(),
        }
    }

    /// Whether `r` is the row referred to.
    pub fn is(&self, r: &Record) -> bool {
        r.scenario == self.scenario
            && r.dataset == self.dataset
            && r.codec == self.codec
            && r.operation == self.operation
            && r.medium == self.medium
            && r.compression == self.compression
    }

    /// `operation medium` (plus the compressor when there is one).
    pub fn how(&self) -> String {
        let mut s = format!("{} {}", self.operation, self.medium.as_str());
        if self.compression != "none" {
            s.push_str(&format!(" {}", self.compression));
        }
        s
    }

    /// `codec operation medium [compressor]`, as tables print a row.
    pub fn describe(&self) -> String {
        format!("{} {}", self.codec, self.how())
    }
}

/// Whether this run's interval supports the claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The whole interval lies on the claim's side of the threshold.
    Holds,
    /// The whole interval lies on the other side.
    DoesNotHold,
    /// The interval straddles the threshold: this run cannot tell.
    Inconclusive,
}

impl Verdict {
    /// `holds`, `does not hold`, `inconclusive`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::DoesNotHold => "does not hold",
            Verdict::Inconclusive => "inconclusive",
        }
    }

    /// The verdict for an interval `[low, high]` against a claim that the
    /// ratio is at least (`above`) or at most (`!above`) `threshold`.
    pub fn judge(low: f64, high: f64, threshold: f64, above: bool) -> Verdict {
        let (for_claim, against) = if above {
            (low >= threshold, high < threshold)
        } else {
            (high <= threshold, low > threshold)
        };
        match (for_claim, against) {
            (true, _) => Verdict::Holds,
            (_, true) => Verdict::DoesNotHold,
            _ => Verdict::Inconclusive,
        }
    }
}

/// What the ratio compares.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Quantity {
    /// Median time per operation, numerator ÷ denominator; interval by bootstrap.
    Time,
    /// Encoded bytes: exact, so the interval has no width.
    Bytes,
}

/// A scenario's question, the seed's answer, and this run's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conclusion {
    /// Scenario name.
    pub scenario: String,
    /// The question, in a user's words.
    pub question: String,
    /// The claim tested: `numerator ÷ denominator ≥ threshold` (or `≤`).
    pub claim: String,
    /// The seed whose claim it is, when one made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// The seed's answer, with its figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_answer: Option<String>,
    /// The seed's published ratio for the same comparison, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_value: Option<f64>,
    /// How many items (ints, lines) this run's rows measured, when the
    /// seed's claim was made at one size.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<u64>,
    /// How many the seed measured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed_items: Option<u64>,
    /// What is divided.
    pub quantity: Quantity,
    /// The row on top of the ratio.
    pub numerator: RowRef,
    /// The row below.
    pub denominator: RowRef,
    /// numerator ÷ denominator (medians, for time).
    pub ratio: f64,
    /// Low end of the ratio's interval.
    pub ci_low: f64,
    /// High end of the ratio's interval.
    pub ci_high: f64,
    /// The interval's confidence level (0.95).
    pub ci_level: f64,
    /// The claim's threshold.
    pub threshold: f64,
    /// True: the claim is `ratio ≥ threshold`; false: `ratio ≤ threshold`.
    pub above: bool,
    /// holds / does not hold / inconclusive.
    pub verdict: Verdict,
    /// This run's answer in one sentence, with the ratio and its interval.
    pub answer: String,
}
