//! One pass over every row of the input, a chunk of whole records at a
//! time: memory holds one chunk, never the file. Rows are handed to the
//! same callback as an in-memory walk, with lines numbered in the file.

use crate::input::{Source, TextChunk};
use crate::read::{walk, Visit};
use crate::records::Framing;
use crate::sniff::Format;
use crate::Error;

/// Bytes of text per chunk of a streaming pass.
pub const CHUNK_BYTES: usize = 4 << 20;

/// How records of `format` are delimited.
pub fn framing(format: Format) -> Framing {
    match format {
        Format::Csv { delimiter, .. } => Framing::Csv(delimiter),
        Format::JsonLines | Format::Lines => Framing::Lines,
    }
}

/// Visits every data row of `source` (the header skipped); `progress`
/// hears the bytes of text read so far after each chunk.
pub fn each_row(
    source: &Source,
    format: Format,
    columns: &mut Vec<String>,
    visit: &mut Visit<'_>,
    progress: &mut dyn FnMut(u64),
) -> Result<(), Error> {
    let mut chunks = source.chunks(framing(format), CHUNK_BYTES)?;
    while let Some(chunk) = chunks.next_chunk()? {
        walk_chunk(&chunk, format, columns, visit)?;
        progress(chunks.position());
    }
    Ok(())
}

/// Visits every data row of one chunk (the header skipped when the chunk
/// is the file's first), lines numbered in the file.
pub fn walk_chunk(
    chunk: &TextChunk,
    format: Format,
    columns: &mut Vec<String>,
    visit: &mut Visit<'_>,
) -> Result<(), Error> {
    // Only the first chunk holds the header.
    let format = match format {
        Format::Csv { delimiter, header } => Format::Csv {
            delimiter,
            header: header && chunk.offset == 0,
        },
        other => other,
    };
    let shift = chunk.first_line - 1;
    // The visitor's own errors already carry file lines; the walk's do not.
    let mut visitor_failed = false;
    let walked = walk(&chunk.text, format, columns, &mut |row| {
        let outcome = match row {
            Ok(mut row) => {
                row.line += shift;
                visit(Ok(row))
            }
            Err(mut m) => {
                m.line += shift;
                visit(Err(m))
            }
        };
        visitor_failed = outcome.is_err();
        outcome
    });
    match walked {
        Err(Error::Malformed(mut m)) if !visitor_failed => {
            m.line += shift;
            Err(Error::Malformed(m))
        }
        other => other,
    }
}
