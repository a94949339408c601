//! The bet language of rule-file schema 2: conditions on the cards of a coup, not only on its
//! final state.
//!
//! A [`Bet`](super::Bet) is a paytable whose lines hold when a [`Cond`] holds. A condition is a
//! boolean combination of [`Atom`]s; each atom reads one thing of a dealt coup: the final state
//! (the schema-1 fields), the number of cards dealt, a hand's final total or number of cards,
//! a hand's two-card total, or a test on a set of cards (the opening cards, every card dealt, a
//! hand's first two cards, its third card, all its cards).
//!
//! This module is the *meaning* of the language, written once and plainly: [`Cond::holds`] on
//! a [`DealtCoup`]. The exact computation of a bet over a shoe
//! ([`crate::analysis::Analysis::net_distribution`]) must agree with it on every coup, which
//! the tests check against a naive walk over every ordered six-card sequence of small shoes.
//!
//! ```
//! use punto_banco::card::{Card, parse_cards};
//! use punto_banco::outcome::Hand;
//! use punto_banco::rules::condition::{Atom, CardSet, Cond, DealtCoup, Same, SetTest};
//! // Perfect Pair: a hand's first two cards are identical cards.
//! let perfect = |hand| Cond::Atom(Atom::Set(
//!     CardSet::FirstTwo(hand),
//!     SetTest { same: Some(Same::Card), ..SetTest::default() },
//! ));
//! let either = Cond::Any(vec![perfect(Hand::Punto), perfect(Hand::Banco)]);
//! let cards = parse_cards("7H 2S 7H 5D").unwrap();
//! let coup = DealtCoup::new(&[cards[0], cards[2]], &[cards[1], cards[3]], 4, 7, false).unwrap();
//! assert!(either.holds(&coup));
//! ```

use crate::card::{Card, Rank, Suit};
use crate::outcome::{FinalState, Hand, Winner};
use crate::rules::{Condition, StateFacts};

/// A set of the 52 cards, as a mask: bit `4·rank + suit` (ranks A to K, suits ♠ ♥ ♦ ♣), the
/// order of a card-level shoe's counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct CardClass(pub u64);

impl CardClass {
    /// Every card.
    pub const ALL: CardClass = CardClass((1 << 52) - 1);
    /// No card.
    pub const NONE: CardClass = CardClass(0);

    /// The index of a card in the mask and in a card-level shoe: `4·rank + suit`.
    pub fn index(card: Card) -> usize {
        4 * card.rank.index() + suit_index(card.suit)
    }

    /// The card at an index `4·rank + suit` (0 to 51).
    pub fn card_at(index: usize) -> Card {
        Card::new(Rank::ALL[index / 4], Suit::ALL[index % 4])
    }

    /// The one card.
    pub fn card(card: Card) -> CardClass {
        CardClass(1 << Self::index(card))
    }

    /// The cards of one rank.
    pub fn rank(rank: Rank) -> CardClass {
        CardClass(0b1111 << (4 * rank.index()))
    }

    /// Every card of the ranks this class has a card of.
    pub fn rank_of(self) -> CardClass {
        Rank::ALL
            .into_iter()
            .filter(|&r| self.and(CardClass::rank(r)) != CardClass::NONE)
            .fold(CardClass::NONE, |m, r| m.or(CardClass::rank(r)))
    }

    /// The cards of one suit.
    pub fn suit(suit: Suit) -> CardClass {
        let one = 1u64 << suit_index(suit);
        CardClass((0..13).fold(0, |m, r| m | one << (4 * r)))
    }

    /// The red cards (hearts and diamonds), or the black ones (spades and clubs).
    pub fn colour(red: bool) -> CardClass {
        if red {
            CardClass(Self::suit(Suit::Hearts).0 | Self::suit(Suit::Diamonds).0)
        } else {
            CardClass(Self::suit(Suit::Spades).0 | Self::suit(Suit::Clubs).0)
        }
    }

    /// The cards whose baccarat value is in the set.
    pub fn values(values: Numbers) -> CardClass {
        Rank::ALL
            .into_iter()
            .filter(|r| values.has(r.value()))
            .fold(CardClass::NONE, |m, r| m.or(Self::rank(r)))
    }

    /// The face cards: J, Q, K (a 10 is not one).
    pub fn faces() -> CardClass {
        [Rank::Jack, Rank::Queen, Rank::King]
            .into_iter()
            .fold(CardClass::NONE, |m, r| m.or(Self::rank(r)))
    }

    /// The cards in both.
    pub fn and(self, other: CardClass) -> CardClass {
        CardClass(self.0 & other.0)
    }

    /// The cards in either.
    pub fn or(self, other: CardClass) -> CardClass {
        CardClass(self.0 | other.0)
    }

    /// The cards not in this class.
    pub fn complement(self) -> CardClass {
        CardClass(!self.0 & Self::ALL.0)
    }

    /// Whether the card is in the class.
    pub fn has(self, card: Card) -> bool {
        self.0 >> Self::index(card) & 1 == 1
    }
}

fn suit_index(suit: Suit) -> usize {
    match suit {
        Suit::Spades => 0,
        Suit::Hearts => 1,
        Suit::Diamonds => 2,
        Suit::Clubs => 3,
    }
}

/// A relabelling of the four suits: the suit of index `s` (♠ ♥ ♦ ♣, as in [`CardClass`])
/// becomes the suit of index `self.0[s]`. A bet whose conditions a relabelling keeps
/// ([`Cond::kept_by`]) pays the same on a coup and on its relabelled copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SuitMap(pub(crate) [usize; 4]);

impl SuitMap {
    /// The 24 relabellings, the identity first.
    pub(crate) fn all() -> Vec<SuitMap> {
        let mut maps = Vec::with_capacity(24);
        for a in 0..4 {
            for b in (0..4).filter(|&b| b != a) {
                for c in (0..4).filter(|&c| c != a && c != b) {
                    maps.push(SuitMap([a, b, c, 6 - a - b - c]));
                }
            }
        }
        maps
    }

    /// The index (`4·rank + suit`) of the card a card of index `index` becomes.
    pub(crate) fn card(self, index: usize) -> usize {
        index - index % 4 + self.0[index % 4]
    }

    /// The class of the relabelled cards of `class`.
    fn class(self, class: CardClass) -> CardClass {
        CardClass(
            (0..52)
                .filter(|&i| class.0 >> i & 1 == 1)
                .fold(0, |m, i| m | 1 << self.card(i)),
        )
    }

    /// Whether the two red suits stay of one colour, so that "the same colour" keeps its truth.
    fn keeps_colours(self) -> bool {
        let red = |s: usize| matches!(s, 1 | 2);
        red(self.0[1]) == red(self.0[2])
    }
}

/// A set of small whole numbers (0 to 15): totals, values, numbers of cards, sizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Numbers(pub u16);

impl Numbers {
    /// The set of these numbers; each must be below 16.
    pub fn of(numbers: &[u8]) -> Numbers {
        Numbers(numbers.iter().fold(0, |m, &n| m | 1 << n))
    }

    /// The numbers from `low` to `high`, both included (below 16).
    pub fn range(low: u8, high: u8) -> Numbers {
        Numbers((low..=high).fold(0, |m, n| m | 1 << n))
    }

    /// Whether `n` is in the set.
    pub fn has(self, n: u8) -> bool {
        n < 16 && self.0 >> n & 1 == 1
    }

    /// The numbers in the set, smallest first.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        (0..16).filter(move |&n| self.has(n))
    }
}

/// A hand named by its role in the coup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Who {
    /// Punto's hand.
    Punto,
    /// Banco's hand.
    Banco,
    /// The winning hand; no hand on a tie, where an atom reading it is false.
    Winner,
    /// The losing hand; no hand on a tie, where an atom reading it is false.
    Loser,
}

/// A set of cards of a coup that a [`SetTest`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardSet {
    /// The four opening cards, Punto's first two and Banco's first two.
    Opening,
    /// Every card the coup used: four, five or six.
    Dealt,
    /// A hand's first two cards (the third never counts).
    FirstTwo(Hand),
    /// A hand's third card: one card, or none when the hand stood.
    Third(Hand),
    /// Every card of a hand: two or three. Empty for the winner or loser of a tie.
    Cards(Who),
}

/// What every card of a set must share.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Same {
    /// The rank (a king and a queen are not the same rank, although both are worth 0).
    Rank,
    /// The suit.
    Suit,
    /// The colour: red (♥ ♦) or black (♠ ♣).
    Colour,
    /// The card itself: rank and suit (identical cards, possible with several decks).
    Card,
}

/// A test on a set of cards. `filter` first keeps the cards of a class; every other field
/// given must then hold of what is kept. A test with no field holds of any set.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct SetTest {
    /// Keep only the cards of this class before the other tests (`"where"` in a rule file).
    pub filter: Option<CardClass>,
    /// The number of cards kept is one of these.
    pub size: Option<Numbers>,
    /// At least one card is kept and all share this.
    pub same: Option<Same>,
    /// At least one card is kept and every one is in this class.
    pub all: Option<CardClass>,
    /// Disjoint groups of one rank each, at least these sizes: `[2, 2]` is two pairs (or
    /// better), `[3]` three of a kind, `[3, 2]` a full house.
    pub groups: Option<Vec<u8>>,
    /// Whether the cards' ranks are distinct and consecutive (at least two cards), ace low
    /// (A-2-3-4) or high (J-Q-K-A), never wrapping (K-A-2): `true` asks for a straight,
    /// `false` for anything else.
    pub straight: Option<bool>,
    /// The ranks are exactly these, as a multiset (in any order).
    pub ranks: Option<Vec<Rank>>,
    /// At least one card is kept and the highest value among them is one of these.
    pub max_value: Option<Numbers>,
}

impl SetTest {
    /// Whether the test holds of these cards.
    pub fn holds(&self, cards: &[Card]) -> bool {
        let kept: Vec<Card> = match self.filter {
            Some(class) => cards.iter().copied().filter(|&c| class.has(c)).collect(),
            None => cards.to_vec(),
        };
        if self.size.is_some_and(|s| !s.has(kept.len() as u8)) {
            return false;
        }
        if let Some(same) = self.same {
            let Some(&first) = kept.first() else {
                return false;
            };
            let key = |c: Card| match same {
                Same::Rank => c.rank.index(),
                Same::Suit => suit_index(c.suit),
                Same::Colour => usize::from(CardClass::colour(true).has(c)),
                Same::Card => CardClass::index(c),
            };
            if kept.iter().any(|&c| key(c) != key(first)) {
                return false;
            }
        }
        if let Some(class) = self.all
            && (kept.is_empty() || kept.iter().any(|&c| !class.has(c)))
        {
            return false;
        }
        let mut by_rank = [0u8; 13];
        for c in &kept {
            by_rank[c.rank.index()] += 1;
        }
        if let Some(groups) = &self.groups {
            let mut have: Vec<u8> = by_rank.iter().copied().filter(|&n| n > 0).collect();
            have.sort_unstable_by(|a, b| b.cmp(a));
            let mut need = groups.clone();
            need.sort_unstable_by(|a, b| b.cmp(a));
            if need.len() > have.len() || need.iter().zip(&have).any(|(n, h)| h < n) {
                return false;
            }
        }
        if let Some(straight) = self.straight
            && is_straight(&by_rank, kept.len()) != straight
        {
            return false;
        }
        if let Some(ranks) = &self.ranks {
            let mut want = [0u8; 13];
            for r in ranks {
                want[r.index()] += 1;
            }
            if want != by_rank {
                return false;
            }
        }
        if let Some(values) = self.max_value {
            match kept.iter().map(|c| c.value()).max() {
                Some(max) if values.has(max) => {}
                _ => return false,
            }
        }
        true
    }
}

/// Distinct consecutive ranks, at least two, ace low or high, no wrap.
fn is_straight(by_rank: &[u8; 13], len: usize) -> bool {
    if len < 2 || by_rank.iter().any(|&n| n > 1) {
        return false;
    }
    // Ranks in order A, 2, …, K, then the ace again on top.
    let present: Vec<bool> = (0..14).map(|i| by_rank[i % 13] == 1).collect();
    (0..14).any(|start| start + len <= 14 && present[start..start + len].iter().all(|&p| p))
}

/// One thing a condition reads of a coup.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Atom {
    /// The schema-1 condition on the final state: winner, total, winner's cards, natural, margin.
    State(Condition),
    /// The number of cards the coup used (4, 5 or 6) is one of these.
    CardsDealt(Numbers),
    /// A hand's final total is one of these (false for the winner or loser of a tie).
    Total(Who, Numbers),
    /// A hand's number of cards (2 or 3) is one of these (false for the winner or loser of a tie).
    HandCards(Who, Numbers),
    /// A hand's two-card total, before any third card, is one of these.
    TwoCardTotal(Hand, Numbers),
    /// A test on a set of the coup's cards (false for the cards of the winner or loser of a tie).
    Set(CardSet, SetTest),
}

/// A hand of a dealt coup: up to three cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct HandCards {
    cards: [Card; 3],
    len: u8,
}

impl HandCards {
    fn of(cards: &[Card]) -> Option<HandCards> {
        if !(2..=3).contains(&cards.len()) {
            return None;
        }
        let mut all = [cards[0]; 3];
        all[..cards.len()].copy_from_slice(cards);
        Some(HandCards {
            cards: all,
            len: cards.len() as u8,
        })
    }

    fn cards(&self) -> &[Card] {
        &self.cards[..self.len as usize]
    }
}

/// A coup as a bet reads it: each hand's cards in the order dealt and the final state.
///
/// Built from a dealt [`crate::coup::Coup`] by `DealtCoup::from` (written beside `Coup`, so
/// that the rules do not import the coup that reads them), or from cards and the state's two
/// facts the cards do not say (which totals the rules call naturals is theirs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct DealtCoup {
    punto: HandCards,
    banco: HandCards,
    state: FinalState,
}

impl DealtCoup {
    /// A coup of these hands (two or three cards each) whose final totals are `punto_total`
    /// and `banco_total` and which a natural stopped or not; `None` when the hands or the
    /// totals do not fit (the totals must be those of the cards).
    pub fn new(
        punto: &[Card],
        banco: &[Card],
        punto_total: u8,
        banco_total: u8,
        natural: bool,
    ) -> Option<DealtCoup> {
        let (p, b) = (HandCards::of(punto)?, HandCards::of(banco)?);
        let total =
            |cards: &[Card]| (cards.iter().map(|c| u32::from(c.value())).sum::<u32>() % 10) as u8;
        if total(punto) != punto_total || total(banco) != banco_total {
            return None;
        }
        if natural && (p.len, b.len) != (2, 2) {
            return None;
        }
        let state = FinalState::new(punto_total, banco_total, p.len, b.len, natural)?;
        Some(DealtCoup {
            punto: p,
            banco: b,
            state,
        })
    }

    /// A dealt coup from its hands and the final state they reached, which the dealing has
    /// already settled: the totals are not added again (verifying a log builds one a coup).
    pub(crate) fn dealt(punto: &[Card], banco: &[Card], state: FinalState) -> Option<DealtCoup> {
        Some(DealtCoup {
            punto: HandCards::of(punto)?,
            banco: HandCards::of(banco)?,
            state,
        })
    }

    /// A coup ending in `state`, with cards chosen to fit it: for settling a bet whose atoms
    /// read the state alone.
    pub(crate) fn standing_for(state: FinalState) -> DealtCoup {
        let hand = |total: u8, cards: u8| {
            let ten = Card::new(Rank::Ten, Suit::Spades);
            let first = match total {
                0 => ten,
                t => Card::new(Rank::ALL[usize::from(t) - 1], Suit::Spades),
            };
            HandCards {
                cards: [first, ten, ten],
                len: cards,
            }
        };
        DealtCoup {
            punto: hand(state.punto_total, state.punto_cards),
            banco: hand(state.banco_total, state.banco_cards),
            state,
        }
    }

    /// A coup of these opening cards in which both hands stood: for settling a bet whose atoms
    /// read the opening cards alone, never the state.
    pub(crate) fn opening_only(punto: [Card; 2], banco: [Card; 2]) -> DealtCoup {
        let two = |c: [Card; 2]| (c[0].value() + c[1].value()) % 10;
        let state = FinalState::new(two(punto), two(banco), 2, 2, false)
            .expect("two-card totals are 0 to 9");
        DealtCoup {
            punto: HandCards {
                cards: [punto[0], punto[1], punto[1]],
                len: 2,
            },
            banco: HandCards {
                cards: [banco[0], banco[1], banco[1]],
                len: 2,
            },
            state,
        }
    }

    /// The final state.
    pub fn state(&self) -> FinalState {
        self.state
    }

    /// A hand's cards in the order dealt.
    pub fn hand(&self, hand: Hand) -> &[Card] {
        match hand {
            Hand::Punto => self.punto.cards(),
            Hand::Banco => self.banco.cards(),
        }
    }

    /// The hand playing a role; `None` for the winner or loser of a tie.
    fn who(&self, who: Who) -> Option<Hand> {
        let winner = match self.state.winner() {
            Winner::Punto => Hand::Punto,
            Winner::Banco => Hand::Banco,
            Winner::Tie => {
                return match who {
                    Who::Punto => Some(Hand::Punto),
                    Who::Banco => Some(Hand::Banco),
                    Who::Winner | Who::Loser => None,
                };
            }
        };
        let other = match winner {
            Hand::Punto => Hand::Banco,
            Hand::Banco => Hand::Punto,
        };
        Some(match who {
            Who::Punto => Hand::Punto,
            Who::Banco => Hand::Banco,
            Who::Winner => winner,
            Who::Loser => other,
        })
    }

    /// The cards of a set, in the order dealt; `None` for the cards of the winner or loser of
    /// a tie.
    pub fn set(&self, set: CardSet) -> Option<Vec<Card>> {
        let (p, b) = (self.punto.cards(), self.banco.cards());
        Some(match set {
            CardSet::Opening => vec![p[0], b[0], p[1], b[1]],
            CardSet::Dealt => {
                let mut all = vec![p[0], b[0], p[1], b[1]];
                all.extend_from_slice(&p[2..]);
                all.extend_from_slice(&b[2..]);
                all
            }
            CardSet::FirstTwo(hand) => self.hand(hand)[..2].to_vec(),
            CardSet::Third(hand) => self.hand(hand)[2..].to_vec(),
            CardSet::Cards(who) => self.hand(self.who(who)?).to_vec(),
        })
    }
}

impl Atom {
    /// Whether the atom reads the coup's final state and nothing else.
    pub fn reads_state_only(&self) -> bool {
        matches!(
            self,
            Atom::State(_) | Atom::CardsDealt(_) | Atom::Total(..) | Atom::HandCards(..)
        )
    }

    /// Whether the atom holds of every coup ending in `state` (its `facts` read once);
    /// `None` for an atom that reads the cards.
    #[inline]
    pub(crate) fn holds_on_state(&self, state: FinalState, facts: &StateFacts) -> Option<bool> {
        match self {
            Atom::State(condition) => Some(condition.holds_of(facts)),
            Atom::CardsDealt(_) | Atom::Total(..) | Atom::HandCards(..) => {
                Some(self.holds(&DealtCoup::standing_for(state)))
            }
            Atom::TwoCardTotal(..) | Atom::Set(..) => None,
        }
    }

    /// Whether relabelling the suits by `map` leaves the atom's truth unchanged on every
    /// coup: it names only classes the relabelling keeps, and compares colours only when the
    /// relabelling keeps them. A sufficient condition, read off the atom's terms.
    pub(crate) fn kept_by(&self, map: SuitMap) -> bool {
        match self {
            Atom::Set(_, test) => {
                let kept = |class: Option<CardClass>| class.is_none_or(|c| map.class(c) == c);
                kept(test.filter)
                    && kept(test.all)
                    && (test.same != Some(Same::Colour) || map.keeps_colours())
            }
            _ => true,
        }
    }

    /// Whether the atom holds of a coup: the meaning of the language.
    pub fn holds(&self, coup: &DealtCoup) -> bool {
        let state = coup.state;
        match self {
            Atom::State(condition) => condition.holds(state),
            Atom::CardsDealt(n) => n.has(state.cards_used()),
            Atom::Total(who, n) => coup.who(*who).is_some_and(|h| n.has(h.total(state))),
            Atom::HandCards(who, n) => coup.who(*who).is_some_and(|h| n.has(h.cards(state))),
            Atom::TwoCardTotal(hand, n) => {
                let two = &coup.hand(*hand)[..2];
                n.has((two[0].value() + two[1].value()) % 10)
            }
            Atom::Set(set, test) => coup.set(*set).is_some_and(|cards| test.holds(&cards)),
        }
    }
}

/// A condition: atoms combined by all, any and not.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Cond {
    /// Every one holds (true when empty).
    All(Vec<Cond>),
    /// At least one holds (false when empty).
    Any(Vec<Cond>),
    /// It does not hold.
    Not(Box<Cond>),
    /// One atom.
    Atom(Atom),
}

impl Cond {
    /// A hand's first two cards are of the same rank: the condition of a pair bet.
    pub fn pair(hand: Hand) -> Cond {
        Cond::Atom(Atom::Set(
            CardSet::FirstTwo(hand),
            SetTest {
                same: Some(Same::Rank),
                ..SetTest::default()
            },
        ))
    }

    /// The hand whose pair the condition is, when it is exactly [`Cond::pair`]: recognised
    /// once, so that the pricing can count a pair bet from the shoe's rank counts.
    pub fn as_pair(&self) -> Option<Hand> {
        match self {
            Cond::Atom(Atom::Set(CardSet::FirstTwo(hand), test))
                if *test
                    == SetTest {
                        same: Some(Same::Rank),
                        ..SetTest::default()
                    } =>
            {
                Some(*hand)
            }
            _ => None,
        }
    }

    /// Whether the condition holds of a coup.
    pub fn holds(&self, coup: &DealtCoup) -> bool {
        self.eval(&mut |atom| atom.holds(coup))
    }

    /// The condition's truth when each atom's is given by `atom`.
    pub fn eval(&self, atom: &mut impl FnMut(&Atom) -> bool) -> bool {
        match self {
            Cond::All(all) => all.iter().all(|c| c.eval(atom)),
            Cond::Any(any) => any.iter().any(|c| c.eval(atom)),
            Cond::Not(not) => !not.eval(atom),
            Cond::Atom(a) => atom(a),
        }
    }

    /// Whether relabelling the suits by `map` leaves the condition's truth unchanged on
    /// every coup (each of its atoms' does: [`Atom::kept_by`]).
    pub(crate) fn kept_by(&self, map: SuitMap) -> bool {
        self.atoms().iter().all(|atom| atom.kept_by(map))
    }

    /// Every atom the condition reads, in order, each once.
    pub fn atoms(&self) -> Vec<&Atom> {
        fn walk<'c>(cond: &'c Cond, out: &mut Vec<&'c Atom>) {
            match cond {
                Cond::All(cs) | Cond::Any(cs) => cs.iter().for_each(|c| walk(c, out)),
                Cond::Not(c) => walk(c, out),
                Cond::Atom(a) => {
                    if !out.contains(&a) {
                        out.push(a);
                    }
                }
            }
        }
        let mut out = Vec::new();
        walk(self, &mut out);
        out
    }

    /// Whether every atom of the condition reads the coup's final state and nothing else.
    pub fn reads_state_only(&self) -> bool {
        match self {
            Cond::All(cs) | Cond::Any(cs) => cs.iter().all(Cond::reads_state_only),
            Cond::Not(c) => c.reads_state_only(),
            Cond::Atom(a) => a.reads_state_only(),
        }
    }
}

impl From<Condition> for Cond {
    /// A schema-1 condition on the final state as one atom of the language.
    fn from(condition: Condition) -> Cond {
        Cond::Atom(Atom::State(condition))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    fn coup(punto: &str, banco: &str, natural: bool) -> DealtCoup {
        let (p, b) = (parse_cards(punto).unwrap(), parse_cards(banco).unwrap());
        let t = |c: &[Card]| c.iter().map(|c| c.value()).sum::<u8>() % 10;
        DealtCoup::new(&p, &b, t(&p), t(&b), natural).unwrap()
    }

    #[test]
    fn masks_have_the_cards_they_name() {
        let four_d: Card = "4D".parse().unwrap();
        assert!(CardClass::card(four_d).has(four_d));
        assert_eq!(CardClass::rank(Rank::Four).0.count_ones(), 4);
        assert_eq!(CardClass::suit(Suit::Diamonds).0.count_ones(), 13);
        assert_eq!(CardClass::colour(true).0.count_ones(), 26);
        assert_eq!(CardClass::faces().0.count_ones(), 12);
        assert_eq!(CardClass::values(Numbers::of(&[0])).0.count_ones(), 16);
        assert!(CardClass::colour(true).has(four_d));
        assert!(!CardClass::colour(false).has(four_d));
        for i in 0..52 {
            assert_eq!(CardClass::index(CardClass::card_at(i)), i);
        }
    }

    #[test]
    fn set_tests_read_as_poker_hands() {
        let cards = |s: &str| parse_cards(s).unwrap();
        let groups = |g: &[u8]| SetTest {
            groups: Some(g.to_vec()),
            ..SetTest::default()
        };
        assert!(groups(&[2, 2]).holds(&cards("4H 4S 9D 9D")));
        assert!(!groups(&[2, 2]).holds(&cards("4H 4S 4D 9D")));
        assert!(groups(&[3]).holds(&cards("4H 4S 4D 9D")));
        assert!(groups(&[3, 2]).holds(&cards("4H 4S 4D 9D 9C")));
        assert!(!groups(&[3, 3]).holds(&cards("4H 4S 4D 9D 9C")));
        let straight = SetTest {
            straight: Some(true),
            ..SetTest::default()
        };
        assert!(straight.holds(&cards("AH 2S 3D 4C")));
        assert!(straight.holds(&cards("JH QS KD AC")));
        assert!(!straight.holds(&cards("QH KS AD 2C")));
        assert!(!straight.holds(&cards("4H 4S 5D 6C")));
        let nines_suited = SetTest {
            filter: Some(CardClass::rank(Rank::Nine)),
            size: Some(Numbers::of(&[2])),
            same: Some(Same::Suit),
            ..SetTest::default()
        };
        assert!(nines_suited.holds(&cards("9H 2S 9H 4C")));
        assert!(!nines_suited.holds(&cards("9H 2S 9D 4C")));
        let max = SetTest {
            max_value: Some(Numbers::range(6, 9)),
            ..SetTest::default()
        };
        assert!(max.holds(&cards("KH 7S 2D 10C 5D 4H")));
        assert!(!max.holds(&cards("KH 5S 2D 10C")));
    }

    #[test]
    fn roles_are_empty_on_a_tie() {
        let tie = coup("4H 3S", "5D 2C", false);
        assert_eq!(tie.state().winner(), Winner::Tie);
        let loser_seven = Atom::Total(Who::Loser, Numbers::of(&[7]));
        assert!(!loser_seven.holds(&tie));
        let won = coup("4H 3S", "5D KC", false);
        assert!(loser_seven.holds(&coup("KH 7S", "5D 3C", false)));
        assert!(Atom::Total(Who::Winner, Numbers::of(&[7])).holds(&won));
        let third_eight = Atom::Set(
            CardSet::Third(Hand::Punto),
            SetTest {
                all: Some(CardClass::rank(Rank::Eight)),
                ..SetTest::default()
            },
        );
        assert!(third_eight.holds(&coup("KH 2S 8D", "2D AC", false)));
        assert!(!third_eight.holds(&coup("KH 2S", "2D AC 8D", false)));
    }

    /// The classes a rule file can name: a suit, a colour, a card, a rank, values, faces, and
    /// unions of two.
    fn named_classes() -> Vec<CardClass> {
        let mut one: Vec<CardClass> = Suit::ALL.into_iter().map(CardClass::suit).collect();
        one.extend([
            CardClass::colour(true),
            CardClass::colour(false),
            CardClass::faces(),
        ]);
        one.extend(Rank::ALL.into_iter().map(CardClass::rank));
        one.extend(
            (0..52)
                .step_by(7)
                .map(|i| CardClass::card(CardClass::card_at(i))),
        );
        one.push(CardClass::values(Numbers::of(&[0, 9])));
        let mut all = one.clone();
        for a in &one {
            all.extend(one.iter().map(|b| a.or(*b)));
        }
        all
    }

    /// The syntactic reading is checked against the meaning: whenever a relabelling keeps a
    /// test by its terms, the test's truth on any cards equals its truth on the relabelled
    /// cards.
    #[test]
    fn a_kept_relabelling_keeps_every_truth() {
        use proptest::prelude::*;
        let classes = named_classes();
        let n = classes.len();
        let same = prop_oneof![
            Just(None),
            Just(Some(Same::Rank)),
            Just(Some(Same::Suit)),
            Just(Some(Same::Colour)),
            Just(Some(Same::Card)),
        ];
        let test = (
            proptest::option::of(0..n),
            proptest::option::of(0..n),
            same,
            0..24usize,
            proptest::collection::vec(0..52usize, 1..7),
        );
        let maps = SuitMap::all();
        let kept = std::cell::Cell::new(0u32);
        let mut runner = proptest::test_runner::TestRunner::default();
        runner
            .run(&test, |(filter, all, same, map, cards)| {
                let test = SetTest {
                    filter: filter.map(|i| classes[i]),
                    all: all.map(|i| classes[i]),
                    same,
                    ..SetTest::default()
                };
                let map = maps[map];
                let atom = Atom::Set(CardSet::Dealt, test.clone());
                if atom.kept_by(map) {
                    kept.set(kept.get() + 1);
                    let before: Vec<Card> = cards.iter().map(|&i| CardClass::card_at(i)).collect();
                    let after: Vec<Card> = cards
                        .iter()
                        .map(|&i| CardClass::card_at(map.card(i)))
                        .collect();
                    prop_assert_eq!(test.holds(&before), test.holds(&after));
                }
                Ok(())
            })
            .unwrap();
        assert!(kept.get() > 0, "some relabelling must keep some test");
    }

    #[test]
    fn relabellings_keep_what_treats_suits_alike() {
        let maps = SuitMap::all();
        assert_eq!(maps.len(), 24);
        assert_eq!(maps[0], SuitMap([0, 1, 2, 3]));
        let atom = |test: SetTest| Atom::Set(CardSet::Cards(Who::Winner), test);
        let flush = atom(SetTest {
            same: Some(Same::Suit),
            ..SetTest::default()
        });
        assert!(maps.iter().all(|&m| flush.kept_by(m)));
        let colour = atom(SetTest {
            same: Some(Same::Colour),
            ..SetTest::default()
        });
        // Keeping the colours: ♥↔♦, ♠↔♣, both, and red↔black (8 of the 24).
        assert_eq!(maps.iter().filter(|&&m| colour.kept_by(m)).count(), 8);
        let hearts = atom(SetTest {
            all: Some(CardClass::suit(Suit::Hearts)),
            ..SetTest::default()
        });
        // Hearts stay hearts: the other three suits in any order.
        assert_eq!(maps.iter().filter(|&&m| hearts.kept_by(m)).count(), 6);
        let seven = Cond::Atom(Atom::Total(Who::Punto, Numbers::of(&[7])));
        assert!(maps.iter().all(|&m| seven.kept_by(m)));
        let both = Cond::All(vec![Cond::Atom(flush), Cond::Atom(hearts)]);
        assert_eq!(maps.iter().filter(|&&m| both.kept_by(m)).count(), 6);
    }
}
