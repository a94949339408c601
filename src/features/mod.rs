//! The exact distribution of a card bet ([`Bet`]) over a card-level shoe.
//!
//! A bet that reads only the final state is folded over the engine's tally, by the masks of
//! its atoms' truths; a pair bet (one line, a hand's first two cards of one rank) is counted
//! in closed form over the shoe's rank counts. Any other bet is counted over *classes* of
//! cards: the coarsest partition of the 52 cards that its atoms cannot tell apart within a
//! class (the value when drawing or totals matter, the rank, suit or colour when a test
//! compares them, the card itself for identical cards, and the membership of every class of
//! cards the bet names). Each class is dealt with its count, as one card would be, so the
//! weights are exact numbers of ordered six-card sequences.
//!
//! The evaluator is chosen by what the atoms read. Each adds weights by the mask of its atoms'
//! truths, and the bet is settled once per mask ([`Bet::net_by`]):
//!
//! - the opening cards only, per hand (pairs, colours, a named card): the hands' pair tables,
//!   Banco's after Punto's two cards by a closed-form correction;
//! - the opening only, as a set (poker hands, nines, face cards): each multiset of four
//!   classes once, times its orderings, the suited ones apart when only "one suit" is read;
//! - the final state and "every card dealt is in a class" or "the highest value dealt":
//!   value-level counts of sub-shoes (the engine's, rescaled) and inclusion–exclusion;
//! - the hands' first two cards and "all four opening cards alike" (Tiger Pair's four
//!   identical cards): the pair tables over the sub-shoe of each group of the compared
//!   attribute, and inclusion–exclusion;
//! - the final state, two-card totals and third cards (Monkey 6, 3 Giving 8): per-cell sums
//!   over the openings, the third cards' ways in closed form, as the engine counts them;
//! - tests on every card dealt alone: each opening multiset once, its weights gathered by the
//!   multiset of classes dealt, whose atoms are read once at the end; and when they compare
//!   ranks only (Lucky Match: groups of a rank), by the multiplicities dealt alone, the third
//!   cards summed in closed form over the classes of each multiplicity in the opening;
//! - the final state and one test that every card dealt is alike: a sub-shoe count per block
//!   of the attribute ([`same_dealt`]);
//! - tests that read some positions for more than their value (a hand's cards of one suit):
//!   those positions dealt over the classes, gathered, and the rest over values ([`split`]);
//! - tests that read the winner's or the loser's cards for more than their value (the winning
//!   hand's cards of one suit): counted once per winner, each role then a fixed hand, by the
//!   same split ([`roles`]);
//! - tests that read both hands' cards, or both roles', for more than their value (both
//!   hands' cards of one suit): the pairs of hands listed by values, each hand's deals over
//!   the classes listed once, and two hands counted jointly only in the classes of the values
//!   they share ([`hands`]);
//! - the rest: a lean walk over opening multisets and third cards, each atom read once where
//!   it becomes known.
//!
//! The plain class walk ([`class_walk`]) settles the bet by its meaning at every leaf: the
//! reference the tests hold every evaluator to (on random small shoes, identical cards
//! included), and the path of a bet with more atoms than a mask holds.

mod class_walk;
mod dealt;
mod hands;
mod lean;
mod openings;
mod pairs;
mod roles;
mod same_dealt;
mod split;
mod thirds;

#[cfg(test)]
mod tests;

pub(crate) use class_walk::class_walk;
use class_walk::state_settlement;
use dealt::{
    DealtClasses, dealt_classes, dealt_multiplicities, dealt_multisets, reads_multiplicities,
};
use hands::Hands;
use lean::{Acc, Lean, falling};
use openings::opening_sets;
use pairs::{pair_tables, same_openings};
use roles::Roles;
use same_dealt::SameDealt;
use split::Split;
use thirds::{lean_walk, third_cells};

use crate::card::{Card, Rank};
use crate::outcome::FinalState;
use crate::play::Plan;
use crate::rules::condition::{Atom, CardClass, CardSet, DealtCoup, Same};
use crate::rules::{Bet, Condition, DrawingRules, Rules, StateFacts};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Int;
use num_rational::Ratio;
use std::collections::BTreeMap;

/// A bet's distribution of net results: each net with its count of sequences.
pub(crate) type Distribution<I> = Vec<(Ratio<i64>, I)>;

/// What a bet tells of a card: value, rank, suit, colour (each 0 when not read of this card,
/// else 1 more than the attribute) and its membership of each class of cards the bet names.
type ClassKey = (u8, u8, u8, u8, u64);

/// What a bet's atoms read of a card, which decides the classes.
#[derive(Debug, Default, Clone)]
struct Reads {
    value: bool,
    /// The cards whose rank, suit or colour some atom reads (a test reads them only on the
    /// cards its filter keeps): 0 when none.
    rank: u64,
    suit: u64,
    colour: u64,
    masks: Vec<CardClass>,
    /// Whether some atom reads more than the opening cards.
    beyond_opening: bool,
}

impl Reads {
    fn of(bet: &Bet) -> Reads {
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
                    // The test reads only the cards its filter keeps.
                    let kept = test.filter.unwrap_or(CardClass::ALL).0;
                    match test.same {
                        Some(Same::Rank) => reads.rank |= kept,
                        Some(Same::Suit) => reads.suit |= kept,
                        Some(Same::Colour) => reads.colour |= kept,
                        Some(Same::Card) => {
                            reads.rank |= kept;
                            reads.suit |= kept;
                        }
                        None => {}
                    }
                    if test.groups.is_some() || test.straight.is_some() || test.ranks.is_some() {
                        reads.rank |= kept;
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
            if self.rank >> index & 1 == 1 {
                (index / 4) as u8 + 1
            } else {
                0
            },
            if self.suit >> index & 1 == 1 {
                suit + 1
            } else {
                0
            },
            u8::from(self.colour >> index & 1 == 1)
                * (1 + u8::from(CardClass::colour(true).has(card))),
            masks,
        )
    }
}

impl Reads {
    /// Whether the bet tells cards of one rank apart: by suit, colour, the card itself or a
    /// class that takes some cards of a rank and not others.
    fn suits(&self) -> bool {
        self.suit != 0
            || self.colour != 0
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
    let suits = (rules.tariff.side.iter()).any(|side| Reads::of(&side.bet).suits());
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
///
/// The evaluator is chosen by what the bet's atoms read (see the module's head); each counts
/// the joint weights of its atoms' truths, and the bet is settled once per combination.
pub(crate) fn distribution<I: Int>(
    bet: &Bet,
    cards: &[u64; 52],
    drawing: &DrawingRules,
    states: &[(FinalState, &I)],
) -> Distribution<I> {
    if let Some((_, net)) = bet.as_pair() {
        return pair_by_ranks(net, cards);
    }
    let atoms = bet.atoms();
    if reads_state_only(&atoms) {
        return state_fold(bet, &atoms, states);
    }
    if atoms.len() > MAX_ATOMS {
        return class_walk(bet, cards, drawing, states);
    }
    let lean = Lean::with_atoms(atoms);
    let reads = Reads::of(bet);
    let n: u64 = cards.iter().sum();
    let plan = Plan::new(drawing);
    let mut acc = Acc::new(lean.atoms.len());
    if !reads.beyond_opening {
        let (hands, sets) = lean.opening_kinds();
        if !sets {
            pair_tables(&lean, &classes_of(&reads, cards), n, n, &mut acc);
        } else if let Some(same) = lean.opening_same().filter(|_| hands) {
            same_openings(&lean, &same, &classes_of(&reads, cards), n, &mut acc);
        } else if !hands {
            opening_sets(&lean, &reads, cards, n, &mut acc);
        } else {
            lean_walk(&lean, &classes_of(&reads, cards), n, &plan, true, &mut acc);
        }
    } else if lean.reads_cells_only() {
        third_cells(&lean, &classes_of(&reads, cards), n, &plan, &mut acc);
    } else if let Some(classes) = dealt_classes(&lean, &reads, cards) {
        if reads_multiplicities(&lean) {
            dealt_multiplicities(&lean, &classes, n, &plan, &mut acc);
        } else {
            dealt_multisets(&lean, &classes, n, &plan, &mut acc);
        }
    } else if let Some(dealt) = DealtClasses::of(&lean) {
        dealt.count(&lean, cards, n, drawing, &plan, &mut acc);
    } else if let Some(same) = SameDealt::of(&lean) {
        same.count(&lean, cards, n, drawing, &plan, &mut acc);
    } else {
        let classes = classes_of(&reads, cards);
        if let Some(split) = Split::of(&lean, classes.len()) {
            split.count(&lean, &classes, n, &plan, &mut acc);
        } else if let Some(roles) = Roles::of(&lean, classes.len()) {
            roles.count(&classes, n, &plan, &mut acc);
        } else if let Some(hands) = Hands::of(&lean) {
            hands.count(&lean, &classes, n, &plan, &mut acc);
        } else {
            lean_walk(&lean, &classes, n, &plan, false, &mut acc);
        }
    }
    acc.settle(bet, &lean.atoms)
}

/// Whether these atoms (a bet's) read the final state only.
fn reads_state_only(atoms: &[&Atom]) -> bool {
    atoms.iter().all(|a| a.reads_state_only())
}

/// A pair bet (a hand's first two cards of one rank, [`Bet::as_pair`]) in closed form
/// over the shoe's rank counts: of the N(N−1) ordered first two cards of the hand, Σ c(c−1)
/// are pairs, whatever the drawing; the other four positions fill from the N − 2 cards left.
/// What the hands' pair tables count, without the tables (the tests hold it to the walk).
fn pair_by_ranks<I: Int>(net: Ratio<i64>, cards: &[u64; 52]) -> Distribution<I> {
    let n: u64 = cards.iter().sum();
    let pairs = cards.chunks_exact(4).fold(I::default(), |s, rank| {
        let c: u64 = rank.iter().sum();
        s.add(&I::from_u64(c).mul(&I::from_u64(c.saturating_sub(1))))
    });
    let all = I::from_u64(n).mul(&I::from_u64(n.saturating_sub(1)));
    let rest: I = falling(n.saturating_sub(2), 4);
    let mut nets = Nets::default();
    nets.add(-Ratio::from_integer(1), &all.sub(&pairs).mul(&rest));
    nets.add(net, &pairs.mul(&rest));
    nets.into_distribution()
}

/// The most atoms a bet on the final state may have to be folded by the masks of its atoms'
/// truths (a table of 2^atoms weights); beyond, each state is settled.
const STATE_MASK_ATOMS: usize = 8;

/// A bet that reads the final state only, folded over the engine's tally (`states`, its
/// non-zero weights): each state's weight added under the mask of the atoms it makes true,
/// and the bet settled once per mask. With more atoms than [`STATE_MASK_ATOMS`], each state
/// is settled ([`state_settlement`]).
pub(crate) fn state_fold<I: Int>(
    bet: &Bet,
    atoms: &[&Atom],
    states: &[(FinalState, &I)],
) -> Distribution<I> {
    let mut nets = Nets::default();
    if atoms.len() > STATE_MASK_ATOMS {
        let settle = state_settlement(bet);
        for &(state, w) in states {
            nets.add(settle(state), w);
        }
        return nets.into_distribution();
    }
    let mut by_mask = vec![I::default(); 1 << atoms.len()];
    // A paytable's atoms are conditions on the state: its facts read once per state.
    let conditions: Option<Vec<&Condition>> = atoms
        .iter()
        .map(|atom| match atom {
            Atom::State(condition) => Some(condition),
            _ => None,
        })
        .collect();
    if let Some(conditions) = conditions {
        for &(state, w) in states {
            let facts = StateFacts::of(state);
            let mask = conditions
                .iter()
                .enumerate()
                .fold(0usize, |m, (i, c)| m | usize::from(c.holds_of(&facts)) << i);
            by_mask[mask] = by_mask[mask].add(w);
        }
    } else {
        for &(state, w) in states {
            let mut coup = None;
            let mask = atoms.iter().enumerate().fold(0usize, |m, (i, atom)| {
                let holds = match atom {
                    Atom::State(condition) => condition.holds(state),
                    atom => atom.holds(coup.get_or_insert_with(|| DealtCoup::standing_for(state))),
                };
                m | usize::from(holds) << i
            });
            by_mask[mask] = by_mask[mask].add(w);
        }
    }
    for (mask, w) in by_mask.iter().enumerate().filter(|(_, w)| !w.is_zero()) {
        nets.add(
            bet.net_by(&mut |a| mask >> atom_index(atoms, a) & 1 == 1),
            w,
        );
    }
    nets.into_distribution()
}

/// The index of one of a bet's atoms among its atoms ([`Bet::atoms`], each once): by
/// address first, as the atoms are the bet's own, and by value for a repeat of an atom.
pub(super) fn atom_index(atoms: &[&Atom], atom: &Atom) -> usize {
    atoms
        .iter()
        .position(|x| std::ptr::eq(*x, atom))
        .or_else(|| atoms.iter().position(|x| *x == atom))
        .expect("the bet's own atom")
}

/// Weights by net in a short list: a bet has a handful of nets, found by equality rather
/// than kept in an ordered map; sorted once at the end.
pub(super) struct Nets<I>(Vec<(Ratio<i64>, I)>);

impl<I> Default for Nets<I> {
    fn default() -> Nets<I> {
        Nets(Vec::new())
    }
}

impl<I: Int> Nets<I> {
    #[inline]
    pub(super) fn add(&mut self, net: Ratio<i64>, w: &I) {
        match self.0.iter_mut().find(|(n, _)| *n == net) {
            Some(slot) => slot.1 = slot.1.add(w),
            None => self.0.push((net, w.clone())),
        }
    }

    /// The distribution: each net that happens (its count not zero), lowest first.
    pub(super) fn into_distribution(mut self) -> Distribution<I> {
        self.0.retain(|(_, w)| !w.is_zero());
        self.0.sort_by_key(|a| a.0);
        self.0
    }
}

/// The most atoms a lean evaluator's mask of truths holds.
const MAX_ATOMS: usize = 64;

/// The classes of a shoe as the lean evaluators deal them: the index of one card of each
/// (standing for the class), its value and its count.
fn classes_of(reads: &Reads, cards: &[u64; 52]) -> Vec<(u8, u8, u64)> {
    classes(reads, cards)
        .into_iter()
        .map(|(card, value, count)| (CardClass::index(card) as u8, value, count))
        .collect()
}
