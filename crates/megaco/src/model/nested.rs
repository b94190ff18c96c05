//! A depth bound for the one recursive part of the model: an events
//! descriptor embeds events descriptors. serde's derived decoders recurse
//! once per level, so crafted CBOR or postcard bytes nesting them deeply
//! would overflow the stack; past the text parser's own bound they are an
//! error instead.

use super::EventsDescriptor;
use crate::parse::MAX_DEPTH;
use encbench_codecs::CodecError;
use serde::de::{Deserialize, Deserializer, Error};
use std::cell::Cell;
use std::fmt::Display;

thread_local! {
    /// Events descriptors being decoded on this thread right now.
    static DEPTH: Cell<u32> = const { Cell::new(0) };
    /// Whether the bound was hit: postcard drops custom error messages.
    static EXCEEDED: Cell<bool> = const { Cell::new(false) };
}

fn too_deep() -> String {
    format!("events descriptors nested deeper than {MAX_DEPTH}")
}

/// Runs a serde decode of `library`, naming the depth bound when that is
/// what failed it.
pub(crate) fn decode<T, E: Display>(
    library: &'static str,
    run: impl FnOnce() -> Result<T, E>,
) -> Result<T, CodecError> {
    EXCEEDED.with(|x| x.set(false));
    run().map_err(|e| {
        if EXCEEDED.with(|x| x.replace(false)) {
            CodecError::library(library, too_deep())
        } else {
            CodecError::library(library, e)
        }
    })
}

/// Leaves a level when dropped, so an error or unwind cannot leave the
/// count raised for the next decode.
struct Level;

impl Drop for Level {
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get().saturating_sub(1)));
    }
}

/// `deserialize_with` for `second_event` fields; the count is of events
/// descriptors, the outermost included (the innermost one's empty
/// `second_event` sits at its own depth).
pub(super) fn second_event<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<Box<EventsDescriptor>>, D::Error> {
    let depth = DEPTH.with(|c| {
        c.set(c.get() + 1);
        c.get()
    });
    let _level = Level;
    if depth > MAX_DEPTH {
        EXCEEDED.with(|x| x.set(true));
        return Err(D::Error::custom(too_deep()));
    }
    Option::<Box<EventsDescriptor>>::deserialize(d)
}
