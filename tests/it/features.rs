//! The card bets of the side-bet catalogue, built in Rust from the condition types, and the
//! exact counts of the published ones on eight decks.
//!
//! The file stands alone (it imports only the library): `benches/features.rs` includes it to
//! time the same bets.

use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use punto_banco::card::{Card, Rank};
use punto_banco::outcome::{Hand, Winner};
use punto_banco::rules::condition::{Atom, CardClass, CardSet, Cond, Numbers, Same, SetTest, Who};
use punto_banco::rules::{Bet, Condition, PayLine, Rules, SideBet};

/// A pay line.
fn line(when: Cond, net: i64) -> PayLine {
    PayLine {
        when,
        net: Ratio::from_integer(net),
    }
}

/// A bet of these lines.
fn bet(lines: Vec<PayLine>) -> Bet {
    Bet { lines }
}

fn all_of(conds: Vec<Cond>) -> Cond {
    Cond::All(conds)
}

fn any_of(conds: Vec<Cond>) -> Cond {
    Cond::Any(conds)
}

fn on(set: CardSet, test: SetTest) -> Cond {
    Cond::Atom(Atom::Set(set, test))
}

fn first_two(hand: Hand, test: SetTest) -> Cond {
    on(CardSet::FirstTwo(hand), test)
}

fn opening(test: SetTest) -> Cond {
    on(CardSet::Opening, test)
}

fn dealt(test: SetTest) -> Cond {
    on(CardSet::Dealt, test)
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

fn groups(sizes: &[u8]) -> SetTest {
    SetTest {
        groups: Some(sizes.to_vec()),
        ..SetTest::default()
    }
}

/// The schema-1 condition on the final state.
fn state(winner: Winner, total: Option<u8>, cards: Option<u8>, natural: Option<bool>) -> Cond {
    Cond::Atom(Atom::State(Condition {
        winner: Some(winner),
        total,
        cards,
        natural,
        margin: None,
    }))
}

fn wins(winner: Winner) -> Cond {
    state(winner, None, None, None)
}

fn margin(winner: Winner, margin: u8, natural: Option<bool>) -> Cond {
    Cond::Atom(Atom::State(Condition {
        winner: Some(winner),
        total: None,
        cards: None,
        natural,
        margin: Some(margin),
    }))
}

fn total(who: Who, totals: &[u8]) -> Cond {
    Cond::Atom(Atom::Total(who, Numbers::of(totals)))
}

fn hand_cards(who: Who, cards: u8) -> Cond {
    Cond::Atom(Atom::HandCards(who, Numbers::of(&[cards])))
}

fn cards_dealt(n: &[u8]) -> Cond {
    Cond::Atom(Atom::CardsDealt(Numbers::of(n)))
}

fn two_card(hand: Hand, totals: &[u8]) -> Cond {
    Cond::Atom(Atom::TwoCardTotal(hand, Numbers::of(totals)))
}

fn third(hand: Hand, class: CardClass) -> Cond {
    on(CardSet::Third(hand), all(class))
}

fn not(cond: Cond) -> Cond {
    Cond::Not(Box::new(cond))
}

fn card(text: &str) -> CardClass {
    CardClass::card(text.parse::<Card>().unwrap())
}

fn nines(size: u8, extra: SetTest) -> Cond {
    opening(SetTest {
        filter: Some(CardClass::rank(Rank::Nine)),
        size: Some(Numbers::of(&[size])),
        ..extra
    })
}

fn who(hand: Hand) -> Who {
    match hand {
        Hand::Punto => Who::Punto,
        Hand::Banco => Who::Banco,
    }
}

fn winner(hand: Hand) -> Winner {
    match hand {
        Hand::Punto => Winner::Punto,
        Hand::Banco => Winner::Banco,
    }
}

fn named(hand: Hand, punto: &'static str, banco: &'static str) -> &'static str {
    match hand {
        Hand::Punto => punto,
        Hand::Banco => banco,
    }
}

/// Perfect Pair v1 (either hand's first two cards identical, 25) and v2 (both 250, one 25).
pub fn perfect_pair(both: i64) -> Bet {
    let identical = |h| first_two(h, same(Same::Card));
    let either = any_of(vec![identical(Hand::Punto), identical(Hand::Banco)]);
    let mut lines = vec![line(either, 25)];
    if both != 25 {
        let both_hands = all_of(vec![identical(Hand::Punto), identical(Hand::Banco)]);
        lines.insert(0, line(both_hands, both));
    }
    bet(lines)
}

/// Lucky Nines, Red Rock's paytable.
pub fn lucky_nines() -> Bet {
    bet(vec![
        line(nines(4, SetTest::default()), 1000),
        line(nines(3, same(Same::Suit)), 500),
        line(nines(3, SetTest::default()), 35),
        line(nines(2, same(Same::Suit)), 16),
        line(nines(2, SetTest::default()), 5),
        line(nines(1, all(card("9D"))), 2),
        line(nines(1, SetTest::default()), 1),
    ])
}

/// Jackpot Baccarat: the poker value of the four opening cards.
pub fn jackpot_baccarat() -> Bet {
    let ranks = |rs: &[Rank]| CardClass(rs.iter().fold(0, |m, &r| m | CardClass::rank(r).0));
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
                filter: Some(ranks(&[Rank::Ten, Rank::Jack, Rank::Queen, Rank::King])),
                groups: Some(vec![2]),
                ..SetTest::default()
            }),
            0,
        ),
    ])
}

/// Super Tie (21st Century Baccarat), paytable 1.
pub fn super_tie_21c() -> Bet {
    let high = || state(Winner::Tie, None, None, None);
    let six_to_nine = || total(Who::Punto, &[6, 7, 8, 9]);
    let one_colour = any_of(vec![
        dealt(all(CardClass::colour(true))),
        dealt(all(CardClass::colour(false))),
    ]);
    bet(vec![
        line(
            all_of(vec![high(), six_to_nine(), cards_dealt(&[6]), one_colour]),
            100,
        ),
        line(all_of(vec![high(), six_to_nine(), cards_dealt(&[6])]), 25),
        line(high(), 7),
    ])
}

/// Tie Max: on a tie, the highest value among every card dealt, 0–5 (55) or 6–9 (10).
pub fn tie_max(low: bool) -> Bet {
    let (values, pays) = if low {
        (Numbers::range(0, 5), 55)
    } else {
        (Numbers::range(6, 9), 10)
    };
    let highest = dealt(SetTest {
        max_value: Some(values),
        ..SetTest::default()
    });
    bet(vec![line(all_of(vec![wins(Winner::Tie), highest]), pays)])
}

/// Grand Monkey: all six cards dealt are face cards.
pub fn grand_monkey() -> Bet {
    bet(vec![line(
        all_of(vec![cards_dealt(&[6]), dealt(all(CardClass::faces()))]),
        6000,
    )])
}

/// Monkey 6 (and with a tie, Monkey 6 Tie).
pub fn monkey_6(tie: bool) -> Bet {
    let mut when = vec![
        cards_dealt(&[6]),
        third(Hand::Punto, CardClass::faces().complement()),
        third(Hand::Banco, CardClass::faces()),
    ];
    if tie {
        when.push(wins(Winner::Tie));
    }
    bet(vec![line(all_of(when), if tie { 150 } else { 12 })])
}

/// 3 Giving 8.
pub fn three_giving_eight() -> Bet {
    bet(vec![line(
        all_of(vec![
            two_card(Hand::Banco, &[3]),
            two_card(Hand::Punto, &[0, 1, 2, 3, 4, 5]),
            third(Hand::Punto, CardClass::rank(Rank::Eight)),
        ]),
        200,
    )])
}

/// Lucky Match: the poker value by rank of every card dealt.
pub fn lucky_match() -> Bet {
    bet(vec![
        line(dealt(groups(&[5])), 250),
        line(dealt(groups(&[3, 3])), 100),
        line(dealt(groups(&[4])), 30),
        line(dealt(groups(&[3, 2])), 15),
        line(dealt(groups(&[3])), 6),
        line(dealt(groups(&[2, 2])), 4),
    ])
}

/// Perfect 9 Bonus (Okada Manila) on Punto's first two cards.
pub fn perfect_9_bonus() -> Bet {
    let nine = || two_card(Hand::Punto, &[9]);
    let non_zero = || first_two(Hand::Punto, all(CardClass::values(Numbers::range(1, 9))));
    bet(vec![
        line(
            all_of(vec![
                nine(),
                non_zero(),
                first_two(Hand::Punto, same(Same::Suit)),
            ]),
            20,
        ),
        line(all_of(vec![nine(), non_zero()]), 10),
        line(nine(), 5),
    ])
}

/// The hand's first two cards both red (or both black), pays 2.
pub fn colour(hand: Hand, red: bool) -> Bet {
    bet(vec![line(first_two(hand, all(CardClass::colour(red))), 2)])
}

/// Every bet of the catalogue that reads cards or more than the winner's cards, and its
/// state-only bets, by id: what a full analysis of the catalogue counts.
pub fn catalogue() -> Vec<(String, Bet)> {
    let mut out: Vec<(String, Bet)> = Vec::new();
    let mut add = |id: &str, b: Bet| out.push((id.to_string(), b));
    let faces = CardClass::faces();
    for hand in [Hand::Punto, Hand::Banco] {
        let pair = first_two(hand, same(Same::Rank));
        add(
            named(hand, "punto_pair", "banco_pair"),
            bet(vec![line(pair, 11)]),
        );
        let w = who(hand);
        let tiers = bet(vec![
            line(first_two(hand, same(Same::Card)), 25),
            line(
                all_of(vec![
                    first_two(hand, same(Same::Rank)),
                    first_two(hand, same(Same::Colour)),
                ]),
                12,
            ),
            line(first_two(hand, same(Same::Rank)), 5),
        ]);
        add(
            named(hand, "perfect_pairs_punto", "perfect_pairs_banco"),
            tiers,
        );
        let identical = |class: CardClass| {
            first_two(
                hand,
                SetTest {
                    same: Some(Same::Card),
                    all: Some(class),
                    ..SetTest::default()
                },
            )
        };
        let fortune = bet(vec![
            line(identical(card("4D")), 30),
            line(identical(CardClass::rank(Rank::Four)), 15),
            line(
                identical(CardClass::suit(punto_banco::card::Suit::Diamonds)),
                12,
            ),
            line(identical(CardClass::ALL), 9),
        ]);
        add(
            named(hand, "punto_fortune_4_pair", "banco_fortune_4_pair"),
            fortune,
        );
        add(named(hand, "punto_red", "banco_red"), colour(hand, true));
        add(
            named(hand, "punto_black", "banco_black"),
            colour(hand, false),
        );
        let natural_win = state(winner(hand), None, None, Some(true));
        let dragon = bet(vec![
            line(natural_win, 1),
            line(state(Winner::Tie, None, None, Some(true)), 0),
            line(margin(winner(hand), 9, Some(false)), 30),
            line(margin(winner(hand), 8, Some(false)), 10),
            line(margin(winner(hand), 7, Some(false)), 6),
            line(margin(winner(hand), 6, Some(false)), 4),
            line(margin(winner(hand), 5, Some(false)), 2),
            line(margin(winner(hand), 4, Some(false)), 1),
        ]);
        add(
            named(hand, "dragon_bonus_punto", "dragon_bonus_banco"),
            dragon,
        );
        for t in [8, 9] {
            let id = format!("natural_{t}_{}", named(hand, "punto", "banco"));
            add(&id, bet(vec![line(two_card(hand, &[t]), 9)]));
        }
        add(
            named(hand, "three_card_win_punto", "three_card_win_banco"),
            bet(vec![line(
                all_of(vec![wins(winner(hand)), hand_cards(w, 3)]),
                named(hand, "4", "5").parse().unwrap(),
            )]),
        );
        for t in 0..10u8 {
            let id = format!("{}_total_{t}", named(hand, "punto", "banco"));
            add(&id, bet(vec![line(total(w, &[t]), 8)]));
        }
        let char_siu = |cards: u8| {
            all_of(vec![
                margin(winner(hand), 1, None),
                total(w, &[7, 8, 9]),
                cards_dealt(&[cards]),
            ])
        };
        add(
            named(hand, "char_siu_punto", "char_siu_banco"),
            bet(vec![
                line(char_siu(4), 10),
                line(char_siu(5), 15),
                line(char_siu(6), 50),
            ]),
        );
    }
    add(
        "either_pair",
        bet(vec![line(
            any_of(vec![
                first_two(Hand::Punto, same(Same::Rank)),
                first_two(Hand::Banco, same(Same::Rank)),
            ]),
            5,
        )]),
    );
    add("perfect_pair", perfect_pair(25));
    add("perfect_pair_v2", perfect_pair(250));
    let pair = |h| first_two(h, same(Same::Rank));
    add(
        "tiger_pair",
        bet(vec![
            line(opening(same(Same::Card)), 100),
            line(all_of(vec![pair(Hand::Punto), pair(Hand::Banco)]), 20),
            line(any_of(vec![pair(Hand::Punto), pair(Hand::Banco)]), 4),
        ]),
    );
    add(
        "all_red",
        bet(vec![line(dealt(all(CardClass::colour(true))), 20)]),
    );
    add(
        "all_black",
        bet(vec![line(dealt(all(CardClass::colour(false))), 20)]),
    );
    add("lucky_nines", lucky_nines());
    add("perfect_9_bonus", perfect_9_bonus());
    add("small", bet(vec![line(cards_dealt(&[4]), 1)]));
    add("big", bet(vec![line(cards_dealt(&[5, 6]), 1)]));
    add("five_cards", bet(vec![line(cards_dealt(&[5]), 2)]));
    add("six_cards", bet(vec![line(cards_dealt(&[6]), 2)]));
    add(
        "kill_ox_tiger",
        bet(vec![
            line(
                all_of(vec![
                    hand_cards(Who::Punto, 3),
                    total(Who::Punto, &[6]),
                    not(wins(Winner::Punto)),
                ]),
                30,
            ),
            line(
                all_of(vec![
                    hand_cards(Who::Banco, 3),
                    total(Who::Banco, &[7]),
                    not(wins(Winner::Banco)),
                ]),
                30,
            ),
        ]),
    );
    add(
        "super_lucky_7",
        bet(vec![line(
            all_of(vec![
                wins(Winner::Punto),
                total(Who::Punto, &[7]),
                total(Who::Banco, &[6]),
                cards_dealt(&[6]),
            ]),
            100,
        )]),
    );
    add(
        "blazing_7s",
        bet(vec![
            line(
                all_of(vec![
                    state(Winner::Tie, Some(7), None, None),
                    cards_dealt(&[4]),
                ]),
                50,
            ),
            line(
                all_of(vec![
                    state(Winner::Tie, Some(7), None, None),
                    cards_dealt(&[6]),
                ]),
                200,
            ),
        ]),
    );
    add(
        "three_card_9_over_three_card_7",
        bet(vec![line(
            all_of(vec![
                total(Who::Winner, &[9]),
                hand_cards(Who::Winner, 3),
                total(Who::Loser, &[7]),
                hand_cards(Who::Loser, 3),
            ]),
            200,
        )]),
    );
    for t in 0..10u8 {
        add(
            &format!("egalite_{t}"),
            bet(vec![line(state(Winner::Tie, Some(t), None, None), 80)]),
        );
    }
    add("tie_max_low", tie_max(true));
    add("tie_max_high", tie_max(false));
    add("super_tie_21c", super_tie_21c());
    add(
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
    );
    add("monkey_6", monkey_6(false));
    add("monkey_6_tie", monkey_6(true));
    add("grand_monkey", grand_monkey());
    add("three_giving_eight", three_giving_eight());
    add("jackpot_baccarat", jackpot_baccarat());
    add("lucky_match", lucky_match());
    out
}

/// The probability of each net of a bet on eight decks, by the library's exact analysis.
fn eight_decks(bet: &Bet) -> (Vec<(Ratio<i64>, BigRational)>, BigInt) {
    let mut rules = Rules::reference();
    rules.tariff.side.push(SideBet {
        key: "bet".into(),
        bet: bet.clone(),
    });
    let shoe = punto_banco::shoe::Shoe::decks(8).unwrap();
    let analysis = punto_banco::analysis::Analysis::new(&shoe, &rules).unwrap();
    let sequences = BigInt::from(analysis.sequences().clone());
    (analysis.net_distribution(&bet.clone()), sequences)
}

/// The probability of the net `net` (zero when absent).
fn chance(distribution: &[(Ratio<i64>, BigRational)], net: i64) -> BigRational {
    distribution
        .iter()
        .find(|(n, _)| *n == Ratio::from_integer(net))
        .map_or_else(|| BigRational::from_integer(0.into()), |(_, p)| p.clone())
}

fn ratio(count: u64, over: u64) -> BigRational {
    BigRational::new(count.into(), over.into())
}

/// The number of ordered six-card sequences paying `net`.
fn sequences_paying(bet: &Bet, net: i64) -> BigInt {
    let (distribution, sequences) = eight_decks(bet);
    let count = chance(&distribution, net) * BigRational::from_integer(sequences);
    assert!(count.is_integer());
    count.to_integer()
}

/// Wizard of Odds, "Perfect Pairs" (version 1 and version 2 pages, June 2019): over
/// 7,379,583,120 = 416·415·414·413/4, one or both perfect pairs 246,848,784; two perfect pairs
/// 2,101,008 and exactly one 244,747,776.
#[test]
fn perfect_pairs_as_published() {
    let over = 7_379_583_120;
    let (v1, _) = eight_decks(&perfect_pair(25));
    assert_eq!(chance(&v1, 25), ratio(246_848_784, over));
    let (v2, _) = eight_decks(&perfect_pair(250));
    assert_eq!(chance(&v2, 250), ratio(2_101_008, over));
    assert_eq!(chance(&v2, 25), ratio(244_747_776, over));
}

/// Wizard of Odds, "Lucky Nines" (Red Rock paytable), over the 1,229,930,520 unordered
/// four-card openings: four nines 35,960; three suited 86,016; three others 1,818,624; two
/// suited 8,236,032; two others 28,237,824; the 9♦ alone 74,908,672; another nine alone
/// 224,726,016; none 891,881,376.
#[test]
fn lucky_nines_as_published() {
    let over = 1_229_930_520;
    let (d, _) = eight_decks(&lucky_nines());
    let published = [
        (1000, 35_960),
        (500, 86_016),
        (35, 1_818_624),
        (16, 8_236_032),
        (5, 28_237_824),
        (2, 74_908_672),
        (1, 224_726_016),
        (-1, 891_881_376),
    ];
    for (net, count) in published {
        assert_eq!(chance(&d, net), ratio(count, over), "pays {net}");
    }
}

/// Wizard of Odds, "Jackpot Baccarat", over the 1,229,930,520 unordered four-card openings:
/// mini royal 16,384; four of a kind 467,480; straight flush 163,840; three of a kind
/// 24,760,320; flush 17,929,088; straight 11,354,112; two pair 18,944,640; a pair of aces
/// 33,048,576; push 132,194,304; lose 991,051,776.
#[test]
fn jackpot_baccarat_as_published() {
    let over = 1_229_930_520;
    let (d, _) = eight_decks(&jackpot_baccarat());
    let published = [
        (250, 16_384),
        (75, 467_480),
        (50, 163_840),
        (15, 24_760_320),
        (10, 17_929_088),
        (5, 11_354_112),
        (4, 18_944_640),
        (2, 33_048_576),
        (0, 132_194_304),
        (-1, 991_051_776),
    ];
    for (net, count) in published {
        assert_eq!(chance(&d, net), ratio(count, over), "pays {net}");
    }
}

/// Wizard of Odds, "Perfect 9 Bonus" (Okada Manila), over C(416, 2) = 86,320 first two cards:
/// suited non-zero 1,024; unsuited non-zero 3,072; a 9 with a zero 4,096.
#[test]
fn perfect_9_bonus_as_published() {
    let (d, _) = eight_decks(&perfect_9_bonus());
    for (net, count) in [(20, 1_024), (10, 3_072), (5, 4_096)] {
        assert_eq!(chance(&d, net), ratio(count, 86_320), "pays {net}");
    }
}

/// zeekrs/baccarat-calculator's colour bets: 208·207/(416·415) for each hand and colour.
#[test]
fn colour_bets_as_published() {
    for hand in [Hand::Punto, Hand::Banco] {
        for red in [true, false] {
            let (d, _) = eight_decks(&colour(hand, red));
            assert_eq!(chance(&d, 2), ratio(208 * 207, 416 * 415));
        }
    }
}

/// Wizard of Odds, "Super Tie" (21st Century Baccarat, Oct 2021): one-colour three-card ties
/// on 6–9 1,326,729,820,672 sequences; mixed 42,861,591,369,728; other ties
/// 431,439,105,282,816.
#[test]
fn super_tie_as_published() {
    let bet = super_tie_21c();
    assert_eq!(sequences_paying(&bet, 100), 1_326_729_820_672u64.into());
    assert_eq!(sequences_paying(&bet, 25), 42_861_591_369_728u64.into());
    assert_eq!(sequences_paying(&bet, 7), 431_439_105_282_816u64.into());
}

/// Wizard of Odds, "Lucky Max" (Tie Max): low 74,570,116,880,640 sequences, high
/// 401,057,309,592,576.
#[test]
fn tie_max_as_published() {
    assert_eq!(
        sequences_paying(&tie_max(true), 55),
        74_570_116_880_640u64.into()
    );
    assert_eq!(
        sequences_paying(&tie_max(false), 10),
        401_057_309_592_576u64.into()
    );
}

/// Wizard of Odds, "Grand Monkey": 667,474,778,880 sequences of six face cards; "Monkey 6"
/// (Nov 2019): 295,533,789,192,192.
#[test]
fn monkey_bets_as_published() {
    assert_eq!(
        sequences_paying(&grand_monkey(), 6000),
        667_474_778_880u64.into()
    );
    assert_eq!(
        sequences_paying(&monkey_6(false), 12),
        295_533_789_192_192u64.into()
    );
}

/// Wizard of Odds, "3 Giving 8" (Aug 2020): 22,708,577,366,016 sequences.
#[test]
fn three_giving_eight_as_published() {
    assert_eq!(
        sequences_paying(&three_giving_eight(), 200),
        22_708_577_366_016u64.into()
    );
}

/// Wizard of Odds, "Lucky Match" (Oct 2021): five or six of a kind 356,942,987,520; two
/// three-of-a-kinds 616,417,689,600; four of a kind 12,273,961,559,040; full house
/// 40,022,630,768,640; three of a kind 207,858,985,697,280; two or three pairs
/// 385,294,498,430,976.
#[test]
fn lucky_match_as_published() {
    let (d, sequences) = eight_decks(&lucky_match());
    let published: [(i64, u64); 6] = [
        (250, 356_942_987_520),
        (100, 616_417_689_600),
        (30, 12_273_961_559_040),
        (15, 40_022_630_768_640),
        (6, 207_858_985_697_280),
        (4, 385_294_498_430_976),
    ];
    for (net, count) in published {
        let got = chance(&d, net) * BigRational::from_integer(sequences.clone());
        assert_eq!(got, BigRational::from_integer(count.into()), "pays {net}");
    }
}

/// Every bet of the catalogue counts every sequence once on eight decks.
#[test]
fn the_catalogue_counts_every_sequence_once() {
    for (id, bet) in catalogue() {
        let (d, _) = eight_decks(&bet);
        let one: BigRational = d.iter().map(|(_, p)| p.clone()).sum();
        assert_eq!(one, BigRational::from_integer(1.into()), "{id}");
    }
}
