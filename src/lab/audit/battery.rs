//! The battery of tests: the category tests and the return audit, their statistics, and the
//! findings that fail an audit.

use super::Auditor;
use super::pricing::{PARTITIONS, triangle};
use super::sums::{Sums, ratio_f64, reduced};
use super::{Audit, AuditError, AuditTestName, BetReturn, Finding, NetCount};
use crate::lab::{
    Battery, Note, StatisticKind, TestResult, Verdict, chi_square_sf, mahalanobis, normal_two_sided,
};
use num_bigint::{BigInt, BigUint};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

impl Auditor {
    /// The findings: each mis-paid bet's (with its return as logged and as the rules pay, in
    /// `returns`), then the coups the rules would not deal.
    pub(super) fn findings(&self, returns: &[BetReturn]) -> Vec<Finding> {
        let mut findings: Vec<Finding> = returns
            .iter()
            .enumerate()
            .filter(|(b, _)| self.mispaid[*b] > 0)
            .map(|(b, r)| Finding::Settlement {
                bet: r.bet.clone(),
                coups: self.mispaid[b],
                lines: self.mispaid_lines[b].clone(),
                as_logged: r.as_logged.clone(),
                by_rules: r.observed.clone(),
            })
            .collect();
        if self.undealt > 0 {
            findings.push(Finding::Drawing {
                coups: self.undealt,
                first: self.undealt_first.clone(),
            });
        }
        findings
    }

    /// The audit of what was read, at level `alpha`.
    pub fn finish(mut self, alpha: f64) -> Result<Audit, AuditError> {
        if self.coups == 0 {
            if self.undealt == 0 {
                return Err(AuditError::NoCoups);
            }
            // Only coups the rules would not deal: the findings, and nothing to test.
            return Ok(Audit {
                findings: self.findings(&[]),
                rules: self.rules,
                shoes: self.shoes,
                coups: 0,
                battery: Battery::new(Vec::new(), alpha),
                rtp: Vec::new(),
            });
        }
        self.flush();
        let sums = std::mem::replace(&mut self.sums, Sums::new(Vec::new()));
        let (common, totals) = sums.total();
        // Every entry is a numerator over L or L², L the least common multiple of the D(n).
        let l = BigInt::from(common.value().clone());
        let mut tests = Vec::new();
        for (p, (name, k)) in PARTITIONS.iter().enumerate() {
            let k = *k;
            let base = self.partition_base[p];
            let mean = &totals[base..base + k];
            let covariance: Vec<Vec<BigInt>> = (0..k)
                .map(|i| {
                    (0..k)
                        .map(|j| {
                            let second = &totals[base + k + triangle(k, i.min(j), i.max(j))];
                            if i == j {
                                &mean[i] * &l - second
                            } else {
                                -second
                            }
                        })
                        .collect()
                })
                .collect();
            let deviation: Vec<BigInt> = self.observed[p]
                .iter()
                .zip(mean)
                .map(|(&o, m)| BigInt::from(o) * &l - m)
                .collect();
            let (groups, note) = if *name == AuditTestName::FinalStates {
                pooled(mean, &l)
            } else {
                ((0..k).map(|i| vec![i]).collect(), None)
            };
            tests.push(mahalanobis_test(
                &name.key(),
                &groups,
                &deviation,
                &covariance,
                &l,
                note,
            ));
        }
        let z = statrs::distribution::ContinuousCDF::inverse_cdf(
            &statrs::distribution::Normal::standard(),
            1.0 - alpha / 2.0,
        );
        let coups = BigInt::from(self.coups);
        let mut returns = Vec::new();
        for (b, bet) in self.bets.iter().enumerate() {
            let base = self.bet_base[b];
            let scale = BigInt::from(bet.scale);
            let units = scale.magnitude();
            // Σ E[net_t] is totals[base] / (L · scale); Σ Var_t is
            // (totals[base + 1] · L − totals[base + 2]) / (L² · scale²).
            let expected = reduced(&totals[base], &common, 1, &(units * coups.magnitude()));
            let variance_numerator = &totals[base + 1] * &l - &totals[base + 2];
            let variance = reduced(&variance_numerator, &common, 2, &(units * units));
            let by_rules = self.by_rules[b].to_bigint();
            let observed = BigRational::new(by_rules.clone(), &scale * &coups);
            let as_logged = (BigRational::new(self.logged_scaled[b].to_bigint(), scale.clone())
                + &self.logged_other[b])
                / &coups;
            let counts = &totals[base + 3..base + 3 + bet.nets.len()];
            let nets: Vec<NetCount> = bet
                .nets
                .iter()
                .zip(counts)
                .zip(&self.hits[b])
                .map(|((&net, count), &hits)| NetCount {
                    net: BigRational::new(BigInt::from(net), scale.clone()),
                    hits,
                    expected: reduced(count, &common, 1, &BigUint::one()),
                })
                .collect();
            let expected_counts: Vec<f64> = counts.iter().map(|m| ratio_f64(m, &l)).collect();
            let net_values: Vec<f64> = bet
                .nets
                .iter()
                .map(|&c| c as f64 / bet.scale as f64)
                .collect();
            let method = if near_normal(&net_values, &expected_counts, self.coups) {
                StatisticKind::Z
            } else {
                StatisticKind::LineCounts
            };
            let name = AuditTestName::Return {
                bet: bet.key.clone(),
            }
            .key();
            let sd = variance.to_f64().unwrap_or(f64::NAN).sqrt();
            let mut interval = None;
            let test = if !variance.is_positive() {
                // Every coup's net was certain: the cards dealt paid it.
                TestResult::untested(&name, method, Note::CertainNet)
            } else if method == StatisticKind::Z {
                // (Σ net_t − Σ E[net_t]) over its standard deviation.
                let deviation = ratio_f64(&(&by_rules * &l - &totals[base]), &(&l * &scale));
                let statistic = deviation / sd;
                let half = z * sd / self.coups as f64;
                let centre = expected.to_f64().unwrap_or(f64::NAN);
                interval = Some((centre - half, centre + half));
                TestResult::tested(&name, method, statistic, None, normal_two_sided(statistic))
            } else {
                let hits = &self.hits[b];
                let e = line_counts(hits, &expected_counts);
                TestResult::tested(&name, method, e, None, (1.0 / e).min(1.0))
            };
            tests.push(test);
            returns.push(BetReturn {
                bet: bet.key.clone(),
                observed,
                as_logged,
                expected,
                variance,
                method,
                interval,
                verdict: Verdict::Untested,
                logged: self.logged[b],
                mispaid: self.mispaid[b],
                nets,
            });
        }
        let battery = Battery::new(tests, alpha);
        for r in &mut returns {
            if let Some(test) = battery.test(&AuditTestName::Return { bet: r.bet.clone() }.key()) {
                r.verdict = test.verdict;
            }
        }
        Ok(Audit {
            findings: self.findings(&returns),
            rules: self.rules,
            shoes: self.shoes,
            coups: self.coups,
            battery,
            rtp: returns,
        })
    }
}

/// The largest squared skewness and excess kurtosis of a bet's total net at which its return
/// is tested by z (see [`near_normal`]).
pub const NEAR_NORMAL: f64 = 0.01;

/// Whether a bet's total net over `coups` coups is near enough normal for a two-sided z-test
/// of its return, given its distinct `nets` and their expected counts over the coups.
///
/// The criterion is the Edgeworth expansion of the tail (Hall, *The Bootstrap and Edgeworth
/// Expansion*, Springer 1992, §2.2): for a total of standardized skewness γ and excess
/// kurtosis κ,
/// `P(|Z| > z) = 2(1 − Φ(z)) + 2φ(z)·(κ/24·He₃(z) + γ²/72·He₅(z)) + …`, the skewness's
/// first-order term cancelling in a two-sided test (He₃ and He₅ the Hermite polynomials).
/// γ² and κ are taken from the average coup's distribution of nets (each net's expected
/// count over the coups): γ² = γ₁²/n and κ = κ₁/n for the coup's γ₁ and κ₁. The z-test is
/// used when both are at most [`NEAR_NORMAL`]: the correction is then within about 8% of the
/// two-sided tail at 10⁻³ and 30% at 10⁻⁴. A negative kurtosis (a bet of two nets of like
/// size, Punto or Banco) thins the tails and passes. A bet carried by a rare large payout
/// does not pass: four nines paid 500 to 1 put γ₁² in the tens of thousands, so such a
/// return is tested by its pay-line counts ([`line_counts`]) below millions of coups. The
/// coups of a shoe are martingale differences, not independent: the criterion reads them as
/// if their distribution were the average's, which the calibration tests on fair logs hold.
pub fn near_normal(nets: &[f64], expected: &[f64], coups: u64) -> bool {
    let total: f64 = expected.iter().sum();
    // NaN counts, no coup: nothing to judge, and the caller's other checks decide.
    if total.is_nan() || total <= 0.0 || coups == 0 {
        return true;
    }
    let p: Vec<f64> = expected.iter().map(|m| m / total).collect();
    let mean: f64 = nets.iter().zip(&p).map(|(c, p)| c * p).sum();
    let moment = |k: i32| -> f64 {
        nets.iter()
            .zip(&p)
            .map(|(c, p)| (c - mean).powi(k) * p)
            .sum()
    };
    let (m2, m3, m4) = (moment(2), moment(3), moment(4));
    if m2.is_nan() || m2 <= 0.0 {
        return true;
    }
    let n = coups as f64;
    let skewness_squared = m3 * m3 / (m2 * m2 * m2) / n;
    let kurtosis = (m4 / (m2 * m2) - 3.0) / n;
    skewness_squared <= NEAR_NORMAL && kurtosis <= NEAR_NORMAL
}

/// The λ of [`line_counts`]'s mixture: ±2^(i/2)/64 for i = 0 … 17, |λ| from 1/64 to about
/// 5.66 (a rate from e^−5.66 ≈ 1/287 to 287 times the expected), in steps of √2.
fn lambdas() -> impl Iterator<Item = f64> {
    (0..18).flat_map(|i| {
        let lambda = 2f64.powf(f64::from(i) / 2.0) / 64.0;
        [lambda, -lambda]
    })
}

/// The e-value of a bet's pay-line counts: for each of its distinct nets, the number of
/// coups `hits[k]` whose cards pay it against its expected count `expected[k]` (the sum of
/// its exact probabilities, each given the cards before the coup). Its p-value is
/// `min(1, 1/e)`, valid at any number of coups, however the coups depend on one another.
///
/// For one net, let N_t count its hits up to coup t and M_t = Σ p_s its expected count, each
/// p_s predictable (known from the cards before coup s). For every real λ,
/// `exp(λ·N_t − (e^λ − 1)·M_t)` is a nonnegative supermartingale starting at 1, since a hit
/// is a Bernoulli(p_t) given the past and `E[e^(λX)] = 1 + p(e^λ − 1) ≤ exp(p(e^λ − 1))`
/// (the Poisson-type supermartingale of Howard, Ramdas, McAuliffe and Sekhon, "Time-uniform
/// Chernoff bounds via nonnegative supermartingales", *Probability Surveys* 17, 2020, with
/// variance process M_t). An average of such supermartingales with fixed weights is one too:
/// here over 36 values of λ (both signs, so that too few hits count as too many do, from
/// 1/64 to about 5.66 in steps of √2) and over the bet's nets, all with equal
/// weights (an average of e-values is an e-value: Vovk and Wang, "E-values: calibration,
/// combination and applications", *Annals of Statistics* 49, 2021). By Ville's inequality
/// (Ville, *Étude critique de la notion de collectif*, 1939), the probability that it ever
/// reaches 1/α is at most α, so `min(1, 1/e)` is a p-value at any sample size, with no
/// normal approximation and no assumption that the coups are independent: a Poisson-binomial
/// tail with the realized probabilities would need one. The price is power: a single hit of
/// a line expected 0.001 times is not evidence enough, as it should not be.
///
/// ```
/// use punto_banco::lab::audit::line_counts;
/// // As many hits as expected: no evidence (an e-value below 1).
/// assert!(line_counts(&[10, 90], &[10.0, 90.0]) < 1.0);
/// // Thirty hits of a net expected three times: strong evidence.
/// assert!(line_counts(&[30, 70], &[3.0, 97.0]) > 1e6);
/// ```
pub fn line_counts(hits: &[u64], expected: &[f64]) -> f64 {
    let terms: Vec<f64> = hits
        .iter()
        .zip(expected)
        .flat_map(|(&n, &m)| lambdas().map(move |lambda| lambda * n as f64 - lambda.exp_m1() * m))
        .collect();
    if terms.is_empty() {
        return 1.0;
    }
    let top = terms.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if !top.is_finite() {
        return top.exp();
    }
    let sum: f64 = terms.iter().map(|t| (t - top).exp()).sum();
    (top + (sum / terms.len() as f64).ln()).exp()
}
/// The 28 final-state groups pooled in order into runs of expected count at least five (the
/// means are numerators over `l`).
pub(super) fn pooled(mean: &[BigInt], l: &BigInt) -> (Vec<Vec<usize>>, Option<Note>) {
    let five = l * 5;
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut current: Vec<usize> = Vec::new();
    let mut sum = BigInt::zero();
    for (i, m) in mean.iter().enumerate() {
        current.push(i);
        sum += m;
        if sum >= five {
            groups.push(std::mem::take(&mut current));
            sum = BigInt::zero();
        }
    }
    if !current.is_empty() {
        match groups.last_mut() {
            Some(last) => last.extend(current),
            None => groups.push(current),
        }
    }
    let note = (groups.len() < mean.len()).then_some(Note::PooledFinalStates {
        from: mean.len(),
        into: groups.len(),
    });
    (groups, note)
}

/// The Mahalanobis test of the observed counts of pooled classes against their exact mean
/// and covariance (the deviation a numerator over `l`, the covariance over `l²`).
///
/// The classes' counts add up to the number of coups, as their means do, so the covariance
/// is singular along the vector of ones and the deviation is orthogonal to it: the last
/// pooled group is dropped, which leaves the statistic of every generalized inverse. The
/// pooled covariance is exact; its entries are rounded to the nearest double before
/// [`mahalanobis`] inverts them (exactly), since the exact ones are fractions of thousands of
/// digits whose elimination would cost seconds, and the statistic is a float either way.
fn mahalanobis_test(
    name: &str,
    groups: &[Vec<usize>],
    deviation: &[BigInt],
    covariance: &[Vec<BigInt>],
    l: &BigInt,
    note: Option<Note>,
) -> TestResult {
    let kept = &groups[..groups.len().saturating_sub(1)];
    let l2 = l * l;
    // The pooled deviation (numerators over L) and covariance (over L²), exact.
    let d: Vec<BigInt> = kept
        .iter()
        .map(|g| g.iter().map(|&i| &deviation[i]).sum())
        .collect();
    let v: Vec<Vec<BigInt>> = kept
        .iter()
        .map(|gi| {
            kept.iter()
                .map(|gj| {
                    gi.iter()
                        .flat_map(|&i| gj.iter().map(move |&j| &covariance[i][j]))
                        .sum()
                })
                .collect()
        })
        .collect();
    // L is the least common multiple of every D(n) seen: thousands of digits, and exact
    // elimination over it takes minutes. Each side is brought to fixed point instead, a whole
    // number of units of 2^−k with its largest entry near 2^PRECISION (far finer than the f64
    // the statistic ends in), and eliminated exactly; the scales are powers of two, undone
    // exactly at the end.
    const PRECISION: u64 = 128;
    let fixed = |values: &[&BigInt], denominator: &BigInt| -> (Vec<BigRational>, i64) {
        let top = values.iter().map(|x| x.bits()).max().unwrap_or(0);
        let k = PRECISION as i64 + denominator.bits() as i64 - top as i64;
        let scaled = values
            .iter()
            .map(|&x| {
                let shifted = if k >= 0 {
                    x << k as u64
                } else {
                    x >> k.unsigned_abs()
                };
                BigRational::from_integer(shifted / denominator)
            })
            .collect();
        (scaled, k)
    };
    let (d, kd) = fixed(&d.iter().collect::<Vec<_>>(), l);
    let (flat, kv) = fixed(&v.iter().flatten().collect::<Vec<_>>(), &l2);
    let v: Vec<Vec<BigRational>> = flat.chunks(d.len().max(1)).map(<[_]>::to_vec).collect();
    // dᵀV⁻¹d with d scaled by 2^kd and V by 2^kv is the true statistic times 2^(2kd − kv).
    let unscale = 2f64.powi(i32::try_from(kv - 2 * kd).unwrap_or(i32::MAX));
    let mahalanobis = |d: &[BigRational], v: &[Vec<BigRational>]| {
        mahalanobis(d, v).map(|(statistic, rank)| (statistic * unscale, rank))
    };
    let result = match mahalanobis(&d, &v) {
        Some((statistic, rank)) if rank > 0 => TestResult::tested(
            name,
            StatisticKind::Mahalanobis,
            statistic,
            Some(rank as f64),
            chi_square_sf(rank as f64, statistic),
        ),
        Some(_) => TestResult::untested(name, StatisticKind::Mahalanobis, Note::TooFewCoups),
        None => TestResult::untested(name, StatisticKind::Mahalanobis, Note::NotSemiDefinite),
    };
    match note {
        Some(note) if result.verdict != Verdict::Untested => result.with_note(note),
        _ => result,
    }
}
