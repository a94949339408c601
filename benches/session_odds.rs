//! Benchmarks of the session odds: `cargo bench --bench session_odds`. Speed is measured
//! here, never asserted in tests.
//!
//! - `reference_8_decks`: every figure of `session-odds` (distributions up to 30 deals, the
//!   summary beyond, head to head) for 10, 30, 100 and 1,000 deals, reference rules.
//! - `ez_baccarat_1000_deals`: the same for EZ Baccarat's tariff (four categories of final
//!   states; its one-score figures follow the powers of a polynomial).
//! - `table_1000_deals`: a table of punto,banco,banco,tie over 1,000 deals, on top of the
//!   odds computed once.
//! - `output_1000_deals_json`: the JSON document of 1,000 deals (its fractions have some
//!   15,000 digits each), from odds computed once.
//! - `many_lines_tenths_300_deals`, `many_lines_sevenths_100_deals`: the rule files of `docs/examples/session/` with 38 pay lines, in tenths of
//!   a stake (300 deals) and in sevenths, elevenths and thirteenths (100 deals): some twenty
//!   groups of final states per figure, on fine lattices of scores.

use punto_banco::lang::Lang;
use punto_banco::render::Format;
use punto_banco::rules::{MainBet, Rules};
use punto_banco::session_odds::SessionOdds;
use punto_banco::shoe::Shoe;

fn main() {
    divan::main();
}

#[divan::bench(args = [10, 30, 100, 1000], sample_count = 10)]
fn reference_8_decks(deals: u32) -> SessionOdds {
    SessionOdds::new(
        divan::black_box(&Shoe::reference()),
        &Rules::reference(),
        deals,
        20,
    )
    .unwrap()
}

#[divan::bench(sample_count = 10)]
fn ez_baccarat_1000_deals(bencher: divan::Bencher) {
    let set = punto_banco::variants::RuleSet::from_json(
        punto_banco::variants::shipped("ez-baccarat").unwrap(),
    )
    .unwrap();
    let rules = set.rules().clone();
    bencher.bench(|| {
        SessionOdds::new(divan::black_box(&Shoe::reference()), &rules, 1000, 20).unwrap()
    });
}

#[divan::bench(sample_count = 10)]
fn table_1000_deals(bencher: divan::Bencher) {
    let odds = SessionOdds::new(&Shoe::reference(), &Rules::reference(), 1000, 20).unwrap();
    let table = [MainBet::Punto, MainBet::Banco, MainBet::Banco, MainBet::Tie];
    bencher.bench(|| odds.players(divan::black_box(&table)).unwrap());
}

#[divan::bench(sample_count = 10)]
fn output_1000_deals_json(bencher: divan::Bencher) {
    let odds = SessionOdds::new(&Shoe::reference(), &Rules::reference(), 1000, 20).unwrap();
    bencher.bench(|| {
        punto_banco::render::session::render_odds(
            divan::black_box(&odds),
            &punto_banco::render::Page::new(Format::Json, Lang::En),
        )
    });
}

/// A rule file of `docs/examples/session/`, by name.
fn many_line_rules(name: &str) -> Rules {
    let path = format!(
        "{}/docs/examples/session/{name}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    punto_banco::variants::RuleSet::from_json(&text)
        .unwrap()
        .rules()
        .clone()
}

#[divan::bench(sample_count = 3)]
fn many_lines_tenths_300_deals(bencher: divan::Bencher) {
    let rules = many_line_rules("tenths");
    bencher
        .bench(|| SessionOdds::new(divan::black_box(&Shoe::reference()), &rules, 300, 20).unwrap());
}

#[divan::bench(sample_count = 3)]
fn many_lines_sevenths_100_deals(bencher: divan::Bencher) {
    let rules = many_line_rules("sevenths");
    bencher
        .bench(|| SessionOdds::new(divan::black_box(&Shoe::reference()), &rules, 100, 20).unwrap());
}
