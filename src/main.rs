//! The `punto-banco` command: parses flags, dispatches to its subcommand (each in a file of
//! its own under `cli/`), prints the error, and picks the exit code.

mod cli;

use clap::Parser;
use clap::error::ErrorKind;
use cli::{Cli, Failure, argument_message, say_error, say_lines};
use std::io::Write;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args_os()
        .map(|arg| arg.to_string_lossy().into_owned())
        .collect();
    match Cli::try_parse_from(&args) {
        Ok(cli) => run(cli),
        Err(error) => argument_error(&error, &args),
    }
}

/// Runs the command on a buffered standard output and turns its outcome into the exit code.
fn run(cli: Cli) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    // Text tables fit the terminal when standard output is one.
    let result = cli::on_terminal(cli::terminal_width(), || cli::run(cli, &mut out));
    // What was written is flushed before any message, whatever the outcome.
    let flushed = out.flush().map_err(Failure::write);
    // A report that could not be written outweighs the verdict it carried.
    let result = match (result, flushed) {
        (Ok(()) | Err(Failure::Check(_)), Err(failure)) => Err(failure),
        (result, _) => result,
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if let Some(message) = failure.message() {
                say_error(&message);
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

/// Help and version go to standard output; any other argument error is one line on
/// standard error, exit code 2.
fn argument_error(error: &clap::Error, args: &[String]) -> ExitCode {
    match error.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let mut stdout = std::io::stdout().lock();
            let text = error.render().to_string();
            match stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(e) => {
                    say_error(&format!("error: cannot write the output: {e}"));
                    ExitCode::from(2)
                }
            }
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            say_lines(error.render().to_string().trim_end());
            ExitCode::from(2)
        }
        _ => {
            say_error(&format!("error: {}", argument_message(error, args)));
            ExitCode::from(2)
        }
    }
}
