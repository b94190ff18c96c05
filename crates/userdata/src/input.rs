//! Opening the user's file: gzip and zstd recognised by their magic bytes
//! (not the name) and decompressed in memory; an empty or binary file
//! refused with a message saying so. The input is only ever read.

use crate::Error;
use std::io::Read;
use std::path::{Path, PathBuf};

/// The file's text, decompressed.
#[derive(Debug)]
pub struct Input {
    /// The path as given.
    pub path: PathBuf,
    /// The text (valid UTF-8 was checked).
    pub text: String,
    /// `gzip` or `zstd` when the file was compressed.
    pub compression: Option<&'static str>,
    /// Size of the file on disk.
    pub file_bytes: u64,
}

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
];

/// Reads `path`, decompressing gzip or zstd, and checks it is non-empty text.
pub fn open(path: &Path) -> Result<Input, Error> {
    let raw = std::fs::read(path).map_err(|source| match source.kind() {
        std::io::ErrorKind::NotFound => Error::Missing(path.to_path_buf()),
        _ => Error::Unreadable {
            path: path.to_path_buf(),
            source,
        },
    })?;
    if raw.is_empty() {
        return Err(Error::Empty {
            path: path.to_path_buf(),
            decompressed: false,
        });
    }
    let file_bytes = raw.len() as u64;
    let cap = decompressed_cap(raw.len());
    let (bytes, compression) = decompress(path, raw, cap)?;
    if bytes.is_empty() {
        return Err(Error::Empty {
            path: path.to_path_buf(),
            decompressed: true,
        });
    }
    let binary = |offset, why| Error::Binary {
        path: path.to_path_buf(),
        offset,
        why,
    };
    if let Some((_, what)) = BINARY_MAGIC.iter().find(|(m, _)| bytes.starts_with(m)) {
        return Err(binary(0, what));
    }
    if let Some(offset) = memchr::memchr(0, &bytes) {
        return Err(binary(offset, "a NUL byte"));
    }
    let mut text = String::from_utf8(bytes)
        .map_err(|e| binary(e.utf8_error().valid_up_to(), "invalid UTF-8"))?;
    // A byte-order mark (spreadsheet exports) is not part of the first column's name.
    if text.starts_with('\u{feff}') {
        text.drain(..'\u{feff}'.len_utf8());
    }
    if text.trim().is_empty() {
        return Err(Error::Empty {
            path: path.to_path_buf(),
            decompressed: compression.is_some(),
        });
    }
    Ok(Input {
        path: path.to_path_buf(),
        text,
        compression,
        file_bytes,
    })
}

/// Decompressed text is held in memory: at most 4 GiB, or 64 times the
/// compressed size when that is larger (real CSV and logs compress 5 to
/// 30 times), so a small "compression bomb" stops with a message instead
/// of exhausting memory.
pub const DECOMPRESSED_MIN_CAP: u64 = 4 << 30;
/// See [`DECOMPRESSED_MIN_CAP`].
pub const DECOMPRESSED_RATIO_CAP: u64 = 64;

/// The most bytes a compressed input of `compressed` bytes may decompress to.
pub fn decompressed_cap(compressed: usize) -> u64 {
    (compressed as u64)
        .saturating_mul(DECOMPRESSED_RATIO_CAP)
        .max(DECOMPRESSED_MIN_CAP)
}

fn decompress(
    path: &Path,
    raw: Vec<u8>,
    cap: u64,
) -> Result<(Vec<u8>, Option<&'static str>), Error> {
    let (format, reader): (&'static str, Box<dyn Read + '_>) = if raw.starts_with(GZIP_MAGIC) {
        (
            "gzip",
            Box::new(flate2::read::MultiGzDecoder::new(&raw[..])),
        )
    } else if raw.starts_with(ZSTD_MAGIC) {
        let decoder =
            zstd::stream::read::Decoder::new(&raw[..]).map_err(|source| Error::Decompress {
                path: path.to_path_buf(),
                format: "zstd",
                source,
            })?;
        ("zstd", Box::new(decoder))
    } else {
        return Ok((raw, None));
    };
    let mut out = Vec::new();
    // One byte past the cap tells "exactly the cap" from "more".
    reader
        .take(cap.saturating_add(1))
        .read_to_end(&mut out)
        .map_err(|source| Error::Decompress {
            path: path.to_path_buf(),
            format,
            source,
        })?;
    if out.len() as u64 > cap {
        return Err(Error::Inflated {
            path: path.to_path_buf(),
            format,
            cap,
        });
    }
    Ok((out, Some(format)))
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

    #[test]
    fn gzip_and_zstd_are_recognised_by_their_magic_bytes() {
        let text = b"a,b\n1,2\n";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(text).unwrap();
        let f = file(&gz.finish().unwrap());
        let input = open(f.path()).unwrap();
        assert_eq!(
            (input.text.as_str(), input.compression),
            ("a,b\n1,2\n", Some("gzip"))
        );
        let f = file(&zstd::encode_all(&text[..], 3).unwrap());
        let input = open(f.path()).unwrap();
        assert_eq!(
            (input.text.as_str(), input.compression),
            ("a,b\n1,2\n", Some("zstd"))
        );
    }

    #[test]
    fn decompression_stops_at_the_cap() {
        let text = vec![b'a'; 10_000];
        let packed = zstd::encode_all(&text[..], 3).unwrap();
        let path = Path::new("bomb.csv.zst");
        let e = decompress(path, packed.clone(), 9_999)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "bomb.csv.zst: zstd data decompresses to more than 9999 bytes (the limit: 4 GiB, or 64 × the compressed size when larger); decompress it yourself if it is genuine"
        );
        let (out, format) = decompress(path, packed, 10_000).unwrap();
        assert_eq!((out.len(), format), (10_000, Some("zstd")));
        assert_eq!(decompressed_cap(1_000), 4 << 30);
        assert_eq!(decompressed_cap(1 << 30), 64 << 30);
    }

    #[test]
    fn a_byte_order_mark_is_dropped() {
        let f = file("\u{feff}a,b\n1,2\n".as_bytes());
        assert_eq!(open(f.path()).unwrap().text, "a,b\n1,2\n");
    }

    #[test]
    fn empty_binary_corrupt_and_missing_files_are_refused_clearly() {
        let f = file(b"");
        assert!(open(f.path())
            .unwrap_err()
            .to_string()
            .ends_with("the file is empty"));
        let f = file(b"a,b\n1,\x002\n");
        let e = open(f.path()).unwrap_err().to_string();
        assert!(
            e.contains("looks like a binary file (a NUL byte at byte 6)"),
            "{e}"
        );
        let f = file(b"ok\n\xff\xfe");
        let e = open(f.path()).unwrap_err().to_string();
        assert!(e.contains("(invalid UTF-8 at byte 3)"), "{e}");
        let f = file(b"PAR1....");
        assert!(open(f.path())
            .unwrap_err()
            .to_string()
            .contains("a Parquet file"));
        let f = file(&[0x1f, 0x8b, 0x08, 0, 1, 2, 3]);
        let e = open(f.path()).unwrap_err().to_string();
        assert!(e.contains("gzip data is corrupt"), "{e}");
        let e = open(Path::new("/nonexistent/x.csv"))
            .unwrap_err()
            .to_string();
        assert_eq!(e, "/nonexistent/x.csv: no such file");
        let gz_empty = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default())
            .finish()
            .unwrap();
        let f = file(&gz_empty);
        assert!(open(f.path())
            .unwrap_err()
            .to_string()
            .ends_with("empty once decompressed"));
    }
}
