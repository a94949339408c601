//! `punto-banco rules`: the drawing rules, the golden Banco tableau, the tariff and the
//! settlement table of a rule set.

use super::args::{OutputArgs, stake};
use super::failure::Failure;
use super::output::put;
use super::table::table_or_reference;
use clap::Args;
use punto_banco::docs;
use punto_banco::render::tableau::render_table_rules_within;
use std::io::Write;

/// The flags of `rules`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco rules                            # the reference rules, in English
  punto-banco rules -l fr -f markdown          # the same in French, as Markdown
  punto-banco rules -r ez-baccarat             # EZ Baccarat's tableau and tariff
  punto-banco rules --stake 100 -f json        # the settlement table at a stake of 100")]
pub struct RulesCommand {
    #[command(flatten)]
    output: OutputArgs,
    /// The notional stake of the settlement table, 1 to 1000000000.
    #[arg(long, value_name = "N", default_value_t = docs::TEACHING_STAKE, allow_negative_numbers = true, value_parser = stake)]
    stake: i64,
    /// The rule set to show: a rule-set file or a shipped variant's name [default: reference].
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
}

/// Writes the rule set's tableau, tariff and settlement table to `out`.
pub fn run(args: RulesCommand, out: &mut dyn Write) -> Result<(), Failure> {
    let table = table_or_reference(args.rules.as_deref())?;
    let (lang, format) = (args.output.lang(), args.output.format());
    let width = args.output.width();
    put(
        out,
        &render_table_rules_within(
            &table.rules,
            &table.dealing,
            args.stake,
            lang,
            format,
            width,
        ),
    )
}
