//! encbench: a thin command line over the library crates. Parse, run,
//! export, print; errors print as `error: …` with exit 2 (usage or input)
//! or 1 (a check failed).

// First: its out!/outln! macros are used by the modules below.
#[macro_use]
mod output;
mod bgp;
mod cli;
mod file;
mod file_dataset;
mod history;
mod instructions;
mod list;
mod machines;
mod pair;
mod progress;
mod robust;
mod run;

use clap::Parser;
use std::process::ExitCode;

/// Counts bytes only inside `robust-worker` (one relaxed load per call
/// otherwise), so a runaway decoder is refused instead of taking the machine.
#[global_allocator]
static ALLOCATOR: encbench_robust::alloc::CountingAlloc = encbench_robust::alloc::CountingAlloc;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    // Generated files can be hundreds of MB, and a half-written export is a
    // lie: remove them on Ctrl-C too. `run` (scenarios' scratch directories),
    // `file --convert`, `report`, `robust` and every export write through
    // temporary files; the handler costs a thread, which other commands
    // (`bgp dump` is timed as a process) skip.
    if matches!(
        cli.command,
        cli::Command::Run(_)
            | cli::Command::File(_)
            | cli::Command::Show(_)
            | cli::Command::Export(_)
            | cli::Command::Report(_)
            | cli::Command::Robust(_)
            | cli::Command::Pair(_)
    ) {
        let _ = ctrlc::set_handler(|| {
            // A soak ends at its next window and keeps its results; a
            // second Ctrl-C ends the process as below.
            if encbench_load::soak::interrupt() {
                eprintln!("\ninterrupted: the soak ends after this window, keeping its results (Ctrl-C again to quit)");
                return;
            }
            encbench_scenarios::scratch::remove_all();
            encbench_safe_write::remove_pending();
            eprintln!("\ninterrupted; temporary files removed");
            std::process::exit(130);
        });
    }
    let painter = output::Painter::new(cli.no_color);
    let outcome = match cli.command {
        cli::Command::List { json } => list::print(json),
        cli::Command::Run(args) => run::execute(args, painter),
        cli::Command::File(args) => file::execute(args),
        cli::Command::History(args) => history::history(args),
        cli::Command::Show(args) => history::show(args, painter),
        cli::Command::Export(args) => history::export(args),
        cli::Command::Compare(args) => history::compare(args, painter),
        cli::Command::Pair(args) => pair::execute(args, painter),
        cli::Command::Import(args) => history::import(args),
        cli::Command::Report(args) => machines::report(args, painter),
        cli::Command::Robust(args) => robust::execute(args, painter),
        cli::Command::RobustWorker(args) => robust::worker(args),
        cli::Command::Bgp(args) => bgp::execute(args),
    };
    match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
