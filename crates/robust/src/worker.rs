//! The child: decodes one job's corpus from a given input on, one line per
//! step on stdout, so the parent knows which input was running when the
//! process died or stopped answering.
//!
//! Protocol (stdout, one line each, flushed):
//! `count N` once; then per input `start I DESCRIPTION`, and after the
//! decode `done I OUTCOME NS LEN [MESSAGE]`; finally `end`. Over-allocation
//! markers go to stderr (see [`crate::alloc`]).

use crate::corpus::{self, Input};
use crate::target::{Target, Verdict};
use crate::targets::jobs;
use crate::{alloc, stable_hash, Outcome, Size};
use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::Instant;

/// Bytes one decode may hold at once before it counts as over-allocation:
/// the inputs are at most ~100 KB, so this is a runaway, not a big batch.
pub const ALLOCATION_CAP: usize = 256 << 20;

/// The child's whole address space (a backstop for memory outside the allocator).
pub const ADDRESS_SPACE_LIMIT: u64 = 4 << 30;

static LAST_PANIC: Mutex<String> = Mutex::new(String::new());

/// Corpus of a job: the same in the parent and every child.
pub fn corpus(codec: &str, dataset: &str, seeds: &[Vec<u8>], size: Size) -> Vec<Input> {
    corpus::generate(seeds, stable_hash(&[codec, dataset]), size.inputs())
}

/// Runs the job `codec` × `dataset` from input `start`. Errors are the
/// harness's own (unknown job, seeds that do not encode), for stderr.
pub fn run(codec: &str, dataset: &str, size: Size, start: usize) -> Result<(), String> {
    let mut all = jobs(size);
    let Some(index) = all
        .iter()
        .position(|j| j.codec == codec && j.dataset == dataset)
    else {
        return Err(format!("no robust job {codec} on {dataset}"));
    };
    let job = all.swap_remove(index);
    let mut target: Box<dyn Target> = (job.build)()?;
    let inputs = corpus(codec, dataset, target.seeds(), size);
    let mut out = std::io::stdout().lock();
    let mut say = |line: String| {
        // The parent is gone when stdout is: nothing left to do.
        if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
            std::process::exit(0);
        }
    };
    say(format!("count {}", inputs.len()));
    // Panics are caught and reported per input; the default hook's stderr
    // message would only be noise.
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "(non-string payload)".into());
        let location = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = format!("{message}{location}");
        }
    }));
    alloc::limit_address_space(ADDRESS_SPACE_LIMIT);
    for (i, input) in inputs.iter().enumerate().skip(start) {
        let bytes = input.bytes(target.seeds());
        say(format!("start {i} {}", input.describe()));
        alloc::arm(i, ALLOCATION_CAP);
        let began = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(|| target.decode(&bytes, input.origin)));
        let ns = began.elapsed().as_nanos();
        alloc::disarm();
        let (outcome, message) = match result {
            Ok(Verdict::Equal) => (Outcome::OkEqual, String::new()),
            Ok(Verdict::Different) => (Outcome::OkDifferent, String::new()),
            Ok(Verdict::Error) => (Outcome::Error, String::new()),
            Err(_) => {
                let message = LAST_PANIC.lock().map(|m| one_line(&m)).unwrap_or_default();
                // A decoder that panicked may have left shared state half-updated:
                // start over with a fresh one.
                target = (job.build)()?;
                (Outcome::Panic, message)
            }
        };
        say(format!(
            "done {i} {} {ns} {} {message}",
            outcome.as_str(),
            bytes.len()
        ));
    }
    say("end".into());
    Ok(())
}

/// At most 200 characters, no line breaks: the protocol is line-based.
pub fn one_line(text: &str) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(200)
        .collect();
    flat.trim().to_string()
}
