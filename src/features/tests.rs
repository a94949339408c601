//! The evaluators held to the class walk, and the class walk to the meaning of the language.

use super::dealt::value_tally;
use super::lean::{Test, falling};
use super::*;
use crate::analysis::Analysis;
use crate::outcome::Hand;
use crate::rules::condition::{Cond, Numbers, SetTest};
use crate::rules::{PayLine, SideBet};
use crate::shoe::Shoe;

fn first_two(hand: Hand, test: SetTest) -> Cond {
    Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test))
}

fn with_bet(bet: Bet) -> Rules {
    let mut rules = Rules::reference();
    rules.tariff.side.push(SideBet {
        key: "bet".into(),
        bet,
    });
    rules
}

/// A pair written in the card language counts what the pair bet's closed form counts.
#[test]
fn a_pair_in_the_language_is_the_pair_bet() {
    let shoe = Shoe::from_counts([1, 2, 0, 0, 0, 1, 0, 3, 0, 0, 2, 0, 1]).unwrap();
    let pair = Bet {
        lines: vec![PayLine {
            when: first_two(
                Hand::Banco,
                SetTest {
                    same: Some(Same::Rank),
                    ..SetTest::default()
                },
            ),
            net: Ratio::from_integer(11),
        }],
    };
    let rules = with_bet(pair.clone());
    let analysis = Analysis::new(&shoe, &rules).unwrap();
    let p = analysis.pair();
    let distribution = analysis.net_distribution(&pair);
    assert_eq!(distribution.len(), 2);
    assert_eq!(distribution[1], (Ratio::from_integer(11), p));
}

/// The walk's classes: the state-only bets fold the engine's tally, the others count
/// every sequence once (their probabilities sum to one on a shoe with several classes).
#[test]
fn card_bets_count_every_sequence_once() {
    let shoe = Shoe::from_counts([2, 1, 1, 0, 1, 1, 0, 1, 2, 1, 0, 1, 1]).unwrap();
    let cards_dealt = Bet {
        lines: vec![PayLine {
            when: Cond::Atom(Atom::CardsDealt(Numbers::of(&[4]))),
            net: Ratio::new(3, 2),
        }],
    };
    let three_giving_eight = Bet {
        lines: vec![PayLine {
            when: Cond::All(vec![
                Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3]))),
                Cond::Atom(Atom::Set(
                    CardSet::Third(Hand::Punto),
                    SetTest {
                        all: Some(CardClass::rank(Rank::Eight)),
                        ..SetTest::default()
                    },
                )),
            ]),
            net: Ratio::from_integer(200),
        }],
    };
    for bet in [cards_dealt, three_giving_eight] {
        let analysis = Analysis::new(&shoe, &with_bet(bet.clone())).unwrap();
        let distribution = analysis.net_distribution(&bet);
        let one: num_rational::BigRational = distribution.iter().map(|(_, p)| p.clone()).sum();
        assert_eq!(one, num_rational::BigRational::from_integer(1.into()));
    }
}

use crate::outcome::Winner;
use crate::rules::condition::Who;
use crate::rules::{Condition, DrawingRules};
use num_bigint::BigUint;
use proptest::prelude::*;
use std::collections::BTreeMap;

fn line(when: Cond, net: i64) -> PayLine {
    PayLine {
        when,
        net: Ratio::from_integer(net),
    }
}

fn on(set: CardSet, test: SetTest) -> Cond {
    Cond::Atom(Atom::Set(set, test))
}

fn same(same: Same) -> SetTest {
    SetTest {
        same: Some(same),
        ..SetTest::default()
    }
}

fn all(class: CardClass) -> SetTest {
    SetTest {
        all: Some(class),
        ..SetTest::default()
    }
}

fn state(condition: Condition) -> Cond {
    Cond::Atom(Atom::State(condition))
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

fn nines(size: u8, extra: SetTest) -> Cond {
    on(
        CardSet::Opening,
        SetTest {
            filter: Some(CardClass::rank(Rank::Nine)),
            size: Some(Numbers::of(&[size])),
            ..extra
        },
    )
}

/// One bet of every family of the catalogue that reads cards, built from the condition
/// types, with the catalogue's terms (and a few variations that reach the other paths).
fn families() -> Vec<(&'static str, Bet)> {
    let first_two = |hand, t| on(CardSet::FirstTwo(hand), t);
    let both = |t: SetTest| {
        Cond::All(vec![
            first_two(Hand::Punto, t.clone()),
            first_two(Hand::Banco, t),
        ])
    };
    let either = |t: SetTest| {
        Cond::Any(vec![
            first_two(Hand::Punto, t.clone()),
            first_two(Hand::Banco, t),
        ])
    };
    let bet = |lines: Vec<PayLine>| Bet { lines };
    let faces = CardClass::faces();
    let tie = state(Condition::wins(Winner::Tie));
    let dealt6 = Cond::Atom(Atom::CardsDealt(Numbers::of(&[6])));
    let high_tie = Cond::Any(
        (6..=9)
            .map(|t| state(Condition::wins(Winner::Tie).with_total(t)))
            .collect(),
    );
    let opening = |t: SetTest| on(CardSet::Opening, t);
    let groups = |g: &[u8]| SetTest {
        groups: Some(g.to_vec()),
        ..SetTest::default()
    };
    vec![
        (
            "perfect_pair",
            bet(vec![
                line(both(same(Same::Card)), 250),
                line(either(same(Same::Card)), 25),
            ]),
        ),
        ("either_pair", bet(vec![line(either(same(Same::Rank)), 5)])),
        // The pair bet's own shape, priced from the rank counts.
        (
            "banco_pair",
            bet(vec![line(first_two(Hand::Banco, same(Same::Rank)), 11)]),
        ),
        (
            "punto_pair_losing_less",
            bet(vec![line(first_two(Hand::Punto, same(Same::Rank)), -2)]),
        ),
        (
            "perfect_pairs_punto",
            bet(vec![
                line(first_two(Hand::Punto, same(Same::Card)), 25),
                line(
                    Cond::All(vec![
                        first_two(Hand::Punto, same(Same::Rank)),
                        first_two(Hand::Punto, same(Same::Colour)),
                    ]),
                    12,
                ),
                line(first_two(Hand::Punto, same(Same::Rank)), 5),
            ]),
        ),
        (
            "banco_fortune_4_pair",
            bet(vec![
                line(first_two(Hand::Banco, all(CardClass::card(card("4D")))), 30),
                line(
                    first_two(
                        Hand::Banco,
                        SetTest {
                            same: Some(Same::Card),
                            all: Some(CardClass::rank(Rank::Four)),
                            ..SetTest::default()
                        },
                    ),
                    15,
                ),
                line(first_two(Hand::Banco, same(Same::Card)), 9),
            ]),
        ),
        (
            "punto_red",
            bet(vec![line(
                first_two(Hand::Punto, all(CardClass::colour(true))),
                2,
            )]),
        ),
        (
            "perfect_9_bonus",
            bet(vec![
                line(
                    Cond::All(vec![
                        Cond::Atom(Atom::TwoCardTotal(Hand::Punto, Numbers::of(&[9]))),
                        first_two(Hand::Punto, same(Same::Suit)),
                        first_two(Hand::Punto, all(CardClass::values(Numbers::range(1, 9)))),
                    ]),
                    20,
                ),
                line(
                    Cond::All(vec![
                        Cond::Atom(Atom::TwoCardTotal(Hand::Punto, Numbers::of(&[9]))),
                        first_two(Hand::Punto, all(CardClass::values(Numbers::range(1, 9)))),
                    ]),
                    10,
                ),
                line(
                    Cond::Atom(Atom::TwoCardTotal(Hand::Punto, Numbers::of(&[9]))),
                    5,
                ),
            ]),
        ),
        (
            "tiger_pair",
            bet(vec![
                line(opening(same(Same::Card)), 100),
                line(both(same(Same::Rank)), 20),
                line(either(same(Same::Rank)), 4),
            ]),
        ),
        (
            "opening_alike",
            bet(vec![
                line(
                    Cond::All(vec![
                        opening(same(Same::Suit)),
                        Cond::Not(Box::new(opening(same(Same::Colour)))),
                    ]),
                    7,
                ),
                line(opening(same(Same::Rank)), 50),
                line(opening(same(Same::Colour)), 3),
                line(both(same(Same::Suit)), 2),
                line(first_two(Hand::Punto, same(Same::Card)), 1),
            ]),
        ),
        (
            "jackpot_baccarat",
            bet(vec![
                line(
                    opening(SetTest {
                        ranks: Some(vec![Rank::Ace, Rank::King, Rank::Queen, Rank::Jack]),
                        same: Some(Same::Suit),
                        ..SetTest::default()
                    }),
                    250,
                ),
                line(opening(groups(&[4])), 75),
                line(
                    opening(SetTest {
                        straight: Some(true),
                        same: Some(Same::Suit),
                        ..SetTest::default()
                    }),
                    50,
                ),
                line(opening(groups(&[3])), 15),
                line(opening(same(Same::Suit)), 10),
                line(
                    opening(SetTest {
                        straight: Some(true),
                        ..SetTest::default()
                    }),
                    5,
                ),
                line(opening(groups(&[2, 2])), 4),
                line(
                    opening(SetTest {
                        filter: Some(CardClass::rank(Rank::Ace)),
                        size: Some(Numbers::of(&[2])),
                        ..SetTest::default()
                    }),
                    2,
                ),
                line(
                    opening(SetTest {
                        filter: Some(CardClass::values(Numbers::of(&[0]))),
                        groups: Some(vec![2]),
                        ..SetTest::default()
                    }),
                    0,
                ),
            ]),
        ),
        (
            "lucky_nines",
            bet(vec![
                line(nines(4, SetTest::default()), 500),
                line(nines(3, same(Same::Suit)), 250),
                line(nines(3, SetTest::default()), 20),
                line(nines(2, same(Same::Suit)), 8),
                line(nines(2, SetTest::default()), 5),
                line(nines(1, all(CardClass::card(card("9D")))), 2),
                line(nines(1, SetTest::default()), 1),
            ]),
        ),
        (
            "monkey",
            bet(vec![
                line(opening(all(faces)), 50),
                line(
                    opening(SetTest {
                        filter: Some(faces),
                        size: Some(Numbers::of(&[0])),
                        ..SetTest::default()
                    }),
                    1,
                ),
            ]),
        ),
        (
            "super_tie_21c",
            bet(vec![
                line(
                    Cond::All(vec![
                        high_tie.clone(),
                        dealt6.clone(),
                        Cond::Any(vec![
                            on(CardSet::Dealt, all(CardClass::colour(true))),
                            on(CardSet::Dealt, all(CardClass::colour(false))),
                        ]),
                    ]),
                    100,
                ),
                line(Cond::All(vec![high_tie, dealt6.clone()]), 25),
                line(tie.clone(), 7),
            ]),
        ),
        (
            "tie_max",
            bet(vec![
                line(
                    Cond::All(vec![
                        tie.clone(),
                        on(
                            CardSet::Dealt,
                            SetTest {
                                max_value: Some(Numbers::range(0, 5)),
                                ..SetTest::default()
                            },
                        ),
                    ]),
                    55,
                ),
                line(
                    Cond::All(vec![
                        tie.clone(),
                        on(
                            CardSet::Dealt,
                            SetTest {
                                max_value: Some(Numbers::of(&[2, 3, 7, 9])),
                                ..SetTest::default()
                            },
                        ),
                    ]),
                    10,
                ),
            ]),
        ),
        (
            "grand_monkey",
            bet(vec![line(
                Cond::All(vec![dealt6.clone(), on(CardSet::Dealt, all(faces))]),
                6000,
            )]),
        ),
        (
            "all_red_or_black",
            bet(vec![
                line(on(CardSet::Dealt, all(CardClass::colour(true))), 20),
                line(
                    Cond::Not(Box::new(on(CardSet::Dealt, all(CardClass::colour(false))))),
                    1,
                ),
            ]),
        ),
        (
            "monkey_6",
            bet(vec![
                line(
                    Cond::All(vec![
                        tie.clone(),
                        dealt6.clone(),
                        on(CardSet::Third(Hand::Punto), all(faces.complement())),
                        on(CardSet::Third(Hand::Banco), all(faces)),
                    ]),
                    150,
                ),
                line(
                    Cond::All(vec![
                        dealt6.clone(),
                        on(CardSet::Third(Hand::Punto), all(faces.complement())),
                        on(CardSet::Third(Hand::Banco), all(faces)),
                    ]),
                    12,
                ),
            ]),
        ),
        (
            "three_giving_eight",
            bet(vec![line(
                Cond::All(vec![
                    Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3]))),
                    Cond::Atom(Atom::TwoCardTotal(Hand::Punto, Numbers::range(0, 5))),
                    on(
                        CardSet::Third(Hand::Punto),
                        all(CardClass::rank(Rank::Eight)),
                    ),
                ]),
                200,
            )]),
        ),
        (
            "lucky_match",
            bet(vec![
                line(on(CardSet::Dealt, groups(&[5])), 250),
                line(on(CardSet::Dealt, groups(&[3, 3])), 100),
                line(on(CardSet::Dealt, groups(&[4])), 30),
                line(on(CardSet::Dealt, groups(&[3, 2])), 15),
                line(on(CardSet::Dealt, groups(&[3])), 6),
                line(on(CardSet::Dealt, groups(&[2, 2])), 4),
            ]),
        ),
        (
            "winner_suited_straight",
            bet(vec![
                line(on(CardSet::Cards(Who::Winner), same(Same::Suit)), 9),
                line(
                    on(
                        CardSet::Cards(Who::Loser),
                        SetTest {
                            filter: Some(CardClass::colour(true)),
                            straight: Some(false),
                            ..SetTest::default()
                        },
                    ),
                    2,
                ),
            ]),
        ),
        // Both hands' cards, or both roles', read for more than their value: counted by
        // pairs of hands, jointly in the values both hands hold ([`hands`]).
        (
            "both_roles_suited",
            bet(vec![
                line(
                    Cond::All(vec![
                        Cond::Atom(Atom::HandCards(Who::Winner, Numbers::of(&[3]))),
                        on(CardSet::Cards(Who::Winner), same(Same::Suit)),
                        on(CardSet::Cards(Who::Loser), same(Same::Suit)),
                    ]),
                    200,
                ),
                line(
                    Cond::All(vec![
                        on(CardSet::Cards(Who::Winner), same(Same::Colour)),
                        on(CardSet::Cards(Who::Loser), same(Same::Colour)),
                    ]),
                    5,
                ),
                line(
                    Cond::Not(Box::new(on(CardSet::Cards(Who::Loser), same(Same::Rank)))),
                    -1,
                ),
            ]),
        ),
        (
            "both_hands_by_rank_and_suit",
            bet(vec![
                line(
                    Cond::All(vec![
                        on(CardSet::Cards(Who::Punto), same(Same::Suit)),
                        on(CardSet::Cards(Who::Banco), groups(&[2])),
                        on(
                            CardSet::Dealt,
                            SetTest {
                                max_value: Some(Numbers::range(7, 9)),
                                ..SetTest::default()
                            },
                        ),
                    ]),
                    50,
                ),
                line(
                    Cond::Any(vec![
                        Cond::All(vec![
                            first_two(Hand::Punto, same(Same::Card)),
                            on(CardSet::Third(Hand::Banco), all(faces)),
                        ]),
                        Cond::All(vec![
                            Cond::Atom(Atom::TwoCardTotal(Hand::Banco, Numbers::of(&[3, 4]))),
                            on(CardSet::Cards(Who::Banco), same(Same::Colour)),
                            on(CardSet::Cards(Who::Winner), all(CardClass::colour(true))),
                        ]),
                    ]),
                    8,
                ),
            ]),
        ),
        // Shapes the catalogue does not have (issue 27): a hand's cards of one suit by its
        // number of cards, a named pair of cards among those dealt, every card dealt alike.
        (
            "banco_flush",
            bet(vec![
                line(
                    Cond::All(vec![
                        state(Condition::wins(Winner::Banco)),
                        Cond::Atom(Atom::HandCards(Who::Banco, Numbers::of(&[3]))),
                        on(CardSet::Cards(Who::Banco), same(Same::Suit)),
                    ]),
                    25,
                ),
                line(
                    Cond::All(vec![
                        state(Condition::wins(Winner::Banco)),
                        on(CardSet::Cards(Who::Banco), same(Same::Suit)),
                    ]),
                    3,
                ),
            ]),
        ),
        (
            "named_pair_dealt",
            bet(vec![line(
                on(
                    CardSet::Dealt,
                    SetTest {
                        filter: Some(CardClass::card(card("AS")).or(CardClass::card(card("KH")))),
                        size: Some(Numbers::of(&[2])),
                        same: Some(Same::Card),
                        ..SetTest::default()
                    },
                ),
                75,
            )]),
        ),
        (
            "dealt_same_card",
            bet(vec![line(on(CardSet::Dealt, same(Same::Card)), 1)]),
        ),
        (
            "dealt_same_suit_tie",
            bet(vec![
                line(
                    Cond::All(vec![tie.clone(), on(CardSet::Dealt, same(Same::Suit))]),
                    40,
                ),
                line(on(CardSet::Dealt, same(Same::Suit)), 5),
            ]),
        ),
        (
            "dealt_same_rank_six",
            bet(vec![line(
                Cond::All(vec![dealt6.clone(), on(CardSet::Dealt, same(Same::Rank))]),
                500,
            )]),
        ),
        (
            "dealt_same_suit_or_red_punto",
            bet(vec![
                line(on(CardSet::Dealt, same(Same::Suit)), 40),
                line(
                    on(
                        CardSet::Cards(Who::Punto),
                        SetTest {
                            filter: Some(CardClass::colour(true)),
                            size: Some(Numbers::of(&[2, 3])),
                            ..SetTest::default()
                        },
                    ),
                    2,
                ),
            ]),
        ),
        // The winner's or the loser's cards for more than their value, counted once per
        // winner ([`roles`]): on a tie a role has no hand and its atoms are false, so the
        // negation of one holds there.
        (
            "winner_suited",
            bet(vec![line(
                on(CardSet::Cards(Who::Winner), same(Same::Suit)),
                9,
            )]),
        ),
        (
            "loser_suited_by_winner",
            bet(vec![
                line(
                    Cond::All(vec![
                        state(Condition::wins(Winner::Banco)),
                        on(CardSet::Cards(Who::Loser), same(Same::Suit)),
                    ]),
                    20,
                ),
                line(on(CardSet::Cards(Who::Loser), same(Same::Suit)), 3),
            ]),
        ),
        (
            "winner_all_red_punto_nine",
            bet(vec![
                line(
                    Cond::All(vec![
                        on(CardSet::Cards(Who::Winner), all(CardClass::colour(true))),
                        Cond::Atom(Atom::TwoCardTotal(Hand::Punto, Numbers::of(&[9]))),
                    ]),
                    30,
                ),
                line(
                    on(CardSet::Cards(Who::Winner), all(CardClass::colour(true))),
                    4,
                ),
            ]),
        ),
        (
            "winner_one_rank_by_cards",
            bet(vec![
                line(
                    Cond::All(vec![
                        Cond::Atom(Atom::HandCards(Who::Winner, Numbers::of(&[3]))),
                        on(CardSet::Cards(Who::Winner), same(Same::Rank)),
                    ]),
                    50,
                ),
                line(on(CardSet::Cards(Who::Winner), same(Same::Rank)), 5),
            ]),
        ),
        (
            "tie_or_loser_not_one_colour",
            bet(vec![
                line(
                    Cond::All(vec![
                        tie.clone(),
                        Cond::Not(Box::new(on(CardSet::Cards(Who::Loser), same(Same::Colour)))),
                    ]),
                    8,
                ),
                line(
                    Cond::Not(Box::new(on(CardSet::Cards(Who::Winner), same(Same::Suit)))),
                    -2,
                ),
            ]),
        ),
        (
            "winner_suited_banco_face_third",
            bet(vec![
                line(
                    Cond::All(vec![
                        on(CardSet::Cards(Who::Winner), same(Same::Suit)),
                        on(CardSet::Third(Hand::Banco), all(faces)),
                    ]),
                    40,
                ),
                line(on(CardSet::Cards(Who::Winner), same(Same::Suit)), 6),
            ]),
        ),
        (
            "punto_max_value_banco_suited_third",
            bet(vec![
                line(
                    Cond::All(vec![
                        on(
                            CardSet::Cards(Who::Punto),
                            SetTest {
                                max_value: Some(Numbers::range(0, 5)),
                                ..SetTest::default()
                            },
                        ),
                        on(
                            CardSet::Third(Hand::Banco),
                            all(CardClass::suit(crate::card::Suit::Hearts)),
                        ),
                    ]),
                    30,
                ),
                line(on(CardSet::FirstTwo(Hand::Banco), same(Same::Colour)), 1),
            ]),
        ),
    ]
}

/// The bets on a role's cards that the counts by winner take (so the property tests hold that
/// evaluator to the walk), and those it leaves to the counts by pairs of hands ([`hands`]):
/// both roles read, every position.
#[test]
fn role_bets_are_counted_by_winner() {
    let families = families();
    let takes = |name: &str| {
        let bet = &families.iter().find(|(n, _)| *n == name).unwrap().1;
        roles::Roles::of(&Lean::with_atoms(bet.atoms()), 40).is_some()
    };
    for name in [
        "winner_suited",
        "loser_suited_by_winner",
        "winner_all_red_punto_nine",
        "winner_one_rank_by_cards",
        "winner_suited_banco_face_third",
    ] {
        assert!(takes(name), "{name}");
    }
    assert!(!takes("winner_suited_straight"));
    assert!(!takes("tie_or_loser_not_one_colour"));
}

/// The bets that read both hands' cards, or both roles', that the counts by pairs of hands
/// take (so the property tests hold that evaluator to the walk): neither the split nor the
/// counts by winner can.
#[test]
fn both_hands_bets_are_counted_by_pairs_of_hands() {
    let families = families();
    for name in [
        "both_roles_suited",
        "both_hands_by_rank_and_suit",
        "winner_suited_straight",
        "tie_or_loser_not_one_colour",
    ] {
        let bet = &families.iter().find(|(n, _)| *n == name).unwrap().1;
        let lean = Lean::with_atoms(bet.atoms());
        assert!(split::Split::of(&lean, 40).is_none(), "{name}");
        assert!(roles::Roles::of(&lean, 40).is_none(), "{name}");
        assert!(hands::Hands::of(&lean).is_some(), "{name}");
    }
    // A test on every card dealt beside a hand's reads more than the hands apart.
    let bet = &families
        .iter()
        .find(|(n, _)| *n == "dealt_same_suit_or_red_punto");
    assert!(hands::Hands::of(&Lean::with_atoms(bet.unwrap().1.atoms())).is_none());
}

/// Small card-level shoes: a few cards, some identical, drawn either from the whole deck
/// or from a handful of cards the bets name (nines, faces, 4♦), so that rare tiers occur.
fn small_shoe() -> impl Strategy<Value = [u64; 52]> {
    let named = [32usize, 33, 34, 35, 14, 40, 44, 48, 49, 0, 1, 2];
    let any = prop::collection::vec((0usize..52, 1u64..=3), 3..8);
    let rare = prop::collection::vec((0usize..named.len(), 1u64..=3), 3..8)
        .prop_map(move |v| v.into_iter().map(|(i, c)| (named[i], c)).collect());
    prop_oneof![any, rare].prop_map(|picks: Vec<(usize, u64)>| {
        let mut cards = [0u64; 52];
        for (i, c) in picks {
            cards[i] += c;
        }
        // At least six cards: a coup can need them.
        let mut i = 7;
        while cards.iter().sum::<u64>() < 6 {
            cards[i] += 1;
            i = (i + 11) % 52;
        }
        cards
    })
}

/// Shoes of exactly eight physical cards, some identical, some of the cards the bets name, so
/// that every ordered sequence (20,160) can be dealt one by one.
fn tiny_shoe() -> impl Strategy<Value = [u64; 52]> {
    let named = [0usize, 1, 49, 32, 33, 34, 4, 5, 20, 21];
    prop::collection::vec(
        prop_oneof![
            0usize..52,
            (0usize..named.len()).prop_map(move |i| named[i])
        ],
        8,
    )
    .prop_map(|picks| {
        let mut cards = [0u64; 52];
        for i in picks {
            cards[i] += 1;
        }
        cards
    })
}

fn both_ways<I: Int>(bet: &Bet, cards: &[u64; 52]) -> (Distribution<I>, Distribution<I>) {
    let drawing = DrawingRules::reference();
    (
        distribution::<I>(bet, cards, &drawing, &[]),
        class_walk::<I>(bet, cards, &drawing, &[]),
    )
}

/// Bets on the final state alone: paytables, the state atoms that read it through a coup
/// (cards dealt, a role's total, a role's cards), negations, and more atoms than the fold's
/// table of masks takes ([`STATE_MASK_ATOMS`]).
fn state_bets() -> Vec<(&'static str, Bet)> {
    let bet = |lines: Vec<PayLine>| Bet { lines };
    let ez_banco = crate::rules::Bet::paying(
        Condition::wins(Winner::Banco).with_total(7).with_cards(3),
        Ratio::from_integer(0),
    )
    .then(Condition::wins(Winner::Banco), Ratio::from_integer(1))
    .then(Condition::wins(Winner::Tie), Ratio::from_integer(0));
    let tie_on = |t: u8| state(Condition::wins(Winner::Tie).with_total(t));
    vec![
        ("ez_banco", ez_banco.clone()),
        (
            "roles_and_cards",
            bet(vec![
                line(
                    Cond::All(vec![
                        Cond::Atom(Atom::Total(Who::Winner, Numbers::of(&[8, 9]))),
                        Cond::Atom(Atom::HandCards(Who::Loser, Numbers::of(&[3]))),
                    ]),
                    12,
                ),
                line(Cond::Atom(Atom::CardsDealt(Numbers::of(&[5]))), 1),
                line(Cond::Not(Box::new(tie_on(0))), 0),
            ]),
        ),
        (
            "ties_by_total",
            bet((0..10u8)
                .map(|t| line(tie_on(t), 20 + i64::from(t)))
                .collect()),
        ),
    ]
}

/// The independent path: every ordered sequence of six of the shoe's physical cards (identical
/// cards told apart), each dealt by the coup resolver and settled by the bet's meaning. No
/// class, no evaluator, no weight: one sequence counts one.
fn every_sequence(bet: &Bet, cards: &[u64; 52]) -> Distribution<BigUint> {
    let shoe: Vec<Card> = (0..52)
        .flat_map(|i| std::iter::repeat_n(CardClass::card_at(i), cards[i] as usize))
        .collect();
    let drawing = DrawingRules::reference();
    let mut nets: BTreeMap<Ratio<i64>, BigUint> = BTreeMap::new();
    let mut used = vec![false; shoe.len()];
    let mut sequence = Vec::with_capacity(6);
    fn walk(
        shoe: &[Card],
        used: &mut [bool],
        sequence: &mut Vec<Card>,
        visit: &mut dyn FnMut(&[Card]),
    ) {
        if sequence.len() == 6 {
            return visit(sequence);
        }
        for i in 0..shoe.len() {
            if !used[i] {
                used[i] = true;
                sequence.push(shoe[i]);
                walk(shoe, used, sequence, visit);
                sequence.pop();
                used[i] = false;
            }
        }
    }
    walk(&shoe, &mut used, &mut sequence, &mut |six| {
        let coup = crate::coup::deal(&drawing, six).unwrap();
        let net = bet.net(&DealtCoup::from(&coup));
        *nets.entry(net).or_default() += 1u32;
    });
    nets.into_iter().collect()
}

/// The engine's tally of a card-level shoe, as the pricing reads it.
fn engine_states(cards: &[u64; 52]) -> Vec<(FinalState, BigUint)> {
    let ranks: [u64; 13] = std::array::from_fn(|r| cards[4 * r..4 * r + 4].iter().sum());
    let shoe = Shoe::from_counts(ranks).unwrap();
    let tally = crate::engine::tally(&shoe, &DrawingRules::reference()).unwrap();
    FinalState::all()
        .map(|s| (s, tally.weight(s).clone()))
        .filter(|(_, w)| w != &BigUint::default())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// A bet on the final state alone, folded over the engine's tally by the one entry, counts
    /// what the plain walk over the cards counts, settling it at every leaf.
    #[test]
    fn the_state_fold_equals_the_walk(cards in small_shoe()) {
        let states = engine_states(&cards);
        let states: Vec<(FinalState, &BigUint)> = states.iter().map(|(s, w)| (*s, w)).collect();
        let drawing = DrawingRules::reference();
        for (name, bet) in state_bets() {
            let fast = distribution::<BigUint>(&bet, &cards, &drawing, &states);
            let slow = class_walk::walk_cards::<BigUint>(&bet, &cards, &drawing);
            prop_assert_eq!(&fast, &slow, "{}", name);
        }
    }

    /// Every fast evaluator counts what the plain class walk counts, in wrapping and in
    /// big integers, on every family of the catalogue.
    #[test]
    fn fast_evaluators_equal_the_class_walk(cards in small_shoe()) {
        for (name, bet) in families() {
            let (fast, slow) = both_ways::<u128>(&bet, &cards);
            prop_assert_eq!(&fast, &slow, "{}", name);
            let (fast, slow) = both_ways::<BigUint>(&bet, &cards);
            prop_assert_eq!(&fast, &slow, "{}", name);
        }
    }

    /// The class walk and the fast evaluators count what the plain walk over every ordered
    /// sequence of physical cards counts: the classes themselves are held to the meaning.
    #[test]
    fn evaluators_equal_every_sequence_of_cards(cards in tiny_shoe()) {
        for (name, bet) in families() {
            let (fast, slow) = both_ways::<BigUint>(&bet, &cards);
            let naive = every_sequence(&bet, &cards);
            prop_assert_eq!(&slow, &naive, "class walk, {}", name);
            prop_assert_eq!(&fast, &naive, "fast, {}", name);
        }
    }

    /// The compiled set test reads a set of cards as the language's meaning does.
    #[test]
    fn compiled_tests_mean_what_set_tests_mean(
        picks in prop::collection::vec(0u8..52, 0..=6),
        fields in (0u8..6, 0u64..(1 << 52), 0u16..(1 << 7), 0u8..4, prop::collection::vec(1u8..4, 0..3), 0u8..3, 0u16..1024),
    ) {
        let (which, class, sizes, same_kind, groups, straight, max) = fields;
        let class = CardClass(class | CardClass::rank(Rank::Nine).0);
        let kinds = [Same::Rank, Same::Suit, Same::Colour, Same::Card];
        let test = SetTest {
            filter: (which & 1 == 1).then_some(class),
            size: (which == 2).then_some(Numbers(sizes)),
            same: (which >= 3).then_some(kinds[usize::from(same_kind)]),
            all: (which == 4).then_some(class.complement().or(CardClass::rank(Rank::Two))),
            groups: (which % 2 == 0).then_some(groups),
            straight: (straight < 2).then_some(straight == 1),
            ranks: (which == 5).then_some(picks.iter().map(|&c| Rank::ALL[usize::from(c / 4)]).collect()),
            max_value: (which == 1).then_some(Numbers(max)),
        };
        let cards: Vec<Card> = picks.iter().map(|&c| CardClass::card_at(usize::from(c))).collect();
        prop_assert_eq!(Test::of(&test).holds(&picks), test.holds(&cards));
    }
}

/// The sub-shoe count rescales the engine's tally (a playable sub-shoe) exactly as the
/// plain value walk counts it.
#[test]
fn the_engine_rescaled_is_the_value_walk() {
    let drawing = DrawingRules::reference();
    let plan = Plan::new(&drawing);
    let values = [3, 1, 0, 2, 1, 0, 2, 1, 1, 0];
    let engine: Vec<u128> = value_tally(values, 30, &drawing, &plan);
    // The same count with the engine out of reach: the walk over values, by hand.
    let mut ranks = [0u64; 13];
    for (v, &c) in values.iter().enumerate() {
        ranks[if v == 0 { 9 } else { v - 1 }] = c;
    }
    let tally = crate::engine::tally(&Shoe::from_counts(ranks).unwrap(), &drawing).unwrap();
    for state in FinalState::all() {
        let d = u64::from(state.cards_used());
        let own: BigUint = falling(11 - d, 6 - d);
        let whole: BigUint = falling(30 - d, 6 - d);
        let expected = tally.weight(state) / own * whole;
        assert_eq!(BigUint::from(engine[state.index()]), expected);
    }
}
