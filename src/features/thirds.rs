//! Bets that read the coup past its opening: the per-cell sums of the final state, two-card
//! totals and third cards, and the lean walk over opening multisets and third cards.

use super::lean::{Acc, Dealt, Kind, Lean, VALUES, falling};
use super::openings::{ORDERS, cells_of, next_multiset, runs_of};
use crate::outcome::{FinalState, Hand};
use crate::play::{Opening, Plan};
use crate::rules::condition::CardSet;
use crate::rules::{Action, PuntoMove};
use crate::tally::Int;
use std::collections::HashMap;

/// The lean walk over classes. The openings are taken as multisets of four classes (what
/// they leave in the shoe depends on nothing else): for each, its orderings are grouped by
/// what the rest of the coup reads of them (the two-card totals, the opening atoms' truths,
/// and the hands' cards when a role's cards are read), and the third cards are dealt once per
/// group. Per-hand atoms come from one table per hand, the opening's set atoms once per
/// multiset, and the atoms on every card dealt once per multiset of cards dealt; at the end
/// of a coup only the state's table and the third cards are read. Weights are added by mask,
/// never settled in the leaves.
pub(super) fn lean_walk<I: Int>(
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
pub(super) struct Thirds<'a, 'b, I> {
    pub(super) lean: &'a Lean<'b>,
    pub(super) classes: &'a [(u8, u8, u64)],
    /// The opening's classes.
    pub(super) pick: [usize; 4],
    dealt4: u64,
    /// The masks of the atoms on every card dealt, by multiset of classes dealt.
    pub(super) memo: &'a mut HashMap<u64, u64>,
    dealt5: &'a mut Vec<Option<u64>>,
    dealt6: &'a mut Vec<Option<u64>>,
    /// Whether some atom reads a role's cards.
    pub(super) roles: bool,
    /// The masks of the atoms on Punto's and Banco's third card, by its class.
    pub(super) third: &'a [Vec<u64>; 2],
    /// The same when the hand stood.
    pub(super) stood: [u64; 2],
    pub(super) fill: &'a [I; 3],
}

impl<I: Int> Thirds<'_, '_, I> {
    /// The mask of the atoms on every card dealt when these classes are dealt besides the
    /// opening, remembered across openings by the multiset of classes dealt.
    pub(super) fn dealt(&mut self, extra: &[usize]) -> u64 {
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

    pub(super) fn dealt5(&mut self, x: usize) -> u64 {
        match self.dealt5[x] {
            Some(m) => m,
            None => {
                let m = self.dealt(&[x]);
                self.dealt5[x] = Some(m);
                m
            }
        }
    }

    pub(super) fn dealt6(&mut self, x: usize, y: usize) -> u64 {
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

    pub(super) fn leaf(&self, coup: &Dealt, mask: u64, w: &I, acc: &mut Acc<I>) {
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
    pub(super) fn banco_draws(
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
    pub(super) fn deal(
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

/// Bets whose atoms read the final state, the hands' two-card totals and the hands' third
/// cards: what follows an opening depends on it only through its cell (the two totals) and the
/// cards it took. Per cell, the openings' weight `S0`, and their weight times the cards each
/// took of a class `S1[x]` or of two classes `S2[x][y]`; a third card of class `x` then comes
/// in `Σ w·(c_x − o_x) = c_x·S0 − S1[x]` ways, two in `c_x·c'_y·S0 − c_x·S1[y] − c'_y·S1[x] +
/// S2[x][y]` (`c'_y` less one when `y = x`), as the engine counts third cards.
// Classes are read by index in several tables at once.
#[allow(clippy::needless_range_loop)]
pub(super) fn third_cells<I: Int>(
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
    // Per cell, over the openings: S0 their weight, S1[x] their weight times the cards of
    // class x they took, S2[x][y] times those of x and of y. An opening's weight and the cards
    // it took depend only on its multiset, so each multiset is taken once, with its distinct
    // orderings counted by cell.
    let mut s0 = vec![I::default(); 100];
    let mut s1 = vec![I::default(); 100 * k];
    let mut s2 = vec![I::default(); 100 * k * k];
    let mut pick = [0usize; 4];
    let mut cells = [(0usize, 0u64); 6];
    loop {
        let (runs, len, _) = runs_of(&pick);
        let runs = &runs[..len];
        let weight = runs.iter().fold(I::from_u64(1), |w, &(c, m)| {
            w.mul(&falling::<I>(count(c), m))
        });
        if !weight.is_zero() {
            let n_cells = cells_of(pick.map(value), runs, &mut cells);
            for &(cell, ways) in &cells[..n_cells] {
                let w = weight.mul(&I::from_u64(ways));
                s0[cell] = s0[cell].add(&w);
                for &(x, mx) in runs {
                    let wx = w.mul(&I::from_u64(mx));
                    let slot = &mut s1[cell * k + x];
                    *slot = slot.add(&wx);
                    for &(y, my) in runs {
                        let slot = &mut s2[(cell * k + x) * k + y];
                        *slot = slot.add(&wx.mul(&I::from_u64(my)));
                    }
                }
            }
        }
        if !next_multiset(&mut pick, k) {
            break;
        }
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
