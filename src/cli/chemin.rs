//! `punto-banco chemin`: Chemin de Fer as a two-person game, solved exactly.

use super::args::{OutputArgs, ShoeArgs, information};
use super::failure::Failure;
use super::output::put;
use super::progress::Bar;
use clap::Args;
use punto_banco::choices::commission::parse_commission;
use punto_banco::choices::{Draws, Game, Information};
use punto_banco::render::choices::render_solution;
use punto_banco::table::NamedTable;
use std::io::Write;

/// The flags of `chemin`.
#[derive(Args)]
#[command(after_help = "Examples:
  punto-banco chemin                                  # 8 decks, each side knows its total
  punto-banco chemin --information banco-cards        # Banco also knows his two cards
  punto-banco chemin --information both-cards -f json # Punto chooses at 5 per composition
  punto-banco chemin --with-replacement               # Kemeny and Snell's infinite shoe
  punto-banco chemin --commission 5% -l fr            # the house takes 5% of Banco's winnings
  punto-banco chemin -d 1 --remove 5♠,5♥              # a depleted single deck")]
pub struct Chemin {
    #[command(flatten)]
    shoe: ShoeArgs,
    /// Deal from an infinite shoe (each card drawn with replacement: a ten-valued card with
    /// probability 4/13, each other value 1/13) instead of a composition.
    #[arg(long, conflicts_with_all = ["decks", "ranks", "card_counts", "remove"])]
    with_replacement: bool,
    /// What each side knows when it chooses. `totals`: its own two-card total; `banco-cards`:
    /// Banco also knows his two cards; `both-cards`: Punto knows his too, and chooses at 5
    /// separately for 0+5, 1+4, 2+3, 6+9 and 7+8.
    #[arg(short, long, value_name = "MODEL", default_value = "totals", value_parser = information())]
    information: Information,
    /// The share of Banco's winnings the house takes: a percentage (5%, 2.5%), a decimal
    /// (0.05) or a fraction (1/20). With one the game is not zero-sum, and its equilibria are
    /// those of a bimatrix game [default: 0].
    #[arg(short, long, value_name = "P%", allow_hyphen_values = true)]
    commission: Option<String>,
    #[command(flatten)]
    output: OutputArgs,
}

/// Solves the game and writes the solution to `out`.
pub fn run(args: Chemin, out: &mut dyn Write) -> Result<(), Failure> {
    let draws = if args.with_replacement {
        Draws::WithReplacement
    } else {
        Draws::Shoe(args.shoe.resolve(&NamedTable::reference())?)
    };
    let mut game = Game::chemin_de_fer(args.information, draws);
    if let Some(text) = &args.commission {
        let commission =
            parse_commission(text).map_err(|e| Failure::Input(format!("--commission: {e}")))?;
        game = game.with_commission(commission)?;
    }
    let page = args.output.page();
    let solution = game.solve_with_progress(&Bar::new(page.lang))?;
    put(out, &render_solution(&game, &solution, &page))
}
