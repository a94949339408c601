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
        punto_banco::render::session::render_odds(divan::black_box(&odds), Lang::En, Format::Json)
    });
}
