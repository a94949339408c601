//! Bets on every card dealt: each opening multiset gathered by the multiset of classes dealt,
//! and the value-level counts of sub-shoes for "every card dealt is in a class" or "the
//! highest value dealt".

use super::lean::{Acc, Kind, Lean, VALUES, falling};
use super::openings::{cells_of, next_multiset, runs_of};
use super::{Reads, classes_of};
use crate::outcome::FinalState;
use crate::play::{Opening, Plan};
use crate::rules::condition::{CardClass, CardSet, Numbers, Same};
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::Shoe;
use crate::tally::Int;
use num_bigint::BigUint;
use num_traits::ToPrimitive;
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

/// What follows an opening, by its cell (`10·Punto's total + Banco's`): `[four cards, Banco
/// alone draws, Punto alone draws v (10), both draw after Punto's v (10)]`, each 0 or 1.
type Follow = [u64; 22];

/// [`Follow`] for each of the 100 cells, by the plan.
fn follow_by_cell(plan: &Plan) -> Vec<Follow> {
    (0..100)
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
        .collect()
}

/// One opening multiset of classes, as the evaluators on every card dealt read it.
struct OpeningMultiset<'a, I> {
    /// The four classes, sorted.
    pick: &'a [usize; 4],
    /// The classes in runs (class, multiplicity).
    runs: &'a [(usize, u64)],
    /// The ways to deal one ordering of it.
    weight: I,
    /// Each class's count left in the shoe after it.
    left: &'a [u64],
    /// What follows, summed over its distinct orderings ([`Follow`]).
    follows: &'a Follow,
}

/// Every multiset of four classes that the shoe can deal (a non-zero weight), once, with what
/// follows its orderings summed by the plan: how many sequences deal a coup depends on its
/// opening only through the multiset and the cell.
fn each_opening<I: Int>(
    classes: &[(u8, u8, u64)],
    plan: &Plan,
    mut visit: impl FnMut(&OpeningMultiset<I>),
) {
    let k = classes.len();
    if k == 0 {
        return;
    }
    let follow = follow_by_cell(plan);
    let mut pick = [0usize; 4];
    let mut left: Vec<u64> = classes.iter().map(|c| c.2).collect();
    loop {
        let (runs, len, _) = runs_of(&pick);
        let runs = &runs[..len];
        let weight = runs.iter().fold(I::from_u64(1), |w, &(c, m)| {
            w.mul(&falling::<I>(classes[c].2, m))
        });
        if !weight.is_zero() {
            for &(c, m) in runs {
                left[c] -= m;
            }
            let mut follows = [0u64; 22];
            let mut cells = [(0usize, 0u64); 6];
            let len = cells_of(pick.map(|x| classes[x].1), runs, &mut cells);
            for &(cell, ways) in &cells[..len] {
                for (s, f) in follows.iter_mut().zip(&follow[cell]) {
                    *s += ways * f;
                }
            }
            visit(&OpeningMultiset {
                pick: &pick,
                runs,
                weight,
                left: &left,
                follows: &follows,
            });
            for &(c, m) in runs {
                left[c] += m;
            }
        }
        if !next_multiset(&mut pick, k) {
            break;
        }
    }
}

/// Bets whose atoms all test every card dealt: the truth depends only on the multiset of
/// classes dealt, and how many sequences deal it depends on an opening only through its
/// multiset and its cell ([`each_opening`]). Per opening multiset, every multiset of third
/// cards once, its weight added in a table by multiset of all the classes dealt, and each
/// multiset's atoms read once at the end.
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
    let value = |x: usize| usize::from(classes[x].1);
    let fill: [I; 3] =
        std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
    // Weights and the atoms' masks by multiset of classes dealt, for four, five and six cards.
    let sizes = [4, 5, 6].map(|r| BINOMIAL[k + r - 1][r]);
    let mut weights: [Vec<I>; 3] = sizes.map(|len| vec![I::default(); len]);
    let mut masks: [Vec<u64>; 3] = sizes.map(|len| vec![u64::MAX; len]);
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
    each_opening(classes, plan, |o: &OpeningMultiset<I>| {
        let (pick, follows, left) = (o.pick, o.follows, o.left);
        if follows[0] > 0 {
            let w = o.weight.mul(&I::from_u64(follows[0])).mul(&fill[0]);
            add(pick, w, &mut weights, &mut masks);
        }
        let mut five = [0usize; 5];
        let mut six = [0usize; 6];
        for x in 0..k {
            if left[x] == 0 {
                continue;
            }
            five[..4].copy_from_slice(pick);
            five[4] = x;
            five.sort_unstable();
            let alone = (follows[1] + follows[2 + value(x)]) * left[x];
            if alone > 0 {
                let w = o.weight.mul(&I::from_u64(alone)).mul(&fill[1]);
                add(&five, w, &mut weights, &mut masks);
            }
            let both = follows[12 + value(x)] * left[x];
            if both == 0 {
                continue;
            }
            let wx = o.weight.mul(&I::from_u64(both));
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
    });
    for (weights, masks) in weights.iter().zip(&masks) {
        for (w, &mask) in weights.iter().zip(masks) {
            if !w.is_zero() {
                acc.add(mask, w);
            }
        }
    }
}

/// Whether the atoms' truth depends only on how many cards of each class are dealt, not on
/// which classes: every atom tests every card dealt, and reads their ranks only to compare
/// them (groups of a rank, all of one rank) and otherwise only how many there are. The
/// classes are then the ranks (the values, when no test compares ranks), and relabelling
/// them keeps every atom's truth: the multiplicities dealt decide it (Lucky Match).
pub(super) fn reads_multiplicities(lean: &Lean) -> bool {
    lean.kinds.iter().all(|k| match k {
        Kind::Set(CardSet::Dealt, t) => {
            t.filter == CardClass::ALL.0
                && t.all.is_none()
                && t.straight.is_none()
                && t.ranks.is_none()
                && t.max_value.is_none()
                && matches!(t.same, None | Some(Same::Rank))
        }
        _ => false,
    })
}

/// The most cards of one class an opening holds, and so the multiplicities (0 to 4) a class
/// can have in it.
const OPENING_MULTIPLICITIES: usize = 5;

/// The partitions of four (an opening's multiplicities, largest first), in the order
/// [`opening_partition`] numbers them.
const PARTITIONS_OF_FOUR: [&[u8]; 5] = [&[4], &[3, 1], &[2, 2], &[2, 1, 1], &[1, 1, 1, 1]];

/// The index in [`PARTITIONS_OF_FOUR`] of an opening's multiplicities.
fn opening_partition(runs: &[(usize, u64)]) -> usize {
    let largest = runs.iter().map(|r| r.1).max().unwrap_or(0);
    match (runs.len(), largest) {
        (1, _) => 0,
        (2, 3) => 1,
        (2, _) => 2,
        (3, _) => 3,
        _ => 4,
    }
}

/// Bets whose atoms depend on the cards dealt only through their multiplicities
/// ([`reads_multiplicities`], Lucky Match): the weights are gathered by the opening's
/// partition of four and the multiplicity in the opening of each third card's class, never by
/// class. Per opening multiset (from [`each_opening`]), with `m_x` the multiplicity of class
/// `x` in it, `l_x` its count left and `b_x`, `a_x` the ways a third card of `x` ends the
/// coup on five cards or is followed by Banco's:
///
/// - five cards: `B[m] = Σ b_x·l_x` over the classes of multiplicity `m`;
/// - six cards, two classes `x ≠ y`: `A[m]·L[m'] − [m = m']·D[m]`, with `A[m] = Σ a_x·l_x`,
///   `L[m'] = Σ l_y` and `D[m] = Σ a_x·l_x²`;
/// - six cards, both of one class: `D[m] − A[m]` (`Σ a_x·l_x·(l_x − 1)`).
///
/// Each sum times the opening's weight is added under (partition, m, m'); at the end each such
/// slot becomes a partition of the cards dealt, whose atoms are read once on one multiset of
/// classes that has it.
// Classes are read by index in several tables at once.
#[allow(clippy::needless_range_loop)]
pub(super) fn dealt_multiplicities<I: Int>(
    lean: &Lean,
    classes: &[(u8, u8, u64)],
    n: u64,
    plan: &Plan,
    acc: &mut Acc<I>,
) {
    const M: usize = OPENING_MULTIPLICITIES;
    let k = classes.len();
    let value = |x: usize| usize::from(classes[x].1);
    let mut four: [I; 5] = Default::default();
    let mut five: [[I; M]; 5] = Default::default();
    let mut six_two: [[[I; M]; M]; 5] = Default::default();
    let mut six_one: [[I; M]; 5] = Default::default();
    let mut multiplicity = vec![0usize; k];
    each_opening(classes, plan, |o: &OpeningMultiset<I>| {
        let (follows, left, w) = (o.follows, o.left, &o.weight);
        let p = opening_partition(o.runs);
        for &(c, m) in o.runs {
            multiplicity[c] = m as usize;
        }
        let (mut b, mut a, mut l) = ([0u64; M], [0u64; M], [0u64; M]);
        let mut d: [I; M] = Default::default();
        for x in 0..k {
            let m = multiplicity[x];
            let ax = follows[12 + value(x)] * left[x];
            b[m] += (follows[1] + follows[2 + value(x)]) * left[x];
            a[m] += ax;
            l[m] += left[x];
            if ax > 0 {
                d[m] = d[m].add(&I::from_u64(ax).mul(&I::from_u64(left[x])));
            }
        }
        for &(c, _) in o.runs {
            multiplicity[c] = 0;
        }
        let add = |slot: &mut I, ways: &I| *slot = slot.add(&w.mul(ways));
        add(&mut four[p], &I::from_u64(follows[0]));
        for m in (0..M).filter(|&m| l[m] > 0) {
            add(&mut five[p][m], &I::from_u64(b[m]));
            if a[m] == 0 {
                continue;
            }
            add(&mut six_one[p][m], &d[m].sub(&I::from_u64(a[m])));
            for m2 in (0..M).filter(|&m2| l[m2] > 0) {
                let pairs = I::from_u64(a[m]).mul(&I::from_u64(l[m2]));
                let pairs = if m2 == m { pairs.sub(&d[m]) } else { pairs };
                add(&mut six_two[p][m][m2], &pairs);
            }
        }
    });
    let fill: [I; 2] =
        std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
    // The atoms' mask of each partition of the cards dealt, read once.
    let mut by_partition: Vec<(Vec<u8>, u64)> = Vec::new();
    let mut add = |opening: &[u8], thirds: &[(usize, u8)], w: &I| {
        if w.is_zero() {
            return;
        }
        // A slot has weight only if the opening has classes of these multiplicities and the
        // shoe as many classes as the cards dealt show.
        let Some(parts) = dealt_partition(opening, thirds).filter(|p| p.len() <= k) else {
            return;
        };
        let mask = match by_partition.iter().find(|(q, _)| *q == parts) {
            Some(&(_, mask)) => mask,
            None => {
                // One multiset with these multiplicities: the first classes, in turn.
                let dealt: Vec<u8> = (parts.iter().enumerate())
                    .flat_map(|(x, &m)| std::iter::repeat_n(classes[x].0, usize::from(m)))
                    .collect();
                let mask = lean.dealt_mask(&dealt);
                by_partition.push((parts, mask));
                mask
            }
        };
        acc.add(mask, w);
    };
    for (p, opening) in PARTITIONS_OF_FOUR.iter().enumerate() {
        add(opening, &[], &four[p].mul(&fill[0]));
        for m in 0..M {
            add(opening, &[(m, 1)], &five[p][m].mul(&fill[1]));
            add(opening, &[(m, 2)], &six_one[p][m]);
            for m2 in 0..M {
                add(opening, &[(m, 1), (m2, 1)], &six_two[p][m][m2]);
            }
        }
    }
}

/// The multiplicities of the cards dealt, largest first: an opening's (`opening`), and third
/// cards of distinct classes, each given by its multiplicity in the opening (0: a class the
/// opening does not hold) and its number of cards. `None` when the opening holds no such
/// classes.
fn dealt_partition(opening: &[u8], thirds: &[(usize, u8)]) -> Option<Vec<u8>> {
    let mut parts = opening.to_vec();
    let mut grown = vec![false; parts.len()];
    for &(m, cards) in thirds {
        if m == 0 {
            parts.push(cards);
            continue;
        }
        let i = (0..opening.len()).find(|&i| !grown[i] && usize::from(opening[i]) == m)?;
        parts[i] += cards;
        grown[i] = true;
    }
    parts.sort_unstable_by(|a, b| b.cmp(a));
    Some(parts)
}

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
        // By the cards a state uses (4, 5 or 6): the ways to fill the rest from the sub-shoe
        // (what the tally counted) and from the whole shoe (what is wanted). The quotient is
        // the count of the coup's own cards, taken in 128 bits when it fits.
        let own: [u128; 3] = std::array::from_fn(|d| falling(sub_n - 4 - d as u64, 2 - d as u64));
        let whole: [I; 3] =
            std::array::from_fn(|d| falling(n.saturating_sub(4 + d as u64), 2 - d as u64));
        return FinalState::all()
            .map(|state| {
                let d = usize::from(state.cards_used()) - 4;
                let weight = tally.weight(state);
                match weight.to_u128() {
                    Some(0) => I::default(),
                    Some(w) => from_u128::<I>(w / own[d]).mul(&whole[d]),
                    None => {
                        let whole: BigUint = falling(n.saturating_sub(4 + d as u64), 2 - d as u64);
                        from_big(&(weight / own[d] * whole))
                    }
                }
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

/// A 128-bit integer in the type: exact whenever the value fits (wrapping types are then
/// exact).
fn from_u128<I: Int>(x: u128) -> I {
    let half = I::from_u64(1 << 32);
    I::from_u64((x >> 64) as u64)
        .mul(&half)
        .mul(&half)
        .add(&I::from_u64(x as u64))
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
