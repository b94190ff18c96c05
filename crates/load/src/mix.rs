//! The message stream a load run cycles through: the valid encodings, with
//! a fraction replaced by malformed forms made by the robustness corpus's
//! operations (truncation, a flipped bit, length fields set huge). Each
//! malformed form is checked, before anything is timed, to make the codec
//! fail, so every error during the run is expected and the count exact.

use crate::{LoadError, Workload};
use encbench_robust::corpus::{Input, Op};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// One message of the stream.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The bytes sent.
    pub bytes: Vec<u8>,
    /// Malformed: the codec must refuse it.
    pub bad: bool,
}

/// The stream, with what the malformed messages are.
#[derive(Debug, Clone, PartialEq)]
pub struct Mix {
    /// In sending order; runs cycle through it.
    pub messages: Vec<Message>,
    /// How many are malformed.
    pub bad: usize,
    /// Malformed messages by kind: truncated, bit-flipped, wrong length.
    pub kinds: [usize; 3],
}

/// Kind names, in [`Mix::kinds`] order.
pub const KINDS: [&str; 3] = ["truncated", "bit-flipped", "wrong length"];

/// Forms tried per malformed slot before giving up on a message.
const TRIES: usize = 64;

/// At least this many malformed messages when a fraction is asked for, so
/// 1 % of 149 messages is not rounded to one or none…
const MIN_BAD: usize = 10;
/// … with the valid set repeated at most this often (a tiny fraction
/// would otherwise ask for millions of copies; it gets fewer malformed
/// messages instead, and the row says how many).
const MAX_COPIES: usize = 100;

impl Mix {
    /// The valid messages only.
    pub fn clean(good: &[Vec<u8>]) -> Result<Mix, LoadError> {
        Mix::new(good, 0.0, 0, &mut |_| false)
    }

    /// The share of malformed messages actually in the stream.
    pub fn bad_fraction(&self) -> f64 {
        self.bad as f64 / self.messages.len().max(1) as f64
    }

    /// `good` repeated until `fraction` of it makes at least [`MIN_BAD`]
    /// messages, with that fraction replaced (evenly spaced) by malformed
    /// forms `work` refuses. Deterministic in `seed`.
    pub fn for_workload(
        good: &[Vec<u8>],
        fraction: f64,
        seed: u64,
        work: &dyn Workload,
    ) -> Result<Mix, LoadError> {
        let mut reply = Vec::new();
        Mix::new(good, fraction, seed, &mut |bytes| {
            work.serve(bytes, &mut reply).is_err()
        })
    }

    fn new(
        good: &[Vec<u8>],
        fraction: f64,
        seed: u64,
        refused: &mut dyn FnMut(&[u8]) -> bool,
    ) -> Result<Mix, LoadError> {
        if good.is_empty() {
            return Err(LoadError::Empty);
        }
        let fraction = fraction.clamp(0.0, 0.5);
        let mut copies = 1;
        if fraction > 0.0 {
            while ((good.len() * copies) as f64 * fraction) < MIN_BAD as f64 && copies < MAX_COPIES
            {
                copies += 1;
            }
        }
        let len = good.len() * copies;
        let bad = (len as f64 * fraction).round() as usize;
        let mut messages: Vec<Message> = (0..len)
            .map(|i| Message {
                bytes: good[i % good.len()].clone(),
                bad: false,
            })
            .collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut kinds = [0; 3];
        for k in 0..bad {
            // Evenly spaced, so every window of a run sees its share.
            let at = k * len / bad + len / (2 * bad);
            let origin = at % good.len();
            let (kind, bytes) = malformed(good, origin, k % 3, &mut rng, &mut *refused)?;
            kinds[kind] += 1;
            messages[at] = Message { bytes, bad: true };
        }
        Ok(Mix {
            messages,
            bad,
            kinds,
        })
    }
}

/// A malformed form of `good[origin]` that `refused` confirms, trying the
/// preferred kind first and then the others.
fn malformed(
    good: &[Vec<u8>],
    origin: usize,
    preferred: usize,
    rng: &mut ChaCha8Rng,
    refused: &mut dyn FnMut(&[u8]) -> bool,
) -> Result<(usize, Vec<u8>), LoadError> {
    let len = good[origin].len().max(1);
    for attempt in 0..TRIES {
        let kind = (preferred + attempt) % 3;
        let op = match kind {
            0 => Op::Truncate(rng.random_range(0..len)),
            1 => Op::FlipBit(rng.random_range(0..len * 8)),
            _ => Op::Huge {
                at: rng.random_range(0..len),
                width: [1, 2, 4][rng.random_range(0..3)],
                style: rng.random_range(0..3),
            },
        };
        let bytes = Input {
            origin: Some(origin),
            op,
        }
        .bytes(good);
        if bytes != good[origin] && refused(&bytes) {
            return Ok((kind, bytes));
        }
    }
    Err(LoadError::NoBadForm {
        index: origin,
        tries: TRIES,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{decimal_messages, Decimal};

    #[test]
    fn a_fraction_is_met_with_at_least_ten_refused_messages() {
        let good = decimal_messages(149);
        let mix = Mix::for_workload(&good, 0.01, 7, &Decimal).expect("mix");
        assert_eq!(mix.messages.len() % 149, 0);
        assert!(mix.bad >= MIN_BAD, "{}", mix.bad);
        assert_eq!(mix.messages.iter().filter(|m| m.bad).count(), mix.bad);
        assert_eq!(mix.kinds.iter().sum::<usize>(), mix.bad);
        let mut reply = Vec::new();
        for m in &mix.messages {
            assert_eq!(Decimal.serve(&m.bytes, &mut reply).is_err(), m.bad);
        }
        assert!((mix.bad_fraction() - 0.01).abs() < 0.002);
    }

    #[test]
    fn the_same_seed_gives_the_same_stream() {
        let good = decimal_messages(20);
        let a = Mix::for_workload(&good, 0.05, 1, &Decimal).expect("mix");
        let b = Mix::for_workload(&good, 0.05, 1, &Decimal).expect("mix");
        assert_eq!(a, b);
        assert_eq!(Mix::clean(&good).expect("mix").bad, 0);
        // A tiny fraction is capped, not millions of copies.
        let tiny = Mix::for_workload(&good, 1e-9, 1, &Decimal).expect("mix");
        assert_eq!((tiny.messages.len(), tiny.bad), (20 * MAX_COPIES, 0));
        assert_eq!(Mix::clean(&[]), Err(LoadError::Empty));
    }
}
