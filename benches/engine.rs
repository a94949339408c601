//! Benchmarks: `cargo bench`. Speed is measured here, never asserted in tests.
//!
//! - `exact_tally_8_decks`: the reference enumerator for one eight-deck composition (u128
//!   weights, as a tally).
//! - `naive_tally_8_decks`: the reference's deliberately naive walk over 10⁶ value sequences.
//! - `analyze_8_decks`: the whole exact analysis (tally, probabilities, edges).
//! - `analysis_document_8_decks`: the analysis JSON document, as one `analyze --batch` line.
//! - `verify_coups`: the log verifier, per 10,000 coup lines that state everything (cards,
//!   winner, totals, draws, natural, and the net of all three main bets); lines per second.
//! - `fast_tally_8_decks`: the engine's entry `engine::tally` for one eight-deck composition
//!   (u64 by proof, then a big-integer tally); `engine_tally_8_decks` is the same path under
//!   its new name.

use punto_banco::analysis::Analysis;
use punto_banco::card::Card;
use punto_banco::dealer::Dealer;
use punto_banco::oracle::verify::Verifier;
use punto_banco::reference::{exact_tally, naive_tally};
use punto_banco::rules::{DrawingRules, Rules};
use punto_banco::shoe::Shoe;

fn main() {
    divan::main();
}

#[divan::bench]
fn exact_tally_8_decks() -> punto_banco::tally::Tally {
    exact_tally(
        divan::black_box(&Shoe::reference()),
        &DrawingRules::reference(),
    )
    .unwrap()
}

#[divan::bench]
fn fast_tally_8_decks() -> punto_banco::tally::Tally {
    engine_tally_8_decks()
}

#[divan::bench]
fn engine_tally_8_decks() -> punto_banco::tally::Tally {
    punto_banco::engine::tally(
        divan::black_box(&Shoe::reference()),
        &DrawingRules::reference(),
    )
    .unwrap()
}

#[divan::bench(sample_count = 10)]
fn naive_tally_8_decks() {
    naive_tally(
        divan::black_box(&Shoe::reference()),
        &DrawingRules::reference(),
    )
    .unwrap();
}

#[divan::bench]
fn analyze_8_decks() -> Analysis {
    Analysis::new(divan::black_box(&Shoe::reference()), &Rules::reference()).unwrap()
}

#[divan::bench]
fn analysis_document_8_decks() -> String {
    punto_banco::report::document_json(
        divan::black_box(&Shoe::reference()),
        &Rules::reference(),
        "reference",
    )
    .unwrap()
}

/// Ten thousand coup lines as an engine logs them.
fn log_lines() -> Vec<String> {
    let rules = DrawingRules::reference();
    let mut rng = Dealer::rng(11);
    let mut lines = Vec::new();
    while lines.len() < 10_000 {
        let mut dealer = Dealer::shuffled(8, &mut rng);
        while dealer.remaining().len() > 16 && lines.len() < 10_000 {
            let coup = dealer.deal_coup(&rules).unwrap();
            let cards: Vec<String> = coup.dealt_in_order().into_iter().map(Card::ascii).collect();
            lines.push(
                serde_json::json!({
                    "cards": cards,
                    "winner": coup.winner().key(),
                    "punto_total": coup.punto_total(),
                    "banco_total": coup.banco_total(),
                    "punto_draws": coup.punto().len() == 3,
                    "banco_draws": coup.banco().len() == 3,
                    "natural": coup.is_natural(),
                    "net": match coup.winner() {
                        punto_banco::outcome::Winner::Punto => serde_json::json!({"punto": 1, "banco": -1, "tie": -1}),
                        punto_banco::outcome::Winner::Banco => serde_json::json!({"punto": -1, "banco": 0.95, "tie": -1}),
                        punto_banco::outcome::Winner::Tie => serde_json::json!({"punto": 0, "banco": 0, "tie": 8}),
                    },
                })
                .to_string(),
            );
        }
    }
    lines
}

#[divan::bench]
fn verify_coups(bencher: divan::Bencher) {
    let lines = log_lines();
    let rules = Rules::reference();
    bencher
        .counter(divan::counter::ItemsCount::new(lines.len()))
        .bench(|| {
            let mut verifier = Verifier::new(&rules);
            for (i, line) in lines.iter().enumerate() {
                divan::black_box(verifier.line(i + 1, line));
            }
            verifier.summary().agreeing()
        });
}
