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
//!
//! [`power`] turns the question round for a sample already tested: pilot shoes of the
//! defect, of the sample's composition and tested as the sample was (the same bins, value
//! groups and tails), give each test's effect per shoe, and with it the chance that the
//! test, at α/m over the sample's shoes, would have rejected. The battery fails whenever one
//! test's p-value is below α/m, so its power is at least the largest of these.

use super::shuffle::{Critical, ShuffleTest, ShuffleTestName};
use super::shufflers::{Shuffler, factory_order, factory_order_of};
use super::{StatisticKind, TestResult, Verdict, bennett_tail};
use crate::dealer::Dealer;
use crate::oracle::fit::noncentral_sf;
use statrs::distribution::{ChiSquared, ContinuousCDF, DiscreteCDF, Normal, Poisson};

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
    /// A power asked of a sample that holds no shoe.
    #[error("the sample holds no shoe: there is no sample whose power to give")]
    NoShoes,
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
    let raw = test.raw_tests();
    let level = alpha / raw.len().max(1) as f64;
    let tests = raw
        .iter()
        .map(|t| {
            let estimate = estimate(t, &test);
            let shoes = match estimate.effect {
                Effect::MatchChance(q) => {
                    // One match is enough (its bound under the null is far below any α):
                    // 1 − exp(−q S²/2) ≥ power.
                    Some((2.0 * (1.0 / (1.0 - power)).ln() / q).sqrt().ceil() as u64)
                }
                Effect::Noncentrality(lambda) => t
                    .degrees_of_freedom
                    .and_then(|df| chi_square_shoes(df, lambda, level, power)),
                Effect::Drift(delta) => {
                    let normal = Normal::standard();
                    let needed = normal.inverse_cdf(1.0 - level / 2.0) + normal.inverse_cdf(power);
                    Some((needed / delta).powi(2).ceil() as u64)
                }
                Effect::None => None,
            };
            TestPlan {
                name: t.name.clone(),
                per_shoe: estimate.per_shoe,
                error: estimate.error,
                // No test judges fewer than 2 shoes, and the successor pairs fewer than 50.
                shoes: shoes.filter(|&s| s <= MAX_PLANNED_SHOES).map(|s| {
                    s.max(
                        if ShuffleTestName::from_key(&t.name)
                            == Some(ShuffleTestName::SuccessorPairs)
                        {
                            50
                        } else {
                            2
                        },
                    )
                }),
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

/// A defect's effect on one test, per shoe, as the pilot measured it.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Effect {
    /// None seen: none at all, or one within three standard errors of zero.
    None,
    /// The noncentrality per shoe λ of a chi-square or Mahalanobis test.
    Noncentrality(f64),
    /// The drift per √shoe δ of a z: its mean is δ√S over S shoes.
    Drift(f64),
    /// The chance that two shoes match.
    MatchChance(f64),
}

/// One test's effect per shoe from the pilot, its standard error and whether it is seen.
struct Estimate {
    per_shoe: f64,
    error: f64,
    effect: Effect,
}

/// The effect per shoe of the pilot `test` on its test `t`: the noncentrality per shoe
/// λ̂ = (X² − df)/M of a chi-square test, with standard error √(2(df + 2λ̂M))/M; the drift per
/// √shoe δ̂ = z/√M of a z test (reported as δ̂², standard error 2|δ̂|/√M); the chance q̂ that
/// two shoes match for the repeated-shoe tests. An effect within three standard errors of
/// zero is not one the pilot saw (a fair shuffler's pilot shows noise, not a defect): for a z
/// test, |z| ≤ 3.
fn estimate(t: &TestResult, test: &ShuffleTest) -> Estimate {
    let m = test.shoes() as f64;
    let none = |per_shoe: f64, error: f64| Estimate {
        per_shoe,
        error,
        effect: Effect::None,
    };
    if t.verdict == Verdict::Untested || !t.statistic.is_finite() {
        return none(f64::NAN, f64::NAN);
    }
    match (t.kind, t.degrees_of_freedom) {
        (StatisticKind::MatchCount, _) => {
            let (repeats, prefixes) = test.matches();
            let matches =
                if ShuffleTestName::from_key(&t.name) == Some(ShuffleTestName::RepeatedShoes) {
                    repeats
                } else {
                    prefixes
                };
            let pairs = test.pairs();
            let q = matches as f64 / pairs;
            let error = (matches as f64).sqrt() / pairs;
            Estimate {
                per_shoe: q,
                error,
                effect: if q > 0.0 {
                    Effect::MatchChance(q)
                } else {
                    Effect::None
                },
            }
        }
        (_, Some(df)) => {
            let excess = (t.statistic - df).max(0.0);
            let lambda = excess / m;
            let error = (2.0 * (df + 2.0 * excess)).sqrt() / m;
            Estimate {
                per_shoe: lambda,
                error,
                effect: if lambda > 3.0 * error {
                    Effect::Noncentrality(lambda)
                } else {
                    Effect::None
                },
            }
        }
        (_, None) => {
            let delta = t.statistic / m.sqrt();
            Estimate {
                per_shoe: delta * delta,
                error: 2.0 * delta.abs() / m.sqrt(),
                effect: if t.statistic.abs() > 3.0 {
                    Effect::Drift(delta)
                } else {
                    Effect::None
                },
            }
        }
    }
}

/// The power a sample of shoes had against a named defect.
#[derive(Debug, Clone, PartialEq)]
pub struct DefectPower {
    /// The defect.
    pub shuffler: Shuffler,
    /// The sample's shoes.
    pub shoes: u64,
    /// The pilot shoes dealt.
    pub pilot: u64,
    /// The level each test is judged at: α/m, m the tests the sample ran.
    pub level: f64,
    /// Every test's power, in the battery's order.
    pub tests: Vec<TestPower>,
}

/// One test's power against a defect.
#[derive(Debug, Clone, PartialEq)]
pub struct TestPower {
    /// The test's key.
    pub name: String,
    /// The chance that the test, over the sample's shoes, rejects at α/m; `None` when the
    /// sample did not run the test or the pilot saw no effect on it.
    pub power: Option<f64>,
}

impl DefectPower {
    /// The test with the most power, and that power: the battery's power against the defect
    /// is at least this.
    pub fn best(&self) -> Option<(&TestPower, f64)> {
        // The first of equal powers, in the battery's order.
        self.tests.iter().filter_map(|t| Some((t, t.power?))).fold(
            None,
            |best: Option<(&TestPower, f64)>, (t, p)| match best {
                Some((_, b)) if b >= p => best,
                _ => Some((t, p)),
            },
        )
    }
}

/// The power that the shoes `sample` holds had against the defect `shuffler`: pilot shoes of
/// the defect (`pilot`, at least 100, dealt from `seed`) from the sample's composition laid out
/// in factory order ([`factory_order_of`]), tested as the sample was, give each test's effect
/// per shoe; each test that the sample ran is then judged at α/m over the sample's shoes,
/// with the tail it was read with (chi-square, the normal with its continuity correction,
/// Bennett's bound, or Markov's bound on coincidences).
pub fn power(
    sample: &ShuffleTest,
    alpha: f64,
    shuffler: Shuffler,
    pilot: u64,
    seed: u64,
) -> Result<DefectPower, PlanError> {
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(PlanError::Alpha(alpha));
    }
    let counts = sample.composition().ok_or(PlanError::NoShoes)?;
    let shoes = sample.shoes();
    let judged = sample.tests_as(shoes);
    let battery = super::Battery::new(judged.iter().map(|(t, _)| t.clone()).collect(), alpha);
    let level = alpha / battery.tested().max(1) as f64;
    let start = factory_order_of(&counts);
    let mut rng = Dealer::rng(seed);
    let mut test = ShuffleTest::new(sample.lags());
    for _ in 0..pilot.max(100) {
        test.shoe(&shuffler.shuffle(&start, &mut rng))
            .expect("a shuffler keeps the composition");
    }
    let measured = test.tests_as(shoes);
    let tests = battery
        .tests
        .iter()
        .zip(&judged)
        .zip(&measured)
        .map(|((judged, (_, critical)), (measured, _))| TestPower {
            name: judged.name.clone(),
            power: (judged.verdict != Verdict::Untested)
                .then(|| rejection_chance(critical, estimate(measured, &test).effect, level))
                .flatten(),
        })
        .collect();
    Ok(DefectPower {
        shuffler,
        shoes,
        pilot: test.shoes(),
        level,
        tests,
    })
}

/// The chance that a test rejecting as `critical` says at `level` rejects a defect of this
/// effect; `None` when no effect was seen or the test and the effect do not match.
fn rejection_chance(critical: &Critical, effect: Effect, level: f64) -> Option<f64> {
    // The tails are computed in floating point, which can overshoot 1 by a few ulps.
    rejection_tail(critical, effect, level).map(|p| p.clamp(0.0, 1.0))
}

fn rejection_tail(critical: &Critical, effect: Effect, level: f64) -> Option<f64> {
    let normal = Normal::standard();
    // A z of mean δ√S rejected beyond `high` standard deviations above or `low` below.
    let z_power =
        |mean: f64, high: f64, low: f64| normal.cdf(mean - high) + normal.cdf(-mean - low);
    match (critical, effect) {
        (Critical::ChiSquare { df, shoes }, Effect::Noncentrality(lambda)) => {
            let at = ChiSquared::new(*df).ok()?.inverse_cdf(1.0 - level);
            Some(noncentral_sf(*df, lambda * shoes, at))
        }
        (Critical::Normal { shoes, sd, step }, Effect::Drift(delta)) => {
            let beyond = normal.inverse_cdf(1.0 - level / 2.0) + step / (2.0 * sd * shoes.sqrt());
            Some(z_power(delta * shoes.sqrt(), beyond, beyond))
        }
        (
            Critical::Bennett {
                shoes,
                sd,
                above,
                below,
            },
            Effect::Drift(delta),
        ) => {
            let variance = shoes * sd * sd;
            let beyond = |b: f64| bennett_critical(variance, b, level) / variance.sqrt();
            Some(z_power(
                delta * shoes.sqrt(),
                beyond(*above),
                beyond(*below),
            ))
        }
        (Critical::Matches { pairs, ln_q }, Effect::MatchChance(q)) => {
            // Markov's bound pairs·q₀/r is below the level from r matches on.
            let needed = (pairs * ln_q.exp() / level).ceil().max(1.0);
            let mean = pairs * q;
            Some(Poisson::new(mean).ok()?.sf(needed as u64 - 1))
        }
        _ => None,
    }
}

/// The deviation t of a sum of variance `variance` whose Bennett bound, doubled, is `level`
/// (infinite when no deviation on that side is rare enough).
fn bennett_critical(variance: f64, b: f64, level: f64) -> f64 {
    let rare = |t: f64| 2.0 * bennett_tail(t, variance, b) <= level;
    let mut high = variance.sqrt();
    while !rare(high) {
        high *= 2.0;
        if !high.is_finite() {
            return f64::INFINITY;
        }
    }
    let mut low = 0.0;
    for _ in 0..100 {
        let mid = 0.5 * (low + high);
        if rare(mid) {
            high = mid;
        } else {
            low = mid;
        }
    }
    high
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
