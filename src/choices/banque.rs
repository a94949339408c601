//! Baccarat Banque (baccara banque): a three-person game, Banco against two Punto hands,
//! walked into its exact multilinear form and solved exactly.
//!
//! The banker deals two tableaux, Punto 1 on his right and Punto 2 on his left, and a hand
//! to himself; a share θ of his exposure is on Punto 1's hand and 1 − θ on Punto 2's. The
//! model is the with-replacement parlor game of Ethier and Lee ("On the three-person game
//! baccara banque", Games, 2015), after Downton and Lockwood:
//!
//! - every card is drawn with replacement: a ten-valued card with probability 4/13, each
//!   value 1–9 with probability 1/13; each hand gets two;
//! - if Banco has a natural (8 or 9), or both Puntos have one, every hand is settled on its
//!   two cards; a Punto with a natural (Banco without) wins and is settled, and play goes on
//!   with the other;
//! - each Punto without a natural draws on 0–4, stands on 6–7 and chooses at 5, knowing only
//!   his own two-card total (he does not use the other Punto's third card);
//! - Banco without a natural then draws or stands once, knowing his own two-card total and
//!   each Punto's state (natural, stood, or the value of his third card): 8 totals × (12 × 12
//!   − 1) states = 1144 information sets. His one third card counts against both hands.
//!
//! Punto i's result rᵢ is +1 when he beats Banco, −1 when Banco wins, 0 on a tie. Punto 1
//! wins θ·r₁, Punto 2 (1 − θ)·r₂, and Banco −θ·r₁ − (1 − θ)·r₂: the game is zero-sum.
//!
//! Each coup meets at most one decision of each Punto's and one of Banco's, so each Punto's
//! expected result is multilinear: `base(p₁, p₂) + Σₖ qₖ·setₖ(p₁, p₂)` with `base` and
//! `setₖ` bilinear in the Puntos' drawing probabilities at 5 ([`BanqueForm`]). Banco's margin
//! (draw minus stand) in each set is bilinear in (p₁, p₂); each Punto's margin at 5 is linear
//! in Banco's q once the other Punto's p is fixed.
//!
//! [`Banque::solve`] finds every equilibrium by walking the arrangement of the curves in the
//! square of (p₁, p₂) where one of Banco's margins vanishes: at each of its vertices, along
//! each of its arcs and inside each of its faces, the Puntos' conditions (indifference where
//! they mix, the right sign where they do not) are an exact linear program over Banco's free
//! sets, whose feasible set is listed by its vertices. Two curves may cross at an irrational
//! point: its coordinates are then exact numbers of a quadratic field ([`Quadratic`]). Every
//! equilibrium carries a certificate checked in exact arithmetic from the form alone: no
//! person gains by any pure deviation, at every vertex of Banco's set of equilibrium
//! strategies.
//!
//! ```
//! use num_rational::Ratio;
//! use punto_banco::choices::banque::Banque;
//! // Equal stakes: both Puntos draw at 5 with probability 9/11, as in Chemin de Fer.
//! let solution = Banque::new(Ratio::new(1, 2)).unwrap().solve().unwrap();
//! assert!(solution.complete());
//! let equilibrium = &solution.equilibria[0];
//! assert_eq!(equilibrium.draw_at_5[0].to_string(), "9/11");
//! assert_eq!(equilibrium.draw_at_5[1].to_string(), "9/11");
//! assert!(equilibrium.certificate.certified());
//! ```

mod arrangement;
mod quadratic;

pub use crate::rules::banque::BanqueRules;
pub use quadratic::Quadratic;

use crate::play::{BanqueOpening, PuntoTurn};
use crate::progress::{Progress, SILENT};
use crate::rules::choice::Rule;
use num_bigint::BigInt;
use num_rational::{BigRational, Ratio};
use num_traits::{One, Signed, Zero};
use std::fmt;

/// A Punto's state as Banco sees it when he chooses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PuntoState {
    /// A natural: settled, he won.
    Natural,
    /// He kept two cards.
    Stood,
    /// He drew a third card of this value (0–9).
    Drew(u8),
}

impl PuntoState {
    /// The twelve states, in the order of the form's sets.
    pub const ALL: [PuntoState; 12] = [
        PuntoState::Natural,
        PuntoState::Stood,
        PuntoState::Drew(0),
        PuntoState::Drew(1),
        PuntoState::Drew(2),
        PuntoState::Drew(3),
        PuntoState::Drew(4),
        PuntoState::Drew(5),
        PuntoState::Drew(6),
        PuntoState::Drew(7),
        PuntoState::Drew(8),
        PuntoState::Drew(9),
    ];

    fn index(self) -> usize {
        match self {
            PuntoState::Natural => 0,
            PuntoState::Stood => 1,
            PuntoState::Drew(v) => 2 + usize::from(v % 10),
        }
    }
}

impl fmt::Display for PuntoState {
    /// `natural`, `stood`, `drew 4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuntoState::Natural => f.write_str("natural"),
            PuntoState::Stood => f.write_str("stood"),
            PuntoState::Drew(v) => write!(f, "drew {v}"),
        }
    }
}

/// One of Banco's information sets: his two-card total and each Punto's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BanqueSet {
    /// Banco's two-card total.
    pub banco_total: u8,
    /// Punto 1's and Punto 2's states.
    pub puntos: [PuntoState; 2],
}

/// `constant + p1·p₁ + p2·p₂ + both·p₁·p₂`, exactly.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Bilinear {
    /// The constant term.
    pub constant: BigRational,
    /// The coefficient of p₁.
    pub p1: BigRational,
    /// The coefficient of p₂.
    pub p2: BigRational,
    /// The coefficient of p₁·p₂.
    pub both: BigRational,
}

impl Bilinear {
    fn from_integers(c: [i128; 4], total: &BigInt) -> Bilinear {
        let r = |n: i128| BigRational::new(BigInt::from(n), total.clone());
        Bilinear {
            constant: r(c[0]),
            p1: r(c[1]),
            p2: r(c[2]),
            both: r(c[3]),
        }
    }

    /// The value at (p₁, p₂).
    pub fn at(&self, p: &[Quadratic; 2]) -> Quadratic {
        let [p1, p2] = p;
        Quadratic::from(&self.constant)
            + &(p1 * &self.p1)
            + &(p2 * &self.p2)
            + &(&(p1 * p2) * &self.both)
    }

    /// Whether every coefficient is zero.
    pub fn is_zero(&self) -> bool {
        self.constant.is_zero() && self.p1.is_zero() && self.p2.is_zero() && self.both.is_zero()
    }

    /// `x·self + y·other`.
    fn combine(&self, x: &BigRational, other: &Bilinear, y: &BigRational) -> Bilinear {
        Bilinear {
            constant: x * &self.constant + y * &other.constant,
            p1: x * &self.p1 + y * &other.p1,
            p2: x * &self.p2 + y * &other.p2,
            both: x * &self.both + y * &other.both,
        }
    }

    /// The derivative in Punto `i`'s probability (0 for Punto 1), a linear function of the
    /// other Punto's: `(constant, slope)`.
    fn derivative(&self, i: usize) -> [BigRational; 2] {
        match i {
            0 => [self.p1.clone(), self.both.clone()],
            _ => [self.p2.clone(), self.both.clone()],
        }
    }
}

/// One Punto's expected result (+1 a win, −1 a loss) per coup as a multilinear function:
/// `base(p₁, p₂) + Σₖ qₖ·per_set[k](p₁, p₂)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResultForm {
    /// The expectation when Banco stands in every set.
    pub base: Bilinear,
    /// What Banco's drawing in each set adds, per unit of his drawing probability there.
    pub per_set: Vec<Bilinear>,
}

impl ResultForm {
    /// The expectation at a profile.
    fn at(&self, p: &[Quadratic; 2], q: &[Quadratic]) -> Quadratic {
        let mut value = self.base.at(p);
        for (set, qk) in self.per_set.iter().zip(q) {
            if !qk.is_zero() {
                value = value + &(qk * &set.at(p));
            }
        }
        value
    }
}

/// The game's multilinear form: Banco's information sets and each Punto's expected result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BanqueForm {
    /// Banco's information sets, by total, then Punto 1's state, then Punto 2's.
    pub sets: Vec<BanqueSet>,
    /// Punto 1's and Punto 2's expected results.
    pub results: [ResultForm; 2],
}

impl BanqueForm {
    /// The index of a set in [`BanqueForm::sets`].
    pub fn index(&self, set: &BanqueSet) -> Option<usize> {
        self.sets.binary_search(set).ok()
    }
}

/// A strategy for each person: each Punto's probability of drawing at 5, and Banco's of
/// drawing in each of his sets, in the form's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    /// Punto 1's and Punto 2's probabilities of drawing at 5.
    pub draw_at_5: [Quadratic; 2],
    /// Banco's probability of drawing in each set.
    pub banco: Vec<Quadratic>,
}

/// What each person's best pure deviation from a profile gains, per coup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Certificate {
    /// Punto 1's and Punto 2's gains (on their stakes).
    pub punto_gain: [Quadratic; 2],
    /// Banco's gain.
    pub banco_gain: Quadratic,
}

impl Certificate {
    /// Whether no one gains by any pure deviation: the profile is an equilibrium.
    pub fn certified(&self) -> bool {
        self.punto_gain.iter().all(Quadratic::is_zero) && self.banco_gain.is_zero()
    }
}

/// A profile's expectations, every decision's margin and the certificate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evaluation {
    /// Each Punto's expected result (+1 a win), per coup.
    pub results: [Quadratic; 2],
    /// Each person's expectation per coup: Punto 1 (θ·r₁), Punto 2 ((1 − θ)·r₂), Banco.
    pub payoffs: [Quadratic; 3],
    /// Each Punto's expectation when he draws at 5 less when he stands, on his stake.
    pub punto_margins: [Quadratic; 2],
    /// Banco's expectation when he draws in each set less when he stands.
    pub banco_margins: Vec<Quadratic>,
    /// What each person's best pure deviation gains.
    pub certificate: Certificate,
}

/// A game of Baccarat Banque that cannot be built, evaluated or solved.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BanqueError {
    /// A share outside [0, 1].
    #[error("a share of {0} is not a part of Banco's exposure: give one from 0 to 1")]
    Share(String),
    /// The solver needs both Puntos to have something at stake.
    #[error(
        "with a share of {0} one Punto has nothing at stake and every strategy of his is a \
         best reply; the solver takes a share strictly between 0 and 1"
    )]
    Unstaked(String),
    /// A profile with the wrong number of Banco's decisions.
    #[error("the strategy has {given} Banco decisions, the game {expected}")]
    ProfileMismatch {
        /// The decisions given.
        given: usize,
        /// The decisions the game has.
        expected: usize,
    },
    /// A probability outside [0, 1], or two irrational numbers of different fields.
    #[error("a drawing probability of {0} is not between 0 and 1")]
    Probability(String),
}

/// Baccarat Banque with its rules and the share of Banco's exposure on Punto 1's hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Banque {
    /// Which decisions are left to the hands.
    pub rules: BanqueRules,
    share: BigRational,
}

impl Banque {
    /// The parlor game ([`BanqueRules::baccara_banque`]) with a share θ of Banco's exposure on
    /// Punto 1 (from 0 to 1; at 0 or 1 one Punto has nothing at stake and the game is Chemin
    /// de Fer against the other).
    pub fn new(share: Ratio<i64>) -> Result<Banque, BanqueError> {
        let share = BigRational::new(BigInt::from(*share.numer()), BigInt::from(*share.denom()));
        if share.is_negative() || share > BigRational::one() {
            return Err(BanqueError::Share(share.to_string()));
        }
        Ok(Banque {
            rules: BanqueRules::baccara_banque(),
            share,
        })
    }

    /// The share θ of Banco's exposure on Punto 1's hand.
    pub fn share(&self) -> &BigRational {
        &self.share
    }

    /// Each Punto's stake: θ and 1 − θ.
    pub fn stakes(&self) -> [BigRational; 2] {
        [self.share.clone(), BigRational::one() - &self.share]
    }

    /// The game's multilinear form: every coup walked once with exact weights.
    pub fn form(&self) -> BanqueForm {
        walk(&self.rules)
    }

    /// Banco's margin (draw minus stand) in each set, bilinear in (p₁, p₂).
    pub fn banco_margins(&self, form: &BanqueForm) -> Vec<Bilinear> {
        let [one, two] = self.stakes();
        let (one, two) = (-one, -two);
        form.results[0]
            .per_set
            .iter()
            .zip(&form.results[1].per_set)
            .map(|(a, b)| a.combine(&one, b, &two))
            .collect()
    }

    /// Every person's expectation of a profile, every margin and the certificate.
    pub fn evaluate(
        &self,
        form: &BanqueForm,
        profile: &Profile,
    ) -> Result<Evaluation, BanqueError> {
        if profile.banco.len() != form.sets.len() {
            return Err(BanqueError::ProfileMismatch {
                given: profile.banco.len(),
                expected: form.sets.len(),
            });
        }
        let (zero, one) = (Quadratic::zero(), Quadratic::one());
        let all: Vec<&Quadratic> = profile.draw_at_5.iter().chain(&profile.banco).collect();
        if let Some(bad) = all.iter().find(|x| ***x < zero || ***x > one) {
            return Err(BanqueError::Probability(bad.to_string()));
        }
        // Every number must lie in one field: rationals and at most one square root.
        let radicands: std::collections::BTreeSet<&BigInt> = all
            .iter()
            .filter(|x| !x.is_rational())
            .map(|x| x.radicand())
            .collect();
        if radicands.len() > 1 {
            return Err(BanqueError::Probability(
                "a mixture of square roots of different numbers".to_string(),
            ));
        }
        let p = &profile.draw_at_5;
        let q = &profile.banco;
        let stakes = self.stakes();
        let results = [form.results[0].at(p, q), form.results[1].at(p, q)];
        let payoff = |i: usize| &results[i] * &stakes[i];
        let banco = -(payoff(0) + payoff(1));
        let banco_margins: Vec<Quadratic> =
            self.banco_margins(form).iter().map(|m| m.at(p)).collect();
        let punto_margins: [Quadratic; 2] = std::array::from_fn(|i| {
            let other = &p[1 - i];
            let slope = |b: &Bilinear| {
                let [c0, c1] = b.derivative(i);
                Quadratic::from(c0) + &(other * &c1)
            };
            let mut margin = slope(&form.results[i].base);
            for (set, qk) in form.results[i].per_set.iter().zip(q) {
                if !qk.is_zero() {
                    margin = margin + &(qk * &slope(set));
                }
            }
            &margin * &stakes[i]
        });
        // The best reply takes each positive margin in full: it gains Σ (max(m, 0) − x·m).
        let gain = |x: &Quadratic, m: &Quadratic| {
            let best = if m.signum() > 0 {
                m.clone()
            } else {
                Quadratic::zero()
            };
            best - x * m
        };
        let banco_gain = q
            .iter()
            .zip(&banco_margins)
            .fold(Quadratic::zero(), |sum, (x, m)| sum + gain(x, m));
        let certificate = Certificate {
            punto_gain: [
                gain(&p[0], &punto_margins[0]),
                gain(&p[1], &punto_margins[1]),
            ],
            banco_gain,
        };
        Ok(Evaluation {
            payoffs: [payoff(0), payoff(1), banco],
            results,
            punto_margins,
            banco_margins,
            certificate,
        })
    }

    /// Every equilibrium of the game, certified; see the module's documentation.
    pub fn solve(&self) -> Result<Solution, BanqueError> {
        self.solve_with_progress(SILENT)
    }

    /// [`Banque::solve`], telling `progress` of each cell of the arrangement decided once
    /// the vertices are found ([`Stage::Cells`](crate::progress::Stage::Cells)).
    pub fn solve_with_progress(&self, progress: &dyn Progress) -> Result<Solution, BanqueError> {
        if self.share.is_zero() || self.share.is_one() {
            return Err(BanqueError::Unstaked(self.share.to_string()));
        }
        let form = self.form();
        let solution = arrangement::solve(self, &form, progress);
        progress.finish();
        Ok(solution)
    }
}

/// The set of Banco's equilibrium strategies against one pair of Punto strategies: his pure
/// choices, and in his free sets a polytope listed by its vertices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equilibrium {
    /// Punto 1's and Punto 2's probabilities of drawing at 5.
    pub draw_at_5: [Quadratic; 2],
    /// Banco's strategy at the first vertex: his probability of drawing in every set.
    pub banco: Vec<Quadratic>,
    /// The sets where Banco's equilibrium strategies differ (indices into the form's sets).
    pub free: Vec<usize>,
    /// Each vertex of Banco's equilibrium strategies: his probabilities in the `free` sets.
    pub vertices: Vec<Vec<Quadratic>>,
    /// Sets where Banco is indifferent and neither Punto's margin depends on his choice: any
    /// probability is an equilibrium there (reported as standing).
    pub indifferent: Vec<usize>,
    /// Each person's expectation per coup, least and greatest over Banco's equilibrium
    /// strategies: Punto 1, Punto 2, Banco.
    pub payoffs: [[Quadratic; 2]; 3],
    /// The worst certificate over the vertices: every gain is zero when certified.
    pub certificate: Certificate,
}

impl Equilibrium {
    /// Whether Banco has one equilibrium strategy here.
    pub fn banco_unique(&self) -> bool {
        self.vertices.len() <= 1 && self.indifferent.is_empty()
    }

    /// Banco's strategy at a vertex of his equilibrium strategies.
    pub fn banco_at(&self, vertex: usize) -> Vec<Quadratic> {
        let mut q = self.banco.clone();
        if let Some(values) = self.vertices.get(vertex) {
            for (&k, x) in self.free.iter().zip(values) {
                q[k] = x.clone();
            }
        }
        q
    }
}

/// A part of the square of Punto strategies where the solver could not list the equilibria
/// as points.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unresolved {
    /// What was met.
    pub reason: UnresolvedReason,
    /// A point of the part, (p₁, p₂).
    pub near: [Quadratic; 2],
}

/// Why a part of the square was not resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnresolvedReason {
    /// A continuum of Punto strategies, along a curve or over a region, are equilibria.
    Continuum,
    /// Too many of Banco's sets are free at once for the exact enumeration.
    TooManyFreeSets,
}

/// Every equilibrium found, and the parts of the square that were not resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The share θ on Punto 1.
    pub share: BigRational,
    /// Every equilibrium, by Punto strategies.
    pub equilibria: Vec<Equilibrium>,
    /// What was not resolved: empty when the list is every equilibrium of the game.
    pub unresolved: Vec<Unresolved>,
    /// How many vertices, arcs and faces of the arrangement were examined.
    pub cells: [usize; 3],
}

impl Solution {
    /// Whether every part of the square was resolved: `equilibria` is then all of them.
    pub fn complete(&self) -> bool {
        self.unresolved.is_empty()
    }

    /// Whether the game has exactly one equilibrium (one pair of Punto strategies and one
    /// Banco strategy), proved by a complete enumeration.
    pub fn unique(&self) -> bool {
        self.complete() && self.equilibria.len() == 1 && self.equilibria[0].banco_unique()
    }

    /// Whether every equilibrium is certified.
    pub fn certified(&self) -> bool {
        !self.equilibria.is_empty() && self.equilibria.iter().all(|e| e.certificate.certified())
    }
}

/// The most characters a share may have (as for a commission): more than any real one, few
/// enough that its numerator and denominator fit in 64 bits.
pub const MAX_SHARE_LEN: usize = super::commission::MAX_LEN;

/// A share that cannot be read, or leaves a Punto with nothing at stake.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShareError {
    /// Not a fraction, a decimal or a percentage.
    #[error(
        "`{0}` is not a share; accepted: a fraction such as 1/2, a decimal such as 0.3 or a \
         percentage such as 30%, strictly between 0 and 1"
    )]
    Unreadable(String),
    /// Longer than [`MAX_SHARE_LEN`] characters.
    #[error(
        "a share of {0} characters is too long (at most {MAX_SHARE_LEN}); write it as 1/2, 0.3 or 30%"
    )]
    TooLong(usize),
    /// Read, but not strictly between 0 and 1.
    #[error(
        "a share of {0} is not strictly between 0 and 1 (at 0 or 1 a Punto has nothing at \
         stake); accepted: a fraction such as 1/2, a decimal such as 0.3 or a percentage \
         such as 30%"
    )]
    OutOfRange(String),
}

/// Reads the share θ of Banco's exposure on Punto 1's hand as people write it: a fraction
/// (`1/2`), a decimal (`0.3`) or a percentage (`30%`), exactly, strictly between 0 and 1.
///
/// ```
/// use num_rational::Ratio;
/// use punto_banco::choices::banque::parse_share;
/// assert_eq!(parse_share("30%").unwrap(), Ratio::new(3, 10));
/// assert_eq!(parse_share("0.3").unwrap(), Ratio::new(3, 10));
/// assert_eq!(parse_share("1/20").unwrap(), Ratio::new(1, 20));
/// assert!(parse_share("1").is_err() && parse_share("0").is_err());
/// ```
pub fn parse_share(text: &str) -> Result<Ratio<i64>, ShareError> {
    let length = text.chars().count();
    if length > MAX_SHARE_LEN {
        return Err(ShareError::TooLong(length));
    }
    let value = super::commission::read_fraction(text)
        .ok_or_else(|| ShareError::Unreadable(text.to_string()))?;
    if value <= Ratio::from_integer(0) || value >= Ratio::from_integer(1) {
        return Err(ShareError::OutOfRange(text.trim().to_string()));
    }
    Ok(value)
}

/// Weights out of 169 of a two-card total with replacement: 25 ways to make 0, 16 each other.
const TWO_CARD: [i128; 10] = [25, 16, 16, 16, 16, 16, 16, 16, 16, 16];

/// Weights out of 13 of a card's value: four ten-valued ranks, one of each other value.
const CARD: [i128; 10] = [4, 1, 1, 1, 1, 1, 1, 1, 1, 1];

/// What a coup's two, or three, cards of a Punto lead to.
struct Branch {
    state: PuntoState,
    total: usize,
    /// Out of 13: the third card's weight, or 13 when none is drawn.
    weight: i128,
    /// The factor of his drawing probability at 5: `[constant, slope]` (1, p or 1 − p).
    factor: [i128; 2],
}

fn branches(turn: PuntoTurn, total: usize) -> Vec<Branch> {
    let stand = |factor| Branch {
        state: PuntoState::Stood,
        total,
        weight: 13,
        factor,
    };
    let draws = |factor: [i128; 2]| {
        (0..10).map(move |v| Branch {
            state: PuntoState::Drew(v as u8),
            total: (total + v) % 10,
            weight: CARD[v],
            factor,
        })
    };
    match turn {
        PuntoTurn::Natural => vec![Branch {
            state: PuntoState::Natural,
            total,
            weight: 13,
            factor: [1, 0],
        }],
        PuntoTurn::Acts(Rule::Draw) => draws([1, 0]).collect(),
        PuntoTurn::Acts(Rule::Stand) => vec![stand([1, 0])],
        PuntoTurn::Acts(Rule::Choice) => {
            let mut all: Vec<Branch> = draws([0, 1]).collect();
            all.push(stand([1, -1]));
            all
        }
    }
}

fn result(punto: usize, banco: usize) -> i128 {
    match punto.cmp(&banco) {
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Less => -1,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The sets of Banco's choices: each total he chooses on, with every pair of Punto states
/// but two naturals.
fn sets_of(rules: &BanqueRules) -> Vec<BanqueSet> {
    let mut sets = Vec::new();
    for banco_total in rules.banco_choices() {
        for one in PuntoState::ALL {
            for two in PuntoState::ALL {
                if one == PuntoState::Natural && two == PuntoState::Natural {
                    continue;
                }
                sets.push(BanqueSet {
                    banco_total,
                    puntos: [one, two],
                });
            }
        }
    }
    sets
}

/// Walks every opening (by two-card totals with their weights) and every third card once,
/// and returns each Punto's expected result as a multilinear form.
fn walk(rules: &BanqueRules) -> BanqueForm {
    let sets = sets_of(rules);
    let mut index = vec![None; 10 * 12 * 12];
    for (k, set) in sets.iter().enumerate() {
        let [one, two] = set.puntos;
        index[(usize::from(set.banco_total) * 12 + one.index()) * 12 + two.index()] = Some(k);
    }
    // Integer weights out of 13⁹: six cards dealt and up to three drawn, a card not drawn
    // counted 13 times so that every branch has the same denominator.
    let mut base = [[0i128; 4]; 2];
    let mut per_set = [vec![[0i128; 4]; sets.len()], vec![[0i128; 4]; sets.len()]];
    for (banco_total, w0) in TWO_CARD.iter().enumerate() {
        for (t1, w1) in TWO_CARD.iter().enumerate() {
            for (t2, w2) in TWO_CARD.iter().enumerate() {
                let weight = w0 * w1 * w2;
                let totals = [t1 as u8, t2 as u8];
                let (puntos, banco) = match BanqueOpening::of(rules, totals, banco_total as u8) {
                    BanqueOpening::Natural => {
                        for (i, t) in [t1, t2].into_iter().enumerate() {
                            base[i][0] += weight * 13 * 13 * 13 * result(t, banco_total);
                        }
                        continue;
                    }
                    BanqueOpening::Play { puntos, banco } => (puntos, banco),
                };
                let one = branches(puntos[0], t1);
                let two = branches(puntos[1], t2);
                for b1 in &one {
                    for b2 in &two {
                        let w = weight * b1.weight * b2.weight;
                        let [f0, f1] = b1.factor;
                        let [g0, g1] = b2.factor;
                        let factor = [f0 * g0, f1 * g0, f0 * g1, f1 * g1];
                        let branch = [b1, b2];
                        // Each Punto's result when Banco stands (×13) and when he draws.
                        let mut stands = [0i128; 2];
                        let mut draws = [0i128; 2];
                        for i in 0..2 {
                            if branch[i].state == PuntoState::Natural {
                                stands[i] = 13;
                                draws[i] = 13;
                            } else {
                                stands[i] = 13 * result(branch[i].total, banco_total);
                                draws[i] = (0..10)
                                    .map(|c| {
                                        CARD[c] * result(branch[i].total, (banco_total + c) % 10)
                                    })
                                    .sum();
                            }
                        }
                        let k =
                            index[(banco_total * 12 + b1.state.index()) * 12 + b2.state.index()];
                        for i in 0..2 {
                            let add = |target: &mut [i128; 4], amount: i128| {
                                for (t, f) in target.iter_mut().zip(factor) {
                                    *t += w * amount * f;
                                }
                            };
                            match (banco, k) {
                                (Rule::Choice, Some(k)) => {
                                    add(&mut base[i], stands[i]);
                                    add(&mut per_set[i][k], draws[i] - stands[i]);
                                }
                                (Rule::Draw, _) => add(&mut base[i], draws[i]),
                                _ => add(&mut base[i], stands[i]),
                            }
                        }
                    }
                }
            }
        }
    }
    let total = BigInt::from(13i128.pow(9));
    let result_form = |i: usize| ResultForm {
        base: Bilinear::from_integers(base[i], &total),
        per_set: per_set[i]
            .iter()
            .map(|c| Bilinear::from_integers(*c, &total))
            .collect(),
    };
    BanqueForm {
        results: [result_form(0), result_form(1)],
        sets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_form_has_1144_sets_and_symmetric_puntos() {
        let game = Banque::new(Ratio::new(1, 2)).unwrap();
        let form = game.form();
        assert_eq!(form.sets.len(), 1144);
        assert!(form.sets.windows(2).all(|w| w[0] < w[1]));
        for text in ["0", "1", "-1/2", "2", "abc", "1/0", "100%", ""] {
            assert!(parse_share(text).is_err(), "{text}");
        }
        assert_eq!(parse_share(&"1".repeat(100)), Err(ShareError::TooLong(100)));
        // Swapping the Puntos swaps their results.
        for (k, set) in form.sets.iter().enumerate() {
            let swapped = BanqueSet {
                banco_total: set.banco_total,
                puntos: [set.puntos[1], set.puntos[0]],
            };
            let j = form.index(&swapped).unwrap();
            let (a, b) = (&form.results[0].per_set[k], &form.results[1].per_set[j]);
            assert_eq!((&a.constant, &a.p1, &a.p2), (&b.constant, &b.p2, &b.p1));
        }
    }
}
