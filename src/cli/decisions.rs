//! `punto-banco decisions`: the exact value of every drawing decision of a rule set, and
//! which action is better for each side.

use super::args::{Charts, OutputArgs, ShoeArgs};
use super::failure::Failure;
use super::output::put;
use super::table::named_table;
use clap::Args;
use punto_banco::decisions::decisions;
use punto_banco::render::Format;
use punto_banco::render::chart::decisions_svg;
use punto_banco::render::csv::decisions_sheet;
use punto_banco::render::decisions::render_decisions;
use std::io::Write;

/// The flags of `decisions`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco decisions                        # the reference rules, 8 decks
  punto-banco decisions -l fr -f markdown      # in French, as Markdown
  punto-banco decisions -r banco-4-percent     # another tariff: the Banco bet pays a 4% commission
  punto-banco decisions -d 1 --remove 5♠,5♥    # a depleted single deck
  punto-banco decisions -f json                # every cell's exact change as \"n/d\"
  punto-banco decisions -f csv                 # a record per decision, exact fractions
  punto-banco decisions -f svg > decisions.svg # the two grids coloured by the change")]
pub struct DecisionsCommand {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// The rule set (a file or a shipped variant's name); its shoe unless --decks/--ranks.
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    #[command(flatten)]
    output: OutputArgs<Charts>,
}

/// Values every decision of the table's rules and writes them to `out`.
pub fn run(args: DecisionsCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let (table, shoe) = named_table(args.rules.as_deref(), &args.shoe)?;
    let values = decisions(&shoe, &table.rules)?;
    let lang = args.output.lang();
    let text = match args.output.format() {
        Format::Csv => decisions_sheet(&values).to_csv(),
        Format::Svg => decisions_svg(&values, &table.name, lang)?,
        _ => render_decisions(&values, &table.name, &args.output.page()),
    };
    put(out, &text)
}
