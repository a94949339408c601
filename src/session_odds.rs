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
//! that the conditions cannot tell apart are merged first. Over at most three groups the
//! region is summed with one-dimensional recurrences: for each count of the third group, the
//! first two split the rest binomially and the conditions keep an interval of it, whose sum
//! follows from the row before in a constant number of big-number steps. A thousand deals
//! thus cost a few thousand big-number steps per figure, not the half million terms of the
//! multinomial. A figure on one score that tells four or more groups apart follows from the
//! coefficients of a power of a polynomial, by a recurrence (up to [`MAX_TERMS`]); one on
//! several scores peels the extra groups off one count at a time, down to three, up to
//! [`MAX_ROWS`] rows.

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

/// The most coefficients of the power of a polynomial computed for a figure on one score (or
/// one difference of scores) that tells four or more groups of final states apart.
pub const MAX_TERMS: u64 = 2_000_000;

/// The most rows of sums for a figure on several scores that tells four or more groups of
/// final states apart (a table of three predictions under EZ Baccarat's tariff, whose Banco
/// pushes on a three-card 7): about ten seconds, 630 deals for four groups.
pub const MAX_ROWS: u64 = 200_000;

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
    /// The tariff tells so many kinds of final states apart that the figure would need more
    /// than [`MAX_ROWS`] rows of sums.
    #[error(
        "this tariff tells {groups} kinds of final states apart for {figure}: over {deals} deals that is {rows} rows of sums, more than the {max} computed; use at most {most} deals"
    )]
    TooMuchWork {
        /// What was being computed, in words.
        figure: String,
        /// The groups of final states the figure's conditions tell apart.
        groups: usize,
        /// The number of deals.
        deals: u32,
        /// The rows needed, saturated at `u64::MAX`.
        rows: u64,
        /// The most rows summed.
        max: u64,
        /// The most deals whose rows fit.
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

/// A condition on the counts: `Σ coefficients[i] · counts[i]` compared with zero, one
/// coefficient per category.
#[derive(Debug, Clone)]
struct Condition {
    coefficients: Vec<i64>,
    relation: Relation,
}

/// Categories merged because the conditions cannot tell them apart: one coefficient per
/// condition, and the summed weight.
#[derive(Debug, Clone)]
struct Group {
    coefficients: Vec<i64>,
    weight: BigUint,
}

/// The number of ways to write `n` as an ordered sum of `parts` counts, saturated.
fn compositions(n: u32, parts: usize) -> u64 {
    // C(n + parts − 1, parts − 1), built as a product of exact binomials.
    let mut ways: u128 = 1;
    for i in 1..parts as u128 {
        ways = ways.saturating_mul(u128::from(n) + i) / i;
        if ways > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    ways as u64
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

/// The number of sequences of `n` deals for which one linear function of the counts meets
/// `relation`, through the distribution of its value: with `P(x) = Σ weight · x^value`
/// (values shifted to start at 0), the counts are the coefficients of `P^n`, which follow
/// J. C. P. Miller's recurrence `k a₀ q_k = Σ_j ((n + 1) j − k) a_j q_(k−j)`, one coefficient
/// from the `span` before it. `None` when the coefficients would be more than [`MAX_TERMS`].
fn by_powers(groups: &[Group], relation: Relation, n: u32) -> Option<BigUint> {
    let low = groups.iter().map(|g| g.coefficients[0]).min()?;
    let shifted: Vec<u64> = groups
        .iter()
        .map(|g| (i128::from(g.coefficients[0]) - i128::from(low)) as u64)
        .collect();
    // The values share a step: count in steps.
    let step = shifted.iter().fold(0u64, |g, &v| gcd_u64(g, v)).max(1);
    let mut base = BigUint::zero();
    let mut terms: Vec<(usize, BigInt)> = Vec::new();
    for (group, value) in groups.iter().zip(&shifted) {
        match (value / step) as usize {
            0 => base = group.weight.clone(),
            j => terms.push((j, BigInt::from(group.weight.clone()))),
        }
    }
    let span = terms.iter().map(|(j, _)| *j).max().unwrap_or(0);
    let last = (span as u64).checked_mul(u64::from(n))?;
    if last > MAX_TERMS {
        return None;
    }
    let meets = |k: u64| {
        let value = i128::from(k) * i128::from(step) + i128::from(n) * i128::from(low);
        relation.holds(value)
    };
    // The last `span` coefficients, by k modulo span + 1.
    let mut window = vec![BigInt::zero(); span + 1];
    window[0] = BigInt::from(base.pow(n));
    let base = BigInt::from(base);
    let mut total = BigInt::zero();
    if meets(0) {
        total += &window[0];
    }
    let n_plus_1 = i128::from(n) + 1;
    for k in 1..=last {
        let mut sum = BigInt::zero();
        for (j, weight) in &terms {
            let Some(before) = k.checked_sub(*j as u64) else {
                continue;
            };
            let factor = n_plus_1 * *j as i128 - i128::from(k);
            if factor != 0 {
                sum += &window[before as usize % (span + 1)] * (weight * BigInt::from(factor));
            }
        }
        let coefficient = sum / (&base * BigInt::from(k));
        if meets(k) {
            total += &coefficient;
        }
        window[k as usize % (span + 1)] = coefficient;
    }
    total.to_biguint()
}

/// The number of sequences of `n` deals whose scores meet every relation, summed term by
/// term over every tuple of counts of the groups: the plain walk.
fn walked(groups: &[Group], relations: &[Relation], n: u32) -> BigUint {
    let mut total = BigUint::zero();
    walk(groups, n, &mut |counts, term| {
        let meets = relations.iter().enumerate().all(|(c, relation)| {
            let value: i128 = groups
                .iter()
                .zip(counts)
                .map(|(g, &m)| i128::from(g.coefficients[c]) * i128::from(m))
                .sum();
            relation.holds(value)
        });
        if meets {
            total += term;
        }
    });
    total
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

/// The number of sequences of `n` deals, from categories, that meet every condition.
fn region(
    categories: &[Category],
    conditions: &[Condition],
    n: u32,
    figure: &dyn Fn() -> String,
) -> Result<BigUint, SessionOddsError> {
    // Merge the categories that every condition weighs alike.
    let mut merged: BTreeMap<Vec<i64>, BigUint> = BTreeMap::new();
    for (i, category) in categories.iter().enumerate() {
        let key: Vec<i64> = conditions.iter().map(|c| c.coefficients[i]).collect();
        *merged.entry(key).or_default() += &category.weight;
    }
    let groups: Vec<Group> = merged
        .into_iter()
        .map(|(coefficients, weight)| Group {
            coefficients,
            weight,
        })
        .collect();
    let relations: Vec<Relation> = conditions.iter().map(|c| c.relation).collect();
    let offsets = vec![0i128; relations.len()];
    if let Ok(three) = <&[Group; 3]>::try_from(groups.as_slice()) {
        return Ok(by_rows(three, &relations, &offsets, n));
    }
    if let [one] = relations.as_slice()
        && let Some(count) = by_powers(&groups, *one, n)
    {
        return Ok(count);
    }
    if groups.len() <= 2 {
        // At most n + 1 terms.
        return Ok(walked(&groups, &relations, n));
    }
    let rows = compositions(n, groups.len() - 1);
    if rows > MAX_ROWS {
        let most = (1..n)
            .rev()
            .find(|&m| compositions(m, groups.len() - 1) <= MAX_ROWS)
            .unwrap_or(0);
        return Err(SessionOddsError::TooMuchWork {
            figure: figure(),
            groups: groups.len(),
            deals: n,
            rows,
            max: MAX_ROWS,
            most,
        });
    }
    Ok(peeled(&groups, &relations, &offsets, n))
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
    /// the shoe cannot be analysed, the deals are not 1 to [`MAX_DEALS`] or a score does not
    /// fit a 64-bit fraction.
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
        let categories: Vec<Category> = by_units
            .into_iter()
            .map(|(units, weight)| Category { units, weight })
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
        let mut odds = SessionOdds {
            deals,
            stake,
            all: deal.sequences().pow(deals),
            deal,
            categories,
            scale,
            finals: Vec::new(),
            signs: Vec::new(),
            heads: Vec::new(),
        };
        if deals <= FULL_DISTRIBUTION_DEALS {
            odds.finals = MainBet::ALL
                .iter()
                .map(|&bet| (bet, odds.distribution(bet)))
                .collect();
        }
        for bet in MainBet::ALL {
            let figure = || format!("the final score of always {}", bet.key());
            let signs = odds.three_ways(&|c| c.units[index(bet)], &figure)?;
            odds.signs.push((bet, signs));
        }
        for (i, &a) in MainBet::ALL.iter().enumerate() {
            for &b in &MainBet::ALL[i + 1..] {
                let figure = || format!("{} against {}", a.key(), b.key());
                let (ia, ib) = (index(a), index(b));
                let heads = odds.three_ways(&|c| c.units[ia] - c.units[ib], &figure)?;
                odds.heads.push(((a, b), heads));
            }
        }
        Ok(odds)
    }

    /// A count of sequences over `W^n`, reduced.
    fn probability(&self, count: BigUint) -> BigRational {
        reduced(count, self.deal.sequences(), self.all.clone())
    }

    /// The probabilities that a linear function of the scores, given per category, ends
    /// above, at and below zero.
    fn three_ways(
        &self,
        value: &dyn Fn(&Category) -> i64,
        figure: &dyn Fn() -> String,
    ) -> Result<[BigRational; 3], SessionOddsError> {
        let condition = |sign: i64, relation| Condition {
            coefficients: self.categories.iter().map(|c| sign * value(c)).collect(),
            relation,
        };
        let n = self.deals;
        let count =
            |sign, relation| region(&self.categories, &[condition(sign, relation)], n, figure);
        // Three regions summed apart, so that their adding up to W^n checks the sums.
        let over = count(1, Relation::Above)?;
        let level = count(1, Relation::AtLeast)? - &over;
        let under = count(-1, Relation::Above)?;
        Ok([over, level, under].map(|count| self.probability(count)))
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
            BigInt::from(self.deal.sequences().clone()) * BigInt::from(self.scale),
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
    /// Participants with the same prediction always have the same score, so they share.
    pub fn players(&self, predictions: &[MainBet]) -> Result<Vec<PlayerOdds>, SessionOddsError> {
        if predictions.is_empty() {
            return Err(SessionOddsError::NoPlayers);
        }
        if predictions.len() > MAX_PLAYERS {
            return Err(SessionOddsError::TooManyPlayers {
                given: predictions.len(),
                max: MAX_PLAYERS,
            });
        }
        let distinct: Vec<MainBet> = MainBet::ALL
            .into_iter()
            .filter(|b| predictions.contains(b))
            .collect();
        // For each distinct prediction: P(its score is above every other's), P(at least).
        let mut firsts: Vec<(MainBet, BigRational, BigRational)> = Vec::new();
        for &x in &distinct {
            let conditions = |relation| -> Vec<Condition> {
                distinct
                    .iter()
                    .filter(|&&y| y != x)
                    .map(|&y| Condition {
                        coefficients: self
                            .categories
                            .iter()
                            .map(|c| c.units[index(x)] - c.units[index(y)])
                            .collect(),
                        relation,
                    })
                    .collect()
            };
            let figure = || format!("the table's first place for {}", x.key());
            let n = self.deals;
            let above = region(&self.categories, &conditions(Relation::Above), n, &figure)?;
            let top = region(&self.categories, &conditions(Relation::AtLeast), n, &figure)?;
            firsts.push((x, self.probability(above), self.probability(top)));
        }
        Ok(predictions
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
            .collect())
    }
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

    /// The rows' recurrences and the term-by-term walk count the same regions, on made-up
    /// weights and conditions.
    #[test]
    fn rows_and_the_walk_agree() {
        let groups = [(vec![3, -2], 5u32), (vec![-4, 1], 7), (vec![1, 0], 2)].map(
            |(coefficients, weight)| Group {
                coefficients,
                weight: BigUint::from(weight),
            },
        );
        for n in 1..=15 {
            for relations in [
                [Relation::Above, Relation::Above],
                [Relation::AtLeast, Relation::Above],
                [Relation::AtLeast, Relation::AtLeast],
            ] {
                let fast = by_rows(&groups, &relations, &[0, 0], n);
                let slow = walked(&groups, &relations, n);
                assert_eq!(fast, slow, "n = {n}, {relations:?}");
            }
        }
        // Four and five groups under two conditions: peeled down to rows, against the walk.
        let five = [
            (vec![3i64, 1], 5u32),
            (vec![-2, 2], 7),
            (vec![1, -3], 2),
            (vec![0, 1], 3),
            (vec![-1, -1], 4),
        ]
        .map(|(coefficients, weight)| Group {
            coefficients,
            weight: BigUint::from(weight),
        });
        for size in [4, 5] {
            let groups = &five[..size];
            for n in 0..=9 {
                for relations in [
                    [Relation::Above, Relation::AtLeast],
                    [Relation::AtLeast, Relation::AtLeast],
                ] {
                    let slow = walked(groups, &relations, n);
                    assert_eq!(
                        peeled(groups, &relations, &[0, 0], n),
                        slow,
                        "{size}, n = {n}"
                    );
                }
            }
        }
        // Four groups: the powers of the one-condition polynomial, against the walk.
        let four = [
            (vec![2i64], 5u32),
            (vec![-2], 7),
            (vec![-1], 2),
            (vec![0], 3),
        ]
        .map(|(coefficients, weight)| Group {
            coefficients,
            weight: BigUint::from(weight),
        });
        for n in 1..=12 {
            for relation in [Relation::Above, Relation::AtLeast] {
                let mut slow = BigUint::zero();
                walk(&four, n, &mut |counts, term| {
                    let value: i64 = four
                        .iter()
                        .zip(counts)
                        .map(|(g, &m)| g.coefficients[0] * i64::from(m))
                        .sum();
                    if relation.holds(i128::from(value)) {
                        slow += term;
                    }
                });
                assert_eq!(by_powers(&four, relation, n), Some(slow), "n = {n}");
            }
        }
        // The walk covers every composition once: its terms add up to (Σ weights)^n.
        let mut all = BigUint::zero();
        walk(&groups, 9, &mut |_, term| all += term);
        assert_eq!(all, BigUint::from(14u32).pow(9));
        assert_eq!(compositions(9, 3), 55);
        assert_eq!(compositions(1000, 4), 167_668_501);
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
