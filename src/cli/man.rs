//! `punto-banco man`: the manual page in roff, from the clap definitions.

use super::Cli;
use super::args::Offering;
use super::failure::Failure;
use super::output::put_or_write;
use clap::builder::StringValueParser;
use clap::{Args, CommandFactory};
use std::io::Write;
use std::path::PathBuf;

/// The flags of `man`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco man | man -l -                   # read it now
  punto-banco man -o punto-banco.1             # write it to install in a man1 folder
  punto-banco man analyze -o punto-banco-analyze.1   # one subcommand's page")]
pub struct Man {
    /// The subcommand whose page to print (`punto-banco-COMMAND(1)`, which the main page
    /// refers to) instead of the main page.
    #[arg(value_name = "COMMAND", value_parser = Offering::new(StringValueParser::new(), subcommand_names))]
    command: Option<String>,
    /// Write to this file (replaced whole, never half-written) instead of standard output.
    #[arg(short, long, value_name = "FILE", value_hint = clap::ValueHint::FilePath)]
    out: Option<PathBuf>,
}

/// Writes the manual page to `out` or to `--out`.
pub fn run(args: Man, out: &mut dyn Write) -> Result<(), Failure> {
    let page = page(args.command.as_deref())?;
    put_or_write(out, args.out.as_deref(), &page)
}

/// The subcommands that have a page of their own, as `man` names them.
fn subcommand_names() -> Vec<String> {
    Cli::command()
        .disable_help_subcommand(true)
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect()
}

/// The main page, or the page of one subcommand, named as the main page refers to it.
fn page(command: Option<&str>) -> Result<String, Failure> {
    let mut cli = Cli::command().disable_help_subcommand(true);
    // Built, each subcommand knows its display name: `punto-banco-analyze`.
    cli.build();
    let command = match command {
        None => cli,
        Some(name) => match cli.find_subcommand(name) {
            Some(sub) => sub.clone(),
            None => {
                let names: Vec<&str> = cli.get_subcommands().map(|s| s.get_name()).collect();
                return Err(Failure::Input(format!(
                    "`{name}` is not a subcommand: expected one of {}",
                    names.join(", ")
                )));
            }
        },
    };
    let mut page = Vec::new();
    clap_mangen::Man::new(command)
        .render(&mut page)
        .map_err(Failure::write)?;
    Ok(String::from_utf8_lossy(&page).into_owned())
}

#[cfg(test)]
mod tests {
    use super::page;

    #[test]
    fn every_page_the_main_page_names_can_be_printed() {
        let main = page(None).ok().unwrap();
        let mut named = 0;
        // roff escapes the hyphens: `punto\-banco\-analyze(1)`.
        for line in main.lines().filter(|l| l.ends_with("(1)")) {
            let Some(name) = line.strip_prefix("punto\\-banco\\-") else {
                continue;
            };
            let name = name.trim_end_matches("(1)").replace("\\-", "-");
            let sub = page(Some(&name)).ok().unwrap();
            assert!(
                sub.contains(&format!(".TH punto-banco-{name} 1")),
                "the page of {name} is titled otherwise"
            );
            named += 1;
        }
        assert!(
            named >= 10,
            "the main page names only {named} subcommand pages"
        );
        assert!(page(Some("no-such-command")).is_err());
    }
}
