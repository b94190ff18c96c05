//! JSON documents of records — a top-level array of objects, or an object
//! one of whose keys holds an array of objects — read as JSON Lines: a
//! streaming adapter hands the rest of the reader one record per line, so
//! sampling, inference, measuring and `--convert` work on documents of any
//! size exactly as on JSON Lines, holding a buffer, never the document.
//! Rows are numbered by record (line N of the stream is record N).

use std::io::{self, Read};

/// Which records of a document are the rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Records {
    /// The top-level key holding them; `None` for a top-level array.
    pub key: Option<String>,
}

impl Records {
    /// "the top-level array", "key 'data'".
    pub fn describe(&self) -> String {
        match &self.key {
            None => "the top-level array".into(),
            Some(k) => format!("key '{k}'"),
        }
    }
}

/// Whether the head of the text is a JSON document of records (and
/// which), or `None` for anything else (JSON Lines included). `key` is
/// `--json-path`: it chooses among several arrays of objects, and names
/// the array when the head does not show it. `Err` says why a document
/// cannot be read as records.
pub fn detect(head: &str, key: Option<&str>) -> Result<Option<Records>, String> {
    let text = head.trim_start_matches('\u{feff}').trim_start();
    if let Some(inside) = text.strip_prefix('[') {
        let inside = inside.trim_start();
        let records = inside.starts_with('{') || inside.starts_with(']');
        return Ok(records.then_some(Records { key: None }));
    }
    if !text.starts_with('{') || is_json_lines(text) {
        return Ok(None);
    }
    let found = arrays_of_objects(text.as_bytes());
    match key {
        Some(k) if found.iter().any(|f| f == k) || found.is_empty() => Ok(Some(Records {
            key: Some(k.to_string()),
        })),
        Some(k) => Err(format!(
            "no top-level key '{k}' holding an array of objects; found {}",
            found.join(", ")
        )),
        None => match found.as_slice() {
            [] => Ok(None),
            [one] => Ok(Some(Records {
                key: Some(one.clone()),
            })),
            several => Err(format!(
                "the document has several arrays of objects ({}); choose one with --json-path KEY",
                several
                    .iter()
                    .map(|k| format!("'{k}'"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        },
    }
}

/// JSON Lines: the first line is a whole object and so is the next one
/// (a one-line document is a single line, and is read as a document).
fn is_json_lines(text: &str) -> bool {
    let mut lines = text.lines().filter(|l| !l.trim().is_empty());
    let whole = |l: Option<&str>| {
        l.is_some_and(|l| serde_json::from_str::<serde::de::IgnoredAny>(l).is_ok())
    };
    whole(lines.next()) && whole(lines.next())
}

/// Top-level keys of the object `text` starts with whose value is an
/// array starting with an object, as far as `text` goes.
fn arrays_of_objects(text: &[u8]) -> Vec<String> {
    let mut found = Vec::new();
    let mut scan = Scanner::default();
    let mut key: Option<Vec<u8>> = None;
    let mut i = 0;
    while i < text.len() {
        let b = text[i];
        let event = scan.step(b);
        match event {
            Event::KeyDone(k) => key = Some(k),
            Event::ValueStart if key.is_some() && b == b'[' => {
                let rest = &text[i + 1..];
                let first = rest.iter().find(|c| !c.is_ascii_whitespace());
                if first == Some(&b'{') {
                    if let Some(k) = key.take() {
                        found.push(String::from_utf8_lossy(&k).into_owned());
                    }
                }
            }
            Event::ValueStart => key = None,
            _ => {}
        }
        i += 1;
    }
    found
}

/// What one byte of a top-level object meant.
#[derive(Debug, PartialEq)]
enum Event {
    None,
    /// A top-level key's closing quote: its raw bytes.
    KeyDone(Vec<u8>),
    /// The first byte of a top-level value.
    ValueStart,
}

/// Follows a top-level object byte by byte: strings, depth, which strings
/// are keys. Enough to find keys and skip values; not a validator.
#[derive(Default)]
struct Scanner {
    depth: u32,
    in_string: bool,
    escaped: bool,
    /// At depth 1, the next string is a key.
    expect_key: bool,
    /// At depth 1 after a key's colon: the next non-space byte starts its value.
    expect_value: bool,
    key: Option<Vec<u8>>,
}

impl Scanner {
    fn step(&mut self, b: u8) -> Event {
        if self.in_string {
            if let Some(k) = &mut self.key {
                k.push(b);
            }
            match (self.escaped, b) {
                (true, _) => self.escaped = false,
                (false, b'\\') => self.escaped = true,
                (false, b'"') => {
                    self.in_string = false;
                    if let Some(mut k) = self.key.take() {
                        k.pop();
                        return Event::KeyDone(k);
                    }
                }
                _ => {}
            }
            return Event::None;
        }
        if self.depth == 1 && self.expect_value && !b.is_ascii_whitespace() {
            self.expect_value = false;
            self.open_or_close(b);
            return Event::ValueStart;
        }
        match b {
            b'"' => {
                self.in_string = true;
                if self.depth == 1 && self.expect_key {
                    self.expect_key = false;
                    self.key = Some(Vec::new());
                }
            }
            b':' if self.depth == 1 => self.expect_value = true,
            b',' if self.depth == 1 => self.expect_key = true,
            _ => self.open_or_close(b),
        }
        Event::None
    }

    fn open_or_close(&mut self, b: u8) {
        match b {
            b'"' => self.in_string = true,
            b'{' | b'[' => {
                self.depth += 1;
                if self.depth == 1 {
                    self.expect_key = b == b'{';
                }
            }
            b'}' | b']' => self.depth = self.depth.saturating_sub(1),
            _ => {}
        }
    }
}

/// Where the adapter is in the document.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Phase {
    /// Before the records' array.
    Prefix,
    /// Between records: space, commas, the closing bracket.
    Between,
    /// Inside a record, copying it out.
    Record,
    /// After the records' array: the rest is read and dropped.
    Done,
}

/// The records of a JSON document, one compact object per line.
pub struct Lines<R> {
    inner: R,
    records: Records,
    phase: Phase,
    scan: Scanner,
    /// Top-level key just read, waiting for its value.
    key: Option<Vec<u8>>,
    /// Record depth, and the string state, while copying.
    depth: u32,
    in_string: bool,
    escaped: bool,
    /// A record just closed: its line end comes next.
    newline_due: bool,
    /// Records seen; bytes of the document read.
    count: u64,
    offset: u64,
    input: Vec<u8>,
    at: usize,
    filled: usize,
}

impl<R: Read> Lines<R> {
    /// The records `records` names in the document `inner` reads.
    pub fn new(inner: R, records: Records) -> Self {
        Lines {
            inner,
            records,
            phase: Phase::Prefix,
            scan: Scanner::default(),
            key: None,
            depth: 0,
            in_string: false,
            escaped: false,
            newline_due: false,
            count: 0,
            offset: 0,
            input: vec![0; 64 * 1024],
            at: 0,
            filled: 0,
        }
    }

    fn fail(&self, why: String) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "JSON document, byte {}: {why} ({} of {})",
                self.offset,
                match self.count {
                    0 => "before the first record".to_string(),
                    n => format!("after record {n}"),
                },
                self.records.describe()
            ),
        )
    }

    /// Consumes one byte of the document; `Some(b)` is a byte of output.
    fn byte(&mut self, b: u8) -> io::Result<Option<u8>> {
        match self.phase {
            Phase::Prefix => self.prefix(b),
            Phase::Between => match b {
                b'{' => {
                    self.phase = Phase::Record;
                    self.depth = 1;
                    Ok(Some(b'{'))
                }
                b']' => {
                    self.phase = Phase::Done;
                    Ok(None)
                }
                b',' => Ok(None),
                b if b.is_ascii_whitespace() => Ok(None),
                other => Err(self.fail(format!(
                    "record {} is not an object (it starts with '{}')",
                    self.count + 1,
                    other.escape_ascii()
                ))),
            },
            Phase::Record => Ok(self.record(b)),
            Phase::Done => Ok(None),
        }
    }

    fn prefix(&mut self, b: u8) -> io::Result<Option<u8>> {
        let Some(wanted) = self.records.key.clone() else {
            return match b {
                b'[' => {
                    self.phase = Phase::Between;
                    Ok(None)
                }
                // Whitespace, and a byte-order mark.
                b if b.is_ascii_whitespace() => Ok(None),
                0xef | 0xbb | 0xbf if self.offset < 3 => Ok(None),
                _ => Err(self.fail("expected '[' to open the array of records".into())),
            };
        };
        match self.scan.step(b) {
            Event::KeyDone(k) => self.key = Some(k),
            Event::ValueStart if self.key.as_deref() == Some(wanted.as_bytes()) => {
                if b != b'[' {
                    return Err(self.fail(format!("key '{wanted}' does not hold an array")));
                }
                self.phase = Phase::Between;
            }
            Event::ValueStart => self.key = None,
            Event::None => {}
        }
        if self.scan.depth == 0 && b == b'}' {
            return Err(self.fail(format!("no top-level key '{wanted}'")));
        }
        Ok(None)
    }

    fn record(&mut self, b: u8) -> Option<u8> {
        if self.in_string {
            match (self.escaped, b) {
                (true, _) => self.escaped = false,
                (false, b'\\') => self.escaped = true,
                (false, b'"') => self.in_string = false,
                _ => {}
            }
            return Some(b);
        }
        match b {
            b'"' => self.in_string = true,
            b'{' | b'[' => self.depth += 1,
            b'}' | b']' => {
                self.depth -= 1;
                if self.depth == 0 {
                    self.phase = Phase::Between;
                    self.count += 1;
                    self.newline_due = true;
                }
            }
            // Line ends outside strings are only layout: one record, one line.
            b'\n' | b'\r' => return None,
            _ => {}
        }
        Some(b)
    }
}

impl<R: Read> Read for Lines<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let mut n = 0;
        while n < out.len() {
            if self.newline_due {
                out[n] = b'\n';
                n += 1;
                self.newline_due = false;
                continue;
            }
            if self.at == self.filled {
                if n > 0 {
                    break;
                }
                self.filled = self.inner.read(&mut self.input)?;
                self.at = 0;
                if self.filled == 0 {
                    return match self.phase {
                        Phase::Done => Ok(0),
                        Phase::Prefix => Err(self.fail(match &self.records.key {
                            None => "expected '[' to open the array of records".into(),
                            Some(k) => format!("no top-level key '{k}'"),
                        })),
                        _ => Err(self.fail("the document ends inside the array of records".into())),
                    };
                }
            }
            let b = self.input[self.at];
            let emitted = self.byte(b)?;
            self.at += 1;
            self.offset += 1;
            if let Some(byte) = emitted {
                out[n] = byte;
                n += 1;
            }
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(doc: &str, key: Option<&str>) -> io::Result<String> {
        let records = Records {
            key: key.map(String::from),
        };
        let mut out = String::new();
        Lines::new(doc.as_bytes(), records).read_to_string(&mut out)?;
        Ok(out)
    }

    /// Reads through `size`-byte output buffers (the reader may be asked for 1 byte).
    fn lines_by(doc: &str, key: Option<&str>, size: usize) -> String {
        let mut reader = Lines::new(
            doc.as_bytes(),
            Records {
                key: key.map(String::from),
            },
        );
        let (mut out, mut buf) = (Vec::new(), vec![0u8; size]);
        loop {
            match reader.read(&mut buf).unwrap() {
                0 => break,
                n => out.extend_from_slice(&buf[..n]),
            }
        }
        String::from_utf8(out).unwrap()
    }

    const PRETTY: &str = r#"{
  "meta": {"source": "x", "list": [1, 2]},
  "count": 2,
  "data": [
    {
      "id": 1,
      "name": "a \"quoted\" {brace}",
      "tags": ["x", "y"],
      "where": {"lat": 1.5,
                "lon": -2}
    },
    {"id": 2, "name": "line\nbreak", "tags": [], "where": null}
  ],
  "after": [{"not": "these"}]
}"#;

    #[test]
    fn a_keyed_array_of_pretty_records_becomes_one_compact_line_each() {
        let expected = concat!(
            "{      \"id\": 1,      \"name\": \"a \\\"quoted\\\" {brace}\",      \"tags\": [\"x\", \"y\"],      \"where\": {\"lat\": 1.5,                \"lon\": -2}    }\n",
            "{\"id\": 2, \"name\": \"line\\nbreak\", \"tags\": [], \"where\": null}\n"
        );
        assert_eq!(lines(PRETTY, Some("data")).unwrap(), expected);
        for size in [1, 2, 7, 64] {
            assert_eq!(lines_by(PRETTY, Some("data"), size), expected);
        }
        // Each line is a JSON object again.
        for line in expected.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert!(v.is_object());
        }
    }

    #[test]
    fn a_top_level_array_is_read_whatever_its_layout() {
        let doc = "\u{feff}[\n {\"a\": 1},\n {\"a\": [2, {\"b\": 3}]}\n]\n";
        assert_eq!(
            lines(doc, None).unwrap(),
            "{\"a\": 1}\n{\"a\": [2, {\"b\": 3}]}\n"
        );
        assert_eq!(lines("[]", None).unwrap(), "");
    }

    #[test]
    fn detection_tells_documents_from_json_lines_and_names_the_key() {
        let keyed = |k: &str| {
            Ok(Some(Records {
                key: Some(k.into()),
            }))
        };
        assert!(detect(PRETTY, None)
            .unwrap_err()
            .contains("('data', 'after')"));
        assert_eq!(detect(PRETTY, Some("data")), keyed("data"));
        let one = PRETTY.replace("\"after\": [{\"not\": \"these\"}]", "\"after\": []");
        assert_eq!(detect(&one, None), keyed("data"));
        assert_eq!(detect("[{\"a\":1}]", None), Ok(Some(Records { key: None })));
        assert_eq!(detect("[ ]", None), Ok(Some(Records { key: None })));
        // JSON Lines, CSV, a plain array of numbers: not documents of records.
        assert_eq!(detect("{\"a\":1}\n{\"a\":2}\n", None), Ok(None));
        assert_eq!(detect("a,b\n1,2\n", None), Ok(None));
        assert_eq!(detect("[1, 2, 3]", None), Ok(None));
        // One line holding one object with records is a document.
        assert_eq!(
            detect("{\"rows\": [{\"a\": 1}, {\"a\": 2}]}", None),
            keyed("rows")
        );
        // Several candidates: the user chooses.
        let two = "{\"a\": [{\"x\": 1}],\n \"b\": [{\"y\": 2}]}";
        let e = detect(two, None).unwrap_err();
        assert!(
            e.contains("'a', 'b'") && e.contains("--json-path KEY"),
            "{e}"
        );
        assert_eq!(detect(two, Some("b")), keyed("b"));
        let e = detect(two, Some("c")).unwrap_err();
        assert!(e.contains("no top-level key 'c'"), "{e}");
    }

    #[test]
    fn documents_that_are_not_records_fail_saying_where() {
        let e = lines("{\"data\": 5}", Some("data"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("key 'data' does not hold an array"), "{e}");
        let e = lines("{\"data\": [{\"a\": 1}, 7]}", Some("data"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("record 2 is not an object") && e.contains("after record 1"),
            "{e}"
        );
        let e = lines("{\"other\": []}", Some("data"))
            .unwrap_err()
            .to_string();
        assert!(e.contains("no top-level key 'data'"), "{e}");
        let e = lines("[{\"a\": 1}, {\"a\"", None).unwrap_err().to_string();
        assert!(e.contains("ends inside the array of records"), "{e}");
    }
}
