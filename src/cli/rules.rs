//! `punto-banco rules`: the drawing rules, the golden Banco tableau, the tariff and the
//! settlement table of a rule set.

use super::args::{OutputArgs, Tables, stake, table_needs_csv};
use super::failure::Failure;
use super::output::put;
use super::table::table_or_reference;
use clap::{Args, ValueEnum};
use punto_banco::docs;
use punto_banco::render::Format;
use punto_banco::render::csv::{RulesTable, rules_sheet};
use punto_banco::render::tableau::render_table_rules;
use std::io::Write;

/// The flags of `rules`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco rules                            # the reference rules, in English
  punto-banco rules -l fr -f markdown          # the same in French, as Markdown
  punto-banco rules -r ez-baccarat             # EZ Baccarat's tableau and tariff
  punto-banco rules --stake 100 -f json        # the settlement table at a stake of 100
  punto-banco rules -f csv                     # every cell of the tableau, a record each")]
pub struct RulesCommand {
    #[command(flatten)]
    output: OutputArgs<Tables>,
    /// The notional stake of the settlement table, 1 to 1000000000.
    #[arg(long, value_name = "N", default_value_t = docs::TEACHING_STAKE, allow_negative_numbers = true, value_parser = stake)]
    stake: i64,
    /// The rule set to show: a rule-set file or a shipped variant's name [default: reference].
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
    /// The table a CSV holds: every drawing decision (Banco's cells, then Punto's totals), or
    /// each prediction's net for each outcome at the stake [default: tableau].
    #[arg(long, value_name = "TABLE", value_enum)]
    table: Option<TableArg>,
}

/// The tables of `--table`.
#[derive(Clone, Copy, ValueEnum)]
enum TableArg {
    Tableau,
    Settlement,
}

/// Writes the rule set's tableau, tariff and settlement table to `out`.
pub fn run(args: RulesCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let table = table_or_reference(args.rules.as_deref())?;
    let page = args.output.page();
    table_needs_csv(args.table, page.format)?;
    let text = match page.format {
        Format::Csv | Format::Svg => {
            let which = match args.table.unwrap_or(TableArg::Tableau) {
                TableArg::Tableau => RulesTable::Tableau,
                TableArg::Settlement => RulesTable::Settlement,
            };
            rules_sheet(&table.rules, args.stake, which).to_csv()
        }
        _ => render_table_rules(&table.rules, &table.dealing, args.stake, &page),
    };
    put(out, &text)
}
