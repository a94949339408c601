//! Benchmarks of `chemin` (`cargo bench --bench chemin`): Chemin de Fer solved exactly from
//! eight decks, each run walking the game into its bilinear form and solving it.
//!
//! - `solve_8_decks`: each information model, no commission (a zero-sum game, which stops at
//!   its first isolated equilibrium).
//! - `solve_8_decks_commission`: each model with a 5% commission (a bimatrix game, whose
//!   support enumeration is exhaustive).
//! - `form_8_decks`: the walk into the bilinear form alone, the floor of the cost.

use num_rational::Ratio;
use punto_banco::choices::{Draws, Game, Information};
use punto_banco::shoe::Shoe;

fn main() {
    divan::main();
}

fn game(information: Information) -> Game {
    Game::chemin_de_fer(information, Draws::Shoe(Shoe::decks(8).unwrap()))
}

const MODELS: [Information; 3] = Information::ALL;

#[divan::bench(args = MODELS, sample_count = 10)]
fn solve_8_decks(information: Information) {
    divan::black_box(game(information).solve().unwrap());
}

#[divan::bench(args = MODELS, sample_count = 5)]
fn solve_8_decks_commission(information: Information) {
    let game = game(information)
        .with_commission(Ratio::new(1, 20))
        .unwrap();
    divan::black_box(game.solve().unwrap());
}

#[divan::bench(args = MODELS, sample_count = 10)]
fn form_8_decks(information: Information) {
    divan::black_box(game(information).form().unwrap());
}
