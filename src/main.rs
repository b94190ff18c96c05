//! encbench: a thin command line over the library crates. Parse, run,
//! export, print; errors print as `error: …` with exit 2 (usage or input)
//! or 1 (a check failed).

mod cli;
mod list;
mod progress;
mod run;

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = cli::Cli::parse();
    // Generated files can be hundreds of MB: remove them on Ctrl-C too.
    let _ = ctrlc::set_handler(|| {
        encbench_scenarios::scratch::remove_all();
        eprintln!("\ninterrupted; temporary files removed");
        std::process::exit(130);
    });
    let outcome = match cli.command {
        cli::Command::List => list::print(),
        cli::Command::Run(args) => run::execute(args),
    };
    match outcome {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
