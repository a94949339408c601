//! Exact null moments of the shuffle battery's statistics under a uniformly random
//! arrangement of a multiset (a fair shuffle of a shoe).
//!
//! Every moment reduces to the probability that m given distinct positions hold given
//! values: the falling product Π (n_{xᵢ} − #{j < i: xⱼ = xᵢ}) / (N)ₘ, the chance of drawing
//! that sequence without replacement. The sums are integers (u128, checked: `None` when a
//! shoe is too large for them) divided once by (N)ₘ.

use num_bigint::BigInt;
use num_rational::BigRational;

/// The weight of a value sequence at m distinct positions: Π (n_{xᵢ} − #{j < i: xⱼ = xᵢ}),
/// the number of ways of drawing it from the counts.
fn weight(counts: &[u64], tuple: &[usize]) -> u128 {
    let mut w: u128 = 1;
    for (i, &x) in tuple.iter().enumerate() {
        let used = tuple[..i].iter().filter(|&&y| y == x).count() as u64;
        let left = counts[x].saturating_sub(used);
        if left == 0 {
            return 0;
        }
        w = w.saturating_mul(left as u128);
    }
    w
}

/// (N)ₘ = N (N − 1) … (N − m + 1).
fn falling(n: u64, m: usize) -> BigInt {
    (0..m as u64).fold(BigInt::from(1), |p, i| {
        p * BigInt::from(n.saturating_sub(i))
    })
}

/// Σ over every value sequence of length m of g(sequence) · weight, as an exact integer;
/// `None` on overflow.
fn weighted_sum(counts: &[u64], m: usize, g: &dyn Fn(&[usize]) -> i128) -> Option<i128> {
    let k = counts.len();
    let mut tuple = vec![0usize; m];
    let mut total: i128 = 0;
    loop {
        let factor = g(&tuple);
        if factor != 0 {
            let w = weight(counts, &tuple);
            if w != 0 {
                let w = i128::try_from(w).ok()?;
                total = total.checked_add(factor.checked_mul(w)?)?;
            }
        }
        // The next tuple in lexicographic order.
        let mut i = m;
        loop {
            if i == 0 {
                return Some(total);
            }
            i -= 1;
            tuple[i] += 1;
            if tuple[i] < k {
                break;
            }
            tuple[i] = 0;
        }
    }
}

/// E[g(X₁, …, Xₘ)] for the values at m distinct positions of a random arrangement.
fn expectation(counts: &[u64], m: usize, g: &dyn Fn(&[usize]) -> i128) -> Option<BigRational> {
    let n: u64 = counts.iter().sum();
    if (n as usize) < m {
        return Some(BigRational::from_integer(0.into()));
    }
    let sum = weighted_sum(counts, m, g)?;
    Some(BigRational::new(BigInt::from(sum), falling(n, m)))
}

fn int(x: i64) -> BigRational {
    BigRational::from_integer(BigInt::from(x))
}

/// The exact mean and variance of Σₜ v(xₜ) v(xₜ₊ₖ) over t = 1 … N − k, for a random
/// arrangement of a multiset whose category c (count `counts[c]`) has the value `values[c]`.
pub fn serial_moments(
    counts: &[u64],
    values: &[i64],
    lag: usize,
) -> Option<(BigRational, BigRational)> {
    let n: u64 = counts.iter().sum();
    let n = n as i64;
    let lag = lag as i64;
    if lag < 1 || n - lag < 1 {
        return None;
    }
    let v = |c: usize| values[c] as i128;
    let e2 = expectation(counts, 2, &|t| v(t[0]) * v(t[1]))?;
    let e22 = expectation(counts, 2, &|t| v(t[0]).pow(2) * v(t[1]).pow(2))?;
    let e3 = expectation(counts, 3, &|t| v(t[0]) * v(t[1]).pow(2) * v(t[2]))?;
    let e4 = expectation(counts, 4, &|t| v(t[0]) * v(t[1]) * v(t[2]) * v(t[3]))?;
    let m = n - lag;
    // Ordered pairs of terms (t, u): the same pair of positions (m of them), pairs sharing
    // one position (u = t + k or t = u + k: 2 (N − 2k) when positive), and disjoint pairs.
    let same = m;
    let share = 2 * (n - 2 * lag).max(0);
    let disjoint = m * m - same - share;
    let mean = int(m) * &e2;
    let square = &e2 * &e2;
    let variance =
        int(same) * (e22 - &square) + int(share) * (e3 - &square) + int(disjoint) * (e4 - &square);
    Some((mean, variance))
}

/// Whether the middle of three is a turning point: strictly above or strictly below both.
pub fn turning(a: usize, b: usize, c: usize) -> bool {
    (a < b && b > c) || (a > b && b < c)
}

/// The exact mean and variance of the number of turning points (positions 2 … N − 1 whose
/// category, in its order, is strictly above or strictly below both neighbours) of a random
/// arrangement of a multiset with these category counts.
pub fn turning_point_moments(counts: &[u64]) -> Option<(BigRational, BigRational)> {
    let n: u64 = counts.iter().sum();
    let n = n as i64;
    if n < 3 {
        return None;
    }
    let p3 = expectation(counts, 3, &|t| turning(t[0], t[1], t[2]) as i128)?;
    let p4 = expectation(counts, 4, &|t| {
        (turning(t[0], t[1], t[2]) && turning(t[1], t[2], t[3])) as i128
    })?;
    let p5 = expectation(counts, 5, &|t| {
        (turning(t[0], t[1], t[2]) && turning(t[2], t[3], t[4])) as i128
    })?;
    let p6 = expectation(counts, 6, &|t| {
        (turning(t[0], t[1], t[2]) && turning(t[3], t[4], t[5])) as i128
    })?;
    let m = n - 2;
    let d1 = 2 * (m - 1).max(0);
    let d2 = 2 * (m - 2).max(0);
    let rest = m * m - m - d1 - d2;
    let square = &p3 * &p3;
    let mean = int(m) * &p3;
    let variance = int(m) * (&p3 - &square)
        + int(d1) * (p4 - &square)
        + int(d2) * (p5 - &square)
        + int(rest) * (p6 - &square);
    Some((mean, variance))
}

/// The exact mean (k² entries, row-major (a, b)) and covariance (k² × k²) of the transition
/// counts M_ab = #{t: xₜ = a, xₜ₊₁ = b} of a random arrangement of a multiset with these k
/// category counts.
pub fn transition_moments(counts: &[u64]) -> Option<(Vec<BigRational>, Vec<Vec<BigRational>>)> {
    let k = counts.len();
    let n: u64 = counts.iter().sum();
    let n = n as i64;
    if n < 2 {
        return None;
    }
    let big_n = n as u64;
    let p = |tuple: &[usize]| -> BigRational {
        // Fewer cards than positions: the event cannot happen.
        if (big_n as usize) < tuple.len() {
            return int(0);
        }
        BigRational::new(
            BigInt::from(weight(counts, tuple)),
            falling(big_n, tuple.len()),
        )
    };
    // The weights fit: each is at most N^4.
    (big_n as u128).checked_pow(4)?;
    let m = n - 1;
    let adjacent = m - 1;
    let disjoint = (m - 1) * (m - 2);
    let p2: Vec<BigRational> = (0..k * k).map(|ab| p(&[ab / k, ab % k])).collect();
    let mean: Vec<BigRational> = p2.iter().map(|q| int(m) * q).collect();
    let mut covariance = vec![vec![int(0); k * k]; k * k];
    for ab in 0..k * k {
        let (a, b) = (ab / k, ab % k);
        for cd in ab..k * k {
            let (c, d) = (cd / k, cd % k);
            let mut second = int(disjoint) * p(&[a, b, c, d]);
            if ab == cd {
                second += int(m) * &p2[ab];
            }
            if b == c {
                second += int(adjacent) * p(&[a, b, d]);
            }
            if d == a {
                second += int(adjacent) * p(&[c, a, b]);
            }
            let value = second - int(m * m) * &p2[ab] * &p2[cd];
            covariance[cd][ab] = value.clone();
            covariance[ab][cd] = value;
        }
    }
    Some((mean, covariance))
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// Every distinct arrangement of a multiset, each once (equally likely under a fair
    /// shuffle of indistinguishable copies).
    pub(in crate::lab) fn arrangements(counts: &[u64]) -> Vec<Vec<usize>> {
        fn walk(left: &mut Vec<u64>, current: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
            if left.iter().all(|&c| c == 0) {
                out.push(current.clone());
                return;
            }
            for c in 0..left.len() {
                if left[c] > 0 {
                    left[c] -= 1;
                    current.push(c);
                    walk(left, current, out);
                    current.pop();
                    left[c] += 1;
                }
            }
        }
        let mut out = Vec::new();
        walk(&mut counts.to_vec(), &mut Vec::new(), &mut out);
        out
    }

    fn moments_of(values: &[BigRational]) -> (BigRational, BigRational) {
        let n = int(values.len() as i64);
        let mean = values.iter().fold(int(0), |s, x| s + x) / &n;
        let variance = values
            .iter()
            .fold(int(0), |s, x| s + (x - &mean) * (x - &mean))
            / &n;
        (mean, variance)
    }

    const SHOES: [&[u64]; 4] = [&[2, 2, 1], &[3, 1, 2, 1], &[1, 1, 1, 1, 1], &[4, 3]];

    #[test]
    fn serial_moments_match_every_arrangement() {
        for counts in SHOES
            .into_iter()
            .chain([&[1u64, 1][..], &[2, 1], &[1, 1, 1]])
        {
            let values: Vec<i64> = (0..counts.len() as i64).map(|c| 2 * c - 1).collect();
            let all = arrangements(counts);
            for lag in 1..4.min(counts.iter().sum::<u64>() as usize) {
                let sums: Vec<BigRational> = all
                    .iter()
                    .map(|a| {
                        int((0..a.len() - lag)
                            .map(|t| values[a[t]] * values[a[t + lag]])
                            .sum())
                    })
                    .collect();
                assert_eq!(
                    serial_moments(counts, &values, lag),
                    Some(moments_of(&sums)),
                    "{counts:?} lag {lag}"
                );
            }
        }
    }

    #[test]
    fn turning_point_moments_match_every_arrangement() {
        for counts in SHOES {
            let all = arrangements(counts);
            let turns: Vec<BigRational> = all
                .iter()
                .map(|a| {
                    int((1..a.len() - 1)
                        .filter(|&t| turning(a[t - 1], a[t], a[t + 1]))
                        .count() as i64)
                })
                .collect();
            assert_eq!(
                turning_point_moments(counts),
                Some(moments_of(&turns)),
                "{counts:?}"
            );
        }
        // Distinct values: mean (2N − 4)/3 and variance (16N − 29)/90 (Kendall and Stuart,
        // The Advanced Theory of Statistics, vol. 3, §45.18).
        let (mean, variance) = turning_point_moments(&[1; 7]).unwrap();
        assert_eq!(mean, BigRational::new(10.into(), 3.into()));
        assert_eq!(variance, BigRational::new(83.into(), 90.into()));
    }

    #[test]
    fn transition_moments_match_every_arrangement() {
        for counts in SHOES
            .into_iter()
            .chain([&[1u64, 1][..], &[2, 1], &[1, 1, 1]])
        {
            let k = counts.len();
            let all = arrangements(counts);
            let tables: Vec<Vec<i64>> = all
                .iter()
                .map(|a| {
                    let mut m = vec![0i64; k * k];
                    for t in 0..a.len() - 1 {
                        m[a[t] * k + a[t + 1]] += 1;
                    }
                    m
                })
                .collect();
            let count = int(all.len() as i64);
            let (mean, covariance) = transition_moments(counts).unwrap();
            for i in 0..k * k {
                let mi = tables.iter().fold(int(0), |s, t| s + int(t[i])) / &count;
                assert_eq!(mean[i], mi, "{counts:?} {i}");
                for j in 0..k * k {
                    let mj = tables.iter().fold(int(0), |s, t| s + int(t[j])) / &count;
                    let c = tables
                        .iter()
                        .fold(int(0), |s, t| s + (int(t[i]) - &mi) * (int(t[j]) - &mj))
                        / &count;
                    assert_eq!(covariance[i][j], c, "{counts:?} {i} {j}");
                }
            }
        }
    }
}
