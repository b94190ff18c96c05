//! Progress on stderr: a self-overwriting line on a terminal, one line per
//! scenario otherwise (so CI logs stay short), nothing with --quiet.

use std::io::{IsTerminal, Write};

pub struct Progress {
    live: bool,
    quiet: bool,
}

impl Progress {
    pub fn new(quiet: bool) -> Self {
        Progress {
            live: !quiet && std::io::stderr().is_terminal(),
            quiet,
        }
    }

    /// A milestone, shown even when stderr is not a terminal.
    pub fn milestone(&mut self, message: &str) {
        if self.quiet {
            return;
        }
        self.clear();
        eprintln!("{message}");
    }

    /// A transient update, shown only on a terminal.
    pub fn update(&mut self, message: &str) {
        if self.live {
            let mut err = std::io::stderr().lock();
            let _ = write!(err, "\r\x1b[2K{message}");
            let _ = err.flush();
        }
    }

    /// Erases the transient line.
    pub fn clear(&mut self) {
        if self.live {
            eprint!("\r\x1b[2K");
        }
    }
}
