//! The exact engine: the tally of a shoe under drawing rules, in microseconds.
//!
//! [`tally`] is the one entry: it checks that the shoe can finish a coup, then counts in the
//! narrowest integer type that provably holds every figure (`u64` where the shoe's N⁶ fits,
//! `u128` where it fits, big integers beyond). The kernel that counts is private; no caller
//! picks a fixed-width type without its proof.
//!
//! The count is a polynomial in the shoe's ten value counts, evaluated in closed forms, all
//! exact:
//!
//! 1. An opening is fixed by Punto's first card x and Banco's first card u once the two-card
//!    totals p and b are: the second cards are p − x and b − u (mod 10). So each pair of totals
//!    (a *cell*) holds 100 ordered openings, and everything the third cards need of them is a
//!    sum over x or u of products of two-card ways, computed once per composition.
//! 2. The third cards are counted over the full shoe and corrected for the four cards the
//!    opening removed. With r the removal vector of an opening of weight w, the ways to deal
//!    third cards p and b after it are (c_p − r_p)(c_b − r_b − [p = b]), a polynomial in r.
//!    Summed over a cell's openings only the moments `W0 = Σ w`, `W1[v] = Σ w·r_v` and
//!    `W2[u][v] = Σ w·r_u·r_v` are needed, and each has a closed form: with `Ω[x][u]` the
//!    weight of the one opening whose first cards are x and u, and `X[i]`, `U[j]` its sums
//!    over u and over x (the openings whose Punto, or Banco, first card is i), the symmetry of
//!    a sequence's weight in its cards gives `W1 = 2(X + U)` and
//!    `W2[i][j] = [i = j]·W1[i] + 2[i + j ≡ p]·X[i] + 2[i + j ≡ b]·U[i] + 4(Ω[i][j] + Ω[j][i])`.
//!    `X` and `U` are themselves one product each, the two-card ways of one hand times those of
//!    the other from what is left, and the latter is the full shoe's less a linear correction.
//!
//! The kernel counts in a ring: wrapping `u64` or `u128`, where every polynomial identity
//! holds modulo 2⁶⁴ or 2¹²⁸ and the result is exact whenever the true one fits, as N⁶
//! guarantees; or signed big integers, where intermediate differences may be negative. Every
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
use num_bigint::{BigInt, BigUint};

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
    U64(Box<[u64]>),
    /// The shoe's N⁶ fits in 128 bits.
    U128(Box<[u128]>),
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

/// Whether the weights of a shoe of `cards` cards fit in 128 bits (N⁶ < 2¹²⁸).
pub(crate) fn fits_in_128(cards: u64) -> bool {
    u128::holds(cards)
}

/// The engine's weights for a playable shoe, in the narrowest type that holds it.
pub(crate) fn weights(shoe: &Shoe, rules: &DrawingRules) -> Result<Weights, ShoeError> {
    shoe.check_playable()?;
    let plan = plan_of(rules);
    let n = shoe.len();
    Ok(if u64::holds(n) {
        Weights::U64(kernel::<u64>(shoe, &plan))
    } else if u128::holds(n) {
        Weights::U128(kernel::<u128>(shoe, &plan))
    } else {
        Weights::Big(
            kernel::<BigInt>(shoe, &plan)
                .iter()
                .map(Ring::count)
                .collect(),
        )
    })
}

/// The plan of the drawing rules, remembered per thread for the rules counted last: a batch or
/// a simulation counts thousands of shoes under one set of rules, and building the plan costs
/// a tenth of an eight-deck tally. Rules that differ in anything get their own plan.
fn plan_of(rules: &DrawingRules) -> Plan {
    thread_local! {
        static LAST: std::cell::RefCell<Option<(DrawingRules, Plan)>> =
            const { std::cell::RefCell::new(None) };
    }
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        match &*last {
            Some((known, plan)) if known == rules => plan.clone(),
            _ => {
                let plan = Plan::new(rules);
                *last = Some((rules.clone(), plan.clone()));
                plan
            }
        }
    })
}

/// Runs `$body` with `$R` the narrowest ring that holds a shoe of `$cards` cards; every branch
/// must give the same type.
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
            type $R = BigInt;
            $body
        }
    }};
}

/// The number of ordered six-card sequences whose opening gives Punto and Banco each pair of
/// two-card totals: `openings[punto_total][banco_total]`.
pub fn opening_totals(shoe: &Shoe) -> Result<[[BigUint; 10]; 10], ShoeError> {
    shoe.check_playable()?;
    Ok(by_proof!(shoe.len(), R => {
        let sums = Sums::<R>::new(shoe);
        std::array::from_fn(|p| {
            std::array::from_fn(|b| sums.openings(p, b).times(&sums.fill4).count())
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

fn reach<R: Ring>(shoe: &Shoe, plan: &Plan) -> Reach {
    let sums = Sums::<R>::new(shoe);
    let mut reach = Reach::default();
    for p in 0..10u8 {
        for b in 0..10u8 {
            let Some(punto) = plan.opening(p, b).punto() else {
                continue;
            };
            let cell = sums.cell(usize::from(p), usize::from(b));
            let reached = cell.w0.times(&sums.fill4).count();
            reach.punto[usize::from(p)] += &reached;
            let row = &mut reach.banco[usize::from(b)];
            match punto {
                Action::Stand => row[PuntoMove::Stood.column()] += reached,
                Action::Draw => {
                    for (third, slot) in row.iter_mut().take(10).enumerate() {
                        *slot += cell.after[third].times(&sums.fill5).count();
                    }
                }
            }
        }
    }
    reach
}

/// The integers the kernel counts in: a commutative ring, so that every closed form of the
/// module holds in it. Wrapping `u64` and `u128` are the integers modulo 2⁶⁴ and 2¹²⁸, exact
/// where the true result fits (as N⁶ proves it does); `BigInt` is exact everywhere.
trait Ring: Clone + Default {
    /// The ring's image of an integer.
    fn of(x: u64) -> Self;
    /// The sum.
    fn plus(&self, other: &Self) -> Self;
    /// The difference.
    fn minus(&self, other: &Self) -> Self;
    /// The product.
    fn times(&self, other: &Self) -> Self;
    /// Whether this is zero.
    fn is_zero(&self) -> bool;
    /// The count this element holds, for an element the kernel knows to be a count of
    /// sequences (non-negative, and within the type's bound for the wrapping types).
    fn count(&self) -> BigUint;
}

macro_rules! wrapping_ring {
    ($t:ty) => {
        impl Ring for $t {
            #[inline(always)]
            fn of(x: u64) -> Self {
                <$t>::from(x)
            }
            #[inline(always)]
            fn plus(&self, other: &Self) -> Self {
                self.wrapping_add(*other)
            }
            #[inline(always)]
            fn minus(&self, other: &Self) -> Self {
                self.wrapping_sub(*other)
            }
            #[inline(always)]
            fn times(&self, other: &Self) -> Self {
                self.wrapping_mul(*other)
            }
            #[inline(always)]
            fn is_zero(&self) -> bool {
                *self == 0
            }
            fn count(&self) -> BigUint {
                BigUint::from(*self)
            }
        }
    };
}

wrapping_ring!(u64);
wrapping_ring!(u128);

impl Ring for BigInt {
    fn of(x: u64) -> Self {
        BigInt::from(x)
    }
    fn plus(&self, other: &Self) -> Self {
        self + other
    }
    fn minus(&self, other: &Self) -> Self {
        self - other
    }
    fn times(&self, other: &Self) -> Self {
        self * other
    }
    fn is_zero(&self) -> bool {
        num_traits::Zero::is_zero(self)
    }
    fn count(&self) -> BigUint {
        // A count of sequences is never negative: the closed forms sum to the true counts.
        debug_assert!(
            self.sign() != num_bigint::Sign::Minus,
            "negative count {self}"
        );
        self.magnitude().clone()
    }
}

/// Twice an element.
#[inline(always)]
fn twice<R: Ring>(x: &R) -> R {
    x.plus(x)
}

/// `MOD10[s]` is `s % 10` for the sums of two totals or values.
const MOD10: [usize; 20] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/// `LESS[t][x]` is `t − x` modulo 10, for a total t and a value x.
const LESS: [[usize; 10]; 10] = {
    let mut table = [[0; 10]; 10];
    let mut t = 0;
    while t < 10 {
        let mut x = 0;
        while x < 10 {
            table[t][x] = (t + 10 - x) % 10;
            x += 1;
        }
        t += 1;
    }
    table
};

/// `t − x` modulo 10, for a total t and a value x (each below 10).
#[inline(always)]
fn less(t: usize, x: usize) -> usize {
    LESS[t][x]
}

/// What the kernel needs of a composition, computed once: the two-card ways of a hand.
struct Sums<R> {
    /// The shoe's count of each value, in the ring.
    counts: [R; 10],
    /// Ways to fill the positions a coup leaves unused after 4 cards: (N−4)(N−5).
    fill4: R,
    /// Ways to fill the position a coup leaves unused after 5 cards: N−5.
    fill5: R,
    /// `pair[t][x]`: the ordered ways to deal a hand x, then t − x: `c_x·(c_{t−x} − [2x ≡ t])`.
    pair: [[R; 10]; 10],
    /// `two_card[t] = Σ_x pair[t][x]`: the ordered ways to deal a hand two cards totalling t.
    two_card: [R; 10],
    /// `loss[t][x] = 2c_{t−x} − 2[2x ≡ t]`. Without the cards x and y the two-card ways to
    /// total t are `two_card[t] − loss[t][x] − loss[t][y] + 2[x + y ≡ t]`, the quadratic form
    /// `two_card` taken at the counts less `e_x + e_y`.
    loss: [[R; 10]; 10],
    /// `again[t][z] = c_z − 1 − [2z ≡ t]`: the cards of value z left once a hand totalling t
    /// holds z (and t − z).
    again: [[R; 10]; 10],
    /// `besides[t][z] = c_{t−z} − 2[2z ≡ t]`: the cards of value t − z, less two when that value
    /// is z itself.
    besides: [[R; 10]; 10],
}

/// The sums over one cell's openings (one pair of two-card totals) that the third cards need.
struct Cell<R> {
    /// `W0`: the weight of the openings.
    w0: R,
    /// `X[i]`: the weight of the openings whose Punto's first card is i.
    punto_first: [R; 10],
    /// `U[j]`: the weight of the openings whose Banco's first card is j.
    banco_first: [R; 10],
    /// `W1[v] = 2(X[v] + U[v])`: the openings' weight times their number of cards of value v.
    w1: [R; 10],
    /// `c_v·W0 − W1[v]`: the ways to deal a fifth card of value v after the openings.
    after: [R; 10],
}

impl<R: Ring> Sums<R> {
    fn new(shoe: &Shoe) -> Sums<R> {
        let counts = shoe.value_counts().map(R::of);
        let n = shoe.len();
        let fill4 = R::of(n.saturating_sub(4)).times(&R::of(n.saturating_sub(5)));
        let fill5 = R::of(n.saturating_sub(5));
        let (one, two) = (R::of(1), R::of(2));
        let pair: [[R; 10]; 10] = std::array::from_fn(|t| {
            std::array::from_fn(|x| {
                let y = less(t, x);
                let second = if x == y {
                    counts[y].minus(&one)
                } else {
                    counts[y].clone()
                };
                counts[x].times(&second)
            })
        });
        let two_card = std::array::from_fn(|t| pair[t].iter().fold(R::default(), |s, w| s.plus(w)));
        let loss = std::array::from_fn(|t| {
            std::array::from_fn(|x| {
                let y = less(t, x);
                let removed = twice(&counts[y]);
                if x == y { removed.minus(&two) } else { removed }
            })
        });
        let again = std::array::from_fn(|t| {
            std::array::from_fn(|z| {
                let left = counts[z].minus(&one);
                if less(t, z) == z {
                    left.minus(&one)
                } else {
                    left
                }
            })
        });
        let besides = std::array::from_fn(|t| {
            std::array::from_fn(|z| {
                let y = less(t, z);
                if y == z {
                    counts[y].minus(&two)
                } else {
                    counts[y].clone()
                }
            })
        });
        Sums {
            counts,
            fill4,
            fill5,
            pair,
            two_card,
            loss,
            again,
            besides,
        }
    }

    /// Banco's ordered two-card ways to total b once Punto holds x and p − x, times Punto's
    /// ways to hold them: `X[x]` of the cell (p, b). By symmetry, with the hands swapped, `U`.
    #[inline(always)]
    fn first_card(&self, p: usize, b: usize) -> [R; 10] {
        let base = if p == b {
            self.two_card[b].plus(&R::of(2))
        } else {
            self.two_card[b].clone()
        };
        let loss = &self.loss[b];
        let mut first: [R; 10] = Default::default();
        // Punto's first card x and second card p − x give the same weight: one product each.
        for x in 0..10 {
            let y = less(p, x);
            if y >= x {
                let ways = self.pair[p][x].times(&base.minus(&loss[x]).minus(&loss[y]));
                first[y] = ways.clone();
                first[x] = ways;
            }
        }
        first
    }

    /// `W0` of the cell (p, b): `Σ_x X[x] = S_p·(S_b + 2[p = b]) − 2·Σ_x A_p[x]·loss[b][x]`,
    /// since `A_p[x] = A_p[p − x]`.
    fn openings(&self, p: usize, b: usize) -> R {
        let base = if p == b {
            self.two_card[b].plus(&R::of(2))
        } else {
            self.two_card[b].clone()
        };
        let lost = self.pair[p]
            .iter()
            .zip(&self.loss[b])
            .fold(R::default(), |s, (ways, loss)| s.plus(&ways.times(loss)));
        self.two_card[p].times(&base).minus(&twice(&lost))
    }

    /// Every sum of the cell (p, b) that one third card needs.
    fn cell(&self, p: usize, b: usize) -> Cell<R> {
        let punto_first = self.first_card(p, b);
        let banco_first = self.first_card(b, p);
        let w0 = punto_first.iter().fold(R::default(), |s, w| s.plus(w));
        let w1: [R; 10] = std::array::from_fn(|v| twice(&punto_first[v].plus(&banco_first[v])));
        let after = std::array::from_fn(|v| self.counts[v].times(&w0).minus(&w1[v]));
        Cell {
            w0,
            punto_first,
            banco_first,
            w1,
            after,
        }
    }

    /// `Ω[x][u]` of the cell (p, b): the weight of the one opening whose first cards are x
    /// (Punto's) and u (Banco's), written into `omega`. Rows x and p − x are equal (one is
    /// copied), and so are columns u and b − u. It is Punto's ways times Banco's from the full
    /// shoe, except where the hands share a value z; those openings (Punto's z and p − z,
    /// Banco's z and b − z) are counted exactly.
    fn omega(&self, p: usize, b: usize, omega: &mut [[R; 10]; 10]) {
        let banco = &self.pair[b];
        for x in 0..10 {
            let y = less(p, x);
            if y < x {
                omega[x] = omega[y].clone();
                continue;
            }
            let punto = &self.pair[p][x];
            for (slot, banco) in omega[x].iter_mut().zip(banco) {
                *slot = punto.times(banco);
            }
        }
        let same_totals = if p == b { R::of(1) } else { R::default() };
        for z in 0..10 {
            let punto = &self.pair[p][z];
            if punto.is_zero() {
                continue;
            }
            let shared = punto
                .times(&self.again[p][z])
                .times(&self.besides[b][z].minus(&same_totals));
            let (y, v) = (less(p, z), less(b, z));
            for row in [z, y] {
                omega[row][z] = shared.clone();
                omega[row][v] = shared.clone();
            }
        }
    }
}

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

/// The tally in `R`, which must hold the shoe ([`Int::holds`]), indexed by
/// [`FinalState::index`]; all zero below six cards.
fn kernel<R: Ring>(shoe: &Shoe, plan: &Plan) -> Box<[R]> {
    let sums = Sums::<R>::new(shoe);
    let (c, fill4, fill5) = (&sums.counts, &sums.fill4, &sums.fill5);
    // Allocated zeroed in place: a tally is a few kilobytes, not worth a copy.
    let mut tally: Box<[R]> = vec![R::default(); FinalState::COUNT].into_boxed_slice();
    // The coups in which both hands draw, by final totals: `both[P][B]` and `both[P][B + 10]`,
    // added up at the end, so that a row of Banco's third cards lands in one slice.
    let mut both: [[R; 20]; 10] = Default::default();
    // `drawn[b][P]`: Σ after[p3] over the cells (p, b) and Punto's third cards p3 on which
    // Banco draws, with p + p3 ≡ P; times c_b3, the ways of Banco's third card b3.
    let mut drawn: [[R; 10]; 10] = Default::default();
    let mut drawn_to = [false; 10];
    // Ω of the cell at hand, rewritten whole for each cell.
    let mut omega: [[R; 10]; 10] = Default::default();
    let add = |tally: &mut [R], index: usize, weight: R| tally[index] = tally[index].plus(&weight);
    for p in 0..10 {
        for b in 0..10 {
            let (punto, banco) = match plan.opening(p as u8, b as u8) {
                Opening::Natural => {
                    let w0 = sums.openings(p, b);
                    add(&mut tally, state(p, b, 2, 2, true), w0.times(fill4));
                    continue;
                }
                Opening::Play { punto, banco } => (punto, banco),
            };
            if punto == Action::Stand && banco[PuntoMove::Stood.column()] == Action::Stand {
                let w0 = sums.openings(p, b);
                add(&mut tally, state(p, b, 2, 2, false), w0.times(fill4));
                continue;
            }
            let cell = sums.cell(p, b);
            if punto == Action::Stand {
                for (b3, ways) in cell.after.iter().enumerate() {
                    add(&mut tally, state(p, b + b3, 2, 3, false), ways.times(fill5));
                }
                continue;
            }
            // Banco's action on each third card of Punto's, as a bit set.
            let draws: u16 = (0..10)
                .filter(|&p3| banco[PuntoMove::Drew(p3 as u8).column()] == Action::Draw)
                .fold(0, |set, p3| set | 1 << p3);
            if draws != 0 {
                sums.omega(p, b, &mut omega);
                drawn_to[b] = true;
                let mut rows = draws;
                while rows != 0 {
                    let p3 = rows.trailing_zeros() as usize;
                    rows &= rows - 1;
                    // Σ w (c_p3 − r_p3)(c_b3 − r_b3 − [p3 = b3]) over the cell's openings, in
                    // the moments: c_b3·after[p3] − c_p3·W1[b3] + W2[p3][b3] − [p3 = b3]·after[p3].
                    // The first term is added for every cell of Banco's total b at the end;
                    // W2's dense part is here, its diagonal and two bands below.
                    let (after, c_p3) = (&cell.after[p3], &c[p3]);
                    let punto_total = MOD10[p + p3];
                    drawn[b][punto_total] = drawn[b][punto_total].plus(after);
                    let crossed = &omega[p3];
                    let slots = &mut both[punto_total][b..b + 10];
                    for (b3, slot) in slots.iter_mut().enumerate() {
                        let omegas = crossed[b3].plus(&omega[b3][p3]);
                        *slot = slot
                            .plus(&twice(&twice(&omegas)))
                            .minus(&c_p3.times(&cell.w1[b3]));
                    }
                    slots[p3] = slots[p3].plus(&cell.w1[p3]).minus(after);
                    let paired = less(p, p3);
                    slots[paired] = slots[paired].plus(&twice(&cell.punto_first[p3]));
                    let paired = less(b, p3);
                    slots[paired] = slots[paired].plus(&twice(&cell.banco_first[p3]));
                }
            }
            for p3 in (0..10).filter(|&p3| draws & 1 << p3 == 0) {
                add(
                    &mut tally,
                    state(p + p3, b, 3, 2, false),
                    cell.after[p3].times(fill5),
                );
            }
        }
    }
    for b in (0..10).filter(|&b| drawn_to[b]) {
        for (punto_total, row) in both.iter_mut().enumerate() {
            let after = &drawn[b][punto_total];
            for (slot, c_b3) in row[b..b + 10].iter_mut().zip(c) {
                *slot = slot.plus(&after.times(c_b3));
            }
        }
    }
    for (punto_total, row) in both.iter().enumerate() {
        for banco_total in 0..10 {
            let ways = row[banco_total].plus(&row[banco_total + 10]);
            add(
                &mut tally,
                state(punto_total, banco_total, 3, 3, false),
                ways,
            );
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
            let big: Vec<BigUint> = kernel::<BigInt>(&shoe, &plan)
                .iter()
                .map(Ring::count)
                .collect();
            let wide = kernel::<u128>(&shoe, &plan);
            let narrow = kernel::<u64>(&shoe, &plan);
            for ((b, w), n) in big.iter().zip(&wide).zip(&narrow) {
                assert_eq!(b, &BigUint::from(*w));
                assert_eq!(b, &BigUint::from(*n));
            }
        }
    }
}
