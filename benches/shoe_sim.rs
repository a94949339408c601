//! Benchmarks of the shoe simulation: `cargo bench --bench shoe_sim`. Speed is measured
//! here, never asserted in tests.
//!
//! Every run deals on one thread (a rayon pool of one), so the figures are per core:
//!
//! - `twenty_shoes`: 20 eight-deck shoes dealt to a cut at 14 cards with every bet's exact
//!   edge before every coup (about 1,640 exact analyses), under the reference rules (three
//!   bets) and EZ Baccarat (five). Shoes a second per core = 20 / the median.
//! - `one_coup`: what one coup costs beyond the engine: the exact expected nets of every
//!   bet of EZ Baccarat in an eight-deck shoe, through `Analysis` (what the simulation did
//!   before) and the engine's tally alone, for comparison.
//! - `twenty_shoes_with_card_bets`: the reference rules and one card bet (rule-file schema 2)
//!   of each kind the card bets' count meets: Either Pair (the opening's ranks), Punto's first
//!   two red (colours), 3 Giving 8 (a walk through the drawing), each valued exactly on the 52
//!   card counts left before every coup.

use punto_banco::analysis::Analysis;
use punto_banco::depletion::{SimulationSetup, try_simulate};
use punto_banco::rules::Rules;
use punto_banco::shoe::Shoe;
use punto_banco::variants::{RuleSet, shipped};

fn main() {
    divan::main();
}

/// The rule set of a shipped variant, or the reference.
fn rules(name: &str) -> Rules {
    match name {
        "reference" => Rules::reference(),
        name => RuleSet::from_json(shipped(name).expect("a shipped variant"))
            .expect("a valid rule set")
            .into_rules(),
    }
}

#[divan::bench(args = ["reference", "ez-baccarat"], sample_count = 10)]
fn twenty_shoes(bencher: divan::Bencher, name: &str) {
    let rules = rules(name);
    let setup = SimulationSetup {
        shoes: 20,
        seed: 1,
        n_decks: 8,
        cut: 14,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: name.into(),
    };
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    bencher.bench_local(|| {
        one_thread.install(|| try_simulate(divan::black_box(&setup), &rules, &|_| {}).unwrap())
    });
}

#[divan::bench]
fn one_coup_through_analysis(bencher: divan::Bencher) {
    let rules = rules("ez-baccarat");
    let shoe = Shoe::reference();
    bencher.bench_local(|| {
        Analysis::new(divan::black_box(&shoe), &rules)
            .unwrap()
            .expected_nets()
    });
}

#[divan::bench]
fn one_coup_engine_tally_alone(bencher: divan::Bencher) {
    let rules = rules("ez-baccarat");
    let shoe = Shoe::reference();
    bencher.bench_local(|| {
        punto_banco::engine::tally(divan::black_box(&shoe), &rules.drawing).unwrap()
    });
}

/// The reference rules with the card bet `name`: `either_pair`, `punto_red` or
/// `three_giving_eight`.
fn with_card_bet(name: &str) -> Rules {
    use num_rational::Ratio;
    use punto_banco::outcome::Hand;
    use punto_banco::rules::condition::{Atom, CardClass, CardSet, Cond, Numbers, Same, SetTest};
    use punto_banco::rules::{Bet, PayLine, SideBet};
    let first_two = |hand, test| Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test));
    let pair = |hand| {
        first_two(
            hand,
            SetTest {
                same: Some(Same::Rank),
                ..SetTest::default()
            },
        )
    };
    let (when, net) = match name {
        "either_pair" => (
            Cond::Any(vec![pair(Hand::Punto), pair(Hand::Banco)]),
            Ratio::from_integer(5),
        ),
        "punto_red" => (
            first_two(
                Hand::Punto,
                SetTest {
                    all: Some(CardClass::colour(true)),
                    ..SetTest::default()
                },
            ),
            Ratio::new(5, 2),
        ),
        _ => (
            Cond::All(vec![
                Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3]))),
                Cond::Atom(Atom::Set(
                    CardSet::Third(Hand::Punto),
                    SetTest {
                        all: Some(CardClass::rank(punto_banco::card::Rank::Eight)),
                        ..SetTest::default()
                    },
                )),
            ]),
            Ratio::from_integer(200),
        ),
    };
    let mut rules = Rules::reference();
    rules.tariff.side.push(SideBet {
        key: name.into(),
        bet: Bet {
            lines: vec![PayLine { when, net }],
        },
    });
    rules
}

#[divan::bench(args = ["either_pair", "punto_red", "three_giving_eight"], sample_count = 3)]
fn twenty_shoes_with_card_bets(bencher: divan::Bencher, name: &str) {
    let rules = with_card_bet(name);
    let setup = SimulationSetup {
        shoes: 20,
        seed: 1,
        n_decks: 8,
        cut: 14,
        burn: punto_banco::rules::dealing::Procedure::REFERENCE.burn,
        coups_after_cut: 1,
        rules: name.into(),
    };
    let one_thread = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool of one thread");
    bencher.bench_local(|| {
        one_thread.install(|| try_simulate(divan::black_box(&setup), &rules, &|_| {}).unwrap())
    });
}
