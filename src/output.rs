//! Writing results: export files (atomically), stdout, and terminal colour.

/// Like `print!`, but a closed stdout (`encbench list | head`) is not an
/// error worth dying for: the rest of the work (exports, the history) goes on.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// Like `println!`, with [`out!`]'s tolerance of a closed stdout.
macro_rules! outln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

use crate::cli::ExportArgs;
use anyhow::{bail, Context as _};
use encbench_record::RunDocument;
use encbench_report::{Csv, Exporter, Html, Json, Markdown};
use encbench_safe_write as safe_write;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

fn targets(export: &ExportArgs) -> [(&'static str, &Option<PathBuf>, &'static dyn Exporter); 4] {
    [
        ("--json", &export.json, &Json),
        ("--csv", &export.csv, &Csv),
        ("--markdown", &export.markdown, &Markdown),
        ("--html", &export.html, &Html),
    ]
}

/// Fails before any measuring if an export could not be written: a
/// directory, a missing directory, one of the command's `inputs` (the
/// measured file, the history database), another export, or an existing
/// file without `--force`.
pub fn check_export_paths(export: &ExportArgs, inputs: &[&Path]) -> anyhow::Result<()> {
    let mut written: Vec<&Path> = Vec::new();
    for (flag, path, _) in targets(export) {
        let Some(path) = path else { continue };
        let mut taken: Vec<&Path> = inputs.to_vec();
        taken.extend(&written);
        check_target(flag, path, &taken, export.force)?;
        written.push(path);
    }
    Ok(())
}

/// Refuses to write `path` (given as `flag`) over an input or, without `force`, an existing file.
pub fn check_target(flag: &str, path: &Path, inputs: &[&Path], force: bool) -> anyhow::Result<()> {
    match safe_write::refusal(path, inputs, force) {
        Some(why) => bail!("{flag} {}: {why}", path.display()),
        None => Ok(()),
    }
}

/// Writes every requested export of `doc`.
pub fn write_exports(doc: &RunDocument, export: &ExportArgs) -> anyhow::Result<()> {
    for (_, path, exporter) in targets(export) {
        let Some(path) = path else { continue };
        let bytes = exporter.serialize(doc)?;
        safe_write::write(path, &bytes, export.force)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// Adds ANSI colour to rendered output when stdout is a terminal.
#[derive(Debug, Clone, Copy)]
pub struct Painter {
    enabled: bool,
}

impl Painter {
    /// Colour only on a terminal, never with --no-color or NO_COLOR.
    pub fn new(no_color: bool) -> Self {
        Painter {
            enabled: !no_color
                && std::env::var_os("NO_COLOR").is_none()
                && std::io::stdout().is_terminal(),
        }
    }

    /// Colours whole lines by what they say, so table alignment is untouched.
    pub fn paint(&self, text: &str) -> String {
        if !self.enabled {
            return text.to_string();
        }
        let mut out = String::with_capacity(text.len() + 256);
        for line in text.split_inclusive('\n') {
            let (body, newline) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
            let code = if body.starts_with("━━") {
                Some("1")
            } else if body.contains("FAILED")
                || body.contains("REGRESSED")
                || body.contains("FLIPS")
                || body.starts_with("error")
            {
                Some("31")
            } else if body.contains("noisy")
                || body.starts_with("warning")
                || body.contains("finding in")
            {
                Some("33")
            } else if body.trim_start().starts_with("✓ holds") {
                Some("32")
            } else if body.trim_start().starts_with("✗ does not hold") {
                Some("35")
            } else if body.trim_start().starts_with("? inconclusive") {
                Some("33")
            } else if body.trim_start().starts_with('▸') || body.contains("improved") {
                Some("36")
            } else {
                None
            };
            match code {
                Some(c) => out.push_str(&format!("\x1b[{c}m{body}\x1b[0m{newline}")),
                None => out.push_str(line),
            }
        }
        out
    }
}

/// The history database a command saves its run into, unless `--no-store`.
pub struct RunStore {
    store: encbench_store::Store,
}

impl RunStore {
    /// Opens the history (before measuring, so a bad `--db` fails in
    /// seconds, not after minutes of work); `None` under `--no-store`.
    /// The database must not be one of the command's `inputs`.
    pub fn open(
        args: &crate::cli::StoreArgs,
        inputs: &[&Path],
    ) -> anyhow::Result<Option<RunStore>> {
        let Some(at) = Self::location(args) else {
            return Ok(None);
        };
        if let Some(path) = at.path() {
            if let Some(input) = inputs.iter().find(|i| safe_write::same_file(i, path)) {
                bail!(
                    "--db {}: is the input {} (the same file); encbench never overwrites its input",
                    path.display(),
                    input.display()
                );
            }
        }
        let store = encbench_store::Store::open(&at)?;
        Ok(Some(RunStore { store }))
    }

    /// Where the run will be stored; `None` under `--no-store`.
    pub fn location(args: &crate::cli::StoreArgs) -> Option<encbench_store::Location> {
        (!args.no_store).then(|| args.db.location())
    }

    /// The history file, if the run will be stored in one (not under
    /// `--no-store`, nor on a server): no export may be written over it.
    pub fn path(args: &crate::cli::StoreArgs) -> Option<PathBuf> {
        Self::location(args).and_then(|at| at.path().map(Path::to_path_buf))
    }

    /// Saves the run and tells the user where, with commands to look at it.
    pub fn save(
        &mut self,
        doc: &encbench_record::RunDocument,
        commands: &str,
    ) -> anyhow::Result<()> {
        let id = self.store.save(doc)?;
        let commands = commands.replace("{id}", &id.to_string());
        eprintln!(
            "stored as run {id} in {} ({commands})",
            self.store.location()
        );
        Ok(())
    }
}
