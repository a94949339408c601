//! The exact distribution of a card bet ([`CardBet`]) over a card-level shoe.
//!
//! A bet that reads only the final state is folded over the engine's tally. Any other bet is
//! counted over *classes* of cards: the coarsest partition of the 52 cards that its atoms
//! cannot tell apart within a class (the value when drawing or totals matter, the rank, suit
//! or colour when a test compares them, the card itself for identical cards, and the
//! membership of every class of cards the bet names). Each class is dealt with its count, as
//! one card would be, so the weights are exact numbers of ordered six-card sequences.
//!
//! The evaluator is chosen by what the atoms read. Each adds weights by the mask of its atoms'
//! truths, and the bet is settled once per mask ([`CardBet::net_by`]):
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
//! - tests on every card dealt alone (Lucky Match): each opening multiset once, its weights
//!   gathered by the multiset of classes dealt, whose atoms are read once at the end;
//! - the rest: a lean walk over opening multisets and third cards, each atom read once where
//!   it becomes known.
//!
//! The plain class walk ([`class_walk`]) settles the bet by its meaning at every leaf: the
//! reference the tests hold every evaluator to (on random small shoes, identical cards
//! included), and the path of a bet with more atoms than a mask holds.

use crate::card::{Card, Rank};
use crate::outcome::FinalState;
use crate::outcome::{Hand, Winner};
use crate::play::{Opening, Plan};
use crate::rules::condition::{
    Atom, CardBet, CardClass, CardSet, DealtCoup, Numbers, Same, SetTest, Who,
};
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::rules::{Rules, Terms};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Int;
use num_bigint::BigUint;
use num_rational::Ratio;
use std::collections::{BTreeMap, HashMap};

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
///
/// The evaluator is chosen by what the bet's atoms read (see the module's head); each counts
/// the joint weights of its atoms' truths, and the bet is settled once per combination.
pub(crate) fn distribution<I: Int>(
    bet: &CardBet,
    cards: &[u64; 52],
    drawing: &DrawingRules,
    states: &[(FinalState, &I)],
) -> Distribution<I> {
    if let Some(settle) = state_settlement(bet) {
        let mut by_net: BTreeMap<Ratio<i64>, I> = BTreeMap::new();
        for &(state, w) in states {
            let slot = by_net.entry(settle(state)).or_default();
            *slot = slot.add(w);
        }
        return by_net.into_iter().collect();
    }
    if bet.atoms().len() > MAX_ATOMS {
        return class_walk(bet, cards, drawing, states);
    }
    let lean = Lean::of(bet);
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
        dealt_multisets(&lean, &classes, n, &plan, &mut acc);
    } else if let Some(dealt) = DealtClasses::of(&lean) {
        dealt.count(&lean, cards, n, drawing, &plan, &mut acc);
    } else {
        lean_walk(&lean, &classes_of(&reads, cards), n, &plan, false, &mut acc);
    }
    acc.settle(bet, &lean.atoms)
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

/// The value of the card at each index `4·rank + suit`.
const VALUES: [u8; 52] = {
    let mut values = [0; 52];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4 + 1;
        values[i] = if rank >= 10 { 0 } else { rank as u8 };
        i += 1;
    }
    values
};

/// Whether the card at an index is red (hearts or diamonds, suits 1 and 2).
fn is_red(card: u8) -> bool {
    matches!(card % 4, 1 | 2)
}

/// A [`SetTest`] compiled for cards given by index, read without allocating: the same meaning
/// (the tests hold it to [`SetTest::holds`]).
#[derive(Debug, Clone)]
struct Test {
    filter: u64,
    size: Option<Numbers>,
    same: Option<Same>,
    all: Option<u64>,
    /// The group sizes, largest first.
    groups: Option<Vec<u8>>,
    straight: Option<bool>,
    ranks: Option<[u8; 13]>,
    max_value: Option<Numbers>,
}

impl Test {
    fn of(test: &SetTest) -> Test {
        Test {
            filter: test.filter.map_or(CardClass::ALL.0, |c| c.0),
            size: test.size,
            same: test.same,
            all: test.all.map(|c| c.0),
            groups: test.groups.as_ref().map(|g| {
                let mut g = g.clone();
                g.sort_unstable_by(|a, b| b.cmp(a));
                g
            }),
            straight: test.straight,
            ranks: test.ranks.as_ref().map(|ranks| {
                let mut want = [0u8; 13];
                for r in ranks {
                    want[r.index()] = want[r.index()].saturating_add(1);
                }
                want
            }),
            max_value: test.max_value,
        }
    }

    fn holds(&self, cards: &[u8]) -> bool {
        let mut kept = [0u8; 6];
        let mut n = 0;
        for &c in cards {
            if self.filter >> c & 1 == 1 {
                kept[n] = c;
                n += 1;
            }
        }
        let kept = &kept[..n];
        if self.size.is_some_and(|s| !s.has(n as u8)) {
            return false;
        }
        if let Some(same) = self.same {
            let key = |c: u8| match same {
                Same::Rank => c / 4,
                Same::Suit => c % 4,
                Same::Colour => u8::from(is_red(c)),
                Same::Card => c,
            };
            match kept.first() {
                None => return false,
                Some(&first) if kept.iter().any(|&c| key(c) != key(first)) => return false,
                Some(_) => {}
            }
        }
        if let Some(all) = self.all
            && (n == 0 || kept.iter().any(|&c| all >> c & 1 == 0))
        {
            return false;
        }
        if self.groups.is_some() || self.straight.is_some() || self.ranks.is_some() {
            let mut by_rank = [0u8; 13];
            for &c in kept {
                by_rank[usize::from(c / 4)] += 1;
            }
            if let Some(need) = &self.groups {
                let mut have = [0u8; 6];
                let mut len = 0;
                for &count in by_rank.iter().filter(|&&c| c > 0) {
                    have[len] = count;
                    len += 1;
                }
                let have = &mut have[..len];
                have.sort_unstable_by(|a, b| b.cmp(a));
                if need.len() > len || need.iter().zip(have.iter()).any(|(n, h)| h < n) {
                    return false;
                }
            }
            if let Some(straight) = self.straight {
                let distinct = n >= 2 && by_rank.iter().all(|&c| c <= 1);
                let bits = by_rank
                    .iter()
                    .enumerate()
                    .fold(u16::from(by_rank[0] == 1) << 13, |m, (r, &c)| {
                        m | u16::from(c == 1) << r
                    });
                let run = (1u16 << n) - 1;
                let is = distinct && (0..=14 - n).any(|start| bits >> start & run == run);
                if is != straight {
                    return false;
                }
            }
            if self.ranks.is_some_and(|want| want != by_rank) {
                return false;
            }
        }
        if let Some(values) = self.max_value {
            match kept.iter().map(|&c| VALUES[usize::from(c)]).max() {
                Some(max) if values.has(max) => {}
                _ => return false,
            }
        }
        true
    }
}

/// What an atom reads, compiled for the lean evaluators.
#[derive(Debug, Clone)]
enum Kind {
    /// The final state alone: its truth per state is in [`Lean::state_masks`].
    State,
    /// A hand's two-card total.
    TwoCard(Hand, Numbers),
    /// A test on a set of cards.
    Set(CardSet, Test),
}

/// A bet's atoms, compiled: bit `i` of a mask is the truth of atom `i`.
struct Lean<'b> {
    atoms: Vec<&'b Atom>,
    kinds: Vec<Kind>,
    /// For each final state (by [`FinalState::index`]), the mask of the state atoms it makes true.
    state_masks: Vec<u64>,
    /// Whether some atom tests every card dealt.
    reads_dealt: bool,
}

/// A coup as the lean evaluators read it: cards by index, each hand's cards in order.
struct Dealt {
    punto: [u8; 3],
    punto_len: usize,
    banco: [u8; 3],
    banco_len: usize,
    state: FinalState,
}

impl Dealt {
    fn hand(&self, hand: Hand) -> &[u8] {
        match hand {
            Hand::Punto => &self.punto[..self.punto_len],
            Hand::Banco => &self.banco[..self.banco_len],
        }
    }

    /// The hand in a role, `None` for the winner or loser of a tie.
    fn who(&self, who: Who) -> Option<Hand> {
        let winner = match self.state.winner() {
            Winner::Punto => Some(Hand::Punto),
            Winner::Banco => Some(Hand::Banco),
            Winner::Tie => None,
        };
        let other = |h: Hand| match h {
            Hand::Punto => Hand::Banco,
            Hand::Banco => Hand::Punto,
        };
        match who {
            Who::Punto => Some(Hand::Punto),
            Who::Banco => Some(Hand::Banco),
            Who::Winner => winner,
            Who::Loser => winner.map(other),
        }
    }

    /// Whether a test on a set of the coup's cards holds (false for a role a tie leaves empty).
    fn holds(&self, set: CardSet, test: &Test) -> bool {
        let (p, b) = (&self.punto, &self.banco);
        match set {
            CardSet::Opening => test.holds(&[p[0], b[0], p[1], b[1]]),
            CardSet::Dealt => {
                let mut all = [p[0], b[0], p[1], b[1], 0, 0];
                let mut len = 4;
                for &c in self.punto[2..self.punto_len]
                    .iter()
                    .chain(&self.banco[2..self.banco_len])
                {
                    all[len] = c;
                    len += 1;
                }
                test.holds(&all[..len])
            }
            CardSet::FirstTwo(hand) => test.holds(&self.hand(hand)[..2]),
            CardSet::Third(hand) => test.holds(&self.hand(hand)[2..]),
            CardSet::Cards(who) => self.who(who).is_some_and(|h| test.holds(self.hand(h))),
        }
    }
}

impl<'b> Lean<'b> {
    fn of(bet: &'b CardBet) -> Lean<'b> {
        let atoms = bet.atoms();
        let kinds: Vec<Kind> = atoms
            .iter()
            .map(|atom| match atom {
                Atom::State(_) | Atom::CardsDealt(_) | Atom::Total(..) | Atom::HandCards(..) => {
                    Kind::State
                }
                Atom::TwoCardTotal(hand, n) => Kind::TwoCard(*hand, *n),
                Atom::Set(set, test) => Kind::Set(*set, Test::of(test)),
            })
            .collect();
        let state_masks = FinalState::all()
            .map(|state| {
                let coup = DealtCoup::standing_for(state);
                atoms
                    .iter()
                    .zip(&kinds)
                    .enumerate()
                    .fold(0, |m, (i, (a, k))| {
                        m | u64::from(matches!(k, Kind::State) && a.holds(&coup)) << i
                    })
            })
            .collect();
        let reads_dealt = kinds
            .iter()
            .any(|k| matches!(k, Kind::Set(CardSet::Dealt, _)));
        Lean {
            atoms,
            kinds,
            state_masks,
            reads_dealt,
        }
    }

    /// Whether the opening atoms include per-hand ones (a hand's first two cards or two-card
    /// total), and whether they include tests on the opening as a set.
    fn opening_kinds(&self) -> (bool, bool) {
        let hands = self
            .kinds
            .iter()
            .any(|k| matches!(k, Kind::TwoCard(..) | Kind::Set(CardSet::FirstTwo(_), _)));
        let sets = self
            .kinds
            .iter()
            .any(|k| matches!(k, Kind::Set(CardSet::Opening, _)));
        (hands, sets)
    }

    /// Whether every atom reads only the final state, a hand's two-card total or a hand's
    /// third card.
    fn reads_cells_only(&self) -> bool {
        self.kinds.iter().all(|k| {
            matches!(
                k,
                Kind::State | Kind::TwoCard(..) | Kind::Set(CardSet::Third(_), _)
            )
        })
    }

    /// When every test on the opening as a set is "the four cards alike" in one attribute and
    /// nothing else, those tests (index and attribute); at most four.
    fn opening_same(&self) -> Option<Vec<(usize, Same)>> {
        let mut same = Vec::new();
        for (i, kind) in self.kinds.iter().enumerate() {
            if let Kind::Set(CardSet::Opening, t) = kind {
                match t.same {
                    Some(s)
                        if t.filter == CardClass::ALL.0
                            && t.size.is_none()
                            && t.all.is_none()
                            && t.groups.is_none()
                            && t.straight.is_none()
                            && t.ranks.is_none()
                            && t.max_value.is_none() =>
                    {
                        same.push((i, s))
                    }
                    _ => return None,
                }
            }
        }
        (same.len() <= 4).then_some(same)
    }

    /// The mask of the atoms a hand's first two cards decide (`punto` or `banco` its cards).
    fn hand_mask(&self, hand: Hand, two: [u8; 2]) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = match k {
                Kind::TwoCard(h, n) if *h == hand => {
                    n.has((VALUES[usize::from(two[0])] + VALUES[usize::from(two[1])]) % 10)
                }
                Kind::Set(CardSet::FirstTwo(h), test) if *h == hand => test.holds(&two),
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on the opening as a set (in the order dealt).
    fn set_mask(&self, opening: &[u8; 4]) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = matches!(k, Kind::Set(CardSet::Opening, test) if test.holds(opening));
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on every card dealt (in any order: a set test reads no order).
    fn dealt_mask(&self, dealt: &[u8]) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = matches!(k, Kind::Set(CardSet::Dealt, t) if t.holds(dealt));
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on a role's cards.
    fn role_mask(&self, coup: &Dealt) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = match k {
                Kind::Set(set @ CardSet::Cards(_), t) => coup.holds(*set, t),
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }

    /// The mask of the atoms on a hand's third card: `None` when the hand stood.
    fn third_mask(&self, hand: Hand, third: Option<u8>) -> u64 {
        self.kinds.iter().enumerate().fold(0, |m, (i, k)| {
            let holds = match k {
                Kind::Set(CardSet::Third(h), t) if *h == hand => match third {
                    Some(card) => t.holds(&[card]),
                    None => t.holds(&[]),
                },
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }
}

/// Weights by mask of atom truths: a dense table for a few atoms, a map beyond.
enum Acc<I> {
    Dense(Vec<I>),
    Sparse(HashMap<u64, I>),
}

impl<I: Int> Acc<I> {
    fn new(atoms: usize) -> Acc<I> {
        if atoms <= 10 {
            Acc::Dense(vec![I::default(); 1 << atoms])
        } else {
            Acc::Sparse(HashMap::new())
        }
    }

    fn add(&mut self, mask: u64, w: &I) {
        let slot = match self {
            Acc::Dense(v) => &mut v[mask as usize],
            Acc::Sparse(m) => m.entry(mask).or_default(),
        };
        *slot = slot.add(w);
    }

    /// The distribution of the bet's net: each mask settled once.
    fn settle(self, bet: &CardBet, atoms: &[&Atom]) -> Distribution<I> {
        let masks: Vec<(u64, I)> = match self {
            Acc::Dense(v) => v
                .into_iter()
                .enumerate()
                .map(|(m, w)| (m as u64, w))
                .collect(),
            Acc::Sparse(m) => m.into_iter().collect(),
        };
        let mut by_net: BTreeMap<Ratio<i64>, I> = BTreeMap::new();
        for (mask, w) in masks.into_iter().filter(|(_, w)| !w.is_zero()) {
            let net = bet.net_by(&mut |a| {
                let i = atoms
                    .iter()
                    .position(|x| *x == a)
                    .expect("the bet's own atom");
                mask >> i & 1 == 1
            });
            let slot = by_net.entry(net).or_default();
            *slot = slot.add(&w);
        }
        by_net.into_iter().filter(|(_, w)| !w.is_zero()).collect()
    }
}

/// `n·(n−1)·…` over `positions` factors, in the type (0 once a factor would be negative).
fn falling<I: Int>(n: u64, positions: u64) -> I {
    (0..positions).fold(I::from_u64(1), |w, k| {
        w.mul(&I::from_u64(n.saturating_sub(k)))
    })
}

/// Opening-only bets on the hands' first two cards, settled by the hands' pair tables: the
/// ordered first two cards of Punto, and for each the table of Banco's over the shoe less
/// those two cards, obtained from Banco's table over the whole shoe by a correction in the
/// cards removed. The other two positions fill from the rest.
///
/// With `r` the two cards Punto took, Banco's ways in one of its masks are
/// `W(c − r) = Σ (c_a − r_a)(c_b − r_b − [a = b]) = W(c) − Σ_a r_a·R[a] − Σ_b r_b·L[b] +
/// Σ r_a·r_b` over the pairs (a, b) of that mask, where `R[a]` and `L[b]` are the mask's row
/// and column sums over the whole shoe: a few terms per mask instead of a fresh table.
///
/// The opening may be dealt from a sub-shoe of `m` cards (the classes given), the last two
/// positions filled from the whole shoe of `n`.
fn pair_tables<I: Int>(lean: &Lean, classes: &[(u8, u8, u64)], m: u64, n: u64, acc: &mut Acc<I>) {
    let k = classes.len();
    let card = |i: usize| classes[i].0;
    let count = |i: usize| classes[i].2;
    let ways = |a: u64, b: u64, same: bool| {
        I::from_u64(a).mul(&I::from_u64(b.saturating_sub(u64::from(same))))
    };
    let mask = |hand: Hand, i: usize, j: usize| lean.hand_mask(hand, [card(i), card(j)]);
    let reads = |hand: Hand| (0..k).any(|i| (0..k).any(|j| mask(hand, i, j) != mask(hand, 0, 0)));
    let fill: I = falling(n.saturating_sub(4), 2);
    let dealable = |i: usize, j: usize| count(j) > u64::from(i == j);
    if k == 0 {
        return;
    }
    let (punto, banco) = (reads(Hand::Punto), reads(Hand::Banco));
    if !(punto && banco) {
        // At most one hand is read: its pairs, the other hand's any two of the rest.
        let (hand, other) = if punto {
            (Hand::Punto, mask(Hand::Banco, 0, 0))
        } else {
            (Hand::Banco, mask(Hand::Punto, 0, 0))
        };
        let rest = fill.mul(&falling(m.saturating_sub(2), 2));
        for i in 0..k {
            for j in (0..k).filter(|&j| dealable(i, j)) {
                let w = ways(count(i), count(j), i == j).mul(&rest);
                acc.add(mask(hand, i, j) | other, &w);
            }
        }
        return;
    }
    // Banco's masks, numbered; per mask its ways, row sums and column sums over the shoe.
    let mut slots: Vec<u64> = Vec::new();
    let mut slot_of = vec![0usize; k * k];
    for a in 0..k {
        for b in 0..k {
            let m = mask(Hand::Banco, a, b);
            slot_of[a * k + b] = slots.iter().position(|&x| x == m).unwrap_or_else(|| {
                slots.push(m);
                slots.len() - 1
            });
        }
    }
    let q = slots.len();
    let mut whole = vec![I::default(); q];
    let mut rows = vec![I::default(); q * k];
    let mut cols = vec![I::default(); q * k];
    for a in 0..k {
        for b in 0..k {
            let s = slot_of[a * k + b];
            whole[s] = whole[s].add(&ways(count(a), count(b), a == b));
            let row = I::from_u64(count(b).saturating_sub(u64::from(a == b)));
            rows[s * k + a] = rows[s * k + a].add(&row);
            cols[s * k + b] = cols[s * k + b].add(&I::from_u64(count(a)));
        }
    }
    for i in 0..k {
        for j in (0..k).filter(|&j| dealable(i, j)) {
            let wp = ways(count(i), count(j), i == j).mul(&fill);
            let pm = mask(Hand::Punto, i, j);
            for s in 0..q {
                let second = [(i, i), (i, j), (j, i), (j, j)]
                    .iter()
                    .filter(|&&(a, b)| slot_of[a * k + b] == s)
                    .count() as u64;
                let first = [i, j].iter().fold(I::default(), |f, &t| {
                    f.add(&rows[s * k + t]).add(&cols[s * k + t])
                });
                // The whole shoe's ways plus the second-order terms cover the first-order
                // ones (the difference is a count), so big integers stay above zero.
                let left = whole[s].add(&I::from_u64(second)).sub(&first);
                if !left.is_zero() {
                    acc.add(pm | slots[s], &wp.mul(&left));
                }
            }
        }
    }
}

/// Opening-only bets on the hands' first two cards and on the opening as a set, where every
/// test on the opening is "the four cards alike" in some attribute (rank, suit, colour, the
/// card itself). For each set S of those tests, the openings that pass all of S are those
/// dealt within one group of the attributes S compares: the hands' pair tables over each
/// group's sub-shoe ([`pair_tables`]) count them. Inclusion–exclusion over the sets that
/// contain a profile then gives the openings that pass exactly the tests of that profile.
fn same_openings<I: Int>(
    lean: &Lean,
    same: &[(usize, Same)],
    classes: &[(u8, u8, u64)],
    n: u64,
    acc: &mut Acc<I>,
) {
    let q = same.len();
    // The group of a class under one attribute (the classes tell every compared one apart).
    let group = |card: u8, s: Same| match s {
        Same::Rank => u64::from(card / 4),
        Same::Suit => u64::from(card % 4),
        Same::Colour => u64::from(is_red(card)),
        Same::Card => u64::from(card),
    };
    // For each set S of tests, the weights by mask of the hands' atoms of the openings
    // dealt within one group of S's attributes.
    let within: Vec<HashMap<u64, I>> = (0..1usize << q)
        .map(|set| {
            let mut groups: BTreeMap<u64, Vec<(u8, u8, u64)>> = BTreeMap::new();
            for &class in classes {
                let key = (0..q)
                    .filter(|t| set >> t & 1 == 1)
                    .fold(0u64, |key, t| key << 8 | group(class.0, same[t].1));
                groups.entry(key).or_default().push(class);
            }
            let mut table = Acc::Sparse(HashMap::new());
            for sub in groups.values() {
                let m = sub.iter().map(|c| c.2).sum();
                pair_tables(lean, sub, m, n, &mut table);
            }
            match table {
                Acc::Sparse(map) => map,
                Acc::Dense(_) => unreachable!("a sparse table"),
            }
        })
        .collect();
    // Exactly the profile P: Σ over S ⊇ P of (−1)^|S − P| times within(S), the positive and
    // the negative terms apart so that big integers never go below zero.
    for profile in 0..1usize << q {
        let bits = (0..q)
            .filter(|t| profile >> t & 1 == 1)
            .fold(0u64, |m, t| m | 1 << same[t].0);
        let mut plus: HashMap<u64, I> = HashMap::new();
        let mut minus: HashMap<u64, I> = HashMap::new();
        for sup in (0..1usize << q).filter(|s| s & profile == profile) {
            let side = if (sup ^ profile).count_ones() % 2 == 0 {
                &mut plus
            } else {
                &mut minus
            };
            for (&mask, w) in &within[sup] {
                let slot = side.entry(mask).or_default();
                *slot = slot.add(w);
            }
        }
        for (mask, p) in plus {
            let w = minus.get(&mask).map_or(p.clone(), |m| p.sub(m));
            if !w.is_zero() {
                acc.add(mask | bits, &w);
            }
        }
    }
}

/// Opening-only bets on the opening as a set: every multiset of four classes once, times its
/// orderings (a sequence's weight does not depend on the order of its cards). When the atoms
/// read suits only as "the whole opening is of one suit", the classes drop the suit and each
/// multiset is split into its suited and its other sequences.
fn opening_sets<I: Int>(lean: &Lean, reads: &Reads, cards: &[u64; 52], n: u64, acc: &mut Acc<I>) {
    let suited_only = lean.atoms.iter().all(|atom| match atom {
        Atom::Set(_, test) => {
            let rank_union = |c: &CardClass| *c == c.rank_of();
            test.filter.iter().chain(&test.all).all(rank_union)
                && match test.same {
                    Some(Same::Suit) => test.filter.is_none_or(|f| f == CardClass::ALL),
                    Some(Same::Colour | Same::Card) => false,
                    _ => true,
                }
        }
        _ => true,
    }) && !reads.colour;
    let reads = if suited_only {
        Reads {
            suit: false,
            ..reads.clone()
        }
    } else {
        reads.clone()
    };
    let classes = classes_of(&reads, cards);
    // With suits dropped, each class's count in each suit.
    let by_suit: Vec<[u64; 4]> = classes
        .iter()
        .map(|&(rep, _, _)| {
            let key = reads.key(usize::from(rep));
            let mut counts = [0; 4];
            for (i, &c) in cards.iter().enumerate() {
                if reads.key(i) == key {
                    counts[i % 4] += c;
                }
            }
            counts
        })
        .collect();
    let fill: I = falling(n.saturating_sub(4), 2);
    let k = classes.len();
    let mut pick = [0usize; 4];
    let mut stack = vec![(0usize, 0usize)];
    // Multisets i ≤ j ≤ l ≤ m, by an explicit odometer.
    fn next(pick: &mut [usize; 4], k: usize) -> bool {
        for p in (0..4).rev() {
            if pick[p] + 1 < k {
                pick[p] += 1;
                for q in p + 1..4 {
                    pick[q] = pick[p];
                }
                return true;
            }
        }
        false
    }
    stack.clear();
    if k == 0 {
        return;
    }
    loop {
        // Multiplicities and the number of orderings 4!/Π m!.
        let mut runs: [(usize, u64); 4] = [(0, 0); 4];
        let mut len = 0;
        for &c in &pick {
            if len > 0 && runs[len - 1].0 == c {
                runs[len - 1].1 += 1;
            } else {
                runs[len] = (c, 1);
                len += 1;
            }
        }
        let runs = &runs[..len];
        let orderings = runs
            .iter()
            .fold(24, |o, &(_, m)| o / (1..=m).product::<u64>());
        let weight = |count: &dyn Fn(usize) -> u64| {
            runs.iter().fold(I::from_u64(orderings), |w, &(c, m)| {
                w.mul(&falling::<I>(count(c), m))
            })
        };
        let all = weight(&|c| classes[c].2);
        if !all.is_zero() {
            let rep = |c: usize, suit: u8| {
                let card = classes[c].0;
                card - card % 4 + suit
            };
            if suited_only {
                let suited = (0..4).fold(I::default(), |s, suit| {
                    s.add(&weight(&|c| by_suit[c][suit]))
                });
                let one_suit = [
                    rep(pick[0], 0),
                    rep(pick[1], 0),
                    rep(pick[2], 0),
                    rep(pick[3], 0),
                ];
                let mixed = [
                    rep(pick[0], 0),
                    rep(pick[1], 1),
                    rep(pick[2], 0),
                    rep(pick[3], 0),
                ];
                acc.add(lean.set_mask(&mixed), &all.sub(&suited).mul(&fill));
                acc.add(lean.set_mask(&one_suit), &suited.mul(&fill));
            } else {
                let cards = pick.map(|c| classes[c].0);
                acc.add(lean.set_mask(&cards), &all.mul(&fill));
            }
        }
        if !next(&mut pick, k) {
            break;
        }
    }
}

/// The next multiset of four classes `i ≤ j ≤ l ≤ m` below `k`, in place; false after the last.
fn next_multiset(pick: &mut [usize; 4], k: usize) -> bool {
    for p in (0..4).rev() {
        if pick[p] + 1 < k {
            pick[p] += 1;
            for q in p + 1..4 {
                pick[q] = pick[p];
            }
            return true;
        }
    }
    false
}

/// The classes of a multiset in runs (class, multiplicity), and the number of its orderings.
fn runs_of(pick: &[usize; 4]) -> ([(usize, u64); 4], usize, u64) {
    let mut runs = [(0usize, 0u64); 4];
    let mut len = 0;
    for &c in pick {
        if len > 0 && runs[len - 1].0 == c {
            runs[len - 1].1 += 1;
        } else {
            runs[len] = (c, 1);
            len += 1;
        }
    }
    let orderings = runs[..len]
        .iter()
        .fold(24, |o, &(_, m)| o / (1..=m).product::<u64>());
    (runs, len, orderings)
}

/// The 24 orders of four positions.
const ORDERS: [[usize; 4]; 24] = {
    let mut orders = [[0; 4]; 24];
    let mut n = 0;
    let mut code = 0;
    while code < 256 {
        let p = [code & 3, code >> 2 & 3, code >> 4 & 3, code >> 6 & 3];
        if p[0] != p[1]
            && p[0] != p[2]
            && p[0] != p[3]
            && p[1] != p[2]
            && p[1] != p[3]
            && p[2] != p[3]
        {
            orders[n] = p;
            n += 1;
        }
        code += 1;
    }
    orders
};

/// The lean walk over classes. The openings are taken as multisets of four classes (what
/// they leave in the shoe depends on nothing else): for each, its orderings are grouped by
/// what the rest of the coup reads of them (the two-card totals, the opening atoms' truths,
/// and the hands' cards when a role's cards are read), and the third cards are dealt once per
/// group. Per-hand atoms come from one table per hand, the opening's set atoms once per
/// multiset, and the atoms on every card dealt once per multiset of cards dealt; at the end
/// of a coup only the state's table and the third cards are read. Weights are added by mask,
/// never settled in the leaves.
fn lean_walk<I: Int>(
    lean: &Lean,
    classes: &[(u8, u8, u64)],
    n: u64,
    plan: &Plan,
    opening_only: bool,
    acc: &mut Acc<I>,
) {
    let k = classes.len();
    if k == 0 {
        return;
    }
    let fill: [I; 3] =
        std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
    let value = |i: usize| classes[i].1;
    let card = |i: usize| classes[i].0;
    let hand_table = |hand: Hand| -> Vec<u64> {
        (0..k * k)
            .map(|ij| lean.hand_mask(hand, [card(ij / k), card(ij % k)]))
            .collect()
    };
    let (punto_masks, banco_masks) = (hand_table(Hand::Punto), hand_table(Hand::Banco));
    let roles = lean
        .kinds
        .iter()
        .any(|k| matches!(k, Kind::Set(CardSet::Cards(_), _)));
    // The atoms on each hand's third card, per class of the card, and when the hand stood.
    let third_table = |hand: Hand| -> Vec<u64> {
        (0..k)
            .map(|x| lean.third_mask(hand, Some(card(x))))
            .collect()
    };
    let third = [third_table(Hand::Punto), third_table(Hand::Banco)];
    let stood = [
        lean.third_mask(Hand::Punto, None),
        lean.third_mask(Hand::Banco, None),
    ];
    // The atoms on every card dealt, per multiset of third cards after this opening.
    let mut dealt5: Vec<Option<u64>> = vec![None; k];
    let mut dealt6: Vec<Option<u64>> = vec![None; k * k];
    let mut memo: HashMap<u64, u64> = HashMap::new();
    let mut pick = [0usize; 4];
    loop {
        let (runs, len, _) = runs_of(&pick);
        let runs = &runs[..len];
        let weight = runs.iter().fold(I::from_u64(1), |w, &(c, m)| {
            w.mul(&falling::<I>(classes[c].2, m))
        });
        if !weight.is_zero() {
            let mut left: Vec<u64> = classes.iter().map(|c| c.2).collect();
            for &(c, m) in runs {
                left[c] -= m;
            }
            let opening_cards = pick.map(card);
            let set_mask = lean.set_mask(&opening_cards);
            let filled = weight.mul(&fill[0]);
            // The distinct orderings, grouped: (opening mask, totals, hands) and how many.
            let mut groups: Vec<(u64, u8, u8, [usize; 4], u64)> = Vec::new();
            let mut seen: Vec<[usize; 4]> = Vec::new();
            for order in ORDERS {
                let t = order.map(|p| pick[p]);
                let [p1, b1, p2, b2] = t;
                // A hand's two cards in either order read alike (a set test reads no order,
                // a total no order): one of the two orders stands for both.
                if p1 > p2 || b1 > b2 {
                    continue;
                }
                let times = (1 + u64::from(p1 != p2)) * (1 + u64::from(b1 != b2));
                if len < 4 {
                    if seen.contains(&t) {
                        continue;
                    }
                    seen.push(t);
                }
                let om = set_mask | punto_masks[p1 * k + p2] | banco_masks[b1 * k + b2];
                if opening_only {
                    acc.add(om, &filled.mul(&I::from_u64(times)));
                    continue;
                }
                let (tp, tb) = ((value(p1) + value(p2)) % 10, (value(b1) + value(b2)) % 10);
                let hands = if roles {
                    [p1.min(p2), b1.min(b2), p1.max(p2), b1.max(b2)]
                } else {
                    [0; 4]
                };
                match groups
                    .iter_mut()
                    .find(|g| (g.0, g.1, g.2, g.3) == (om, tp, tb, hands))
                {
                    Some(g) => g.4 += times,
                    None => groups.push((om, tp, tb, if roles { hands } else { t }, times)),
                }
            }
            if !opening_only {
                dealt5.fill(None);
                dealt6.fill(None);
                let dealt4 = lean.dealt_mask(&opening_cards);
                let mut cx = Thirds {
                    lean,
                    classes,
                    pick,
                    dealt4,
                    memo: &mut memo,
                    dealt5: &mut dealt5,
                    dealt6: &mut dealt6,
                    roles,
                    third: &third,
                    stood,
                    fill: &fill,
                };
                for &(om, tp, tb, t, times) in &groups {
                    let w = weight.mul(&I::from_u64(times));
                    let [p1, b1, p2, b2] = t;
                    cx.deal(
                        plan,
                        &mut left,
                        [card(p1), card(p2)],
                        [card(b1), card(b2)],
                        (tp, tb),
                        om,
                        &w,
                        acc,
                    );
                }
            }
        }
        if !next_multiset(&mut pick, k) {
            break;
        }
    }
}

/// The third cards after one opening multiset, with the masks of the atoms on every card
/// dealt remembered per multiset of third cards.
struct Thirds<'a, 'b, I> {
    lean: &'a Lean<'b>,
    classes: &'a [(u8, u8, u64)],
    /// The opening's classes.
    pick: [usize; 4],
    dealt4: u64,
    /// The masks of the atoms on every card dealt, by multiset of classes dealt.
    memo: &'a mut HashMap<u64, u64>,
    dealt5: &'a mut Vec<Option<u64>>,
    dealt6: &'a mut Vec<Option<u64>>,
    /// Whether some atom reads a role's cards.
    roles: bool,
    /// The masks of the atoms on Punto's and Banco's third card, by its class.
    third: &'a [Vec<u64>; 2],
    /// The same when the hand stood.
    stood: [u64; 2],
    fill: &'a [I; 3],
}

impl<I: Int> Thirds<'_, '_, I> {
    /// The mask of the atoms on every card dealt when these classes are dealt besides the
    /// opening, remembered across openings by the multiset of classes dealt.
    fn dealt(&mut self, extra: &[usize]) -> u64 {
        if !self.lean.reads_dealt {
            return 0;
        }
        let mut classes = [0usize; 6];
        classes[..4].copy_from_slice(&self.pick);
        classes[4..4 + extra.len()].copy_from_slice(extra);
        let classes = &mut classes[..4 + extra.len()];
        classes.sort_unstable();
        let key = classes
            .iter()
            .fold(classes.len() as u64, |key, &c| key << 8 | c as u64);
        let (lean, cards) = (self.lean, self.classes);
        *self.memo.entry(key).or_insert_with(|| {
            let mut dealt = [0u8; 6];
            for (d, &c) in dealt.iter_mut().zip(classes.iter()) {
                *d = cards[c].0;
            }
            lean.dealt_mask(&dealt[..classes.len()])
        })
    }

    fn dealt5(&mut self, x: usize) -> u64 {
        match self.dealt5[x] {
            Some(m) => m,
            None => {
                let m = self.dealt(&[x]);
                self.dealt5[x] = Some(m);
                m
            }
        }
    }

    fn dealt6(&mut self, x: usize, y: usize) -> u64 {
        let slot = x.min(y) * self.classes.len() + x.max(y);
        match self.dealt6[slot] {
            Some(m) => m,
            None => {
                let m = self.dealt(&[x, y]);
                self.dealt6[slot] = Some(m);
                m
            }
        }
    }

    fn leaf(&self, coup: &Dealt, mask: u64, w: &I, acc: &mut Acc<I>) {
        let d = coup.punto_len + coup.banco_len - 4;
        let roles = if self.roles {
            self.lean.role_mask(coup)
        } else {
            0
        };
        let mask = mask | roles | self.lean.state_masks[coup.state.index()];
        acc.add(mask, &w.mul(&self.fill[d]));
    }

    /// Banco draws after Punto's move (its third card `x`, if any).
    fn banco_draws(
        &mut self,
        coup: &mut Dealt,
        left: &[u64],
        x: Option<usize>,
        om: u64,
        w: &I,
        acc: &mut Acc<I>,
    ) {
        // Punto's total is final; Banco's two-card total from its cards (the state changes).
        let tp = coup.state.punto_total();
        let tb2 = (coup
            .banco
            .iter()
            .take(2)
            .map(|&c| VALUES[usize::from(c)])
            .sum::<u8>())
            % 10;
        for (y, &c) in left.iter().enumerate().take(self.classes.len()) {
            if c == 0 {
                continue;
            }
            coup.banco[2] = self.classes[y].0;
            coup.banco_len = 3;
            let t = (tb2 + self.classes[y].1) % 10;
            coup.state =
                FinalState::new(tp, t, coup.punto_len as u8, 3, false).expect("totals 0 to 9");
            let dealt = match x {
                Some(x) => self.dealt6(x, y) | self.third[0][x],
                None => self.dealt5(y) | self.stood[0],
            };
            let mask = om | dealt | self.third[1][y];
            self.leaf(coup, mask, &w.mul(&I::from_u64(c)), acc);
        }
        coup.banco_len = 2;
    }

    /// Every end of a coup after this opening, with the cards left in `left`.
    #[allow(clippy::too_many_arguments)]
    fn deal(
        &mut self,
        plan: &Plan,
        left: &mut [u64],
        punto: [u8; 2],
        banco: [u8; 2],
        (tp, tb): (u8, u8),
        om: u64,
        w: &I,
        acc: &mut Acc<I>,
    ) {
        let state = |p, b, pc, bc| FinalState::new(p, b, pc, bc, false).expect("totals 0 to 9");
        let mut coup = Dealt {
            punto: [punto[0], punto[1], 0],
            punto_len: 2,
            banco: [banco[0], banco[1], 0],
            banco_len: 2,
            state: state(tp, tb, 2, 2),
        };
        let (pa, row) = match plan.opening(tp, tb) {
            Opening::Natural => {
                coup.state = FinalState::new(tp, tb, 2, 2, true).expect("totals 0 to 9");
                let mask = om | self.dealt4 | self.stood[0] | self.stood[1];
                return self.leaf(&coup, mask, w, acc);
            }
            Opening::Play { punto, banco } => (punto, banco),
        };
        match pa {
            Action::Stand => match row[PuntoMove::Stood.column()] {
                Action::Stand => {
                    let mask = om | self.dealt4 | self.stood[0] | self.stood[1];
                    self.leaf(&coup, mask, w, acc)
                }
                Action::Draw => self.banco_draws(&mut coup, left, None, om, w, acc),
            },
            Action::Draw => {
                for x in 0..self.classes.len() {
                    let c = left[x];
                    if c == 0 {
                        continue;
                    }
                    left[x] -= 1;
                    let wp = w.mul(&I::from_u64(c));
                    let (card, value) = (self.classes[x].0, self.classes[x].1);
                    coup.punto[2] = card;
                    coup.punto_len = 3;
                    let t = (tp + value) % 10;
                    coup.state = state(t, tb, 3, 2);
                    match row[PuntoMove::Drew(value).column()] {
                        Action::Stand => {
                            let mask = om | self.dealt5(x) | self.third[0][x] | self.stood[1];
                            self.leaf(&coup, mask, &wp, acc);
                        }
                        Action::Draw => self.banco_draws(&mut coup, left, Some(x), om, &wp, acc),
                    }
                    left[x] += 1;
                }
            }
        }
    }
}

/// The classes for [`dealt_multisets`]: when every atom tests every card dealt and the bet
/// tells few enough classes apart for a table per multiset of six classes.
fn dealt_classes(lean: &Lean, reads: &Reads, cards: &[u64; 52]) -> Option<Vec<(u8, u8, u64)>> {
    let dealt_only = lean
        .kinds
        .iter()
        .all(|k| matches!(k, Kind::Set(CardSet::Dealt, _)));
    let classes = classes_of(reads, cards);
    (dealt_only && classes.len() <= 16).then_some(classes)
}

/// The binomial coefficients up to 21 choose 6, for ranking multisets of classes.
const BINOMIAL: [[usize; 7]; 22] = {
    let mut b = [[0; 7]; 22];
    let mut n = 0;
    while n < 22 {
        b[n][0] = 1;
        let mut r = 1;
        while r < 7 && r <= n {
            b[n][r] = b[n - 1][r - 1] + if r < n { b[n - 1][r] } else { 0 };
            r += 1;
        }
        n += 1;
    }
    b
};

/// The rank of a sorted multiset of classes among those of its size (the combinatorial number
/// system, on the combination `a_i + i`).
fn multiset_rank(sorted: &[usize]) -> usize {
    sorted
        .iter()
        .enumerate()
        .map(|(i, &a)| BINOMIAL[a + i][i + 1])
        .sum()
}

/// Bets whose atoms all test every card dealt: the truth depends only on the multiset of
/// classes dealt, and how many sequences deal it depends on an opening only through its
/// multiset and its cell. Per cell, whether the coup ends on four cards, Banco alone draws,
/// Punto alone draws (by the value drawn) or both draw (by Punto's value); per opening
/// multiset, these summed over its orderings; then every multiset of third cards once, its
/// weight added in a table by multiset of all the classes dealt, and each multiset's atoms
/// read once at the end.
// Classes are read by index in several tables at once.
#[allow(clippy::needless_range_loop)]
fn dealt_multisets<I: Int>(
    lean: &Lean,
    classes: &[(u8, u8, u64)],
    n: u64,
    plan: &Plan,
    acc: &mut Acc<I>,
) {
    let k = classes.len();
    if k == 0 {
        return;
    }
    let value = |x: usize| usize::from(classes[x].1);
    let fill: [I; 3] =
        std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
    // Per cell: [four cards, Banco alone draws, Punto alone draws v (10), both, Punto drew v (10)].
    let follow: Vec<[u64; 22]> = (0..100)
        .map(|cell| {
            let mut f = [0u64; 22];
            let (tp, tb) = ((cell / 10) as u8, (cell % 10) as u8);
            match plan.opening(tp, tb) {
                Opening::Natural => f[0] = 1,
                Opening::Play { punto, banco } => match punto {
                    Action::Stand => match banco[PuntoMove::Stood.column()] {
                        Action::Stand => f[0] = 1,
                        Action::Draw => f[1] = 1,
                    },
                    Action::Draw => {
                        for v in 0..10u8 {
                            match banco[PuntoMove::Drew(v).column()] {
                                Action::Stand => f[2 + usize::from(v)] = 1,
                                Action::Draw => f[12 + usize::from(v)] = 1,
                            }
                        }
                    }
                },
            }
            f
        })
        .collect();
    // Weights and the atoms' masks by multiset of classes dealt, for four, five and six cards.
    let sizes = [4, 5, 6].map(|r| BINOMIAL[k + r - 1][r]);
    let mut weights: [Vec<I>; 3] = sizes.map(|len| vec![I::default(); len]);
    let mut masks: [Vec<u64>; 3] = sizes.map(|len| vec![u64::MAX; len]);
    let mut pick = [0usize; 4];
    let add = |sorted: &[usize], w: I, weights: &mut [Vec<I>; 3], masks: &mut [Vec<u64>; 3]| {
        let (d, rank) = (sorted.len() - 4, multiset_rank(sorted));
        let slot = &mut weights[d][rank];
        *slot = slot.add(&w);
        if masks[d][rank] == u64::MAX {
            let mut dealt = [0u8; 6];
            for (c, &x) in dealt.iter_mut().zip(sorted) {
                *c = classes[x].0;
            }
            masks[d][rank] = lean.dealt_mask(&dealt[..sorted.len()]);
        }
    };
    loop {
        let (runs, len, _) = runs_of(&pick);
        let runs = &runs[..len];
        let weight = runs.iter().fold(I::from_u64(1), |w, &(c, m)| {
            w.mul(&falling::<I>(classes[c].2, m))
        });
        if !weight.is_zero() {
            let mut left: Vec<u64> = classes.iter().map(|c| c.2).collect();
            for &(c, m) in runs {
                left[c] -= m;
            }
            // What follows, summed over the distinct orderings of the multiset.
            let mut follows = [0u64; 22];
            let mut seen: Vec<[usize; 4]> = Vec::new();
            for order in ORDERS {
                let t = order.map(|p| pick[p]);
                if len < 4 {
                    if seen.contains(&t) {
                        continue;
                    }
                    seen.push(t);
                }
                let [p1, b1, p2, b2] = t;
                let cell = (value(p1) + value(p2)) % 10 * 10 + (value(b1) + value(b2)) % 10;
                for (s, f) in follows.iter_mut().zip(&follow[cell]) {
                    *s += f;
                }
            }
            if follows[0] > 0 {
                let w = weight.mul(&I::from_u64(follows[0])).mul(&fill[0]);
                add(&pick, w, &mut weights, &mut masks);
            }
            let mut five = [0usize; 5];
            let mut six = [0usize; 6];
            for x in 0..k {
                if left[x] == 0 {
                    continue;
                }
                five[..4].copy_from_slice(&pick);
                five[4] = x;
                five.sort_unstable();
                let alone = (follows[1] + follows[2 + value(x)]) * left[x];
                if alone > 0 {
                    let w = weight.mul(&I::from_u64(alone)).mul(&fill[1]);
                    add(&five, w, &mut weights, &mut masks);
                }
                let both = follows[12 + value(x)] * left[x];
                if both == 0 {
                    continue;
                }
                let wx = weight.mul(&I::from_u64(both));
                for y in 0..k {
                    let ly = left[y] - u64::from(x == y);
                    if ly == 0 {
                        continue;
                    }
                    six[..5].copy_from_slice(&five);
                    six[5] = y;
                    six.sort_unstable();
                    add(&six, wx.mul(&I::from_u64(ly)), &mut weights, &mut masks);
                }
            }
        }
        if !next_multiset(&mut pick, k) {
            break;
        }
    }
    for (weights, masks) in weights.iter().zip(&masks) {
        for (w, &mask) in weights.iter().zip(masks) {
            if !w.is_zero() {
                acc.add(mask, w);
            }
        }
    }
}

/// Bets whose atoms read the final state, the hands' two-card totals and the hands' third
/// cards: what follows an opening depends on it only through its cell (the two totals) and the
/// cards it took. Per cell, the openings' weight `S0`, and their weight times the cards each
/// took of a class `S1[x]` or of two classes `S2[x][y]`; a third card of class `x` then comes
/// in `Σ w·(c_x − o_x) = c_x·S0 − S1[x]` ways, two in `c_x·c'_y·S0 − c_x·S1[y] − c'_y·S1[x] +
/// S2[x][y]` (`c'_y` less one when `y = x`), as the engine counts third cards.
// Classes are read by index in several tables at once.
#[allow(clippy::needless_range_loop)]
fn third_cells<I: Int>(
    lean: &Lean,
    classes: &[(u8, u8, u64)],
    n: u64,
    plan: &Plan,
    acc: &mut Acc<I>,
) {
    let k = classes.len();
    if k == 0 {
        return;
    }
    let count = |x: usize| classes[x].2;
    let value = |x: usize| classes[x].1;
    let fill: [I; 3] =
        std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
    let mut s0 = vec![I::default(); 100];
    let mut s1 = vec![I::default(); 100 * k];
    let mut s2 = vec![I::default(); 100 * k * k];
    let mut left: Vec<u64> = classes.iter().map(|c| c.2).collect();
    let mut taken = vec![0u64; k];
    for p1 in 0..k {
        let w1 = left[p1];
        if w1 == 0 {
            continue;
        }
        left[p1] -= 1;
        taken[p1] += 1;
        for b1 in 0..k {
            let w2 = w1 * left[b1];
            if w2 == 0 {
                continue;
            }
            left[b1] -= 1;
            taken[b1] += 1;
            for p2 in 0..k {
                let w3 = w2 * left[p2];
                if w3 == 0 {
                    continue;
                }
                left[p2] -= 1;
                taken[p2] += 1;
                for b2 in 0..k {
                    let c = left[b2];
                    if c == 0 {
                        continue;
                    }
                    taken[b2] += 1;
                    let w = I::from_u64(w3).mul(&I::from_u64(c));
                    let tp = (value(p1) + value(p2)) % 10;
                    let tb = (value(b1) + value(b2)) % 10;
                    let cell = usize::from(tp) * 10 + usize::from(tb);
                    s0[cell] = s0[cell].add(&w);
                    let mut distinct = [p1, b1, p2, b2];
                    distinct.sort_unstable();
                    let mut seen = [usize::MAX; 4];
                    let mut len = 0;
                    for x in distinct {
                        if len == 0 || seen[len - 1] != x {
                            seen[len] = x;
                            len += 1;
                        }
                    }
                    for &x in &seen[..len] {
                        let wx = w.mul(&I::from_u64(taken[x]));
                        let slot = &mut s1[cell * k + x];
                        *slot = slot.add(&wx);
                        for &y in &seen[..len] {
                            let slot = &mut s2[(cell * k + x) * k + y];
                            *slot = slot.add(&wx.mul(&I::from_u64(taken[y])));
                        }
                    }
                    taken[b2] -= 1;
                }
                left[p2] += 1;
                taken[p2] -= 1;
            }
            left[b1] += 1;
            taken[b1] -= 1;
        }
        left[p1] += 1;
        taken[p1] -= 1;
    }
    let third = |hand: Hand| -> Vec<u64> {
        (0..k)
            .map(|x| lean.third_mask(hand, Some(classes[x].0)))
            .collect()
    };
    let third = [third(Hand::Punto), third(Hand::Banco)];
    let stood = [
        lean.third_mask(Hand::Punto, None),
        lean.third_mask(Hand::Banco, None),
    ];
    let state = |p, b, pc, bc| FinalState::new(p, b, pc, bc, false).expect("totals 0 to 9");
    let mut leaf = |state: FinalState, mask: u64, w: I| {
        if !w.is_zero() {
            let d = usize::from(state.cards_used()) - 4;
            acc.add(mask | lean.state_masks[state.index()], &w.mul(&fill[d]));
        }
    };
    for tp in 0..10u8 {
        for tb in 0..10u8 {
            let cell = usize::from(tp) * 10 + usize::from(tb);
            let total = &s0[cell];
            if total.is_zero() {
                continue;
            }
            let s1 = &s1[cell * k..(cell + 1) * k];
            let s2 = &s2[cell * k * k..(cell + 1) * k * k];
            let two = lean.kinds.iter().enumerate().fold(0u64, |m, (i, kind)| {
                let holds = match kind {
                    Kind::TwoCard(Hand::Punto, t) => t.has(tp),
                    Kind::TwoCard(Hand::Banco, t) => t.has(tb),
                    _ => false,
                };
                m | u64::from(holds) << i
            });
            let one = |x: usize| I::from_u64(count(x)).mul(total).sub(&s1[x]);
            let (pa, row) = match plan.opening(tp, tb) {
                Opening::Natural => {
                    let natural = FinalState::new(tp, tb, 2, 2, true).expect("totals 0 to 9");
                    leaf(natural, two | stood[0] | stood[1], total.clone());
                    continue;
                }
                Opening::Play { punto, banco } => (punto, banco),
            };
            match pa {
                Action::Stand => match row[PuntoMove::Stood.column()] {
                    Action::Stand => leaf(
                        state(tp, tb, 2, 2),
                        two | stood[0] | stood[1],
                        total.clone(),
                    ),
                    Action::Draw => {
                        for y in 0..k {
                            let t = (tb + value(y)) % 10;
                            leaf(state(tp, t, 2, 3), two | stood[0] | third[1][y], one(y));
                        }
                    }
                },
                Action::Draw => {
                    for x in 0..k {
                        let t = (tp + value(x)) % 10;
                        match row[PuntoMove::Drew(value(x)).column()] {
                            Action::Stand => {
                                leaf(state(t, tb, 3, 2), two | third[0][x] | stood[1], one(x));
                            }
                            Action::Draw => {
                                for y in 0..k {
                                    let cy = count(y).saturating_sub(u64::from(x == y));
                                    let (cx, cy) = (I::from_u64(count(x)), I::from_u64(cy));
                                    let plus = cx.mul(&cy).mul(total).add(&s2[x * k + y]);
                                    let minus = cx.mul(&s1[y]).add(&cy.mul(&s1[x]));
                                    let tb3 = (tb + value(y)) % 10;
                                    let mask = two | third[0][x] | third[1][y];
                                    leaf(state(t, tb3, 3, 3), mask, plus.sub(&minus));
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Bets whose atoms read the final state and, of the cards, only whether every card dealt is
/// in a class (`all`) or the highest value dealt (`max_value`): both are decided by which of a
/// few base classes hold every card dealt. For each set Q of base classes, a value-level count
/// of the coups whose dealt cards all lie in their intersection (dealt from that sub-shoe, the
/// unused positions filled from the whole shoe); inclusion–exclusion then gives each exact
/// profile.
struct DealtClasses {
    /// The base classes, as masks.
    bases: Vec<u64>,
    /// For each atom on the cards dealt: its index and how its truth follows from the profile.
    atoms: Vec<(usize, DealtAtom)>,
}

/// How a dealt atom's truth follows from the set of base classes that hold every card dealt.
enum DealtAtom {
    /// Every card dealt is in base class `.0`.
    All(usize),
    /// The highest value dealt is in the set: the boundaries (value v and the base class of
    /// the cards worth at most v) where membership changes, in increasing order.
    Max(Numbers, Vec<(u8, usize)>),
}

impl DealtClasses {
    /// At most this many base classes (2⁶ sub-shoe counts at most).
    const MAX_BASES: usize = 6;

    fn of(lean: &Lean) -> Option<DealtClasses> {
        let mut bases: Vec<u64> = Vec::new();
        let base = |mask: u64, bases: &mut Vec<u64>| {
            bases.iter().position(|&b| b == mask).unwrap_or_else(|| {
                bases.push(mask);
                bases.len() - 1
            })
        };
        let mut atoms = Vec::new();
        for (i, kind) in lean.kinds.iter().enumerate() {
            match kind {
                Kind::State => {}
                Kind::Set(CardSet::Dealt, t)
                    if t.filter == CardClass::ALL.0
                        && t.size.is_none()
                        && t.same.is_none()
                        && t.groups.is_none()
                        && t.straight.is_none()
                        && t.ranks.is_none() =>
                {
                    match (t.all, t.max_value) {
                        (Some(all), None) => atoms.push((i, DealtAtom::All(base(all, &mut bases)))),
                        (None, Some(values)) => {
                            let cuts = (0..9u8)
                                .filter(|&v| values.has(v) != values.has(v + 1))
                                .map(|v| {
                                    let low = CardClass::values(Numbers::range(0, v)).0;
                                    (v, base(low, &mut bases))
                                })
                                .collect();
                            atoms.push((i, DealtAtom::Max(values, cuts)));
                        }
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        (bases.len() <= Self::MAX_BASES).then_some(DealtClasses { bases, atoms })
    }

    /// The mask of the dealt atoms true when exactly the base classes in `profile` hold every
    /// card dealt.
    fn mask(&self, profile: usize) -> u64 {
        self.atoms.iter().fold(0, |m, (i, atom)| {
            let holds = match atom {
                DealtAtom::All(b) => profile >> b & 1 == 1,
                DealtAtom::Max(values, cuts) => {
                    let max_at_most = cuts.iter().find(|(_, b)| profile >> b & 1 == 1);
                    values.has(max_at_most.map_or(9, |&(v, _)| v))
                }
            };
            m | u64::from(holds) << i
        })
    }

    fn count<I: Int>(
        &self,
        lean: &Lean,
        cards: &[u64; 52],
        n: u64,
        drawing: &DrawingRules,
        plan: &Plan,
        acc: &mut Acc<I>,
    ) {
        let q = self.bases.len();
        // For each set of base classes, the weights by state of coups dealt within all of them.
        let mut within: HashMap<u64, Vec<I>> = HashMap::new();
        let subsets: Vec<Vec<I>> = (0..1usize << q)
            .map(|set| {
                let mask = (0..q)
                    .filter(|b| set >> b & 1 == 1)
                    .fold(CardClass::ALL.0, |m, b| m & self.bases[b]);
                within
                    .entry(mask)
                    .or_insert_with(|| {
                        let mut values = [0u64; 10];
                        for (i, &c) in cards.iter().enumerate() {
                            if mask >> i & 1 == 1 {
                                values[usize::from(VALUES[i])] += c;
                            }
                        }
                        value_tally(values, n, drawing, plan)
                    })
                    .clone()
            })
            .collect();
        // Exactly the profile Q: Σ over Q' ⊇ Q of (−1)^|Q' − Q| times within(Q'), the positive
        // and the negative terms apart so that big integers never go below zero.
        for profile in 0..1usize << q {
            let dealt_mask = self.mask(profile);
            let mut plus = vec![I::default(); FinalState::COUNT];
            let mut minus = vec![I::default(); FinalState::COUNT];
            for sup in (0..1usize << q).filter(|s| s & profile == profile) {
                let side = if (sup ^ profile).count_ones() % 2 == 0 {
                    &mut plus
                } else {
                    &mut minus
                };
                for (slot, w) in side.iter_mut().zip(&subsets[sup]) {
                    *slot = slot.add(w);
                }
            }
            for (index, (p, m)) in plus.iter().zip(&minus).enumerate() {
                let w = p.sub(m);
                if !w.is_zero() {
                    acc.add(dealt_mask | lean.state_masks[index], &w);
                }
            }
        }
    }
}

/// The weights by final state of the coups dealt from a sub-shoe of these value counts, the
/// positions the coup does not use filled from the whole shoe of `n` cards. A playable
/// sub-shoe is counted by the engine and rescaled (its tally fills the unused positions from
/// the sub-shoe itself, a factor of the number of cards used alone); a smaller one by a plain
/// walk over values.
fn value_tally<I: Int>(values: [u64; 10], n: u64, drawing: &DrawingRules, plan: &Plan) -> Vec<I> {
    let mut ranks = [0u64; 13];
    for (v, &c) in values.iter().enumerate() {
        ranks[if v == 0 { 9 } else { v - 1 }] = c;
    }
    let sub_n: u64 = values.iter().sum();
    if let Ok(shoe) = Shoe::from_counts(ranks)
        && let Ok(tally) = crate::engine::tally(&shoe, drawing)
    {
        return FinalState::all()
            .map(|state| {
                let d = u64::from(state.cards_used());
                let own: BigUint = falling(sub_n - d, 6 - d);
                let whole: BigUint = falling(n.saturating_sub(d), 6 - d);
                from_big(&(tally.weight(state) / own * whole))
            })
            .collect();
    }
    let mut out = vec![I::default(); FinalState::COUNT];
    for opening in 0..10_000usize {
        let [p1, b1, p2, b2] = [
            opening / 1000,
            opening / 100 % 10,
            opening / 10 % 10,
            opening % 10,
        ];
        let mut left = values;
        let mut w = I::from_u64(1);
        for v in [p1, b1, p2, b2] {
            w = w.mul(&I::from_u64(left[v]));
            left[v] = left[v].saturating_sub(1);
        }
        if w.is_zero() {
            continue;
        }
        let (tp, tb) = (((p1 + p2) % 10) as u8, ((b1 + b2) % 10) as u8);
        let mut add = |state: FinalState, w: I| {
            let d = u64::from(state.cards_used());
            let slot = &mut out[state.index()];
            *slot = slot.add(&w.mul(&falling(n.saturating_sub(d), 6 - d)));
        };
        let state = |p, b, pc, bc| FinalState::new(p, b, pc, bc, false).expect("totals 0 to 9");
        let (pa, row) = match plan.opening(tp, tb) {
            Opening::Natural => {
                add(
                    FinalState::new(tp, tb, 2, 2, true).expect("totals 0 to 9"),
                    w,
                );
                continue;
            }
            Opening::Play { punto, banco } => (punto, banco),
        };
        let banco_draws =
            |left: &mut [u64; 10], add: &mut dyn FnMut(FinalState, I), w: &I, tp, pc| {
                for (v, &c) in left.iter().enumerate() {
                    if c > 0 {
                        add(
                            state(tp, (tb + v as u8) % 10, pc, 3),
                            w.mul(&I::from_u64(c)),
                        );
                    }
                }
            };
        match pa {
            Action::Stand => match row[PuntoMove::Stood.column()] {
                Action::Stand => add(state(tp, tb, 2, 2), w),
                Action::Draw => banco_draws(&mut left, &mut add, &w, tp, 2),
            },
            Action::Draw => {
                for x in 0..10 {
                    let c = left[x];
                    if c == 0 {
                        continue;
                    }
                    left[x] -= 1;
                    let wp = w.mul(&I::from_u64(c));
                    let t = (tp + x as u8) % 10;
                    match row[PuntoMove::Drew(x as u8).column()] {
                        Action::Stand => add(state(t, tb, 3, 2), wp),
                        Action::Draw => banco_draws(&mut left, &mut add, &wp, t, 3),
                    }
                    left[x] += 1;
                }
            }
        }
    }
    out
}

/// A big integer in the type: exact whenever the value fits (wrapping types are then exact).
fn from_big<I: Int>(big: &BigUint) -> I {
    big.to_u32_digits()
        .iter()
        .rev()
        .fold(I::default(), |acc, &d| {
            acc.mul(&I::from_u64(1 << 32))
                .add(&I::from_u64(u64::from(d)))
        })
}

/// The reference: the plain class walk, settling the bet by its meaning at every leaf; the
/// tests hold every fast evaluator to it, and it counts the bets of more atoms than a mask
/// holds ([`MAX_ATOMS`]). The exact distribution of `bet`'s net over the ordered six-card sequences of the shoe of
/// these card counts (indexed `4·rank + suit`), as counts that sum to N·(N−1)·…·(N−5).
/// `states` is the engine's tally of the same shoe, for the bets that read no more.
pub(crate) fn class_walk<I: Int>(
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

    use crate::outcome::Winner;
    use crate::rules::condition::Who;
    use crate::rules::{Condition, DrawingRules};
    use num_bigint::BigUint;
    use proptest::prelude::*;

    fn line(when: Cond, net: i64) -> CardLine {
        CardLine {
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
    fn families() -> Vec<(&'static str, CardBet)> {
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
        let bet = |lines: Vec<CardLine>| CardBet { lines };
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
        ]
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

    fn both_ways<I: Int>(bet: &CardBet, cards: &[u64; 52]) -> (Distribution<I>, Distribution<I>) {
        let drawing = DrawingRules::reference();
        (
            distribution::<I>(bet, cards, &drawing, &[]),
            class_walk::<I>(bet, cards, &drawing, &[]),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

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
}
