//! Exact sums of fractions whose denominators are products of small whole numbers: the
//! audit's sums over D(n) = n(n−1)…(n−5), the ordered six-card sequences of a shoe of n
//! cards, for every number n of cards left before a coup.
//!
//! Every entry of a sum is a numerator over a power (1 or 2) of one common denominator. Two
//! partial sums are added over the least common multiple of their denominators, and the
//! partial sums are added in a balanced tree, as a binary counter adds: a new leaf is merged
//! with the partial sum of as many leaves before it, and so on up. Every addition then
//! multiplies numbers of like size, and the work is near-linear in the size of the result
//! (num-bigint multiplies by Toom-3). Adding each leaf into one running total instead
//! multiplies the whole total, which grows with every distinct n, once per leaf: quadratic,
//! minutes for a few thousand coups of a shoe of thousands of decks, where every coup has its
//! own n.
//!
//! The denominators are kept with their factorization into primes (every factor of a D(n)
//! is below 2²², so trial division by the primes below 2¹¹ factors it), so that neither a
//! least common multiple nor the reduction of a result to lowest terms needs the greatest
//! common divisor of two big numbers, which num-bigint computes in time quadratic in their
//! bits (Stein's algorithm): seconds for the million-bit sums of such a shoe.

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};
use std::sync::OnceLock;

/// The primes below 2048, in increasing order.
fn small_primes() -> &'static [u64] {
    static PRIMES: OnceLock<Vec<u64>> = OnceLock::new();
    PRIMES.get_or_init(|| {
        let mut composite = [false; 2048];
        let mut primes = Vec::new();
        for p in 2..2048 {
            if !composite[p] {
                primes.push(p as u64);
                for multiple in (p * p..2048).step_by(p) {
                    composite[multiple] = true;
                }
            }
        }
        primes
    })
}

/// The prime factorization of `m ≥ 1`, by trial division: by the primes below 2048, then
/// by odd numbers while their square is at most what is left (never reached by the numbers
/// of cards of a shoe the audit reads, all below 2²²).
fn factor(mut m: u64) -> Vec<(u64, u32)> {
    let mut factors = Vec::new();
    let mut divide = |p: u64, m: &mut u64| {
        let mut e = 0;
        while m.is_multiple_of(p) {
            *m /= p;
            e += 1;
        }
        if e > 0 {
            factors.push((p, e));
        }
    };
    for &p in small_primes() {
        if p * p > m {
            break;
        }
        divide(p, &mut m);
    }
    let mut d: u64 = 2049;
    while d.checked_mul(d).is_some_and(|square| square <= m) {
        divide(d, &mut m);
        d += 2;
    }
    if m > 1 {
        factors.push((m, 1));
    }
    factors
}

/// The product of whole numbers, multiplied in a balanced tree so that large products
/// multiply numbers of like size.
fn product(factors: &[BigUint]) -> BigUint {
    match factors {
        [] => BigUint::one(),
        [x] => x.clone(),
        _ => {
            let (left, right) = factors.split_at(factors.len() / 2);
            product(left) * product(right)
        }
    }
}

/// The product of prime powers `p^e`.
fn product_of_powers(powers: impl Iterator<Item = (u64, u32)>) -> BigUint {
    let factors: Vec<BigUint> = powers
        .filter(|&(_, e)| e > 0)
        .map(|(p, e)| BigUint::from(p).pow(e))
        .collect();
    product(&factors)
}

/// A positive whole number with its factorization into primes.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Factored {
    value: BigUint,
    /// The primes in increasing order, each with its exponent (at least 1).
    primes: Vec<(u64, u32)>,
}

impl Factored {
    /// The product of whole numbers, each at least 1.
    pub(super) fn product_of(numbers: &[u64]) -> Factored {
        let mut exponents = std::collections::BTreeMap::new();
        for &m in numbers {
            for (p, e) in factor(m.max(1)) {
                *exponents.entry(p).or_insert(0) += e;
            }
        }
        let primes: Vec<(u64, u32)> = exponents.into_iter().collect();
        Factored {
            value: product_of_powers(primes.iter().copied()),
            primes,
        }
    }

    /// The number.
    pub(super) fn value(&self) -> &BigUint {
        &self.value
    }

    /// The least common multiple of `self` and `other`, and the two cofactors that bring
    /// each to it (`lcm / self`, `lcm / other`).
    fn lcm(&self, other: &Factored) -> (Factored, BigUint, BigUint) {
        let (mut i, mut j) = (0, 0);
        let (a, b) = (&self.primes, &other.primes);
        let mut primes = Vec::with_capacity(a.len().max(b.len()));
        let (mut to_a, mut to_b) = (Vec::new(), Vec::new());
        while i < a.len() || j < b.len() {
            let (p, ea, eb) = match (a.get(i), b.get(j)) {
                (Some(&(p, ea)), Some(&(q, eb))) if p == q => {
                    i += 1;
                    j += 1;
                    (p, ea, eb)
                }
                (Some(&(p, ea)), Some(&(q, _))) if p < q => {
                    i += 1;
                    (p, ea, 0)
                }
                (Some(&(p, ea)), None) => {
                    i += 1;
                    (p, ea, 0)
                }
                (_, Some(&(q, eb))) => {
                    j += 1;
                    (q, 0, eb)
                }
                (None, None) => unreachable!("the loop runs while a list has primes left"),
            };
            let e = ea.max(eb);
            primes.push((p, e));
            to_a.push((p, e - ea));
            to_b.push((p, e - eb));
        }
        let to_a = product_of_powers(to_a.into_iter());
        let to_b = product_of_powers(to_b.into_iter());
        let value = &self.value * &to_a;
        (Factored { value, primes }, to_a, to_b)
    }
}

/// A partial sum: each entry's numerator over the denominator to the entry's power.
#[derive(Debug, Clone)]
struct Node {
    denominator: Factored,
    numerators: Vec<BigInt>,
    leaves: u64,
}

/// A sum of entries, each a fraction over a power of the leaves' denominators, added exactly
/// in a balanced tree (see the module's documentation). Memory is the partial sums of the
/// binary counter: a logarithmic number of them, the largest the size of the result.
#[derive(Debug, Clone)]
pub(super) struct Sums {
    powers: Vec<u8>,
    stack: Vec<Node>,
}

impl Sums {
    /// A sum of `powers.len()` entries, entry e over the `powers[e]`-th power of the
    /// denominators.
    pub(super) fn new(powers: Vec<u8>) -> Sums {
        Sums {
            powers,
            stack: Vec::new(),
        }
    }

    /// Adds one leaf: entry e is `numerators[e] / denominator^powers[e]`.
    pub(super) fn add(&mut self, denominator: Factored, numerators: Vec<BigInt>) {
        debug_assert_eq!(numerators.len(), self.powers.len());
        self.stack.push(Node {
            denominator,
            numerators,
            leaves: 1,
        });
        while let [.., below, top] = self.stack.as_slice()
            && below.leaves <= top.leaves
        {
            self.merge_top();
        }
    }

    /// Merges the two partial sums on top of the stack.
    fn merge_top(&mut self) {
        let top = self.stack.pop().expect("two partial sums to merge");
        let below = self.stack.pop().expect("two partial sums to merge");
        self.stack.push(merge(below, top, &self.powers));
    }

    /// The total: the common denominator Q (the least common multiple of every leaf's) and
    /// each entry's numerator over Q to the entry's power.
    pub(super) fn total(mut self) -> (Factored, Vec<BigInt>) {
        while self.stack.len() > 1 {
            self.merge_top();
        }
        match self.stack.pop() {
            Some(node) => (node.denominator, node.numerators),
            None => (
                Factored::product_of(&[]),
                vec![BigInt::zero(); self.powers.len()],
            ),
        }
    }
}

/// Two partial sums added over the least common multiple of their denominators.
fn merge(a: Node, b: Node, powers: &[u8]) -> Node {
    let (denominator, to_a, to_b) = a.denominator.lcm(&b.denominator);
    let highest = powers.iter().copied().max().unwrap_or(1);
    let cofactors = |c: BigUint| -> Vec<BigInt> {
        let mut list = vec![BigInt::one()];
        let c = BigInt::from(c);
        for k in 1..=usize::from(highest) {
            let next = &list[k - 1] * &c;
            list.push(next);
        }
        list
    };
    let (to_a, to_b) = (cofactors(to_a), cofactors(to_b));
    let scaled = |x: BigInt, c: &BigInt| {
        if x.is_zero() || c.is_one() { x } else { x * c }
    };
    let numerators = a
        .numerators
        .into_iter()
        .zip(b.numerators)
        .zip(powers)
        .map(|((x, y), &p)| {
            let p = usize::from(p);
            scaled(x, &to_a[p]) + scaled(y, &to_b[p])
        })
        .collect();
    Node {
        denominator,
        numerators,
        leaves: a.leaves + b.leaves,
    }
}

/// Which of `primes` divide `number`, by a remainder tree: the number modulo the product of
/// each half of the primes, then each half's remainder modulo its halves, so that the big
/// number is divided only by products of its own size.
fn dividing(number: &BigUint, primes: &[u64], out: &mut Vec<u64>) {
    if primes.len() <= 16 {
        for &p in primes {
            if (number % p).is_zero() {
                out.push(p);
            }
        }
        return;
    }
    let (left, right) = primes.split_at(primes.len() / 2);
    for half in [left, right] {
        let modulus = product_of_powers(half.iter().map(|&p| (p, 1)));
        dividing(&(number % &modulus), half, out);
    }
}

fn gcd(mut a: BigUint, mut b: BigUint) -> BigUint {
    while !b.is_zero() {
        let r = &a % &b;
        a = b;
        b = r;
    }
    a
}

/// `numerator / (denominator^power · extra)` in lowest terms, `extra` positive. The primes
/// of the denominator that divide the numerator are found by a remainder tree and divided
/// out as often as both allow; what is shared with `extra`, a small number, by Euclid's
/// algorithm on the numerator's remainder.
pub(super) fn reduced(
    numerator: &BigInt,
    denominator: &Factored,
    power: u32,
    extra: &BigUint,
) -> BigRational {
    if numerator.is_zero() {
        return BigRational::zero();
    }
    let sign = numerator.sign();
    let mut number = numerator.magnitude().clone();
    let primes: Vec<u64> = denominator.primes.iter().map(|&(p, _)| p).collect();
    let mut shared = Vec::new();
    dividing(&number, &primes, &mut shared);
    let mut removed = Vec::new();
    for p in shared {
        let most = denominator
            .primes
            .iter()
            .find(|&&(q, _)| q == p)
            .map_or(0, |&(_, e)| e * power);
        let mut times = 0;
        while times < most && (&number % p).is_zero() {
            number /= p;
            times += 1;
        }
        removed.push((p, times));
    }
    let mut below = denominator.value.pow(power) / product_of_powers(removed.into_iter());
    let common = gcd(extra.clone(), &number % extra);
    number /= &common;
    below *= extra / &common;
    BigRational::new_raw(BigInt::from_biguint(sign, number), BigInt::from(below))
}

/// `numerator / denominator` as the nearest double, without reducing the fraction.
pub(super) fn ratio_f64(numerator: &BigInt, denominator: &BigInt) -> f64 {
    if denominator.sign() == Sign::NoSign {
        return f64::NAN;
    }
    BigRational::new_raw(numerator.clone(), denominator.clone())
        .to_f64()
        .unwrap_or(f64::NAN)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(n: i64) -> BigInt {
        BigInt::from(n)
    }

    fn d(n: u64) -> Factored {
        Factored::product_of(&[n, n - 1, n - 2, n - 3, n - 4, n - 5])
    }

    #[test]
    fn factors_multiply_back() {
        for m in [
            1u64,
            2,
            12,
            97,
            2047 * 2039,
            4_194_301,
            3_000_017,
            65_536,
            2_600_000,
        ] {
            let back: u64 = factor(m).iter().map(|&(p, e)| p.pow(e)).product();
            assert_eq!(back, m, "{m}");
        }
        assert_eq!(factor(360), vec![(2, 3), (3, 2), (5, 1)]);
        assert_eq!(
            d(416).value(),
            &BigUint::from(416u64 * 415 * 414 * 413 * 412 * 411)
        );
    }

    /// The tree's sums against a naive sum of reduced fractions, for leaves of repeated and
    /// distinct numbers of cards, entries of both powers.
    #[test]
    fn the_tree_adds_as_fractions_do() {
        let powers = vec![1, 2, 1];
        let mut sums = Sums::new(powers.clone());
        let mut naive = vec![BigRational::zero(); 3];
        for (i, n) in [416u64, 410, 416, 52, 9, 2_600_000, 2_599_995, 410, 6]
            .into_iter()
            .enumerate()
        {
            let numerators = vec![big(i as i64 * 7 - 20), big(1_000_003 * i as i64), big(-3)];
            let q = BigInt::from(d(n).value().clone());
            for (e, x) in numerators.iter().enumerate() {
                naive[e] += BigRational::new(x.clone(), q.pow(u32::from(powers[e])));
            }
            sums.add(d(n), numerators);
        }
        let (q, totals) = sums.total();
        let q = BigInt::from(q.value().clone());
        for e in 0..3 {
            let sum = BigRational::new(totals[e].clone(), q.pow(u32::from(powers[e])));
            assert_eq!(sum, naive[e], "entry {e}");
        }
    }

    #[test]
    fn reduced_is_in_lowest_terms() {
        let q = d(2_600_000);
        let qv = BigInt::from(q.value().clone());
        for (numerator, power, extra) in [
            (&qv * 35 + 14, 1u32, 21u64),
            (BigInt::from(2u64.pow(40)) * 3, 2, 4),
            (-(&qv * &qv), 2, 1),
            (big(-7), 1, 9),
        ] {
            let got = reduced(&numerator, &q, power, &BigUint::from(extra));
            let want = BigRational::new(numerator.clone(), qv.pow(power) * BigInt::from(extra));
            assert_eq!(got.numer(), want.numer());
            assert_eq!(got.denom(), want.denom());
        }
        assert!(reduced(&big(0), &q, 1, &BigUint::one()).is_zero());
    }

    #[test]
    fn an_empty_sum_is_zero() {
        let (q, totals) = Sums::new(vec![1, 2]).total();
        assert!(q.value().is_one());
        assert!(totals.iter().all(Zero::is_zero));
    }
}
