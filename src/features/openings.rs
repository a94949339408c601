//! Opening-only bets on the opening as a set: each multiset of four classes once, times its
//! orderings.

use super::lean::{Acc, Lean, falling};
use super::{Reads, classes_of};
use crate::rules::condition::{Atom, CardClass, Same};
use crate::tally::Int;

/// Opening-only bets on the opening as a set: every multiset of four classes once, times its
/// orderings (a sequence's weight does not depend on the order of its cards). When the atoms
/// read suits only as "the whole opening is of one suit", the classes drop the suit and each
/// multiset is split into its suited and its other sequences.
pub(super) fn opening_sets<I: Int>(
    lean: &Lean,
    reads: &Reads,
    cards: &[u64; 52],
    n: u64,
    acc: &mut Acc<I>,
) {
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
    }) && reads.colour == 0;
    let reads = if suited_only {
        Reads {
            suit: 0,
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
    pub(super) fn next(pick: &mut [usize; 4], k: usize) -> bool {
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
pub(super) fn next_multiset(pick: &mut [usize; 4], k: usize) -> bool {
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
pub(super) fn runs_of(pick: &[usize; 4]) -> ([(usize, u64); 4], usize, u64) {
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

/// The cells (`10·Punto's total + Banco's`) the orderings of an opening multiset deal, each
/// with its number of distinct orderings (they sum to `24 / Π m!`), in `out`; returns how
/// many cells. A cell depends only on which two cards go to Punto: each of the six ways to
/// split the four cards into two hands is four of the 24 orders, and every distinct ordering
/// is `Π m!` of them (`m` the multiplicities, from [`runs_of`]).
pub(super) fn cells_of(
    values: [u8; 4],
    runs: &[(usize, u64)],
    out: &mut [(usize, u64); 6],
) -> usize {
    const SPLITS: [[usize; 4]; 6] = [
        [0, 1, 2, 3],
        [0, 2, 1, 3],
        [0, 3, 1, 2],
        [1, 2, 0, 3],
        [1, 3, 0, 2],
        [2, 3, 0, 1],
    ];
    let mut len = 0;
    for [a, b, c, d] in SPLITS {
        let tp = (values[a] + values[b]) % 10;
        let tb = (values[c] + values[d]) % 10;
        let cell = usize::from(tp) * 10 + usize::from(tb);
        match out[..len].iter_mut().find(|(x, _)| *x == cell) {
            Some(slot) => slot.1 += 4,
            None => {
                out[len] = (cell, 4);
                len += 1;
            }
        }
    }
    let repeats: u64 = runs
        .iter()
        .map(|&(_, m)| (1..=m).product::<u64>())
        .product();
    for slot in &mut out[..len] {
        slot.1 /= repeats;
    }
    len
}

/// The 24 orders of four positions.
pub(super) const ORDERS: [[usize; 4]; 24] = {
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
