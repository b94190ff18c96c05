//! Codecs under load, the way a Megaco gateway runs them: many threads for
//! a fixed time (closed loop), requests arriving on a schedule whatever the
//! codec's pace (open loop, latency timed from each request's intended send
//! time as wrk2 does), malformed messages mixed in and counted, long soaks
//! that watch memory and throughput drift, and a UDP server and client on
//! loopback. The mechanics only: scenario `load` picks the codecs and turns
//! the results into rows.

pub mod closed;
pub mod latency;
pub mod mix;
pub mod soak;
pub mod udp;

pub use closed::{closed_loop, ClosedResult, Stop};
pub use latency::{open_loop, Clock, Latency, OpenResult, RealClock, Recorder};
pub use mix::{Message, Mix};
pub use soak::{soak, SoakConfig, SoakResult, Verdict};

use encbench_codecs::Codec;
use thiserror::Error;

/// One unit of load: a request decoded and a reply encoded, as a server
/// handles a message. An `Err` is the codec refusing the request.
pub trait Workload: Send + Sync {
    /// Decodes `request` and encodes the reply into `reply` (cleared first).
    fn serve(&self, request: &[u8], reply: &mut Vec<u8>) -> Result<(), String>;
}

/// A registry-style codec as a [`Workload`]: the reply is the decoded
/// value encoded again (what megaco's own load test, mstone, does).
pub struct CodecWorkload<T: 'static> {
    codec: Box<dyn Codec<T>>,
}

impl<T: 'static> CodecWorkload<T> {
    /// Wraps `codec`.
    pub fn new(codec: Box<dyn Codec<T>>) -> Self {
        CodecWorkload { codec }
    }
}

impl<T: 'static> Workload for CodecWorkload<T> {
    fn serve(&self, request: &[u8], reply: &mut Vec<u8>) -> Result<(), String> {
        let value = self
            .codec
            .decode(std::hint::black_box(request))
            .map_err(|e| e.to_string())?;
        reply.clear();
        self.codec
            .encode(&value, reply)
            .map_err(|e| e.to_string())?;
        std::hint::black_box(&reply);
        Ok(())
    }
}

/// Why a load run's figures cannot be trusted.
#[derive(Debug, Error, PartialEq)]
pub enum LoadError {
    /// A well-formed message failed: the codec is broken, not the input.
    #[error("a well-formed message failed: {0}")]
    GoodFailed(String),
    /// A malformed message was accepted (it was checked to fail when the
    /// mix was built, so the codec is not deterministic).
    #[error(
        "{accepted} malformed message(s) were accepted, though each failed when the mix was built"
    )]
    BadAccepted {
        /// How many.
        accepted: u64,
    },
    /// No malformed form of a message could be found that the codec refuses.
    #[error("no malformed form of message {index} makes the codec fail (tried {tries})")]
    NoBadForm {
        /// The message.
        index: usize,
        /// Forms tried.
        tries: usize,
    },
    /// Nothing to send.
    #[error("no messages")]
    Empty,
    /// A socket or thread could not be set up.
    #[error("{0}")]
    Io(String),
}

/// Counts kept per thread and added up at the end: what was processed and
/// how the codec answered, so the errors are checked against the malformed
/// messages exactly.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Messages processed, good and bad.
    pub messages: u64,
    /// Malformed messages among them.
    pub bad: u64,
    /// Errors the codec returned (each on a malformed message).
    pub errors: u64,
}

impl Tally {
    /// Processes message `m` and counts the outcome; a good message that
    /// fails or a bad one that passes is an error of the run.
    pub(crate) fn serve(
        &mut self,
        work: &dyn Workload,
        m: &Message,
        reply: &mut Vec<u8>,
    ) -> Result<(), LoadError> {
        self.messages += 1;
        self.bad += u64::from(m.bad);
        match (work.serve(&m.bytes, reply), m.bad) {
            (Ok(()), false) => Ok(()),
            (Err(_), true) => {
                self.errors += 1;
                Ok(())
            }
            (Ok(()), true) => Err(LoadError::BadAccepted { accepted: 1 }),
            (Err(e), false) => Err(LoadError::GoodFailed(e)),
        }
    }

    /// Both tallies together.
    pub fn add(&mut self, other: Tally) {
        self.messages += other.messages;
        self.bad += other.bad;
        self.errors += other.errors;
    }
}

#[cfg(test)]
pub(crate) mod testing;
