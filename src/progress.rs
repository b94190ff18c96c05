//! Progress on stderr: a spinner with the current step on a terminal, one
//! line per scenario otherwise (so CI logs stay short), nothing with --quiet.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;
use std::time::Duration;

pub struct Progress {
    bar: Option<ProgressBar>,
    quiet: bool,
}

impl Progress {
    pub fn new(quiet: bool) -> Self {
        let bar = (!quiet && std::io::stderr().is_terminal()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{spinner} {elapsed:>4} {msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_spinner()),
            );
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        Progress { bar, quiet }
    }

    /// A milestone, shown even when stderr is not a terminal.
    pub fn milestone(&mut self, message: &str) {
        if self.quiet {
            return;
        }
        match &self.bar {
            Some(bar) => bar.println(message),
            None => eprintln!("{message}"),
        }
    }

    /// A transient update, shown only on a terminal.
    pub fn update(&mut self, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(message.to_string());
        }
    }

    /// Switches to a bar over `total` bytes (a spinner when unknown),
    /// showing bytes, a message and the time left.
    pub fn bar(&mut self, total: Option<u64>, message: &str) {
        if self.quiet || !std::io::stderr().is_terminal() {
            return;
        }
        self.finish();
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::stderr());
        let template = match total {
            Some(_) => "{elapsed:>4} [{bar:30}] {bytes}/{total_bytes} {msg} (about {eta} left)",
            None => "{spinner} {elapsed:>4} {bytes} {msg}",
        };
        bar.set_style(
            ProgressStyle::with_template(template)
                .unwrap_or_else(|_| ProgressStyle::default_bar())
                .progress_chars("=> "),
        );
        bar.set_message(message.to_string());
        bar.enable_steady_tick(Duration::from_millis(200));
        self.bar = Some(bar);
    }

    /// Moves the bar to `bytes`, with a message.
    pub fn advance(&mut self, bytes: u64, message: &str) {
        if let Some(bar) = &self.bar {
            bar.set_position(bytes);
            bar.set_message(message.to_string());
        }
    }

    /// Removes the spinner.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}
