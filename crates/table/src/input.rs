//! Opening the user's file: gzip and zstd recognised by their magic bytes
//! (not the name) and decompressed as a stream, never whole; an empty or
//! binary file refused with a message saying so, as soon as the bytes
//! that show it come out. A decompression bomb is stopped while it
//! inflates. The input is only ever read.

pub use crate::io_error::read_error;
use crate::io_error::{unreadable, Bomb};
use crate::records::{Chunks, Framing};
use crate::Error;
use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

const GZIP_MAGIC: &[u8] = &[0x1f, 0x8b];
const ZSTD_MAGIC: &[u8] = &[0x28, 0xb5, 0x2f, 0xfd];
/// Magic numbers of common binary formats people might point us at.
const BINARY_MAGIC: &[(&[u8], &str)] = &[
    (b"PAR1", "a Parquet file"),
    (b"ARROW1", "an Arrow IPC file"),
    (b"Obj\x01", "an Avro container file"),
    (b"PK\x03\x04", "a zip archive"),
    (b"\x89PNG", "a PNG image"),
    (b"%PDF", "a PDF"),
    (b"\x7fELF", "an executable"),
    (b"BZh", "a bzip2 file (only gzip and zstd are read)"),
    (b"\xfd7zXZ", "an xz file (only gzip and zstd are read)"),
    (b"SQLite format 3\0", "an SQLite database"),
];

/// Magic that text could also begin with (`ORCID,name`): a match names
/// the format only when the bytes also hold a NUL.
const TEXT_LIKE_MAGIC: &[(&[u8], &str)] = &[
    (b"ORC", "an ORC file"),
    (
        b"FEA1",
        "a Feather v1 file (pandas' to_feather writes v2, which is read)",
    ),
];

pub use crate::inflate_cap::{decompressed_cap, DECOMPRESSED_MIN_CAP, DECOMPRESSED_RATIO_CAP};

/// The user's file, opened but not read.
#[derive(Debug, Clone)]
pub struct Source {
    /// The path as given.
    pub path: PathBuf,
    /// `gzip` or `zstd` when the file is compressed.
    pub compression: Option<&'static str>,
    /// Size of the file on disk.
    pub file_bytes: u64,
    /// Stop decompressing past this many bytes.
    pub cap: u64,
    /// A JSON document whose records are read as JSON Lines (see `jsondoc`).
    pub json: Option<crate::jsondoc::Records>,
}

/// Bytes of text read to sniff the format and decide the header.
pub const HEAD_BYTES: usize = 256 * 1024;

impl Source {
    /// Opens `path`: it must exist, be non-empty and not a known binary format.
    pub fn open(path: &Path) -> Result<Source, Error> {
        let mut file = open_file(path)?;
        let file_bytes = file
            .metadata()
            .map_err(|source| unreadable(path, source))?
            .len();
        let mut magic = [0u8; 8];
        let n = crate::records::read_full(&mut file, &mut magic)
            .map_err(|source| unreadable(path, source))?;
        if n == 0 {
            return Err(Error::Empty {
                path: path.to_path_buf(),
                decompressed: false,
            });
        }
        let compression = if magic[..n].starts_with(GZIP_MAGIC) {
            Some("gzip")
        } else if magic[..n].starts_with(ZSTD_MAGIC) {
            Some("zstd")
        } else {
            None
        };
        Ok(Source {
            path: path.to_path_buf(),
            compression,
            file_bytes,
            cap: decompressed_cap(file_bytes),
            json: None,
        })
    }

    /// The text, decompressed, as a stream (byte-order mark included; a
    /// JSON document's records one per line).
    pub fn reader(&self) -> Result<Box<dyn Read + Send>, Error> {
        let text = self.text_reader()?;
        Ok(match &self.json {
            Some(records) => Box::new(crate::jsondoc::Lines::new(text, records.clone())),
            None => text,
        })
    }

    fn text_reader(&self) -> Result<Box<dyn Read + Send>, Error> {
        let file = open_file(&self.path)?;
        let reader = std::io::BufReader::with_capacity(256 * 1024, file);
        Ok(match self.compression {
            None => Box::new(reader),
            Some(format) => {
                let decoder: Box<dyn Read + Send> = if format == "gzip" {
                    Box::new(flate2::read::MultiGzDecoder::new(reader))
                } else {
                    Box::new(zstd::stream::read::Decoder::with_buffer(reader).map_err(
                        |source| Error::Decompress {
                            path: self.path.clone(),
                            format,
                            source,
                        },
                    )?)
                };
                Box::new(Capped {
                    inner: decoder,
                    out: 0,
                    cap: self.cap,
                    disk: self.file_bytes,
                })
            }
        })
    }

    /// The plain file itself, for seeking (`None` when compressed, or a
    /// JSON document: its records are a stream).
    pub fn seekable(&self) -> Result<Option<File>, Error> {
        match (self.compression, &self.json) {
            (None, None) => open_file(&self.path).map(Some),
            _ => Ok(None),
        }
    }

    /// Whole records, checked as text, a chunk of about `size` bytes at a time.
    pub fn chunks(&self, framing: Framing, size: usize) -> Result<TextChunks, Error> {
        Ok(TextChunks {
            source: self.clone(),
            chunks: Chunks::new(self.reader()?, framing, size, MAX_RECORD),
            offset: 0,
            line: 1,
        })
    }

    /// The first records, up to about `max` bytes, checked as text: what
    /// the format is sniffed and the header decided from. A compressed
    /// file is refused as binary (or a bomb) from these bytes alone.
    pub fn head(&self, max: usize) -> Result<String, Error> {
        let mut bytes = vec![0u8; max];
        let mut reader = self.reader()?;
        let n = crate::records::read_full(&mut reader, &mut bytes)
            .map_err(|source| read_error(&self.path, self.compression, source))?;
        bytes.truncate(n);
        let whole = n < max;
        // NUL bytes and binary magic are checked on all that was read; the
        // cut below must not hide them.
        if let Err(e) = check_text(&self.path, bytes.clone(), 0, Some(1)) {
            let cut_utf8 = matches!(e, Error::Binary { why: "invalid UTF-8", offset, .. } | Error::NotUtf8 { offset, .. } if offset + 4 > n as u64);
            if whole || !cut_utf8 {
                return Err(e);
            }
        }
        if !whole {
            // Only whole lines (or, with none, whole characters).
            let keep = match memchr::memrchr(b'\n', &bytes) {
                Some(i) => i + 1,
                None => std::str::from_utf8(&bytes).map_or_else(|e| e.valid_up_to(), |s| s.len()),
            };
            bytes.truncate(keep);
        }
        if bytes.is_empty() && whole {
            return Err(Error::Empty {
                path: self.path.clone(),
                decompressed: self.compression.is_some(),
            });
        }
        let text = check_text(&self.path, bytes, 0, Some(1))?;
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_string();
        if whole && text.trim().is_empty() {
            return Err(Error::Empty {
                path: self.path.clone(),
                decompressed: self.compression.is_some(),
            });
        }
        Ok(text)
    }
}

/// The longest single record (line, CSV row) read: a file with none
/// shorter is not row data, or needs splitting first.
pub const MAX_RECORD: usize = 64 << 20;

/// Whole records as checked text, with where they are in the input.
pub struct TextChunks {
    source: Source,
    chunks: Chunks<Box<dyn Read + Send>>,
    offset: u64,
    line: u64,
}

/// Records of the input as text.
pub struct TextChunk {
    /// The records (the file's byte-order mark removed).
    pub text: String,
    /// Offsets just past each record in `text`.
    pub ends: Vec<usize>,
    /// 1-based line of the input where `text` starts.
    pub first_line: u64,
    /// Bytes of text before this chunk.
    pub offset: u64,
}

impl TextChunks {
    /// The next chunk, or `None` at the end of the input.
    pub fn next_chunk(&mut self) -> Result<Option<TextChunk>, Error> {
        let source = &self.source;
        let Some(chunk) = self
            .chunks
            .next_chunk()
            .map_err(|e| e.into_error(&source.path, source.compression))?
        else {
            return Ok(None);
        };
        let offset = self.offset;
        self.offset += chunk.bytes.len() as u64;
        let first_line = self.line;
        self.line += memchr::memchr_iter(b'\n', &chunk.bytes).count() as u64;
        let mut text = check_text(&source.path, chunk.bytes, offset, Some(first_line))?;
        let mut ends = chunk.ends;
        if offset == 0 && text.starts_with('\u{feff}') {
            let bom = '\u{feff}'.len_utf8();
            text.drain(..bom);
            ends.iter_mut().for_each(|e| *e -= bom);
        }
        Ok(Some(TextChunk {
            text,
            ends,
            first_line,
            offset,
        }))
    }

    /// Bytes of text handed out so far.
    pub fn position(&self) -> u64 {
        self.offset
    }

    /// Where a consumer gives a chunk's text back when done with it, so
    /// that its buffer takes a later chunk.
    pub fn recycler(&self) -> crate::records::Recycler {
        self.chunks.recycler()
    }
}

/// Checks that `bytes` (starting `offset` bytes into the text) are text:
/// no known binary magic at the start, no NUL, valid UTF-8. `first_line`:
/// the line they start on, where known.
pub fn check_text(
    path: &Path,
    bytes: Vec<u8>,
    offset: u64,
    first_line: Option<u64>,
) -> Result<String, Error> {
    let binary = |at: u64, why| Error::Binary {
        path: path.to_path_buf(),
        offset: at,
        why,
    };
    if offset == 0 {
        if let Some((_, what)) = BINARY_MAGIC.iter().find(|(m, _)| bytes.starts_with(m)) {
            return Err(binary(0, what));
        }
    }
    if let Some(at) = memchr::memchr(0, &bytes) {
        let named = TEXT_LIKE_MAGIC
            .iter()
            .find(|(m, _)| offset == 0 && bytes.starts_with(m));
        return Err(match named {
            Some((_, what)) => binary(0, what),
            None => binary(offset + at as u64, "a NUL byte"),
        });
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        match looks_like_text(bytes) {
            true => Error::NotUtf8 {
                path: path.to_path_buf(),
                offset: offset + at as u64,
                line: first_line
                    .map(|l| l + memchr::memchr_iter(b'\n', &bytes[..at]).count() as u64),
                byte: bytes[at],
            },
            false => binary(offset + at as u64, "invalid UTF-8"),
        }
    })
}

/// Whether `bytes` read as text in a single-byte encoding: hardly any
/// control characters besides tabs and line ends.
fn looks_like_text(bytes: &[u8]) -> bool {
    let controls = bytes
        .iter()
        .filter(|&&b| (b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r')) || b == 0x7f)
        .count();
    controls * 100 <= bytes.len()
}

fn open_file(path: &Path) -> Result<File, Error> {
    File::open(path).map_err(|source| match source.kind() {
        std::io::ErrorKind::NotFound => Error::Missing(path.to_path_buf()),
        _ => unreadable(path, source),
    })
}

/// Reads `len` bytes of the plain file at `offset` (fewer at its end).
pub fn read_at(path: &Path, file: &mut File, offset: u64, len: usize) -> Result<Vec<u8>, Error> {
    let mut buf = vec![0u8; len];
    let n = file
        .seek(SeekFrom::Start(offset))
        .and_then(|_| crate::records::read_full(file, &mut buf))
        .map_err(|source| unreadable(path, source))?;
    buf.truncate(n);
    Ok(buf)
}

/// A decompressor that fails once more than `cap` bytes have come out.
struct Capped<R> {
    inner: R,
    out: u64,
    cap: u64,
    disk: u64,
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.out += n as u64;
        if self.out > self.cap {
            return Err(std::io::Error::other(Bomb {
                cap: self.cap,
                disk: self.disk,
            }));
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn file(bytes: &[u8]) -> tempfile::NamedTempFile {
        let mut f = tempfile::NamedTempFile::new().unwrap();
        f.write_all(bytes).unwrap();
        f
    }

    fn head(path: &Path) -> Result<String, Error> {
        Source::open(path)?.head(HEAD_BYTES)
    }

    #[test]
    fn gzip_and_zstd_are_recognised_by_their_magic_bytes() {
        let text = b"a,b\n1,2\n";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text).unwrap();
        let f = file(&gz.finish().unwrap());
        assert_eq!(Source::open(f.path()).unwrap().compression, Some("gzip"));
        assert_eq!(head(f.path()).unwrap(), "a,b\n1,2\n");
        let f = file(&zstd::encode_all(&text[..], 3).unwrap());
        assert_eq!(Source::open(f.path()).unwrap().compression, Some("zstd"));
        assert_eq!(head(f.path()).unwrap(), "a,b\n1,2\n");
    }

    #[test]
    fn a_bomb_stops_while_inflating_and_the_message_gives_the_ratio() {
        let text = "a,b\n".repeat(1 << 20);
        let packed = zstd::encode_all(text.as_bytes(), 3).unwrap();
        let f = file(&packed);
        let mut source = Source::open(f.path()).unwrap();
        source.cap = 100_000;
        let e = source.head(HEAD_BYTES).unwrap_err().to_string();
        let ratio = 100_000 / packed.len();
        assert!(
            e.contains(&format!(
                "zstd data inflates to more than 100000 bytes from {} on disk (a ratio over {ratio}:1; the limit is 64:1",
                packed.len()
            )),
            "{e}"
        );
        assert_eq!(decompressed_cap(1_000), 1 << 30);
        assert_eq!(decompressed_cap(1 << 30), 64 << 30);
    }

    #[test]
    fn inflating_zeros_are_refused_as_binary_from_the_first_bytes() {
        // 64 MiB of zeros: refused after reading the head, not the whole.
        let zeros = vec![0u8; 64 << 20];
        let f = file(&zstd::encode_all(&zeros[..], 3).unwrap());
        let e = head(f.path()).unwrap_err().to_string();
        assert!(
            e.contains("looks like a binary file (a NUL byte at byte 0)"),
            "{e}"
        );
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let f = file("\u{feff}a,b\n1,2\n".as_bytes());
        assert_eq!(head(f.path()).unwrap(), "a,b\n1,2\n");
    }

    #[test]
    fn empty_binary_corrupt_and_missing_files_are_refused_clearly() {
        let f = file(b"");
        assert!(head(f.path())
            .unwrap_err()
            .to_string()
            .ends_with("the file is empty"));
        let f = file(b"a,b\n1,\x002\n");
        let e = head(f.path()).unwrap_err().to_string();
        assert!(
            e.contains("looks like a binary file (a NUL byte at byte 6)"),
            "{e}"
        );
        let f = file(b"ok\n\xff\xfe\x01\x02");
        let e = head(f.path()).unwrap_err().to_string();
        assert!(e.contains("(invalid UTF-8 at byte 3)"), "{e}");
        // Latin-1 text is text, named as such, with where and how to convert.
        let f = file(b"name,city\nAda,Z\xfcrich\n");
        let e = head(f.path()).unwrap_err().to_string();
        assert!(
            e.contains("text that is not UTF-8 (byte 0xfc at byte 15, line 2): likely Latin-1"),
            "{e}"
        );
        assert!(e.contains("iconv -f WINDOWS-1252 -t UTF-8"), "{e}");
        let f = file(b"PAR1....");
        assert!(head(f.path())
            .unwrap_err()
            .to_string()
            .contains("a Parquet file"));
        let f = file(b"ORC\x0a\x00\x0a");
        let e = head(f.path()).unwrap_err().to_string();
        assert!(e.contains("(an ORC file at byte 0)"), "{e}");
        let f = file(b"ORCID,name\n1,a\n");
        assert_eq!(head(f.path()).unwrap(), "ORCID,name\n1,a\n");
        let f = file(&[0x1f, 0x8b, 0x08, 0, 1, 2, 3]);
        let e = head(f.path()).unwrap_err().to_string();
        assert!(e.contains("gzip data is corrupt"), "{e}");
        let e = head(Path::new("/nonexistent/x.csv"))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "/nonexistent/x.csv: no such file");
        let gz_empty = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default())
            .finish()
            .unwrap();
        let f = file(&gz_empty);
        assert!(head(f.path())
            .unwrap_err()
            .to_string()
            .ends_with("empty once decompressed"));
    }
}
