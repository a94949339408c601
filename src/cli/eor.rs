//! `punto-banco eor`: the exact effect of removing one card of each rank on every bet.

use super::args::{OutputArgs, ShoeArgs};
use super::failure::Failure;
use super::output::put;
use super::table::named_table;
use clap::Args;
use punto_banco::depletion::effect_of_removal;
use punto_banco::render::depletion::render_eor_within;
use std::io::Write;

/// The flags of `eor`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco eor                              # the reference rules, 8 decks
  punto-banco eor -r ez-baccarat               # EZ Baccarat and its side bets
  punto-banco eor -d 6 -l fr -f markdown       # 6 decks, in French, as Markdown")]
pub struct Eor {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// The rule set (a file or a shipped variant's name); its shoe unless --decks/--ranks.
    #[arg(short, long, value_name = "RULES")]
    rules: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Writes the effect of removal of every rank on every bet of the table to `out`.
pub fn run(args: Eor, out: &mut dyn Write) -> Result<(), Failure> {
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    let eor = effect_of_removal(&shoe, &table.rules)?;
    let (lang, format) = (args.output.lang(), args.output.format());
    put(
        out,
        &render_eor_within(&eor, &shoe, &table.name, lang, format, args.output.width()),
    )
}
