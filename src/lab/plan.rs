//! How many shoes a named shuffler needs to be caught by the battery at a given power.
//!
//! Pilot shoes of the defect give each test's effect per shoe: for a chi-square test of df
//! degrees of freedom, the noncentrality per shoe λ̂ = (X² − df)/M over M pilot shoes
//! (E\[X²\] = df + λ), with standard error √(2(df + 2λ̂M))/M; for a z test, the drift per
//! √shoe δ̂ = z/√M with standard error 1/√M; for the repeated-shoe tests, the chance q̂ that
//! two shoes match, from the matching pairs among the pilot's. Each test is then judged at
//! α/m (Holm's first step, the Bonferroni level: the battery fails as soon as one test's p
//! is below it), and the fewest shoes that give it the power asked for are counted. The
//! plan's answer is the test that needs fewest.

use super::shuffle::ShuffleTest;
use super::shufflers::{Shuffler, factory_order};
use crate::dealer::Dealer;
use crate::oracle::fit::noncentral_sf;
use statrs::distribution::{ChiSquared, ContinuousCDF, Normal};

/// The most shoes a plan counts to.
pub const MAX_PLANNED_SHOES: u64 = 1_000_000_000_000;

/// One test's plan.
#[derive(Debug, Clone, PartialEq)]
pub struct TestPlan {
    /// The test's key.
    pub name: String,
    /// The effect per shoe estimated from the pilot: λ per shoe for a chi-square test, δ²
    /// (the squared drift per √shoe) for a z test, q (the chance that two shoes match) for
    /// the repeated-shoe tests.
    pub per_shoe: f64,
    /// The standard error of that estimate.
    pub error: f64,
    /// The shoes needed, or `None` when the pilot saw no effect (none, one within three
    /// standard errors of zero, or one that needs more than [`MAX_PLANNED_SHOES`]).
    pub shoes: Option<u64>,
}

/// A detection plan for one shuffler.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    /// The shuffler planned.
    pub shuffler: Shuffler,
    /// Decks per shoe.
    pub decks: usize,
    /// The battery's α.
    pub alpha: f64,
    /// The level each test is judged at: α / m.
    pub level: f64,
    /// The power asked for.
    pub power: f64,
    /// The pilot shoes dealt.
    pub pilot: u64,
    /// Every test's plan.
    pub tests: Vec<TestPlan>,
}

impl Plan {
    /// The test that catches the shuffler first, with its shoes.
    pub fn first(&self) -> Option<(&TestPlan, u64)> {
        self.tests
            .iter()
            .filter_map(|t| Some((t, t.shoes?)))
            .min_by_key(|&(_, s)| s)
    }
}

/// A plan's settings out of range.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PlanError {
    /// α outside (0, 1).
    #[error("--alpha {0}: expected a level between 0 and 1, such as 0.01")]
    Alpha(f64),
    /// A power outside (0, 1).
    #[error("--power {0}: expected a probability between 0 and 1, such as 0.99")]
    Power(f64),
    /// Decks outside 1 to 64.
    #[error("--decks {0}: expected 1 to 64")]
    Decks(usize),
}

/// The default pilot shoes.
pub const PILOT_SHOES: u64 = 2000;

/// The plan for `shuffler` on shoes of `decks` decks, from `pilot` shoes dealt from seed
/// `seed`.
pub fn plan(
    shuffler: Shuffler,
    decks: usize,
    alpha: f64,
    power: f64,
    pilot: u64,
    seed: u64,
) -> Result<Plan, PlanError> {
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(PlanError::Alpha(alpha));
    }
    if !(power > 0.0 && power < 1.0) {
        return Err(PlanError::Power(power));
    }
    if !(1..=64).contains(&decks) {
        return Err(PlanError::Decks(decks));
    }
    let start = factory_order(decks);
    let mut rng = Dealer::rng(seed);
    let mut test = ShuffleTest::default();
    for _ in 0..pilot.max(100) {
        test.shoe(&shuffler.shuffle(&start, &mut rng))
            .expect("a shuffler keeps the composition");
    }
    let m = test.shoes() as f64;
    let raw = test.raw_tests();
    let level = alpha / raw.len().max(1) as f64;
    let (repeats, prefixes) = test.matches();
    let pairs = test.pairs();
    let tests = raw
        .iter()
        .map(|t| {
            let (per_shoe, error, shoes) = match (t.name.as_str(), t.degrees_of_freedom) {
                ("repeated_shoes" | "shared_prefixes", _) => {
                    let matches = if t.name == "repeated_shoes" {
                        repeats
                    } else {
                        prefixes
                    };
                    let q = matches as f64 / pairs;
                    let error = (matches as f64).sqrt() / pairs;
                    // One match is enough (its bound under the null is far below any α):
                    // 1 − exp(−q S²/2) ≥ power.
                    let shoes = (q > 0.0)
                        .then(|| (2.0 * (1.0 / (1.0 - power)).ln() / q).sqrt().ceil() as u64);
                    (q, error, shoes)
                }
                (_, Some(df)) if t.statistic.is_finite() => {
                    let excess = (t.statistic - df).max(0.0);
                    let lambda = excess / m;
                    let error = (2.0 * (df + 2.0 * excess)).sqrt() / m;
                    (lambda, error, chi_square_shoes(df, lambda, level, power))
                }
                (_, None) if t.statistic.is_finite() => {
                    let delta = t.statistic / m.sqrt();
                    let normal = Normal::standard();
                    let needed = normal.inverse_cdf(1.0 - level / 2.0) + normal.inverse_cdf(power);
                    let shoes = (delta != 0.0).then(|| (needed / delta).powi(2).ceil() as u64);
                    (delta * delta, 2.0 * delta.abs() / m.sqrt(), shoes)
                }
                _ => (f64::NAN, f64::NAN, None),
            };
            // An effect within three standard errors of zero is not one the pilot saw (a
            // fair shuffler's pilot shows noise, not a defect): for a z test, |z| ≤ 3 (the
            // error of δ² is 2|δ|/√M, that of δ is 1/√M).
            let seen = match t.degrees_of_freedom {
                Some(_) => per_shoe > 3.0 * error,
                None if t.name == "repeated_shoes" || t.name == "shared_prefixes" => per_shoe > 0.0,
                None => t.statistic.abs() > 3.0,
            };
            let shoes = shoes.filter(|_| seen);
            TestPlan {
                name: t.name.clone(),
                per_shoe,
                error,
                // No test judges fewer than 2 shoes, and the successor pairs fewer than 50.
                shoes: shoes
                    .filter(|&s| s <= MAX_PLANNED_SHOES)
                    .map(|s| s.max(if t.name == "successor_pairs" { 50 } else { 2 })),
            }
        })
        .collect();
    Ok(Plan {
        shuffler,
        decks,
        alpha,
        level,
        power,
        pilot: test.shoes(),
        tests,
    })
}

/// The fewest shoes at λ per shoe for a chi-square test of `df` degrees of freedom at
/// `level` to reach `power`.
fn chi_square_shoes(df: f64, per_shoe: f64, level: f64, power: f64) -> Option<u64> {
    if per_shoe <= 0.0 || df < 1.0 {
        return None;
    }
    let critical = ChiSquared::new(df).ok()?.inverse_cdf(1.0 - level);
    let enough = |lambda: f64| noncentral_sf(df, lambda, critical) >= power;
    let (mut low, mut high) = (0.0f64, 1.0f64);
    while !enough(high) {
        low = high;
        high *= 2.0;
        if high / per_shoe > MAX_PLANNED_SHOES as f64 {
            return None;
        }
    }
    for _ in 0..60 {
        let mid = 0.5 * (low + high);
        if enough(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    Some((high / per_shoe).ceil() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chi_square_size_reaches_its_power() {
        // λ per shoe 0.01, df 10, α 0.001: the size found has the power, one fewer does not.
        let s = chi_square_shoes(10.0, 0.01, 0.001, 0.9).unwrap();
        let critical = ChiSquared::new(10.0).unwrap().inverse_cdf(0.999);
        assert!(noncentral_sf(10.0, 0.01 * s as f64, critical) >= 0.9);
        assert!(noncentral_sf(10.0, 0.01 * (s - 1) as f64, critical) < 0.9);
        assert_eq!(chi_square_shoes(10.0, 0.0, 0.001, 0.9), None);
    }

    #[test]
    fn a_fair_pilot_sees_no_defect() {
        let planned = plan(Shuffler::Fair, 1, 0.01, 0.9, 500, 3).unwrap();
        assert_eq!(planned.first(), None, "{planned:?}");
    }

    #[test]
    fn settings_out_of_range_are_refused() {
        assert_eq!(
            plan(Shuffler::Fair, 8, 0.0, 0.9, 100, 1),
            Err(PlanError::Alpha(0.0))
        );
        assert_eq!(
            plan(Shuffler::Fair, 8, 0.01, 1.0, 100, 1),
            Err(PlanError::Power(1.0))
        );
        assert_eq!(
            plan(Shuffler::Fair, 65, 0.01, 0.9, 100, 1),
            Err(PlanError::Decks(65))
        );
    }
}
