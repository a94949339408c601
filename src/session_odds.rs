//! Exact odds of the home format: every deal starts from a full shoe, so deals are
//! independent and the final scores of fixed predictions follow a multinomial law.
//!
//! The deal's final states are grouped into categories, one for each distinct tuple of net
//! changes of the three fixed strategies (always Punto, always Banco, always Tie): three for
//! the reference tariff (Punto wins, Banco wins, ties), four for EZ Baccarat (whose Banco
//! pushes on a three-card 7). Over `n` deals, how many deals end in each category is
//! multinomial, and every figure is an integer count of sequences over one common
//! denominator, `W^n` (`W`, the deal's number of ordered six-card sequences), reduced to a
//! fraction only at the end.
//!
//! A figure is the probability of a region of those counts cut by linear conditions on the
//! scores (a strategy ahead of zero, ahead of another, first at a table). The categories
//! that the conditions cannot tell apart are merged first. Over three groups the region is
//! summed with one-dimensional recurrences: for each count of the third group, the first two
//! split the rest binomially and the conditions keep an interval of it, whose sum follows
//! from the row before in a constant number of big-number steps. A thousand deals thus cost
//! a few thousand big-number steps per figure, not the half million terms of the multinomial.
//! A figure on one score (or one difference of scores) that tells four or more groups apart
//! follows from the coefficients of a power of a polynomial, by a recurrence started from the
//! end of the scores nearer zero; one on several scores peels the extra groups off one count
//! at a time, down to three; a few deals are simply walked term by term.
//!
//! Before any sum starts, the work of every figure is estimated from the real sizes: the
//! coefficients, rows or terms each method would visit, times the length in 64-bit words of
//! the numbers it handles (a count over `n` deals has `n` times the bits of the deal's
//! count), and the bytes it would hold at once. Each figure is summed by the method of least
//! work, and odds whose whole work exceeds [`WORK_BUDGET`], or one figure's numbers
//! [`MEMORY_BUDGET`], are refused at once, naming the most deals that fit.

use crate::analysis::Analysis;
use crate::rules::{MainBet, Rules};
use crate::shoe::{Shoe, ShoeError};
use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{One, Zero};
use std::collections::BTreeMap;

/// A probability distribution over scores (net changes at the stake).
pub type Distribution = BTreeMap<Ratio<i64>, BigRational>;

/// The most deals a session may have: the work of a figure grows a little faster than the
/// square of the deals (the numbers have `n` times the digits of one deal's count), and
/// 10,000 deals take about a minute.
pub const MAX_DEALS: u32 = 10_000;

/// Sessions of up to this many deals have every strategy's whole final-score distribution;
/// longer ones have the summary figures only (the Banco strategy alone has tens of thousands
/// of scores after 1,000 deals).
pub const FULL_DISTRIBUTION_DEALS: u32 = 30;

/// The most work the odds of one command may take (a session's figures, or a table's), in
/// word operations: an addition, or a product or quotient by a number of one word, on one
/// 64-bit word of a big number; a product of two long numbers counts as Karatsuba's
/// `3^⌈log₂ words⌉`. The reference tariff's 10,000 deals are estimated at 2 × 10¹⁰; the
/// budget takes about half a minute to a minute on a 2-core machine, by its load.
pub const WORK_BUDGET: u128 = 30_000_000_000;

/// The most bytes the numbers of one figure may hold at once: the window of coefficients of a
/// power of a polynomial, or a whole final-score distribution.
pub const MEMORY_BUDGET: u128 = 1 << 30;

/// The most participants at a table of fixed predictions.
pub const MAX_PLAYERS: usize = 64;

/// The odds of the home format for the three fixed strategies.
#[derive(Debug, Clone)]
pub struct SessionOdds {
    /// The number of deals in a session.
    pub(crate) deals: u32,
    /// The stake on each deal.
    pub(crate) stake: i64,
    /// One deal exactly: the analysis of a full shoe.
    pub(crate) deal: Analysis,
    /// The deal's categories of final states.
    categories: Vec<Category>,
    /// Nets are counted in units of `1 / scale` of a stake.
    scale: i64,
    /// `W`: the sum of the categories' weights, the number of sequences of a deal divided by
    /// the weights' common factor.
    total: BigUint,
    /// `W^n`: the common denominator.
    all: BigUint,
    /// For each fixed strategy, its whole final-score distribution; empty beyond
    /// [`FULL_DISTRIBUTION_DEALS`].
    pub(crate) finals: Vec<(MainBet, Distribution)>,
    /// For each fixed strategy, the probabilities that it finishes above, at and below zero.
    signs: Vec<(MainBet, [BigRational; 3])>,
    /// For each pair of strategies, in the order of [`MainBet::ALL`], the probabilities that
    /// the first finishes ahead of, level with and behind the second.
    heads: Vec<((MainBet, MainBet), [BigRational; 3])>,
}

/// Final states that change every strategy's score alike, and how many sequences end in them.
#[derive(Debug, Clone)]
struct Category {
    /// The net change of each strategy (in the order of [`MainBet::ALL`]) at the stake, in
    /// units of `1 / scale`.
    units: [i64; 3],
    /// The number of sequences of the deal that end in this category.
    weight: BigUint,
}

/// One participant at a table of fixed predictions and their exact chances of finishing
/// first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerOdds {
    prediction: MainBet,
    wins_alone: BigRational,
    shares_first: BigRational,
}

impl PlayerOdds {
    /// The prediction the participant makes on every deal.
    pub fn prediction(&self) -> MainBet {
        self.prediction
    }

    /// The probability of finishing first alone, with a score above everyone else's.
    pub fn wins_alone(&self) -> &BigRational {
        &self.wins_alone
    }

    /// The probability of sharing first place: the best score, held by someone else too.
    pub fn shares_first(&self) -> &BigRational {
        &self.shares_first
    }
}

/// Session odds that cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SessionOddsError {
    /// The shoe cannot be analysed.
    #[error(transparent)]
    Shoe(#[from] ShoeError),
    /// The scores would not fit 64-bit fractions.
    #[error(
        "a stake of {stake} over {deals} deals makes scores too large for 64-bit fractions: use a smaller stake or fewer deals"
    )]
    ScoreTooLarge {
        /// The stake given.
        stake: i64,
        /// The number of deals given.
        deals: u32,
    },
    /// No deal at all, or more than [`MAX_DEALS`].
    #[error("a session of {deals} deals cannot be computed: expected 1 to {max} deals")]
    Deals {
        /// The number of deals given.
        deals: u32,
        /// The most deals accepted.
        max: u32,
    },
    /// The odds would take more than [`WORK_BUDGET`] word operations, or one figure more than
    /// [`MEMORY_BUDGET`] bytes at once: refused before any sum starts.
    #[error("{}", too_much_work(*.deals, .figure, *.groups, *.steps, *.bytes, *.most))]
    TooMuchWork {
        /// The number of deals asked for.
        deals: u32,
        /// The figure that costs the most (or, when memory is short, holds the most), in words.
        figure: String,
        /// The groups of final states that figure tells apart.
        groups: usize,
        /// The estimated work of the whole, in word operations; `None` beyond 2¹²⁸.
        steps: Option<u128>,
        /// The most bytes one figure would hold at once.
        bytes: u128,
        /// The most deals such that every session of at most that many deals fits the
        /// budgets (0 when even one deal does not).
        most: u32,
    },
    /// A table of no participants.
    #[error("a table needs at least one participant")]
    NoPlayers,
    /// More participants than [`MAX_PLAYERS`].
    #[error("a table of {given} participants is too many: expected at most {max}")]
    TooManyPlayers {
        /// The participants given.
        given: usize,
        /// The most participants accepted.
        max: usize,
    },
}

/// A list of predictions, one for each participant at a table, that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayersError {
    /// Nothing but blanks.
    #[error(
        "the list of players is empty: expected predictions separated by commas, such as punto,banco,tie"
    )]
    Empty,
    /// An empty item between two commas, or at either end.
    #[error("player {position} of the list is empty: expected P, B or T: Punto, Banco or Tie")]
    EmptyItem {
        /// The 1-based position of the item.
        position: usize,
    },
    /// An item that is not a prediction.
    #[error(
        "player {position} of the list, `{item}`, is not a prediction: expected P, B or T: Punto, Banco or Tie"
    )]
    Unknown {
        /// The 1-based position of the item.
        position: usize,
        /// The item as given (cut to 40 characters).
        item: String,
    },
    /// More participants than [`MAX_PLAYERS`].
    #[error("the list has {given} players: expected at most {max}")]
    TooMany {
        /// The number of items (counted up to one more than the most accepted).
        given: usize,
        /// The most participants accepted.
        max: usize,
    },
}

/// Reads a table's predictions, one for each participant, separated by commas: `punto`,
/// `banco`, `tie` or any prediction word of the session (`P`, `B`, `T`, `E`, `égalité`, …).
///
/// ```
/// use punto_banco::rules::MainBet;
/// use punto_banco::session_odds::parse_players;
/// assert_eq!(
///     parse_players("punto, B,banco,tie").unwrap(),
///     [MainBet::Punto, MainBet::Banco, MainBet::Banco, MainBet::Tie]
/// );
/// assert!(parse_players("punto,,tie").is_err());
/// ```
pub fn parse_players(text: &str) -> Result<Vec<MainBet>, PlayersError> {
    if text.trim().is_empty() {
        return Err(PlayersError::Empty);
    }
    let mut players = Vec::new();
    for (index, item) in text.split(',').enumerate() {
        let position = index + 1;
        if position > MAX_PLAYERS {
            return Err(PlayersError::TooMany {
                given: text.split(',').count(),
                max: MAX_PLAYERS,
            });
        }
        let item = item.trim();
        if item.is_empty() {
            return Err(PlayersError::EmptyItem { position });
        }
        let prediction =
            crate::session::parse_prediction(item).ok_or_else(|| PlayersError::Unknown {
                position,
                item: item.chars().take(40).collect(),
            })?;
        players.push(prediction);
    }
    Ok(players)
}

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
struct Group {
    coefficients: Vec<i64>,
    weight: BigUint,
}

/// A figure before it is summed: the groups of final states its conditions tell apart (one
/// coefficient per condition), and its name for a refusal.
#[derive(Debug, Clone)]
struct Figure {
    name: String,
    conditions: usize,
    groups: Vec<Group>,
}

impl Figure {
    /// The figure of conditions given per category (`coefficients[c][i]`, condition `c` on
    /// category `i`), its categories merged into groups.
    fn new(name: String, categories: &[Category], coefficients: &[Vec<i64>]) -> Figure {
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
fn compositions(n: u32, parts: usize) -> Option<u128> {
    // A product of exact binomials: after step i it is C(n + i, i).
    let mut ways: u128 = 1;
    for i in 1..parts as u128 {
        ways = ways.checked_mul(u128::from(n) + i)? / i;
    }
    Some(ways)
}

/// The greatest common divisor, by Euclid (its operands here have a few words at most).
fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
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
fn gcd_i64(mut a: i64, mut b: i64) -> i64 {
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
    fn new() -> Cursor {
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
struct Lattice {
    low: i128,
    high: i128,
    step: i128,
    span: u64,
}

impl Lattice {
    /// The lattice of the groups' first coefficients; `None` for fewer than two values.
    fn of(groups: &[Group]) -> Option<Lattice> {
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
    fn counted_from_each_end(&self, n: u32) -> (u128, u128) {
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
fn walked(groups: &[Group], conditions: usize, n: u32) -> [BigUint; 2] {
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
fn walk(groups: &[Group], n: u32, visit: &mut dyn FnMut(&[u32], &BigUint)) {
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
enum Method {
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
    const ALL: [Method; 4] = [Method::Walk, Method::Rows, Method::Peeled, Method::Powers];
}

/// The work of a computation: word operations, and the most bytes held at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Work {
    /// Word operations; `None` beyond 2¹²⁸.
    steps: Option<u128>,
    bytes: u128,
}

/// The length in 64-bit words of a count over `n` deals (at most `W^n`, `W` of `bits` bits),
/// with two words to spare.
fn words(n: u32, bits: u64) -> u128 {
    u128::from(n) * u128::from(bits) / 64 + 2
}

/// The work of a product of two numbers of `words` words, as Karatsuba's method bounds it.
fn product_steps(words: u128) -> u128 {
    let doublings = 128 - (words.max(2) - 1).leading_zeros();
    3u128.pow(doublings)
}

/// The steps of a row of [`by_rows`] for each word of its numbers: about twenty products and
/// quotients by one-word numbers to step the sums, the scales and both cursors to the next
/// row, and the cursors' moves along it, which over a row's conditions (each bound linear in
/// the row, so the tightest is monotone on each side of one turn) travel at most twice the
/// row again for each cursor.
const ROW_STEPS: u128 = 44;

/// The work of counting a figure's two regions (every condition above zero; every condition
/// at or above zero) over `n` deals by `method`, the deal's count having `bits` bits; `None`
/// when the method does not apply.
fn work_of(method: Method, figure: &Figure, n: u32, bits: u64) -> Option<Work> {
    let (g, c) = (figure.groups.len() as u128, figure.conditions as u128);
    let w = words(n, bits);
    let power = 2 * product_steps(w);
    let steps = match method {
        // Each term: a ratio step, two sums, a copy down the levels; the conditions' values.
        Method::Walk => compositions(n, figure.groups.len())
            .and_then(|terms| terms.checked_mul(5 * w + g * c + 4)),
        // Two passes (above; at or above) over n + 1 rows, each started from a power.
        Method::Rows if g == 3 => Some(2 * ((u128::from(n) + 1) * ROW_STEPS * w + power)),
        // Two passes over every row of every peeled tuple of counts; each tuple's rows start
        // from a power and are scaled by a product of two long numbers.
        Method::Peeled if g > 3 => {
            let rows = compositions(n, figure.groups.len() - 1)?;
            let tuples = compositions(n, figure.groups.len() - 2)?;
            rows.checked_mul(ROW_STEPS * w)
                .zip(tuples.checked_mul(power + product_steps(w)))
                .and_then(|(a, b)| a.checked_add(b))
                .and_then(|s| s.checked_mul(2))
        }
        // One pass over the coefficients from the end nearer zero; each: a product and a sum
        // for every other group, and a quotient.
        Method::Powers if c == 1 => {
            let coefficients = Lattice::of(&figure.groups).map_or(0, |l| {
                let (bottom, top) = l.counted_from_each_end(n);
                bottom.min(top)
            });
            let held =
                Lattice::of(&figure.groups).map_or(1, |l| u128::from(l.span).min(coefficients) + 1);
            let bytes = held.checked_mul(w * 8 + 32)?;
            return Some(Work {
                steps: coefficients
                    .checked_mul((2 * g + 4) * w)
                    .and_then(|s| s.checked_add(power)),
                bytes,
            });
        }
        _ => return None,
    };
    let held = match method {
        Method::Walk => g + 2,
        _ => 4 * g + 24,
    };
    Some(Work {
        steps,
        bytes: held * w * 8,
    })
}

/// The method of least work for a figure, among those whose numbers fit [`MEMORY_BUDGET`]
/// (or, when none does, the one that holds the least), and its work.
fn cheapest(figure: &Figure, n: u32, bits: u64) -> (Method, Work) {
    let options: Vec<(Method, Work)> = Method::ALL
        .iter()
        .filter_map(|&m| work_of(m, figure, n, bits).map(|w| (m, w)))
        .collect();
    let in_memory = options
        .iter()
        .filter(|(_, w)| w.bytes <= MEMORY_BUDGET)
        .min_by_key(|(_, w)| w.steps.unwrap_or(u128::MAX));
    let least_memory = options.iter().min_by_key(|(_, w)| w.bytes);
    *in_memory
        .or(least_memory)
        .expect("the walk applies to every figure")
}

/// The numbers of sequences of `n` deals in which every condition of the figure is above
/// zero, and in which every one is at or above zero, summed by `method`.
fn counts(figure: &Figure, method: Method, n: u32, all: &BigUint) -> [BigUint; 2] {
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
fn reduced(mut numerator: BigUint, base: &BigUint, mut denominator: BigUint) -> BigRational {
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

/// The index of a main bet in [`MainBet::ALL`].
fn index(bet: MainBet) -> usize {
    MainBet::ALL
        .iter()
        .position(|&b| b == bet)
        .expect("every main bet is in ALL")
}

/// A refusal's message: what the odds would need, against which budget, and the most deals
/// that fit.
fn too_much_work(
    deals: u32,
    figure: &str,
    groups: usize,
    steps: Option<u128>,
    bytes: u128,
    most: u32,
) -> String {
    let need = match steps {
        Some(steps) if steps <= WORK_BUDGET => format!(
            "{} MiB at once, more than the {} MiB allowed",
            bytes.div_ceil(1 << 20),
            MEMORY_BUDGET >> 20
        ),
        Some(steps) => format!(
            "about {} word operations, more than the budget of {}",
            scientific(steps),
            scientific(WORK_BUDGET)
        ),
        None => format!(
            "more than 10^38 word operations, far beyond the budget of {}",
            scientific(WORK_BUDGET)
        ),
    };
    let limit = match most {
        0 => "not even one deal fits".to_string(),
        1 => "use 1 deal".to_string(),
        m => format!("use at most {m} deals"),
    };
    format!(
        "the odds of {deals} deals under this tariff need {need} (the costliest figure, {figure}, tells {groups} kinds of final states apart); {limit}"
    )
}

/// A large whole number as people read it: `4.2 × 10^12`; below 10,000 as it is.
fn scientific(value: u128) -> String {
    let digits = value.to_string();
    if digits.len() <= 4 {
        return digits;
    }
    let exponent = digits.len() - 1;
    match &digits[1..2] {
        "0" => format!("{} × 10^{exponent}", &digits[..1]),
        tenth => format!("{}.{tenth} × 10^{exponent}", &digits[..1]),
    }
}

/// What a computation of odds would cost: the work of the whole, and its figure of most
/// work and its figure of most memory.
#[derive(Debug, Clone)]
struct Estimate {
    steps: Option<u128>,
    /// The figure that costs the most steps, and its groups.
    costliest: (String, usize, Option<u128>),
    /// The figure that holds the most bytes, and its groups.
    largest: (String, usize, u128),
}

impl Estimate {
    fn fits(&self) -> bool {
        self.steps.is_some_and(|s| s <= WORK_BUDGET) && self.largest.2 <= MEMORY_BUDGET
    }
}

impl SessionOdds {
    /// The number of deals in a session.
    pub fn deals(&self) -> u32 {
        self.deals
    }

    /// The stake on each deal.
    pub fn stake(&self) -> i64 {
        self.stake
    }

    /// One deal exactly: the analysis of a full shoe.
    pub fn deal(&self) -> &Analysis {
        &self.deal
    }

    /// Each fixed strategy (always Punto, always Banco, always Tie) with its whole
    /// final-score distribution, for sessions of up to [`FULL_DISTRIBUTION_DEALS`] deals;
    /// empty for longer ones.
    pub fn finals(&self) -> &[(MainBet, Distribution)] {
        &self.finals
    }

    /// Whether the whole distributions were computed (sessions of up to
    /// [`FULL_DISTRIBUTION_DEALS`] deals).
    pub fn has_distributions(&self) -> bool {
        !self.finals.is_empty()
    }

    /// The number of categories of final states: distinct tuples of the three strategies'
    /// net changes (three for the reference tariff).
    pub fn categories(&self) -> usize {
        self.categories.len()
    }

    /// The exact odds for a shoe (every deal from it, full), deals and stake; an error when
    /// the shoe cannot be analysed, the deals are not 1 to [`MAX_DEALS`], a score does not
    /// fit a 64-bit fraction, or the work would exceed [`WORK_BUDGET`] or [`MEMORY_BUDGET`]
    /// (refused before any figure is summed, naming the most deals that fit).
    ///
    /// ```
    /// use punto_banco::{Rules, SessionOdds, Shoe, rules::MainBet};
    /// let odds = SessionOdds::new(&Shoe::decks(8).unwrap(), &Rules::reference(), 1000, 20).unwrap();
    /// let [above, at, below] = odds.signs(MainBet::Banco);
    /// assert_eq!(above + at + below, num_rational::BigRational::from_integer(1.into()));
    /// ```
    pub fn new(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
    ) -> Result<SessionOdds, SessionOddsError> {
        let mut odds = SessionOdds::setup(shoe, rules, deals, stake)?;
        let summary = odds.summary_figures();
        odds.check(&summary, true)?;
        odds.sum_summary(&summary);
        Ok(odds)
    }

    /// The odds of [`SessionOdds::new`] and a table's chances of [`SessionOdds::players`]
    /// together, their work checked against [`WORK_BUDGET`] as one before either is summed.
    pub fn with_table(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
        predictions: &[MainBet],
    ) -> Result<(SessionOdds, Vec<PlayerOdds>), SessionOddsError> {
        let mut odds = SessionOdds::setup(shoe, rules, deals, stake)?;
        let summary = odds.summary_figures();
        let table = odds.table_figures(predictions)?;
        let both: Vec<Figure> = summary.iter().chain(&table).cloned().collect();
        odds.check(&both, true)?;
        odds.sum_summary(&summary);
        let players = odds.sum_table(predictions, &table);
        Ok((odds, players))
    }

    /// The deal's categories and the session's settings, checked, without any figure.
    fn setup(
        shoe: &Shoe,
        rules: &Rules,
        deals: u32,
        stake: i64,
    ) -> Result<SessionOdds, SessionOddsError> {
        if deals == 0 || deals > MAX_DEALS {
            return Err(SessionOddsError::Deals {
                deals,
                max: MAX_DEALS,
            });
        }
        let deal = Analysis::new(shoe, rules)?;
        let too_large = SessionOddsError::ScoreTooLarge { stake, deals };
        let tariff = &rules.tariff;
        // Every net as a fraction of one common denominator.
        let states = deal.states();
        let nets = |state| MainBet::ALL.map(|bet| tariff.bet(bet).net(state));
        let mut scale: i64 = 1;
        for (state, _) in &states {
            for net in nets(*state) {
                scale = scale
                    .checked_mul(*net.denom() / gcd_i64(scale, *net.denom()))
                    .ok_or_else(|| too_large.clone())?;
            }
        }
        let mut by_units: BTreeMap<[i64; 3], BigUint> = BTreeMap::new();
        for (state, weight) in states {
            let mut units = [0i64; 3];
            for (unit, net) in units.iter_mut().zip(nets(state)) {
                *unit = net
                    .numer()
                    .checked_mul(scale / net.denom())
                    .and_then(|u| u.checked_mul(stake))
                    .ok_or_else(|| too_large.clone())?;
            }
            *by_units.entry(units).or_default() += weight;
        }
        // The weights' common factor comes out of every count over W^n: the counts are
        // summed over the weights divided by it, each n times shorter.
        let common = by_units
            .values()
            .fold(BigUint::zero(), |g, w| gcd(w.clone(), g));
        let categories: Vec<Category> = by_units
            .into_iter()
            .map(|(units, weight)| Category {
                units,
                weight: weight / &common,
            })
            .collect();
        // Every score and every difference of two scores fits, over every deal.
        let widest = categories
            .iter()
            .flat_map(|c| {
                let [a, b, t] = c.units.map(i128::from);
                [a, b, t, a - b, a - t, b - t]
            })
            .map(i128::abs)
            .max()
            .unwrap_or(0);
        if widest * i128::from(deals) > i128::from(i64::MAX) {
            return Err(too_large);
        }
        let total: BigUint = categories.iter().map(|c| &c.weight).sum();
        Ok(SessionOdds {
            deals,
            stake,
            all: total.pow(deals),
            total,
            deal,
            categories,
            scale,
            finals: Vec::new(),
            signs: Vec::new(),
            heads: Vec::new(),
        })
    }

    /// The figures of the summary: each strategy's score against zero, then each pair of
    /// strategies against each other.
    fn summary_figures(&self) -> Vec<Figure> {
        let on = |name: String, value: &dyn Fn(&Category) -> i64| {
            let coefficients: Vec<i64> = self.categories.iter().map(value).collect();
            Figure::new(name, &self.categories, &[coefficients])
        };
        let mut figures = Vec::new();
        for bet in MainBet::ALL {
            let name = format!("the final score of always {}", bet.key());
            figures.push(on(name, &|c| c.units[index(bet)]));
        }
        for (a, b) in PAIRS {
            let name = format!("{} against {}", a.key(), b.key());
            figures.push(on(name, &|c| c.units[index(a)] - c.units[index(b)]));
        }
        figures
    }

    /// The figures of a table: for each distinct prediction, its score against every other
    /// prediction's; the predictions checked.
    fn table_figures(&self, predictions: &[MainBet]) -> Result<Vec<Figure>, SessionOddsError> {
        if predictions.is_empty() {
            return Err(SessionOddsError::NoPlayers);
        }
        if predictions.len() > MAX_PLAYERS {
            return Err(SessionOddsError::TooManyPlayers {
                given: predictions.len(),
                max: MAX_PLAYERS,
            });
        }
        let distinct = distinct(predictions);
        Ok(distinct
            .iter()
            .map(|&x| {
                let coefficients: Vec<Vec<i64>> = distinct
                    .iter()
                    .filter(|&&y| y != x)
                    .map(|&y| {
                        self.categories
                            .iter()
                            .map(|c| c.units[index(x)] - c.units[index(y)])
                            .collect()
                    })
                    .collect();
                let name = format!("the table's first place for {}", x.key());
                Figure::new(name, &self.categories, &coefficients)
            })
            .collect())
    }

    /// The bits of the deal's count (the weights' sum): a count over `n` deals has at most
    /// `n` times as many.
    fn bits(&self) -> u64 {
        self.total.bits()
    }

    /// What these figures (and, with `finals`, the whole distributions) would cost over `n`
    /// deals.
    fn estimate(&self, figures: &[Figure], finals: bool, n: u32) -> Estimate {
        let bits = self.bits();
        let w = words(n, bits);
        // Reducing each probability: remainders and quotients by the deal's count and its
        // powers, a few passes over the numerator.
        let reduce = 16 * w;
        let mut parts: Vec<(String, usize, Work)> = figures
            .iter()
            .map(|figure| {
                let (_, work) = cheapest(figure, n, bits);
                let steps = work.steps.and_then(|s| s.checked_add(3 * reduce));
                let work = Work { steps, ..work };
                (figure.name.clone(), figure.groups.len(), work)
            })
            .collect();
        if finals && n <= FULL_DISTRIBUTION_DEALS {
            for bet in MainBet::ALL {
                let name = format!("the final-score distribution of always {}", bet.key());
                let (values, work) = self.distribution_work(bet, n, reduce);
                parts.push((name, values, work));
            }
        }
        let steps = parts
            .iter()
            .try_fold(0u128, |sum, (_, _, w)| sum.checked_add(w.steps?));
        let costliest = parts
            .iter()
            .max_by_key(|(_, _, w)| w.steps.map_or(u128::MAX, |s| s))
            .map_or((String::new(), 0, Some(0)), |(name, g, w)| {
                (name.clone(), *g, w.steps)
            });
        let largest = parts
            .iter()
            .max_by_key(|(_, _, w)| w.bytes)
            .map_or((String::new(), 0, 0), |(name, g, w)| {
                (name.clone(), *g, w.bytes)
            });
        Estimate {
            steps,
            costliest,
            largest,
        }
    }

    /// The work of one strategy's whole distribution over `n` deals, convolved deal by deal
    /// (its scores after `d` deals are at most `span · d + 1` points of its lattice, and at
    /// most the ways of sharing `d` deals among its values), and its number of values.
    fn distribution_work(&self, bet: MainBet, n: u32, reduce: u128) -> (usize, Work) {
        let coefficients: Vec<i64> = self
            .categories
            .iter()
            .map(|c| c.units[index(bet)])
            .collect();
        let figure = Figure::new(String::new(), &self.categories, &[coefficients]);
        let values = figure.groups.len();
        let span = Lattice::of(&figure.groups).map_or(0, |l| u128::from(l.span));
        let scores = |d: u32| -> u128 {
            let lattice = span.saturating_mul(u128::from(d)).saturating_add(1);
            compositions(d, values).map_or(lattice, |ways| ways.min(lattice))
        };
        let bits = self.bits();
        let mut steps: Option<u128> = Some(0);
        for d in 1..=n {
            let each = 2 * words(d, bits) + 16;
            steps = steps
                .and_then(|s| s.checked_add(scores(d - 1).checked_mul(values as u128 * each)?));
        }
        let last = scores(n);
        let steps = steps.and_then(|s| s.checked_add(last.checked_mul(reduce)?));
        // The counts of two deals at once, then the fractions; each entry with its key and
        // the map's own bookkeeping.
        let bytes = last.saturating_mul(3 * words(n, bits) * 8 + 96);
        (values, Work { steps, bytes })
    }

    /// Refuses figures whose work exceeds the budgets over the session's deals, naming the
    /// most deals that fit.
    fn check(&self, figures: &[Figure], finals: bool) -> Result<(), SessionOddsError> {
        let estimate = self.estimate(figures, finals, self.deals);
        if estimate.fits() {
            return Ok(());
        }
        let fits = |m: u32| self.estimate(figures, finals, m).fits();
        // The estimate grows with the deals on each side of the whole distributions' limit:
        // the first failure on each side, by bisection.
        let first_failure = |low: u32, high: u32| -> Option<u32> {
            if low > high || fits(high) {
                return None;
            }
            let (mut low, mut high) = (low, high);
            while low < high {
                let middle = low + (high - low) / 2;
                match fits(middle) {
                    true => low = middle + 1,
                    false => high = middle,
                }
            }
            Some(low)
        };
        let below = self.deals - 1;
        let most = first_failure(1, below.min(FULL_DISTRIBUTION_DEALS))
            .or_else(|| first_failure(FULL_DISTRIBUTION_DEALS + 1, below))
            .map_or(below, |failure| failure - 1);
        let over_work = estimate.steps.is_none_or(|s| s > WORK_BUDGET);
        let (figure, groups) = match over_work {
            true => (estimate.costliest.0, estimate.costliest.1),
            false => (estimate.largest.0, estimate.largest.1),
        };
        Err(SessionOddsError::TooMuchWork {
            deals: self.deals,
            figure,
            groups,
            steps: estimate.steps,
            bytes: estimate.largest.2,
            most,
        })
    }

    /// Sums the summary's figures (and the whole distributions of a short session).
    fn sum_summary(&mut self, figures: &[Figure]) {
        if self.deals <= FULL_DISTRIBUTION_DEALS {
            self.finals = MainBet::ALL
                .iter()
                .map(|&bet| (bet, self.distribution(bet)))
                .collect();
        }
        let mut figures = figures.iter();
        for bet in MainBet::ALL {
            let signs = figures.next().map(|f| self.three_ways(f));
            self.signs.extend(signs.map(|s| (bet, s)));
        }
        for pair in PAIRS {
            let heads = figures.next().map(|f| self.three_ways(f));
            self.heads.extend(heads.map(|h| (pair, h)));
        }
    }

    /// A count of sequences over `W^n`, reduced.
    fn probability(&self, count: BigUint) -> BigRational {
        reduced(count, &self.total, self.all.clone())
    }

    /// The two counts of a figure, by its method of least work.
    fn counts(&self, figure: &Figure) -> [BigUint; 2] {
        let (method, _) = cheapest(figure, self.deals, self.bits());
        counts(figure, method, self.deals, &self.all)
    }

    /// The probabilities that a figure's one linear function of the scores ends above, at and
    /// below zero.
    fn three_ways(&self, figure: &Figure) -> [BigRational; 3] {
        let [above, at_least] = self.counts(figure);
        let level = &at_least - &above;
        let below = &self.all - at_least;
        [above, level, below].map(|count| self.probability(count))
    }

    /// A strategy's whole final-score distribution, convolved deal by deal in integer counts.
    fn distribution(&self, bet: MainBet) -> Distribution {
        let mut one: BTreeMap<i64, BigUint> = BTreeMap::new();
        for category in &self.categories {
            *one.entry(category.units[index(bet)]).or_default() += &category.weight;
        }
        let mut counts: BTreeMap<i64, BigUint> = BTreeMap::from([(0, BigUint::one())]);
        for _ in 0..self.deals {
            let mut next: BTreeMap<i64, BigUint> = BTreeMap::new();
            for (score, count) in &counts {
                for (change, weight) in &one {
                    // Checked in `new`: every score fits.
                    *next.entry(score + change).or_default() += count * weight;
                }
            }
            counts = next;
        }
        counts
            .into_iter()
            .map(|(units, count)| (Ratio::new(units, self.scale), self.probability(count)))
            .collect()
    }

    /// A strategy's final-score distribution, for sessions of up to
    /// [`FULL_DISTRIBUTION_DEALS`] deals.
    pub fn final_score(&self, bet: MainBet) -> Option<&Distribution> {
        self.finals.iter().find(|(b, _)| *b == bet).map(|(_, d)| d)
    }

    /// The expected final score of a strategy: the deals times one deal's expected net.
    pub fn expected(&self, bet: MainBet) -> BigRational {
        let sum: BigInt = self
            .categories
            .iter()
            .map(|c| BigInt::from(c.units[index(bet)]) * BigInt::from(c.weight.clone()))
            .sum();
        BigRational::new(
            sum * BigInt::from(self.deals),
            BigInt::from(self.total.clone()) * BigInt::from(self.scale),
        )
    }

    /// The probabilities that a strategy finishes above, at and below zero.
    pub fn signs(&self, bet: MainBet) -> [BigRational; 3] {
        self.signs
            .iter()
            .find(|(b, _)| *b == bet)
            .map(|(_, s)| s.clone())
            .expect("every main bet has its signs")
    }

    /// The probability that a strategy finishes at or above zero.
    pub fn at_least_zero(&self, bet: MainBet) -> BigRational {
        let [above, at, _] = self.signs(bet);
        above + at
    }

    /// Head to head over the same deals: the probabilities that `a` finishes strictly ahead
    /// of, level with, and behind `b`.
    pub fn head_to_head(&self, a: MainBet, b: MainBet) -> [BigRational; 3] {
        for ((x, y), [ahead, level, behind]) in &self.heads {
            if (*x, *y) == (a, b) {
                return [ahead.clone(), level.clone(), behind.clone()];
            }
            if (*y, *x) == (a, b) {
                return [behind.clone(), level.clone(), ahead.clone()];
            }
        }
        // A strategy against itself: always level.
        let [zero, one] = [0, 1].map(|x| BigRational::from_integer(BigInt::from(x)));
        [zero.clone(), one, zero]
    }

    /// A table of participants, each making one fixed prediction on every deal: each one's
    /// probability of finishing first alone and of sharing first place, in the order given.
    /// Participants with the same prediction always have the same score, so they share. The
    /// table's work is checked against [`WORK_BUDGET`] before any sum starts.
    pub fn players(&self, predictions: &[MainBet]) -> Result<Vec<PlayerOdds>, SessionOddsError> {
        let figures = self.table_figures(predictions)?;
        self.check(&figures, false)?;
        Ok(self.sum_table(predictions, &figures))
    }

    /// Sums a table's figures, one for each distinct prediction, in the order of
    /// [`MainBet::ALL`].
    fn sum_table(&self, predictions: &[MainBet], figures: &[Figure]) -> Vec<PlayerOdds> {
        // For each distinct prediction: P(its score is above every other's), P(at least).
        let firsts: Vec<(MainBet, BigRational, BigRational)> = distinct(predictions)
            .into_iter()
            .zip(figures)
            .map(|(x, figure)| {
                let [above, top] = self.counts(figure);
                (x, self.probability(above), self.probability(top))
            })
            .collect();
        predictions
            .iter()
            .map(|&prediction| {
                let (_, above, top) = firsts
                    .iter()
                    .find(|(b, _, _)| *b == prediction)
                    .expect("every prediction is among the distinct ones");
                let alone = predictions.iter().filter(|&&p| p == prediction).count() == 1;
                let (wins_alone, shares_first) = if alone {
                    (above.clone(), top - above)
                } else {
                    (BigRational::zero(), top.clone())
                };
                PlayerOdds {
                    prediction,
                    wins_alone,
                    shares_first,
                }
            })
            .collect()
    }
}

/// The pairs of strategies of the head-to-head figures, in the order of [`MainBet::ALL`].
const PAIRS: [(MainBet, MainBet); 3] = [
    (MainBet::Punto, MainBet::Banco),
    (MainBet::Punto, MainBet::Tie),
    (MainBet::Banco, MainBet::Tie),
];

/// The distinct predictions of a table, in the order of [`MainBet::ALL`].
fn distinct(predictions: &[MainBet]) -> Vec<MainBet> {
    MainBet::ALL
        .into_iter()
        .filter(|b| predictions.contains(b))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stake_too_large_for_the_scores_is_an_error() {
        let shoe = Shoe::decks(1).unwrap();
        let err = SessionOdds::new(&shoe, &Rules::reference(), 2, i64::MAX).unwrap_err();
        assert_eq!(
            err,
            SessionOddsError::ScoreTooLarge {
                stake: i64::MAX,
                deals: 2
            }
        );
        // Large, but every score and difference of scores fits.
        assert!(SessionOdds::new(&shoe, &Rules::reference(), 2, 1_000_000_000_000_000).is_ok());
    }

    #[test]
    fn head_to_head_reads_both_ways() {
        let odds = SessionOdds::new(&Shoe::decks(1).unwrap(), &Rules::reference(), 3, 20).unwrap();
        let [ahead, level, behind] = odds.head_to_head(MainBet::Banco, MainBet::Punto);
        assert_eq!(
            odds.head_to_head(MainBet::Punto, MainBet::Banco),
            [behind.clone(), level.clone(), ahead.clone()]
        );
        let one = BigRational::from_integer(BigInt::from(1));
        assert_eq!(ahead + level + behind, one);
        let zero = BigRational::from_integer(BigInt::from(0));
        assert_eq!(
            odds.head_to_head(MainBet::Tie, MainBet::Tie),
            [zero.clone(), one, zero]
        );
    }

    #[test]
    fn no_deal_and_too_many_deals_are_errors() {
        let shoe = Shoe::decks(1).unwrap();
        for deals in [0, MAX_DEALS + 1] {
            assert_eq!(
                SessionOdds::new(&shoe, &Rules::reference(), deals, 20).unwrap_err(),
                SessionOddsError::Deals {
                    deals,
                    max: MAX_DEALS
                }
            );
        }
    }

    /// The reduction by way of the base agrees with the gcd of the two numbers.
    #[test]
    fn reduction_through_the_base_is_the_full_reduction() {
        let base = BigUint::from(2u32 * 2 * 3 * 5 * 7);
        for exponent in [1u32, 3, 7] {
            let denominator = base.pow(exponent);
            for numerator in [1u32, 2, 8, 9, 35, 420, 1024, 3 * 49, 11 * 13] {
                let numerator = BigUint::from(numerator);
                if numerator > denominator {
                    continue;
                }
                let fast = reduced(numerator.clone(), &base, denominator.clone());
                let slow =
                    BigRational::new(BigInt::from(numerator), BigInt::from(denominator.clone()));
                assert_eq!(fast, slow);
                assert_eq!(fast.numer(), slow.numer());
            }
        }
    }

    /// A figure of made-up groups: each with its coefficients and weight.
    fn made_up(conditions: usize, groups: &[(&[i64], u32)]) -> Figure {
        Figure {
            name: String::new(),
            conditions,
            groups: groups
                .iter()
                .map(|(coefficients, weight)| Group {
                    coefficients: coefficients.to_vec(),
                    weight: BigUint::from(*weight),
                })
                .collect(),
        }
    }

    /// Every method counts the same regions as the term-by-term walk, on made-up weights and
    /// conditions: rows for three groups, rows peeled for four and five, and the powers of a
    /// polynomial for one condition, from the bottom and from the top, with zero on the
    /// lattice or off it, every value above zero, every value below, and a single value.
    #[test]
    fn every_method_counts_what_the_walk_counts() {
        let five: [(&[i64], u32); 5] = [
            (&[3, 1], 5),
            (&[-2, 2], 7),
            (&[1, -3], 2),
            (&[0, 1], 3),
            (&[-1, -1], 4),
        ];
        let figures = [
            made_up(2, &[(&[3, -2], 5), (&[-4, 1], 7), (&[1, 0], 2)]),
            made_up(2, &five[..4]),
            made_up(2, &five),
            made_up(1, &[(&[2], 5), (&[-2], 7), (&[-1], 2), (&[0], 3)]),
            // Banco's nets, −20, 0 and +19: from the top, 19 steps a deal against 20.
            made_up(1, &[(&[-20], 5), (&[0], 7), (&[19], 3)]),
            // Tie's, −1, 0 and +8: from the bottom.
            made_up(1, &[(&[-1], 9), (&[8], 1), (&[0], 3)]),
            made_up(1, &[(&[-3], 9), (&[7], 1), (&[2], 3), (&[11], 2)]),
            made_up(1, &[(&[3], 2), (&[5], 1)]),
            made_up(1, &[(&[-3], 2), (&[-6], 1)]),
            made_up(1, &[(&[4], 2)]),
        ];
        let mut used = std::collections::BTreeSet::new();
        for figure in &figures {
            for n in 0..=9 {
                let all = figure
                    .groups
                    .iter()
                    .map(|g| &g.weight)
                    .sum::<BigUint>()
                    .pow(n);
                let expected = walked(&figure.groups, figure.conditions, n);
                for method in Method::ALL {
                    if work_of(method, figure, n, 64).is_none() {
                        continue;
                    }
                    used.insert(format!("{method:?}"));
                    assert_eq!(
                        counts(figure, method, n, &all),
                        expected,
                        "{method:?}, {:?}, n = {n}",
                        figure.groups
                    );
                }
            }
        }
        assert_eq!(used.len(), Method::ALL.len(), "{used:?}");
        // The walk covers every composition once: its terms add up to (Σ weights)^n.
        let groups = &figures[0].groups;
        let mut all = BigUint::zero();
        walk(groups, 9, &mut |_, term| all += term);
        assert_eq!(all, BigUint::from(14u32).pow(9));
        assert_eq!(compositions(9, 3), Some(55));
        assert_eq!(compositions(1000, 4), Some(167_668_501));
        assert_eq!(compositions(10_000, 800), None);
    }

    /// The powers start from the end of the lattice nearer zero, and count only up to it.
    #[test]
    fn the_powers_count_from_the_nearer_end() {
        let banco = made_up(1, &[(&[-20], 5), (&[0], 7), (&[19], 3)]);
        let lattice = Lattice::of(&banco.groups).unwrap();
        assert_eq!((lattice.step, lattice.span), (1, 39));
        // Over 10 deals: −200 to 0 is 201 values from the bottom, 0 to +190 is 191 from the top.
        assert_eq!(lattice.counted_from_each_end(10), (201, 191));
        let above = made_up(1, &[(&[3], 2), (&[5], 1)]);
        assert_eq!(
            Lattice::of(&above.groups)
                .unwrap()
                .counted_from_each_end(10),
            (0, 11)
        );
    }

    /// The reference tariff's longest session, and EZ Baccarat's, fit the budget; the
    /// estimate grows with the deals.
    #[test]
    fn the_longest_sessions_of_the_shipped_tariffs_fit_the_budget() {
        let ez =
            crate::variants::RuleSet::from_json(crate::variants::shipped("ez-baccarat").unwrap())
                .unwrap();
        for rules in [Rules::reference(), ez.rules().clone()] {
            let odds = SessionOdds::setup(&Shoe::reference(), &rules, MAX_DEALS, 20).unwrap();
            let summary = odds.summary_figures();
            let estimate = odds.estimate(&summary, true, MAX_DEALS);
            assert!(estimate.fits(), "{estimate:?}");
            let steps = |n| odds.estimate(&summary, true, n).steps.unwrap();
            assert!(steps(10) < steps(20) && steps(100) < steps(1000));
        }
    }

    /// The message of a refusal reads its figures as people do, never a saturated count.
    #[test]
    fn refusals_are_read_as_people_read_them() {
        assert_eq!(scientific(9_999), "9999");
        assert_eq!(scientific(30_000_000_000), "3 × 10^10");
        assert_eq!(scientific(42_345_000_000_000), "4.2 × 10^13");
        let none = too_much_work(10_000, "punto against tie", 22, None, 1 << 20, 0);
        assert!(none.contains("more than 10^38 word operations"), "{none}");
        assert!(none.ends_with("not even one deal fits"), "{none}");
        let memory = too_much_work(30, "x", 5, Some(10), 3 << 30, 12);
        assert!(
            memory.contains("3072 MiB at once, more than the 1024 MiB allowed"),
            "{memory}"
        );
        assert!(memory.ends_with("use at most 12 deals"), "{memory}");
    }

    #[test]
    fn players_are_read_with_their_positions() {
        assert_eq!(parse_players(" "), Err(PlayersError::Empty));
        assert_eq!(
            parse_players("punto,,tie"),
            Err(PlayersError::EmptyItem { position: 2 })
        );
        assert_eq!(
            parse_players("punto,tie,"),
            Err(PlayersError::EmptyItem { position: 3 })
        );
        assert_eq!(
            parse_players("punto,dragon"),
            Err(PlayersError::Unknown {
                position: 2,
                item: "dragon".into()
            })
        );
        let many = vec!["p"; MAX_PLAYERS + 1].join(",");
        assert_eq!(
            parse_players(&many),
            Err(PlayersError::TooMany {
                given: MAX_PLAYERS + 1,
                max: MAX_PLAYERS
            })
        );
        assert_eq!(parse_players(&many[2..]).unwrap().len(), MAX_PLAYERS);
    }
}
