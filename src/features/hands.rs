//! Bets that test Punto's and Banco's cards jointly for more than their value (both hands'
//! cards of one suit; the winner's cards and the loser's): counted by pairs of hands.
//!
//! A coup is a pair of hands. What the rest of the coup reads of it (the final state, the
//! two-card totals, a test on every card's value) follows from the values in each hand: its
//! first two as a multiset, and its third card or none. So the pairs of hands the tableau can
//! deal are listed once by values, and for each the cards are dealt over the bet's classes,
//! each class within its value. A hand's tests read its own classes only, and the two hands
//! meet only in the classes of a value both hold: a card taken by one is not left for the
//! other. Each hand's deals are therefore listed once per hand of values (its atoms' truths,
//! for each winner, and its weight), and for a pair the deals of each hand are gathered by
//! their truths and the classes they take of the values both hands hold; only those classes
//! are counted jointly, the rest of each hand apart. A pair of hands sharing no value is the
//! product of the two hands' counts.
//!
//! The winner's and the loser's cards are a hand's once the pair is known (the winner
//! follows from the values), so a role's test is read on the hand that plays it, and is false
//! on a tie.

use super::lean::{Acc, Dealt, Kind, Lean, falling};
use super::split::values_only;
use crate::outcome::{FinalState, Hand, Winner};
use crate::play::{Opening, Plan};
use crate::rules::condition::{CardSet, Who};
use crate::rules::{Action, PuntoMove};
use crate::tally::Int;
use std::collections::HashMap;

/// The slots of a hand of values: ten by ten first two cards (smaller value first) and a third
/// card's value or none (10).
const HAND_SLOTS: usize = 100 * 11;

/// The counts by pairs of hands. It holds no state: whether a bet fits is all it decides.
pub(super) struct Hands;

impl Hands {
    /// The counts by pairs of hands, when every atom reads the final state, a two-card total,
    /// one hand's cards (a role's included), or every card's value alone, and some atom reads
    /// a hand's cards for more than their value.
    pub(super) fn of(lean: &Lean) -> Option<Hands> {
        let mut reads_hand = false;
        for kind in &lean.kinds {
            match kind {
                Kind::State | Kind::TwoCard(..) => {}
                Kind::Set(CardSet::FirstTwo(_) | CardSet::Third(_) | CardSet::Cards(_), t) => {
                    reads_hand |= !values_only(t);
                }
                Kind::Set(CardSet::Opening | CardSet::Dealt, t) => {
                    if !values_only(t) {
                        return None;
                    }
                }
            }
        }
        reads_hand.then_some(Hands)
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
        let fill: [I; 3] =
            std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
        let mut of_value: [Vec<usize>; 10] = Default::default();
        for (x, &(_, v, _)) in classes.iter().enumerate() {
            of_value[usize::from(v)].push(x);
        }
        let mut pairs = Pairs {
            lean,
            classes,
            of_value: &of_value,
            fill: &fill,
            falls: classes
                .iter()
                .map(|c| std::array::from_fn(|m| falling(c.2, m as u64)))
                .collect(),
            tables: [
                (0..HAND_SLOTS).map(|_| None).collect(),
                (0..HAND_SLOTS).map(|_| None).collect(),
            ],
        };
        for x in 0..10u8 {
            for y in x..10 {
                for u in 0..10u8 {
                    for v in u..10 {
                        pairs.opening([x, y], [u, v], plan, acc);
                    }
                }
            }
        }
    }
}

/// One hand's deals over the classes for one hand of values.
struct Table<I> {
    /// Each ordered deal of classes: its classes (the third `NONE` when it stood), its atoms'
    /// truths by winner (Punto, Banco, tie) and its weight.
    deals: Vec<([u8; 3], [u64; 3], I)>,
    /// The weights by winner and mask, the deals gathered.
    by_mask: [Vec<(u64, I)>; 3],
    /// The deals gathered by mask and the classes they take of some values, by those values
    /// (as bits) and the winner: each weight the ways to deal the hand's other cards.
    groups: HashMap<(u16, usize), Groups<I>>,
}

impl<I: Int> Table<I> {
    /// The deals gathered by their mask for this winner and the classes they take of the
    /// `shared` values (sorted), each weight the ways to deal the hand's cards of the others.
    fn gather(&self, classes: &[(u8, u8, u64)], shared: u16, w: usize) -> Groups<I> {
        let in_shared = |x: u8| shared >> classes[usize::from(x)].1 & 1 == 1;
        let mut groups: HashMap<(u64, [u8; 3]), I> = HashMap::new();
        for (deal, masks, _) in &self.deals {
            let mut key = [NONE; 3];
            let mut len = 0;
            let mut weight = I::from_u64(1);
            for (i, &x) in deal.iter().enumerate() {
                // Each class once, with its multiplicity in the deal.
                if x == NONE || deal[..i].contains(&x) {
                    continue;
                }
                let m = deal.iter().filter(|&&y| y == x).count();
                if in_shared(x) {
                    key[len..len + m].fill(x);
                    len += m;
                } else {
                    weight = weight.mul(&falling(classes[usize::from(x)].2, m as u64));
                }
            }
            key[..len].sort_unstable();
            let slot = groups.entry((masks[w], key)).or_default();
            *slot = slot.add(&weight);
        }
        groups
            .into_iter()
            .map(|((m, key), w)| (m, key, w))
            .collect()
    }
}

/// A hand's deals gathered: each mask and classes taken of the shared values, with its weight.
type Groups<I> = Vec<(u64, [u8; 3], I)>;

/// No class: a third card not dealt.
const NONE: u8 = u8::MAX;

/// The index of a winner in the tables.
fn winner_index(winner: Winner) -> usize {
    match winner {
        Winner::Punto => 0,
        Winner::Banco => 1,
        Winner::Tie => 2,
    }
}

/// The pairs of hands' state: the hands' tables as they are needed, and the gathering maps.
struct Pairs<'a, 'b, I> {
    lean: &'a Lean<'b>,
    classes: &'a [(u8, u8, u64)],
    of_value: &'a [Vec<usize>; 10],
    fill: &'a [I; 3],
    /// Each class's count falling over 0 to 6 cards.
    falls: Vec<[I; 7]>,
    /// Punto's and Banco's tables, by slot.
    tables: [Vec<Option<Table<I>>>; 2],
}

impl<I: Int> Pairs<'_, '_, I> {
    /// Every end of a coup after an opening of these values (each hand's smaller value first).
    fn opening(&mut self, punto: [u8; 2], banco: [u8; 2], plan: &Plan, acc: &mut Acc<I>) {
        let (tp, tb) = ((punto[0] + punto[1]) % 10, (banco[0] + banco[1]) % 10);
        let (pa, row) = match plan.opening(tp, tb) {
            Opening::Natural => return self.pair(punto, None, banco, None, true, acc),
            Opening::Play { punto, banco } => (punto, banco),
        };
        let banco_thirds = |action: Action| match action {
            Action::Stand => vec![None],
            Action::Draw => (0..10).map(Some).collect(),
        };
        match pa {
            Action::Stand => {
                for b3 in banco_thirds(row[PuntoMove::Stood.column()]) {
                    self.pair(punto, None, banco, b3, false, acc);
                }
            }
            Action::Draw => {
                for p3 in 0..10u8 {
                    for b3 in banco_thirds(row[PuntoMove::Drew(p3).column()]) {
                        self.pair(punto, Some(p3), banco, b3, false, acc);
                    }
                }
            }
        }
    }

    /// One pair of hands of values: the deals of both over the classes, counted jointly in
    /// the classes of the values both hold.
    fn pair(
        &mut self,
        punto: [u8; 2],
        p3: Option<u8>,
        banco: [u8; 2],
        b3: Option<u8>,
        natural: bool,
        acc: &mut Acc<I>,
    ) {
        let total = |two: [u8; 2], third: Option<u8>| (two[0] + two[1] + third.unwrap_or(0)) % 10;
        let (pc, bc) = (2 + u8::from(p3.is_some()), 2 + u8::from(b3.is_some()));
        let state = FinalState::new(total(punto, p3), total(banco, b3), pc, bc, natural)
            .expect("totals 0 to 9");
        let values = self.value_mask(punto, p3, banco, b3, state);
        // The hand's first two cards in either order read alike: one order stands for both.
        let orders = (1 + u64::from(punto[0] != punto[1])) * (1 + u64::from(banco[0] != banco[1]));
        let d = usize::from(pc + bc - 4);
        let factor = I::from_u64(orders).mul(&self.fill[d]);
        let w = winner_index(state.winner());
        let bits = |two: [u8; 2], third: Option<u8>| {
            third.into_iter().chain(two).fold(0u16, |m, v| m | 1 << v)
        };
        let shared = bits(punto, p3) & bits(banco, b3);
        let slots = [slot(punto, p3), slot(banco, b3)];
        for (h, (two, third)) in [(punto, p3), (banco, b3)].into_iter().enumerate() {
            if self.tables[h][slots[h]].is_none() {
                let hand = [Hand::Punto, Hand::Banco][h];
                self.tables[h][slots[h]] = Some(self.table(hand, two, third));
            }
        }
        if shared == 0 {
            let [punto_tables, banco_tables] = &self.tables;
            let (pt, bt) = (
                punto_tables[slots[0]].as_ref().expect("just made"),
                banco_tables[slots[1]].as_ref().expect("just made"),
            );
            for (mp, wp) in &pt.by_mask[w] {
                let wp = wp.mul(&factor);
                for (mb, wb) in &bt.by_mask[w] {
                    acc.add(mp | mb | values, &wp.mul(wb));
                }
            }
            return;
        }
        let classes = self.classes;
        for (tables, &at) in self.tables.iter_mut().zip(&slots) {
            let table = tables[at].as_mut().expect("just made");
            if !table.groups.contains_key(&(shared, w)) {
                let groups = table.gather(classes, shared, w);
                table.groups.insert((shared, w), groups);
            }
        }
        let [punto_tables, banco_tables] = &self.tables;
        let (punto_groups, banco_groups) = (
            &punto_tables[slots[0]].as_ref().expect("just made").groups[&(shared, w)],
            &banco_tables[slots[1]].as_ref().expect("just made").groups[&(shared, w)],
        );
        for (mp, a, wp) in punto_groups {
            let wp = wp.mul(&factor);
            for (mb, b, wb) in banco_groups {
                let joint = joint_weight(&self.falls, a, b);
                if joint.is_zero() {
                    continue;
                }
                acc.add(mp | mb | values, &wp.mul(wb).mul(&joint));
            }
        }
    }

    /// The mask of the atoms the values decide: the final state, the two-card totals and
    /// the tests on every card's value.
    fn value_mask(
        &self,
        punto: [u8; 2],
        p3: Option<u8>,
        banco: [u8; 2],
        b3: Option<u8>,
        state: FinalState,
    ) -> u64 {
        let coup = Dealt {
            punto: [punto[0], punto[1], p3.unwrap_or(0)].map(card_of_value),
            punto_len: 2 + usize::from(p3.is_some()),
            banco: [banco[0], banco[1], b3.unwrap_or(0)].map(card_of_value),
            banco_len: 2 + usize::from(b3.is_some()),
            state,
        };
        let two = |two: [u8; 2]| (two[0] + two[1]) % 10;
        self.lean.kinds.iter().enumerate().fold(
            self.lean.state_masks[state.index()],
            |m, (i, kind)| {
                let holds = match kind {
                    Kind::TwoCard(Hand::Punto, t) => t.has(two(punto)),
                    Kind::TwoCard(Hand::Banco, t) => t.has(two(banco)),
                    Kind::Set(set @ (CardSet::Opening | CardSet::Dealt), t) => coup.holds(*set, t),
                    _ => false,
                };
                m | u64::from(holds) << i
            },
        )
    }

    /// A hand's deals over the classes of its values, each with its atoms' truths by winner.
    fn table(&self, hand: Hand, two: [u8; 2], third: Option<u8>) -> Table<I> {
        let classes = self.classes;
        let of = |v: Option<u8>| -> Vec<u8> {
            match v {
                Some(v) => self.of_value[usize::from(v)]
                    .iter()
                    .map(|&x| x as u8)
                    .collect(),
                None => vec![NONE],
            }
        };
        let (firsts, seconds, thirds) = (of(Some(two[0])), of(Some(two[1])), of(third));
        let mut deals = Vec::new();
        let mut by_mask: [HashMap<u64, I>; 3] = Default::default();
        for &i in &firsts {
            for &j in &seconds {
                for &k in &thirds {
                    let deal = [i, j, k];
                    let mut weight = I::from_u64(1);
                    for (at, &x) in deal.iter().enumerate() {
                        if x == NONE || deal[..at].contains(&x) {
                            continue;
                        }
                        let m = deal.iter().filter(|&&y| y == x).count() as u64;
                        weight = weight.mul(&falling(classes[usize::from(x)].2, m));
                    }
                    if weight.is_zero() {
                        continue;
                    }
                    let masks = [Winner::Punto, Winner::Banco, Winner::Tie]
                        .map(|winner| self.hand_mask(hand, deal, winner));
                    for (w, &mask) in masks.iter().enumerate() {
                        let slot = by_mask[w].entry(mask).or_default();
                        *slot = slot.add(&weight);
                    }
                    deals.push((deal, masks, weight));
                }
            }
        }
        Table {
            deals,
            by_mask: by_mask.map(|m| m.into_iter().collect()),
            groups: HashMap::new(),
        }
    }

    /// The mask of the atoms on one hand's cards, when its deal is these classes and the
    /// coup's winner is `winner`: a role's cards are the hand's when it plays the role.
    fn hand_mask(&self, hand: Hand, deal: [u8; 3], winner: Winner) -> u64 {
        let card = |x: u8| self.classes[usize::from(x)].0;
        let (len, third) = match deal[2] {
            NONE => (2, 0),
            x => (3, card(x)),
        };
        let cards = [card(deal[0]), card(deal[1]), third];
        let plays = |who: Who| match who {
            Who::Punto => hand == Hand::Punto,
            Who::Banco => hand == Hand::Banco,
            Who::Winner => matches!(
                (winner, hand),
                (Winner::Punto, Hand::Punto) | (Winner::Banco, Hand::Banco)
            ),
            Who::Loser => matches!(
                (winner, hand),
                (Winner::Punto, Hand::Banco) | (Winner::Banco, Hand::Punto)
            ),
        };
        self.lean.kinds.iter().enumerate().fold(0, |m, (i, kind)| {
            let holds = match kind {
                Kind::Set(CardSet::FirstTwo(h), t) if *h == hand => t.holds(&cards[..2]),
                Kind::Set(CardSet::Third(h), t) if *h == hand => t.holds(&cards[2..len]),
                Kind::Set(CardSet::Cards(who), t) if plays(*who) => t.holds(&cards[..len]),
                _ => false,
            };
            m | u64::from(holds) << i
        })
    }
}

/// The slot of a hand of values (its first two, smaller first, and its third card or none).
fn slot(two: [u8; 2], third: Option<u8>) -> usize {
    (usize::from(two[0]) * 10 + usize::from(two[1])) * 11 + third.map_or(10, usize::from)
}

/// The ways to deal both hands' cards of the values they share, given the classes each takes
/// of them (sorted, `NONE` after): each class's count falling over both hands' cards of it.
fn joint_weight<I: Int>(falls: &[[I; 7]], a: &[u8; 3], b: &[u8; 3]) -> I {
    let mut taken = [NONE; 6];
    taken[..3].copy_from_slice(a);
    taken[3..].copy_from_slice(b);
    taken.sort_unstable();
    let mut w = I::from_u64(1);
    let mut at = 0;
    while at < 6 && taken[at] != NONE {
        let x = taken[at];
        let m = taken[at..].iter().take_while(|&&y| y == x).count();
        w = w.mul(&falls[usize::from(x)][m]);
        at += m;
    }
    w
}

/// A card of each value, standing for it where only values are read (a ten for 0).
fn card_of_value(v: u8) -> u8 {
    if v == 0 { 36 } else { 4 * (v - 1) }
}
