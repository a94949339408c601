//! The fast exact engine: the same tally as [`crate::enumerate::enumerate`], in microseconds.
//!
//! Two ideas make it fast, both exact:
//!
//! 1. The weight of an opening depends only on the multiset of its four card values, so
//!    openings are grouped by Punto's pair of values and Banco's pair of values (55 × 55
//!    groups instead of 10⁴ ordered openings), each weighted by its number of orders.
//! 2. The third cards are counted over the full shoe and corrected for the four cards the
//!    opening removed. With r the removal vector of an opening of weight w, the ways to deal
//!    third cards p and b after it are (c_p − r_p)(c_b − r_b − [p = b]), a polynomial in r.
//!    Summed over the openings with the same two-card totals, only the moments
//!    W0 = Σ w, W1[v] = Σ w·r_v and W2[u][v] = Σ w·r_u·r_v are needed.
//!
//! Weights are exact integers: `u64` where N⁶ fits, `u128` where it fits, big integers beyond.
//! Intermediate differences are non-negative in exact arithmetic; the fixed-width paths use
//! wrapping arithmetic, which is exact whenever the true result fits, as N⁶ guarantees. Every
//! product, the two-card ways of each hand included, is taken in the ring, never in native
//! `u64`: a count of one value can reach 2³⁶, whose square no `u64` holds.

use crate::outcome::FinalState;
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::Tally;
use num_bigint::BigUint;

mod sealed {
    /// Only the rings below: [`super::fast`] trusts [`super::Ring::holds`].
    pub trait Sealed {}
    impl Sealed for u64 {}
    impl Sealed for u128 {}
    impl Sealed for num_bigint::BigUint {}
}

/// Integer arithmetic for the fast engine: exact (`BigUint`), or wrapping (`u64`, `u128`) for
/// the shoes whose N⁶ fits, where wrapping gives the true result.
pub trait Ring: sealed::Sealed + Clone + Default {
    /// The ring's name in messages.
    const NAME: &'static str;
    /// Whether every count of a shoe of `cards` cards comes out exact in this ring.
    fn holds(cards: u64) -> bool;
    /// The ring's image of an integer.
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
}

/// N⁶ for a shoe of N cards, which bounds every count of the engine, when it fits in `u128`.
fn sixth_power(cards: u64) -> Option<u128> {
    u128::from(cards).checked_pow(6)
}

macro_rules! wrapping_ring {
    ($t:ty) => {
        impl Ring for $t {
            const NAME: &'static str = stringify!($t);
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
        }
    };
}

wrapping_ring!(u64);
wrapping_ring!(u128);

impl Ring for BigUint {
    const NAME: &'static str = "big integer";
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
        num_traits::Zero::is_zero(self)
    }
}

/// The exact tally of a playable shoe, by the fast engine in the narrowest ring that holds it;
/// equal to [`crate::enumerate::exact_tally`].
pub fn fast_tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally<BigUint>, ShoeError> {
    shoe.check_playable()?;
    let n = shoe.len();
    Ok(if u64::holds(n) {
        to_tally(&weights::<u64>(shoe, rules))
    } else if u128::holds(n) {
        to_tally(&weights::<u128>(shoe, rules))
    } else {
        to_tally(&weights::<BigUint>(shoe, rules))
    })
}

/// A ring too narrow for a shoe.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RingError {
    #[error(
        "a shoe of {cards} cards is too large for {ring} weights: N⁶ must fit (use big integers)"
    )]
    TooNarrow { cards: u64, ring: &'static str },
}

fn to_tally<R: Ring>(weights: &[R; FinalState::COUNT]) -> Tally<BigUint> {
    let mut tally = Tally::<BigUint>::default();
    for (index, weight) in weights.iter().enumerate() {
        if !weight.is_zero() {
            tally.add(FinalState::from_index(index), weight.to_biguint());
        }
    }
    tally
}

/// The ordered ways to deal a hand the values `x ≤ y` from `counts`, in the ring: c·(c − 1)
/// for a pair of one value, 2·cₓ·cᵧ otherwise; `None` when there are none.
#[inline(always)]
fn pair_ways<R: Ring>(counts: &[u64; 10], x: usize, y: usize, r: fn(u64) -> R) -> Option<R> {
    let (cx, cy) = (counts[x], counts[y]);
    if x == y {
        (cx >= 2).then(|| r(cx).mul(&r(cx - 1)))
    } else {
        (cx > 0 && cy > 0).then(|| {
            let product = r(cx).mul(&r(cy));
            product.add(&product)
        })
    }
}

/// `MOD10[s]` is `s % 10` for the sums of two totals or values.
const MOD10: [usize; 20] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// The index of a final state (as [`FinalState::index`]) from totals that may exceed 9.
#[inline(always)]
fn state(
    punto_total: usize,
    banco_total: usize,
    punto_cards: u8,
    banco_cards: u8,
    natural: bool,
) -> usize {
    let offset = usize::from(punto_cards == 3) * 4
        + usize::from(banco_cards == 3) * 2
        + usize::from(natural);
    (MOD10[punto_total] * 10 + MOD10[banco_total]) * 8 + offset
}

/// The fast tally as an array indexed by [`FinalState::index`], in the ring `R`: the number of
/// ordered six-card sequences of the shoe ending in each state (all zero below six cards), or
/// an error when `R` is fixed-width and the shoe's N⁶ does not fit in it.
///
/// ```
/// use punto_banco::{fast::fast, rules::DrawingRules, shoe::Shoe};
/// let rules = DrawingRules::reference();
/// assert!(fast::<u64>(&Shoe::reference(), &rules).is_ok());
/// assert!(fast::<u64>(&Shoe::decks(100).unwrap(), &rules).is_err());
/// assert!(fast::<u128>(&Shoe::decks(100).unwrap(), &rules).is_ok());
/// ```
pub fn fast<R: Ring>(
    shoe: &Shoe,
    rules: &DrawingRules,
) -> Result<[R; FinalState::COUNT], RingError> {
    if R::holds(shoe.len()) {
        Ok(weights(shoe, rules))
    } else {
        Err(RingError::TooNarrow {
            cards: shoe.len(),
            ring: R::NAME,
        })
    }
}

/// The fast tally in `R`, which must hold the shoe ([`Ring::holds`]).
fn weights<R: Ring>(shoe: &Shoe, rules: &DrawingRules) -> [R; FinalState::COUNT] {
    let c = shoe.value_counts();
    let n = shoe.len();
    let r = R::from_u64;
    let cr: [R; 10] = c.map(r);
    let fill4 = r(n.saturating_sub(4)).mul(&r(n.saturating_sub(5)));
    let fill5 = r(n.saturating_sub(5));

    // Which pairs of two-card totals need which moments: no moment beyond W0 after a
    // natural; W2 only where Punto draws and Banco may draw after it.
    let natural = |t: usize| rules.is_natural(t as u8);
    let mut needs_w1 = [false; 100];
    let mut needs_w2 = [false; 100];
    for p in 0..10 {
        for b in 0..10 {
            needs_w1[p * 10 + b] = !natural(p) && !natural(b);
            needs_w2[p * 10 + b] = needs_w1[p * 10 + b]
                && rules.punto_action(p as u8) == Action::Draw
                && (0..10).any(|v| rules.banco_action(b as u8, PuntoMove::Drew(v)) == Action::Draw);
        }
    }

    // The unordered pairs of values a hand can be dealt, with their number of orders. The
    // ways are products of counts, taken in the ring.
    let mut pairs: Vec<(usize, usize, R)> = Vec::with_capacity(55);
    for x in 0..10 {
        for y in x..10 {
            if let Some(ways) = pair_ways(&c, x, y, r) {
                pairs.push((x, y, ways));
            }
        }
    }

    // W2 is kept only for the pairs of totals that need it.
    let mut slot = [usize::MAX; 100];
    let mut slots = 0;
    for (cell, needed) in needs_w2.iter().enumerate() {
        if *needed {
            slot[cell] = slots;
            slots += 1;
        }
    }
    let mut w0: [R; 100] = std::array::from_fn(|_| R::default());
    let mut w1: Vec<[R; 10]> = vec![std::array::from_fn(|_| R::default()); 100];
    let mut w2: Vec<[[R; 10]; 10]> =
        vec![std::array::from_fn(|_| std::array::from_fn(|_| R::default())); slots];
    for (x, y, punto_ways) in pairs.iter().map(|(x, y, w)| (*x, *y, w)) {
        let p = MOD10[x + y];
        // What Punto's x and y leave of each value.
        let mut left = c;
        left[x] -= 1;
        left[y] -= 1;
        for &(u, v, _) in &pairs {
            // Banco's ordered ways to be dealt u and v from what is left; none when a value
            // has run out (Punto holds the only 9, say).
            let Some(banco_ways) = pair_ways(&left, u, v, r) else {
                continue;
            };
            let b = MOD10[u + v];
            let cell = p * 10 + b;
            let w = punto_ways.mul(&banco_ways);
            w0[cell] = w0[cell].add(&w);
            if !needs_w1[cell] {
                continue;
            }
            // The removal vector is e_x + e_y + e_u + e_v: each occurrence adds w once to W1
            // and each ordered pair of occurrences adds w once to W2.
            let removed = [x, y, u, v];
            let m1 = &mut w1[cell];
            for &i in &removed {
                m1[i] = m1[i].add(&w);
            }
            if needs_w2[cell] {
                let m2 = &mut w2[slot[cell]];
                for &i in &removed {
                    for &j in &removed {
                        m2[i][j] = m2[i][j].add(&w);
                    }
                }
            }
        }
    }

    let mut tally: [R; FinalState::COUNT] = std::array::from_fn(|_| R::default());
    let mut add = |index: usize, weight: R| tally[index] = tally[index].add(&weight);
    for p in 0..10 {
        for b in 0..10 {
            let cell = p * 10 + b;
            let (m_w0, m_w1) = (&w0[cell], &w1[cell]);
            if m_w0.is_zero() {
                continue;
            }
            if natural(p) || natural(b) {
                add(state(p, b, 2, 2, true), m_w0.mul(&fill4));
                continue;
            }
            // Ways to deal a value v after the opening, summed over the openings: c_v·W0 − W1[v].
            let after: [R; 10] = std::array::from_fn(|v| cr[v].mul(m_w0).sub(&m_w1[v]));
            match rules.punto_action(p as u8) {
                Action::Stand => match rules.banco_action(b as u8, PuntoMove::Stood) {
                    Action::Stand => add(state(p, b, 2, 2, false), m_w0.mul(&fill4)),
                    Action::Draw => {
                        for (b3, ways) in after.iter().enumerate() {
                            add(state(p, b + b3, 2, 3, false), ways.mul(&fill5));
                        }
                    }
                },
                Action::Draw => {
                    for p3 in 0..10 {
                        match rules.banco_action(b as u8, PuntoMove::Drew(p3 as u8)) {
                            Action::Stand => {
                                add(state(p + p3, b, 3, 2, false), after[p3].mul(&fill5))
                            }
                            Action::Draw => {
                                // Σ w (c_p − r_p)(c_b − r_b − [p = b]) expanded in the moments:
                                // c_b·after[p] − c_p·W1[b] + W2[p][b] − [p = b]·after[p], the
                                // positive terms first so that exact arithmetic never goes negative.
                                let m_w2 = &w2[slot[cell]][p3];
                                let row = state(p + p3, b, 3, 3, false) - MOD10[b] * 8;
                                let after_p3 = &after[p3];
                                let c_p3 = &cr[p3];
                                for b3 in 0..10 {
                                    let mut ways = cr[b3]
                                        .mul(after_p3)
                                        .add(&m_w2[b3])
                                        .sub(&c_p3.mul(&m_w1[b3]));
                                    if p3 == b3 {
                                        ways = ways.sub(after_p3);
                                    }
                                    add(row + MOD10[b + b3] * 8, ways);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    tally
}
