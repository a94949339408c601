//! `punto-banco man`: the manual page in roff, from the clap definitions.

use super::Cli;
use super::failure::Failure;
use super::output::put_or_write;
use clap::{Args, CommandFactory};
use std::io::Write;
use std::path::PathBuf;

/// The flags of `man`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco man | man -l -                   # read it now
  punto-banco man -o punto-banco.1             # write it to install in a man1 folder")]
pub struct Man {
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Writes the manual page to `out` or to `--out`.
pub fn run(args: Man, out: &mut dyn Write) -> Result<(), Failure> {
    let mut page = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut page)
        .map_err(Failure::write)?;
    put_or_write(out, args.out.as_deref(), &String::from_utf8_lossy(&page))
}
