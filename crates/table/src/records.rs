//! Where records end, without parsing them: a byte state machine that
//! follows the csv crate's quoting (a quote opens a field only at its
//! start, `""` is an escaped quote, a newline inside quotes is data), or
//! plain newlines for JSON Lines and lines. It cuts a stream into chunks
//! of whole records (so memory stays bounded and every chunk is valid
//! UTF-8 on its own), and finds a safe record start from the middle of a
//! file (see [`resync`]).

use crate::Error;
use std::io::Read;
use std::sync::{Arc, Mutex};

/// How records are delimited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// CSV with this delimiter: newlines inside quotes do not end a record.
    Csv(u8),
    /// One record per line.
    Lines,
}

/// Where the scanner is within a CSV record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum State {
    /// At the start of a field (also of a record).
    FieldStart,
    /// In a field that did not start with a quote.
    Unquoted,
    /// Inside quotes.
    Quoted,
    /// Just after a quote inside quotes: a closing quote or half of `""`.
    QuoteInQuoted,
}

/// The state after `byte`, and whether `byte` ended a record.
#[inline]
fn step(state: State, byte: u8, delimiter: u8) -> (State, bool) {
    use State::*;
    match (state, byte) {
        (Quoted, b'"') => (QuoteInQuoted, false),
        (Quoted, _) => (Quoted, false),
        (QuoteInQuoted, b'"') => (Quoted, false),
        (_, b'\n') => (FieldStart, true),
        (FieldStart, b'"') => (Quoted, false),
        (_, b) if b == delimiter => (FieldStart, false),
        _ => (Unquoted, false),
    }
}

/// Offsets just past each record end in `bytes`, scanning from `state`
/// (updated); at most `limit` of them.
pub fn record_ends(framing: Framing, state: &mut State, bytes: &[u8], limit: usize) -> Vec<usize> {
    let mut ends = Vec::new();
    match framing {
        Framing::Lines => {
            for i in memchr::memchr_iter(b'\n', bytes).take(limit) {
                ends.push(i + 1);
            }
        }
        // Fast path: outside quotes with no quote ahead, records end at newlines.
        Framing::Csv(delimiter)
            if matches!(*state, State::FieldStart | State::Unquoted)
                && memchr::memchr(b'"', bytes).is_none() =>
        {
            ends.extend(memchr::memchr_iter(b'\n', bytes).take(limit).map(|i| i + 1));
            let scanned = if ends.len() == limit {
                *ends.last().unwrap_or(&0)
            } else {
                bytes.len()
            };
            let rest = &bytes[ends.last().copied().unwrap_or(0)..scanned];
            *state = match rest.last() {
                None if ends.is_empty() => *state,
                None => State::FieldStart,
                Some(&b) if b == delimiter => State::FieldStart,
                Some(_) => State::Unquoted,
            };
        }
        Framing::Csv(delimiter) => {
            let mut s = *state;
            for (i, &b) in bytes.iter().enumerate() {
                if ends.len() == limit {
                    break;
                }
                let (next, end) = step(s, b, delimiter);
                s = next;
                if end {
                    ends.push(i + 1);
                }
            }
            *state = s;
        }
    }
    ends
}

/// Counts fields of each complete record in `bytes` (which starts at a
/// record start) under strict quoting: a quote only opens a field or
/// closes one (then a delimiter or line end must follow). `None` at the
/// first violation; otherwise the field counts of the complete records.
fn strict_field_counts(bytes: &[u8], delimiter: u8) -> Option<Vec<usize>> {
    use State::*;
    let mut counts = Vec::new();
    let (mut state, mut fields) = (FieldStart, 1usize);
    for &b in bytes {
        state = match (state, b) {
            (Quoted, b'"') => QuoteInQuoted,
            (Quoted, _) => Quoted,
            (QuoteInQuoted, b'"') => Quoted,
            (FieldStart | Unquoted | QuoteInQuoted, b'\n') => {
                counts.push(fields);
                fields = 1;
                FieldStart
            }
            (FieldStart | Unquoted | QuoteInQuoted, b) if b == delimiter => {
                fields += 1;
                FieldStart
            }
            (FieldStart, b'"') => Quoted,
            (Unquoted, b'"') => return None,
            (QuoteInQuoted, b'\r') => Unquoted,
            (QuoteInQuoted, _) => return None,
            _ => Unquoted,
        };
    }
    Some(counts)
}

/// Records that must parse cleanly after a candidate boundary for it to be trusted.
const VERIFY_RECORDS: usize = 8;

/// A record start in `bytes`, which begin at an arbitrary offset in the
/// middle of a file: the start of the first record wholly inside. Lines
/// need only the next newline. CSV needs care: the offset may fall inside
/// a quoted field, where a newline is data. Each hypothesis (inside a
/// field, at a field's start, inside quotes) is followed to its first
/// record end, and each
/// candidate is verified by a strict forward parse of the records after
/// it (each must have `fields` fields). One survivor is the answer; none,
/// or two that disagree, give `None` and the range is skipped.
pub fn resync(framing: Framing, bytes: &[u8], fields: usize) -> Option<usize> {
    let Framing::Csv(delimiter) = framing else {
        return memchr::memchr(b'\n', bytes).map(|i| i + 1);
    };
    let mut survivors = Vec::new();
    for hypothesis in [State::Unquoted, State::FieldStart, State::Quoted] {
        let mut state = hypothesis;
        let Some(&start) = record_ends(framing, &mut state, bytes, 1).first() else {
            continue;
        };
        let Some(counts) = strict_field_counts(&bytes[start..], delimiter) else {
            continue;
        };
        // At least one whole record, all of the header's width.
        let checked = &counts[..counts.len().min(VERIFY_RECORDS)];
        if !checked.is_empty() && checked.iter().all(|c| *c == fields) {
            survivors.push(start);
        }
    }
    survivors.sort_unstable();
    survivors.dedup();
    match survivors[..] {
        [one] => Some(one),
        _ => None,
    }
}

/// Whole records read from a stream, a chunk at a time.
pub struct Chunks<R> {
    reader: R,
    framing: Framing,
    state: State,
    /// Bytes read but not yet handed out (an unfinished record).
    carry: Vec<u8>,
    done: bool,
    /// Target chunk size.
    size: usize,
    /// The longest record accepted.
    max_record: usize,
    recycler: Recycler,
}

/// Chunk buffers handed back by their consumers, to be filled again: the
/// first fill of a fresh buffer of megabytes takes a page fault for every
/// 4 KiB, which costs several times the copy from the page cache.
#[derive(Clone, Default)]
pub struct Recycler(Arc<Mutex<Vec<Vec<u8>>>>);

/// Buffers the recycler keeps; more than the chunks that are ever in
/// flight at once, so none is freed in a steady stream.
const RECYCLED: usize = 16;

impl Recycler {
    /// Takes `buffer` back for a later chunk.
    pub fn give(&self, mut buffer: Vec<u8>) {
        buffer.clear();
        if let Ok(mut kept) = self.0.lock() {
            if kept.len() < RECYCLED {
                kept.push(buffer);
            }
        }
    }

    fn take(&self) -> Vec<u8> {
        self.0
            .lock()
            .ok()
            .and_then(|mut kept| kept.pop())
            .unwrap_or_default()
    }
}

/// A chunk of whole records.
pub struct Chunk {
    /// The records' bytes (ends with a line end unless it is the file's last).
    pub bytes: Vec<u8>,
    /// Offsets just past each record in `bytes`.
    pub ends: Vec<usize>,
}

/// What [`Chunks::next_chunk`] failed on, for the caller to name the file.
#[derive(Debug)]
pub enum ChunkError {
    /// Reading (or decompressing) failed.
    Io(std::io::Error),
    /// A single record longer than the cap.
    Huge(usize),
}

impl<R: Read> Chunks<R> {
    /// Chunks of about `size` bytes; a record over `max_record` bytes is an error.
    pub fn new(reader: R, framing: Framing, size: usize, max_record: usize) -> Self {
        Chunks {
            reader,
            framing,
            state: State::FieldStart,
            carry: Vec::new(),
            done: false,
            size,
            max_record,
            recycler: Recycler::default(),
        }
    }

    /// Where consumers give the chunks' buffers back (optional).
    pub fn recycler(&self) -> Recycler {
        self.recycler.clone()
    }

    /// The next chunk, or `None` at the end. The last record need not end with a newline.
    pub fn next_chunk(&mut self) -> Result<Option<Chunk>, ChunkError> {
        loop {
            if self.done {
                if self.carry.is_empty() {
                    return Ok(None);
                }
                let bytes = std::mem::take(&mut self.carry);
                let ends = vec![bytes.len()];
                return Ok(Some(Chunk { bytes, ends }));
            }
            let scanned = self.carry.len();
            let want = self.size.max(scanned / 2 + 64 * 1024);
            // A long record grows the carry: out of memory is an error, not
            // an abort. The slack lets a recycled buffer take the next chunk
            // and the unfinished record before it without growing.
            if self.carry.capacity() - scanned < want {
                self.carry
                    .try_reserve_exact(want + want / 4)
                    .map_err(|_| ChunkError::Huge(scanned))?;
            }
            // Straight onto the carry's spare room: no second buffer, no
            // zero fill, no copy (this thread feeds every typing worker).
            let n = (&mut self.reader)
                .take(want as u64)
                .read_to_end(&mut self.carry)
                .map_err(ChunkError::Io)?;
            if n == 0 {
                self.done = true;
                continue;
            }
            let ends = record_ends(
                self.framing,
                &mut self.state,
                &self.carry[scanned..],
                usize::MAX,
            );
            let Some(&last) = ends.last() else {
                if self.carry.len() > self.max_record {
                    return Err(ChunkError::Huge(self.max_record));
                }
                continue;
            };
            let cut = scanned + last;
            let mut rest = self.recycler.take();
            rest.extend_from_slice(&self.carry[cut..]);
            self.carry.truncate(cut);
            let bytes = std::mem::replace(&mut self.carry, rest);
            let ends = ends.into_iter().map(|e| e + scanned).collect();
            return Ok(Some(Chunk { bytes, ends }));
        }
    }
}

/// Reads until `buf` is full or the stream ends.
pub fn read_full(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match reader.read(&mut buf[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

impl ChunkError {
    /// As a crate error naming `path` (read as `compression`).
    pub fn into_error(self, path: &std::path::Path, compression: Option<&'static str>) -> Error {
        match self {
            ChunkError::Io(source) => crate::io_error::read_error(path, compression, source),
            ChunkError::Huge(max) => Error::Huge {
                path: path.to_path_buf(),
                max,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_newlines_do_not_end_records() {
        let text = b"a,b\n\"x\ny\",1\n\"say \"\"hi\"\"\",2\nlast,3";
        let mut state = State::FieldStart;
        let ends = record_ends(Framing::Csv(b','), &mut state, text, usize::MAX);
        assert_eq!(ends, [4, 12, 27]);
        // Without quotes (the fast path): the same ends and end state as byte by byte.
        for text in [&b"a,b\n1,2\n3"[..], b"a,b\n1,", b"a,b\n", b"x"] {
            let (mut fast, mut slow) = (State::FieldStart, State::FieldStart);
            let ends = record_ends(Framing::Csv(b','), &mut fast, text, usize::MAX);
            let mut expected = Vec::new();
            for (i, &b) in text.iter().enumerate() {
                let (next, end) = step(slow, b, b',');
                slow = next;
                if end {
                    expected.push(i + 1);
                }
            }
            assert_eq!((ends, fast), (expected, slow));
        }
    }

    #[test]
    fn resync_inside_a_quoted_field_finds_the_next_whole_record() {
        let text = "id,note\n1,\"first line\nsecond, line\nthird\"\n2,plain\n3,\"q \"\"x\"\"\"\n4,y\n5,z\n";
        let start_of_2 = text.find("2,plain").unwrap();
        // From every offset inside record 1 (after its first newline), the
        // boundary found is the start of record 2, or the range is skipped.
        for offset in text.find("first").unwrap()..start_of_2 {
            if let Some(at) = resync(Framing::Csv(b','), &text.as_bytes()[offset..], 2) {
                assert_eq!(offset + at, start_of_2, "from offset {offset}");
            }
        }
        let inside = text.find("second").unwrap();
        assert_eq!(
            resync(Framing::Csv(b','), &text.as_bytes()[inside..], 2).map(|a| a + inside),
            Some(start_of_2)
        );
    }

    #[test]
    fn chunks_hold_whole_records_and_huge_records_are_refused() {
        let text = "h\n\"a\nb\"\nc\nd\n".repeat(1000);
        let mut chunks = Chunks::new(text.as_bytes(), Framing::Csv(b','), 100, 1 << 20);
        let mut all = Vec::new();
        while let Some(c) = chunks.next_chunk().unwrap() {
            assert!(c.bytes.ends_with(b"\n"));
            assert_eq!(*c.ends.last().unwrap(), c.bytes.len());
            all.extend(c.bytes);
        }
        assert_eq!(all, text.as_bytes());
        let long = "x".repeat(5000);
        let mut chunks = Chunks::new(long.as_bytes(), Framing::Lines, 100, 1000);
        assert!(matches!(chunks.next_chunk(), Err(ChunkError::Huge(1000))));
    }
}
