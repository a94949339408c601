//! The exact sums: the number of sequences of deals in which a figure's linear conditions on
//! the counts of its groups hold, by rows, by powers, or term by term.

use super::Category;
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// How a linear function of the counts compares with zero.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Relation {
    /// Strictly above zero.
    Above,
    /// Zero or above.
    AtLeast,
}

impl Relation {
    fn holds(self, value: i128) -> bool {
        match self {
            Relation::Above => value > 0,
            Relation::AtLeast => value >= 0,
        }
    }
}

/// Categories merged because the conditions cannot tell them apart: one coefficient per
/// condition, and the summed weight.
#[derive(Debug, Clone)]
pub(super) struct Group {
    pub(super) coefficients: Vec<i64>,
    pub(super) weight: BigUint,
}

/// A figure before it is summed: the groups of final states its conditions tell apart (one
/// coefficient per condition), and its name for a refusal.
#[derive(Debug, Clone)]
pub(super) struct Figure {
    pub(super) name: String,
    pub(super) conditions: usize,
    pub(super) groups: Vec<Group>,
}

impl Figure {
    /// The figure of conditions given per category (`coefficients[c][i]`, condition `c` on
    /// category `i`), its categories merged into groups.
    pub(super) fn new(name: String, categories: &[Category], coefficients: &[Vec<i64>]) -> Figure {
        let mut merged: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
        for (i, category) in categories.iter().enumerate() {
            let key: Vec<i64> = coefficients.iter().map(|c| c[i]).collect();
            *merged.entry(key).or_default() += &category.weight;
        }
        Figure {
            name,
            conditions: coefficients.len(),
            groups: merged
                .into_iter()
                .map(|(coefficients, weight)| Group {
                    coefficients,
                    weight,
                })
                .collect(),
        }
    }
}

/// The number of ways to write `n` as an ordered sum of `parts` counts, `C(n + parts − 1,
/// parts − 1)`; `None` beyond 2¹²⁸.
pub(super) fn compositions(n: u32, parts: usize) -> Option<u128> {
    // A product of exact binomials: after step i it is C(n + i, i).
    let mut ways: u128 = 1;
    for i in 1..parts as u128 {
        ways = ways.checked_mul(u128::from(n) + i)? / i;
    }
    Some(ways)
}

/// The greatest common divisor, by Euclid (its operands here have a few words at most).
pub(super) fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while !b.is_zero() {
        let r = &a % &b;
        (a, b) = (b, r);
    }
    a
}

/// The greatest common divisor of two machine integers.
fn gcd_u64(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The greatest common divisor of two positive machine integers.
pub(super) fn gcd_i64(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.abs()
}

/// `x · numerator / denominator`, known to be exact.
fn ratio_step(x: &BigUint, numerator: &BigUint, denominator: &BigUint) -> BigUint {
    let product = x * numerator;
    debug_assert!((&product % denominator).is_zero());
    product / denominator
}

/// A prefix sum over one binomial row, scaled by the row's outer factor `o`:
/// `prefix = o · Σ_{a ≤ x} C(r, a) p^a q^(r−a)` and `term = o · C(r, x) p^x q^(r−x)` (zero at
/// `x = −1`), for a row `r` that advances one by one.
struct Cursor {
    x: i64,
    prefix: BigUint,
    term: BigUint,
}

impl Cursor {
    pub(super) fn new() -> Cursor {
        Cursor {
            x: -1,
            prefix: BigUint::zero(),
            term: BigUint::zero(),
        }
    }

    /// Moves to `target` (from −1 to `r`) within row `r`, whose first term is `edge`
    /// (`o · q^r`).
    fn move_to(&mut self, target: i64, r: u32, p: &BigUint, q: &BigUint, edge: &BigUint) {
        let r = i64::from(r);
        while self.x < target {
            // term(x + 1) = term(x) · (r − x) p / ((x + 1) q).
            self.term = if self.x == -1 {
                edge.clone()
            } else {
                let up = BigUint::from((r - self.x) as u64) * p;
                let down = BigUint::from((self.x + 1) as u64) * q;
                ratio_step(&self.term, &up, &down)
            };
            self.x += 1;
            self.prefix += &self.term;
        }
        while self.x > target {
            self.prefix -= &self.term;
            // term(x − 1) = term(x) · x q / ((r − x + 1) p).
            self.term = if self.x == 0 {
                BigUint::zero()
            } else {
                let up = BigUint::from(self.x as u64) * q;
                let down = BigUint::from((r - self.x + 1) as u64) * p;
                ratio_step(&self.term, &up, &down)
            };
            self.x -= 1;
        }
    }

    /// From row `r` to row `r + 1`, at the same `x`, as the outer factor changes by
    /// `up / down`: by Pascal's rule the unscaled prefix becomes `(p + q) · prefix − p · term`,
    /// and the unscaled term gains a factor `(r + 1) q / (r + 1 − x)`.
    fn advance(&mut self, r: u32, [p, q, p_plus_q]: [&BigUint; 3], up: &BigUint, down: &BigUint) {
        if self.x < 0 {
            return;
        }
        let pascal = &self.prefix * p_plus_q - &self.term * p;
        self.prefix = ratio_step(&pascal, up, down);
        let term_up = BigUint::from(u64::from(r) + 1) * q * up;
        let term_down = BigUint::from(u64::from(r) + 1 - self.x as u64) * down;
        self.term = ratio_step(&self.term, &term_up, &term_down);
    }
}

/// `floor(a / b)` and `ceil(a / b)` for `b > 0`.
fn floor_div(a: i128, b: i128) -> i128 {
    a.div_euclid(b)
}

fn ceil_div(a: i128, b: i128) -> i128 {
    -(-a).div_euclid(b)
}

/// The number of sequences of `n` deals whose counts of the three groups meet every
/// condition (each condition's value shifted by its offset), by rows: the third group's count `t` outside, the first two splitting the rest
/// binomially inside, where the conditions keep an interval of the first group's count.
fn by_rows(groups: &[Group; 3], relations: &[Relation], offsets: &[i128], n: u32) -> BigUint {
    let [p, q, s] = [0, 1, 2].map(|i| &groups[i].weight);
    let p_plus_q = p + q;
    let mut total = BigUint::zero();
    // Every row is scaled by its outer factor C(n, t) s^t, so that a row's sum is added as
    // it is, without a product of two long numbers: `whole` is the scaled sum of the row,
    // `edge` its scaled first term, o · (p + q)^r and o · q^r, from r = 0 (t = n).
    let mut whole = s.pow(n);
    let mut edge = whole.clone();
    let (mut low, mut high) = (Cursor::new(), Cursor::new());
    for r in 0..=n {
        let t = i128::from(n - r);
        // The first group's count a runs over 0..=r; each condition is α a + β ≷ 0.
        let (mut from, mut to) = (0i128, i128::from(r));
        for (c, relation) in relations.iter().enumerate() {
            let [k0, k1, k2] = [0, 1, 2].map(|g| i128::from(groups[g].coefficients[c]));
            let (alpha, beta) = (k0 - k1, k1 * i128::from(r) + k2 * t + offsets[c]);
            let strict = *relation == Relation::Above;
            match alpha.signum() {
                0 if relation.holds(beta) => {}
                0 => to = -1,
                1 => {
                    // a > −β/α, or a ≥ −β/α.
                    let bound = if strict {
                        floor_div(-beta, alpha) + 1
                    } else {
                        ceil_div(-beta, alpha)
                    };
                    from = from.max(bound);
                }
                _ => {
                    // a < β/(−α), or a ≤ β/(−α).
                    let bound = if strict {
                        ceil_div(beta, -alpha) - 1
                    } else {
                        floor_div(beta, -alpha)
                    };
                    to = to.min(bound);
                }
            }
        }
        if from <= to {
            if from == 0 && to == i128::from(r) {
                total += &whole;
            } else {
                high.move_to(to as i64, r, p, q, &edge);
                low.move_to(from as i64 - 1, r, p, q, &edge);
                total += &high.prefix - &low.prefix;
            }
        }
        if r < n {
            // C(n, t − 1) s^(t − 1) = C(n, t) s^t · t / ((n − t + 1) s).
            let t = t as u64;
            let up = BigUint::from(t);
            let down = BigUint::from(u64::from(n) - t + 1) * s;
            high.advance(r, [p, q, &p_plus_q], &up, &down);
            low.advance(r, [p, q, &p_plus_q], &up, &down);
            whole = ratio_step(&(whole * &p_plus_q), &up, &down);
            edge = ratio_step(&(edge * q), &up, &down);
        }
    }
    total
}

/// The values one condition gives the groups, on their common step: `low + j · step` for `j`
/// from 0 to `span`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Lattice {
    low: i128,
    high: i128,
    pub(super) step: i128,
    pub(super) span: u64,
}

impl Lattice {
    /// The lattice of the groups' first coefficients; `None` for fewer than two values.
    pub(super) fn of(groups: &[Group]) -> Option<Lattice> {
        let values = || groups.iter().map(|g| i128::from(g.coefficients[0]));
        let (low, high) = (values().min()?, values().max()?);
        if low == high {
            return None;
        }
        // Below 2⁶⁴: every value and difference of values fits an i64 (checked in `new`).
        let step = values().fold(0u64, |g, v| gcd_u64(g, (v - low) as u64));
        let step = i128::from(step.max(1));
        Some(Lattice {
            low,
            high,
            step,
            span: ((high - low) / step) as u64,
        })
    }

    /// How many coefficients of the power, over `n` deals, hold a value at or below zero,
    /// counted from the lowest value up; and how many hold a value at or above zero, counted
    /// from the highest down.
    pub(super) fn counted_from_each_end(&self, n: u32) -> (u128, u128) {
        let n = i128::from(n);
        let last = u128::from(self.span) * n as u128;
        let count = |room: i128| match room {
            r if r < 0 => 0,
            r => ((r / self.step) as u128).min(last) + 1,
        };
        (count(-n * self.low), count(n * self.high))
    }
}

/// Calls `visit` with the coefficients `c_0, c_1, …, c_(count − 1)` of `P(x)^n`, where
/// `P(x) = base + Σ a_j x^j` (`base` not zero, each `j` at least 1), by J. C. P. Miller's
/// recurrence `k · base · c_k = Σ_j ((n + 1) j − k) a_j c_(k−j)`: each coefficient from the
/// `max j` before it, only those held.
fn power_coefficients(
    base: &BigUint,
    terms: &[(u64, BigUint)],
    n: u32,
    count: u64,
    visit: &mut dyn FnMut(u64, &BigInt),
) {
    if count == 0 {
        return;
    }
    let span = terms.iter().map(|(j, _)| *j).max().unwrap_or(0);
    // A ring of the last coefficients: `span + 1` of them, or all of them when fewer are
    // computed (an index is never overwritten before it is read).
    let ring = span.min(count - 1) + 1;
    let mut window = vec![BigInt::zero(); ring as usize];
    window[0] = BigInt::from(base.pow(n));
    visit(0, &window[0]);
    let base = BigInt::from(base.clone());
    let terms: Vec<(u64, BigInt)> = terms
        .iter()
        .map(|(j, a)| (*j, BigInt::from(a.clone())))
        .collect();
    let n_plus_1 = i128::from(n) + 1;
    for k in 1..count {
        let mut sum = BigInt::zero();
        for (j, a) in &terms {
            let Some(before) = k.checked_sub(*j) else {
                continue;
            };
            let factor = n_plus_1 * i128::from(*j) - i128::from(k);
            if factor != 0 {
                sum += &window[(before % ring) as usize] * (a * BigInt::from(factor));
            }
        }
        let coefficient = sum / (&base * BigInt::from(k));
        visit(k, &coefficient);
        window[(k % ring) as usize] = coefficient;
    }
}

/// The numbers of sequences of `n` deals for which one linear function of the counts ends
/// above, at and below zero, through the distribution of its value: with `P(x) = Σ weight ·
/// x^j` over the values `low + j · step`, the counts are the coefficients of `P^n`. Only the
/// coefficients on the side of zero nearer an end are computed, from that end (the reversed
/// polynomial counts from the top); the third count is what remains of `all`, `W^n`.
fn by_powers(groups: &[Group], n: u32, all: &BigUint) -> [BigUint; 3] {
    let Some(lattice) = Lattice::of(groups) else {
        // One value: every sequence ends on `n` times it.
        let value = groups.first().map_or(0, |g| g.coefficients[0]);
        let mut counts = [BigUint::zero(), BigUint::zero(), BigUint::zero()];
        counts[match (i128::from(n) * i128::from(value)).signum() {
            1 => 0,
            0 => 1,
            _ => 2,
        }] = all.clone();
        return counts;
    };
    let (bottom, top) = lattice.counted_from_each_end(n);
    let from_bottom = bottom <= top;
    let index = |g: &Group| {
        let value = i128::from(g.coefficients[0]);
        let offset = match from_bottom {
            true => value - lattice.low,
            false => lattice.high - value,
        };
        (offset / lattice.step) as u64
    };
    let mut base = BigUint::zero();
    let mut terms = Vec::new();
    for group in groups {
        match index(group) {
            0 => base = group.weight.clone(),
            j => terms.push((j, group.weight.clone())),
        }
    }
    let (start, signed_step) = match from_bottom {
        true => (lattice.low, lattice.step),
        false => (lattice.high, -lattice.step),
    };
    let (mut beyond, mut at) = (BigInt::zero(), BigInt::zero());
    let count = bottom.min(top) as u64;
    power_coefficients(
        &base,
        &terms,
        n,
        count,
        &mut |k, coefficient| match i128::from(n) * start + i128::from(k) * signed_step {
            0 => at = coefficient.clone(),
            _ => beyond += coefficient,
        },
    );
    // Coefficients are counts: never negative.
    let (beyond, at) = (beyond.into_parts().1, at.into_parts().1);
    let rest = all - &beyond - &at;
    match from_bottom {
        true => [rest, at, beyond],
        false => [beyond, at, rest],
    }
}

/// The numbers of sequences of `n` deals in which every condition is above zero, and in
/// which every condition is at or above zero, summed term by term over every tuple of counts
/// of the groups: the plain walk.
pub(super) fn walked(groups: &[Group], conditions: usize, n: u32) -> [BigUint; 2] {
    let (mut strict, mut weak) = (BigUint::zero(), BigUint::zero());
    walk(groups, n, &mut |counts, term| {
        let values = (0..conditions).map(|c| -> i128 {
            groups
                .iter()
                .zip(counts)
                .map(|(g, &m)| i128::from(g.coefficients[c]) * i128::from(m))
                .sum()
        });
        let (mut above, mut at_least) = (true, true);
        for value in values {
            above &= Relation::Above.holds(value);
            at_least &= Relation::AtLeast.holds(value);
        }
        if at_least {
            weak += term;
        }
        if above {
            strict += term;
        }
    });
    [strict, weak]
}

/// Calls `visit` with every tuple of counts of the groups over `n` deals and its number of
/// sequences, each term from the one before by a ratio.
pub(super) fn walk(groups: &[Group], n: u32, visit: &mut dyn FnMut(&[u32], &BigUint)) {
    let last = groups.len() - 1;
    let mut counts = vec![0u32; groups.len()];
    counts[last] = n;
    let start = groups[last].weight.pow(n);
    walk_level(groups, 0, start, &mut counts, visit);
}

fn walk_level(
    groups: &[Group],
    level: usize,
    mut term: BigUint,
    counts: &mut [u32],
    visit: &mut dyn FnMut(&[u32], &BigUint),
) {
    let last = groups.len() - 1;
    if level == last {
        visit(counts, &term);
        return;
    }
    let saved = (counts[level], counts[last]);
    loop {
        if level + 1 == last {
            visit(counts, &term);
        } else {
            walk_level(groups, level + 1, term.clone(), counts, visit);
        }
        if counts[last] == 0 {
            break;
        }
        // One deal moves from the last group to this one.
        let up = BigUint::from(counts[last]) * &groups[level].weight;
        let down = BigUint::from(counts[level] + 1) * &groups[last].weight;
        term = ratio_step(&term, &up, &down);
        counts[level] += 1;
        counts[last] -= 1;
    }
    (counts[level], counts[last]) = saved;
}

/// How a figure's counts are summed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Method {
    /// Term by term over every tuple of counts ([`walked`]).
    Walk,
    /// By rows of binomial sums, for three groups ([`by_rows`]).
    Rows,
    /// By rows, the groups beyond three peeled off one count at a time ([`peeled`]).
    Peeled,
    /// By the coefficients of a power of a polynomial, for one condition ([`by_powers`]).
    Powers,
}

impl Method {
    pub(super) const ALL: [Method; 4] =
        [Method::Walk, Method::Rows, Method::Peeled, Method::Powers];
}

/// The numbers of sequences of `n` deals in which every condition of the figure is above
/// zero, and in which every one is at or above zero, summed by `method`.
pub(super) fn counts(figure: &Figure, method: Method, n: u32, all: &BigUint) -> [BigUint; 2] {
    let groups = figure.groups.as_slice();
    let offsets = vec![0i128; figure.conditions];
    let each = |relation| vec![relation; figure.conditions];
    let (above, at_least) = (each(Relation::Above), each(Relation::AtLeast));
    match (method, <&[Group; 3]>::try_from(groups)) {
        (Method::Powers, _) if figure.conditions == 1 => {
            let [above, at, _] = by_powers(groups, n, all);
            let at_least = &above + at;
            [above, at_least]
        }
        (Method::Rows, Ok(three)) => [
            by_rows(three, &above, &offsets, n),
            by_rows(three, &at_least, &offsets, n),
        ],
        (Method::Peeled, _) if groups.len() > 3 => [
            peeled(groups, &above, &offsets, n),
            peeled(groups, &at_least, &offsets, n),
        ],
        _ => walked(groups, figure.conditions, n),
    }
}

/// The count of [`by_rows`] over more than three groups: the last group's count `m` outside
/// (`C(n, m) w^m` ways), the other groups over the `n − m` other deals inside, the conditions
/// shifted by what the last group's deals add.
fn peeled(groups: &[Group], relations: &[Relation], offsets: &[i128], n: u32) -> BigUint {
    if let Ok(three) = <&[Group; 3]>::try_from(groups) {
        return by_rows(three, relations, offsets, n);
    }
    let (last, rest) = groups.split_last().expect("more than three groups");
    let mut total = BigUint::zero();
    let mut outer = BigUint::one();
    for m in 0..=n {
        let shifted: Vec<i128> = offsets
            .iter()
            .zip(&last.coefficients)
            .map(|(o, &k)| o + i128::from(m) * i128::from(k))
            .collect();
        total += &outer * peeled(rest, relations, &shifted, n - m);
        if m < n {
            // C(n, m + 1) w^(m + 1) = C(n, m) w^m · (n − m) w / (m + 1).
            let up = BigUint::from(n - m) * &last.weight;
            outer = ratio_step(&outer, &up, &BigUint::from(m + 1));
        }
    }
    total
}

/// `numerator / denominator` reduced, where every prime of the denominator divides `base`
/// (a power of the deal's count): common factors are found through `gcd(numerator, base)`,
/// which is cheap, rather than through the gcd of two numbers of thousands of digits.
pub(super) fn reduced(
    mut numerator: BigUint,
    base: &BigUint,
    mut denominator: BigUint,
) -> BigRational {
    if numerator.is_zero() {
        return BigRational::zero();
    }
    loop {
        let common = gcd(base.clone(), &numerator % base);
        let common = gcd(common.clone(), &denominator % &common);
        if common.is_one() {
            break;
        }
        // Divide by common, then by its square, its fourth power… while both allow.
        let mut power = common;
        while (&numerator % &power).is_zero() && (&denominator % &power).is_zero() {
            numerator /= &power;
            denominator /= &power;
            power = &power * &power;
        }
    }
    BigRational::new_raw(BigInt::from(numerator), BigInt::from(denominator))
}
