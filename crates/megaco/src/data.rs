//! The 149 real messages of Erlang/OTP's megaco timing test
//! (`time_test.msgs`): one Erlang term, `{pretty, [{Name, <<"…">>}, …]}.`,
//! whose binaries hold pretty text with Erlang string escapes.

use std::fmt;
use std::path::{Path, PathBuf};

/// Where the file sits inside the data directory.
pub const RELATIVE_PATH: &str = "megaco/time_test.msgs";

/// One named message, escapes undone (the wire bytes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NamedMessage {
    /// The Erlang atom naming it (`msg01a`).
    pub name: String,
    /// Its pretty text.
    pub text: Vec<u8>,
}

/// Why the messages could not be loaded.
#[derive(Debug)]
pub enum DataError {
    /// No copy of the file was found.
    Absent {
        /// Every place looked in.
        tried: Vec<PathBuf>,
    },
    /// Reading it failed.
    Io(PathBuf, std::io::Error),
    /// It is not the expected term.
    Syntax {
        /// The file.
        path: PathBuf,
        /// Byte offset of the problem.
        offset: usize,
        /// What was wrong.
        message: &'static str,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Absent { tried } => {
                write!(
                    f,
                    "the megaco messages (time_test.msgs) are absent; looked in"
                )?;
                for (i, p) in tried.iter().enumerate() {
                    write!(f, "{} {}", if i == 0 { "" } else { "," }, p.display())?;
                }
                Ok(())
            }
            DataError::Io(p, e) => write!(f, "reading {}: {e}", p.display()),
            DataError::Syntax {
                path,
                offset,
                message,
            } => write!(f, "{}: byte {offset}: {message}", path.display()),
        }
    }
}

impl std::error::Error for DataError {}

/// Finds the file: `<data_dir>/megaco/time_test.msgs`, else Debian's
/// `erlang-examples` copy (`/usr/lib/erlang/lib/megaco-*/examples/meas/`).
pub fn locate(data_dir: Option<&Path>) -> Result<PathBuf, DataError> {
    let mut tried = Vec::new();
    if let Some(d) = data_dir {
        let p = d.join(RELATIVE_PATH);
        if p.is_file() {
            return Ok(p);
        }
        tried.push(p);
    }
    let lib = Path::new("/usr/lib/erlang/lib");
    match newest_messages(lib) {
        Some(p) => Ok(p),
        None => {
            tried.push(lib.join("megaco-*/examples/meas/time_test.msgs"));
            Err(DataError::Absent { tried })
        }
    }
}

/// The messages of the newest `megaco-*` application under `lib`.
fn newest_messages(lib: &Path) -> Option<PathBuf> {
    // Keyed by numeric version, so that 4.10 sorts after 4.9.
    let mut found: Vec<(Vec<u32>, PathBuf)> = std::fs::read_dir(lib)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let file = e.path().join("examples/meas/time_test.msgs");
            (name.starts_with("megaco-") && file.is_file()).then(|| (version_of(&name), file))
        })
        .collect();
    found.sort(); // the highest version last
    found.pop().map(|(_, p)| p)
}

/// The numeric version of an OTP application directory name
/// (`megaco-4.10.1` → `[4, 10, 1]`); a component's non-digit tail is
/// ignored, a component without digits counts as 0.
fn version_of(dir: &str) -> Vec<u32> {
    let version = dir.split_once('-').map_or("", |(_, v)| v);
    version
        .split('.')
        .map(|part| {
            let digits = part.bytes().take_while(u8::is_ascii_digit).count();
            part[..digits].parse().unwrap_or(0)
        })
        .collect()
}

/// Locates and loads the messages.
pub fn load(data_dir: Option<&Path>) -> Result<Vec<NamedMessage>, DataError> {
    let path = locate(data_dir)?;
    let bytes = std::fs::read(&path).map_err(|e| DataError::Io(path.clone(), e))?;
    parse_term(&bytes).map_err(|(offset, message)| DataError::Syntax {
        path,
        offset,
        message,
    })
}

/// Parses `{pretty, [{Name, <<"…">>}, …]}.`; errors carry a byte offset.
pub fn parse_term(s: &[u8]) -> Result<Vec<NamedMessage>, (usize, &'static str)> {
    let mut r = Reader { s, i: 0 };
    r.expect(b'{')?;
    r.ws();
    let at = r.i;
    if r.atom()? != "pretty" {
        return Err((at, "expected the atom `pretty`"));
    }
    r.expect(b',')?;
    r.expect(b'[')?;
    let mut out = Vec::new();
    if !r.eat(b']') {
        loop {
            r.expect(b'{')?;
            let name = r.atom()?;
            r.expect(b',')?;
            r.expect(b'<')?;
            r.expect(b'<')?;
            let text = r.string()?;
            r.expect(b'>')?;
            r.expect(b'>')?;
            r.expect(b'}')?;
            out.push(NamedMessage { name, text });
            if !r.eat(b',') {
                break;
            }
        }
        r.expect(b']')?;
    }
    r.expect(b'}')?;
    r.expect(b'.')?;
    r.ws();
    if r.i != s.len() {
        return Err((r.i, "unexpected text after the term"));
    }
    Ok(out)
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn ws(&mut self) {
        while let Some(&b) = self.s.get(self.i) {
            if b == b'%' {
                while self.s.get(self.i).is_some_and(|&b| b != b'\n') {
                    self.i += 1;
                }
            } else if b.is_ascii_whitespace() {
                self.i += 1;
            } else {
                break;
            }
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8) -> Result<(), (usize, &'static str)> {
        if self.eat(c) {
            Ok(())
        } else {
            Err((self.i, "unexpected character in the Erlang term"))
        }
    }

    /// A plain atom: a lower-case letter then letters, digits, `_`, `@`.
    fn atom(&mut self) -> Result<String, (usize, &'static str)> {
        self.ws();
        let start = self.i;
        if !self.s.get(self.i).is_some_and(u8::is_ascii_lowercase) {
            return Err((start, "expected an atom"));
        }
        while self
            .s
            .get(self.i)
            .is_some_and(|&b| b.is_ascii_alphanumeric() || b == b'_' || b == b'@')
        {
            self.i += 1;
        }
        Ok(self.s[start..self.i].iter().map(|&b| b as char).collect())
    }

    /// `"…"` with Erlang's escapes undone.
    fn string(&mut self) -> Result<Vec<u8>, (usize, &'static str)> {
        self.expect(b'"')?;
        let mut out = Vec::new();
        loop {
            let at = self.i;
            let Some(&b) = self.s.get(self.i) else {
                return Err((at, "unterminated string"));
            };
            self.i += 1;
            match b {
                b'"' => return Ok(out),
                b'\\' => out.push(self.escape(at)?),
                _ => out.push(b),
            }
        }
    }

    /// The byte an escape (after its backslash) stands for.
    fn escape(&mut self, at: usize) -> Result<u8, (usize, &'static str)> {
        let Some(&c) = self.s.get(self.i) else {
            return Err((at, "unterminated escape"));
        };
        self.i += 1;
        Ok(match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' => 27,
            b's' => b' ',
            b'd' => 127,
            b'0'..=b'7' => {
                // Up to three octal digits.
                let mut v = u32::from(c - b'0');
                for _ in 0..2 {
                    match self.s.get(self.i) {
                        Some(&d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            self.i += 1;
                        }
                        _ => break,
                    }
                }
                u8::try_from(v).map_err(|_| (at, "octal escape above 255"))?
            }
            b'x' => {
                let start = self.i;
                let hex = |b: u8| (b as char).to_digit(16);
                let v = match self.s.get(self.i) {
                    Some(b'{') => {
                        let end = self.s[start..]
                            .iter()
                            .position(|&b| b == b'}')
                            .ok_or((at, "unterminated `\\x{`"))?;
                        let digits = &self.s[start + 1..start + end];
                        self.i = start + end + 1;
                        if digits.is_empty() || digits.len() > 2 {
                            return Err((at, "`\\x{…}` must hold one or two hex digits"));
                        }
                        digits
                            .iter()
                            .try_fold(0u32, |v, &d| hex(d).map(|d| v * 16 + d))
                    }
                    _ => {
                        let two = self
                            .s
                            .get(start..start + 2)
                            .ok_or((at, "short `\\x` escape"))?;
                        self.i += 2;
                        two.iter()
                            .try_fold(0u32, |v, &d| hex(d).map(|d| v * 16 + d))
                    }
                };
                u8::try_from(v.ok_or((at, "bad hex digit in `\\x` escape"))?)
                    .map_err(|_| (at, "hex escape above 255"))?
            }
            b'^' => {
                let Some(&l) = self.s.get(self.i) else {
                    return Err((at, "unterminated `\\^` escape"));
                };
                self.i += 1;
                l & 31
            }
            other => other, // `\"`, `\\`, `\'` and any other byte stand for themselves
        })
    }
}

#[cfg(test)]
mod version_tests {
    use super::{newest_messages, version_of};
    use std::path::Path;

    #[test]
    fn the_newest_megaco_wins() {
        let lib = std::env::temp_dir().join(format!("encbench-megaco-lib-{}", std::process::id()));
        for dir in ["megaco-4.9", "megaco-4.10", "megaco-5.0", "other-9.0"] {
            let meas = lib.join(dir).join("examples/meas");
            std::fs::create_dir_all(&meas).unwrap();
            if dir != "megaco-5.0" {
                std::fs::write(meas.join("time_test.msgs"), "").unwrap();
            }
        }
        let found = newest_messages(&lib);
        std::fs::remove_dir_all(&lib).unwrap();
        // 5.0 lacks the file; 4.10 is newer than 4.9.
        assert_eq!(
            found.as_deref(),
            Some(
                lib.join("megaco-4.10/examples/meas/time_test.msgs")
                    .as_path()
            )
        );
        assert_eq!(newest_messages(Path::new("/nonexistent")), None);
    }

    #[test]
    fn versions_compare_numerically() {
        assert_eq!(version_of("megaco-4.10.1"), [4, 10, 1]);
        assert_eq!(version_of("megaco-4.7rc1"), [4, 7]);
        let mut dirs = ["megaco-4.10", "megaco-4.9", "megaco-4.9.2", "megaco-3.19"];
        dirs.sort_by_key(|d| version_of(d));
        assert_eq!(
            dirs,
            ["megaco-3.19", "megaco-4.9", "megaco-4.9.2", "megaco-4.10"]
        );
    }
}
