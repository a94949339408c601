//! The null distributions: the exact moments of each statistic over fair shoes of a
//! composition, cached by composition, and the expected events, pairs and shared prefixes of
//! fair shoes.

use super::{FINGERPRINT_TABLE, PREFIX_BOUND};
use crate::lab::Covariance;
use crate::lab::moments::{serial_moments, transition_moments, turning_point_moments};
use num_rational::BigRational;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The null of one z test, per shoe: the statistic's exact mean and variance, the lattice its
/// values lie on (its step), bounds it cannot leave, and the events that carry its variance.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct ZNull {
    pub(super) mean: BigRational,
    pub(super) variance: BigRational,
    /// Every value of the statistic is a multiple of this (0: it cannot vary).
    pub(super) step: f64,
    /// The least and the most one shoe's statistic can be.
    pub(super) low: f64,
    pub(super) high: f64,
    /// The events one shoe is expected to hold (see [`MIN_EVENTS`]); infinite for a
    /// statistic with no rare events.
    pub(super) events: f64,
}

/// The exact null moments of one composition, computed once per process and composition
/// (a few compositions at most are kept).
pub(super) struct Null {
    pub(super) serial: Vec<Option<ZNull>>,
    pub(super) turning: Option<ZNull>,
}

type NullCache = Mutex<HashMap<([u64; 10], [u64; 13], usize), Arc<Null>>>;

pub(super) fn null_moments(
    value_counts: &[u64; 10],
    rank_counts: &[u64; 13],
    lags: usize,
) -> Arc<Null> {
    static CACHE: OnceLock<NullCache> = OnceLock::new();
    let key = (*value_counts, *rank_counts, lags);
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(null) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return null;
    }
    let values: Vec<i64> = (0..10).collect();
    let n: u64 = value_counts.iter().sum();
    let serial = (1..=lags)
        .map(|lag| {
            let (mean, variance) = serial_moments(value_counts, &values, lag)?;
            Some(ZNull {
                mean,
                variance,
                step: serial_step(value_counts) as f64,
                low: 0.0,
                high: (0..10)
                    .map(|v| value_counts[v] * (v * v) as u64)
                    .sum::<u64>() as f64,
                events: serial_events(value_counts, lag),
            })
        })
        .collect();
    let turning = turning_point_moments(rank_counts).map(|(mean, variance)| ZNull {
        mean,
        variance,
        step: 1.0,
        low: 0.0,
        high: n.saturating_sub(2) as f64,
        events: turning_events(rank_counts),
    });
    let null = Arc::new(Null { serial, turning });
    if let Ok(mut c) = cache.lock() {
        if c.len() >= 8 {
            c.clear();
        }
        c.insert(key, null.clone());
    }
    null
}

/// The exact mean of the transition counts between value groups and their factored
/// covariance, computed once per process and grouping.
type TransitionNull = Option<(Vec<BigRational>, Covariance)>;
type TransitionCache = Mutex<HashMap<Vec<u64>, Arc<TransitionNull>>>;

pub(super) fn transition_null(group_counts: &[u64]) -> Arc<TransitionNull> {
    static CACHE: OnceLock<TransitionCache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(null) = cache.lock().ok().and_then(|c| c.get(group_counts).cloned()) {
        return null;
    }
    let null = Arc::new(
        transition_moments(group_counts)
            .and_then(|(mean, covariance)| Some((mean, Covariance::new(&covariance)?))),
    );
    if let Ok(mut c) = cache.lock() {
        if c.len() >= 8 {
            c.clear();
        }
        c.insert(group_counts.to_vec(), null.clone());
    }
    null
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The step of the lattice a serial sum lies on: the greatest common divisor of the products
/// of two values that two cards of the shoe can make (0 when every such product is 0).
fn serial_step(value_counts: &[u64; 10]) -> u64 {
    let mut step = 0;
    for a in 1..10 {
        for b in a..10 {
            let present =
                value_counts[a] > 0 && value_counts[b] > 0 && (a != b || value_counts[a] >= 2);
            if present {
                step = gcd(step, (a * b) as u64);
            }
        }
    }
    step
}

/// The effective number of events per shoe of a serial sum at `lag`: with d the most
/// frequent value and w = v − d, Σₜ vₜvₜ₊ₖ is a constant, plus Σₜ wₜwₜ₊ₖ (pairs of cards of
/// other values `lag` apart), minus d times the w of the cards in the first and last `lag`
/// positions. Taking each kind of pair and each value at the ends as an independent Poisson
/// count of its exact expectation λ and weight ω (ω = wₐw_b, or d·wₐ), the sum has excess
/// kurtosis Σλω⁴ / (Σλω²)²: the events are its inverse, (Σλω²)² / Σλω⁴, which is the count
/// itself when every weight is the same. A tie for the most frequent value takes the
/// centring with the fewest events.
fn serial_events(value_counts: &[u64; 10], lag: usize) -> f64 {
    let n = value_counts.iter().sum::<u64>() as f64;
    let k = lag as f64;
    if n < 2.0 || n <= k {
        return f64::INFINITY;
    }
    let most = value_counts.iter().copied().max().unwrap_or(0);
    (0..10)
        .filter(|&d| value_counts[d] == most)
        .map(|d| {
            let w = |v: usize| v as f64 - d as f64;
            let count = |v: usize| value_counts[v] as f64;
            let (mut second, mut fourth) = (0.0, 0.0);
            let mut add = |rate: f64, weight: f64| {
                second += rate * weight.powi(2);
                fourth += rate * weight.powi(4);
            };
            for a in (0..10).filter(|&a| a != d && value_counts[a] > 0) {
                for b in (0..10).filter(|&b| b != d && value_counts[b] > 0) {
                    let same = if a == b { 1.0 } else { 0.0 };
                    let rate = (n - k) * count(a) * (count(b) - same) / (n * (n - 1.0));
                    add(rate, w(a) * w(b));
                }
                add((2.0 * k).min(n) * count(a) / n, d as f64 * w(a));
            }
            if fourth > 0.0 {
                second * second / fourth
            } else {
                f64::INFINITY
            }
        })
        .fold(f64::INFINITY, f64::min)
}

/// The expected events per shoe that move the number of turning points when one rank fills
/// most of the shoe: a card of another rank alone among cards of that rank is always one
/// turning point, so the count moves only with such a card at either end of the shoe, or two
/// of them adjacent or one card apart. Each moves it by about one, so the events are their
/// expected number (see [`MIN_EVENTS`]).
fn turning_events(rank_counts: &[u64; 13]) -> f64 {
    let n = rank_counts.iter().sum::<u64>() as f64;
    if n < 3.0 {
        return f64::INFINITY;
    }
    let others = n - rank_counts.iter().copied().max().unwrap_or(0) as f64;
    let pairs = others * (others - 1.0).max(0.0) / n;
    2.0 * others / n + pairs + pairs * (n - 2.0) / (n - 1.0)
}

/// The pairs of shoes compared by the fingerprint tables among `shoes` shoes.
pub(super) fn pairs_among(shoes: u64) -> f64 {
    let s = shoes as f64;
    let t = s.min(FINGERPRINT_TABLE as f64);
    t * (t - 1.0) / 2.0 + (s - t) * t
}

/// ln of a bound on the chance that two fair shoes share their first `l` cards:
/// Σ p(s)² ≤ max p(s), the most likely prefix taking the most frequent card each time.
pub(super) fn prefix_ln_bound(counts: &[u64; 52], l: usize) -> f64 {
    let mut left = *counts;
    let total: u64 = counts.iter().sum();
    let mut ln = 0.0;
    for i in 0..l {
        let (c, most) = left
            .iter()
            .copied()
            .enumerate()
            .max_by_key(|&(_, n)| n)
            .unwrap_or((0, 0));
        ln += (most as f64).ln() - ((total - i as u64) as f64).ln();
        left[c] = left[c].saturating_sub(1);
    }
    ln
}

/// The length of the prefix the shared-prefix test compares in shoes of `decks` full decks
/// (the shortest whose chance of being shared by two fair shoes is at most 10⁻³⁰), if such
/// shoes have one no longer than half the shoe.
///
/// ```
/// use punto_banco::lab::shuffle::shared_prefix_length;
/// assert_eq!(shared_prefix_length(1), Some(19));
/// assert_eq!(shared_prefix_length(8), Some(18));
/// ```
pub fn shared_prefix_length(decks: u64) -> Option<usize> {
    prefix_length(&[decks; 52])
}

/// The shortest prefix whose sharing bound is below [`PREFIX_BOUND`], if the shoe has one
/// no longer than half the shoe.
pub(super) fn prefix_length(counts: &[u64; 52]) -> Option<usize> {
    let total: u64 = counts.iter().sum();
    (1..=(total as usize / 2)).find(|&l| prefix_ln_bound(counts, l) <= PREFIX_BOUND.ln())
}
