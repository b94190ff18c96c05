//! `encbench robust`: every decoder under attack. From valid encodings of
//! small scenario datasets, [`corpus`] derives malformed inputs
//! (truncations, bit flips, byte replacements, huge length fields, random
//! bytes, deep nesting); a child process ([`worker`]) decodes them one by
//! one under a time budget and an allocation cap, and the parent
//! ([`parent`]) classifies each input, so that a panic, an abort, a stack
//! overflow or a hang in any decoder — ours or a third-party crate's — is
//! counted and shown instead of taking the harness down.

pub mod alloc;
mod bgp;
pub mod corpus;
pub mod parent;
pub mod selftest;
pub mod target;
pub mod targets;
pub mod worker;

#[cfg(test)]
mod tests;

use std::collections::BTreeMap;

/// What happened to one malformed input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Decoded to exactly the value it was derived from (the mutation did not matter).
    OkEqual,
    /// Decoded to some other value: corrupted data silently accepted.
    OkDifferent,
    /// Rejected with an error: the clean outcome.
    Error,
    /// The decoder panicked.
    Panic,
    /// The decoder ran past the per-input time limit and was killed.
    Hang,
    /// The decoder asked for more memory than the cap allows.
    OverAllocation,
    /// The process died another way (abort, stack overflow, signal).
    Crash,
}

impl Outcome {
    /// Every outcome, in table order.
    pub const ALL: [Outcome; 7] = [
        Outcome::OkEqual,
        Outcome::OkDifferent,
        Outcome::Error,
        Outcome::Panic,
        Outcome::Hang,
        Outcome::OverAllocation,
        Outcome::Crash,
    ];

    /// The name used in the results record and the child protocol.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::OkEqual => "ok-equal",
            Outcome::OkDifferent => "ok-different",
            Outcome::Error => "error",
            Outcome::Panic => "panic",
            Outcome::Hang => "hang",
            Outcome::OverAllocation => "over-allocation",
            Outcome::Crash => "crash",
        }
    }

    /// Parses [`Outcome::as_str`].
    pub fn parse(text: &str) -> Option<Outcome> {
        Outcome::ALL.into_iter().find(|o| o.as_str() == text)
    }

    /// A failure of the decoder (as opposed to accepting or rejecting input).
    pub fn is_failure(self) -> bool {
        matches!(
            self,
            Outcome::Panic | Outcome::Hang | Outcome::OverAllocation | Outcome::Crash
        )
    }
}

/// Counts per outcome, every outcome present (zeros included) so rows line up.
pub fn empty_tally() -> BTreeMap<String, u64> {
    Outcome::ALL
        .iter()
        .map(|o| (o.as_str().to_string(), 0))
        .collect()
}

/// How much to try.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// Small batches, about 6,000 inputs per codec and dataset.
    Quick,
    /// Larger batches, about 40,000 inputs per codec and dataset.
    Full,
}

impl Size {
    /// Records per batch of the record datasets.
    pub fn records(self) -> usize {
        match self {
            Size::Quick => 12,
            Size::Full => 48,
        }
    }

    /// Target number of inputs per codec and dataset.
    pub fn inputs(self) -> usize {
        match self {
            Size::Quick => 6_000,
            Size::Full => 40_000,
        }
    }

    /// `quick` or `full`.
    pub fn as_str(self) -> &'static str {
        match self {
            Size::Quick => "quick",
            Size::Full => "full",
        }
    }
}

/// A stable 64-bit hash (FNV-1a) of text, to seed each job's corpus the
/// same way in the parent, in every restarted child, and on every machine.
pub fn stable_hash(parts: &[&str]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.bytes().chain([0xff]) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
    h
}
