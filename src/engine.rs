//! The exact engine: the tally of a shoe under drawing rules, in microseconds.
//!
//! [`tally`] is the one entry: it checks that the shoe can finish a coup, then counts in the
//! narrowest integer type that provably holds every figure (`u64` where the shoe's N⁶ fits,
//! `u128` where it fits, big integers beyond). The kernel that counts is private; no caller
//! picks a fixed-width type without its proof.
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
//!    `W0 = Σ w`, `W1[v] = Σ w·r_v` and `W2[u][v] = Σ w·r_u·r_v` are needed.
//!
//! Intermediate differences are non-negative in exact arithmetic; the fixed-width paths use
//! wrapping arithmetic, which is exact whenever the true result fits, as N⁶ guarantees. Every
//! product, the two-card ways of each hand included, is taken in the chosen type, never in
//! native `u64`: a count of one value can reach 2³⁶, whose square no `u64` holds.
//!
//! What follows each opening comes from the drawing rules' [`Plan`]; the engine reads no rule
//! itself.

use crate::outcome::FinalState;
use crate::play::{Opening, Plan};
use crate::rules::{Action, DrawingRules, PuntoMove};
use crate::shoe::{Shoe, ShoeError};
use crate::tally::{Int, Tally};
use num_bigint::BigUint;

/// The exact tally of a playable shoe under the drawing rules: the number of ordered six-card
/// sequences ending in each final state.
///
/// ```
/// use punto_banco::{engine, rules::DrawingRules, shoe::Shoe};
/// let tally = engine::tally(&Shoe::decks(1).unwrap(), &DrawingRules::reference()).unwrap();
/// assert_eq!(tally.total().to_string(), "14658134400");
/// ```
pub fn tally(shoe: &Shoe, rules: &DrawingRules) -> Result<Tally, ShoeError> {
    Ok(weights(shoe, rules)?.to_tally())
}

/// A tally in the integer type chosen by proof for its shoe, indexed by [`FinalState::index`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Weights {
    /// The shoe's N⁶ fits in 64 bits.
    U64(Box<[u64; FinalState::COUNT]>),
    /// The shoe's N⁶ fits in 128 bits.
    U128(Box<[u128; FinalState::COUNT]>),
    /// Any shoe.
    Big(Vec<BigUint>),
}

impl Weights {
    /// The same weights as a big-integer tally.
    pub(crate) fn to_tally(&self) -> Tally {
        match self {
            Weights::U64(w) => Tally::from_weights(&w[..]),
            Weights::U128(w) => Tally::from_weights(&w[..]),
            Weights::Big(w) => Tally::from_weights(w),
        }
    }
}

/// The engine's weights for a playable shoe, in the narrowest type that holds it.
pub(crate) fn weights(shoe: &Shoe, rules: &DrawingRules) -> Result<Weights, ShoeError> {
    shoe.check_playable()?;
    let plan = Plan::new(rules);
    let n = shoe.len();
    Ok(if u64::holds(n) {
        Weights::U64(Box::new(kernel::<u64>(shoe, &plan)))
    } else if u128::holds(n) {
        Weights::U128(Box::new(kernel::<u128>(shoe, &plan)))
    } else {
        Weights::Big(kernel::<BigUint>(shoe, &plan).into())
    })
}

/// Runs `$body` with `$R` the narrowest integer type that holds a shoe of `$cards` cards;
/// every branch must give the same type.
macro_rules! by_proof {
    ($cards:expr, $R:ident => $body:expr) => {{
        let cards = $cards;
        if <u64 as Int>::holds(cards) {
            type $R = u64;
            $body
        } else if <u128 as Int>::holds(cards) {
            type $R = u128;
            $body
        } else {
            type $R = BigUint;
            $body
        }
    }};
}

/// The number of ordered six-card sequences whose opening gives Punto and Banco each pair of
/// two-card totals: `openings[punto_total][banco_total]`.
pub fn opening_totals(shoe: &Shoe) -> Result<[[BigUint; 10]; 10], ShoeError> {
    shoe.check_playable()?;
    Ok(by_proof!(shoe.len(), R => {
        let m = Moments::<R>::new(shoe, |_| Depth::Openings);
        std::array::from_fn(|p| {
            std::array::from_fn(|b| m.w0[p * 10 + b].mul(&m.fill4).to_biguint())
        })
    }))
}

/// How often a coup reaches each drawing decision, in ordered six-card sequences.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reach {
    /// `banco[banco_total][column]`, columns as in [`PuntoMove::column`].
    pub banco: [[BigUint; 11]; 10],
    /// `punto[punto_total]`: no natural, and Punto decides on this two-card total.
    pub punto: [BigUint; 10],
}

/// The number of ordered six-card sequences in which the coup reaches each decision of the
/// drawing rules. Natural openings reach none.
pub fn cell_reach(shoe: &Shoe, rules: &DrawingRules) -> Result<Reach, ShoeError> {
    shoe.check_playable()?;
    let plan = Plan::new(rules);
    Ok(by_proof!(shoe.len(), R => reach::<R>(shoe, &plan)))
}

fn reach<R: Int>(shoe: &Shoe, plan: &Plan) -> Reach {
    let m = Moments::<R>::new(shoe, |cell| match plan.opening(cell.0, cell.1) {
        Opening::Natural => Depth::Openings,
        Opening::Play { .. } => Depth::ThirdCards,
    });
    let mut reach = Reach::default();
    for p in 0..10u8 {
        for b in 0..10u8 {
            let cell = usize::from(p) * 10 + usize::from(b);
            let Some(punto) = plan.opening(p, b).punto() else {
                continue;
            };
            let w0 = &m.w0[cell];
            let reached = w0.mul(&m.fill4);
            reach.punto[usize::from(p)] += reached.to_biguint();
            let row = &mut reach.banco[usize::from(b)];
            match punto {
                Action::Stand => row[PuntoMove::Stood.column()] += reached.to_biguint(),
                Action::Draw => {
                    for (third, slot) in row.iter_mut().take(10).enumerate() {
                        *slot += m.after(cell, third).mul(&m.fill5).to_biguint();
                    }
                }
            }
        }
    }
    reach
}

/// How far past the opening a pair of two-card totals needs moments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Depth {
    /// W0 only: the opening's own weight (after a natural, say).
    Openings,
    /// W0 and W1: one third card is dealt.
    ThirdCards,
    /// W0, W1 and W2: both hands may take a third card.
    BothThirds,
}

/// The moments of the openings grouped by their pair of two-card totals (cell `p·10 + b`).
struct Moments<R> {
    /// The shoe's count of each value, in the ring.
    counts: [R; 10],
    /// Ways to fill the positions a coup leaves unused after 4 cards: (N−4)(N−5).
    fill4: R,
    /// Ways to fill the position a coup leaves unused after 5 cards: N−5.
    fill5: R,
    w0: [R; 100],
    w1: Vec<[R; 10]>,
    /// W2, kept only for the cells that need it, at `slot[cell]`.
    w2: Vec<[[R; 10]; 10]>,
    slot: [usize; 100],
}

/// The ordered ways to deal a hand the values `x ≤ y` from `counts`, in the ring: c·(c − 1)
/// for a pair of one value, 2·cₓ·cᵧ otherwise; `None` when there are none.
#[inline(always)]
fn pair_ways<R: Int>(counts: &[u64; 10], x: usize, y: usize) -> Option<R> {
    let r = R::from_u64;
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

impl<R: Int> Moments<R> {
    /// The moments of every opening of the shoe, to the depth each cell `(p, b)` needs.
    fn new(shoe: &Shoe, depth: impl Fn((u8, u8)) -> Depth) -> Moments<R> {
        let c = shoe.value_counts();
        let n = shoe.len();
        let r = R::from_u64;
        let fill4 = r(n.saturating_sub(4)).mul(&r(n.saturating_sub(5)));
        let fill5 = r(n.saturating_sub(5));
        let depths: [Depth; 100] =
            std::array::from_fn(|cell| depth(((cell / 10) as u8, (cell % 10) as u8)));

        // The unordered pairs of values a hand can be dealt, with their number of orders.
        let mut pairs: Vec<(usize, usize, R)> = Vec::with_capacity(55);
        for x in 0..10 {
            for y in x..10 {
                if let Some(ways) = pair_ways(&c, x, y) {
                    pairs.push((x, y, ways));
                }
            }
        }

        let mut slot = [usize::MAX; 100];
        let mut slots = 0;
        for (cell, d) in depths.iter().enumerate() {
            if *d == Depth::BothThirds {
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
                let Some(banco_ways) = pair_ways::<R>(&left, u, v) else {
                    continue;
                };
                let b = MOD10[u + v];
                let cell = p * 10 + b;
                let w = punto_ways.mul(&banco_ways);
                w0[cell] = w0[cell].add(&w);
                if depths[cell] == Depth::Openings {
                    continue;
                }
                // The removal vector is e_x + e_y + e_u + e_v: each occurrence adds w once to W1
                // and each ordered pair of occurrences adds w once to W2.
                let removed = [x, y, u, v];
                let m1 = &mut w1[cell];
                for &i in &removed {
                    m1[i] = m1[i].add(&w);
                }
                if depths[cell] == Depth::BothThirds {
                    let m2 = &mut w2[slot[cell]];
                    for &i in &removed {
                        for &j in &removed {
                            m2[i][j] = m2[i][j].add(&w);
                        }
                    }
                }
            }
        }
        Moments {
            counts: c.map(r),
            fill4,
            fill5,
            w0,
            w1,
            w2,
            slot,
        }
    }

    /// Ways to deal a value v after the openings of a cell, summed over them: c_v·W0 − W1[v].
    #[inline(always)]
    fn after(&self, cell: usize, v: usize) -> R {
        self.counts[v].mul(&self.w0[cell]).sub(&self.w1[cell][v])
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

/// The tally in `R`, which must hold the shoe ([`Int::holds`]); all zero below six cards.
fn kernel<R: Int>(shoe: &Shoe, plan: &Plan) -> [R; FinalState::COUNT] {
    // No moment beyond W0 after a natural; W2 only where Punto draws and Banco may draw after it.
    let m = Moments::<R>::new(shoe, |(p, b)| {
        let opening = plan.opening(p, b);
        if opening.is_natural() {
            Depth::Openings
        } else if opening.both_may_draw() {
            Depth::BothThirds
        } else {
            Depth::ThirdCards
        }
    });
    let (cr, fill4, fill5) = (&m.counts, &m.fill4, &m.fill5);

    let mut tally: [R; FinalState::COUNT] = std::array::from_fn(|_| R::default());
    let mut add = |index: usize, weight: R| tally[index] = tally[index].add(&weight);
    for p in 0..10 {
        for b in 0..10 {
            let cell = p * 10 + b;
            let (m_w0, m_w1) = (&m.w0[cell], &m.w1[cell]);
            if m_w0.is_zero() {
                continue;
            }
            let (punto_action, banco_row) = match plan.opening(p as u8, b as u8) {
                Opening::Natural => {
                    add(state(p, b, 2, 2, true), m_w0.mul(fill4));
                    continue;
                }
                Opening::Play { punto, banco } => (punto, banco),
            };
            let after: [R; 10] = std::array::from_fn(|v| m.after(cell, v));
            match punto_action {
                Action::Stand => match banco_row[PuntoMove::Stood.column()] {
                    Action::Stand => add(state(p, b, 2, 2, false), m_w0.mul(fill4)),
                    Action::Draw => {
                        for (b3, ways) in after.iter().enumerate() {
                            add(state(p, b + b3, 2, 3, false), ways.mul(fill5));
                        }
                    }
                },
                Action::Draw => {
                    for p3 in 0..10 {
                        match banco_row[PuntoMove::Drew(p3 as u8).column()] {
                            Action::Stand => {
                                add(state(p + p3, b, 3, 2, false), after[p3].mul(fill5))
                            }
                            Action::Draw => {
                                // Σ w (c_p − r_p)(c_b − r_b − [p = b]) expanded in the moments:
                                // c_b·after[p] − c_p·W1[b] + W2[p][b] − [p = b]·after[p], the
                                // positive terms first so that exact arithmetic never goes negative.
                                let m_w2 = &m.w2[m.slot[cell]][p3];
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

#[cfg(test)]
mod tests {
    use super::*;

    fn falling_sixth(cards: u64) -> BigUint {
        (0..6u64).map(|k| BigUint::from(cards) - k).product()
    }

    /// The proof's limits: 31 decks (1,612 cards) fit in 64 bits, 32 decks (1,664) do not;
    /// 50,812 decks fit in 128 bits, 50,813 do not.
    #[test]
    fn each_type_holds_exactly_the_shoes_its_proof_admits() {
        assert!(u64::holds(52 * 31));
        assert!(!u64::holds(52 * 32));
        assert!(u128::holds(52 * 50_812));
        assert!(!u128::holds(52 * 50_813));
        let rules = DrawingRules::reference();
        assert!(matches!(
            weights(&Shoe::decks(31).unwrap(), &rules),
            Ok(Weights::U64(_))
        ));
        assert!(matches!(
            weights(&Shoe::decks(32).unwrap(), &rules),
            Ok(Weights::U128(_))
        ));
        assert!(matches!(
            weights(&Shoe::decks(50_812).unwrap(), &rules),
            Ok(Weights::U128(_))
        ));
        let big = weights(&Shoe::decks(50_813).unwrap(), &rules).unwrap();
        assert!(matches!(big, Weights::Big(_)));
        assert_eq!(big.to_tally().total(), falling_sixth(52 * 50_813));
    }

    /// Every integer type gives the same weights where it holds the shoe.
    #[test]
    fn every_integer_type_agrees() {
        let plan = Plan::new(&DrawingRules::reference());
        for shoe in [
            Shoe::decks(1).unwrap(),
            Shoe::decks(8).unwrap(),
            Shoe::from_counts([3, 0, 1, 2, 9, 0, 4, 1, 1, 0, 2, 2, 7]).unwrap(),
        ] {
            let big = kernel::<BigUint>(&shoe, &plan);
            let wide = kernel::<u128>(&shoe, &plan);
            let narrow = kernel::<u64>(&shoe, &plan);
            for ((b, w), n) in big.iter().zip(&wide).zip(&narrow) {
                assert_eq!(b, &BigUint::from(*w));
                assert_eq!(b, &BigUint::from(*n));
            }
        }
    }
}
