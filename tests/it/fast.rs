//! The engine equals the reference paths exactly: on random compositions (full, lightly
//! and heavily depleted, values exhausted, tiny shoes) and random tableaux, and in every
//! integer type its proof can choose (u64, u128 and big integers, by the size of the shoe).

use num_bigint::BigUint;
use proptest::prelude::*;
use punto_banco::engine::tally as fast_tally;
use punto_banco::reference::{exact_tally, naive_tally};
use punto_banco::rules::{Action, DrawingRules, PuntoMove};
use punto_banco::shoe::Shoe;

fn composition() -> impl Strategy<Value = Shoe> {
    prop_oneof![
        // Full and lightly depleted eight-deck shoes.
        proptest::array::uniform13(24u64..=32),
        // Heavily depleted.
        proptest::array::uniform13(0u64..=12),
        // Tiny, with values exhausted.
        proptest::array::uniform13(0u64..=2),
        // One value gone from an otherwise full shoe.
        (0usize..13).prop_map(|gone| {
            let mut counts = [32u64; 13];
            counts[gone] = 0;
            counts
        }),
    ]
    .prop_map(|counts| Shoe::from_counts(counts).unwrap())
    .prop_filter("a playable shoe", |shoe| shoe.check_playable().is_ok())
}

fn tableau() -> impl Strategy<Value = DrawingRules> {
    (
        proptest::collection::vec(any::<bool>(), 96),
        proptest::sample::subsequence((0u8..10).collect::<Vec<_>>(), 0..3),
    )
        .prop_map(|(bits, naturals)| {
            let mut rules = DrawingRules::reference();
            let action = |b: bool| if b { Action::Draw } else { Action::Stand };
            for total in 0..8u8 {
                for (column, &m) in PuntoMove::ALL.iter().enumerate() {
                    rules =
                        rules.with_banco_cell(total, m, action(bits[total as usize * 11 + column]));
                }
                rules.punto[total as usize] = action(bits[88 + total as usize]);
            }
            // Sometimes other naturals, so the engine's handling of naturals is data too.
            if !naturals.is_empty() {
                rules.naturals = [false; 10];
                for t in naturals {
                    rules.naturals[t as usize] = true;
                }
            }
            rules
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    #[test]
    fn fast_equals_naive(shoe in composition(), rules in tableau()) {
        prop_assert_eq!(fast_tally(&shoe, &rules).unwrap(), naive_tally(&shoe, &rules).unwrap());
    }

    /// The enumerator counts in u128 (or big integers), the engine here in u64: the same tally.
    #[test]
    fn engine_equals_the_enumerator(shoe in composition(), rules in tableau()) {
        prop_assert_eq!(fast_tally(&shoe, &rules).unwrap(), exact_tally(&shoe, &rules).unwrap());
    }
}

#[test]
fn fast_equals_the_enumerator_on_whole_decks() {
    let rules = DrawingRules::reference();
    for n_decks in [1, 2, 6, 8, 12] {
        let shoe = Shoe::decks(n_decks).unwrap();
        assert_eq!(
            fast_tally(&shoe, &rules).unwrap(),
            exact_tally(&shoe, &rules).unwrap(),
            "{n_decks}"
        );
    }
}

/// 100,000 decks: N⁶ exceeds u128, so the weights are big integers, and the total is still
/// the falling product N·(N−1)·…·(N−5), computed here independently.
#[test]
fn a_hundred_thousand_decks() {
    let shoe = Shoe::decks(100_000).unwrap();
    assert!(u128::from(shoe.len()).checked_pow(6).is_none());
    let tally = fast_tally(&shoe, &DrawingRules::reference()).unwrap();
    let n = shoe.len();
    let falling: BigUint = (0..6).map(|k| BigUint::from(n - k)).product();
    assert_eq!(tally.total(), falling);
    assert_eq!(
        tally,
        exact_tally(&shoe, &DrawingRules::reference()).unwrap()
    );
}

#[test]
fn shoes_too_small_for_a_coup_are_refused() {
    let shoe = Shoe::from_counts([1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]).unwrap();
    assert_eq!(
        fast_tally(&shoe, &DrawingRules::reference())
            .unwrap_err()
            .to_string(),
        "the shoe holds 5 cards; a coup can need six, so a shoe needs at least 6 cards"
    );
}

/// Where two documents differ: every exact value (strings, integers, keys, order) must be
/// equal, and floats, the rounded companions of exact fractions computed by two paths (u128
/// division and big rationals), within a relative 1e-12.
fn difference(a: &serde_json::Value, b: &serde_json::Value, at: &str) -> Option<String> {
    use serde_json::Value;
    match (a, b) {
        (Value::Number(x), Value::Number(y)) if x.is_f64() || y.is_f64() => {
            let (x, y) = (x.as_f64()?, y.as_f64()?);
            let close = x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs());
            (!close).then(|| format!("{at}: {x} against {y}"))
        }
        (Value::Array(xs), Value::Array(ys)) if xs.len() == ys.len() => xs
            .iter()
            .zip(ys)
            .enumerate()
            .find_map(|(i, (x, y))| difference(x, y, &format!("{at}[{i}]"))),
        (Value::Object(xs), Value::Object(ys))
            if xs.keys().collect::<Vec<_>>() == ys.keys().collect::<Vec<_>>() =>
        {
            xs.iter()
                .find_map(|(k, x)| difference(x, &ys[k], &format!("{at}.{k}")))
        }
        _ => (a != b).then(|| format!("{at}: {a} against {b}")),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// The fast analysis document (u128) is the big-integer one, for any shoe and every shipped
    /// rule set (side bets, pairs, commissions, pushes).
    #[test]
    fn fast_document_equals_the_big_integer_document(
        shoe in composition(),
        variant in 0..punto_banco::variants::SHIPPED.len(),
    ) {
        use punto_banco::analysis::Analysis;
        use punto_banco::render::analysis::analysis_json;
        use punto_banco::report::document_json;
        let (name, text) = punto_banco::variants::SHIPPED[variant];
        let rules = punto_banco::variants::RuleSet::from_json(text).unwrap().into_rules();
        let fast: serde_json::Value = serde_json::from_str(&document_json(&shoe, &rules, name).unwrap()).unwrap();
        let slow = analysis_json(&Analysis::new(&shoe, &rules).unwrap(), name);
        prop_assert_eq!(difference(&fast, &slow, "document"), None);
    }
}

/// N·(N−1)·…·(N−5), the number of ordered six-card sequences of a shoe of N cards, computed
/// with big integers apart from the engine.
fn falling_sixth(cards: u64) -> BigUint {
    (0..6u64).map(|k| BigUint::from(cards) - k).product()
}

/// The largest shoes the tool accepts: 2³² decks, a rank at its largest count, the value 0
/// (four ranks) at 2³⁶ cards. The two-card ways of a hand once overflowed a native `u64` for
/// every shoe above 268,435,456 decks.
#[test]
fn the_largest_accepted_shoes_are_analysed_exactly() {
    use punto_banco::analysis::Analysis;
    use punto_banco::rules::Rules;
    let mut one_rank = [4u64; 13];
    one_rank[0] = Shoe::MAX_COUNT;
    let mut tens = [0u64; 13];
    tens[9..].fill(Shoe::MAX_COUNT);
    tens[8] = 6;
    for shoe in [
        Shoe::decks(268_435_457).unwrap(),
        Shoe::decks(Shoe::MAX_DECKS).unwrap(),
        Shoe::from_counts([Shoe::MAX_COUNT; 13]).unwrap(),
        Shoe::from_counts(one_rank).unwrap(),
        Shoe::from_counts(tens).unwrap(),
    ] {
        let analysis = Analysis::new(&shoe, &Rules::reference()).unwrap();
        assert_eq!(analysis.sequences(), &falling_sixth(shoe.len()), "{shoe:?}");
    }
}

/// Across the proof's limits (31 and 32 decks for 64 bits, 50,812 and 50,813 for 128 bits)
/// the engine's tally is the enumerator's and counts every sequence; the engine's choice of
/// type at each limit is held by a unit test beside it.
#[test]
fn the_engine_is_exact_on_both_sides_of_each_limit() {
    let rules = DrawingRules::reference();
    for n_decks in [31, 32] {
        let shoe = Shoe::decks(n_decks).unwrap();
        assert_eq!(
            fast_tally(&shoe, &rules).unwrap(),
            exact_tally(&shoe, &rules).unwrap(),
            "{n_decks}"
        );
    }
    for n_decks in [50_812, 50_813] {
        let tally = fast_tally(&Shoe::decks(n_decks).unwrap(), &rules).unwrap();
        assert_eq!(tally.total(), falling_sixth(52 * n_decks), "{n_decks}");
    }
}

/// Shoes in each regime of counts: N⁶ within 64 bits, within 128 bits, beyond (up to the largest
/// count a rank may hold), sometimes with one value exhausted.
fn any_accepted_shoe() -> impl Strategy<Value = Shoe> {
    let counts = |low: u64, high: u64| {
        proptest::array::uniform13(prop_oneof![4 => low..=high, 1 => Just(high)])
    };
    (
        prop_oneof![
            3 => counts(0, 125),
            3 => counts(126, 200_000),
            2 => counts(300_000, Shoe::MAX_COUNT),
        ],
        proptest::option::of(0usize..10),
    )
        .prop_map(|(mut counts, exhausted)| {
            if let Some(value) = exhausted {
                // Value 0 is the four ranks 10, J, Q, K; value v is rank v (the ace is 1).
                let ranks = if value == 0 { 9..13 } else { value - 1..value };
                counts[ranks].fill(0);
            }
            Shoe::from_counts(counts).unwrap()
        })
        .prop_filter("a playable shoe", |shoe| shoe.check_playable().is_ok())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Whatever the shoe, the analysis, the fast tally in the ring that holds it and the fast
    /// analysis document count exactly N·(N−1)·…·(N−5) sequences, and none panics.
    #[test]
    fn every_accepted_shoe_counts_every_sequence(shoe in any_accepted_shoe()) {
        use punto_banco::analysis::Analysis;
        use punto_banco::rules::Rules;
        let rules = Rules::reference();
        let expected = falling_sixth(shoe.len());
        let analysis = Analysis::new(&shoe, &rules).unwrap();
        prop_assert_eq!(analysis.sequences(), &expected);
        prop_assert_eq!(fast_tally(&shoe, &rules.drawing).unwrap().total(), expected.clone());
        let doc: serde_json::Value = serde_json::from_str(
            &punto_banco::report::document_json(&shoe, &rules, "reference").unwrap(),
        )
        .unwrap();
        prop_assert_eq!(doc["sequences"].as_str().map(str::to_string), Some(expected.to_string()));
    }
}

/// The engine's opening totals (the fit's `openings` grouping) are the ordered openings
/// counted one by one: the falling product of four counts, times (N−4)(N−5) ways to fill the
/// rest.
#[test]
fn opening_totals_are_the_openings_counted_one_by_one() {
    for shoe in [
        Shoe::decks(1).unwrap(),
        Shoe::from_counts([0, 3, 1, 0, 2, 5, 0, 1, 1, 0, 0, 2, 4]).unwrap(),
    ] {
        let counts = shoe.value_counts();
        let n = shoe.len();
        let mut expected: [[BigUint; 10]; 10] = Default::default();
        for code in 0..10_000usize {
            let values = [code / 1000, code / 100 % 10, code / 10 % 10, code % 10];
            let mut left = counts;
            let mut weight = BigUint::from(1u8);
            for &v in &values {
                weight *= left[v];
                left[v] = left[v].saturating_sub(1);
            }
            let (p, b) = ((values[0] + values[2]) % 10, (values[1] + values[3]) % 10);
            expected[p][b] += weight * (n - 4) * (n - 5);
        }
        assert_eq!(
            punto_banco::engine::opening_totals(&shoe).unwrap(),
            expected
        );
    }
}
