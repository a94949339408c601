//! Bets whose card tests read only some of the coup's positions (a hand's cards of one suit,
//! a third card's colour): those positions are dealt first over the bet's classes, the others
//! over the ten values alone.
//!
//! A sequence's weight is the number of ways to pick its physical cards. Once the positions a
//! test reads have their cards (from the bet's classes, each within one value), a position
//! no test reads may hold any card left of its value: summed over the cards of a value, the
//! ways are the falling product of that value's count less what the read positions took. So
//! the read positions are walked once, their outcomes gathered by what the rest of the coup
//! needs of them (their values, whether a third card was dealt, the truths of the tests on
//! them), and the rest of the coup is dealt over values, as the engine deals it.

use super::lean::{Acc, Dealt, Kind, Lean, Test, VALUES, falling};
use crate::outcome::{FinalState, Hand, Winner};
use crate::play::{Opening, Plan};
use crate::rules::condition::{CardSet, Who};
use crate::rules::{Action, PuntoMove};
use crate::tally::Int;
use std::collections::HashMap;

/// The positions in the order dealt: Punto's first, Banco's first, Punto's second, Banco's
/// second, Punto's third, Banco's third.
const POSITIONS: usize = 6;
/// The value slot of a third card not dealt.
const ABSENT: u8 = 10;
/// The value slot of a position the first walk leaves to the second.
const LATER: u8 = 11;

/// The most outcomes the walk over the read positions may visit before the plain walk is the
/// better way (it visits each opening's multiset once).
const MAX_FIRST_WALK: u64 = 4_000_000;

/// The positions of a set of cards, as a mask over [`POSITIONS`].
fn positions(set: CardSet) -> u8 {
    let hand = |h: Hand| match h {
        Hand::Punto => 0b01_0101,
        Hand::Banco => 0b10_1010,
    };
    match set {
        CardSet::Opening => 0b00_1111,
        CardSet::Dealt => 0b11_1111,
        CardSet::FirstTwo(h) => hand(h) & 0b00_1111,
        CardSet::Third(h) => hand(h) & 0b11_0000,
        CardSet::Cards(Who::Punto) => hand(Hand::Punto),
        CardSet::Cards(Who::Banco) => hand(Hand::Banco),
        CardSet::Cards(Who::Winner | Who::Loser) => 0b11_1111,
    }
}

/// Whether a set of cards, as a mask, keeps or drops every card of a value alike.
fn by_values(mask: u64) -> bool {
    (0..10u8).all(|v| {
        let of_value = (0..52)
            .filter(|&i| VALUES[i] == v)
            .fold(0u64, |m, i| m | 1 << i);
        mask & of_value == 0 || mask & of_value == of_value
    })
}

/// Whether a test reads its cards' values alone (its classes and filter keep or drop every
/// card of a value alike, and it compares nothing).
pub(super) fn values_only(t: &Test) -> bool {
    by_values(t.filter)
        && t.all.is_none_or(by_values)
        && t.same.is_none()
        && t.groups.is_none()
        && t.straight.is_none()
        && t.ranks.is_none()
}

/// The split of a bet's atoms: those that read more than values, and the positions they read.
pub(super) struct Split {
    /// The positions some atom reads more than the value of.
    read: u8,
    /// The atoms that read more than values: settled by the first walk.
    first: u64,
    /// When set, only the coups this hand wins (or ties) are counted ([`super::roles`]).
    winner: Option<Winner>,
}

impl Split {
    /// The split, when some positions are read for more than their value and others are not,
    /// and the walk over the read ones is small enough for these classes.
    pub(super) fn of(lean: &Lean, classes: usize) -> Option<Split> {
        let split = Split::reading(lean, None);
        (split.read != 0).then_some(())?;
        split.fits(classes).then_some(split)
    }

    /// The split counting only the coups of one winner (a tie included), whatever positions
    /// it reads (none: every position over values), when the walk over them is small enough.
    pub(super) fn of_winner(lean: &Lean, classes: usize, winner: Winner) -> Option<Split> {
        let split = Split::reading(lean, Some(winner));
        split.fits(classes).then_some(split)
    }

    /// The positions the atoms read for more than their value, and those atoms.
    fn reading(lean: &Lean, winner: Option<Winner>) -> Split {
        let mut read = 0u8;
        let mut first = 0u64;
        for (i, kind) in lean.kinds.iter().enumerate() {
            if let Kind::Set(set, t) = kind
                && !values_only(t)
            {
                read |= positions(*set);
                first |= 1 << i;
            }
        }
        Split {
            read,
            first,
            winner,
        }
    }

    /// Whether some position is left to the walk over values and the walk over the read ones
    /// is small enough for this many classes.
    fn fits(&self, classes: usize) -> bool {
        if self.read == 0b11_1111 {
            return false;
        }
        let visits = (0..POSITIONS)
            .filter(|p| self.read >> p & 1 == 1)
            .map(|p| classes as u64 + u64::from(p >= 4))
            .product::<u64>();
        visits <= MAX_FIRST_WALK
    }

    /// The bet's weights by mask of its atoms' truths over the shoe of these classes
    /// (a card standing for each, its value, its count) and `n` cards.
    pub(super) fn count<I: Int>(
        &self,
        lean: &Lean,
        classes: &[(u8, u8, u64)],
        n: u64,
        plan: &Plan,
        acc: &mut Acc<I>,
    ) {
        let mut values = [0u64; 10];
        for &(_, v, c) in classes {
            values[usize::from(v)] += c;
        }
        let outcomes = self.first_walk(lean, classes);
        let fill: [I; 3] =
            std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
        let second = Second {
            lean,
            first: self.first,
            plan,
            fill: &fill,
            winner: self.winner,
        };
        for ((slots, mask), w) in outcomes {
            let mut left = values;
            if slots
                .iter()
                .filter(|&&s| s < ABSENT)
                .any(|&s| !take(&mut left, s))
            {
                continue;
            }
            second.opening(&slots, mask, &mut left, &w, acc);
        }
    }

    /// Every deal of the read positions over the classes (a third card dealt or not), gathered
    /// by the values it puts in each position and the truths of the atoms that read them.
    fn first_walk<I: Int>(
        &self,
        lean: &Lean,
        classes: &[(u8, u8, u64)],
    ) -> HashMap<([u8; POSITIONS], u64), I> {
        let order: Vec<usize> = (0..POSITIONS).filter(|p| self.read >> p & 1 == 1).collect();
        let mut out = HashMap::new();
        let mut left: Vec<u64> = classes.iter().map(|c| c.2).collect();
        let mut cards = [None::<usize>; POSITIONS];
        let mut walk = FirstWalk {
            lean,
            classes,
            first: self.first,
            order: &order,
            out: &mut out,
        };
        walk.deal(0, &mut left, &mut cards, &I::from_u64(1));
        out
    }
}

/// The first walk's state.
struct FirstWalk<'a, 'b, I> {
    lean: &'a Lean<'b>,
    classes: &'a [(u8, u8, u64)],
    first: u64,
    order: &'a [usize],
    out: &'a mut HashMap<([u8; POSITIONS], u64), I>,
}

impl<I: Int> FirstWalk<'_, '_, I> {
    fn deal(&mut self, at: usize, left: &mut [u64], cards: &mut [Option<usize>; POSITIONS], w: &I) {
        let Some(&position) = self.order.get(at) else {
            return self.settle(cards, w);
        };
        if position >= 4 {
            // A third card may not be dealt; the second walk checks the rules agree.
            cards[position] = None;
            self.deal(at + 1, left, cards, w);
        }
        for x in 0..self.classes.len() {
            let c = left[x];
            if c == 0 {
                continue;
            }
            left[x] -= 1;
            cards[position] = Some(x);
            self.deal(at + 1, left, cards, &w.mul(&I::from_u64(c)));
            left[x] += 1;
        }
        cards[position] = None;
    }

    /// The truths of the atoms on the read positions, added under their values.
    fn settle(&mut self, cards: &[Option<usize>; POSITIONS], w: &I) {
        let card = |p: usize| cards[p].map_or(0, |x| self.classes[x].0);
        let read = |p: usize| self.order.contains(&p);
        let third = |p: usize| usize::from(read(p) && cards[p].is_some());
        let dealt = Dealt {
            punto: [card(0), card(2), card(4)],
            punto_len: 2 + third(4),
            banco: [card(1), card(3), card(5)],
            banco_len: 2 + third(5),
            // No atom of the first walk reads the state (a role's cards read every position).
            state: FinalState::from_index(0),
        };
        let mask = self
            .lean
            .kinds
            .iter()
            .enumerate()
            .filter(|(i, _)| self.first >> i & 1 == 1)
            .fold(0u64, |m, (i, kind)| match kind {
                Kind::Set(set, t) => m | u64::from(dealt.holds(*set, t)) << i,
                _ => m,
            });
        let slots: [u8; POSITIONS] = std::array::from_fn(|p| match (read(p), cards[p]) {
            (false, _) => LATER,
            (true, None) => ABSENT,
            (true, Some(x)) => self.classes[x].1,
        });
        let slot = self.out.entry((slots, mask)).or_default();
        *slot = slot.add(w);
    }
}

/// Takes one card of value `v` from the counts by value, if there is one left.
fn take(left: &mut [u64; 10], v: u8) -> bool {
    let c = &mut left[usize::from(v)];
    if *c == 0 {
        return false;
    }
    *c -= 1;
    true
}

/// A card of each value, standing for it where only values are read (a ten for 0).
fn card_of_value(v: u8) -> u8 {
    if v == 0 { 36 } else { 4 * (v - 1) }
}

/// The second walk: the rest of the coup over values, after the read positions.
struct Second<'a, 'b, I> {
    lean: &'a Lean<'b>,
    first: u64,
    plan: &'a Plan,
    fill: &'a [I; 3],
    /// The only winner counted, when set.
    winner: Option<Winner>,
}

impl<I: Int> Second<'_, '_, I> {
    /// The opening's positions the first walk left, each over the values left.
    fn opening(
        &self,
        slots: &[u8; POSITIONS],
        mask: u64,
        left: &mut [u64; 10],
        w: &I,
        acc: &mut Acc<I>,
    ) {
        let mut values = [0u8; 4];
        self.opening_from(0, slots, &mut values, mask, left, w, acc);
    }

    #[allow(clippy::too_many_arguments)]
    fn opening_from(
        &self,
        at: usize,
        slots: &[u8; POSITIONS],
        values: &mut [u8; 4],
        mask: u64,
        left: &mut [u64; 10],
        w: &I,
        acc: &mut Acc<I>,
    ) {
        if at == 4 {
            return self.thirds(slots, values, mask, left, w, acc);
        }
        if slots[at] != LATER {
            values[at] = slots[at];
            return self.opening_from(at + 1, slots, values, mask, left, w, acc);
        }
        for v in 0..10u8 {
            let c = left[usize::from(v)];
            if c == 0 {
                continue;
            }
            left[usize::from(v)] -= 1;
            values[at] = v;
            let w = w.mul(&I::from_u64(c));
            self.opening_from(at + 1, slots, values, mask, left, &w, acc);
            left[usize::from(v)] += 1;
        }
    }

    /// The third cards the rules deal after this opening: a read position must agree with
    /// them (dealt or not), a position left is dealt over the values left.
    fn thirds(
        &self,
        slots: &[u8; POSITIONS],
        values: &[u8; 4],
        mask: u64,
        left: &mut [u64; 10],
        w: &I,
        acc: &mut Acc<I>,
    ) {
        let [p1, b1, p2, b2] = *values;
        let (tp, tb) = ((p1 + p2) % 10, (b1 + b2) % 10);
        let (pa, row) = match self.plan.opening(tp, tb) {
            Opening::Natural => {
                if slots[4] < ABSENT || slots[5] < ABSENT {
                    return;
                }
                return self.leaf(values, None, None, true, mask, w, acc);
            }
            Opening::Play { punto, banco } => (punto, banco),
        };
        // The ways of the hand's third card: none (`None`), or each value with its count.
        let choices = |slot: u8, draws: bool, left: &[u64; 10]| -> Vec<(Option<u8>, u64)> {
            match (draws, slot) {
                (false, LATER | ABSENT) => vec![(None, 1)],
                (false, _) | (true, ABSENT) => vec![],
                (true, LATER) => (0..10u8)
                    .filter(|&v| left[usize::from(v)] > 0)
                    .map(|v| (Some(v), left[usize::from(v)]))
                    .collect(),
                (true, v) => vec![(Some(v), 1)],
            }
        };
        for (punto, cp) in choices(slots[4], pa == Action::Draw, left) {
            let mut left_p = *left;
            if let (Some(v), LATER) = (punto, slots[4]) {
                left_p[usize::from(v)] -= 1;
            }
            let moved = match punto {
                Some(v) => PuntoMove::Drew(v),
                None => PuntoMove::Stood,
            };
            let banco_draws = row[moved.column()] == Action::Draw;
            let wp = w.mul(&I::from_u64(cp));
            for (banco, cb) in choices(slots[5], banco_draws, &left_p) {
                let wb = wp.mul(&I::from_u64(cb));
                self.leaf(values, punto, banco, false, mask, &wb, acc);
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn leaf(
        &self,
        values: &[u8; 4],
        punto: Option<u8>,
        banco: Option<u8>,
        natural: bool,
        mask: u64,
        w: &I,
        acc: &mut Acc<I>,
    ) {
        let [p1, b1, p2, b2] = *values;
        let (tp2, tb2) = ((p1 + p2) % 10, (b1 + b2) % 10);
        let tp = (tp2 + punto.unwrap_or(0)) % 10;
        let tb = (tb2 + banco.unwrap_or(0)) % 10;
        let (pc, bc) = (2 + u8::from(punto.is_some()), 2 + u8::from(banco.is_some()));
        let state = FinalState::new(tp, tb, pc, bc, natural).expect("totals 0 to 9");
        if self.winner.is_some_and(|w| state.winner() != w) {
            return;
        }
        let dealt = Dealt {
            punto: [p1, p2, punto.unwrap_or(0)].map(card_of_value),
            punto_len: usize::from(pc),
            banco: [b1, b2, banco.unwrap_or(0)].map(card_of_value),
            banco_len: usize::from(bc),
            state,
        };
        let mask = self
            .lean
            .kinds
            .iter()
            .enumerate()
            .filter(|(i, _)| self.first >> i & 1 == 0)
            .fold(mask, |m, (i, kind)| {
                let holds = match kind {
                    Kind::State => false,
                    Kind::TwoCard(Hand::Punto, t) => t.has(tp2),
                    Kind::TwoCard(Hand::Banco, t) => t.has(tb2),
                    Kind::Set(set, t) => dealt.holds(*set, t),
                };
                m | u64::from(holds) << i
            })
            | self.lean.state_masks[state.index()];
        let d = usize::from(pc + bc - 4);
        acc.add(mask, &w.mul(&self.fill[d]));
    }
}
