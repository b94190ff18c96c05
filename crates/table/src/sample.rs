//! Drawing the rows that get measured without reading the file into
//! memory. A file whose text fits the sample limit is read whole. A larger
//! plain file is sampled by seeking: the data is cut into `K` equal
//! strides and a run of whole records (about limit / K bytes) is read at
//! the start of each, the first at the first data row; a stride that
//! starts mid-record resynchronises to the next record start (see
//! [`records::resync`]); one where that cannot be done safely is skipped.
//! Compressed input (no seeking) and files whose quoting defeats resync
//! are read once as a stream, keeping a seeded reservoir of records
//! (Algorithm R). Either way the sample is the header plus the chosen
//! records, in file order, so it parses exactly as the file does; its
//! pieces say where each stretch of it lies in the file, so that a row's
//! error names the file's line and byte, not the sample's.

use crate::error::Malformed;
use crate::input::{self, Source};
use crate::records::{self, Framing, State};
use crate::Error;
use rand::{Rng, SeedableRng};

/// Seed of the reservoir.
pub const SAMPLE_SEED: u64 = 20_261_122;
/// Bytes of records read at each stride.
const RUN_BYTES: u64 = 64 * 1024;
/// The fewest strides, so even a small sample spreads over the file.
const MIN_STRIDES: u64 = 16;
/// The most strides; more would read runs too short to keep neighbouring rows together.
const MAX_STRIDES: u64 = 4096;

/// How the sample was drawn.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// Every row: the text fits the limit.
    Whole,
    /// Runs of records at evenly spread offsets.
    Seek {
        /// Runs read.
        runs: usize,
        /// Strides skipped (no safe record start found).
        skipped: usize,
    },
    /// A seeded reservoir over one streaming pass.
    Reservoir {
        /// Records in the file (exact; blank lines are not records of CSV or JSON Lines).
        records: u64,
    },
}

/// The sample: text that parses like the file.
#[derive(Debug)]
pub struct Drawn {
    /// The header (if any) then the sampled records, in file order.
    pub text: String,
    /// How it was drawn.
    pub method: Method,
    /// Bytes of text in the whole input (the byte-order mark excluded).
    pub text_bytes: u64,
    /// Bytes of the header within `text`.
    pub header_bytes: usize,
    /// Where the stretches of `text` lie in the input, in order.
    pub pieces: Vec<Piece>,
}

/// A stretch of the sample's text that is a stretch of the input.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Piece {
    /// Byte of the sample's text where it starts.
    pub at: usize,
    /// Byte of the input (decompressed) where it starts.
    pub offset: u64,
    /// 1-based line of the input where it starts; `None` where the sample
    /// was drawn by seeking, which counts no lines (counted on an error).
    pub line: Option<u64>,
}

/// `m`, an error in the row starting on line `m.line` of a sample's
/// `text` drawn as `pieces`, with the line and byte of the input where
/// that row starts.
pub fn locate(
    text: &str,
    pieces: &[Piece],
    source: &Source,
    m: Malformed,
) -> Result<Malformed, Error> {
    let text = text.as_bytes();
    let start = match m.line {
        0 | 1 => 0,
        n => memchr::memchr_iter(b'\n', text)
            .nth(n as usize - 2)
            .map_or(text.len(), |i| i + 1),
    };
    let Some(piece) = pieces.iter().rev().find(|p| p.at <= start) else {
        return Ok(m);
    };
    let within = &text[piece.at..start];
    let offset = piece.offset + within.len() as u64;
    let line = match piece.line {
        Some(line) => line + memchr::memchr_iter(b'\n', within).count() as u64,
        None => 1 + newlines_before(source, offset)?,
    };
    Ok(Malformed {
        line,
        offset: Some(offset),
        ..m
    })
}

/// Line ends in the plain file before byte `offset`, counted a buffer at a time.
fn newlines_before(source: &Source, offset: u64) -> Result<u64, Error> {
    use std::io::Read;
    let unreadable = |e| Error::Unreadable {
        path: source.path.clone(),
        source: e,
    };
    let Some(file) = source.seekable()? else {
        return Ok(0);
    };
    let mut file = file.take(offset);
    let mut buffer = vec![0u8; 1 << 20];
    let mut count = 0u64;
    loop {
        let n = file.read(&mut buffer).map_err(unreadable)?;
        if n == 0 {
            return Ok(count);
        }
        count += memchr::memchr_iter(b'\n', &buffer[..n]).count() as u64;
    }
}

/// What the file looks like, from its head.
pub struct Shape<'h> {
    /// The head of the text (see [`Source::head`]).
    pub head: &'h str,
    /// How records end.
    pub framing: Framing,
    /// Bytes of the header record at the start of `head` (0: none).
    pub header_bytes: usize,
    /// Fields per CSV record (the header's width).
    pub fields: usize,
    /// Whether a blank line is a row (plain lines) or nothing (CSV, JSON Lines).
    pub blank_is_row: bool,
}

/// Draws about `limit` bytes of records (all of them with `None`).
pub fn draw(source: &Source, shape: &Shape<'_>, limit: Option<u64>) -> Result<Drawn, Error> {
    if let (Some(limit), Some(mut file)) = (limit, source.seekable()?) {
        if !resync_is_safe(shape) {
            return reservoir(source, shape, Some(limit));
        }
        let bom = bom_len(source, &mut file)?;
        let text_bytes = source.file_bytes - bom;
        if text_bytes > limit {
            if let Some(drawn) = by_seeking(source, &mut file, shape, limit, bom)? {
                return Ok(drawn);
            }
        }
    }
    reservoir(source, shape, limit)
}

/// Whether resynchronising mid-file can be trusted, judged from the head:
/// a stride whose offset falls inside a quoted field longer than its
/// window cannot see that field's end, so a file whose head shows a record
/// longer than a run (or ends inside one) is sampled by streaming instead.
fn resync_is_safe(shape: &Shape<'_>) -> bool {
    let Framing::Csv(_) = shape.framing else {
        return true; // a newline always ends a line
    };
    let mut state = State::FieldStart;
    let head = shape.head.as_bytes();
    let ends = records::record_ends(shape.framing, &mut state, head, usize::MAX);
    let longest = std::iter::once(0)
        .chain(ends.iter().copied())
        .zip(ends.iter().copied())
        .map(|(a, b)| b - a)
        .max()
        .unwrap_or(head.len());
    let unfinished = head.len() - ends.last().copied().unwrap_or(0);
    state == State::FieldStart && longest.max(unfinished) <= (RUN_BYTES / 2) as usize
}

/// 3 for a file starting with a UTF-8 byte-order mark, else 0.
fn bom_len(source: &Source, file: &mut std::fs::File) -> Result<u64, Error> {
    let start = input::read_at(&source.path, file, 0, 3)?;
    Ok(if start == "\u{feff}".as_bytes() { 3 } else { 0 })
}

fn by_seeking(
    source: &Source,
    file: &mut std::fs::File,
    shape: &Shape<'_>,
    limit: u64,
    bom: u64,
) -> Result<Option<Drawn>, Error> {
    let path = &source.path;
    let data_start = bom + shape.header_bytes as u64;
    let data = source.file_bytes.saturating_sub(data_start);
    let strides = (limit / RUN_BYTES).clamp(MIN_STRIDES, MAX_STRIDES);
    let run = limit / strides;
    let mut text = shape.head[..shape.header_bytes].to_string();
    let mut pieces = vec![Piece {
        at: 0,
        offset: bom,
        line: Some(1),
    }];
    let mut skipped = 0usize;
    for i in 0..strides {
        let at = data_start + data * i / strides;
        let next = data_start + data * (i + 1) / strides;
        let mut window_len = (2 * run + 4096) as usize;
        let (records, ok, start) = loop {
            let window = input::read_at(path, file, at, window_len)?;
            let at_end = window.len() < window_len;
            let start = match i {
                0 => Some(0),
                _ => records::resync(shape.framing, &window, shape.fields),
            };
            let Some(start) = start else {
                if at_end || window_len >= input::MAX_RECORD {
                    break (Vec::new(), false, 0);
                }
                window_len *= 4;
                continue;
            };
            // Whole records from this run only: none starting at or past the next stride.
            let room = next.saturating_sub(at + start as u64) as usize;
            if room == 0 {
                break (Vec::new(), true, 0); // the next row start is the next stride's
            }
            let body = &window[start..];
            let mut state = State::FieldStart;
            let ends = records::record_ends(shape.framing, &mut state, body, usize::MAX);
            let mut take = 0usize;
            for end in &ends {
                if take >= run as usize || take >= room {
                    break;
                }
                take = *end;
            }
            if at_end && take < room && take < run as usize && ends.last() != Some(&body.len()) {
                take = body.len(); // the file's last record, without a line end
            }
            if take == 0 && !at_end && window_len < input::MAX_RECORD {
                window_len *= 4; // one record longer than the window
                continue;
            }
            break (body[..take].to_vec(), true, start);
        };
        if !ok {
            skipped += 1;
            continue;
        }
        pieces.push(Piece {
            at: text.len(),
            offset: at + start as u64,
            line: None,
        });
        text.push_str(&input::check_text(path, records, at, None)?);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    // Quoting that defeats resync in many strides: draw by streaming instead.
    if skipped as u64 * 4 > strides {
        return Ok(None);
    }
    Ok(Some(Drawn {
        text,
        method: Method::Seek {
            runs: strides as usize - skipped,
            skipped,
        },
        text_bytes: source.file_bytes - bom,
        header_bytes: shape.header_bytes,
        pieces,
    }))
}

fn reservoir(source: &Source, shape: &Shape<'_>, limit: Option<u64>) -> Result<Drawn, Error> {
    let mut chunks = source.chunks(shape.framing, crate::stream::CHUNK_BYTES)?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(SAMPLE_SEED);
    let mut header = String::new();
    // Each record kept: its index, text, byte and line in the input.
    let mut kept: Vec<(u64, String, u64, u64)> = Vec::new();
    let mut capacity: Option<usize> = limit.is_none().then_some(usize::MAX);
    let mut seen = 0u64;
    let mut header_at = 0u64;
    while let Some(chunk) = chunks.next_chunk()? {
        // Bytes of the input before `chunk.text[0]` (a byte-order mark removed).
        let base = chunks.position() - chunk.text.len() as u64;
        if chunk.offset == 0 {
            header_at = base;
        }
        // The line `chunk.text[counted]` starts on.
        let (mut counted, mut line) = (0usize, chunk.first_line);
        let mut begin = 0;
        let mut ends = chunk.ends.as_slice();
        if chunk.offset == 0 && shape.header_bytes > 0 {
            if let Some((first, rest)) = ends.split_first() {
                header = chunk.text[..*first].to_string();
                begin = *first;
                ends = rest;
            }
        }
        // The reservoir's size: the limit over the mean record size of the first chunk.
        let k = *capacity.get_or_insert_with(|| {
            let bytes = (chunk.text.len() - begin).max(1) as u64;
            let mean = bytes.div_ceil(ends.len().max(1) as u64).max(1);
            (limit.unwrap_or(u64::MAX) / mean).max(1) as usize
        });
        for &end in ends {
            let record = &chunk.text[begin..end];
            let start = begin;
            begin = end;
            if !shape.blank_is_row && record.trim().is_empty() {
                continue;
            }
            let slot = match kept.len() < k {
                true => Some(kept.len()),
                false => Some(rng.random_range(0..=seen) as usize).filter(|&j| j < k),
            };
            if let Some(slot) = slot {
                let newlines = &chunk.text.as_bytes()[counted..start];
                line += memchr::memchr_iter(b'\n', newlines).count() as u64;
                counted = start;
                let entry = (seen, record.to_string(), base + start as u64, line);
                match slot == kept.len() {
                    true => kept.push(entry),
                    false => kept[slot] = entry,
                }
            }
            seen += 1;
        }
    }
    kept.sort_unstable_by_key(|(i, ..)| *i);
    let mut text = header;
    let header_bytes = text.len();
    let mut pieces = vec![Piece {
        at: 0,
        offset: header_at,
        line: Some(1),
    }];
    // Where the text would be had the last piece gone on: records next to
    // each other in the input make one piece.
    let mut next = (header_bytes, header_at + header_bytes as u64);
    for (_, record, offset, line) in kept {
        if next != (text.len(), offset) {
            pieces.push(Piece {
                at: text.len(),
                offset,
                line: Some(line),
            });
        }
        text.push_str(&record);
        next = (text.len(), offset + record.len() as u64);
        if !text.ends_with('\n') {
            text.push('\n');
        }
    }
    let text_bytes = chunks.position();
    let method = if seen as usize <= capacity.unwrap_or(0) {
        Method::Whole
    } else {
        Method::Reservoir { records: seen }
    };
    Ok(Drawn {
        text,
        method,
        text_bytes,
        header_bytes,
        pieces,
    })
}

#[cfg(test)]
mod tests {
    use crate::load::{load, LoadOptions};
    use crate::sniff::FormatHint;
    use crate::Error;
    use std::io::Write;

    /// A CSV of 60 000 rows (about 1.5 MB) whose rows from 40 000 on are
    /// one in 50 a field too long: none near the start of the file.
    fn csv() -> String {
        let mut text = String::from("id,name,value\n");
        for i in 0..60_000u32 {
            match i >= 40_000 && i % 50 == 7 {
                true => text.push_str(&format!("{i},row {i},{},extra\n", i * 3)),
                false => text.push_str(&format!("{i},row {i},{}\n", i * 3)),
            }
        }
        text
    }

    /// The line and byte a sampled load's error names, checked against
    /// the text: the byte starts that line, and the row there is a bad one.
    fn named_place(path: &std::path::Path, text: &str) -> (u64, u64) {
        let options = LoadOptions {
            hint: FormatHint::Auto,
            schema: None,
            skip_bad: false,
            sample_limit: Some(100_000),
            every_row: false,
            json_path: None,
        };
        let Err(Error::Malformed(m)) = load(path, &options) else {
            panic!("a bad row in the sample is an error");
        };
        let offset = m.offset.expect("a sampled row's byte is named");
        let at = offset as usize;
        assert!(
            at == 0 || text.as_bytes()[at - 1] == b'\n',
            "byte {at} starts a line"
        );
        let lines_before = text[..at].matches('\n').count() as u64;
        assert_eq!(m.line, lines_before + 1, "{m}");
        let row = text[at..].lines().next().unwrap();
        assert!(
            row.ends_with(",extra"),
            "line {} is a bad row: {row}",
            m.line
        );
        assert!(
            m.to_string()
                .contains(&format!("line {} (byte {offset})", m.line)),
            "{m}"
        );
        // Far in: past every line the sample itself holds.
        assert!(m.line > 40_000, "{m}");
        (m.line, offset)
    }

    #[test]
    fn a_bad_row_of_a_sample_drawn_by_seeking_names_its_line_and_byte_in_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.csv");
        let text = csv();
        std::fs::write(&path, &text).unwrap();
        named_place(&path, &text);
        // A byte-order mark is a byte of the file, not of a line.
        let path = dir.path().join("bom.csv");
        std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
        let with_bom = format!("\u{feff}{text}");
        named_place(&path, &with_bom);
    }

    #[test]
    fn a_bad_row_of_a_reservoir_sample_names_its_line_and_byte_in_the_decompressed_text() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big.csv.gz");
        let text = csv();
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(text.as_bytes()).unwrap();
        std::fs::write(&path, gz.finish().unwrap()).unwrap();
        named_place(&path, &text);
    }
}
