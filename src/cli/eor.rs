//! `punto-banco eor`: the exact effect of removing one card of each rank, or each exact card,
//! on every bet.

use super::args::{Charts, OutputArgs, ShoeArgs};
use super::failure::Failure;
use super::output::put;
use super::progress::Bar;
use super::table::named_table;
use clap::{Args, ValueEnum};
use punto_banco::depletion::{Removal, effect_of_removal_with_progress};
use punto_banco::render::Format;
use punto_banco::render::chart::eor_svg;
use punto_banco::render::csv::eor_sheet;
use punto_banco::render::depletion::render_eor;
use punto_banco::shoe::ShoeError;
use std::io::Write;

/// The flags of `eor`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco eor                              # the reference rules, 8 decks
  punto-banco eor -r ez-baccarat               # EZ Baccarat and its side bets
  punto-banco eor -d 6 -l fr -f markdown       # 6 decks, in French, as Markdown
  punto-banco eor -d 1 --by card               # one exact card at a time: 52 rows
  punto-banco eor -f csv                       # a record per rank and bet, exact fractions
  punto-banco eor -f svg -l fr > eor.svg       # a chart, a panel per bet, in French")]
pub struct Eor {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// The rule set (a file or a shipped variant's name); its shoe unless --decks/--ranks.
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// Remove one card of each rank, or each exact card A♠ to K♣ (the shoe must say its
    /// suits) [default: by card when a bet reads suits, by rank otherwise].
    #[arg(long, value_name = "WHAT")]
    by: Option<By>,
    #[command(flatten)]
    output: OutputArgs<Charts>,
}

/// What `--by` removes.
#[derive(Clone, Copy, ValueEnum)]
enum By {
    /// One card of each rank (a card of it at random when a bet reads suits).
    Rank,
    /// One exact card of each of the 52, with the averages by suit and colour.
    Card,
}

/// Writes the effect of removal on every bet of the table to `out`.
pub fn run(args: Eor, out: &mut dyn Write) -> Result<(), Failure> {
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    let removal = match args.by {
        None => Removal::Auto,
        Some(By::Rank) => Removal::Rank,
        Some(By::Card) => Removal::Card,
    };
    let bar = Bar::new(args.output.lang());
    let eor = match effect_of_removal_with_progress(&shoe, &table.rules, removal, &bar) {
        // Asked for by card, the suits are missing for the removal, whatever the bets read.
        Err(ShoeError::SuitsUnknown { rank, count }) if removal == Removal::Card => {
            return Err(Failure::Input(format!(
                "--by card removes exact cards, but the shoe has {count} {rank}s, which four suits cannot share evenly: give the shoe as 52 card counts, or remove by rank"
            )));
        }
        result => result?,
    };
    let lang = args.output.lang();
    let text = match args.output.format() {
        Format::Csv => eor_sheet(&eor).to_csv(),
        Format::Svg => eor_svg(&eor, &shoe, &table.name, lang)?,
        _ => render_eor(&eor, &shoe, &table.name, &args.output.page()),
    };
    put(out, &text)
}
