//! The text parser: one pass over the bytes, recursive descent, accepting
//! pretty and compact tokens alike (RFC 3525 tokens are case-insensitive and
//! have a long and a short form). Scanned words are borrowed slices; only
//! what the model keeps is copied. Nesting is capped, so hostile input
//! cannot exhaust the stack.

mod audit;
mod commands;
mod desc;
mod events;
mod message;
mod services;

use crate::error::ParseError;
use crate::model::MegacoMessage;
use crate::tokens::{self, Kw};

/// Parses one message in pretty or compact text.
pub fn parse(src: &[u8]) -> Result<MegacoMessage, ParseError> {
    let mut p = P {
        s: src,
        i: 0,
        depth: 0,
    };
    p.message().map_err(|f| ParseError::at(src, f.at, f.msg))
}

/// Deepest `{`/`[` nesting accepted (the real messages reach 13).
pub(crate) const MAX_DEPTH: u32 = 48;

/// A failure inside the parser: where and what; line and column are only
/// worked out when it reaches the caller.
#[derive(Debug)]
pub(crate) struct Fail {
    at: usize,
    msg: &'static str,
}

type R<T> = Result<T, Fail>;

/// RFC 3525 `SafeChar`: the bytes a bare word may hold.
const fn safe_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric()
            || matches!(
                b,
                b'+' | b'-'
                    | b'&'
                    | b'!'
                    | b'_'
                    | b'/'
                    | b'\''
                    | b'?'
                    | b'@'
                    | b'^'
                    | b'`'
                    | b'~'
                    | b'*'
                    | b'$'
                    | b'\\'
                    | b'('
                    | b')'
                    | b'%'
                    | b'|'
                    | b'.'
            );
        c += 1;
    }
    t
}

pub(crate) static SAFE: [bool; 256] = safe_table();

/// Parser state: the input, the cursor and the nesting depth.
pub(crate) struct P<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl<'a> P<'a> {
    fn fail<T>(&self, msg: &'static str) -> R<T> {
        Err(Fail { at: self.i, msg })
    }

    fn fail_at<T>(&self, at: usize, msg: &'static str) -> R<T> {
        Err(Fail { at, msg })
    }

    /// Skips white space, line ends and `;` comments.
    fn ws(&mut self) {
        while let Some(&b) = self.s.get(self.i) {
            match b {
                b' ' | b'\t' | b'\r' | b'\n' => self.i += 1,
                b';' => {
                    while self.s.get(self.i).is_some_and(|&b| b != b'\n') {
                        self.i += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// The next significant byte, not consumed.
    fn peek(&mut self) -> Option<u8> {
        self.ws();
        self.s.get(self.i).copied()
    }

    /// Consumes `c` if it comes next.
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8, msg: &'static str) -> R<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.fail(msg)
        }
    }

    /// Reads a bare word (one or more `SafeChar`s).
    fn word(&mut self) -> R<&'a [u8]> {
        self.ws();
        let start = self.i;
        while self.s.get(self.i).is_some_and(|&b| SAFE[b as usize]) {
            self.i += 1;
        }
        if self.i == start {
            return self.fail("expected a name or value");
        }
        Ok(&self.s[start..self.i])
    }

    /// The keyword the next word spells, not consumed.
    fn peek_kw(&mut self) -> Option<Kw> {
        let save = self.i;
        let k = self.word().ok().and_then(tokens::lookup);
        self.i = save;
        k
    }

    /// Like [`P::peek_kw`], but only keywords in `known` count: in a
    /// parameter list any other word is a parameter name.
    fn peek_kw_in(&mut self, known: &[Kw]) -> Option<Kw> {
        self.peek_kw().filter(|k| known.contains(k))
    }

    /// Reads a keyword; `msg` names what was expected.
    fn kw(&mut self, msg: &'static str) -> R<Kw> {
        self.ws();
        let at = self.i;
        match self.word().ok().and_then(tokens::lookup) {
            Some(k) => Ok(k),
            None => self.fail_at(at, msg),
        }
    }

    /// `=` then a keyword.
    fn eq_kw(&mut self, msg: &'static str) -> R<Kw> {
        self.expect(b'=', "expected `=`")?;
        self.kw(msg)
    }

    /// A word as owned text (words are ASCII, so always valid UTF-8).
    fn text(&mut self) -> R<String> {
        let w = self.word()?;
        Ok(ascii(w))
    }

    /// An unsigned decimal that must fit `T`.
    fn uint<T: TryFrom<u64>>(&mut self) -> R<T> {
        self.ws();
        let at = self.i;
        let w = self.word()?;
        number(w).ok_or(Fail {
            at,
            msg: "expected an unsigned number in range",
        })
    }

    /// `= n`.
    fn eq_uint<T: TryFrom<u64>>(&mut self) -> R<T> {
        self.expect(b'=', "expected `=`")?;
        self.uint()
    }

    /// `"…"`: the text between the quotes.
    fn quoted(&mut self) -> R<String> {
        self.expect(b'"', "expected a quoted string")?;
        let start = self.i;
        let Some(len) = self.s[start..].iter().position(|&b| b == b'"') else {
            return self.fail_at(start - 1, "unterminated quoted string");
        };
        self.i = start + len + 1;
        utf8(&self.s[start..start + len]).ok_or(Fail {
            at: start,
            msg: "quoted string is not UTF-8",
        })
    }

    /// A value: quoted string or bare word.
    fn value(&mut self) -> R<String> {
        if self.peek() == Some(b'"') {
            self.quoted()
        } else {
            self.text()
        }
    }

    /// `{ item, item, … }` (possibly empty), calling `item` for each.
    fn list(&mut self, mut item: impl FnMut(&mut Self) -> R<()>) -> R<()> {
        self.expect(b'{', "expected `{`")?;
        self.nest()?;
        if !self.eat(b'}') {
            loop {
                item(self)?;
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b'}', "expected `,` or `}`")?;
        }
        self.depth -= 1;
        Ok(())
    }

    /// Like [`P::list`], but at least one item.
    fn list1(&mut self, item: impl FnMut(&mut Self) -> R<()>) -> R<()> {
        let at = self.i;
        let mut n = 0usize;
        let mut item = item;
        self.list(|p| {
            n += 1;
            item(p)
        })?;
        if n == 0 {
            return self.fail_at(at, "expected at least one item in `{ }`");
        }
        Ok(())
    }

    fn nest(&mut self) -> R<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.fail("nesting too deep");
        }
        Ok(())
    }

    /// Bytes from the cursor up to (not including) the first `end`, consumed
    /// along with `end`; a backslash escapes the next byte.
    fn raw_until(&mut self, end: u8, msg: &'static str) -> R<&'a [u8]> {
        let start = self.i;
        let mut j = start;
        while let Some(&b) = self.s.get(j) {
            if b == b'\\' {
                j += 2;
            } else if b == end {
                self.i = j + 1;
                return Ok(&self.s[start..j]);
            } else {
                j += 1;
            }
        }
        self.fail_at(start, msg)
    }
}

/// Words are `SafeChar`s, all ASCII.
fn ascii(w: &[u8]) -> String {
    String::from_utf8_lossy(w).into_owned()
}

fn utf8(b: &[u8]) -> Option<String> {
    std::str::from_utf8(b).ok().map(str::to_owned)
}

/// Parses decimal digits into `T`, refusing overflow and non-digits.
pub(crate) fn number<T: TryFrom<u64>>(w: &[u8]) -> Option<T> {
    if w.is_empty() || w.len() > 19 {
        return None;
    }
    let mut n: u64 = 0;
    for &b in w {
        if !b.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u64::from(b - b'0');
    }
    T::try_from(n).ok()
}
