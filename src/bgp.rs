//! `encbench bgp …`: BGP tools over the library crate.

use crate::cli::{BgpArgs, BgpCommand};
use anyhow::{anyhow, Result};
use encbench_bgp::dump::{dump_skipping_bad, DumpError};
use std::io::{self, Write};
use std::process::ExitCode;

pub fn execute(args: BgpArgs) -> Result<ExitCode> {
    match args.command {
        BgpCommand::Dump { file } => {
            let mut reader =
                encbench_bgp::mrt::open(&file).map_err(|e| anyhow!("{}: {e}", file.display()))?;
            // Offsets in errors count decompressed bytes; say so only when that differs.
            let where_ = if reader.compression().is_some() {
                " (of the decompressed MRT stream)"
            } else {
                ""
            };
            // No BufWriter: the dump already hands over whole lines in large
            // chunks, which the locked stdout writes straight through.
            let mut out = io::stdout().lock();
            // A record that does not decode is named on stderr and skipped; the
            // exit status says so at the end.
            let mut report = |at: u64, e: &encbench_bgp::Error| {
                eprintln!(
                    "warning: {}: MRT record at byte {at} skipped: {e}{where_}",
                    file.display()
                );
            };
            let result = dump_skipping_bad(&mut reader, &mut out, &mut report);
            let result = result.and_then(|s| out.flush().map(|()| s).map_err(DumpError::Write));
            match result {
                Ok(stats) => {
                    if stats.skipped > 0 {
                        eprintln!(
                            "note: {}: {} MRT records of types bgp dump does not decode were skipped",
                            file.display(),
                            stats.skipped
                        );
                    }
                    if stats.bad > 0 {
                        eprintln!(
                            "error: {}: {} MRT records did not decode and were skipped",
                            file.display(),
                            stats.bad
                        );
                        return Ok(ExitCode::from(1));
                    }
                    Ok(ExitCode::SUCCESS)
                }
                // `encbench bgp dump FILE | head`: the reader left; that is not an error.
                Err(DumpError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
                    Ok(ExitCode::SUCCESS)
                }
                Err(DumpError::Write(e)) => Err(anyhow!("writing standard output: {e}")),
                Err(DumpError::Decode(e)) => {
                    // Lines before the bad record are still worth having.
                    let _ = out.flush();
                    Err(anyhow!("{}: {e}{where_}", file.display()))
                }
            }
        }
    }
}
