//! `punto-banco deal`: one coup dealt from cards in deal order, explained and settled.

use super::args::{OutputArgs, stake};
use super::failure::Failure;
use super::output::put;
use super::table::table_or_reference;
use clap::Args;
use punto_banco::card::{Card, CardsError, parse_cards};
use punto_banco::coup::deal;
use punto_banco::docs;
use punto_banco::render::coup::render_coup;
use std::io::Write;

/// The flags of `deal`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco deal 4♥ 2♠ 9♣ A♦ 8♦              # one coup in deal order, explained
  punto-banco deal 4H,2S,9C,AD,7D,5S -l fr     # ASCII cards, commas, in French
  punto-banco deal 4H 2S 9C AD 7D 5S -f json   # the coup as JSON
  punto-banco deal 3H 3S 2C 5D 6D 9S -r super-6   # Super 6's drawing rules and tariff")]
pub struct Deal {
    /// Cards such as 4♥ 4H 10D TD QS, in deal order; commas or spaces separate them.
    #[arg(required = true, num_args = 1..)]
    cards: Vec<String>,
    #[command(flatten)]
    output: OutputArgs,
    /// The stake at which each bet's net change is shown, 1 to 1000000000.
    #[arg(long, value_name = "N", default_value_t = docs::TEACHING_STAKE, allow_negative_numbers = true, value_parser = stake)]
    stake: i64,
    /// The rule set that draws and settles the coup: a rule-set file or a shipped variant's
    /// name [default: reference].
    #[arg(short, long, value_name = "RULES", value_parser = super::args::rule_set(), value_hint = clap::ValueHint::FilePath)]
    rules: Option<String>,
}

/// Deals the coup by the rule set's drawing rules and writes it, settled, to `out`.
pub fn run(args: Deal, out: &mut dyn Write) -> Result<(), Failure> {
    let cards = cards_in_order(&args.cards)?;
    let rules = table_or_reference(args.rules.as_deref())?.rules;
    let coup = deal(&rules.drawing, &cards)?;
    put(
        out,
        &render_coup(&rules, &coup, args.stake, &args.output.page()),
    )
}

/// The cards of every argument in order. Each argument is a list of its own, so that `4H,`
/// is an empty item, not a space; a position in an error counts from the first argument.
fn cards_in_order(arguments: &[String]) -> Result<Vec<Card>, CardsError> {
    let mut dealt = Vec::new();
    for argument in arguments {
        let offset = dealt.len();
        dealt.extend(parse_cards(argument).map_err(|e| match e {
            CardsError::Missing { position } => CardsError::Missing {
                position: position + offset,
            },
            CardsError::NotACard { position, error } => CardsError::NotACard {
                position: position + offset,
                error,
            },
            other => other,
        })?);
    }
    Ok(dealt)
}
