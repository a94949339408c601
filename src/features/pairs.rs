//! Opening-only bets on the hands' first two cards: the hands' pair tables, and "all four
//! opening cards alike" by inclusion–exclusion over the pair tables of sub-shoes.

use super::lean::{Acc, Lean, falling, is_red};
use crate::outcome::Hand;
use crate::rules::condition::Same;
use crate::tally::Int;
use std::collections::{BTreeMap, HashMap};

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
pub(super) fn pair_tables<I: Int>(
    lean: &Lean,
    classes: &[(u8, u8, u64)],
    m: u64,
    n: u64,
    acc: &mut Acc<I>,
) {
    let k = classes.len();
    let card = |i: usize| classes[i].0;
    let count = |i: usize| classes[i].2;
    let ways = |a: u64, b: u64, same: bool| {
        I::from_u64(a).mul(&I::from_u64(b.saturating_sub(u64::from(same))))
    };
    let fill: I = falling(n.saturating_sub(4), 2);
    let dealable = |i: usize, j: usize| count(j) > u64::from(i == j);
    if k == 0 {
        return;
    }
    // Each hand's masks by its two classes, read once per pair: a test on a set of cards and a
    // total read no order.
    let table = |hand: Hand| {
        let mut masks = vec![0u64; k * k];
        for i in 0..k {
            for j in i..k {
                let m = lean.hand_mask(hand, [card(i), card(j)]);
                masks[i * k + j] = m;
                masks[j * k + i] = m;
            }
        }
        masks
    };
    let tables = [table(Hand::Punto), table(Hand::Banco)];
    let mask = |hand: Hand, i: usize, j: usize| tables[usize::from(hand == Hand::Banco)][i * k + j];
    let reads = |hand: Hand| {
        let masks = &tables[usize::from(hand == Hand::Banco)];
        masks.iter().any(|&m| m != masks[0])
    };
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
pub(super) fn same_openings<I: Int>(
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
