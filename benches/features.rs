//! Benchmarks of the card bets: `cargo bench --bench features`. Speed is measured here, never
//! asserted in tests.
//!
//! Every bench counts on an eight-deck shoe read card by card (its 52 card counts, 32 each).
//! One bench per family of evaluator, each the exact distribution of one bet's net on an
//! analysis built outside the timing:
//!
//! - `pair_tables_perfect_pair`: a bet on both hands' first two cards (identical cards).
//! - `pair_tables_fortune_4_pair`: one hand's first two cards (a named card).
//! - `opening_sets_jackpot`: the opening as a poker hand (ranks and one suit).
//! - `opening_sets_lucky_nines`: the opening's nines by suit and a named nine.
//! - `opening_walk_tiger_pair`: the opening as a set and per hand at once.
//! - `sub_shoes_super_tie`, `sub_shoes_tie_max`, `sub_shoes_grand_monkey`: every card dealt
//!   in a class, or the highest value dealt.
//! - `lean_walk_monkey_6`, `lean_walk_three_giving_eight`, `lean_walk_lucky_match`: third
//!   cards by class, poker hands of every card dealt.
//!
//! - `own_bets`: bets the catalogue has no evaluator made for (issue 27), each priced on the
//!   eight-deck shoe less three cards (2♠ 3♥ K♦, so suits are uneven), from its rule-file
//!   text: Banco's flush (a hand's cards of one suit), a named pair among the cards dealt,
//!   every card dealt of one suit, every card dealt the same card, and the winner's cards of
//!   one suit (counted once per winner, each role then a fixed hand).
//!
//! `whole_catalogue`: the full analysis (tally, every bet's distribution, expected nets) of
//! the rules holding every bet of the catalogue.

use punto_banco::analysis::Analysis;
use punto_banco::rules::{Bet, Rules, SideBet};
use punto_banco::shoe::Shoe;

#[allow(dead_code)]
#[path = "../tests/it/features.rs"]
mod catalogue;

fn main() {
    divan::main();
}

fn rules_with(bets: Vec<(String, Bet)>) -> Rules {
    let mut rules = Rules::reference();
    for (key, bet) in bets {
        rules.tariff.side.push(SideBet { key, bet });
    }
    rules
}

fn one(bet: Bet, bencher: divan::Bencher) {
    let rules = rules_with(vec![("bet".into(), bet.clone())]);
    let analysis = Analysis::new(&Shoe::reference(), &rules).unwrap();
    let terms = bet;
    bencher.bench_local(|| analysis.net_distribution(divan::black_box(&terms)));
}

#[divan::bench]
fn pair_tables_perfect_pair(bencher: divan::Bencher) {
    one(catalogue::perfect_pair(250), bencher);
}

#[divan::bench]
fn pair_tables_fortune_4_pair(bencher: divan::Bencher) {
    let bet = catalogue::catalogue()
        .into_iter()
        .find(|(id, _)| id == "banco_fortune_4_pair")
        .unwrap()
        .1;
    one(bet, bencher);
}

#[divan::bench]
fn opening_sets_jackpot(bencher: divan::Bencher) {
    one(catalogue::jackpot_baccarat(), bencher);
}

#[divan::bench]
fn opening_sets_lucky_nines(bencher: divan::Bencher) {
    one(catalogue::lucky_nines(), bencher);
}

#[divan::bench(sample_count = 10)]
fn opening_walk_tiger_pair(bencher: divan::Bencher) {
    let bet = catalogue::catalogue()
        .into_iter()
        .find(|(id, _)| id == "tiger_pair")
        .unwrap()
        .1;
    one(bet, bencher);
}

#[divan::bench]
fn sub_shoes_super_tie(bencher: divan::Bencher) {
    one(catalogue::super_tie_21c(), bencher);
}

#[divan::bench]
fn sub_shoes_tie_max(bencher: divan::Bencher) {
    one(catalogue::tie_max(true), bencher);
}

#[divan::bench]
fn sub_shoes_grand_monkey(bencher: divan::Bencher) {
    one(catalogue::grand_monkey(), bencher);
}

#[divan::bench]
fn lean_walk_monkey_6(bencher: divan::Bencher) {
    one(catalogue::monkey_6(false), bencher);
}

#[divan::bench]
fn lean_walk_three_giving_eight(bencher: divan::Bencher) {
    one(catalogue::three_giving_eight(), bencher);
}

#[divan::bench]
fn lean_walk_lucky_match(bencher: divan::Bencher) {
    one(catalogue::lucky_match(), bencher);
}

#[divan::bench(sample_count = 10)]
fn whole_catalogue(bencher: divan::Bencher) {
    let rules = rules_with(catalogue::catalogue());
    let shoe = Shoe::reference();
    bencher.bench_local(|| {
        Analysis::new(divan::black_box(&shoe), &rules)
            .unwrap()
            .figures()
    });
}

/// Bets written as a user writes them in a rule file, none of them in the catalogue.
const OWN_BETS: [(&str, &str); 5] = [
    (
        "banco_flush",
        r#"[{"winner": "banco", "banco": {"cards": 3, "all_cards": {"same": "suit"}}, "pays": 25},
            {"winner": "banco", "banco": {"all_cards": {"same": "suit"}}, "pays": 3}]"#,
    ),
    (
        "named_pair",
        r#"[{"dealt": {"where": {"card": ["AS", "KH"]}, "size": 2, "same": "card"}, "pays": 75}]"#,
    ),
    (
        "dealt_one_suit",
        r#"[{"dealt": {"same": "suit"}, "pays": 150}]"#,
    ),
    (
        "dealt_one_card",
        r#"[{"dealt": {"same": "card"}, "pays": 1}]"#,
    ),
    (
        "winner_suited",
        r#"[{"winning_hand": {"all_cards": {"same": "suit"}}, "pays": 9}]"#,
    ),
];

#[divan::bench(args = ["banco_flush", "named_pair", "dealt_one_suit", "dealt_one_card", "winner_suited"], sample_count = 3)]
fn own_bets(bencher: divan::Bencher, name: &str) {
    let terms = OWN_BETS.iter().find(|(n, _)| *n == name).unwrap().1;
    bench_own_bet(bencher, terms);
}

/// Prices one bet, its terms added as `own` to the shipped reference rule file as a schema-2
/// rule file holds them, on eight decks less 2♠ 3♥ K♦ (suits uneven).
fn bench_own_bet(bencher: divan::Bencher, terms: &str) {
    // The shipped reference rule file, with the bet added as a schema-2 rule file holds it.
    let mut file: serde_json::Value =
        serde_json::from_str(include_str!("../data/variants/reference.json")).unwrap();
    file["schema"] = 2.into();
    file["bets"]["own"] = serde_json::from_str(terms).unwrap();
    let rules = punto_banco::variants::RuleSet::from_json(&file.to_string())
        .unwrap()
        .rules()
        .clone();
    let mut shoe = Shoe::reference();
    let out: Vec<punto_banco::card::Card> = ["2S", "3H", "KD"]
        .iter()
        .map(|c| c.parse().unwrap())
        .collect();
    shoe.remove_cards(&out).unwrap();
    let analysis = Analysis::new(&shoe, &rules).unwrap();
    let bet = rules
        .tariff
        .all()
        .into_iter()
        .find(|(key, _)| *key == "own")
        .unwrap()
        .1
        .clone();
    bencher.bench_local(|| analysis.net_distribution(divan::black_box(&bet)));
}

/// Bets on both hands' cards, or both roles', for more than their value (issue 27), priced as
/// `own_bets` prices its bets: counted by pairs of hands, jointly in the values both hold.
const BOTH_HANDS_BETS: [(&str, &str); 2] = [
    (
        "both_roles_suited",
        r#"[{"winning_hand": {"all_cards": {"same": "suit"}}, "losing_hand": {"all_cards": {"same": "suit"}}, "pays": 50}]"#,
    ),
    (
        "both_hands_suited",
        r#"[{"punto": {"all_cards": {"same": "suit"}}, "banco": {"all_cards": {"same": "suit"}}, "pays": 50}]"#,
    ),
];

#[divan::bench(args = ["both_roles_suited", "both_hands_suited"], sample_count = 3)]
fn both_hands_bets(bencher: divan::Bencher, name: &str) {
    let terms = BOTH_HANDS_BETS.iter().find(|(n, _)| *n == name).unwrap().1;
    bench_own_bet(bencher, terms);
}
