//! `punto-banco completions`: a shell's completion script, from the clap definitions.

use super::Cli;
use super::failure::Failure;
use super::output::put_or_write;
use clap::{Args, CommandFactory};
use clap_complete::Shell;
use std::io::Write;
use std::path::PathBuf;

/// The flags of `completions`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco completions bash > ~/.local/share/bash-completion/completions/punto-banco
  punto-banco completions zsh -o _punto-banco  # then put _punto-banco on your $fpath
  punto-banco completions fish > ~/.config/fish/completions/punto-banco.fish")]
pub struct Completions {
    /// The shell to complete for.
    #[arg(value_enum, value_name = "SHELL")]
    shell: Shell,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Writes the completion script to `out` or to `--out`.
pub fn run(args: Completions, out: &mut dyn Write) -> Result<(), Failure> {
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "punto-banco", &mut script);
    put_or_write(out, args.out.as_deref(), &String::from_utf8_lossy(&script))
}
