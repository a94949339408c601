//! The tally of exact weights over the final states of a coup, and the one integer type
//! family the engine, the reference paths and the analysis count in.

use crate::outcome::FinalState;

use num_bigint::{BigInt, BigUint};
use num_rational::{BigRational, Ratio};
use num_traits::{ToPrimitive, Zero};

mod sealed {
    /// Only the integer types below: the engine trusts [`super::Int::holds`].
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl Sealed for num_bigint::BigUint {}
}

/// The one integer trait of the crate: exact (`BigUint`), or wrapping (`u64`, `u128`) for the
/// shoes whose N⁶ fits, where wrapping arithmetic gives the true result because every count
/// the engine forms (and every sum of a tally's weights) is below N⁶.
///
/// Crate-private: a caller outside cannot pick a type, only [`crate::engine::tally`] does,
/// by [`Int::holds`].
pub(crate) trait Int:
    sealed::Sealed + Clone + Default + PartialEq + std::fmt::Debug + std::fmt::Display
{
    /// Whether every count of a shoe of `cards` cards comes out exact in this type.
    fn holds(cards: u64) -> bool;
    /// The type's image of an integer.
    fn from_u64(x: u64) -> Self;
    /// The sum.
    fn add(&self, other: &Self) -> Self;
    /// The difference; the callers only subtract where the exact result is not negative.
    fn sub(&self, other: &Self) -> Self;
    /// The product.
    fn mul(&self, other: &Self) -> Self;
    /// The value as a big integer.
    fn to_biguint(&self) -> BigUint;
    /// Whether the value is zero.
    fn is_zero(&self) -> bool;
    /// `self / total` as a reduced `"n/d"` and the nearest `f64` (`"n/0"` and NaN for a zero
    /// total).
    fn over(&self, total: &Self) -> (String, f64);
    /// `Σ net·count / total`, reduced, as `"n/d"` and `f64`; `None` when a step does not fit
    /// 128 bits (then use big integers) or the total is zero.
    fn weighted(terms: &[(Ratio<i64>, Self)], total: &Self) -> Option<(String, f64)>;
}

/// N⁶ for a shoe of N cards, which bounds every count of the engine, when it fits in `u128`.
fn sixth_power(cards: u64) -> Option<u128> {
    u128::from(cards).checked_pow(6)
}

/// Binary GCD (shifts and subtractions, far cheaper than a division), in one integer type;
/// 0 only when both are 0.
macro_rules! binary_gcd {
    ($(#[$doc:meta])* $vis:vis $name:ident, $t:ty) => {
        $(#[$doc])*
        $vis fn $name(mut a: $t, mut b: $t) -> $t {
            if a == 0 || b == 0 {
                return a | b;
            }
            let shift = (a | b).trailing_zeros();
            a >>= a.trailing_zeros();
            loop {
                b >>= b.trailing_zeros();
                if a > b {
                    std::mem::swap(&mut a, &mut b);
                }
                b -= a;
                if b == 0 {
                    return a << shift;
                }
            }
        }
    };
}

binary_gcd!(
    /// The GCD in 128 bits.
    gcd, u128
);
binary_gcd!(
    /// The GCD in 64 bits, where the batch's shares of eight-deck counts are reduced.
    pub(crate) gcd_u64, u64
);

/// n/d as the nearest double when both fit exactly, else through big rationals.
fn ratio_f64(n: u128, d: u128) -> f64 {
    const EXACT: u128 = 1 << 53;
    if n <= EXACT && d <= EXACT {
        n as f64 / d as f64
    } else {
        BigRational::new(BigInt::from(n), BigInt::from(d))
            .to_f64()
            .unwrap_or(f64::NAN)
    }
}

fn over_u128(count: u128, total: u128) -> (String, f64) {
    if total == 0 {
        return (format!("{count}/0"), f64::NAN);
    }
    let g = gcd(count, total);
    let (n, d) = (count / g, total / g);
    (format!("{n}/{d}"), ratio_f64(n, d))
}

fn weighted_u128(
    terms: impl Iterator<Item = (Ratio<i64>, u128)> + Clone,
    total: u128,
) -> Option<(String, f64)> {
    let lcm = terms.clone().try_fold(1u128, |l, (r, _)| {
        let d = *r.denom() as u128;
        (l / gcd(l, d)).checked_mul(d)
    })?;
    let mut numerator: i128 = 0;
    for (r, count) in terms {
        let scale = i128::try_from(lcm / *r.denom() as u128).ok()?;
        let term = i128::from(*r.numer())
            .checked_mul(scale)?
            .checked_mul(i128::try_from(count).ok()?)?;
        numerator = numerator.checked_add(term)?;
    }
    let denominator = lcm.checked_mul(total)?;
    if denominator == 0 {
        return None;
    }
    let g = gcd(numerator.unsigned_abs(), denominator);
    let (magnitude, d) = (numerator.unsigned_abs() / g, denominator / g);
    let sign = if numerator < 0 { "-" } else { "" };
    let value = numerator.signum() as f64 * ratio_f64(magnitude, d);
    Some((format!("{sign}{magnitude}/{d}"), value))
}

macro_rules! wrapping_int {
    ($t:ty) => {
        impl Int for $t {
            fn holds(cards: u64) -> bool {
                sixth_power(cards).is_some_and(|bound| bound <= <$t>::MAX as u128)
            }
            #[inline(always)]
            fn from_u64(x: u64) -> Self {
                <$t>::from(x)
            }
            #[inline(always)]
            fn add(&self, other: &Self) -> Self {
                self.wrapping_add(*other)
            }
            #[inline(always)]
            fn sub(&self, other: &Self) -> Self {
                self.wrapping_sub(*other)
            }
            #[inline(always)]
            fn mul(&self, other: &Self) -> Self {
                self.wrapping_mul(*other)
            }
            fn to_biguint(&self) -> BigUint {
                BigUint::from(*self)
            }
            #[inline(always)]
            fn is_zero(&self) -> bool {
                *self == 0
            }
            fn over(&self, total: &Self) -> (String, f64) {
                over_u128(u128::from(*self), u128::from(*total))
            }
            fn weighted(terms: &[(Ratio<i64>, Self)], total: &Self) -> Option<(String, f64)> {
                weighted_u128(
                    terms.iter().map(|(r, c)| (*r, u128::from(*c))),
                    u128::from(*total),
                )
            }
        }
    };
}

wrapping_int!(u64);
wrapping_int!(u128);

impl Int for BigUint {
    fn holds(_: u64) -> bool {
        true
    }
    fn from_u64(x: u64) -> Self {
        BigUint::from(x)
    }
    fn add(&self, other: &Self) -> Self {
        self + other
    }
    fn sub(&self, other: &Self) -> Self {
        self - other
    }
    fn mul(&self, other: &Self) -> Self {
        self * other
    }
    fn to_biguint(&self) -> BigUint {
        self.clone()
    }
    fn is_zero(&self) -> bool {
        Zero::is_zero(self)
    }
    fn over(&self, total: &Self) -> (String, f64) {
        if Zero::is_zero(total) {
            return (format!("{self}/0"), f64::NAN);
        }
        let r = BigRational::new(BigInt::from(self.clone()), BigInt::from(total.clone()));
        (fraction(&r), approx(&r))
    }
    fn weighted(terms: &[(Ratio<i64>, Self)], total: &Self) -> Option<(String, f64)> {
        if Zero::is_zero(total) {
            return None;
        }
        let sum: BigRational = terms
            .iter()
            .map(|(r, c)| {
                BigRational::new(BigInt::from(*r.numer()), BigInt::from(*r.denom()))
                    * BigRational::from_integer(BigInt::from(c.clone()))
            })
            .sum();
        let r = sum / BigRational::from_integer(BigInt::from(total.clone()));
        Some((fraction(&r), approx(&r)))
    }
}

/// The nearest `f64` of an exact value: one correctly rounded division where numerator and
/// denominator are exact doubles (as the renderings compute it), else num-rational's.
fn approx(value: &BigRational) -> f64 {
    const EXACT: u64 = 1 << 53;
    let small = |x: &BigInt| x.magnitude().to_u64().filter(|&v| v <= EXACT);
    match (small(value.numer()), small(value.denom())) {
        (Some(n), Some(d)) => {
            let q = n as f64 / d as f64;
            if num_traits::Signed::is_negative(value) {
                -q
            } else {
                q
            }
        }
        _ => value.to_f64().unwrap_or(f64::NAN),
    }
}

/// An exact value as a reduced `"n/d"`, as the documents write it.
fn fraction(r: &BigRational) -> String {
    format!("{}/{}", r.numer(), r.denom())
}

/// The number of ordered six-card sequences from a shoe ending in each final state.
///
/// Cards a coup does not use still count, so the weights sum to N·(N−1)·…·(N−5) for a shoe of
/// N cards. The weights are big integers; the type parameter stays only so that
/// `Tally::<BigUint>` names the same type as `Tally`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally<W = BigUint> {
    weights: Vec<W>,
}

impl Default for Tally<BigUint> {
    fn default() -> Self {
        Tally {
            weights: vec![BigUint::zero(); FinalState::COUNT],
        }
    }
}

impl Tally<BigUint> {
    /// The tally of weights indexed by [`FinalState::index`], in any of the crate's integers.
    pub(crate) fn from_weights<I: Int>(weights: &[I]) -> Tally {
        debug_assert_eq!(weights.len(), FinalState::COUNT);
        Tally {
            weights: weights.iter().map(Int::to_biguint).collect(),
        }
    }

    /// The weights indexed by [`FinalState::index`].
    pub(crate) fn weights(&self) -> &[BigUint] {
        &self.weights
    }

    /// Adds `weight` sequences ending in `state`.
    pub fn add(&mut self, state: FinalState, weight: BigUint) {
        self.weights[state.index()] += weight;
    }

    /// The weight of one final state.
    pub fn weight(&self, state: FinalState) -> &BigUint {
        &self.weights[state.index()]
    }

    /// Every final state with a non-zero weight, in index order.
    pub fn states(&self) -> impl Iterator<Item = (FinalState, &BigUint)> {
        self.weights
            .iter()
            .enumerate()
            .filter(|(_, w)| !Zero::is_zero(*w))
            .map(|(i, w)| (FinalState::from_index(i), w))
    }

    /// The total weight of the states for which `keep` holds.
    pub fn sum_where(&self, keep: impl Fn(FinalState) -> bool) -> BigUint {
        self.states()
            .filter(|(state, _)| keep(*state))
            .map(|(_, w)| w)
            .sum()
    }

    /// The total weight: every ordered six-card sequence of the shoe.
    pub fn total(&self) -> BigUint {
        self.weights.iter().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for index in 0..FinalState::COUNT {
            assert_eq!(FinalState::from_index(index).index(), index);
        }
    }

    #[test]
    fn a_zero_total_is_no_fraction() {
        assert_eq!(BigUint::from(3u8).over(&BigUint::default()).0, "3/0");
        assert_eq!(3u128.over(&0).0, "3/0");
        assert_eq!(u128::weighted(&[(Ratio::from_integer(1), 3)], &0), None);
    }
}
