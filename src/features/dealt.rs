//! Bets on every card dealt: each opening multiset gathered by the multiset of classes dealt,
//! and the value-level counts of sub-shoes for "every card dealt is in a class" or "the
//! highest value dealt".

use super::lean::{Acc, Kind, Lean, VALUES, falling};
use super::openings::{ORDERS, next_multiset, runs_of};
use super::{Reads, classes_of};
use crate::outcome::FinalState;
use crate::play::{Opening, Plan};
use crate::rules::condition::{CardClass, CardSet, Numbers};
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::Shoe;
use crate::tally::Int;
use num_bigint::BigUint;
use std::collections::HashMap;

/// The classes for [`dealt_multisets`]: when every atom tests every card dealt and the bet
/// tells few enough classes apart for a table per multiset of six classes.
pub(super) fn dealt_classes(
    lean: &Lean,
    reads: &Reads,
    cards: &[u64; 52],
) -> Option<Vec<(u8, u8, u64)>> {
    let dealt_only = lean
        .kinds
        .iter()
        .all(|k| matches!(k, Kind::Set(CardSet::Dealt, _)));
    let classes = classes_of(reads, cards);
    (dealt_only && classes.len() <= 16).then_some(classes)
}

/// The binomial coefficients up to 21 choose 6, for ranking multisets of classes.
pub(super) const BINOMIAL: [[usize; 7]; 22] = {
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
pub(super) fn multiset_rank(sorted: &[usize]) -> usize {
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
pub(super) fn dealt_multisets<I: Int>(
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
/// Bets whose atoms read the final state and, of the cards, only whether every card dealt is
/// in a class (`all`) or the highest value dealt (`max_value`): both are decided by which of a
/// few base classes hold every card dealt. For each set Q of base classes, a value-level count
/// of the coups whose dealt cards all lie in their intersection (dealt from that sub-shoe, the
/// unused positions filled from the whole shoe); inclusion–exclusion then gives each exact
/// profile.
pub(super) struct DealtClasses {
    /// The base classes, as masks.
    pub(super) bases: Vec<u64>,
    /// For each atom on the cards dealt: its index and how its truth follows from the profile.
    pub(super) atoms: Vec<(usize, DealtAtom)>,
}

/// How a dealt atom's truth follows from the set of base classes that hold every card dealt.
pub(super) enum DealtAtom {
    /// Every card dealt is in base class `.0`.
    All(usize),
    /// The highest value dealt is in the set: the boundaries (value v and the base class of
    /// the cards worth at most v) where membership changes, in increasing order.
    Max(Numbers, Vec<(u8, usize)>),
}

impl DealtClasses {
    /// At most this many base classes (2⁶ sub-shoe counts at most).
    const MAX_BASES: usize = 6;

    pub(super) fn of(lean: &Lean) -> Option<DealtClasses> {
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
    pub(super) fn mask(&self, profile: usize) -> u64 {
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

    pub(super) fn count<I: Int>(
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
                    .or_insert_with(|| value_tally(values_within(cards, mask), n, drawing, plan))
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

/// The counts by value of the cards of a card-level shoe that lie in a class (a mask).
pub(super) fn values_within(cards: &[u64; 52], mask: u64) -> [u64; 10] {
    let mut values = [0u64; 10];
    for (i, &c) in cards.iter().enumerate() {
        if mask >> i & 1 == 1 {
            values[usize::from(VALUES[i])] += c;
        }
    }
    values
}

/// The weights by final state of the coups dealt from a sub-shoe of these value counts, the
/// positions the coup does not use filled from the whole shoe of `n` cards. A playable
/// sub-shoe is counted by the engine and rescaled (its tally fills the unused positions from
/// the sub-shoe itself, a factor of the number of cards used alone); a smaller one by a plain
/// walk over values.
pub(super) fn value_tally<I: Int>(
    values: [u64; 10],
    n: u64,
    drawing: &DrawingRules,
    plan: &Plan,
) -> Vec<I> {
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
pub(super) fn from_big<I: Int>(big: &BigUint) -> I {
    big.to_u32_digits()
        .iter()
        .rev()
        .fold(I::default(), |acc, &d| {
            acc.mul(&I::from_u64(1 << 32))
                .add(&I::from_u64(u64::from(d)))
        })
}
