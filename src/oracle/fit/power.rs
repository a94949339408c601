//! The power of a test: the noncentral chi-square, and the coups a test needs to show an
//! error of a given size.

use super::{FitError, Grouping, expected, validate_alpha, validate_power};
use crate::rules::DrawingRules;
use crate::shoe::Shoe;
use num_rational::BigRational;
use num_traits::{ToPrimitive, Zero};
use statrs::distribution::{ChiSquared, ContinuousCDF};
use statrs::function::gamma::ln_gamma;

/// Above this noncentrality the Poisson mixture would take too many terms (about 24·√(λ/2));
/// the two-moment approximation of Patnaik is then accurate to far better than needed.
const MIXTURE_LIMIT: f64 = 1e9;

/// Σ_j Pois(j; λ/2) · tail(χ²_{df+2j}, x): the noncentral chi-square's tail or CDF, as the
/// Poisson mixture of central ones (truncated twelve standard deviations out, where the
/// weights are below 10⁻³⁰).
pub(super) fn mixture(df: f64, lambda: f64, x: f64, tail: impl Fn(&ChiSquared, f64) -> f64) -> f64 {
    if lambda <= 0.0 {
        return ChiSquared::new(df).map_or(f64::NAN, |d| tail(&d, x));
    }
    if lambda > MIXTURE_LIMIT {
        // Patnaik: X ≈ c·χ²_ν with the same mean and variance.
        let c = (df + 2.0 * lambda) / (df + lambda);
        let nu = (df + lambda).powi(2) / (df + 2.0 * lambda);
        return ChiSquared::new(nu).map_or(f64::NAN, |d| tail(&d, x / c));
    }
    let m = lambda / 2.0;
    let spread = 12.0 * m.sqrt() + 30.0;
    let (low, high) = ((m - spread).max(0.0) as u64, (m + spread) as u64);
    (low..=high)
        .map(|j| {
            let j = j as f64;
            let weight = (j * m.ln() - m - ln_gamma(j + 1.0)).exp();
            weight * ChiSquared::new(df + 2.0 * j).map_or(0.0, |d| tail(&d, x))
        })
        .sum()
}

/// P(X > x) for a noncentral chi-square with `df` degrees of freedom and noncentrality `lambda`,
/// as the Poisson mixture Σ_j Pois(j; λ/2) · P(χ²_{df+2j} > x).
pub fn noncentral_sf(df: f64, lambda: f64, x: f64) -> f64 {
    mixture(df, lambda, x, |d, x| d.sf(x))
}

/// P(X ≤ x) for the same distribution, summed on its own (not 1 − the tail), so that a miss
/// probability of 10⁻¹⁵ is still computed to full relative precision.
fn noncentral_cdf(df: f64, lambda: f64, x: f64) -> f64 {
    mixture(df, lambda, x, |d, x| d.cdf(x))
}

/// The level x that a central chi-square exceeds with probability `alpha`, found on the
/// survival function: 1 − α rounds to 1 for α below 10⁻¹⁶, P(X > x) does not.
pub(super) fn upper_quantile(df: f64, alpha: f64) -> Option<f64> {
    let d = ChiSquared::new(df).ok()?;
    let (mut low, mut high) = (0.0f64, df.max(1.0));
    while d.sf(high) > alpha {
        low = high;
        high *= 2.0;
        if !high.is_finite() {
            return None;
        }
    }
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if d.sf(mid) > alpha {
            low = mid;
        } else {
            high = mid;
        }
    }
    Some(high)
}

/// The most coups a plan counts to: beyond a quadrillion, no log will show the error.
pub const MAX_PLANNED_COUPS: u64 = 1_000_000_000_000_000;

/// How many coups a test needs to show an error. Ordered from the fewest coups to never.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Needed {
    /// This many coups (1 to [`MAX_PLANNED_COUPS`]).
    Coups(u64),
    /// More than [`MAX_PLANNED_COUPS`].
    Beyond,
    /// No number of coups: the test cannot see the error at all.
    Never,
}

/// How many coups a grouping's chi-square test needs to detect engines dealing by `wrong`
/// instead of `right`, at significance `alpha` with probability `power`.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The grouping planned.
    pub grouping: Grouping,
    /// The noncentrality one coup adds: Σ (q − p)² / p over the cells.
    pub per_coup: f64,
    /// The test's degrees of freedom.
    pub degrees_of_freedom: u64,
    /// The number of coups, or why there is none.
    pub coups: Needed,
}

/// The sample size each grouping needs to detect `wrong` rules; α and power as
/// [`validate_alpha`] and [`validate_power`] accept them.
pub fn plan(
    shoe: &Shoe,
    right: &DrawingRules,
    wrong: &DrawingRules,
    alpha: f64,
    power: f64,
) -> Result<Vec<Plan>, FitError> {
    let alpha = validate_alpha(alpha)?;
    let power = validate_power(power)?;
    [Grouping::Outcomes, Grouping::FinalStates]
        .into_iter()
        .map(|grouping| {
            let p = expected(shoe, right, grouping)?;
            let q = expected(shoe, wrong, grouping)?;
            // Σ (q − p)² / p exactly, so that a grouping the error does not move gives 0,
            // not a rounding residue.
            let mut per_coup = BigRational::zero();
            let mut cells = 0u64;
            for (cell, p) in &p {
                if p.is_zero() {
                    continue;
                }
                cells += 1;
                let q = q.get(cell).cloned().unwrap_or_else(BigRational::zero);
                let difference = q - p;
                per_coup += &difference * &difference / p;
            }
            let per_coup = per_coup.to_f64().unwrap_or(0.0);
            let df = cells.saturating_sub(1);
            let coups = sample_size(df as f64, per_coup, alpha, power);
            Ok(Plan {
                grouping,
                per_coup,
                degrees_of_freedom: df,
                coups,
            })
        })
        .collect()
}

pub(super) fn sample_size(df: f64, per_coup: f64, alpha: f64, power: f64) -> Needed {
    if per_coup.is_nan() || per_coup <= 0.0 || df < 1.0 {
        return Needed::Never;
    }
    let Some(critical) = upper_quantile(df, alpha) else {
        return Needed::Never;
    };
    // A high power is judged on the miss probability 1 − power (exact: power ≥ 0.5), which
    // keeps its precision as it approaches 0; a low one on the detection probability itself.
    let miss = 1.0 - power;
    let enough = |lambda: f64| {
        if power >= 0.5 {
            noncentral_cdf(df, lambda, critical) <= miss
        } else {
            noncentral_sf(df, lambda, critical) >= power
        }
    };
    // The noncentrality needed, by bisection (the power grows with it) ...
    let (mut low, mut high) = (0.0f64, 1.0f64);
    while !enough(high) {
        low = high;
        high *= 2.0;
        if high > 1e12 {
            return Needed::Beyond;
        }
    }
    for _ in 0..200 {
        let mid = 0.5 * (low + high);
        if mid <= low || mid >= high {
            break;
        }
        if enough(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    // ... then the fewest whole coups that reach it, settled on the coup counts themselves.
    let estimate = (high / per_coup).ceil();
    if estimate.is_nan() || estimate > MAX_PLANNED_COUPS as f64 {
        return Needed::Beyond;
    }
    let mut n = (estimate as u64).max(1);
    let at = |n: u64| enough(per_coup * n as f64);
    for _ in 0..64 {
        if n > 1 && at(n - 1) {
            n -= 1;
        } else {
            break;
        }
    }
    for _ in 0..64 {
        if at(n) {
            break;
        }
        n += 1;
    }
    if n > MAX_PLANNED_COUPS {
        Needed::Beyond
    } else {
        Needed::Coups(n)
    }
}

/// The differing cell of a checker's report that a coup-by-coup check reaches soonest, with
/// the coups it takes to reach it at `power`. A coup-by-coup check shows the error at the
/// first coup that reaches any differing cell, so the most often reached one sets how soon;
/// `None` when no differing cell is ever reached.
pub fn quickest_reach(
    report: &crate::check::Report,
    power: f64,
) -> Option<(&crate::check::DrawingDifference, Needed)> {
    report
        .drawing_differences
        .iter()
        .filter_map(|d| Some((d, coups_to_reach(d.reach.as_ref()?, power)?)))
        .min_by_key(|(_, needed)| *needed)
}

/// How many coups a coup-by-coup verification needs to see, with probability `power`, at least
/// one coup that reaches a decision reached with probability `reach`: ⌈ln(1 − power) / ln(1 − reach)⌉,
/// computed as ln_1p so that neither a tiny power nor a tiny reach rounds away. `None` when
/// the decision is never reached.
pub fn coups_to_reach(reach: &BigRational, power: f64) -> Option<Needed> {
    if reach.numer().is_zero() || reach.numer().sign() == num_bigint::Sign::Minus {
        return None;
    }
    let r = reach.to_f64().unwrap_or(0.0);
    if r >= 1.0 {
        return Some(Needed::Coups(1));
    }
    if r <= 0.0 || !(power > 0.0 && power < 1.0) {
        return Some(Needed::Beyond);
    }
    let coups = ((-power).ln_1p() / (-r).ln_1p()).ceil();
    Some(if coups <= MAX_PLANNED_COUPS as f64 {
        Needed::Coups((coups as u64).max(1))
    } else {
        Needed::Beyond
    })
}
