//! A deliberately naive card-level walk holds the engine to the bets' plain terms.
//!
//! Every ordered six-card sequence of a small card-level shoe is dealt, with its falling
//! weight; the coup is resolved card by card by `coup::deal` on real `Card`s; each bet of the
//! catalogue is settled by a plain Rust function written from the catalogue's words (the
//! terms of side-bets.md: Wizard of Odds', Jacobson's, the rule texts' and zeekrs's), never
//! through the card language (`Cond`). The distribution of each bet's net must equal
//! `Analysis::net_distribution` of the bet as the shipped file writes it, for every bet of
//! every catalogue file, on random shoes with identical cards and on fixed shoes where the
//! rare tiers win (four identical cards, three suited nines, a mini royal).

use crate::catalogue::catalogue;
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use proptest::prelude::*;
use punto_banco::analysis::Analysis;
use punto_banco::card::{Card, Rank, Suit};
use punto_banco::coup::deal;
use punto_banco::rules::DrawingRules;
use punto_banco::shoe::Shoe;
use std::collections::{BTreeMap, HashMap};

/// A coup as the bets' words read it.
struct Deal {
    punto: Vec<Card>,
    banco: Vec<Card>,
    natural: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    Punto,
    Banco,
    Tie,
}

/// A = 1, 2–9 their number, 10, J, Q, K = 0.
fn value(card: Card) -> u8 {
    match card.rank {
        Rank::Ten | Rank::Jack | Rank::Queen | Rank::King => 0,
        rank => rank.index() as u8 + 1,
    }
}

fn total(cards: &[Card]) -> u8 {
    cards.iter().map(|&c| value(c)).sum::<u8>() % 10
}

fn red(card: Card) -> bool {
    matches!(card.suit, Suit::Hearts | Suit::Diamonds)
}

fn face(card: Card) -> bool {
    matches!(card.rank, Rank::Jack | Rank::Queen | Rank::King)
}

impl Deal {
    fn hand(&self, side: Side) -> &[Card] {
        match side {
            Side::Punto => &self.punto,
            _ => &self.banco,
        }
    }
    fn first_two(&self, side: Side) -> [Card; 2] {
        let h = self.hand(side);
        [h[0], h[1]]
    }
    fn opening(&self) -> [Card; 4] {
        [self.punto[0], self.banco[0], self.punto[1], self.banco[1]]
    }
    fn dealt(&self) -> Vec<Card> {
        let mut all = self.opening().to_vec();
        all.extend_from_slice(&self.punto[2..]);
        all.extend_from_slice(&self.banco[2..]);
        all
    }
    fn total(&self, side: Side) -> u8 {
        total(self.hand(side))
    }
    fn cards(&self, side: Side) -> usize {
        self.hand(side).len()
    }
    fn winner(&self) -> Side {
        let (p, b) = (self.total(Side::Punto), self.total(Side::Banco));
        match p.cmp(&b) {
            std::cmp::Ordering::Greater => Side::Punto,
            std::cmp::Ordering::Less => Side::Banco,
            std::cmp::Ordering::Equal => Side::Tie,
        }
    }
    fn margin(&self) -> u8 {
        self.total(Side::Punto).abs_diff(self.total(Side::Banco))
    }
    fn cards_dealt(&self) -> usize {
        self.punto.len() + self.banco.len()
    }
    /// The hand wins with this final total.
    fn wins_with(&self, side: Side, t: u8) -> bool {
        self.winner() == side && self.total(side) == t
    }
    /// The hand wins with this final total and this many cards.
    fn wins_with_cards(&self, side: Side, t: u8, cards: usize) -> bool {
        self.wins_with(side, t) && self.cards(side) == cards
    }
    fn tie_on(&self, t: u8) -> bool {
        self.winner() == Side::Tie && self.total(Side::Punto) == t
    }
    fn two_card_total(&self, side: Side) -> u8 {
        total(&self.first_two(side))
    }
    fn pair(&self, side: Side) -> bool {
        let [a, b] = self.first_two(side);
        a.rank == b.rank
    }
    fn identical_pair(&self, side: Side) -> bool {
        let [a, b] = self.first_two(side);
        a == b
    }
    fn three_card(&self, side: Side, t: u8) -> bool {
        self.cards(side) == 3 && self.total(side) == t
    }
}

fn other(side: Side) -> Side {
    match side {
        Side::Punto => Side::Banco,
        _ => Side::Punto,
    }
}

/// A net: `n` to one, a push or the stake lost.
fn pays(n: i64) -> Ratio<i64> {
    Ratio::from_integer(n)
}

fn lose() -> Ratio<i64> {
    pays(-1)
}

fn win_if(condition: bool, n: i64) -> Ratio<i64> {
    if condition { pays(n) } else { lose() }
}

/// The first tier that holds pays; none loses.
fn tiers(tiers: &[(bool, Ratio<i64>)]) -> Ratio<i64> {
    tiers
        .iter()
        .find(|(holds, _)| *holds)
        .map_or(lose(), |(_, net)| *net)
}

/// Dragon Bonus terms with a paytable for wins by 9, 8, 7, 6, 5, 4 and the natural tie's net.
fn dragon(d: &Deal, side: Side, by: [i64; 6], natural_tie: i64) -> Ratio<i64> {
    if d.natural {
        return match d.winner() {
            w if w == side => pays(1),
            Side::Tie => pays(natural_tie),
            _ => lose(),
        };
    }
    if d.winner() != side || d.margin() < 4 {
        return lose();
    }
    pays(by[usize::from(9 - d.margin())])
}

/// The rank of a card as a number, ace 1 to king 13.
fn rank_number(card: Card) -> usize {
    card.rank.index() + 1
}

/// Four or more cards: distinct consecutive ranks, ace low or high, no wrap.
fn straight(cards: &[Card]) -> bool {
    let mut ranks: Vec<usize> = cards.iter().map(|&c| rank_number(c)).collect();
    ranks.sort_unstable();
    ranks.dedup();
    if ranks.len() != cards.len() {
        return false;
    }
    let consecutive = |r: &[usize]| r.windows(2).all(|w| w[1] == w[0] + 1);
    if consecutive(&ranks) {
        return true;
    }
    // The ace high: J-Q-K-A.
    let mut high: Vec<usize> = ranks.iter().map(|&r| if r == 1 { 14 } else { r }).collect();
    high.sort_unstable();
    consecutive(&high)
}

/// How many cards of each rank, largest first.
fn rank_groups(cards: &[Card]) -> Vec<usize> {
    let mut by_rank: HashMap<usize, usize> = HashMap::new();
    for &c in cards {
        *by_rank.entry(rank_number(c)).or_default() += 1;
    }
    let mut groups: Vec<usize> = by_rank.into_values().collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    groups
}

fn one_suit(cards: &[Card]) -> bool {
    cards.iter().all(|c| c.suit == cards[0].suit)
}

/// Jackpot Baccarat: the poker value of the four opening cards (Wizard of Odds' terms).
fn jackpot(d: &Deal) -> Ratio<i64> {
    let cards = d.opening();
    let groups = rank_groups(&cards);
    let mut ranks: Vec<usize> = cards.iter().map(|&c| rank_number(c)).collect();
    ranks.sort_unstable();
    let mini_royal = ranks == [1, 11, 12, 13] && one_suit(&cards);
    let aces = cards.iter().filter(|c| c.rank == Rank::Ace).count();
    let high_pair = [Rank::Ten, Rank::Jack, Rank::Queen, Rank::King]
        .iter()
        .any(|&r| cards.iter().filter(|c| c.rank == r).count() >= 2);
    tiers(&[
        (mini_royal, pays(250)),
        (groups[0] == 4, pays(75)),
        (straight(&cards) && one_suit(&cards), pays(50)),
        (groups[0] == 3, pays(15)),
        (one_suit(&cards), pays(10)),
        (straight(&cards), pays(5)),
        (groups == [2, 2], pays(4)),
        (aces == 2, pays(2)),
        (high_pair, pays(0)),
    ])
}

/// Lucky Match: the poker value, by rank, of every card dealt.
fn lucky_match(d: &Deal) -> Ratio<i64> {
    let g = rank_groups(&d.dealt());
    let at = |i: usize| g.get(i).copied().unwrap_or(0);
    tiers(&[
        (at(0) >= 5, pays(250)),
        (at(0) == 3 && at(1) == 3, pays(100)),
        (at(0) == 4, pays(30)),
        (at(0) == 3 && at(1) == 2, pays(15)),
        (at(0) == 3, pays(6)),
        (at(0) == 2 && at(1) == 2, pays(4)),
    ])
}

/// Lucky Nines: the nines among the opening cards, with a paytable for four nines, three
/// suited, three, two suited, two, the 9♦ alone, another nine alone.
fn lucky_nines(d: &Deal, table: [i64; 7]) -> Ratio<i64> {
    let nines: Vec<Card> = d
        .opening()
        .into_iter()
        .filter(|c| c.rank == Rank::Nine)
        .collect();
    match nines.len() {
        4 => pays(table[0]),
        3 if one_suit(&nines) => pays(table[1]),
        3 => pays(table[2]),
        2 if one_suit(&nines) => pays(table[3]),
        2 => pays(table[4]),
        1 if nines[0].suit == Suit::Diamonds => pays(table[5]),
        1 => pays(table[6]),
        _ => lose(),
    }
}

/// Perfect Pairs on one hand: identical cards 25; same rank and colour 12; same rank 6 (the
/// tiers of 58 Pa. Code § 629b.1, with the paytable the catalogue file assumes).
fn perfect_pairs(d: &Deal, side: Side) -> Ratio<i64> {
    let [a, b] = d.first_two(side);
    tiers(&[
        (a == b, pays(25)),
        (a.rank == b.rank && red(a) == red(b), pays(12)),
        (a.rank == b.rank, pays(6)),
    ])
}

/// Fortune 4 Pair on one hand: identical first two cards, graded by the card.
fn fortune_4_pair(d: &Deal, side: Side) -> Ratio<i64> {
    let [a, b] = d.first_two(side);
    if a != b {
        return lose();
    }
    if a.rank == Rank::Four && a.suit == Suit::Diamonds {
        pays(30)
    } else if a.rank == Rank::Four {
        pays(15)
    } else if a.suit == Suit::Diamonds {
        pays(12)
    } else {
        pays(9)
    }
}

fn perfect_pair(d: &Deal, one: i64, both: i64) -> Ratio<i64> {
    match (d.identical_pair(Side::Punto), d.identical_pair(Side::Banco)) {
        (true, true) => pays(both),
        (true, false) | (false, true) => pays(one),
        _ => lose(),
    }
}

/// A hand's Side Total paytable: 9–6 pay 5.5; 5 and 4 pay 9.5 on Punto, 7.5 on Banco; 3–1
/// pay 10.5; 0 pays 8.
fn side_total(d: &Deal, side: Side, t: u8) -> Ratio<i64> {
    let net = match t {
        6..=9 => Ratio::new(11, 2),
        4 | 5 if side == Side::Punto => Ratio::new(19, 2),
        4 | 5 => Ratio::new(15, 2),
        1..=3 => Ratio::new(21, 2),
        _ => pays(8),
    };
    if d.total(side) == t { net } else { lose() }
}

/// The Monkey 6 event: six cards dealt, Punto's third card no face card, Banco's a face card.
fn monkey_6(d: &Deal) -> bool {
    d.cards_dealt() == 6 && !face(d.punto[2]) && face(d.banco[2])
}

fn grand_monkey(d: &Deal) -> bool {
    d.cards_dealt() == 6 && d.dealt().into_iter().all(face)
}

/// Heavenly 9: a three-card 9 on both hands, or on one.
fn heavenly_9(d: &Deal, both: i64, one: i64) -> Ratio<i64> {
    match (d.three_card(Side::Punto, 9), d.three_card(Side::Banco, 9)) {
        (true, true) => pays(both),
        (true, false) | (false, true) => pays(one),
        _ => lose(),
    }
}

/// Blazing 7s: a tie on 7 with both hands of two cards, or both of three.
fn blazing_7s(d: &Deal, two: i64, three: i64) -> Ratio<i64> {
    if !d.tie_on(7) {
        return lose();
    }
    match (d.cards(Side::Punto), d.cards(Side::Banco)) {
        (2, 2) => pays(two),
        (3, 3) => pays(three),
        _ => lose(),
    }
}

/// Cover All: Dragon 7, Panda 8, Blazing 7s (either tier) or Heavenly 9 (either tier) wins.
fn cover_all(d: &Deal, n: i64) -> Ratio<i64> {
    let dragon_7 = d.wins_with_cards(Side::Banco, 7, 3);
    let panda_8 = d.wins_with_cards(Side::Punto, 8, 3);
    let blazing = blazing_7s(d, 1, 1) > pays(0);
    let heavenly = heavenly_9(d, 1, 1) > pays(0);
    win_if(dragon_7 || panda_8 || blazing || heavenly, n)
}

/// Super Tie (21st Century): any tie 7; a tie on 6–9 with both hands of three cards 100 when
/// all six cards are of one colour, `mixed` otherwise.
fn super_tie(d: &Deal, mixed: i64) -> Ratio<i64> {
    if d.winner() != Side::Tie {
        return lose();
    }
    if d.total(Side::Punto) >= 6 && d.cards_dealt() == 6 {
        let dealt = d.dealt();
        return if dealt.iter().all(|&c| red(c)) || dealt.iter().all(|&c| !red(c)) {
            pays(100)
        } else {
            pays(mixed)
        };
    }
    pays(7)
}

/// Tie Max: on a tie, the highest value among every card dealt.
fn tie_max(d: &Deal, high: bool) -> Ratio<i64> {
    let max = d.dealt().into_iter().map(value).max().unwrap();
    match (d.winner() == Side::Tie, high) {
        (true, true) => win_if(max >= 6, 10),
        (true, false) => win_if(max <= 5, 55),
        _ => lose(),
    }
}

/// Lucky 99: only Punto has a natural 9, only Banco, or both.
fn lucky_99(d: &Deal) -> Ratio<i64> {
    let nine = |s| d.natural && d.two_card_total(s) == 9;
    match (nine(Side::Punto), nine(Side::Banco)) {
        (true, true) => pays(24),
        (false, true) => pays(4),
        (true, false) => pays(1),
        _ => lose(),
    }
}

/// Char Siu: the hand wins by exactly one with 7, 8 or 9, paid by cards dealt.
fn char_siu(d: &Deal, side: Side) -> Ratio<i64> {
    let t = d.total(side);
    if d.winner() != side || d.margin() != 1 || t < 7 {
        return lose();
    }
    match d.cards_dealt() {
        4 => pays(10),
        5 => pays(15),
        _ => pays(50),
    }
}

/// Golden Talons paytables A–E: wins by 9, 8, 7, 6, 5, 4 and the natural tie's net.
fn golden_talons(letter: &str) -> ([i64; 6], i64) {
    match letter {
        "a" => ([30, 10, 6, 4, 2, 1], 0),
        "b" => ([20, 10, 5, 4, 2, 1], 2),
        "c" => ([30, 12, 5, 3, 3, 1], 0),
        "d" => ([20, 8, 7, 4, 3, 1], 0),
        _ => ([30, 10, 4, 4, 2, 2], 0),
    }
}

/// The Egalité paytable (London): a tie on 0–9.
const EGALITE: [i64; 10] = [150, 215, 225, 200, 120, 110, 45, 45, 80, 80];

/// The net of a bet of a catalogue family on a coup, from the bet's words; `None` for a bet
/// this walk has no words for (which fails the test).
fn settle(family: &str, key: &str, d: &Deal) -> Option<Ratio<i64>> {
    use Side::{Banco as B, Punto as P, Tie as T};
    let w = d.winner();
    let hand_of = |name: &str| if name.starts_with("punto") { P } else { B };
    let number_after = |prefix: &str| key.strip_prefix(prefix).and_then(|n| n.parse::<u8>().ok());
    Some(match key {
        "punto" => match w {
            P => pays(1),
            T => pays(0),
            B => lose(),
        },
        "banco" if family == "monkey" => {
            // EZ Baccarat: no commission, a winning three-card Banco 7 pushes.
            match w {
                B if d.three_card(B, 7) => pays(0),
                B => pays(1),
                T => pays(0),
                P => lose(),
            }
        }
        "banco" => match w {
            B => Ratio::new(19, 20),
            T => pays(0),
            P => lose(),
        },
        "tie" => win_if(w == T, 8),
        // Pairs.
        "punto_pair" | "banco_pair" => win_if(d.pair(hand_of(key)), 11),
        "punto_pair_12" | "banco_pair_12" => win_if(d.pair(hand_of(key)), 12),
        "either_pair" => win_if(d.pair(P) || d.pair(B), 5),
        "perfect_pair" => perfect_pair(d, 25, 25),
        "perfect_pair_26" => perfect_pair(d, 26, 26),
        "perfect_pair_250" => perfect_pair(d, 25, 250),
        "perfect_pair_200" => perfect_pair(d, 25, 200),
        "perfect_pairs_punto" => perfect_pairs(d, P),
        "perfect_pairs_banco" => perfect_pairs(d, B),
        "tiger_pair" => {
            let o = d.opening();
            let four_identical = o.iter().all(|&c| c == o[0]);
            tiers(&[
                (four_identical, pays(100)),
                (d.pair(P) && d.pair(B), pays(20)),
                (d.pair(P) || d.pair(B), pays(4)),
            ])
        }
        "banco_fortune_4_pair" => fortune_4_pair(d, B),
        "punto_fortune_4_pair" => fortune_4_pair(d, P),
        // Colours.
        "punto_red" | "banco_red" => win_if(d.first_two(hand_of(key)).iter().all(|&c| red(c)), 2),
        "punto_black" | "banco_black" => {
            win_if(d.first_two(hand_of(key)).iter().all(|&c| !red(c)), 2)
        }
        // Dragon Bonus and Golden Talons.
        "dragon_bonus_punto" | "dragon_bonus_banco" => {
            dragon(d, hand_of(&key[13..]), [30, 10, 6, 4, 2, 1], 0)
        }
        "dragon_bonus_punto_cypress_bayou" | "dragon_bonus_banco_cypress_bayou" => {
            dragon(d, hand_of(&key[13..]), [30, 10, 4, 4, 2, 2], 0)
        }
        "golden_talons_punto" | "golden_talons_banco" => {
            let (by, tie) = golden_talons(family.strip_prefix("golden-talons-")?);
            dragon(d, hand_of(&key[14..]), by, tie)
        }
        // Naturals.
        "natural_9_punto" | "natural_9_banco" => {
            win_if(d.two_card_total(hand_of(&key[10..])) == 9, 9)
        }
        "natural_8_punto" | "natural_8_banco" => {
            win_if(d.two_card_total(hand_of(&key[10..])) == 8, 9)
        }
        "banco_natural" | "punto_natural" => {
            if d.natural && w == hand_of(key) {
                pays(4)
            } else if d.natural && w == T {
                pays(0)
            } else {
                lose()
            }
        }
        "lucky_99" => lucky_99(d),
        "bad_beat" => {
            let (p, b) = (d.two_card_total(P), d.two_card_total(B));
            win_if(d.natural && ((p, b) == (9, 8) || (p, b) == (8, 9)), 50)
        }
        "nine_over_seven" => {
            let (p, b) = (d.two_card_total(P), d.two_card_total(B));
            win_if(d.natural && ((p, b) == (9, 7) || (p, b) == (7, 9)), 50)
        }
        "eights_and_nines" => win_if(d.total(P) >= 8 && d.total(B) >= 8, 20),
        // Card counts.
        "small" => {
            if d.cards_dealt() == 4 {
                Ratio::new(3, 2)
            } else {
                lose()
            }
        }
        "small_1_45" => {
            if d.cards_dealt() == 4 {
                Ratio::new(29, 20)
            } else {
                lose()
            }
        }
        "big" => {
            if d.cards_dealt() > 4 {
                Ratio::new(27, 50)
            } else {
                lose()
            }
        }
        "big_0_53" => {
            if d.cards_dealt() > 4 {
                Ratio::new(53, 100)
            } else {
                lose()
            }
        }
        "five_cards" => win_if(d.cards_dealt() == 5, 2),
        "six_cards" => win_if(d.cards_dealt() == 6, 2),
        "three_card_win_punto" => win_if(w == P && d.cards(P) == 3, 4),
        "three_card_win_banco" => win_if(w == B && d.cards(B) == 3, 5),
        // Sixes.
        "lucky_6" | "tiger" | "lucky_6_23" => {
            let three = if key == "lucky_6_23" { 23 } else { 20 };
            tiers(&[
                (d.wins_with_cards(B, 6, 2), pays(12)),
                (d.wins_with_cards(B, 6, 3), pays(three)),
            ])
        }
        "small_tiger" => win_if(d.wins_with_cards(B, 6, 2), 22),
        "big_tiger" => win_if(d.wins_with_cards(B, 6, 3), 50),
        "tiger_tie" => win_if(d.tie_on(6), 35),
        "super_6" => win_if(d.wins_with(B, 6), 12),
        "super_6_15" => win_if(d.wins_with(B, 6), 15),
        "invincible_6" => win_if(d.wins_with(P, 6) || d.wins_with(B, 6) || d.tie_on(6), 4),
        "small_bull" => win_if(d.wins_with_cards(P, 6, 2), 20),
        "big_bull" => win_if(d.wins_with_cards(P, 6, 3), 35),
        "tiger_bull" => win_if(d.wins_with(P, 6) || d.wins_with(B, 6), 4),
        "ox_6" => win_if(d.wins_with_cards(P, 6, 3), 40),
        "kill_ox_tiger" => win_if(
            (d.three_card(P, 6) && w != P) || (d.three_card(B, 7) && w != B),
            30,
        ),
        "three_card_six" => match (d.three_card(P, 6), d.three_card(B, 6)) {
            (true, true) => pays(100),
            (true, false) | (false, true) => pays(8),
            _ => lose(),
        },
        // Sevens.
        "dragon_7" => win_if(d.wins_with_cards(B, 7, 3), 40),
        "lucky_7" => tiers(&[
            (d.wins_with_cards(P, 7, 2), pays(6)),
            (d.wins_with_cards(P, 7, 3), pays(15)),
        ]),
        "big_lucky_7" => win_if(d.wins_with_cards(P, 7, 3), 30),
        "small_lucky_7" => win_if(d.wins_with_cards(P, 7, 2), 15),
        "super_lucky_7" => {
            if d.total(P) == 7 && d.total(B) == 6 {
                pays([30, 40, 100][d.cards_dealt() - 4])
            } else {
                lose()
            }
        }
        "blazing_7s" => blazing_7s(d, 50, 200),
        "blazing_7s_flame" => blazing_7s(d, 40, 150),
        // Eights and nines.
        "panda_8" | "golden_8" => win_if(d.wins_with_cards(P, 8, 3), 25),
        "heavenly_9" => heavenly_9(d, 75, 10),
        "heavenly_9_heaven" => heavenly_9(d, 60, 8),
        "cover_all" => cover_all(d, 6),
        "cover_all_5" => cover_all(d, 5),
        "lucky_nines" => lucky_nines(d, [500, 250, 20, 8, 5, 2, 1]),
        "lucky_nines_red_rock" => lucky_nines(d, [1000, 500, 35, 16, 5, 2, 1]),
        "perfect_9_bonus" => {
            let [a, b] = d.first_two(P);
            let nonzero = value(a) > 0 && value(b) > 0;
            if total(&[a, b]) != 9 {
                lose()
            } else if nonzero && a.suit == b.suit {
                pays(20)
            } else if nonzero {
                pays(10)
            } else {
                pays(5)
            }
        }
        // Ties by total.
        "egalite_2_220" => win_if(d.tie_on(2), 220),
        "egalite_0_group" => win_if(d.tie_on(0), 160),
        "egalite_1_3" => win_if((1..=3).any(|t| d.tie_on(t)), 70),
        "egalite_4_5" => win_if((4..=5).any(|t| d.tie_on(t)), 60),
        "egalite_6_7" => win_if((6..=7).any(|t| d.tie_on(t)), 22),
        "egalite_8_9" => win_if((8..=9).any(|t| d.tie_on(t)), 40),
        _ if number_after("egalite_").is_some() => {
            let t = number_after("egalite_")?;
            win_if(d.tie_on(t), EGALITE[usize::from(t)])
        }
        "tie_max_low" => tie_max(d, false),
        "tie_max_high" => tie_max(d, true),
        "super_tie_21c" => super_tie(d, 25),
        "super_tie_21c_20" => super_tie(d, 20),
        // Totals.
        "banco_fortune_4" => win_if(d.wins_with(B, 4), 20),
        "punto_fortune_4" => win_if(d.wins_with(P, 4), 35),
        "wu_da_lang" => win_if(d.wins_with(P, 1), 150),
        "char_siu_banco" => char_siu(d, B),
        "char_siu_punto" => char_siu(d, P),
        _ if number_after("punto_total_").is_some() => {
            side_total(d, P, number_after("punto_total_")?)
        }
        _ if number_after("banco_total_").is_some() => {
            side_total(d, B, number_after("banco_total_")?)
        }
        // Winner against loser.
        "eight_over_six" => win_if(d.wins_with(w, 8) && d.total(other(w)) == 6, 25),
        "two_card_9_over_two_card_7" => {
            win_if(d.natural && d.wins_with(w, 9) && d.total(other(w)) == 7, 50)
        }
        "three_card_9_over_three_card_1" => win_if(
            w != T && d.three_card(w, 9) && d.three_card(other(w), 1),
            150,
        ),
        "three_card_9_over_three_card_7" => win_if(
            w != T && d.three_card(w, 9) && d.three_card(other(w), 7),
            200,
        ),
        // Face cards.
        "monkey" => {
            let faces = d.opening().into_iter().filter(|&c| face(c)).count();
            tiers(&[(faces == 4, pays(50)), (faces == 0, pays(1))])
        }
        "monkey_6" => win_if(monkey_6(d), 12),
        "monkey_6_13" => win_if(monkey_6(d), 13),
        "monkey_6_14" => win_if(monkey_6(d), 14),
        "monkey_6_15" => win_if(monkey_6(d), 15),
        "monkey_6_tie" => win_if(monkey_6(d) && w == T, 150),
        "grand_monkey" => win_if(grand_monkey(d), 6000),
        "grand_monkey_5000" => win_if(grand_monkey(d), 5000),
        "grand_monkey_7000" => win_if(grand_monkey(d), 7000),
        // Mid-coup.
        "three_giving_eight" | "three_giving_eight_180" => {
            let eight = d.punto.get(2).is_some_and(|c| c.rank == Rank::Eight);
            let event = d.two_card_total(B) == 3 && d.two_card_total(P) <= 5 && eight;
            win_if(event, if key.ends_with("180") { 180 } else { 200 })
        }
        // Poker.
        "jackpot_baccarat" => jackpot(d),
        "lucky_match" => lucky_match(d),
        "royal_match" => {
            let royal = |s| {
                let [a, b] = d.first_two(s);
                a.suit == b.suit
                    && matches!(
                        (a.rank, b.rank),
                        (Rank::King, Rank::Queen) | (Rank::Queen, Rank::King)
                    )
            };
            win_if(royal(P) || royal(B), 75)
        }
        _ => return None,
    })
}

/// The card at index `4·rank + suit` of a card-level shoe.
fn card_at(index: usize) -> Card {
    Card::new(Rank::ALL[index / 4], Suit::ALL[index % 4])
}

/// The naive walk: each distinct coup (the cards it used, in order) with the number of
/// ordered six-card sequences that deal it.
fn coups(cards: &[u64; 52]) -> Vec<(Deal, BigInt)> {
    let kinds: Vec<usize> = (0..52).filter(|&i| cards[i] > 0).collect();
    let mut left = *cards;
    let mut by_used: BTreeMap<Vec<usize>, BigInt> = BTreeMap::new();
    let mut sequence = Vec::with_capacity(6);
    fn walk(
        kinds: &[usize],
        left: &mut [u64; 52],
        sequence: &mut Vec<usize>,
        weight: BigInt,
        by_used: &mut BTreeMap<Vec<usize>, BigInt>,
    ) {
        if sequence.len() == 6 {
            let dealt: Vec<Card> = sequence.iter().map(|&i| card_at(i)).collect();
            let coup = deal(&DrawingRules::reference(), &dealt).unwrap();
            let used = sequence[..coup.cards_used()].to_vec();
            *by_used.entry(used).or_default() += weight;
            return;
        }
        for &k in kinds {
            if left[k] == 0 {
                continue;
            }
            let w = &weight * BigInt::from(left[k]);
            left[k] -= 1;
            sequence.push(k);
            walk(kinds, left, sequence, w, by_used);
            sequence.pop();
            left[k] += 1;
        }
    }
    walk(
        &kinds,
        &mut left,
        &mut sequence,
        BigInt::from(1),
        &mut by_used,
    );
    by_used
        .into_iter()
        .map(|(used, weight)| {
            let cards: Vec<Card> = used.iter().map(|&i| card_at(i)).collect();
            let coup = deal(&DrawingRules::reference(), &cards).unwrap();
            let d = Deal {
                punto: coup.punto().to_vec(),
                banco: coup.banco().to_vec(),
                natural: coup.is_natural(),
            };
            (d, weight)
        })
        .collect()
}

/// Every bet of every catalogue file, settled by the naive walk on this shoe, equals the
/// engine's distribution of its net (nets of probability zero left out on both sides).
fn naive_equals_engine(cards: &[u64; 52]) -> BTreeMap<String, Vec<(Ratio<i64>, BigRational)>> {
    let shoe = Shoe::from_card_counts(*cards).unwrap();
    let coups = coups(cards);
    let total: BigInt = coups.iter().map(|(_, w)| w.clone()).sum();
    let mut distributions = BTreeMap::new();
    for (family, set) in catalogue() {
        assert_eq!(
            set.rules().drawing,
            DrawingRules::reference(),
            "{family}: the walk deals by the reference tableau"
        );
        let analysis = Analysis::new(&shoe, set.rules()).unwrap();
        for (key, terms) in set.rules().tariff.all() {
            let mut naive: BTreeMap<Ratio<i64>, BigInt> = BTreeMap::new();
            for (d, weight) in &coups {
                let net = settle(family, key, d)
                    .unwrap_or_else(|| panic!("{family}: no plain terms for {key}"));
                *naive.entry(net).or_default() += weight;
            }
            let naive: Vec<(Ratio<i64>, BigRational)> = naive
                .into_iter()
                .map(|(net, w)| (net, BigRational::new(w, total.clone())))
                .collect();
            let engine: Vec<(Ratio<i64>, BigRational)> = analysis
                .net_distribution(terms)
                .into_iter()
                .filter(|(_, p)| *p != BigRational::from_integer(0.into()))
                .collect();
            assert_eq!(naive, engine, "{family} {key} on {cards:?}");
            distributions.insert(format!("{family}/{key}"), naive);
        }
    }
    distributions
}

/// A card-level shoe of a few kinds of the 52, each 1 to 3 times (so identical cards occur),
/// 6 to 14 cards in all: half the time of any kinds, half the time of kinds drawn from three
/// ranks (any of them may repeat), so that cards of one rank in different suits, suited cards
/// and colours meet often.
fn small_card_shoe() -> impl Strategy<Value = [u64; 52]> {
    let spread = proptest::collection::btree_map(0usize..52, 1u64..=3, 3..=7).prop_map(|kinds| {
        let mut cards = [0; 52];
        for (k, n) in kinds {
            cards[k] = n;
        }
        cards
    });
    let concentrated = (
        proptest::array::uniform3(0usize..13),
        proptest::collection::btree_map(0usize..12, 1u64..=3, 3..=7),
    )
        .prop_map(|(ranks, kinds)| {
            let mut cards = [0; 52];
            for (k, n) in kinds {
                let index = 4 * ranks[k / 4] + k % 4;
                cards[index] = cards[index].max(n);
            }
            cards
        });
    prop_oneof![spread, concentrated].prop_filter("6 to 14 cards", |cards| {
        (6..=14).contains(&cards.iter().sum::<u64>())
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// On random small card-level shoes, every catalogue bet's engine distribution is the
    /// naive walk's.
    #[test]
    fn the_engine_settles_every_catalogue_bet_as_its_words(cards in small_card_shoe()) {
        naive_equals_engine(&cards);
    }
}

/// The shoe of these cards, each `n` times.
fn shoe_of(cards: &[(&str, u64)]) -> [u64; 52] {
    let mut counts = [0; 52];
    for (card, n) in cards {
        let card: Card = card.parse().unwrap();
        let index = 4 * card.rank.index() + Suit::ALL.iter().position(|&s| s == card.suit).unwrap();
        counts[index] += n;
    }
    counts
}

/// Whether a bet's distribution has this net with a probability above zero.
fn wins(
    distributions: &BTreeMap<String, Vec<(Ratio<i64>, BigRational)>>,
    bet: &str,
    net: i64,
) -> bool {
    distributions[bet]
        .iter()
        .any(|(n, _)| *n == Ratio::from_integer(net))
}

/// Four identical cards: Tiger Pair's top tier, Jackpot's four of a kind, Lucky Match's four
/// and five of a kind, both hands perfect pairs.
#[test]
fn four_identical_cards() {
    let d = naive_equals_engine(&shoe_of(&[("7H", 5), ("2S", 1), ("KD", 2)]));
    assert!(wins(&d, "pairs/tiger_pair", 100));
    assert!(wins(&d, "pairs/perfect_pair_250", 250));
    assert!(wins(&d, "poker/jackpot_baccarat", 75));
    assert!(wins(&d, "poker/lucky_match", 250));
    assert!(wins(&d, "poker/lucky_match", 30));
}

/// Three suited nines and a fourth: every Lucky Nines tier, the 9♦ alone included.
#[test]
fn three_suited_nines() {
    let d = naive_equals_engine(&shoe_of(&[("9D", 3), ("9S", 1), ("3H", 1), ("KC", 2)]));
    for net in [500, 250, 20, 8, 5, 2, 1] {
        assert!(wins(&d, "eights-nines/lucky_nines", net), "{net}");
    }
}

/// A mini royal among the opening cards, straights, flushes and Royal Match.
#[test]
fn mini_royal() {
    let d = naive_equals_engine(&shoe_of(&[
        ("AS", 1),
        ("KS", 1),
        ("QS", 1),
        ("JS", 1),
        ("10S", 1),
        ("9H", 1),
        ("QH", 1),
    ]));
    for net in [250, 50, 10, 5] {
        assert!(wins(&d, "poker/jackpot_baccarat", net), "{net}");
    }
    assert!(wins(&d, "poker/royal_match", 75));
}
