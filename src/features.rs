//! The exact distribution of a card bet ([`CardBet`]) over a card-level shoe.
//!
//! A bet that reads only the final state is folded over the engine's tally. Any other bet is
//! counted by a walk over *classes* of cards: the coarsest partition of the 52 cards that its
//! atoms cannot tell apart within a class (the value when drawing or totals matter, the rank,
//! suit or colour when a test compares them, the card itself for identical cards, and the
//! membership of every class of cards the bet names). Each class is dealt with its count, as
//! one card would be, so the walk's weights are the exact numbers of ordered six-card
//! sequences; the bet is settled by its meaning ([`CardBet::net`]) on one card of each class.
//! A bet that reads only the opening cards and no state stops the walk after four cards.

use crate::card::{Card, Rank};
use crate::outcome::FinalState;
use crate::play::{Opening, Plan};
use crate::rules::condition::{Atom, CardBet, CardClass, CardSet, DealtCoup, Same};
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::rules::{Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Int;
use num_rational::Ratio;
use std::collections::BTreeMap;

/// A bet's distribution of net results: each net with its count of sequences.
pub(crate) type Distribution<I> = Vec<(Ratio<i64>, I)>;

/// What a bet tells of a card: value, rank, suit, colour (each 0 when not read) and its
/// membership of each class of cards the bet names.
type ClassKey = (u8, u8, u8, u8, u64);

/// What a bet's atoms read of a card, which decides the classes.
#[derive(Debug, Default, Clone)]
struct Reads {
    value: bool,
    rank: bool,
    suit: bool,
    colour: bool,
    masks: Vec<CardClass>,
    /// Whether some atom reads more than the opening cards.
    beyond_opening: bool,
}

impl Reads {
    fn of(bet: &CardBet) -> Reads {
        let mut reads = Reads::default();
        for atom in bet.atoms() {
            match atom {
                Atom::State(_) | Atom::CardsDealt(_) | Atom::Total(..) | Atom::HandCards(..) => {
                    reads.value = true;
                    reads.beyond_opening = true;
                }
                Atom::TwoCardTotal(..) => reads.value = true,
                Atom::Set(set, test) => {
                    if !matches!(set, CardSet::Opening | CardSet::FirstTwo(_)) {
                        reads.value = true;
                        reads.beyond_opening = true;
                    }
                    reads.masks.extend(test.filter);
                    reads.masks.extend(test.all);
                    match test.same {
                        Some(Same::Rank) => reads.rank = true,
                        Some(Same::Suit) => reads.suit = true,
                        Some(Same::Colour) => reads.colour = true,
                        Some(Same::Card) => {
                            reads.rank = true;
                            reads.suit = true;
                        }
                        None => {}
                    }
                    if test.groups.is_some() || test.straight.is_some() || test.ranks.is_some() {
                        reads.rank = true;
                    }
                    if test.max_value.is_some() {
                        reads.value = true;
                    }
                }
            }
        }
        reads
    }

    /// What the bet can tell of a card: cards with equal keys are one class.
    fn key(&self, index: usize) -> ClassKey {
        let card = CardClass::card_at(index);
        let suit = (index % 4) as u8;
        let masks = self
            .masks
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, class)| m | u64::from(class.has(card)) << i);
        (
            if self.value { card.value() } else { 0 },
            if self.rank { (index / 4) as u8 } else { 0 },
            if self.suit { suit } else { 0 },
            u8::from(self.colour && CardClass::colour(true).has(card)),
            masks,
        )
    }
}

impl Reads {
    /// Whether the bet tells cards of one rank apart: by suit, colour, the card itself or a
    /// class that takes some cards of a rank and not others.
    fn suits(&self) -> bool {
        self.suit
            || self.colour
            || self.masks.iter().any(|m| {
                Rank::ALL
                    .into_iter()
                    .map(|r| m.and(CardClass::rank(r)))
                    .any(|part| part != CardClass::NONE && part != CardClass::rank_of(part))
            })
    }
}

/// The card counts the rules' card bets are counted over: the shoe's own when a bet reads
/// suits (an error when the shoe cannot say them), and otherwise any split of each rank (here
/// the shoe's when it has one, else every card of a rank as a spade), which such a bet cannot
/// tell from another.
pub(crate) fn card_counts(rules: &Rules, shoe: &Shoe) -> Result<[u64; 52], ShoeError> {
    let suits = rules.tariff.side.iter().any(|side| match &side.terms {
        Terms::Cards(bet) => Reads::of(bet).suits(),
        _ => false,
    });
    match shoe.card_counts() {
        Ok(cards) => Ok(cards),
        Err(e) if suits => Err(e),
        Err(_) => {
            let mut cards = [0; 52];
            for rank in Rank::ALL {
                cards[4 * rank.index()] = shoe.count(rank);
            }
            Ok(cards)
        }
    }
}

/// The classes of a card-level shoe for a bet: one card standing for each, its value, its count.
fn classes(reads: &Reads, cards: &[u64; 52]) -> Vec<(Card, u8, u64)> {
    let mut by_key: BTreeMap<ClassKey, (Card, u64)> = BTreeMap::new();
    for (index, &count) in cards.iter().enumerate() {
        if count == 0 {
            continue;
        }
        let entry = by_key
            .entry(reads.key(index))
            .or_insert((CardClass::card_at(index), 0));
        entry.1 += count;
    }
    by_key
        .into_values()
        .map(|(card, count)| (card, card.value(), count))
        .collect()
}

/// The exact distribution of `bet`'s net over the ordered six-card sequences of the shoe of
/// these card counts (indexed `4·rank + suit`), as counts that sum to N·(N−1)·…·(N−5).
/// `states` is the engine's tally of the same shoe, for the bets that read no more.
pub(crate) fn distribution<I: Int>(
    bet: &CardBet,
    cards: &[u64; 52],
    drawing: &DrawingRules,
    states: &[(FinalState, &I)],
) -> Distribution<I> {
    let mut by_net: BTreeMap<Ratio<i64>, I> = BTreeMap::new();
    if let Some(settle) = state_settlement(bet) {
        for &(state, w) in states {
            let slot = by_net.entry(settle(state)).or_default();
            *slot = slot.add(w);
        }
        return by_net.into_iter().collect();
    }
    let reads = Reads::of(bet);
    let classes = classes(&reads, cards);
    let n: u64 = cards.iter().sum();
    let mut walk = Walk {
        bet,
        plan: Plan::new(drawing),
        classes: &classes,
        left: classes.iter().map(|c| c.2).collect(),
        n,
        by_net: &mut by_net,
    };
    walk.openings(!reads.beyond_opening);
    by_net.into_iter().filter(|(_, w)| !w.is_zero()).collect()
}

/// The settlement of a bet that reads the final state only, as a function of the state.
fn state_settlement(bet: &CardBet) -> Option<impl Fn(FinalState) -> Ratio<i64> + '_> {
    bet.reads_state_only().then_some(move |state: FinalState| {
        // Every atom reads the state alone, so any cards of that state settle it alike.
        let coup = DealtCoup::standing_for(state);
        bet.net(&coup)
    })
}

struct Walk<'a, I> {
    bet: &'a CardBet,
    plan: Plan,
    classes: &'a [(Card, u8, u64)],
    /// Cards left of each class.
    left: Vec<u64>,
    /// Cards in the shoe.
    n: u64,
    by_net: &'a mut BTreeMap<Ratio<i64>, I>,
}

impl<I: Int> Walk<'_, I> {
    fn take(&mut self, class: usize) -> Option<u64> {
        let c = self.left[class];
        (c > 0).then(|| {
            self.left[class] -= 1;
            c
        })
    }

    fn add(&mut self, net: Ratio<i64>, w: I) {
        let slot = self.by_net.entry(net).or_default();
        *slot = slot.add(&w);
    }

    /// Falling product of the cards left after `dealt` cards, for `positions` more positions.
    fn fill(&self, dealt: u64, positions: u64) -> I {
        (0..positions).fold(I::from_u64(1), |w, k| {
            w.mul(&I::from_u64(self.n.saturating_sub(dealt + k)))
        })
    }

    fn openings(&mut self, opening_only: bool) {
        let k = self.classes.len();
        for p1 in 0..k {
            let Some(c1) = self.take(p1) else { continue };
            for b1 in 0..k {
                let Some(c2) = self.take(b1) else { continue };
                for p2 in 0..k {
                    let Some(c3) = self.take(p2) else { continue };
                    for b2 in 0..k {
                        let Some(c4) = self.take(b2) else { continue };
                        let w = [c1, c2, c3, c4]
                            .iter()
                            .fold(I::from_u64(1), |w, &c| w.mul(&I::from_u64(c)));
                        let card = |i: usize| self.classes[i].0;
                        let (punto, banco) = ([card(p1), card(p2)], [card(b1), card(b2)]);
                        if opening_only {
                            let coup = DealtCoup::opening_only(punto, banco);
                            let w = w.mul(&self.fill(4, 2));
                            self.add(self.bet.net(&coup), w);
                        } else {
                            self.third_cards(punto, banco, w);
                        }
                        self.left[b2] += 1;
                    }
                    self.left[p2] += 1;
                }
                self.left[b1] += 1;
            }
            self.left[p1] += 1;
        }
    }

    fn settle(&mut self, punto: &[Card], banco: &[Card], natural: bool, w: I) {
        let total = |cards: &[Card]| cards.iter().map(|c| c.value()).sum::<u8>() % 10;
        let coup = DealtCoup::new(punto, banco, total(punto), total(banco), natural)
            .expect("the walk deals whole hands");
        let dealt = (punto.len() + banco.len()) as u64;
        let w = w.mul(&self.fill(dealt, 6 - dealt));
        self.add(self.bet.net(&coup), w);
    }

    fn third_cards(&mut self, punto: [Card; 2], banco: [Card; 2], w: I) {
        let two = |cards: [Card; 2]| (cards[0].value() + cards[1].value()) % 10;
        let (p, b) = match self.plan.opening(two(punto), two(banco)) {
            Opening::Natural => return self.settle(&punto, &banco, true, w),
            Opening::Play { punto, banco } => (punto, banco),
        };
        let k = self.classes.len();
        match p {
            Action::Stand => match b[PuntoMove::Stood.column()] {
                Action::Stand => self.settle(&punto, &banco, false, w),
                Action::Draw => {
                    for b3 in 0..k {
                        let Some(c) = self.take(b3) else { continue };
                        let third = self.classes[b3].0;
                        let wb = w.mul(&I::from_u64(c));
                        self.settle(&punto, &[banco[0], banco[1], third], false, wb);
                        self.left[b3] += 1;
                    }
                }
            },
            Action::Draw => {
                for p3 in 0..k {
                    let Some(c) = self.take(p3) else { continue };
                    let (third, value) = (self.classes[p3].0, self.classes[p3].1);
                    let wp = w.mul(&I::from_u64(c));
                    let hand = [punto[0], punto[1], third];
                    match b[PuntoMove::Drew(value).column()] {
                        Action::Stand => self.settle(&hand, &banco, false, wp),
                        Action::Draw => {
                            for b3 in 0..k {
                                let Some(c) = self.take(b3) else { continue };
                                let b_third = self.classes[b3].0;
                                let wb = wp.mul(&I::from_u64(c));
                                self.settle(&hand, &[banco[0], banco[1], b_third], false, wb);
                                self.left[b3] += 1;
                            }
                        }
                    }
                    self.left[p3] += 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::Analysis;
    use crate::outcome::Hand;
    use crate::rules::SideBet;
    use crate::rules::condition::{CardLine, Cond, Numbers, SetTest};
    use crate::shoe::Shoe;

    fn first_two(hand: Hand, test: SetTest) -> Cond {
        Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test))
    }

    fn with_bet(bet: CardBet) -> Rules {
        let mut rules = Rules::reference();
        rules.tariff.side.push(SideBet {
            key: "bet".into(),
            terms: Terms::Cards(bet),
        });
        rules
    }

    /// A pair written in the card language counts what the pair bet's closed form counts.
    #[test]
    fn a_pair_in_the_language_is_the_pair_bet() {
        let shoe = Shoe::from_counts([1, 2, 0, 0, 0, 1, 0, 3, 0, 0, 2, 0, 1]).unwrap();
        let pair = CardBet {
            lines: vec![CardLine {
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
        let distribution = analysis.net_distribution(&Terms::Cards(pair));
        assert_eq!(distribution.len(), 2);
        assert_eq!(distribution[1], (Ratio::from_integer(11), p));
    }

    /// The walk's classes: the state-only bets fold the engine's tally, the others count
    /// every sequence once (their probabilities sum to one on a shoe with several classes).
    #[test]
    fn card_bets_count_every_sequence_once() {
        let shoe = Shoe::from_counts([2, 1, 1, 0, 1, 1, 0, 1, 2, 1, 0, 1, 1]).unwrap();
        let cards_dealt = CardBet {
            lines: vec![CardLine {
                when: Cond::Atom(Atom::CardsDealt(Numbers::of(&[4]))),
                net: Ratio::new(3, 2),
            }],
        };
        let three_giving_eight = CardBet {
            lines: vec![CardLine {
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
            let distribution = analysis.net_distribution(&Terms::Cards(bet));
            let one: num_rational::BigRational = distribution.iter().map(|(_, p)| p.clone()).sum();
            assert_eq!(one, num_rational::BigRational::from_integer(1.into()));
        }
    }
}
