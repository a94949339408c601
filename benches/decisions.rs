//! Benchmarks of `decisions` (`cargo bench --bench decisions`): the value of every drawing
//! decision, each one counted by the exact engine with the decision drawing and standing.
//!
//! - `decisions_8_decks`, `decisions_1_deck`: the 88 cells and 8 totals of the reference rules.
//! - `analysis_8_decks`: one exact analysis, the unit of the cost (the command runs 97).

use punto_banco::decisions::decisions;
use punto_banco::{Analysis, Rules, Shoe};

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10)]
fn decisions_8_decks() {
    divan::black_box(decisions(&Shoe::decks(8).unwrap(), &Rules::reference()).unwrap());
}

#[divan::bench(sample_count = 10)]
fn decisions_1_deck() {
    divan::black_box(decisions(&Shoe::decks(1).unwrap(), &Rules::reference()).unwrap());
}

#[divan::bench]
fn analysis_8_decks() -> Analysis {
    Analysis::new(divan::black_box(&Shoe::reference()), &Rules::reference()).unwrap()
}
