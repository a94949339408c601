//! The deliberately naive second path must agree exactly with the enumerator.

use num_bigint::BigUint;
use proptest::prelude::*;
use punto_banco::reference::{exact_tally, naive_tally};
use punto_banco::rules::{Action, DrawingRules, PuntoMove};
use punto_banco::shoe::Shoe;

#[test]
fn naive_equals_enumerator_on_one_deck() {
    let shoe = Shoe::decks(1).unwrap();
    let rules = DrawingRules::reference();
    assert_eq!(
        naive_tally(&shoe, &rules).unwrap(),
        exact_tally(&shoe, &rules).unwrap()
    );
}

// The enumerator's two weight types are held equal by a unit test beside it
// (reference::tests::big_integer_path_equals_u128_path), now that the weight type is private.

fn composition() -> impl Strategy<Value = Shoe> {
    // From tiny (a handful of cards, values exhausted) to eight decks and lightly depleted.
    prop_oneof![
        proptest::array::uniform13(0u64..=3),
        proptest::array::uniform13(0u64..=12),
        proptest::array::uniform13(28u64..=32),
    ]
    .prop_map(|counts| Shoe::from_counts(counts).unwrap())
    .prop_filter("a playable shoe", |shoe| shoe.check_playable().is_ok())
}

fn tableau() -> impl Strategy<Value = DrawingRules> {
    proptest::collection::vec(any::<bool>(), 8 * 11 + 8).prop_map(|bits| {
        let mut rules = DrawingRules::reference();
        let action = |b: bool| if b { Action::Draw } else { Action::Stand };
        for total in 0..8u8 {
            for (column, &m) in PuntoMove::ALL.iter().enumerate() {
                rules = rules.with_banco_cell(total, m, action(bits[total as usize * 11 + column]));
            }
            rules.punto[total as usize] = action(bits[88 + total as usize]);
        }
        rules
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn naive_equals_enumerator_on_random_shoes(shoe in composition()) {
        let rules = DrawingRules::reference();
        prop_assert_eq!(naive_tally(&shoe, &rules).unwrap(), exact_tally(&shoe, &rules).unwrap());
    }

    #[test]
    fn naive_equals_enumerator_on_random_tableaux(shoe in composition(), rules in tableau()) {
        prop_assert_eq!(naive_tally(&shoe, &rules).unwrap(), exact_tally(&shoe, &rules).unwrap());
    }

    #[test]
    fn weights_sum_to_the_falling_product(shoe in composition()) {
        let tally = exact_tally(&shoe, &DrawingRules::reference()).unwrap();
        let n = shoe.len();
        let product: BigUint = (0..6).map(|k| BigUint::from(n - k)).product();
        prop_assert_eq!(tally.total(), product);
    }
}
