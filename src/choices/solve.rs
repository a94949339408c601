//! The exact equilibria of a game's bilinear form, and their certificates.

use super::ChoicesError;
use super::game::{BancoSet, Form, PuntoSet};
use crate::progress::{Progress, Stage};
use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A strategy for each side: the probability of drawing in each information set, in the
/// form's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// Punto's probability of drawing in each of his sets.
    pub punto: Vec<(PuntoSet, BigRational)>,
    /// Banco's probability of drawing in each of his sets.
    pub banco: Vec<(BancoSet, BigRational)>,
}

impl Profile {
    /// Banco's sets where he mixes, with his probability of drawing.
    pub fn banco_mixed(&self) -> Vec<(BancoSet, BigRational)> {
        self.banco
            .iter()
            .filter(|(_, q)| is_mixed(q))
            .cloned()
            .collect()
    }

    /// Punto's sets where he mixes, with his probability of drawing.
    pub fn punto_mixed(&self) -> Vec<(PuntoSet, BigRational)> {
        self.punto
            .iter()
            .filter(|(_, p)| is_mixed(p))
            .cloned()
            .collect()
    }

    fn punto_probabilities(&self) -> Vec<BigRational> {
        self.punto.iter().map(|(_, p)| p.clone()).collect()
    }

    fn banco_probabilities(&self) -> Vec<BigRational> {
        self.banco.iter().map(|(_, q)| q.clone()).collect()
    }
}

fn is_mixed(x: &BigRational) -> bool {
    x.is_positive() && x < &BigRational::one()
}

/// The proof that a profile is an equilibrium: what each side's best pure deviation gains.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// What Punto's best pure strategy against Banco's gains over the profile, per coup.
    pub punto_gain: BigRational,
    /// What Banco's best pure strategy against Punto's gains over the profile, per coup.
    pub banco_gain: BigRational,
}

impl Certificate {
    /// Whether neither side gains by any pure deviation: the profile is an equilibrium.
    pub fn certified(&self) -> bool {
        self.punto_gain.is_zero() && self.banco_gain.is_zero()
    }
}

/// A profile's expectations, each decision's margin, and the certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// Punto's expectation per coup.
    pub punto_ev: BigRational,
    /// Banco's expectation per coup.
    pub banco_ev: BigRational,
    /// For each of Punto's sets: his expectation when he draws there less when he stands,
    /// per coup (of all coups), Banco playing the profile.
    pub punto_margins: Vec<(PuntoSet, BigRational)>,
    /// For each of Banco's sets: his expectation when he draws there less when he stands,
    /// per coup, Punto playing the profile.
    pub banco_margins: Vec<(BancoSet, BigRational)>,
    /// What each side's best pure deviation gains.
    pub certificate: Certificate,
}

/// A game's solution: one equilibrium with its expectations and certificate, and what the
/// enumeration established about the others.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// Punto's expectation per coup (the value of the game when it is zero-sum).
    pub punto_ev: BigRational,
    /// Banco's expectation per coup.
    pub banco_ev: BigRational,
    /// The equilibrium: each side's probability of drawing in each of its sets.
    pub profile: Profile,
    /// Every equilibrium found, the reported one first. In a zero-sum game the search stops at
    /// the first isolated equilibrium (smallest supports first), which is then the only one.
    pub equilibria: Vec<Profile>,
    /// Whether this is the only equilibrium: one found, and no degenerate support met.
    pub unique: bool,
    /// Whether a degenerate support was met (then uniqueness is not claimed).
    pub degenerate: bool,
    /// The reported equilibrium's certificate.
    pub certificate: Certificate,
    /// Punto's sets left undecided by dominance.
    pub punto_contested: Vec<PuntoSet>,
    /// Banco's sets left undecided by dominance.
    pub banco_contested: Vec<BancoSet>,
    /// Banco's sets where his choice changes nothing for either side, whatever Punto does
    /// (cells the shoe cannot reach): reported as standing.
    pub banco_idle: Vec<BancoSet>,
}

/// The most supports the enumeration examines.
const MAX_PATTERNS: u128 = 2_000_000;

#[derive(Debug, Clone, PartialEq, Eq)]
enum Domain {
    Fixed(BigRational),
    Free,
}

impl Domain {
    /// The least and greatest of `coefficient · x` over the domain.
    fn range(&self, coefficient: &BigRational) -> (BigRational, BigRational) {
        match self {
            Domain::Fixed(x) => {
                let v = coefficient * x;
                (v.clone(), v)
            }
            Domain::Free => {
                if coefficient.is_negative() {
                    (coefficient.clone(), BigRational::zero())
                } else {
                    (BigRational::zero(), coefficient.clone())
                }
            }
        }
    }
}

/// The range of `base + Σ coefficients[j]·x[j]` over the domains.
fn range(
    base: &BigRational,
    coefficients: impl Iterator<Item = BigRational>,
    domains: &[Domain],
) -> (BigRational, BigRational) {
    let (mut low, mut high) = (base.clone(), base.clone());
    for (c, d) in coefficients.zip(domains) {
        if c.is_zero() {
            continue;
        }
        let (l, h) = d.range(&c);
        low += l;
        high += h;
    }
    (low, high)
}

/// Iterated elimination of strictly dominated choices; returns the idle Banco sets.
// The sets are indexed across both sides' coefficient tables at once.
#[allow(clippy::needless_range_loop)]
fn eliminate(form: &Form, p: &mut [Domain], q: &mut [Domain]) -> Vec<usize> {
    let np = p.len();
    let nb = q.len();
    let mut idle = Vec::new();
    for k in 0..nb {
        let untouched = form.banco.banco[k].is_zero()
            && form.punto.banco[k].is_zero()
            && (0..np)
                .all(|i| form.banco.cross[i][k].is_zero() && form.punto.cross[i][k].is_zero());
        if untouched {
            q[k] = Domain::Fixed(BigRational::zero());
            idle.push(k);
        }
    }
    loop {
        let mut changed = false;
        for k in 0..nb {
            if q[k] != Domain::Free {
                continue;
            }
            let coefficients = (0..np).map(|i| form.banco.cross[i][k].clone());
            let (low, high) = range(&form.banco.banco[k], coefficients, p);
            if low.is_positive() {
                q[k] = Domain::Fixed(BigRational::one());
                changed = true;
            } else if high.is_negative() {
                q[k] = Domain::Fixed(BigRational::zero());
                changed = true;
            }
        }
        for i in 0..np {
            if p[i] != Domain::Free {
                continue;
            }
            let coefficients = form.punto.cross[i].iter().cloned();
            let (low, high) = range(&form.punto.punto[i], coefficients, q);
            if low.is_positive() {
                p[i] = Domain::Fixed(BigRational::one());
                changed = true;
            } else if high.is_negative() {
                p[i] = Domain::Fixed(BigRational::zero());
                changed = true;
            }
        }
        if !changed {
            return idle;
        }
    }
}

fn binomial(n: usize, k: usize) -> u128 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u128, |acc, j| acc * (n - j) as u128 / (j + 1) as u128)
}

fn in_unit(x: &BigRational) -> bool {
    !x.is_negative() && x <= &BigRational::one()
}

/// Every subset of `items` of size `size`, in lexicographic order.
fn subsets(items: &[usize], size: usize, mut each: impl FnMut(&[usize])) {
    fn go(
        items: &[usize],
        size: usize,
        start: usize,
        chosen: &mut Vec<usize>,
        each: &mut dyn FnMut(&[usize]),
    ) {
        if chosen.len() == size {
            each(chosen);
            return;
        }
        for j in start..items.len() {
            if items.len() - j < size - chosen.len() {
                break;
            }
            chosen.push(items[j]);
            go(items, size, j + 1, chosen, each);
            chosen.pop();
        }
    }
    go(items, size, 0, &mut Vec::new(), &mut each);
}

/// The equilibria of the game of `form`, telling `progress` of each face of the supports
/// examined ([`Stage::Supports`]: `3^n` faces for `n` undecided Punto sets, those a zero-sum
/// game leaves unexamined counted when it stops). The caller finishes `progress`.
pub(super) fn solve(form: &Form, progress: &dyn Progress) -> Result<Solution, ChoicesError> {
    let np = form.punto_sets.len();
    let nb = form.banco_sets.len();
    let mut p_domains = vec![Domain::Free; np];
    let mut q_domains = vec![Domain::Free; nb];
    let idle = eliminate(form, &mut p_domains, &mut q_domains);
    let free_p: Vec<usize> = (0..np).filter(|&i| p_domains[i] == Domain::Free).collect();
    let free_q: Vec<usize> = (0..nb).filter(|&k| q_domains[k] == Domain::Free).collect();

    let fixed = |domains: &[Domain]| -> Vec<BigRational> {
        domains
            .iter()
            .map(|d| match d {
                Domain::Fixed(x) => x.clone(),
                Domain::Free => BigRational::zero(),
            })
            .collect()
    };
    let p_base = fixed(&p_domains);
    let q_base = fixed(&q_domains);
    // The reduced game: each free set's margin as an affine function of the other side's
    // free probabilities, what the fixed ones contribute folded into the constant.
    let (n_p, n_q) = (free_p.len(), free_q.len());
    let banco_base: Vec<BigRational> = free_q
        .iter()
        .map(|&k| form.banco.banco_margin(k, &p_base))
        .collect();
    let banco_slope: Vec<Vec<BigRational>> = free_q
        .iter()
        .map(|&k| {
            free_p
                .iter()
                .map(|&i| form.banco.cross[i][k].clone())
                .collect()
        })
        .collect();
    let punto_base: Vec<BigRational> = free_p
        .iter()
        .map(|&i| form.punto.punto_margin(i, &q_base))
        .collect();
    let punto_slope: Vec<Vec<BigRational>> = free_p
        .iter()
        .map(|&i| {
            free_q
                .iter()
                .map(|&k| form.punto.cross[i][k].clone())
                .collect()
        })
        .collect();

    // In integers: each side's margins scaled by one positive common denominator, which
    // changes no sign and no ratio, so the supports are examined without reducing fractions.
    let (punto_base, punto_slope) = integers(&punto_base, &punto_slope);
    let (banco_base, banco_slope) = integers(&banco_base, &banco_slope);
    let examine = |&code: &usize| {
        let result = examine_face(
            code,
            n_p,
            n_q,
            &punto_base,
            &punto_slope,
            &banco_base,
            &banco_slope,
        );
        progress.advance(1);
        result
    };
    let expand = |(p, q): &(Vec<BigRational>, Vec<BigRational>)| {
        let mut p_full = p_base.clone();
        for (&i, x) in free_p.iter().zip(p) {
            p_full[i] = x.clone();
        }
        let mut q_full = q_base.clone();
        for (&k, x) in free_q.iter().zip(q) {
            q_full[k] = x.clone();
        }
        (p_full, q_full)
    };
    let profile_of = |p: &[BigRational], q: &[BigRational]| Profile {
        punto: form
            .punto_sets
            .iter()
            .copied()
            .zip(p.iter().cloned())
            .collect(),
        banco: form
            .banco_sets
            .iter()
            .copied()
            .zip(q.iter().cloned())
            .collect(),
    };
    let mut degenerate = false;
    let mut found: Vec<(Vec<BigRational>, Vec<BigRational>)> = Vec::new();
    let mut examined: u128 = 0;
    // Every face, each of the undecided Punto sets drawing, standing or mixed (0 when too
    // many to count: the search refuses them below).
    let all_faces = 3u64.checked_pow(n_p as u32).unwrap_or(0);
    let mut faces_done = 0u64;
    progress.start(Stage::Supports, all_faces);
    // Supports by size, smallest first: in a zero-sum game an isolated equilibrium is the only
    // one (see `isolated`), and the search stops there.
    for size in 0..=n_p {
        examined += binomial(n_p, size)
            .saturating_mul(1u128 << (n_p - size).min(100))
            .saturating_mul(binomial(n_q, size));
        if examined > MAX_PATTERNS {
            return Err(ChoicesError::TooManySupports {
                punto: n_p,
                banco: n_q,
                patterns: examined,
                max: MAX_PATTERNS,
            });
        }
        let faces: Vec<usize> = (0..3usize.pow(n_p as u32))
            .filter(|&code| {
                (0..n_p)
                    .filter(|&j| code / 3usize.pow(j as u32) % 3 == 2)
                    .count()
                    == size
            })
            .collect();
        faces_done += faces.len() as u64;
        #[cfg(feature = "parallel")]
        let results: Vec<FaceResult> = {
            use rayon::prelude::*;
            faces.par_iter().map(examine).collect()
        };
        #[cfg(not(feature = "parallel"))]
        let results: Vec<FaceResult> = faces.iter().map(examine).collect();
        for result in results {
            degenerate |= result.degenerate;
            for equilibrium in result.found {
                let equilibrium = expand(&equilibrium);
                if !found.contains(&equilibrium) {
                    found.push(equilibrium);
                }
            }
        }
        if form.zero_sum
            && let Some((p, q)) = found.first()
        {
            let profile = profile_of(p, q);
            if isolated(form, &profile, &form.evaluate(&profile)?) {
                // The larger supports need no examining: they are done.
                progress.advance(all_faces.saturating_sub(faces_done));
                break;
            }
        }
    }

    let Some((p, q)) = found.first().cloned() else {
        return Err(ChoicesError::NoEquilibrium);
    };
    let profile = profile_of(&p, &q);
    let evaluation = form.evaluate(&profile)?;
    // In a zero-sum game uniqueness follows from the equilibrium alone (see `isolated`), and
    // a degenerate support met elsewhere does not weaken it.
    let unique = found.len() == 1
        && (!degenerate || (form.zero_sum && isolated(form, &profile, &evaluation)));
    Ok(Solution {
        punto_ev: evaluation.punto_ev,
        banco_ev: evaluation.banco_ev,
        unique,
        degenerate,
        certificate: evaluation.certificate,
        equilibria: found.iter().map(|(p, q)| profile_of(p, q)).collect(),
        profile,
        punto_contested: free_p.iter().map(|&i| form.punto_sets[i]).collect(),
        banco_contested: free_q.iter().map(|&k| form.banco_sets[k]).collect(),
        banco_idle: idle.iter().map(|&k| form.banco_sets[k]).collect(),
    })
}

impl Form {
    /// Both sides' expectations of a profile, every decision's margin, and the gain of each
    /// side's best pure deviation (a best reply is the best choice in each of one's own sets,
    /// since each coup meets at most one of them).
    pub fn evaluate(&self, profile: &Profile) -> Result<Evaluation, ChoicesError> {
        if profile.punto.len() != self.punto_sets.len() {
            return Err(ChoicesError::ProfileMismatch {
                side: "Punto",
                given: profile.punto.len(),
                expected: self.punto_sets.len(),
            });
        }
        if profile.banco.len() != self.banco_sets.len() {
            return Err(ChoicesError::ProfileMismatch {
                side: "Banco",
                given: profile.banco.len(),
                expected: self.banco_sets.len(),
            });
        }
        let p = profile.punto_probabilities();
        let q = profile.banco_probabilities();
        if let Some(bad) = p.iter().chain(&q).find(|x| !in_unit(x)) {
            return Err(ChoicesError::Probability(bad.to_string()));
        }
        let punto_margins: Vec<BigRational> = (0..p.len())
            .map(|i| self.punto.punto_margin(i, &q))
            .collect();
        let banco_margins: Vec<BigRational> = (0..q.len())
            .map(|k| self.banco.banco_margin(k, &p))
            .collect();
        // The best reply takes each positive margin in full: its gain over the profile is
        // Σ (max(margin, 0) − x·margin).
        let gain = |xs: &[BigRational], margins: &[BigRational]| -> BigRational {
            xs.iter()
                .zip(margins)
                .map(|(x, m)| {
                    let best = if m.is_positive() {
                        m.clone()
                    } else {
                        BigRational::zero()
                    };
                    best - x * m
                })
                .fold(BigRational::zero(), |a, b| a + b)
        };
        let certificate = Certificate {
            punto_gain: gain(&p, &punto_margins),
            banco_gain: gain(&q, &banco_margins),
        };
        Ok(Evaluation {
            punto_ev: self.punto.at(&p, &q),
            banco_ev: self.banco.at(&p, &q),
            punto_margins: self.punto_sets.iter().copied().zip(punto_margins).collect(),
            banco_margins: self.banco_sets.iter().copied().zip(banco_margins).collect(),
            certificate,
        })
    }
}

/// Whether a zero-sum game's equilibrium is its only one, by a test of the equilibrium alone:
/// every choice outside the mixed sets strictly best (no tie), as many mixed sets on each
/// side, and each side's indifference equations nonsingular.
///
/// Proof: optimal strategies are interchangeable in a zero-sum game, so any optimal Banco
/// strategy is a best reply to this Punto strategy: it plays this one's pure choices (they are
/// strict) and differs at most in the mixed sets; and this Punto strategy must best reply to
/// it, so his mixed sets stay indifferent, equations that determine Banco's mixed
/// probabilities. The same holds with the sides exchanged.
fn isolated(form: &Form, profile: &Profile, evaluation: &Evaluation) -> bool {
    let mixed_p: Vec<usize> = (0..profile.punto.len())
        .filter(|&i| is_mixed(&profile.punto[i].1))
        .collect();
    let mixed_q: Vec<usize> = (0..profile.banco.len())
        .filter(|&k| is_mixed(&profile.banco[k].1))
        .collect();
    let strict_p = (0..profile.punto.len())
        .all(|i| mixed_p.contains(&i) || !evaluation.punto_margins[i].1.is_zero());
    let strict_q = (0..profile.banco.len())
        .all(|k| mixed_q.contains(&k) || !evaluation.banco_margins[k].1.is_zero());
    if mixed_p.len() != mixed_q.len() || !strict_p || !strict_q {
        return false;
    }
    if mixed_p.is_empty() {
        return true;
    }
    let banco: Vec<Vec<BigRational>> = mixed_q
        .iter()
        .map(|&k| {
            mixed_p
                .iter()
                .map(|&i| form.banco.cross[i][k].clone())
                .collect()
        })
        .collect();
    let punto: Vec<Vec<BigRational>> = mixed_p
        .iter()
        .map(|&i| {
            mixed_q
                .iter()
                .map(|&k| form.punto.cross[i][k].clone())
                .collect()
        })
        .collect();
    [banco, punto]
        .iter()
        .all(|matrix| !determinant(integers(&[], matrix).1).is_zero())
}

/// The equilibria found on one face of Punto's box, and whether a degenerate support was met.
struct FaceResult {
    found: Vec<(Vec<BigRational>, Vec<BigRational>)>,
    degenerate: bool,
}

/// Scales a side's affine margins by the least common multiple of their denominators.
fn integers(base: &[BigRational], slope: &[Vec<BigRational>]) -> (Vec<BigInt>, Vec<Vec<BigInt>>) {
    let mut lcm = BigInt::one();
    for x in base.iter().chain(slope.iter().flatten()) {
        let g = gcd(lcm.clone(), x.denom().clone());
        lcm = &lcm / g * x.denom();
    }
    let scale = |x: &BigRational| -> BigInt { x.numer() * (&lcm / x.denom()) };
    (
        base.iter().map(scale).collect(),
        slope
            .iter()
            .map(|row| row.iter().map(scale).collect())
            .collect(),
    )
}

/// The greatest common divisor of two positive integers, by Euclid's algorithm.
fn gcd(mut a: BigInt, mut b: BigInt) -> BigInt {
    while !b.is_zero() {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

/// The determinant of a square integer matrix, by Bareiss's fraction-free elimination.
fn determinant(mut a: Vec<Vec<BigInt>>) -> BigInt {
    let n = a.len();
    let mut sign = BigInt::one();
    let mut previous = BigInt::one();
    for k in 0..n {
        if a[k][k].is_zero() {
            let Some(row) = (k + 1..n).find(|&r| !a[r][k].is_zero()) else {
                return BigInt::zero();
            };
            a.swap(k, row);
            sign = -sign;
        }
        for i in k + 1..n {
            for j in k + 1..n {
                let value = (&a[i][j] * &a[k][k] - &a[i][k] * &a[k][j]) / &previous;
                a[i][j] = value;
            }
        }
        previous = a[k][k].clone();
    }
    sign * &a[n - 1][n - 1]
}

/// The solution of `a·x = b` by Cramer's rule: a positive denominator and the numerators,
/// or `Err(consistent)` for a singular system (`consistent` when no numerator rules a
/// solution out, so that a continuum may exist).
fn cramer(a: &[Vec<BigInt>], b: &[BigInt]) -> Result<(BigInt, Vec<BigInt>), bool> {
    let mut det = determinant(a.to_vec());
    let mut numerators: Vec<BigInt> = (0..b.len())
        .map(|j| {
            let mut aj = a.to_vec();
            for (row, bi) in aj.iter_mut().zip(b) {
                row[j] = bi.clone();
            }
            determinant(aj)
        })
        .collect();
    if det.is_zero() {
        return Err(numerators.iter().all(Zero::is_zero));
    }
    if det.is_negative() {
        det = -det;
        for n in &mut numerators {
            *n = -n.clone();
        }
    }
    Ok((det, numerators))
}

/// The mixed probabilities `n_j/d` that solve one side's indifference equations `a·x = b`,
/// when each lies in [0, 1]; `None` otherwise, a singular system that may hide a continuum
/// of solutions being noted in `degenerate`. No equations: no mixed probability.
fn mixed_probabilities(
    a: Vec<Vec<BigInt>>,
    b: Vec<BigInt>,
    degenerate: &mut bool,
) -> Option<(BigInt, Vec<BigInt>)> {
    if b.is_empty() {
        return Some((BigInt::one(), Vec::new()));
    }
    match cramer(&a, &b) {
        Ok((d, n)) => (!n.iter().any(|n| n.is_negative() || n > &d)).then_some((d, n)),
        Err(consistent) => {
            *degenerate |= consistent;
            None
        }
    }
}

/// Examines every support on one face of Punto's box: his free sets standing (0), drawing
/// (1) or mixing (2) as `code`'s base-3 digits say, and as many of Banco's undecided sets
/// mixing as Punto's do.
fn examine_face(
    code: usize,
    n_p: usize,
    n_q: usize,
    punto_base: &[BigInt],
    punto_slope: &[Vec<BigInt>],
    banco_base: &[BigInt],
    banco_slope: &[Vec<BigInt>],
) -> FaceResult {
    let mut result = FaceResult {
        found: Vec::new(),
        degenerate: false,
    };
    let states: Vec<usize> = (0..n_p).map(|j| code / 3usize.pow(j as u32) % 3).collect();
    let mixed_p: Vec<usize> = (0..n_p).filter(|&j| states[j] == 2).collect();
    // Banco's margins on the face: those whose sign the face fixes are decided; only the
    // others can be where he mixes.
    let face_base: Vec<BigInt> = (0..n_q)
        .map(|kk| {
            let mut m = banco_base[kk].clone();
            for j in (0..n_p).filter(|&j| states[j] == 1) {
                m += &banco_slope[kk][j];
            }
            m
        })
        .collect();
    let mut q_face = vec![false; n_q];
    let mut candidates = Vec::new();
    for kk in 0..n_q {
        let (mut low, mut high) = (face_base[kk].clone(), face_base[kk].clone());
        for &j in &mixed_p {
            let c = &banco_slope[kk][j];
            if c.is_negative() {
                low += c;
            } else {
                high += c;
            }
        }
        if low.is_positive() {
            q_face[kk] = true;
        } else if !high.is_negative() {
            candidates.push(kk);
        }
    }
    let s = mixed_p.len();
    subsets(&candidates, s, |mixed_q| {
        // Punto's mixed probabilities make Banco indifferent in his mixed sets: p_j = n_j/d.
        let a = mixed_q
            .iter()
            .map(|&kk| {
                mixed_p
                    .iter()
                    .map(|&j| banco_slope[kk][j].clone())
                    .collect()
            })
            .collect();
        let b = mixed_q.iter().map(|&kk| -face_base[kk].clone()).collect();
        let Some((p_den, p_num)) = mixed_probabilities(a, b, &mut result.degenerate) else {
            return;
        };
        // Banco's other undecided sets best reply to p (margins scaled by p's denominator).
        let mut q_pure = q_face.clone();
        for &kk in &candidates {
            if mixed_q.contains(&kk) {
                continue;
            }
            let mut margin = &face_base[kk] * &p_den;
            for (&j, n) in mixed_p.iter().zip(&p_num) {
                margin += &banco_slope[kk][j] * n;
            }
            if margin.is_positive() {
                q_pure[kk] = true;
            } else if margin.is_zero() {
                // A tie outside the support: a support one larger may hold an equilibrium
                // this enumeration of balanced supports does not reach.
                result.degenerate = true;
            }
        }
        // Punto's margins with Banco's pure choices in: the constants of his equations.
        let punto_fixed: Vec<BigInt> = (0..n_p)
            .map(|j| {
                let mut m = punto_base[j].clone();
                for kk in (0..n_q).filter(|&kk| q_pure[kk] && !mixed_q.contains(&kk)) {
                    m += &punto_slope[j][kk];
                }
                m
            })
            .collect();
        // Banco's mixed probabilities make Punto indifferent in his mixed sets: q_k = m_k/e.
        let a = mixed_p
            .iter()
            .map(|&j| {
                mixed_q
                    .iter()
                    .map(|&kk| punto_slope[j][kk].clone())
                    .collect()
            })
            .collect();
        let b = mixed_p.iter().map(|&j| -punto_fixed[j].clone()).collect();
        let Some((q_den, q_num)) = mixed_probabilities(a, b, &mut result.degenerate) else {
            return;
        };
        // Punto's pure sets must best reply to q.
        for j in (0..n_p).filter(|&j| states[j] != 2) {
            let mut margin = &punto_fixed[j] * &q_den;
            for (&kk, m) in mixed_q.iter().zip(&q_num) {
                margin += &punto_slope[j][kk] * m;
            }
            // A tie: Punto could mix here too, on a support this enumeration does not reach.
            result.degenerate |= margin.is_zero();
            let best = if states[j] == 1 {
                !margin.is_negative()
            } else {
                !margin.is_positive()
            };
            if !best {
                return;
            }
        }
        let one = BigRational::one;
        let mut p: Vec<BigRational> = states
            .iter()
            .map(|&st| if st == 1 { one() } else { BigRational::zero() })
            .collect();
        for (&j, n) in mixed_p.iter().zip(p_num) {
            p[j] = BigRational::new(n, p_den.clone());
        }
        let mut q: Vec<BigRational> = q_pure
            .iter()
            .map(|&pure| if pure { one() } else { BigRational::zero() })
            .collect();
        for (&kk, m) in mixed_q.iter().zip(q_num) {
            q[kk] = BigRational::new(m, q_den.clone());
        }
        if !result.found.iter().any(|(fp, fq)| *fp == p && *fq == q) {
            result.found.push((p, q));
        }
    });
    result
}
